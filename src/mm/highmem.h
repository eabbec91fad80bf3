/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kmap family: how the kernel reaches a page frame (include/linux/
 * highmem.h).  Lowmem pages are always mapped at page_address(); a highmem
 * page needs a temporary mapping:
 *
 *   kmap/kunmap                 the pkmap pool, may sleep, any context that
 *                               can sleep, visible on every CPU
 *   kmap_atomic/kunmap_atomic   a per-CPU fixmap slot, no sleeping, strict
 *                               LIFO nesting (2.6-era x86: a slot per km_type)
 *   kmap_atomic_pfn             the same for a bare pfn (ARM cache code)
 *   kmap_local_page/kunmap_local  5.11+: per-task slots, preemptible; the
 *                               scheduler tears them down and restores them
 *
 * What each call costs depends on the kernel flavour (settings "flavour"):
 * see mm/kmap_atomic.c for the per-flavour bodies.  All return kernel
 * virtual addresses of the simulated machine (vaddr_t), not host pointers.
 */
#ifndef VMSPLIT_MM_HIGHMEM_H
#define VMSPLIT_MM_HIGHMEM_H

#include "arch/layout.h"
#include "arch/pgtable.h"
#include "mm/mm_types.h"

/*
 * The 2.5/2.6 km_type slots (asm-i386/kmap_types.h, 2.5.73).  Only the
 * x86-2.6 flavour gives them meaning; the stack flavours ignore the type.
 */
enum km_type {
	KM_BOUNCE_READ,
	KM_SKB_SUNRPC_DATA,
	KM_SKB_DATA_SOFTIRQ,
	KM_USER0,
	KM_USER1,
	KM_BIO_SRC_IRQ,
	KM_BIO_DST_IRQ,
	KM_PTE0,
	KM_PTE1,
	KM_PTE2,
	KM_IRQ0,
	KM_IRQ1,
	KM_SOFTIRQ0,
	KM_SOFTIRQ1,
	/* Added by the 2003 4G/4G patch for its indirect uaccess (rw_vm);
	 * only a 4G/4G kernel has the slot. */
	KM_USER_COPY,
	KM_TYPE_NR_26
};

/* Set up pkmap, the page_address hash and the checkers (kmap_init). */
void kmap_init(void);
void kmap_exit(void);

/**
 * page_address - kernel virtual address of @page
 * Return: the direct-map address of a lowmem page; for a highmem page its
 * pkmap address if it is kmapped (hash lookup), else 0.
 */
vaddr_t page_address(const struct page *page);

/**
 * kmap - map @page until kunmap(); may sleep when the pkmap pool is full.
 * Context: process context, may sleep.
 */
vaddr_t kmap(struct page *page);
void kunmap(struct page *page);
vaddr_t kmap_high(struct page *page);
void kunmap_high(struct page *page);

/* ARM: take a reference on an existing pkmap mapping; 0 if none. */
vaddr_t kmap_high_get(struct page *page);

/* virt_to_page - the page behind a direct-map (lowmem) address. */
static inline struct page *virt_to_page(vaddr_t vaddr)
{
	return pfn_to_page((unsigned long)(__pa(vaddr) >> PAGE_SHIFT));
}

/*
 * kmap_to_page (3.x mm/highmem.c) - the page behind a pkmap address, read
 * from its pkmap PTE, or behind a direct-map one.
 */
struct page *kmap_to_page(vaddr_t vaddr);

/**
 * kmap_atomic - map @page in a per-CPU slot
 * @page: the page
 * @type: (optional) the 2.6 km_type; KM_USER0 when omitted
 *
 * Disables page faults (and preemption).  Unmap in reverse order with
 * kunmap_atomic(address).  Context: any.
 */
vaddr_t __kmap_atomic(struct page *page, enum km_type type);
void __kunmap_atomic(vaddr_t vaddr, enum km_type type);
vaddr_t kmap_atomic_pfn(unsigned long pfn);
struct page *kmap_atomic_to_page(vaddr_t vaddr);

#define __KMAP_PICK(_1, _2, name, ...) name
#define __kmap_atomic_user0(page) __kmap_atomic(page, KM_USER0)
#define kmap_atomic(...)                                                   \
	__KMAP_PICK(__VA_ARGS__, __kmap_atomic, __kmap_atomic_user0)(__VA_ARGS__)

/*
 * kunmap_atomic(addr[, type]) takes the address kmap_atomic returned; passing
 * the page does not build.
 */
#define __kunmap_atomic_check(addr)                                        \
	_Static_assert(!__builtin_types_compatible_p(__typeof__(addr),     \
						     struct page *),       \
		       "kunmap_atomic takes the mapped address, not the page")
#define __kunmap_atomic_user0(addr)                                        \
	do {                                                               \
		__kunmap_atomic_check(addr);                               \
		__kunmap_atomic(addr, KM_USER0);                           \
	} while (0)
#define __kunmap_atomic_typed(addr, type)                                  \
	do {                                                               \
		__kunmap_atomic_check(addr);                               \
		__kunmap_atomic(addr, type);                               \
	} while (0)
#define kunmap_atomic(...)                                                 \
	__KMAP_PICK(__VA_ARGS__, __kunmap_atomic_typed,                    \
		    __kunmap_atomic_user0)(__VA_ARGS__)

/**
 * kmap_local_page - map @page in a slot of the current task (5.11+)
 *
 * Preemptible; the mapping is valid only in this task and is torn down and
 * restored when the task is switched out and in.  Unmap in reverse order.
 * Only the kmap-local flavour has it; elsewhere it panics.
 */
vaddr_t kmap_local_page(struct page *page);
void __kunmap_local(vaddr_t vaddr);
#define kunmap_local(addr)                                                 \
	do {                                                               \
		_Static_assert(!__builtin_types_compatible_p(              \
				       __typeof__(addr), struct page *),   \
			       "kunmap_local takes the mapped address");   \
		__kunmap_local(addr);                                      \
	} while (0)

/* Context-switch hooks for kmap_local (prepare/finish_task_switch). */
void __kmap_local_sched_out(void);
void __kmap_local_sched_in(void);

/* Does the flavour in force have kmap_local_page? */
bool kmap_local_available(void);

/* Clear / copy whole pages through temporary mappings. */
void clear_highpage(struct page *page);
void copy_highpage(struct page *to, struct page *from);

/*
 * check_kmap_leaks - no kmap_atomic/kmap_local slot held and no preempt or
 * pagefault disable left on any CPU (and the current tasks).  Panics naming
 * the leak.  Called at the end of every run and test.
 */
void check_kmap_leaks(void);

/* pkmap state, for tests and the micro benchmarks. */
int pkmap_count_of(u32 nr);
u32 pkmap_last_nr(void);

/* pte_page(): the page a PTE maps. */
static inline struct page *pte_page(pte_t pte)
{
	return pfn_to_page(pte_pfn(pte));
}

#endif
