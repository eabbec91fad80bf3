// SPDX-License-Identifier: GPL-2.0-only
/*
 * get_user_pages, get_user_pages_fast and pin_user_pages (mm/gup.c of
 * v4.x-v5.x; arch/x86/mm/gup.c of v3.x for the fast walk).
 *
 * The slow path is __get_user_pages: per page a VMA lookup when the
 * address leaves the current VMA (find_vma + check_vma_flags), then
 * follow_page under the PTE lock -- page_table_lock in the 2.6 flavour,
 * the PTE page's split lock later -- with the HIGHPTE kmap that
 * follow_page's pte_offset_map costs, and on a miss faultin_page
 * (handle_mm_fault) and a retry.  Each page handed out gets the
 * flush_anon_page / flush_dcache_page treatment that virtually indexed ARM
 * caches need before the kernel reads the page through another alias.
 *
 * The fast path is the lockless walk (HAVE_FAST_GUP): x86 from 2.6.27,
 * and ARM only with LPAE.  With interrupts off it reads the pmd, maps each PTE page
 * once, takes a reference on every present user page it may access,
 * re-reads the PTE to back out of a race, and leaves whatever it cannot
 * take to the slow path.  There is no mmap_sem and no PTE lock.
 *
 * Deviations, all deliberate:
 *  - No VM_GROWSDOWN stack expansion (find_extend_vma) and no VM_IO /
 *    VM_PFNMAP: the model has neither.
 *  - The zero page (PageReserved) is handed out without a reference, as
 *    2.6.0's get_user_pages did ("if (!PageReserved(pages[i]))
 *    page_cache_get()"); the fast walk treats it as pte_special and leaves
 *    it to the slow path, as x86 does.  put_user_pages/unpin_user_page
 *    skip it.
 *  - Without a fault that reports VM_FAULT_WRITE, a forced write relies
 *    on do_wp_page making the copy writable (2.6.0's break_cow does), so
 *    the retry finds a writable PTE; a checker stops a retry loop that
 *    makes no progress.
 *  - The PTE lock is taken per page, as follow_page_pte's
 *    pte_offset_map_lock does since 2.6.15 (2.6.0 held page_table_lock
 *    across a VMA's pages).  Under split locks the pmd is read twice per
 *    page (for the lock, then by follow_page), as Linux reads *pmd for
 *    pmd_none and again for pte_lockptr.
 *  - The fast walk charges CODE_gup once per call; per PTE only the loads
 *    (pmd, PTE, PTE re-read) are charged, by the hardware model.
 *  - flush_anon_page and flush_dcache_page follow arch/arm/mm/flush.c
 *    per cache kind and kernel version (gup_flush_page).
 */
#include "mm/gup.h"

#include "arch/cacheflush.h"
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "kernel/task_touch.h"
#include "mm/highmem.h"
#include "mm/internal.h"

/*
 * Faults in a row for one page before we call it a livelock: a write
 * fault on a present read-only PTE, then a copy-on-write, is the most a
 * page needs.
 */
#define GUP_MAX_FAULTS 8

/*
 * check_vma_flags - may @gup_flags access @vma at all?  A write needs
 * VM_WRITE, or FOLL_FORCE on a copy-on-write mapping (ptrace poking a
 * breakpoint into read-only text); a read needs VM_READ, or FOLL_FORCE
 * with VM_MAYREAD.  Return: 0 or -EFAULT.
 */
static int check_vma_flags(const struct vm_area_struct *vma,
			   unsigned int gup_flags)
{
	u32 vm_flags = vma->vm_flags;

	if (gup_flags & FOLL_WRITE) {
		if (!(vm_flags & VM_WRITE) && (!(gup_flags & FOLL_FORCE) ||
					       !is_cow_mapping(vm_flags)))
			return -EFAULT;
	} else if (!(vm_flags & VM_READ)) {
		if (!(gup_flags & FOLL_FORCE) || !(vm_flags & VM_MAYREAD))
			return -EFAULT;
	}
	return 0;
}

/* Take what @gup_flags asks for on @page: a reference or a pin. */
static void gup_grab(struct page *page, unsigned int gup_flags)
{
	if (PageReserved(page))
		return;
	if (gup_flags & FOLL_PIN) {
		if (page_count(page) <= 0)
			panic("gup_grab: pfn %#lx has _refcount %d",
			      page_to_pfn(page), page_count(page));
		/* try_grab_page: page_ref_add(GUP_PIN_COUNTING_BIAS). */
		page_ref_charge();
		page_ref_add(page, GUP_PIN_COUNTING_BIAS);
	} else if (gup_flags & FOLL_GET) {
		get_page(page);
	}
}

