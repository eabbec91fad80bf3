/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The page cache's index as the board's kernel builds it (kernel_data=
 * mem_map): mapping->page_tree, a radix tree of 64-slot nodes (2.5.73,
 * 3.14) or the xarray's xa_node (5.x), each node a slab object at a
 * simulated address.  The host array of struct address_space still
 * answers every lookup; this shadow decides which nodes exist, allocates
 * and frees them as Linux's radix_tree_insert / radix_tree_delete do, and
 * charges each field Linux's walk reads or writes (docs/kernel-objects.md
 * section 3).  With kernel_data=host nothing here runs.
 *
 * Modelled coarsely: 3.14's radix_tree_shrink (a top node whose only
 * child is slot 0 is not collapsed until the tree empties), the tags
 * (3.14's tag_get on insert is charged, no tag is ever set: tmpfs pages
 * are never under writeback), and the root's own fields (the
 * address_space is not placed).
 */
#ifndef VMSPLIT_MM_PAGE_TREE_H
#define VMSPLIT_MM_PAGE_TREE_H

#include "base/types.h"

struct address_space;

/* The tree's shape; kept in struct address_space, zero when empty. */
#define PAGE_TREE_MAX_HEIGHT 6	/* 64^6 > 2^32 indices */

struct page_tree {
	u32 height;			/* radix_tree_root.height */
	vaddr_t *node[PAGE_TREE_MAX_HEIGHT];	/* [level][prefix], 0: none */
	u8 *count[PAGE_TREE_MAX_HEIGHT];	/* children of each node */
	unsigned long nr[PAGE_TREE_MAX_HEIGHT];	/* entries allocated */
};

/* Is the shadow on (kernel_data=mem_map, between init and exit)? */
bool page_tree_enabled(void);
/* Its node cache (radix_tree_node_cachep), for the tests' counts. */
struct kmem_cache *page_tree_node_cache(void);

/* radix_tree_lookup_slot's reads for @index (find_get_page). */
void page_tree_lookup(struct address_space *as, unsigned long index);
/* radix_tree_insert at @index: 0, or -ENOMEM when a node cannot be had. */
int page_tree_insert(struct address_space *as, unsigned long index);
/* radix_tree_delete at @index, freeing the nodes it empties. */
void page_tree_delete(struct address_space *as, unsigned long index);
/* Host side of @as's tree (after every page left it). */
void page_tree_release(struct address_space *as);

/* radix_tree_init: the node cache (mm_subsys_init); exit: gone again,
 * every node freed (before the end-of-run page audit); forget: an
 * abandoned kernel's (slab_forget frees the cache itself). */
void page_tree_init(void);
void page_tree_exit(void);
void page_tree_forget(void);

#endif
