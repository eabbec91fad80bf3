// SPDX-License-Identifier: GPL-2.0-only
/*
 * The L1 I-cache model (src/hw/icache.c): a cost centre's text lines are
 * fetched on entry, an invalidate-all empties the cache, a fill asks the
 * outer cache -- and the refetch memo, which must give every pass the
 * fills the plain round-robin pass gives.  The memo's tests check it
 * against a reference written here from the FIFO argument in icache.c:
 * between two invalidates each set holds the last `ways` lines filled
 * into it.
 */
#include "helpers.h"

#include "hw/access.h"

/*
 * The I-cache model: entering a cost centre fetches its measured text
 * lines through the L1 I-cache.  Cold, every line misses (64-byte text
 * lines on the A8's 64-byte I-cache lines: one miss each); warm, none
 * does; an I-cache invalidate empties it, and the centre running then
 * refetches at once.
 */
/* Boot the BeagleBone with the I-cache model; vfs_read's text in @t. */
static struct cpu *boot_bbw_icache(const struct cc_text **t)
{
	TEST_BOOT("beaglebone-white", "icache_model=y");
	*t = &machine->cfg.cc_text[CC_vfs_read];
	cr_assert_gt((*t)->nr, 10);
	return this_cpu();
}

/* Enter vfs_read's cost centre and leave it: its text is fetched. */
static void run_vfs_read(struct cpu *c)
{
	cc_exit(c, cc_enter(c, CC_vfs_read));
}

Test(icache, icache_model_fetches_text_lines)
{
	const struct cc_text *t;
	struct cpu *c = boot_bbw_icache(&t);
	struct probe p;
	u16 prev;

	/* Empty the I-cache uncharged; the fill count says so. */
	cache_inv_all(&c->l1i);
	c->icache_fills++;
	probe_take(&p);
	run_vfs_read(c);
	cr_assert_eq(probe_ev(&p, EV_icache_miss), t->nr);
	probe_take(&p);
	run_vfs_read(c);
	cr_assert_eq(probe_ev(&p, EV_icache_miss), 0);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, 0);
	/* Invalidated while vfs_read runs: its lines come back at once. */
	prev = cc_enter(c, CC_vfs_read);
	probe_take(&p);
	hw_icache_inv_all(c);
	cr_assert_eq(probe_ev(&p, EV_icache_miss), t->nr);
	cc_exit(c, prev);
	test_shutdown();
}

/*
 * An I-cache fill tries the L2 slot its line was last found in; when that
 * slot has since been dropped (here: all of L2 invalidated behind the
 * fetch's back), the hint must not pass for a hit: every refill is an L2
 * miss, a DRAM read each.
 */
Test(icache, icache_fill_l2_hint_rechecked)
{
	const struct cc_text *t;
	struct cpu *c = boot_bbw_icache(&t);
	struct probe p;

	/* Warm: the lines are in L2, each hint set. */
	hw_icache_inv_all(c);
	run_vfs_read(c);
	hw_icache_inv_all(c);
	probe_take(&p);
	run_vfs_read(c);
	cr_assert_eq(probe_ev(&p, EV_icache_miss), t->nr);
	cr_assert_eq(probe_ev(&p, EV_l2_hit), t->nr);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), 0);
	/* L2 emptied: the hints are stale. */
	cache_inv_all(c->l2);
	hw_icache_inv_all(c);
	probe_take(&p);
	run_vfs_read(c);
	cr_assert_eq(probe_ev(&p, EV_icache_miss), t->nr);
	cr_assert_eq(probe_ev(&p, EV_l2_hit), 0);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), t->nr);
	cr_assert_eq(probe_ev(&p, EV_dram_read), t->nr);
	test_shutdown();
}

/* Off, nothing is fetched on entry: the resident-functions refetch. */
Test(icache, icache_model_off_fetches_nothing)
{
	struct probe p;

	TEST_BOOT("beaglebone-white", "icache_model=n");
	probe_take(&p);
	run_vfs_read(this_cpu());
	cr_assert_eq(probe_ev(&p, EV_icache_miss), 0);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, 0);
	test_shutdown();
}

/*
 * The reference: per set, the lines filled since the invalidate, oldest
 * first (at most `ways`).  ref_pass returns the fills a pass of @cc makes.
 */
#define REF_MAX_SETS 1024
#define REF_MAX_WAYS 8

struct ref_icache {
	u32 ways, mask;
	u32 nr[REF_MAX_SETS];
	u32 line[REF_MAX_SETS][REF_MAX_WAYS];
	u32 evictions;		/* fills into a full set */
};

static void ref_invalidate(struct ref_icache *r)
{
	memset(r->nr, 0, sizeof(r->nr));
}

static u32 ref_pass(struct ref_icache *r, u16 cc)
{
	u32 fills = 0;

	for (u32 k = machine->icache_start[cc]; k < machine->icache_start[cc + 1];
	     k++) {
		u32 l = machine->icache_line[k], set = l & r->mask, i;
		u32 *q = r->line[set];

		for (i = 0; i < r->nr[set] && q[i] != l; i++)
			;
		if (i < r->nr[set])
			continue;
		if (r->nr[set] == r->ways) {
			memmove(q, q + 1, (r->ways - 1) * sizeof(*q));
			r->nr[set]--;
			r->evictions++;
		}
		q[r->nr[set]++] = l;
		fills++;
	}
	return fills;
}

