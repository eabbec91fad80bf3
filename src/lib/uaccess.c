// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel access to user memory, in the strategy the settings choose
 * (lib/uaccess.h):
 *
 *   standard      arch/arm/lib/copy_{from,to}_user.S: loads and stores
 *                 through the user address with user permissions; a fault
 *                 goes to the fault handler, and one it cannot fix is
 *                 turned into a short count by the exception-table fixup.
 *   with_memcpy   arch/arm/lib/uaccess_with_memcpy.c (2009): copy_to_user
 *                 and clear_user of 64 bytes or more pin each page's PTE
 *                 under its lock (pin_page_for_write) and memcpy/memset
 *                 through the user address; smaller ones are standard.
 *   gup_kmap      lib/uaccess_gup_kmap_memcpy.c (the June 2020 RFC): an
 *                 array of page pointers from kmalloc, get_user_pages_fast
 *                 over the whole range, kmap_atomic + memcpy per page,
 *                 put_page, kfree.  A short GUP copies nothing.
 *                 ARM LPAE's CONFIG_VMSPLIT_4G_4G uses it too.
 *   rw_vm         x86 CONFIG_VMSPLIT_4G_4G: Ingo Molnar's mm/usercopy.c
 *                 (lib/usercopy.c): follow_page under page_table_lock,
 *                 kmap_atomic(KM_USER_COPY) per page.
 *   tramp         x86 CONFIG_VMSPLIT_4G_4G with copy_4g=tramp: FreeBSD
 *                 i386 4/4's copyin/copyout (mm/copy_tramp.c): up to
 *                 128 bytes through a per-CPU trampoline buffer and two
 *                 CR3 loads, longer copies held and mapped page by page.
 *
 * Under CONFIG_CPU_SW_DOMAIN_PAN (ARM 4.3+ without LPAE) the kernel keeps
 * the user domain closed and opens it around each access, as v5.7's
 * asm/uaccess.h and uaccess_with_memcpy.c do (uaccess_enable below).
 */
#include "lib/uaccess.h"
#include "lib/usercopy.h"

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/access.h"
#include "kernel/sched.h"
#include "kernel/task_touch.h"
#include "mm/copy_tramp.h"
#include "mm/gup.h"
#include "mm/pin_cache.h"
#include "mm/highmem.h"
#include "mm/kmalloc.h"
#include "mm/kmap_copy.h"
#include "mm/mm.h"

static enum uaccess_strategy strategy(void)
{
	return uaccess_strategy(config);
}

/*
 * uaccess_save_and_enable() ... uaccess_restore(): with
 * CONFIG_CPU_SW_DOMAIN_PAN, read DACR, open the user domain (DACR write,
 * isb), and close it again (DACR write, isb).  In v5.7 one pair wraps
 * raw_copy_from_user, raw_copy_to_user (without WITH_MEMCPY), __clear_user
 * and every get_user/__get_user/put_user/__put_user; with WITH_MEMCPY,
 * arm_copy_to_user and arm_clear_user open it themselves: once around a
 * small (< 64 bytes) copy or clear, once per page around the memcpy or
 * memset (arch/arm/lib/uaccess_with_memcpy.c).  The RFC's GUP+kmap copy
 * touches only kernel mappings and pays none.
 */
static void uaccess_enable(void)
{
	struct cpu *c = this_cpu();

	if (!settings_cpu_sw_domain_pan(config))
		return;
	charge(CODE_uaccess_enable);
	hw_event(c, EV_uaccess_enable);
	/* set_domain() twice: a DACR write, each followed by an isb. */
	hw_set_dacr(c);
	hw_barrier(c);
	hw_set_dacr(c);
	hw_barrier(c);
}

/*
 * A fault on the user side of a standard access: let the fault handler fix
 * it.  Return: true if it did (retry), false for the exception fixup.
 */
static bool fixup_user_fault(struct cpu *c)
{
	if (!c->fault.user)
		kernel_oops(c->fault.va, c->fault.write);
	return handle_page_fault(c->fault.va, c->fault.write, false) > 0;
}

