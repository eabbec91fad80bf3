// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loads, stores and maintenance operations of one simulated CPU (see
 * hw/access.h).  This is the simulator's hot path: a load or store looks up
 * the host translation cache, then the L1 line by line; only misses reach
 * the architectural TLB, the walker and the outer cache.
 */
#include "hw/access.h"

#include <string.h>

#include "base/errno.h"
#include "base/panic.h"
#include "hw/coherence.h"

static inline const struct hw_costs *cost(void)
{
	return &machine->cfg.cost;
}

/* Does @pa sit on another NUMA node than @c? */
static inline bool dram_remote(const struct cpu *c, phys_addr_t pa)
{
	return ram_node(&machine->ram, pa) != c->node;
}

static inline u32 dram_cost(const struct cpu *c, phys_addr_t pa)
{
	return dram_remote(c, pa) ? cost()->dram_remote : cost()->dram;
}

/*
 * The events and cycles of line accesses, summed in locals and applied
 * once (tally_apply): hw_event and hw_charge only add, so the sums are
 * the same, and a run of lines keeps them out of the CPU's counters --
 * which every tag store, a u64 store like them, would otherwise make the
 * compiler reload.  @why: the fills' cause (see outer_access_stream).
 */
struct line_tally {
	enum charge_cause why;
	u64 l1d_hit, l1d_miss, l1d_writeback;
	u64 l2_hit, l2_miss, l2_writeback;
	u64 dram_read, dram_write;
	u64 l1_hit_cy, writeback_cy, dram_fill_cy;
	u64 fill_cy;	/* of cause @why: the fills', or a maintenance's lines' */
	/* The bytes [w_lo, w_hi) of its line the store being made writes;
	 * w_hi 0: the whole line (dram_store). */
	u32 w_lo, w_hi;
};

#define LINE_TALLY(cause) ((struct line_tally){ .why = (cause) })

void __write_buffer_post(struct cpu *c, u64 reads, u64 read_cy, u64 writes);

/*
 * Posted writes (hw_config.write_buffer_lines): a tally's DRAM reads and
 * writes go through the write buffer's account, after its cycles.
 * @read_cy: the cycles the tally spent waiting for its @reads.
 */
static inline __attribute__((always_inline)) void
write_buffer_post(struct cpu *c, u64 reads, u64 read_cy, u64 writes)
{
	if (machine->drain_cycles &&
	    (writes || c->wb_empty_at > MIN(c->stream_from, c->cycles) ||
	     (reads && machine->cfg.reads_wait_writes)))
		__write_buffer_post(c, reads, read_cy, writes);
}

static inline __attribute__((always_inline)) void
tally_apply(struct cpu *c, const struct line_tally *t)
{
	hw_event_add(c, EV_l1d_hit, t->l1d_hit);
	hw_event_add(c, EV_l1d_miss, t->l1d_miss);
	hw_event_add(c, EV_l1d_writeback, t->l1d_writeback);
	hw_event_add(c, EV_l2_hit, t->l2_hit);
	hw_event_add(c, EV_l2_miss, t->l2_miss);
	hw_event_add(c, EV_l2_writeback, t->l2_writeback);
	hw_event_add(c, EV_dram_read, t->dram_read);
	hw_event_add(c, EV_dram_write, t->dram_write);
	hw_charge_clock(c, t->l1_hit_cy + t->writeback_cy + t->fill_cy +
			       t->dram_fill_cy);
	hw_charge_cause(c, CAUSE_l1_hit, t->l1_hit_cy);
	hw_charge_cause(c, CAUSE_writeback, t->writeback_cy);
	hw_charge_cause(c, t->why, t->fill_cy);
	hw_charge_cause(c, t->why == CAUSE_l2_fill ? CAUSE_dram_fill : t->why,
			t->dram_fill_cy);
	write_buffer_post(c, t->dram_read, t->dram_fill_cy, t->dram_write);
}

/*
 * A dirty L2 line goes to DRAM: at cost.l2_writeback here, or posted to
 * the write buffer, which tally_apply charges.
 */
static inline void l2_writeback(struct line_tally *t)
{
	t->l2_writeback++;
	t->dram_write++;
	if (!machine->drain_cycles)
		t->writeback_cy += cost()->l2_writeback;
}

/*
 * A store no cache allocated for goes to DRAM (hw_config.dram_burst_bytes):
 * the bursts of its line it writes, merged with the previous store's when
 * it wrote the same line, count toward the write buffer's drain a line's
 * worth of bursts at a time.  Without a burst size, a line per store.
 */
static void dram_store(struct cpu *c, phys_addr_t pa, struct line_tally *t)
{
	u32 bs = machine->burst_shift, ls = c->l1d.line_shift;
	u32 per_line, lo, hi, mask, fresh;
	u64 pline = pa >> ls;

	if (!bs) {
		t->dram_write++;
		return;
	}
	per_line = 1u << (ls - bs);
	lo = t->w_lo >> bs;
	hi = t->w_hi ? (t->w_hi - 1) >> bs : per_line - 1;
	mask = (u32)(((2ull << hi) - 1) & ~((1ull << lo) - 1));
	if (c->wc_line != pline) {
		c->wc_line = pline;
		c->wc_mask = 0;
	}
	fresh = mask & ~c->wc_mask;
	c->wc_mask |= mask;
	c->wc_bursts += hweight32(fresh);
	t->dram_write += c->wc_bursts >> (ls - bs);
	c->wc_bursts &= per_line - 1;
}

/* The bytes of line @lva (1 << @ls bytes) a store to [@va, @va + @len)
 * writes, for dram_store. */
static inline __attribute__((always_inline)) void
store_bytes(struct line_tally *t, vaddr_t lva, u32 ls, vaddr_t va, u32 len)
{
	u64 lo = MAX((u64)lva, (u64)va);
	u64 hi = MIN((u64)lva + (1u << ls), (u64)va + len);

	t->w_lo = (u32)(lo - lva);
	t->w_hi = (u32)(hi - lva);
}

/* The bytes of line @lva (1 << @ls bytes) that [@va, @va + @len) covers. */
static u64 line_bytes(vaddr_t lva, u32 ls, vaddr_t va, u32 len)
{
	u64 lo = MAX((u64)lva, (u64)va);
	u64 hi = MIN((u64)lva + (1u << ls), (u64)va + len);

	return coherence_bytes((u32)(lo - lva), (u32)(hi - lo));
}

/*
 * One line access to the outer cache: an L1 fill (read) or a victim.
 * @stream: a later line of one sequential access (memcpy, memset, a page
 * clear), whose DRAM fill overlaps the ones before it: it pays the latency
 * divided by the CPU's memory-level parallelism (outstanding line fills),
 * but no less than the line's transfer time at the board's sustained read
 * bandwidth, so that no stream outruns the memory system.
 * @t->why: the cause a fill is charged to -- CAUSE_l2_fill for data, whose
 * DRAM fills are CAUSE_dram_fill; the walker's and the I-cache's fills
 * are theirs wherever they are served from.
 * @l2_slot: where a lookup of @pa's set found the line (-1: nowhere) while
 * only other lines have been filled since, or L2_SLOT_UNKNOWN
 * (cache_access_pa_at).
 * Return 1 + the outer-cache slot now holding the line, or 0 if none.
 */
#define L2_SLOT_UNKNOWN (-2)

static inline __attribute__((always_inline)) u32
outer_access_stream_at(struct cpu *c, struct cache_shape l2s, phys_addr_t pa,
		       bool write, bool stream, bool victim, int l2_slot,
		       struct line_tally *t)
{
	struct cache_outcome o;

	if (l2_slot == L2_SLOT_UNKNOWN)
		cache_access_pa_shaped(c->l2, l2s, pa, write, &o);
	else
		cache_access_pa_at(c->l2, l2s, pa, write, l2_slot, &o);
	if (o.hit) {
		t->l2_hit++;
		if (!write)
			t->fill_cy += cost()->l2_hit;
		return 1 + o.index;
	}
	t->l2_miss++;
	if (o.evicted_dirty)
		l2_writeback(t);
	if (write && (victim || !o.allocated)) {
		/* A victim line is written whole: nothing is fetched; a store
		 * that does not allocate goes on to DRAM. */
		if (!o.allocated) {
			if (victim)
				t->dram_write++;
			else
				dram_store(c, pa, t);
			return 0;
		}
		return 1 + o.index;
	}
	/* A fill -- or a store allocating here: the line is read first. */
	t->dram_read++;
	if (stream)
		t->dram_fill_cy += machine->stream_dram[dram_remote(c, pa)];
	else
		t->dram_fill_cy += dram_cost(c, pa);
	return o.allocated ? 1 + o.index : 0;
}

static inline __attribute__((always_inline)) u32
outer_access_stream(struct cpu *c, struct cache_shape l2s, phys_addr_t pa,
		    bool write, bool stream, bool victim, struct line_tally *t)
{
	return outer_access_stream_at(c, l2s, pa, write, stream, victim,
				      L2_SLOT_UNKNOWN, t);
}

static void outer_access(struct cpu *c, phys_addr_t pa, bool write,
			 enum charge_cause why)
{
	struct line_tally t = LINE_TALLY(why);

	outer_access_stream(c, CACHE_SHAPE_ANY, pa, write, false, false, &t);
	tally_apply(c, &t);
}

void hw_outer_read(struct cpu *c, phys_addr_t pa, enum charge_cause why)
{
	outer_access(c, pa, false, why);
}

/*
 * A dirty L1 line of @pa goes to the outer cache.  @slot: 1 + the outer
 * slot the line came from, 0 if unknown.  A victim usually finds its line
 * still there: the slot's tag says so without a lookup of the set, with
 * the same outcome (a hit, marked dirty).
 */
