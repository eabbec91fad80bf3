/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One CPU's architectural TLB: sets x ways of entries, each mapping one page
 * of 4 KiB, 1 MiB, 2 MiB or 1 GiB, global or tagged with an ASID.  An entry
 * stays exactly as it was loaded -- stale if the page tables changed under
 * it -- until an explicit invalidate (by VA, by ASID, non-global, or all) or
 * replacement removes it.  That is what lets the coherence checker catch a
 * missing flush.
 *
 * In front of it sits a host-side translation cache (as QEMU and Spike keep)
 * that remembers, per 4 KiB page, which entry served it and a host pointer
 * into RAM.  It never changes what the architectural TLB does: each fast
 * entry is valid only while the architectural entry it came from is
 * unchanged (a per-entry generation number).
 */
#ifndef VMSPLIT_HW_TLB_H
#define VMSPLIT_HW_TLB_H

#include "base/types.h"

struct mmu_walk;

struct tlb_entry {
	u32 va;			/* first VA the entry maps */
	u32 mask;		/* ~(page size - 1) */
	phys_addr_t pa;		/* first PA the entry maps */
	u8 perm;		/* PERM_* */
	u8 asid;
	u8 page_shift;
	bool global;
	bool uncached;		/* mmu_walk.uncached */
	bool valid;
};

#define TLB_FAST_BITS 8
#define TLB_FAST_SIZE (1u << TLB_FAST_BITS)

struct tlb_fast {
	u32 vpage;		/* va >> PAGE_SHIFT, plus one: 0 = empty */
	u32 slot;		/* architectural entry that served it */
	u32 gen;		/* that entry's generation when cached */
	u8 *host;		/* host pointer to the start of the page */
	phys_addr_t pa;		/* physical address of the page */
};

/*
 * The coherence checker's memo of one entry (hw/access.c): the entry
 * (gen) agreed with a walk of a VA in the entry's page (a section, say),
 * made with the CPU's translation registers at their regs'th write, that
 * read frames frame[0..nr) when they had had writes[] stores.  nr = 0:
 * never verified.  The page needs no field: an entry maps one, fixed
 * until the slot's generation moves.
 */
#define TLB_CHECKED_FRAMES 4

struct tlb_checked {
	u64 regs;
	u32 gen;
	u32 nr;
	u32 frame[TLB_CHECKED_FRAMES];
	u64 writes[TLB_CHECKED_FRAMES];
};

#define TLB_INDEX_BITS 8

struct tlb {
	u32 sets, ways;
	u32 set_mask;
	u32 sizes;		/* bit n set: some entry has page_shift n */
	struct tlb_entry *e;	/* [set * ways + way] */
	u32 *gen;		/* per entry, bumped whenever it changes */
	u8 *victim;		/* round-robin replacement per set */
	/*
	 * A set-associative TLB of at most 64 ways: valid[set] has bit w set
	 * while way w holds a valid entry, so that a lookup looks only at
	 * those (a miss in an empty set is one load).  NULL otherwise.
	 */
	u64 *valid;
	struct tlb_checked *checked;	/* per entry */
	/*
	 * A fully associative TLB of at most 64 entries: index[b] has bit w
	 * set when way w holds a valid entry whose page (its size, its VA
	 * >> size) hashes to bucket b, so that a lookup tests only those
	 * ways.  NULL otherwise.
	 */
	u64 *index;
	struct tlb_fast fast[TLB_FAST_SIZE];
};

int tlb_init(struct tlb *t, u32 entries, u32 ways);

/* The physical page @va falls in through entry @e (which maps it). */
static inline phys_addr_t tlb_entry_page(const struct tlb_entry *e, u32 va)
{
	return (e->pa | (va & ~e->mask)) & ~(phys_addr_t)(PAGE_SIZE - 1);
}
void tlb_exit(struct tlb *t);

/* Slot of the entry that translates @va for @asid, or -1. */
int tlb_lookup(const struct tlb *t, u32 va, u8 asid);

/* Load the result of a walk of @va for @asid; returns the slot used. */
u32 tlb_insert(struct tlb *t, u32 va, u8 asid, const struct mmu_walk *w);

/*
 * Invalidates.  Each returns the number of valid entries removed.
 * tlb_inv_va removes entries covering @va that are global or carry @asid
 * (TLBIMVA, invlpg); tlb_inv_va_all_asids ignores the ASID (TLBIMVAA).
 */
u32 tlb_inv_va(struct tlb *t, u32 va, u8 asid);
u32 tlb_inv_va_all_asids(struct tlb *t, u32 va);
u32 tlb_inv_asid(struct tlb *t, u8 asid);
u32 tlb_inv_nonglobal(struct tlb *t);
u32 tlb_inv_all(struct tlb *t);

/* Number of valid entries (for tests). */
u32 tlb_count_valid(const struct tlb *t);

#endif
