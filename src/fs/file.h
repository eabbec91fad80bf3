/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Open files and file descriptors (include/linux/fs.h, fdtable.h), as much
 * as the process workloads need so far: a file is a reference to an
 * address_space; shm_open names shared memory objects (a shmem-backed
 * address_space, as /dev/shm on tmpfs would give).
 */
#ifndef VMSPLIT_FS_FILE_H
#define VMSPLIT_FS_FILE_H

#include "mm/filemap.h"

#define NR_OPEN_DEFAULT 32

struct file {
	struct address_space *f_mapping;
	int f_count;
	u64 f_pos;
};

struct files_struct {
	int count;			/* tasks sharing the table */
	struct file *fd[NR_OPEN_DEFAULT];
};

struct task_struct;

/* A new empty table / a copy for fork (every file gets a reference). */
struct files_struct *files_alloc(void);
struct files_struct *dup_fd(struct files_struct *old);
void exit_files(struct task_struct *t);

/* The file behind @fd of the current task, or NULL. */
struct file *fget(int fd);

/*
 * do_shm_open - open (creating it if needed) the shared memory object @name
 * of @size bytes.  Return: a file descriptor or -EMFILE / -ENOMEM.
 */
int do_shm_open(const char *name, u32 size);
/* Forget every named object (boot). */
void shm_init(void);
/* Drop every named object's pages (end of run). */
void shm_drop_all(void);

#endif
