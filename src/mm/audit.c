// SPDX-License-Identifier: GPL-2.0-only
/*
 * mm checkers (see mm/audit.h).  They read page tables and pte_chains
 * physically, so they charge nothing and change no cache or TLB state.
 *
 * The exit audit runs at every exit, so it must not walk pte_chains: a
 * page every process maps has a chain as long as the number of
 * processes, and walking it at each exit made a run quadratic in their
 * number.  It asks the rmap shadow instead; mm_audit_pages, once at the
 * end of the run, walks every chain and holds the shadow to it.
 */
#include "mm/audit.h"

#include "mm/highmem.h"

#include "arch/layout.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/internal.h"
#include "mm/mmzone.h"
#include "mm/rmap.h"
#include "mm/rmap_hint.h"
#include "mm/rmap_shadow.h"

#include <stdlib.h>

/* The physical address of the PTE a pte_addr_t names. */
static phys_addr_t pte_addr_phys(pte_addr_t pa)
{
	return highpte() ? pa : __pa((vaddr_t)pa);
}

/*
 * The reference count covers every mapping, plus the page cache's own
 * reference for a file page.
 */
static void audit_refs(struct page *page, u32 users)
{
	int refs = (int)users;

	if (page->mapping && !test_page_flag(page, PG_anon))
		refs++;
	if (page_count(page) < refs)
		panic("mm audit: page %#lx has %d references for %d users",
		      page_to_pfn(page), page_count(page), refs);
}

/*
 * The exit audit's check of one present PTE, O(1) whatever the length of
 * the page's chain: it asks the rmap shadow (mm/rmap_shadow.h), which
 * page_add_rmap and page_remove_rmap keep in step with the chains; the
 * chains themselves are compared with the shadow by mm_audit_pages.
 */
static void audit_pte(struct page *page, pte_addr_t want, vaddr_t addr)
{
	u32 times = rmap_shadow_lookup(page, want);
	u32 entries;

	if (times != 1)
		panic("mm audit: PTE for %#x (page %#lx) is not in the page's rmap exactly once (%u times)",
		      addr, page_to_pfn(page), times);
	entries = rmap_shadow_page_count(page);
	if (page_mapcount(page) != (int)entries)
		panic("mm audit: page %#lx has %u rmap entries but _mapcount %d",
		      page_to_pfn(page), entries, page_mapcount(page) - 1);
	audit_refs(page, entries);
}

/*
 * objrmap finds a page in a VMA at vma_address(vma, page->index), so the
 * offset of @vma at @addr must be the page's index: a file page's offset
 * in its file, an anonymous page's linear index where it was first
 * mapped (page_set_anon_rmap).  fork, the VMA splits and merges and
 * mremap's move must all keep vm_pgoff in step with the pages.
 */
static void audit_linear_index(const struct page *page,
			       const struct vm_area_struct *vma, vaddr_t addr)
{
	unsigned long want = linear_page_index(vma, addr);

	if (page->index != want)
		panic("mm audit: page %#lx mapped at %#x has index %lu, but its VMA's offset there is %lu: objrmap would not find it",
		      page_to_pfn(page), addr, page->index, want);
}

/*
 * The VMAs in address order, none starting before the end of the one
 * before: the exit audit walks them alongside the addresses, so it relies
 * on the order mm.h promises and checks it first.
 */
static void audit_vma_order(struct mm_struct *mm)
{
	vaddr_t end = 0;

	for (struct vm_area_struct *v = mm->mmap; v; v = v->vm_next) {
		if (v->vm_start < end)
			panic("mm audit: VMA [%#x, %#x) out of order (previous ends at %#x)",
			      v->vm_start, v->vm_end, end);
		end = v->vm_end;
	}
}

void mm_audit_before_exit(struct mm_struct *mm)
{
	struct vm_area_struct *vma = mm->mmap;
	u32 size = pgtable->pte_size;
	unsigned long mapped = 0, ptes = 0;

	audit_vma_order(mm);
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
			pte_t pte = pte_read_phys(slot);
			vaddr_t addr = (vaddr_t)base + i * PAGE_SIZE;
			struct page *page;

			if (!pte_present(pte))
				continue;
			/* Addresses only grow: the VMA cursor only moves on. */
			while (vma && vma->vm_end <= addr)
				vma = vma->vm_next;
			if (!vma || addr < vma->vm_start)
				panic("mm audit: PTE for %#x outside every VMA",
				      addr);
			page = pte_page(pte);
			if (PageReserved(page))
				continue;
			if (rmap_objrmap())
				audit_linear_index(page, vma, addr);
			mapped++;
			audit_pte(page, highpte() ? slot : __va(slot), addr);
		}
	}
	if (mapped != mm->rss)
		panic("mm audit: rss %lu but %lu pages mapped", mm->rss, mapped);
	if (ptes != mm->nr_ptes)
		panic("mm audit: nr_ptes %lu but %lu PTE pages reachable",
		      mm->nr_ptes, ptes);
}

/*
 * One page's chain, read back for mm_audit_pages.  The buffer is static
 * so that a panic halfway leaves it reachable, not leaked.
 */
struct chain_walk {
	struct page *page;
	pte_addr_t *pa;
	u32 n, cap;
};

static struct chain_walk walk;

