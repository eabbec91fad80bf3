// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmap_atomic, kmap_atomic_pfn and kunmap_atomic in each kernel flavour:
 * exact PTE writes, TLB invalidates and D-cache lines per call, the slot
 * addresses, nesting, and the checkers that guard them.  Expected counts
 * are the per-call tables of research/linux-highmem.md section 1 and the
 * x86 reference.
 */
#include "helpers.h"

#include "arch/layout.h"
#include "arch/kv.h"
#include "arch/tlbflush.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/rmap.h"

static struct page *highpage(void)
{
	struct page *p = alloc_page(GFP_HIGHUSER);

	cr_assert(p && PageHighMem(p), "no highmem page");
	return p;
}

static struct page *lowpage(void)
{
	struct page *p = alloc_page(GFP_KERNEL);

	cr_assert(p && !PageHighMem(p), "no lowmem page");
	return p;
}

/* The three counts the research tables give per call. */
static void assert_counts(const struct probe *p, u64 pte, u64 tlbi,
			  u64 lines)
{
	cr_assert_eq(probe_ev(p, EV_pte_write), pte, "pte_write %llu != %llu",
		     (unsigned long long)probe_ev(p, EV_pte_write),
		     (unsigned long long)pte);
	cr_assert_eq(probe_ev(p, EV_tlb_inv_local), tlbi,
		     "tlb_inv_local %llu != %llu",
		     (unsigned long long)probe_ev(p, EV_tlb_inv_local),
		     (unsigned long long)tlbi);
	cr_assert_eq(probe_ev(p, EV_dcache_lines_flushed), lines,
		     "dcache_lines_flushed %llu != %llu",
		     (unsigned long long)probe_ev(p, EV_dcache_lines_flushed),
		     (unsigned long long)lines);
}

Test(kmap_atomic, kirkwood_arm3x_highmem_counts)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic(page);
	/* set_top_pte: one PTE store and one local invalidate. */
	assert_counts(&p, 1, 1, 0);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_cleaned), 1,
		     "the Feroceon cleans the PTE's line");
	/* 3.16's fixmap: FIXADDR_START 0xffc00000, slot 0 at its start. */
	cr_assert_eq(v, 0xffc00000u, "CPU0's first slot");
	cr_assert_eq(current->preempt_count, 1);
	probe_take(&p);
	kunmap_atomic(v);
	/* VIVT: the whole page is flushed, 4096 / 32 = 128 lines; the PTE
	 * stays and nothing is invalidated. */
	assert_counts(&p, 0, 0, 128);
	cr_assert_eq(probe_ev(&p, EV_icache_inv_all), 1);
	cr_assert_eq(current->preempt_count, 0);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, kirkwood_debug_highmem_clears_pte)
{
	TEST_BOOT("kirkwood-openblocks-a7", "CONFIG_DEBUG_HIGHMEM=y");
	struct page *page = highpage();
	struct probe p;
	vaddr_t v = kmap_atomic(page);

	probe_take(&p);
	kunmap_atomic(v);
	assert_counts(&p, 1, 1, 128);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, lowmem_is_the_direct_map)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = lowpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic(page);
	kunmap_atomic(v);
	cr_assert_eq(v, page_address(page));
	cr_assert_eq(v, __va(page_to_phys(page)));
	assert_counts(&p, 0, 0, 0);
	cr_assert_eq(probe_ev(&p, EV_kmap_atomic_lowmem), 1);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, pfn_lowmem_without_fastpath_maps_a_slot)
{
	TEST_BOOT("kirkwood-openblocks-a7", "kmap_pfn_fastpath=n");
	struct page *page = lowpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic_pfn(page_to_pfn(page));
	kunmap_atomic(v);
	cr_assert_eq(v, 0xffc00000u);
	assert_counts(&p, 1, 1, 128);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, pfn_lowmem_fastpath_is_free)
{
	TEST_BOOT("kirkwood-openblocks-a7", "kmap_pfn_fastpath=y");
	struct page *page = lowpage();
	struct page *high = highpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic_pfn(page_to_pfn(page));
	kunmap_atomic(v);
	cr_assert_eq(v, page_address(page));
	assert_counts(&p, 0, 0, 0);
	/* Highmem pfns still take a slot. */
	probe_take(&p);
	v = kmap_atomic_pfn(page_to_pfn(high));
	kunmap_atomic(v);
	assert_counts(&p, 1, 1, 128);
	__free_page(page);
	__free_page(high);
	test_shutdown();
}