/*
 * Checker: under 4G/4G the user's memory is not mapped while the kernel
 * runs -- the same address names kernel memory there.  A direct access
 * would silently read or corrupt the kernel, so it stops the run.
 */
static void no_direct_access_4g4g(vaddr_t uaddr, const char *fn)
{
	if (config->vmsplit == VMSPLIT_4G_4G)
		panic("%s: direct kernel access to user address %#x under CONFIG_VMSPLIT_4G_4G (user memory is not mapped in kernel mode)",
		      fn, uaddr);
}

/*
 * x86 4G/4G's copy between @uaddr and @kaddr (@zero: zeros to the user,
 * @kaddr 0): FreeBSD's trampoline under copy_4g=tramp, else rw_vm.
 * Return: bytes NOT copied.
 */
static u32 copy_4g4g(vaddr_t uaddr, vaddr_t kaddr, u32 n, bool to_user,
		     bool zero)
{
	if (copy_tramp_enabled())
		return to_user ? tramp_copyout(uaddr, kaddr, n) :
				 tramp_copyin(kaddr, uaddr, n);
	return rw_vm(uaddr, kaddr, NULL, n, to_user, zero);
}

/*
 * 4G/4G: reach user memory through its pages -- rw_vm on x86, GUP and a
 * kmap_atomic page by page on ARM LPAE.
 */
static int indirect_access(vaddr_t uaddr, void *buf, u32 len, bool write)
{
	u8 *p = buf;

	if (usercopy_4g4g()) {
		/* get_user and put_user: fueword and suword (4 bytes). */
		if (copy_tramp_enabled()) {
			BUG_ON(len != 4);
			return write ? tramp_suword(uaddr, *(u32 *)buf) :
				       tramp_fueword(uaddr, buf);
		}
		return rw_vm(uaddr, 0, buf, len, write, false) ? -EFAULT : 0;
	}

	while (len) {
		u32 off = uaddr & (PAGE_SIZE - 1);
		u32 chunk = MIN(len, PAGE_SIZE - off);
		struct page *page;
		vaddr_t v;

		if (get_user_pages_fast(uaddr & PAGE_MASK, 1,
					write ? FOLL_WRITE : 0, &page) != 1)
			return -EFAULT;
		v = kmap_atomic(page, KM_USER_COPY);
		if (write)
			kv_write(v + off, p, chunk);
		else
			kv_read(v + off, p, chunk);
		kunmap_atomic(v, KM_USER_COPY);
		put_user_pages(&page, 1);
		uaddr += chunk;
		p += chunk;
		len -= chunk;
	}
	return 0;
}

/* The standard strategy: the hardware copies, faults are fixed or fixed up. */
static u32 copy_std(vaddr_t to, vaddr_t from, u32 n, bool to_user)
{
	no_direct_access_4g4g(to_user ? to : from, "copy_std");
	while (n) {
		struct cpu *c = this_cpu();
		u32 left = to_user ? hw_copy(c, to, from, n, ACC_USER, 0) :
				     hw_copy(c, to, from, n, 0, ACC_USER);
		u32 done = n - left;

		if (!left)
			return 0;
		to += done;
		from += done;
		n = left;
		if (!fixup_user_fault(c))
			return n;
	}
	return 0;
}

/* The same with page faults disabled: the first fault ends the copy. */
static u32 copy_std_inatomic(vaddr_t to, vaddr_t from, u32 n, bool to_user)
{
	struct cpu *c = this_cpu();

	no_direct_access_4g4g(to_user ? to : from, "copy_std_inatomic");
	u32 left = to_user ? hw_copy(c, to, from, n, ACC_USER, 0) :
			     hw_copy(c, to, from, n, 0, ACC_USER);

	if (left && !c->fault.user)
		kernel_oops(c->fault.va, c->fault.write);
	return left;
}

