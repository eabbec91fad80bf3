// SPDX-License-Identifier: GPL-2.0-only
/*
 * The hardware page-table walker (src/hw/mmu.c).  Every test builds its
 * tables by hand in simulated RAM and asserts the exact translation,
 * permissions, globalness and the list of descriptor reads.
 */
#include <criterion/criterion.h>
#include <setjmp.h>
#include <stdio.h>

#include "base/panic.h"
#include "hw/mmu.h"
#include "hw/ram.h"

#define RAM_64M (64ull << 20)
#define RAM_256M (256ull << 20)
#define RAM_16G (16ull << 30)

#define RWX (PERM_R | PERM_W | PERM_X)
#define URWX (PERM_R | PERM_W | PERM_U | PERM_X)
#define URX (PERM_R | PERM_U | PERM_X)

/* ARM short-descriptor bits, spelled out as the ARM ARM draws them. */
#define L1_TABLE 0x1u
#define L1_SECT 0x2u
#define L1_SECT_BIT4 (1u << 4)	/* XN on v6+, "should be one" on v5 */
#define L1_SECT_AP(ap) ((u32)(ap) << 10)
#define L1_SECT_APX (1u << 15)
#define L1_SECT_NG (1u << 17)
#define L1_SECT_SUPER (1u << 18)
#define L2_LARGE 0x1u
#define L2_SMALL 0x2u
#define L2_XN 0x1u
#define L2_AP(ap) ((u32)(ap) << 4)
#define L2_APX (1u << 9)
#define L2_NG (1u << 11)

/* ARM long-descriptor bits. */
#define LD_BLOCK 0x1ull
#define LD_TABLE 0x3ull	/* a page at level 3 */
#define LD_USER (1ull << 6)
#define LD_RDONLY (1ull << 7)
#define LD_AF (1ull << 10)
#define LD_NG (1ull << 11)
#define LD_XN (1ull << 54)

/* x86 PAE bits. */
#define X_P 0x1ull
#define X_RW 0x2ull
#define X_US 0x4ull
#define X_PS 0x80ull
#define X_G 0x100ull
#define X_PAT 0x1000ull	/* PAT bit of a 2 MiB PDE */
#define X_XD (1ull << 63)

static struct ram ram;

static void ram_setup(phys_addr_t base, u64 size)
{
	cr_assert_eq(ram_init(&ram, base, size, 1), 0);
}

/* Assert that @w lists exactly the @n descriptor reads in @want. */
static void assert_reads(const struct mmu_walk *w, u32 n,
			 const phys_addr_t *want)
{
	cr_assert_eq(w->reads, n, "reads %u, want %u", w->reads, n);
	for (u32 i = 0; i < n; i++)
		cr_assert_eq(w->read_pa[i], want[i],
			     "read %u at %#llx, want %#llx", i,
			     (unsigned long long)w->read_pa[i],
			     (unsigned long long)want[i]);
}

#define ASSERT_READS(w, ...)                                          \
	do {                                                          \
		const phys_addr_t want_[] = { __VA_ARGS__ };          \
		assert_reads((w), ARRAY_SIZE(want_), want_);          \
	} while (0)

/* Assert the leaf that a successful walk found. */
static void assert_leaf(const struct mmu_walk *w, phys_addr_t pa, u32 shift,
			u8 perm, bool global)
{
	cr_assert_eq(w->pa, pa, "pa %#llx, want %#llx",
		     (unsigned long long)w->pa, (unsigned long long)pa);
	cr_assert_eq(w->page_shift, shift, "page_shift %u, want %u",
		     w->page_shift, shift);
	cr_assert_eq(w->perm, perm, "perm %#x, want %#x", w->perm, perm);
	cr_assert_eq(w->global, global, "global %d, want %d", w->global,
		     global);
}

static struct mmu_regs arm_short(bool v6, phys_addr_t ttbr0)
{
	return (struct mmu_regs){
		.format = MMU_ARM_SHORT,
		.armv6_plus = v6,
		.ttbr0 = ttbr0,
	};
}

