// SPDX-License-Identifier: GPL-2.0-only
/*
 * sf_buf= (mm/sf_buf.h) on the 2-CPU Cortex-A15: a hit writes no PTE and
 * flushes nothing; a recycle writes one PTE and empties the buffer's
 * mask; a CPU not in the mask invalidates once, locally under
 * SFB_CPUPRIVATE, by shootdown to the others otherwise; the free list
 * recycles the least recently freed buffer; the window comes out of
 * vmalloc; the copies use it; the checkers stop a missing invalidation
 * and a use after free; a VIVT board refuses it.
 */
#include "helpers.h"

#include <string.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/tlbflush.h"
#include "base/errno.h"
#include "experiments/hackbench.h"
#include "fs/vfs.h"
#include "hw/machine.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/kmap_copy.h"
#include "mm/sf_buf.h"

static struct page *highpage(void)
{
	struct page *p = alloc_page(GFP_HIGHUSER);

	cr_assert(p && PageHighMem(p), "no highmem page");
	return p;
}

Test(sf_buf, a_hit_writes_no_pte_and_flushes_nothing)
{
	TEST_BOOT("cortex-a15-2g", "sf_buf=2");
	struct page *a = highpage(), *b = highpage(), *c = highpage();
	struct sf_buf *sa, *sb, *sc;
	struct probe p;

	/* The first buffer on the free list: the window's first page. */
	probe_take(&p);
	sa = sf_buf_alloc(a, SFB_CPUPRIVATE);
	cr_assert_eq(sf_buf_kva(sa), layout.sfbuf_base);
	probe_expect(&p, EV_sf_buf_miss, 1, "miss");
	probe_expect(&p, EV_pte_write, 1, "a recycle's PTE store");
	/* An empty mask: this CPU invalidates its entry and joins it. */
	probe_expect(&p, EV_sf_buf_invlpg, 1, "local invalidate");
	probe_expect(&p, EV_tlb_inv_local, 1, "TLBIMVA");
	cr_assert_eq(sfbuf_cpumask(sf_buf_kva(sa)), 1u);
	kv_write32(sf_buf_kva(sa), 0x5f5f5f5fu);
	sf_buf_free(sa);

	/* Freed, kept mapped: the same page again is a hit. */
	probe_take(&p);
	sa = sf_buf_alloc(a, SFB_CPUPRIVATE);
	cr_assert_eq(sf_buf_kva(sa), layout.sfbuf_base);
	probe_expect(&p, EV_sf_buf_hit, 1, "hit");
	probe_expect(&p, EV_pte_write, 0, "a hit's PTE stores");
	probe_expect(&p, EV_tlb_inv_local, 0, "a hit's invalidates");
	probe_expect(&p, EV_tlb_inv_global, 0, "a hit's shootdowns");
	cr_assert_eq(kv_read32(sf_buf_kva(sa)), 0x5f5f5f5fu);
	sf_buf_free(sa);

	/* b takes the other buffer (the list's head); c then recycles a's,
	 * the least recently freed: its old PTE was live, so the mask
	 * empties and this CPU invalidates again. */
	sb = sf_buf_alloc(b, SFB_CPUPRIVATE);
	cr_assert_eq(sf_buf_kva(sb), layout.sfbuf_base + PAGE_SIZE);
	sf_buf_free(sb);
	probe_take(&p);
	sc = sf_buf_alloc(c, SFB_CPUPRIVATE);
	cr_assert_eq(sf_buf_kva(sc), layout.sfbuf_base);
	probe_expect(&p, EV_sf_buf_miss, 1, "recycle");
	probe_expect(&p, EV_pte_write, 1, "recycle's PTE store");
	probe_expect(&p, EV_sf_buf_invlpg, 1, "invalidate after the remap");
	cr_assert_neq(kv_read32(sf_buf_kva(sc)), 0x5f5f5f5fu,
		      "the remapped VA reads c, not a");
	sf_buf_free(sc);
	__free_page(a);
	__free_page(b);
	__free_page(c);
	test_shutdown();
}