static u32 clear_std(vaddr_t to, u32 n)
{
	no_direct_access_4g4g(to, "clear_std");
	while (n) {
		struct cpu *c = this_cpu();
		u32 left = hw_fill(c, to, 0, n, ACC_USER);

		if (!left)
			return 0;
		to += n - left;
		n = left;
		if (!fixup_user_fault(c))
			return n;
	}
	return 0;
}

/* ---- CONFIG_UACCESS_WITH_MEMCPY ---- */

#define UACCESS_MEMCPY_MIN 64

/*
 * pin_page_for_write: walk current->mm to @addr's PTE and keep its lock
 * held if the page is present, young, writable and dirty -- then a memcpy
 * through the user address cannot fault.  Return: the PTE slot (mapped)
 * with *ptl held, or 0.
 */
static vaddr_t pin_page_for_write(vaddr_t addr, struct spinlock **ptl)
{
	struct mm_struct *mm = current->mm;
	vaddr_t pmdp;
	vaddr_t ptep;
	pte_t pte;

	/* pgd_offset(current->mm, addr) */
	task_touch(current, TF_mm, false);
	pmdp = pgtable->pmd_offset(mm->pgd, addr, false);

	if (!pmdp || !pgtable->pmd_pfn(pmdp))
		return 0;
	*ptl = pte_lockptr(mm, addr);
	spin_lock(*ptl);
	ptep = pte_offset_map(mm, addr);
	pte = ptep_get(ptep);
	if (!pte_present(pte) || !pte_young(pte) || !pte_write(pte) ||
	    !pte_dirty(pte)) {
		pte_unmap(ptep);
		spin_unlock(*ptl);
		return 0;
	}
	return ptep;
}

/*
 * __put_user(0, (char __user *)to): one user byte, to fault the page in
 * writable.  A byte store, so nothing outside the destination changes
 * (arch/arm/lib/uaccess_with_memcpy.c, v3.x to v5.7).
 * Return: 0 or -EFAULT.
 */
static int put_user_u8(u8 val, vaddr_t uaddr)
{
	uaccess_enable();
	for (;;) {
		struct cpu *c = this_cpu();

		if (!hw_write(c, uaddr, &val, 1, ACC_USER))
			return 0;
		if (!fixup_user_fault(c))
			return -EFAULT;
	}
}

/*
 * __copy_to_user_memcpy / __clear_user_memset: @src 0 means clear.  In
 * atomic context (page faults disabled) mmap_sem is not taken and a page
 * that cannot be pinned ends the copy.
 */
static u32 memcpy_to_user(vaddr_t to, vaddr_t src, u32 n, bool clear)
{
	bool atomic = current->preempt_count || current->pagefault_disabled;
	struct mm_struct *mm = current->mm;

	if (!atomic) {
		/* down_read(&current->mm->mmap_sem) */
		task_touch(current, TF_mm, false);
		down_read(&mm->mmap_sem);
	}
	while (n) {
		struct spinlock *ptl;
		vaddr_t ptep;
		u32 chunk;

		while (!(ptep = pin_page_for_write(to, &ptl))) {
			if (!atomic)
				up_read(&mm->mmap_sem);
			/*
			 * __put_user(0, (char __user *)to): one byte at @to,
			 * never the bytes before it (a word store at to & ~3
			 * would zero up to three of them).
			 */
			if (atomic || put_user_u8(0, to))
				return n;
			if (!atomic)
				down_read(&mm->mmap_sem);
		}
		chunk = MIN(n, PAGE_SIZE - (to & (PAGE_SIZE - 1)));
		/* Through the user address, in kernel mode: it is mapped. */
		uaccess_enable();
		if (clear) {
			kv_memset(to, 0, chunk);
		} else {
			kv_memcpy(to, src, chunk);
			src += chunk;
		}
		to += chunk;
		n -= chunk;
		pte_unmap(ptep);
		spin_unlock(ptl);
	}
	if (!atomic)
		up_read(&mm->mmap_sem);
	return 0;
}

