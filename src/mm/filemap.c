// SPDX-License-Identifier: GPL-2.0-only
#include "mm/filemap.h"

#include <stdlib.h>

#include "base/panic.h"
#include "config/runtime.h"
#include "mm/gfp.h"

struct address_space *address_space_create(const char *name,
					   unsigned long max_pages)
{
	struct address_space *as = calloc(1, sizeof(*as));

	if (!as)
		return NULL;
	as->pages = calloc(max_pages, sizeof(*as->pages));
	if (!as->pages) {
		free(as);
		return NULL;
	}
	as->name = name;
	as->nr_slots = max_pages;
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
	for (unsigned long i = 0; i < as->nr_slots; i++) {
		struct page *page = as->pages[i];

		if (!page)
			continue;
		if (page_count(page) != 1)
			panic("address_space_put: %s page %lu still has %d references",
			      as->name, i, page_count(page));
		page->mapping = NULL;
		put_page(page);
	}
	free(as->pages);
	free(as);
}

struct page *find_get_page(struct address_space *as, unsigned long index)
{
	CC_SCOPE(find_get_page);
	struct page *page;

	charge(CODE_find_get_page);
	if (index >= as->nr_slots)
		return NULL;
	page = as->pages[index];
	if (page)
		get_page(page);
	return page;
}

struct page *shmem_getpage(struct address_space *as, unsigned long index)
{
	CC_SCOPE(shmem_getpage);
	struct page *page = find_get_page(as, index);

	if (page || index >= as->nr_slots)
		return page;
	page = alloc_page(GFP_HIGHUSER | __GFP_ZERO);
	if (!page)
		return NULL;
	/* The page cache holds one reference, the caller another. */
	page->mapping = as;
	page->index = index;
	as->pages[index] = page;
	as->nrpages++;
	get_page(page);
	return page;
}
