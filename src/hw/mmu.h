/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The hardware page-table walker.  Three table formats:
 *
 *  - MMU_ARM_SHORT: ARMv5/v7 short descriptors.  A 16 KiB first-level table
 *    of 4096 word entries (fault, coarse table pointer, 1 MiB section) and
 *    1 KiB coarse second-level tables of 256 word entries (fault, small
 *    page).  ARMv5 small pages carry AP in bits [5:4] (replicated in the
 *    subpage fields) and are always global; ARMv6+ "extended small pages"
 *    add XN (bit 0), APX (bit 9) and nG (bit 11).  Only TTBR0 is used (TTBCR.N
 *    = 0), as Linux does for the classic ARM kernel.
 *  - MMU_ARM_LPAE: ARMv7 long descriptors, 64-bit entries, 40-bit output
 *    addresses, TTBR0/TTBR1 split by TTBCR.T0SZ/T1SZ, walks starting at level
 *    1 (1 GiB entries) or level 2 for a region of 1 GiB or less; blocks of
 *    1 GiB (level 1) and 2 MiB (level 2), pages at level 3.  AP[2:1] in bits
 *    [7:6], AF bit 10, nG bit 11.
 *  - MMU_X86_PAE: CR3 -> 4-entry PDPT -> 512-entry page directory (2 MiB
 *    pages with PS) -> 512-entry page table, 64-bit entries with P, R/W, U/S,
 *    PS and G bits, 36-bit physical addresses; CR0.WP is set, as Linux sets
 *    it, so supervisor writes honour read-only pages.
 *
 * The walker reads descriptors from RAM by physical address and charges
 * each read through the cache model (or straight to DRAM where the platform
 * says the walker does not look in the caches).
 */
#ifndef VMSPLIT_HW_MMU_H
#define VMSPLIT_HW_MMU_H

#include "base/types.h"

enum mmu_format {
	MMU_ARM_SHORT,
	MMU_ARM_LPAE,
	MMU_X86_PAE,
};

/* Permission bits of a translation (and of an access request). */
#define PERM_R 0x1u	/* readable by the kernel */
#define PERM_W 0x2u	/* writable (by whoever may read it) */
#define PERM_U 0x4u	/* reachable from user mode */
#define PERM_X 0x8u	/* executable */
/*
 * Writable by the kernel only: user writes fault.  ARM short descriptors
 * with APX = 0, AP = 0b10 (kernel read/write, user read-only: what ARMv5
 * Linux uses for user read-only pages) cannot be told with PERM_W alone;
 * the walker reports them as PERM_R | PERM_W | PERM_U | PERM_UW_DENY.
 */
#define PERM_UW_DENY 0x10u

/* Translation-control registers of one CPU. */
struct mmu_regs {
	enum mmu_format format;
	bool armv6_plus;	/* ARM short: extended small pages, nG, APX */
	phys_addr_t ttbr0;	/* ARM: table base for TTBR0 */
	phys_addr_t ttbr1;	/* ARM LPAE: table base for TTBR1 */
	u8 t0sz, t1sz;		/* ARM LPAE: TTBCR.T0SZ / T1SZ */
	phys_addr_t cr3;	/* x86 PAE: physical address of the PDPT */
	u8 asid;		/* current ASID (ARMv6+), 0 elsewhere */
};

/* What a successful walk found. */
struct mmu_walk {
	phys_addr_t pa;		/* physical address of the input VA */
	u32 page_shift;		/* 12, 20, 21 or 30 */
	u8 perm;		/* PERM_* */
	bool global;		/* not tagged with an ASID */
	/*
	 * The descriptor's C bit is clear: the access bypasses the caches
	 * (ARM short descriptors; under Linux's TEX remap a clear C is
	 * normal non-cacheable or device memory).  LPAE and x86 entries are
	 * always cacheable here: the kernel maps only normal memory
	 * write-back through them in the model.
	 */
	bool uncached;
	u32 reads;		/* descriptor reads performed */
	phys_addr_t read_pa[4];	/* their physical addresses, in order */
};

/* Why a walk failed. */
enum mmu_fault {
	MMU_OK = 0,
	MMU_FAULT_TRANSLATION,	/* no valid descriptor at some level */
	MMU_FAULT_ACCESS_FLAG,	/* LPAE descriptor with AF clear */
	MMU_FAULT_PERMISSION,	/* mapped, but not with the requested rights */
};

struct ram;

/**
 * mmu_walk - translate @va through the tables the registers point at
 * @ram: simulated RAM holding the tables
 * @regs: the CPU's translation registers
 * @va: the virtual address
 * @out: filled on success (and @out->reads/read_pa on failure too)
 *
 * Does no permission check and charges nothing: the caller charges the
 * descriptor reads listed in @out->read_pa and checks permissions.  A
 * descriptor whose address lies outside @ram is a translation fault; it is
 * not read, so it is not listed.
 * Return: MMU_OK, MMU_FAULT_TRANSLATION or MMU_FAULT_ACCESS_FLAG.
 */
enum mmu_fault mmu_walk(struct ram *ram, const struct mmu_regs *regs, u32 va,
			struct mmu_walk *out);

/*
 * Does a translation with @perm allow an access needing @want (PERM_*)?
 * PERM_UW_DENY withdraws PERM_W from user-mode requests (@want has PERM_U).
 */
static inline bool mmu_perm_ok(u8 perm, u8 want)
{
	if ((perm & PERM_UW_DENY) && (want & PERM_U))
		perm &= (u8)~PERM_W;
	return (perm & want) == want;
}

#endif
