/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct page and the page-frame helpers (include/linux/mm_types.h,
 * include/linux/mm.h).  struct page is host bookkeeping; the frame it
 * describes is simulated RAM.  The kernel's own mem_map occupies simulated
 * lowmem too (reserved at boot, see mm/memblock.c), so its size still costs
 * lowmem as it does on the real machine.
 */
#ifndef VMSPLIT_MM_MM_TYPES_H
#define VMSPLIT_MM_MM_TYPES_H

#include "base/list.h"
#include "base/types.h"

struct spinlock;

enum zone_type {
	ZONE_DMA,
	ZONE_NORMAL,
	ZONE_HIGHMEM,
	MAX_NR_ZONES
};

/* Page flags (include/linux/page-flags.h), the ones we use. */
enum pageflags {
	PG_reserved,		/* never given to the buddy allocator */
	PG_buddy,		/* free, head of a buddy block (PageBuddy) */
	PG_dirty,
	PG_referenced,
	PG_pgtable,		/* a user page-table (PTE) page */
	PG_direct,		/* rmap: page->pte holds one pte_addr_t */
	PG_chainlock,		/* rmap: pte_chain_lock bit spinlock */
	PG_anon,		/* anonymous (no page-cache mapping) */
	PG_dcache_clean,	/* ARM: no dirty kernel alias in the D-cache */
};

struct page {
	u32 flags;
	s32 _refcount;		/* page_count() */
	s32 _mapcount;		/* -1 = not mapped into user space */
	u8 zone;		/* enum zone_type */
	u8 node;
	u32 private;		/* buddy order while PageBuddy */
	struct list_head lru;	/* buddy free list link */
	/*
	 * Page cache: the address_space and index.  A PTE page records its
	 * mm and the base user address it maps (pgtable_add_rmap, 2.6.0),
	 * so that rmap can find the mm of a PTE.
	 */
	void *mapping;
	unsigned long index;
	/*
	 * 2.5.73 rmap: with PG_direct, the one pte_addr_t mapping this page;
	 * otherwise the kernel VA of the first pte_chain block (0: unmapped).
	 */
	u64 pte;
	/* Split PTE lock of a PTE page (page->ptl), host memory. */
	struct spinlock *ptl;
};

#define MAX_ORDER 11		/* orders 0..10, as Linux 2.6-5.x */

static inline bool test_page_flag(const struct page *p, enum pageflags f)
{
	return p->flags & (1u << f);
}

static inline void set_page_flag(struct page *p, enum pageflags f)
{
	p->flags |= 1u << f;
}

static inline void clear_page_flag(struct page *p, enum pageflags f)
{
	p->flags &= ~(1u << f);
}

#define PageReserved(p) test_page_flag(p, PG_reserved)
#define PageBuddy(p) test_page_flag(p, PG_buddy)

static inline bool PageHighMem(const struct page *p)
{
	return p->zone == ZONE_HIGHMEM;
}

static inline int page_count(const struct page *p)
{
	return p->_refcount;
}

/* The frame table: one struct page per pfn in [min_pfn, max_pfn). */
extern struct page *mem_map;
extern unsigned long min_pfn;		/* ARCH_PFN_OFFSET */
extern unsigned long max_pfn;		/* one past the last RAM pfn */
extern unsigned long max_low_pfn;	/* one past the last lowmem pfn */

static inline bool pfn_valid(unsigned long pfn)
{
	return pfn >= min_pfn && pfn < max_pfn;
}

static inline struct page *pfn_to_page(unsigned long pfn)
{
	return mem_map + (pfn - min_pfn);
}

static inline unsigned long page_to_pfn(const struct page *page)
{
	return (unsigned long)(page - mem_map) + min_pfn;
}

static inline phys_addr_t page_to_phys(const struct page *page)
{
	return (phys_addr_t)page_to_pfn(page) << PAGE_SHIFT;
}

#endif
