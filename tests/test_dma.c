// SPDX-License-Identifier: GPL-2.0-only
/*
 * Streaming DMA mapping and the Feroceon L2 range operations
 * (src/arch/dma-mapping.c, cache-feroceon-l2.c, cache-dma.c): the number
 * of range chunks, kmap_atomic_pfn calls and PTE writes for a given
 * buffer, each derived by hand from Linux 3.14's calc_range_end in the
 * comment of the test; what CONFIG_HIGHMEM=n and the kmap_atomic_pfn fast
 * path change; and that the simulated L1 and L2 really hold what the
 * maintenance leaves.
 *
 * calc_range_end in short: the range is widened to 32-byte lines (clean)
 * or its partial edge lines are done by PA (invalidate); then chunks of
 * at most 1024 bytes, cut at every 4 KiB boundary.  Under CONFIG_HIGHMEM
 * each chunk is one kmap_atomic_pfn (one PTE write, one local TLB
 * invalidate) and one kunmap_atomic (a 128-line L1 flush and an I-cache
 * invalidate on the VIVT Kirkwood).
 */
#include "helpers.h"

#include "arch/cache-feroceon-l2.h"
#include "arch/cacheflush.h"
#include "arch/dma-coherent.h"
#include "arch/dma-mapping.h"
#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/outercache.h"
#include "hw/access.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/kmalloc.h"

#define KW "kirkwood-openblocks-a7"

static void assert_ev(const struct probe *p, enum event e, u64 want)
{
	u64 got = probe_ev(p, e);

	cr_assert_eq(got, want, "%s: %llu, want %llu", event_names[e],
		     (unsigned long long)got, (unsigned long long)want);
}

struct want {
	enum event e;
	u64 n;
};

/* Every event of the list has counted exactly its n since @p. */
static void assert_evs(const struct probe *p, const struct want *w, u32 nr)
{
	for (u32 i = 0; i < nr; i++)
		assert_ev(p, w[i].e, w[i].n);
}

#define ASSERT_EVS(p, ...)                                        \
	assert_evs(p, (const struct want[]){ __VA_ARGS__ },       \
		   sizeof((const struct want[]){ __VA_ARGS__ }) / \
			   sizeof(struct want))

/* A lowmem block of 2^order pages: its direct-map address. */
static vaddr_t lowbuf(unsigned order, struct page **pagep)
{
	struct page *p = alloc_pages(GFP_KERNEL, order);

	cr_assert(p && !PageHighMem(p), "no lowmem block");
	*pagep = p;
	return page_address(p);
}

static u64 calls(enum cost_centre cc)
{
	return this_cpu()->calls[cc];
}

/* Does the outer cache hold @pa's line; is it dirty? */
static bool l2_holds(phys_addr_t pa, bool *dirty)
{
	struct cache *c = this_cpu()->l2;
	int i = cache_slot_of_pa(c, pa);

	if (i < 0)
		return false;
	*dirty = c->tag[i] & CACHE_DIRTY;
	return true;
}

/*
 * Kirkwood caches allocate on reads only: read each of the first @n lines
 * of @buf (an L1 and L2 fill), then write it (dirty in L1).
 */
static void dirty_l1_lines(vaddr_t buf, u32 n)
{
	for (u32 off = 0; off < n * 32; off += 32) {
		kv_read32(buf + off);
		kv_write32(buf + off, off);
	}
}

/* Chunks of a clean of [start, start + size), by calc_range_end. */
static u32 clean_chunks(phys_addr_t start, u32 size)
{
	phys_addr_t s = start & ~31ull, e = (start + size + 31) & ~31ull;
	u32 n = 0;

	while (s != e) {
		s = calc_range_end(s, e);
		n++;
	}
	return n;
}

Test(dma, calc_range_end_by_hand)
{
	TEST_BOOT(KW);
	/* 1024 at most ... */
	cr_assert_eq(calc_range_end(0, 4096), 1024);
	/* ... never past the page: 3584 + 1024 would be 4608. */
	cr_assert_eq(calc_range_end(3584, 8192), 4096);
	cr_assert_eq(calc_range_end(4064, 8192), 4096);
	/* Short ranges end at their end. */
	cr_assert_eq(calc_range_end(64, 128), 128);
	EXPECT_PANIC("BUG_ON", calc_range_end(8, 128));
}

