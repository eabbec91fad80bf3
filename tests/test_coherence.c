// SPDX-License-Identifier: GPL-2.0-only
/*
 * coherence=snoop (hw/coherence.h, issue 31 item 2): the CPUs' private
 * caches snoop each other.  Costs as the boards source them: on the A15 a
 * line from the other L1 is 32 cycles and an invalidation 12 (SCU); on the
 * NUMA-Q a modified line from a CPU of the same quad is 115, from another
 * quad 441, an invalidation 35 within the quad.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "hw/coherence.h"
#include "kernel/lock.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

static struct page *page;

/* A lowmem page's kernel address, every CPU's TLB already holding it (the
 * walks that fill them make transfers of their own, not the test's). */
static vaddr_t test_page(void)
{
	vaddr_t va;

	page = alloc_pages(GFP_KERNEL, 0);
	cr_assert_not_null(page);
	va = (vaddr_t)page_address(page);
	for (u32 i = 0; i < machine->ncpus; i++) {
		machine->cur = &machine->cpu[i];
		(void)kv_read32(va + PAGE_SIZE - 4);
	}
	machine->cur = &machine->cpu[0];
	return va;
}

static void done(void)
{
	machine->cur = &machine->cpu[0];
	__free_pages(page, 0);
	coherence_audit();
	test_shutdown();
}

static void on(u32 cpu)
{
	machine->cur = &machine->cpu[cpu];
}

static u64 ev(u32 cpu, enum event e)
{
	return machine->cpu[cpu].events[e];
}

static u64 cause(u32 cpu, enum charge_cause why)
{
	return machine->cpu[cpu].cause[why];
}

/* Does CPU @cpu's L1 hold @va's line, and is it modified there? */
static int l1_state(u32 cpu, vaddr_t va)
{
	struct cache *l1 = &machine->cpu[cpu].l1d;
	int i = cache_slot_of_pa(l1, __pa(va));

	if (i < 0)
		return 0;
	return cache_line_dirty(l1, (u32)i) ? 2 : 1;
}

#define ABSENT 0
#define CLEAN 1
#define MODIFIED 2

Test(coherence, none_leaves_each_cpu_its_own_copy)
{
	vaddr_t va;

	TEST_BOOT("cortex-a15-2g", "coherence=none");
	cr_assert_not(machine->cfg.coherent);
	va = test_page();
	on(0);
	kv_write32(va, 1);
	on(1);
	/* CPU1 reads what RAM holds; its copy and CPU0's modified one
	 * coexist, and neither knows of the other. */
	cr_assert_eq(kv_read32(va), 1);
	cr_assert_eq(l1_state(0, va), MODIFIED);
	cr_assert_eq(l1_state(1, va), CLEAN);
	cr_assert_eq(ev(1, EV_coh_transfer) + ev(0, EV_coh_inval), 0);
	machine->cur = &machine->cpu[0];
	__free_pages(page, 0);
	test_shutdown();
}

/*
 * A15: a read of a line modified in the other L1 is served by the SCU
 * (32 cycles, not the L2 hit it replaces); the owner's copy is cleaned
 * into the shared L2.  The owner's next store finds its line clean and
 * shared: it invalidates the reader's copy (12).
 */
