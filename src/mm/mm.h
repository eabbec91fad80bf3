/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Address spaces: mm_struct and VMAs (include/linux/mm_types.h, mm.h),
 * mmap/munmap/brk, the user page tables and the fault handler.  The shapes
 * are 2.6.0's (the pte_chain era the E2 experiment ran on), with the lock
 * choice of later kernels (split PTE locks) selected by flavour.
 */
#ifndef VMSPLIT_MM_MM_H
#define VMSPLIT_MM_MM_H

#include "arch/pgtable.h"
#include "kernel/lock.h"
#include "mm/filemap.h"
#include "mm/gfp.h"

#define VM_READ 0x0001u
#define VM_WRITE 0x0002u
#define VM_EXEC 0x0004u
#define VM_SHARED 0x0008u
#define VM_MAYREAD 0x0010u
#define VM_MAYWRITE 0x0020u
#define VM_MAYEXEC 0x0040u
#define VM_MAYSHARE 0x0080u
#define VM_GROWSDOWN 0x0100u
#define VM_GROWSUP 0x0200u
#define VM_LOCKED 0x2000u

/*
 * The prot bits of mmap and mprotect and the flags of mremap
 * (asm-generic/mman-common.h, linux/mman.h), as kernel/user.h gives them
 * to programs.
 */
#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4
#define PROT_SEM 0x8
#define PROT_GROWSDOWN 0x01000000
#define PROT_GROWSUP 0x02000000
#define MREMAP_MAYMOVE 1
#define MREMAP_FIXED 2

/* is_cow_mapping (include/linux/mm.h): private and may become writable. */
static inline bool is_cow_mapping(u32 vm_flags)
{
	return (vm_flags & (VM_SHARED | VM_MAYWRITE)) == VM_MAYWRITE;
}

struct mm_struct;

struct vm_area_struct {
	struct mm_struct *vm_mm;
	vaddr_t vm_start, vm_end;	/* [vm_start, vm_end) */
	u32 vm_flags;
	struct address_space *vm_file;	/* NULL: anonymous */
	unsigned long vm_pgoff;		/* file offset of vm_start, pages */
	/*
	 * Has an anon_vma: anon_vma_prepare() ran for it (its first
	 * anonymous page, a write fault's or a COW copy's), or it was
	 * copied (fork, a split) or merged from a VMA that had one.  The
	 * anon_vma object and its chains are not modelled, only this
	 * pointer's being set (mm/rmap.c: anon_vma_prepare), which 2.6.14's
	 * copy_page_range reads.
	 */
	bool anon_vma;
	struct vm_area_struct *vm_next;	/* sorted by address */
	/* vm_file->i_mmap's links (mm/mmap.c: vma_link_file). */
	struct vm_area_struct *i_mmap_next, **i_mmap_pprev;
	/* kernel_data=mem_map: its vm_area_cachep object (mm/vma_touch.h),
	 * else 0. */
	vaddr_t kva;
};

struct pin_cache;

/* The PTE window's tables an mm can need: 8 MiB of window, a 4 GiB user
 * space's PTE pages (mm/pte_window.h). */
#define PTWIN_MAX_TABLES 4

struct mm_struct {
	phys_addr_t pgd;
	struct vm_area_struct *mmap;	/* VMA list, sorted */
	struct vm_area_struct *mmap_cache;
	int mm_users;			/* tasks using it */
	int mm_count;			/* references incl. lazy active_mm */
	struct rw_semaphore mmap_sem;
	struct spinlock page_table_lock;
	unsigned long rss;		/* resident user pages */
	unsigned long nr_ptes;		/* PTE pages */
	vaddr_t start_brk, brk;
	vaddr_t mmap_base;		/* TASK_UNMAPPED_BASE */
	struct pin_cache *pin_cache;	/* pin_cache= (mm/pin_cache.h), or NULL */
	/* pte_window=y (mm/pte_window.h): the window's tables, lowmem pages
	 * the mm's pgd points the window's PMDs at. */
	struct page *ptwin[PTWIN_MAX_TABLES];
	vaddr_t start_stack;
	u64 context_id;			/* ARMv6+: generation << 8 | ASID */
	u32 cpu_vm_mask;		/* CPUs whose TLBs may hold it */
	/* kernel_data=mem_map: its mm_cachep object (mm/mm_touch.h),
	 * else 0. */
	vaddr_t kva;
};

/*
 * i_mmap_next_holding - @vma or the first VMA after it on its object's
 * i_mmap that maps file page @pgoff, or NULL; one interval-tree step is
 * charged for the VMA it returns (priced as an rbtree step,
 * CODE_find_vma_step: i_mmap is a host list here).  Behind
 * vma_interval_tree_foreach, which walks the VMAs of @mapping that map
 * @pgoff.  vma_address: the user address @vma maps @pgoff at.
 */
struct vm_area_struct *i_mmap_next_holding(struct vm_area_struct *vma,
					   unsigned long pgoff);

#define vma_interval_tree_foreach(vma, mapping, pgoff)                      \
	for (vma = i_mmap_next_holding((mapping)->i_mmap, pgoff); vma;      \
	     vma = i_mmap_next_holding(vma->i_mmap_next, pgoff))

static inline vaddr_t vma_address(const struct vm_area_struct *vma,
				  unsigned long pgoff)
{
	return vma->vm_start + (vaddr_t)((pgoff - vma->vm_pgoff) << PAGE_SHIFT);
}

