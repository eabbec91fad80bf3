/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * GFP flags and the page allocator's interface (include/linux/gfp.h).
 */
#ifndef VMSPLIT_MM_GFP_H
#define VMSPLIT_MM_GFP_H

#include "mm/mm_types.h"

typedef u32 gfp_t;

#define __GFP_DMA 0x01u
#define __GFP_HIGHMEM 0x02u
#define __GFP_WAIT 0x10u	/* may sleep (2.6-era name of __GFP_RECLAIM) */
#define __GFP_HIGH 0x20u	/* may use emergency pools (ALLOC_HIGH) */
#define __GFP_IO 0x40u
#define __GFP_FS 0x80u
#define __GFP_ZERO 0x8000u
#define __GFP_NOWARN 0x200u
#define __GFP_COMP 0x4000u
#define __GFP_NOMEMALLOC 0x10000u	/* no ALLOC_HARDER, no reserves */

#define GFP_ATOMIC (__GFP_HIGH)
#define GFP_NOIO (__GFP_WAIT)
#define GFP_KERNEL (__GFP_WAIT | __GFP_IO | __GFP_FS)
#define GFP_USER GFP_KERNEL
#define GFP_HIGHUSER (GFP_USER | __GFP_HIGHMEM)
#define GFP_DMA __GFP_DMA

/*
 * Who asks for a user page that may lie in highmem (highmem_users=).
 * Anonymous memory and COW copies keep GFP_HIGHUSER at every stage.
 */
enum highmem_user {
	HM_PAGE_CACHE,		/* tmpfs and program images */
	HM_PIPE,		/* pipe buffers (pipe_write) */
};

/*
 * gfp_highuser - GFP_HIGHUSER for @who, or GFP_USER once the plan's stage
 * in force (settings.h: highmem_users) has taken __GFP_HIGHMEM from it:
 * stage 2 from the pipe buffers, stage 3 from the page cache too.
 */
gfp_t gfp_highuser(enum highmem_user who);

/* The highest zone @gfp may use (gfp_zone()). */
static inline enum zone_type gfp_zone(gfp_t gfp)
{
	if (gfp & __GFP_DMA)
		return ZONE_DMA;
	if (gfp & __GFP_HIGHMEM)
		return ZONE_HIGHMEM;
	return ZONE_NORMAL;
}

/**
 * alloc_pages - allocate 2^@order contiguous frames
 * @gfp: GFP flags; the zone is the highest allowed with fallback to lower
 *       zones (HIGHMEM -> NORMAL -> DMA), the local node first
 * @order: 0..MAX_ORDER-1
 *
 * With __GFP_ZERO every frame is cleared through clear_highpage().  An
 * allocation that may not sleep (no __GFP_WAIT) on a 3.x kernel must
 * leave its zone above the watermark 3.16's __zone_watermark_ok computes
 * (the low one, then the min one less ALLOC_HIGH's and ALLOC_HARDER's
 * shares); one that may sleep is not checked (the model reclaims
 * nothing, where the kernel would reclaim before failing).
 * Context: the current CPU's node picks the zonelist.
 * Return: the first page with _refcount 1, or NULL.
 */
struct page *alloc_pages(gfp_t gfp, unsigned int order);

static inline struct page *alloc_page(gfp_t gfp)
{
	return alloc_pages(gfp, 0);
}

/* Drop a reference; the block returns to the buddy lists at zero. */
void __free_pages(struct page *page, unsigned int order);

static inline void __free_page(struct page *page)
{
	__free_pages(page, 0);
}

/*
 * Take / drop a reference to a single page (put_page frees at zero).
 * Each is one atomic on page->_refcount in Linux (page_ref_inc,
 * put_page_testzero): CODE_page_ref, EV_page_ref.
 */
void get_page(struct page *page);
void put_page(struct page *page);
/* Charge one atomic refcount update (for callers that add or subtract
 * more than one, such as a FOLL_PIN's page_ref_add). */
void page_ref_charge(void);

/*
 * Fault injection for tests: when > 0, the nth alloc_pages call from now
 * fails (1 = the next one).
 */
extern unsigned int page_alloc_fail_nth;

#endif
