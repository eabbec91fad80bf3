// SPDX-License-Identifier: GPL-2.0-only
/*
 * The cache model (src/hw/cache.c) on its own, without a machine: geometry
 * of every platform's L1 and L2, hits and misses, dirty state, write
 * allocation, round-robin replacement and the victim it reports, indexing by
 * VA (VIVT, VIPT) or PA (PIPT), alias detection, per-line and whole-cache
 * maintenance, and the dirty-line query the walker checker uses.
 *
 * Most tests use a toy cache of 4 sets x 2 ways x 32-byte lines (256 bytes),
 * so that set conflicts are easy to build by hand: addresses 128 bytes apart
 * fall into the same set.
 */
#include <criterion/criterion.h>

#include "base/errno.h"
#include "helpers.h"
#include "hw/cache.h"
#include "platforms/platform.h"

#define TOY_SIZE 256u
#define TOY_WAYS 2u
#define TOY_LINE 32u
/* Bytes between two addresses of the same set: sets x line. */
#define TOY_STRIDE 128u

static struct cache c;

static void setup(enum cache_kind kind, u32 size, u16 ways, u16 line,
		  bool write_allocate)
{
	struct cache_params p = {
		.size = size,
		.ways = ways,
		.line = line,
		.kind = kind,
		.write_allocate = write_allocate,
	};

	cr_assert_eq(cache_init(&c, &p), 0);
}

static void toy(enum cache_kind kind, bool write_allocate)
{
	setup(kind, TOY_SIZE, TOY_WAYS, TOY_LINE, write_allocate);
}

static void teardown(void)
{
	cache_exit(&c);
}

/* One access; returns its outcome. */
static struct cache_outcome acc(vaddr_t va, phys_addr_t pa, bool write)
{
	struct cache_outcome o;

	cache_access(&c, va, pa, write, &o);
	return o;
}

/* An access through the identity VA, for physically indexed caches. */
static struct cache_outcome pacc(phys_addr_t pa, bool write)
{
	return acc((vaddr_t)pa, pa, write);
}

static void assert_miss_alloc(struct cache_outcome o)
{
	cr_assert_not(o.hit);
	cr_assert(o.allocated);
}

static void assert_hit(struct cache_outcome o)
{
	cr_assert(o.hit);
	cr_assert_not(o.allocated);
	cr_assert_not(o.evicted_dirty);
}

/* Geometry of each platform's caches, from src/platforms/<board>.c. */
struct geometry {
	const char *platform;
	u32 l1_sets, l1_ways, l1_shift;
	enum cache_kind l1_kind;
	u32 l2_sets, l2_ways, l2_shift;
};

static const struct geometry geometries[] = {
	/* L1 16 KiB / 32 B = 512 lines / 4 ways = 128 sets;
	 * L2 256 KiB / 32 B = 8192 lines / 4 ways = 2048 sets. */
	{ "kirkwood-openblocks-a7", 128, 4, 5, CACHE_VIVT, 2048, 4, 5 },
	/* L1 32 KiB / 64 B = 512 lines / 4 = 128 sets;
	 * L2 256 KiB / 64 B = 4096 lines / 8 = 512 sets. */
	{ "beaglebone-white", 128, 4, 6, CACHE_VIPT_NONALIASING, 512, 8, 6 },
	/* The Black: the same AM335x caches. */
	{ "beaglebone-black", 128, 4, 6, CACHE_VIPT_NONALIASING, 512, 8, 6 },
	/* The EVM: the same AM335x caches. */
	{ "am335x-evm", 128, 4, 6, CACHE_VIPT_NONALIASING, 512, 8, 6 },
	/* L1 16 KiB / 32 B = 512 / 4 = 128 sets;
	 * L2 2 MiB / 32 B = 65536 lines / 8 = 8192 sets. */
	{ "numaq-16", 128, 4, 5, CACHE_VIPT_NONALIASING, 8192, 8, 5 },
	/* L1 32 KiB / 64 B = 512 / 2 = 256 sets;
	 * L2 1 MiB / 64 B = 16384 lines / 16 = 1024 sets. */
	{ "cortex-a15-2g", 256, 2, 6, CACHE_PIPT, 1024, 16, 6 },
};

Test(cache, platform_geometry)
{
	for (size_t i = 0; i < ARRAY_SIZE(geometries); i++) {
		const struct geometry *g = &geometries[i];
		const struct platform *p = platform_find(g->platform);
		struct cache l1, l2;

		cr_assert(p, "no platform %s", g->platform);
		cr_assert_eq(cache_init(&l1, &p->hw.l1d), 0, "%s", g->platform);
		cr_assert_eq(cache_init(&l2, &p->hw.l2), 0, "%s", g->platform);
		cr_assert_eq(l1.sets, g->l1_sets, "%s L1 sets %u", g->platform,
			     l1.sets);
		cr_assert_eq(l1.ways, g->l1_ways, "%s", g->platform);
		cr_assert_eq(l1.line_shift, g->l1_shift, "%s", g->platform);
		cr_assert_eq(l1.set_mask, g->l1_sets - 1, "%s", g->platform);
		cr_assert_eq(cache_line_size(&l1), 1u << g->l1_shift);
		cr_assert_eq(l1.kind, g->l1_kind, "%s", g->platform);
		cr_assert_eq(l2.sets, g->l2_sets, "%s L2 sets %u", g->platform,
			     l2.sets);
		cr_assert_eq(l2.ways, g->l2_ways, "%s", g->platform);
		cr_assert_eq(l2.line_shift, g->l2_shift, "%s", g->platform);
		cr_assert_eq(l2.kind, CACHE_PIPT, "%s", g->platform);
		/* Only Kirkwood's VIVT L1 keeps VA/PA line arrays. */
		cr_assert_eq(cache_virtually_indexed(&l1),
			     g->l1_kind == CACHE_VIVT, "%s", g->platform);
		cr_assert_eq(l1.pa_line != NULL, g->l1_kind == CACHE_VIVT);
		cr_assert_null(l2.pa_line);
		/* A set never straddles two 64-byte host lines. */
		cr_assert_eq((uintptr_t)l1.tag % 64, 0, "%s", g->platform);
		cr_assert_eq((uintptr_t)l2.tag % 64, 0, "%s", g->platform);
		cache_exit(&l1);
		cache_exit(&l2);
	}
}