static inline __attribute__((always_inline)) void
l1_victim_slot(struct cpu *c, struct cache_shape l2s, phys_addr_t pa, u32 slot,
	       struct line_tally *t)
{
	t->l1d_writeback++;
	t->writeback_cy += cost()->l1_writeback;
	if (cache_holds_at(c->l2, slot - 1, pa)) {
		cache_mark_dirty_shaped(c->l2, l2s, slot - 1);
		t->l2_hit++;
		return;
	}
	outer_access_stream(c, l2s, pa, true, false, true, t);
}

/* A dirty L1 line written back by maintenance: where it was is unknown. */
static void l1_victim(struct cpu *c, phys_addr_t pa)
{
	struct line_tally t = LINE_TALLY(CAUSE_l2_fill);

	l1_victim_slot(c, CACHE_SHAPE_ANY, pa, 0, &t);
	tally_apply(c, &t);
}

static void l1_victim_cb(void *ctx, phys_addr_t pa)
{
	l1_victim(ctx, pa);
}

static void alias_hazard(struct cpu *c, vaddr_t va, vaddr_t other,
			 phys_addr_t pa)
{
	if (machine->hooks.cache_alias)
		machine->hooks.cache_alias(c, va, other, pa);
	panic("cache alias: PA %#llx read through VA %#x while dirty under VA %#x",
	      (unsigned long long)pa, va, other);
}

/* Does an L1 read miss on @c run the alias checker? */
static inline bool l1_alias_checked(const struct cpu *c)
{
	return unlikely(machine->checks) && cache_virtually_indexed(&c->l1d);
}

/*
 * An L1 miss of the line holding (@va, @pa) in @set: the alias checker
 * (@alias_check: l1_alias_checked, which a run of lines asks once), the
 * replacement, the victim's write-back and the access to the outer cache
 * (@stream: see outer_access_stream; @l2_slot: see outer_access_stream_at,
 * for @pa -- the victim is another line).  Return: the L1 slot (set * ways
 * + way) filled, or -1 if none (a write that does not allocate); nothing
 * after the fill touches L1, so the line is there.
 */
static inline __attribute__((always_inline)) int
l1_miss_at(struct cpu *c, struct cache_shape l1s, struct cache_shape l2s,
	   vaddr_t va, phys_addr_t pa, u32 set, u64 line, bool write,
	   bool stream, bool alias_check, int l2_slot, struct line_tally *t)
{
	struct cache *l1 = &c->l1d;
	struct cache_outcome o;

	t->l1d_miss++;
	if (alias_check && !write) {
		vaddr_t other;

		if (cache_pa_maybe_dirty(l1, pa) &&
		    cache_find_alias(l1, va, pa, true, &other))
			alias_hazard(c, va, other, pa);
	}
	__cache_miss_shaped(l1, l1s, va, pa, set, line, write, &o);
	if (!o.allocated) {
		t->writeback_cy += cost()->write_no_alloc;
		outer_access_stream_at(c, l2s, pa, true, stream, false, l2_slot,
				       t);
		return -1;
	}
	if (o.evicted_dirty)
		l1_victim_slot(c, l2s, o.evicted_pa, c->l1d_l2_slot[o.index],
			       t);
	c->l1d_l2_slot[o.index] = outer_access_stream_at(
		c, l2s, pa, false, stream, false, l2_slot, t);
	return (int)o.index;
}

static inline __attribute__((always_inline)) int
l1_miss(struct cpu *c, struct cache_shape l1s, struct cache_shape l2s,
	vaddr_t va, phys_addr_t pa, u32 set, u64 line, bool write, bool stream,
	bool alias_check, struct line_tally *t)
{
	return l1_miss_at(c, l1s, l2s, va, pa, set, line, write, stream,
			  alias_check, L2_SLOT_UNKNOWN, t);
}

/*
 * One line access through L1; @l1s as for __lines_access.  The miss,
 * @line_miss, is out of line, so that a hit (a PTE store, mostly) saves
 * two host registers, not six.
 */
static inline __attribute__((always_inline)) void
__line_access(struct cpu *c, struct cache_shape l1s, vaddr_t va,
	      phys_addr_t pa, bool write,
	      void (*line_miss)(struct cpu *c, vaddr_t va, phys_addr_t pa,
				u32 set, u64 line, bool write))
{
	struct cache *l1 = &c->l1d;
	u32 set;
	u64 line;

	cache_locate_shaped(l1, l1s, va, pa, &set, &line);
	if (likely(cache_hit_shaped(l1, l1s, set, line, write))) {
		hw_event(c, EV_l1d_hit);
		/* Zero on every board (the CPI holds it): nothing to add. */
		if (cost()->l1_hit)
			hw_charge(c, CAUSE_l1_hit, cost()->l1_hit);
		return;
	}
	line_miss(c, va, pa, set, line, write);
}

/* The miss of __line_access. */
static inline __attribute__((always_inline)) void
__line_miss(struct cpu *c, struct cache_shape l1s, struct cache_shape l2s,
	    vaddr_t va, phys_addr_t pa, u32 set, u64 line, bool write)
{
	struct line_tally t = LINE_TALLY(CAUSE_l2_fill);

	/* A word: the four bytes at @va (line_fn's access, as the snooping
	 * copy takes it). */
	if (write)
		store_bytes(&t, va & ~(vaddr_t)((1u << c->l1d.line_shift) - 1),
			    c->l1d.line_shift, va, 4);
	l1_miss(c, l1s, l2s, va, pa, set, line, write, false,
		l1_alias_checked(c), &t);
	tally_apply(c, &t);
}

/*
 * Charge every L1 line of [va, va + len), which lies within one page: the
 * lines after the first are a stream.  Within a page VA and PA lines both
 * step by one, so set and tag do too, whatever the cache indexes by.
 * Hits change no state but a dirty bit; hits and misses alike are tallied
 * and charged once at the end.  @l1s, @l2s: the shapes of the L1 D-cache
 * and the outer cache (see lines_access).
 *
 * Under coherence=snoop this loop runs for coh_lines_access when no other
 * CPU can hold a line of the run, and a store marks its bytes in the
 * written-bytes mask of the slot it hit or filled (cpu.l1d_wmask), after
 * the fill cleared it.  A later fill of the slot in the same run clears
 * the mask again and marks its own line's bytes, so the masks end as a
 * pass over the lines resident after the run would leave them.  Only a
 * physically tagged shape that counts can be a coherent CPU's
 * (cache_has_shape): the test costs the others' copies nothing.
 */
static inline __attribute__((always_inline)) void
__lines_access(struct cpu *c, struct cache_shape l1s, struct cache_shape l2s,
	       vaddr_t va, phys_addr_t pa, u32 len, bool write)
{
	struct cache *l1 = &c->l1d;
	u32 ls = l1->line_shift, ways = cache_shape_ways(l1, l1s);
	phys_addr_t page = pa & ~(phys_addr_t)(PAGE_SIZE - 1);
	vaddr_t first = va >> ls, last = (va + len - 1) >> ls;
	struct line_tally t = LINE_TALLY(CAUSE_l2_fill);
	bool alias_check = l1_alias_checked(c);
	bool wmask = write && cache_shape_counted(l1, l1s) &&
		     !cache_shape_virt(l1, l1s) && c->l1d_wmask;
	u32 hits = 0, set;
	u64 line;

	cache_locate_shaped(l1, l1s, first << ls,
			    pa & ~(phys_addr_t)((1u << ls) - 1), &set, &line);
	for (vaddr_t l = first; l <= last;
	     l++, set = (set + 1) & l1->set_mask, line++) {
		vaddr_t lva = l << ls;
		int w = cache_find_shaped(l1, l1s, set, line);

		if (likely(w >= 0)) {
			if (write) {
				u32 i = set * ways + (u32)w;

				cache_mark_dirty_shaped(l1, l1s, i);
				if (wmask)
					c->l1d_wmask[i] |=
						line_bytes(lva, ls, va, len);
			}
			hits++;
			continue;
		}
		if (write)
			store_bytes(&t, lva, ls, va, len);
		w = l1_miss(c, l1s, l2s, lva, page | (lva & (PAGE_SIZE - 1)),
			    set, line, write, l != first, alias_check, &t);
		if (wmask && w >= 0)
			c->l1d_wmask[w] |= line_bytes(lva, ls, va, len);
	}
	t.l1d_hit = hits;
	t.l1_hit_cy = (u64)hits * cost()->l1_hit;
	tally_apply(c, &t);
}

/*
 * Uncached translations: an ARM descriptor with C clear, which Linux
 * builds for user memory only in make_coherent (arch/arm/mm/fault-armv.c:
 * L_PTE_MT_BUFFERABLE for both of a page-cache page's shared mappings in
 * one mm on a VIVT cache).  Such an entry never gets a host fast entry,
 * so every access to its page comes through translate_slow, which notes
 * the VA page in c->uc_vpage; a cached translation of the page drops the
 * note.  The line paths ask uncached_page() first.
 */
static inline bool uncached_page(const struct cpu *c, vaddr_t va)
{
	u32 vp = (va >> PAGE_SHIFT) + 1;

	return unlikely(c->uc_vpage[0] == vp || c->uc_vpage[1] == vp);
}

/*
 * The checker: a line of @pa's range dirty in some CPU's L1 or in an
 * outer cache would hide from an uncached load, or overwrite an uncached
 * store when written back.  make_coherent cleans both (flush_cache_page,
 * and outer_flush_range since 2.6.3x) before it switches a PTE, so a hit
 * here is a missing flush.
 */
