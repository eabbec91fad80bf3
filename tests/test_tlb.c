// SPDX-License-Identifier: GPL-2.0-only
/*
 * The architectural TLB (src/hw/tlb.c) on its own: loading walks of 4 KiB,
 * 1 MiB and 2 MiB pages, global versus ASID-tagged matching, every
 * invalidate and the count it returns, round-robin replacement within a
 * set, the per-entry generation numbers the host fast path relies on, and
 * the property the coherence checker is built on: an entry stays as loaded,
 * stale, until something invalidates it.
 */
#include <criterion/criterion.h>

#include "base/errno.h"
#include "hw/mmu.h"
#include "hw/ram.h"
#include "hw/tlb.h"

#define RW (PERM_R | PERM_W)

static struct tlb t;

static void setup(u32 entries, u32 ways)
{
	cr_assert_eq(tlb_init(&t, entries, ways), 0);
}

static void teardown(void)
{
	tlb_exit(&t);
}

/* A walk result built by hand. */
static struct mmu_walk walk(phys_addr_t pa, u32 shift, u8 perm, bool global)
{
	return (struct mmu_walk){
		.pa = pa,
		.page_shift = shift,
		.perm = perm,
		.global = global,
	};
}

/* Load a 4 KiB translation of @va to @pa. */
static u32 load4k(u32 va, phys_addr_t pa, u8 asid, bool global)
{
	struct mmu_walk w = walk(pa, 12, RW, global);

	return tlb_insert(&t, va, asid, &w);
}

Test(tlb, init_geometry)
{
	const struct {
		u32 entries, ways, sets;
	} ok[] = {
		{ 64, 64, 1 }, /* Kirkwood: fully associative */
		{ 32, 32, 1 }, /* BeagleBone */
		{ 64, 4, 16 }, /* NUMA-Q P6 */
		{ 512, 4, 128 }, /* Cortex-A15 */
	};

	for (size_t i = 0; i < ARRAY_SIZE(ok); i++) {
		cr_assert_eq(tlb_init(&t, ok[i].entries, ok[i].ways), 0);
		cr_assert_eq(t.sets, ok[i].sets);
		cr_assert_eq(t.ways, ok[i].ways);
		cr_assert_eq(t.set_mask, ok[i].sets - 1);
		cr_assert_eq(tlb_count_valid(&t), 0);
		tlb_exit(&t);
	}
	cr_assert_eq(tlb_init(&t, 0, 4), -EINVAL);
	cr_assert_eq(tlb_init(&t, 64, 0), -EINVAL);
	cr_assert_eq(tlb_init(&t, 10, 4), -EINVAL); /* not whole sets */
	cr_assert_eq(tlb_init(&t, 12, 4), -EINVAL); /* 3 sets */
	cr_assert_null(t.e);
}

Test(tlb, insert_lookup_4k, .fini = teardown)
{
	struct mmu_walk w = walk(0x123456678ull, 12, RW | PERM_X, true);
	const struct tlb_entry *e;
	u32 slot;

	setup(16, 4);
	slot = tlb_insert(&t, 0x12345678, 0, &w);
	/* set = vpn 0x12345 & 3 = 1, first way: slot 4. */
	cr_assert_eq(slot, 4);
	e = &t.e[slot];
	cr_assert(e->valid);
	cr_assert_eq(e->va, 0x12345000);
	cr_assert_eq(e->mask, 0xfffff000);
	cr_assert_eq(e->pa, 0x123456000ull, "pa %#llx",
		     (unsigned long long)e->pa);
	cr_assert_eq(e->page_shift, 12);
	cr_assert_eq(e->perm, RW | PERM_X);
	cr_assert(e->global);
	cr_assert_eq(t.sizes, 1u << 12);
	cr_assert_eq(tlb_lookup(&t, 0x12345000, 0), 4);
	cr_assert_eq(tlb_lookup(&t, 0x12345fff, 7), 4);
	cr_assert_eq(tlb_lookup(&t, 0x12346000, 0), -1);
	cr_assert_eq(tlb_lookup(&t, 0x12344fff, 0), -1);
	cr_assert_eq(tlb_count_valid(&t), 1);
}

