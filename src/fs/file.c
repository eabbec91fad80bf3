// SPDX-License-Identifier: GPL-2.0-only
/*
 * Descriptor tables and the reference counts of files and inodes
 * (fs/file.c, fs/file_table.c, fs/inode.c).
 */
#include "fs/file.h"

#include <stdlib.h>

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "kernel/sched.h"
#include "mm/page_touch.h"
#include "mm/slab.h"

struct file_layout {
	u16 size, align;
	u8 off[NR_FILE_FIELDS], len[NR_FILE_FIELDS];
};

static const struct file_layout file_3_14 = {
	.size = 144, .align = 32,
	.off = { [FF_ops_mode] = 20, [FF_count] = 24, [FF_pos] = 48 },
	.len = { [FF_ops_mode] = 16, [FF_count] = 4, [FF_pos] = 8 },
};

static const struct file_layout file_5_7 = {
	.size = 176, .align = 64,
	.off = { [FF_ops_mode] = 20, [FF_count] = 32, [FF_pos] = 64 },
	.len = { [FF_ops_mode] = 24, [FF_count] = 4, [FF_pos] = 8 },
};

static const struct file_layout *fl;
static struct kmem_cache *filp_cachep;

void file_touch_init(void)
{
	static const struct file_layout *const by_kernel[] = {
		[LAYOUT_2_5_73] = NULL,
		[LAYOUT_3_14] = &file_3_14,
		[LAYOUT_5_7] = &file_5_7,
	};

	if (!page_touch_layout)
		return;
	fl = by_kernel[page_touch_kernel()];
	if (fl)
		filp_cachep = kmem_cache_create("filp", fl->size, fl->align);
}

void file_touch_exit(void)
{
	if (filp_cachep)
		kmem_cache_destroy(filp_cachep);
	file_touch_forget();
}

void file_touch_forget(void)
{
	filp_cachep = NULL;
	fl = NULL;
}

void file_touch(const struct file *file, enum file_field f, bool write)
{
	if (file->kva)
		kv_touch(file->kva + fl->off[f], fl->len[f], write);
}

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
	/* get_empty_filp: kmem_cache_zalloc(filp_cachep). */
	if (fl) {
		file->kva = kmem_cache_alloc(filp_cachep,
					     GFP_KERNEL | __GFP_ZERO);
		if (!file->kva) {
			free(file);
			return NULL;
		}
	}
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
	file_touch(file, FF_count, false);
	file_touch(file, FF_count, true);
	if (--file->f_count > 0)
		return;
	BUG_ON(file->f_count < 0);
	if (file->f_op && file->f_op->release)
		file->f_op->release(file);
	iput(file->f_inode);
	if (file->kva)
		kmem_cache_free(filp_cachep, file->kva);
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
