// SPDX-License-Identifier: GPL-2.0-only
/* The mapping a copy takes, by design (see kmap_copy.h). */
#include "mm/kmap_copy.h"

#include "mm/emap.h"
#include "mm/highmem_internal.h"
#include "mm/page_touch.h"
#include "mm/sf_buf.h"

/* The design's mapping of highmem @page, 0 when it has none free. */
static vaddr_t design_map(struct page *page)
{
	struct sf_buf *sf;

	if (emap_active())
		return emap_map_copy(page);
	sf = sf_buf_alloc(page, SFB_CPUPRIVATE | SFB_NOWAIT);
	return sf ? sf_buf_kva(sf) : 0;
}

vaddr_t kmap_copy(struct page *page, enum km_type type)
{
	vaddr_t va;

	if (!sf_buf_enabled() && !emap_active())
		return kmap_atomic(page, type);
	/* A lowmem page: kmap_atomic, which reads the flags itself. */
	if (!PageHighMem(page))
		return kmap_atomic(page, type);
	page_touch(page, PF_flags, false);	/* PageHighMem */
	/*
	 * sched_pin() for SFB_CPUPRIVATE, the consume's CPU for emap, and
	 * kmap_atomic's page-fault rule for the copy.
	 */
	preempt_disable();
	pagefault_disable();
	va = design_map(page);
	if (va)
		return va;
	pagefault_enable();
	preempt_enable();
	return kmap_atomic(page, type);
}

void kunmap_copy(vaddr_t kaddr, enum km_type type)
{
	if (in_emap_window(kaddr))
		emap_unmap_copy(kaddr);
	else if (in_sfbuf_window(kaddr))
		sf_buf_free(sf_buf_at(kaddr));
	else {
		kunmap_atomic(kaddr, type);
		return;
	}
	pagefault_enable();
	preempt_enable();
}
