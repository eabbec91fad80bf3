// SPDX-License-Identifier: GPL-2.0-only
/*
 * mm bring-up (start_kernel -> setup_arch -> paging_init, mm_init): reserve
 * what boot already uses, build the kernel page tables, hand the rest of RAM
 * to the buddy allocator and set up the kmap machinery.
 */
#include "mm/init.h"

#include "arch/layout.h"
#include "arch/pgtable.h"
#include "config/runtime.h"
#include "mm/highmem.h"
#include "mm/highmem_internal.h"
#include "mm/memblock.h"
#include "mm/mmzone.h"
#include "mm/page_touch.h"

int mm_init(void)
{
	struct mem_layout ml = {
		.min_pfn = layout.min_pfn,
		.max_pfn = layout.max_pfn,
		.max_dma_pfn = layout.max_dma_pfn,
		.max_low_pfn = layout.max_low_pfn,
		.nodes = machine->ram.nodes,
	};
	const struct page_layout *pl = page_touch_layout_wanted();
	phys_addr_t low_end = (phys_addr_t)layout.max_low_pfn << PAGE_SHIFT;
	u64 map_bytes;
	phys_addr_t map;
	int err;

	/* kernel_data=mem_map: the kernel's own struct page, its size too. */
	if (pl)
		layout.struct_page_size = pl->size;
	map_bytes = (u64)(layout.max_pfn - layout.min_pfn) *
		    layout.struct_page_size;

	memblock_reset();
	/* The kernel image, with swapper_pg_dir 16 KiB in (ARM). */
	memblock_reserve(layout.phys_offset, layout.kernel_image_size);
	/* mem_map lives in lowmem: every struct page costs lowmem. */
	map = memblock_alloc(map_bytes, PAGE_SIZE, low_end);
	mem_map_kva = __va(map);
	paging_init();
	err = free_area_init(&ml);
	if (err)
		return err;
	memblock_free_all();
	zone_pcp_init(config->pcp_lists);
	kmap_init();
	/* Boot's own struct page writes go uncharged, as boot itself. */
	page_touch_init();
	return 0;
}

void mm_exit(void)
{
	page_touch_exit();
	zone_pcp_exit();
	kmap_exit();
	free_area_exit();
	memblock_reset();
}