Test(kmap_atomic, beaglebone_nonaliasing_needs_no_flush)
{
	/* The slot path: without the 2014 fast path a lowmem pfn maps too. */
	TEST_BOOT("beaglebone-white", "kmap_pfn_fastpath=n");
	struct page *page = lowpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic_pfn(page_to_pfn(page));
	kunmap_atomic(v);
	assert_counts(&p, 1, 1, 0);
	/* ARMv7 UP cleans the PTE line (flush_pte). */
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_cleaned), 1);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, beaglebone_5_7_takes_pfn_fastpath_by_default)
{
	/* The board's 5.7 kernel has the 2014 patch: no slot, no PTE. */
	TEST_BOOT("beaglebone-white");
	struct page *page = lowpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic_pfn(page_to_pfn(page));
	cr_assert_eq(v, page_address(page));
	kunmap_atomic(v);
	assert_counts(&p, 0, 0, 0);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_cleaned), 0);
	cr_assert_eq(probe_ev(&p, EV_kmap_atomic_lowmem), 1);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, x86_26_typed_slots)
{
	TEST_BOOT("numaq-16");
	struct page *a = highpage(), *b = highpage();
	struct probe p;
	vaddr_t va, vb;

	probe_take(&p);
	va = kmap_atomic(a, KM_PTE0);
	/* 2.6 i386: set_pte + __flush_tlb_one at map time. */
	assert_counts(&p, 1, 1, 0);
	vb = kmap_atomic(b, KM_PTE1);
	/* Slot = FIX_KMAP_BEGIN + type + KM_TYPE_NR * cpu, growing down. */
	cr_assert_eq(va, kmap_slot_vaddr(0, KM_PTE0));
	cr_assert_eq(vb, va - PAGE_SIZE);
	probe_take(&p);
	/* Typed slots may be released in any order; unmap does nothing. */
	kunmap_atomic(va, KM_PTE0);
	kunmap_atomic(vb, KM_PTE1);
	assert_counts(&p, 0, 0, 0);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}

Test(kmap_atomic, x86_26_nested_same_type_is_caught)
{
	TEST_BOOT("numaq-16");
	struct page *a = highpage(), *b = highpage();

	kmap_atomic(a, KM_USER0);
	EXPECT_PANIC("already in use", { kmap_atomic(b, KM_USER0); });
}

