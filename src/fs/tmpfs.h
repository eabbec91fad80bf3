/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tmpfs regular files (mm/shmem.c): the file is its page cache.  Pages come
 * from GFP_HIGHUSER, so on a board with highmem the data of a file lives in
 * highmem and every read and write maps it with kmap_atomic.
 *
 * The write path has the shape of generic_perform_write with
 * shmem_write_begin/shmem_write_end (3.x-5.x); the read path that of
 * do_generic_file_read / filemap_read with copy_page_to_iter's
 * atomic-then-kmap copy.
 */
#ifndef VMSPLIT_FS_TMPFS_H
#define VMSPLIT_FS_TMPFS_H

#include "fs/file.h"

/*
 * The largest file (the super block's s_maxbytes).  A model limit: the
 * page-cache index is a host array, so files stop at 4 GiB, which is more
 * than any board here can hold.
 */
#define TMPFS_MAX_BYTES (4ull << 30)

extern const struct file_operations shmem_file_operations;

/*
 * shmem_new_inode - a new, empty regular file called @name, with one
 * reference (the caller's).  Return: the inode, or NULL (host memory).
 */
struct inode *shmem_new_inode(const char *name);

/*
 * shmem_setsize - set the file size to @size (ftruncate, O_TRUNC): a
 * shrink drops the pages wholly beyond the new end (unmapping them from
 * user space first) and zeroes the rest of a partial last page; a growth
 * only moves the end (the new range is a hole that reads as zeros).
 * Context: process context, or the end of a run.
 * Return: 0, -EFBIG beyond TMPFS_MAX_BYTES, or -ENOMEM (host memory).
 */
int shmem_setsize(struct inode *inode, u64 size);

/*
 * tmpfs_find_page - for tests: the page cached at @index of the file
 * named @path, without taking a reference or charging anything; NULL if
 * there is no such file or page.
 */
struct page *tmpfs_find_page(const char *path, unsigned long index);

#endif