Test(cache, init_rejects_bad_geometry)
{
	const struct cache_params bad[] = {
		{ .size = 0, .ways = 2, .line = 32 },
		{ .size = 256, .ways = 0, .line = 32 },
		{ .size = 256, .ways = 2, .line = 0 },
		/* line not a power of two */
		{ .size = 288, .ways = 2, .line = 48 },
		/* 96 / 32 = 3 lines do not split into 2 ways */
		{ .size = 96, .ways = 2, .line = 32 },
		/* 3 sets: not a power of two */
		{ .size = 96, .ways = 1, .line = 32 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		cr_assert_eq(cache_init(&c, &bad[i]), -EINVAL, "case %zu", i);
		/* A refused cache is left empty. */
		cr_assert_null(c.tag);
		cr_assert_null(c.own_tag);
	}
}

Test(cache, toy_geometry, .fini = teardown)
{
	toy(CACHE_PIPT, true);
	cr_assert_eq(c.sets, 4);
	cr_assert_eq(c.ways, 2);
	cr_assert_eq(c.line_shift, 5);
	cr_assert_eq(c.set_mask, 3);
}

Test(cache, read_miss_then_hit, .fini = teardown)
{
	struct cache_outcome o;

	toy(CACHE_PIPT, true);
	o = pacc(0x1000, false);
	assert_miss_alloc(o);
	cr_assert_not(o.evicted_dirty);
	/* Anywhere in the same 32-byte line hits. */
	assert_hit(pacc(0x1000, false));
	assert_hit(pacc(0x101f, false));
	/* The next line misses. */
	assert_miss_alloc(pacc(0x1020, false));
	/* A read allocates clean. */
	cr_assert_not(cache_pa_dirty(&c, 0x1000));
}

Test(cache, write_hit_marks_dirty, .fini = teardown)
{
	toy(CACHE_PIPT, false);
	assert_miss_alloc(pacc(0x2040, false));
	cr_assert_not(cache_pa_dirty(&c, 0x2040));
	assert_hit(pacc(0x2044, true));
	cr_assert(cache_pa_dirty(&c, 0x2040));
	/* A later read hit leaves it dirty. */
	assert_hit(pacc(0x2040, false));
	cr_assert(cache_pa_dirty(&c, 0x2040));
}

Test(cache, write_miss_with_write_allocate, .fini = teardown)
{
	struct cache_outcome o;

	toy(CACHE_PIPT, true);
	o = pacc(0x3000, true);
	assert_miss_alloc(o);
	cr_assert_not(o.evicted_dirty);
	cr_assert(cache_pa_dirty(&c, 0x3000));
	assert_hit(pacc(0x3000, false));
}

Test(cache, write_miss_without_write_allocate, .fini = teardown)
{
	struct cache_outcome o;
	u32 set = (0x3000 >> 5) & 3;

	toy(CACHE_PIPT, false);
	o = pacc(0x3000, true);
	cr_assert_not(o.hit);
	cr_assert_not(o.allocated);
	cr_assert_not(o.evicted_dirty);
	/* Nothing was filled and the replacement pointer did not move. */
	cr_assert_not(cache_pa_dirty(&c, 0x3000));
	cr_assert_eq(c.victim[set], 0);
	for (u32 i = 0; i < c.sets * c.ways; i++)
		cr_assert_eq(c.tag[i], 0, "line %u", i);
	/* So a read of the line still misses. */
	assert_miss_alloc(pacc(0x3000, false));
}

Test(cache, round_robin_eviction, .fini = teardown)
{
	struct cache_outcome o;

	toy(CACHE_PIPT, true);
	/* Set 0: 0x000, 0x080, 0x100, 0x180.  Way 0 gets a dirty line. */
	o = pacc(0 * TOY_STRIDE, true);
	assert_miss_alloc(o);
	cr_assert_eq(c.victim[0], 1);
	o = pacc(1 * TOY_STRIDE, false);
	assert_miss_alloc(o);
	cr_assert_not(o.evicted_dirty);
	cr_assert_eq(c.victim[0], 0);
	/* Third line: replaces way 0, the dirty 0x000. */
	o = pacc(2 * TOY_STRIDE + 4, false);
	assert_miss_alloc(o);
	cr_assert(o.evicted_dirty);
	cr_assert_eq(o.evicted_pa, 0x000);
	/* Fourth: replaces way 1, the clean 0x080. */
	o = pacc(3 * TOY_STRIDE, false);
	assert_miss_alloc(o);
	cr_assert_not(o.evicted_dirty);
	/* 0x000 and 0x080 are gone, 0x100 and 0x180 stay. */
	assert_hit(pacc(2 * TOY_STRIDE, false));
	assert_hit(pacc(3 * TOY_STRIDE, false));
	/* Back to way 0 (0x100, clean): the hits did not move the pointer. */
	o = pacc(0 * TOY_STRIDE, false);
	assert_miss_alloc(o);
	cr_assert_not(o.evicted_dirty);
	assert_miss_alloc(pacc(2 * TOY_STRIDE, false));
	/* Other sets were never touched: set 1 fills without a victim. */
	cr_assert_eq(c.victim[1], 0);
	o = pacc(0x020, true);
	assert_miss_alloc(o);
	cr_assert_not(o.evicted_dirty);
}

Test(cache, dirty_victim_above_4g, .fini = teardown)
{
	struct cache_outcome o;

	toy(CACHE_PIPT, true);
	/* PAE/LPAE physical addresses: the tag keeps the whole line. */
	pacc(0x100000000ull, true);
	pacc(0x200000000ull, false);
	o = pacc(0x300000000ull, false);
	cr_assert(o.evicted_dirty);
	cr_assert_eq(o.evicted_pa, 0x100000000ull, "evicted %#llx",
		     (unsigned long long)o.evicted_pa);
	/* A PA 4 GiB apart is a different line. */
	assert_miss_alloc(pacc(0x000000000ull, false));
}

Test(cache, vivt_index_and_tag_from_va, .fini = teardown)
{
	toy(CACHE_VIVT, true);
	assert_miss_alloc(acc(0x1000, 0x5000, false));
	/* Same VA, another PA: still a hit (the tag is virtual). */
	assert_hit(acc(0x1000, 0x9000, false));
	/* Same PA under another VA: a miss (a second copy, the alias). */
	assert_miss_alloc(acc(0x2000, 0x5000, false));
}

Test(cache, vivt_set_from_va_victim_pa_physical, .fini = teardown)
{
	struct cache_outcome o;

	toy(CACHE_VIVT, true);
	/*
	 * VAs 0x000, 0x080, 0x100 share set 0; their PAs would fall in sets
	 * 1, 3 and 2 of a PIPT cache.  The third fill evicts the first, so
	 * the set comes from the VA; the victim is reported by its PA.
	 */
	o = acc(0x000, 0x7020, true);
	assert_miss_alloc(o);
	o = acc(0x080, 0x7060, false);
	assert_miss_alloc(o);
	cr_assert_not(o.evicted_dirty);
	o = acc(0x100, 0x7040, false);
	assert_miss_alloc(o);
	cr_assert(o.evicted_dirty);
	cr_assert_eq(o.evicted_pa, 0x7020, "evicted %#llx",
		     (unsigned long long)o.evicted_pa);
	cr_assert_eq(c.va_line[0], 0x100 >> 5);
	cr_assert_eq(c.pa_line[0], 0x7040 >> 5);
}

Test(cache, pipt_index_and_tag_from_pa, .fini = teardown)
{
	struct cache_outcome o;

	toy(CACHE_PIPT, true);
	assert_miss_alloc(acc(0x1000, 0x5000, false));
	/* Same PA under another VA: one line, a hit. */
	assert_hit(acc(0x2000, 0x5000, false));
	/* Same VA, another PA: a miss. */
	assert_miss_alloc(acc(0x1000, 0x9000, false));
	/* VAs of one set but PAs of three sets: no eviction at all. */
	cache_exit(&c);
	toy(CACHE_PIPT, true);
	acc(0x000, 0x7020, true);
	acc(0x080, 0x7060, true);
	o = acc(0x100, 0x7040, true);
	assert_miss_alloc(o);
	cr_assert_not(o.evicted_dirty);
	cr_assert(cache_pa_dirty(&c, 0x7020));
	cr_assert(cache_pa_dirty(&c, 0x7060));
}

Test(cache, vipt_aliasing_colours, .fini = teardown)
{
	vaddr_t other = 0;

	/* 256 sets x 32 B = 8 KiB per way: VA bit 12 picks the colour. */
	setup(CACHE_VIPT_ALIASING, 16 * 1024, 2, 32, true);
	cr_assert(cache_virtually_indexed(&c));
	assert_miss_alloc(acc(0x1000, 0x3000, true));
	/* Tag from the PA: same VA, another PA misses. */
	assert_miss_alloc(acc(0x1000, 0x4000, false));
	/* Same PA through a VA of the same colour: one line, a hit. */
	assert_hit(acc(0x3000, 0x3000, false));
	/* Through a VA of the other colour: another set, the alias. */
	cr_assert(cache_find_alias(&c, 0x2000, 0x3000, true, &other));
	cr_assert_eq(other, 0x1000, "other %#x", other);
	assert_miss_alloc(acc(0x2000, 0x3000, false));
}

/*
 * The Cortex-A8's L1: 32 KiB, 4 ways of 8 KiB, so its index reaches VA bit
 * 12, above the page offset; yet it is "VIPT nonaliasing": the hardware
 * keeps one copy per PA line.  The same PA through a user VA and a
 * direct-map VA of different bit 12 is one line (found by the fuzzer: two
 * copies let a stale dirty line hide under a new PTE page).
 */
Test(cache, vipt_nonaliasing_one_line_per_pa, .fini = teardown)
{
	setup(CACHE_VIPT_NONALIASING, 32 * 1024, 4, 64, false);
	cr_assert_not(cache_virtually_indexed(&c));
	assert_miss_alloc(acc(0x3faab280, 0x8fdf2a80, false));
	assert_hit(acc(0x3faab280, 0x8fdf2a80, true));
	/* Through the direct map, VA bit 12 different: the same line. */
	assert_hit(acc(0xcfdf2a80, 0x8fdf2a80, false));
	cr_assert(cache_pa_dirty(&c, 0x8fdf2a80));
}

Test(cache, find_alias_dirty_only, .fini = teardown)
{
	vaddr_t other = 0xdeadbeef;
	phys_addr_t wb;

	toy(CACHE_VIVT, true);
	acc(0x1000, 0x3000, false);
	/* Clean: only found when clean lines count. */
	cr_assert_not(cache_find_alias(&c, 0x2000, 0x3000, true, &other));
	cr_assert_eq(other, 0xdeadbeef);
	cr_assert(cache_find_alias(&c, 0x2000, 0x3000, false, &other));
	cr_assert_eq(other, 0x1000);
	/* The same VA line is not an alias of itself. */
	cr_assert_not(cache_find_alias(&c, 0x1000, 0x3000, false, &other));
	cr_assert_not(cache_find_alias(&c, 0x101c, 0x3000, false, &other));
	/* Another physical line is not an alias either. */
	cr_assert_not(cache_find_alias(&c, 0x2000, 0x3020, false, &other));
	/* Dirty it: now found with dirty_only, at the line's VA. */
	assert_hit(acc(0x1008, 0x3008, true));
	other = 0;
	cr_assert(cache_find_alias(&c, 0x2010, 0x3010, true, &other));
	cr_assert_eq(other, 0x1000);
	/* Clean it: dirty_only no longer finds it. */
	cr_assert(cache_maint_line(&c, 0x1000, 0x3000, CACHE_CLEAN, &wb));
	cr_assert_not(cache_find_alias(&c, 0x2000, 0x3000, true, &other));
	cr_assert(cache_find_alias(&c, 0x2000, 0x3000, false, &other));
}

Test(cache, find_alias_never_on_physically_indexed)
{
	const enum cache_kind kinds[] = { CACHE_PIPT, CACHE_VIPT_NONALIASING };
	vaddr_t other = 0;

	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		toy(kinds[i], true);
		cr_assert_not(cache_virtually_indexed(&c));
		acc(0x1000, 0x3000, true);
		cr_assert_not(
			cache_find_alias(&c, 0x2000, 0x3000, false, &other));
		cr_assert_not(
			cache_find_alias(&c, 0x2000, 0x3000, true, &other));
		cache_exit(&c);
	}
}

