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

vaddr_t dentry_hashtable;
u32 d_hash_shift;

/*
 * alloc_large_system_hash (mm/page_alloc.c, 3.14 and 5.7) for the dentry
 * cache: numentries = nr_kernel_pages (lowmem less mem_map), rounded up
 * to a MiB of pages, shifted by scale 13 - PAGE_SHIFT, then
 * roundup_pow_of_two; each bucket an hlist_bl_head of 4 bytes; taken
 * from memblock (HASH_EARLY), cache-line aligned.
 */
static void dcache_hash_init(phys_addr_t low_end, u64 map_bytes)
{
	u64 pages = ((u64)low_end >> PAGE_SHIFT) - layout.min_pfn -
		    DIV_ROUND_UP(map_bytes, PAGE_SIZE);
	u64 n = (pages + 255) / 256 * 256 >> 1;
	u32 bits = 0;
	phys_addr_t pa;

	while ((1ull << bits) < n)
		bits++;
	pa = memblock_alloc((u64)4 << bits, 64, low_end);
	dentry_hashtable = __va(pa);
	d_hash_shift = bits;
}

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
	if (pl && page_touch_kernel() != LAYOUT_2_5_73)
		dcache_hash_init(low_end, map_bytes);
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
	dentry_hashtable = 0;
	d_hash_shift = 0;
	page_touch_exit();
	zone_pcp_exit();
	kmap_exit();
	free_area_exit();
	memblock_reset();
}
