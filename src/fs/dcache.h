/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inodes and dentries at their simulated addresses (kernel_data=mem_map).
 *
 * A tmpfs inode is the vfs_inode inside a shmem_inode_cache object
 * (struct shmem_inode_info embeds it: at 32 of 320 bytes on 3.14, at 56 of
 * 456 on 5.7); a pipe's is an inode_cachep object (288 B, 400 B); every
 * name -- a tmpfs file, a directory of a path, /dev/zero and /dev/null --
 * has a dentry_cache object (136 B on both), hashed in dentry_hashtable,
 * the array of hlist_bl_head that dcache_init_early takes from memblock at
 * boot (mm/init.h).  Sizes and offsets measured with pahole on each
 * kernel's -g build (docs/kernel-objects.md section 9); 3.16 as 3.14,
 * 5.11 and 6.1 as 5.7; 2.5.73 not placed.
 *
 * What is touched, after the functions of 3.14's and 5.7's fs/namei.c,
 * fs/dcache.c, fs/inode.c, fs/open.c, fs/stat.c and mm/shmem.c:
 *
 *   - the path walk: per component __d_lookup_rcu (the hash bucket, and
 *     per dentry on its chain d_seq, d_hash, d_parent and d_name, then
 *     the name's bytes of the one that matches), lookup_fast (d_inode,
 *     d_seq again, d_flags), and for a directory may_lookup's
 *     inode_permission (i_mode, i_opflags, i_uid);
 *   - open: complete_walk's reference (d_lockref), may_open (i_mode ..),
 *     do_dentry_open (i_mapping, i_writecount for a writer, i_fop,
 *     i_flock / i_flctx for break_lease; 5.7: i_readcount for a reader);
 *     the last fput's dput and put_write_access;
 *   - create (shmem_mknod): the inode written whole (shmem_get_inode,
 *     inode_init_always), the dentry written whole (__d_alloc), the
 *     parent's d_subdirs, d_instantiate (d_inode, d_flags, i_dentry),
 *     __d_rehash (the bucket's bit lock, d_hash), the directory's size
 *     and times; unlink: the directory's size and times, i_nlink and
 *     i_ctime, d_lockref, __d_drop (the bucket, d_hash);
 *   - write: the inode lock (i_mutex / i_rwsem), file_remove_suid's
 *     IS_NOSEC, file_update_time (i_flags, the times, written when the
 *     coarse clock moved: once a tick, as current_fs_time /
 *     current_time are), per new page shmem_getpage's info->alloced and
 *     i_blocks, i_size_read and, when the file grows, i_size_write (5.7
 *     SMP: inside i_size_seqcount);
 *   - read: i_size_read per page, file_accessed's touch_atime (relatime:
 *     i_atime written when older than the mtime and the clock moved);
 *   - stat: generic_fillattr's fields.
 *
 * Coarse: the model's name space is flat, so a path's directories
 * ("dev", "dev/shm", "tmp") are made on first use and stay until the run
 * ends; the root is not hashed (as in Linux) and its dentry and inode
 * are made on first use too; the walk is always RCU-walk's and never
 * falls back to ref-walk (d_lookup); a name longer than d_iname is taken
 * as inline (no external name); the superblock, the mount and fs_struct
 * are not placed; the bucket is chosen with 3.14's hash (full_name_hash,
 * d_hash's hash_32) on both kernels.  With kernel_data=host every call
 * does nothing.
 */
#ifndef VMSPLIT_FS_DCACHE_H
#define VMSPLIT_FS_DCACHE_H

#include "base/types.h"

struct inode;
struct dentry;

enum inode_field {
	IF_perm,	/* i_mode, i_opflags, i_uid */
	IF_flags,	/* i_flags */
	IF_op,		/* i_op */
	IF_mapping,	/* i_mapping */
	IF_ino,		/* i_ino, i_nlink, i_rdev */
	IF_size,	/* i_size */
	IF_size_seq,	/* 5.7 (SMP): i_size_seqcount; UP: none */
	IF_times,	/* i_atime, i_mtime, i_ctime */
	IF_blocks,	/* i_blocks */
	IF_state,	/* i_state */
	IF_lock,	/* i_mutex's count (3.14), i_rwsem's (5.7) */
	IF_dentry,	/* i_dentry */
	IF_count,	/* i_count */
	IF_writecount,	/* i_writecount */
	IF_readcount,	/* 5.7: i_readcount */
	IF_fop,		/* i_fop */
	IF_flock,	/* i_flock (3.14), i_flctx (5.7) */
	NR_INODE_FIELDS
};

/* What kind of object an inode lives in. */
enum inode_kind {
	INODE_SHMEM,	/* shmem_inode_cache: tmpfs files and directories */
	INODE_PSEUDO,	/* inode_cachep: pipefs */
};

/* vfs_init / vfs_exit (after every name is gone) / abandon_kernel. */
void dcache_init(void);
void dcache_exit(void);
void dcache_forget(void);

/*
 * inode_place - an object for @inode of @kind, written whole (alloc_inode,
 * inode_init_always, shmem_get_inode); inode_unplace frees it and the
 * dentry of its name (destroy_inode, d_free).  Return: 0 or -ENOMEM.
 */
int inode_place(struct inode *inode, enum inode_kind kind);
void inode_unplace(struct inode *inode);

void inode_touch(const struct inode *inode, enum inode_field f, bool write);

/* The leading words of a tmpfs inode's shmem_inode_info (3.14: flags,
 * alloced, swapped; 5.7: lock, seals, flags, alloced, swapped). */
void shmem_info_touch(const struct inode *inode, bool write);

/* i_size_read / i_size_write (include/linux/fs.h). */
void i_size_read_touch(const struct inode *inode);
void i_size_write_touch(const struct inode *inode);
/* file_update_time (fs/inode.c), for a write that changed the file. */
void file_update_time_touch(struct inode *inode);
/* file_accessed -> touch_atime (fs/inode.c), relatime. */
void file_accessed_touch(struct inode *inode);

/*
 * d_instantiate_name - @inode gets the dentry of its name (the last
 * component of @path), made, instantiated and hashed (shmem_mknod's
 * d_alloc, d_instantiate, dget; the directory's size and times).
 * d_drop_name - unlink: __d_drop and shmem_unlink's stores.
 */
void d_instantiate_name(struct inode *inode, const char *path);
void d_drop_name(struct inode *inode);

/*
 * path_walk_touch - what path_openat / filename_lookup's walk of @path
 * touches, down to its last component, which is @inode's dentry (NULL:
 * a miss, the bucket's chain walked to its end).  A device's dentry and
 * inode are made on its first walk.
 */
void path_walk_touch(const char *path, struct inode *inode);

/* For tests: the address of @inode's dentry and of its hash bucket
 * (0 when not placed). */
vaddr_t inode_dentry_kva(const struct inode *inode);
vaddr_t inode_bucket_kva(const struct inode *inode);

/* A reference to @inode's dentry taken or dropped (dget / dput). */
void inode_ref_touch(struct inode *inode);

/* may_open + do_dentry_open of @inode for @flags; the last fput's. */
void inode_open_touch(struct inode *inode, u32 flags);
void inode_release_touch(struct inode *inode, u32 flags);

#endif