Test(cache, maint_line_clean, .fini = teardown)
{
	phys_addr_t wb = 0;

	toy(CACHE_PIPT, true);
	pacc(0x5000, true);
	/* Selected by any address in the line; reports the line's PA. */
	cr_assert(cache_maint_line(&c, 0x5004, 0x5004, CACHE_CLEAN, &wb));
	cr_assert_eq(wb, 0x5000, "wb %#llx", (unsigned long long)wb);
	cr_assert_not(cache_pa_dirty(&c, 0x5000));
	/* Still present, and nothing left to write back. */
	assert_hit(pacc(0x5000, false));
	wb = 0;
	cr_assert_not(cache_maint_line(&c, 0x5000, 0x5000, CACHE_CLEAN, &wb));
	/* @wb names the line found even when nothing was written. */
	cr_assert_eq(wb, 0x5000);
}

Test(cache, maint_line_absent, .fini = teardown)
{
	phys_addr_t wb = 0x1234;

	toy(CACHE_PIPT, true);
	pacc(0x5000, true);
	cr_assert_not(cache_maint_line(&c, 0x5020, 0x5020, CACHE_FLUSH, &wb));
	cr_assert_not(cache_maint_line(&c, 0x6000, 0x6000, CACHE_CLEAN, &wb));
	cr_assert_eq(wb, 0x1234, "wb touched for an absent line");
	cr_assert(cache_pa_dirty(&c, 0x5000));
}

