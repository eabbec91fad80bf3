// SPDX-License-Identifier: GPL-2.0-only
/*
 * The chain-length report (issue 33): each page_remove_rmap under
 * pte_chain rmap counts the PTEs that mapped the page before it, in a
 * power-of-two bucket (1, 2, 3-4, 5-8, ...), for file-backed and
 * anonymous pages apart (events rmap_len_*; "pte_chain_lengths" in
 * --format json).  A constructed case: a file page mapped by five PTEs
 * and an anonymous one by one, all removed.
 */
#include "helpers.h"

#include "arch/pgtable.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mm.h"
#include "mm/rmap.h"

static void add(struct page *page, vaddr_t pte)
{
	pte_chain_free(page_add_rmap(page, pte, pte_chain_alloc(GFP_KERNEL)));
}

Test(chain_lengths, counts_each_removal_by_kind_and_length)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	struct page *pt = alloc_page(GFP_KERNEL | __GFP_HIGHMEM);
	struct page *file = alloc_page(GFP_HIGHUSER);
	struct page *anon = alloc_page(GFP_HIGHUSER);
	vaddr_t base;
	struct probe p;

	cr_assert(pt && file && anon);
	set_page_flag(anon, PG_anon);
	base = kmap_atomic(pt, KM_PTE0);
	for (u32 i = 0; i < 5; i++)
		add(file, base + i * pgtable->pte_size);
	add(anon, base + 5 * pgtable->pte_size);
	probe_take(&p);
	/* Five, four, three, two, one PTEs left before each removal. */
	for (u32 i = 0; i < 5; i++)
		page_remove_rmap(file, base + i * pgtable->pte_size);
	page_remove_rmap(anon, base + 5 * pgtable->pte_size);
	kunmap_atomic(base, KM_PTE0);
	cr_assert_eq(probe_ev(&p, EV_rmap_len_file_8), 1); /* 5 */
	cr_assert_eq(probe_ev(&p, EV_rmap_len_file_4), 2); /* 4, 3 */
	cr_assert_eq(probe_ev(&p, EV_rmap_len_file_2), 1);
	cr_assert_eq(probe_ev(&p, EV_rmap_len_file_1), 1);
	cr_assert_eq(probe_ev(&p, EV_rmap_len_anon_1), 1);
	for (int e = EV_rmap_len_file_1;
	     e < EV_rmap_len_file_1 + 2 * RMAP_LEN_BUCKETS; e++)
		if (e != EV_rmap_len_file_8 && e != EV_rmap_len_file_4 &&
		    e != EV_rmap_len_file_2 && e != EV_rmap_len_file_1 &&
		    e != EV_rmap_len_anon_1)
			cr_assert_eq(probe_ev(&p, e), 0, "%s", event_names[e]);
	clear_page_flag(anon, PG_anon);
	__free_page(anon);
	__free_page(file);
	__free_page(pt);
	test_shutdown();
}

/* The buckets' edges: 1024 is the last bounded one, 1025 is over. */
Test(chain_lengths, json_names_the_buckets)
{
	struct test_sh_output r = test_sh(
		"\"$VMSPLIT_BIN\" run spawn --platform numaq-16 --format json");

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert(
		strstr(r.out,
		       "\"pte_chain_lengths\": {\"buckets\": [\"1\", \"2\", \"3-4\", \"5-8\", \"9-16\", \"17-32\", \"33-64\", \"65-128\", \"129-256\", \"257-512\", \"513-1024\", \">1024\"], \"file\": ["),
		"%s", r.out);
	free(r.out);
	free(r.err);
}
