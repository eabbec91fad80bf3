// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmap/kunmap on the pkmap pool: count semantics, the round-robin cursor,
 * the wrap flush (global TLB flush, VIVT whole-cache flush), page_address
 * for pkmapped pages, and waiting when the pool is full.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/tlbflush.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

#define LAST_PKMAP 512

static struct page *pages[LAST_PKMAP + 4];

static void alloc_highpages(u32 n)
{
	for (u32 i = 0; i < n; i++) {
		pages[i] = alloc_page(GFP_HIGHUSER);
		cr_assert(pages[i] && PageHighMem(pages[i]));
	}
}

static void free_highpages(u32 n)
{
	for (u32 i = 0; i < n; i++)
		__free_page(pages[i]);
}

Test(pkmap, first_kmap_takes_slot_one_without_tlb_flush)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct probe p;
	vaddr_t v;

	alloc_highpages(1);
	probe_take(&p);
	v = kmap(pages[0]);
	/* The cursor is pre-incremented from 0: the first slot used is 1. */
	cr_assert_eq(v, PKMAP_ADDR(1));
	cr_assert_eq(v, layout.page_offset - SZ_2M + PAGE_SIZE);
	cr_assert_eq(pkmap_count_of(1), 2, "mapped once: count 1 + 1 user");
	/* A count-0 slot is TLB-clean: the PTE store needs no flush. */
	cr_assert_eq(probe_ev(&p, EV_pte_write), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local), 0);
	cr_assert_eq(probe_ev(&p, EV_pkmap_new), 1);
	cr_assert_eq(page_address(pages[0]), v);
	kunmap(pages[0]);
	cr_assert_eq(pkmap_count_of(1), 1, "unused, maybe still in a TLB");
	/* Lazy unmap: the page keeps its address until the pool wraps. */
	cr_assert_eq(page_address(pages[0]), v);
	free_highpages(1);
	test_shutdown();
}

Test(pkmap, kmap_hit_reuses_the_mapping)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct probe p;
	vaddr_t v, w;

	alloc_highpages(1);
	v = kmap(pages[0]);
	kunmap(pages[0]);
	probe_take(&p);
	w = kmap(pages[0]);
	w = kmap(pages[0]);
	cr_assert_eq(w, v);
	cr_assert_eq(pkmap_count_of(PKMAP_NR(v)), 3, "two users");
	cr_assert_eq(probe_ev(&p, EV_pte_write), 0);
	cr_assert_eq(probe_ev(&p, EV_page_address_lookup), 2);
	kunmap(pages[0]);
	kunmap(pages[0]);
	free_highpages(1);
	test_shutdown();
}

Test(pkmap, lowmem_kmap_is_page_address)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *low = alloc_page(GFP_KERNEL);
	struct probe p;

	probe_take(&p);
	cr_assert_eq(kmap(low), __va(page_to_phys(low)));
	kunmap(low);
	cr_assert_eq(probe_ev(&p, EV_kmap_high), 0);
	__free_page(low);
	test_shutdown();
}

/* Map and unmap 511 pages (slots 1..511), then the 512th new one wraps. */
static void cycle_to_wrap(struct probe *p, vaddr_t *wrap_va)
{
	alloc_highpages(LAST_PKMAP);
	for (u32 i = 0; i < LAST_PKMAP - 1; i++) {
		kmap(pages[i]);
		kunmap(pages[i]);
	}
	cr_assert_eq(pkmap_last_nr(), LAST_PKMAP - 1);
	probe_take(p);
	*wrap_va = kmap(pages[LAST_PKMAP - 1]);
}

Test(pkmap, wrap_flushes_once_on_arm_vivt)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct probe p;
	vaddr_t v;

	cycle_to_wrap(&p, &v);
	cr_assert_eq(v, PKMAP_ADDR(0), "slot 0 is free after the wrap");
	cr_assert_eq(probe_ev(&p, EV_pkmap_flush), 1);
	/* 511 slots at count 1 are cleared, then one new PTE. */
	cr_assert_eq(probe_ev(&p, EV_pte_write), 512);
	/* flush_cache_kmaps: VIVT whole-cache flush. */
	cr_assert_eq(probe_ev(&p, EV_dcache_whole_flush), 1);
	/* One kernel range flush; on a UP ARMv5 it is a per-page loop over
	 * the 512-page window. */
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_global), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local), 512);
	for (u32 i = 1; i < LAST_PKMAP; i++)
		cr_assert_eq(pkmap_count_of(i), 0);
	cr_assert_eq(page_address(pages[0]), 0, "unmapped by the wrap");
	kunmap(pages[LAST_PKMAP - 1]);
	free_highpages(LAST_PKMAP);
	test_shutdown();
}

