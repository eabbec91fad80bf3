// SPDX-License-Identifier: GPL-2.0-only
/*
 * The hardware page-table walker: what the MMU does on a TLB miss, for the
 * three table formats described in mmu.h.  It reads descriptors from RAM by
 * physical address, lists every read so that the caller can charge it, and
 * stops at the first level where the hardware would take a fault.  It
 * decodes permissions but does not check them: the caller compares them with
 * the access (mmu_perm_ok()).
 */
#include "hw/mmu.h"

#include <string.h>

#include "base/panic.h"
#include "hw/ram.h"

#ifndef BIT
#define BIT(n) (1u << (n))
#endif
#ifndef BIT_ULL
#define BIT_ULL(n) (1ull << (n))
#endif
#ifndef GENMASK_ULL
/* Bits @h down to @l of a u64, set. */
#define GENMASK_ULL(h, l) ((~0ull >> (63 - (h))) & (~0ull << (l)))
#endif

/*
 * ARM short descriptors, named as in Linux's
 * arch/arm/include/asm/pgtable-2level-hwdef.h (ARM ARM v7-A B3.5.1).
 */
#define PMD_TYPE_MASK 0x3u
#define PMD_TYPE_TABLE 0x1u
#define PMD_TYPE_SECT 0x2u
#define PMD_SECT_XN BIT(4)	/* ARMv6+; "should be one" on ARMv5 */
#define PMD_SECT_AP_SHIFT 10	/* AP[1:0] */
#define PMD_SECT_APX BIT(15)	/* ARMv6+ */
#define PMD_SECT_nG BIT(17)	/* ARMv6+ */
#define PMD_SECT_SUPER BIT(18)	/* ARMv6+ */
#define PMD_SECT_BASE 0xfff00000u	/* bits [31:20] */
#define PMD_TABLE_BASE 0xfffffc00u	/* bits [31:10] */

#define PTE_TYPE_MASK 0x3u
#define PTE_TYPE_SMALL BIT(1)	/* 0b1x: small page; bit 0 is XN on v6+ */
#define PTE_EXT_XN BIT(0)	/* ARMv6+ */
#define ARM_DESC_CACHEABLE BIT(3)	/* C, in sections and small pages */
#define PTE_EXT_AP_SHIFT 4	/* AP[1:0]; AP1..AP3 subpages on ARMv5 */
#define PTE_EXT_APX BIT(9)	/* ARMv6+ */
#define PTE_EXT_NG BIT(11)	/* ARMv6+ */
#define PTE_SMALL_BASE 0xfffff000u	/* bits [31:12] */

#define ARM_TTBR0_BASE 0xffffc000u	/* TTBCR.N = 0: a 16 KiB table */
#define ARM_SECTION_SHIFT 20
#define ARM_PTRS_PER_PTE 256

/*
 * ARM long descriptors, after Linux's
 * arch/arm/include/asm/pgtable-3level-hwdef.h (ARM ARM v7-A B3.6.1).
 */
#define LPAE_TYPE_MASK 0x3ull
#define LPAE_TYPE_BLOCK 0x1ull	/* levels 1 and 2 only */
#define LPAE_TYPE_TABLE 0x3ull	/* a page at level 3 */
#define LPAE_AP_USER BIT_ULL(6)	/* AP[1] */
#define LPAE_AP_RDONLY BIT_ULL(7)	/* AP[2] */
#define LPAE_AF BIT_ULL(10)
#define LPAE_NG BIT_ULL(11)
#define LPAE_XN BIT_ULL(54)
#define LPAE_OA_MSB 39		/* 40-bit output addresses */
#define LPAE_TSZ_MAX 7		/* TTBCR.T0SZ and T1SZ are 3 bits wide */
#define LPAE_L1_SHIFT 30
#define LPAE_L2_SHIFT 21
#define LPAE_LEVEL_BITS 9	/* 512 entries per level-2/3 table */
#define LPAE_LAST_LEVEL 3

/*
 * x86 PAE entries, after Linux's _PAGE_* in
 * arch/x86/include/asm/pgtable_types.h (Intel SDM vol 3A §4.4.2).
 */
