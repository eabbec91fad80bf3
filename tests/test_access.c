// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loads, stores and maintenance through a booted machine (src/hw/access.c):
 * the exact cycles and events of a TLB miss with its walk and of an L1/L2
 * miss on Kirkwood (walker reads DRAM) and NUMA-Q (walker reads through the
 * caches, PDPT held in registers), short counts and the fault record on a
 * bad address, the kernel oops, D-cache maintenance by range and by
 * set/way, TLB invalidation, the checkers that catch a missing TLB
 * flush and a page-table write the walker cannot see, and three shortcuts
 * that must not change an outcome: the L2 slot a dirty victim tries first,
 * the skipped host stores of zeros into unwritten frames, and the line
 * loop compiled for each board's cache shapes.
 *
 * Tests that count cycles first empty the TLB and both caches by reaching
 * into the hardware structures directly (uncharged), so that what they
 * measure does not depend on what boot happened to touch.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "hw/access.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

#define KIRKWOOD "kirkwood-openblocks-a7"

/* A lowmem page nothing at boot uses: 256 MiB into RAM. */
#define LOW_PA 0x10000000ull

/* Empty this CPU's TLB, L1 D-cache and outer cache, charging nothing. */
static void cold(void)
{
	struct cpu *c = this_cpu();

	tlb_inv_all(&c->tlb);
	cache_maint_all(&c->l1d, CACHE_INV, NULL, NULL);
	cache_maint_all(c->l2, CACHE_INV, NULL, NULL);
}

static const struct hw_costs *cost(void)
{
	return &machine->cfg.cost;
}

static void boot_kirkwood(void)
{
	TEST_BOOT(KIRKWOOD, "checks=y");
	cr_assert_eq(machine->cfg.walk, WALK_DRAM);
	cr_assert_eq(this_cpu()->l1d.kind, CACHE_VIVT);
}

Test(access, kirkwood_cold_lowmem_read)
{
	vaddr_t va;
	struct probe p;
	struct mmu_walk w;
	u64 want;

	boot_kirkwood();
	va = __va(LOW_PA);
	cr_assert_eq(va, 0xd0000000);
	/* Lowmem is one 1 MiB section: a walk reads one descriptor. */
	cr_assert_eq(hw_probe(this_cpu(), va, &w), MMU_OK);
	cr_assert_eq(w.page_shift, 20);
	cr_assert_eq(w.reads, 1);
	cr_assert_eq(w.read_pa[0], swapper_pg_dir + (va >> 20) * 4);
	cold();
	probe_take(&p);
	kv_read32(va);
	/* Walk: base + one descriptor from DRAM; data: L1 miss, L2 miss,
	 * line from (local) DRAM. */
	want = (u64)cost()->walk_base + cost()->walk_read_dram + cost()->dram;
	cr_assert_eq(want, 9 + 96 + 128);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, want,
		     "cycles %llu, want %llu",
		     (unsigned long long)(machine_elapsed_cycles() - p.cycles),
		     (unsigned long long)want);
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_hit), 0);
	cr_assert_eq(probe_ev(&p, EV_walk_read), 1);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_l1d_hit), 0);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_l2_hit), 0);
	/* One read for the descriptor, one for the line. */
	cr_assert_eq(probe_ev(&p, EV_dram_read), 2);
	cr_assert_eq(probe_ev(&p, EV_l1d_writeback), 0);
	test_shutdown();
}

Test(access, kirkwood_second_read_hits)
{
	vaddr_t va;
	struct probe p;

	boot_kirkwood();
	va = __va(LOW_PA);
	cold();
	kv_read32(va);
	probe_take(&p);
	/* Same line (another word of it): TLB hit, L1 hit. */
	kv_read32(va + 4);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, cost()->l1_hit);
	cr_assert_eq(probe_ev(&p, EV_tlb_hit), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 0);
	cr_assert_eq(probe_ev(&p, EV_walk_read), 0);
	cr_assert_eq(probe_ev(&p, EV_l1d_hit), 1);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 0);
	/* The next line misses L1 and L2 but not the TLB. */
	probe_take(&p);
	kv_read32(va + 32);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, cost()->dram);
	cr_assert_eq(probe_ev(&p, EV_tlb_hit), 1);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 1);
	test_shutdown();
}

Test(access, kirkwood_two_pages_one_section_walk)
{
	static u8 buf[2 * PAGE_SIZE];
	vaddr_t va;
	struct probe p;
	u32 lines = sizeof(buf) / 32;

	boot_kirkwood();
	va = __va(LOW_PA);
	cold();
	probe_take(&p);
	kv_read(va, buf, sizeof(buf));
	/*
	 * One walk for the section; the second page misses the host fast
	 * path but hits the architectural TLB.  8 KiB fits the 16 KiB L1,
	 * so 256 clean fills, no victim.
	 */
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_hit), 1);
	cr_assert_eq(probe_ev(&p, EV_walk_read), 1);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), lines);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), lines);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles,
		     (u64)cost()->walk_base + cost()->walk_read_dram +
			     lines * (u64)cost()->dram);
	test_shutdown();
}

Test(access, kirkwood_write_miss_does_not_allocate)
{
	vaddr_t va;
	struct probe p;

	boot_kirkwood();
	va = __va(LOW_PA);
	cold();
	probe_take(&p);
	kv_write32(va, 0x12345678);
	/*
	 * Neither Feroceon cache allocates on a write miss: the store is
	 * buffered (write_no_alloc) and goes on to DRAM, which costs
	 * nothing more: the line is written whole, nothing fetched.
	 */
	cr_assert_eq(machine_elapsed_cycles() - p.cycles,
		     (u64)cost()->walk_base + cost()->walk_read_dram +
			     cost()->write_no_alloc);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_dram_write), 1);
	cr_assert_eq(probe_ev(&p, EV_dram_read), 1); /* the descriptor */
	/* The data went to RAM. */
	cr_assert_eq(ram_read32(&machine->ram, LOW_PA), 0x12345678);
	/* A read now misses both levels (nothing was allocated). */
	probe_take(&p);
	cr_assert_eq(kv_read32(va), 0x12345678);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_l2_hit), 0);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, cost()->dram);
	test_shutdown();
}