static void uncached_check(struct cpu *c, vaddr_t va, phys_addr_t pa, u32 len,
			   bool write)
{
	u32 ls = c->l1d.line_shift;

	for (phys_addr_t l = pa >> ls; l <= (pa + len - 1) >> ls; l++) {
		phys_addr_t lpa = l << ls;
		const char *where = NULL;

		for (u32 i = 0; i < machine->ncpus && !where; i++) {
			struct cpu *o = &machine->cpu[i];

			if (cache_pa_dirty(&o->l1d, lpa))
				where = "an L1 D-cache";
			else if (o->l2 && cache_pa_dirty(o->l2, lpa) &&
				 !(machine->hooks.uncached_outer_dirty &&
				   machine->hooks.uncached_outer_dirty(
					   c, va, lpa, write)))
				where = "the outer cache";
		}
		if (where)
			panic("uncached access: CPU%u %s PA %#llx through VA %#x while the line is dirty in %s (missing flush before the mapping went uncached)",
			      c->id, write ? "stores to" : "loads from",
			      (unsigned long long)lpa, va, where);
	}
}

/*
 * An access of @len bytes at (@va, @pa) through an uncached translation:
 * no cache is looked up and nothing allocates.  A load waits for DRAM; a
 * store is bufferable (make_coherent leaves the write buffer on: "we make
 * the PTE uncacheable.  However, we leave the write buffer on"), posted
 * as a write that does not allocate.  Coarse: one bus access per aligned
 * word the access covers -- an LDM or STM to non-cacheable memory may
 * burst, which no source we have for the Feroceon describes.
 */
static __attribute__((noinline)) void
uncached_access(struct cpu *c, vaddr_t va, phys_addr_t pa, u32 len, bool write)
{
	u64 words = ((u64)va + len + 3) / 4 - va / 4;

	if (unlikely(machine->checks))
		uncached_check(c, va, pa, len, write);
	if (write) {
		hw_event_add(c, EV_uncached_store, words);
		hw_charge(c, CAUSE_uncached, words * cost()->write_no_alloc);
	} else {
		hw_event_add(c, EV_uncached_load, words);
		hw_charge(c, CAUSE_uncached, words * dram_cost(c, pa));
	}
}

static inline u32 page_left(vaddr_t va)
{
	return PAGE_SIZE - (va & (PAGE_SIZE - 1));
}

static inline __attribute__((always_inline)) u8 *
__translate(struct cpu *c, vaddr_t va, unsigned flags, phys_addr_t *pa,
	    int *checked);

/*
 * The runs of loads @r[0 .. @nr) (see hw_read_runs), @flags a load's.
 *
 * Within a run, once the first load has translated, every later one hits
 * the same TLB entry: nothing between them touches the TLB, the page
 * tables or the translation registers, so the coherence check the first
 * passed (or the walk it made) would pass again.  A run's first load of
 * each line is that line's access (a load always allocates), and every
 * other load hits the line just made resident; a load hit changes no
 * state.  So each later load only adds its hit events and hit cycles.
 *
 * Across runs, each is translated and its lines looked up in order; the
 * lines' events and cycles and the later loads' hits are summed over all
 * the runs and applied once, as they only add (a walk between two runs
 * adds its own at once).  A run in the TLB entry the run before hit is
 * not checked again, for the same reason as a run's later loads.  Lines
 * after a run's first are passed aligned, as __lines_access passes them:
 * the offset in a line means nothing to the caches.
 */
static inline __attribute__((always_inline)) int
__read_runs(struct cpu *c, struct cache_shape l1s, struct cache_shape l2s,
	    const struct load_run *r, u32 nr, unsigned flags)
{
	struct cache *l1 = &c->l1d;
	u32 ls = l1->line_shift;
	struct line_tally t = LINE_TALLY(CAUSE_l2_fill);
	bool alias_check = l1_alias_checked(c);
	u64 hits = 0, tlb_hits = 0;
	int err = 0, checked = -1;

	for (; nr; nr--, r++) {
		u32 len = r->size * r->n, set;
		vaddr_t va = r->va, first = va >> ls, last = (va + len - 1) >> ls;
		phys_addr_t pa;
		u64 line;
		u8 *h;

		BUG_ON((r->size != 4 && r->size != 8) ||
		       (va & (r->size - 1)) || !r->n ||
		       len > page_left(va));
		h = __translate(c, va, flags, &pa, &checked);
		if (!h) {
			err = -EFAULT;
			break;
		}
		tlb_hits += r->n - 1;
		if (uncached_page(c, va)) {
			uncached_access(c, va, pa, len, false);
			if (r->out)
				memcpy(r->out, h, len);
			continue;
		}
		hits += r->n - (last - first + 1);
		for (vaddr_t l = first; l <= last; l++) {
			if (l != first) {
				va = l << ls;
				pa = (pa & ~(phys_addr_t)(PAGE_SIZE - 1)) |
				     (va & (PAGE_SIZE - 1));
			}
			cache_locate_shaped(l1, l1s, va, pa, &set, &line);
			if (likely(cache_hit_shaped(l1, l1s, set, line,
						    false))) {
				hits++;
				continue;
			}
			l1_miss(c, l1s, l2s, va, pa, set, line, false, false,
				alias_check, &t);
			/*
			 * With posted writes, when a line reaches DRAM matters
			 * (the write buffer's account is timed): apply it now,
			 * as a load by itself would.  Hits cost no cycles on
			 * any board, so the ones counted ahead change nothing.
			 */
			if (machine->drain_cycles && (t.dram_read | t.dram_write)) {
				tally_apply(c, &t);
				t = LINE_TALLY(CAUSE_l2_fill);
			}
		}
		if (r->out)
			memcpy(r->out, h, len);
	}
	hw_event_add(c, EV_tlb_hit, tlb_hits);
	t.l1d_hit = hits;
	t.l1_hit_cy = hits * cost()->l1_hit;
	tally_apply(c, &t);
	return err;
}

/*
 * The boards' L1 D-cache and outer-cache shapes, each with the line loops
 * compiled for it (its ways constants, no test for PA lines or counts it
 * does not keep), and any other pair.
 */
#define L1_4WAY CACHE_SHAPE(4, false, false)	/* NUMA-Q, AM335x */
#define L1_4WAY_VIVT CACHE_SHAPE(4, true, true)	/* Kirkwood */
#define L1_2WAY CACHE_SHAPE(2, false, false)	/* Cortex-A15 */
#define L2_4WAY CACHE_SHAPE(4, false, false)
#define L2_8WAY CACHE_SHAPE(8, false, false)
#define L2_16WAY CACHE_SHAPE(16, false, false)
/* coherence=snoop counts the private caches' lines (cache.presence). */
#define L1_4WAY_COH CACHE_SHAPE(4, false, true)	/* NUMA-Q */
#define L2_8WAY_COH CACHE_SHAPE(8, false, true)	/* the P6's own L2 */
#define L1_2WAY_COH CACHE_SHAPE(2, false, true)	/* Cortex-A15 */

#define LINE_PATHS_SHAPED(name, l1s, l2s)                                      \
	static __attribute__((noinline)) void lines_access_##name(            \
		struct cpu *c, vaddr_t va, phys_addr_t pa, u32 len, bool write) \
	{                                                                      \
		if (write)                                                     \
			__lines_access(c, l1s, l2s, va, pa, len, true);        \
		else                                                           \
			__lines_access(c, l1s, l2s, va, pa, len, false);       \
	}                                                                      \
	static __attribute__((noinline)) void line_miss_##name(               \
		struct cpu *c, vaddr_t va, phys_addr_t pa, u32 set, u64 line,  \
		bool write)                                                    \
	{                                                                      \
		__line_miss(c, l1s, l2s, va, pa, set, line, write);            \
	}                                                                      \
	static __attribute__((noinline)) void line_access_##name(             \
		struct cpu *c, vaddr_t va, phys_addr_t pa, bool write)         \
	{                                                                      \
		__line_access(c, l1s, va, pa, write, line_miss_##name);        \
	}                                                                      \
	static __attribute__((noinline)) int read_runs_##name(                \
		struct cpu *c, const struct load_run *r, u32 nr,               \
		unsigned flags)                                                \
	{                                                                      \
		return __read_runs(c, l1s, l2s, r, nr, flags);                 \
	}

LINE_PATHS_SHAPED(4way_8way, L1_4WAY, L2_8WAY)
LINE_PATHS_SHAPED(vivt_4way, L1_4WAY_VIVT, L2_4WAY)
LINE_PATHS_SHAPED(2way_16way, L1_2WAY, L2_16WAY)
LINE_PATHS_SHAPED(4way_8way_coh, L1_4WAY_COH, L2_8WAY_COH)
LINE_PATHS_SHAPED(2way_16way_coh, L1_2WAY_COH, L2_16WAY)
LINE_PATHS_SHAPED(any, CACHE_SHAPE_ANY, CACHE_SHAPE_ANY)

/* The copies of the line loops, and the L1 D-cache and outer cache each fits. */
static const struct line_paths {
	struct cache_shape l1s, l2s;
	void (*line_fn)(struct cpu *c, vaddr_t va, phys_addr_t pa, bool write);
	void (*lines_fn)(struct cpu *c, vaddr_t va, phys_addr_t pa, u32 len,
			 bool write);
	int (*runs_fn)(struct cpu *c, const struct load_run *r, u32 nr,
		       unsigned flags);
} line_paths[] = {
	{ L1_4WAY, L2_8WAY, line_access_4way_8way, lines_access_4way_8way,
	  read_runs_4way_8way },
	{ L1_4WAY_VIVT, L2_4WAY, line_access_vivt_4way,
	  lines_access_vivt_4way, read_runs_vivt_4way },
	{ L1_2WAY, L2_16WAY, line_access_2way_16way, lines_access_2way_16way,
	  read_runs_2way_16way },
	{ L1_4WAY_COH, L2_8WAY_COH, line_access_4way_8way_coh,
	  lines_access_4way_8way_coh, read_runs_4way_8way_coh },
	{ L1_2WAY_COH, L2_16WAY, line_access_2way_16way_coh,
	  lines_access_2way_16way_coh, read_runs_2way_16way_coh },
	/* Last: fits any caches. */
	{ CACHE_SHAPE_ANY, CACHE_SHAPE_ANY, line_access_any, lines_access_any,
	  read_runs_any },
};