static struct mmu_regs lpae(u8 t0sz, u8 t1sz, phys_addr_t ttbr0,
			    phys_addr_t ttbr1)
{
	return (struct mmu_regs){
		.format = MMU_ARM_LPAE,
		.armv6_plus = true,
		.ttbr0 = ttbr0,
		.ttbr1 = ttbr1,
		.t0sz = t0sz,
		.t1sz = t1sz,
	};
}

static struct mmu_regs pae(phys_addr_t cr3)
{
	return (struct mmu_regs){ .format = MMU_X86_PAE, .cr3 = cr3 };
}

/* panic() hook: remember the message and jump back into the test. */
static jmp_buf panic_jmp;
static char panic_msg[256];

static void catch_panic(const char *msg)
{
	snprintf(panic_msg, sizeof(panic_msg), "%s", msg);
	longjmp(panic_jmp, 1);
}

/* ---- ARM short descriptors ---- */

Test(mmu, arm_section_v5)
{
	struct mmu_regs regs = arm_short(false, 0x4000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* va 0xc0000000 -> L1 index 0xc00 -> 0x4000 + 4 * 0xc00 */
	ram_write32(&ram, 0x7000,
		    0x00100000 | L1_SECT_AP(1) | L1_SECT_BIT4 | L1_SECT);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0012345, &w), MMU_OK);
	assert_leaf(&w, 0x00112345, 20, RWX, true);
	ASSERT_READS(&w, 0x7000);
	ram_exit(&ram);
}

Test(mmu, arm_section_v6_xn_ng_apx)
{
	struct mmu_regs regs = arm_short(true, 0x4000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write32(&ram, 0x7000,
		    0x02300000 | L1_SECT_NG | L1_SECT_APX | L1_SECT_AP(2) |
			    L1_SECT_BIT4 | L1_SECT);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0054321, &w), MMU_OK);
	assert_leaf(&w, 0x02354321, 20, PERM_R | PERM_U, false);
	ASSERT_READS(&w, 0x7000);

	/* The same section without XN, APX and nG. */
	ram_write32(&ram, 0x7000, 0x02300000 | L1_SECT_AP(3) | L1_SECT);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0054321, &w), MMU_OK);
	assert_leaf(&w, 0x02354321, 20, URWX, true);
	ram_exit(&ram);
}

/* A BeagleBone-like bank at 0x80000000: tables and pages above 2 GiB. */
Test(mmu, arm_beaglebone_bank)
{
	struct mmu_regs regs = arm_short(true, 0x80004000);
	struct mmu_walk w;

	ram_setup(0x80000000, RAM_256M);
	/* Lowmem section as Linux maps kernel data: AP = 01, XN. */
	ram_write32(&ram, 0x80007000,
		    0x80100000 | L1_SECT_AP(1) | L1_SECT_BIT4 | L1_SECT);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0023456, &w), MMU_OK);
	assert_leaf(&w, 0x80123456, 20, PERM_R | PERM_W, true);
	ASSERT_READS(&w, 0x80007000);

	/* A user text page: read-only for both, not global. */
	ram_write32(&ram, 0x80004000, 0x80008000 | L1_TABLE);
	ram_write32(&ram, 0x80008020,
		    0x8abcd000 | L2_NG | L2_APX | L2_AP(2) | L2_SMALL);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x00008abc, &w), MMU_OK);
	assert_leaf(&w, 0x8abcdabc, 12, URX, false);
	ASSERT_READS(&w, 0x80004000, 0x80008020);
	ram_exit(&ram);
}

/*
 * One small-page descriptor, two readings: bits [11:4] = 0xaa are four
 * subpage APs of 0b10 on ARMv5, but AP = 0b10, TEX, APX = 1 and nG = 1 on
 * ARMv6+, where type 0b11 also means XN.
 */
