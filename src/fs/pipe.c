// SPDX-License-Identifier: GPL-2.0-only
/*
 * Anonymous pipes: fs/pipe.c of Linux 5.7 (the BeagleBone's kernel), whose
 * pipe is a ring of 16 pipe_buffers (the head/tail ring of 5.5), each
 * holding part of a page from GFP_HIGHUSER (lowmem under
 * highmem_users=plan2 or plan3, the plan that drops such users).
 * pipe_write merges a write shorter than a page into the last buffer when
 * it fits, and otherwise takes a new slot; pipe_read copies out of the
 * oldest buffer and frees its page when it is empty (anon_pipe_buf_release
 * keeps one as tmp_page for the next write).  Both copy through
 * lib/iov_iter.c's copy_page_{from,to}_iter: with CONFIG_HIGHMEM,
 * kmap_atomic and a copy with page faults disabled, falling back to kmap
 * and a copy that may fault; without, the direct map.  So a pipe's cost
 * depends on where its pages live and on the board's uaccess strategy, as
 * in Linux.
 *
 * 2.5.73 (the NUMA-Q's kernel) had a single page per pipe; every board is
 * modelled with 5.7's ring (said so in docs/fidelity.md).
 *
 * Sleeping is wait_event_interruptible_exclusive on rd_wait / wr_wait:
 * the waiter is on the sleeper's stack, a wake-up takes the first one
 * off the queue (autoremove_wake_function) and wakes it, and the woken
 * task tests its condition again.  pipe->mutex is a sleeping lock: an
 * rw_semaphore held for writing, which charges contention in simulated
 * time like the kernel's other sleeping locks.
 */
#include "fs/pipe.h"
#include "fs/dcache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/kv.h"
#include "base/errno.h"
#include "base/list.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "fs/file.h"
#include "kernel/lock.h"
#include "kernel/sched.h"
#include "lib/uaccess.h"
#include "mm/emap.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/kmalloc.h"
#include "mm/kmap_copy.h"
#include "mm/page_touch.h"

#define S_IFIFO 0010000

/* The slab objects of a pipe: the inode, pipe_inode_info, the bufs array,
 * the pseudo dentry and the two files (do_pipe2 -> create_pipe_files). */
#define PIPE_SLAB_OBJECTS 6

struct pipe_stats pipe_stats;

struct pipe_buffer {
	struct page *page;
	u32 offset, len;
	/* emap=y: NetBSD's pipemapping kva and egen (mm/emap.h); 0: none. */
	vaddr_t ekva;
	u32 egen;
};

struct pipe_inode_info {
	struct rw_semaphore mutex;
	/* kernel_data=mem_map: the kernel's pipe_inode_info and its bufs
	 * array, and their layout (pipe_layout); else 0, 0 and NULL. */
	vaddr_t kva, bufs_kva;
	const struct pipe_layout *layout;
	struct list_head rd_wait, wr_wait;	/* struct pipe_waiter */
	u32 head, tail;			/* free-running; slot = index & mask */
	u32 max_usage, ring_size;
	u32 readers, writers;		/* open files of each end */
	struct page *tmp_page;		/* a free page kept for the next write */
	struct pipe_buffer bufs[PIPE_DEF_BUFFERS];
};

struct pipe_inode {
	struct inode inode;
	struct pipe_inode_info pipe;
};

/* A sleeper on rd_wait or wr_wait (DEFINE_WAIT, on its own stack). */
struct pipe_waiter {
	struct list_head node;		/* empty once taken off the queue */
	struct task_struct *task;
};

void pipe_stats_reset(void)
{
	memset(&pipe_stats, 0, sizeof(pipe_stats));
}

