// SPDX-License-Identifier: GPL-2.0-only
/*
 * mm checkers (see mm/audit.h).  They read page tables and pte_chains
 * physically, so they charge nothing and change no cache or TLB state.
 */
#include "mm/audit.h"

#include "mm/highmem.h"

#include "arch/layout.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/internal.h"
#include "mm/mmzone.h"
#include "mm/rmap.h"

static pte_t read_pte_phys(phys_addr_t pa)
{
	if (pgtable->pte_size == 8)
		return (pte_t){ ram_read64(&machine->ram, pa) };
	return (pte_t){ ram_read32(&machine->ram, pa) };
}

/* The physical address of the PTE a pte_addr_t names. */
static phys_addr_t pte_addr_phys(pte_addr_t pa)
{
	return highpte() ? pa : __pa((vaddr_t)pa);
}

struct rmap_walk {
	struct page *page;
	pte_addr_t want;	/* count occurrences of this entry */
	u32 entries, matches;
};

static void check_entry(pte_addr_t pa, void *arg)
{
	struct rmap_walk *w = arg;
	pte_t pte = read_pte_phys(pte_addr_phys(pa));

	w->entries++;
	if (pa == w->want)
		w->matches++;
	if (!pte_present(pte) || pte_pfn(pte) != page_to_pfn(w->page))
		panic("mm audit: page %#lx has an rmap entry %#llx whose PTE %#llx does not map it",
		      page_to_pfn(w->page), (unsigned long long)pa,
		      (unsigned long long)pte.pte);
}

/* Check @page's whole rmap; return how often @want appears in it. */
static u32 audit_page(struct page *page, pte_addr_t want)
{
	struct rmap_walk w = { .page = page, .want = want };
	int refs;

	rmap_for_each(page, check_entry, &w);
	if (page_mapcount(page) != (int)w.entries)
		panic("mm audit: page %#lx has %u rmap entries but _mapcount %d",
		      page_to_pfn(page), w.entries, page_mapcount(page) - 1);
	refs = (s32)w.entries;
	if (page->mapping && !test_page_flag(page, PG_anon))
		refs++;		/* the page cache's own reference */
	if (page_count(page) < refs)
		panic("mm audit: page %#lx has %d references for %d users",
		      page_to_pfn(page), page_count(page), refs);
	return w.matches;
}

static bool in_vma(struct mm_struct *mm, vaddr_t addr)
{
	for (struct vm_area_struct *v = mm->mmap; v; v = v->vm_next)
		if (v->vm_start <= addr && addr < v->vm_end)
			return true;
	return false;
}

void mm_audit_before_exit(struct mm_struct *mm)
{
	u32 size = pgtable->pte_size;
	unsigned long mapped = 0, ptes = 0;

	for (u64 base = 0; base < layout.task_size; base += PMD_SIZE) {
		unsigned long pfn = pgtable->pmd_pfn_phys(mm->pgd, (vaddr_t)base);
		phys_addr_t pt;

		if (!pfn)
			continue;
		ptes++;
		pt = (phys_addr_t)pfn << PAGE_SHIFT;
		if (!test_page_flag(pfn_to_page(pfn), PG_pgtable))
			panic("mm audit: pmd for %#llx points at pfn %#lx, not a page-table page",
			      (unsigned long long)base, pfn);
		for (u32 i = 0; i < 512; i++) {
			phys_addr_t slot = pt + (phys_addr_t)i * size;
			pte_t pte = read_pte_phys(slot);
			vaddr_t addr = (vaddr_t)base + i * PAGE_SIZE;
			struct page *page;
			pte_addr_t want;

			if (!pte_present(pte))
				continue;
			if (!in_vma(mm, addr))
				panic("mm audit: PTE for %#x outside every VMA",
				      addr);
			page = pte_page(pte);
			if (PageReserved(page))
				continue;
			mapped++;
			want = highpte() ? slot : __va(slot);
			if (audit_page(page, want) != 1)
				panic("mm audit: PTE for %#x (page %#lx) is not in the page's rmap exactly once",
				      addr, pfn);
		}
	}
	if (mapped != mm->rss)
		panic("mm audit: rss %lu but %lu pages mapped", mm->rss, mapped);
	if (ptes != mm->nr_ptes)
		panic("mm audit: nr_ptes %lu but %lu PTE pages reachable",
		      mm->nr_ptes, ptes);
}

/*
 * With nr_mapped at zero there is nothing to audit, and the walk, which
 * would read every struct page of a 16 GiB mem_map the run never touched,
 * is skipped.  Otherwise every frame is examined: the counter says how
 * many pages are mapped, not which.
 */
void mm_audit_pages(void)
{
	if (!nr_mapped)
		return;
	for (unsigned long pfn = min_pfn; pfn < max_pfn; pfn++) {
		struct page *page = pfn_to_page(pfn);

		if (page_mapped(page))
			audit_page(page, ~0ull);
	}
}

void mm_audit_end_of_run(unsigned long baseline)
{
	unsigned long now = nr_free_pages();

	if (now != baseline)
		panic("mm audit: %ld pages leaked (free %lu, at start %lu)",
		      (long)baseline - (long)now, now, baseline);
}