Test(kmap_atomic, x86_3x_clears_at_unmap)
{
	TEST_BOOT("numaq-16", "flavour=x86-3x");
	struct page *page = highpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic(page);
	/* The slot was left clean: a PTE store and no flush. */
	assert_counts(&p, 1, 0, 0);
	probe_take(&p);
	kunmap_atomic(v);
	/* kpte_clear_flush: pte_clear + invlpg. */
	assert_counts(&p, 1, 1, 0);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, kmap_local_flavour_on_arm_vivt)
{
	TEST_BOOT("kirkwood-openblocks-a7", "flavour=kmap-local");
	struct page *page = highpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic(page);
	/* 5.11+ ARM: PTE + post_map TLB invalidate. */
	assert_counts(&p, 1, 1, 0);
	/* FIXADDR_TOP = 0xfff00000 - 4K; slot 0 is FIX_KMAP_BEGIN = 1. */
	cr_assert_eq(v, 0xfff00000u - 2 * PAGE_SIZE);
	probe_take(&p);
	kunmap_atomic(v);
	/* pre_unmap VIVT flush, pte_clear, post_unmap invalidate. */
	assert_counts(&p, 1, 1, 128);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, kmap_local_flavour_on_x86)
{
	TEST_BOOT("numaq-16", "flavour=kmap-local");
	struct page *page = highpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic(page);
	assert_counts(&p, 1, 0, 0);
	probe_take(&p);
	kunmap_atomic(v);
	assert_counts(&p, 1, 1, 0);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, bytes_reach_the_frame)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();
	vaddr_t v = kmap_atomic(page);
	u8 *frame = ram_ptr(&machine->ram, page_to_phys(page));

	kv_write32(v + 8, 0xdeadbeef);
	kunmap_atomic(v);
	cr_assert_eq(frame[8], 0xef);
	cr_assert_eq(frame[11], 0xde);
	/* Read back through a pkmap mapping. */
	v = kmap(page);
	cr_assert_eq(kv_read32(v + 8), 0xdeadbeef);
	kunmap(page);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, nesting_uses_the_next_slot)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *a = highpage(), *b = highpage();
	vaddr_t va = kmap_atomic(a);
	vaddr_t vb = kmap_atomic(b);

	cr_assert_eq(vb, va + PAGE_SIZE, "ARM 3.x slots grow up");
	cr_assert_eq(kmap_atomic_to_page(va), a);
	cr_assert_eq(kmap_atomic_to_page(vb), b);
	cr_assert_eq(current->preempt_count, 2);
	kunmap_atomic(vb);
	kunmap_atomic(va);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}

Test(kmap_atomic, out_of_order_unmap_is_caught)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *a = highpage(), *b = highpage();
	vaddr_t va = kmap_atomic(a);

	kmap_atomic(b);
	EXPECT_PANIC("reverse order", { kunmap_atomic(va); });
}

Test(kmap_atomic, slot_stack_overflow_is_caught)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();

	/* KM_TYPE_NR = 16 slots per CPU; the 17th push overflows. */
	for (int i = 0; i < 16; i++)
		kmap_atomic_pfn(page_to_pfn(page));
	EXPECT_PANIC("overflow", { kmap_atomic_pfn(page_to_pfn(page)); });
}

Test(kmap_atomic, leak_is_caught_at_shutdown)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();

	kmap_atomic(page);
	EXPECT_PANIC("check_kmap_leaks", { test_shutdown(); });
}

Test(kmap_atomic, sleeping_kmap_in_atomic_context_is_caught)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *a = highpage(), *b = highpage();

	kmap_atomic(a);
	EXPECT_PANIC("atomic context", { kmap(b); });
}

Test(kmap_atomic, passing_the_page_to_kunmap_atomic_does_not_build)
{
	/*
	 * kunmap_atomic(page) fails to compile (a _Static_assert in
	 * highmem.h); here we can only check the guard's predicate.
	 */
	struct page *page = NULL;
	vaddr_t v = 0;

	cr_assert(__builtin_types_compatible_p(__typeof__(page),
					       struct page *));
	cr_assert(!__builtin_types_compatible_p(__typeof__(v),
						struct page *));
}

Test(kmap_atomic, skipped_tlb_flush_is_caught)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *a = highpage(), *b = highpage();
	vaddr_t v = kmap_atomic(a);

	/* Touch the slot so the TLB holds slot -> a. */
	kv_read32(v);
	kunmap_atomic(v);
	/* The next map of the slot "forgets" its local invalidate. */
	tlbflush_skip_nth = 1;
	v = kmap_atomic(b);
	EXPECT_PANIC("missing local_flush_tlb_kernel_page", { kv_read32(v); });
}

Test(kmap_atomic, access_after_unmap_is_caught)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();
	vaddr_t v = kmap_atomic(page);

	kv_write32(v, 1);
	kunmap_atomic(v);
	/* ARM 3.x leaves the PTE: the hardware would still translate. */
	EXPECT_PANIC("not mapped", { kv_read32(v); });
}

