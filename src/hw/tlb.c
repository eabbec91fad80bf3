// SPDX-License-Identifier: GPL-2.0-only
/*
 * Architectural TLB (see hw/tlb.h).  Entries of every page size share the
 * sets; a large-page entry is indexed by its own page number, so a lookup
 * probes one set per page size currently present.  Replacement is
 * round-robin per set: deterministic, and what ARM's TLBs document as an
 * option (the P6's policy is not published; said so in docs/fidelity.md).
 */
#include "hw/tlb.h"

#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "hw/mmu.h"

int tlb_init(struct tlb *t, u32 entries, u32 ways)
{
	memset(t, 0, sizeof(*t));
	if (!entries || !ways || entries % ways)
		return -EINVAL;
	t->ways = ways;
	t->sets = entries / ways;
	if (t->sets & (t->sets - 1))
		return -EINVAL;
	t->set_mask = t->sets - 1;
	t->e = calloc(entries, sizeof(*t->e));
	t->gen = calloc(entries, sizeof(*t->gen));
	t->victim = calloc(t->sets, 1);
	t->checked = calloc(entries, sizeof(*t->checked));
	if (t->sets == 1 && ways <= 64)
		t->index = calloc(1u << TLB_INDEX_BITS, sizeof(*t->index));
	else if (ways <= 64)
		t->valid = calloc(t->sets, sizeof(*t->valid));
	if (!t->e || !t->gen || !t->victim || !t->checked ||
	    (t->sets == 1 && ways <= 64 && !t->index) ||
	    (t->sets > 1 && ways <= 64 && !t->valid)) {
		tlb_exit(t);
		return -ENOMEM;
	}
	return 0;
}

void tlb_exit(struct tlb *t)
{
	free(t->e);
	free(t->gen);
	free(t->victim);
	free(t->checked);
	free(t->index);
	free(t->valid);
	memset(t, 0, sizeof(*t));
}

static inline bool tlb_match(const struct tlb_entry *e, u32 va, u8 asid)
{
	return e->valid && (va & e->mask) == e->va &&
	       (e->global || e->asid == asid);
}

/* Bucket of the page of 2^@shift bytes holding @va. */
static inline u32 tlb_bucket(u32 va, u32 shift)
{
	u32 vpn = shift >= 32 ? 0 : va >> shift;

	return ((vpn ^ shift) * 0x9e3779b1u) >> (32 - TLB_INDEX_BITS);
}

/*
 * Fully associative: the lowest way whose entry matches, as the scan of
 * every way finds it, looking only at the ways whose page could hold @va
 * at one of the sizes in use.
 */
static int tlb_lookup_indexed(const struct tlb *t, u32 va, u8 asid)
{
	u64 m = 0;

	for (u32 sizes = t->sizes; sizes; sizes &= sizes - 1)
		m |= t->index[tlb_bucket(va, (u32)__builtin_ctz(sizes))];
	for (; m; m &= m - 1) {
		u32 w = (u32)__builtin_ctzll(m);

		if (tlb_match(&t->e[w], va, asid))
			return (int)w;
	}
	return -1;
}

int tlb_lookup(const struct tlb *t, u32 va, u8 asid)
{
	u32 sizes = t->sizes;

	if (t->index)
		return tlb_lookup_indexed(t, va, asid);

	while (sizes) {
		u32 shift = (u32)__builtin_ctz(sizes);
		u32 set = (va >> shift) & t->set_mask;
		const struct tlb_entry *e = &t->e[set * t->ways];

		sizes &= sizes - 1;
		if (t->valid) {
			/* The valid ways, lowest first, as the scan meets them. */
			for (u64 m = t->valid[set]; m; m &= m - 1) {
				u32 w = (u32)__builtin_ctzll(m);

				if (tlb_match(&e[w], va, asid))
					return (int)(set * t->ways + w);
			}
			continue;
		}
		for (u32 w = 0; w < t->ways; w++)
			if (tlb_match(&e[w], va, asid))
				return (int)(set * t->ways + w);
	}
	return -1;
}

static void tlb_kill(struct tlb *t, u32 slot)
{
	const struct tlb_entry *e = &t->e[slot];

	if (t->index && e->valid)
		t->index[tlb_bucket(e->va, e->page_shift)] &= ~(1ull << slot);
	if (t->valid)
		t->valid[slot / t->ways] &= ~(1ull << (slot % t->ways));
	t->e[slot].valid = false;
	t->gen[slot]++;
}

u32 tlb_insert(struct tlb *t, u32 va, u8 asid, const struct mmu_walk *w)
{
	u32 set = (va >> w->page_shift) & t->set_mask;
	u32 way = t->victim[set];
	u32 slot = set * t->ways + way;
	struct tlb_entry *e = &t->e[slot];
	u32 mask = w->page_shift >= 32 ? 0 : ~((1u << w->page_shift) - 1);

	t->victim[set] = (u8)(way + 1 == t->ways ? 0 : way + 1);
	tlb_kill(t, slot);
	e->va = va & mask;
	e->mask = mask;
	e->pa = w->pa & ~(phys_addr_t)~mask;
	e->perm = w->perm;
	e->asid = asid;
	e->page_shift = (u8)w->page_shift;
	e->global = w->global;
	e->uncached = w->uncached;
	e->valid = true;
	t->sizes |= 1u << w->page_shift;
	if (t->index)
		t->index[tlb_bucket(e->va, e->page_shift)] |= 1ull << slot;
	if (t->valid)
		t->valid[set] |= 1ull << way;
	return slot;
}

u32 tlb_inv_va(struct tlb *t, u32 va, u8 asid)
{
	u32 n = 0;
	int slot;

	/* A VA can be covered by at most one entry per size and ASID. */
	while ((slot = tlb_lookup(t, va, asid)) >= 0) {
		tlb_kill(t, (u32)slot);
		n++;
	}
	return n;
}

u32 tlb_inv_va_all_asids(struct tlb *t, u32 va)
{
	u32 n = 0;

	for (u32 i = 0; i < t->sets * t->ways; i++)
		if (t->e[i].valid && (va & t->e[i].mask) == t->e[i].va) {
			tlb_kill(t, i);
			n++;
		}
	return n;
}

u32 tlb_inv_asid(struct tlb *t, u8 asid)
{
	u32 n = 0;

	for (u32 i = 0; i < t->sets * t->ways; i++)
		if (t->e[i].valid && !t->e[i].global && t->e[i].asid == asid) {
			tlb_kill(t, i);
			n++;
		}
	return n;
}

u32 tlb_inv_nonglobal(struct tlb *t)
{
	u32 n = 0;

	for (u32 i = 0; i < t->sets * t->ways; i++)
		if (t->e[i].valid && !t->e[i].global) {
			tlb_kill(t, i);
			n++;
		}
	return n;
}

u32 tlb_inv_all(struct tlb *t)
{
	u32 n = 0;

	for (u32 i = 0; i < t->sets * t->ways; i++)
		if (t->e[i].valid) {
			tlb_kill(t, i);
			n++;
		}
	t->sizes = 0;
	return n;
}

u32 tlb_count_valid(const struct tlb *t)
{
	u32 n = 0;

	for (u32 i = 0; i < t->sets * t->ways; i++)
		n += t->e[i].valid;
	return n;
}
