// SPDX-License-Identifier: GPL-2.0-only
/*
 * ARM 2-level (short-descriptor) page tables as Linux 3.x lays them out
 * (arch/arm/include/asm/pgtable-2level.h): a Linux "PMD" covers 2 MiB and is
 * a pair of first-level entries pointing at the two 1 KiB hardware tables
 * in the upper half of one 4 KiB PTE page; the lower half holds the Linux
 * PTEs, whose bits the hardware cannot represent (young, dirty, ...).
 *
 *   PTE page: +0 Linux pt 0 | +1024 Linux pt 1 | +2048 h/w pt 0 | +3072 h/w pt 1
 *
 * Lowmem is mapped by 1 MiB sections.
 */

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/gfp.h"

/* Linux PTE bits (pgtable-2level.h, v3.x). */
#define L_PTE_VALID (1u << 0)
#define L_PTE_YOUNG (1u << 1)
#define L_PTE_MT_BUFFERABLE (1u << 2)
#define L_PTE_MT_WRITEBACK (3u << 2)
#define L_PTE_MT_MASK (0xfu << 2)
#define L_PTE_DIRTY (1u << 6)
#define L_PTE_RDONLY (1u << 7)
#define L_PTE_USER (1u << 8)
#define L_PTE_XN (1u << 9)
#define L_PTE_NONE (1u << 11)	/* PROT_NONE: no hardware entry */

/* Hardware bits (pgtable-2level-hwdef.h). */
#define PMD_TYPE_MASK 0x3u
#define PMD_TYPE_TABLE 0x1u
#define PMD_TYPE_SECT 0x2u
#define PMD_BIT4 (1u << 4)
#define PMD_SECT_BUFFERABLE (1u << 2)
#define PMD_SECT_CACHEABLE (1u << 3)
#define PMD_SECT_AP_WRITE (1u << 10)
#define PTE_TYPE_SMALL 0x2u
#define PTE_BUFFERABLE (1u << 2)
#define PTE_CACHEABLE (1u << 3)
#define PTE_EXT_XN (1u << 0)
#define PTE_EXT_AP0 (1u << 4)
#define PTE_EXT_AP1 (1u << 5)
#define PTE_EXT_APX (1u << 9)
#define PTE_EXT_NG (1u << 11)
/* ARMv5 small pages replicate AP over the four subpages (bits 11:4). */
#define PTE_SMALL_AP_UNO_SRW 0x550u
#define PTE_SMALL_AP_URO_SRW 0xaa0u

#define PTE_HWTABLE_OFF 2048u
#define PTRS_PER_PTE 512u

static pte_t arm_pfn_pte(unsigned long pfn, pgprot_t prot)
{
	u32 v = (u32)(pfn << PAGE_SHIFT);

	if (prot.flags & _PROT_UNCACHED)
		v |= L_PTE_MT_BUFFERABLE;
	else
		v |= L_PTE_MT_WRITEBACK;

	if (prot.flags & _PROT_PRESENT)
		v |= L_PTE_VALID;
	if (prot.flags & _PROT_YOUNG)
		v |= L_PTE_YOUNG;
	if (prot.flags & _PROT_DIRTY)
		v |= L_PTE_DIRTY;
	if (!(prot.flags & _PROT_WRITE))
		v |= L_PTE_RDONLY;
	if (prot.flags & _PROT_USER)
		v |= L_PTE_USER;
	if (!(prot.flags & _PROT_EXEC))
		v |= L_PTE_XN;
	if (prot.flags & _PROT_NONE)
		v |= L_PTE_NONE;
	return (pte_t){ v };
}

static unsigned long arm_pte_pfn(pte_t pte)
{
	return (unsigned long)((u32)pte.pte >> PAGE_SHIFT);
}

static bool arm_pte_present(pte_t pte)
{
	return pte.pte & L_PTE_VALID;
}

/*
 * The hardware entry set_pte_ext() derives from a Linux PTE: none unless
 * valid and young; ARMv5 (armv3_set_pte_ext in proc-macros.S) encodes AP per
 * subpage, ARMv7 (cpu_v7_set_pte_ext) uses AP0/AP1/APX, XN and nG.
 */