Test(cache, maint_line_inv_drops_dirty_data, .fini = teardown)
{
	phys_addr_t wb = 0;

	toy(CACHE_PIPT, true);
	pacc(0x5000, true);
	cr_assert_not(cache_maint_line(&c, 0x5000, 0x5000, CACHE_INV, &wb));
	cr_assert_not(cache_pa_dirty(&c, 0x5000));
	assert_miss_alloc(pacc(0x5000, false));
}

Test(cache, maint_line_flush, .fini = teardown)
{
	phys_addr_t wb = 0;

	toy(CACHE_PIPT, true);
	pacc(0x5000, true);
	pacc(0x6020, false);
	cr_assert(cache_maint_line(&c, 0x5010, 0x5010, CACHE_FLUSH, &wb));
	cr_assert_eq(wb, 0x5000);
	assert_miss_alloc(pacc(0x5000, false));
	/* A clean line is dropped without a write-back. */
	cr_assert_not(cache_maint_line(&c, 0x6020, 0x6020, CACHE_FLUSH, &wb));
	cr_assert_eq(wb, 0x6020);
	assert_miss_alloc(pacc(0x6020, false));
}

Test(cache, maint_line_vivt_by_va, .fini = teardown)
{
	phys_addr_t wb = 0;

	toy(CACHE_VIVT, true);
	acc(0x1000, 0x5000, true);
	/* Another VA of the same PA does not find the line. */
	cr_assert_not(cache_maint_line(&c, 0x2000, 0x5000, CACHE_FLUSH, &wb));
	cr_assert_eq(wb, 0);
	/* The VA selects it (the PA argument is not used for VIVT) and the
	 * write-back goes to the line's real PA. */
	cr_assert(cache_maint_line(&c, 0x1000, 0, CACHE_FLUSH, &wb));
	cr_assert_eq(wb, 0x5000, "wb %#llx", (unsigned long long)wb);
	assert_miss_alloc(acc(0x1000, 0x5000, false));
}

struct wb_log {
	u32 n;
	phys_addr_t pa[16];
};

static void log_wb(void *ctx, phys_addr_t pa)
{
	struct wb_log *l = ctx;

	cr_assert_lt(l->n, ARRAY_SIZE(l->pa));
	l->pa[l->n++] = pa;
}

/* Fill the toy PIPT cache: three dirty lines and two clean ones. */
static void fill_mixed(void)
{
	pacc(0x000, true); /* set 0 way 0, dirty */
	pacc(0x080, false); /* set 0 way 1, clean */
	pacc(0x020, true); /* set 1 way 0, dirty */
	pacc(0x040, false); /* set 2 way 0, clean */
	pacc(0x160, true); /* set 3 way 0, dirty */
}

