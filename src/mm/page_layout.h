/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct page as the board's kernel lays it out (its size and the offsets
 * of the fields the modelled paths touch), for kernel_data=mem_map: each
 * field access the model makes to a struct page is charged through the
 * TLB and caches at mem_map_kva + index * size + offset, so that the
 * lines shared by neighbouring struct pages and the cold lines of a
 * split or a merge are the target's.  The host keeps the values (struct
 * page in mm/mm_types.h); the simulated bytes are only the place.
 *
 * Sources: docs/kernel-objects.md section 1, read from each kernel's
 * headers by hand (no pahole run; a debug build of each is the check).
 */
#ifndef VMSPLIT_MM_PAGE_LAYOUT_H
#define VMSPLIT_MM_PAGE_LAYOUT_H

#include "base/types.h"

/* The struct page fields the model's paths touch. */
enum page_field {
	PF_flags,
	PF_count,	/* _count / _refcount */
	PF_mapcount,	/* _mapcount (3.14, 5.7: also PageBuddy's mark) */
	PF_mapping,
	PF_index,
	PF_lru,		/* lru.next, lru.prev (2.5.73: the buddy's list) */
	PF_private,	/* the buddy order */
	PF_pte,		/* 2.5.73: pte.direct / pte.chain (the rmap) */
	NR_PAGE_FIELDS
};

struct page_layout {
	const char *kernel;
	u8 size;
	u8 off[NR_PAGE_FIELDS];
	u8 len[NR_PAGE_FIELDS];
};

/*
 * The layout of the kernel that @kernel_version (KERNEL_VERSION) names on
 * @arm (else i386), with @highpte for 2.5.73's pte_addr_t.
 */
const struct page_layout *page_layout_of(bool arm, u32 kernel_version,
					 bool highpte);

#endif