/* Undo gup_grab() (the fast walk backing out of a race). */
static void gup_ungrab(struct page *page, unsigned int gup_flags)
{
	if (gup_flags & FOLL_PIN)
		unpin_user_page(page);
	else if ((gup_flags & FOLL_GET) && !PageReserved(page))
		put_page(page);
}

/*
 * The lock that guards @addr's PTE, as pte_lockptr() finds it, or NULL if
 * the PTE page does not exist yet: a split lock lives in the PTE page
 * (pte_lockptr() BUG()s without one), and follow_page_mask() sees
 * pmd_none() and goes straight to the fault.  With page_table_lock there
 * is always a lock and follow_page() finds the empty pmd itself.
 */
static struct spinlock *gup_pte_lockptr(struct mm_struct *mm, vaddr_t addr)
{
	struct page *pt;

	if (!split_ptlock())
		return pte_lockptr(mm, addr);
	pt = pte_page_of(mm, addr);
	if (!pt)
		return NULL;
	BUG_ON(!pt->ptl);
	return pt->ptl;
}

/*
 * follow_page_pte's FOLL_GET/FOLL_PIN and FOLL_TOUCH work, under the PTE
 * lock: the reference, then set_page_dirty for a write and
 * mark_page_accessed.
 */
static void gup_take_locked(struct page *page, unsigned int gup_flags)
{
	gup_grab(page, gup_flags);
	if (PageReserved(page))
		return;
	if (gup_flags & FOLL_WRITE)
		set_page_flag(page, PG_dirty);
	set_page_flag(page, PG_referenced);
}

/*
 * gup_follow_fault - follow_page_mask, and faultin_page until it works
 * @pagep: the page, referenced or pinned as @gup_flags asks
 * Context: mmap_sem held for read; no spinlock held.
 * Return: 0, -EFAULT (the fault handler refused: VM_FAULT_SIGSEGV) or
 * -ENOMEM (VM_FAULT_OOM).
 */
static int gup_follow_fault(struct mm_struct *mm, struct vm_area_struct *vma,
			    vaddr_t addr, unsigned int gup_flags,
			    struct page **pagep)
{
	bool write = gup_flags & FOLL_WRITE;
	u32 faults = 0;

	for (;;) {
		struct spinlock *ptl = gup_pte_lockptr(mm, addr);
		struct page *page = NULL;
		int ret;

		if (ptl) {
			spin_lock(ptl);
			page = follow_page(mm, addr, write, false);
			if (page)
				gup_take_locked(page, gup_flags);
			spin_unlock(ptl);
			if (page) {
				*pagep = page;
				return 0;
			}
		}
		/* faultin_page: FOLL_NOFAULT takes only what is there. */
		if (gup_flags & FOLL_NOFAULT)
			return -EFAULT;
		if (++faults > GUP_MAX_FAULTS)
			panic("get_user_pages: no progress at %#x after %u faults",
			      addr, GUP_MAX_FAULTS);
		ret = handle_mm_fault(mm, vma, addr, write);
		if (ret == VM_FAULT_OOM)
			return -ENOMEM;
		if (ret < 0)
			return -EFAULT;
	}
}

/*
 * What __get_user_pages does for each page it hands out (mm/gup.c, v5.7):
 * flush_anon_page(vma, page, start) then flush_dcache_page(page)
 * (arch/arm/mm/flush.c), which per cache kind means:
 *  - VIPT non-aliasing (the A8, the A15): flush_anon_page does nothing;
 *    flush_dcache_page in 4.1+ kernels only clears PG_dcache_clean, in
 *    older ones writes back the kernel alias of the page.
 *  - VIVT (the Feroceon): the user alias, then the kernel alias
 *    (page_address, which is NULL for an unmapped highmem page: see
 *    flush_anon_page); flush_dcache_page then writes back the kernel alias
 *    (a highmem page's only if it is kmapped), and for a page-cache page
 *    that user space maps, its user aliases (__flush_dcache_aliases).
 * The zero page is never written: flush_dcache_page returns at once for
 * it, and it is not PageAnon.  x86 has nothing to do.
 */
static void gup_flush_page(struct vm_area_struct *vma, struct page *page,
			   vaddr_t addr)
{
	if (platform()->arch != PLAT_ARM || page == zero_page)
		return;
	flush_anon_page(vma, page, addr);
	flush_dcache_page(page);
}

