// SPDX-License-Identifier: GPL-2.0-only
/* The per-process PTE window (see pte_window.h). */
#include "mm/pte_window.h"

#include "arch/kv.h"
#include "arch/pgtable.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/internal.h"
#include "mm/mm.h"

/* The window page showing the PTE page of user @addr's PMD. */
static vaddr_t window_page(vaddr_t addr)
{
	return layout.ptwin_base + (addr / PMD_SIZE) * PAGE_SIZE;
}

/* The kernel VA of the window PTE that maps window page @wva in @mm. */
static vaddr_t window_slot(struct mm_struct *mm, vaddr_t wva)
{
	u32 k = (wva - layout.ptwin_base) / PMD_SIZE;

	BUG_ON(!pte_window_va(wva) || !mm->ptwin[k]);
	/* The mm keeps its tables' addresses (lowmem): no page_address. */
	return (vaddr_t)__va(page_to_phys(mm->ptwin[k])) +
	       pte_offset_in_page(wva);
}

/* The window's PTEs are the mm's own: not global. */
static pgprot_t window_prot(void)
{
	return (pgprot_t){ PAGE_KERNEL.flags & ~_PROT_GLOBAL };
}

int pte_window_mm_init(struct mm_struct *mm)
{
	u32 n = layout.ptwin_size / PMD_SIZE;

	BUG_ON(n > PTWIN_MAX_TABLES);
	for (u32 k = 0; k < n; k++) {
		struct page *t = alloc_page(GFP_KERNEL | __GFP_ZERO);
		vaddr_t pmdp;

		if (!t) {
			pte_window_mm_exit(mm);
			return -ENOMEM;
		}
		clean_pte_table(t);
		mm->ptwin[k] = t;
		pmdp = pgtable->pmd_offset(mm->pgd,
					   layout.ptwin_base + k * PMD_SIZE,
					   false);
		/* pgd_alloc gave the window's PMD table to this mm alone. */
		BUG_ON(!pmdp || pgtable->pmd_pfn(pmdp));
		pgtable->pmd_populate(pmdp, page_to_pfn(t));
	}
	return 0;
}

void pte_window_mm_exit(struct mm_struct *mm)
{
	for (u32 k = 0; k < PTWIN_MAX_TABLES; k++) {
		if (!mm->ptwin[k])
			continue;
		__free_page(mm->ptwin[k]);
		mm->ptwin[k] = NULL;
	}
}

void pte_window_set(struct mm_struct *mm, vaddr_t addr, struct page *pt)
{
	vaddr_t slot;
	pte_t pte;

	if (!layout.ptwin_base)
		return;
	slot = window_slot(mm, window_page(addr));
	pte = pfn_pte(page_to_pfn(pt), window_prot());
	hw_event(this_cpu(), EV_pte_window_set);
	if (!pgtable->set_pte_nonglobal) {
		set_pte_at(slot, pte);
		return;
	}
	/* set_pte_at's count, then ARM's set_pte_ext with PTE_EXT_NG. */
	hw_event(this_cpu(), EV_pte_write);
	pgtable->set_pte_nonglobal(slot, pte);
}

void pte_window_clear(struct mm_struct *mm, vaddr_t addr)
{
	if (!layout.ptwin_base)
		return;
	hw_event(this_cpu(), EV_pte_window_clear);
	pte_clear(window_slot(mm, window_page(addr)));
}

/* Is @mm's pgd the one this CPU's MMU walks? */
static bool loaded_here(const struct mm_struct *mm)
{
	const struct cpu *c = this_cpu();

	return platform()->arch == PLAT_X86 ? c->mmu.cr3 == mm->pgd :
					      c->mmu.ttbr0 == mm->pgd;
}

/* The checker: the window's PTE maps the PTE page @mm's pmd names. */
static void check_window(struct mm_struct *mm, vaddr_t addr,
			 const struct page *pt)
{
	pte_t pte = pte_read_phys(__pa(window_slot(mm, window_page(addr))));

	if (!pte_present(pte) || pte_pfn(pte) != page_to_pfn(pt))
		panic("pte_window: the window page for %#x maps %s, not the mm's PTE page (pfn %#lx): a window PTE left stale",
		      addr, pte_present(pte) ? "another page" : "nothing",
		      page_to_pfn(pt));
}

vaddr_t pte_window_map(struct mm_struct *mm, vaddr_t addr,
		       const struct page *pt)
{
	if (!layout.ptwin_base || addr >= layout.task_size ||
	    !loaded_here(mm))
		return 0;
	if (unlikely(machine->checks))
		check_window(mm, addr, pt);
	hw_event(this_cpu(), EV_pte_window_map);
	return window_page(addr) + pte_offset_in_page(addr);
}

struct page *pte_window_to_page(vaddr_t va)
{
	struct mm_struct *mm = current->active_mm;

	BUG_ON(!mm || !loaded_here(mm));
	/* pte_page(*window PTE): as kmap_atomic_to_page reads the fixmap's. */
	return pte_page(ptep_get(window_slot(mm, va & PAGE_MASK)));
}