/*
 * 2048 aligned bytes TO_DEVICE, CONFIG_HIGHMEM=y without the fast path:
 * chunks [0,1024) and [1024,2048), 32 lines each.  Per chunk one
 * kmap_atomic_pfn (a PTE write, whose line the Feroceon cleans) and one
 * kunmap_atomic (128 L1 lines flushed, the I-cache invalidated).  The L1
 * part is one clean range operation over 64 lines.
 */
Test(dma, clean_aligned_highmem_kernel)
{
	TEST_BOOT(KW);
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);
	struct probe p;
	dma_addr_t h;

	probe_take(&p);
	h = dma_map_single(NULL, buf, 2048, DMA_TO_DEVICE);
	cr_assert_eq(h, page_to_phys(page), "the bus address is the PA");
	assert_ev(&p, EV_dma_map, 1);
	assert_ev(&p, EV_l2_range_ops, 2);
	/* The lines, and each PTE's line (cpu_feroceon_set_pte_ext cleans
	 * it from the L2 too). */
	ASSERT_EVS(&p, { EV_l2_lines_maint, 64 + 2 }, { EV_kmap_atomic_pfn, 2 },
		   { EV_kmap_atomic, 2 }, { EV_pte_write, 2 },
		   { EV_tlb_inv_local, 2 }, { EV_dcache_lines_cleaned, 64 + 2 },
		   { EV_dcache_lines_flushed, 2 * 128 },
		   { EV_icache_inv_all, 2 });
	/* The range op looks its fixmap VA up in a TLB just invalidated. */
	assert_ev(&p, EV_tlb_miss, 2);
	probe_take(&p);
	dma_unmap_single(NULL, h, 2048, DMA_TO_DEVICE);
	/* feroceon_dma_unmap_area returns; no outer op for TO_DEVICE. */
	ASSERT_EVS(&p, { EV_dma_unmap, 1 }, { EV_l2_range_ops, 0 },
		   { EV_l2_lines_maint, 0 }, { EV_kmap_atomic_pfn, 0 },
		   { EV_dcache_lines_cleaned, 0 },
		   { EV_dcache_lines_invalidated, 0 });
	__free_pages(page, 0);
	test_shutdown();
}

/*
 * 1448 bytes at page offset 3000, TO_DEVICE: widened to [2976, 4448);
 * chunks [2976,4000) 1024, [4000,4096) 96 (the page ends), [4096,4448)
 * 352: 3 chunks, 46 lines.  The lowmem buffer crosses a page, yet the
 * L1 sees one range operation (dmac_map_area called once).
 */
Test(dma, clean_unaligned_page_crossing)
{
	TEST_BOOT(KW);
	struct page *page;
	vaddr_t buf = lowbuf(1, &page);
	u64 dmac = calls(CC_dmac_map_area);
	struct probe p;

	probe_take(&p);
	dma_map_single(NULL, buf + 3000, 1448, DMA_TO_DEVICE);
	ASSERT_EVS(&p, { EV_l2_range_ops, 3 }, { EV_l2_lines_maint, 46 + 3 },
		   { EV_kmap_atomic_pfn, 3 }, { EV_pte_write, 3 });
	/* L1 lines 3000/32 = 93 .. 4447/32 = 138: 46, plus 3 PTE lines. */
	assert_ev(&p, EV_dcache_lines_cleaned, 46 + 3);
	cr_assert_eq(calls(CC_dmac_map_area) - dmac, 1);
	__free_pages(page, 1);
	test_shutdown();
}

/*
 * research/net-tx-path.md section 4: a 1448-byte payload at every 8-byte
 * offset of a page.  Widened, it is always 1472 bytes (46 lines) from a
 * line start p.  It takes 3 chunks when p is in (2624, 3072) -- a full
 * 1024 first, then less than 448 to the page end, then the rest -- or in
 * (3648, 4096) -- less than 448 to the page end, then more than 1024
 * left; otherwise 2.  That is 13 + 13 of the 128 line starts, four
 * offsets each: 512 x 2 + 26 x 4 = 1128 chunks, a mean of 2.203.
 */
