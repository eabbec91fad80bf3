// SPDX-License-Identifier: GPL-2.0-only
/*
 * Snooping the other CPUs' private caches (see hw/coherence.h).
 * machine_create refuses coherence=snoop where a PA does not name the one
 * place a line can sit (a virtually indexed L1), so each lookup here is a
 * set's tags.
 */
#include "hw/coherence.h"

#include <stdlib.h>

#include "base/panic.h"

/*
 * @o's copy of a line at slot @i of @k leaves for a writer's ownership:
 * a modified copy's data goes with it, so nothing is written back.
 */
static void snoop_drop(struct cache *k, int i)
{
	phys_addr_t wb;

	if (i >= 0)
		__cache_maint_way(k, (u32)i, CACHE_INV, &wb);
}

/*
 * A modified copy at slot @i of @o's L1 becomes clean for a reader.  Under
 * a shared outer cache the line is written back into it (the A15's owned
 * state, as its later eviction would); a P6's own outer cache and DRAM
 * take it on the bus, which costs the reader nothing beyond the transfer.
 */
static void snoop_clean_l1(struct cpu *c, struct cpu *o, int i,
			   phys_addr_t pa)
{
	struct cache_outcome out;
	phys_addr_t wb;

	if (i < 0 || !cache_line_dirty(&o->l1d, (u32)i))
		return;
	__cache_maint_way(&o->l1d, (u32)i, CACHE_CLEAN, &wb);
	o->l1d_wmask[i] = 0;
	if (o->l2 != c->l2)
		return;
	cache_access_pa_shaped(c->l2, CACHE_SHAPE_ANY, pa, true, &out);
	c->l2->evictions += out.evicted;
	if (out.evicted_dirty) {
		/* What the allocation pushed out goes to DRAM, the
		 * reader's to pay as its own victims are. */
		hw_event(c, EV_l2_writeback);
		hw_event(c, EV_dram_write);
		hw_charge(c, CAUSE_writeback, machine->cfg.cost.l2_writeback);
	}
}

/*
 * coherence_snoop for L1 D-caches of @ways1 ways and private outer caches
 * of @ways2 (0: read from the cache), inlined for the boards' shapes.
 * Every CPU's L1 D-cache is built from the one geometry (hw_config.l1d),
 * and every private outer cache from another (hw_config.l2), so the set
 * and the tag a lookup of @pa compares are the same in each holder's
 * caches: found once, from @c's, where cache_slot_of_pa derived them in
 * every lookup.  A line is one unit in both levels (machine_create), so
 * the L1's PA line is the outer cache's too.
 */
static inline __attribute__((always_inline)) void
__coherence_snoop(struct cpu *c, phys_addr_t pa, u64 bytes, bool write,
		  struct snoop *s, u32 ways1, u32 ways2)
{
	const struct cache_shape sh1 = { .ways = ways1 };
	const struct cache_shape sh2 = { .ways = ways2 };
	u64 pline = cache_line_of_pa(&c->l1d, pa);
	/* Only the CPUs that count a line in the bucket: no other lookup. */
	u32 holders = machine->holders[(u32)pline & CACHE_PRESENCE_MASK] &
		      ~c->l1d.holder_bit;
	u32 set1 = (u32)pline & c->l1d.set_mask;
	u32 set2 = (u32)pline & c->l2->set_mask;
	bool check_owners = unlikely(machine->checks);

	*s = (struct snoop){ 0 };
	for (; holders; holders &= holders - 1) {
		struct cpu *o = &machine->cpu[__builtin_ctz(holders)];
		bool own_l2 = o->l2 != c->l2;
		int i1, i2;
		bool d1, d2;

		i1 = cache_slot_shaped(&o->l1d, sh1, set1, pline);
		i2 = own_l2 ? cache_slot_shaped(o->l2, sh2, set2, pline) : -1;
		if (i1 < 0 && i2 < 0)
			continue;
		s->held = true;
		s->remote |= o->node != c->node;
		d1 = i1 >= 0 && cache_line_dirty(&o->l1d, (u32)i1);
		d2 = i2 >= 0 && cache_line_dirty(o->l2, (u32)i2);
		if (d1 || d2) {
			BUG_ON(s->modified);	/* one owner at most */
			s->modified = true;
			s->false_sharing = d1 && !(o->l1d_wmask[i1] & bytes);
		}
		if (write) {
			snoop_drop(&o->l1d, i1);
			snoop_drop(o->l2, i2);
			/* A modified copy is the only one (the invariant
			 * coherence_audit checks). */
			if (s->modified && !check_owners)
				break;
			continue;
		}
		snoop_clean_l1(c, o, i1, pa);
		if (d2) {
			phys_addr_t wb;

			__cache_maint_way(o->l2, (u32)i2, CACHE_CLEAN, &wb);
		}
		/*
		 * A read is done at the first copy: modified, it was the only
		 * one; clean, no other is modified, and a clean copy is left
		 * as it is.  With the checkers on, every holder is still
		 * looked up, so that a second owner stops the run here.
		 */
		if (!check_owners)
			break;
	}
}

