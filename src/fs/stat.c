// SPDX-License-Identifier: GPL-2.0-only
/*
 * stat64 and fstat64 (fs/stat.c): vfs_getattr fills a struct kstat on
 * the kernel stack, cp_new_stat64 converts it to the user's struct stat64
 * and copies it out.  The kernel-side buffer is one lowmem page (the
 * kernel stack's place), so the copy out is a real copy_to_user whose
 * cost the machine charges.  It is made at the first stat of a run, not at
 * boot: a page taken at boot would move every later allocation, and with
 * them the cache colours of runs that never call stat.
 */
#include "fs/vfs.h"

#include "base/errno.h"
#include "arch/kv.h"
#include "config/runtime.h"
#include "fs/dcache.h"
#include "fs/file.h"
#include "lib/uaccess.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

static struct page *kstat_page;

/* Boot: a page left by an abandoned run belongs to a machine now gone. */
void stat_init(void)
{
	kstat_page = NULL;
}

void stat_exit(void)
{
	if (kstat_page)
		__free_page(kstat_page);
	kstat_page = NULL;
}

/*
 * vfs_getattr + generic_fillattr + cp_new_stat64: the attributes of
 * @inode, copied to @buf.  Only i_mode and i_size are kept by the model;
 * the rest of the structure is copied as the kernel copies it.
 */
static int cp_new_stat64(struct inode *inode, vaddr_t buf)
{
	vaddr_t st;

	if (!kstat_page)
		kstat_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!kstat_page)
		return -ENOMEM;
	st = page_address(kstat_page);
	charge(CODE_vfs_getattr);
	/* generic_fillattr: i_ino, i_mode, i_nlink, i_uid, i_rdev, the
	 * times, i_blocks; i_size_read. */
	inode_touch(inode, IF_perm, false);
	inode_touch(inode, IF_ino, false);
	i_size_read_touch(inode);
	inode_touch(inode, IF_times, false);
	inode_touch(inode, IF_blocks, false);
	/* struct stat64 (ARM EABI): st_mode at 16, st_size at 48. */
	kv_write(st + 16, &inode->i_mode, 4);
	kv_write(st + 48, &inode->i_size, 8);
	return copy_to_user(buf, st, STAT64_SIZE) ? -EFAULT : 0;
}

int vfs_stat(const char *path, vaddr_t buf)
{
	CC_SCOPE(vfs_statx);
	struct inode *inode = vfs_lookup(path);
	int err;

	/* filename_lookup: the walk, the path's reference (then path_put). */
	path_walk_touch(path, inode);
	if (!inode)
		return -ENOENT;
	inode_ref_touch(inode);
	err = cp_new_stat64(inode, buf);
	inode_ref_touch(inode);
	return err;
}

int vfs_fstat(int fd, vaddr_t buf)
{
	CC_SCOPE(vfs_fstat);
	struct file *file = fget(fd);

	if (!file)
		return -EBADF;
	charge(CODE_fdget);
	return cp_new_stat64(file->f_inode, buf);
}
