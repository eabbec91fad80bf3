// SPDX-License-Identifier: GPL-2.0-only
/*
 * tmpfs regular files: mm/shmem.c's inode, write_begin/write_end and
 * setattr, over mm/filemap.c's generic_perform_write and
 * do_generic_file_read and mm/truncate.c's truncate_inode_pages, in their
 * 3.x-5.x shape.
 *
 * A page beyond the written data is always zero, as in Linux: a new page
 * that a write does not fill is cleared around the copy (shmem_write_end),
 * and a shrink clears the tail of the new last page.  That is what makes a
 * later growth (write past the end, ftruncate) read as zeros.
 */
#include "fs/tmpfs.h"
#include "fs/dcache.h"

#include <stdio.h>
#include <stdlib.h>

#include "arch/cacheflush.h"
#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/livelock.h"
#include "kernel/sched.h"
#include "lib/uaccess.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/kmap_copy.h"
#include "mm/rmap.h"
#include "mm/page_touch.h"

static void shmem_evict_inode(struct inode *inode)
{
	address_space_put(inode->i_mapping);
	inode_unplace(inode);
	free(inode);
}

struct inode *shmem_new_inode(const char *name)
{
	struct inode *inode = calloc(1, sizeof(*inode));

	if (!inode)
		return NULL;
	/* The address_space may outlive the inode (a VMA maps it). */
	inode->i_mapping = address_space_create("tmpfs", 0);
	if (!inode->i_mapping) {
		free(inode);
		return NULL;
	}
	/* shmem_alloc_inode + shmem_get_inode (kernel_data=mem_map). */
	if (inode_place(inode, INODE_SHMEM)) {
		address_space_put(inode->i_mapping);
		free(inode);
		return NULL;
	}
	inode->i_mode = S_IFREG;
	inode->i_count = 1;
	inode->i_fop = &shmem_file_operations;
	inode->i_evict = shmem_evict_inode;
	snprintf(inode->i_name, sizeof(inode->i_name), "%s", name);
	return inode;
}

/*
 * mapping_writably_mapped - may user space write to @page through mappings
 * of its own?  Linux counts the shared writable VMAs of the whole file
 * (i_mmap_writable); the model's address_space does not know its VMAs,
 * so it asks whether this page is mapped at all -- the only case in which
 * a user alias can exist.
 */
static bool mapping_writably_mapped(const struct page *page)
{
	return page_mapped(page);
}

/*
 * zero_user_segments - clear [start1, end1) and [start2, end2) of @page
 * through a temporary mapping, then flush_dcache_page
 * (include/linux/highmem.h).
 */
static void zero_user_segments(struct page *page, u32 start1, u32 end1,
			       u32 start2, u32 end2)
{
	vaddr_t kaddr = kmap_atomic(page);

	if (end1 > start1)
		kv_memset(kaddr + start1, 0, end1 - start1);
	if (end2 > start2)
		kv_memset(kaddr + start2, 0, end2 - start2);
	kunmap_atomic(kaddr);
	flush_dcache_page(page);
}

/*
 * truncate_inode_pages - drop the pages of @mapping wholly at or beyond
 * @lstart and zero the rest of a partial page there (mm/truncate.c).  A
 * page user space still maps is unmapped first, which Linux does with
 * unmap_mapping_range over the file's VMAs; the model's reverse map does
 * it page by page (try_to_unmap).
 */
static void truncate_inode_pages(struct address_space *mapping, u64 lstart)
{
	unsigned long start = (unsigned long)DIV_ROUND_UP(lstart, PAGE_SIZE);
	u32 partial = (u32)(lstart & ~PAGE_MASK);

	for (unsigned long i = start; i < mapping->nr_slots; i++) {
		struct page *page = mapping->pages[i];

		if (!page)
			continue;
		if (page_mapped(page)) {
			get_page(page);
			try_to_unmap(page);
			put_page(page);
		}
		delete_from_page_cache(page);
	}
	if (partial) {
		struct page *page = find_get_page(
			mapping, (unsigned long)(lstart >> PAGE_SHIFT));

		if (page) {
			zero_user_segments(page, partial, PAGE_SIZE, 0, 0);
			put_page(page);
		}
	}
}

