/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared inside mm/ (mm/internal.h).  Not for use outside mm/.
 */
#ifndef VMSPLIT_MM_INTERNAL_H
#define VMSPLIT_MM_INTERNAL_H

#include "mm/mm.h"

/* // memory.c */
bool highpte(void);
bool split_ptlock(void);
pte_t mk_pte(struct page *page, pgprot_t prot);
struct page *pte_page_of(struct mm_struct *mm, vaddr_t addr);
struct page *pte_alloc_one(struct mm_struct *mm, vaddr_t addr);
void pte_free(struct mm_struct *mm, struct page *pt);
vaddr_t pte_alloc_map(struct mm_struct *mm, vaddr_t addr);

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
