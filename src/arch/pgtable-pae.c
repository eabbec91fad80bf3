// SPDX-License-Identifier: GPL-2.0-only
/*
 * x86 PAE page tables (arch/i386 2.6, arch/x86 pgtable-3level.h): a
 * 4-entry PDPT, one 512-entry pmd page per GiB, 512-entry PTE pages of
 * 64-bit entries.  Lowmem is mapped by 2 MiB PSE pages with the global bit
 * (kernel_physical_mapping_init on a PSE+PGE CPU).
 */
#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/gfp.h"

#define _PAGE_PRESENT 0x001ull
#define _PAGE_RW 0x002ull
#define _PAGE_USER 0x004ull
#define _PAGE_ACCESSED 0x020ull
#define _PAGE_DIRTY 0x040ull
#define _PAGE_PSE 0x080ull
#define _PAGE_GLOBAL 0x100ull
/* PROT_NONE: the global bit with the present bit clear (pgtable_types.h). */
#define _PAGE_PROTNONE _PAGE_GLOBAL
#define _KERNPG_TABLE (_PAGE_PRESENT | _PAGE_RW | _PAGE_ACCESSED | _PAGE_DIRTY)
#define PAE_PHYS_MASK 0xffffff000ull

static pte_t pae_pfn_pte(unsigned long pfn, pgprot_t prot)
{
	u64 v = (u64)pfn << PAGE_SHIFT;

	if (prot.flags & _PROT_PRESENT)
		v |= _PAGE_PRESENT;
	if (prot.flags & _PROT_WRITE)
		v |= _PAGE_RW;
	if (prot.flags & _PROT_USER)
		v |= _PAGE_USER;
	if (prot.flags & _PROT_YOUNG)
		v |= _PAGE_ACCESSED;
	if (prot.flags & _PROT_DIRTY)
		v |= _PAGE_DIRTY;
	if ((prot.flags & _PROT_GLOBAL) && layout.kernel_global)
		v |= _PAGE_GLOBAL;
	if (prot.flags & _PROT_NONE)
		v = (v & ~_PAGE_PRESENT) | _PAGE_PROTNONE;
	return (pte_t){ v };
}

static unsigned long pae_pte_pfn(pte_t pte)
{
	return (unsigned long)((pte.pte & PAE_PHYS_MASK) >> PAGE_SHIFT);
}

static bool pae_pte_present(pte_t pte)
{
	return pte.pte & (_PAGE_PRESENT | _PAGE_PROTNONE);
}

/*
 * set_pte (pgtable-3level.h): write the high word first, then the low word
 * that holds the present bit, so the walker never sees a half entry;
 * clearing goes the other way.  Two plain stores, inlined into the caller.
 */
static void pae_set_pte(vaddr_t ptep, pte_t pte)
{
	if (pte.pte & _PAGE_PRESENT) {
		kv_write32(ptep + 4, (u32)(pte.pte >> 32));
		kv_write32(ptep, (u32)pte.pte);
	} else {
		kv_write32(ptep, (u32)pte.pte);
		kv_write32(ptep + 4, (u32)(pte.pte >> 32));
	}
	charge(CODE_set_pte);
}

static pte_t pae_get_pte(vaddr_t ptep)
{
	return (pte_t){ kv_read64(ptep) };
}

static vaddr_t pae_pte_offset_kernel(vaddr_t va)
{
	u64 pgd = kv_read64(__va(swapper_pg_dir) + (va >> 30) * 8);
	u64 pmd;

	if (!(pgd & _PAGE_PRESENT))
		panic("pte_offset_kernel: no pmd for %#x", va);
	pmd = kv_read64(__va(pgd & PAE_PHYS_MASK) + ((va >> 21) & 511) * 8);
	if (!(pmd & _PAGE_PRESENT) || (pmd & _PAGE_PSE))
		panic("pte_offset_kernel: no PTE table for %#x (pmd %#llx)",
		      va, (unsigned long long)pmd);
	return __va(pmd & PAE_PHYS_MASK) + ((va >> PAGE_SHIFT) & 511) * 8;
}