Test(coherence, a15_reader_gets_the_line_from_the_owner)
{
	u64 coh, l2f, dramf;
	vaddr_t va;

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	cr_assert(machine->cfg.coherent);
	cr_assert_eq(machine->cfg.cost.coh_c2c, 32);
	cr_assert_eq(machine->cfg.cost.coh_inval, 12);
	va = test_page();
	on(0);
	kv_write32(va, 7);
	cr_assert_eq(l1_state(0, va), MODIFIED);

	coh = cause(1, CAUSE_coherence);
	l2f = cause(1, CAUSE_l2_fill);
	dramf = cause(1, CAUSE_dram_fill);
	on(1);
	cr_assert_eq(kv_read32(va), 7);
	cr_assert_eq(ev(1, EV_coh_transfer), 1);
	cr_assert_eq(ev(1, EV_coh_false_sharing), 0);
	cr_assert_eq(cause(1, CAUSE_coherence) - coh, 32);
	cr_assert_eq(cause(1, CAUSE_l2_fill), l2f);
	cr_assert_eq(cause(1, CAUSE_dram_fill), dramf);
	cr_assert_eq(l1_state(0, va), CLEAN);
	cr_assert_eq(l1_state(1, va), CLEAN);
	cr_assert(cache_pa_dirty(machine->cpu[0].l2, __pa(va)));

	coh = cause(0, CAUSE_coherence);
	on(0);
	kv_write32(va, 8);
	cr_assert_eq(ev(0, EV_coh_inval), 1);
	cr_assert_eq(cause(0, CAUSE_coherence) - coh, 12);
	cr_assert_eq(l1_state(0, va), MODIFIED);
	cr_assert_eq(l1_state(1, va), ABSENT);
	/* A store to a line already modified here snoops nobody. */
	kv_write32(va + 4, 9);
	cr_assert_eq(ev(0, EV_coh_inval), 1);
	cr_assert_eq(cause(0, CAUSE_coherence) - coh, 12);

	on(1);
	cr_assert_eq(kv_read32(va), 8);
	cr_assert_eq(ev(1, EV_coh_transfer), 2);
	done();
}

/*
 * Two CPUs taking one spinlock in turn: each acquisition is an atomic
 * store to the lock word, whose line the other CPU holds modified (its
 * release was a store too): one transfer per acquisition but the first,
 * no invalidation, and the release hits.
 */
Test(coherence, spinlock_taken_in_turn_moves_its_line_once_per_acquisition)
{
	struct spinlock l = SPINLOCK_INIT("test");
	vaddr_t va;

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	va = test_page();
	l.kva = va;
	for (u32 i = 0; i < 10; i++) {
		on(i & 1);
		spin_lock_nocharge(&l);
		spin_unlock(&l);
	}
	cr_assert_eq(ev(0, EV_coh_transfer) + ev(1, EV_coh_transfer), 9);
	cr_assert_eq(ev(0, EV_coh_transfer), 4);
	cr_assert_eq(ev(0, EV_coh_inval) + ev(1, EV_coh_inval), 0);
	cr_assert_eq(cause(0, CAUSE_coherence) + cause(1, CAUSE_coherence),
		     9 * 32);
	cr_assert_eq(l1_state(1, va), MODIFIED);
	cr_assert_eq(l1_state(0, va), ABSENT);
	done();
}

/*
 * The same 64-byte line written by two CPUs at bytes 0-3 and 32-35: each
 * store takes the line from the other, which wrote none of those bytes:
 * false sharing, not coherence.
 */
Test(coherence, disjoint_writes_to_one_line_are_false_sharing)
{
	vaddr_t va;

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	va = test_page();
	for (u32 i = 0; i < 6; i++) {
		on(i & 1);
		kv_write32(va + (i & 1) * 32, i);
	}
	cr_assert_eq(ev(0, EV_coh_transfer) + ev(1, EV_coh_transfer), 5);
	cr_assert_eq(ev(0, EV_coh_false_sharing) +
		     ev(1, EV_coh_false_sharing), 5);
	cr_assert_eq(cause(0, CAUSE_false_sharing) +
		     cause(1, CAUSE_false_sharing), 5 * 32);
	cr_assert_eq(cause(0, CAUSE_coherence) + cause(1, CAUSE_coherence), 0);
	/* The same bytes: true sharing. */
	on(0);
	kv_write32(va + 32, 1);
	cr_assert_eq(ev(0, EV_coh_false_sharing) +
		     ev(1, EV_coh_false_sharing), 5);
	cr_assert_eq(cause(0, CAUSE_coherence), 32);
	done();
}

/*
 * NUMA-Q: a modified line read from a CPU of the same quad costs the
 * bus's cache-to-cache transfer, 115, in place of the DRAM fill the
 * reader's private L2 misses; from another quad the remote transfer, 441.
 * A write to a line the others hold clean, served from the writer's own
 * L2, invalidates them in a transaction of its own: 441 when one of them
 * sits in another quad.
 */