static void coh_line_access(struct cpu *c, vaddr_t va, phys_addr_t pa,
			    bool write);
static int coh_read_runs(struct cpu *c, const struct load_run *r, u32 nr,
			 unsigned flags);
static void coh_paths_pick(struct cpu *c,
			   void (*fast)(struct cpu *c, vaddr_t va,
					phys_addr_t pa, u32 len, bool write));

/*
 * Point @c's line_fn and lines_fn at the first copy that fits its caches
 * (with machine.any_shape, the last); with coherence=snoop, at the
 * snooping copy below, which fits any, and keep the fitting copy for the
 * runs no other CPU can hold (coh_lines_access).
 */
static __attribute__((noinline)) void line_paths_pick(struct cpu *c)
{
	const struct line_paths *p = line_paths;

	if (machine->any_shape)
		p = &line_paths[ARRAY_SIZE(line_paths) - 1];
	while (!cache_has_shape(&c->l1d, p->l1s) ||
	       !cache_has_shape(c->l2, p->l2s))
		p++;
	if (machine->cfg.coherent) {
		coh_paths_pick(c, p->lines_fn);
		return;
	}
	c->line_fn = p->line_fn;
	c->lines_fn = p->lines_fn;
	c->runs_fn = p->runs_fn;
}

void hw_use_any_shape(bool any)
{
	machine->any_shape = any;
	for (u32 i = 0; i < machine->ncpus; i++) {
		machine->cpu[i].line_fn = NULL;
		machine->cpu[i].lines_fn = NULL;
		machine->cpu[i].runs_fn = NULL;
	}
}

static inline void lines_access(struct cpu *c, vaddr_t va, phys_addr_t pa,
				u32 len, bool write)
{
	if (uncached_page(c, va)) {
		uncached_access(c, va, pa, len, write);
		return;
	}
	if (unlikely(!c->lines_fn))
		line_paths_pick(c);
	c->lines_fn(c, va, pa, len, write);
}

/* One line access through the caches, whatever the translation said. */
static inline void line_access_cached(struct cpu *c, vaddr_t va,
				      phys_addr_t pa, bool write)
{
	if (unlikely(!c->line_fn))
		line_paths_pick(c);
	c->line_fn(c, va, pa, write);
}

static inline void line_access(struct cpu *c, vaddr_t va, phys_addr_t pa,
			       bool write)
{
	if (uncached_page(c, va)) {
		uncached_access(c, va, pa, 1, write);
		return;
	}
	line_access_cached(c, va, pa, write);
}

/* The walker fetches one descriptor. */
static void walk_read(struct cpu *c, phys_addr_t pa)
{
	hw_event(c, EV_walk_read);
	switch (machine->cfg.walk) {
	case WALK_DRAM:
		/*
		 * The walker bypasses the caches, so a descriptor still dirty
		 * in one of them is invisible to it: the kernel forgot to
		 * clean the line after writing the entry.
		 */
		if (unlikely(machine->checks) &&
		    (cache_pa_dirty(&c->l1d, pa) || cache_pa_dirty(c->l2, pa)))
			panic("walker: descriptor at PA %#llx is dirty in the D-cache (missing clean after a page-table write)",
			      (unsigned long long)pa);
		hw_event(c, EV_dram_read);
		hw_charge(c, CAUSE_walk, cost()->walk_read_dram);
		write_buffer_post(c, 1, cost()->walk_read_dram, 0);
		break;
	case WALK_L2:
		if (unlikely(machine->checks) && cache_pa_dirty(&c->l1d, pa) &&
		    !(machine->hooks.walk_dirty &&
		      machine->hooks.walk_dirty(c, pa)))
			panic("walker: descriptor at PA %#llx is dirty in L1 (missing clean after a page-table write)",
			      (unsigned long long)pa);
		outer_access(c, pa, false, CAUSE_walk);
		break;
	case WALK_L1:
		/* Physically indexed within a page: the PA serves as index. */
		line_access_cached(c, (vaddr_t)pa, pa, false);
		break;
	}
}

static inline bool access_ok_perm(u8 perm, unsigned flags)
{
	u8 want = PERM_R;

	if (flags & ACC_WRITE)
		want |= PERM_W;
	if (flags & ACC_USER)
		want |= PERM_U;
	return mmu_perm_ok(perm, want);
}

static void fault(struct cpu *c, vaddr_t va, unsigned flags,
		  enum mmu_fault kind)
{
	c->fault.va = va;
	c->fault.kind = kind;
	c->fault.write = flags & ACC_WRITE;
	c->fault.user = flags & ACC_USER;
}

/*
 * The checker's memo of the TLB entry in @slot, just found to agree with
 * @w, a walk of its VA with the tables and registers as they are now: the
 * frames the walk read and their write counts (none, if more than the
 * memo holds: the entry is walked again at each check).
 */
static void check_coherent_remember(struct cpu *c, u32 slot,
				    const struct mmu_walk *w)
{
	struct tlb_checked *m = &c->tlb.checked[slot];
	struct ram *ram = &machine->ram;

	m->nr = 0;
	if (w->reads > TLB_CHECKED_FRAMES)
		return;
	for (u32 i = 0; i < w->reads; i++) {
		m->frame[i] = ram_frame(ram, w->read_pa[i]);
		m->writes[i] = ram->writes[m->frame[i]];
	}
	m->regs = c->mmu_reg_writes;
	m->gen = c->tlb.gen[slot];
	m->nr = w->reads;
}

/*
 * The checker's verdict on the TLB entry in @slot from @w, a walk of @va
 * with the tables and registers as they are now (@f: its outcome): stop
 * if they disagree, else remember the walk.
 */
static void check_coherent_verdict(struct cpu *c, vaddr_t va, u32 slot,
				   enum mmu_fault f, const struct mmu_walk *w)
{
	const struct tlb_entry *e = &c->tlb.e[slot];
	phys_addr_t tlb_pa = e->pa | (va & ~e->mask);

	if (f == MMU_OK && w->pa == tlb_pa && w->perm == e->perm &&
	    w->uncached == e->uncached) {
		check_coherent_remember(c, slot, w);
		return;
	}
	if (machine->hooks.tlb_stale)
		machine->hooks.tlb_stale(c, va, tlb_pa, w->pa, f == MMU_OK);
	panic("TLB coherence: CPU%u VA %#x hits a TLB entry for PA %#llx but the tables say %s %#llx (missing TLB flush)",
	      c->id, va, (unsigned long long)tlb_pa,
	      f == MMU_OK ? "PA" : "unmapped", (unsigned long long)w->pa);
}

/*
 * check_coherent's walk, out of line so that the memo's answer (nearly
 * every access) costs no stack frame for a walk.
 */
static __attribute__((noinline)) void check_coherent_walk(struct cpu *c,
							 vaddr_t va, u32 slot)
{
	struct mmu_walk w;

	check_coherent_verdict(c, va, slot, hw_probe(c, va, &w), &w);
}

/*
 * Checker: does the TLB entry in @slot still agree with the tables?  A walk
 * reads only the translation registers and the descriptors it lists, so
 * once an entry agreed with a walk of @va's page it agrees again until a
 * register or a frame that walk read is written: the memo in tlb.checked
 * skips the walk until then.  The page is the entry's: a walk of any VA in
 * a section reads the same descriptors as one of any other and ends at
 * the same descriptor (no board here builds supersections, whose walks
 * would read one of sixteen copies), so one verified walk serves the
 * section's every page -- the direct map's, on ARM.
 */
static void check_coherent(struct cpu *c, vaddr_t va, u32 slot)
{
	const struct tlb_checked *m = &c->tlb.checked[slot];
	const u64 *writes = machine->ram.writes;

	if (!m->nr || m->regs != c->mmu_reg_writes ||
	    m->gen != c->tlb.gen[slot])
		goto walk;
	for (u32 i = 0; i < m->nr; i++)
		if (writes[m->frame[i]] != m->writes[i])
			goto walk;
	return;
walk:
	check_coherent_walk(c, va, slot);
}

/* The PA of @va's page through TLB entry @slot; a bus error outside RAM. */
static phys_addr_t entry_page(const struct cpu *c, vaddr_t va, u32 slot)
{
	phys_addr_t page = tlb_entry_page(&c->tlb.e[slot], va);

	if (!ram_contains(&machine->ram, page, PAGE_SIZE))
		panic("bus error: CPU%u VA %#x maps PA %#llx outside RAM",
		      c->id, va, (unsigned long long)page);
	return page;
}

/* Fill the host translation cache for @va's page from TLB entry @slot. */
static struct tlb_fast *fast_fill(struct cpu *c, vaddr_t va, u32 slot)
{
	struct tlb_fast *f = &c->tlb.fast[(va >> PAGE_SHIFT) &
					  (TLB_FAST_SIZE - 1)];
	phys_addr_t page = entry_page(c, va, slot);

	f->vpage = (va >> PAGE_SHIFT) + 1;
	f->slot = slot;
	f->gen = c->tlb.gen[slot];
	f->pa = page;
	f->host = ram_ptr(&machine->ram, page);
	return f;
}

/*
 * @va's page translates through the uncached entry in @slot: drop any
 * fast entry of the page (another ASID's, cached) so that its next
 * access comes back here, note the page (uncached_page), and return the
 * host byte and PA as fast_fill's entry would.
 */
static __attribute__((noinline)) u8 *
uncached_translate(struct cpu *c, vaddr_t va, u32 slot, phys_addr_t *pa)
{
	struct tlb_fast *f = &c->tlb.fast[(va >> PAGE_SHIFT) &
					  (TLB_FAST_SIZE - 1)];
	phys_addr_t page = entry_page(c, va, slot);
	u32 vp = (va >> PAGE_SHIFT) + 1;

	if (f->vpage == vp)
		f->vpage = 0;
	if (c->uc_vpage[0] != vp && c->uc_vpage[1] != vp) {
		c->uc_vpage[c->uc_next] = vp;
		c->uc_next ^= 1;
	}
	*pa = page | (va & (PAGE_SIZE - 1));
	return ram_ptr(&machine->ram, page) + (va & (PAGE_SIZE - 1));
}