#define PAE_PRESENT BIT_ULL(0)
#define PAE_RW BIT_ULL(1)
#define PAE_USER BIT_ULL(2)
#define PAE_PSE BIT_ULL(7)
#define PAE_GLOBAL BIT_ULL(8)
#define PAE_PA_MSB 35		/* MAXPHYADDR = 36 */
#define PAE_CR3_PDPT 0xffffffe0ull	/* CR3[31:5]: PDPT below 4 GiB */
#define PAE_PDPT_SHIFT 30
#define PAE_PMD_SHIFT 21
#define PAE_PTRS 512

/* Note that the walk read the descriptor at @pa. */
static void mmu_note_read(struct mmu_walk *out, phys_addr_t pa)
{
	if (out->reads >= ARRAY_SIZE(out->read_pa))
		panic("mmu_note_read: more than %zu descriptor reads",
		      ARRAY_SIZE(out->read_pa));
	out->read_pa[out->reads++] = pa;
}

/*
 * Read the 32-bit descriptor at @pa into @desc and list the read.
 * Return: false, having read and listed nothing, if @pa is outside RAM.
 */
static bool mmu_fetch32(struct ram *ram, struct mmu_walk *out, phys_addr_t pa,
			u32 *desc)
{
	if (!ram_contains(ram, pa, sizeof(*desc)))
		return false;
	mmu_note_read(out, pa);
	*desc = ram_read32(ram, pa);
	return true;
}

/* As mmu_fetch32(), for a 64-bit descriptor. */
static bool mmu_fetch64(struct ram *ram, struct mmu_walk *out, phys_addr_t pa,
			u64 *desc)
{
	if (!ram_contains(ram, pa, sizeof(*desc)))
		return false;
	mmu_note_read(out, pa);
	*desc = ram_read64(ram, pa);
	return true;
}

/*
 * Record the translation of @va by a leaf of 2^@shift bytes whose output
 * address is @base (bits below @shift ignored).  Return: MMU_OK.
 */
static enum mmu_fault mmu_leaf(struct mmu_walk *out, phys_addr_t base, u32 va,
			       u32 shift, u8 perm, bool global)
{
	u64 offset_mask = BIT_ULL(shift) - 1;

	out->pa = (base & ~offset_mask) | (va & offset_mask);
	out->page_shift = shift;
	out->perm = perm;
	out->global = global;
	out->uncached = false;
	return MMU_OK;
}

/*
 * arm_ap_perm - the rights AP[1:0] and APX grant, for domain = client and
 * SCTLR.S = SCTLR.R = 0 (ARM ARM v7-A B3.7.1 with SCTLR.AFE = 0; ARMv5 has
 * no APX and behaves as APX = 0, ARM DDI 0100I chapter B4).  APX = 1 with
 * AP = 0b00 is reserved; we treat it as no access.  An instruction fetch
 * needs read access (B3.7.2), so a region nobody may read is never
 * executable; otherwise @xn alone takes PERM_X away.
 */
static u8 arm_ap_perm(u32 ap, bool apx, bool xn)
{
	static const u8 ap_perm[2][4] = {
		[0] = {
			[0] = 0,
			[1] = PERM_R | PERM_W,
			[2] = PERM_R | PERM_W | PERM_U | PERM_UW_DENY,
			[3] = PERM_R | PERM_W | PERM_U,
		},
		[1] = {
			[0] = 0,
			[1] = PERM_R,
			[2] = PERM_R | PERM_U,
			[3] = PERM_R | PERM_U,
		},
	};
	u8 perm = ap_perm[apx][ap & 0x3u];

	if (perm && !xn)
		perm |= PERM_X;
	return perm;
}

/*
 * arm_short_section - translate @va through the 1 MiB section descriptor
 * @l1 (ARM ARM v7-A B3.5.1).  On ARMv5 bit 4 must be one and bits 15, 17
 * and 18 are zero: there is no XN, APX, nG or supersection, and every
 * section is global.  Linux never builds supersections for the boards we
 * model, so one is a translation fault here.  C clear: uncached.
 */
