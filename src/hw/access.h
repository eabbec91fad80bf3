/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a CPU offers the code that runs on it: loads and stores through the
 * MMU and caches, TLB and cache maintenance, and translation-register writes.
 * Each operation charges the CPU that performs it.
 *
 * Loads and stores return the number of bytes NOT transferred (0 = all), so
 * that a fault part-way leaves a short count, as on the real machine; the
 * fault is described in c->fault.
 */
#ifndef VMSPLIT_HW_ACCESS_H
#define VMSPLIT_HW_ACCESS_H

#include "hw/machine.h"

#define ACC_WRITE 0x1u		/* a store (else a load) */
#define ACC_USER 0x2u		/* issued in user mode */

u32 hw_read(struct cpu *c, vaddr_t va, void *buf, u32 len, unsigned flags);
u32 hw_write(struct cpu *c, vaddr_t va, const void *buf, u32 len,
	     unsigned flags);
/* Copy @len bytes from @src (loads with @sflags) to @dst (stores with
 * @dflags).  Overlap is not allowed. */
/*
 * hw_touch - the TLB and cache accesses of a load (@write false) or store
 * of [@va, @va + @len), charged as hw_read or hw_write would, moving no
 * byte: a store leaves the bytes as they were (they are its own).
 * Return: 0, or the bytes not reached (a fault, c->fault set).
 */
u32 hw_touch(struct cpu *c, vaddr_t va, u32 len, bool write);
u32 hw_copy(struct cpu *c, vaddr_t dst, vaddr_t src, u32 len, unsigned dflags,
	    unsigned sflags);
u32 hw_fill(struct cpu *c, vaddr_t va, u8 val, u32 len, unsigned flags);

/* Naturally aligned word accesses: 0, or -EFAULT with c->fault set. */
int hw_read32(struct cpu *c, vaddr_t va, u32 *v, unsigned flags);
int hw_read64(struct cpu *c, vaddr_t va, u64 *v, unsigned flags);
int hw_write32(struct cpu *c, vaddr_t va, u32 v, unsigned flags);
int hw_write64(struct cpu *c, vaddr_t va, u64 v, unsigned flags);
/*
 * hw_read_run - @n naturally aligned loads of @size bytes (4 or 8) at @va,
 * @va + @size, ..., all within one page, in that order, their values to
 * @v (unless NULL): the TLB, caches, events and cycles end exactly as
 * after @n hw_read32() or hw_read64() calls, at a fraction of the host
 * cost (a run of none pmds in free_pgtables).  Return as hw_read32().
 */
int hw_read_run(struct cpu *c, vaddr_t va, void *v, u32 size, u32 n,
		unsigned flags);

/*
 * hw_prefetch_outer - ask the host for the tags a coming access of @pa
 * will compare in @c's physically indexed outer cache.  Host caches only;
 * nothing simulated changes.  A walk that knows its addresses some steps
 * ahead hides the host misses on a large outer cache's tag array, which it
 * would otherwise take one at a time.
 */
static inline void hw_prefetch_outer(const struct cpu *c, phys_addr_t pa)
{
	const struct cache *k = c->l2;

	if (k && !k->index_by_va)
		cache_prefetch_set(k, pa);
}

/* One run of loads for hw_read_runs: as hw_read_run's arguments. */
struct load_run {
	vaddr_t va;
	u32 size, n;
	void *out;		/* the values, or NULL */
};

/*
 * hw_read_runs - the runs @r[0 .. @nr), in that order, each as
 * hw_read_run would make it, with nothing between them: the TLB, caches,
 * events and cycles end exactly as after the @nr calls.  For a walk of a
 * whole pte_chain, whose blocks are each a run: the line accounting is
 * summed over all of them and applied once.  On a fault the runs before
 * the faulting one have been made; return as hw_read32().
 */
int hw_read_runs(struct cpu *c, const struct load_run *r, u32 nr,
		 unsigned flags);

/*
 * hw_translate - translate @va for an access (TLB lookup, walk on a miss)
 * without touching the caches.  Return: 0 and the PA in @pa, or -EFAULT.
 */