Test(dma, payload_1448_at_every_8_byte_offset)
{
	TEST_BOOT(KW);
	struct page *page;
	vaddr_t buf = lowbuf(1, &page);
	u32 by_hand = 0;
	struct probe p;

	for (u32 o = 0; o < PAGE_SIZE; o += 8)
		by_hand += clean_chunks(page_to_phys(page) + o, 1448);
	cr_assert_eq(by_hand, 1128);
	probe_take(&p);
	for (u32 o = 0; o < PAGE_SIZE; o += 8) {
		dma_addr_t h =
			dma_map_single(NULL, buf + o, 1448, DMA_TO_DEVICE);

		dma_unmap_single(NULL, h, 1448, DMA_TO_DEVICE);
	}
	ASSERT_EVS(&p, { EV_dma_map, 512 }, { EV_l2_range_ops, 1128 },
		   { EV_kmap_atomic_pfn, 1128 }, { EV_pte_write, 1128 },
		   { EV_l2_lines_maint, 512 * 46 + 1128 });
	__free_pages(page, 1);
	test_shutdown();
}

/*
 * A 66-byte header at every 8-byte offset: always 96 bytes (3 lines)
 * once widened, so 1 chunk unless its line start is 4032 or 4064, where
 * the page cuts it in 2: 512 + 8 = 520 chunks, a mean of 1.016.
 */
Test(dma, header_66_at_every_8_byte_offset)
{
	TEST_BOOT(KW);
	struct page *page;
	vaddr_t buf = lowbuf(1, &page);
	struct probe p;

	probe_take(&p);
	for (u32 o = 0; o < PAGE_SIZE; o += 8)
		dma_map_single(NULL, buf + o, 66, DMA_TO_DEVICE);
	ASSERT_EVS(&p, { EV_l2_range_ops, 520 }, { EV_kmap_atomic_pfn, 520 },
		   { EV_l2_lines_maint, 512 * 3 + 520 });
	__free_pages(page, 1);
	test_shutdown();
}

/*
 * A 1514-byte linear frame in a kmalloc-2048 object: the object is
 * 2048-aligned, so [o, o + 1514) widened is at most 1568 bytes inside one
 * page half: always 2 chunks (1024 + the rest), for every 2-byte offset
 * the object leaves room for.
 */
Test(dma, frame_1514_in_kmalloc_2048)
{
	TEST_BOOT(KW);
	vaddr_t obj = kmalloc(2048, GFP_KERNEL);
	u32 maps = 0;
	struct probe p;

	cr_assert(obj, "kmalloc-2048");
	cr_assert_eq(obj & 2047, 0, "kmalloc-2048 objects are 2048-aligned");
	probe_take(&p);
	for (u32 o = 0; o + 1514 <= 2048; o += 2, maps++)
		dma_map_single(NULL, obj + o, 1514, DMA_TO_DEVICE);
	assert_ev(&p, EV_l2_range_ops, 2 * maps);
	kfree(obj);
	test_shutdown();
}

/*
 * mv643xx_eth's RX ring: 1536-byte buffers at k * 1760 + 32 in a 32 KiB
 * frag page (18 of them), mapped and unmapped DMA_FROM_DEVICE.  Every
 * start and length is line-aligned, so there are no edge lines.  Page
 * offsets 32, 1792, 3552, 1216, 2976, 640, 2400, 64, 1824, 3584, 1248,
 * 3008, 672, 2432, 96, 1856, 3616, 1280: 2 chunks each (1024 + 512, or
 * cut at the page into two pieces of at most 1024) except at 2976, 3008
 * and 3616, where more than 1024 bytes are left to the page end after
 * the first 1024 or after the cut: 2,2,2,2,3,2,2,2,2,2,2,3,2,2,2,2,3,2,
 * 39 chunks (mean 2.17) per pass, and again on unmap.  The L1 sees one
 * invalidate range per map and nothing per unmap.
 */