/*
 * kernel_data=mem_map: pipe_inode_info and its bufs array at simulated
 * addresses (alloc_pipe_info's kzalloc and kcalloc), at the kernel's
 * layout (docs/kernel-objects.md section 6): 5.7.14's (SMP: mutex 20,
 * rd_wait 20, wr_wait 32, head 44, tail 48, max_usage 52, ring_size 56,
 * readers 60, writers 64, tmp_page 80; 100 B) for 5.x and 6.1, 3.14.1's
 * (UP, one wait queue without a lock word: mutex 12, wait 12, nrbufs 20,
 * curbuf 24, buffers 28, readers 32, writers 36, tmp_page 56; 72 B; the
 * ring's head and tail are its curbuf + nrbufs).  A pipe_buffer is 24 B
 * (page, offset, len, ops, flags, private).  2.5.73's pipe, one page
 * behind the inode's semaphore, is not this ring: not placed there.
 * The other pipe objects (inode, dentry, files) are not placed.
 */
enum pipe_field {
	PIPE_F_ring,		/* head and tail (3.14: nrbufs, curbuf) */
	PIPE_F_ends,		/* readers, writers */
	PIPE_F_tmp_page,
	NR_PIPE_FIELDS
};

struct pipe_layout {
	u16 size;
	u16 rd_wait, wr_wait;	/* the wait queue heads */
	u8 wait_lock;		/* 4: a lock word at each head's start */
	u8 off[NR_PIPE_FIELDS], len[NR_PIPE_FIELDS];
};

static const struct pipe_layout pipe_5_7 = {
	.size = 100, .rd_wait = 20, .wr_wait = 32, .wait_lock = 4,
	.off = { [PIPE_F_ring] = 44, [PIPE_F_ends] = 60, [PIPE_F_tmp_page] = 80 },
	.len = { [PIPE_F_ring] = 8, [PIPE_F_ends] = 8, [PIPE_F_tmp_page] = 4 },
};

static const struct pipe_layout pipe_3_14 = {
	.size = 72, .rd_wait = 12, .wr_wait = 12, .wait_lock = 0,
	.off = { [PIPE_F_ring] = 20, [PIPE_F_ends] = 32, [PIPE_F_tmp_page] = 56 },
	.len = { [PIPE_F_ring] = 8, [PIPE_F_ends] = 8, [PIPE_F_tmp_page] = 4 },
};

#define PIPE_BUF_SIZE 24

static const struct pipe_layout *pipe_layout(void)
{
	static const struct pipe_layout *const by_kernel[] = {
		[LAYOUT_2_5_73] = NULL,
		[LAYOUT_3_14] = &pipe_3_14,
		[LAYOUT_5_7] = &pipe_5_7,
	};

	return page_touch_layout ? by_kernel[page_touch_kernel()] : NULL;
}

/* A load or store of field @f of @pipe's object, if it is placed. */
static void pipe_touch(const struct pipe_inode_info *pipe, enum pipe_field f,
		       bool write)
{
	const struct pipe_layout *l = pipe->layout;

	if (l)
		kv_touch(pipe->kva + l->off[f], l->len[f], write);
}

/* The slot's pipe_buffer: page, offset and len. */
static void pipe_buf_touch(const struct pipe_inode_info *pipe, u32 slot,
			   bool write)
{
	if (pipe->bufs_kva)
		kv_touch(pipe->bufs_kva + slot * PIPE_BUF_SIZE, 12, write);
}

/* A wait queue's head, its lock taken where it has a word: @q of @pipe. */
static void pipe_waitq_touch(const struct pipe_inode_info *pipe,
			     const struct list_head *q)
{
	const struct pipe_layout *l = pipe->layout;
	u16 off;

	if (!l)
		return;
	off = q == &pipe->rd_wait ? l->rd_wait : l->wr_wait;
	kv_touch(pipe->kva + off, l->wait_lock + 8u, true);
}

static struct pipe_inode_info *file_pipe(struct file *file)
{
	return &container_of(file->f_inode, struct pipe_inode, inode)->pipe;
}

static bool pipe_empty(u32 head, u32 tail)
{
	return head == tail;
}

static bool pipe_full(u32 head, u32 tail, u32 limit)
{
	return head - tail >= limit;
}

static bool pipe_readable(const struct pipe_inode_info *pipe)
{
	return !pipe_empty(pipe->head, pipe->tail) || !pipe->writers;
}

static bool pipe_writable(const struct pipe_inode_info *pipe)
{
	return !pipe_full(pipe->head, pipe->tail, pipe->max_usage) ||
	       !pipe->readers;
}

