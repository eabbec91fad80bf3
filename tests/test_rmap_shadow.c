// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rmap shadow (mm/rmap_shadow.c): pair and page counts, duplicates,
 * growth past the first table and deletion from the middle of probe runs,
 * the walk of the page totals from one end of RAM to the other,
 * the panic on removing what was never added, the reset at boot, and that
 * page_add_rmap and page_remove_rmap keep it in step with the chains --
 * only with checks on.
 *
 * The shadow keys on pfns alone, so most tests name frames without
 * allocating them; every test leaves the shadow empty, as the end-of-run
 * audit in test_shutdown() requires.
 */
#include "helpers.h"

#include "arch/layout.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/rmap.h"
#include "mm/rmap_shadow.h"

/* A PTE address of the kind page_add_rmap records: a lowmem VA. */
static pte_addr_t pte_at(u32 i)
{
	return 0xc1000000u + i * 8;
}

struct page_visit {
	u32 pages, entries;
	unsigned long min_pfn, max_pfn;
};

static void visit(unsigned long pfn, u32 count, void *arg)
{
	struct page_visit *v = arg;

	v->pages++;
	v->entries += count;
	if (!v->min_pfn || pfn < v->min_pfn)
		v->min_pfn = pfn;
	if (pfn > v->max_pfn)
		v->max_pfn = pfn;
}

static struct page_visit visit_all(void)
{
	struct page_visit v = { 0 };

	rmap_shadow_for_each_page(visit, &v);
	return v;
}

Test(rmap_shadow, counts_pairs_and_pages)
{
	TEST_BOOT("numaq-16");
	struct page *p = pfn_to_page(min_pfn + 100);
	struct page *q = pfn_to_page(min_pfn + 101);
	struct page_visit v;

	cr_assert_eq(rmap_shadow_page_count(p), 0);
	cr_assert_eq(rmap_shadow_lookup(p, pte_at(0)), 0);
	rmap_shadow_add(p, pte_at(0));
	rmap_shadow_add(p, pte_at(1));
	rmap_shadow_add(p, pte_at(0));
	rmap_shadow_add(q, pte_at(0));
	cr_assert_eq(rmap_shadow_lookup(p, pte_at(0)), 2);
	cr_assert_eq(rmap_shadow_lookup(p, pte_at(1)), 1);
	cr_assert_eq(rmap_shadow_lookup(p, pte_at(2)), 0);
	cr_assert_eq(rmap_shadow_page_count(p), 3);
	cr_assert_eq(rmap_shadow_lookup(q, pte_at(0)), 1);
	cr_assert_eq(rmap_shadow_lookup(q, pte_at(1)), 0);
	cr_assert_eq(rmap_shadow_page_count(q), 1);
	v = visit_all();
	cr_assert_eq(v.pages, 2);
	cr_assert_eq(v.entries, 4);
	cr_assert_eq(v.min_pfn, min_pfn + 100);
	cr_assert_eq(v.max_pfn, min_pfn + 101);

	rmap_shadow_remove(p, pte_at(0));
	cr_assert_eq(rmap_shadow_lookup(p, pte_at(0)), 1);
	cr_assert_eq(rmap_shadow_page_count(p), 2);
	rmap_shadow_remove(p, pte_at(0));
	rmap_shadow_remove(p, pte_at(1));
	rmap_shadow_remove(q, pte_at(0));
	cr_assert_eq(rmap_shadow_lookup(p, pte_at(0)), 0);
	cr_assert_eq(rmap_shadow_page_count(p), 0);
	cr_assert_eq(rmap_shadow_page_count(q), 0);
	cr_assert_eq(visit_all().pages, 0);
	test_shutdown();
}

/*
 * 3000 pages with 3 entries each: 12000 records, past several doublings.
 * Removing every other page's entries deletes from the middle of probe
 * runs; the survivors must still be found.
 */