static enum mmu_fault arm_short_section(const struct mmu_regs *regs, u32 l1,
					u32 va, struct mmu_walk *out)
{
	bool v6 = regs->armv6_plus;
	bool apx = v6 && (l1 & PMD_SECT_APX);
	bool xn = v6 && (l1 & PMD_SECT_XN);
	bool global = !v6 || !(l1 & PMD_SECT_nG);

	if (v6 && (l1 & PMD_SECT_SUPER))
		return MMU_FAULT_TRANSLATION;
	mmu_leaf(out, l1 & PMD_SECT_BASE, va, ARM_SECTION_SHIFT,
		 arm_ap_perm(l1 >> PMD_SECT_AP_SHIFT, apx, xn), global);
	out->uncached = !(l1 & ARM_DESC_CACHEABLE);
	return MMU_OK;
}

/*
 * arm_short_page - translate @va through the small-page descriptor @l2
 * (ARM ARM v7-A B3.5.1, "extended small page" on ARMv6+).  An ARMv5 small
 * page carries four subpage AP fields in bits [11:4]; Linux writes the same
 * value in all four, and a TLB entry maps the whole 4 KiB page, so we use
 * AP0 in bits [5:4] and ignore the others.  On ARMv5 bits 0, 9 and 11 are
 * therefore not XN, APX and nG.  C clear: uncached.
 */
static enum mmu_fault arm_short_page(const struct mmu_regs *regs, u32 l2,
				     u32 va, struct mmu_walk *out)
{
	bool v6 = regs->armv6_plus;
	bool apx = v6 && (l2 & PTE_EXT_APX);
	bool xn = v6 && (l2 & PTE_EXT_XN);
	bool global = !v6 || !(l2 & PTE_EXT_NG);

	mmu_leaf(out, l2 & PTE_SMALL_BASE, va, PAGE_SHIFT,
		 arm_ap_perm(l2 >> PTE_EXT_AP_SHIFT, apx, xn), global);
	out->uncached = !(l2 & ARM_DESC_CACHEABLE);
	return MMU_OK;
}

/*
 * arm_short_walk - the short-descriptor walk with TTBCR.N = 0 (ARM ARM v7-A
 * B3.5.5): a first-level entry from the 16 KiB table at TTBR0 indexed by
 * va[31:20], then for a coarse table a second-level entry indexed by
 * va[19:12].  First-level type 0b11 (a fine table on ARMv5, a PXN section
 * on ARMv7 with the LPAE extensions) and second-level large pages are not
 * used by Linux on these boards and fault.
 */
static enum mmu_fault arm_short_walk(struct ram *ram,
				     const struct mmu_regs *regs, u32 va,
				     struct mmu_walk *out)
{
	phys_addr_t l1_pa = (regs->ttbr0 & ARM_TTBR0_BASE) +
			    sizeof(u32) * (va >> ARM_SECTION_SHIFT);
	phys_addr_t l2_pa;
	u32 l1, l2;

	if (!mmu_fetch32(ram, out, l1_pa, &l1))
		return MMU_FAULT_TRANSLATION;
	if ((l1 & PMD_TYPE_MASK) == PMD_TYPE_SECT)
		return arm_short_section(regs, l1, va, out);
	if ((l1 & PMD_TYPE_MASK) != PMD_TYPE_TABLE)
		return MMU_FAULT_TRANSLATION;

	l2_pa = (l1 & PMD_TABLE_BASE) +
		sizeof(u32) * ((va >> PAGE_SHIFT) & (ARM_PTRS_PER_PTE - 1));
	if (!mmu_fetch32(ram, out, l2_pa, &l2))
		return MMU_FAULT_TRANSLATION;
	if (!(l2 & PTE_TYPE_SMALL))
		return MMU_FAULT_TRANSLATION;
	return arm_short_page(regs, l2, va, out);
}

/*
 * lpae_select_ttbr - the TTBR that translates @va, and the T?SZ of its
 * region (ARM ARM v7-A B3.6.4).  With T0SZ > 0 TTBR0 maps [0, 2^(32-T0SZ));
 * with T1SZ > 0 TTBR1 maps the top 2^(32-T1SZ) bytes; a size field of zero
 * gives its register everything the other one does not map (TTBR0 wins
 * when both are zero).
 * Return: false if @va falls in the gap between two sized regions.
 */
