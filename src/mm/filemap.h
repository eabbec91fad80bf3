/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The page cache (mm/filemap.c): an address_space maps file page indices to
 * pages.  Files come in later (tmpfs implements this interface); for now an
 * address_space is a shmem-like object whose missing pages are allocated
 * zeroed from GFP_HIGHUSER -- program images and shared regions of the
 * process workloads are backed by one.
 *
 * The index lookup is a host array; its cost (a radix-tree walk in Linux)
 * is the find_get_page code cost.
 */
#ifndef VMSPLIT_MM_FILEMAP_H
#define VMSPLIT_MM_FILEMAP_H

#include "mm/mm_types.h"

struct address_space {
	const char *name;
	struct page **pages;	/* [index], NULL where not cached */
	unsigned long nr_slots;	/* size of pages[] */
	unsigned long nrpages;	/* cached pages */
	int refs;		/* users (VMAs, files) */
};

/* A new, empty address space with room for @max_pages; NULL on -ENOMEM. */
struct address_space *address_space_create(const char *name,
					   unsigned long max_pages);
void address_space_get(struct address_space *as);
/* Drop a user; the last one drops the cached pages. */
void address_space_put(struct address_space *as);

/* find_get_page - the cached page at @index with a reference, or NULL. */
struct page *find_get_page(struct address_space *as, unsigned long index);

/*
 * shmem_getpage - find_get_page, allocating (zeroed, GFP_HIGHUSER) and
 * inserting a missing page.  Return: the page with a reference, or NULL if
 * @index is out of range or memory is exhausted.
 */
struct page *shmem_getpage(struct address_space *as, unsigned long index);


#endif
