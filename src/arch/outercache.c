// SPDX-License-Identifier: GPL-2.0-only
#include "arch/outercache.h"

#include "arch/cache-feroceon-l2.h"
#include "base/panic.h"
#include "config/runtime.h"

struct outer_cache_fns outer_cache;

void outer_cache_init(void)
{
	outer_cache = (struct outer_cache_fns){ 0 };
	switch (platform()->outer_cache) {
	case OUTER_CACHE_NONE:
		return;
	case OUTER_CACHE_FEROCEON_L2:
		feroceon_l2_init();
		return;
	}
	panic("outer_cache_init: %s names an unknown outer cache (%d)",
	      platform()->name, (int)platform()->outer_cache);
}
