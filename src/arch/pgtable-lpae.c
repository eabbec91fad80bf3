// SPDX-License-Identifier: GPL-2.0-only
/*
 * ARM LPAE (long-descriptor) page tables as Linux lays them out
 * (arch/arm/include/asm/pgtable-3level{,-hwdef}.h): a 4-entry pgd, one
 * 512-entry pmd page per GiB, 512-entry PTE pages; Linux PTEs are the
 * hardware descriptors, with software bits (dirty, special) above bit 55.
 * Lowmem is mapped by 2 MiB blocks.
 *
 * Coarse: the kernel runs on TTBR0 alone (TTBCR.T0SZ = T1SZ = 0); Linux uses
 * TTBR1 for the kernel half.  Translations are identical; only the 4G/4G
 * work needs the split, and will model it.
 */
#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/gfp.h"

#define PTE_TYPE_PAGE 3ull
#define PMD_TYPE_TABLE 3ull
#define PMD_TYPE_SECT 1ull
#define PTE_EXT_AF (1ull << 10)
#define PTE_EXT_NG (1ull << 11)
#define PTE_EXT_SHARED (3ull << 8)
#define L_PTE_USER (1ull << 6)
#define L_PTE_RDONLY (1ull << 7)
#define L_PTE_XN (1ull << 54)
#define L_PTE_DIRTY (1ull << 55)
/*
 * Software copy of the write permission.  3.x LPAE folded "clean" into
 * AP[2] (L_PTE_RDONLY) in the one stored entry, losing whether a clean page
 * may be written; later kernels keep a separate bit, and so do we.
 */
#define L_PTE_SW_WRITE (1ull << 58)
/* PROT_NONE (3.14 pgtable-3level.h): stored without the valid bit, as
 * cpu_v7_set_pte_ext leaves it; pte_present tests both. */
#define L_PTE_NONE (1ull << 57)
#define PHYS_MASK_LPAE 0xfffffff000ull

static pte_t lpae_pfn_pte(unsigned long pfn, pgprot_t prot)
{
	u64 v = ((u64)pfn << PAGE_SHIFT);

	if (prot.flags & _PROT_PRESENT)
		v |= PTE_TYPE_PAGE | PTE_EXT_SHARED;
	if (prot.flags & _PROT_YOUNG)
		v |= PTE_EXT_AF;
	if (prot.flags & _PROT_DIRTY)
		v |= L_PTE_DIRTY;
	if (!(prot.flags & _PROT_WRITE))
		v |= L_PTE_RDONLY;
	else
		v |= L_PTE_SW_WRITE;
	if (prot.flags & _PROT_USER)
		v |= L_PTE_USER | PTE_EXT_NG;
	else if (!layout.kernel_global ||
		 !(prot.flags & (_PROT_GLOBAL | _PROT_NONE)))
		/* A kernel mapping not global: the PTE window's. */
		v |= PTE_EXT_NG;
	if (!(prot.flags & _PROT_EXEC))
		v |= L_PTE_XN;
	if (prot.flags & _PROT_NONE)
		v = (v & ~1ull) | L_PTE_NONE;
	return (pte_t){ v };
}

static unsigned long lpae_pte_pfn(pte_t pte)
{
	return (unsigned long)((pte.pte & PHYS_MASK_LPAE) >> PAGE_SHIFT);
}

static bool lpae_pte_present(pte_t pte)
{
	return pte.pte & (1 | L_PTE_NONE);
}

/*
 * cpu_v7_set_pte_ext (proc-v7-3level.S): a clean page is mapped read-only
 * so that the first write faults and marks it dirty; then one 64-bit store
 * and, on UP, a clean of the line.
 */
static void lpae_set_pte(vaddr_t ptep, pte_t pte)
{
	CC_SCOPE(cpu_set_pte_ext);
	u64 v = pte.pte;

	if ((v & 1) && !(v & L_PTE_DIRTY))
		v |= L_PTE_RDONLY;
	charge(CODE_set_pte);
	kv_write64(ptep, v);
	arm_flush_pte(ptep, 8);
}

static pte_t lpae_get_pte(vaddr_t ptep)
{
	return (pte_t){ kv_read64(ptep) };
}

/* pgd then pmd: two loads. */
static vaddr_t lpae_pte_offset_kernel(vaddr_t va)
{
	u64 pgd = kv_read64(__va(swapper_pg_dir) + (va >> 30) * 8);
	u64 pmd;

	if ((pgd & 3) != PMD_TYPE_TABLE)
		panic("pte_offset_kernel: no pmd for %#x", va);
	pmd = kv_read64(__va(pgd & PHYS_MASK_LPAE) + ((va >> 21) & 511) * 8);
	if ((pmd & 3) != PMD_TYPE_TABLE)
		panic("pte_offset_kernel: no PTE table for %#x (pmd %#llx)",
		      va, (unsigned long long)pmd);
	return __va(pmd & PHYS_MASK_LPAE) + ((va >> PAGE_SHIFT) & 511) * 8;
}