Test(mmu, arm_small_page_v5_vs_v6)
{
	struct mmu_regs v5 = arm_short(false, 0x4000);
	struct mmu_regs v6 = arm_short(true, 0x4000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* Domain 15 in bits [8:5] does not matter: domains are clients. */
	ram_write32(&ram, 0x4004, 0x8000 | 0x1e0 | L1_TABLE);
	ram_write32(&ram, 0x808c, 0x01234000 | 0xaa0 | L2_SMALL | L2_XN);

	cr_assert_eq(mmu_walk(&ram, &v5, 0x00123456, &w), MMU_OK);
	assert_leaf(&w, 0x01234456, 12,
		    PERM_R | PERM_W | PERM_U | PERM_UW_DENY | PERM_X, true);
	ASSERT_READS(&w, 0x4004, 0x808c);

	cr_assert_eq(mmu_walk(&ram, &v6, 0x00123456, &w), MMU_OK);
	assert_leaf(&w, 0x01234456, 12, PERM_R | PERM_U, false);
	ASSERT_READS(&w, 0x4004, 0x808c);
	ram_exit(&ram);
}

/* Expected rights for [APX][AP], executable unless no access. */
static const u8 arm_ap_want[2][4] = {
	{ 0, RWX, URWX | PERM_UW_DENY, URWX },
	{ 0, PERM_R | PERM_X, URX, URX },
};

Test(mmu, arm_ap_every_combination_v6)
{
	struct mmu_regs regs = arm_short(true, 0x4000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write32(&ram, 0x4000, 0x8000 | L1_TABLE);
	for (u32 apx = 0; apx < 2; apx++) {
		for (u32 ap = 0; ap < 4; ap++) {
			u8 want = arm_ap_want[apx][ap];

			ram_write32(&ram, 0x7000,
				    0x00400000 | (apx ? L1_SECT_APX : 0) |
					    L1_SECT_AP(ap) | L1_SECT);
			cr_assert_eq(mmu_walk(&ram, &regs, 0xc0000000, &w),
				     MMU_OK);
			cr_assert_eq(w.perm, want, "section APX %u AP %u: %#x",
				     apx, ap, w.perm);

			ram_write32(&ram, 0x8000,
				    0x00400000 | (apx ? L2_APX : 0) |
					    L2_AP(ap) | L2_SMALL);
			cr_assert_eq(mmu_walk(&ram, &regs, 0x00000000, &w),
				     MMU_OK);
			cr_assert_eq(w.perm, want, "page APX %u AP %u: %#x",
				     apx, ap, w.perm);
		}
	}
	ram_exit(&ram);
}

/* ARMv5: AP replicated into all four subpages, as Linux writes it. */
Test(mmu, arm_ap_every_combination_v5)
{
	struct mmu_regs regs = arm_short(false, 0x4000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write32(&ram, 0x4000, 0x8000 | L1_TABLE);
	for (u32 ap = 0; ap < 4; ap++) {
		u8 want = arm_ap_want[0][ap];

		ram_write32(&ram, 0x7000,
			    0x00400000 | L1_SECT_AP(ap) | L1_SECT_BIT4 |
				    L1_SECT);
		cr_assert_eq(mmu_walk(&ram, &regs, 0xc0000000, &w), MMU_OK);
		cr_assert_eq(w.perm, want, "section AP %u: %#x", ap, w.perm);
		cr_assert(w.global);

		ram_write32(&ram, 0x8000,
			    0x00400000 | (ap * 0x55u) << 4 | L2_SMALL);
		cr_assert_eq(mmu_walk(&ram, &regs, 0x00000000, &w), MMU_OK);
		cr_assert_eq(w.perm, want, "page AP %u: %#x", ap, w.perm);
		cr_assert(w.global);
	}
	ram_exit(&ram);
}

Test(mmu, arm_perm_uw_deny)
{
	u8 perm = arm_ap_want[0][2];

	cr_assert(mmu_perm_ok(perm, PERM_R));
	cr_assert(mmu_perm_ok(perm, PERM_W));
	cr_assert(mmu_perm_ok(perm, PERM_U | PERM_R));
	cr_assert_not(mmu_perm_ok(perm, PERM_U | PERM_W));
	cr_assert(mmu_perm_ok(URWX, PERM_U | PERM_W));
	cr_assert_not(mmu_perm_ok(PERM_R | PERM_X, PERM_W));
}

Test(mmu, arm_first_level_faults)
{
	struct mmu_regs v5 = arm_short(false, 0x4000);
	struct mmu_regs v6 = arm_short(true, 0x4000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* 0b00: fault. */
	cr_assert_eq(mmu_walk(&ram, &v6, 0xc0000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x7000);
	/* 0b11: reserved (fine table on v5). */
	ram_write32(&ram, 0x7000, 0x00100000 | 0x3);
	cr_assert_eq(mmu_walk(&ram, &v6, 0xc0000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x7000);
	cr_assert_eq(mmu_walk(&ram, &v5, 0xc0000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x7000);
	/* Supersection on v6+; bit 18 is merely SBZ on v5. */
	ram_write32(&ram, 0x7000,
		    0x01000000 | L1_SECT_SUPER | L1_SECT_AP(1) | L1_SECT);
	cr_assert_eq(mmu_walk(&ram, &v6, 0xc0000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x7000);
	cr_assert_eq(mmu_walk(&ram, &v5, 0xc0000000, &w), MMU_OK);
	assert_leaf(&w, 0x01000000, 20, RWX, true);
	ram_exit(&ram);
}

Test(mmu, arm_second_level_faults)
{
	struct mmu_regs regs = arm_short(true, 0x4000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write32(&ram, 0x4004, 0x8400 | L1_TABLE);
	/* va 0x001ff000: L2 index 0xff, at 0x8400 + 0x3fc. */
	cr_assert_eq(mmu_walk(&ram, &regs, 0x001ff000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x4004, 0x87fc);
	/* Large pages are not used by Linux: a fault here. */
	ram_write32(&ram, 0x87fc, 0x00010000 | L2_AP(3) | L2_LARGE);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x001ff000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x4004, 0x87fc);
	ram_exit(&ram);
}

Test(mmu, arm_descriptor_outside_ram)
{
	struct mmu_regs regs = arm_short(true, 0x4000);
	struct mmu_regs beyond = arm_short(true, 0x08000000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* A coarse table at 0x3ffffc00, far above the 64 MiB bank. */
	ram_write32(&ram, 0x4000, 0x3ffffc00 | L1_TABLE);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x00000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x4000);
	/* TTBR0 itself outside RAM: nothing is read. */
	cr_assert_eq(mmu_walk(&ram, &beyond, 0x00000000, &w),
		     MMU_FAULT_TRANSLATION);
	cr_assert_eq(w.reads, 0);
	ram_exit(&ram);

	/* Below a bank that starts at 0x80000000. */
	ram_setup(0x80000000, RAM_256M);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0000000, &w),
		     MMU_FAULT_TRANSLATION);
	cr_assert_eq(w.reads, 0);
	ram_exit(&ram);
}

/* TTBR0 bits [13:0] are walk attributes (IRGN, S, RGN, NOS), not address. */
Test(mmu, arm_ttbr0_attribute_bits)
{
	struct mmu_regs regs = arm_short(true, 0x4000 | 0x5b);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write32(&ram, 0x7ffc, 0x00000000 | L1_SECT_AP(1) | L1_SECT);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xfff00ff0, &w), MMU_OK);
	assert_leaf(&w, 0x00000ff0, 20, RWX, true);
	ASSERT_READS(&w, 0x7ffc);
	ram_exit(&ram);
}

/* ---- ARM long descriptors (LPAE) ---- */

Test(mmu, lpae_three_levels_ttbr0)
{
	struct mmu_regs regs = lpae(0, 0, 0x10000, 0x20000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* va 0x4a5b6c7d: L1 index 1, L2 index 0x52, L3 index 0x1b6. */
	ram_write64(&ram, 0x10008, 0x11000 | LD_TABLE);
	ram_write64(&ram, 0x11290, 0x12000 | LD_TABLE);
	ram_write64(&ram, 0x12db0,
		    0x1234567000ull | LD_AF | LD_USER | LD_TABLE);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x4a5b6c7d, &w), MMU_OK);
	assert_leaf(&w, 0x1234567c7dull, 12, URWX, true);
	ASSERT_READS(&w, 0x10008, 0x11290, 0x12db0);
	ram_exit(&ram);
}

/* VMSPLIT_3G with LPAE: T1SZ = 2, TTBR1 maps 0xc0000000 up from level 2. */
Test(mmu, lpae_ttbr1_region_starts_at_level2)
{
	struct mmu_regs regs = lpae(0, 2, 0x10000, 0x20000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* va 0xc1234567: L2 index 9, L3 index 0x34. */
	ram_write64(&ram, 0x20048, 0x21000 | LD_TABLE);
	ram_write64(&ram, 0x211a0, 0x03000000ull | LD_XN | LD_NG | LD_AF |
					    LD_RDONLY | LD_TABLE);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc1234567, &w), MMU_OK);
	assert_leaf(&w, 0x03000567, 12, PERM_R, false);
	ASSERT_READS(&w, 0x20048, 0x211a0);

	/* Just below 0xc0000000 the walk goes through TTBR0, index 2. */
	cr_assert_eq(mmu_walk(&ram, &regs, 0xbfffffff, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x10010);
	ram_exit(&ram);
}

Test(mmu, lpae_2m_blocks)
{
	struct mmu_regs full = lpae(0, 0, 0x10000, 0x20000);
	struct mmu_regs split = lpae(0, 2, 0x10000, 0x20000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* va 0xc0345678: L1 index 3, L2 index 1, offset 0x145678. */
	ram_write64(&ram, 0x10018, 0x11000 | LD_TABLE);
	ram_write64(&ram, 0x11008, 0x123400000ull | LD_AF | LD_USER | LD_BLOCK);
	cr_assert_eq(mmu_walk(&ram, &full, 0xc0345678, &w), MMU_OK);
	assert_leaf(&w, 0x123545678ull, 21, URWX, true);
	ASSERT_READS(&w, 0x10018, 0x11008);

	/* Through TTBR1 the first read is already the level-2 block. */
	ram_write64(&ram, 0x20008, 0x200000000ull | LD_AF | LD_BLOCK);
	cr_assert_eq(mmu_walk(&ram, &split, 0xc0345678, &w), MMU_OK);
	assert_leaf(&w, 0x200145678ull, 21, RWX, true);
	ASSERT_READS(&w, 0x20008);
	ram_exit(&ram);
}

Test(mmu, lpae_1g_block)
{
	struct mmu_regs regs = lpae(0, 0, 0x10000, 0x20000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x10000, 0x140000000ull | LD_XN | LD_AF | LD_RDONLY |
					   LD_BLOCK);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x3abcdef0, &w), MMU_OK);
	assert_leaf(&w, 0x17abcdef0ull, 30, PERM_R, true);
	ASSERT_READS(&w, 0x10000);
	ram_exit(&ram);
}

Test(mmu, lpae_access_flag_clear)
{
	struct mmu_regs regs = lpae(0, 0, 0x10000, 0x20000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x10000, 0x40000000ull | LD_BLOCK);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x00001000, &w),
		     MMU_FAULT_ACCESS_FLAG);
	ASSERT_READS(&w, 0x10000);

	ram_write64(&ram, 0x10008, 0x11000 | LD_TABLE);
	ram_write64(&ram, 0x11000, 0x12000 | LD_TABLE);
	ram_write64(&ram, 0x12000, 0x00500000ull | LD_USER | LD_TABLE);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x40000000, &w),
		     MMU_FAULT_ACCESS_FLAG);
	ASSERT_READS(&w, 0x10008, 0x11000, 0x12000);
	ram_exit(&ram);
}

