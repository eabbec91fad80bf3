// SPDX-License-Identifier: GPL-2.0-only
/*
 * The L1 I-cache model (icache_model=y): entering a cost centre fetches its
 * text lines through the I-cache, an invalidate-all empties it, and a miss
 * is a line fill from the outer cache or DRAM.  Only this file and the
 * cc_enter/cc_exit inlines (hw/machine.h) touch the I-cache.
 *
 * The Feroceon invalidates the whole I-cache in every D-cache range flush
 * (feroceon_flush_kern_dcache_area), so on the Kirkwood each kunmap_atomic
 * refetches all the code that runs until the next one: the same few dozen
 * lines, pair after pair.  The memo below replays those refetches without
 * the per-line loop, with the same outcome; see "The memo".
 */
#include "hw/access.h"

#include <stdlib.h>

#include "base/panic.h"

static inline const struct hw_costs *cost(void)
{
	return &machine->cfg.cost;
}

/*
 * The memo.
 *
 * Between two invalidate-alls (a "generation") every set of the I-cache
 * starts with no line of the generation, and a pass over a centre's lines
 * fills each one not there over the set's round-robin victim.  Whatever
 * way the victim pointer starts at, the k-th fill of a set in a generation
 * overwrites the (k - ways)-th: the set is a FIFO of the generation's
 * fills.  So which lines a pass fills depends only on the passes made
 * since the invalidate -- the sequence of centres -- and not on the state
 * the cache was in before it.
 *
 * struct icache_memo keeps a trie of those sequences: the root is a fresh
 * generation and each node one more pass, with the lines it filled.
 * Following the trie, a pass needs only the outer-cache outcome of its
 * fills; the tags are left as they were (the generation in them already
 * makes them misses) and written only when a pass off the trie needs them
 * ("materialised": the passes so far replayed, tags alone).  The victim
 * pointers move only then, if ever; by the FIFO argument no hit or miss
 * depends on them.
 *
 * The fills' outer-cache outcome: a node whose fills all hit remembers the
 * outer cache's eviction count (cache.evictions) then; while it has not
 * moved every one of those lines is still there (a read hit changes
 * nothing), so they hit again without a lookup.  Otherwise each is looked
 * up in order, as the pass does.
 *
 * Room is fixed; once the trie is full, new sequences run the plain pass.
 */
#define IM_NODES 4096
#define IM_FILLS 65536
#define IM_DEPTH 64
#define IM_NO_EPOCH UINT64_MAX
/* The root's centre, and the off node's: none, so that "no child" (0, the
 * root) names a node whose centre matches no pass. */
#define IM_ROOT_CC UINT16_MAX
_Static_assert(NR_CC < IM_ROOT_CC, "IM_ROOT_CC names no centre");
#define IM_ROOT 0
/* icache_memo.at when not following the trie: a node that never has a
 * child, so the step's one test (the child's centre) fails there too. */
#define IM_OFF 1

struct im_node {
	u64 l2_epoch;		/* l2->evictions when its fills last all hit */
	u32 child, sibling;	/* first child, next sibling (0: none) */
	u32 first, nr;		/* its fills: fill[first .. first + nr) */
	u32 parent;		/* the node it is a child of */
	u32 hit_cy;		/* nr fills' cycles when all hit in L2 */
	u16 cc;			/* the pass's centre */
	u16 depth;		/* passes from the root */
};

struct icache_memo {
	u32 at;			/* the node of the passes so far, or IM_OFF */
	u32 done;		/* passes since the invalidate materialised in
				 * the tags */
	u32 nr_nodes, nr_fills;
	struct im_node node[IM_NODES];	/* node[IM_ROOT], node[IM_OFF] */
	u32 fill[IM_FILLS];	/* indices into machine->icache_line */
	/* Per line of machine->icache_line, its outer-cache tag as a hit
	 * there compares it (cache_want_pa), computed once: im_fills_from_l2
	 * tests a remembered slot as icache_fill_from_l2 does, but without
	 * deriving the tag (12% of the Kirkwood's host instructions in a 1M
	 * dd, where every page's passes look their fills up again). */
	u32 l2_want[];
};

/* The PA of I-cache line @k of machine->icache_line. */
static inline phys_addr_t icache_line_pa(const struct cpu *c, u32 k)
{
	return (phys_addr_t)machine->icache_line[k] << c->l1i.line_shift;
}

/*
 * The fill of I-cache line @k from the outer cache once the slot it was
 * last found in no longer holds it: its set looked up (the slot found is
 * remembered; a read hit changes no L2 state), or a fill from DRAM by the
 * general path.  Return: true if it hit in L2.
 */
