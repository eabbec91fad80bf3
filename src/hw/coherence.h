/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Coherence between the CPUs' private caches (coherence=snoop): what a
 * line access by one CPU does to the copies the others hold, and what
 * that costs it.  Without it (coherence=none, the default) every CPU's
 * caches are a world of their own: a line two CPUs write costs each of
 * them a hit.
 *
 * The protocol is MESI at the level of a CPU's whole private hierarchy
 * (its L1 D-cache, and its own outer cache where it has one, the P6's):
 *
 *   - a read that misses everything private snoops the others; a
 *     modified copy elsewhere supplies the line (the P6's HITM# with the
 *     implicit write-back, the A15 SCU's transfer from the owning L1) and
 *     becomes clean there, written back to memory -- or, under a shared
 *     outer cache, into it;
 *   - a write that does not find the line modified in its own L1 (a miss,
 *     or a hit on a clean line) takes ownership: every other copy is
 *     invalidated; a modified one supplies the data on the way;
 *   - hence the invariant the checker audits: a line modified in one CPU's
 *     private caches is in no other CPU's.
 *
 * The exclusive state is not kept apart from the shared one: a write to a
 * clean line always snoops, and finds nobody when the line was
 * exclusive; only host time tells them apart.  A15's MOESI owned state is
 * modelled as the write-back into the shared L2 that a later eviction
 * would make (the same lines, the same costs to the reader).  The NUMA-Q's
 * IQ-Link remote cache (32 MB per quad, size unverified) is not modelled:
 * a line from another quad always costs the remote transfer.
 *
 * Costs (hw_costs.coh_*, sourced in each board file): a line supplied
 * by another CPU's cache replaces the fill the requester would have paid
 * (its outer cache's or DRAM's), at coh_c2c within a node and
 * coh_c2c_remote from another; invalidating copies without a data
 * transfer -- an upgrade of a clean line, or a write fill served from the
 * requester's own or the shared outer cache -- costs coh_inval or
 * coh_inval_remote (a write fill from DRAM carries its invalidation in the
 * same bus transaction, for nothing extra).
 *
 * False sharing: each L1 line remembers which of its bytes its CPU wrote
 * since it was filled.  A modified line supplied to a CPU none of whose
 * accessed bytes the owner wrote is false sharing, a cause of its own
 * (CAUSE_false_sharing); otherwise the transfer is CAUSE_coherence.  A
 * modified line found only in a P6's outer cache has lost its L1 bytes and
 * counts as true sharing (coarse; docs/fidelity.md).
 *
 * A snoop looks up only the CPUs whose presence byte for the line's bucket
 * says they may hold it (machine.presence, hw/cache.h); the audit checks
 * those counts against the tags.
 */
#ifndef VMSPLIT_HW_COHERENCE_H
#define VMSPLIT_HW_COHERENCE_H

#include "hw/machine.h"

/* What a snoop found in the other CPUs' private caches. */
struct snoop {
	bool held;		/* some CPU held a copy */
	bool modified;		/* ... modified: it supplied the line */
	/* A holder sits on another node: for a write, any holder; for a
	 * read, the one that supplied a modified line (a read stops at the
	 * first copy it finds, see coherence_snoop). */
	bool remote;
	bool false_sharing;	/* modified, none of the accessed bytes its */
};

/*
 * coherence_snoop - CPU @c is about to fill the line of @pa (@write false)
 * or to write it (@write true) without holding it modified; @bytes are the
 * bytes of the line it accesses (bit n: byte n).  Invalidate the other
 * CPUs' copies for a write, clean a modified one for a read, and say in
 * @s what was found.  A read looks no further than the first copy: a
 * modified line has no other, and beside a clean one no copy is modified
 * (with checks=y every holder is still looked up, so that a second owner
 * panics).  Charges nothing: the caller prices @s.
 */
void coherence_snoop(struct cpu *c, phys_addr_t pa, u64 bytes, bool write,
		     struct snoop *s);

/*
 * coherence_audit - stop if a line modified in one CPU's private caches is
 * held by another.  Slow (every line of every cache): tests and the
 * end-of-run audit only.
 */
void coherence_audit(void);

/* The bytes [@off, @off + @len) of a line, as a mask (@len >= 1). */
static inline u64 coherence_bytes(u32 off, u32 len)
{
	u64 m = len >= 64 ? ~0ull : (1ull << len) - 1;

	return m << off;
}

#endif