Test(tlb, insert_lookup_1m_section, .fini = teardown)
{
	struct mmu_walk w = walk(0x00312345, 20, RW, true);
	const struct tlb_entry *e;
	u32 slot;

	setup(16, 4);
	slot = tlb_insert(&t, 0xc0312345, 0, &w);
	/* set = (va >> 20) & 3 = 0xc03 & 3 = 3: slot 12. */
	cr_assert_eq(slot, 12);
	e = &t.e[slot];
	cr_assert_eq(e->va, 0xc0300000);
	cr_assert_eq(e->mask, 0xfff00000);
	cr_assert_eq(e->pa, 0x00300000);
	cr_assert_eq(e->page_shift, 20);
	cr_assert_eq(t.sizes, 1u << 20);
	cr_assert_eq(tlb_lookup(&t, 0xc0300000, 0), 12);
	cr_assert_eq(tlb_lookup(&t, 0xc03fffff, 0), 12);
	cr_assert_eq(tlb_lookup(&t, 0xc0400000, 0), -1);
	cr_assert_eq(tlb_lookup(&t, 0xc02fffff, 0), -1);
}

Test(tlb, insert_lookup_2m, .fini = teardown)
{
	struct mmu_walk w = walk(0x80312345ull, 21, RW, true);
	const struct tlb_entry *e;
	u32 slot;

	setup(16, 4);
	slot = tlb_insert(&t, 0xc0312345, 0, &w);
	/* set = (va >> 21) & 3 = 0x601 & 3 = 1: slot 4. */
	cr_assert_eq(slot, 4);
	e = &t.e[slot];
	cr_assert_eq(e->va, 0xc0200000);
	cr_assert_eq(e->mask, 0xffe00000);
	cr_assert_eq(e->pa, 0x80200000ull);
	cr_assert_eq(e->page_shift, 21);
	cr_assert_eq(tlb_lookup(&t, 0xc0200000, 0), 4);
	cr_assert_eq(tlb_lookup(&t, 0xc03fffff, 0), 4);
	cr_assert_eq(tlb_lookup(&t, 0xc0400000, 0), -1);
	cr_assert_eq(tlb_lookup(&t, 0xc01fffff, 0), -1);
}

Test(tlb, mixed_page_sizes, .fini = teardown)
{
	struct mmu_walk big = walk(0x00400000, 21, RW, true);
	struct mmu_walk sect = walk(0x00700000, 20, RW, true);
	u32 s4k, s2m, s1m;

	setup(16, 4);
	s4k = load4k(0x00001000, 0x9000, 0, true);
	s2m = tlb_insert(&t, 0xc0400000, 0, &big);
	s1m = tlb_insert(&t, 0xc0700000, 0, &sect);
	cr_assert_eq(t.sizes, (1u << 12) | (1u << 20) | (1u << 21));
	cr_assert_eq(tlb_lookup(&t, 0x00001abc, 0), (int)s4k);
	cr_assert_eq(tlb_lookup(&t, 0xc05fffff, 0), (int)s2m);
	cr_assert_eq(tlb_lookup(&t, 0xc07fffff, 0), (int)s1m);
	cr_assert_eq(tlb_lookup(&t, 0xc0800000, 0), -1);
	cr_assert_eq(tlb_count_valid(&t), 3);
}

Test(tlb, global_and_asid_matching, .fini = teardown)
{
	u32 g, a1, a2;

	setup(16, 4);
	/* A global entry answers for every ASID. */
	g = load4k(0xc0001000, 0x1000, 1, true);
	cr_assert_eq(tlb_lookup(&t, 0xc0001000, 1), (int)g);
	cr_assert_eq(tlb_lookup(&t, 0xc0001000, 2), (int)g);
	cr_assert_eq(tlb_lookup(&t, 0xc0001000, 255), (int)g);
	/* A non-global one only for its own. */
	a1 = load4k(0x00008000, 0x20000, 1, false);
	cr_assert_eq(t.e[a1].asid, 1);
	cr_assert_not(t.e[a1].global);
	cr_assert_eq(tlb_lookup(&t, 0x00008000, 1), (int)a1);
	cr_assert_eq(tlb_lookup(&t, 0x00008000, 2), -1);
	/* The same VA for another ASID is a separate entry. */
	a2 = load4k(0x00008000, 0x30000, 2, false);
	cr_assert_neq(a1, a2);
	cr_assert_eq(tlb_lookup(&t, 0x00008000, 1), (int)a1);
	cr_assert_eq(tlb_lookup(&t, 0x00008000, 2), (int)a2);
	cr_assert_eq(t.e[a2].pa, 0x30000);
}