int shmem_setsize(struct inode *inode, u64 size)
{
	struct address_space *mapping = inode->i_mapping;
	unsigned long slots = (unsigned long)DIV_ROUND_UP(size, PAGE_SIZE);
	u64 old = inode->i_size;
	int err;

	if (size > TMPFS_MAX_BYTES)
		return -EFBIG;
	if (slots > mapping->nr_slots) {
		err = address_space_resize(mapping, slots);
		if (err)
			return err;
	}
	inode->i_size = size;
	/* shmem_setattr: i_size_write, the times (setattr_copy). */
	i_size_write_touch(inode);
	inode_touch(inode, IF_times, true);
	/* truncate_setsize: the new size first, then the page cache. */
	if (size < old || slots < mapping->nr_slots) {
		truncate_inode_pages(mapping, size);
		err = address_space_resize(mapping, slots);
		BUG_ON(err);
	}
	return 0;
}

/*
 * shmem_write_begin - the page at @pos with a reference (shmem_getpage
 * with SGP_WRITE): the cached one, or a new page from GFP_HIGHUSER that is
 * not cleared -- shmem_write_end clears what the copy leaves (*@fresh).
 * Return: 0, -ENOSPC when no page can be had, -ENOMEM (host memory).
 */
static int shmem_write_begin(struct inode *inode, u64 pos, struct page **pagep,
			     bool *fresh)
{
	CC_SCOPE(shmem_write_begin);
	struct address_space *mapping = inode->i_mapping;
	unsigned long index = (unsigned long)(pos >> PAGE_SHIFT);
	struct page *page;
	int err;

	*fresh = false;
	/* 5.7: the seals (F_SEAL_WRITE, F_SEAL_GROW) in shmem_inode_info. */
	shmem_info_touch(inode, false);
	page = find_get_page(mapping, index);
	if (page) {
		*pagep = page;
		return 0;
	}
	page = alloc_page(gfp_highuser(HM_PAGE_CACHE));
	if (!page)
		return -ENOSPC;
	if (index >= mapping->nr_slots) {
		err = address_space_resize(mapping, index + 1);
		if (err) {
			put_page(page);
			return err;
		}
	}
	err = add_to_page_cache(page, mapping, index);
	if (err) {
		/* Only a radix-tree node can be short (kernel_data=mem_map):
		 * shmem_getpage_gfp gives -ENOMEM back, as here. */
		BUG_ON(err != -ENOMEM);
		put_page(page);
		return err;
	}
	/* shmem_getpage_gfp: info->alloced++, inode->i_blocks +=
	 * BLOCKS_PER_PAGE, shmem_recalc_inode (info->swapped). */
	shmem_info_touch(inode, true);
	inode_touch(inode, IF_blocks, false);
	inode_touch(inode, IF_blocks, true);
	*fresh = true;
	*pagep = page;
	return 0;
}

/*
 * shmem_write_end - after @copied of @len bytes at @pos went into @page:
 * move the end of the file, clear a new page around the copy
 * (!PageUptodate: zero_user_segments), mark it dirty and drop the
 * reference write_begin took.  Return: @copied.
 */
static u32 shmem_write_end(struct inode *inode, u64 pos, u32 len, u32 copied,
			   struct page *page, bool fresh)
{
	CC_SCOPE(shmem_write_end);

	inode_touch(inode, IF_size, false);
	if (pos + copied > inode->i_size) {
		i_size_write_touch(inode);
		inode->i_size = pos + copied;
	}
	if (fresh && copied < PAGE_SIZE) {
		u32 from = (u32)(pos & ~PAGE_MASK);

		zero_user_segments(page, 0, from, from + copied, PAGE_SIZE);
	}
	/* set_page_dirty: TestSetPageDirty. */
	page_touch_rmw(page, PF_flags);
	set_page_flag(page, PG_dirty);
	put_page(page);
	return copied;
}