Test(access, numaq_walk_reads_pde_only)
{
	struct cpu *c;
	vaddr_t va;
	struct probe p;
	struct mmu_walk w;

	TEST_BOOT("numaq-16", "checks=y");
	c = this_cpu();
	cr_assert_eq(machine->cfg.walk, WALK_L1);
	va = __va(LOW_PA);
	cr_assert_eq(va, 0xd0000000);
	/* The walker reads PDPTE then PDE: a 2 MiB PSE page. */
	cr_assert_eq(hw_probe(c, va, &w), MMU_OK);
	cr_assert_eq(w.page_shift, 21);
	cr_assert_eq(w.reads, 2);
	/* Everything here lives on CPU 0's node: local DRAM costs. */
	cr_assert_eq(c->node, 0);
	cr_assert_eq(ram_node(&machine->ram, w.read_pa[1]), 0);
	cr_assert_eq(ram_node(&machine->ram, LOW_PA), 0);
	cold();
	probe_take(&p);
	kv_read32(va);
	/* The PDPTEs sit in registers since the CR3 load: only the PDE is
	 * fetched, as a data load through L1 and L2. */
	cr_assert_eq(probe_ev(&p, EV_walk_read), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 2);
	cr_assert_eq(probe_ev(&p, EV_l2_miss), 2);
	cr_assert_eq(probe_ev(&p, EV_dram_read), 2);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles,
		     (u64)cost()->walk_base + 2 * (u64)cost()->dram);
	/* Second read: TLB hit, L1 hit. */
	probe_take(&p);
	kv_read32(va + 8);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, cost()->l1_hit);
	cr_assert_eq(probe_ev(&p, EV_tlb_hit), 1);
	cr_assert_eq(probe_ev(&p, EV_walk_read), 0);
	/* Another 4 KiB page of the same 2 MiB page: no walk either. */
	probe_take(&p);
	kv_read32(va + SZ_1M);
	cr_assert_eq(probe_ev(&p, EV_walk_read), 0);
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 0);
	/* The PDE line is now in L1: the next 2 MiB page's walk hits it. */
	probe_take(&p);
	kv_read32(va + SZ_2M);
	cr_assert_eq(probe_ev(&p, EV_walk_read), 1);
	cr_assert_eq(probe_ev(&p, EV_l1d_hit), 1);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles,
		     (u64)cost()->walk_base + cost()->l1_hit + cost()->dram);
	test_shutdown();
}

Test(access, hw_read_fault_record)
{
	struct cpu *c;
	u8 buf[8];

	boot_kirkwood();
	c = this_cpu();
	/* Nothing is mapped at 0x1000 in the kernel's tables. */
	cr_assert_eq(hw_read(c, 0x1000, buf, sizeof(buf), 0), sizeof(buf));
	cr_assert_eq(c->fault.va, 0x1000);
	cr_assert_eq(c->fault.kind, MMU_FAULT_TRANSLATION);
	cr_assert_not(c->fault.write);
	cr_assert_not(c->fault.user);
	cr_assert_eq(hw_write(c, 0x1ffc, buf, 4, 0), 4);
	cr_assert_eq(c->fault.va, 0x1ffc);
	cr_assert(c->fault.write);
	/* Lowmem from user mode: mapped, but kernel-only. */
	cr_assert_eq(hw_read(c, __va(LOW_PA), buf, 4, ACC_USER), 4);
	cr_assert_eq(c->fault.va, __va(LOW_PA));
	cr_assert_eq(c->fault.kind, MMU_FAULT_PERMISSION);
	cr_assert(c->fault.user);
	cr_assert_not(c->fault.write);
	/* And from kernel mode it works. */
	cr_assert_eq(hw_read(c, __va(LOW_PA), buf, 4, 0), 0);
	test_shutdown();
}

Test(access, short_count_at_end_of_lowmem)
{
	struct cpu *c;
	u8 buf[8] = { 0 };
	vaddr_t end;
	phys_addr_t last;
	u32 v;

	boot_kirkwood();
	c = this_cpu();
	/* high_memory starts the 8 MiB hole before vmalloc: unmapped. */
	end = layout.high_memory;
	cr_assert_eq(end, 0xef800000);
	last = __pa(end) - 4;
	ram_write32(&machine->ram, last, 0xcafef00d);
	cr_assert_eq(hw_read(c, end - 4, buf, sizeof(buf), 0), 4);
	cr_assert_eq(c->fault.va, end);
	memcpy(&v, buf, 4);
	cr_assert_eq(v, 0xcafef00d);
	/* The rest of @buf was not touched. */
	cr_assert_eq(buf[4], 0);
	/* A store does as much as it can too: bytes 0d f0 go to the last
	 * two bytes of lowmem, which then read 0d f0 0d f0. */
	cr_assert_eq(hw_write(c, end - 2, buf, sizeof(buf), 0), 6);
	cr_assert_eq(c->fault.va, end);
	cr_assert(c->fault.write);
	cr_assert_eq(ram_read32(&machine->ram, last), 0xf00df00d);
	test_shutdown();
}