Test(mmu, lpae_invalid_at_each_level)
{
	struct mmu_regs regs = lpae(0, 0, 0x10000, 0x20000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* Level 1: 0b00, then 0b10. */
	cr_assert_eq(mmu_walk(&ram, &regs, 0x40000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x10008);
	ram_write64(&ram, 0x10008, 0x11000 | 0x2);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x40000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x10008);
	/* Level 2: 0b10. */
	ram_write64(&ram, 0x10008, 0x11000 | LD_TABLE);
	ram_write64(&ram, 0x11000, 0x12000 | LD_AF | 0x2);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x40000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x10008, 0x11000);
	/* Level 3: 0b00, then 0b01, which is reserved there. */
	ram_write64(&ram, 0x11000, 0x12000 | LD_TABLE);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x40000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x10008, 0x11000, 0x12000);
	ram_write64(&ram, 0x12000, 0x00500000ull | LD_AF | LD_BLOCK);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x40000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x10008, 0x11000, 0x12000);
	ram_exit(&ram);
}

/* T0SZ = 1, T1SZ = 0: TTBR0 maps the low 2 GiB, TTBR1 the rest. */
Test(mmu, lpae_t0sz_split)
{
	struct mmu_regs regs = lpae(1, 0, 0x10000, 0x20000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x10008, 0x40000000ull | LD_AF | LD_BLOCK);
	ram_write64(&ram, 0x20010, 0x800000000ull | LD_AF | LD_BLOCK);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x7ffff123, &w), MMU_OK);
	assert_leaf(&w, 0x7ffff123, 30, RWX, true);
	ASSERT_READS(&w, 0x10008);
	/* TTBR1's table is indexed by va[31:30] as for a 4 GiB region. */
	cr_assert_eq(mmu_walk(&ram, &regs, 0x80000456, &w), MMU_OK);
	assert_leaf(&w, 0x800000456ull, 30, RWX, true);
	ASSERT_READS(&w, 0x20010);
	ram_exit(&ram);
}