Test(coherence, numaq_transfers_cost_the_bus_or_the_iq_link)
{
	u64 coh, dramf;
	vaddr_t va;

	TEST_BOOT("numaq-16", "coherence=snoop");
	va = test_page();
	on(0);
	kv_write32(va, 1);

	coh = cause(1, CAUSE_coherence);
	dramf = cause(1, CAUSE_dram_fill);
	on(1);				/* quad 0 */
	cr_assert_eq(kv_read32(va), 1);
	cr_assert_eq(ev(1, EV_coh_transfer), 1);
	cr_assert_eq(cause(1, CAUSE_coherence) - coh, 115);
	cr_assert_eq(cause(1, CAUSE_dram_fill), dramf);

	on(1);
	kv_write32(va, 2);		/* CPU0 holds it clean: upgrade */
	cr_assert_eq(ev(1, EV_coh_inval), 1);
	cr_assert_eq(cause(1, CAUSE_coherence) - coh, 115 + 35);

	coh = cause(5, CAUSE_coherence);
	on(5);				/* quad 1 */
	cr_assert_eq(machine->cpu[5].node, 1);
	cr_assert_eq(kv_read32(va), 2);
	cr_assert_eq(ev(5, EV_coh_transfer), 1);
	cr_assert_eq(cause(5, CAUSE_coherence) - coh, 441);

	/* CPU1's copy is clean now and CPU5 holds one in quad 1: the
	 * store's upgrade is the remote invalidation. */
	coh = cause(1, CAUSE_coherence);
	on(1);
	kv_write32(va, 3);
	cr_assert_eq(ev(1, EV_coh_inval), 2);
	cr_assert_eq(cause(1, CAUSE_coherence) - coh, 441);
	done();
}

/*
 * NUMA-Q, lines held clean by many CPUs: a read miss stops at the first
 * copy it finds (beside a clean copy none is modified), a write still
 * invalidates every copy.  With the checkers on every holder is looked
 * up; the results are the same.  CPU 2 reads a line CPU 0 wrote and takes
 * it from CPU 0 (115); CPUs 1 and 3 (quad 0), 4, 9 and 13 (quads 1-3) and
 * 0 then read it where others hold it clean, from memory.  CPU 2 writes it
 * (one transaction, remote: 441) and the six others lose their copies;
 * CPU 7 (quad 1) takes it back from CPU 2 across the IQ-Link (441), and
 * CPU 8 finds two clean copies.
 */
static void many_readers(const char *checks, u64 *sums)
{
	static const u32 readers[] = { 1, 3, 4, 9, 13, 0 };
	vaddr_t va;

	TEST_BOOT("numaq-16", "coherence=snoop", checks);
	va = test_page();
	on(0);
	kv_write32(va, 1);
	on(2);
	cr_assert_eq(kv_read32(va), 1);
	for (u32 i = 0; i < ARRAY_SIZE(readers); i++) {
		on(readers[i]);
		cr_assert_eq(kv_read32(va), 1);
		cr_assert_eq(l1_state(readers[i], va), CLEAN);
	}
	cr_assert_eq(ev(2, EV_coh_transfer), 1);
	on(2);
	kv_write32(va, 2);
	cr_assert_eq(ev(2, EV_coh_inval), 1);
	for (u32 i = 0; i < ARRAY_SIZE(readers); i++)
		cr_assert_eq(l1_state(readers[i], va), ABSENT);
	on(7);
	cr_assert_eq(kv_read32(va), 2);
	cr_assert_eq(ev(7, EV_coh_transfer), 1);
	cr_assert_eq(cause(7, CAUSE_coherence), 441);
	on(8);
	cr_assert_eq(kv_read32(va), 2);
	cr_assert_eq(ev(8, EV_coh_transfer), 0);
	cr_assert_eq(l1_state(2, va), CLEAN);
	cr_assert_eq(l1_state(7, va), CLEAN);
	cr_assert_eq(l1_state(8, va), CLEAN);
	for (u32 i = 0; i < machine->ncpus; i++) {
		sums[0] += ev(i, EV_coh_transfer) + ev(i, EV_coh_inval);
		sums[1] += cause(i, CAUSE_coherence);
		sums[2] += machine->cpu[i].cycles;
	}
	done();
}