Test(dma, rx_ring_pattern)
{
	static const u32 pattern[18] = { 2, 2, 2, 2, 3, 2, 2, 2, 2,
					 2, 2, 3, 2, 2, 2, 2, 3, 2 };
	TEST_BOOT(KW);
	struct page *page;
	vaddr_t frag = lowbuf(3, &page);
	dma_addr_t h[18];
	struct probe p, all;

	probe_take(&all);
	for (u32 k = 0; k < 18; k++) {
		probe_take(&p);
		h[k] = dma_map_single(NULL, frag + k * 1760 + 32, 1536,
				      DMA_FROM_DEVICE);
		cr_assert_eq(probe_ev(&p, EV_l2_range_ops), pattern[k],
			     "buffer %u: %llu chunks, want %u", k,
			     (unsigned long long)probe_ev(&p, EV_l2_range_ops),
			     pattern[k]);
		assert_ev(&p, EV_kmap_atomic_pfn, pattern[k]);
		/* 48 full lines, none by PA (and the PTE lines). */
		assert_ev(&p, EV_l2_lines_maint, 48 + pattern[k]);
		assert_ev(&p, EV_dcache_lines_invalidated, 48);
		/* Only the fixmap PTE lines are cleaned: no edge lines. */
		assert_ev(&p, EV_dcache_lines_cleaned, pattern[k]);
	}
	for (u32 k = 0; k < 18; k++) {
		probe_take(&p);
		dma_unmap_single(NULL, h[k], 1536, DMA_FROM_DEVICE);
		cr_assert_eq(probe_ev(&p, EV_l2_range_ops), pattern[k]);
		assert_ev(&p, EV_dcache_lines_invalidated, 0);
	}
	assert_ev(&all, EV_l2_range_ops, 2 * 39);
	assert_ev(&all, EV_kmap_atomic_pfn, 2 * 39);
	__free_pages(page, 3);
	test_shutdown();
}

/*
 * FROM_DEVICE, 100 bytes at offset 8: line 0 (bytes 0-31) and line 96
 * (96-127) are partial, so the L2 cleans and invalidates each by PA with
 * no mapping; the full lines [32, 96) are one chunk: one kmap_atomic_pfn,
 * 2 + 2 L2 lines (and the PTE's).  The L1 cleans its two partial lines by MVA, then
 * invalidates lines 0..3 in one range.
 */
Test(dma, inv_unaligned_edges_by_pa)
{
	TEST_BOOT(KW);
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);
	struct probe p;

	probe_take(&p);
	dma_map_single(NULL, buf + 8, 100, DMA_FROM_DEVICE);
	ASSERT_EVS(&p, { EV_l2_range_ops, 1 }, { EV_l2_lines_maint, 4 + 1 },
		   { EV_kmap_atomic_pfn, 1 }, { EV_pte_write, 1 },
		   { EV_dcache_lines_cleaned, 2 + 1 },
		   { EV_dcache_lines_invalidated, 4 });
	/*
	 * 20 bytes inside line 0: the first edge op moves the start past
	 * the end, so no last edge and no chunk -- one PA op, no kmap.
	 */
	probe_take(&p);
	dma_map_single(NULL, buf + 4, 20, DMA_FROM_DEVICE);
	ASSERT_EVS(&p, { EV_l2_range_ops, 0 }, { EV_l2_lines_maint, 1 },
		   { EV_kmap_atomic_pfn, 0 }, { EV_pte_write, 0 });
	__free_pages(page, 0);
	test_shutdown();
}

/* CONFIG_HIGHMEM=n: l2_get_va is __phys_to_virt -- the same 3 chunks as
 * clean_unaligned_page_crossing, with no kmap, PTE write or flush. */
Test(dma, no_highmem_no_kmaps)
{
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n");
	struct page *page;
	vaddr_t buf = lowbuf(1, &page);
	struct probe p;
	dma_addr_t h;

	probe_take(&p);
	h = dma_map_single(NULL, buf + 3000, 1448, DMA_TO_DEVICE);
	dma_unmap_single(NULL, h, 1448, DMA_TO_DEVICE);
	h = dma_map_single(NULL, buf + 32, 1536, DMA_FROM_DEVICE);
	dma_unmap_single(NULL, h, 1536, DMA_FROM_DEVICE);
	/* 3 + 2 (map) + 2 (unmap) chunks. */
	ASSERT_EVS(&p, { EV_l2_range_ops, 7 }, { EV_kmap_atomic_pfn, 0 },
		   { EV_kmap_atomic, 0 }, { EV_pte_write, 0 },
		   { EV_tlb_inv_local, 0 }, { EV_dcache_lines_flushed, 0 },
		   { EV_icache_inv_all, 0 });
	__free_pages(page, 1);
	test_shutdown();
}