Test(access, kv_read_unmapped_oopses)
{
	boot_kirkwood();
	EXPECT_PANIC("Unable to handle kernel paging request",
		     { kv_read32(0x1000); });
	cr_assert(strstr(test_panic_msg,
			 "virtual address 00001000 (read, translation fault)"),
		  "%s", test_panic_msg);
}

Test(access, kv_write_unmapped_oopses)
{
	boot_kirkwood();
	EXPECT_PANIC("Unable to handle kernel paging request",
		     { kv_write32(0xef800000, 1); });
	cr_assert(strstr(test_panic_msg,
			 "virtual address ef800000 (write, translation fault)"),
		  "%s", test_panic_msg);
}

Test(access, dcache_flush_range_counts_lines)
{
	struct cpu *c;
	struct probe p;
	u32 lines = PAGE_SIZE / 32;

	boot_kirkwood();
	c = this_cpu();
	cold();
	probe_take(&p);
	hw_dcache_op_va_range(c, __va(LOW_PA), PAGE_SIZE, CACHE_FLUSH);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_flushed), lines);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_cleaned), 0);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_invalidated), 0);
	/* Nothing dirty: only the per-line cost; VIVT needs no TLB. */
	cr_assert_eq(machine_elapsed_cycles() - p.cycles,
		     (u64)lines * cost()->dcache_line_op);
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 0);
	cr_assert_eq(probe_ev(&p, EV_l1d_writeback), 0);
	/* Clean and invalidate have their own counters; a range that
	 * straddles a line boundary covers both lines. */
	probe_take(&p);
	hw_dcache_op_va_range(c, __va(LOW_PA) + 0x10, 32, CACHE_CLEAN);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_cleaned), 2);
	hw_dcache_op_va_range(c, __va(LOW_PA) + 0x1f, 1, CACHE_INV);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_invalidated), 1);
	hw_dcache_op_va_range(c, __va(LOW_PA), 0, CACHE_FLUSH);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_flushed), 0);
	test_shutdown();
}

Test(access, dcache_flush_range_writes_back_dirty)
{
	struct cpu *c;
	struct probe p;
	vaddr_t va;
	u32 lines = PAGE_SIZE / 32;

	boot_kirkwood();
	c = this_cpu();
	va = __va(LOW_PA);
	cold();
	/* Read allocates the line in L1 (and L2); the write dirties it. */
	kv_read32(va + 64);
	kv_write32(va + 64, 7);
	cr_assert(cache_pa_dirty(&c->l1d, LOW_PA + 64));
	probe_take(&p);
	hw_dcache_op_va_range(c, va, PAGE_SIZE, CACHE_FLUSH);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_flushed), lines);
	cr_assert_eq(probe_ev(&p, EV_l1d_writeback), 1);
	/* The victim lands in L2, where the line still is. */
	cr_assert_eq(probe_ev(&p, EV_l2_hit), 1);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles,
		     (u64)lines * cost()->dcache_line_op +
			     cost()->l1_writeback);
	cr_assert_not(cache_pa_dirty(&c->l1d, LOW_PA + 64));
	cr_assert(cache_pa_dirty(c->l2, LOW_PA + 64));
	/* Flushed: the next read misses L1 and hits L2. */
	probe_take(&p);
	kv_read32(va + 64);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_l2_hit), 1);
	test_shutdown();
}

Test(access, dcache_op_all)
{
	struct cpu *c;
	struct probe p;
	u64 setway;

	boot_kirkwood();
	c = this_cpu();
	/* 128 sets x 4 ways x 3 cycles. */
	setway = (u64)c->l1d.sets * c->l1d.ways * cost()->dcache_setway_op;
	cr_assert_eq(setway, 1536);
	cold();
	probe_take(&p);
	hw_dcache_op_all(c, CACHE_FLUSH);
	cr_assert_eq(probe_ev(&p, EV_dcache_whole_flush), 1);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_flushed), 0);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, setway);
	/* Two dirty lines: two write-backs on top. */
	kv_read32(__va(LOW_PA));
	kv_read32(__va(LOW_PA) + 32);
	kv_write32(__va(LOW_PA), 1);
	kv_write32(__va(LOW_PA) + 32, 2);
	probe_take(&p);
	hw_dcache_op_all(c, CACHE_CLEAN);
	cr_assert_eq(probe_ev(&p, EV_dcache_whole_flush), 1);
	cr_assert_eq(probe_ev(&p, EV_l1d_writeback), 2);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles,
		     setway + 2 * (u64)cost()->l1_writeback);
	/* Clean keeps the lines. */
	probe_take(&p);
	kv_read32(__va(LOW_PA));
	cr_assert_eq(probe_ev(&p, EV_l1d_hit), 1);
	test_shutdown();
}

Test(access, tlb_inv_va_forces_a_walk)
{
	struct cpu *c;
	struct probe p;
	vaddr_t va;

	boot_kirkwood();
	c = this_cpu();
	va = __va(LOW_PA);
	cold();
	kv_read32(va);
	cr_assert_geq(tlb_lookup(&c->tlb, va, 0), 0);
	probe_take(&p);
	hw_tlb_inv_va(c, va);
	cr_assert_eq(tlb_lookup(&c->tlb, va, 0), -1);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local), 1);
	kv_read32(va);
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 1);
	cr_assert_eq(probe_ev(&p, EV_walk_read), 1);
	/* The data line is still in L1. */
	cr_assert_eq(probe_ev(&p, EV_l1d_hit), 1);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles,
		     (u64)cost()->tlb_inv_va + cost()->walk_base +
			     cost()->walk_read_dram + cost()->l1_hit);
	/* Invalidating another section leaves this one alone. */
	probe_take(&p);
	hw_tlb_inv_va(c, va + SZ_1M);
	kv_read32(va);
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 0);
	cr_assert_eq(probe_ev(&p, EV_tlb_hit), 1);
	/* hw_tlb_inv_all empties it. */
	hw_tlb_inv_all(c);
	cr_assert_eq(tlb_count_valid(&c->tlb), 0);
	test_shutdown();
}