Test(rmap_shadow, grows_and_deletes_without_losing_entries)
{
	TEST_BOOT("numaq-16");
	const u32 n = 3000;
	struct page_visit v;

	for (u32 i = 0; i < n; i++)
		for (u32 j = 0; j < 3; j++)
			rmap_shadow_add(pfn_to_page(min_pfn + i),
					pte_at(i + j));
	for (u32 i = 0; i < n; i += 2)
		for (u32 j = 0; j < 3; j++)
			rmap_shadow_remove(pfn_to_page(min_pfn + i),
					   pte_at(i + j));
	for (u32 i = 0; i < n; i++) {
		struct page *page = pfn_to_page(min_pfn + i);
		u32 want = i % 2 ? 1 : 0;

		cr_assert_eq(rmap_shadow_page_count(page), 3 * want,
			     "page %u: %u entries", i,
			     rmap_shadow_page_count(page));
		for (u32 j = 0; j < 3; j++)
			cr_assert_eq(rmap_shadow_lookup(page, pte_at(i + j)),
				     want, "page %u entry %u", i, j);
		cr_assert_eq(rmap_shadow_lookup(page, pte_at(i + 3)), 0);
	}
	v = visit_all();
	cr_assert_eq(v.pages, n / 2);
	cr_assert_eq(v.entries, 3 * n / 2);
	cr_assert_eq(v.min_pfn, min_pfn + 1);
	cr_assert_eq(v.max_pfn, min_pfn + n - 1);
	for (u32 i = 1; i < n; i += 2)
		for (u32 j = 0; j < 3; j++)
			rmap_shadow_remove(pfn_to_page(min_pfn + i),
					   pte_at(i + j));
	cr_assert_eq(visit_all().pages, 0);
	test_shutdown();
}

/*
 * Pages at both ends of the NUMA-Q's 16 GiB and one in between, each in
 * a chunk of the totals no other add reached: the end-of-run walk, which
 * reads only the chunks an add reached, visits all three, in pfn order.
 */
static void visit_in_order(unsigned long pfn, u32 count, void *arg)
{
	unsigned long *seen = arg;

	cr_assert_gt(pfn + 1, seen[0], "pfn %#lx after %#lx", pfn, seen[0]);
	seen[0] = pfn + 1;
	seen[1 + seen[4]++] = pfn;
	cr_assert_eq(count, 2);
}

Test(rmap_shadow, visits_pages_at_both_ends_of_ram)
{
	TEST_BOOT("numaq-16");
	const unsigned long pfns[] = { max_pfn - 1, min_pfn,
				       min_pfn + (max_pfn - min_pfn) / 2 };
	unsigned long seen[5] = { 0 };

	for (u32 i = 0; i < 3; i++) {
		rmap_shadow_add(pfn_to_page(pfns[i]), pte_at(i));
		rmap_shadow_add(pfn_to_page(pfns[i]), pte_at(i + 3));
	}
	rmap_shadow_for_each_page(visit_in_order, seen);
	cr_assert_eq(seen[4], 3);
	cr_assert_eq(seen[1], pfns[1]);
	cr_assert_eq(seen[2], pfns[2]);
	cr_assert_eq(seen[3], pfns[0]);
	for (u32 i = 0; i < 3; i++) {
		rmap_shadow_remove(pfn_to_page(pfns[i]), pte_at(i));
		rmap_shadow_remove(pfn_to_page(pfns[i]), pte_at(i + 3));
	}
	cr_assert_eq(visit_all().pages, 0);
	test_shutdown();
}

Test(rmap_shadow, removing_an_entry_never_added_panics)
{
	TEST_BOOT("numaq-16");
	struct page *p = pfn_to_page(min_pfn + 7);
	char want[96];

	rmap_shadow_add(p, pte_at(0));
	snprintf(
		want, sizeof(want),
		"rmap_shadow_remove: page %#lx has no rmap entry %#llx to remove",
		min_pfn + 7, (unsigned long long)pte_at(1));
	EXPECT_PANIC(want, { rmap_shadow_remove(p, pte_at(1)); });
}

/*
 * rmap_init starts every boot with rmap_shadow_init, which drops what a
 * previous run (perhaps one abandoned after a panic) left behind.
 */
Test(rmap_shadow, init_starts_empty)
{
	TEST_BOOT("numaq-16");
	for (u32 i = 0; i < 1000; i++)
		rmap_shadow_add(pfn_to_page(min_pfn + 3), pte_at(i));
	cr_assert_eq(rmap_shadow_page_count(pfn_to_page(min_pfn + 3)), 1000);
	rmap_shadow_init();
	cr_assert_eq(rmap_shadow_page_count(pfn_to_page(min_pfn + 3)), 0);
	cr_assert_eq(rmap_shadow_lookup(pfn_to_page(min_pfn + 3), pte_at(0)),
		     0);
	cr_assert_eq(visit_all().pages, 0);
	rmap_shadow_add(pfn_to_page(min_pfn + 3), pte_at(0));
	cr_assert_eq(rmap_shadow_page_count(pfn_to_page(min_pfn + 3)), 1);
	rmap_shadow_remove(pfn_to_page(min_pfn + 3), pte_at(0));
	test_shutdown();
}

