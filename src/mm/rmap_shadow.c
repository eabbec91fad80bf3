// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rmap shadow (see mm/rmap_shadow.h).
 *
 * The pairs: one open-addressing hash table with linear probing, a slot a
 * pair keyed by (pfn, pte_addr_t) with its count; a count of 0 marks an
 * empty slot.  Deletion shifts the following run back (no tombstones), so
 * a lookup costs O(1) however many adds and removes came before.  The
 * table doubles when half full and never shrinks before rmap_shadow_exit:
 * its size follows the largest number of mappings the run had at one
 * time, not the size of simulated RAM.
 *
 * The page totals: a count per frame, in a frame table (mm/frame_table.h)
 * whose chunks are allocated as adds reach them, so it too follows the
 * mappings, not the RAM.  Frames handed out together sit together there,
 * where the hash put each
 * total in a host cache line of its own: with the totals in the table,
 * an add or a remove was two lookups, each a likely host cache miss (the
 * table's lookups were 8.8% of a NUMA-Q kernbench's host samples, 6%
 * with the totals here).
 */
#include "mm/rmap_shadow.h"

#include <stdlib.h>

#include "base/panic.h"
#include "mm/frame_table.h"

#define SHADOW_MIN_SLOTS 1024u

struct shadow_slot {
	u64 pa; /* pte_addr_t */
	u32 pfn; /* pfns of every board fit: 40-bit LPAE is 28 bits */
	u32 count; /* 0: empty */
};

static struct shadow_slot *slots;
static u32 nr_slots; /* a power of two, or 0 before the first add */
static u32 nr_used;

/* The page totals (u32), by pfn. */
static struct frame_table page_totals = FRAME_TABLE_INIT(sizeof(u32));

/* The murmur3 finaliser over both halves of the key. */
static u32 shadow_hash(u32 pfn, u64 pa)
{
	u64 x = pa ^ (u64)pfn * 0x9e3779b97f4a7c15ull;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ull;
	x ^= x >> 33;
	return (u32)x & (nr_slots - 1);
}

/* The slot holding (@pfn, @pa), or the empty slot that ends its probe. */
static struct shadow_slot *shadow_find(u32 pfn, u64 pa)
{
	u32 i = shadow_hash(pfn, pa);

	for (;;) {
		struct shadow_slot *s = &slots[i];

		if (!s->count || (s->pfn == pfn && s->pa == pa))
			return s;
		i = (i + 1) & (nr_slots - 1);
	}
}

static void shadow_resize(u32 want)
{
	struct shadow_slot *old = slots;
	u32 old_nr = nr_slots;

	slots = calloc(want, sizeof(*slots));
	if (!slots)
		panic("rmap_shadow: no host memory for %u slots", want);
	nr_slots = want;
	for (u32 i = 0; i < old_nr; i++)
		if (old[i].count)
			*shadow_find(old[i].pfn, old[i].pa) = old[i];
	free(old);
}

static void shadow_inc(u32 pfn, u64 pa)
{
	struct shadow_slot *s;

	if ((nr_used + 1) * 2 > nr_slots)
		shadow_resize(nr_slots ? nr_slots * 2 : SHADOW_MIN_SLOTS);
	s = shadow_find(pfn, pa);
	if (!s->count) {
		s->pfn = pfn;
		s->pa = pa;
		nr_used++;
	}
	s->count++;
}

/* Is @k's home slot cyclically within (@i, @j]? */
static bool home_between(u32 k, u32 i, u32 j)
{
	return i <= j ? i < k && k <= j : i < k || k <= j;
}

/*
 * Slot @s has just been emptied (count 0): move back the entries after it
 * whose probe would now stop short of them.
 */
static void shadow_delete(struct shadow_slot *s)
{
	u32 mask = nr_slots - 1;
	u32 i = (u32)(s - slots), j = i;

	nr_used--;
	for (;;) {
		j = (j + 1) & mask;
		if (!slots[j].count)
			return;
		if (home_between(shadow_hash(slots[j].pfn, slots[j].pa), i, j))
			continue;
		slots[i] = slots[j];
		slots[j].count = 0;
		i = j;
	}
}

/* @pfn's total, its chunk allocated if need be. */
static u32 *page_total(u32 pfn)
{
	return frame_table_slot(&page_totals, pfn);
}

/* Take one from (@pfn, @pa); false if it was not there. */
static bool shadow_dec(u32 pfn, u64 pa)
{
	struct shadow_slot *s;

	if (!nr_slots)
		return false;
	s = shadow_find(pfn, pa);
	if (!s->count)
		return false;
	if (--s->count == 0)
		shadow_delete(s);
	return true;
}

static u32 shadow_get(u32 pfn, u64 pa)
{
	return nr_slots ? shadow_find(pfn, pa)->count : 0;
}

void rmap_shadow_init(void)
{
	rmap_shadow_exit();
}

void rmap_shadow_exit(void)
{
	free(slots);
	slots = NULL;
	nr_slots = 0;
	nr_used = 0;
	frame_table_exit(&page_totals);
}

void rmap_shadow_add(const struct page *page, pte_addr_t pa)
{
	u32 pfn = (u32)page_to_pfn(page);

	shadow_inc(pfn, pa);
	(*page_total(pfn))++;
}

void rmap_shadow_prefetch(const struct page *page, pte_addr_t pa)
{
	u32 pfn = (u32)page_to_pfn(page);

	if (!nr_slots)
		return;
	__builtin_prefetch(&slots[shadow_hash(pfn, pa)], 1);
	__builtin_prefetch(frame_table_peek(&page_totals, pfn), 1);
}

void rmap_shadow_remove(const struct page *page, pte_addr_t pa)
{
	u32 pfn = (u32)page_to_pfn(page);
	u32 *total;

	if (!shadow_dec(pfn, pa))
		panic("rmap_shadow_remove: page %#x has no rmap entry %#llx to remove",
		      pfn, (unsigned long long)pa);
	total = page_total(pfn);
	if (!*total)
		panic("rmap_shadow_remove: page %#x has no entry count", pfn);
	(*total)--;
}

u32 rmap_shadow_lookup(const struct page *page, pte_addr_t pa)
{
	return shadow_get((u32)page_to_pfn(page), pa);
}

u32 rmap_shadow_page_count(const struct page *page)
{
	const u32 *total = frame_table_peek(&page_totals, page_to_pfn(page));

	return total ? *total : 0;
}

struct page_visit {
	void (*fn)(unsigned long pfn, u32 count, void *arg);
	void *arg;
};

static void visit_total(unsigned long pfn, void *value, void *arg)
{
	const struct page_visit *v = arg;
	u32 count = *(u32 *)value;

	if (count)
		v->fn(pfn, count, v->arg);
}

void rmap_shadow_for_each_page(void (*fn)(unsigned long pfn, u32 count,
					  void *arg),
			       void *arg)
{
	struct page_visit v = { fn, arg };

	frame_table_for_each(&page_totals, visit_total, &v);
}

void rmap_shadow_for_each_pair(void (*fn)(unsigned long pfn, pte_addr_t pa,
					  u32 times, void *arg),
			       void *arg)
{
	for (u32 i = 0; i < nr_slots; i++)
		if (slots[i].count)
			fn(slots[i].pfn, slots[i].pa, slots[i].count, arg);
}
