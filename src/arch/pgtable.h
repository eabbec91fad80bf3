/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Page-table entries as the kernel sees them, for the three formats
 * (arch/arm/include/asm/pgtable{,-2level,-3level}.h,
 * arch/x86/include/asm/pgtable{,-3level}.h).
 *
 * A pte_t holds the Linux PTE value: on ARM 2-level that is the Linux
 * entry, whose hardware twin set_pte_ext() writes 2048 bytes further on; on
 * LPAE and x86 PAE it is the hardware descriptor itself.  A PTE slot is
 * named by the kernel virtual address of its Linux entry (a vaddr_t), so
 * every software PTE access is a real load or store through the MMU -- that
 * is what makes HIGHPTE cost what it costs.
 */
#ifndef VMSPLIT_ARCH_PGTABLE_H
#define VMSPLIT_ARCH_PGTABLE_H

#include "base/types.h"

typedef struct {
	u64 pte;
} pte_t;

/* Architecture-neutral protection bits; each format encodes them. */
typedef struct {
	u32 flags;
} pgprot_t;

#define _PROT_PRESENT 0x01u
#define _PROT_WRITE 0x02u
#define _PROT_USER 0x04u
#define _PROT_EXEC 0x08u
#define _PROT_GLOBAL 0x10u	/* kernel mappings */
#define _PROT_YOUNG 0x20u	/* accessed (ARM: else no hw entry) */
#define _PROT_DIRTY 0x40u
/*
 * PROT_NONE (protection_map[0], PAGE_NONE): present to Linux (pte_present,
 * the zap, the rmap), no access at all in hardware -- x86's
 * _PAGE_PROTNONE with _PAGE_PRESENT clear, ARM's L_PTE_NONE, for which
 * cpu_v7_set_pte_ext writes no hardware entry (2-level) or clears the
 * valid bit (LPAE).  Never with _PROT_USER, _PROT_WRITE or _PROT_EXEC.
 */
#define _PROT_NONE 0x80u
/*
 * ARM 2-level only: L_PTE_MT_BUFFERABLE in place of the write-back memory
 * type -- cacheable off, write buffer on -- which make_coherent
 * (arch/arm/mm/fault-armv.c, shared_pte_mask) gives the shared mappings of
 * a page-cache page that one mm maps twice on a VIVT cache.  Kept by
 * pte_mkyoung, pte_mkdirty, pte_wrprotect and pte_modify, as Linux's keep
 * the L_PTE_MT bits.
 */
#define _PROT_UNCACHED 0x100u

#define PAGE_KERNEL                                                    \
	((pgprot_t){ _PROT_PRESENT | _PROT_WRITE | _PROT_GLOBAL |      \
		     _PROT_YOUNG | _PROT_DIRTY })
#define PAGE_KERNEL_EXEC                                               \
	((pgprot_t){ PAGE_KERNEL.flags | _PROT_EXEC })
/* User mappings: young at fault time; writable and dirty as the fault
 * decides. */
#define PAGE_USER_BASE ((pgprot_t){ _PROT_PRESENT | _PROT_USER | _PROT_YOUNG })
/* kmap_prot: the protection of pkmap and fixmap kmaps. */
#define kmap_prot PAGE_KERNEL

struct pgtable_ops {
	const char *name;
	u32 pte_size;			/* bytes per Linux PTE */
	pte_t (*pfn_pte)(unsigned long pfn, pgprot_t prot);
	unsigned long (*pte_pfn)(pte_t pte);
	bool (*pte_present)(pte_t pte);
	/* Store @pte at the slot @ptep (and its hw copy), with whatever
	 * cache maintenance the CPU's set_pte_ext does. */
	void (*set_pte)(vaddr_t ptep, pte_t pte);
	/*
	 * ARM 2-level only: set_pte for a kernel VA whose mapping is not
	 * global (the PTE window's, mm/pte_window.h) -- set_pte_ext with
	 * PTE_EXT_NG, which the Linux PTE has no bit for; NULL where
	 * pfn_pte encodes a prot without _PROT_GLOBAL itself.
	 */
	void (*set_pte_nonglobal)(vaddr_t ptep, pte_t pte);
	pte_t (*get_pte)(vaddr_t ptep);
	/* VA of the Linux PTE slot for kernel address @va (reads the pmd). */
	vaddr_t (*pte_offset_kernel)(vaddr_t va);
	/* Build swapper_pg_dir: lowmem direct map, PTE pages for the fixmap
	 * and pkmap windows; returns the table base for TTBR0/CR3. */
	phys_addr_t (*paging_init)(void);
	/* Point @cpu's MMU at swapper_pg_dir. */
	void (*cpu_switch_init)(u32 cpu, phys_addr_t pgd);
	/* The protection bits a PTE carries. */
	pgprot_t (*pte_pgprot)(pte_t pte);