/* T0SZ = T1SZ = 2: [1 GiB, 3 GiB) belongs to neither TTBR. */
Test(mmu, lpae_gap_between_regions)
{
	struct mmu_regs regs = lpae(2, 2, 0x10000, 0x20000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x40000000, &w),
		     MMU_FAULT_TRANSLATION);
	cr_assert_eq(w.reads, 0);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xbfffffff, &w),
		     MMU_FAULT_TRANSLATION);
	cr_assert_eq(w.reads, 0);
	/* Top of TTBR0's 1 GiB: level-2 index 0x1ff. */
	ram_write64(&ram, 0x10ff8, 0x00e00000ull | LD_AF | LD_BLOCK);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x3fffffff, &w), MMU_OK);
	assert_leaf(&w, 0x00ffffff, 21, RWX, true);
	ASSERT_READS(&w, 0x10ff8);
	ram_exit(&ram);
}

/* The ASID in TTBR bits [55:48] is not part of the table address. */
Test(mmu, lpae_ttbr_asid_ignored)
{
	struct mmu_regs regs = lpae(0, 0, (7ull << 48) | 0x10000, 0);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x10018, 0xc0000000ull | LD_NG | LD_AF | LD_BLOCK);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0000004, &w), MMU_OK);
	assert_leaf(&w, 0xc0000004ull, 30, RWX, false);
	ASSERT_READS(&w, 0x10018);
	ram_exit(&ram);
}