static __attribute__((noinline)) bool icache_fill_from_l2_set(struct cpu *c,
							      u32 k)
{
	phys_addr_t pa = icache_line_pa(c, k);
	int i = cache_slot_of_pa(c->l2, pa);

	if (i >= 0) {
		c->icache_l2_slot[k] = (u32)i + 1;
		return true;
	}
	hw_outer_read(c, pa, CAUSE_icache_fill);
	return false;
}

/*
 * The fill of I-cache line @k from the outer cache: true if it hit there
 * (counted and charged by the caller, once per pass).  The slot the line
 * was last found in is tried first: a tag names one set, so a match there
 * is the line.
 */
static inline __attribute__((always_inline)) bool
icache_fill_from_l2(struct cpu *c, u32 k)
{
	if (likely(cache_holds_at(c->l2, c->icache_l2_slot[k] - 1,
				  icache_line_pa(c, k))))
		return true;
	return icache_fill_from_l2_set(c, k);
}

/*
 * The way of the @ways tags @t equal to @want (generation included), or
 * -1.  The boards' 2- and 4-way I-caches unrolled.
 */
static inline int icache_way(const u64 *t, u32 ways, u64 want)
{
	if (ways == 4)
		return t[0] == want ? 0 :
		       t[1] == want ? 1 :
		       t[2] == want ? 2 :
		       t[3] == want ? 3 : -1;
	if (ways == 2)
		return t[0] == want ? 0 : t[1] == want ? 1 : -1;
	for (u32 w = 0; w < ways; w++)
		if (t[w] == want)
			return (int)w;
	return -1;
}

/*
 * One pass over text lines [@k, @end), inlined for a constant @ways (the
 * boards' 2- and 4-way I-caches) so that a set's tags are a shift away;
 * what the loop reads of the caches is in locals, as the byte stores to
 * victim[] may alias any field.  Each line first tries the slot it was
 * last found or filled in (cpu.icache_l1_slot): a tag names one line, so
 * a match there is the hit the set would give.  With @fills, the lines
 * filled are appended there; with @tags_only, the outer cache is not
 * asked (a materialising replay).  Return: the lines filled; of them,
 * those that hit in L2 in @l2_hits.
 */
static inline __attribute__((always_inline)) u32
icache_fetch_lines(struct cpu *c, u32 k, u32 end, u32 ways, u32 *fills,
		   bool tags_only, u64 *l2_hits)
{
	const u32 *line = machine->icache_line;
	struct cache *ic = &c->l1i;
	u32 mask = ic->set_mask, *slot = c->icache_l1_slot;
	u64 *tag = ic->own_tag;
	u8 *victim = ic->victim;
	u64 gen = c->l1i_gen << L1I_GEN_SHIFT;
	u32 n = 0;
	u64 hits = 0;

	for (; k < end; k++) {
		u64 want = gen | ((u64)line[k] << 2) | CACHE_VALID;
		u32 set, i;
		int w;

		if (tag[slot[k]] == want)
			continue;
		set = line[k] & mask;
		i = set * ways;
		w = icache_way(&tag[i], ways, want);
		if (w >= 0) {
			slot[k] = i + (u32)w;
			continue;
		}
		w = victim[set];
		victim[set] = cache_next_way((u32)w, ways);
		i += (u32)w;
		tag[i] = want;
		slot[k] = i;
		if (fills)
			fills[n] = k;
		n++;
		if (!tags_only && icache_fill_from_l2(c, k))
			hits++;
	}
	*l2_hits = hits;
	return n;
}

/*
 * icache_fetch_lines over @cc's text, for the cache's way count; inlined
 * into each caller, whose @fills and @tags_only are constants.
 */
static inline __attribute__((always_inline)) u32
icache_pass(struct cpu *c, u16 cc, u32 *fills, bool tags_only, u64 *l2_hits)
{
	u32 k = machine->icache_start[cc], end = machine->icache_start[cc + 1];

	if (c->l1i.ways == 4)
		return icache_fetch_lines(c, k, end, 4, fills, tags_only,
					  l2_hits);
	if (c->l1i.ways == 2)
		return icache_fetch_lines(c, k, end, 2, fills, tags_only,
					  l2_hits);
	return icache_fetch_lines(c, k, end, c->l1i.ways, fills, tags_only,
				  l2_hits);
}

/*
 * Write into the tags the passes followed on the trie but not made: those
 * of the path from the root to the current node past the first m->done,
 * found through the parents and replayed root first.
 */
