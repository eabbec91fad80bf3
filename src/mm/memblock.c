// SPDX-License-Identifier: GPL-2.0-only
/*
 * Boot-time reservations (mm/memblock.c).  Before the buddy allocator runs,
 * the kernel image, the boot page tables and mem_map itself are carved out
 * of RAM; memblock_free_all() later hands every frame that is not reserved
 * here to the buddy lists.
 *
 * Linux keeps two region arrays, memblock.memory and memblock.reserved.  RAM
 * is one bank in the model, so only the reserved array exists: a short list
 * of ranges kept sorted by base, with touching and overlapping ranges
 * merged, as memblock_add_range() leaves them.
 */
#include "mm/memblock.h"

#include <string.h>

#include "base/panic.h"
#include "hw/machine.h"
#include "mm/mm_types.h"

/* Boot reserves a handful of ranges; Linux starts with 128 slots too. */
#define MEMBLOCK_MAX_REGIONS 128

struct memblock_region {
	phys_addr_t base;
	u64 size;
};

static struct memblock_region reserved[MEMBLOCK_MAX_REGIONS];
static unsigned int nr_reserved;
static bool sealed;

static phys_addr_t region_end(const struct memblock_region *r)
{
	return r->base + r->size;
}

/*
 * Index of the first reserved range that ends above @addr (nr_reserved if
 * none does); the ranges are sorted and disjoint, so a binary search works.
 */
static unsigned int first_ending_above(phys_addr_t addr)
{
	unsigned int lo = 0, hi = nr_reserved;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (region_end(&reserved[mid]) <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void memblock_reserve(phys_addr_t base, u64 size)
{
	phys_addr_t end = base + size;
	unsigned int i, j;

	if (sealed)
		panic("memblock_reserve: %#llx+%#llx after memblock_free_all",
		      (unsigned long long)base, (unsigned long long)size);
	if (!size)
		return;
	if (end < base)
		panic("memblock_reserve: range %#llx+%#llx wraps",
		      (unsigned long long)base, (unsigned long long)size);

	/* reserved[i..j) touch or overlap the new range: fold them in. */
	for (i = 0; i < nr_reserved && region_end(&reserved[i]) < base; i++)
		;
	for (j = i; j < nr_reserved && reserved[j].base <= end; j++) {
		base = MIN(base, reserved[j].base);
		end = MAX(end, region_end(&reserved[j]));
	}

	if (i == j) {
		if (nr_reserved == MEMBLOCK_MAX_REGIONS)
			panic("memblock_reserve: more than %d ranges",
			      MEMBLOCK_MAX_REGIONS);
		memmove(&reserved[i + 1], &reserved[i],
			(nr_reserved - i) * sizeof(reserved[0]));
		nr_reserved++;
	} else if (j > i + 1) {
		memmove(&reserved[i + 1], &reserved[j],
			(nr_reserved - j) * sizeof(reserved[0]));
		nr_reserved -= j - i - 1;
	}
	reserved[i].base = base;
	reserved[i].size = end - base;
}

bool memblock_is_region_reserved(phys_addr_t base, u64 size)
{
	unsigned int i = first_ending_above(base);

	return size && i < nr_reserved && reserved[i].base < base + size;
}

bool memblock_is_reserved(unsigned long pfn)
{
	return memblock_is_region_reserved((phys_addr_t)pfn << PAGE_SHIFT,
					   PAGE_SIZE);
}

bool memblock_next_free_pfn_range(unsigned long pfn, unsigned long limit,
				  unsigned long *start, unsigned long *end)
{
	while (pfn < limit) {
		phys_addr_t pa = (phys_addr_t)pfn << PAGE_SHIFT;
		unsigned int i = first_ending_above(pa);
		phys_addr_t next;

		/* Range i is the first that could touch frame pfn or later. */
		if (i == nr_reserved || reserved[i].base >= pa + PAGE_SIZE) {
			*start = pfn;
			*end = limit;
			if (i < nr_reserved) {
				/* PFN_DOWN: that frame is (partly) reserved. */
				next = reserved[i].base >> PAGE_SHIFT;
				*end = MIN(limit, (unsigned long)next);
			}
			return true;
		}
		/* Frame pfn is (partly) reserved: go past the range, PFN_UP. */
		next = (region_end(&reserved[i]) + PAGE_SIZE - 1) >> PAGE_SHIFT;
		pfn = (unsigned long)next;
	}
	return false;
}

void memblock_seal(void)
{
	sealed = true;
}

/*
 * memblock_alloc - the model of memblock_alloc_range_nid() with the default
 * top-down policy (memblock_find_in_range_node() walking free ranges from
 * the highest one down).
 *
 * The usable window is [first RAM byte, @limit), clipped to the bank and to
 * max_pfn once free_area_init() has set it.  The gaps between reserved
 * ranges are tried from the top; the block goes at the highest @align
 * boundary of the first gap it fits in.  @align 0 means PAGE_SIZE.
 */
phys_addr_t memblock_alloc(u64 size, u64 align, phys_addr_t limit)
{
	phys_addr_t lo = (phys_addr_t)min_pfn << PAGE_SHIFT;
	phys_addr_t hi = limit;
	unsigned int i;

	if (!align)
		align = PAGE_SIZE;
	if (!size || (align & (align - 1)))
		panic("memblock_alloc: bad size %#llx or align %#llx",
		      (unsigned long long)size, (unsigned long long)align);
	if (machine) {
		lo = MAX(lo, machine->ram.base);
		hi = MIN(hi, machine->ram.base + machine->ram.size);
	}
	if (max_pfn)
		hi = MIN(hi, (phys_addr_t)max_pfn << PAGE_SHIFT);

	for (i = nr_reserved;; i--) {
		phys_addr_t gap_hi = i == nr_reserved ?
					     hi :
					     MIN(hi, reserved[i].base);
		phys_addr_t gap_lo = i == 0 ? lo :
					      MAX(lo, region_end(&reserved[i - 1]));

		if (gap_hi > gap_lo && gap_hi - gap_lo >= size) {
			phys_addr_t start = ALIGN_DOWN(gap_hi - size, align);

			if (start >= gap_lo) {
				memblock_reserve(start, size);
				return start;
			}
		}
		if (i == 0)
			break;
	}
	panic("memblock_alloc: no %#llx bytes aligned to %#llx below %#llx",
	      (unsigned long long)size, (unsigned long long)align,
	      (unsigned long long)limit);
}

void memblock_reset(void)
{
	memset(reserved, 0, sizeof(reserved));
	nr_reserved = 0;
	sealed = false;
}