/* The pages of @gup_flags: FOLL_GET unless pinning; bad combinations. */
static int gup_fixup_flags(unsigned int *gup_flags, struct page **pages)
{
	if ((*gup_flags & FOLL_PIN) && (*gup_flags & FOLL_GET))
		return -EINVAL;
	if ((*gup_flags & FOLL_PIN) && !pages)
		return -EINVAL;
	if (pages && !(*gup_flags & FOLL_PIN))
		*gup_flags |= FOLL_GET;
	return 0;
}

/*
 * __get_user_pages - the body of get_user_pages(), booked to the caller's
 * get_user_pages centre (with get_user_pages_unlocked's rwsem pair).
 */
static long __get_user_pages(struct mm_struct *mm, vaddr_t start, u32 nr_pages,
			     unsigned int gup_flags, struct page **pages)
{
	struct vm_area_struct *vma = NULL;
	long i = 0;
	int ret;

	charge(CODE_gup);
	ret = gup_fixup_flags(&gup_flags, pages);
	if (ret)
		return ret;
	if (!mm->mmap_sem.readers && !mm->mmap_sem.writer)
		panic("get_user_pages: mmap_sem not held");
	start &= PAGE_MASK;
	for (; nr_pages; nr_pages--, i++, start += PAGE_SIZE) {
		struct page *page;

		if (!vma || start >= vma->vm_end) {
			/* Also stops at TASK_SIZE and on a wrap to 0. */
			vma = NULL;
			if (start && start < layout.task_size)
				vma = find_vma(mm, start);
			if (!vma || start < vma->vm_start)
				return i ? i : -EFAULT;
			ret = check_vma_flags(vma, gup_flags);
			if (ret)
				return i ? i : ret;
		}
		ret = gup_follow_fault(mm, vma, start, gup_flags, &page);
		if (ret)
			return i ? i : ret;
		if (pages) {
			pages[i] = page;
			gup_flush_page(vma, page, start);
		}
	}
	return i;
}

long get_user_pages(struct mm_struct *mm, vaddr_t start, u32 nr_pages,
		    unsigned int gup_flags, struct page **pages)
{
	CC_SCOPE(get_user_pages);

	return __get_user_pages(mm, start, nr_pages, gup_flags, pages);
}

long get_user_pages_unlocked(vaddr_t start, u32 nr_pages,
			     unsigned int gup_flags, struct page **pages)
{
	CC_SCOPE(get_user_pages);
	struct mm_struct *mm = current->mm;
	long ret;

	BUG_ON(!mm);
	task_touch(current, TF_mm, false);
	down_read(&mm->mmap_sem);
	ret = __get_user_pages(mm, start, nr_pages, gup_flags, pages);
	up_read(&mm->mmap_sem);
	return ret;
}

/*
 * HAVE_FAST_GUP: x86 from 2.6.27, when arch/x86/mm/gup.c brought the
 * lockless walk (before it the kernel had only get_user_pages under
 * mmap_sem, which is what the x86-2.6 flavour's 2.5.73 gets here); ARM
 * selects it only with ARM_LPAE, so classic ARM's get_user_pages_fast is
 * the generic one that takes mmap_sem.
 */
static bool have_fast_gup(void)
{
	if (platform()->arch == PLAT_X86)
		return settings_kernel_version(config) >=
		       KERNEL_VERSION(2, 6, 27);
	return config->arm_lpae;
}

/* access_ok: the whole range below TASK_SIZE, without wrapping. */
static bool gup_access_ok(vaddr_t start, u32 nr_pages)
{
	u64 end = (u64)start + ((u64)nr_pages << PAGE_SHIFT);

	return end <= layout.task_size;
}

/*
 * gup_pte_range - take the pages of [addr, end) inside one PTE page
 * @nr: pages taken so far (in and out)
 *
 * pte_offset_map() reads the pmd (gup_pmd_range's pmd_none check: no PTE
 * page, nothing to take) and maps the PTE page -- one HIGHPTE kmap per
 * PTE page, whatever the number of PTEs.
 * Return: true if every page was taken.
 */