	/*
	 * User page tables.  A "pmd" is the level that points at a PTE page
	 * and covers 2 MiB in every format (on ARM 2-level a pair of
	 * first-level entries).  pmdp is the kernel VA of that slot.
	 */
	/* pgd_alloc(): a new pgd with the kernel part copied from swapper. */
	phys_addr_t (*pgd_alloc)(void);
	void (*pgd_free)(phys_addr_t pgd);
	/* The pmd slot for @addr in @pgd; with @alloc, allocate a missing
	 * pmd table (LPAE); 0 when there is none.  It loads the pgd entry
	 * where there is one to load (PAE, LPAE). */
	vaddr_t (*pmd_offset)(phys_addr_t pgd, vaddr_t addr, bool alloc);
	/* log2 of the VA one pmd table maps: its pmd slots are consecutive
	 * (8 bytes each in every format) and one pmd_offset finds them all. */
	u32 pmd_table_shift;
	/* pfn of the PTE page the pmd points at; 0 if the pmd is none. */
	unsigned long (*pmd_pfn)(vaddr_t pmdp);
	/*
	 * Optional.  Does the pmd whose 8 bytes as stored are @entry point at
	 * a PTE page -- pmd_pfn()'s test, made on RAM uncharged -- so that
	 * free_pgtables can load a run of none pmds as one (kv_read_run).
	 * Without it each is loaded by pmd_pfn(), which costs the same.
	 */
	bool (*pmd_table_raw)(u64 entry);
	void (*pmd_populate)(vaddr_t pmdp, unsigned long pte_pfn);
	void (*pmd_clear)(vaddr_t pmdp);
	/* Uncharged (physical) lookup of the PTE page for @addr in @pgd,
	 * 0 if none: for the checkers. */
	unsigned long (*pmd_pfn_phys)(phys_addr_t pgd, vaddr_t addr);
};

extern const struct pgtable_ops *pgtable;
extern const struct pgtable_ops arm_2level_pgtable_ops;
extern const struct pgtable_ops arm_lpae_pgtable_ops;
extern const struct pgtable_ops x86_pae_pgtable_ops;

static inline pte_t pfn_pte(unsigned long pfn, pgprot_t prot)
{
	return pgtable->pfn_pte(pfn, prot);
}

static inline bool pte_none(pte_t pte)
{
	return pte.pte == 0;
}

static inline bool pte_present(pte_t pte)
{
	return pgtable->pte_present(pte);
}

static inline unsigned long pte_pfn(pte_t pte)
{
	return pgtable->pte_pfn(pte);
}

static inline pgprot_t pte_pgprot(pte_t pte)
{
	return pgtable->pte_pgprot(pte);
}

static inline bool pte_write(pte_t pte)
{
	return pte_pgprot(pte).flags & _PROT_WRITE;
}

static inline bool pte_dirty(pte_t pte)
{
	return pte_pgprot(pte).flags & _PROT_DIRTY;
}

static inline bool pte_young(pte_t pte)
{
	return pte_pgprot(pte).flags & _PROT_YOUNG;
}

static inline pte_t pte_modify_flags(pte_t pte, u32 set, u32 clear)
{
	pgprot_t p = pte_pgprot(pte);

	p.flags = (p.flags | set) & ~clear;
	return pfn_pte(pte_pfn(pte), p);
}

static inline pte_t pte_wrprotect(pte_t pte)
{
	return pte_modify_flags(pte, 0, _PROT_WRITE);
}

static inline pte_t pte_mkdirty(pte_t pte)
{
	return pte_modify_flags(pte, _PROT_DIRTY, 0);
}

static inline pte_t pte_mkwrite(pte_t pte)
{
	return pte_modify_flags(pte, _PROT_WRITE, 0);
}

static inline pte_t pte_mkyoung(pte_t pte)
{
	return pte_modify_flags(pte, _PROT_YOUNG, 0);
}

/*
 * pte_modify - @pte with the protection of @newprot: its pfn, young and
 * dirty bits kept (ARM's pte_modify replaces only XN, RDONLY, USER, NONE
 * and VALID; x86's keeps _PAGE_CHG_MASK, and newprot brings
 * _PAGE_ACCESSED).
 */
pte_t pte_modify(pte_t pte, pgprot_t newprot);

/* Byte offset of @addr's PTE inside its PTE page (pte_index * size). */
static inline u32 pte_offset_in_page(vaddr_t addr)
{
	return ((addr >> PAGE_SHIFT) & 511) * pgtable->pte_size;
}

/*
 * set_pte_at - store a PTE (counted as one pte_write event).
 * pte_clear - store an empty PTE.  ptep_get - load one.
 */
void set_pte_at(vaddr_t ptep, pte_t pte);
/* The PTE stored at physical address @pa, uncharged: for the checkers. */
pte_t pte_read_phys(phys_addr_t pa);
void pte_clear(vaddr_t ptep);
pte_t ptep_get(vaddr_t ptep);

static inline vaddr_t pte_offset_kernel(vaddr_t va)
{
	return pgtable->pte_offset_kernel(va);
}

/* The kernel's page tables (swapper_pg_dir), physical. */
extern phys_addr_t swapper_pg_dir;

/* Build the kernel page tables and load them on every CPU. */
void paging_init(void);

/* Physical address behind kernel VA @va via the MMU (charged lookup). */
phys_addr_t kv_to_phys(vaddr_t va);

/*
 * ARM: make the @len-byte table entry at kernel VA @ptep visible to the
 * walker, as the platform needs (flush_pte / clean_pmd_entry).
 */
void arm_flush_pte(vaddr_t ptep, u32 len);

/*
 * The 2 MiB-aligned kernel regions that need PTE pages at boot: the pkmap
 * window and the fixmap.  Returns how many were written to @regions.
 */
u32 kernel_pte_regions(u32 *regions, u32 max);

/* A zeroed, page-aligned boot allocation in lowmem (a page-table page). */
phys_addr_t early_pgtable_alloc(u32 size);

#endif