Test(tlb, inv_va_global_or_matching_asid, .fini = teardown)
{
	struct mmu_walk sect = walk(0x00300000, 20, RW, true);
	u32 a2;

	setup(16, 4);
	load4k(0x00008000, 0x20000, 1, false);
	a2 = load4k(0x00008000, 0x30000, 2, false);
	load4k(0xc0001000, 0x1000, 1, true);
	tlb_insert(&t, 0xc0300000, 0, &sect);
	cr_assert_eq(tlb_count_valid(&t), 4);
	/* Only ASID 1's entry for the VA goes. */
	cr_assert_eq(tlb_inv_va(&t, 0x00008abc, 1), 1);
	cr_assert_eq(tlb_lookup(&t, 0x00008000, 1), -1);
	cr_assert_eq(tlb_lookup(&t, 0x00008000, 2), (int)a2);
	/* Nothing for an ASID that has no entry there. */
	cr_assert_eq(tlb_inv_va(&t, 0x00008000, 3), 0);
	/* A global entry goes whatever the ASID. */
	cr_assert_eq(tlb_inv_va(&t, 0xc0001000, 9), 1);
	/* Any VA inside a section removes the section. */
	cr_assert_eq(tlb_inv_va(&t, 0xc03ff000, 0), 1);
	cr_assert_eq(tlb_count_valid(&t), 1);
	cr_assert_eq(tlb_inv_va(&t, 0xc03ff000, 0), 0);
}

Test(tlb, inv_va_all_asids, .fini = teardown)
{
	setup(16, 4);
	load4k(0x00008000, 0x20000, 1, false);
	load4k(0x00008000, 0x30000, 2, false);
	load4k(0xc0001000, 0x1000, 1, true);
	load4k(0x0000a000, 0x40000, 1, false);
	cr_assert_eq(tlb_inv_va_all_asids(&t, 0x00008010), 2);
	cr_assert_eq(tlb_inv_va_all_asids(&t, 0x0000a010), 1);
	cr_assert_eq(tlb_inv_va_all_asids(&t, 0x0000b000), 0);
	cr_assert_eq(tlb_inv_va_all_asids(&t, 0xc0001000), 1);
	cr_assert_eq(tlb_count_valid(&t), 0);
}

Test(tlb, inv_asid, .fini = teardown)
{
	setup(16, 4);
	load4k(0x00008000, 0x20000, 1, false);
	load4k(0x00009000, 0x21000, 1, false);
	load4k(0x00008000, 0x30000, 2, false);
	/* Loaded while ASID 1 ran, but global: not ASID 1's. */
	load4k(0xc0001000, 0x1000, 1, true);
	cr_assert_eq(tlb_inv_asid(&t, 1), 2);
	cr_assert_eq(tlb_count_valid(&t), 2);
	cr_assert_neq(tlb_lookup(&t, 0x00008000, 2), -1);
	cr_assert_neq(tlb_lookup(&t, 0xc0001000, 1), -1);
	cr_assert_eq(tlb_inv_asid(&t, 1), 0);
	cr_assert_eq(tlb_inv_asid(&t, 2), 1);
}

Test(tlb, inv_nonglobal, .fini = teardown)
{
	setup(16, 4);
	load4k(0x00008000, 0x20000, 1, false);
	load4k(0x00009000, 0x21000, 2, false);
	load4k(0x0000a000, 0x22000, 0, false);
	load4k(0xc0001000, 0x1000, 0, true);
	load4k(0xc0002000, 0x2000, 1, true);
	cr_assert_eq(tlb_inv_nonglobal(&t), 3);
	cr_assert_eq(tlb_count_valid(&t), 2);
	cr_assert_neq(tlb_lookup(&t, 0xc0001000, 5), -1);
	cr_assert_neq(tlb_lookup(&t, 0xc0002000, 5), -1);
	cr_assert_eq(tlb_inv_nonglobal(&t), 0);
}

Test(tlb, inv_all, .fini = teardown)
{
	struct mmu_walk sect = walk(0x00300000, 20, RW, true);

	setup(16, 4);
	load4k(0x00008000, 0x20000, 1, false);
	load4k(0x00009000, 0x21000, 2, false);
	load4k(0xc0001000, 0x1000, 0, true);
	tlb_insert(&t, 0xc0300000, 0, &sect);
	cr_assert_eq(tlb_inv_all(&t), 4);
	cr_assert_eq(tlb_count_valid(&t), 0);
	/* No page size left to probe. */
	cr_assert_eq(t.sizes, 0);
	cr_assert_eq(tlb_lookup(&t, 0xc0300000, 0), -1);
	cr_assert_eq(tlb_inv_all(&t), 0);
}