/*
 * Where the write loop looks for a fatal signal.  2.5.73's
 * generic_file_aio_write_nolock (mm/filemap.c, read in the tokenised
 * history) never does: it only cond_resched()s each pass.  3.14.1, 3.16
 * and 3.17's generic_perform_write (read) test it at the bottom of a pass
 * that copied, after balance_dirty_pages_ratelimited: a pass that copies
 * nothing goes round without ever seeing SIGKILL.  5.7.14 and 5.11 test
 * it at the top of every pass, after the fault-in.  Neither move was
 * pinned down (no tree of 2.6 or 4.x was read): a kernel between 2.5.73
 * and 3.14 takes 3.14's shape, one between 3.17 and 5.7 too.  Every
 * shape cond_resched()s after write_end.
 */
#define PERFORM_WRITE_FATAL_SIGNAL_LATE KERNEL_VERSION(2, 6, 0)
#define PERFORM_WRITE_FATAL_SIGNAL_EARLY KERNEL_VERSION(5, 7, 0)

/*
 * generic_perform_write - copy @count bytes from user @buf into the file
 * at @pos, a page at a time: fault the source in, get the page, copy with
 * page faults disabled under kmap_atomic, flush_dcache_page, write_end,
 * cond_resched.  A copy that faults copies nothing; it is retried after
 * faulting the source in again (the single-segment fallback), and stops
 * with -EFAULT when that fails, or -EINTR at a fatal signal where the
 * kernel's loop looks for one.  A pass that cannot make progress for
 * ever is the no-progress checker's (kernel/livelock.h).
 * Return: bytes written, or the error if none.
 */
static long generic_perform_write(struct inode *inode, vaddr_t buf, u32 count,
				  u64 pos)
{
	CC_SCOPE(generic_perform_write);
	u32 v = settings_kernel_version(config);
	bool early = v >= PERFORM_WRITE_FATAL_SIGNAL_EARLY;
	bool late = !early && v >= PERFORM_WRITE_FATAL_SIGNAL_LATE;
	long written = 0;
	int status = 0;

	do {
		u32 offset = (u32)(pos & ~PAGE_MASK);
		u32 bytes = MIN(PAGE_SIZE - offset, count);
		struct page *page = NULL;
		u32 copied, stuck = 0;
		vaddr_t kaddr;
		bool fresh;

		charge(CODE_write_page);
again:
		/*
		 * Bring in the user page we copy from first: the copy below
		 * runs with page faults disabled.
		 */
		if (fault_in_pages_readable(buf, bytes)) {
			status = -EFAULT;
			break;
		}
		if (early && fatal_signal_pending(current)) {
			status = -EINTR;
			break;
		}
		status = shmem_write_begin(inode, pos, &page, &fresh);
		if (status)
			break;
		if (mapping_writably_mapped(page))
			flush_dcache_page(page);
		kaddr = kmap_copy(page, KM_USER0);
		copied = bytes -
			 __copy_from_user_inatomic(kaddr + offset, buf, bytes);
		kunmap_copy(kaddr, KM_USER0);
		flush_dcache_page(page);
		/* mark_page_accessed: PageReferenced, SetPageReferenced. */
		page_touch_rmw(page, PF_flags);
		set_page_flag(page, PG_referenced);
		copied =
			shmem_write_end(inode, pos, bytes, copied, page, fresh);
		cond_resched();
		if (unlikely(!copied)) {
			/*
			 * Nothing copied: fall back to a single-segment
			 * length (one iovec here: the same bytes) and fault
			 * it in again, or give -EFAULT.
			 */
			hw_event(this_cpu(), EV_write_nocopy_pass);
			if (noprogress_copy("generic_perform_write", ++stuck,
					    bytes, buf, early)) {
				status = -EINTR;
				break;
			}
			bytes = MIN(PAGE_SIZE - offset, count);
			goto again;
		}
		pos += copied;
		buf += copied;
		count -= copied;
		written += copied;
		if (late && fatal_signal_pending(current)) {
			status = -EINTR;
			break;
		}
	} while (count);
	return written ? written : status;
}