/*
 * With the 2014 fast path a lowmem chunk's kmap_atomic_pfn returns the
 * direct map: no PTE write, no flush at kunmap.  A highmem page still
 * takes a slot per chunk: 4 chunks for its 4 KiB, 4 PTE writes.  Its L1
 * part is skipped while no pkmap alias exists (kmap_high_get) and done
 * through the alias once kmap() made one.
 */
Test(dma, fastpath_lowmem_free_highmem_not)
{
	TEST_BOOT(KW, "kmap_pfn_fastpath=y");
	struct page *page, *high = alloc_page(GFP_HIGHUSER);
	vaddr_t buf = lowbuf(1, &page);
	struct probe p;

	cr_assert(high && PageHighMem(high));
	probe_take(&p);
	dma_map_single(NULL, buf + 3000, 1448, DMA_TO_DEVICE);
	ASSERT_EVS(&p, { EV_kmap_atomic_pfn, 3 }, { EV_kmap_atomic_lowmem, 3 },
		   { EV_pte_write, 0 }, { EV_dcache_lines_flushed, 0 },
		   { EV_icache_inv_all, 0 });

	probe_take(&p);
	dma_map_page(NULL, high, 0, PAGE_SIZE, DMA_TO_DEVICE);
	ASSERT_EVS(&p, { EV_l2_range_ops, 4 }, { EV_kmap_atomic_pfn, 4 },
		   { EV_kmap_atomic, 4 }, { EV_pte_write, 4 },
		   { EV_dcache_lines_flushed, 4 * 128 });
	/* No pkmap alias: the L1 cleans only the 4 fixmap PTE lines. */
	assert_ev(&p, EV_dcache_lines_cleaned, 4);

	vaddr_t alias = kmap(high);
	probe_take(&p);
	dma_map_page(NULL, high, 0, PAGE_SIZE, DMA_TO_DEVICE);
	assert_ev(&p, EV_kmap_high_get_hit, 1);
	assert_ev(&p, EV_dcache_lines_cleaned, 128 + 4);
	cr_assert(alias);
	kunmap(high);
	__free_page(high);
	__free_pages(page, 1);
	test_shutdown();
}

/*
 * The caches hold what the maintenance leaves.  With four lines dirty in
 * L1, a TO_DEVICE map writes the L1 line back into the L2 (dirtying it there)
 * and the outer clean writes it to RAM: the line stays, clean.
 */
Test(dma, to_device_cleans_l1_then_l2)
{
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n");
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);
	phys_addr_t pa = page_to_phys(page);
	struct probe p;
	bool dirty;

	dirty_l1_lines(buf, 4);
	cr_assert(cache_pa_dirty(&this_cpu()->l1d, pa), "L1 line dirty");
	probe_take(&p);
	dma_map_single(NULL, buf, 128, DMA_TO_DEVICE);
	assert_ev(&p, EV_l1d_writeback, 4);
	assert_ev(&p, EV_l2_writeback, 4);
	for (u32 off = 0; off < 128; off += 32) {
		cr_assert(!cache_pa_dirty(&this_cpu()->l1d, pa + off));
		cr_assert(l2_holds(pa + off, &dirty), "the L2 keeps the line");
		cr_assert(!dirty, "L2 line %u written back", off);
	}
	__free_pages(page, 0);
	test_shutdown();
}

/*
 * outer_inv_range drops a dirty L2 line without writing it back; a
 * partial edge line is written back first (clean+inv by PA).
 * outer_flush_range: per chunk a clean and an invalidate range operation
 * (under CONFIG_HIGHMEM each with its own kmap_atomic_pfn: see
 * flush_range_maps_twice_per_chunk).
 */