/* First-level entry of @va in swapper_pg_dir (ARM 2-level). */
static phys_addr_t pmd_pa(vaddr_t va)
{
	return swapper_pg_dir + (va >> 20) * 4;
}

/* Point the section of @va at physical MiB @pa, behind the TLB's back. */
static u32 remap_section(vaddr_t va, phys_addr_t pa)
{
	u32 old = ram_read32(&machine->ram, pmd_pa(va));

	cr_assert_eq(old & 3, 2, "not a section: %#x", old);
	ram_write32(&machine->ram, pmd_pa(va), (old & 0xfffff) | (u32)pa);
	return old;
}

#define OLD_WORD 0x11111111u
#define NEW_WORD 0x22222222u

/*
 * Boot the Kirkwood with OLD_WORD at LOW_PA and NEW_WORD a section (1 MiB)
 * above; return LOW_PA's lowmem address.
 */
static vaddr_t boot_two_sections(void)
{
	boot_kirkwood();
	ram_write32(&machine->ram, LOW_PA, OLD_WORD);
	ram_write32(&machine->ram, LOW_PA + SZ_1M, NEW_WORD);
	return __va(LOW_PA);
}

Test(access, stale_tlb_caught)
{
	vaddr_t va;

	va = boot_two_sections();
	cr_assert_eq(kv_read32(va), OLD_WORD);
	remap_section(va, LOW_PA + SZ_1M);
	EXPECT_PANIC("TLB coherence", { kv_read32(va); });
	cr_assert(
		strstr(test_panic_msg,
		       "hits a stale TLB entry for PA 0x10000000, the page tables say PA 0x10100000"),
		"%s", test_panic_msg);
}

Test(access, stale_tlb_unmapped_caught)
{
	vaddr_t va;

	boot_kirkwood();
	va = __va(LOW_PA);
	kv_read32(va);
	ram_write32(&machine->ram, pmd_pa(va), 0);
	EXPECT_PANIC("TLB coherence", { kv_read32(va + 8); });
	cr_assert(strstr(test_panic_msg, "the page tables say unmapped"), "%s",
		  test_panic_msg);
}

/*
 * The coherence checker remembers an entry it verified; a kernel store (a
 * charged write, not the uncharged ram_write32 above) to a table that
 * verification read must still bring the walk back.
 */
Test(access, stale_tlb_after_charged_table_write_caught)
{
	vaddr_t va;
	u32 old;

	va = boot_two_sections();
	/* Verified twice: the second is the memo's. */
	cr_assert_eq(kv_read32(va), OLD_WORD);
	cr_assert_eq(kv_read32(va + 4), 0);
	old = ram_read32(&machine->ram, pmd_pa(va));
	kv_write32(__va(pmd_pa(va)), old + SZ_1M);
	EXPECT_PANIC("TLB coherence", { kv_read32(va); });
	cr_assert(strstr(test_panic_msg, "the page tables say PA 0x10100000"),
		  "%s", test_panic_msg);
}

/*
 * The memo covers the entry's whole section: a store to the section's
 * descriptor after a verified load of one page is caught at a load of
 * another page of the section, and so is a stale entry reached from
 * another page with no store since the verification.
 */
Test(access, stale_section_caught_from_another_page)
{
	vaddr_t va;
	u32 old;

	va = boot_two_sections();
	cr_assert_eq(kv_read32(va), OLD_WORD);
	cr_assert_eq(kv_read32(va + 3 * PAGE_SIZE), 0);
	old = ram_read32(&machine->ram, pmd_pa(va));
	kv_write32(__va(pmd_pa(va)), old + SZ_1M);
	EXPECT_PANIC("TLB coherence", { kv_read32(va + 5 * PAGE_SIZE); });
	cr_assert(strstr(test_panic_msg, "the page tables say PA 0x10105000"),
		  "%s", test_panic_msg);
}

/*
 * A translation register written behind the TLB's back (a table base that
 * maps the section elsewhere, no flush): the memo of a verified entry must
 * not outlive it.
 */
Test(access, stale_tlb_after_table_switch_caught)
{
	struct cpu *c;
	phys_addr_t copy = LOW_PA + 2 * SZ_1M;
	vaddr_t va;

	boot_kirkwood();
	c = this_cpu();
	va = __va(LOW_PA);
	cr_assert_eq(kv_read32(va), 0);
	cr_assert_eq(kv_read32(va), 0);
	/* A copy of the first-level table with va's section moved on 1 MiB. */
	for (u32 i = 0; i < 4096; i++)
		ram_write32(&machine->ram, copy + i * 4,
			    ram_read32(&machine->ram, c->mmu.ttbr0 + i * 4));
	ram_write32(&machine->ram, copy + (va >> 20) * 4,
		    ram_read32(&machine->ram, pmd_pa(va)) + SZ_1M);
	hw_set_ttbr0(c, copy);
	EXPECT_PANIC("TLB coherence", { kv_read32(va); });
}

/* A table write elsewhere voids the memo but not the entry: no false alarm. */
Test(access, unrelated_table_write_no_false_alarm)
{
	vaddr_t va, other;

	boot_kirkwood();
	va = __va(LOW_PA);
	other = __va(LOW_PA + 8 * SZ_1M);
	ram_write32(&machine->ram, LOW_PA, OLD_WORD);
	cr_assert_eq(kv_read32(va), OLD_WORD);
	cr_assert_eq(kv_read32(va), OLD_WORD);
	kv_write32(__va(pmd_pa(other)), ram_read32(&machine->ram, pmd_pa(other)));
	cr_assert_eq(kv_read32(va), OLD_WORD);
	cr_assert_eq(kv_read32(va + 4), 0);
}