Test(tlb, round_robin_in_a_set, .fini = teardown)
{
	/* 4 sets x 2 ways; VPNs 0, 4, 8, 12, 16 share set 0. */
	setup(8, 2);
	cr_assert_eq(load4k(0x00000000, 0x100000, 0, true), 0);
	cr_assert_eq(load4k(0x00004000, 0x104000, 0, true), 1);
	/* A fill in set 1 does not disturb set 0's pointer. */
	cr_assert_eq(load4k(0x00001000, 0x101000, 0, true), 2);
	/* Third and fourth replace way 0 then way 1. */
	cr_assert_eq(load4k(0x00008000, 0x108000, 0, true), 0);
	cr_assert_eq(tlb_lookup(&t, 0x00000000, 0), -1);
	cr_assert_eq(tlb_lookup(&t, 0x00004000, 0), 1);
	cr_assert_eq(load4k(0x0000c000, 0x10c000, 0, true), 1);
	cr_assert_eq(tlb_lookup(&t, 0x00004000, 0), -1);
	cr_assert_eq(tlb_lookup(&t, 0x00008000, 0), 0);
	cr_assert_eq(tlb_lookup(&t, 0x0000c000, 0), 1);
	cr_assert_eq(load4k(0x00010000, 0x110000, 0, true), 0);
	/* Set 1 kept its entry through all of this. */
	cr_assert_eq(tlb_lookup(&t, 0x00001000, 0), 2);
	/*
	 * Invalidating does not rewind the pointer: after a flush, the next
	 * fill of set 0 still goes to way 1, round-robin.
	 */
	tlb_inv_all(&t);
	cr_assert_eq(load4k(0x00000000, 0x100000, 0, true), 1);
}

Test(tlb, round_robin_fully_associative, .fini = teardown)
{
	setup(4, 4);
	for (u32 i = 0; i < 4; i++)
		cr_assert_eq(load4k(0x1000 * (i + 1), 0x1000 * i, 0, true), i);
	/* The fifth entry replaces the first loaded. */
	cr_assert_eq(load4k(0x9000, 0x9000, 0, true), 0);
	cr_assert_eq(tlb_lookup(&t, 0x1000, 0), -1);
	cr_assert_eq(tlb_lookup(&t, 0x2000, 0), 1);
}

Test(tlb, generation_numbers, .fini = teardown)
{
	u32 slot;

	setup(8, 2);
	cr_assert_eq(t.gen[0], 0);
	/* Loading a slot bumps it (the old contents are gone). */
	slot = load4k(0x00000000, 0x100000, 0, true);
	cr_assert_eq(slot, 0);
	cr_assert_eq(t.gen[0], 1);
	/* Lookups do not. */
	tlb_lookup(&t, 0x00000000, 0);
	cr_assert_eq(t.gen[0], 1);
	/* Invalidating a valid entry does. */
	cr_assert_eq(tlb_inv_va(&t, 0x00000000, 0), 1);
	cr_assert_eq(t.gen[0], 2);
	/* Invalidates that find nothing do not. */
	tlb_inv_va(&t, 0x00000000, 0);
	tlb_inv_all(&t);
	tlb_inv_asid(&t, 0);
	cr_assert_eq(t.gen[0], 2);
	/* Way 1 now, then way 0 again: eviction of a valid entry bumps. */
	cr_assert_eq(load4k(0x00004000, 0x104000, 0, true), 1);
	cr_assert_eq(t.gen[1], 1);
	cr_assert_eq(load4k(0x00008000, 0x108000, 0, true), 0);
	cr_assert_eq(t.gen[0], 3);
	cr_assert_eq(load4k(0x0000c000, 0x10c000, 0, true), 1);
	cr_assert_eq(t.gen[1], 2);
	/* Each invalidate flavour bumps the entries it removes. */
	load4k(0x00001000, 0x101000, 1, false); /* slot 2 */
	cr_assert_eq(t.gen[2], 1);
	cr_assert_eq(tlb_inv_nonglobal(&t), 1);
	cr_assert_eq(t.gen[2], 2);
	load4k(0x00005000, 0x105000, 3, false); /* slot 3 */
	cr_assert_eq(tlb_inv_asid(&t, 3), 1);
	cr_assert_eq(t.gen[3], 2);
	cr_assert_eq(tlb_inv_va_all_asids(&t, 0x00008000), 1);
	cr_assert_eq(t.gen[0], 4);
	cr_assert_eq(tlb_inv_all(&t), 1);
	cr_assert_eq(t.gen[1], 3);
}

