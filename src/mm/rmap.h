/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reverse mapping as in 2.5.73 / 2.6.0-2.6.6 (mm/rmap.c, asm/rmap.h), or,
 * with rmap=objrmap, as from 2.6.7 (see rmap_objrmap):
 * every user PTE that maps a page is recorded on the page, directly when
 * it is the only one (PG_direct, page->pte) and otherwise in a chain of
 * cacheline-sized pte_chain blocks:
 *
 *	struct pte_chain {
 *		unsigned long next_and_idx;	// next block | first used slot
 *		pte_addr_t ptes[NRPTE];		// free slots only at the front
 *	} ____cacheline_aligned;		// of the head block
 *
 * NRPTE = (L1_CACHE_BYTES - sizeof(long)) / sizeof(pte_addr_t).  The blocks
 * live in simulated lowmem (a slab cache), so scanning them costs what it
 * cost on the machine.  A pte_addr_t is the kernel VA of the PTE without
 * CONFIG_HIGHPTE; with it, the PTE's physical address, computed through
 * kmap_atomic_to_page(), 8 bytes wide on PAE/LPAE -- which halves NRPTE.
 */
#ifndef VMSPLIT_MM_RMAP_H
#define VMSPLIT_MM_RMAP_H

#include "arch/pgtable.h"
#include "mm/gfp.h"
#include "mm/mm_types.h"

typedef u64 pte_addr_t;

/* Set up the pte_chain cache for the configuration in force. */
void rmap_init(void);
void rmap_exit(void);

/*
 * rmap_objrmap - the reverse map in force is object-based (rmap=objrmap,
 * kernels from 2.6.7): no pte_chains; page_add_rmap and page_remove_rmap
 * move _mapcount only, and pte_chain_alloc() has nothing to give.
 */
bool rmap_objrmap(void);

/* Geometry in force (for tests and the audit). */
u32 rmap_nrpte(void);
u32 rmap_pte_addr_size(void);
/*
 * pte_chain blocks in use right now: on chains or preallocated by a caller
 * (the slab cache's in-use count less the CPUs' spares).
 */
u32 pte_chain_inuse(void);
/*
 * Buckets of the chain-length report (events rmap_len_file_* and
 * rmap_len_anon_*): 1, 2, 3-4, ... 513-1024 PTEs, and over 1024.
 */
#define RMAP_LEN_BUCKETS 12

/* CPUs holding a spare block (local_pte_chain) right now. */
u32 pte_chain_spares(void);

/*
 * pte_chain_alloc - a zeroed pte_chain block (kernel VA), or 0: this CPU's
 * spare (local_pte_chain) if it has one, else one from the slab.  Callers
 * preallocate one before taking the PTE lock, as 2.5.73 does.
 */
vaddr_t pte_chain_alloc(gfp_t gfp);
/*
 * pte_chain_free - park block @pc (0 is allowed) as this CPU's spare; the
 * spare it had goes to the slab (2.5.73 __pte_chain_free).
 */
void pte_chain_free(vaddr_t pc);

/*
 * ptep_to_paddr - the pte_addr_t of the PTE slot at kernel VA @ptep
 * (mapped with pte_offset_map or page_address).
 */
pte_addr_t ptep_to_paddr(vaddr_t ptep);
/*
 * ptep_to_address - the user address mapped by the PTE at byte @offset of
 * PTE page @pt (whose index holds the base of the region it maps).
 */
static inline vaddr_t ptep_to_address(const struct page *pt, u32 offset)
{
	return (vaddr_t)pt->index + (offset / pgtable->pte_size) * PAGE_SIZE;
}

/* rmap_ptep_map - map a pte_addr_t for access (KM_PTE2 under HIGHPTE). */
vaddr_t rmap_ptep_map(pte_addr_t pa);
void rmap_ptep_unmap(vaddr_t ptep);

/**
 * page_add_rmap - record that the PTE at @ptep maps @page
 * @prealloc: a block from pte_chain_alloc() for the case the chain grows
 * Context: the PTE lock is held; @ptep is mapped.
 * Return: @prealloc if it was not used (the caller frees it), else 0.
 */
vaddr_t page_add_rmap(struct page *page, vaddr_t ptep, vaddr_t prealloc);

