// SPDX-License-Identifier: GPL-2.0-only
/*
 * try_to_unmap: the reclaim side of the reverse map.  With pte_chains
 * (2.6.0 mm/rmap.c) every entry costs a kmap under HIGHPTE -- this is
 * where HIGHPTE's price grows with the length of the chains.  With objrmap
 * (3.14 rmap_walk_file + try_to_unmap_one) the file's VMAs that hold the
 * page's offset are walked and each one's PTE looked up from the top
 * (page_check_address), a kmap under HIGHPTE too.
 */
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/lock.h"
#include "mm/filemap.h"
#include "mm/pin_cache.h"
#include "mm/highmem.h"
#include "mm/internal.h"
#include "mm/mm.h"
#include "mm/mm_touch.h"
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
	pin_cache_invalidate(mm, address, address + PAGE_SIZE);
	flush_cache_page(vma, address);
	/* ptep_clear_flush */
	pte = ptep_get(ptep);
	pte_clear(ptep);
	flush_tlb_page(vma, address);
	if (pte_dirty(pte))
		set_page_flag(page, PG_dirty);
	page_remove_rmap(page, ptep);
	mm_touch_rmw(mm, MF_rss);
	mm->rss--;
	put_page(page);
out_unlock:
	rmap_ptep_unmap(ptep);
	spin_unlock(&mm->page_table_lock);
	return ret;
}

/*
 * 3.14 try_to_unmap_one for the VMA @vma at @address, as try_to_unmap
 * calls it (no TTU_IGNORE_ACCESS test: the model keeps no young bits for
 * reclaim): page_check_address maps the PTE (pte_offset_map), gives up at
 * once if it is not present, else takes the PTE lock and compares the
 * pfn; a match is cleared and flushed as the pte_chain path does.
 */
static int objrmap_unmap_one(struct page *page, struct vm_area_struct *vma,
			     vaddr_t address)
{
	struct mm_struct *mm = vma->vm_mm;
	struct spinlock *ptl;
	int ret = SWAP_AGAIN;
	vaddr_t ptep;
	pte_t pte;

	ptep = pte_offset_map(mm, address);
	if (!ptep)
		return SWAP_AGAIN;
	if (!pte_present(ptep_get(ptep))) {
		pte_unmap(ptep);
		return SWAP_AGAIN;
	}
	ptl = pte_lockptr(mm, address);
	spin_lock(ptl);
	pte = ptep_get(ptep);
	if (!pte_present(pte) || pte_pfn(pte) != page_to_pfn(page))
		goto out_unmap;
	if (vma->vm_flags & VM_LOCKED) {
		ret = SWAP_FAIL;
		goto out_unmap;
	}
	pin_cache_invalidate(mm, address, address + PAGE_SIZE);
	flush_cache_page(vma, address);
	pte_clear(ptep);
	flush_tlb_page(vma, address);
	if (pte_dirty(pte))
		set_page_flag(page, PG_dirty);
	mm_touch_rmw(mm, MF_rss);
	mm->rss--;
	page_remove_rmap(page, ptep);
	put_page(page);
out_unmap:
	pte_unmap(ptep);
	spin_unlock(ptl);
	return ret;
}

/*
 * rmap_walk_file: the VMAs of page->mapping whose file range holds the
 * page's index (vma_interval_tree_foreach), stopping once the page is
 * mapped nowhere (page_not_mapped); i_mmap_mutex is not charged.
 */
static int try_to_unmap_file(struct page *page)
{
	struct address_space *as = page->mapping;
	struct vm_area_struct *vma;
	int ret = SWAP_AGAIN;

	vma_interval_tree_foreach(vma, as, page->index) {
		ret = objrmap_unmap_one(page, vma,
					vma_address(vma, page->index));
		if (ret != SWAP_AGAIN || !page_mapped(page))
			break;
	}
	/* try_to_unmap: SWAP_SUCCESS once nothing maps the page. */
	if (ret != SWAP_FAIL && !page_mapped(page))
		ret = SWAP_SUCCESS;
	return ret;
}

int try_to_unmap(struct page *page)
{
	CC_SCOPE(try_to_unmap);
	static pte_addr_t list[MAX_UNMAP + 1];
	int ret = SWAP_SUCCESS;

	if (test_page_flag(page, PG_anon) || !page->mapping)
		return SWAP_FAIL;
	if (rmap_objrmap())
		return try_to_unmap_file(page);
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
