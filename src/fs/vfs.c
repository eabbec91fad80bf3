// SPDX-License-Identifier: GPL-2.0-only
/*
 * The file system calls (fs/open.c, fs/read_write.c, fs/namei.c's unlink)
 * over one flat name space: "/dev/zero" and "/dev/null", then a table of
 * tmpfs files by name ("/dev/shm/NAME" for shared memory objects).  There
 * are no directories: a name is the whole path without its leading '/'.
 */
#include "fs/vfs.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/layout.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "fs/dcache.h"
#include "fs/file.h"
#include "fs/tmpfs.h"
#include "kernel/sched.h"

/*
 * Names the tmpfs can hold (its nr_inodes limit, here a table size):
 * enough for kernbench's objects, .cmd files, headers and dependency
 * files at its largest (2,000 units).
 */
#define NR_NAMES 8192

/* rw_verify_area's cap on one read or write (include/linux/fs.h). */
#define MAX_RW_COUNT ((u32)INT_MAX & PAGE_MASK)

/*
 * The character devices.  Static: one reference for their name that never
 * goes, so they are never evicted.
 */
static struct inode dev_inodes[] = {
	{ .i_mode = S_IFCHR, .i_fop = &zero_fops, .i_name = "dev/zero" },
	{ .i_mode = S_IFCHR, .i_fop = &null_fops, .i_name = "dev/null" },
};

static struct inode *names[NR_NAMES];

void vfs_init(void)
{
	/*
	 * Whatever a run that was abandoned left behind belongs to a machine
	 * that is gone: forget it.  Right after boot the table is empty, so
	 * calling this twice is harmless.
	 */
	memset(names, 0, sizeof(names));
	stat_init();
	file_touch_init();
	dcache_init();
	for (size_t i = 0; i < ARRAY_SIZE(dev_inodes); i++) {
		dev_inodes[i].i_count = 1;
		/* Placed on first walk; an abandoned run's are forgotten
		 * (their dentries' host side freed). */
		dev_inodes[i].kva = dev_inodes[i].i_obj_kva = 0;
		free(dev_inodes[i].i_dentry);
		dev_inodes[i].i_dentry = NULL;
	}
}

/* Remove the name in slot @i; the inode goes when nothing else holds it. */
static void unlink_slot(int i)
{
	struct inode *inode = names[i];

	names[i] = NULL;
	iput(inode);
}

/*
 * The end of a run: every name goes.  With every task gone (no open file,
 * no mapping) that drops every tmpfs page.  A second call finds nothing.
 */
void vfs_exit(void)
{
	for (int i = 0; i < NR_NAMES; i++)
		if (names[i])
			unlink_slot(i);
	for (size_t i = 0; i < ARRAY_SIZE(dev_inodes); i++)
		inode_unplace(&dev_inodes[i]);
	dcache_exit();
	stat_exit();
	file_touch_exit();
}

static const char *skip_slashes(const char *path)
{
	while (*path == '/')
		path++;
	return path;
}

static struct inode *find_device(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(dev_inodes); i++)
		if (!strcmp(dev_inodes[i].i_name, name))
			return &dev_inodes[i];
	return NULL;
}

/* The table slot holding @name, or -1. */
static int find_slot(const char *name)
{
	for (int i = 0; i < NR_NAMES; i++)
		if (names[i] && !strcmp(names[i]->i_name, name))
			return i;
	return -1;
}

struct inode *vfs_lookup(const char *path)
{
	const char *name = skip_slashes(path);
	struct inode *inode = find_device(name);
	int i;

	if (inode)
		return inode;
	i = find_slot(name);
	return i < 0 ? NULL : names[i];
}

/*
 * shmem_create - a new tmpfs file named @name of @size bytes (a hole),
 * entered in the name space.  Return: the inode with a reference for the
 * caller, or NULL with *@err = -ENOSPC (no free name), -ENAMETOOLONG or
 * -ENOMEM.
 */
static struct inode *shmem_create(const char *name, u64 size, int *err)
{
	struct inode *inode;
	int slot;