static bool lpae_select_ttbr(const struct mmu_regs *regs, u32 va,
			     phys_addr_t *ttbr, u32 *tsz)
{
	u32 t0 = regs->t0sz, t1 = regs->t1sz;

	if (t0 > LPAE_TSZ_MAX || t1 > LPAE_TSZ_MAX)
		panic("lpae_select_ttbr: T0SZ %u T1SZ %u do not fit TTBCR",
		      t0, t1);
	if (t1 && va >> (32 - t1) == BIT(t1) - 1) {
		*ttbr = regs->ttbr1;
		*tsz = t1;
	} else if (!t0 || va >> (32 - t0) == 0) {
		*ttbr = regs->ttbr0;
		*tsz = t0;
	} else if (!t1) {
		*ttbr = regs->ttbr1;
		*tsz = 0;
	} else {
		return false;
	}
	return true;
}

/*
 * lpae_leaf - translate @va through the block or page descriptor @desc that
 * maps 2^@shift bytes (ARM ARM v7-A B3.6.1; AP[2:1] per B3.7.1 with PL1
 * always granted read access).  PXN and the hierarchical APTable/XNTable
 * bits of table descriptors are ignored.
 * Return: MMU_FAULT_ACCESS_FLAG if AF is clear, else MMU_OK.
 */
static enum mmu_fault lpae_leaf(u64 desc, u32 va, u32 shift,
				struct mmu_walk *out)
{
	u8 perm = PERM_R;

	if (!(desc & LPAE_AF))
		return MMU_FAULT_ACCESS_FLAG;
	if (!(desc & LPAE_AP_RDONLY))
		perm |= PERM_W;
	if (desc & LPAE_AP_USER)
		perm |= PERM_U;
	if (!(desc & LPAE_XN))
		perm |= PERM_X;
	return mmu_leaf(out, desc & GENMASK_ULL(LPAE_OA_MSB, shift), va, shift,
			perm, !(desc & LPAE_NG));
}

/*
 * lpae_walk - the long-descriptor walk (ARM ARM v7-A B3.6.5).  A region of
 * more than 1 GiB (T?SZ 0 or 1) starts at level 1, indexed by the va bits
 * from bit 30 up to the top of the region; a smaller one starts at level 2,
 * indexed from bit 21 up.  Each level below consumes 9 bits.  The first
 * table is aligned to its own size, so the TTBR bits below that size (and
 * the ASID in bits [55:48]) are not part of its address.
 */
static enum mmu_fault lpae_walk(struct ram *ram, const struct mmu_regs *regs,
				u32 va, struct mmu_walk *out)
{
	phys_addr_t ttbr, table;
	u32 tsz, level, shift, bits;
	u64 desc;

	if (!lpae_select_ttbr(regs, va, &ttbr, &tsz))
		return MMU_FAULT_TRANSLATION;
	level = tsz <= 1 ? 1 : 2;
	shift = level == 1 ? LPAE_L1_SHIFT : LPAE_L2_SHIFT;
	bits = 32 - tsz - shift;
	table = ttbr & GENMASK_ULL(LPAE_OA_MSB, bits + 3);

	for (;;) {
		phys_addr_t pa = table + sizeof(u64) *
					 ((va >> shift) & (BIT(bits) - 1));

		if (!mmu_fetch64(ram, out, pa, &desc))
			return MMU_FAULT_TRANSLATION;
		if (level == LPAE_LAST_LEVEL)
			break;
		if ((desc & LPAE_TYPE_MASK) == LPAE_TYPE_BLOCK)
			return lpae_leaf(desc, va, shift, out);
		if ((desc & LPAE_TYPE_MASK) != LPAE_TYPE_TABLE)
			return MMU_FAULT_TRANSLATION;
		table = desc & GENMASK_ULL(LPAE_OA_MSB, PAGE_SHIFT);
		level++;
		shift -= LPAE_LEVEL_BITS;
		bits = LPAE_LEVEL_BITS;
	}
	/* At level 3 only 0b11 is valid: a page.  0b01 is reserved. */
	if ((desc & LPAE_TYPE_MASK) != LPAE_TYPE_TABLE)
		return MMU_FAULT_TRANSLATION;
	return lpae_leaf(desc, va, PAGE_SHIFT, out);
}

