// SPDX-License-Identifier: GPL-2.0-only
/*
 * Descriptor tables and the reference counts of files and inodes
 * (fs/file.c, fs/file_table.c, fs/inode.c).
 */
#include "fs/file.h"

#include <stdlib.h>

#include "base/errno.h"
#include "base/panic.h"
#include "kernel/sched.h"

struct files_struct *files_alloc(void)
{
	struct files_struct *f = calloc(1, sizeof(*f));

	if (!f)
		panic("files_alloc: host out of memory");
	f->count = 1;
	return f;
}

void ihold(struct inode *inode)
{
	inode->i_count++;
}

void iput(struct inode *inode)
{
	if (--inode->i_count > 0)
		return;
	BUG_ON(inode->i_count < 0);
	if (inode->i_evict)
		inode->i_evict(inode);
}

struct file *alloc_file(struct inode *inode, u32 flags)
{
	struct file *file = calloc(1, sizeof(*file));

	if (!file)
		return NULL;
	ihold(inode);
	file->f_inode = inode;
	file->f_mapping = inode->i_mapping;
	file->f_op = inode->i_fop;
	file->f_flags = flags & (O_ACCMODE | O_APPEND);
	file->f_count = 1;
	return file;
}

void fput(struct file *file)
{
	if (--file->f_count > 0)
		return;
	BUG_ON(file->f_count < 0);
	if (file->f_op && file->f_op->release)
		file->f_op->release(file);
	iput(file->f_inode);
	free(file);
}

struct files_struct *dup_fd(struct files_struct *old)
{
	struct files_struct *f = files_alloc();

	for (int i = 0; old && i < NR_OPEN_DEFAULT; i++) {
		f->fd[i] = old->fd[i];
		if (f->fd[i])
			f->fd[i]->f_count++;
	}
	return f;
}

/*
 * The task lets go of its descriptors (exit_files -> put_files_struct ->
 * close_files): a file nobody else holds is released, and an unlinked
 * tmpfs file's pages with it.
 */
void exit_files(struct task_struct *t)
{
	struct files_struct *f = t->files;

	t->files = NULL;
	if (!f || --f->count > 0)
		return;
	for (int i = 0; i < NR_OPEN_DEFAULT; i++)
		if (f->fd[i])
			fput(f->fd[i]);
	free(f);
}

struct file *fget(int fd)
{
	struct files_struct *f = current->files;

	if (!f || fd < 0 || fd >= NR_OPEN_DEFAULT)
		return NULL;
	return f->fd[fd];
}

int get_unused_fd(void)
{
	struct files_struct *files = current->files;

	if (!files)
		current->files = files = files_alloc();
	for (int fd = 0; fd < NR_OPEN_DEFAULT; fd++)
		if (!files->fd[fd])
			return fd;
	return -EMFILE;
}

void fd_install(int fd, struct file *file)
{
	struct files_struct *files = current->files;

	if (!files || fd < 0 || fd >= NR_OPEN_DEFAULT || files->fd[fd])
		panic("fd_install: descriptor %d is not free", fd);
	files->fd[fd] = file;
}
