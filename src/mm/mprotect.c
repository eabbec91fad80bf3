// SPDX-License-Identifier: GPL-2.0-only
/*
 * mprotect (2.6.0 mm/mprotect.c): sys_mprotect walks the VMAs of the
 * range, mprotect_fixup splits each at the range's ends (or merges it into
 * the VMA before it) and sets its flags, and change_protection rewrites
 * every present PTE of the range through pte_offset_map -- a kmap_atomic of
 * each PTE page under CONFIG_HIGHPTE -- between flush_cache_range (VIVT
 * ARM: the Kirkwood's Feroceon) and flush_tlb_range.
 *
 * Merging is 2.6.0's: mprotect_attempt_merge folds the start of the range
 * into the previous VMA, and sys_mprotect's tail folds the next VMA into
 * the last one changed, both for private anonymous VMAs of equal flags
 * only (can_vma_merge).  Under objrmap (2.6.7 on) a merge also needs the
 * two VMAs' offsets to run on (3.14 vma_merge's can_vma_merge_after):
 * anonymous pages are found at their linear index; the anon_vma each
 * side belongs to is not modelled, so two VMAs of different anon_vmas may
 * merge here where 3.14 keeps them apart.  Locks are 2.6.0's
 * page_table_lock around the walk, or with split PTE locks (2.6.15 on,
 * four or more CPUs) each PTE page's own lock, as 3.14's
 * change_pte_range takes it (pte_offset_map_lock).
 *
 * Not modelled: VM_ACCOUNT and security_vm_enough_memory (no overcommit
 * accounting), security_file_mprotect, hugetlb VMAs, PROT_SEM's meaning.
 */
#include "mm/mm.h"
#include "mm/pin_cache.h"

#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/internal.h"
#include "mm/mm_touch.h"
#include "mm/rmap.h"
#include "mm/vma_touch.h"

/* calc_vm_prot_bits (include/linux/mman.h). */
static u32 calc_vm_prot_bits(u32 prot)
{
	return (prot & PROT_READ ? VM_READ : 0) |
	       (prot & PROT_WRITE ? VM_WRITE : 0) |
	       (prot & PROT_EXEC ? VM_EXEC : 0);
}

/*
 * can_vma_merge (2.6.0 include/linux/mm.h): an anonymous VMA with exactly
 * @vm_flags.  Under objrmap @prev's offsets must also run on into @pgoff,
 * where the VMA joined to its end starts.
 */
static bool can_merge_after(const struct vm_area_struct *prev, u32 vm_flags,
			    unsigned long pgoff)
{
	vma_touch(prev, VF_flags_prot, false);
	if (prev->vm_file || prev->vm_flags != vm_flags)
		return false;
	if (!rmap_objrmap())
		return true;
	vma_touch(prev, VF_pgoff_file, false);
	return prev->vm_pgoff +
		       ((prev->vm_end - prev->vm_start) >> PAGE_SHIFT) ==
	       pgoff;
}

/*
 * change_pte_range - set @newprot on every present PTE of [addr, end),
 * within one PTE page: ptep_get_and_clear, then the PTE with the new
 * protection and its pfn, young and dirty bits (pte_modify).
 */
static void change_pte_range(struct mm_struct *mm, vaddr_t addr, vaddr_t end,
			     pgprot_t newprot)
{
	struct spinlock *ptl = NULL;
	vaddr_t ptep, slot;

	if (!pte_page_of(mm, addr))
		return; /* pmd_none */
	if (split_ptlock()) {
		ptl = pte_lockptr(mm, addr);
		spin_lock(ptl);
	}
	ptep = pte_offset_map(mm, addr);
	for (slot = ptep; addr < end;
	     addr += PAGE_SIZE, slot += pgtable->pte_size) {
		pte_t entry = ptep_get(slot);

		if (!pte_present(entry))
			continue;
		charge(CODE_change_pte);
		/* Avoid an SMP race with hardware-updated dirty bits. */
		pte_clear(slot);
		set_pte_at(slot, pte_modify(entry, newprot));
	}
	pte_unmap(ptep);
	if (ptl)
		spin_unlock(ptl);
}

/*
 * change_protection - the PTEs of [start, end) inside @vma, one PTE page
 * at a time (change_pmd_range), with the cache flushed before on a VIVT
 * cache and the TLB after.
 */
static void change_protection(struct vm_area_struct *vma, vaddr_t start,
			      vaddr_t end, pgprot_t newprot)
{
	CC_SCOPE(change_protection);
	struct mm_struct *mm = vma->vm_mm;
	u64 addr = start;

	BUG_ON(start >= end);
	pin_cache_invalidate(mm, start, end);
	flush_cache_range(vma, start, end);
	if (!split_ptlock())
		spin_lock(&mm->page_table_lock);
	while (addr < end) {
		u64 next = MIN((addr & PMD_MASK) + PMD_SIZE, (u64)end);

		change_pte_range(mm, (vaddr_t)addr, (vaddr_t)next, newprot);
		addr = next;
	}
	flush_tlb_range(vma, start, end);
	if (!split_ptlock())
		spin_unlock(&mm->page_table_lock);
}

/*
 * mprotect_attempt_merge - give [vma->vm_start, end) to @prev, which ends
 * where @vma starts, if they can merge: all of @vma (freed), or its start.
 * Return: true if merged.
 */