static u32 arm_hw_pte(u32 l, bool user_addr)
{
	u32 hw;

	if ((l & (L_PTE_VALID | L_PTE_YOUNG)) != (L_PTE_VALID | L_PTE_YOUNG) ||
	    (l & L_PTE_NONE))
		return 0;
	/* "keep C, B bits": L_PTE_MT's low two bits are B and C (ARMv7's
	 * TEX remap reads them the same way for these two types). */
	hw = (l & PAGE_MASK) | PTE_TYPE_SMALL |
	     (l & (PTE_BUFFERABLE | PTE_CACHEABLE));
	if (!machine->cfg.armv6_plus) {
		if (l & L_PTE_USER)
			hw |= PTE_SMALL_AP_URO_SRW;
		if (!(l & L_PTE_RDONLY) && (l & L_PTE_DIRTY))
			hw |= PTE_SMALL_AP_UNO_SRW;
		return hw;
	}
	hw |= PTE_EXT_AP0;
	if ((l & L_PTE_RDONLY) || !(l & L_PTE_DIRTY))
		hw |= PTE_EXT_APX;
	if (l & L_PTE_USER)
		hw |= PTE_EXT_AP1;
	if (l & L_PTE_XN)
		hw |= PTE_EXT_XN;
	if (user_addr)
		hw |= PTE_EXT_NG;
	return hw;
}

void arm_flush_pte(vaddr_t hw_ptep, u32 len)
{
	struct cpu *c = this_cpu();

	switch (platform()->pte_flush) {
	case PTE_FLUSH_NONE:
		break;
	case PTE_FLUSH_L1:
		hw_dcache_op_va_range(c, hw_ptep, len, CACHE_CLEAN);
		hw_barrier(c);
		break;
	case PTE_FLUSH_L1_L2:
		/* Feroceon: clean D entry, clean L2 entry (by MVA: one TLB
		 * lookup), drain the write buffer. */
		hw_dcache_op_va_range(c, hw_ptep, len, CACHE_CLEAN);
		hw_l2_op_pa_range(c, kv_to_phys(hw_ptep), len, CACHE_CLEAN);
		hw_barrier(c);
		break;
	}
}

/*
 * cpu_set_pte_ext(): store the Linux PTE and its hardware twin.  Kernel
 * addresses are global; a PTE slot belongs to a user address when the
 * mapping has the user bit (the ext argument Linux passes).
 */
static void arm_set_pte(vaddr_t ptep, pte_t pte)
{
	CC_SCOPE(cpu_set_pte_ext);
	u32 l = (u32)pte.pte;

	charge(CODE_set_pte);
	kv_write32(ptep, l);
	kv_write32(ptep + PTE_HWTABLE_OFF, arm_hw_pte(l, l & L_PTE_USER));
	arm_flush_pte(ptep + PTE_HWTABLE_OFF, 4);
}

static void arm_set_pte_nonglobal(vaddr_t ptep, pte_t pte)
{
	CC_SCOPE(cpu_set_pte_ext);
	u32 l = (u32)pte.pte;

	charge(CODE_set_pte);
	kv_write32(ptep, l);
	kv_write32(ptep + PTE_HWTABLE_OFF, arm_hw_pte(l, true));
	arm_flush_pte(ptep + PTE_HWTABLE_OFF, 4);
}

static pte_t arm_get_pte(vaddr_t ptep)
{
	return (pte_t){ kv_read32(ptep) };
}

static vaddr_t swapper_va(void)
{
	return __va(swapper_pg_dir);
}

/* Does first-level entry @pmd point at a second-level (PTE) table? */
static inline bool arm_pmd_is_table(u32 pmd)
{
	return (pmd & PMD_TYPE_MASK) == PMD_TYPE_TABLE;
}