/*
 * pipe_ring_lock - spin_lock_irq + spin_unlock_irq of rd_wait.lock, which
 * 5.7 takes to move the ring's head or tail (a host critical section
 * here: nothing runs in between).
 */
static void pipe_ring_lock(const struct pipe_inode_info *pipe)
{
	const struct pipe_layout *l = pipe->layout;

	charge(CODE_spin_lock);
	charge(CODE_spin_lock_irq);
	if (l && l->wait_lock)
		kv_touch(pipe->kva + l->rd_wait, l->wait_lock, true);
}

/*
 * pipe_wake - wake_up_interruptible_sync_poll (@all: _all) on @q: the
 * first exclusive waiter, or every waiter, is taken off the queue and
 * woken.  The call costs its lock and list walk whether or not anybody
 * sleeps there.
 */
static void pipe_wake(const struct pipe_inode_info *pipe, struct list_head *q,
		      bool all)
{
	charge(CODE_pipe_wake);
	pipe_waitq_touch(pipe, q);
	while (!list_empty(q)) {
		struct pipe_waiter *w =
			list_first_entry(q, struct pipe_waiter, node);

		list_del(&w->node);
		INIT_LIST_HEAD(&w->node);
		charge(CODE_try_to_wake_up);
		pipe_stats.wakeups++;
		wake_up_process(w->task);
		if (!all)
			break;
	}
}

/*
 * pipe_wait_event - wait_event_interruptible_exclusive(@q, @cond(@pipe))
 * with pipe->mutex NOT held.  Context: process, may sleep.
 * Return: 0 once the condition holds, -EINTR on a pending signal
 * (-ERESTARTSYS in Linux, which the signal code turns into EINTR here).
 */
static int pipe_wait_event(struct pipe_inode_info *pipe, struct list_head *q,
			   bool (*cond)(const struct pipe_inode_info *))
{
	struct task_struct *t = current;
	struct pipe_waiter w = { .task = t };
	int ret = 0;

	charge(CODE_pipe_wait);
	INIT_LIST_HEAD(&w.node);
	for (;;) {
		/* prepare_to_wait_exclusive: queue again after a wake-up. */
		pipe_waitq_touch(pipe, q);
		if (list_empty(&w.node))
			list_add_tail(&w.node, q);
		t->state = TASK_INTERRUPTIBLE;
		if (cond(pipe))
			break;
		if (t->signal_pending) {
			ret = -EINTR;
			break;
		}
		schedule();
	}
	/* finish_wait */
	pipe_waitq_touch(pipe, q);
	t->state = TASK_RUNNING;
	if (!list_empty(&w.node))
		list_del(&w.node);
	return ret;
}

/*
 * pipe_copy_from_user - copy_page_from_iter_iovec for one segment: @n
 * bytes from user @buf to @page at @offset.  With CONFIG_HIGHMEM, the
 * source is faulted in and the copy runs under kmap_atomic with page
 * faults disabled; whatever that leaves goes through kmap and a
 * copy_from_user that may fault.  Return: bytes copied.
 */
static u32 pipe_copy_from_user(struct page *page, u32 offset, vaddr_t buf,
			       u32 n)
{
	u32 left = n, done;
	vaddr_t kaddr;

	charge(CODE_pipe_buf);
	if (config->highmem && !fault_in_pages_readable(buf, n)) {
		/*
		 * emap=y: the writer fills the page through kmap_atomic and
		 * enters it for the reader (pipe_emap_enter); NetBSD's writer
		 * loans its own pages and never reads through the emap, so
		 * it does not consume.
		 */
		kaddr = emap_active() ? kmap_atomic(page, KM_USER0) :
					kmap_copy(page, KM_USER0);
		left = __copy_from_user_inatomic(kaddr + offset, buf, n);
		kunmap_copy(kaddr, KM_USER0);
		if (likely(!left))
			return n;
	}
	/* Too bad - revert to non-atomic kmap. */
	done = n - left;
	kaddr = kmap(page);
	left = copy_from_user(kaddr + offset + done, buf + done, left);
	kunmap(page);
	return n - left;
}