Test(mmu, lpae_tables_above_4g)
{
	struct mmu_regs regs = lpae(0, 0, 0x300000000ull, 0);
	struct mmu_walk w;

	ram_setup(0, RAM_16G);
	ram_write64(&ram, 0x300000018ull, 0x340000000ull | LD_TABLE);
	ram_write64(&ram, 0x340000000ull, 0x340001000ull | LD_TABLE);
	ram_write64(&ram, 0x340001008ull, 0x3ffffe000ull | LD_AF | LD_TABLE);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0001abc, &w), MMU_OK);
	assert_leaf(&w, 0x3ffffeabcull, 12, RWX, true);
	ASSERT_READS(&w, 0x300000018ull, 0x340000000ull, 0x340001008ull);
	ram_exit(&ram);
}

Test(mmu, lpae_descriptor_outside_ram)
{
	struct mmu_regs regs = lpae(0, 0, 0x10000, 0);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x10000, 0x1000000000ull | LD_TABLE);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x00000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x10000);
	ram_exit(&ram);
}

/* ---- x86 PAE ---- */

Test(mmu, pae_4k_page)
{
	struct mmu_regs regs = pae(0x3000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* va 0xc0801234: PDPT index 3, PD index 4, PT index 1. */
	ram_write64(&ram, 0x3018, 0x4000 | X_P);
	ram_write64(&ram, 0x4020, 0x5000 | X_US | X_RW | X_P);
	ram_write64(&ram, 0x5008, 0x340000000ull | X_G | X_RW | X_P);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0801234, &w), MMU_OK);
	assert_leaf(&w, 0x340000234ull, 12, RWX, true);
	ASSERT_READS(&w, 0x3018, 0x4020, 0x5008);
	ram_exit(&ram);
}