/* The centres with text, in order: the passes of one generation. */
static u32 centres_with_text(u16 *cc)
{
	u32 n = 0;

	for (u16 i = 0; i < NR_CC; i++)
		if (machine->icache_start[i + 1] > machine->icache_start[i])
			cc[n++] = i;
	return n;
}

/*
 * One generation: invalidate (the pass of the running centre, @seq[0]),
 * then a pass of each of @seq[1..n), each checked against the reference.
 */
static void generation(struct ref_icache *r, const u16 *seq, u32 n)
{
	struct cpu *c = this_cpu();
	struct probe p;

	c->cc = seq[0];
	ref_invalidate(r);
	probe_take(&p);
	hw_icache_inv_all(c);
	cr_assert_eq(probe_ev(&p, EV_icache_miss), ref_pass(r, seq[0]));
	for (u32 i = 1; i < n; i++) {
		probe_take(&p);
		__cc_icache_fetch(c, seq[i]);
		cr_assert_eq(probe_ev(&p, EV_icache_miss), ref_pass(r, seq[i]),
			     "pass %u (centre %s)", i, cc_names[seq[i]]);
		cr_assert_eq(probe_ev(&p, EV_l2_hit) + probe_ev(&p, EV_l2_miss),
			     probe_ev(&p, EV_icache_miss));
	}
}

/*
 * The Kirkwood's 4-way I-cache, every centre with text in one generation
 * -- more lines than the cache holds, so sets overflow and lines filled
 * earlier in the generation are filled again -- and the generation
 * repeated: recorded, replayed along the memo (and past its depth, where
 * the plain pass takes over), branched off midway (the memo writes the
 * tags it skipped before the plain pass), replayed again, and branched
 * three ways in turn.  Each pass fills what the reference fills.
 */
Test(icache, memo_passes_fill_as_the_reference, .timeout = 60)
{
	static struct ref_icache r;
	static u16 seq[NR_CC];
	u32 n, swap;

	TEST_BOOT("kirkwood-openblocks-a7", "icache_model=y");
	r.ways = this_cpu()->l1i.ways;
	r.mask = this_cpu()->l1i.set_mask;
	cr_assert_eq(r.ways, 4);
	cr_assert_leq(r.mask + 1, REF_MAX_SETS);
	n = centres_with_text(seq);
	cr_assert_gt(n, 66, "more centres than the memo's depth");
	generation(&r, seq, n);
	cr_assert_gt(r.evictions, 0, "no set overflowed");
	generation(&r, seq, n);
	generation(&r, seq, n);
	/* Off the memo at pass 20: passes 20.. are made, and recorded. */
	swap = seq[20];
	seq[20] = seq[n - 1];
	seq[n - 1] = swap;
	generation(&r, seq, n);
	generation(&r, seq, n);
	/* Back to the first sequence: a sibling branch at pass 20. */
	seq[n - 1] = seq[20];
	seq[20] = swap;
	generation(&r, seq, n);
	/*
	 * Three branches at pass 20 taken in turn, so that each is found
	 * behind the others and moved to the front of its siblings.
	 */
	for (u32 i = 0; i < 6; i++) {
		u32 j = n - 1 - (i * 2) % 3;

		swap = seq[20];
		seq[20] = seq[j];
		seq[j] = swap;
		generation(&r, seq, n);
		seq[j] = seq[20];
		seq[20] = swap;
	}
	/* A short generation whose centres come back within it. */
	seq[3] = seq[1];
	seq[4] = seq[2];
	generation(&r, seq, 6);
	generation(&r, seq, 6);
	test_shutdown();
}

/*
 * A replay whose fills all hit L2 last time skips the L2 lookups while no
 * L2 line has left since; one leaving (here a line of the text itself,
 * invalidated by address) makes it look each up again: that fill is a
 * DRAM read.
 */
Test(icache, memo_sees_an_l2_line_leave)
{
	struct cpu *c;
	struct probe p;
	u16 cc = CC_vfs_read;
	u32 k;
	phys_addr_t pa, wb;

	TEST_BOOT("kirkwood-openblocks-a7", "icache_model=y");
	c = this_cpu();
	k = machine->icache_start[cc];
	pa = (phys_addr_t)machine->icache_line[k] << c->l1i.line_shift;
	for (u32 i = 0; i < 3; i++) {
		c->cc = cc;
		hw_icache_inv_all(c);
	}
	probe_take(&p);
	c->cc = cc;
	hw_icache_inv_all(c);
	cr_assert_gt(probe_ev(&p, EV_icache_miss), 0);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), 0);
	cr_assert_eq(probe_ev(&p, EV_l2_hit), probe_ev(&p, EV_icache_miss));
	cache_maint_line(c->l2, (vaddr_t)pa, pa, CACHE_INV, &wb);
	probe_take(&p);
	hw_icache_inv_all(c);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_dram_read), 1);
	cr_assert_eq(probe_ev(&p, EV_l2_hit),
		     probe_ev(&p, EV_icache_miss) - 1);
	test_shutdown();
}
