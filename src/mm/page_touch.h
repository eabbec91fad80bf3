/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The charge of a struct page field access (kernel_data=mem_map): the
 * model's code keeps the value in host memory and calls page_touch() where
 * Linux's code reads or writes the field, so the line at the struct page's
 * mem_map address (mm/page_layout.h) goes through the TLB and caches.
 * With kernel_data=host (the default) page_touch_layout is NULL and every
 * touch is a test of it.
 */
#ifndef VMSPLIT_MM_PAGE_TOUCH_H
#define VMSPLIT_MM_PAGE_TOUCH_H

#include "base/list.h"
#include "mm/mm_types.h"
#include "mm/page_layout.h"

/* The layout charged, from mm_init to mm_exit; NULL: kernel_data=host. */
extern const struct page_layout *page_touch_layout;

void __page_touch(const struct page *page, enum page_field f, bool write);

static inline void page_touch(const struct page *page, enum page_field f,
			      bool write)
{
	if (unlikely(page_touch_layout))
		__page_touch(page, f, write);
}

/* A read-modify-write of @f (an atomic, a bit operation): the load, then
 * the store. */
static inline void page_touch_rmw(const struct page *page, enum page_field f)
{
	page_touch(page, f, false);
	page_touch(page, f, true);
}

/*
 * The neighbour's half of a list_add or list_del on a list of struct
 * pages: @lh is the link whose next or prev is written -- a struct page's
 * lru, or the list head (a zone's free_area: not yet placed, so free).
 */
void __page_touch_link(const struct list_head *lh);

static inline void page_touch_link(const struct list_head *lh)
{
	if (unlikely(page_touch_layout))
		__page_touch_link(lh);
}

/*
 * The kernel whose object layouts kernel_data=mem_map charges for the
 * other objects (VMAs, mm_struct, stacks, pipes): 2.5.73, 3.14 for 3.x,
 * 5.7 for 5.x and 6.1 (whose own layouts are not derived).
 */
enum layout_kernel {
	LAYOUT_2_5_73,
	LAYOUT_3_14,
	LAYOUT_5_7,
};

enum layout_kernel page_touch_kernel(void);

/* The layout kernel_data=mem_map charges on the booted board, or NULL. */
const struct page_layout *page_touch_layout_wanted(void);

/* mm_init: start charging (after boot's own bookkeeping); mm_exit: stop. */
void page_touch_init(void);
void page_touch_exit(void);

#endif