Test(dma, outer_inv_drops_flush_writes_back)
{
	/* Without highmem: a kmap's PTE write would clean lines of its own. */
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n");
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);
	phys_addr_t pa = page_to_phys(page);
	struct probe p;
	bool dirty;

	/* Dirty lines 0..3 in L2: through L1, then out of it. */
	dirty_l1_lines(buf, 4);
	__cpuc_flush_dcache_area(buf, 128);
	cr_assert(l2_holds(pa, &dirty) && dirty, "L2 line dirty");
	probe_take(&p);
	/* [0, 72): lines 0 and 1 full, line 64 partial. */
	outer_inv_range(pa, pa + 72);
	ASSERT_EVS(&p, { EV_l2_writeback, 1 }, { EV_l2_range_ops, 1 },
		   { EV_kmap_atomic_pfn, 0 });
	cr_assert(!l2_holds(pa, &dirty), "line 0 dropped");
	cr_assert(!l2_holds(pa + 32, &dirty), "line 32 dropped");
	cr_assert(!l2_holds(pa + 64, &dirty), "edge line 64 flushed");
	cr_assert(l2_holds(pa + 96, &dirty) && dirty, "line 96 untouched");
	probe_take(&p);
	/* One chunk [96, 128): a clean op and an invalidate op. */
	outer_flush_range(pa + 96, pa + 128);
	assert_ev(&p, EV_l2_range_ops, 2);
	assert_ev(&p, EV_l2_writeback, 1);
	cr_assert(!l2_holds(pa + 96, &dirty));
	__free_pages(page, 0);
	test_shutdown();
}

/* outer_flush_range over 2 KiB: 2 chunks, each cleaned then invalidated
 * by range, each range operation behind its own kmap_atomic_pfn. */
Test(dma, flush_range_maps_twice_per_chunk)
{
	TEST_BOOT(KW);
	struct page *page;
	phys_addr_t pa;
	struct probe p;

	lowbuf(0, &page);
	pa = page_to_phys(page);
	probe_take(&p);
	outer_flush_range(pa, pa + 2048);
	ASSERT_EVS(&p, { EV_l2_range_ops, 4 }, { EV_kmap_atomic_pfn, 4 },
		   { EV_l2_lines_maint, 2 * 64 + 4 });
	__free_pages(page, 0);
	test_shutdown();
}

/*
 * The hardware cost of one chunk with CONFIG_HIGHMEM=n, the TLB warm and
 * the line absent: the two code paths, the IRQ mask written twice, two
 * cp15 writes, one L2 line and the drain -- nothing else.
 */
Test(dma, one_chunk_costs)
{
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n", "icache_model=n");
	const struct hw_costs *hc = &machine->cfg.cost;
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);
	phys_addr_t pa = page_to_phys(page);
	phys_addr_t tmp;
	u64 before;

	cr_assert_eq(hw_translate(this_cpu(), buf, 0, &tmp), 0);
	outer_clean_range(pa + 32, pa + 64);
	before = this_cpu()->cycles;
	outer_clean_range(pa, pa + 32);
	cr_assert_eq(this_cpu()->cycles - before,
		     code_cost[CODE_feroceon_l2_range] +
			     code_cost[CODE_feroceon_l2_chunk] +
			     2 * hc->irq_mask_write + 2 * hc->cp15_op +
			     hc->l2_line_op + hc->barrier);
	cr_assert_gt(hc->cp15_op, 0, "the Kirkwood prices its MCRs");
	__free_pages(page, 0);
	test_shutdown();
}

/* Unmapping FROM_DEVICE marks the whole pages clean (PG_dcache_clean):
 * 8 KiB at offset 100 covers one whole page, the second. */
Test(dma, unmap_from_device_marks_whole_pages_clean)
{
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n");
	struct page *page;
	vaddr_t buf = lowbuf(2, &page);
	dma_addr_t h;

	for (u32 i = 0; i < 4; i++)
		clear_page_flag(page + i, PG_dcache_clean);
	h = dma_map_single(NULL, buf + 100, 8192, DMA_FROM_DEVICE);
	dma_unmap_single(NULL, h, 8192, DMA_FROM_DEVICE);
	cr_assert(!test_page_flag(page, PG_dcache_clean));
	cr_assert(test_page_flag(page + 1, PG_dcache_clean));
	cr_assert(!test_page_flag(page + 2, PG_dcache_clean));
	__free_pages(page, 2);
	test_shutdown();
}

/*
 * The unmap of a buffer the device only read: 3.16's
 * __dma_page_dev_to_cpu skips dma_cache_maint_page (and so
 * dmac_unmap_area) for DMA_TO_DEVICE; 3.14.1's walks it, one call over
 * a lowmem buffer.  A FROM_DEVICE unmap walks in both.
 */