Test(access, flushed_tlb_sees_new_mapping)
{
	vaddr_t va;
	u32 old;

	va = boot_two_sections();
	cr_assert_eq(kv_read32(va), OLD_WORD);
	old = remap_section(va, LOW_PA + SZ_1M);
	hw_tlb_inv_va(this_cpu(), va);
	cr_assert_eq(kv_read32(va), NEW_WORD);
	ram_write32(&machine->ram, pmd_pa(va), old);
	hw_tlb_inv_va(this_cpu(), va);
	cr_assert_eq(kv_read32(va), OLD_WORD);
	test_shutdown();
}

Test(access, stale_tlb_without_checks_reads_old_page)
{
	vaddr_t va;
	u32 old;

	TEST_BOOT(KIRKWOOD, "checks=n");
	va = __va(LOW_PA);
	ram_write32(&machine->ram, LOW_PA, OLD_WORD);
	ram_write32(&machine->ram, LOW_PA + SZ_1M, NEW_WORD);
	cr_assert_eq(kv_read32(va), OLD_WORD);
	old = remap_section(va, LOW_PA + SZ_1M);
	/* The tables say NEW, the TLB still says OLD, and it wins. */
	cr_assert_eq(kv_read32(va), OLD_WORD);
	/*
	 * Another page of the section misses the host fast path and is
	 * served by the stale architectural entry: old page again, for
	 * loads and for stores.
	 */
	ram_write32(&machine->ram, LOW_PA + PAGE_SIZE, OLD_WORD + 1);
	ram_write32(&machine->ram, LOW_PA + SZ_1M + PAGE_SIZE, NEW_WORD + 1);
	cr_assert_eq(kv_read32(va + PAGE_SIZE), OLD_WORD + 1);
	kv_write32(va + PAGE_SIZE + 4, 0x33333333);
	cr_assert_eq(ram_read32(&machine->ram, LOW_PA + PAGE_SIZE + 4),
		     0x33333333);
	cr_assert_eq(ram_read32(&machine->ram, LOW_PA + SZ_1M + PAGE_SIZE + 4),
		     0);
	/* Until the flush. */
	hw_tlb_inv_va(this_cpu(), va);
	cr_assert_eq(kv_read32(va), NEW_WORD);
	ram_write32(&machine->ram, pmd_pa(va), old);
	hw_tlb_inv_va(this_cpu(), va);
	test_shutdown();
}

Test(access, walker_cannot_see_dirty_descriptor)
{
	vaddr_t va, pmd_va;
	u32 old;

	boot_kirkwood();
	va = __va(LOW_PA);
	pmd_va = __va(pmd_pa(va));
	/*
	 * Rewrite the section entry through the direct map, as kernel code
	 * would, and forget to clean it: the line was read first, so the
	 * store hits and dirties it in L1, where the Feroceon's walker,
	 * reading DRAM, cannot see it.
	 */
	old = kv_read32(pmd_va);
	cold();
	kv_read32(pmd_va);
	kv_write32(pmd_va, old);
	cr_assert(cache_pa_dirty(&this_cpu()->l1d, pmd_pa(va)));
	hw_tlb_inv_va(this_cpu(), va);
	EXPECT_PANIC("missing clean after a page-table write",
		     { kv_read32(va); });
	cr_assert(strstr(test_panic_msg, "walker: descriptor at PA 0x7400"),
		  "%s", test_panic_msg);
}

Test(access, walker_sees_cleaned_descriptor)
{
	struct cpu *c;
	vaddr_t va, pmd_va;
	u32 old;

	boot_kirkwood();
	c = this_cpu();
	va = __va(LOW_PA);
	pmd_va = __va(pmd_pa(va));
	old = kv_read32(pmd_va);
	kv_write32(pmd_va, old);
	/* What cpu_feroceon_set_pte_ext does: clean L1, clean L2. */
	hw_dcache_op_va_range(c, pmd_va, 4, CACHE_CLEAN);
	hw_l2_op_pa_range(c, pmd_pa(va), 4, CACHE_CLEAN);
	cr_assert_not(cache_pa_dirty(&c->l1d, pmd_pa(va)));
	cr_assert_not(cache_pa_dirty(c->l2, pmd_pa(va)));
	hw_tlb_inv_va(c, va);
	kv_read32(va);
	test_shutdown();
}

/*
 * A stream of line fills (a multi-line read) pays the DRAM latency over
 * the memory-level parallelism, but never less than a line's transfer time
 * at the board's sustained read bandwidth: on the BeagleBone (64 B lines,
 * 720 MHz, mlp 2), 100 MB/s is 461 cycles a line and binds; 1000 MB/s is
 * 46 cycles and latency / mlp binds instead.
 */
static u64 bbw_page_read_cycles(const char *bw, u64 *fills)
{
	static u8 buf[PAGE_SIZE];
	vaddr_t va;
	struct probe p;

	TEST_BOOT("beaglebone-white", "checks=y", bw);
	va = __va(0x88000000ull);
	kv_read32(va);		/* the TLB entry, then cold caches */
	cache_maint_all(&this_cpu()->l1d, CACHE_INV, NULL, NULL);
	cache_maint_all(this_cpu()->l2, CACHE_INV, NULL, NULL);
	probe_take(&p);
	kv_read(va, buf, sizeof(buf));
	*fills = probe_ev(&p, EV_dram_read);
	return machine_elapsed_cycles() - p.cycles;
}