static phys_addr_t lpae_paging_init(void)
{
	struct ram *ram = &machine->ram;
	phys_addr_t pgd = early_pgtable_alloc(PAGE_SIZE);
	phys_addr_t pmd[4];
	phys_addr_t low_end = (phys_addr_t)layout.max_low_pfn << PAGE_SHIFT;
	u32 regions[32], n;

	for (u32 i = 0; i < 4; i++) {
		pmd[i] = early_pgtable_alloc(PAGE_SIZE);
		ram_write64(ram, pgd + i * 8, pmd[i] | PMD_TYPE_TABLE);
	}
	BUG_ON(!IS_ALIGNED(low_end - layout.phys_offset, SZ_2M));
	for (phys_addr_t pa = layout.phys_offset; pa < low_end; pa += SZ_2M) {
		vaddr_t va = __va(pa);

		ram_write64(ram, pmd[va >> 30] + ((va >> 21) & 511) * 8,
			    pa | PMD_TYPE_SECT | PTE_EXT_AF | PTE_EXT_SHARED |
				    (layout.kernel_global ? 0 : PTE_EXT_NG));
	}
	n = kernel_pte_regions(regions, ARRAY_SIZE(regions));
	for (u32 i = 0; i < n; i++) {
		phys_addr_t pte = early_pgtable_alloc(PAGE_SIZE);

		ram_write64(ram, pmd[regions[i] >> 30] +
					 ((regions[i] >> 21) & 511) * 8,
			    pte | PMD_TYPE_TABLE);
	}
	return pgd;
}

static void lpae_cpu_switch_init(u32 cpu, phys_addr_t pgd)
{
	hw_set_ttbr0(&machine->cpu[cpu], pgd);
	hw_set_ttbr1(&machine->cpu[cpu], 0, 0, 0);
}

static pgprot_t lpae_pte_pgprot(pte_t pte)
{
	u64 v = pte.pte;
	pgprot_t p = { 0 };

	if (v & (1 | L_PTE_NONE))
		p.flags |= _PROT_PRESENT;
	if (v & L_PTE_SW_WRITE)
		p.flags |= _PROT_WRITE;
	if (v & L_PTE_USER)
		p.flags |= _PROT_USER;
	else
		p.flags |= _PROT_GLOBAL;
	if (!(v & L_PTE_XN))
		p.flags |= _PROT_EXEC;
	if (v & PTE_EXT_AF)
		p.flags |= _PROT_YOUNG;
	if (v & L_PTE_DIRTY)
		p.flags |= _PROT_DIRTY;
	if (v & L_PTE_NONE)
		p.flags = (p.flags & ~_PROT_GLOBAL) | _PROT_NONE;
	return p;
}

static void lpae_pgd_free_user(phys_addr_t pgd);

static phys_addr_t lpae_alloc_table(void)
{
	struct page *page = alloc_page(GFP_KERNEL | __GFP_ZERO);

	return page ? page_to_phys(page) : 0;
}

static void lpae_free_table(phys_addr_t pa)
{
	__free_page(pfn_to_page((unsigned long)(pa >> PAGE_SHIFT)));
}

/*
 * pgd_alloc (arch/arm/mm/pgd.c, LPAE): the 1 GiB entries wholly above
 * TASK_SIZE share swapper's pmd tables; the one that straddles TASK_SIZE
 * (modules and pkmap below PAGE_OFFSET) gets its own pmd table with the
 * kernel entries copied in.
 */
static phys_addr_t lpae_pgd_alloc(void)
{
	phys_addr_t pgd = lpae_alloc_table();
	vaddr_t kpgd = __va(swapper_pg_dir);

	if (!pgd)
		return 0;
	for (u32 i = 0; i < 4; i++) {
		u64 start = (u64)i << 30;
		u64 kent = kv_read64(kpgd + i * 8);
		phys_addr_t pmd;

		/* 4G/4G: user tables hold no kernel mapping at all. */
		if (layout.split_4g4g || start + SZ_1G <= layout.task_size)
			continue;
		/* The PTE window's pmd is the mm's own copy
		 * (mm/pte_window.h). */
		if (start >= layout.task_size && !ptwin_in_gib(start)) {
			kv_write64(__va(pgd) + i * 8, kent);
			continue;
		}
		pmd = lpae_alloc_table();
		if (!pmd) {
			lpae_pgd_free_user(pgd);
			return 0;
		}
		for (u32 j = start >= layout.task_size ?
				     0 :
				     (layout.task_size >> 21) & 511;
		     j < 512; j++)
			kv_write64(__va(pmd) + j * 8,
				   kv_read64(__va(kent & PHYS_MASK_LPAE) + j * 8));
		kv_write64(__va(pgd) + i * 8, pmd | PMD_TYPE_TABLE);
	}
	return pgd;
}