Test(cache, maint_all_clean, .fini = teardown)
{
	struct wb_log log = { 0 };
	const phys_addr_t lines[] = { 0x000, 0x080, 0x020, 0x040, 0x160 };

	toy(CACHE_PIPT, true);
	fill_mixed();
	cr_assert_eq(cache_maint_all(&c, CACHE_CLEAN, log_wb, &log), 3);
	/* Set/way order: set 0 way 0, set 1 way 0, set 3 way 0. */
	cr_assert_eq(log.n, 3);
	cr_assert_eq(log.pa[0], 0x000);
	cr_assert_eq(log.pa[1], 0x020);
	cr_assert_eq(log.pa[2], 0x160);
	/* Everything stays, all clean: a second pass writes nothing. */
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++) {
		cr_assert_not(cache_pa_dirty(&c, lines[i]));
		assert_hit(pacc(lines[i], false));
	}
	cr_assert_eq(cache_maint_all(&c, CACHE_CLEAN, log_wb, &log), 0);
	cr_assert_eq(log.n, 3);
}

Test(cache, maint_all_flush_and_inv, .fini = teardown)
{
	struct wb_log log = { 0 };
	const phys_addr_t lines[] = { 0x000, 0x080, 0x020, 0x040, 0x160 };

	toy(CACHE_PIPT, true);
	fill_mixed();
	/* No callback: only the count. */
	cr_assert_eq(cache_maint_all(&c, CACHE_FLUSH, NULL, NULL), 3);
	for (size_t i = 0; i < c.sets * c.ways; i++)
		cr_assert_eq(c.tag[i], 0);
	fill_mixed();
	/* INV drops dirty data: nothing written, callback never called. */
	cr_assert_eq(cache_maint_all(&c, CACHE_INV, log_wb, &log), 0);
	cr_assert_eq(log.n, 0);
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++)
		cr_assert_not(cache_pa_dirty(&c, lines[i]));
	fill_mixed();
	cr_assert_eq(cache_maint_all(&c, CACHE_FLUSH, log_wb, &log), 3);
	cr_assert_eq(log.pa[0], 0x000);
	cr_assert_eq(log.pa[1], 0x020);
	cr_assert_eq(log.pa[2], 0x160);
}

Test(cache, maint_all_vivt_reports_pa, .fini = teardown)
{
	struct wb_log log = { 0 };

	toy(CACHE_VIVT, true);
	acc(0xc0001000, 0x00045000, true);
	acc(0xc0001020, 0x00046020, false);
	cr_assert_eq(cache_maint_all(&c, CACHE_FLUSH, log_wb, &log), 1);
	cr_assert_eq(log.pa[0], 0x00045000, "wb %#llx",
		     (unsigned long long)log.pa[0]);
}

Test(cache, pa_dirty, .fini = teardown)
{
	toy(CACHE_VIVT, true);
	cr_assert_not(cache_pa_dirty(&c, 0x5000));
	acc(0x1000, 0x5000, false);
	cr_assert_not(cache_pa_dirty(&c, 0x5000));
	acc(0x1000, 0x5000, true);
	/* Any byte of the line; found whatever VA indexes it. */
	cr_assert(cache_pa_dirty(&c, 0x5000));
	cr_assert(cache_pa_dirty(&c, 0x501f));
	cr_assert_not(cache_pa_dirty(&c, 0x5020));
	cr_assert_not(cache_pa_dirty(&c, 0x4fe0));
	/* A VA-tagged line's VA is not a PA. */
	cr_assert_not(cache_pa_dirty(&c, 0x1000));
}

/* Is physical line @pa dirty anywhere?  The reference: every line looked at. */
static bool pa_dirty_by_scan(phys_addr_t pa)
{
	u64 want = pa >> c.line_shift;

	for (u32 i = 0; i < c.sets * c.ways; i++)
		if ((c.tag[i] & (CACHE_VALID | CACHE_DIRTY)) ==
			    (CACHE_VALID | CACHE_DIRTY) &&
		    cache_pline(&c, i) == want)
			return true;
	return false;
}

/* The dirty buckets agree with the tags: their sum is the dirty lines. */
static void assert_buckets_consistent(void)
{
	u32 counted = 0, dirty = 0;

	if (!c.dirty)
		return;
	for (u32 b = 0; b < 1u << CACHE_DIRTY_BUCKETS_SHIFT; b++)
		counted += c.dirty[b];
	for (u32 i = 0; i < c.sets * c.ways; i++)
		dirty += (c.tag[i] & (CACHE_VALID | CACHE_DIRTY)) ==
			 (CACHE_VALID | CACHE_DIRTY);
	cr_assert_eq(counted, dirty);
}

/* Which caches keep dirty buckets: those where a PA can sit in two places. */
Test(cache, dirty_buckets_where_pa_does_not_name_the_line, .fini = teardown)
{
	toy(CACHE_VIVT, false);
	cr_assert_not_null(c.dirty);
	cache_exit(&c);
	/* A VIPT cache whose way (4 KiB) fits in a page: the PA names the set. */
	setup(CACHE_VIPT_NONALIASING, 16 * 1024, 4, 32, false);
	cr_assert_null(c.dirty);
	cache_exit(&c);
	/* The Cortex-A8's 8 KiB ways: non-aliasing, so the PA names it. */
	setup(CACHE_VIPT_NONALIASING, 32 * 1024, 4, 64, false);
	cr_assert_null(c.dirty);
	cache_exit(&c);
	/* An aliasing VIPT cache: VA bit 12 picks the set too. */
	setup(CACHE_VIPT_ALIASING, 32 * 1024, 4, 64, false);
	cr_assert_not_null(c.dirty);
	cache_exit(&c);
	setup(CACHE_PIPT, 256 * 1024, 8, 32, true);
	cr_assert_null(c.dirty);
}