Test(tlb, stale_entry_survives_until_invalidated, .fini = teardown)
{
	struct mmu_walk before = walk(0x00345000, 12, RW, true);
	struct mmu_walk after = walk(0x00999000, 12, PERM_R, true);
	u32 slot;
	int hit;

	setup(16, 4);
	slot = tlb_insert(&t, 0xc0001000, 0, &before);
	/*
	 * The page tables change: a walk now would give @after.  The TLB
	 * does not look at tables on a hit, so the old translation and its
	 * rights stay until an invalidate.
	 */
	hit = tlb_lookup(&t, 0xc0001000, 0);
	cr_assert_eq(hit, (int)slot);
	cr_assert_eq(t.e[hit].pa, 0x00345000);
	cr_assert_eq(t.e[hit].perm, RW);
	cr_assert_eq(tlb_inv_va(&t, 0xc0001000, 0), 1);
	cr_assert_eq(tlb_lookup(&t, 0xc0001000, 0), -1);
	/* The next miss loads what the tables say now. */
	slot = tlb_insert(&t, 0xc0001000, 0, &after);
	cr_assert_eq(t.e[slot].pa, 0x00999000);
	cr_assert_eq(t.e[slot].perm, PERM_R);
}

/* ARMv5 1 MiB section, kernel read/write (AP = 0b01), bit 4 set. */
#define V5_SECT(pa) ((u32)(pa) | (1u << 10) | (1u << 4) | 0x2u)

Test(tlb, stale_entry_against_real_walker, .fini = teardown)
{
	struct mmu_regs regs = {
		.format = MMU_ARM_SHORT,
		.armv6_plus = false,
		.ttbr0 = 0x4000,
	};
	/* VA 0xc0100000: first-level index 0xc01, entry at 0x4000 + 0x3004. */
	const phys_addr_t pmd = 0x4000 + 0xc01 * 4;
	struct mmu_walk w;
	struct ram ram;
	int slot;

	cr_assert_eq(ram_init(&ram, 0, 64ull << 20, 1), 0);
	setup(64, 64);
	ram_write32(&ram, pmd, V5_SECT(0x00100000));
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0100010, &w), MMU_OK);
	cr_assert_eq(w.pa, 0x00100010);
	tlb_insert(&t, 0xc0100010, 0, &w);
	/* Remap the section to another MiB without flushing. */
	ram_write32(&ram, pmd, V5_SECT(0x00200000));
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0100010, &w), MMU_OK);
	cr_assert_eq(w.pa, 0x00200010);
	slot = tlb_lookup(&t, 0xc0100010, 0);
	cr_assert_geq(slot, 0);
	cr_assert_eq(t.e[slot].pa, 0x00100000, "TLB says %#llx",
		     (unsigned long long)t.e[slot].pa);
	/* Unmapping does not remove it either. */
	ram_write32(&ram, pmd, 0);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0100010, &w),
		     MMU_FAULT_TRANSLATION);
	cr_assert_eq(tlb_lookup(&t, 0xc0100010, 0), slot);
	/* Only the flush does. */
	cr_assert_eq(tlb_inv_va(&t, 0xc0100010, 0), 1);
	cr_assert_eq(tlb_lookup(&t, 0xc0100010, 0), -1);
	ram_exit(&ram);
}

/* The lowest valid way matching @va for @asid: every entry looked at. */
static int lookup_by_scan(u32 va, u8 asid)
{
	for (u32 i = 0; i < t.sets * t.ways; i++) {
		const struct tlb_entry *e = &t.e[i];

		if (e->valid && (va & e->mask) == e->va &&
		    (e->global || e->asid == asid))
			return (int)i;
	}
	return -1;
}

/* Which TLBs keep the way index: fully associative, 64 ways at most. */
Test(tlb, index_for_fully_associative, .fini = teardown)
{
	setup(64, 64);
	cr_assert_not_null(t.index);
	teardown();
	setup(32, 32);
	cr_assert_not_null(t.index);
	teardown();
	setup(512, 4);
	cr_assert_null(t.index);
}

