// SPDX-License-Identifier: GPL-2.0-only
/*
 * x86 CONFIG_VMSPLIT_4G_4G user access, after mm/usercopy.c of Ingo
 * Molnar's 4G/4G patch ("(C) Copyright 2003 Ingo Molnar", 2.5.74; LKML
 * <Pine.LNX.4.44.0307082332450.17252-100000@localhost.localdomain>;
 * research/linux-highmem.md 6b).  The kernel runs on its own tables, so
 * user memory is reached through its struct page:
 *
 *   rw_vm: spin_lock(&mm->page_table_lock); per page follow_page()
 *   under the lock (the fast path: no reference is needed, nothing can
 *   unmap the page while the lock is held), and on a miss unlock,
 *   down_read(mmap_sem), get_user_pages() of that one page, up_read,
 *   relock, put_page, retry; then kmap_atomic(page, KM_USER_COPY), the
 *   copy, kunmap_atomic; spin_unlock at the end.  In atomic context
 *   (filemap_copy_from_user under its own kmap_atomic) a miss ends the
 *   copy short, for the caller's sleeping fallback.
 *
 * str_vm does the string operations the same way a page at a time.
 *
 * No kmalloc'ed page array, no get_user_pages on the fast path, and one
 * page_table_lock hold per call: the differences from the RFC's
 * GUP+kmap copy (uaccess.c), which ARM LPAE 4G/4G uses.
 *
 * Later versions of the patch (Fedora, RHEL 4) take a reference on the
 * fast path too; the model follows the 2.5.74 original.
 *
 * Deviations: the 1/4/8-byte special cases of rw_vm are one copy here
 * (the byte moves cost the same in the model); str_vm's strncpy reads the
 * rest of the page after the NUL, which the real one stops at -- the
 * copy's cost is charged per byte moved either way.
 */
#include "lib/usercopy.h"

#include <string.h>

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/gup.h"
#include "mm/highmem.h"
#include "mm/mm.h"

/* Faults in a row for one page before a retry loop is a bug. */
#define RW_VM_MAX_FAULTS 8

bool usercopy_4g4g(void)
{
	return config->vmsplit == VMSPLIT_4G_4G && platform()->arch == PLAT_X86;
}

/*
 * The page at @addr as follow_page finds it, faulting it in through
 * get_user_pages on a miss; NULL for a bad address or, in atomic context,
 * a page not yet mapped.  Context: page_table_lock held (it keeps the page
 * mapped); dropped and retaken around get_user_pages.
 */
static struct page *rw_vm_page(struct mm_struct *mm, vaddr_t addr, bool write)
{
	for (u32 tries = 0;; tries++) {
		struct page *page = follow_page(mm, addr, write, false);
		long ret;

		if (page)
			return page;
		if (tries == RW_VM_MAX_FAULTS)
			panic("rw_vm: no progress at %#x after %u faults", addr,
			      RW_VM_MAX_FAULTS);
		spin_unlock(&mm->page_table_lock);
		if (current->preempt_count || current->pagefault_disabled) {
			spin_lock(&mm->page_table_lock);
			return NULL;
		}
		down_read(&mm->mmap_sem);
		ret = get_user_pages(mm, addr & PAGE_MASK, 1,
				     write ? FOLL_WRITE : 0, &page);
		up_read(&mm->mmap_sem);
		spin_lock(&mm->page_table_lock);
		if (ret <= 0)
			return NULL;
		put_user_pages(&page, 1);
	}
}

u32 rw_vm(vaddr_t uaddr, vaddr_t kaddr, void *host, u32 len, bool write,
	  bool clear)
{
	struct mm_struct *mm = current->mm;
	u8 *h = host;

	if (!len)
		return 0;
	BUG_ON(!mm);
	spin_lock(&mm->page_table_lock);
	while (len) {
		u32 off = uaddr & (PAGE_SIZE - 1);
		u32 chunk = MIN(len, PAGE_SIZE - off);
		struct page *page = rw_vm_page(mm, uaddr, write);
		vaddr_t v;

		if (!page)
			break;
		v = kmap_atomic(page, KM_USER_COPY) + off;
		if (clear)
			kv_memset(v, 0, chunk);
		else if (h && write)
			kv_write(v, h, chunk);
		else if (h)
			kv_read(v, h, chunk);
		else if (write)
			kv_memcpy(v, kaddr, chunk);
		else
			kv_memcpy(kaddr, v, chunk);
		kunmap_atomic(v & PAGE_MASK, KM_USER_COPY);
		uaddr += chunk;
		kaddr += chunk;
		if (h)
			h += chunk;
		len -= chunk;
	}
	spin_unlock(&mm->page_table_lock);
	return len;
}

long str_vm_strncpy(char *dst, vaddr_t src, u32 count)
{
	u32 done = 0;

	while (done < count) {
		u32 chunk = MIN(count - done,
				PAGE_SIZE - ((src + done) & (PAGE_SIZE - 1)));
		char *nul;

		if (rw_vm(src + done, 0, dst + done, chunk, false, false))
			return -EFAULT;
		nul = memchr(dst + done, '\0', chunk);
		if (nul)
			return nul - dst;
		done += chunk;
	}
	return count;
}