void coherence_snoop(struct cpu *c, phys_addr_t pa, u64 bytes, bool write,
		     struct snoop *s)
{
	u32 ways1 = c->l1d.ways, ways2 = c->l2->ways;

	/* The NUMA-Q's P6 (and its own L2), the A15 (a shared L2); with
	 * machine.any_shape, the copy for any. */
	if (!machine->any_shape && ways1 == 4 && ways2 == 8)
		__coherence_snoop(c, pa, bytes, write, s, 4, 8);
	else if (!machine->any_shape && ways1 == 2)
		__coherence_snoop(c, pa, bytes, write, s, 2, 0);
	else
		__coherence_snoop(c, pa, bytes, write, s, 0, 0);
}

/*
 * Is the modified line at slot @i of @k held by a CPU other than @c?
 * Only the CPUs whose holder bit is set can hold it: audit_presence and
 * audit_holders have checked every bit against the tags first.
 */
static void audit_line(const struct cpu *c, const struct cache *k, u32 i)
{
	phys_addr_t pa = cache_line_pa(k, i);
	u32 others;

	others = machine->holders[(u32)cache_pline(k, i) & CACHE_PRESENCE_MASK] &
		 ~c->l1d.holder_bit;
	for (; others; others &= others - 1) {
		const struct cpu *o = &machine->cpu[__builtin_ctz(others)];

		if (cache_slot_of_pa(&o->l1d, pa) >= 0 ||
		    (o->l2 != c->l2 && cache_slot_of_pa(o->l2, pa) >= 0))
			panic("coherence: PA %#llx is modified on CPU%u and held by CPU%u",
			      (unsigned long long)pa, c->id, o->id);
	}
}

/*
 * The audit's scratch, kept for the process: want[] counts a CPU's lines
 * per bucket from its tags (zero again after each CPU), list[] the
 * buckets it touched.  Reading every bucket of a 1 MiB array per CPU
 * faulted in host pages nothing else touches, a quarter of a fuzzed
 * input's host time; the buckets the tags name and the two totals the
 * caches keep (cache.presence_lines, holder_bits) check the same thing,
 * since the two functions that count (hw/cache.h) change a byte or a bit
 * and its total together: a count left where no line is shows as a total
 * above the lines the tags hold.
 */
static u8 *want;
static u32 *list;
static u32 list_cap;
/* The modified lines the walk met, (CPU, cache, slot), for audit_line
 * once the holder bits are known right. */
static struct dirty_line {
	const struct cpu *c;
	const struct cache *k;
	u32 i;
} *dirty;
static u32 nr_dirty, dirty_cap;

/* A modified line @i of CPU @c's @k, to be checked against the others. */
static void note_dirty(const struct cpu *c, const struct cache *k, u32 i)
{
	if (nr_dirty == dirty_cap) {
		u32 cap = dirty_cap ? 2 * dirty_cap : 1024;
		struct dirty_line *grown = realloc(dirty, sizeof(*dirty) * cap);

		if (!grown)
			panic("coherence_audit: host out of memory");
		dirty = grown;
		dirty_cap = cap;
	}
	dirty[nr_dirty++] = (struct dirty_line){ c, k, i };
}

/* The first bucket where @a and @b differ; CACHE_PRESENCE_MASK + 1: none. */
static u32 first_difference(const u8 *a, const u8 *b)
{
	u32 i = 0;

	while (i <= CACHE_PRESENCE_MASK && a[i] == b[i])
		i++;
	return i;
}

static void forget_want(u32 n)
{
	for (u32 j = 0; j < n; j++)
		want[list[j]] = 0;
}

