/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * placement=N: N lowmem pages taken from the page allocator as soon as it
 * is up and held until shutdown, so that every later allocation -- slab
 * pages, page tables, socket buffers, the page cache -- lands on other
 * frames, and so in other sets of the physically indexed caches.  Not a
 * Linux mechanism: a what-if for how much a result owes to where its
 * pages happen to fall, which on a real board moves from boot to boot.
 */
#ifndef VMSPLIT_MM_PLACEMENT_H
#define VMSPLIT_MM_PLACEMENT_H

#include "base/types.h"

/* Take @n order-0 lowmem pages.  Return: 0, or -ENOMEM (none kept). */
int placement_take(u32 n);

/* Give them back (at shutdown, after the leak audit). */
void placement_release(void);

/* Forget them without a word to the allocator, which is going away with
 * the rest of a kernel that is abandoned. */
void placement_forget(void);

/* How many are held. */
u32 placement_held(void);

#endif