/* ---- CONFIG_UACCESS_GUP_KMAP_MEMCPY ---- */

/*
 * The typed slot for the user page (2.6-era x86 only): KM_USER_COPY in a
 * 4G/4G kernel, which has it; KM_USER1 otherwise (the RFC targets newer
 * kernels, where slots are a stack and the type is ignored).
 */
static enum km_type km_copy_slot(void)
{
	return config->vmsplit == VMSPLIT_4G_4G ? KM_USER_COPY : KM_USER1;
}

/*
 * The RFC pins with get_user_pages_fast even in atomic context (a caller
 * holding a kmap_atomic, page faults disabled), and lets it fault pages
 * in: fine where kmap_atomic slots are a stack, as in the kernels it was
 * written for.  Under the x86-2.6 flavour's typed slots such a fault
 * would take the caller's KM_USER0 again (do_wp_page's
 * copy_user_highpage), and 2.6's own atomic copies never fault (rw_vm
 * gives up; __copy_*_inatomic take the fixup).  There it pins with
 * FOLL_NOFAULT: a page that needs a fault is not pinned, the RFC copies
 * nothing, and the caller takes its slow path (kmap, and a copy that may
 * fault).
 */
static unsigned int gup_kmap_fault_flags(void)
{
	bool atomic = current->preempt_count || current->pagefault_disabled;

	return atomic && config->flavour == FLAVOUR_X86_26 ? FOLL_NOFAULT : 0;
}

#define GUP_KMAP_MAX_PAGES 1024

/*
 * The RFC's buffer_op on one page: kmap_atomic it, in a slot of its own
 * (the caller may hold KM_USER0: the page-cache page in
 * generic_perform_write), copy @chunk bytes at @off to or from @kaddr (or
 * clear them), unmap.
 */
static void gup_kmap_one(struct page *page, u32 off, vaddr_t kaddr,
			 u32 chunk, bool to_user, bool clear)
{
	vaddr_t v = kmap_copy(page, km_copy_slot());

	if (clear)
		kv_memset(v + off, 0, chunk);
	else if (to_user)
		kv_memcpy(v + off, kaddr, chunk);
	else
		kv_memcpy(kaddr, v + off, chunk);
	kunmap_copy(v, km_copy_slot());
}

/*
 * pin_cache= (mm/pin_cache.h): the RFC's copy with its pins kept -- each
 * page from the cache (or pinned into it), kmapped and copied as the RFC
 * does; no page array, no unpin.  A page the cache cannot pin ends the
 * copy there, short (the RFC's all-or-nothing is for its one GUP call).
 */
static u32 pin_cache_copy(vaddr_t kaddr, vaddr_t uaddr, u32 n, bool to_user,
			  bool clear)
{
	u32 done = 0;

	while (done < n) {
		u32 off = (uaddr + done) & (PAGE_SIZE - 1);
		u32 chunk = MIN(n - done, PAGE_SIZE - off);
		struct page *page = pin_cache_get(current->mm, uaddr + done,
						  to_user,
						  gup_kmap_fault_flags());

		if (!page)
			break;
		gup_kmap_one(page, off, kaddr + done, chunk, to_user, clear);
		done += chunk;
	}
	return n - done;
}

/*
 * gup_kmap_copy: @kaddr is the kernel side (0 for a clear), @uaddr the user
 * side, @to_user the direction.  Return: bytes NOT copied.
 */