/* page_remove_rmap - forget the PTE at @ptep.  Context: PTE lock held. */
void page_remove_rmap(struct page *page, vaddr_t ptep);

struct vm_area_struct;

/*
 * page_set_anon_rmap - under objrmap, record on a new anonymous @page the
 * offset it has in @vma at @address (linear_page_index), as 3.14's
 * __page_set_anon_rmap does, so that rmap finds it at vma_address() in
 * every VMA that maps it -- whose vm_pgoff mremap and the VMA splits and
 * merges keep in step (the exit audit checks).  The anon_vma is not
 * modelled: page->mapping stays NULL.  Host bookkeeping, uncharged (part
 * of page_add_rmap's cost); pte_chains (2.6.0) record nothing.
 */
void page_set_anon_rmap(struct page *page, const struct vm_area_struct *vma,
			vaddr_t address);

/*
 * anon_vma_prepare (mm/rmap.c, 2.6.7 on) - before @vma's first anonymous
 * page (do_anonymous_page's write fault, do_wp_page's copy, do_no_page's
 * early copy of a private file page): load
 * vma->anon_vma and, the first time, set it.  Only the pointer is
 * modelled (vm_area_struct.anon_vma); the anon_vma and anon_vma_chain
 * Linux allocates the first time are not, nor anon_vma_fork's at fork.
 * Kernels before 2.6.7 have no anon_vma: nothing is touched, the mark is
 * host bookkeeping.
 */
void anon_vma_prepare(struct vm_area_struct *vma);

/*
 * page_move_rmap - the PTE of @page moved from @old_ptep to @new_ptep
 * (mremap's move_ptes under objrmap, which calls no rmap function: the
 * page is found through the VMA's offset).  Only the checkers' rmap
 * shadow follows; nothing is charged.
 */
void page_move_rmap(struct page *page, vaddr_t old_ptep, vaddr_t new_ptep);

/*
 * nr_mapped - how many pages some PTE maps (page_state.nr_mapped, 2.6.0):
 * page_add_rmap() counts a page's first mapping, page_remove_rmap() its
 * last.  Lets the end-of-run audit skip mem_map when nothing is mapped.
 */
extern unsigned long nr_mapped;

/* Is the page mapped by any PTE?  (_mapcount >= 0; under pte_chains it
 * counts the chain's entries.) */
static inline bool page_mapped(const struct page *page)
{
	return page_mapcount(page) > 0;
}

/*
 * page_referenced - test and clear the young bit of every PTE mapping the
 * page (each one mapped through rmap_ptep_map), plus PG_referenced.
 * Return: how many were referenced.
 */
int page_referenced(struct page *page);

enum {
	SWAP_SUCCESS,
	SWAP_AGAIN,
	SWAP_FAIL,
};

/*
 * try_to_unmap - remove every PTE that maps @page (2.6.0 try_to_unmap,
 * try_to_unmap_one): each chain entry is mapped with rmap_ptep_map (a kmap
 * under HIGHPTE), its mm found from the PTE page, the PTE cleared and its
 * TLB entry flushed, the mapping's reference dropped.  Only page-cache
 * pages: anonymous pages would need swap, which is not modelled.
 * Context: the caller holds a reference to @page.
 * Return: SWAP_SUCCESS, SWAP_AGAIN (an mm was busy) or SWAP_FAIL.
 */
int try_to_unmap(struct page *page);

/*
 * rmap_for_each - call @fn for every pte_addr_t recorded on @page (in chain
 * order), uncharged: for the audit and try_to_unmap's walk.
 */
void rmap_for_each(struct page *page, void (*fn)(pte_addr_t pa, void *arg),
		   void *arg);

/*
 * rmap_hints_follow_chain - do @page's chain hints (mm/rmap_hint.h) name
 * its chain's blocks, head to tail?  A page without a chain must have none.
 * Uncharged: for the audit, which holds the hints to the chains because a
 * wrong one would slow the scan without changing any result.
 */
bool rmap_hints_follow_chain(const struct page *page);

/* Number of PTEs recorded on @page (uncharged): its chain's entries, or
 * under objrmap its _mapcount. */
u32 page_rmap_count(struct page *page);

#endif
