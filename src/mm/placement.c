// SPDX-License-Identifier: GPL-2.0-only
/*
 * The placement what-if (mm/placement.h).  The pages come from the buddy
 * allocator like any kernel page and are charged as such, before boot
 * resets the counters; their struct page pointers are kept in host memory.
 */
#include "mm/placement.h"

#include <stdlib.h>

#include "base/errno.h"
#include "mm/gfp.h"

static struct page **held;
static u32 nr_held;

int placement_take(u32 n)
{
	placement_release();
	if (!n)
		return 0;
	held = calloc(n, sizeof(*held));
	if (!held)
		return -ENOMEM;
	for (nr_held = 0; nr_held < n; nr_held++) {
		held[nr_held] = alloc_page(GFP_KERNEL);
		if (!held[nr_held]) {
			placement_release();
			return -ENOMEM;
		}
	}
	return 0;
}

void placement_release(void)
{
	for (u32 i = 0; i < nr_held; i++)
		__free_page(held[i]);
	placement_forget();
}

void placement_forget(void)
{
	free(held);
	held = NULL;
	nr_held = 0;
}

u32 placement_held(void)
{
	return nr_held;
}