static void unmap_walks(const char *kernel, u64 *to_dev, u64 *from_dev)
{
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n", kernel);
	struct page *page;
	vaddr_t buf = lowbuf(1, &page);
	dma_addr_t h;
	u64 m;

	h = dma_map_single(NULL, buf, 6000, DMA_TO_DEVICE);
	m = calls(CC_dma_cache_maint_page);
	dma_unmap_single(NULL, h, 6000, DMA_TO_DEVICE);
	*to_dev = calls(CC_dma_cache_maint_page) - m;
	h = dma_map_single(NULL, buf, 6000, DMA_FROM_DEVICE);
	m = calls(CC_dma_cache_maint_page);
	dma_unmap_single(NULL, h, 6000, DMA_FROM_DEVICE);
	*from_dev = calls(CC_dma_cache_maint_page) - m;
	__free_pages(page, 1);
	test_shutdown();
}

Test(dma, to_device_unmap_walks_in_3_14_not_3_16)
{
	u64 to16, from16, to14, from14;

	unmap_walks("kernel=3.16", &to16, &from16);
	unmap_walks("kernel=3.14", &to14, &from14);
	cr_assert_eq(to16, 0);
	cr_assert_eq(from16, 1);
	cr_assert_eq(to14, 1);
	cr_assert_eq(from14, 1);
}

/* x86 is coherent: the PA back, no cache maintenance at all. */
Test(dma, numaq_is_coherent)
{
	TEST_BOOT("numaq-16");
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);
	struct probe p;
	dma_addr_t h;

	probe_take(&p);
	h = dma_map_single(NULL, buf + 40, 1448, DMA_TO_DEVICE);
	dma_unmap_single(NULL, h, 1448, DMA_FROM_DEVICE);
	cr_assert_eq(h, page_to_phys(page) + 40);
	ASSERT_EVS(&p, { EV_dma_map, 1 }, { EV_l2_range_ops, 0 },
		   { EV_l2_lines_maint, 0 }, { EV_dcache_lines_cleaned, 0 },
		   { EV_dcache_lines_invalidated, 0 },
		   { EV_kmap_atomic_pfn, 0 });
	__free_pages(page, 0);
	test_shutdown();
}

/*
 * ARMv7 (BeagleBone, 64-byte lines, no outer cache): TO_DEVICE 100 bytes
 * at offset 8 cleans lines 0 and 64; FROM_DEVICE cleans+invalidates the
 * two partial lines and invalidates [0, 64) -- one line; its unmap does
 * the invalidate again.  A device marked coherent gets nothing.
 */
Test(dma, beaglebone_v7_lines)
{
	TEST_BOOT("beaglebone-white");
	struct device coherent = { .init_name = "coherent",
				   .dma_coherent = true };
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);
	struct probe p;
	dma_addr_t h;

	probe_take(&p);
	h = dma_map_single(NULL, buf + 8, 100, DMA_TO_DEVICE);
	assert_ev(&p, EV_dcache_lines_cleaned, 2);
	dma_unmap_single(NULL, h, 100, DMA_TO_DEVICE);
	assert_ev(&p, EV_dcache_lines_invalidated, 0);
	probe_take(&p);
	h = dma_map_single(NULL, buf + 8, 100, DMA_FROM_DEVICE);
	assert_ev(&p, EV_dcache_lines_flushed, 2);
	assert_ev(&p, EV_dcache_lines_invalidated, 1);
	dma_unmap_single(NULL, h, 100, DMA_FROM_DEVICE);
	ASSERT_EVS(&p, { EV_dcache_lines_flushed, 4 },
		   { EV_dcache_lines_invalidated, 2 }, { EV_l2_range_ops, 0 },
		   { EV_l2_lines_maint, 0 }, { EV_kmap_atomic_pfn, 0 });
	probe_take(&p);
	h = dma_map_single(&coherent, buf, 4096, DMA_TO_DEVICE);
	dma_unmap_single(&coherent, h, 4096, DMA_FROM_DEVICE);
	assert_ev(&p, EV_dcache_lines_cleaned, 0);
	assert_ev(&p, EV_dcache_lines_invalidated, 0);
	__free_pages(page, 0);
	test_shutdown();
}

/* The DMA API takes direct-mapped addresses only: a fixmap or pkmap
 * address is a driver bug. */
