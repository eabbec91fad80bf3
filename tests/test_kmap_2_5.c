// SPDX-License-Identifier: GPL-2.0-only
/*
 * 2.5.73's highmem mappings and pte_chain helpers, priced from that
 * kernel's code (issue 33, src/platforms/kpath-x86.c): on the NUMA-Q at
 * kernel_cpi=1 a path's code cycles are its instructions, so each test
 * asserts the instructions the 2.5.73 function executes, counted from its
 * C compiled for the P6 (kpath-x86.c says how): kmap_atomic 39 on a
 * highmem page (40 less the invlpg, which the machine charges), 12 and
 * page_address's 26 on a lowmem one; kunmap_atomic 4 on either;
 * kmap_atomic_to_page 25; a highmem page_address 33 and 7 an entry.
 */
#include "helpers.h"

#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/rmap.h"

/* Kernel instructions (CAUSE_code cycles at kernel_cpi=1) on this CPU. */
static u64 code(void)
{
	return this_cpu()->cause[CAUSE_code];
}

static void boot_2_5(const char *highpte)
{
	TEST_BOOT("numaq-16", "kernel_cpi=1", "icache_model=n", highpte);
	cr_assert_eq(config->flavour, FLAVOUR_X86_26);
}

Test(kmap_2_5, kmap_atomic_highmem_is_39_and_kunmap_4)
{
	boot_2_5("CONFIG_HIGHPTE=n");
	struct page *page = alloc_page(GFP_HIGHUSER);
	u64 c0, c1, c2;
	vaddr_t v;

	cr_assert(page && PageHighMem(page));
	c0 = code();
	v = kmap_atomic(page, KM_USER0);
	c1 = code();
	kunmap_atomic(v, KM_USER0);
	c2 = code();
	cr_assert_eq(c1 - c0, 39, "kmap_atomic: %llu instructions",
		     (unsigned long long)(c1 - c0));
	cr_assert_eq(c2 - c1, 4, "kunmap_atomic: %llu instructions",
		     (unsigned long long)(c2 - c1));
	__free_page(page);
	test_shutdown();
}

Test(kmap_2_5, kmap_atomic_lowmem_is_12_and_page_address)
{
	boot_2_5("CONFIG_HIGHPTE=n");
	struct page *page = alloc_page(GFP_KERNEL);
	u64 c0, c1, c2;
	vaddr_t v;

	cr_assert(page && !PageHighMem(page));
	c0 = code();
	v = kmap_atomic(page, KM_USER0);
	c1 = code();
	kunmap_atomic(v, KM_USER0);
	c2 = code();
	/* The test, the tail call, and page_address's lowmem path. */
	cr_assert_eq(c1 - c0, 12 + 26, "%llu", (unsigned long long)(c1 - c0));
	/* dec_preempt_count() whatever the address. */
	cr_assert_eq(c2 - c1, 4, "%llu", (unsigned long long)(c2 - c1));
	__free_page(page);
	test_shutdown();
}

Test(kmap_2_5, kmap_atomic_to_page_is_25)
{
	boot_2_5("CONFIG_HIGHPTE=y");
	struct page *page = alloc_page(GFP_HIGHUSER);
	vaddr_t v;
	u64 c0;

	cr_assert(page);
	v = kmap_atomic(page, KM_PTE0);
	c0 = code();
	cr_assert_eq(kmap_atomic_to_page(v + 8), page);
	cr_assert_eq(code() - c0, 25);
	kunmap_atomic(v, KM_PTE0);
	__free_page(page);
	test_shutdown();
}

Test(kmap_2_5, highmem_page_address_is_33_and_7_an_entry)
{
	boot_2_5("CONFIG_HIGHPTE=n");
	struct page *page = alloc_page(GFP_HIGHUSER);
	vaddr_t v;
	u64 c0;

	cr_assert(page && PageHighMem(page));
	/* Not kmapped: an empty bucket (the pool is empty after boot). */
	c0 = code();
	cr_assert_eq(page_address(page), 0);
	cr_assert_eq(code() - c0, 33);
	/* kmapped: found at the bucket's first entry. */
	v = kmap(page);
	c0 = code();
	cr_assert_eq(page_address(page), v);
	cr_assert_eq(code() - c0, 33 + 7);
	kunmap(page);
	__free_page(page);
	test_shutdown();
}

/*
 * The pte_chain helpers: a preallocation served by the CPU's spare is
 * pte_chain_alloc's 10 instructions and no slab call; parking a block is
 * __pte_chain_free's 19.
 */
Test(kmap_2_5, pte_chain_alloc_10_and_free_19)
{
	boot_2_5("CONFIG_HIGHPTE=n");
	vaddr_t pc = pte_chain_alloc(GFP_KERNEL);
	u64 c0;

	cr_assert(pc);
	c0 = code();
	pte_chain_free(pc);
	cr_assert_eq(code() - c0, 19);
	c0 = code();
	cr_assert_eq(pte_chain_alloc(GFP_KERNEL), pc);
	cr_assert_eq(code() - c0, 10);
	pte_chain_free(pc);
	test_shutdown();
}