Test(sf_buf, the_mask_limits_the_shootdown)
{
	TEST_BOOT("cortex-a15-2g", "sf_buf=1");
	struct page *a = highpage(), *b = highpage();
	struct sf_buf *sf;
	struct probe p;

	/* Not CPU-private: the other CPU is sent the invalidation once. */
	probe_take(&p);
	sf = sf_buf_alloc(a, 0);
	probe_expect(&p, EV_sf_buf_ipi, 1, "one shootdown");
	cr_assert_eq(sfbuf_cpumask(sf_buf_kva(sf)), 3u);
	sf_buf_free(sf);
	/* Both CPUs in the mask: a hit sends nothing. */
	probe_take(&p);
	sf = sf_buf_alloc(a, 0);
	probe_expect(&p, EV_sf_buf_ipi, 0, "a hit's shootdowns");
	probe_expect(&p, EV_sf_buf_invlpg, 0, "a hit's invalidates");
	sf_buf_free(sf);
	/* A recycle empties the mask: one local invalidate and one
	 * shootdown again. */
	probe_take(&p);
	sf = sf_buf_alloc(b, 0);
	probe_expect(&p, EV_sf_buf_invlpg, 1, "local invalidate");
	probe_expect(&p, EV_sf_buf_ipi, 1, "shootdown");
	sf_buf_free(sf);
	/* CPU-private: a recycle invalidates here only, the mask says so. */
	probe_take(&p);
	sf = sf_buf_alloc(a, SFB_CPUPRIVATE);
	probe_expect(&p, EV_sf_buf_ipi, 0, "private shootdowns");
	cr_assert_eq(sfbuf_cpumask(sf_buf_kva(sf)), 1u);
	sf_buf_free(sf);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}

Test(sf_buf, a_full_pool_falls_back_under_nowait)
{
	TEST_BOOT("cortex-a15-2g", "sf_buf=1");
	struct page *a = highpage(), *b = highpage();
	struct sf_buf *sa;
	struct probe p;
	vaddr_t v;

	sa = sf_buf_alloc(a, SFB_CPUPRIVATE);
	probe_take(&p);
	cr_assert_null(sf_buf_alloc(b, SFB_CPUPRIVATE | SFB_NOWAIT));
	probe_expect(&p, EV_sf_buf_nowait, 1, "nowait");
	/* A copy takes a kmap_atomic slot instead. */
	v = kmap_copy(b, KM_USER0);
	cr_assert(!in_sfbuf_window(v));
	probe_expect(&p, EV_kmap_atomic, 1, "the fallback slot");
	kunmap_copy(v, KM_USER0);
	cr_assert_eq(current->preempt_count, 0);
	sf_buf_free(sa);
	/* Now free: kmap_copy takes the buffer, under kmap_atomic's rules. */
	v = kmap_copy(b, KM_USER0);
	cr_assert(in_sfbuf_window(v));
	/* Preemption off, page faults off (their own count since 4.2). */
	cr_assert_eq(current->preempt_count + current->pagefault_disabled, 2);
	kunmap_copy(v + 100, KM_USER0);
	cr_assert_eq(current->preempt_count, 0);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}

Test(sf_buf, a_missing_invalidation_is_caught)
{
	TEST_BOOT("cortex-a15-2g", "sf_buf=1");
	struct page *a = highpage(), *b = highpage();
	struct sf_buf *sf;

	sf = sf_buf_alloc(a, SFB_CPUPRIVATE);
	(void)kv_read32(sf_buf_kva(sf));	/* the entry is in the TLB */
	sf_buf_free(sf);
	/* The recycle's invalidation skipped, as a kernel bug would. */
	tlbflush_skip_nth = 1;
	EXPECT_PANIC("a mask left set over a remap", {
		sf = sf_buf_alloc(b, SFB_CPUPRIVATE);
		(void)sf_buf_alloc(b, SFB_CPUPRIVATE);
	});
	tlbflush_skip_nth = 0;
}

Test(sf_buf, a_use_after_free_is_caught)
{
	TEST_BOOT("cortex-a15-2g", "sf_buf=1");
	struct page *a = highpage();
	struct sf_buf *sf;

	sf = sf_buf_alloc(a, SFB_CPUPRIVATE);
	sf_buf_free(sf);
	EXPECT_PANIC("through an sf_buf that nobody holds",
		     (void)kv_read32(sf_buf_kva(sf)));
}