Test(dma, map_single_rejects_non_lowmem)
{
	TEST_BOOT(KW);
	struct page *high = alloc_page(GFP_HIGHUSER);
	vaddr_t v = kmap_atomic(high);

	EXPECT_PANIC("dma_map_single",
		     dma_map_single(NULL, v, 64, DMA_TO_DEVICE));
}

Test(dma, bad_direction_is_a_bug)
{
	TEST_BOOT(KW);
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);

	EXPECT_PANIC("BUG_ON", dma_map_single(NULL, buf, 64, DMA_NONE));
}

/*
 * A non-aliasing cache (Cortex-A15, 64-byte lines) maps each highmem page
 * of a buffer through kmap_atomic and cleans it: two pages, two slots,
 * 2 x 64 lines; there is no outer cache and no kmap_atomic_pfn.
 */
Test(dma, a15_highmem_pages_through_kmap_atomic)
{
	TEST_BOOT("cortex-a15-2g");
	struct page *high = alloc_pages(GFP_HIGHUSER, 1);
	u64 maint = calls(CC_dma_cache_maint_page);
	struct probe p;
	dma_addr_t h;

	cr_assert(high && PageHighMem(high), "no highmem pair");
	probe_take(&p);
	h = dma_map_page(NULL, high, 0, 2 * PAGE_SIZE, DMA_TO_DEVICE);
	cr_assert_eq(h, page_to_phys(high));
	ASSERT_EVS(&p, { EV_kmap_atomic, 2 },
		   { EV_dcache_lines_cleaned, 2 * 64 },
		   { EV_kmap_atomic_pfn, 0 }, { EV_l2_range_ops, 0 });
	cr_assert_eq(calls(CC_dma_cache_maint_page) - maint, 1);
	cr_assert_eq(calls(CC_dmac_map_area), 2, "one L1 op per page");
	__free_pages(high, 1);
	test_shutdown();
}

/*
 * Without CONFIG_HIGHMEM, l2_get_va is __phys_to_virt: a frame beyond
 * lowmem (here 896 MiB, unused by such a kernel) has no mapping there,
 * and the range operation's translation faults.  The hardware itself
 * refuses a range that crosses a page (its one TLB lookup would
 * process the wrong frame).
 */
Test(dma, l2_range_needs_a_mapping_in_one_page)
{
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n");
	EXPECT_PANIC("has no mapping",
		     outer_clean_range(896ull << 20, (896ull << 20) + 32));
	TEST_BOOT(KW);
	EXPECT_PANIC("not within one page",
		     hw_l2_range_op_va(this_cpu(), layout.page_offset + 4064,
				       layout.page_offset + 4127, CACHE_CLEAN));
}

/*
 * dma_alloc_coherent is __dma_clear_buffer's: a page freed with dirty
 * lines (here four, dirty in L2 after an L1 flush, as a freed PTE page's
 * Linux half is) comes back zeroed and in no cache, so no write-back can
 * land on the device's buffer later.  A fuzz input (fuzz/crashes/
 * coherent-buffer-over-dirty-l2-lines) had the NIC read such a line in
 * the TSO header buffer.
 */
Test(dma, coherent_alloc_leaves_no_line_of_the_last_owner)
{
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n");
	struct coherent_buf cb = { 0 };
	struct page *page;
	vaddr_t buf = lowbuf(0, &page);
	phys_addr_t pa = page_to_phys(page);
	bool dirty;

	dirty_l1_lines(buf, 4);
	__cpuc_flush_dcache_area(buf, 128);
	for (u32 off = 0; off < 128; off += 32) {
		cr_assert(l2_holds(pa + off, &dirty) && dirty,
			  "line %u dirty in L2", off);
		cr_assert(!cache_pa_dirty(&this_cpu()->l1d, pa + off));
	}
	__free_pages(page, 0);
	cr_assert_eq(dma_alloc_coherent(PAGE_SIZE, &cb), 0);
	cr_assert_eq(cb.page, page, "the buddy hands the page back");
	for (u32 off = 0; off < 128; off += 32) {
		cr_assert_not(l2_holds(pa + off, &dirty), "line %u in L2", off);
		cr_assert(!cache_pa_dirty(&this_cpu()->l1d, pa + off));
		cr_assert_eq(coherent_read32(&cb, off), 0);
	}
	dma_free_coherent(&cb);
	test_shutdown();
}