/*
 * A 4 KiB entry loaded after a 1 MiB section over the same VA (a table
 * changed without a flush): the indexed lookup returns the lower way, the
 * section, as a scan of every way does, though its size comes second.
 */
Test(tlb, index_lowest_way_across_sizes, .fini = teardown)
{
	struct mmu_walk sect = walk(0x20000000, 20, PERM_R | PERM_W, true);
	struct mmu_walk page = walk(0x30005000, 12, PERM_R, true);
	u32 s1, s2;

	setup(64, 64);
	s1 = tlb_insert(&t, 0xc0105000, 0, &sect);
	s2 = tlb_insert(&t, 0xc0105000, 0, &page);
	cr_assert_lt(s1, s2);
	cr_assert_eq(tlb_lookup(&t, 0xc0105abc, 0), (int)s1);
	/* The 4 KiB entry is found once the section goes. */
	tlb_inv_va(&t, 0xc0100000, 0);
	cr_assert_eq(tlb_lookup(&t, 0xc0105abc, 0), (int)s2);
	tlb_inv_va(&t, 0xc0105000, 0);
	cr_assert_eq(tlb_lookup(&t, 0xc0105abc, 0), -1);
}

/*
 * The plain set-associative lookup: for each page size present, smallest
 * first, every way of its set in order.
 */
static int lookup_by_sets(u32 va, u8 asid)
{
	for (u32 sizes = t.sizes; sizes; sizes &= sizes - 1) {
		u32 set = (va >> __builtin_ctz(sizes)) & t.set_mask;

		for (u32 w = 0; w < t.ways; w++) {
			const struct tlb_entry *e = &t.e[set * t.ways + w];

			if (e->valid && (va & e->mask) == e->va &&
			    (e->global || e->asid == asid))
				return (int)(set * t.ways + w);
		}
	}
	return -1;
}

/*
 * Random loads, replacements and every kind of invalidate over 4 KiB and
 * 1 MiB entries and two ASIDs; after each, tlb_lookup agrees with @ref.
 */
static void random_traffic(int (*ref)(u32 va, u8 asid))
{
	u32 x = 99;

	for (u32 step = 0; step < 20000; step++) {
		u32 r, va;
		u8 asid;

		x = x * 1103515245u + 12345u;
		r = x >> 4;
		va = 0xbf000000 + ((r & 63) << 12) + (((r >> 6) & 3) << 20);
		asid = (r >> 8) & 1;
		if (((r >> 9) & 15) < 8) {
			struct mmu_walk w = walk(0x10000000 + (va & 0x0ffff000),
						 (r >> 13) & 1 ? 20 : 12,
						 PERM_R, (r >> 14) & 1);

			tlb_insert(&t, va, asid, &w);
		} else if (((r >> 9) & 15) < 10) {
			tlb_inv_va(&t, va, asid);
		} else if (((r >> 9) & 15) == 10) {
			tlb_inv_va_all_asids(&t, va);
		} else if (((r >> 9) & 15) == 11) {
			tlb_inv_asid(&t, asid);
		} else if (((r >> 9) & 15) == 12) {
			tlb_inv_nonglobal(&t);
		} else if (((r >> 9) & 15) == 13 && !((r >> 13) & 15)) {
			tlb_inv_all(&t);
		}
		for (u32 p = 0; p < 64; p += 7)
			for (u8 a = 0; a < 2; a++) {
				u32 q = 0xbf000000 + (p << 12) + ((p & 3) << 20);

				cr_assert_eq(tlb_lookup(&t, q, a), ref(q, a),
					     "step %u va %#x asid %u", step, q, a);
			}
	}
}

/* A 64-way TLB's indexed lookup agrees with a scan of every way. */
Test(tlb, index_matches_scan, .fini = teardown)
{
	setup(64, 64);
	random_traffic(lookup_by_scan);
}

/*
 * A 4-way TLB's lookup, which looks only at the ways its valid mask
 * names, agrees with the plain scan of each size's set; and the mask is
 * what the entries say.
 */
Test(tlb, valid_mask_matches_scan, .fini = teardown)
{
	setup(512, 4);
	cr_assert_not_null(t.valid);
	random_traffic(lookup_by_sets);
	for (u32 set = 0; set < t.sets; set++)
		for (u32 w = 0; w < t.ways; w++)
			cr_assert_eq((t.valid[set] >> w) & 1,
				     t.e[set * t.ways + w].valid, "set %u way %u",
				     set, w);
}