/*
 * Read the PAE entry at @pa into @entry and list the read.
 * Return: false if it is outside RAM or not present (P = 0).
 */
static bool pae_fetch_present(struct ram *ram, struct mmu_walk *out,
			      phys_addr_t pa, u64 *entry)
{
	return mmu_fetch64(ram, out, pa, entry) && (*entry & PAE_PRESENT);
}

/*
 * pae_leaf - translate @va through @leaf, a 4 KiB PTE under @pde or a 2 MiB
 * PDE (then @leaf == @pde).  With CR0.WP = 1 a page is writable, for the
 * kernel too, only if R/W is set at every level that has one, and
 * user-accessible only if U/S is (Intel SDM vol 3A §4.6.1); PAE PDPTEs have
 * neither bit.  The P6 has no execute-disable, so XD (bit 63) is not
 * interpreted and every page is executable.  G counts on the leaf only.
 */
static enum mmu_fault pae_leaf(u64 pde, u64 leaf, u32 va, u32 shift,
			       struct mmu_walk *out)
{
	u64 both = pde & leaf;
	u8 perm = PERM_R | PERM_X;

	if (both & PAE_RW)
		perm |= PERM_W;
	if (both & PAE_USER)
		perm |= PERM_U;
	return mmu_leaf(out, leaf & GENMASK_ULL(PAE_PA_MSB, shift), va, shift,
			perm, leaf & PAE_GLOBAL);
}

/*
 * pae_walk - the PAE walk (Intel SDM vol 3A §4.4.2): PDPTE indexed by
 * va[31:30] from the 32-byte PDPT at CR3, PDE by va[29:21], PTE by
 * va[20:12]; a PDE with PS maps a 2 MiB page.  A real CPU loads the four
 * PDPTEs into registers when CR3 is written (§4.4.1) and does not read
 * them again on a TLB miss; we list the PDPTE read all the same, so the
 * caller sees it and may choose not to charge it.
 */
static enum mmu_fault pae_walk(struct ram *ram, const struct mmu_regs *regs,
			       u32 va, struct mmu_walk *out)
{
	phys_addr_t pa = (regs->cr3 & PAE_CR3_PDPT) +
			 sizeof(u64) * (va >> PAE_PDPT_SHIFT);
	u64 pdpte, pde, pte;

	if (!pae_fetch_present(ram, out, pa, &pdpte))
		return MMU_FAULT_TRANSLATION;
	pa = (pdpte & GENMASK_ULL(PAE_PA_MSB, PAGE_SHIFT)) +
	     sizeof(u64) * ((va >> PAE_PMD_SHIFT) & (PAE_PTRS - 1));
	if (!pae_fetch_present(ram, out, pa, &pde))
		return MMU_FAULT_TRANSLATION;
	if (pde & PAE_PSE)
		return pae_leaf(pde, pde, va, PAE_PMD_SHIFT, out);
	pa = (pde & GENMASK_ULL(PAE_PA_MSB, PAGE_SHIFT)) +
	     sizeof(u64) * ((va >> PAGE_SHIFT) & (PAE_PTRS - 1));
	if (!pae_fetch_present(ram, out, pa, &pte))
		return MMU_FAULT_TRANSLATION;
	return pae_leaf(pde, pte, va, PAGE_SHIFT, out);
}

enum mmu_fault mmu_walk(struct ram *ram, const struct mmu_regs *regs, u32 va,
			struct mmu_walk *out)
{
	memset(out, 0, sizeof(*out));
	switch (regs->format) {
	case MMU_ARM_SHORT:
		return arm_short_walk(ram, regs, va, out);
	case MMU_ARM_LPAE:
		return lpae_walk(ram, regs, va, out);
	case MMU_X86_PAE:
		return pae_walk(ram, regs, va, out);
	}
	panic("mmu_walk: unknown table format %d", (int)regs->format);
}
