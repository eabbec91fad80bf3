/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared inside mm/ (mm/internal.h).  Not for use outside mm/.
 */
#ifndef VMSPLIT_MM_INTERNAL_H
#define VMSPLIT_MM_INTERNAL_H

#include "mm/mm.h"

/* // mmap.c */
/*
 * find_vma_prev - find_vma, and the VMA before it in *@pprev (NULL if it
 * is the first); charged as find_vma's walk.
 */
struct vm_area_struct *find_vma_prev(struct mm_struct *mm, vaddr_t addr,
				     struct vm_area_struct **pprev);
/* Split @vma at @addr; the new VMA (the upper part, its vm_pgoff moved
 * on) follows it.  Return: 0 or -ENOMEM. */
int split_vma(struct vm_area_struct *vma, vaddr_t addr);
/* insert_vm_struct - link a new VMA into @mm's list and its file's
 * i_mmap (with a reference to the file). */
void insert_vm_struct(struct mm_struct *mm, struct vm_area_struct *vma);
/* __vma_unlink - take @vma, which follows @prev, off @mm's list. */
void __vma_unlink(struct mm_struct *mm, struct vm_area_struct *vma,
		  struct vm_area_struct *prev);
struct vm_area_struct *vm_area_dup(const struct vm_area_struct *orig);
void vm_area_free(struct vm_area_struct *vma);
/* First gap of @len bytes at or above mm->mmap_base; 0 if none. */
vaddr_t get_unmapped_area(struct mm_struct *mm, u32 len);

/* // memory.c */
bool highpte(void);
bool split_ptlock(void);
pte_t mk_pte(struct page *page, pgprot_t prot);
/*
 * vm_get_page_prot - the PTE protection of a VMA with @vm_flags
 * (protection_map[vm_flags & 0xf]): PAGE_NONE without read, write or
 * exec; PAGE_SHARED for a shared writable mapping; PAGE_COPY (read-only,
 * write faults break COW) otherwise.
 */
pgprot_t vm_get_page_prot(u32 vm_flags);
struct page *pte_page_of(struct mm_struct *mm, vaddr_t addr);
struct page *pte_alloc_one(struct mm_struct *mm, vaddr_t addr);
/* ARM: make a lowmem page-table page visible to the walker. */
void clean_pte_table(struct page *pt);
void pte_free(struct mm_struct *mm, struct page *pt);
vaddr_t pte_alloc_map(struct mm_struct *mm, vaddr_t addr);
/*
 * __pte_alloc - a PTE page for @addr if it has none, not mapped (3.x
 * __pte_alloc).  Context: page_table_lock held, dropped around the
 * allocation.  Return: 0 or -ENOMEM.
 */
int __pte_alloc(struct mm_struct *mm, vaddr_t addr);

/* // memory_range.c */
/*
 * mmu_gather (asm-generic/tlb.h): pages unmapped by a zap are freed only
 * after the TLB flush that makes them unreachable.
 */
#define MMU_GATHER_MAX 512

struct mmu_gather {
	struct mm_struct *mm;
	u32 nr;
	struct page *pages[MMU_GATHER_MAX];
	struct page *ptes[MMU_GATHER_MAX];	/* PTE pages (pte_free_tlb) */
	u32 nr_ptes;
};

void tlb_gather_mmu(struct mmu_gather *tlb, struct mm_struct *mm);
void tlb_finish_mmu(struct mmu_gather *tlb);
/* Zap the PTEs of [start, end) inside @vma.  Context: page_table_lock. */
void unmap_page_range(struct mmu_gather *tlb, struct vm_area_struct *vma,
		      vaddr_t start, vaddr_t end);
/* Free the PTE pages of the 2 MiB regions in [start, end) that no VMA
 * uses any more.  Context: page_table_lock. */
void free_pgtables(struct mmu_gather *tlb, vaddr_t start, vaddr_t end);
int copy_page_range(struct mm_struct *dst, struct mm_struct *src,
		    struct vm_area_struct *vma);

#endif