Test(pkmap, wrap_on_numaq_sends_ipis)
{
	TEST_BOOT("numaq-16");
	struct probe p;
	vaddr_t v;

	cycle_to_wrap(&p, &v);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_global), 1);
	/* x86 flush_tlb_kernel_range = flush_tlb_all on every CPU. */
	cr_assert_eq(probe_ev(&p, EV_ipi), 15);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local_all), 16);
	cr_assert_eq(probe_ev(&p, EV_dcache_whole_flush), 0);
	kunmap(pages[LAST_PKMAP - 1]);
	free_highpages(LAST_PKMAP);
	test_shutdown();
}

Test(pkmap, slots_in_use_survive_the_wrap)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	vaddr_t held;

	alloc_highpages(LAST_PKMAP);
	held = kmap(pages[0]);
	for (u32 i = 1; i < LAST_PKMAP; i++) {
		kmap(pages[i]);
		kunmap(pages[i]);
	}
	/* The wrap cleared the count-1 slots but not the held one. */
	cr_assert_eq(pkmap_count_of(PKMAP_NR(held)), 2);
	cr_assert_eq(page_address(pages[0]), held);
	cr_assert_eq(kv_read32(held), 0);
	kunmap(pages[0]);
	free_highpages(LAST_PKMAP);
	test_shutdown();
}

static u32 waited_release;

/* Stands for another task that drops one of its kmaps. */
static void release_one(void)
{
	kunmap(pages[waited_release]);
	waited_release = LAST_PKMAP + 1;
}

Test(pkmap, full_pool_waits_for_a_kunmap)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct probe p;
	vaddr_t v;

	alloc_highpages(LAST_PKMAP + 1);
	/* Slot 0 is never handed out before the first wrap; hold the
	 * other 511, then wrap and hold slot 0 too. */
	for (u32 i = 0; i < LAST_PKMAP; i++)
		kmap(pages[i]);
	waited_release = 7;
	sched_test_hook = release_one;
	probe_take(&p);
	v = kmap(pages[LAST_PKMAP]);
	sched_test_hook = NULL;
	cr_assert_eq(probe_ev(&p, EV_pkmap_wait), 1);
	cr_assert_eq(waited_release, LAST_PKMAP + 1, "the waiter slept");
	cr_assert_eq(page_address(pages[LAST_PKMAP]), v);
	for (u32 i = 0; i <= LAST_PKMAP; i++)
		if (i != 7)
			kunmap(pages[i]);
	free_highpages(LAST_PKMAP + 1);
	test_shutdown();
}

Test(pkmap, full_pool_without_other_tasks_deadlocks)
{
	TEST_BOOT("kirkwood-openblocks-a7");

	alloc_highpages(LAST_PKMAP + 1);
	for (u32 i = 0; i < LAST_PKMAP; i++)
		kmap(pages[i]);
	EXPECT_PANIC("must wait", { kmap(pages[LAST_PKMAP]); });
}

Test(pkmap, unbalanced_kunmap_is_caught)
{
	TEST_BOOT("kirkwood-openblocks-a7");

	alloc_highpages(1);
	kmap(pages[0]);
	kunmap(pages[0]);
	EXPECT_PANIC("kunmap_high", { kunmap(pages[0]); });
}

Test(pkmap, use_after_kunmap_is_caught)
{
	TEST_BOOT("numaq-16");
	vaddr_t v;

	alloc_highpages(1);
	v = kmap(pages[0]);
	kv_write32(v, 7);
	kunmap(pages[0]);
	EXPECT_PANIC("pkmap entry", { kv_read32(v); });
}

Test(pkmap, skipped_wrap_flush_is_caught)
{
	TEST_BOOT("numaq-16", "cpus=1");
	vaddr_t v;

	alloc_highpages(LAST_PKMAP + 1);
	/* Slot 1 -> pages[0], and the TLB learns it. */
	v = kmap(pages[0]);
	cr_assert_eq(v, PKMAP_ADDR(1));
	kv_read32(v);
	kunmap(pages[0]);
	/* Slots 2..511. */
	for (u32 i = 1; i < LAST_PKMAP - 1; i++) {
		kmap(pages[i]);
		kunmap(pages[i]);
	}
	/* The wrap frees slot 1 but "forgets" its global TLB flush. */
	tlbflush_skip_nth = 1;
	cr_assert_eq(kmap(pages[LAST_PKMAP - 1]), PKMAP_ADDR(0));
	kunmap(pages[LAST_PKMAP - 1]);
	/* A count-0 slot is trusted to be TLB-clean: no flush on reuse. */
	v = kmap(pages[LAST_PKMAP]);
	cr_assert_eq(v, PKMAP_ADDR(1));
	EXPECT_PANIC("missing flush_tlb_kernel_range", { kv_read32(v); });
}