/* The PTE rmap entry @pa names must map page @pfn. */
static void audit_entry_maps(unsigned long pfn, pte_addr_t pa)
{
	pte_t pte = pte_read_phys(pte_addr_phys(pa));

	if (!pte_present(pte) || pte_pfn(pte) != pfn)
		panic("mm audit: page %#lx has an rmap entry %#llx whose PTE %#llx does not map it",
		      pfn, (unsigned long long)pa, (unsigned long long)pte.pte);
}

static void collect_entry(pte_addr_t pa, void *arg)
{
	struct chain_walk *w = arg;

	audit_entry_maps(page_to_pfn(w->page), pa);
	if (w->n == w->cap) {
		u32 cap = w->cap ? w->cap * 2 : 64;
		pte_addr_t *p = realloc(w->pa, cap * sizeof(*p));

		if (!p)
			panic("mm audit: no host memory for %u rmap entries",
			      cap);
		w->pa = p;
		w->cap = cap;
	}
	w->pa[w->n++] = pa;
}

static int cmp_pte_addr(const void *a, const void *b)
{
	pte_addr_t x = *(const pte_addr_t *)a, y = *(const pte_addr_t *)b;

	return (x > y) - (x < y);
}

/* The chain hints must name @page's blocks (mm/rmap_hint.h). */
static void audit_hints(struct page *page, void *arg)
{
	if (!rmap_hints_follow_chain(page))
		panic("mm audit: page %#lx's chain hints do not follow its chain",
		      page_to_pfn(page));
}

/*
 * Walk @page's whole chain: each entry maps the page, _mapcount and the
 * references agree with the chain, and the chain holds exactly the
 * shadow's entries (the same pairs, each as many times) -- which is what
 * lets the exit audit trust the shadow.
 */
static void audit_chain(struct page *page)
{
	u32 shadow;

	walk.page = page;
	walk.n = 0;
	rmap_for_each(page, collect_entry, &walk);
	if (page_mapcount(page) != (int)walk.n)
		panic("mm audit: page %#lx has %u rmap entries but _mapcount %d",
		      page_to_pfn(page), walk.n, page_mapcount(page) - 1);
	audit_refs(page, walk.n);
	audit_hints(page, NULL);
	shadow = rmap_shadow_page_count(page);
	if (shadow != walk.n)
		panic("mm audit: page %#lx has %u entries in its chain but %u in the rmap shadow",
		      page_to_pfn(page), walk.n, shadow);
	qsort(walk.pa, walk.n, sizeof(*walk.pa), cmp_pte_addr);
	for (u32 i = 0, run; i < walk.n; i += run) {
		u32 times;

		run = 1;
		while (i + run < walk.n && walk.pa[i + run] == walk.pa[i])
			run++;
		times = rmap_shadow_lookup(page, walk.pa[i]);
		if (times != run)
			panic("mm audit: page %#lx has rmap entry %#llx %u times in its chain but %u in the rmap shadow",
			      page_to_pfn(page), (unsigned long long)walk.pa[i],
			      run, times);
	}
}

/*
 * objrmap has no chains to walk: every mapped page's _mapcount and
 * references must match the shadow's count, and (below) every pair the
 * shadow holds must be a PTE that maps its page, once.
 */
static void audit_mapcount(struct page *page)
{
	u32 shadow = rmap_shadow_page_count(page);

	if (page_mapcount(page) != (int)shadow)
		panic("mm audit: page %#lx has %u entries in the rmap shadow but _mapcount %d",
		      page_to_pfn(page), shadow, page_mapcount(page) - 1);
	audit_refs(page, shadow);
}

static void audit_shadow_pair(unsigned long pfn, pte_addr_t pa, u32 times,
			      void *arg)
{
	if (times != 1)
		panic("mm audit: page %#lx is recorded %u times as mapped by PTE %#llx",
		      pfn, times, (unsigned long long)pa);
	audit_entry_maps(pfn, pa);
}

/* A page the shadow says is mapped must be mapped (have a chain). */
static void audit_shadow_page(unsigned long pfn, u32 count, void *arg)
{
	if (!page_mapped(pfn_to_page(pfn)))
		panic("mm audit: page %#lx has no chain but %u entries in the rmap shadow",
		      pfn, count);
}

/*
 * Every mapped page's chain against the shadow, then every page the
 * shadow holds against its chain.  With nr_mapped at zero no chain can be
 * there to audit, and the frame walk, which would read every struct page
 * of a 16 GiB mem_map the run never touched, is skipped; otherwise every
 * frame is examined: the counter says how many pages are mapped, not
 * which.  The shadow's side runs either way.
 */
void mm_audit_pages(void)
{
	for (unsigned long pfn = min_pfn; nr_mapped && pfn < max_pfn; pfn++) {
		struct page *page = pfn_to_page(pfn);

		if (!page_mapped(page))
			continue;
		if (rmap_objrmap())
			audit_mapcount(page);
		else
			audit_chain(page);
	}
	rmap_shadow_for_each_page(audit_shadow_page, NULL);
	if (rmap_objrmap())
		rmap_shadow_for_each_pair(audit_shadow_pair, NULL);
	else	/* hints left on a page whose chain is gone */
		chain_hint_for_each(audit_hints, NULL);
	free(walk.pa);
	walk = (struct chain_walk){ 0 };
}

void mm_audit_end_of_run(unsigned long baseline)
{
	unsigned long now = nr_free_pages();

	if (now != baseline)
		panic("mm audit: %ld pages leaked (free %lu, at start %lu)",
		      (long)baseline - (long)now, now, baseline);
}