Test(mmu, pae_2m_page)
{
	struct mmu_regs regs = pae(0x3000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x3018, 0x4000 | X_P);
	/* The PAT bit (12) of a 2 MiB PDE is not address. */
	ram_write64(&ram, 0x4020, 0x123400000ull | X_PAT | X_PS | X_US |
					  X_RW | X_P);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc0801234, &w), MMU_OK);
	assert_leaf(&w, 0x123401234ull, 21, URWX, false);
	ASSERT_READS(&w, 0x3018, 0x4020);

	ram_write64(&ram, 0x4020, 0x123400000ull | X_G | X_PS | X_P);
	cr_assert_eq(mmu_walk(&ram, &regs, 0xc09fffff, &w), MMU_OK);
	assert_leaf(&w, 0x1235fffffull, 21, PERM_R | PERM_X, true);
	ram_exit(&ram);
}

/* Writable / user only when both the PDE and the PTE say so. */
Test(mmu, pae_rw_us_across_levels)
{
	static const u64 flags[] = { 0, X_RW, X_US, X_RW | X_US };
	struct mmu_regs regs = pae(0x3000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x3000, 0x4000 | X_P);
	for (u32 i = 0; i < ARRAY_SIZE(flags); i++) {
		for (u32 j = 0; j < ARRAY_SIZE(flags); j++) {
			u64 both = flags[i] & flags[j];
			u8 want = PERM_R | PERM_X | (both & X_RW ? PERM_W : 0) |
				  (both & X_US ? PERM_U : 0);

			ram_write64(&ram, 0x4000, 0x5000 | flags[i] | X_P);
			ram_write64(&ram, 0x5000, 0x9000 | flags[j] | X_P);
			cr_assert_eq(mmu_walk(&ram, &regs, 0x00000010, &w),
				     MMU_OK);
			cr_assert_eq(w.perm, want, "pde %#llx pte %#llx: %#x",
				     (unsigned long long)flags[i],
				     (unsigned long long)flags[j], w.perm);
			cr_assert_eq(w.pa, 0x9010);
		}
	}
	ram_exit(&ram);
}