Test(sf_buf, tmpfs_copies_hit_their_page)
{
	struct probe p;
	long wrote, read;

	TEST_BOOT("cortex-a15-2g", "sf_buf=64");
	vfs_init();
	probe_take(&p);
	test_run_tmpfs_copies(&wrote, &read);
	cr_assert_eq(wrote, 8 * 512);
	cr_assert_eq(read, 8 * 512);
	/* The file's one highmem page: mapped once, then 15 hits. */
	probe_expect(&p, EV_sf_buf_miss, 1, "one recycle for the file's page");
	probe_expect(&p, EV_sf_buf_hit, 15, "the other copies hit");
	vfs_exit();
	test_shutdown();
}

Test(sf_buf, the_window_comes_out_of_vmalloc)
{
	struct settings s;
	struct kernel_layout with, without;
	char err[256];

	settings_default(&s, platform_find("cortex-a15-2g"));
	cr_assert_eq(layout_compute(&s, &without), 0);
	cr_assert_eq(settings_parse(&s, "sf_buf=600", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0);
	cr_assert_eq(layout_compute(&s, &with), 0);
	/* 600 pages: two PTE pages' worth (4 MiB) below VMALLOC_END. */
	cr_assert_eq(with.sfbuf_base, without.vmalloc_end - (4u << 20));
	cr_assert_eq(with.vmalloc_end, with.sfbuf_base - 2 * PAGE_SIZE);
	cr_assert_eq(with.max_low_pfn, without.max_low_pfn,
		     "ARM's lowmem is set before vmalloc's end moves");
	settings_default(&s, platform_find("numaq-16"));
	cr_assert_eq(layout_compute(&s, &without), 0);
	cr_assert_eq(settings_parse(&s, "sf_buf=512", err, sizeof(err)), 0);
	cr_assert_eq(layout_compute(&s, &with), 0);
	cr_assert_eq(with.sfbuf_base,
		     (without.vmalloc_end & PMD_MASK) - (2u << 20));
}

Test(sf_buf, refused_where_it_cannot_hold)
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find("kirkwood-openblocks-a7"));
	cr_assert_eq(settings_parse(&s, "sf_buf=64", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "sf_buf=64: not on kirkwood-openblocks-a7's VIVT D-cache (a buffer kept mapped after free would alias the page's other mappings; FreeBSD's arm code unmaps on free)");
	cr_assert_eq(settings_parse(&s, "sf_buf=1025", err, sizeof(err)),
		     -EINVAL);
	cr_assert_str_eq(err, "sf_buf: '1025' is not 0..1024 buffers");
}

/*
 * hackbench's pipes with their buffers in highmem, under every checker:
 * each copy in or out takes an sf_buf (or a slot when none is free), and
 * on the NUMA-Q's 16 CPUs the tasks move between CPUs, so a CPU outside a
 * buffer's mask invalidates before it uses one it did not map.
 */
static void hackbench_with(const char *platform, const char *word,
			   struct hackbench_point *pt)
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find(platform));
	cr_assert_eq(settings_parse(&s, word, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(hackbench_measure(&s, 1, 5, true, pt, err, sizeof(err)),
		     0, "%s", err);
}

Test(sf_buf, hackbench_pipes_go_through_it, .timeout = 120)
{
	static struct hackbench_point pt;
	const char *const boards[] = { "cortex-a15-2g", "numaq-16" };

	for (u32 i = 0; i < 2; i++) {
		const u64 *ev = pt.r.events;

		hackbench_with(boards[i], "sf_buf=64", &pt);
		cr_assert_eq(ev[EV_sf_buf_hit] + ev[EV_sf_buf_miss] +
				     ev[EV_sf_buf_nowait],
			     pt.pipes.writes + pt.pipes.reads, "%s", boards[i]);
		cr_assert_gt(ev[EV_sf_buf_hit], 0, "%s", boards[i]);
		/* Every recycle invalidates; so does a first use elsewhere. */
		cr_assert_geq(ev[EV_sf_buf_invlpg], ev[EV_sf_buf_miss], "%s",
			      boards[i]);
		cr_assert_eq(ev[EV_sf_buf_ipi], 0, "the copies are CPU-private");
	}
}