/*
 * A line of a cache with 8 KiB ways, dirty under a VA whose bit 12 differs
 * from its PA's, sits in a set the PA alone does not name: the query must
 * still find it, and lose it once cleaned.
 */
Test(cache, pa_dirty_beyond_the_page_colour, .fini = teardown)
{
	setup(CACHE_VIPT_ALIASING, 32 * 1024, 4, 64, false);
	acc(0x3040, 0x80002040, false);
	cr_assert_not(cache_pa_dirty(&c, 0x80002040));
	acc(0x3040, 0x80002040, true);
	cr_assert(cache_pa_dirty(&c, 0x80002040));
	cr_assert(cache_pa_dirty(&c, 0x8000207f));
	cr_assert_not(cache_pa_dirty(&c, 0x80003040));
	cr_assert_not(cache_maint_line(&c, 0x3040, 0x80002040, CACHE_INV,
				       &(phys_addr_t){ 0 }));
	cr_assert_not(cache_pa_dirty(&c, 0x80002040));
	assert_buckets_consistent();
}

/* A PIPT cache answers from the one set the PA names. */
Test(cache, pa_dirty_physically_indexed, .fini = teardown)
{
	phys_addr_t wb;

	toy(CACHE_PIPT, true);
	pacc(0x5000, true);
	cr_assert(cache_pa_dirty(&c, 0x5010));
	cr_assert_not(cache_pa_dirty(&c, 0x5000 + TOY_STRIDE));
	cr_assert(cache_maint_line(&c, 0x5000, 0x5000, CACHE_CLEAN, &wb));
	cr_assert_not(cache_pa_dirty(&c, 0x5000));
	/* Still resident, clean. */
	assert_hit(pacc(0x5000, false));
}

/*
 * Random reads, writes, evictions and maintenance on a VIVT cache whose
 * lines share few buckets' worth of PAs: after every step the bucketed
 * query and alias search agree with a scan of every line, and the buckets
 * sum to the dirty lines.
 */
Test(cache, dirty_buckets_track_every_transition, .fini = teardown)
{
	u32 x = 12345;

	toy(CACHE_VIVT, false);
	for (u32 step = 0; step < 20000; step++) {
		vaddr_t va;
		phys_addr_t pa, wb;
		vaddr_t other;
		u32 r;

		x = x * 1103515245u + 12345u;
		r = x >> 8;
		/* 16 VA lines over 8 PA lines: aliases come and go. */
		va = 0x10000 + (r & 15) * TOY_LINE * 3;
		pa = 0x40000 + ((r >> 4) & 7) * TOY_LINE * 5;
		switch ((r >> 8) & 7) {
		case 0:
		case 1:
		case 2:
			acc(va, pa, false);
			break;
		case 3:
		case 4:
			acc(va, pa, true);
			break;
		case 5:
			cache_maint_line(&c, va, pa, CACHE_CLEAN, &wb);
			break;
		case 6:
			cache_maint_line(&c, va, pa,
					 (r >> 11) & 1 ? CACHE_FLUSH : CACHE_INV,
					 &wb);
			break;
		case 7:
			if (((r >> 11) & 63) == 0)
				cache_maint_all(&c, CACHE_CLEAN, NULL, NULL);
			break;
		}
		assert_buckets_consistent();
		for (u32 p = 0; p < 8; p++) {
			phys_addr_t q = 0x40000 + p * TOY_LINE * 5;
			bool any_other = false;

			cr_assert_eq(cache_pa_dirty(&c, q), pa_dirty_by_scan(q),
				     "step %u pa %#llx", step,
				     (unsigned long long)q);
			/* The hot path's precheck never rules a dirty line out. */
			cr_assert(!pa_dirty_by_scan(q) ||
				  cache_pa_maybe_dirty(&c, q));
			for (u32 i = 0; i < c.sets * c.ways; i++)
				any_other |= (c.tag[i] & (CACHE_VALID | CACHE_DIRTY)) ==
						     (CACHE_VALID | CACHE_DIRTY) &&
					     c.pa_line[i] == q >> c.line_shift &&
					     c.va_line[i] != va >> c.line_shift;
			cr_assert_eq(cache_find_alias(&c, va, q, true, &other),
				     any_other, "step %u", step);
		}
	}
}

/* The VA-page counts agree with the lines: their sum is the valid lines. */
static void assert_va_pages_consistent(void)
{
	u32 counted = 0, valid = 0;

	for (u32 b = 0; b < 1u << CACHE_VA_PAGE_BUCKETS_SHIFT; b++)
		counted += c.va_pages[b];
	for (u32 i = 0; i < c.sets * c.ways; i++)
		valid += c.tag[i] & CACHE_VALID;
	cr_assert_eq(counted, valid);
}

/* Does any valid line belong to @va's page?  The reference: a scan. */
static bool va_page_by_scan(vaddr_t va)
{
	for (u32 i = 0; i < c.sets * c.ways; i++)
		if ((c.tag[i] & CACHE_VALID) &&
		    (c.va_line[i] << c.line_shift) >> PAGE_SHIFT ==
			    va >> PAGE_SHIFT)
			return true;
	return false;
}

/*
 * A VIVT cache knows when a VA page has no line resident (so that a range
 * flush of it can skip its lookups) and never says so of a page that has
 * one: through fills, evictions, per-line and whole-cache maintenance.
 */
