// SPDX-License-Identifier: GPL-2.0-only
/*
 * Format-independent PTE stores and the boot-time choice of format.
 */
#include "arch/pgtable.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/memblock.h"

const struct pgtable_ops *pgtable;
phys_addr_t swapper_pg_dir;

void set_pte_at(vaddr_t ptep, pte_t pte)
{
	hw_event(this_cpu(), EV_pte_write);
	pgtable->set_pte(ptep, pte);
}

void pte_clear(vaddr_t ptep)
{
	set_pte_at(ptep, (pte_t){ 0 });
}

pte_t ptep_get(vaddr_t ptep)
{
	return pgtable->get_pte(ptep);
}

pte_t pte_read_phys(phys_addr_t pa)
{
	if (pgtable->pte_size == 8)
		return (pte_t){ ram_read64(&machine->ram, pa) };
	return (pte_t){ ram_read32(&machine->ram, pa) };
}

pte_t pte_modify(pte_t pte, pgprot_t newprot)
{
	const u32 kept = _PROT_YOUNG | _PROT_DIRTY | _PROT_UNCACHED;
	u32 flags = (newprot.flags & ~kept) | (pte_pgprot(pte).flags & kept);

	if (platform()->arch == PLAT_X86)
		flags |= newprot.flags & _PROT_YOUNG;
	return pfn_pte(pte_pfn(pte), (pgprot_t){ flags });
}

phys_addr_t kv_to_phys(vaddr_t va)
{
	phys_addr_t pa;

	if (hw_translate(this_cpu(), va, 0, &pa))
		kernel_oops(va, false);
	return pa;
}

void paging_init(void)
{
	const struct platform *p = platform();

	if (p->arch == PLAT_X86)
		pgtable = &x86_pae_pgtable_ops;
	else if (config->arm_lpae)
		pgtable = &arm_lpae_pgtable_ops;
	else
		pgtable = &arm_2level_pgtable_ops;
	swapper_pg_dir = pgtable->paging_init();
	for (u32 i = 0; i < machine->ncpus; i++)
		pgtable->cpu_switch_init(i, swapper_pg_dir);
}

u32 kernel_pte_regions(u32 *regions, u32 max)
{
	u64 fix_end = fixaddr_end(&layout);
	u32 n = 0;

	BUG_ON(max < 1);
	regions[n++] = layout.pkmap_base & PMD_MASK;
	for (u32 off = 0; layout.sfbuf_base &&
			  off < sfbuf_window_bytes(layout.nr_sfbufs);
	     off += PMD_SIZE) {
		BUG_ON(n >= max);
		regions[n++] = layout.sfbuf_base + off;
	}
	for (u32 off = 0; off < layout.emap_size; off += PMD_SIZE) {
		BUG_ON(n >= max);
		regions[n++] = layout.emap_base + off;
	}
	if (layout.tramp_base) {
		BUG_ON(n + 2 > max);
		regions[n++] = layout.cpwin_base;
		regions[n++] = layout.tramp_base;
	}
	for (u64 a = layout.fixaddr_start & PMD_MASK; a < fix_end; a += PMD_SIZE) {
		BUG_ON(n >= max);
		regions[n++] = (u32)a;
	}
	return n;
}

phys_addr_t early_pgtable_alloc(u32 size)
{
	phys_addr_t limit = (phys_addr_t)layout.max_low_pfn << PAGE_SHIFT;
	phys_addr_t pa = memblock_alloc(size, PAGE_SIZE, limit);

	/* RAM starts zeroed, but a boot allocation must not rely on it. */
	for (u32 off = 0; off < size; off += 8)
		ram_write64(&machine->ram, pa + off, 0);
	return pa;
}
