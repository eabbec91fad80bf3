// SPDX-License-Identifier: GPL-2.0-only
/*
 * try_to_unmap (2.6.0 mm/rmap.c): the reclaim side of the pte_chain rmap.
 * Every entry costs a kmap under HIGHPTE -- this is where HIGHPTE's price
 * grows with the length of the chains.
 */
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/lock.h"
#include "mm/highmem.h"
#include "mm/internal.h"
#include "mm/rmap.h"

#define MAX_UNMAP 1024

static void collect(pte_addr_t pa, void *arg)
{
	pte_addr_t *list = arg;

	if (list[0] >= MAX_UNMAP)
		panic("try_to_unmap: more than %d mappings", MAX_UNMAP);
	list[++list[0]] = pa;
}

/* ptep_to_mm / ptep_to_address: the PTE page knows its mm and base. */
static struct page *pte_page_of_ptep(vaddr_t ptep)
{
	return kmap_atomic_to_page(ptep);
}

static int try_to_unmap_one(struct page *page, pte_addr_t pa)
{
	vaddr_t ptep = rmap_ptep_map(pa);
	struct page *pt = pte_page_of_ptep(ptep);
	struct mm_struct *mm = pt->mapping;
	vaddr_t address = ptep_to_address(pt, ptep & ~PAGE_MASK);
	struct vm_area_struct *vma;
	int ret = SWAP_SUCCESS;
	pte_t pte;

	if (!spin_trylock(&mm->page_table_lock)) {
		rmap_ptep_unmap(ptep);
		return SWAP_AGAIN;
	}
	vma = find_vma(mm, address);
	if (!vma || (vma->vm_flags & VM_LOCKED)) {
		ret = SWAP_FAIL;
		goto out_unlock;
	}
	flush_cache_page(vma, address);
	/* ptep_clear_flush */
	pte = ptep_get(ptep);
	pte_clear(ptep);
	flush_tlb_page(vma, address);
	if (pte_dirty(pte))
		set_page_flag(page, PG_dirty);
	page_remove_rmap(page, ptep);
	mm->rss--;
	put_page(page);
out_unlock:
	rmap_ptep_unmap(ptep);
	spin_unlock(&mm->page_table_lock);
	return ret;
}

int try_to_unmap(struct page *page)
{
	CC_SCOPE(try_to_unmap);
	static pte_addr_t list[MAX_UNMAP + 1];
	int ret = SWAP_SUCCESS;

	if (test_page_flag(page, PG_anon) || !page->mapping)
		return SWAP_FAIL;
	list[0] = 0;
	rmap_for_each(page, collect, list);
	for (u32 i = 1; i <= list[0]; i++) {
		charge(CODE_pte_chain_entry);
		switch (try_to_unmap_one(page, list[i])) {
		case SWAP_SUCCESS:
			break;
		case SWAP_AGAIN:
			ret = SWAP_AGAIN;
			break;
		default:
			return SWAP_FAIL;
		}
	}
	return ret;
}