/*
 * pipe_copy_to_user - copy_page_to_iter_iovec for one segment: @n bytes
 * of @pb's page at @offset to user @buf, through its emap mapping when the
 * writer entered one, under kmap_atomic first with
 * CONFIG_HIGHMEM, the rest through kmap.  5.7 faults the destination in
 * first (fault_in_pages_writeable, which stores zeros); here the atomic
 * copy's fault sends it to the kmap path instead, which costs the same
 * fault.  Return: bytes copied.
 */
static u32 pipe_copy_to_user(const struct pipe_buffer *pb, u32 offset,
			     vaddr_t buf, u32 n)
{
	struct page *page = pb->page;
	u32 left = n, done;
	vaddr_t kaddr;

	charge(CODE_pipe_buf);
	if (pb->ekva) {
		/* pipe_read's direct read: uvm_emap_consume, uiomove. */
		kaddr = emap_loan_map(pb->ekva, pb->egen);
		left = __copy_to_user_inatomic(buf, kaddr + offset, n);
		emap_loan_unmap();
		if (likely(!left))
			return n;
	} else if (config->highmem) {
		kaddr = kmap_copy(page, KM_USER0);
		left = __copy_to_user_inatomic(buf, kaddr + offset, n);
		kunmap_copy(kaddr, KM_USER0);
		if (likely(!left))
			return n;
	}
	done = n - left;
	kaddr = kmap(page);
	left = copy_to_user(buf + done, kaddr + offset + done, left);
	kunmap(page);
	return n - left;
}

/*
 * anon_pipe_buf_release - an emptied buffer's page: kept as tmp_page when
 * nobody else holds it and there is none, else its reference dropped.
 */
static void anon_pipe_buf_release(struct pipe_inode_info *pipe,
				  struct pipe_buffer *buf)
{
	struct page *page = buf->page;

	if (buf->ekva) {
		emap_loan_free(buf->ekva);
		buf->ekva = 0;
	}
	pipe_touch(pipe, PIPE_F_tmp_page, true);
	if (page_count(page) == 1 && !pipe->tmp_page)
		pipe->tmp_page = page;
	else
		put_page(page);
	buf->page = NULL;
}

/*
 * pipe_read - up to @count bytes from the oldest buffers to user @ubuf.
 * Sleeps while the pipe is empty and has writers.  Return: bytes read,
 * 0 at EOF (no writers, nothing left), -EFAULT, -EINTR.
 */
static long pipe_read(struct file *file, vaddr_t ubuf, u32 count, u64 *ppos)
{
	CC_SCOPE(pipe_read);
	struct pipe_inode_info *pipe = file_pipe(file);
	bool was_full, wake_next_reader = false;
	u32 total_len = count;
	long ret = 0;

	if (unlikely(!total_len))
		return 0;
	charge(CODE_pipe_read);
	pipe_stats.reads++;
	down_write(&pipe->mutex);
	pipe_touch(pipe, PIPE_F_ring, false);
	was_full = pipe_full(pipe->head, pipe->tail, pipe->max_usage);
	for (;;) {
		u32 head = pipe->head, tail = pipe->tail;
		u32 mask = pipe->ring_size - 1;

		if (!pipe_empty(head, tail)) {
			struct pipe_buffer *buf = &pipe->bufs[tail & mask];
			u32 chars = MIN(buf->len, total_len);
			u32 written;

			pipe_buf_touch(pipe, tail & mask, false);
			written = pipe_copy_to_user(buf, buf->offset, ubuf,
						    chars);

			if (unlikely(written < chars)) {
				if (!ret)
					ret = -EFAULT;
				break;
			}
			ret += chars;
			ubuf += chars;
			pipe_buf_touch(pipe, tail & mask, true);
			buf->offset += chars;
			buf->len -= chars;
			pipe_stats.bytes_read += chars;
			if (!buf->len) {
				anon_pipe_buf_release(pipe, buf);
				pipe_ring_lock(pipe);
				pipe_touch(pipe, PIPE_F_ring, false);
				pipe->tail = ++tail;
				pipe_touch(pipe, PIPE_F_ring, true);
			}
			total_len -= chars;
			if (!total_len)
				break;	/* common path: read succeeded */
			if (!pipe_empty(head, tail))
				continue;
		}
		pipe_touch(pipe, PIPE_F_ends, false);
		if (!pipe->writers || ret)
			break;
		up_write(&pipe->mutex);
		/* Nothing read: a writer may wait on a full pipe that a
		 * zero-length buffer filled (5.7 wakes it here too). */
		if (unlikely(was_full))
			pipe_wake(pipe, &pipe->wr_wait, false);
		pipe_stats.reader_waits++;
		if (pipe_wait_event(pipe, &pipe->rd_wait, pipe_readable) < 0)
			return -EINTR;
		down_write(&pipe->mutex);
		was_full = pipe_full(pipe->head, pipe->tail, pipe->max_usage);
		wake_next_reader = true;
	}
	if (pipe_empty(pipe->head, pipe->tail))
		wake_next_reader = false;
	up_write(&pipe->mutex);
	if (was_full)
		pipe_wake(pipe, &pipe->wr_wait, false);
	if (wake_next_reader)
		pipe_wake(pipe, &pipe->rd_wait, false);
	/* if (ret > 0) file_accessed(filp) */
	if (ret > 0)
		file_accessed_touch(file->f_inode);
	return ret;
}