/* CPU @c's private caches (its L1 D-cache, and its own L2). */
static u32 private_caches(const struct cpu *c, const struct cache *k[2])
{
	k[0] = &c->l1d;
	k[1] = machine->cfg.l2_per_cpu ? c->l2 : NULL;
	return k[1] ? 2 : 1;
}

/*
 * Recount CPU @c's presence bytes from its private caches' tags: each
 * bucket a valid line falls in, and the sum of all of them, which leaves
 * no other bucket room for a count.  Returns the buckets counted, whose
 * holder bits audit_holders checks; list[] names them.
 */
static u32 audit_presence(const struct cpu *c)
{
	const struct cache *k[2];
	u32 nk = private_caches(c, k), n = 0, lines = 0, b;

	for (u32 m = 0; m < nk; m++) {
		u32 need = n + k[m]->sets * k[m]->ways;

		if (need > list_cap) {
			u32 *grown = realloc(list, sizeof(*list) * need);

			if (!grown)
				panic("coherence_audit: host out of memory");
			list = grown;
			list_cap = need;
		}
		for (u32 i = 0; i < k[m]->sets * k[m]->ways; i++) {
			if (!(k[m]->tag[i] & CACHE_VALID))
				continue;
			if (cache_line_dirty(k[m], i))
				note_dirty(c, k[m], i);
			b = (u32)cache_pline(k[m], i) & CACHE_PRESENCE_MASK;
			if (!want[b]++)
				list[n++] = b;
			lines++;
		}
	}
	for (u32 j = 0; j < n; j++) {
		b = list[j];
		if (want[b] != c->l1d.presence[b]) {
			u32 held = want[b];

			forget_want(n);
			panic("coherence: CPU%u's presence count of bucket %#x is %u, its caches hold %u",
			      c->id, b, c->l1d.presence[b], held);
		}
	}
	if (lines != c->presence_lines) {
		/* A count where no line is: find it, at any host cost. */
		b = first_difference(want, c->l1d.presence);
		forget_want(n);
		if (b > CACHE_PRESENCE_MASK)
			panic("coherence: CPU%u's presence bytes sum to %u, its caches hold %u lines",
			      c->id, c->presence_lines, lines);
		panic("coherence: CPU%u's presence count of bucket %#x is %u, its caches hold 0",
		      c->id, b, c->l1d.presence[b]);
	}
	return n;
}

/*
 * Each bucket's holder bits against the presence bytes audit_presence has
 * checked: bit n set exactly where CPU n's byte is not zero.  Every
 * bucket, read only when the totals say a bit is out of place.
 */
static void audit_all_holders(void)
{
	u32 n = machine->ncpus, set = 0;

	for (u32 b = 0; b < (1u << CACHE_PRESENCE_BITS); b++) {
		u32 bits = 0;

		for (u32 i = 0; i < n; i++)
			bits |= (u32)(machine->cpu[i].l1d.presence[b] != 0) << i;
		if (bits != machine->holders[b])
			panic("coherence: the holder bits of bucket %#x are %#x, the presence counts say %#x",
			      b, machine->holders[b], bits);
		set += hweight32(bits);
	}
	panic("coherence: %u holder bits counted, %u set", machine->holder_bits,
	      set);
}

/* CPU @c's bit in the @n buckets list[] names, which its lines fill. */
static void audit_holders(const struct cpu *c, u32 n)
{
	for (u32 j = 0; j < n; j++)
		if (!(machine->holders[list[j]] & c->l1d.holder_bit)) {
			forget_want(n);
			audit_all_holders();
		}
}

void coherence_audit(void)
{
	u32 bits = 0;

	if (!machine->cfg.coherent)
		return;
	if (!want) {
		want = calloc(1u << CACHE_PRESENCE_BITS, 1);
		if (!want)
			panic("coherence_audit: host out of memory");
	}
	nr_dirty = 0;
	for (u32 j = 0; j < machine->ncpus; j++) {
		const struct cpu *c = &machine->cpu[j];
		u32 n = audit_presence(c);

		audit_holders(c, n);
		forget_want(n);
		bits += n;
	}
	/* Every bit the lines need is set: no more may be. */
	if (bits != machine->holder_bits)
		audit_all_holders();
	for (u32 d = 0; d < nr_dirty; d++)
		audit_line(dirty[d].c, dirty[d].k, dirty[d].i);
}
