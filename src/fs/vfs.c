// SPDX-License-Identifier: GPL-2.0-only
/* Placeholder until the file layer lands: every call is -ENOSYS. */
#include "fs/vfs.h"

#include "base/errno.h"

void vfs_init(void)
{
}

void vfs_exit(void)
{
}

int vfs_open(const char *path, int flags)
{
	return -ENOSYS;
}

long vfs_read(int fd, vaddr_t buf, u32 count)
{
	return -ENOSYS;
}

long vfs_write(int fd, vaddr_t buf, u32 count)
{
	return -ENOSYS;
}

s64 vfs_lseek(int fd, s64 offset, int whence)
{
	return -ENOSYS;
}

int vfs_ftruncate(int fd, u64 length)
{
	return -ENOSYS;
}

int vfs_unlink(const char *path)
{
	return -ENOSYS;
}

int vfs_fsync(int fd)
{
	return -ENOSYS;
}

int vfs_close(int fd)
{
	return -ENOSYS;
}