/* linear_page_index - the offset, in @vma's object, of the page at @addr. */
static inline unsigned long linear_page_index(const struct vm_area_struct *vma,
					      vaddr_t addr)
{
	return vma->vm_pgoff + ((addr - vma->vm_start) >> PAGE_SHIFT);
}

/* The user stack's size, and the gap left under TASK_SIZE. */
#define STACK_TOP_GAP SZ_1M

/* mm_alloc - a new mm with a pgd (kernel part copied).  NULL on -ENOMEM. */
struct mm_struct *mm_alloc(void);
/* mmput - drop a user; the last one tears the address space down. */
void mmput(struct mm_struct *mm);
/* mmdrop - drop a reference; the last one frees the pgd and the mm. */
void mmdrop(struct mm_struct *mm);

struct vm_area_struct *find_vma(struct mm_struct *mm, vaddr_t addr);

/**
 * do_mmap - map [addr, addr + len) (addr 0: pick one at mmap_base upwards)
 * @file: backing address_space or NULL for anonymous memory
 * @flags: VM_* bits
 * Return: the address, or a negative errno cast to vaddr_t's range via
 * IS_ERR_VADDR().
 */
long do_mmap(struct mm_struct *mm, vaddr_t addr, u32 len, u32 flags,
	     struct address_space *file, unsigned long pgoff);
int do_munmap(struct mm_struct *mm, vaddr_t addr, u32 len);

/**
 * do_mprotect - sys_mprotect's work (2.6.0 mm/mprotect.c): set the
 * protection of [start, start + len) to @prot (PROT_*), splitting VMAs at
 * the ends and merging anonymous ones with their neighbours, and change
 * every present PTE of the range (change_protection).
 * Context: the caller holds no lock; takes mmap_sem for writing.
 * Return: 0, -EINVAL (unaligned start, unknown prot bits), -ENOMEM (a
 * hole in the range) or -EACCES (more than the VMA's VM_MAY* allow).
 */
int do_mprotect(struct mm_struct *mm, vaddr_t start, u32 len, u32 prot);

/**
 * do_mremap - sys_mremap's work (2.6.0 mm/mremap.c): shrink the mapping
 * at @addr from @old_len to @new_len, grow it in place where the gap
 * after it allows, or (MREMAP_MAYMOVE) move it, to @new_addr with
 * MREMAP_FIXED: move_vma, with the page tables moved as the kernel
 * version does it (mm/mremap.c).
 * Context: mmap_sem held for writing.
 * Return: the mapping's address, or -EINVAL, -EFAULT, -ENOMEM as Linux's
 * (cast to long).
 */
long do_mremap(struct mm_struct *mm, vaddr_t addr, u32 old_len, u32 new_len,
	       u32 flags, vaddr_t new_addr);
/* Move the break; returns the new break (the old one on failure). */
vaddr_t do_brk(struct mm_struct *mm, vaddr_t brk);

/* Tear down every mapping and page table (exit_mmap). */
void exit_mmap(struct mm_struct *mm);
/* Copy @oldmm's VMAs and page tables into @mm for fork (dup_mmap). */
int dup_mmap(struct mm_struct *mm, struct mm_struct *oldmm);

/* The fault handler's answer. */
enum {
	VM_FAULT_SIGSEGV = -1,
	VM_FAULT_OOM = -2,
	VM_FAULT_MINOR = 1,
	VM_FAULT_MAJOR = 2,
};

/**
 * handle_page_fault - the architecture fault entry (do_page_fault) for a
 * fault at @addr in the current task's mm.
 * Return: VM_FAULT_MINOR/MAJOR if fixed, VM_FAULT_SIGSEGV for a bad
 * access, VM_FAULT_OOM.
 */
int handle_page_fault(vaddr_t addr, bool write, bool user);

/*
 * handle_mm_fault - resolve a fault at @addr inside @vma (the access was
 * already checked against the VMA).  Context: mmap_sem held for read.
 * Return: VM_FAULT_MINOR / MAJOR, or VM_FAULT_OOM / SIGSEGV.
 */
int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma,
		    vaddr_t addr, bool write);

/* Zero page: mapped read-only for read faults on anonymous memory. */
extern struct page *zero_page;

/*
 * Page-table access for a user address (mm/memory.c).  pte_offset_map()
 * maps the PTE page (kmap_atomic KM_PTE0 under CONFIG_HIGHPTE, kmap_local
 * in the kmap-local flavour, the direct map otherwise) and returns the
 * slot's VA; pte_unmap() undoes it.  0 if no PTE page exists.
 */
vaddr_t pte_offset_map(struct mm_struct *mm, vaddr_t addr);
vaddr_t pte_offset_map_nested(struct mm_struct *mm, vaddr_t addr);
void pte_unmap(vaddr_t ptep);
void pte_unmap_nested(vaddr_t ptep);
/* The lock that guards @addr's PTEs: split PTE lock or page_table_lock. */
struct spinlock *pte_lockptr(struct mm_struct *mm, vaddr_t addr);

/*
 * follow_page - the page mapped at @addr, if present and (for @write)
 * writable; takes a reference with @get.  Context: page_table_lock held.
 */
struct page *follow_page(struct mm_struct *mm, vaddr_t addr, bool write,
			 bool get);

/* mm.h fault-injection for tests: leak one page at the next exit. */
extern bool mm_leak_one_page;

void mm_subsys_init(void);
void mm_subsys_exit(void);

#define IS_ERR_VALUE(x) ((unsigned long)(long)(x) >= (unsigned long)-4095)

#endif
