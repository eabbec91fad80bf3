/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The chain hints: for each page with a pte_chain, the kernel addresses of
 * its blocks in chain order, kept on the host beside the chain so that
 * page_remove_rmap's scan can ask the host for blocks several steps ahead.
 * A linked list in simulated RAM lets a walk fetch only the next block
 * while it reads the current one; on a chain of thousands of blocks, each
 * a host cache miss, the walk waits on one miss at a time.
 *
 * The hints are host bookkeeping for speed only: the scan still reads
 * every block from simulated RAM, follows the next pointers it finds there
 * and charges every load, and a hint is used for nothing but a host
 * prefetch, so a wrong or missing hint changes no result, only the host
 * time.  They follow the only changes a chain's block list sees: a block
 * pushed as the new head (page_add_rmap) and the head freed when it
 * empties (page_remove_rmap, page_referenced).  Nothing here is charged.
 */
#ifndef VMSPLIT_MM_RMAP_HINT_H
#define VMSPLIT_MM_RMAP_HINT_H

#include "mm/mm_types.h"

/* A page's blocks, tail first: blk[nr - 1] is the head. */
struct chain_hint {
	u32 nr, size;
	vaddr_t blk[];
};

/* chain_hint_init - start with no hints (a previous run's are dropped). */
void chain_hint_init(void);
/* chain_hint_exit - free them. */
void chain_hint_exit(void);

/* chain_hint_push - @pc became @page's head block. */
void chain_hint_push(const struct page *page, vaddr_t pc);
/* chain_hint_pop - @page's head block was freed. */
void chain_hint_pop(const struct page *page);

/* @page's hints, or NULL if it never had a chain. */
const struct chain_hint *chain_hint_of(const struct page *page);

/* chain_hint_for_each - call @fn for every page that ever had a chain,
 * in pfn order. */
void chain_hint_for_each(void (*fn)(struct page *page, void *arg), void *arg);

#endif