Test(kmap_atomic, unmapped_highmem_has_no_address)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();

	cr_assert_eq(page_address(page), 0);
	EXPECT_PANIC("Unable to handle kernel paging request",
		     { kv_read32(page_address(page) + 16); });
}

Test(kmap_atomic, reuses_an_existing_pkmap_mapping_on_arm)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();
	vaddr_t k = kmap(page);
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_atomic(page);
	cr_assert_eq(v, k, "kmap_high_get hands out the pkmap address");
	cr_assert_eq(pkmap_count_of(PKMAP_NR(k)), 3);
	kunmap_atomic(v);
	cr_assert_eq(pkmap_count_of(PKMAP_NR(k)), 2);
	assert_counts(&p, 0, 0, 0);
	cr_assert_eq(probe_ev(&p, EV_kmap_high_get_hit), 1);
	kunmap(page);
	__free_page(page);
	test_shutdown();
}

/*
 * The page behind that pkmap address: 3.14's kmap_atomic_to_page would
 * take it for lowmem; the pte_chain rmap on an ARM board with HIGHPTE
 * asks it of a PTE page mapped so (a fuzz input, fuzz/crashes/
 * arm-highpte-pte-chain-pkmap-ptep, panicked in page_add_rmap on the
 * PA it made of it).  A lowmem address is still lowmem.
 */
Test(kmap_atomic, to_page_reads_a_pkmap_address_from_its_pte)
{
	TEST_BOOT("cortex-a15-2g", "rmap=pte-chain");
	struct page *page = highpage(), *low = alloc_page(GFP_KERNEL);
	vaddr_t k = kmap(page), v = kmap_atomic(page);

	cr_assert_eq(v, k);
	cr_assert_eq(kmap_atomic_to_page(v), page);
	cr_assert_eq(ptep_to_paddr(v), page_to_phys(page));
	cr_assert_eq(kmap_atomic_to_page(page_address(low) + 8), low);
	kunmap_atomic(v);
	kunmap(page);
	__free_page(page);
	__free_page(low);
	test_shutdown();
}

Test(kmap_atomic, vivt_alias_hazard_is_caught)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();
	vaddr_t k = kmap(page);

	/* Allocate the line (read-allocate), then dirty it under k. */
	kv_read32(k);
	kv_write32(k, 42);
	/* kmap_atomic_pfn does not look for the pkmap alias. */
	EXPECT_PANIC("VIVT alias", {
		vaddr_t v = kmap_atomic_pfn(page_to_pfn(page));

		kv_read32(v);
	});
}

Test(kmap_atomic, gfp_zero_clears_through_a_kmap)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *page = highpage();
	phys_addr_t pa = page_to_phys(page);
	struct probe p;

	ram_ptr_write(&machine->ram, pa, PAGE_SIZE)[100] = 0x5a;
	__free_page(page);
	probe_take(&p);
	page = alloc_page(GFP_HIGHUSER | __GFP_ZERO);
	cr_assert_eq(page_to_phys(page), pa, "the same frame comes back");
	cr_assert_eq(ram_ptr(&machine->ram, pa)[100], 0);
	cr_assert_eq(probe_ev(&p, EV_page_zero), 1);
	assert_counts(&p, 1, 1, 128);
	cr_assert(probe_cc(&p, CC_memset) > 0);
	__free_page(page);
	test_shutdown();
}

Test(kmap_atomic, copy_highpage_copies)
{
	TEST_BOOT("numaq-16");
	struct page *a = highpage(), *b = highpage();
	u8 *fa = ram_ptr_write(&machine->ram, page_to_phys(a), PAGE_SIZE);
	u8 *fb = ram_ptr(&machine->ram, page_to_phys(b));

	for (int i = 0; i < 4096; i++)
		fa[i] = (u8)(i * 7);
	copy_highpage(b, a);
	cr_assert_arr_eq(fa, fb, 4096);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}
