/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Anonymous pipes (fs/pipe.c, include/linux/pipe_fs_i.h) as Linux 5.7 has
 * them: a ring of PIPE_DEF_BUFFERS pipe_buffers, each a page from
 * GFP_HIGHUSER holding [offset, offset + len) of unread data, written and
 * read through kmap_atomic; small writes merge into the last buffer; a
 * reader sleeps on an empty pipe and a writer on a full one (exclusive
 * waits, woken one at a time); EOF once every writer has closed, -EPIPE
 * once every reader has.
 */
#ifndef VMSPLIT_FS_PIPE_H
#define VMSPLIT_FS_PIPE_H

#include "base/types.h"

#define PIPE_DEF_BUFFERS 16

/* What the pipes did, summed since boot (pipe_stats_reset at boot). */
struct pipe_stats {
	u64 pipes;		/* pipes created */
	u64 writes, reads;	/* pipe_write / pipe_read calls */
	u64 bytes_written, bytes_read;
	u64 merged;		/* writes that went into the last buffer */
	u64 bufs_filled;	/* new ring slots taken by a write */
	u64 pages_allocated;	/* alloc_page for a slot (no tmp_page) */
	u64 writer_waits, reader_waits;	/* sleeps on a full / empty pipe */
	u64 wakeups;		/* sleepers woken */
};

extern struct pipe_stats pipe_stats;

void pipe_stats_reset(void);

/*
 * do_pipe - create a pipe and install its read end in the lowest free
 * descriptor, its write end in the next (do_pipe2 without flags).
 * Return: 0 with @fds[0] the read end and @fds[1] the write end, or
 * -EMFILE / -ENOMEM with nothing installed.
 */
int do_pipe(int fds[2]);

/*
 * pipe_object_kva - kernel_data=mem_map: the address of the
 * pipe_inode_info behind descriptor @fd (its bufs array in *@bufs), or 0
 * if it has none or @fd is no pipe.  Tests.
 */
vaddr_t pipe_object_kva(int fd, vaddr_t *bufs);

#endif