/*
 * pipe_write - @count bytes from user @ubuf into the pipe: merged into the
 * last buffer when the write's sub-page part fits there, then a page per
 * new slot.  Sleeps while the pipe is full and has readers.  Return:
 * bytes written, -EPIPE with no reader (SIGPIPE is not modelled: the
 * program sees the error), -EFAULT, -ENOMEM, -EINTR.
 */
static long pipe_write(struct file *file, vaddr_t ubuf, u32 count, u64 *ppos)
{
	CC_SCOPE(pipe_write);
	struct pipe_inode_info *pipe = file_pipe(file);
	bool was_empty, wake_next_writer = false;
	u32 total_len = count, chars;
	long ret = 0;

	if (unlikely(!total_len))
		return 0;
	charge(CODE_pipe_write);
	pipe_stats.writes++;
	down_write(&pipe->mutex);
	pipe_touch(pipe, PIPE_F_ends, false);
	if (!pipe->readers) {
		ret = -EPIPE;
		was_empty = false;
		goto out;
	}
	pipe_touch(pipe, PIPE_F_ring, false);
	was_empty = pipe_empty(pipe->head, pipe->tail);
	chars = total_len & ~PAGE_MASK;
	if (chars && !was_empty) {
		u32 mask = pipe->ring_size - 1;
		struct pipe_buffer *buf = &pipe->bufs[(pipe->head - 1) & mask];
		u32 offset = buf->offset + buf->len;

		pipe_buf_touch(pipe, (pipe->head - 1) & mask, false);
		if (offset + chars <= PAGE_SIZE) {
			u32 copied = pipe_copy_from_user(buf->page, offset,
							 ubuf, chars);

			if (unlikely(copied < chars)) {
				ret = -EFAULT;
				goto out;
			}
			pipe_stats.merged++;
			pipe_stats.bytes_written += copied;
			pipe_buf_touch(pipe, (pipe->head - 1) & mask, true);
			buf->len += copied;
			ret = copied;
			ubuf += copied;
			total_len -= copied;
			if (!total_len)
				goto out;
		}
	}
	for (;;) {
		u32 head;

		if (!pipe->readers) {
			if (!ret)
				ret = -EPIPE;
			break;
		}
		head = pipe->head;
		if (!pipe_full(head, pipe->tail, pipe->max_usage)) {
			u32 mask = pipe->ring_size - 1;
			struct pipe_buffer *buf = &pipe->bufs[head & mask];
			struct page *page = pipe->tmp_page;
			u32 n = MIN(total_len, PAGE_SIZE), copied;

			if (!page) {
				page = alloc_page(gfp_highuser(HM_PIPE));
				if (unlikely(!page)) {
					if (!ret)
						ret = -ENOMEM;
					break;
				}
				pipe_stats.pages_allocated++;
				pipe->tmp_page = page;
			}
			/* The slot is taken before the copy: an empty buffer
			 * left by a fault is consumed by the reader. */
			pipe_ring_lock(pipe);
			pipe_touch(pipe, PIPE_F_tmp_page, true);
			pipe_touch(pipe, PIPE_F_ring, true);
			pipe_buf_touch(pipe, head & mask, true);
			pipe->head = head + 1;
			buf->page = page;
			buf->offset = 0;
			buf->len = 0;
			pipe->tmp_page = NULL;
			pipe_stats.bufs_filled++;
			/* pipe_direct_write: uvm_emap_enter, uvm_emap_produce. */
			buf->ekva = emap_loan_enter(page, &buf->egen);
			copied = pipe_copy_from_user(page, 0, ubuf, n);
			if (unlikely(copied < n)) {
				if (!ret)
					ret = -EFAULT;
				break;
			}
			ret += copied;
			ubuf += copied;
			buf->len = copied;
			pipe_stats.bytes_written += copied;
			total_len -= copied;
			if (!total_len)
				break;
		}
		if (!pipe_full(pipe->head, pipe->tail, pipe->max_usage))
			continue;
		/* Wait for buffer space to become available. */
		if (current->signal_pending) {
			if (!ret)
				ret = -EINTR;
			break;
		}
		up_write(&pipe->mutex);
		if (was_empty)
			pipe_wake(pipe, &pipe->rd_wait, false);
		pipe_stats.writer_waits++;
		pipe_wait_event(pipe, &pipe->wr_wait, pipe_writable);
		down_write(&pipe->mutex);
		was_empty = pipe_empty(pipe->head, pipe->tail);
		wake_next_writer = true;
	}
out:
	if (pipe_full(pipe->head, pipe->tail, pipe->max_usage))
		wake_next_writer = false;
	up_write(&pipe->mutex);
	if (was_empty)
		pipe_wake(pipe, &pipe->rd_wait, false);
	if (wake_next_writer)
		pipe_wake(pipe, &pipe->wr_wait, false);
	/* if (ret > 0 && sb_start_write_trylock(...)) file_update_time */
	if (ret > 0)
		file_update_time_touch(file->f_inode);
	return ret;
}