Test(cache, vivt_va_page_residency, .fini = teardown)
{
	u32 x = 777;
	phys_addr_t wb;

	toy(CACHE_VIVT, true);
	cr_assert_not(cache_va_page_maybe_resident(&c, 0x3000));
	acc(0x3020, 0x9020, false);
	cr_assert(cache_va_page_maybe_resident(&c, 0x3000));
	cr_assert(cache_va_page_maybe_resident(&c, 0x3fff));
	cache_maint_line(&c, 0x3020, 0x9020, CACHE_INV, &wb);
	cr_assert_not(cache_va_page_maybe_resident(&c, 0x3000));
	for (u32 step = 0; step < 20000; step++) {
		vaddr_t va;

		x = x * 1103515245u + 12345u;
		va = 0x10000 + ((x >> 8) & 7) * PAGE_SIZE +
		     ((x >> 12) & 15) * TOY_LINE;
		switch ((x >> 20) & 7) {
		case 0:
		case 1:
		case 2:
		case 3:
			acc(va, 0x40000 + (va & 0x7fff), (x >> 24) & 1);
			break;
		case 4:
		case 5:
			cache_maint_line(&c, va, 0, (x >> 24) & 1 ? CACHE_INV :
						    CACHE_FLUSH, &wb);
			break;
		case 6:
			cache_maint_line(&c, va, 0, CACHE_CLEAN, &wb);
			break;
		case 7:
			if (!((x >> 24) & 31))
				cache_maint_all(&c, (x >> 29) & 1 ? CACHE_INV :
							CACHE_FLUSH, NULL, NULL);
			break;
		}
		assert_va_pages_consistent();
		for (u32 p = 0; p < 8; p++) {
			vaddr_t q = 0x10000 + p * PAGE_SIZE;

			/* May say yes for an empty page (a shared bucket), never no for a full one. */
			if (va_page_by_scan(q))
				cr_assert(cache_va_page_maybe_resident(&c, q),
					  "step %u page %#x", step, q);
		}
	}
	cache_inv_all(&c);
	assert_va_pages_consistent();
	for (u32 p = 0; p < 8; p++)
		cr_assert_not(cache_va_page_maybe_resident(&c, 0x10000 + p * PAGE_SIZE));
}

/* cache_inv_all drops every line and every count, as CACHE_INV on each would. */
Test(cache, inv_all_drops_everything, .fini = teardown)
{
	toy(CACHE_VIVT, true);
	acc(0x1000, 0x5000, true);
	acc(0x2000, 0x5000, true);
	acc(0x1080, 0x6080, false);
	cache_inv_all(&c);
	for (u32 i = 0; i < c.sets * c.ways; i++)
		cr_assert_eq(c.tag[i], 0);
	cr_assert_not(cache_pa_dirty(&c, 0x5000));
	assert_buckets_consistent();
	assert_va_pages_consistent();
	assert_miss_alloc(acc(0x1000, 0x5000, false));
}

/* Way holding PA line @pline, the plain way: every tag looked at in order. */
static int find_by_scan(u32 set, u64 pline)
{
	for (u32 w = 0; w < c.ways; w++)
		if ((c.tag[set * c.ways + w] | CACHE_DIRTY) ==
		    ((pline << 2) | CACHE_VALID | CACHE_DIRTY))
			return (int)w;
	return -1;
}

/*
 * Random traffic over a small cache of @ways ways with few sets and many
 * lines: after every access cache_find (four ways a compare where it can)
 * finds what a plain scan finds, for every line that could be there.
 */
static void lookup_matches_scan(u32 ways)
{
	u32 x = 4242, found = 0;
	phys_addr_t wb;

	setup(CACHE_PIPT, 4 * ways * 32, (u16)ways, 32, true);
	for (u32 step = 0; step < 5000; step++) {
		u64 pline;

		x = x * 1103515245u + 12345u;
		pline = (x >> 8) & 127;
		if (((x >> 20) & 7) == 0)
			cache_maint_line(&c, (vaddr_t)(pline << 5), pline << 5,
					 CACHE_FLUSH, &wb);
		else
			pacc(pline << 5, (x >> 24) & 1);
		for (u64 l = 0; l < 128; l++) {
			int w = find_by_scan((u32)l & c.set_mask, l);

			cr_assert_eq(cache_find(&c, (u32)l & c.set_mask, l), w,
				     "%u ways, step %u line %llu", ways, step,
				     (unsigned long long)l);
			found += w >= 0;
		}
	}
	/* The traffic kept the cache nearly full: every way was compared. */
	cr_assert_gt(found, 5000 * 4 * ways * 3 / 4, "%u ways", ways);
	cache_exit(&c);
}

/* The boards' 2, 4, 8 and 16 ways, and the other paths: 3 and 12. */
Test(cache, lookup_matches_scan)
{
	static const u32 ways[] = { 2, 3, 4, 8, 12, 16 };

	for (u32 i = 0; i < ARRAY_SIZE(ways); i++)
		lookup_matches_scan(ways[i]);
}

/*
 * Lines of one set that differ only in their top tag bit, or in the
 * dirty bit's neighbour: each is found in its own way, and a line that
 * shares all but one bit with them misses.
 */
Test(cache, lookup_compares_every_tag_bit, .fini = teardown)
{
	u64 top = 1ull << (CACHE_LINE_BITS - 1);
	u64 lines[8] = { 0, top, 4, top | 4, top >> 1, 1ull << 20, top | 8,
			 (top >> 1) | 4 };

	/* Four sets: the lines, multiples of four, all sit in set 0. */
	setup(CACHE_PIPT, 8 * 4 * 32, 8, 32, true);
	for (u32 i = 0; i < 8; i++)
		assert_miss_alloc(pacc(lines[i] << 5, i & 1));
	for (u32 i = 0; i < 8; i++)
		cr_assert_eq(cache_find(&c, 0, lines[i]), (int)i, "line %u", i);
	cr_assert_eq(cache_find(&c, 0, top | 12), -1);
	cr_assert_eq(cache_find(&c, 0, top >> 2), -1);
}