/* A user PTE page, mapped as pte_offset_map maps it (as in test_rmap). */
struct ptpage {
	struct page *pt;
	vaddr_t base;
};

static void pt_map(struct ptpage *p)
{
	p->pt = alloc_page(GFP_KERNEL);
	cr_assert(p->pt);
	p->base = kmap_atomic(p->pt, KM_PTE0);
}

static void pt_free(struct ptpage *p)
{
	kunmap_atomic(p->base, KM_PTE0);
	__free_page(p->pt);
}

static vaddr_t ptep(const struct ptpage *p, u32 i)
{
	return p->base + i * pgtable->pte_size;
}

static void add(struct page *page, vaddr_t pte)
{
	pte_chain_free(page_add_rmap(page, pte, pte_chain_alloc(GFP_KERNEL)));
}

/* The shadow holds exactly slots [0, n) of @pt for @page. */
static void assert_shadow(struct page *page, const struct ptpage *pt, u32 from,
			  u32 n)
{
	cr_assert_eq(rmap_shadow_page_count(page), n - from);
	cr_assert_eq(page_rmap_count(page), n - from);
	for (u32 i = 0; i < 16; i++)
		cr_assert_eq(rmap_shadow_lookup(page,
						ptep_to_paddr(ptep(pt, i))),
			     i >= from && i < n ? 1 : 0, "slot %u", i);
}

/*
 * Through the direct mapping, the conversion to a chain, a new head block
 * (NRPTE 7 on kirkwood), removals that move entries between blocks, and
 * page_referenced turning a one-entry chain back into a direct mapping:
 * the shadow follows the entries, not the layout.
 */
Test(rmap_shadow, page_add_and_remove_rmap_keep_it_in_step)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain");
	struct page *page = alloc_page(GFP_HIGHUSER);
	struct ptpage pt;

	cr_assert(page);
	pt_map(&pt);
	for (u32 i = 0; i < 9; i++) {
		add(page, ptep(&pt, i));
		assert_shadow(page, &pt, 0, i + 1);
	}
	for (u32 i = 0; i < 8; i++) {
		page_remove_rmap(page, ptep(&pt, i));
		assert_shadow(page, &pt, i + 1, 9);
	}
	cr_assert(!test_page_flag(page, PG_direct));
	page_referenced(page);
	cr_assert(test_page_flag(page, PG_direct));
	assert_shadow(page, &pt, 8, 9);
	page_remove_rmap(page, ptep(&pt, 8));
	assert_shadow(page, &pt, 0, 0);
	/* 2.6.0 tolerates removing from an unmapped page; so does the shadow. */
	page_remove_rmap(page, ptep(&pt, 8));
	pt_free(&pt);
	__free_page(page);
	test_shutdown();
}

Test(rmap_shadow, reserved_pages_are_not_recorded)
{
	TEST_BOOT("numaq-16");
	struct page *page = alloc_page(GFP_HIGHUSER);
	struct ptpage pt;

	cr_assert(page);
	pt_map(&pt);
	set_page_flag(page, PG_reserved);
	add(page, ptep(&pt, 0));
	cr_assert_eq(rmap_shadow_page_count(page), 0);
	page_remove_rmap(page, ptep(&pt, 0));
	clear_page_flag(page, PG_reserved);
	pt_free(&pt);
	__free_page(page);
	test_shutdown();
}

/* With checks off nothing is recorded: the shadow is checkers' state. */
Test(rmap_shadow, checks_off_records_nothing)
{
	TEST_BOOT("numaq-16", "checks=n");
	struct page *page = alloc_page(GFP_HIGHUSER);
	struct ptpage pt;

	cr_assert(page);
	pt_map(&pt);
	add(page, ptep(&pt, 0));
	add(page, ptep(&pt, 1));
	cr_assert_eq(page_rmap_count(page), 2);
	cr_assert_eq(rmap_shadow_page_count(page), 0);
	cr_assert_eq(visit_all().pages, 0);
	page_remove_rmap(page, ptep(&pt, 0));
	page_remove_rmap(page, ptep(&pt, 1));
	pt_free(&pt);
	__free_page(page);
	test_shutdown();
}