static phys_addr_t pae_paging_init(void)
{
	struct ram *ram = &machine->ram;
	phys_addr_t pgd = early_pgtable_alloc(PAGE_SIZE);
	phys_addr_t pmd[4];
	phys_addr_t low_end = (phys_addr_t)layout.max_low_pfn << PAGE_SHIFT;
	u64 kernel_g = layout.kernel_global ? _PAGE_GLOBAL : 0;
	u32 regions[32], n;

	for (u32 i = 0; i < 4; i++) {
		pmd[i] = early_pgtable_alloc(PAGE_SIZE);
		/* PDPTEs hold only P (and cache bits) in PAE mode. */
		ram_write64(ram, pgd + i * 8, pmd[i] | _PAGE_PRESENT);
	}
	/*
	 * 2 MiB pages where the whole page is lowmem; the tail of lowmem
	 * below MAXMEM (3.x: not 2 MiB aligned) gets 4 KiB pages, as
	 * kernel_physical_mapping_init does.
	 */
	for (phys_addr_t pa = layout.phys_offset; pa < low_end; pa += SZ_2M) {
		vaddr_t va = __va(pa);
		phys_addr_t pmdp = pmd[va >> 30] + ((va >> 21) & 511) * 8;
		phys_addr_t pte;

		if (pa + SZ_2M <= low_end) {
			ram_write64(ram, pmdp, pa | _KERNPG_TABLE | _PAGE_PSE |
						       kernel_g);
			continue;
		}
		pte = early_pgtable_alloc(PAGE_SIZE);
		ram_write64(ram, pmdp, pte | _KERNPG_TABLE);
		for (u32 i = 0; pa + (phys_addr_t)i * PAGE_SIZE < low_end; i++)
			ram_write64(ram, pte + i * 8,
				    (pa + (phys_addr_t)i * PAGE_SIZE) |
					    _KERNPG_TABLE | kernel_g);
	}
	n = kernel_pte_regions(regions, ARRAY_SIZE(regions));
	for (u32 i = 0; i < n; i++) {
		phys_addr_t pte = early_pgtable_alloc(PAGE_SIZE);

		ram_write64(ram, pmd[regions[i] >> 30] +
					 ((regions[i] >> 21) & 511) * 8,
			    pte | _KERNPG_TABLE);
	}
	return pgd;
}

static void pae_cpu_switch_init(u32 cpu, phys_addr_t pgd)
{
	hw_set_cr3(&machine->cpu[cpu], pgd);
}

static pgprot_t pae_pte_pgprot(pte_t pte)
{
	u64 v = pte.pte;
	/* No NX here: every present page is executable. */
	pgprot_t p = { _PROT_EXEC };

	if (v & _PAGE_PRESENT)
		p.flags |= _PROT_PRESENT;
	if (v & _PAGE_RW)
		p.flags |= _PROT_WRITE;
	if (v & _PAGE_USER)
		p.flags |= _PROT_USER;
	if (v & _PAGE_ACCESSED)
		p.flags |= _PROT_YOUNG;
	if (v & _PAGE_DIRTY)
		p.flags |= _PROT_DIRTY;
	if (v & _PAGE_GLOBAL)
		p.flags |= _PROT_GLOBAL;
	if ((v & (_PAGE_PRESENT | _PAGE_PROTNONE)) == _PAGE_PROTNONE)
		p.flags = (p.flags & ~_PROT_GLOBAL) | _PROT_PRESENT | _PROT_NONE;
	return p;
}

#define _PAGE_TABLE (_PAGE_PRESENT | _PAGE_RW | _PAGE_USER | _PAGE_ACCESSED | \
		     _PAGE_DIRTY)

static phys_addr_t pae_alloc_table(void)
{
	struct page *page = alloc_page(GFP_KERNEL | __GFP_ZERO);

	return page ? page_to_phys(page) : 0;
}

static void pae_pgd_free(phys_addr_t pgd);

/*
 * pgd_alloc (2.6 arch/i386/mm/pgtable.c, PAE): the user pmd pages come
 * with the pgd (USER_PTRS_PER_PGD of them: 3 for the 3G split); a pmd that
 * straddles PAGE_OFFSET gets the kernel entries copied; wholly kernel
 * pmds are shared with swapper_pg_dir.  The PDPT is loaded by the CPU at
 * CR3 time, so its entries never change afterwards.
 */
