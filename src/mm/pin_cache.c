// SPDX-License-Identifier: GPL-2.0-only
/* The pinned-user-page cache (see pin_cache.h). */
#include "mm/pin_cache.h"

#include <stdlib.h>

#include "arch/kv.h"
#include "arch/pgtable.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "mm/gfp.h"
#include "mm/gup.h"
#include "mm/kmalloc.h"
#include "mm/mm.h"
#include "mm/mm_types.h"

/* One entry as the kernel would keep it: the page's address, the page,
 * the access it was pinned for (12 bytes on a 32-bit kernel). */
#define ENTRY_BYTES 12u

struct pin_cache_entry {
	vaddr_t va;		/* page-aligned; 0: empty */
	struct page *page;
	bool write;
	u64 used;		/* the cache's clock at its last hit */
};

struct pin_cache {
	u32 n;			/* entries (pin_cache=) */
	u64 clock;
	vaddr_t kva;		/* the kmalloc'd array the entries live in */
	struct pin_cache_entry e[PIN_CACHE_MAX];
};

/* An entry dropped: its pin goes. */
static void drop(struct pin_cache *pc, u32 i)
{
	kv_touch(pc->kva + i * ENTRY_BYTES, ENTRY_BYTES, true);
	hw_event(this_cpu(), EV_pin_cache_unpin);
	unpin_user_page(pc->e[i].page);
	pc->e[i] = (struct pin_cache_entry){ 0 };
}

/*
 * The checker: a hit must be what the page tables say now -- the PTE of
 * @va present, mapping the cached page, writable for a write.
 */
static void check_hit(struct mm_struct *mm, const struct pin_cache_entry *e,
		      bool write)
{
	unsigned long ptpfn = pgtable->pmd_pfn_phys(mm->pgd, e->va);
	phys_addr_t slot;
	pte_t pte;

	if (ptpfn) {
		slot = ((phys_addr_t)ptpfn << PAGE_SHIFT) +
		       pte_offset_in_page(e->va);
		pte = pte_read_phys(slot);
		if (pte_present(pte) && pte_pfn(pte) == page_to_pfn(e->page) &&
		    (!write || pte_write(pte)))
			return;
	}
	panic("pin_cache: VA %#x is cached pinned to pfn %#lx but the tables no longer map it so (a missing invalidation)",
	      e->va, page_to_pfn(e->page));
}

struct page *pin_cache_get(struct mm_struct *mm, vaddr_t va, bool write,
			   unsigned int gup_flags)
{
	struct pin_cache *pc = mm->pin_cache;
	struct page *page;
	u32 victim = 0;

	va &= PAGE_MASK;
	if (!pc) {
		pc = calloc(1, sizeof(*pc));
		if (!pc)
			panic("pin_cache: host out of memory");
		pc->n = config->pin_cache;
		pc->kva = kmalloc(pc->n * ENTRY_BYTES, GFP_KERNEL | __GFP_ZERO);
		if (!pc->kva) {
			free(pc);
			return NULL;
		}
		mm->pin_cache = pc;
	}
	pc->clock++;
	for (u32 i = 0; i < pc->n; i++) {
		struct pin_cache_entry *e = &pc->e[i];

		charge(CODE_find_vma_step);
		kv_touch(pc->kva + i * ENTRY_BYTES, ENTRY_BYTES, false);
		if (e->va == va && e->page && (e->write || !write)) {
			if (unlikely(machine->checks))
				check_hit(mm, e, write);
			e->used = pc->clock;
			hw_event(this_cpu(), EV_pin_cache_hit);
			return e->page;
		}
		if (!e->page || (pc->e[victim].page &&
				 e->used < pc->e[victim].used))
			victim = i;
	}
	hw_event(this_cpu(), EV_pin_cache_miss);
	if (pin_user_pages(va, 1, (write ? FOLL_WRITE : 0) | gup_flags,
			   &page) != 1)
		return NULL;
	/* A read pin of the same page makes way for the write pin. */
	for (u32 i = 0; i < pc->n; i++)
		if (pc->e[i].page && pc->e[i].va == va) {
			victim = i;
			break;
		}
	if (pc->e[victim].page)
		drop(pc, victim);
	pc->e[victim] = (struct pin_cache_entry){ .va = va, .page = page,
						  .write = write,
						  .used = pc->clock };
	kv_touch(pc->kva + victim * ENTRY_BYTES, ENTRY_BYTES, true);
	return page;
}

void pin_cache_invalidate(struct mm_struct *mm, vaddr_t start, vaddr_t end)
{
	struct pin_cache *pc = mm->pin_cache;

	if (!pc)
		return;
	for (u32 i = 0; i < pc->n; i++) {
		charge(CODE_find_vma_step);
		kv_touch(pc->kva + i * ENTRY_BYTES, ENTRY_BYTES, false);
		if (pc->e[i].page && pc->e[i].va >= (start & PAGE_MASK) &&
		    pc->e[i].va < end)
			drop(pc, i);
	}
}

void pin_cache_flush(struct mm_struct *mm, bool free_it)
{
	struct pin_cache *pc = mm->pin_cache;

	if (!pc)
		return;
	for (u32 i = 0; i < pc->n; i++)
		if (pc->e[i].page)
			drop(pc, i);
	if (!free_it)
		return;
	kfree(pc->kva);
	free(pc);
	mm->pin_cache = NULL;
}