/* pte_offset_kernel(pmd_off_k(va), va): one load of the first-level entry. */
static vaddr_t arm_pte_offset_kernel(vaddr_t va)
{
	u32 pmd = kv_read32(swapper_va() + (va >> 20) * 4);
	phys_addr_t page;

	if (!arm_pmd_is_table(pmd))
		panic("pte_offset_kernel: no PTE table for %#x (pmd %#x)", va,
		      pmd);
	page = (phys_addr_t)(pmd & ~0x3ffu) & ~(phys_addr_t)(PAGE_SIZE - 1);
	return __va(page) + ((va >> PAGE_SHIFT) & (PTRS_PER_PTE - 1)) * 4;
}

static u32 arm_pmd_sect(phys_addr_t pa)
{
	u32 v = (u32)pa | PMD_TYPE_SECT | PMD_SECT_AP_WRITE |
		PMD_SECT_BUFFERABLE | PMD_SECT_CACHEABLE;

	/* ARMv5 requires bit 4 set in section and table entries. */
	if (!machine->cfg.armv6_plus)
		v |= PMD_BIT4;
	return v;
}

static u32 arm_pmd_table(phys_addr_t pa)
{
	u32 v = (u32)pa | PMD_TYPE_TABLE;

	if (!machine->cfg.armv6_plus)
		v |= PMD_BIT4;
	return v;
}

/*
 * swapper_pg_dir sits 16 KiB into RAM, below the kernel text, as
 * KERNEL_RAM_VADDR - 0x4000 puts it (arch/arm/kernel/head.S).
 */
static phys_addr_t arm_paging_init(void)
{
	struct ram *ram = &machine->ram;
	phys_addr_t pgd = layout.phys_offset + 0x4000;
	phys_addr_t low_end = (phys_addr_t)layout.max_low_pfn << PAGE_SHIFT;
	u32 regions[32], n;

	for (u32 i = 0; i < 4096; i++)
		ram_write32(ram, pgd + i * 4, 0);
	for (phys_addr_t pa = layout.phys_offset; pa < low_end; pa += SZ_1M)
		ram_write32(ram, pgd + (__va(pa) >> 20) * 4, arm_pmd_sect(pa));
	n = kernel_pte_regions(regions, ARRAY_SIZE(regions));
	for (u32 i = 0; i < n; i++) {
		phys_addr_t pte = early_pgtable_alloc(PAGE_SIZE);
		u32 idx = regions[i] >> 20;

		ram_write32(ram, pgd + idx * 4,
			    arm_pmd_table(pte + PTE_HWTABLE_OFF));
		ram_write32(ram, pgd + (idx + 1) * 4,
			    arm_pmd_table(pte + PTE_HWTABLE_OFF + 1024));
	}
	return pgd;
}

static void arm_cpu_switch_init(u32 cpu, phys_addr_t pgd)
{
	hw_set_ttbr0(&machine->cpu[cpu], pgd);
}

static pgprot_t arm_pte_pgprot(pte_t pte)
{
	u32 l = (u32)pte.pte;
	pgprot_t p = { 0 };

	if (l & L_PTE_VALID)
		p.flags |= _PROT_PRESENT;
	if (!(l & L_PTE_RDONLY))
		p.flags |= _PROT_WRITE;
	if (l & L_PTE_USER)
		p.flags |= _PROT_USER;
	else
		p.flags |= _PROT_GLOBAL;
	if (!(l & L_PTE_XN))
		p.flags |= _PROT_EXEC;
	if (l & L_PTE_YOUNG)
		p.flags |= _PROT_YOUNG;
	if (l & L_PTE_DIRTY)
		p.flags |= _PROT_DIRTY;
	if ((l & L_PTE_MT_MASK) == L_PTE_MT_BUFFERABLE)
		p.flags |= _PROT_UNCACHED;
	if (l & L_PTE_NONE)
		p.flags = (p.flags & ~_PROT_GLOBAL) | _PROT_NONE;
	return p;
}

/* flush_pmd_entry: as flush_pte, for first-level entries. */
static void arm_flush_pmd(vaddr_t pmdp)
{
	arm_flush_pte(pmdp, 4);
}

/*
 * pgd_alloc (arch/arm/mm/pgd.c): a 16 KiB order-2 block, the user part
 * cleared, the kernel part (from TASK_SIZE up: modules, pkmap, lowmem,
 * vmalloc, fixmap) copied from swapper_pg_dir, the whole table cleaned.
 */
