// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct page layouts of the modelled kernels (see mm/page_layout.h);
 * every offset from docs/kernel-objects.md section 1.
 */
#include "mm/page_layout.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "config/runtime.h"
#include "config/settings.h"
#include "mm/highmem_internal.h"
#include "mm/mmzone.h"
#include "mm/page_touch.h"
#include "platforms/platform.h"

/*
 * 2.5.73 i386 (include/linux/mm.h): flags 0, count 4, list 8 (the buddy
 * allocator's link: __free_pages_bulk's list_del(&buddy->list)), mapping
 * 16, index 20, lru 24, pte 32 (pte_addr_t: 4 bytes, or 8 under
 * HIGHPTE with HIGHMEM64G), private 36 or 40.  The ARM layouts have no
 * pte field (no pte_chain rmap in their kernels): a pte-chain what-if
 * there charges its _mapcount only.  No _mapcount: 2.5 marks a
 * free buddy in the zone's bitmap, not in struct page.
 */
static const struct page_layout x86_2_5_73 = {
	.kernel = "2.5.73 i386",
	.size = 40,
	.off = { [PF_flags] = 0, [PF_count] = 4, [PF_mapcount] = 4,
		 [PF_mapping] = 16, [PF_index] = 20, [PF_lru] = 8,
		 [PF_private] = 36, [PF_pte] = 32 },
	.len = { [PF_flags] = 4, [PF_count] = 4, [PF_mapcount] = 0,
		 [PF_mapping] = 4, [PF_index] = 4, [PF_lru] = 8,
		 [PF_private] = 4, [PF_pte] = 4 },
};

static const struct page_layout x86_2_5_73_highpte = {
	.kernel = "2.5.73 i386, HIGHPTE",
	.size = 44,
	.off = { [PF_flags] = 0, [PF_count] = 4, [PF_mapcount] = 4,
		 [PF_mapping] = 16, [PF_index] = 20, [PF_lru] = 8,
		 [PF_private] = 40, [PF_pte] = 32 },
	.len = { [PF_flags] = 4, [PF_count] = 4, [PF_mapcount] = 0,
		 [PF_mapping] = 4, [PF_index] = 4, [PF_lru] = 8,
		 [PF_private] = 4, [PF_pte] = 8 },
};

/*
 * 3.14 ARM UP (include/linux/mm_types.h): flags 0, mapping 4, index 8,
 * _mapcount 12 (PageBuddy: PAGE_BUDDY_MAPCOUNT_VALUE), _count 16, lru 20,
 * private 28; 32 bytes, four to a Feroceon line.
 */
static const struct page_layout arm_3_14 = {
	.kernel = "3.14 ARM",
	.size = 32,
	.off = { [PF_flags] = 0, [PF_count] = 16, [PF_mapcount] = 12,
		 [PF_mapping] = 4, [PF_index] = 8, [PF_lru] = 20,
		 [PF_private] = 28 },
	.len = { [PF_flags] = 4, [PF_count] = 4, [PF_mapcount] = 4,
		 [PF_mapping] = 4, [PF_index] = 4, [PF_lru] = 8,
		 [PF_private] = 4 },
};

/*
 * 5.7 ARM, omap2plus (MEMCG=y): flags 0, lru 4, mapping 12, index 16,
 * private 20, _mapcount / page_type 24 (PageBuddy), _refcount 28,
 * mem_cgroup 32; 36 bytes, straddling the A8's 64-byte lines.  [E] 6.1
 * is taken as 5.11's, which docs/kernel-objects.md found equal to 5.7's
 * (memcg_data in mem_cgroup's place); 6.1 itself was not read.
 */
static const struct page_layout arm_5_7 = {
	.kernel = "5.7 ARM (MEMCG)",
	.size = 36,
	.off = { [PF_flags] = 0, [PF_count] = 28, [PF_mapcount] = 24,
		 [PF_mapping] = 12, [PF_index] = 16, [PF_lru] = 4,
		 [PF_private] = 20 },
	.len = { [PF_flags] = 4, [PF_count] = 4, [PF_mapcount] = 4,
		 [PF_mapping] = 4, [PF_index] = 4, [PF_lru] = 8,
		 [PF_private] = 4 },
};

const struct page_layout *page_layout_of(bool arm, u32 kernel_version,
					 bool highpte)
{
	if (!arm)
		return highpte ? &x86_2_5_73_highpte : &x86_2_5_73;
	return kernel_version >= KERNEL_VERSION(5, 0, 0) ? &arm_5_7 :
							   &arm_3_14;
}

const struct page_layout *page_touch_layout;

void __page_touch(const struct page *page, enum page_field f, bool write)
{
	const struct page_layout *pl = page_touch_layout;

	if (pl->len[f])
		kv_touch(page_kva(page) + pl->off[f], pl->len[f], write);
}

void __page_touch_link(const struct list_head *lh)
{
	const struct page *page = container_of(lh, struct page, lru);

	if (in_mem_map(page))
		__page_touch(page, PF_lru, true);
}

const struct page_layout *page_touch_layout_wanted(void)
{
	const struct platform *p = platform();

	if (!config->kernel_data_mem_map)
		return NULL;
	return page_layout_of(p->arch == PLAT_ARM, p->kernel_version,
			      config->highpte);
}

enum layout_kernel page_touch_kernel(void)
{
	u32 v = settings_kernel_version(config);

	return v < KERNEL_VERSION(2, 6, 0) ? LAYOUT_2_5_73 :
	       v < KERNEL_VERSION(5, 0, 0) ? LAYOUT_3_14 :
					     LAYOUT_5_7;
}

void page_touch_init(void)
{
	page_touch_layout = page_touch_layout_wanted();
}

void page_touch_exit(void)
{
	page_touch_layout = NULL;
}