/* @va's page now translates through a cached entry. */
static void uncached_forget(struct cpu *c, vaddr_t va)
{
	u32 vp = (va >> PAGE_SHIFT) + 1;

	for (u32 i = 0; i < 2; i++)
		if (c->uc_vpage[i] == vp)
			c->uc_vpage[i] = 0;
}

static u8 *translate_slow(struct cpu *c, vaddr_t va, unsigned flags,
			  phys_addr_t *pa)
{
	int slot = tlb_lookup(&c->tlb, va, c->mmu.asid);
	struct tlb_fast *f;

	if (slot >= 0) {
		hw_event(c, EV_tlb_hit);
		if (unlikely(machine->checks))
			check_coherent(c, va, (u32)slot);
	} else {
		struct mmu_walk w;
		enum mmu_fault err;

		hw_event(c, EV_tlb_miss);
		hw_charge(c, CAUSE_walk, cost()->walk_base);
		err = mmu_walk(&machine->ram, &c->mmu, va, &w);
		/*
		 * A PAE CPU loads the four PDPTEs into registers when CR3 is
		 * written and does not fetch them again on a TLB miss.
		 */
		for (u32 i = c->mmu.format == MMU_X86_PAE; i < w.reads; i++)
			walk_read(c, w.read_pa[i]);
		if (err != MMU_OK) {
			fault(c, va, flags, err);
			return NULL;
		}
		slot = (int)tlb_insert(&c->tlb, va, c->mmu.asid, &w);
		/*
		 * This walk is the one the checker would make at the new
		 * entry's first hit, which finds its memo empty: the tables
		 * are unchanged until then (the fills above store nothing),
		 * or the memo sees the stores.  The entry was made from it,
		 * so it agrees; remembering it now spares that second walk,
		 * one per TLB miss.
		 */
		if (unlikely(machine->checks))
			check_coherent_remember(c, (u32)slot, &w);
	}
	if (!access_ok_perm(c->tlb.e[slot].perm, flags)) {
		fault(c, va, flags, MMU_FAULT_PERMISSION);
		return NULL;
	}
	if (unlikely(c->tlb.e[slot].uncached))
		return uncached_translate(c, va, (u32)slot, pa);
	if (unlikely(c->uc_vpage[0] | c->uc_vpage[1]))
		uncached_forget(c, va);
	f = fast_fill(c, va, (u32)slot);
	*pa = f->pa | (va & (PAGE_SIZE - 1));
	return f->host + (va & (PAGE_SIZE - 1));
}

/*
 * Translate @va for an access; NULL (and c->fault) on a fault.  With
 * @checked (the runs of __read_runs), a hit in the TLB slot *@checked
 * skips the coherence check: the caller made nothing but loads that hit
 * the TLB since that slot was checked, so the check would pass again.
 * *@checked is the slot checked, or -1 after a walk (which may store).
 */
static inline __attribute__((always_inline)) u8 *
__translate(struct cpu *c, vaddr_t va, unsigned flags, phys_addr_t *pa,
	    int *checked)
{
	struct tlb_fast *f = &c->tlb.fast[(va >> PAGE_SHIFT) &
					  (TLB_FAST_SIZE - 1)];

	if (likely(f->vpage == (va >> PAGE_SHIFT) + 1 &&
		   c->tlb.gen[f->slot] == f->gen)) {
		const struct tlb_entry *e = &c->tlb.e[f->slot];

		if (likely((e->global || e->asid == c->mmu.asid) &&
			   access_ok_perm(e->perm, flags))) {
			hw_event(c, EV_tlb_hit);
			if (unlikely(machine->checks) &&
			    (!checked || *checked != (int)f->slot)) {
				check_coherent(c, va, f->slot);
				if (checked)
					*checked = (int)f->slot;
			}
			*pa = f->pa | (va & (PAGE_SIZE - 1));
			return f->host + (va & (PAGE_SIZE - 1));
		}
	}
	if (checked)
		*checked = -1;
	return translate_slow(c, va, flags, pa);
}

static inline u8 *translate(struct cpu *c, vaddr_t va, unsigned flags,
			    phys_addr_t *pa)
{
	return __translate(c, va, flags, pa, NULL);
}

int hw_translate(struct cpu *c, vaddr_t va, unsigned flags, phys_addr_t *pa)
{
	return translate(c, va, flags, pa) ? 0 : -EFAULT;
}

u32 hw_read(struct cpu *c, vaddr_t va, void *buf, u32 len, unsigned flags)
{
	u8 *out = buf;

	flags &= ~ACC_WRITE;
	while (len) {
		u32 n = MIN(len, page_left(va));
		phys_addr_t pa;
		u8 *h = translate(c, va, flags, &pa);

		if (!h)
			return len;
		lines_access(c, va, pa, n, false);
		memcpy(out, h, n);
		out += n;
		va += n;
		len -= n;
	}
	return 0;
}

static inline bool mem_is_zero(const u8 *p, u32 n)
{
	return !n || (!p[0] && !memcmp(p, p + 1, n - 1));
}

/*
 * Store @n host bytes from @src (@src_zero: known to be zeros) at @pa,
 * host byte @h.  Zeros stored into a frame no store has reached since
 * boot change no byte: the frame still reads as the host's zeros.  Such a
 * store is skipped, and not counted, so the frame stays unwritten -- the
 * TLB coherence memo, which reads the counts, sees correctly that nothing
 * changed.  The kernel's page clearing and a dd from /dev/zero store
 * mostly zeros into fresh frames; skipping them spares the host faulting
 * in and zeroing that memory, which was a quarter to a half of a 64 MiB
 * dd's host time.  The simulated costs are charged before, either way.
 */
static inline void ram_store(phys_addr_t pa, u8 *h, const u8 *src, u32 n,
			     bool src_zero)
{
	struct ram *ram = &machine->ram;

	if (ram_frame_unwritten(ram, pa) && (src_zero || mem_is_zero(src, n)))
		return;
	ram_note_write(ram, pa);
	memmove(h, src, n);
}

u32 hw_write(struct cpu *c, vaddr_t va, const void *buf, u32 len,
	     unsigned flags)
{
	const u8 *in = buf;

	flags |= ACC_WRITE;
	while (len) {
		u32 n = MIN(len, page_left(va));
		phys_addr_t pa;
		u8 *h = translate(c, va, flags, &pa);

		if (!h)
			return len;
		lines_access(c, va, pa, n, true);
		ram_store(pa, h, in, n, false);
		in += n;
		va += n;
		len -= n;
	}
	return 0;
}

/* hw_touch of more than one line, page by page: out of line, so that the
 * one-line touch saves no host registers for this loop. */
static __attribute__((noinline)) u32 hw_touch_lines(struct cpu *c, vaddr_t va,
						    u32 len, bool write)
{
	unsigned flags = write ? ACC_WRITE : 0;

	while (len) {
		u32 n = MIN(len, page_left(va));
		phys_addr_t pa;

		if (!translate(c, va, flags, &pa))
			return len;
		lines_access(c, va, pa, n, write);
		va += n;
		len -= n;
	}
	return 0;
}

u32 hw_touch(struct cpu *c, vaddr_t va, u32 len, bool write)
{
	unsigned flags = write ? ACC_WRITE : 0;
	u32 ls = c->l1d.line_shift;

	/* Most touches are a field or two: one line, one lookup (under
	 * coherence=snoop with its bytes, which the false-sharing test
	 * needs). */
	if (likely(len && !((va ^ (va + len - 1)) >> ls))) {
		phys_addr_t pa;

		if (!translate(c, va, flags, &pa))
			return len;
		/* A store's bytes matter to the DRAM bursts it writes
		 * where nothing allocates it (dram_store). */
		if (machine->cfg.coherent ||
		    (write && len > 4 && machine->cfg.dram_burst_bytes))
			lines_access(c, va, pa, len, write);
		else
			line_access(c, va, pa, write);
		return 0;
	}
	return hw_touch_lines(c, va, len, write);
}

/*
 * Naturally aligned 4- and 8-byte accesses (PTE loads and stores): one
 * page, one line, no loop.  Inlined into each caller, so that @size and
 * the direction are constants and the host copy is one move.  Return 0
 * or -EFAULT with c->fault set.
 */
static inline __attribute__((always_inline)) int
word_access(struct cpu *c, vaddr_t va, void *v, u32 size, unsigned flags)
{
	phys_addr_t pa;
	u8 *h;

	BUG_ON(va & (size - 1));
	h = translate(c, va, flags, &pa);
	if (!h)
		return -EFAULT;
	/*
	 * coherence=snoop tells the bytes apart: line_fn's snooping copy
	 * takes a word as four bytes, so only an 8-byte access goes to it
	 * with its size (@size is a constant: a 4-byte access tests
	 * nothing).
	 */
	if (size == 8 && unlikely(c->l1d_wmask))
		lines_access(c, va, pa, size, flags & ACC_WRITE);
	else
		line_access(c, va, pa, flags & ACC_WRITE);
	if (flags & ACC_WRITE)
		ram_store(pa, h, v, size, false);
	else
		memcpy(v, h, size);
	return 0;
}

int hw_read32(struct cpu *c, vaddr_t va, u32 *v, unsigned flags)
{
	return word_access(c, va, v, 4, flags & ~ACC_WRITE);
}

int hw_read64(struct cpu *c, vaddr_t va, u64 *v, unsigned flags)
{
	return word_access(c, va, v, 8, flags & ~ACC_WRITE);
}