static bool gup_pte_range(struct mm_struct *mm, vaddr_t addr, vaddr_t end,
			  unsigned int gup_flags, struct page **pages, u32 *nr)
{
	bool write = gup_flags & FOLL_WRITE;
	vaddr_t ptep0 = pte_offset_map(mm, addr);
	vaddr_t ptep = ptep0;
	bool ok = true;

	if (!ptep0)
		return false;
	for (; addr != end; addr += PAGE_SIZE, ptep += pgtable->pte_size) {
		pte_t pte = ptep_get(ptep);
		struct page *page;

		if (!pte_present(pte) ||
		    !(pte_pgprot(pte).flags & _PROT_USER) ||
		    (write && !pte_write(pte)) || !pfn_valid(pte_pfn(pte))) {
			ok = false;
			break;
		}
		page = pte_page(pte);
		/* pte_special: the zero page is the slow path's business. */
		if (PageReserved(page)) {
			ok = false;
			break;
		}
		gup_grab(page, gup_flags);
		/* A racing unmap or COW changed the PTE: let go. */
		if (ptep_get(ptep).pte != pte.pte) {
			gup_ungrab(page, gup_flags);
			ok = false;
			break;
		}
		set_page_flag(page, PG_referenced);
		pages[(*nr)++] = page;
	}
	pte_unmap(ptep0);
	return ok;
}

/* get_user_pages_fast, with the lockless walk whatever the kernel (@fast). */
static int __get_user_pages_fast(vaddr_t start, u32 nr_pages,
				 unsigned int gup_flags, struct page **pages,
				 bool fast)
{
	struct mm_struct *mm = current->mm;
	vaddr_t addr, end;
	u32 nr = 0;
	long ret;

	/* current->mm (gup_pgd_range's pgd_offset, or the slow path). */
	task_touch(current, TF_mm, false);
	if (!fast)
		return get_user_pages_unlocked(start, nr_pages, gup_flags,
					       pages);
	{
		CC_SCOPE(get_user_pages_fast);

		charge(CODE_gup);
		BUG_ON(!mm);
		if (!pages)
			return -EINVAL;
		ret = gup_fixup_flags(&gup_flags, pages);
		if (ret)
			return ret;
		start &= PAGE_MASK;
		if (!nr_pages)
			return 0;
		if (!gup_access_ok(start, nr_pages))
			return -EFAULT;
		end = start + (nr_pages << PAGE_SHIFT);
		/*
		 * local_irq_save(): holds off the TLB-shootdown IPI (and with
		 * it the freeing of page tables) while the walk runs.  The
		 * model has no interrupts to hold off; the instructions are
		 * part of the CODE_gup charge.
		 */
		for (addr = start; addr != end;) {
			vaddr_t next = (addr & PMD_MASK) + PMD_SIZE;

			if (next > end)
				next = end;
			if (!gup_pte_range(mm, addr, next, gup_flags, pages,
					   &nr))
				break;
			addr = next;
		}
		/* local_irq_restore() */
		if (nr == nr_pages)
			return (int)nr;
	}
	/* The rest through the slow path, as the kernel does. */
	ret = get_user_pages_unlocked(start + (nr << PAGE_SHIFT), nr_pages - nr,
				      gup_flags, pages + nr);
	if (nr)
		ret = ret < 0 ? (long)nr : ret + nr;
	return (int)ret;
}

int get_user_pages_fast(vaddr_t start, u32 nr_pages, unsigned int gup_flags,
			struct page **pages)
{
	return __get_user_pages_fast(start, nr_pages, gup_flags, pages,
				     have_fast_gup());
}

int vm_fault_quick_hold_pages(vaddr_t start, u32 nr_pages,
			      unsigned int gup_flags, struct page **pages)
{
	return __get_user_pages_fast(start, nr_pages, gup_flags, pages, true);
}

long pin_user_pages(vaddr_t start, u32 nr_pages, unsigned int gup_flags,
		    struct page **pages)
{
	if (gup_flags & FOLL_GET)
		return -EINVAL;
	return get_user_pages_fast(start, nr_pages, gup_flags | FOLL_PIN,
				   pages);
}

void unpin_user_page(struct page *page)
{
	if (PageReserved(page))
		return;
	if (page_count(page) < GUP_PIN_COUNTING_BIAS)
		panic("unpin_user_page: pfn %#lx is not pinned (_refcount %d)",
		      page_to_pfn(page), page_count(page));
	/*
	 * The pin holding the last references (the page was unmapped while
	 * pinned): put_page_refs frees it.
	 */
	page_ref_sub(page, GUP_PIN_COUNTING_BIAS - 1);
	put_page(page);
}

void put_user_pages(struct page **pages, u32 n)
{
	for (u32 i = 0; i < n; i++)
		if (!PageReserved(pages[i]))
			put_page(pages[i]);
}