Test(access, stream_fills_bounded_by_read_bandwidth)
{
	u64 fills, cycles, dram;

	cycles = bbw_page_read_cycles("dram_read_MBps=100", &fills);
	dram = cost()->dram;
	cr_assert_eq(machine->stream_fill_cycles, 461);
	cr_assert_eq(fills, PAGE_SIZE / 64);
	/* The first line is a demand miss at full latency. */
	cr_assert_eq(cycles, dram + (fills - 1) * 461, "cycles %llu",
		     (unsigned long long)cycles);
	test_shutdown();

	cycles = bbw_page_read_cycles("dram_read_MBps=1000", &fills);
	cr_assert_eq(machine->stream_fill_cycles, 46);
	cr_assert_eq(cycles, dram + (fills - 1) * (dram / 2));
	test_shutdown();
}

/*
 * A dirty L1 victim tries the L2 slot its line was filled from before
 * looking its set up.  NUMA-Q: 4-way L1 of 128 sets, so lines 4 KiB apart
 * share a set, and four more fills there evict the first.  Warm, the
 * victim is an L2 hit that leaves the L2 line dirty; with L2 emptied
 * behind its back, the stale slot must not pass for a hit.
 */
static void numaq_evict_dirty_line(bool empty_l2, struct probe *p)
{
	struct cpu *c;
	vaddr_t va;

	/* One CPU's caches, emptied by hand: no snooping to keep counts. */
	TEST_BOOT("numaq-16", "checks=y", "coherence=none");
	c = this_cpu();
	va = __va(LOW_PA);
	kv_read32(va);		/* the TLB entry, uncounted below */
	cold();
	kv_write32(va, 1);
	if (empty_l2)
		cache_inv_all(c->l2);
	probe_take(p);
	for (u32 k = 1; k <= 4; k++)
		kv_read32(va + k * 4096);
}

static u32 l2_dirty_lines_at(phys_addr_t pa)
{
	struct cache *l2 = this_cpu()->l2;
	u32 n = 0;

	for (u32 i = 0; i < l2->sets * l2->ways; i++)
		if (cache_line_dirty(l2, i) && cache_line_pa(l2, i) == pa)
			n++;
	return n;
}

Test(access, victim_l2_slot_rechecked)
{
	/* L2 emptied or not; then the victim's L2 hits, and all L2 misses. */
	static const struct {
		bool empty_l2;
		u64 l2_hit, l2_miss;
	} runs[] = { { false, 1, 4 }, { true, 0, 5 } };
	struct probe p;

	for (u32 i = 0; i < ARRAY_SIZE(runs); i++) {
		numaq_evict_dirty_line(runs[i].empty_l2, &p);
		cr_assert_eq(probe_ev(&p, EV_l1d_writeback), 1);
		cr_assert_eq(probe_ev(&p, EV_l2_hit), runs[i].l2_hit);
		cr_assert_eq(probe_ev(&p, EV_l2_miss), runs[i].l2_miss);
		cr_assert_eq(l2_dirty_lines_at(LOW_PA), 1);
		test_shutdown();
	}
}

/*
 * Zeros stored into a frame no store has reached since boot change no
 * byte, so the host store is skipped and the frame stays unwritten; any
 * other store is made and counted.  The simulated cost is the same either
 * way: a cleared unwritten page and a cleared written one in the same
 * cache state cost the same cycles.
 */
Test(access, zero_stores_to_unwritten_frames_are_skipped)
{
	struct ram *ram;
	vaddr_t a, b, d;
	struct probe p;
	u64 cycles_unwritten;

	TEST_BOOT("numaq-16", "checks=y");
	ram = &machine->ram;
	a = __va(LOW_PA);
	b = a + PAGE_SIZE;
	d = a + 2 * PAGE_SIZE;
	for (u32 i = 0; i < 3; i++)
		cr_assert(ram_frame_unwritten(ram, LOW_PA + i * PAGE_SIZE));

	kv_read32(a);
	cold();
	probe_take(&p);
	kv_memset(a, 0, PAGE_SIZE);
	cycles_unwritten = machine_elapsed_cycles() - p.cycles;
	kv_write32(a + 8, 0);
	kv_memcpy(b, a, PAGE_SIZE);
	cr_assert(ram_frame_unwritten(ram, LOW_PA));
	cr_assert(ram_frame_unwritten(ram, LOW_PA + PAGE_SIZE));

	/* A non-zero store is made, and a later zero store with it. */
	kv_write32(a + 8, 0x5a5a5a5a);
	cr_assert_not(ram_frame_unwritten(ram, LOW_PA));
	cr_assert_eq(ram_ptr(ram, LOW_PA)[8], 0x5a);
	kv_memcpy(b, a, PAGE_SIZE);
	cr_assert_not(ram_frame_unwritten(ram, LOW_PA + PAGE_SIZE));
	cr_assert_eq(ram_ptr(ram, LOW_PA + PAGE_SIZE)[9], 0x5a);
	cold();
	probe_take(&p);
	kv_memset(a, 0, PAGE_SIZE);
	cr_assert_eq(machine_elapsed_cycles() - p.cycles, cycles_unwritten);
	cr_assert_eq(ram_ptr(ram, LOW_PA)[8], 0);

	/* Zeros copied from a written frame into an unwritten one: skipped. */
	kv_memcpy(d, a, PAGE_SIZE);
	cr_assert(ram_frame_unwritten(ram, LOW_PA + 2 * PAGE_SIZE));
	test_shutdown();
}

/* What a run left: every event and cause total, the cycles, the caches. */
struct shape_run {
	u64 events[NR_EVENTS], causes[NR_CAUSES], cycles, sum;
	u32 l1_sets, l1_lines, l2_sets, l2_lines;
	u32 *l1_tag, *l2_tag;
	u8 *l1_victim, *l2_victim;
};

static void shape_take(struct shape_run *r, struct cpu *c);

