/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The page cache (mm/filemap.c): an address_space maps file page indices to
 * pages.  Program images, shared memory objects and tmpfs files are backed
 * by one.  shmem_getpage fills a missing page zeroed from GFP_HIGHUSER (the
 * fault path); tmpfs's write path inserts its own pages with
 * add_to_page_cache and removes them with delete_from_page_cache.
 *
 * The index lookup is a host array that grows with the file; its code (a
 * radix-tree walk in Linux) is the find_get_page code cost, and under
 * kernel_data=mem_map the nodes it walks are placed and touched
 * (mm/page_tree.h).  Valid indices
 * are [0, nr_slots): a fault beyond them is SIGSEGV (SIGBUS in Linux).
 */
#ifndef VMSPLIT_MM_FILEMAP_H
#define VMSPLIT_MM_FILEMAP_H

#include "mm/mm_types.h"
#include "mm/page_tree.h"

struct vm_area_struct;

struct address_space {
	const char *name;
	struct page **pages;	/* [index], NULL where not cached */
	unsigned long nr_slots;	/* valid indices */
	unsigned long nr_alloc;	/* size of pages[] (>= nr_slots) */
	int refs;		/* users (VMAs, files, inodes) */
	/*
	 * i_mmap: every VMA mapping this object, newest first (host list;
	 * Linux keeps an interval tree by pgoff, whose walk rmap charges).
	 */
	struct vm_area_struct *i_mmap;
	/* page_tree: the radix tree's shape under kernel_data=mem_map. */
	struct page_tree tree;
};

/* A new, empty address space with room for @max_pages; NULL on -ENOMEM. */
struct address_space *address_space_create(const char *name,
					   unsigned long max_pages);
void address_space_get(struct address_space *as);
/* Drop a user; the last one drops the cached pages. */
void address_space_put(struct address_space *as);

/*
 * address_space_resize - make the valid indices [0, @nr_slots).  Growing
 * may reallocate the host array (geometrically); shrinking requires that
 * no page is cached at or beyond @nr_slots (truncate first).
 * Return: 0, or -ENOMEM if the host array cannot grow (nothing changed).
 */
int address_space_resize(struct address_space *as, unsigned long nr_slots);

/* find_get_page - the cached page at @index with a reference, or NULL. */
struct page *find_get_page(struct address_space *as, unsigned long index);

/*
 * add_to_page_cache - insert @page at @index; the page cache takes its own
 * reference.  Return: 0, -EINVAL beyond nr_slots, -EEXIST if occupied,
 * -ENOMEM if a radix-tree node cannot be had (kernel_data=mem_map).
 */
int add_to_page_cache(struct page *page, struct address_space *as,
		      unsigned long index);

/*
 * delete_from_page_cache - remove @page from its address_space and drop
 * the page cache's reference (the 3.x behaviour: it ends in
 * page_cache_release).  The caller must not rely on @page afterwards
 * unless it holds a reference of its own.
 */
void delete_from_page_cache(struct page *page);

/*
 * shmem_getpage - find_get_page, allocating (zeroed, GFP_HIGHUSER) and
 * inserting a missing page.  Return: the page with a reference, or NULL if
 * @index is out of range or memory is exhausted.
 */
struct page *shmem_getpage(struct address_space *as, unsigned long index);

#endif