static bool mprotect_attempt_merge(struct vm_area_struct *vma,
				   struct vm_area_struct *prev, vaddr_t end,
				   u32 newflags)
{
	struct mm_struct *mm = vma->vm_mm;

	if (!prev || prev->vm_end != vma->vm_start)
		return false;
	if (!can_merge_after(prev, newflags, vma->vm_pgoff))
		return false;
	if (vma->vm_file || (vma->vm_flags & VM_SHARED))
		return false;
	spin_lock(&mm->page_table_lock);
	vma_touch(prev, VF_start_end, true);
	prev->vm_end = end;
	prev->anon_vma |= vma->anon_vma;	/* vma_adjust's importer */
	if (end == vma->vm_end) {
		/* The whole area takes the previous one's protection. */
		__vma_unlink(mm, vma, prev);
		spin_unlock(&mm->page_table_lock);
		vm_area_free(vma);
		return true;
	}
	/* Otherwise extend it. */
	vma_touch(vma, VF_start_end, true);
	vma_touch(vma, VF_pgoff_file, true);
	vma->vm_pgoff += (end - vma->vm_start) >> PAGE_SHIFT;
	vma->vm_start = end;
	spin_unlock(&mm->page_table_lock);
	return true;
}

/*
 * mprotect_fixup - give [start, end), inside @vma, the flags @newflags.
 * *@pprev is the VMA before @vma; on return, the last VMA that now holds
 * part of the range.  Return: 0 or -ENOMEM (a split found no memory).
 */
static int mprotect_fixup(struct vm_area_struct *vma,
			  struct vm_area_struct **pprev, vaddr_t start,
			  vaddr_t end, u32 newflags)
{
	vma_touch(vma, VF_flags_prot, false);
	if (newflags == vma->vm_flags) {
		*pprev = vma;
		return 0;
	}
	if (start == vma->vm_start) {
		if (mprotect_attempt_merge(vma, *pprev, end, newflags)) {
			vma = *pprev;
			goto success;
		}
	} else {
		/*
		 * 2.6.0's split_vma(mm, vma, start, 1) puts the new VMA
		 * below; here the new one is the upper part, and it is the
		 * one that changes.
		 */
		if (split_vma(vma, start))
			return -ENOMEM;
		vma = vma->vm_next;
	}
	*pprev = vma;
	if (end != vma->vm_end && split_vma(vma, end))
		return -ENOMEM;
	spin_lock(&vma->vm_mm->page_table_lock);
	vma_touch(vma, VF_flags_prot, true);
	vma->vm_flags = newflags;
	spin_unlock(&vma->vm_mm->page_table_lock);
success:
	change_protection(vma, start, end, vm_get_page_prot(newflags));
	return 0;
}

int do_mprotect(struct mm_struct *mm, vaddr_t start, u32 len, u32 prot)
{
	CC_SCOPE(sys_mprotect);
	struct vm_area_struct *vma, *next = NULL, *prev;
	const u32 grows = prot & (PROT_GROWSDOWN | PROT_GROWSUP);
	u32 vm_flags, end, nstart, tmp;
	int error;

	prot &= ~(PROT_GROWSDOWN | PROT_GROWSUP);
	if (grows == (PROT_GROWSDOWN | PROT_GROWSUP)) /* can't be both */
		return -EINVAL;
	if (start & ~PAGE_MASK)
		return -EINVAL;
	len = ALIGN_UP(len, PAGE_SIZE); /* wraps to 0 as PAGE_ALIGN does */
	end = start + len;
	if (end < start)
		return -EINVAL;
	if (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC | PROT_SEM))
		return -EINVAL;
	if (end == start)
		return 0;
	vm_flags = calc_vm_prot_bits(prot);

	charge(CODE_mprotect);
	down_write(&mm->mmap_sem);
	vma = find_vma_prev(mm, start, &prev);
	error = -ENOMEM;
	if (!vma)
		goto out;
	vma_touch(vma, VF_start_end, false);
	if (grows & PROT_GROWSDOWN) {
		if (vma->vm_start >= end)
			goto out;
		start = vma->vm_start;
		error = -EINVAL;
		if (!(vma->vm_flags & VM_GROWSDOWN))
			goto out;
	} else {
		if (vma->vm_start > start)
			goto out;
		if (grows & PROT_GROWSUP) {
			end = vma->vm_end;
			error = -EINVAL;
			if (!(vma->vm_flags & VM_GROWSUP))
				goto out;
		}
	}

	for (nstart = start;;) {
		u32 newflags;
		bool last = false;

		/* Here vma->vm_start <= nstart < vma->vm_end. */
		newflags = vm_flags |
			   (vma->vm_flags & ~(VM_READ | VM_WRITE | VM_EXEC));
		/* More than the VM_MAY* bits allow (a file opened
		 * read-only, mapped shared). */
		if ((newflags & ~(newflags >> 4)) & 0xf) {
			error = -EACCES;
			goto out;
		}
		if (vma->vm_end > end) {
			error = mprotect_fixup(vma, &prev, nstart, end,
					       newflags);
			goto out;
		}
		if (vma->vm_end == end)
			last = true;
		tmp = vma->vm_end;
		next = vma->vm_next;
		error = mprotect_fixup(vma, &prev, nstart, tmp, newflags);
		if (error)
			goto out;
		if (last)
			break;
		nstart = tmp;
		vma = next;
		if (vma)
			vma_touch(vma, VF_start_end, false);
		if (!vma || vma->vm_start != nstart) {
			error = -ENOMEM;
			goto out;
		}
	}

	/* The next VMA may now continue the last one changed. */
	if (next && prev->vm_end == next->vm_start && !next->vm_file &&
	    can_merge_after(prev, next->vm_flags, next->vm_pgoff) &&
	    !(prev->vm_flags & VM_SHARED)) {
		spin_lock(&mm->page_table_lock);
		vma_touch(prev, VF_start_end, true);
		prev->vm_end = next->vm_end;
		prev->anon_vma |= next->anon_vma;
		__vma_unlink(mm, next, prev);
		spin_unlock(&mm->page_table_lock);
		vm_area_free(next);
	}
out:
	up_write(&mm->mmap_sem);
	return error;
}
