// SPDX-License-Identifier: GPL-2.0-only
#include "mm/kmalloc.h"

#include <string.h>

#include "base/panic.h"
#include "hw/machine.h"
#include "mm/highmem.h"
#include "mm/mm_types.h"
#include "mm/slab.h"

#define KMALLOC_MIN_SHIFT 5
#define KMALLOC_MAX_SHIFT 12
#define NR_KMALLOC (KMALLOC_MAX_SHIFT - KMALLOC_MIN_SHIFT + 1)
#define KMALLOC_MAX_CACHE_SIZE (1u << KMALLOC_MAX_SHIFT)

static struct kmem_cache *kmalloc_caches[NR_KMALLOC];
static const char *const kmalloc_names[NR_KMALLOC] = {
	"kmalloc-32",  "kmalloc-64",   "kmalloc-128",  "kmalloc-256",
	"kmalloc-512", "kmalloc-1024", "kmalloc-2048", "kmalloc-4096",
};

void kmalloc_init(void)
{
	for (int i = 0; i < NR_KMALLOC; i++)
		kmalloc_caches[i] = kmem_cache_create(
			kmalloc_names[i], 1u << (i + KMALLOC_MIN_SHIFT),
			1u << MIN(i + KMALLOC_MIN_SHIFT, 6));
}

void kmalloc_exit(void)
{
	for (int i = 0; i < NR_KMALLOC; i++) {
		if (kmalloc_caches[i])
			kmem_cache_destroy(kmalloc_caches[i]);
		kmalloc_caches[i] = NULL;
	}
}

void kmalloc_forget(void)
{
	memset(kmalloc_caches, 0, sizeof(kmalloc_caches));
}

static int kmalloc_index(u32 size)
{
	for (int i = 0; i < NR_KMALLOC; i++)
		if (size <= 1u << (i + KMALLOC_MIN_SHIFT))
			return i;
	return -1;
}

static unsigned int get_order(u32 size)
{
	unsigned int order = 0;

	while ((PAGE_SIZE << order) < size)
		order++;
	return order;
}

/*
 * kmalloc_large (3.14-3.16 mm/slub.c kmalloc_large_node, mm/slab_common.c
 * kmalloc_order): past the largest cache, a compound block of
 * get_order(@size) pages straight from the buddy allocator, lowmem
 * whatever @gfp says (kmalloc never takes __GFP_HIGHMEM).  The order is
 * where set_compound_order keeps it, in the first tail page.
 *
 * Coarse: SLUB's caches end at 2 pages (KMALLOC_SHIFT_HIGH = PAGE_SHIFT +
 * 1), the model's at one, so 4097-8192 bytes come from here as an order-1
 * block where SLUB has kmalloc-8192; SLAB (2.5.73, 5.x) caches sizes up
 * to 128 KiB (2.5.73) or 4 MiB (5.x) in slabs of their own, the model
 * takes them here too.  Only the Kirkwood's send path asks (a TSO skb
 * linearized, issue 32).
 */
unsigned int kmalloc_large_last_order;

static vaddr_t kmalloc_large(u32 size, gfp_t gfp)
{
	unsigned int order = get_order(size);
	struct page *page;

	if (order >= MAX_ORDER)
		return 0;
	page = alloc_pages((gfp & ~__GFP_HIGHMEM) | __GFP_COMP, order);
	if (!page)
		return 0;
	hw_event(this_cpu(), EV_kmalloc_large);
	kmalloc_large_last_order = order;
	set_page_flag(page, PG_head);
	page[1].private = order;
	return page_address(page);
}

vaddr_t kmalloc(u32 size, gfp_t gfp)
{
	int i;

	if (size > KMALLOC_MAX_CACHE_SIZE)
		return kmalloc_large(size, gfp);
	i = kmalloc_index(size ? size : 1);
	return kmem_cache_alloc(kmalloc_caches[i], gfp);
}

u32 ksize(vaddr_t objp)
{
	struct kmem_cache *cachep = virt_to_cache(objp);
	struct page *page;

	if (cachep)
		return kmem_cache_size(cachep);
	page = virt_to_page(objp);
	BUG_ON(!test_page_flag(page, PG_head));
	return PAGE_SIZE << page[1].private;
}

/*
 * kfree finds the cache from the object's slab page; a page that is no
 * slab's is a kmalloc_large block, freed whole (SLUB's kfree:
 * !PageSlab, then __free_pages of compound_order).
 */
void kfree(vaddr_t objp)
{
	struct kmem_cache *cachep;

	if (!objp)
		return;
	cachep = virt_to_cache(objp);
	if (!cachep) {
		struct page *page = virt_to_page(objp);
		unsigned int order = (unsigned int)page[1].private;

		if (!test_page_flag(page, PG_head) ||
		    objp != page_address(page))
			panic("kfree: %#x was not kmalloc'ed", objp);
		clear_page_flag(page, PG_head);
		page[1].private = 0;
		__free_pages(page, order);
		return;
	}
	for (int i = 0; cachep && i < NR_KMALLOC; i++)
		if (kmalloc_caches[i] == cachep) {
			kmem_cache_free(cachep, objp);
			return;
		}
	panic("kfree: %#x was not kmalloc'ed", objp);
}