/*
 * pipe_release - the last reference to one end went: one reader or
 * writer fewer, and everybody asleep on the pipe woken to see it.
 */
static void pipe_release(struct file *file)
{
	struct pipe_inode_info *pipe = file_pipe(file);

	down_write(&pipe->mutex);
	pipe_touch(pipe, PIPE_F_ends, false);
	pipe_touch(pipe, PIPE_F_ends, true);
	if (file_readable(file))
		pipe->readers--;
	if (file_writable(file))
		pipe->writers--;
	up_write(&pipe->mutex);
	/* 5.7 wakes only while one end is still open. */
	if (!pipe->readers != !pipe->writers) {
		pipe_wake(pipe, &pipe->rd_wait, true);
		pipe_wake(pipe, &pipe->wr_wait, true);
	}
}

static const struct file_operations pipefifo_fops = {
	.read = pipe_read,
	.write = pipe_write,
	.release = pipe_release,
};

/* free_pipe_info: both ends are closed; the pages go back. */
static void pipe_evict(struct inode *inode)
{
	struct pipe_inode *pi = container_of(inode, struct pipe_inode, inode);
	struct pipe_inode_info *pipe = &pi->pipe;

	if (!list_empty(&pipe->rd_wait) || !list_empty(&pipe->wr_wait))
		panic("pipe_evict: a task still sleeps on %s", inode->i_name);
	for (u32 i = 0; i < pipe->ring_size; i++) {
		if (pipe->bufs[i].ekva)
			emap_loan_free(pipe->bufs[i].ekva);
		if (pipe->bufs[i].page)
			put_page(pipe->bufs[i].page);
	}
	if (pipe->tmp_page)
		put_page(pipe->tmp_page);
	/* free_pipe_info: the two placed objects kfree'd, the others'
	 * frees charged as code. */
	charge_n(CODE_kmem_cache_free, PIPE_SLAB_OBJECTS -
						(pipe->kva ? 2 : 0) -
						(inode->i_obj_kva ? 1 : 0));
	inode_unplace(inode);
	if (pipe->kva) {
		kfree(pipe->bufs_kva);
		kfree(pipe->kva);
	}
	free(pi);
}