int hw_write32(struct cpu *c, vaddr_t va, u32 v, unsigned flags)
{
	return word_access(c, va, &v, 4, flags | ACC_WRITE);
}

int hw_write64(struct cpu *c, vaddr_t va, u64 v, unsigned flags)
{
	return word_access(c, va, &v, 8, flags | ACC_WRITE);
}

/*
 * coherence=snoop (hw/coherence.h): the line paths with each line's snoop,
 * one copy for any cache shape.  A miss snoops before its fill, a store
 * to a line not modified here snoops before it marks the line, and each
 * L1 line keeps the bytes its CPU wrote since the fill.
 */

/* The coherence charges of a run of lines, applied once (coh_apply). */
struct coh_tally {
	u64 transfers, false_sharing, invals;
	u64 coh_cy, false_cy;
};

/* A modified line came from the CPU @s names. */
static void coh_transfer(const struct snoop *s, struct coh_tally *k)
{
	u32 cy = s->remote ? cost()->coh_c2c_remote : cost()->coh_c2c;

	k->transfers++;
	if (s->false_sharing) {
		k->false_sharing++;
		k->false_cy += cy;
	} else {
		k->coh_cy += cy;
	}
}

/* Clean copies elsewhere were invalidated by a transaction of their own. */
static void coh_invalidate(const struct snoop *s, struct coh_tally *k)
{
	k->invals++;
	k->coh_cy += s->remote ? cost()->coh_inval_remote : cost()->coh_inval;
}

static void coh_apply(struct cpu *c, const struct coh_tally *k)
{
	hw_event_add(c, EV_coh_transfer, k->transfers);
	hw_event_add(c, EV_coh_false_sharing, k->false_sharing);
	hw_event_add(c, EV_coh_inval, k->invals);
	hw_charge(c, CAUSE_coherence, k->coh_cy);
	hw_charge(c, CAUSE_false_sharing, k->false_cy);
}

/*
 * Does @c's private outer cache (the P6's), of shape @l2s, hold @pa,
 * modified for a @write?  In *@slot the slot it holds the line in, -1 if
 * none, or L2_SLOT_UNKNOWN under a shared outer cache (not looked up).
 */
static inline __attribute__((always_inline)) bool
own_l2_serves_at(struct cpu *c, struct cache_shape l2s, phys_addr_t pa,
		 bool write, int *slot)
{
	*slot = L2_SLOT_UNKNOWN;
	if (!machine->cfg.l2_per_cpu)
		return false;
	*slot = cache_slot_of_pa_shaped(c->l2, l2s, pa);
	return *slot >= 0 && (!write || cache_line_dirty(c->l2, (u32)*slot));
}

/* Does @c's private outer cache hold @pa, modified for a @write? */
static inline __attribute__((always_inline)) bool
own_l2_serves(struct cpu *c, struct cache_shape l2s, phys_addr_t pa,
	      bool write)
{
	int unused;

	return own_l2_serves_at(c, l2s, pa, write, &unused);
}

/*
 * The miss of (@va, @pa), tag @line in @set: the snoop, then l1_miss.  A
 * modified copy elsewhere supplied the line, so the fill l1_miss charged
 * (its outer cache's or DRAM's) is taken back for the transfer; a write
 * whose fill came from DRAM carried its invalidation with it, one served
 * by an outer cache pays it apart.
 */
static inline __attribute__((always_inline)) void
__coh_line_miss(struct cpu *c, struct cache_shape l1s, struct cache_shape l2s,
		vaddr_t va, phys_addr_t pa, u32 set, u64 line, bool write,
		bool stream, u64 bytes, struct line_tally *t,
		struct coh_tally *k)
{
	u64 fill_cy = t->fill_cy, dram_fill_cy = t->dram_fill_cy;
	u64 dram_read = t->dram_read;
	struct snoop s = { 0 };
	int i, l2_slot;

	/*
	 * A miss its CPU's own outer cache serves never reaches the bus: a
	 * read finds a valid copy there, which no other CPU can hold
	 * modified, and a write one it modified, which no other CPU holds
	 * at all.  Only a write to a clean copy must invalidate the others.
	 */
	if (!own_l2_serves_at(c, l2s, pa, write, &l2_slot))
		coherence_snoop(c, pa, bytes, write, &s);
	/* The snoop touched only other CPUs' caches, where the outer cache is
	 * a CPU's own: the fill may trust the lookup just made. */
	i = l1_miss_at(c, l1s, l2s, va, pa, set, line, write, stream,
		       l1_alias_checked(c), l2_slot, t);
	if (s.modified) {
		t->fill_cy = fill_cy;
		t->dram_fill_cy = dram_fill_cy;
		t->dram_read = dram_read;
		coh_transfer(&s, k);
	} else if (s.held && write && t->dram_read == dram_read) {
		coh_invalidate(&s, k);
	}
	/* The fill cleared the slot's mask (cache.wmask). */
	if (i >= 0 && write)
		c->l1d_wmask[i] |= bytes;
}

/*
 * Does a CPU other than @c count a line in any of the presence buckets of
 * PA lines [@first, @last]?  A bucket no other CPU's byte counts holds
 * none of their copies, so a snoop of its lines finds nothing.
 */
static bool coh_others_may_hold(const struct cpu *c, u64 first, u64 last)
{
	u32 others = ~c->l1d.holder_bit, any = 0;

	for (u64 l = first; l <= last; l++)
		any |= machine->holders[(u32)l & CACHE_PRESENCE_MASK];
	return any & others;
}

/*
 * The line loop of __coh_lines_access, each line with its snoop, once the
 * run may hold a line another CPU holds: arguments as there.  Its tallies
 * are made here, where they are used, not for the runs that end before.
 * A line's bytes are found where its miss or its store uses them.
 */
static inline __attribute__((always_inline)) void
__coh_lines_snoop(struct cpu *c, struct cache_shape l1s, struct cache_shape l2s,
		  vaddr_t va, phys_addr_t pa, u32 len, bool write)
{
	struct cache *l1 = &c->l1d;
	u32 ls = l1->line_shift, ways = cache_shape_ways(l1, l1s);
	phys_addr_t page = pa & ~(phys_addr_t)(PAGE_SIZE - 1);
	vaddr_t first = va >> ls, last = (va + len - 1) >> ls;
	struct line_tally t = LINE_TALLY(CAUSE_l2_fill);
	struct coh_tally k = { 0 };
	u32 hits = 0;

	for (vaddr_t l = first; l <= last; l++) {
		vaddr_t lva = l << ls;
		phys_addr_t lpa = page | (lva & (PAGE_SIZE - 1));
		u64 bytes, tline;
		u32 set, i;
		int w;

		cache_locate_shaped(l1, l1s, lva, lpa, &set, &tline);
		w = cache_find_shaped(l1, l1s, set, tline);
		if (w < 0) {
			if (write)
				store_bytes(&t, lva, ls, va, len);
			bytes = line_bytes(lva, ls, va, len);
			__coh_line_miss(c, l1s, l2s, lva, lpa, set, tline,
					write, l != first, bytes, &t, &k);
			continue;
		}
		hits++;
		if (!write)
			continue;
		i = set * ways + (u32)w;
		bytes = line_bytes(lva, ls, va, len);
		/* A line modified here, or in this CPU's own outer cache, is
		 * held nowhere else. */
		if (!(l1->tag[i] & CACHE_DIRTY) &&
		    !own_l2_serves(c, l2s, lpa, true)) {
			struct snoop s;

			coherence_snoop(c, lpa, bytes, true, &s);
			/* A line modified elsewhere is in no other cache. */
			BUG_ON(s.modified);
			if (s.held)
				coh_invalidate(&s, &k);
		}
		cache_mark_dirty_shaped(l1, l1s, i);
		c->l1d_wmask[i] |= bytes;
	}
	t.l1d_hit = hits;
	t.l1_hit_cy = (u64)hits * cost()->l1_hit;
	tally_apply(c, &t);
	coh_apply(c, &k);
}

/*
 * The access of __coh_lines_access when it is one line that hits, and for
 * a store is dirty here already (no other cache holds it): what
 * __coh_lines_snoop would add, without its tallies -- a field's touch,
 * most of them.  Return: true if it was that (and made), false if the
 * run must go on to __coh_lines_access.
 */
static inline __attribute__((always_inline)) bool
__coh_line_hit(struct cpu *c, struct cache_shape l1s, vaddr_t va,
	       phys_addr_t pa, u32 len, bool write)
{
	struct cache *l1 = &c->l1d;
	u32 ls = l1->line_shift, set, i;
	u64 tline;
	int w;

	if ((va >> ls) != ((va + len - 1) >> ls))
		return false;
	cache_locate_shaped(l1, l1s, va, pa, &set, &tline);
	w = cache_find_shaped(l1, l1s, set, tline);
	if (w < 0)
		return false;
	i = set * cache_shape_ways(l1, l1s) + (u32)w;
	if (write && !(l1->tag[i] & CACHE_DIRTY))
		return false;
	if (write)
		c->l1d_wmask[i] |= line_bytes(va & ~(vaddr_t)((1u << ls) - 1),
					      ls, va, len);
	hw_event(c, EV_l1d_hit);
	hw_charge(c, CAUSE_l1_hit, cost()->l1_hit);
	return true;
}

/*
 * __lines_access with the snoops: [@va, @va + @len) within one page, the
 * lines after the first a stream; @l1s and @l2s as for __lines_access.
 * Past __coh_line_hit, which the copies below ask first in a frame of
 * their own (a hit saves no host registers for the rest).
 */