static void icache_materialise(struct cpu *c, struct icache_memo *m)
{
	u32 path[IM_DEPTH], n = 0;
	u64 unused;

	for (u32 at = m->at; m->node[at].depth > m->done;
	     at = m->node[at].parent)
		path[n++] = at;
	while (n)
		icache_pass(c, m->node[path[--n]].cc, NULL, true, &unused);
	m->done = m->node[m->at].depth;
}

/*
 * @m's child of node @at for a pass of @cc, or 0.  A child found behind
 * others is moved to the front of its siblings: passes repeat in the same
 * order pair after pair, so the next lookup finds it first.  The order of
 * siblings means nothing else.
 */
static u32 im_child(struct icache_memo *m, u32 at, u16 cc)
{
	u32 prev = 0;

	for (u32 n = m->node[at].child; n; prev = n, n = m->node[n].sibling) {
		if (m->node[n].cc != cc)
			continue;
		if (prev) {
			m->node[prev].sibling = m->node[n].sibling;
			m->node[n].sibling = m->node[at].child;
			m->node[at].child = n;
		}
		return n;
	}
	return 0;
}

/*
 * The fills of node @n from the outer cache, one by one as the pass makes
 * them, when the eviction count has moved since they last all hit.  Out of
 * line: the trie step that calls it stays short.
 */
static __attribute__((noinline)) u64
im_fills_from_l2(struct cpu *c, const struct icache_memo *m, struct im_node *n)
{
	const u32 *fill = &m->fill[n->first], *slot = c->icache_l2_slot;
	u64 hits = 0;

	for (u32 i = 0; i < n->nr; i++) {
		u32 k = fill[i], s = slot[k];

		if (likely(s && cache_match(c->l2->tag[s - 1], m->l2_want[k])))
			hits++;
		else
			hits += icache_fill_from_l2_set(c, k);
	}
	n->l2_epoch = hits == n->nr ? c->l2->evictions : IM_NO_EPOCH;
	return hits;
}

/* The cycles of @nr fills that all hit in L2, which a node keeps. */
static u32 im_hit_cycles(u32 nr)
{
	u64 cy = (u64)nr * cost()->l2_hit;

	BUG_ON(cy > UINT32_MAX);
	return (u32)cy;
}

/*
 * The pass of @cc where the trie does not know it (or there is no memo):
 * made after materialising the tags and, while there is room, recorded as
 * a new node.  Return: lines filled, and in @l2_hits those that hit in L2.
 */
static u32 icache_pass_made(struct cpu *c, struct icache_memo *m, u16 cc,
			    u64 *l2_hits)
{
	u32 at, lines, child;
	struct im_node *n;

	if (!m || m->at == IM_OFF)
		return icache_pass(c, cc, NULL, false, l2_hits);
	icache_materialise(c, m);
	at = m->at;
	lines = machine->icache_start[cc + 1] - machine->icache_start[cc];
	if (m->node[at].depth == IM_DEPTH || m->nr_nodes == IM_NODES ||
	    IM_FILLS - m->nr_fills < lines) {
		m->at = IM_OFF;
		return icache_pass(c, cc, NULL, false, l2_hits);
	}
	child = m->nr_nodes++;
	n = &m->node[child];
	n->cc = cc;
	n->child = 0;
	n->sibling = m->node[at].child;
	n->parent = at;
	n->depth = m->node[at].depth + 1;
	m->node[at].child = child;
	n->first = m->nr_fills;
	n->nr = icache_pass(c, cc, &m->fill[n->first], false, l2_hits);
	n->hit_cy = im_hit_cycles(n->nr);
	n->l2_epoch = *l2_hits == n->nr ? c->l2->evictions : IM_NO_EPOCH;
	m->nr_fills += n->nr;
	m->done = n->depth;
	m->at = child;
	return n->nr;
}

/*
 * Account a pass of @cc that filled @misses lines, @l2_hits of them from
 * the outer cache in @l2_cy cycles (the rest were charged by the general
 * path).
 */
static inline __attribute__((always_inline)) void
icache_account(struct cpu *c, u16 cc, u32 misses, u64 l2_hits, u64 l2_cy)
{
	/* All resident, and no fill of this pass evicted an earlier line. */
	if (!misses) {
		c->cc_fills[cc] = c->icache_fills;
		return;
	}
	c->icache_fills += misses;
	hw_event_add(c, EV_icache_miss, misses);
	hw_event_add(c, EV_l2_hit, l2_hits);
	hw_charge(c, CAUSE_icache_fill, l2_cy);
}

/*
 * The pass of @cc off the trie, accounted.  Out of line: the trie step in
 * __cc_icache_fetch stays short.
 */