	if (strlen(name) >= PATH_MAX_LEN) {
		*err = -ENAMETOOLONG;
		return NULL;
	}
	for (slot = 0; slot < NR_NAMES && names[slot]; slot++)
		;
	if (slot == NR_NAMES) {
		*err = -ENOSPC;
		return NULL;
	}
	inode = shmem_new_inode(name);
	if (!inode) {
		*err = -ENOMEM;
		return NULL;
	}
	*err = size ? shmem_setsize(inode, size) : 0;
	if (*err) {
		iput(inode);
		return NULL;
	}
	/* The name's reference. */
	ihold(inode);
	names[slot] = inode;
	d_instantiate_name(inode, name);
	return inode;
}

/*
 * open_name - do_sys_open: look @path up (creating a regular file of
 * @size bytes with O_CREAT), truncate it for O_TRUNC, and install a new
 * open file in the lowest free descriptor.
 * Return: the descriptor, or -EINVAL, -EISDIR, -ENOENT, -EMFILE, -ENOSPC,
 * -ENAMETOOLONG, -ENOMEM.
 */
static int open_name(const char *path, int flags, u64 size)
{
	const char *name = skip_slashes(path);
	struct inode *inode;
	struct file *file;
	int fd, err;

	if ((flags & O_ACCMODE) == O_ACCMODE)
		return -EINVAL;
	if (!*name)
		return *path ? -EISDIR : -ENOENT;
	fd = get_unused_fd();
	if (fd < 0)
		return fd;
	inode = vfs_lookup(name);
	/* path_openat: link_path_walk, then do_last's lookup_fast. */
	path_walk_touch(name, inode);
	if (inode) {
		ihold(inode);
		/* Linux truncates on O_TRUNC whatever the access mode. */
		if ((flags & O_TRUNC) && S_ISREG(inode->i_mode)) {
			err = shmem_setsize(inode, 0);
			BUG_ON(err);
		}
	} else {
		if (!(flags & O_CREAT))
			return -ENOENT;
		inode = shmem_create(name, size, &err);
		if (!inode)
			return err;
	}
	file = alloc_file(inode, (u32)flags);
	iput(inode);
	if (!file)
		return -ENOMEM;
	inode_open_touch(inode, (u32)flags);
	fd_install(fd, file);
	return fd;
}

int vfs_open(const char *path, int flags)
{
	CC_SCOPE(do_sys_open);

	return open_name(path, flags, 0);
}

int do_shm_open(const char *name, u32 size)
{
	char path[PATH_MAX_LEN];
	int n = snprintf(path, sizeof(path), "/dev/shm/%s", name);

	if (n < 0 || n >= (int)sizeof(path))
		return -ENAMETOOLONG;
	return open_name(path, O_RDWR | O_CREAT, size);
}

/*
 * access_ok + rw_verify_area: the buffer must lie below TASK_SIZE, and one
 * call moves at most MAX_RW_COUNT bytes.  Return: 0 or -EFAULT.
 */
static int rw_verify_area(vaddr_t buf, u32 *count)
{
	if ((u64)buf + *count > layout.task_size)
		return -EFAULT;
	if (*count > MAX_RW_COUNT)
		*count = MAX_RW_COUNT;
	return 0;
}

/*
 * The file of @fd with a reference for the duration of a call (fdget), or
 * NULL.  The descriptor table may change while the call sleeps.
 */
static struct file *fdget(int fd)
{
	struct file *file;

	charge(CODE_fdget);
	file = fget(fd);
	if (file) {
		/* fdget_pos: file_count(), FMODE_ATOMIC_POS in f_mode. */
		file_touch(file, FF_count, false);
		file_touch(file, FF_ops_mode, false);
		file->f_count++;
	}
	return file;
}

long vfs_read(int fd, vaddr_t buf, u32 count)
{
	CC_SCOPE(vfs_read);
	struct file *file = fdget(fd);
	long ret;

	if (!file)
		return -EBADF;
	charge(CODE_vfs_read);
	if (!file_readable(file))
		ret = -EBADF;
	else
		ret = rw_verify_area(buf, &count);
	if (!ret) {
		file_touch(file, FF_pos, false);
		ret = file->f_op->read(file, buf, count, &file->f_pos);
		file_touch(file, FF_pos, true);
	}
	fput(file);
	return ret;
}