static u32 gup_kmap_copy(vaddr_t kaddr, vaddr_t uaddr, u32 n, bool to_user,
			 bool clear)
{
	static struct page *pages[GUP_KMAP_MAX_PAGES];
	u32 num_pages, done = 0;
	vaddr_t array;
	int ret;

	if (!n)
		return 0;
	if (config->pin_cache && current->mm)
		return pin_cache_copy(kaddr, uaddr, n, to_user, clear);
	num_pages = (u32)(DIV_ROUND_UP((u64)uaddr + n, PAGE_SIZE) -
			  uaddr / PAGE_SIZE);
	if (num_pages > GUP_KMAP_MAX_PAGES)
		return n;
	/* kmalloc_array(num_pages, sizeof(struct page *), GFP_KERNEL). */
	array = kmalloc(num_pages * 4, GFP_KERNEL | __GFP_ZERO);
	if (!array)
		return n;
	ret = get_user_pages_fast(uaddr, num_pages,
				  (to_user ? FOLL_WRITE : 0) |
					  gup_kmap_fault_flags(),
				  pages);
	if (ret < 0)
		goto free_array;
	for (int i = 0; i < ret; i++)
		kv_write32(array + (u32)i * 4, (u32)page_to_pfn(pages[i]));
	if ((u32)ret != num_pages) {
		/* The RFC copies nothing when GUP comes back short. */
		num_pages = (u32)ret;
		goto put_pages;
	}
	/* buffer_op: head, whole pages, tail; kmap_atomic each. */
	for (u32 i = 0; i < num_pages; i++) {
		u32 off = (uaddr + done) & (PAGE_SIZE - 1);
		u32 chunk = MIN(n - done, PAGE_SIZE - off);
		gup_kmap_one(pages[i], off, kaddr + done, chunk, to_user,
			     clear);
		done += chunk;
	}
put_pages:
	/*
	 * The RFC's put_page loop.  GUP hands out the zero page (reserved
	 * here) without a reference, so the release must skip it, as
	 * put_user_pages does; a plain put_page would free a reserved page.
	 */
	put_user_pages(pages, num_pages);
free_array:
	kfree(array);
	return n - done;
}

/* ---- the entry points ---- */

/*
 * might_fault (mm/memory.c): a user copy that may fault may sleep, so it
 * is might_sleep's unless page faults are disabled (then it cannot fault:
 * the fixup ends it).
 */
static void might_fault(void)
{
	if (current->pagefault_disabled || current->preempt_count)
		return;
	might_sleep("mm/memory.c");
}

u32 copy_from_user(vaddr_t to, vaddr_t from, u32 n)
{
	CC_SCOPE(copy_from_user);

	might_fault();
	if (usercopy_4g4g()) {
		u32 left = copy_4g4g(from, to, n, false, false);

		/* copy_from_user zeroes what it could not copy. */
		if (left)
			kv_memset(to + n - left, 0, left);
		return left;
	}
	if (strategy() == UACCESS_GUP_KMAP)
		return gup_kmap_copy(to, from, n, false, false);
	uaccess_enable();
	charge_bytes(CODE_memcpy_kib, n);
	{
		u32 left = copy_std(to, from, n, false);

		/* The fixup zeroes what was not copied. */
		if (left)
			kv_memset(to + n - left, 0, left);
		return left;
	}
}

/* copy_to_user and __copy_to_user_inatomic: the strategy, then std. */
static u32 __copy_to_user(vaddr_t to, vaddr_t from, u32 n, bool atomic)
{
	if (usercopy_4g4g())
		return copy_4g4g(to, from, n, true, false);
	switch (strategy()) {
	case UACCESS_GUP_KMAP:
		return gup_kmap_copy(from, to, n, true, false);
	case UACCESS_WITH_MEMCPY:
		if (n >= UACCESS_MEMCPY_MIN)
			return memcpy_to_user(to, from, n, false);
		break;
	default:
		break;
	}
	/* raw_copy_to_user's pair, or arm_copy_to_user's for n < 64. */
	uaccess_enable();
	charge_bytes(CODE_memcpy_kib, n);
	return atomic ? copy_std_inatomic(to, from, n, true) :
			copy_std(to, from, n, true);
}

u32 copy_to_user(vaddr_t to, vaddr_t from, u32 n)
{
	CC_SCOPE(copy_to_user);

	might_fault();
	return __copy_to_user(to, from, n, false);
}