/*
 * A tag names 2^CACHE_LINE_BITS lines: 32 GiB of 32-byte lines, 64 GiB
 * of 64-byte ones.  The last line below that is a line like any other; a
 * PA past it stops the lookup rather than alias a line 32 GiB below.
 */
Test(cache, pa_beyond_the_tags_reach_stops, .fini = teardown)
{
	phys_addr_t last = (32ull << 30) - 32;

	toy(CACHE_PIPT, true);
	cr_assert_eq(cache_pa_reach(&c), 32ull << 30);
	assert_miss_alloc(pacc(last, true));
	assert_hit(pacc(last, false));
	cr_assert(cache_pa_dirty(&c, last));
	EXPECT_PANIC("beyond the 32 GiB", { pacc(last + 32, false); });
	EXPECT_PANIC("beyond the 32 GiB", {
		cache_pa_dirty(&c, (32ull << 30) + 0x1000);
	});
	EXPECT_PANIC("beyond the 32 GiB", {
		cache_maint_line(&c, 0, 64ull << 30, CACHE_CLEAN,
				 &(phys_addr_t){ 0 });
	});
	cache_exit(&c);
	setup(CACHE_PIPT, 1024, 2, 64, true);
	cr_assert_eq(cache_pa_reach(&c), 64ull << 30);
	assert_miss_alloc(pacc((64ull << 30) - 64, false));
	EXPECT_PANIC("beyond the 64 GiB", { pacc(64ull << 30, false); });
}

/* The 16-bit bucket counts bound a counted cache to 65535 lines. */
Test(cache, counted_cache_size_bounded)
{
	struct cache_params p = {
		.size = 4u << 20, .ways = 4, .line = 32, .kind = CACHE_VIVT,
	};
	struct cache big;

	cr_assert_eq(cache_init(&big, &p), -EINVAL);
	p.kind = CACHE_PIPT;
	cr_assert_eq(cache_init(&big, &p), 0);
	cache_exit(&big);
}

/*
 * cache.evictions counts the valid lines that leave: a fill over a valid
 * line, a line invalidated or flushed, and an invalidate-all; not a fill
 * of an empty way, a hit, or a clean.
 */
Test(cache, evictions_count_lines_leaving, .fini = teardown)
{
	phys_addr_t wb;

	toy(CACHE_PIPT, true);
	acc(0, 0, false);
	acc(TOY_STRIDE, TOY_STRIDE, true);
	acc(0, 0, true);
	cr_assert_eq(c.evictions, 0);
	/* The set is full: the third line replaces the first. */
	acc(2 * TOY_STRIDE, 2 * TOY_STRIDE, false);
	cr_assert_eq(c.evictions, 1);
	cache_maint_line(&c, TOY_STRIDE, TOY_STRIDE, CACHE_CLEAN, &wb);
	cr_assert_eq(c.evictions, 1);
	cache_maint_line(&c, TOY_STRIDE, TOY_STRIDE, CACHE_FLUSH, &wb);
	cr_assert_eq(c.evictions, 2);
	cache_maint_line(&c, TOY_STRIDE, TOY_STRIDE, CACHE_INV, &wb);
	cr_assert_eq(c.evictions, 2);
	/* Refilled into the way the flush emptied: nothing leaves. */
	acc(TOY_STRIDE, TOY_STRIDE, false);
	cr_assert_eq(c.evictions, 2);
	cache_inv_all(&c);
	cr_assert_eq(c.evictions, 3);
}

/*
 * cache_replacement=random: a miss fills an invalid way first, and into a
 * full set replaces the way the cache's xorshift32 names (x ^= x << 13, x >> 17, x << 5; way = x *
 * ways >> 32).  From state 0x9e3779b9 the first three draws name ways 0,
 * 1 and 0 of the toy's two; the state advances only on a replacement.
 */
Test(cache, random_replacement_follows_its_generator, .fini = teardown)
{
	static const u32 want[] = { 0, 1, 0 };
	u32 set_stride = TOY_SIZE / TOY_WAYS;
	struct cache_outcome o;

	toy(CACHE_PIPT, true);
	c.rng = 0x9e3779b9u;
	/* Fill set 0's ways. */
	for (u32 i = 0; i < TOY_WAYS; i++)
		cr_assert(acc(i * set_stride, i * set_stride, false).allocated);
	cr_assert_eq(c.rng, 0x9e3779b9u);
	for (u32 i = 0; i < ARRAY_SIZE(want); i++) {
		phys_addr_t pa = (TOY_WAYS + i) * set_stride;

		o = acc((vaddr_t)pa, pa, false);
		cr_assert(o.evicted);
		cr_assert_eq(o.index, want[i], "draw %u: way %u", i, o.index);
	}
}

Test(cache, replacement_setting_seeds_every_data_cache)
{
	TEST_BOOT("cortex-a15-2g", "cache_replacement=random");
	for (u32 i = 0; i < machine->ncpus; i++)
		cr_assert_neq(machine->cpu[i].l1d.rng, 0);
	cr_assert_neq(machine->cpu[0].l1d.rng, machine->cpu[1].l1d.rng);
	cr_assert_neq(machine->l2[0].rng, 0);
	test_shutdown();
	TEST_BOOT("cortex-a15-2g", "cache_replacement=round-robin");
	cr_assert_eq(machine->cpu[0].l1d.rng, 0);
	cr_assert_eq(machine->l2[0].rng, 0);
	test_shutdown();
}
