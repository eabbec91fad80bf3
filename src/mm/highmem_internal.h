/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared between mm/highmem.c (pkmap), mm/kmap_atomic.c (fixmap slots) and
 * mm/highmem_check.c (checkers).  Not for use outside mm/.
 */
#ifndef VMSPLIT_MM_HIGHMEM_INTERNAL_H
#define VMSPLIT_MM_HIGHMEM_INTERNAL_H

#include "arch/layout.h"
#include "hw/machine.h"
#include "mm/highmem.h"

/* Kernel VA of mem_map[0] in the simulated lowmem (set at boot). */
extern vaddr_t mem_map_kva;

/* The simulated kernel address of @page in mem_map (its hash key, and
 * where kernel_data=mem_map touches it). */
static inline vaddr_t page_kva(const struct page *page)
{
	return mem_map_kva + (u32)(page - mem_map) * layout.struct_page_size;
}

/* Is @vaddr inside the pkmap window? */
static inline bool in_pkmap(vaddr_t vaddr)
{
	return vaddr >= PKMAP_ADDR(0) && vaddr < PKMAP_ADDR(layout.last_pkmap);
}

/* // highmem.c */
vaddr_t lowmem_page_address(const struct page *page);
bool pkmap_entry_live(u32 nr);

/* // kmap_atomic.c */
void kmap_atomic_init(void);
/*
 * kmap_atomic's context rules, for a mapping that keeps them (kmap_copy.c,
 * emap.c): pagefault_disable is a preempt_count increment before 4.2's
 * split (the flavours before kmap_local), its own count after.
 */
void pagefault_disable(void);
void pagefault_enable(void);
void preempt_disable(void);
void preempt_enable(void);
/* Is fixmap kmap slot @slot of @cpu mapped for its owner right now? */
bool kmap_slot_live(u32 cpu, u32 slot);

/* // highmem_check.c */
void highmem_kv_check(vaddr_t va, u32 len, bool write);
void highmem_tlb_stale(struct cpu *c, vaddr_t va, phys_addr_t tlb_pa,
		       phys_addr_t table_pa, bool table_mapped);
void highmem_cache_alias(struct cpu *c, vaddr_t va, vaddr_t other,
			 phys_addr_t pa);
/*
 * Which fixmap kmap slot is @va in?  false if none.  Inline: a caller that
 * asks only whether (in_fixmap_kmap) skips the division.
 */
static inline bool kmap_slot_of(vaddr_t va, u32 *cpu, u32 *slot)
{
	u32 idx, first = layout.fix_kmap_begin;
	u32 n = layout.km_slots * layout.nr_cpus;
	vaddr_t page = va & PAGE_MASK;

	if (va < layout.fixaddr_start ||
	    (u64)va >= (u64)layout.fixaddr_top + PAGE_SIZE)
		return false;
	if (layout.fix_grows_down)
		idx = (layout.fixaddr_top - page) >> PAGE_SHIFT;
	else
		idx = (page - layout.fixaddr_start) >> PAGE_SHIFT;
	if (idx < first || idx >= first + n)
		return false;
	*cpu = (idx - first) / layout.km_slots;
	*slot = (idx - first) % layout.km_slots;
	return true;
}

#endif
