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
	PG_head,		/* head of a kmalloc_large block; its order
				 * in page[1].private (set_compound_order) */
};

/*
 * The boot state of a frame, as memmap_init_zone() leaves every struct page
 * until memblock_free_all(): PG_reserved, _refcount 1, _mapcount -1.  The
 * three words whose boot value is not zero are stored relative to it
 * (flags XOR PAGE_FLAGS_BOOT, the counts less their boot value), so that an
 * all-zero struct page is a frame in its boot state.  mem_map is then an
 * untouched anonymous mapping at boot (mm/mmzone.c): the host pays for the
 * struct pages the run writes, not for every frame of simulated RAM.  The
 * three are renamed with a double underscore so that code written against
 * Linux's page->flags, _refcount and _mapcount fails to compile: go through
 * the accessors below, which speak Linux's values.
 */
#define PAGE_FLAGS_BOOT (1u << PG_reserved)

struct page {
	u32 __flags;		/* page flags ^ PAGE_FLAGS_BOOT */
	s32 __refcount;		/* page_count() - 1 */
	s32 __mapcount;		/* page_mapcount(), i.e. _mapcount + 1 */
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
#define MAX_ORDER_NR_PAGES (1ul << (MAX_ORDER - 1))

/* The frame table: one struct page per pfn in [min_pfn, max_pfn). */
extern struct page *mem_map;
extern unsigned long min_pfn;		/* ARCH_PFN_OFFSET */
extern unsigned long max_pfn;		/* one past the last RAM pfn */
extern unsigned long max_low_pfn;	/* one past the last lowmem pfn */
extern unsigned long max_dma_pfn;	/* one past ZONE_DMA (min_pfn: none) */

/* page->flags as Linux has it. */
static inline u32 page_flags(const struct page *p)
{
	return p->__flags ^ PAGE_FLAGS_BOOT;
}

/* Overwrite every flag at once (prep_new_page, set_buddy_order). */
static inline void set_page_flags(struct page *p, u32 flags)
{
	p->__flags = flags ^ PAGE_FLAGS_BOOT;
}

static inline bool test_page_flag(const struct page *p, enum pageflags f)
{
	return page_flags(p) & (1u << f);
}

static inline void set_page_flag(struct page *p, enum pageflags f)
{
	set_page_flags(p, page_flags(p) | 1u << f);
}

static inline void clear_page_flag(struct page *p, enum pageflags f)
{
	set_page_flags(p, page_flags(p) & ~(1u << f));
}

#define PageReserved(p) test_page_flag(p, PG_reserved)
#define PageBuddy(p) test_page_flag(p, PG_buddy)

/* include/linux/page_ref.h: page_count() and the operations on it. */
static inline int page_count(const struct page *p)
{
	return p->__refcount + 1;
}

static inline void set_page_count(struct page *p, int v)
{
	p->__refcount = v - 1;
}

static inline void page_ref_add(struct page *p, int nr)
{
	p->__refcount += nr;
}

static inline void page_ref_sub(struct page *p, int nr)
{
	p->__refcount -= nr;
}

static inline void page_ref_inc(struct page *p)
{
	page_ref_add(p, 1);
}

static inline void page_ref_dec(struct page *p)
{
	page_ref_sub(p, 1);
}

/* Return: the count left (put_page_testzero tests it for zero). */
static inline int page_ref_dec_return(struct page *p)
{
	page_ref_sub(p, 1);
	return page_count(p);
}

/*
 * page_mapcount() - the number of user PTEs mapping the page; Linux keeps
 * it as _mapcount + 1, with _mapcount -1 for an unmapped page.
 */
static inline int page_mapcount(const struct page *p)
{
	return p->__mapcount;
}

/* page_mapcount_reset(): _mapcount = -1, mapped nowhere. */
static inline void page_mapcount_reset(struct page *p)
{
	p->__mapcount = 0;
}

/*
 * atomic_inc_and_test(&page->_mapcount) in page_add_rmap: one more
 * mapping.  Return: true when this is the first (the page became mapped).
 */
static inline bool page_mapcount_inc(struct page *p)
{
	return ++p->__mapcount == 1;
}

/*
 * atomic_add_negative(-1, &page->_mapcount) in page_remove_rmap: one
 * mapping fewer.  Return: true when it was the last.
 */
static inline bool page_mapcount_dec(struct page *p)
{
	return --p->__mapcount == 0;
}

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

/*
 * page_zonenum() - the zone type of a frame.  Linux keeps it in the top
 * bits of page->flags, written for every frame by memmap_init_zone(); the
 * zones are contiguous pfn ranges in this model (ZONE_DMA below
 * max_dma_pfn, ZONE_NORMAL below max_low_pfn, ZONE_HIGHMEM above), so it is
 * computed from the pfn and boot writes nothing.
 */
static inline enum zone_type page_zonenum(const struct page *page)
{
	unsigned long pfn = page_to_pfn(page);

	if (pfn >= max_low_pfn)
		return ZONE_HIGHMEM;
	return pfn >= max_dma_pfn ? ZONE_NORMAL : ZONE_DMA;
}

static inline bool PageHighMem(const struct page *p)
{
	return page_to_pfn(p) >= max_low_pfn;
}

#endif