u32 __copy_from_user_inatomic(vaddr_t to, vaddr_t from, u32 n)
{
	CC_SCOPE(copy_from_user);

	if (usercopy_4g4g())
		return copy_4g4g(from, to, n, false, false);
	/* The RFC hooks arm_copy_from_user, so __copy_from_user too. */
	if (strategy() == UACCESS_GUP_KMAP)
		return gup_kmap_copy(to, from, n, false, false);
	uaccess_enable();
	charge_bytes(CODE_memcpy_kib, n);
	return copy_std_inatomic(to, from, n, false);
}

u32 __copy_to_user_inatomic(vaddr_t to, vaddr_t from, u32 n)
{
	CC_SCOPE(copy_to_user);

	return __copy_to_user(to, from, n, true);
}

u32 clear_user(vaddr_t to, u32 n)
{
	CC_SCOPE(clear_user);

	/* FreeBSD has no clear_user: a copyout of the zero page. */
	if (usercopy_4g4g())
		return copy_4g4g(to, 0, n, true, true);
	if (config->vmsplit == VMSPLIT_4G_4G)
		return gup_kmap_copy(0, to, n, true, true);
	/* __clear_user's pair, around arm_clear_user. */
	uaccess_enable();
	if (strategy() == UACCESS_WITH_MEMCPY) {
		if (n >= UACCESS_MEMCPY_MIN)
			return memcpy_to_user(to, 0, n, true);
		/* arm_clear_user's own pair around __clear_user_std. */
		uaccess_enable();
	}
	charge_bytes(CODE_clear_user_kib, n);
	return clear_std(to, n);
}

u32 __copy_from_user_std(vaddr_t to, vaddr_t from, u32 n)
{
	return copy_std(to, from, n, false);
}

int get_user(u32 *val, vaddr_t uaddr)
{
	if (config->vmsplit == VMSPLIT_4G_4G)
		return indirect_access(uaddr, val, 4, false);
	uaccess_enable();
	for (;;) {
		struct cpu *c = this_cpu();

		if (!hw_read32(c, uaddr, val, ACC_USER))
			return 0;
		if (!fixup_user_fault(c)) {
			*val = 0;
			return -EFAULT;
		}
	}
}

int put_user(u32 val, vaddr_t uaddr)
{
	if (config->vmsplit == VMSPLIT_4G_4G)
		return indirect_access(uaddr, &val, 4, true);
	uaccess_enable();
	for (;;) {
		struct cpu *c = this_cpu();

		if (!hw_write32(c, uaddr, val, ACC_USER))
			return 0;
		if (!fixup_user_fault(c))
			return -EFAULT;
	}
}

int fault_in_pages_readable(vaddr_t uaddr, u32 n)
{
	u64 end = (u64)uaddr + n;
	u32 v;

	for (u64 a = uaddr; a < end; a = (a & PAGE_MASK) + PAGE_SIZE)
		if (get_user(&v, (vaddr_t)a & ~3u))
			return -EFAULT;
	return 0;
}

long strncpy_from_user(char *dst, vaddr_t src, u32 count)
{
	if (usercopy_4g4g())
		return copy_tramp_enabled() ?
			       tramp_copyinstr(dst, src, count) :
			       str_vm_strncpy(dst, src, count);
	if (config->vmsplit == VMSPLIT_4G_4G) {
		for (u32 i = 0; i < count; i++) {
			if (indirect_access(src + i, &dst[i], 1, false))
				return -EFAULT;
			if (!dst[i])
				return i;
		}
		return count;
	}
	for (u32 i = 0; i < count; i++) {
		struct cpu *c = this_cpu();
		u8 b;

		/* lib/strncpy_from_user.c reads a word per unsafe_get_user,
		 * which on ARM is a __get_user with its own pair. */
		if (!(i % sizeof(u32)))
			uaccess_enable();
		while (hw_read(c, src + i, &b, 1, ACC_USER)) {
			if (!fixup_user_fault(c))
				return -EFAULT;
		}
		dst[i] = (char)b;
		if (!b)
			return i;
	}
	return count;
}