Test(coherence, a_read_stops_at_the_first_copy_with_the_same_result)
{
	u64 off[3] = { 0 }, on_[3] = { 0 };

	many_readers("checks=n", off);
	many_readers("checks=y", on_);
	cr_assert_eq(off[0], 3);
	cr_assert_eq(off[1], 115 + 441 + 441);
	cr_assert_eq(off[0], on_[0]);
	cr_assert_eq(off[1], on_[1]);
	cr_assert_eq(off[2], on_[2]);
}

/* With one CPU nothing snoops: the setting leaves the machine as it is. */
Test(coherence, one_cpu_has_nobody_to_snoop)
{
	TEST_BOOT("kirkwood-openblocks-a7", "coherence=snoop");
	cr_assert_not(machine->cfg.coherent);
	cr_assert_null(machine->cpu[0].l1d_wmask);
	test_shutdown();
}

/* The audit stops on a line modified on one CPU and held by another. */
Test(coherence, audit_stops_on_a_modified_line_held_twice)
{
	vaddr_t va;
	int i;

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	va = test_page();
	on(0);
	kv_write32(va, 1);
	on(1);
	(void)kv_read32(va);
	/* Break the invariant behind the protocol's back. */
	i = cache_slot_of_pa(&machine->cpu[0].l1d, __pa(va));
	cr_assert_geq(i, 0);
	cache_mark_dirty_shaped(&machine->cpu[0].l1d, CACHE_SHAPE_ANY, (u32)i);
	EXPECT_PANIC("is modified on CPU0 and held by CPU1", coherence_audit());
}

/* The audit stops on a presence count or a holder bit that the tags do not
 * bear out: the snoop filter is checked, not trusted. */
Test(coherence, audit_stops_on_a_wrong_presence_count_or_holder_bit)
{
	vaddr_t va;
	u32 b;

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	va = test_page();
	on(1);
	(void)kv_read32(va);
	b = (u32)(__pa(va) >> machine->cpu[1].l1d.line_shift) &
	    CACHE_PRESENCE_MASK;
	cr_assert_neq(machine->holders[b] & 2u, 0);
	machine->holders[b] &= ~2u;
	EXPECT_PANIC("the holder bits of bucket", coherence_audit());

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	va = test_page();
	on(1);
	(void)kv_read32(va);
	b = (u32)(__pa(va) >> machine->cpu[1].l1d.line_shift) &
	    CACHE_PRESENCE_MASK;
	machine->cpu[1].l1d.presence[b]++;
	EXPECT_PANIC("CPU1's presence count of bucket", coherence_audit());
}

/* The audit reads only the buckets the tags name; a count or a bit in a
 * bucket no line fills -- a line uncounted from the wrong bucket, or left
 * counted when it went -- is found from the totals the caches keep with
 * the bytes. */
Test(coherence, audit_stops_on_a_count_or_bit_where_no_line_is)
{
	u32 b;

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	(void)kv_read32(test_page());
	/* Bucket 0x12345 is no line of a 2 GiB machine's caches yet. */
	b = 0x12345;
	cr_assert_eq(machine->holders[b], 0);
	coherence_audit();
	machine->cpu[1].l1d.presence[b] = 1;
	machine->cpu[1].presence_lines++;
	EXPECT_PANIC("CPU1's presence count of bucket 0x12345 is 1, its caches hold 0",
		     coherence_audit());

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	(void)kv_read32(test_page());
	machine->holders[b] = 1;
	machine->holder_bits++;
	EXPECT_PANIC("the holder bits of bucket 0x12345 are 0x1, the presence counts say 0",
		     coherence_audit());

	TEST_BOOT("cortex-a15-2g", "coherence=snoop");
	(void)kv_read32(test_page());
	machine->cpu[0].presence_lines++;
	EXPECT_PANIC("CPU0's presence bytes sum to", coherence_audit());
}