static void *dup_array(const void *p, size_t n)
{
	void *q = malloc(n);

	cr_assert(q);
	memcpy(q, p, n);
	return q;
}

/*
 * Copies, fills and reads over 2 MiB of lowmem, at line-crossing offsets
 * and lengths: hits, misses, dirty victims in L1 and L2 on every board.
 */
static void shape_workload(struct shape_run *r, const char *board, bool any)
{
	struct cpu *c;
	struct page *pg;
	vaddr_t a;
	u8 buf[200];
	u32 half = 1u << 20;

	TEST_BOOT(board, "checks=y");
	hw_use_any_shape(any);
	c = this_cpu();
	pg = alloc_pages(GFP_KERNEL, 9);
	cr_assert(pg, "%s", board);
	a = page_address(pg);
	kv_memset(a, 0x5a, 2 * half);
	kv_memcpy(a + half, a + 40, half - 100);
	for (u32 off = 0; off < half; off += 4096 + 72) {
		kv_read(a + off, buf, sizeof(buf));
		/* Stores to lines just read: dirty even without write-allocate. */
		kv_write(a + off + 8, buf, 150);
		kv_read(a + half + off + 2000, buf, sizeof(buf));
		kv_write(a + half + off + 2010, buf, 180);
		kv_memset(a + half + off + 3, (u8)off, 700);
		kv_memcpy(a + off + 1000, a + half + off, 1500);
	}
	kv_memcpy(a, a + half, half);
	r->sum = 0;
	shape_take(r, c);
	__free_pages(pg, 9);
	test_shutdown();
}

static void shape_take(struct shape_run *r, struct cpu *c)
{
	for (u32 e = 0; e < NR_EVENTS; e++)
		r->events[e] = machine_event_total(e);
	for (u32 w = 0; w < NR_CAUSES; w++)
		r->causes[w] = machine_cause_total(w);
	r->cycles = machine_elapsed_cycles();
	r->l1_sets = c->l1d.sets;
	r->l1_lines = c->l1d.sets * c->l1d.ways;
	r->l2_sets = c->l2->sets;
	r->l2_lines = c->l2->sets * c->l2->ways;
	r->l1_tag = dup_array(c->l1d.tag, r->l1_lines * sizeof(u32));
	r->l2_tag = dup_array(c->l2->tag, r->l2_lines * sizeof(u32));
	r->l1_victim = dup_array(c->l1d.victim, r->l1_sets);
	r->l2_victim = dup_array(c->l2->victim, r->l2_sets);
}

static void shape_run_free(struct shape_run *r)
{
	free(r->l1_tag);
	free(r->l2_tag);
	free(r->l1_victim);
	free(r->l2_victim);
}

/*
 * lines_access runs a copy of its loop compiled for each board's cache
 * shapes (ways, PA lines, checker counts as constants).  On every board
 * a run through it gives the events, causes, cycles and cache contents
 * of the same run through the copy compiled for any shape.
 */
/* @a and @b left the same totals, clock, caches and values read. */
static void shape_runs_equal(const struct shape_run *a,
			     const struct shape_run *b, const char *board)
{
	for (u32 e = 0; e < NR_EVENTS; e++)
		cr_assert_eq(a->events[e], b->events[e], "%s event %u", board,
			     e);
	for (u32 w = 0; w < NR_CAUSES; w++)
		cr_assert_eq(a->causes[w], b->causes[w], "%s cause %u", board,
			     w);
	cr_assert_eq(a->cycles, b->cycles, "%s", board);
	cr_assert_eq(a->sum, b->sum, "%s", board);
	cr_assert_eq(memcmp(a->l1_tag, b->l1_tag, a->l1_lines * sizeof(u32)),
		     0, "%s", board);
	cr_assert_eq(memcmp(a->l2_tag, b->l2_tag, a->l2_lines * sizeof(u32)),
		     0, "%s", board);
	cr_assert_eq(memcmp(a->l1_victim, b->l1_victim, a->l1_sets), 0, "%s",
		     board);
	cr_assert_eq(memcmp(a->l2_victim, b->l2_victim, a->l2_sets), 0, "%s",
		     board);
}

/* At least @min of event @ev, or what the check is worth is in doubt. */
struct event_floor {
	enum event ev;
	u64 min;
};

/*
 * On every board, @workload run both ways (its bool false, then true)
 * reaches each of @floor[0..nr) and leaves the same totals, clock, caches
 * and values.
 */
static void both_ways_agree(void (*workload)(struct shape_run *r,
					     const char *board, bool other),
			    const struct event_floor *floor, u32 nr)
{
	for (u32 i = 0; platform_list()[i]; i++) {
		const char *b = platform_list()[i]->name;
		struct shape_run one, other;

		workload(&one, b, false);
		workload(&other, b, true);
		for (u32 f = 0; f < nr; f++)
			cr_assert_gt(one.events[floor[f].ev], floor[f].min,
				     "%s event %u", b, floor[f].ev);
		shape_runs_equal(&one, &other, b);
		shape_run_free(&one);
		shape_run_free(&other);
	}
}

Test(access, shaped_line_loops_match_the_generic_one)
{
	/* Every board's run reaches the miss and write-back paths. */
	static const struct event_floor floor[] = {
		{ EV_l1d_miss, 100000 },
		{ EV_l1d_writeback, 1000 },
		{ EV_l2_writeback, 200 },
	};

	both_ways_agree(shape_workload, floor, ARRAY_SIZE(floor));
}

/* Load then store every word of [@a, @a + @len): dirty lines even
 * without write-allocate. */
static void dirty_lowmem(vaddr_t a, u32 len)
{
	for (u32 off = 0; off < len; off += 4) {
		kv_read32(a + off);
		kv_write32(a + off, off * 2654435761u);
	}
}