/* get_pipe_inode + alloc_pipe_info: an inode with an empty ring. */
static struct inode *get_pipe_inode(void)
{
	struct pipe_inode *pi = calloc(1, sizeof(*pi));
	const struct pipe_layout *l = pipe_layout();

	if (!pi)
		return NULL;
	/*
	 * alloc_pipe_info: kzalloc the pipe_inode_info, kcalloc its bufs
	 * (placed under kernel_data=mem_map, their clears charged); the
	 * other objects' allocations charged as code.
	 */
	if (l) {
		pi->pipe.kva = kmalloc(l->size, GFP_KERNEL | __GFP_ZERO);
		pi->pipe.bufs_kva = pi->pipe.kva ?
			kmalloc(PIPE_DEF_BUFFERS * PIPE_BUF_SIZE,
				GFP_KERNEL | __GFP_ZERO) : 0;
		if (!pi->pipe.bufs_kva) {
			if (pi->pipe.kva)
				kfree(pi->pipe.kva);
			free(pi);
			return NULL;
		}
	}
	/* new_inode_pseudo: an inode_cachep object (placed with the
	 * dentries, fs/dcache.h). */
	if (inode_place(&pi->inode, INODE_PSEUDO)) {
		if (pi->pipe.kva) {
			kfree(pi->pipe.bufs_kva);
			kfree(pi->pipe.kva);
		}
		free(pi);
		return NULL;
	}
	charge_n(CODE_kmem_cache_alloc, PIPE_SLAB_OBJECTS - (l ? 2 : 0) -
						(pi->inode.i_obj_kva ? 1 : 0));
	pi->inode.i_mode = S_IFIFO;
	pi->inode.i_count = 1;
	pi->inode.i_fop = &pipefifo_fops;
	pi->inode.i_evict = pipe_evict;
	snprintf(pi->inode.i_name, sizeof(pi->inode.i_name), "pipe:[%llu]",
		 (unsigned long long)pipe_stats.pipes);
	pi->pipe.mutex = RWSEM_INIT("pipe->mutex");
	/* 5.7 and 3.14: the mutex is the object's first word. */
	pi->pipe.layout = l;
	pi->pipe.mutex.kva = pi->pipe.kva;
	INIT_LIST_HEAD(&pi->pipe.rd_wait);
	INIT_LIST_HEAD(&pi->pipe.wr_wait);
	pi->pipe.ring_size = PIPE_DEF_BUFFERS;
	pi->pipe.max_usage = PIPE_DEF_BUFFERS;
	pi->pipe.readers = 1;
	pi->pipe.writers = 1;
	pipe_stats.pipes++;
	return &pi->inode;
}

vaddr_t pipe_object_kva(int fd, vaddr_t *bufs)
{
	struct file *file = fcheck(fd);
	struct pipe_inode_info *pipe;

	*bufs = 0;
	if (!file || file->f_op != &pipefifo_fops)
		return 0;
	pipe = file_pipe(file);
	*bufs = pipe->bufs_kva;
	return pipe->kva;
}

int do_pipe(int fds[2])
{
	struct inode *inode = get_pipe_inode();
	struct file *rd, *wr;
	int fd0, fd1;

	if (!inode)
		return -ENOMEM;
	rd = alloc_file(inode, O_RDONLY);
	wr = rd ? alloc_file(inode, O_WRONLY) : NULL;
	iput(inode);
	if (!wr) {
		/* The inode's creation counts stand for both ends: with
		 * one file missing, its end never opened. */
		if (rd) {
			file_pipe(rd)->writers = 0;
			fput(rd);
		}
		return -ENOMEM;
	}
	fd0 = get_unused_fd();
	if (fd0 < 0)
		goto fail;
	fd_install(fd0, rd);
	fd1 = get_unused_fd();
	if (fd1 < 0) {
		current->files->fd[fd0] = NULL;
		fd0 = fd1;
		goto fail;
	}
	fd_install(fd1, wr);
	fds[0] = fd0;
	fds[1] = fd1;
	return 0;
fail:
	fput(rd);
	fput(wr);
	return fd0;
}