int hw_translate(struct cpu *c, vaddr_t va, unsigned flags, phys_addr_t *pa);

/* TLB maintenance on @c's own TLB (the "local" operations). */
void hw_tlb_inv_va(struct cpu *c, vaddr_t va);
/* ... of @va under @asid (TLBIMVA with another mm's ASID). */
void hw_tlb_inv_va_asid(struct cpu *c, vaddr_t va, u8 asid);
void hw_tlb_inv_all(struct cpu *c);
void hw_tlb_inv_asid(struct cpu *c, u8 asid);
/* Inner-shareable broadcast by VA (ARMv7 SMP): every CPU's TLB. */
void hw_tlb_inv_va_broadcast(struct cpu *c, vaddr_t va);
/* Send an IPI from @c to @target; the handler's work is charged by the
 * caller on @target. */
void hw_ipi(struct cpu *c, struct cpu *target);

/* L1 D-cache maintenance by virtual address range and by set/way. */
enum cache_op;
void hw_dcache_op_va_range(struct cpu *c, vaddr_t va, u32 len,
			   enum cache_op op);
void hw_dcache_op_all(struct cpu *c, enum cache_op op);
/* Outer cache maintenance by physical address range. */
void hw_l2_op_pa_range(struct cpu *c, phys_addr_t pa, u32 len,
		       enum cache_op op);
/*
 * hw_dcache_range_op_va - an L1 D-cache range operation programmed by two
 * cp15 writes, the start and the inclusive @top (Feroceon "D clean /
 * invalidate / clean+inv range", c15 c13/c14/c15): every line holding a
 * byte of [@start, @top].  Charges the two writes and the lines.
 */
void hw_dcache_range_op_va(struct cpu *c, vaddr_t start, vaddr_t top,
			   enum cache_op op);
/*
 * hw_l2_range_op_va - an outer-cache range operation programmed by virtual
 * address, as the Feroceon L2 offers it (two cp15 writes: start, inclusive
 * end).  The L2 is physically tagged: the controller translates @start
 * once -- a TLB lookup, a table walk on a miss -- and applies @op to every
 * line whose first byte lies in [pa, pa + (@end - @start)], so @start and
 * @end must lie in one page (it panics otherwise: the hardware would
 * silently process the wrong frame).  Return: 0, or -EFAULT if @start is
 * not mapped (c->fault says why) and nothing was done.
 */
int hw_l2_range_op_va(struct cpu *c, vaddr_t start, vaddr_t end,
		      enum cache_op op);
/* One write of the IRQ mask (ARM msr cpsr_c): its pipeline cost only,
 * interrupt delivery is not modelled. */
void hw_irq_mask_write(struct cpu *c);
void hw_icache_inv_all(struct cpu *c);
/*
 * For the I-cache model (hw/icache.c): a line fill of @pa from the outer
 * cache or DRAM, charged to @why as a data fill is.
 */
void hw_outer_read(struct cpu *c, phys_addr_t pa, enum charge_cause why);
void hw_barrier(struct cpu *c);

/* Translation registers.  hw_set_cr3 also drops non-global TLB entries, as
 * a CR3 load does. */
void hw_set_ttbr0(struct cpu *c, phys_addr_t ttbr0);
void hw_set_ttbr1(struct cpu *c, phys_addr_t ttbr1, u8 t0sz, u8 t1sz);
void hw_set_asid(struct cpu *c, u8 asid);
void hw_set_cr3(struct cpu *c, phys_addr_t cr3);
/* ARM Domain Access Control Register write (CPU_SW_DOMAIN_PAN): domains
 * are not modelled, only the cp15 write's cost. */
void hw_set_dacr(struct cpu *c);

/* Walk @va with @c's registers, charging nothing (checkers, debugging). */
enum mmu_fault hw_probe(struct cpu *c, vaddr_t va, struct mmu_walk *w);

/*
 * Tests only: run every line access through the copy of the line loops
 * compiled for any cache shape (@any), or through the copy built for the
 * board's caches (the default), to hold the latter to the former.
 */
void hw_use_any_shape(bool any);

#endif