static inline __attribute__((always_inline)) void
__coh_lines_access(struct cpu *c, struct cache_shape l1s,
		   struct cache_shape l2s, vaddr_t va, phys_addr_t pa, u32 len,
		   bool write)
{
	u32 ls = c->l1d.line_shift;
	vaddr_t first = va >> ls, last = (va + len - 1) >> ls;

	/*
	 * No other CPU can hold a line of the run: no snoop would find
	 * anything, so the copy of the line loop compiled for this CPU's
	 * caches does what this one would -- the fills clear their masks
	 * (cache.wmask), and a write marks its bytes (__lines_access).
	 */
	if (!coh_others_may_hold(c, pa >> ls, (pa >> ls) + (last - first))) {
		c->coh_fast_lines_fn(c, va, pa, len, write);
		return;
	}
	__coh_lines_snoop(c, l1s, l2s, va, pa, len, write);
}

#define COH_PATHS_SHAPED(name, l1s, l2s)                                       \
	static __attribute__((noinline)) void coh_lines_miss_##name(          \
		struct cpu *c, vaddr_t va, phys_addr_t pa, u32 len, bool write) \
	{                                                                      \
		if (write)                                                     \
			__coh_lines_access(c, l1s, l2s, va, pa, len, true);    \
		else                                                           \
			__coh_lines_access(c, l1s, l2s, va, pa, len, false);   \
	}                                                                      \
	static __attribute__((noinline)) void coh_lines_access_##name(        \
		struct cpu *c, vaddr_t va, phys_addr_t pa, u32 len, bool write) \
	{                                                                      \
		if (!__coh_line_hit(c, l1s, va, pa, len, write))               \
			coh_lines_miss_##name(c, va, pa, len, write);          \
	}

COH_PATHS_SHAPED(4way_8way, L1_4WAY_COH, L2_8WAY_COH)
COH_PATHS_SHAPED(2way_16way, L1_2WAY_COH, L2_16WAY)
COH_PATHS_SHAPED(any, CACHE_SHAPE_ANY, CACHE_SHAPE_ANY)

/* The snooping copies of the line loop, and the caches each fits. */
static const struct coh_paths {
	struct cache_shape l1s, l2s;
	void (*lines_fn)(struct cpu *c, vaddr_t va, phys_addr_t pa, u32 len,
			 bool write);
} coh_paths[] = {
	{ L1_4WAY_COH, L2_8WAY_COH, coh_lines_access_4way_8way },
	{ L1_2WAY_COH, L2_16WAY, coh_lines_access_2way_16way },
	/* Last: fits any caches. */
	{ CACHE_SHAPE_ANY, CACHE_SHAPE_ANY, coh_lines_access_any },
};

/*
 * Point @c at the snooping copies (the first that fits its caches; with
 * machine.any_shape, the last), keeping @fast, the line loop that fits
 * them, for the runs no other CPU can hold.
 */
static void coh_paths_pick(struct cpu *c,
			   void (*fast)(struct cpu *c, vaddr_t va,
					phys_addr_t pa, u32 len, bool write))
{
	const struct coh_paths *q = coh_paths;

	if (machine->any_shape)
		q = &coh_paths[ARRAY_SIZE(coh_paths) - 1];
	while (!cache_has_shape(&c->l1d, q->l1s) ||
	       !cache_has_shape(c->l2, q->l2s))
		q++;
	c->coh_fast_lines_fn = fast;
	c->line_fn = coh_line_access;
	c->lines_fn = q->lines_fn;
	c->runs_fn = coh_read_runs;
}

/* One access of a word at @va: the four bytes there (the walker's
 * descriptor reads; word_access passes its own size). */
static void coh_line_access(struct cpu *c, vaddr_t va, phys_addr_t pa,
			    bool write)
{
	u32 in_line = cache_line_size(&c->l1d) - (va & (cache_line_size(&c->l1d) - 1));

	c->lines_fn(c, va, pa, MIN(4u, in_line), write);
}

/*
 * hw_read_runs with the snoops: each load of each run as word_access
 * makes it, which its contract says the runs equal.  A run's first load
 * is word_access itself.  Its later loads, in the same page, would each
 * hit the fast TLB entry the first one left (nothing between them touches
 * the TLB, the tables or the registers, so the coherence check passes
 * again) and go to c->lines_fn as word_access sends them, the 4-byte ones
 * through coh_line_access: so each adds a TLB hit and makes that call.  A
 * load in the line the load before it made resident (a load always
 * allocates, and a read hit snoops nothing) is the one-line hit of
 * __coh_lines_access: an L1 hit event and its cycles.  A run through an
 * uncached entry goes load by load.
 */
static int coh_read_runs(struct cpu *c, const struct load_run *r, u32 nr,
			 unsigned flags)
{
	u32 lmask = cache_line_size(&c->l1d) - 1;

	for (; nr; nr--, r++) {
		u8 *out = r->out, *h;
		u32 size = r->size;
		vaddr_t va = r->va;
		const struct tlb_fast *f;
		phys_addr_t pa;
		u64 v = 0;
		int err;

		BUG_ON((size != 4 && size != 8) || (va & (size - 1)) || !r->n ||
		       size * r->n > page_left(va));
		err = word_access(c, va, &v, size, flags);
		if (err)
			return err;
		if (out)
			memcpy(out, &v, size);
		if (r->n == 1)
			continue;
		if (uncached_page(c, va)) {
			for (u32 i = 1; i < r->n; i++) {
				err = word_access(c, va + i * size, &v, size,
						  flags);
				if (err)
					return err;
				if (out)
					memcpy(out + i * size, &v, size);
			}
			continue;
		}
		/* The fast entry the first load's translation left. */
		f = &c->tlb.fast[(va >> PAGE_SHIFT) & (TLB_FAST_SIZE - 1)];
		BUG_ON(f->vpage != (va >> PAGE_SHIFT) + 1);
		pa = f->pa | (va & (PAGE_SIZE - 1));
		h = f->host + (va & (PAGE_SIZE - 1));
		hw_event_add(c, EV_tlb_hit, r->n - 1);
		/* A line's first load is its access; the loads after it, up
		 * to the next line's first, hit it: counted at once. */
		for (u32 i = 1, next; i < r->n; i = next) {
			vaddr_t lva = va + i * size;
			u32 hits;

			if (!(lva & lmask)) {
				c->lines_fn(c, lva, pa + i * size, size, false);
				next = i + 1;
				continue;
			}
			next = MIN(r->n, i + (lmask + 1 - (lva & lmask)) / size);
			hits = next - i;
			hw_event_add(c, EV_l1d_hit, hits);
			hw_charge(c, CAUSE_l1_hit, (u64)hits * cost()->l1_hit);
		}
		/* A load changes no byte: the values, as the loads read them. */
		if (out)
			memcpy(out + size, h + size, (size_t)(r->n - 1) * size);
	}
	return 0;
}

int hw_read_run(struct cpu *c, vaddr_t va, void *v, u32 size, u32 n,
		unsigned flags)
{
	struct load_run r = { .va = va, .size = size, .n = n, .out = v };

	return hw_read_runs(c, &r, 1, flags);
}

int hw_read_runs(struct cpu *c, const struct load_run *r, u32 nr,
		 unsigned flags)
{
	if (unlikely(!c->runs_fn))
		line_paths_pick(c);
	return c->runs_fn(c, r, nr, flags & ~ACC_WRITE);
}

u32 hw_copy(struct cpu *c, vaddr_t dst, vaddr_t src, u32 len, unsigned dflags,
	    unsigned sflags)
{
	dflags |= ACC_WRITE;
	sflags &= ~ACC_WRITE;
	while (len) {
		u32 n = MIN(len, MIN(page_left(dst), page_left(src)));
		phys_addr_t spa, dpa;
		u8 *hs = translate(c, src, sflags, &spa);
		u8 *hd;

		if (!hs)
			return len;
		hd = translate(c, dst, dflags, &dpa);
		if (!hd)
			return len;
		lines_access(c, src, spa, n, false);
		lines_access(c, dst, dpa, n, true);
		ram_store(dpa, hd, hs, n,
			  ram_frame_unwritten(&machine->ram, spa));
		dst += n;
		src += n;
		len -= n;
	}
	return 0;
}

u32 hw_fill(struct cpu *c, vaddr_t va, u8 val, u32 len, unsigned flags)
{
	flags |= ACC_WRITE;
	while (len) {
		u32 n = MIN(len, page_left(va));
		phys_addr_t pa;
		u8 *h = translate(c, va, flags, &pa);

		if (!h)
			return len;
		lines_access(c, va, pa, n, true);
		if (val || !ram_frame_unwritten(&machine->ram, pa)) {
			ram_note_write(&machine->ram, pa);
			memset(h, val, n);
		}
		va += n;
		len -= n;
	}
	return 0;
}

void hw_tlb_inv_va_asid(struct cpu *c, vaddr_t va, u8 asid)
{
	tlb_inv_va(&c->tlb, va, asid);
	hw_event(c, EV_tlb_inv_local);
	hw_charge(c, CAUSE_tlb_inv, cost()->tlb_inv_va);
}

void hw_tlb_inv_va(struct cpu *c, vaddr_t va)
{
	hw_tlb_inv_va_asid(c, va, c->mmu.asid);
}

void hw_tlb_inv_all(struct cpu *c)
{
	tlb_inv_all(&c->tlb);
	hw_event(c, EV_tlb_inv_local_all);
	hw_charge(c, CAUSE_tlb_inv, cost()->tlb_inv_all);
}

void hw_tlb_inv_asid(struct cpu *c, u8 asid)
{
	tlb_inv_asid(&c->tlb, asid);
	hw_event(c, EV_tlb_inv_asid);
	hw_charge(c, CAUSE_tlb_inv, cost()->tlb_inv_va);
}

void hw_tlb_inv_va_broadcast(struct cpu *c, vaddr_t va)
{
	for (u32 i = 0; i < machine->ncpus; i++)
		tlb_inv_va(&machine->cpu[i].tlb, va, c->mmu.asid);
	hw_event(c, EV_tlb_inv_broadcast);
	hw_charge(c, CAUSE_tlb_inv, cost()->tlb_inv_broadcast);
}

