/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A per-process PTE window for CONFIG_HIGHPTE (issue 35's design,
 * `pte_window=y`): HIGHPTE puts user page tables in highmem, so every
 * software PTE access -- each fault, zap, mprotect, fork -- maps its PTE
 * page with kmap_atomic (a PTE store, and on unmap an invalidate) and
 * unmaps it after.  The window maps the running mm's PTE pages once, at
 * a fixed kernel VA: page i of the window shows the PTE page of the
 * user PMD i, so the PTE of user address A is at
 *
 *	ptwin_base + (A / PMD_SIZE) * PAGE_SIZE + pte_offset_in_page(A).
 *
 * Each mm's pgd points the window's PMDs at tables of its own (lowmem
 * pages, ptwin_window_bytes / PMD_SIZE of them: 3 for a 3G split), with
 * non-global entries, so the window switches with the mm as its user
 * mappings do: with the ASID on ARMv7, with CR3's reload on x86 (no
 * PCID).  On x86 PAE and ARM LPAE, where the kernel's PMD tables are
 * otherwise shared, each mm gets its own copy of the one holding the
 * window -- as Linux's !SHARED_KERNEL_PMD does for Xen -- which the
 * model's boot-time kernel tables keep in step.  It is the recursive
 * page-table map (FreeBSD i386's PTmap) without the recursion, which
 * ARM's formats do not allow.
 *
 * Costs: allocating a PTE page writes its window PTE (set_pte), freeing
 * it clears the PTE -- before the zap's flush_tlb_mm, which drops the
 * window's non-global entries with the user ones -- and a PTE access
 * through the window is a load or store at that VA, its TLB miss a walk
 * of the mm's window table.  Another mm's tables (fork's child, the
 * rmap's walks of other processes) still take kmap_atomic.  Memory: the
 * window's VA comes off vmalloc's top (6 MiB), and each mm keeps three
 * lowmem pages (and on PAE/LPAE a PMD page) more.
 *
 * Checker: with checks on, every access through the window first
 * compares the window's PTE with the mm's pmd (uncharged), so a window
 * left stale stops the run.  Refused on a VIVT D-cache (a PTE page
 * reached through the window and through a kmap would alias) and with
 * CONFIG_VMSPLIT_4G_4G.
 */
#ifndef VMSPLIT_MM_PTE_WINDOW_H
#define VMSPLIT_MM_PTE_WINDOW_H

#include "arch/layout.h"
#include "base/types.h"

struct mm_struct;
struct page;

/* Is @va in the window? */
static inline bool pte_window_va(vaddr_t va)
{
	return layout.ptwin_base && va - layout.ptwin_base < layout.ptwin_size;
}

/*
 * pte_window_mm_init - give @mm (its pgd allocated) the window's tables
 * and point its pgd's window PMDs at them; nothing without the window.
 * Return: 0, or -ENOMEM.
 */
int pte_window_mm_init(struct mm_struct *mm);
/* Free @mm's window tables (its pgd about to be freed). */
void pte_window_mm_exit(struct mm_struct *mm);

/* The PTE page @pt now holds @mm's PTEs of @addr's PMD: map it. */
void pte_window_set(struct mm_struct *mm, vaddr_t addr, struct page *pt);
/* @addr's PTE page leaves @mm (the caller flushes the mm's TLB before
 * freeing it): unmap it. */
void pte_window_clear(struct mm_struct *mm, vaddr_t addr);

/*
 * pte_window_map - the window VA of @addr's PTE slot, whose PTE page is
 * @pt (the caller read its pmd), when @mm is the one loaded on this CPU;
 * 0 otherwise (the caller maps the page itself).
 */
vaddr_t pte_window_map(struct mm_struct *mm, vaddr_t addr,
		       const struct page *pt);

/* The PTE page the running mm's window shows at @va (kmap_atomic_to_page
 * of a window address: the rmap's ptep_to_paddr). */
struct page *pte_window_to_page(vaddr_t va);

#endif
