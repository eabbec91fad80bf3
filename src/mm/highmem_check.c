// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checkers of the temporary-mapping rules, on whenever checks are:
 *  - a kernel access through a fixmap slot or pkmap entry that is not
 *    mapped for its owner right now (use after kunmap, another CPU's slot);
 *  - an access through the sf_buf, emap or cp_slow0 window that its
 *    design's rules forbid (mm/sf_buf.h, mm/emap.h, mm/copy_tramp.h);
 *  - a TLB hit that disagrees with the page tables, reported with the flush
 *    that was missing;
 *  - a read through one virtual alias of a line dirty under another.
 */
#include "arch/layout.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "mm/copy_tramp.h"
#include "mm/emap.h"
#include "mm/highmem_internal.h"
#include "mm/sf_buf.h"

static void check_page(vaddr_t va, bool write)
{
	u32 cpu, slot;

	if (kmap_slot_of(va, &cpu, &slot)) {
		if (cpu != smp_processor_id())
			panic("%s: %s of %#x through kmap slot %u of CPU%u from CPU%u",
			      cc_names[this_cpu()->cc], write ? "write" : "read",
			      va, slot, cpu, smp_processor_id());
		if (!kmap_slot_live(cpu, slot))
			panic("%s: %s of %#x through kmap slot %u of CPU%u, which is not mapped (used after kunmap_atomic?)",
			      cc_names[this_cpu()->cc], write ? "write" : "read",
			      va, slot, cpu);
		return;
	}
	if (in_sfbuf_window(va) && sfbuf_refs(va) <= 0)
		panic("%s: %s of %#x through an sf_buf that nobody holds (used after sf_buf_free?)",
		      cc_names[this_cpu()->cc], write ? "write" : "read", va);
	if (in_emap_window(va))
		emap_check_access(va, write);
	if (in_cp_slow0_window(va))
		cp_slow0_check_access(va, write);
	if (in_pkmap(va) && !pkmap_entry_live(PKMAP_NR(va)))
		panic("%s: %s of %#x through pkmap entry %u, which has no user (used after kunmap?)",
		      cc_names[this_cpu()->cc], write ? "write" : "read", va,
		      PKMAP_NR(va));
}

/*
 * kv.c's hook.  It skips, without calling, an access wholly inside the
 * direct map (kv_check_skip_start/end, set by kmap_init), which holds no
 * fixmap slot or pkmap entry.
 */
void highmem_kv_check(vaddr_t va, u32 len, bool write)
{
	vaddr_t last = va + (len ? len - 1 : 0);

	for (vaddr_t p = va & PAGE_MASK;; p += PAGE_SIZE) {
		check_page(p < va ? va : p, write);
		if (p >= (last & PAGE_MASK))
			break;
	}
}

void highmem_tlb_stale(struct cpu *c, vaddr_t va, phys_addr_t tlb_pa,
		       phys_addr_t table_pa, bool table_mapped)
{
	u32 cpu, slot;
	const char *where, *flush;

	if (kmap_slot_of(va, &cpu, &slot)) {
		where = "a kmap_atomic slot";
		flush = "local_flush_tlb_kernel_page after the slot's PTE changed";
	} else if (in_pkmap(va)) {
		where = "the pkmap window";
		flush = "flush_tlb_kernel_range after flush_all_zero_pkmaps";
	} else if (in_sfbuf_window(va)) {
		where = "an sf_buf";
		flush = "sf_buf_shootdown's invalidation by a CPU not in the buffer's mask";
	} else if (in_emap_window(va)) {
		where = "an emap mapping";
		flush = "uvm_emap_consume's flush (pmap_emap_sync) on a CPU behind the mapping's generation";
	} else if (in_cp_slow0_window(va)) {
		where = "a cp_slow0 window";
		flush = "pmap_cp_slow0_map's invlpg after the window's PTE changed";
	} else {
		where = "a kernel mapping";
		flush = "a TLB flush after the PTE changed";
	}
	if (table_mapped)
		panic("TLB coherence: CPU%u in %s: VA %#x (%s) hits a stale TLB entry for PA %#llx, the page tables say PA %#llx: missing %s",
		      c->id, cc_names[c->cc], va, where,
		      (unsigned long long)tlb_pa, (unsigned long long)table_pa,
		      flush);
	panic("TLB coherence: CPU%u in %s: VA %#x (%s) hits a stale TLB entry for PA %#llx, the page tables say unmapped: missing %s",
	      c->id, cc_names[c->cc], va, where, (unsigned long long)tlb_pa,
	      flush);
}

void highmem_cache_alias(struct cpu *c, vaddr_t va, vaddr_t other,
			 phys_addr_t pa)
{
	panic("VIVT alias: CPU%u in %s reads PA %#llx through VA %#x while it is dirty in the D-cache under VA %#x (missing flush_dcache_page/__cpuc_flush_dcache_area)",
	      c->id, cc_names[c->cc], (unsigned long long)pa, va, other);
}