long vfs_write(int fd, vaddr_t buf, u32 count)
{
	CC_SCOPE(vfs_write);
	struct file *file = fdget(fd);
	long ret;

	if (!file)
		return -EBADF;
	/* A socket's write goes straight to sock_aio_write: no write_iter
	 * set-up, i_mutex or timestamps (tcp_sendmsg charges its entry);
	 * a pipe's write charges its own share of vfs_write (pipe_write); a
	 * device's has none of the tmpfs set-up (write(/dev/null)'s own
	 * measured count). */
	if (S_ISREG(file->f_inode->i_mode))
		charge(CODE_vfs_write);
	else if (S_ISCHR(file->f_inode->i_mode))
		charge(CODE_vfs_write_chr);
	if (!file_writable(file))
		ret = -EBADF;
	else
		ret = rw_verify_area(buf, &count);
	if (!ret) {
		file_touch(file, FF_pos, false);
		ret = file->f_op->write(file, buf, count, &file->f_pos);
		file_touch(file, FF_pos, true);
	}
	fput(file);
	return ret;
}

/*
 * generic_file_llseek for tmpfs; the devices' null_lseek puts the position
 * back at 0 whatever is asked.
 */
s64 vfs_lseek(int fd, s64 offset, int whence)
{
	struct file *file = fget(fd);
	struct inode *inode;
	s64 base, pos;

	if (!file)
		return -EBADF;
	inode = file->f_inode;
	if (!S_ISREG(inode->i_mode)) {
		file->f_pos = 0;
		return 0;
	}
	switch (whence) {
	case SEEK_SET:
		base = 0;
		break;
	case SEEK_CUR:
		base = (s64)file->f_pos;
		break;
	case SEEK_END:
		base = (s64)inode->i_size;
		break;
	default:
		return -EINVAL;
	}
	if (__builtin_add_overflow(base, offset, &pos) || pos < 0 ||
	    (u64)pos > TMPFS_MAX_BYTES)
		return -EINVAL;
	file_touch(file, FF_pos, true);
	file->f_pos = (u64)pos;
	return pos;
}

int vfs_ftruncate(int fd, u64 length)
{
	struct file *file;

	if ((s64)length < 0)
		return -EINVAL;
	file = fget(fd);
	if (!file)
		return -EBADF;
	if (!S_ISREG(file->f_inode->i_mode) || !file_writable(file))
		return -EINVAL;
	return shmem_setsize(file->f_inode, length);
}

int vfs_unlink(const char *path)
{
	const char *name = skip_slashes(path);
	int i;

	if (!*name)
		return *path ? -EISDIR : -ENOENT;
	if (find_device(name))
		return -EPERM;
	i = find_slot(name);
	/* do_unlinkat: filename_parentat's walk, then lookup_hash. */
	path_walk_touch(name, i < 0 ? NULL : names[i]);
	if (i < 0)
		return -ENOENT;
	d_drop_name(names[i]);
	unlink_slot(i);
	return 0;
}

/*
 * vfs_rename - rename(2) in the flat name space (fs/namei.c sys_renameat,
 * shmem_rename): @newpath names @oldpath's inode; a file that had the new
 * name loses it (its inode goes once nothing holds it), as Linux replaces
 * an existing target.  Like vfs_unlink it charges no lookup of its own.
 * Return: 0, -ENOENT, -EISDIR (an empty name), -EPERM (a device),
 * -ENAMETOOLONG.
 */
int vfs_rename(const char *oldpath, const char *newpath)
{
	const char *from = skip_slashes(oldpath), *to = skip_slashes(newpath);
	int i, j;

	if (!*from || !*to)
		return -ENOENT;
	if (find_device(from) || find_device(to))
		return -EPERM;
	if (strlen(to) >= PATH_MAX_LEN)
		return -ENAMETOOLONG;
	i = find_slot(from);
	if (i < 0)
		return -ENOENT;
	if (!strcmp(from, to))
		return 0;
	j = find_slot(to);
	if (j >= 0)
		unlink_slot(j);
	snprintf(names[i]->i_name, sizeof(names[i]->i_name), "%s", to);
	return 0;
}

/* Nothing to write back: tmpfs pages are the only copy. */
int vfs_fsync(int fd)
{
	return fget(fd) ? 0 : -EBADF;
}

int vfs_close(int fd)
{
	return close_fd(fd);
}