static long shmem_file_write(struct file *file, vaddr_t buf, u32 count,
			     u64 *ppos)
{
	struct inode *inode = file->f_inode;
	u64 pos = *ppos;
	long written;

	/* inode_lock (5.7: i_rwsem) / mutex_lock(&inode->i_mutex). */
	inode_touch(inode, IF_lock, false);
	inode_touch(inode, IF_lock, true);
	/* generic_write_checks */
	if (file->f_flags & O_APPEND) {
		i_size_read_touch(inode);
		pos = inode->i_size;
	}
	if (!count) {
		written = 0;
		goto out;
	}
	if (pos >= TMPFS_MAX_BYTES) {
		written = -EFBIG;
		goto out;
	}
	count = (u32)MIN((u64)count, TMPFS_MAX_BYTES - pos);
	/* file_remove_suid / file_remove_privs: IS_NOSEC; then
	 * file_update_time. */
	inode_touch(inode, IF_flags, false);
	file_update_time_touch(inode);
	written = generic_perform_write(inode, buf, count, pos);
	if (written > 0)
		*ppos = pos + (u64)written;
out:
	inode_touch(inode, IF_lock, false);
	inode_touch(inode, IF_lock, true);
	return written;
}

/*
 * copy_page_to_user - @n bytes at @offset of @page to user @buf, the way
 * 3.x copy_page_to_iter does: under kmap_atomic with page faults disabled
 * first; if that faults, the rest through kmap and a copy_to_user that
 * may fault and sleep.  Return: bytes NOT copied.
 */
static u32 copy_page_to_user(struct page *page, u32 offset, vaddr_t buf, u32 n)
{
	vaddr_t kaddr = kmap_copy(page, KM_USER0);
	u32 left = __copy_to_user_inatomic(buf, kaddr + offset, n);
	u32 done = n - left;

	kunmap_copy(kaddr, KM_USER0);
	if (likely(!left))
		return 0;
	/* Too bad - revert to non-atomic kmap. */
	kaddr = kmap(page);
	left = copy_to_user(buf + done, kaddr + offset + done, left);
	kunmap(page);
	return left;
}

/*
 * shmem_file_read - do_generic_file_read: page by page up to the end of
 * the file; a hole reads as zeros; a fault ends the read short (-EFAULT
 * if nothing was read).
 */
static long shmem_file_read(struct file *file, vaddr_t buf, u32 count,
			    u64 *ppos)
{
	CC_SCOPE(filemap_read);
	struct inode *inode = file->f_inode;
	struct address_space *mapping = inode->i_mapping;
	u64 pos = *ppos;
	long nread = 0;
	int error = 0;

	while (count) {
		u32 offset = (u32)(pos & ~PAGE_MASK);
		u32 nr = MIN(PAGE_SIZE - offset, count);
		u64 isize = inode->i_size;
		struct page *page;
		u32 left;

		i_size_read_touch(inode);
		if (pos >= isize)
			break;
		if (isize - pos < nr)
			nr = (u32)(isize - pos);
		charge(CODE_read_page);
		page = find_get_page(mapping,
				     (unsigned long)(pos >> PAGE_SHIFT));
		if (!page) {
			left = clear_user(buf, nr);
		} else {
			/*
			 * User space may be writing to the page through other
			 * virtual addresses: take care of the aliasing before
			 * the kernel reads it.
			 */
			if (mapping_writably_mapped(page))
				flush_dcache_page(page);
			/* mark_page_accessed */
			page_touch_rmw(page, PF_flags);
			set_page_flag(page, PG_referenced);
			left = copy_page_to_user(page, offset, buf, nr);
			put_page(page);
		}
		nr -= left;
		pos += nr;
		buf += nr;
		count -= nr;
		nread += nr;
		if (left) {
			error = -EFAULT;
			break;
		}
	}
	*ppos = pos;
	file_accessed_touch(inode);
	return nread ? nread : error;
}

const struct file_operations shmem_file_operations = {
	.read = shmem_file_read,
	.write = shmem_file_write,
};

struct page *tmpfs_find_page(const char *path, unsigned long index)
{
	struct inode *inode = vfs_lookup(path);
	struct address_space *mapping;

	if (!inode || !S_ISREG(inode->i_mode))
		return NULL;
	mapping = inode->i_mapping;
	return index < mapping->nr_slots ? mapping->pages[index] : NULL;
}