/* Free the pmd tables this pgd owns (not swapper's), then the pgd. */
static void lpae_pgd_free_user(phys_addr_t pgd)
{
	for (u32 i = 0; i < 4; i++) {
		u64 ent = kv_read64(__va(pgd) + i * 8);

		if ((((u64)i << 30) >= layout.task_size &&
		     !layout.split_4g4g && !ptwin_in_gib((u64)i << 30)) ||
		    (ent & 3) != PMD_TYPE_TABLE)
			continue;
		lpae_free_table(ent & PHYS_MASK_LPAE);
	}
	lpae_free_table(pgd);
}

static void lpae_pgd_free(phys_addr_t pgd)
{
	lpae_pgd_free_user(pgd);
}

static vaddr_t lpae_pmd_offset(phys_addr_t pgd, vaddr_t addr, bool alloc)
{
	vaddr_t pgdp = __va(pgd) + (addr >> 30) * 8;
	u64 ent = kv_read64(pgdp);

	if ((ent & 3) != PMD_TYPE_TABLE) {
		phys_addr_t pmd;

		if (!alloc)
			return 0;
		/* pmd_alloc -> pud_populate. */
		pmd = lpae_alloc_table();
		if (!pmd)
			return 0;
		ent = pmd | PMD_TYPE_TABLE;
		hw_event(this_cpu(), EV_pmd_write);
		kv_write64(pgdp, ent);
	}
	return __va(ent & PHYS_MASK_LPAE) + ((addr >> 21) & 511) * 8;
}

static bool lpae_pmd_table_raw(u64 v)
{
	return (v & 3) == PMD_TYPE_TABLE;
}

static unsigned long lpae_pmd_pfn(vaddr_t pmdp)
{
	u64 v = kv_read64(pmdp);

	if (!lpae_pmd_table_raw(v))
		return 0;
	return (unsigned long)((v & PHYS_MASK_LPAE) >> PAGE_SHIFT);
}

static void lpae_write_pmd(vaddr_t pmdp, u64 v)
{
	hw_event(this_cpu(), EV_pmd_write);
	kv_write64(pmdp, v);
	arm_flush_pte(pmdp, 8);
}

static void lpae_pmd_populate(vaddr_t pmdp, unsigned long pte_pfn)
{
	lpae_write_pmd(pmdp, ((u64)pte_pfn << PAGE_SHIFT) | PMD_TYPE_TABLE);
}

static void lpae_pmd_clear(vaddr_t pmdp)
{
	lpae_write_pmd(pmdp, 0);
}

static unsigned long lpae_pmd_pfn_phys(phys_addr_t pgd, vaddr_t addr)
{
	u64 e = ram_read64(&machine->ram, pgd + (addr >> 30) * 8);

	if ((e & 3) != PMD_TYPE_TABLE)
		return 0;
	e = ram_read64(&machine->ram,
		       (e & PHYS_MASK_LPAE) + ((addr >> 21) & 511) * 8);
	if ((e & 3) != PMD_TYPE_TABLE)
		return 0;
	return (unsigned long)((e & PHYS_MASK_LPAE) >> PAGE_SHIFT);
}

const struct pgtable_ops arm_lpae_pgtable_ops = {
	.name = "arm-lpae",
	.pte_size = 8,
	.pfn_pte = lpae_pfn_pte,
	.pte_pfn = lpae_pte_pfn,
	.pte_present = lpae_pte_present,
	.set_pte = lpae_set_pte,
	.get_pte = lpae_get_pte,
	.pte_offset_kernel = lpae_pte_offset_kernel,
	.paging_init = lpae_paging_init,
	.cpu_switch_init = lpae_cpu_switch_init,
	.pte_pgprot = lpae_pte_pgprot,
	.pgd_alloc = lpae_pgd_alloc,
	.pgd_free = lpae_pgd_free,
	.pmd_offset = lpae_pmd_offset,
	.pmd_table_shift = 30,	/* a first-level entry's pmd table */
	.pmd_pfn = lpae_pmd_pfn,
	.pmd_table_raw = lpae_pmd_table_raw,
	.pmd_populate = lpae_pmd_populate,
	.pmd_clear = lpae_pmd_clear,
	.pmd_pfn_phys = lpae_pmd_pfn_phys,
};
