/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The file system calls' kernel side (fs/open.c, fs/read_write.c, ...).
 * One name space: "/dev/zero" and "/dev/null" are character devices,
 * every other path is a regular file on a tmpfs mounted at "/", whose
 * page-cache pages come from GFP_HIGHUSER (highmem where there is any).
 *
 * Each function works on the current task's descriptor table and returns
 * a negative errno on failure, as the system call returns it.
 */
#ifndef VMSPLIT_FS_VFS_H
#define VMSPLIT_FS_VFS_H

#include "base/types.h"
#include "kernel/user.h"	/* O_* and SEEK_*: the system-call ABI */

#define PATH_MAX_LEN 64

/* Set up the name space (boot) / drop every file's pages (end of run). */
void vfs_init(void);
void vfs_exit(void);

int vfs_open(const char *path, int flags);
long vfs_read(int fd, vaddr_t buf, u32 count);
long vfs_write(int fd, vaddr_t buf, u32 count);
s64 vfs_lseek(int fd, s64 offset, int whence);
int vfs_ftruncate(int fd, u64 length);
int vfs_unlink(const char *path);
int vfs_rename(const char *oldpath, const char *newpath);
int vfs_fsync(int fd);
int vfs_close(int fd);
/* stat64 and fstat64 (fs/stat.c): struct stat64 copied to @buf. */
int vfs_stat(const char *path, vaddr_t buf);
int vfs_fstat(int fd, vaddr_t buf);
/* The stat buffer: forgotten at boot (vfs_init), freed at the end of a
 * run (vfs_exit). */
void stat_init(void);
void stat_exit(void);

#endif