/* G counts on the leaf only; XD is not interpreted (no NX on a P6). */
Test(mmu, pae_global_and_xd)
{
	struct mmu_regs regs = pae(0x3000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x3000, 0x4000 | X_P);
	ram_write64(&ram, 0x4000, 0x5000 | X_G | X_RW | X_P);
	ram_write64(&ram, 0x5000, 0x9000 | X_RW | X_P);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x00000000, &w), MMU_OK);
	assert_leaf(&w, 0x9000, 12, RWX, false);

	ram_write64(&ram, 0x4000, 0x5000 | X_RW | X_P);
	ram_write64(&ram, 0x5000, X_XD | 0x9000 | X_G | X_P);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x00000000, &w), MMU_OK);
	assert_leaf(&w, 0x9000, 12, PERM_R | PERM_X, true);
	ram_exit(&ram);
}

Test(mmu, pae_not_present_at_each_level)
{
	struct mmu_regs regs = pae(0x3000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	/* A PDPTE with an address but no P bit. */
	ram_write64(&ram, 0x3008, 0x4000);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x40000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x3008);

	ram_write64(&ram, 0x3008, 0x4000 | X_P);
	ram_write64(&ram, 0x4ff8, 0x5000 | X_RW);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x7ffff000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x3008, 0x4ff8);

	ram_write64(&ram, 0x4ff8, 0x5000 | X_RW | X_P);
	ram_write64(&ram, 0x5ff8, 0x9000 | X_RW);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x7ffff000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x3008, 0x4ff8, 0x5ff8);
	ram_exit(&ram);
}

/* NUMA-Q sized RAM: page tables themselves above 4 GiB. */
Test(mmu, pae_tables_above_4g)
{
	struct mmu_regs regs = pae(0x3000 | 0x18);	/* PWT, PCD */
	struct mmu_walk w;

	ram_setup(0, RAM_16G);
	ram_write64(&ram, 0x3000, 0x340000000ull | X_P);
	ram_write64(&ram, 0x340000008ull, 0x340001000ull | X_US | X_RW | X_P);
	ram_write64(&ram, 0x340001010ull,
		    0x3ffffe000ull | X_US | X_RW | X_P);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x00202fed, &w), MMU_OK);
	assert_leaf(&w, 0x3ffffefedull, 12, URWX, false);
	ASSERT_READS(&w, 0x3000, 0x340000008ull, 0x340001010ull);
	ram_exit(&ram);
}

Test(mmu, pae_descriptor_outside_ram)
{
	struct mmu_regs regs = pae(0x3000);
	struct mmu_regs beyond = pae(0x08000000);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	ram_write64(&ram, 0x3000, 0x800000000ull | X_P);
	cr_assert_eq(mmu_walk(&ram, &regs, 0x00000000, &w),
		     MMU_FAULT_TRANSLATION);
	ASSERT_READS(&w, 0x3000);
	cr_assert_eq(mmu_walk(&ram, &beyond, 0x00000000, &w),
		     MMU_FAULT_TRANSLATION);
	cr_assert_eq(w.reads, 0);
	ram_exit(&ram);
}

/* ---- broken invariants ---- */

Test(mmu, unknown_format_panics)
{
	struct mmu_regs regs = { .format = (enum mmu_format)3 };
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	set_panic_hook(catch_panic);
	if (!setjmp(panic_jmp)) {
		mmu_walk(&ram, &regs, 0, &w);
		cr_assert_fail("mmu_walk returned");
	}
	set_panic_hook(NULL);
	cr_assert_str_eq(panic_msg, "mmu_walk: unknown table format 3");
	ram_exit(&ram);
}

Test(mmu, lpae_bad_tsz_panics)
{
	struct mmu_regs regs = lpae(8, 0, 0x10000, 0);
	struct mmu_walk w;

	ram_setup(0, RAM_64M);
	set_panic_hook(catch_panic);
	if (!setjmp(panic_jmp)) {
		mmu_walk(&ram, &regs, 0, &w);
		cr_assert_fail("mmu_walk returned");
	}
	set_panic_hook(NULL);
	cr_assert_str_eq(panic_msg,
			 "lpae_select_ttbr: T0SZ 8 T1SZ 0 do not fit TTBCR");
	ram_exit(&ram);
}