void hw_ipi(struct cpu *c, struct cpu *target)
{
	/*
	 * Both sides pay: the sender writes the interrupt controller and
	 * waits for the handler (on_each_cpu waits), the target takes an
	 * exception.  The handler's own work is charged by the caller.
	 */
	hw_event(c, EV_ipi);
	hw_charge(c, CAUSE_ipi, cost()->ipi);
	hw_charge(target, CAUSE_ipi, cost()->ipi);
}

void hw_dcache_op_va_range(struct cpu *c, vaddr_t va, u32 len,
			   enum cache_op op)
{
	u32 ls = c->l1d.line_shift;
	vaddr_t first = va >> ls, last = (va + len - 1) >> ls;
	bool vivt = c->l1d.kind == CACHE_VIVT;
	u32 lines = last - first + 1;

	if (!len)
		return;
	for (vaddr_t l = first; l <= last; l++) {
		vaddr_t lva = l << ls;
		phys_addr_t pa = 0, wb;
		bool page_start = l == first || !(lva & (PAGE_SIZE - 1));

		/*
		 * A VIVT page none of whose lines is resident: nothing to
		 * do but charge (below); on to the next page.
		 */
		if (vivt && page_start &&
		    !cache_va_page_maybe_resident(&c->l1d, lva)) {
			l = MIN(last, (vaddr_t)((lva | (PAGE_SIZE - 1)) >> ls));
			continue;
		}
		/* Only physically tagged caches need the translation. */
		if (!vivt && hw_translate(c, lva, 0, &pa))
			panic("hw_dcache_op_va_range: VA %#x is not mapped",
			      lva);
		if (cache_maint_line(&c->l1d, lva, pa, op, &wb))
			l1_victim(c, wb);
	}
	hw_event_add(c, op == CACHE_FLUSH ? EV_dcache_lines_flushed :
			op == CACHE_CLEAN ? EV_dcache_lines_cleaned :
					    EV_dcache_lines_invalidated,
		     lines);
	hw_charge(c, CAUSE_dcache_maint, (u64)lines * cost()->dcache_line_op);
}

void hw_dcache_op_all(struct cpu *c, enum cache_op op)
{
	hw_event(c, EV_dcache_whole_flush);
	hw_charge(c, CAUSE_dcache_maint, (u64)c->l1d.sets * c->l1d.ways * cost()->dcache_setway_op);
	cache_maint_all(&c->l1d, op, l1_victim_cb, c);
}

/* @op on outer-cache lines @first..@last (line numbers), each charged. */
static void l2_maint_lines(struct cpu *c, phys_addr_t first, phys_addr_t last,
			   enum cache_op op)
{
	u32 ls = c->l2->line_shift;
	struct line_tally t = LINE_TALLY(CAUSE_l2_maint);

	for (phys_addr_t l = first; l <= last; l++) {
		phys_addr_t lpa = l << ls, wb;

		if (cache_maint_line(c->l2, (vaddr_t)lpa, lpa, op, &wb))
			l2_writeback(&t);
	}
	/* Each line's operation, in the tally's cycles of its cause. */
	hw_event_add(c, EV_l2_lines_maint, last - first + 1);
	t.fill_cy = (last - first + 1) * cost()->l2_line_op;
	tally_apply(c, &t);
}

void hw_l2_op_pa_range(struct cpu *c, phys_addr_t pa, u32 len,
		       enum cache_op op)
{
	u32 ls = c->l2->line_shift;

	if (!len)
		return;
	l2_maint_lines(c, pa >> ls, (pa + len - 1) >> ls, op);
}

void hw_dcache_range_op_va(struct cpu *c, vaddr_t start, vaddr_t top,
			   enum cache_op op)
{
	if (top < start)
		panic("hw_dcache_range_op_va: top %#x below start %#x", top,
		      start);
	hw_charge(c, CAUSE_dcache_maint, 2 * cost()->cp15_op);
	hw_dcache_op_va_range(c, start, top - start + 1, op);
}

int hw_l2_range_op_va(struct cpu *c, vaddr_t start, vaddr_t end,
		      enum cache_op op)
{
	u32 ls = c->l2->line_shift;
	phys_addr_t pa;

	if (end < start || (start ^ end) >> PAGE_SHIFT)
		panic("hw_l2_range_op_va: %#x-%#x is not within one page",
		      start, end);
	hw_charge(c, CAUSE_l2_maint, 2 * cost()->cp15_op);
	if (hw_translate(c, start, 0, &pa))
		return -EFAULT;
	hw_event(c, EV_l2_range_ops);
	/* Lines whose first byte is in range (Linux passes aligned starts). */
	l2_maint_lines(c, (pa + (1u << ls) - 1) >> ls,
		       (pa + (end - start)) >> ls, op);
	return 0;
}

void hw_irq_mask_write(struct cpu *c)
{
	hw_charge(c, CAUSE_irq_mask, cost()->irq_mask_write);
}

/*
 * The write buffer's account (write_buffer_post), out of line: posted
 * writes are on and this tally wrote to DRAM, or the buffer still drains.
 *
 * The buffer empties one line per machine->drain_cycles.  @writes join
 * its tail.  A DRAM read (@reads) is served ahead of them -- the core
 * waits for a read, not for a posted write -- but holds the DRAM for a
 * line's time, so a drain under way ends that much later; or, where the
 * memory interface serves reads and writes in order
 * (hw_config.reads_wait_writes), after every write queued before it:
 * the reads, which the tally timed from @read_cy cycles before now, wait
 * until the buffer is empty, and the core with them; and the writes a
 * loop issues after its reads drain only once those reads are back.  The core stalls
 * only for what the buffer cannot hold: until no more than
 * write_buffer_lines lines are queued.
 *
 * A streaming loop's instructions are charged before its accesses
 * (hw_stream_issue), while on the core its stores go out as it issues:
 * so the drain of this tally's writes may start as early as the loop's
 * first cycle, c->stream_from, and a loop costs the larger of its issue
 * and its drain, not their sum.  The last line cannot leave before the
 * loop has issued it: no earlier than now + one line.
 *
 * Coarse: one buffer per CPU, and no CPU's drain slows another's (DRAM
 * shared between CPUs is issue 31's coherence item, not modelled here);
 * in order, a copy's lines are taken a tally at a time (the reads of a
 * 4 KiB chunk, then its writes, which drain after those reads and before
 * the next chunk's), not line by line.
 */
void __write_buffer_post(struct cpu *c, u64 reads, u64 read_cy, u64 writes)
{
	u64 now = c->cycles, d = machine->drain_cycles;
	u64 from = MIN(c->stream_from, now);
	u64 start, empty, limit;

	if (reads && machine->cfg.reads_wait_writes) {
		u64 asked = now - MIN(read_cy, now - from);

		if (c->wb_empty_at > asked) {
			hw_charge(c, CAUSE_write_drain, c->wb_empty_at - asked);
			now = c->cycles;
		}
		/* The buffer is empty: the reads came after its writes. */
		c->wb_empty_at = MIN(c->wb_empty_at, now);
		c->dram_read_done = now;
	}
	/* In order, a loop's writes issued after its reads drain after them. */
	if (machine->cfg.reads_wait_writes)
		from = MAX(from, MIN(c->dram_read_done, now));
	start = MAX(c->wb_empty_at, from);
	if (c->wb_empty_at > from)
		start += reads * d;
	empty = start + writes * d;
	if (writes)
		empty = MAX(empty, now + d);
	limit = now + (u64)machine->cfg.write_buffer_lines * d;
	if (empty > limit)
		hw_charge(c, CAUSE_write_drain, empty - limit);
	c->wb_empty_at = empty;
}

/*
 * A barrier completes when every memory access before it has: ARMv7's
 * DSB, ARMv5's "drain write buffer" (mcr p15, 0, rd, c7, c10, 4) and an
 * x86 locked instruction all wait for posted writes, so with them on it
 * also waits for the write buffer to empty.
 */
void hw_barrier(struct cpu *c)
{
	hw_charge(c, CAUSE_barrier, cost()->barrier);
	if (machine->drain_cycles && c->wb_empty_at > c->cycles)
		hw_charge(c, CAUSE_write_drain, c->wb_empty_at - c->cycles);
}

void hw_set_dacr(struct cpu *c)
{
	hw_charge(c, CAUSE_mmu_reg, cost()->cr_write);
}

void hw_set_ttbr0(struct cpu *c, phys_addr_t ttbr0)
{
	c->mmu.ttbr0 = ttbr0;
	c->mmu_reg_writes++;
	hw_charge(c, CAUSE_mmu_reg, cost()->cr_write);
}

void hw_set_ttbr1(struct cpu *c, phys_addr_t ttbr1, u8 t0sz, u8 t1sz)
{
	c->mmu.ttbr1 = ttbr1;
	c->mmu_reg_writes++;
	c->mmu.t0sz = t0sz;
	c->mmu.t1sz = t1sz;
	hw_charge(c, CAUSE_mmu_reg, cost()->cr_write);
}

void hw_set_asid(struct cpu *c, u8 asid)
{
	c->mmu.asid = asid;
	c->mmu_reg_writes++;
	hw_charge(c, CAUSE_mmu_reg, cost()->cr_write);
}

void hw_set_cr3(struct cpu *c, phys_addr_t cr3)
{
	c->mmu.cr3 = cr3;
	c->mmu_reg_writes++;
	tlb_inv_nonglobal(&c->tlb);
	hw_event(c, EV_tlb_inv_local_all);
	hw_charge(c, CAUSE_mmu_reg, cost()->cr_write);
}

enum mmu_fault hw_probe(struct cpu *c, vaddr_t va, struct mmu_walk *w)
{
	return mmu_walk(&machine->ram, &c->mmu, va, w);
}
