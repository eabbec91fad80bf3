// SPDX-License-Identifier: GPL-2.0-only
/*
 * Snooping the other CPUs' private caches (see hw/coherence.h).
 * machine_create refuses coherence=snoop where a PA does not name the one
 * place a line can sit (a virtually indexed L1), so each lookup here is a
 * set's tags.
 */
#include "hw/coherence.h"

#include <stdlib.h>
#include <string.h>

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

void coherence_snoop(struct cpu *c, phys_addr_t pa, u64 bytes, bool write,
		     struct snoop *s)
{
	/* Only the CPUs that count a line in the bucket: no other lookup. */
	u32 holders = machine->holders[(u32)(pa >> c->l1d.line_shift) &
				       CACHE_PRESENCE_MASK] &
		      ~c->l1d.holder_bit;

	*s = (struct snoop){ 0 };
	for (; holders; holders &= holders - 1) {
		struct cpu *o = &machine->cpu[__builtin_ctz(holders)];
		bool own_l2 = o->l2 != c->l2;
		int i1, i2;
		bool d1, d2;

		i1 = cache_slot_of_pa(&o->l1d, pa);
		i2 = own_l2 ? cache_slot_of_pa(o->l2, pa) : -1;
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
			continue;
		}
		snoop_clean_l1(c, o, i1, pa);
		if (d2) {
			phys_addr_t wb;

			__cache_maint_way(o->l2, (u32)i2, CACHE_CLEAN, &wb);
		}
	}
}

/*
 * Is the line at slot @i of @k modified, and held by a CPU other than @c?
 * Only the CPUs whose holder bit is set can hold it: audit_presence and
 * audit_holders have checked every bit against the tags first.
 */
static void audit_line(const struct cpu *c, const struct cache *k, u32 i)
{
	phys_addr_t pa = cache_line_pa(k, i);
	u32 others;

	if (!cache_line_dirty(k, i))
		return;
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

/* The first bucket where @a and @b differ; they are known to. */
static u32 first_difference(const u8 *a, const u8 *b)
{
	u32 i = 0;

	while (a[i] == b[i])
		i++;
	return i;
}

/* Recount CPU @c's presence bytes from its private caches' tags. */
static void audit_presence(const struct cpu *c)
{
	u8 *want = calloc(1u << CACHE_PRESENCE_BITS, 1);
	const struct cache *k[2] = { &c->l1d,
				     machine->cfg.l2_per_cpu ? c->l2 : NULL };
	u32 b;

	if (!want)
		panic("coherence_audit: host out of memory");
	for (u32 m = 0; m < 2; m++)
		for (u32 i = 0; k[m] && i < k[m]->sets * k[m]->ways; i++)
			if (k[m]->tag[i] & CACHE_VALID)
				want[(u32)cache_pline(k[m], i) &
				     CACHE_PRESENCE_MASK]++;
	if (memcmp(want, c->l1d.presence, 1u << CACHE_PRESENCE_BITS)) {
		u32 held;

		b = first_difference(want, c->l1d.presence);
		held = want[b];
		/* A test catches the panic: nothing left allocated. */
		free(want);
		panic("coherence: CPU%u's presence count of bucket %#x is %u, its caches hold %u",
		      c->id, b, c->l1d.presence[b], held);
	}
	free(want);
}

/*
 * Each bucket's holder bits against the presence bytes audit_presence has
 * checked: bit n set exactly where CPU n's byte is not zero.
 */
static void audit_holders(void)
{
	u32 n = machine->ncpus;

	for (u32 b = 0; b < (1u << CACHE_PRESENCE_BITS); b++) {
		u32 want = 0;

		for (u32 i = 0; i < n; i++)
			want |= (u32)(machine->cpu[i].l1d.presence[b] != 0) << i;
		if (want != machine->holders[b])
			panic("coherence: the holder bits of bucket %#x are %#x, the presence counts say %#x",
			      b, machine->holders[b], want);
	}
}

void coherence_audit(void)
{
	if (!machine->cfg.coherent)
		return;
	for (u32 j = 0; j < machine->ncpus; j++)
		audit_presence(&machine->cpu[j]);
	audit_holders();
	for (u32 j = 0; j < machine->ncpus; j++) {
		const struct cpu *c = &machine->cpu[j];

		for (u32 i = 0; i < c->l1d.sets * c->l1d.ways; i++)
			audit_line(c, &c->l1d, i);
		if (machine->cfg.l2_per_cpu)
			for (u32 i = 0; i < c->l2->sets * c->l2->ways; i++)
				audit_line(c, c->l2, i);
	}
}