static phys_addr_t pae_pgd_alloc(void)
{
	phys_addr_t pgd = pae_alloc_table();
	vaddr_t kpgd = __va(swapper_pg_dir);

	if (!pgd)
		return 0;
	for (u32 i = 0; i < 4; i++) {
		u64 start = (u64)i << 30;
		u64 kent = kv_read64(kpgd + i * 8);
		phys_addr_t pmd;

		if (start >= layout.page_offset && !layout.split_4g4g &&
		    !ptwin_in_gib(start)) {
			kv_write64(__va(pgd) + i * 8, kent);
			continue;
		}
		pmd = pae_alloc_table();
		if (!pmd) {
			pae_pgd_free(pgd);
			return 0;
		}
		/* 4G/4G: user tables hold no kernel mapping at all.  The
		 * PTE window's pmd is the mm's own copy (!SHARED_KERNEL_PMD,
		 * mm/pte_window.h). */
		if (start + SZ_1G > layout.page_offset && !layout.split_4g4g)
			for (u32 j = start >= layout.page_offset ?
					     0 :
					     (layout.page_offset >> 21) & 511;
			     j < 512; j++)
				kv_write64(__va(pmd) + j * 8,
					   kv_read64(__va(kent & PAE_PHYS_MASK) +
						     j * 8));
		kv_write64(__va(pgd) + i * 8, pmd | _PAGE_PRESENT);
	}
	/*
	 * copy_4g=tramp: the trampoline's PDE, the kernel's PTE page, in
	 * the user pmd too (FreeBSD's pmap_pinit copies PTD[TRPTDI]), so
	 * that its pages are the same under either CR3.  Above TASK_SIZE:
	 * no user walk or free reaches it.
	 */
	if (layout.tramp_base) {
		u32 gib = layout.tramp_base >> 30;
		u64 kent = kv_read64(kpgd + gib * 8);
		u64 upmd = kv_read64(__va(pgd) + gib * 8);
		u32 off = ((layout.tramp_base >> 21) & 511) * 8;

		kv_write64(__va(upmd & PAE_PHYS_MASK) + off,
			   kv_read64(__va(kent & PAE_PHYS_MASK) + off));
	}
	return pgd;
}

static void pae_pgd_free(phys_addr_t pgd)
{
	for (u32 i = 0; i < 4; i++) {
		u64 ent = kv_read64(__va(pgd) + i * 8);

		if ((((u64)i << 30) >= layout.page_offset &&
		     !layout.split_4g4g && !ptwin_in_gib((u64)i << 30)) ||
		    !(ent & _PAGE_PRESENT))
			continue;
		__free_page(pfn_to_page((unsigned long)((ent & PAE_PHYS_MASK) >>
							PAGE_SHIFT)));
	}
	__free_page(pfn_to_page((unsigned long)(pgd >> PAGE_SHIFT)));
}

static vaddr_t pae_pmd_offset(phys_addr_t pgd, vaddr_t addr, bool alloc)
{
	u64 ent = kv_read64(__va(pgd) + (addr >> 30) * 8);

	if (!(ent & _PAGE_PRESENT))
		return 0;
	return __va(ent & PAE_PHYS_MASK) + ((addr >> 21) & 511) * 8;
}

static bool pae_pmd_table_raw(u64 v)
{
	return (v & _PAGE_PRESENT) && !(v & _PAGE_PSE);
}

static unsigned long pae_pmd_pfn(vaddr_t pmdp)
{
	u64 v = kv_read64(pmdp);

	if (!pae_pmd_table_raw(v))
		return 0;
	return (unsigned long)((v & PAE_PHYS_MASK) >> PAGE_SHIFT);
}

/* set_pmd: one 64-bit store (set_64bit). */
static void pae_pmd_populate(vaddr_t pmdp, unsigned long pte_pfn)
{
	hw_event(this_cpu(), EV_pmd_write);
	kv_write64(pmdp, ((u64)pte_pfn << PAGE_SHIFT) | _PAGE_TABLE);
}

static void pae_pmd_clear(vaddr_t pmdp)
{
	hw_event(this_cpu(), EV_pmd_write);
	kv_write64(pmdp, 0);
}

static unsigned long pae_pmd_pfn_phys(phys_addr_t pgd, vaddr_t addr)
{
	u64 e = ram_read64(&machine->ram, pgd + (addr >> 30) * 8);

	if (!(e & _PAGE_PRESENT))
		return 0;
	e = ram_read64(&machine->ram,
		       (e & PAE_PHYS_MASK) + ((addr >> 21) & 511) * 8);
	if (!(e & _PAGE_PRESENT) || (e & _PAGE_PSE))
		return 0;
	return (unsigned long)((e & PAE_PHYS_MASK) >> PAGE_SHIFT);
}

const struct pgtable_ops x86_pae_pgtable_ops = {
	.name = "x86-pae",
	.pte_size = 8,
	.pfn_pte = pae_pfn_pte,
	.pte_pfn = pae_pte_pfn,
	.pte_present = pae_pte_present,
	.set_pte = pae_set_pte,
	.get_pte = pae_get_pte,
	.pte_offset_kernel = pae_pte_offset_kernel,
	.paging_init = pae_paging_init,
	.cpu_switch_init = pae_cpu_switch_init,
	.pte_pgprot = pae_pte_pgprot,
	.pgd_alloc = pae_pgd_alloc,
	.pgd_free = pae_pgd_free,
	.pmd_offset = pae_pmd_offset,
	.pmd_table_shift = 30,	/* a PDPTE's pmd page */
	.pmd_pfn = pae_pmd_pfn,
	.pmd_table_raw = pae_pmd_table_raw,
	.pmd_populate = pae_pmd_populate,
	.pmd_clear = pae_pmd_clear,
	.pmd_pfn_phys = pae_pmd_pfn_phys,
};