static __attribute__((noinline)) void
icache_fetch_made(struct cpu *c, struct icache_memo *m, u16 cc)
{
	u64 l2_hits;
	u32 misses = icache_pass_made(c, m, cc, &l2_hits);

	icache_account(c, cc, misses, l2_hits, l2_hits * cost()->l2_hit);
}

/*
 * A step along the trie to node @n whose fills must be looked up in the
 * outer cache, accounted.  Out of line, as icache_fetch_made.
 */
static __attribute__((noinline)) void
icache_fetch_from_l2(struct cpu *c, struct icache_memo *m, struct im_node *n)
{
	u64 hits = im_fills_from_l2(c, m, n);

	icache_account(c, n->cc, n->nr, hits, hits * cost()->l2_hit);
}

/*
 * The pass of node @child's centre, a child of the passes so far: follow
 * it and account its fills, which hit in the outer cache without a look
 * while its eviction count has not moved.
 */
static inline __attribute__((always_inline)) void
im_step(struct cpu *c, struct icache_memo *m, u32 child)
{
	struct im_node *n = &m->node[child];

	m->at = child;
	if (unlikely(n->l2_epoch != c->l2->evictions)) {
		icache_fetch_from_l2(c, m, n);
		return;
	}
	icache_account(c, n->cc, n->nr, n->nr, n->hit_cy);
}

/*
 * The pass of @cc when it is not the first child of the passes so far:
 * a later child (moved to the front), or a pass off the trie.
 */
static __attribute__((noinline)) void
icache_fetch_slow(struct cpu *c, struct icache_memo *m, u16 cc)
{
	u32 child = m ? im_child(m, m->at, cc) : 0;

	if (child)
		im_step(c, m, child);
	else
		icache_fetch_made(c, m, cc);
}

/* A new generation: back to the root, allocating the memo at first. */
static void icache_memo_restart(struct cpu *c)
{
	struct icache_memo *m = c->icache_memo;

	if (!m) {
		u32 nr = machine->icache_start[NR_CC];

		m = malloc(sizeof(*m) + nr * sizeof(*m->l2_want));
		if (!m)
			return;		/* the plain pass serves */
		for (u32 k = 0; k < nr; k++)
			m->l2_want[k] = cache_want_pa(c->l2,
						      icache_line_pa(c, k));
		m->nr_nodes = 2;
		m->nr_fills = 0;
		m->node[IM_ROOT] = (struct im_node){ .l2_epoch = IM_NO_EPOCH,
						     .cc = IM_ROOT_CC };
		m->node[IM_OFF] = m->node[IM_ROOT];
		c->icache_memo = m;
	}
	m->at = IM_ROOT;
	m->done = 0;
}

void hw_icache_inv_all(struct cpu *c)
{
	hw_event(c, EV_icache_inv_all);
	hw_charge(c, CAUSE_icache_inv, cost()->icache_inv_all);
	if (machine->cfg.icache_model) {
		c->l1i_gen = (c->l1i_gen + 1) & L1I_GEN_MASK;
		/* Back to a count the tags may still carry: clear them. */
		if (!c->l1i_gen)
			cache_inv_all(&c->l1i);
		c->icache_fills++;
		c->icache_gen++;
		icache_memo_restart(c);
		__cc_icache_fetch(c, c->cc);
		return;
	}
	c->icache_gen++;
	/* The code running now is refetched at once. */
	__cc_text_fetch(c, c->cc);
}

/*
 * Entering cost centre @cc: fetch every text line it executes through the
 * L1 I-cache; a miss is a line fill from the outer cache or DRAM, charged
 * as a data fill is.  The lines sit at the real kernel's offsets (mod
 * text_span, laid out by machine_create), so capacity and conflict misses
 * come out as the real layout makes them.  The I-cache is looked up by PA
 * (machine_create makes it physically indexed: text's VA and PA agree in
 * every index bit) and is never dirty, so a hit needs no work and a miss
 * only the round-robin replacement that __cache_miss_shaped does; its tags
 * carry the invalidate count (cpu.l1i_gen).  Fills that hit L2 are counted
 * and charged once at the end; the rest take the general path.
 */
void __cc_icache_fetch(struct cpu *c, u16 cc)
{
	struct icache_memo *m = c->icache_memo;
	u32 child;

	c->text_gen[cc] = c->icache_gen;
	/* The node's first child (the root's centre matches none, so no
	 * child, 0, fails the test, and so does the off node, which has
	 * none). */
	if (likely(m)) {
		child = m->node[m->at].child;
		if (likely(m->node[child].cc == cc)) {
			im_step(c, m, child);
			return;
		}
	}
	icache_fetch_slow(c, m, cc);
}