static phys_addr_t arm_pgd_alloc(void)
{
	struct page *page = alloc_pages(GFP_KERNEL, 2);
	u32 user = (layout.task_size >> 20) * 4;
	vaddr_t pgd;

	if (!page)
		return 0;
	pgd = __va(page_to_phys(page));
	kv_memset(pgd, 0, user);
	kv_memcpy(pgd + user, swapper_va() + user, 16384 - user);
	/*
	 * clean_dcache_area: on the Feroceon that is cpu_feroceon_dcache_
	 * clean_area, which cleans the L2 lines too (proc-feroceon.S), as
	 * flush_pmd_entry does -- else a cleared entry stays dirty in L2,
	 * where the walker cannot see it.
	 */
	arm_flush_pte(pgd, 16384);
	return page_to_phys(page);
}

static void arm_pgd_free(phys_addr_t pgd)
{
	__free_pages(pfn_to_page((unsigned long)(pgd >> PAGE_SHIFT)), 2);
}

static vaddr_t arm_pmd_offset(phys_addr_t pgd, vaddr_t addr, bool alloc)
{
	return __va(pgd) + (addr >> 21) * 8;
}

static unsigned long arm_pmd_pfn(vaddr_t pmdp)
{
	u32 v = kv_read32(pmdp);

	if (!arm_pmd_is_table(v))
		return 0;
	return (unsigned long)(((v & ~0x3ffu) - PTE_HWTABLE_OFF) >> PAGE_SHIFT);
}

/* The first word of the pair, as arm_pmd_pfn loads it. */
static bool arm_pmd_table_raw(u64 entry)
{
	return arm_pmd_is_table((u32)entry);
}

/* __pmd_populate: two first-level entries for the two hardware tables. */
static void arm_pmd_populate(vaddr_t pmdp, unsigned long pte_pfn)
{
	phys_addr_t pte = (phys_addr_t)pte_pfn << PAGE_SHIFT;

	hw_event(this_cpu(), EV_pmd_write);
	kv_write32(pmdp, arm_pmd_table(pte + PTE_HWTABLE_OFF));
	kv_write32(pmdp + 4, arm_pmd_table(pte + PTE_HWTABLE_OFF + 1024));
	arm_flush_pmd(pmdp);
}

static void arm_pmd_clear(vaddr_t pmdp)
{
	hw_event(this_cpu(), EV_pmd_write);
	kv_write32(pmdp, 0);
	kv_write32(pmdp + 4, 0);
	arm_flush_pmd(pmdp);
}

static unsigned long arm_pmd_pfn_phys(phys_addr_t pgd, vaddr_t addr)
{
	u32 v = ram_read32(&machine->ram, pgd + (addr >> 21) * 8);

	if (!arm_pmd_is_table(v))
		return 0;
	return (unsigned long)(((v & ~0x3ffu) - PTE_HWTABLE_OFF) >> PAGE_SHIFT);
}

const struct pgtable_ops arm_2level_pgtable_ops = {
	.name = "arm-2level",
	.pte_size = 4,
	.pfn_pte = arm_pfn_pte,
	.pte_pfn = arm_pte_pfn,
	.pte_present = arm_pte_present,
	.set_pte = arm_set_pte,
	.set_pte_nonglobal = arm_set_pte_nonglobal,
	.get_pte = arm_get_pte,
	.pte_offset_kernel = arm_pte_offset_kernel,
	.paging_init = arm_paging_init,
	.cpu_switch_init = arm_cpu_switch_init,
	.pte_pgprot = arm_pte_pgprot,
	.pgd_alloc = arm_pgd_alloc,
	.pgd_free = arm_pgd_free,
	.pmd_offset = arm_pmd_offset,
	.pmd_table_shift = 32,	/* the first-level table maps all 4 GiB */
	.pmd_pfn = arm_pmd_pfn,
	.pmd_table_raw = arm_pmd_table_raw,
	.pmd_populate = arm_pmd_populate,
	.pmd_clear = arm_pmd_clear,
	.pmd_pfn_phys = arm_pmd_pfn_phys,
};