/* @sum folded with the @n values of @size bytes at @vals. */
static u64 run_sum(u64 sum, const void *vals, u32 size, u32 n)
{
	for (u32 i = 0; i < n; i++)
		sum = sum * 31 + (size == 4 ? ((const u32 *)vals)[i] :
					      ((const u64 *)vals)[i]);
	return sum;
}

/* The loads of @nr runs @runs, each one by one, their values to out. */
static void runs_one_by_one(const struct load_run *runs, u32 nr)
{
	for (u32 j = 0; j < nr; j++)
		for (u32 i = 0; i < runs[j].n; i++) {
			vaddr_t va = runs[j].va + runs[j].size * i;

			if (runs[j].size == 4)
				((u32 *)runs[j].out)[i] = kv_read32(va);
			else
				((u64 *)runs[j].out)[i] = kv_read64(va);
		}
}

/*
 * Loads of 4 and 8 bytes over 2 MiB of dirty lowmem, in runs of 1 to 48
 * that start anywhere in a line and may cross lines (not pages), each run either one
 * kv_read_run() or one kv_read32()/kv_read64() per load; a TLB flush now
 * and then makes a run's first load miss the TLB.
 */
static void read_run_workload(struct shape_run *r, const char *board,
			      bool as_run)
{
	struct cpu *c;
	struct page *pg;
	vaddr_t a;
	u64 vals[48];
	u32 half = 1u << 20, k = 0;

	TEST_BOOT(board, "checks=y");
	c = this_cpu();
	pg = alloc_pages(GFP_KERNEL, 9);
	cr_assert(pg, "%s", board);
	a = page_address(pg);
	dirty_lowmem(a, 2 * half);
	r->sum = 0;
	for (u32 off = 0; off < 2 * half - 4096; off += 1000 + 8 * (k % 7), k++) {
		u32 size = k % 3 ? 4 : 8, n = 1 + k % 48;
		vaddr_t va = a + off;

		n = MIN(n, (PAGE_SIZE - (off & (PAGE_SIZE - 1))) / size);

		if (k % 11 == 0)
			hw_tlb_inv_all(c);
		if (as_run) {
			kv_read_run(va, vals, size, n);
		} else {
			struct load_run one = { .va = va, .size = size,
						.n = n, .out = vals };

			runs_one_by_one(&one, 1);
		}
		r->sum = run_sum(r->sum, vals, size, n);
	}
	shape_take(r, c);
	__free_pages(pg, 9);
	test_shutdown();
}

/* A run of loads leaves what its loads one by one leave, on every board. */
Test(access, read_run_matches_single_loads)
{
	static const struct event_floor floor[] = {
		{ EV_l1d_miss, 30000 },
		{ EV_l1d_writeback, 30000 },
		{ EV_tlb_miss, 150 },
	};

	both_ways_agree(read_run_workload, floor, ARRAY_SIZE(floor));
}

#define BATCH_MAX 40

/*
 * Runs of 1 to 48 loads of 4 and 8 bytes, scattered over up to 96 blocks
 * of 2 MiB of lowmem (the first one dirty) -- more sections or large
 * pages than any TLB but the Cortex-A15's holds, so runs miss the TLB in
 * the middle of a batch -- made in batches of 1 to BATCH_MAX, each batch
 * either one kv_read_runs() or one kv_read32()/kv_read64() per load; a
 * TLB flush between batches now and then.
 */
static void read_runs_workload(struct shape_run *r, const char *board,
			       bool as_batch)
{
	static u64 vals[BATCH_MAX][48];
	static struct page *blocks[96];
	struct load_run runs[BATCH_MAX];
	struct cpu *c;
	u32 nblocks = 0, nr = 0, want = 1, batches = 0;

	TEST_BOOT(board, "checks=y");
	c = this_cpu();
	while (nblocks < ARRAY_SIZE(blocks) &&
	       (blocks[nblocks] = alloc_pages(GFP_KERNEL, 9)))
		nblocks++;
	cr_assert_geq(nblocks, 32, "%s", board);
	dirty_lowmem(page_address(blocks[0]), 2u << 20);
	r->sum = 0;
	for (u32 k = 0; k < 3000; k++) {
		u32 size = k % 3 ? 4 : 8, n = 1 + k % 48;
		u32 off = (k * 1000 + 8 * (k % 7)) % (2u << 20) & ~7u;
		vaddr_t a = page_address(blocks[k * 7 % nblocks]);

		n = MIN(n, (PAGE_SIZE - (off & (PAGE_SIZE - 1))) / size);
		runs[nr] = (struct load_run){ .va = a + off, .size = size,
					      .n = n, .out = vals[nr] };
		if (++nr < want)
			continue;
		if (as_batch)
			kv_read_runs(runs, nr);
		else
			runs_one_by_one(runs, nr);
		for (u32 j = 0; j < nr; j++)
			r->sum = run_sum(r->sum, vals[j], runs[j].size,
					 runs[j].n);
		if (++batches % 4 == 0)
			hw_tlb_inv_all(c);
		want = 1 + batches * 17 % BATCH_MAX;
		nr = 0;
	}
	shape_take(r, c);
	while (nblocks)
		__free_pages(blocks[--nblocks], 9);
	test_shutdown();
}

/* A batch of runs leaves what its loads one by one leave, on every board. */
Test(access, read_runs_match_single_loads)
{
	static const struct event_floor floor[] = {
		{ EV_l1d_miss, 40000 },
		{ EV_l1d_writeback, 30000 },
		{ EV_tlb_miss, 2900 },
	};

	both_ways_agree(read_runs_workload, floor, ARRAY_SIZE(floor));
}
