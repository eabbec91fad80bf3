// SPDX-License-Identifier: GPL-2.0-only
#include "mm/filemap.h"

#include <stdlib.h>
#include <string.h>

#include "arch/cacheflush.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/gfp.h"
#include "mm/page_touch.h"

struct address_space *address_space_create(const char *name,
					   unsigned long max_pages)
{
	struct address_space *as = calloc(1, sizeof(*as));

	if (!as)
		return NULL;
	if (max_pages) {
		as->pages = calloc(max_pages, sizeof(*as->pages));
		if (!as->pages) {
			free(as);
			return NULL;
		}
	}
	as->name = name;
	as->nr_slots = max_pages;
	as->nr_alloc = max_pages;
	as->refs = 1;
	return as;
}

void address_space_get(struct address_space *as)
{
	as->refs++;
}

void address_space_put(struct address_space *as)
{
	if (--as->refs > 0)
		return;
	BUG_ON(as->refs < 0);
	if (as->i_mmap)
		panic("address_space_put: %s freed while a VMA maps it",
		      as->name);
	for (unsigned long i = 0; i < as->nr_slots; i++) {
		struct page *page = as->pages[i];

		if (!page)
			continue;
		if (page_count(page) != 1)
			panic("address_space_put: %s page %lu still has %d references",
			      as->name, i, page_count(page));
		/* truncate_inode_pages: each page leaves the tree. */
		page_tree_delete(as, i);
		page->mapping = NULL;
		put_page(page);
	}
	page_tree_release(as);
	free(as->pages);
	free(as);
}

int address_space_resize(struct address_space *as, unsigned long nr_slots)
{
	if (nr_slots > as->nr_alloc) {
		unsigned long n = MAX(nr_slots, 2 * as->nr_alloc);
		struct page **pages = realloc(as->pages, n * sizeof(*pages));

		if (!pages)
			return -ENOMEM;
		memset(pages + as->nr_alloc, 0,
		       (n - as->nr_alloc) * sizeof(*pages));
		as->pages = pages;
		as->nr_alloc = n;
	}
	for (unsigned long i = nr_slots; i < as->nr_slots; i++)
		if (as->pages[i])
			panic("address_space_resize: %s page %lu is still cached",
			      as->name, i);
	as->nr_slots = nr_slots;
	return 0;
}

struct page *find_get_page(struct address_space *as, unsigned long index)
{
	CC_SCOPE(find_get_page);
	struct page *page;

	charge(CODE_find_get_page);
	if (index >= as->nr_slots)
		return NULL;
	page_tree_lookup(as, index);
	page = as->pages[index];
	if (page)
		get_page(page);
	return page;
}

int add_to_page_cache(struct page *page, struct address_space *as,
		      unsigned long index)
{
	if (index >= as->nr_slots)
		return -EINVAL;
	if (as->pages[index])
		return -EEXIST;
	charge(CODE_add_to_page_cache);
	if (page_tree_insert(as, index))
		return -ENOMEM;
	/* __set_page_locked, page_cache_get, then mapping and index (the
	 * radix tree's walk: page_tree_insert above). */
	page_touch(page, PF_flags, true);
	get_page(page);
	page_touch(page, PF_mapping, true);
	page_touch(page, PF_index, true);
	page->mapping = as;
	page->index = index;
	as->pages[index] = page;
	return 0;
}

void delete_from_page_cache(struct page *page)
{
	struct address_space *as = page->mapping;

	if (!as || page->index >= as->nr_slots ||
	    as->pages[page->index] != page)
		panic("delete_from_page_cache: page %#lx is not in a page cache",
		      page_to_pfn(page));
	page_tree_delete(as, page->index);
	as->pages[page->index] = NULL;
	/* __delete_from_page_cache: page->mapping = NULL. */
	page_touch(page, PF_mapping, true);
	page->mapping = NULL;
	put_page(page);
}

struct page *shmem_getpage(struct address_space *as, unsigned long index)
{
	CC_SCOPE(shmem_getpage);
	struct page *page = find_get_page(as, index);

	if (page || index >= as->nr_slots)
		return page;
	page = alloc_page(gfp_highuser(HM_PAGE_CACHE) | __GFP_ZERO);
	if (!page)
		return NULL;
	/* The page cache holds one reference, the caller (ours) another. */
	if (add_to_page_cache(page, as, index)) {
		__free_page(page);
		return NULL;
	}
	/*
	 * shmem_getpage_gfp: clear_highpage then flush_dcache_page.  Nobody
	 * maps the new page yet, so that only clears PG_dcache_clean; the
	 * zeroes still dirty under the kernel's alias are written back when
	 * the page gets mapped (update_mmu_cache).
	 */
	flush_dcache_page(page);
	return page;
}
