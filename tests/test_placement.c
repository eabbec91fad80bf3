// SPDX-License-Identifier: GPL-2.0-only
/*
 * placement=N (mm/placement.h): N lowmem pages held from boot to
 * shutdown move every later allocation to other frames, and a run with
 * them shuts down as clean as one without.
 */
#include "helpers.h"

#include "base/errno.h"
#include "config/settings.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mmzone.h"
#include "mm/placement.h"
#include "platforms/platform.h"

/* The pfn the first lowmem page allocated after boot gets, and the free
 * page count boot leaves, with @words. */
static void first_page(const char *words, unsigned long *pfn,
		       unsigned long *free)
{
	struct page *page;

	TEST_BOOT("kirkwood-openblocks-a7", words);
	*free = nr_free_pages();
	page = alloc_page(GFP_KERNEL);
	cr_assert(page);
	cr_assert(!PageHighMem(page));
	*pfn = page_to_pfn(page);
	__free_page(page);
	test_shutdown();
}

Test(placement, held_pages_move_later_allocations)
{
	unsigned long pfn0, free0, pfn5, free5;

	first_page("placement=0", &pfn0, &free0);
	first_page("placement=5", &pfn5, &free5);
	cr_assert_eq(free0 - free5, 5);
	cr_assert_neq(pfn5, pfn0);
}

Test(placement, held_until_shutdown_then_freed)
{
	TEST_BOOT("beaglebone-white", "placement=64");
	cr_assert_eq(placement_held(), 64);
	/* The end-of-run audit counts them as boot's, not as a leak. */
	test_shutdown();
	cr_assert_eq(placement_held(), 0);
}

Test(placement, more_than_lowmem_is_refused)
{
	static struct settings s;
	char err[256];

	settings_default(&s, platform_find("beaglebone-white"));
	cr_assert_eq(settings_parse(&s, "placement=16384", err, sizeof(err)), 0);
	s.mem = 32ull << 20;	/* 8192 pages in all */
	cr_assert_eq(boot_kernel(&s, err, sizeof(err)), -ENOMEM);
	cr_assert(strstr(err, "placement=16384"), "%s", err);
	cr_assert_eq(placement_held(), 0);
}
