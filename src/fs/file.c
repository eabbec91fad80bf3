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
#include "fs/dcache.h"
#include "kernel/sched.h"
#include "kernel/task_touch.h"
#include "mm/page_touch.h"
#include "mm/slab.h"

struct file_layout {
	u16 size, align;
	u8 off[NR_FILE_FIELDS], len[NR_FILE_FIELDS];
};

static const struct file_layout file_3_14 = {
	.size = 144, .align = 32,
	.off = { [FF_ops_mode] = 20, [FF_count] = 24, [FF_pos] = 48,
		 [FF_private_data] = 120 },
	.len = { [FF_ops_mode] = 16, [FF_count] = 4, [FF_pos] = 8,
		 [FF_private_data] = 4 },
};

static const struct file_layout file_5_7 = {
	.size = 176, .align = 64,
	.off = { [FF_ops_mode] = 20, [FF_count] = 32, [FF_pos] = 64,
		 [FF_private_data] = 148 },
	.len = { [FF_ops_mode] = 24, [FF_count] = 4, [FF_pos] = 8,
		 [FF_private_data] = 4 },
};

static const struct file_layout *fl;
static struct kmem_cache *filp_cachep;

/* files_struct and its embedded fdtable (see fs/file.h). */
enum files_field {
	FS_count,	/* count */
	FS_resize,	/* 5.7: resize_in_progress */
	FS_fdt,		/* fdt */
	FS_fdt_fd,	/* fdt->max_fds, fdt->fd */
	FS_fdt_bits,	/* fdt->close_on_exec, open_fds (5.7: full_fds_bits) */
	FS_lock,	/* file_lock: 5.7's word; UP: none */
	FS_next_fd,
	FS_cloexec,	/* close_on_exec_init[0] */
	FS_open,	/* open_fds_init[0] */
	FS_full,	/* 5.7: full_fds_bits_init[0] */
	FS_fd_array,	/* fd_array[0] */
	NR_FILES_FIELDS
};

struct files_layout {
	u16 size, align;
	u8 off[NR_FILES_FIELDS], len[NR_FILES_FIELDS];
};

static const struct files_layout files_3_14 = {
	.size = 172, .align = 32,
	.off = { [FS_count] = 0, [FS_fdt] = 4, [FS_fdt_fd] = 8,
		 [FS_fdt_bits] = 16, [FS_next_fd] = 32, [FS_cloexec] = 36,
		 [FS_open] = 40, [FS_fd_array] = 44 },
	.len = { [FS_count] = 4, [FS_fdt] = 4, [FS_fdt_fd] = 8,
		 [FS_fdt_bits] = 8, [FS_next_fd] = 4, [FS_cloexec] = 4,
		 [FS_open] = 4, [FS_fd_array] = 4 },
};

static const struct files_layout files_5_7 = {
	.size = 256, .align = 64,
	.off = { [FS_count] = 0, [FS_resize] = 4, [FS_fdt] = 20,
		 [FS_fdt_fd] = 24, [FS_fdt_bits] = 32, [FS_lock] = 64,
		 [FS_next_fd] = 68, [FS_cloexec] = 72, [FS_open] = 76,
		 [FS_full] = 80, [FS_fd_array] = 84 },
	.len = { [FS_count] = 4, [FS_resize] = 1, [FS_fdt] = 4,
		 [FS_fdt_fd] = 8, [FS_fdt_bits] = 12, [FS_lock] = 4,
		 [FS_next_fd] = 4, [FS_cloexec] = 4, [FS_open] = 4,
		 [FS_full] = 4, [FS_fd_array] = 4 },
};

static const struct files_layout *fsl;
static struct kmem_cache *files_cachep;

static void files_touch(const struct files_struct *f, enum files_field x,
			bool write)
{
	if (f->kva && fsl->len[x])
		kv_touch(f->kva + fsl->off[x], fsl->len[x], write);
}

static void files_touch_rmw(const struct files_struct *f, enum files_field x)
{
	files_touch(f, x, false);
	files_touch(f, x, true);
}

/* fdt->fd[@fd], in the embedded fd_array. */
static void files_touch_fd(const struct files_struct *f, int fd, bool write)
{
	if (f->kva)
		kv_touch(f->kva + fsl->off[FS_fd_array] + 4u * (u32)fd, 4,
			 write);
}

void file_touch_init(void)
{
	static const struct file_layout *const by_kernel[] = {
		[LAYOUT_2_5_73] = NULL,
		[LAYOUT_3_14] = &file_3_14,
		[LAYOUT_5_7] = &file_5_7,
	};

	if (!page_touch_layout)
		return;
	static const struct files_layout *const files_by_kernel[] = {
		[LAYOUT_2_5_73] = NULL,
		[LAYOUT_3_14] = &files_3_14,
		[LAYOUT_5_7] = &files_5_7,
	};

	fl = by_kernel[page_touch_kernel()];
	if (fl)
		filp_cachep = kmem_cache_create("filp", fl->size, fl->align);
	fsl = files_by_kernel[page_touch_kernel()];
	if (fsl)
		files_cachep = kmem_cache_create("files_cache", fsl->size,
						 fsl->align);
}

void file_touch_exit(void)
{
	if (filp_cachep)
		kmem_cache_destroy(filp_cachep);
	if (files_cachep)
		kmem_cache_destroy(files_cachep);
	file_touch_forget();
}

void file_touch_forget(void)
{
	filp_cachep = NULL;
	fl = NULL;
	files_cachep = NULL;
	fsl = NULL;
}

void file_touch(const struct file *file, enum file_field f, bool write)
{
	if (file->kva)
		kv_touch(file->kva + fl->off[f], fl->len[f], write);
}

/*
 * A new table, its object initialised whole (dup_fd: count, the lock,
 * next_fd, the embedded fdtable and bitmaps, fd_array copied and the rest
 * cleared).  Return: the table, or NULL when its object cannot be had
 * (kmem_cache_alloc failed: dup_fd's -ENOMEM).
 */
struct files_struct *files_alloc(void)
{
	struct files_struct *f = calloc(1, sizeof(*f));

	if (!f)
		panic("files_alloc: host out of memory");
	f->count = 1;
	if (fsl) {
		f->kva = kmem_cache_alloc(files_cachep, GFP_KERNEL);
		if (!f->kva) {
			free(f);
			return NULL;
		}
		kv_touch(f->kva, fsl->size, true);
	}
	return f;
}

static void files_free(struct files_struct *f)
{
	if (f->kva)
		kmem_cache_free(files_cachep, f->kva);
	free(f);
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
	inode_release_touch(file->f_inode, file->f_flags);
	iput(file->f_inode);
	if (file->kva)
		kmem_cache_free(filp_cachep, file->kva);
	free(file);
}

/*
 * dup_fd (fs/file.c): under oldf->file_lock, count_open_files scans the
 * open_fds word, copy_fd_bitmaps copies open_fds and close_on_exec, and
 * the first open_files slots of fd_array are read, each file getting a
 * reference (get_file: f_count).
 */
struct files_struct *dup_fd(struct files_struct *old)
{
	struct files_struct *f = files_alloc();
	int open_files = 0;

	if (!f || !old)
		return f;
	files_touch_rmw(old, FS_lock);
	files_touch(old, FS_fdt, false);
	files_touch(old, FS_fdt_fd, false);
	files_touch(old, FS_fdt_bits, false);
	files_touch(old, FS_open, false);
	files_touch(old, FS_cloexec, false);
	files_touch(old, FS_full, false);
	for (int i = 0; i < NR_OPEN_DEFAULT; i++)
		if (old->fd[i])
			open_files = i + 1;
	for (int i = 0; i < open_files; i++) {
		files_touch_fd(old, i, false);
		f->fd[i] = old->fd[i];
		if (f->fd[i]) {
			file_touch(f->fd[i], FF_count, false);
			file_touch(f->fd[i], FF_count, true);
			f->fd[i]->f_count++;
		}
	}
	files_touch(old, FS_lock, true);
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
	if (!f)
		return;
	/* put_files_struct: atomic_dec_and_test(&files->count). */
	files_touch_rmw(f, FS_count);
	if (--f->count > 0)
		return;
	/* close_files: fdt, each open_fds word, xchg(&fdt->fd[i], NULL). */
	files_touch(f, FS_fdt, false);
	files_touch(f, FS_fdt_fd, false);
	files_touch(f, FS_fdt_bits, false);
	files_touch(f, FS_open, false);
	for (int i = 0; i < NR_OPEN_DEFAULT; i++)
		if (f->fd[i]) {
			files_touch_fd(f, i, false);
			files_touch_fd(f, i, true);
			fput(f->fd[i]);
		}
	files_free(f);
}

struct file *fcheck(int fd)
{
	struct files_struct *f = current->files;

	if (!f || fd < 0 || fd >= NR_OPEN_DEFAULT)
		return NULL;
	return f->fd[fd];
}

/*
 * __fget_light (3.14, 5.7 fs/file.c): files = current->files; with
 * files->count 1 (no other task shares the table) __fcheck_files:
 * fdt = files->fdt, fd < fdt->max_fds, fdt->fd[fd].  The model never
 * shares a table (no CLONE_FILES), so __fget's slow path is not taken.
 */
struct file *fget(int fd)
{
	struct files_struct *f = current->files;

	task_touch(current, TF_files, false);
	if (!f)
		return NULL;
	files_touch(f, FS_count, false);
	files_touch(f, FS_fdt, false);
	files_touch(f, FS_fdt_fd, false);
	if (fd < 0 || fd >= NR_OPEN_DEFAULT)
		return NULL;
	files_touch_fd(f, fd, false);
	return f->fd[fd];
}

/*
 * __alloc_fd (fs/file.c): file_lock; fdt; fd = max(start, next_fd);
 * find_next_fd (5.7: the full_fds_bits word, then open_fds; 3.14:
 * find_next_zero_bit over open_fds); expand_files reads max_fds;
 * next_fd = fd + 1; __set_open_fd; __clear_close_on_exec (3.14 clears,
 * 5.7 tests first); the sanity check of fdt->fd[fd].
 */
int get_unused_fd(void)
{
	struct files_struct *files = current->files;
	int fd;

	task_touch(current, TF_files, false);
	if (!files)
		current->files = files = files_alloc();
	files_touch_rmw(files, FS_lock);
	files_touch(files, FS_fdt, false);
	files_touch(files, FS_next_fd, false);
	files_touch(files, FS_fdt_fd, false);
	files_touch(files, FS_fdt_bits, false);
	files_touch(files, FS_full, false);
	files_touch(files, FS_open, false);
	for (fd = 0; fd < NR_OPEN_DEFAULT; fd++)
		if (!files->fd[fd])
			break;
	if (fd == NR_OPEN_DEFAULT) {
		files_touch(files, FS_lock, true);
		return -EMFILE;
	}
	files_touch(files, FS_next_fd, true);
	files->next_fd = fd + 1;
	files_touch(files, FS_open, true);
	files_touch(files, FS_cloexec, false);
	if (fsl == &files_3_14)
		files_touch(files, FS_cloexec, true);
	files_touch_fd(files, fd, false);
	files_touch(files, FS_lock, true);
	return fd;
}

/*
 * __fd_install (fs/file.c): 3.14 under file_lock, 5.7 under
 * rcu_read_lock_sched after testing resize_in_progress; fdt, then
 * BUG_ON(fdt->fd[fd] != NULL) and rcu_assign_pointer(fdt->fd[fd], file).
 */
void fd_install(int fd, struct file *file)
{
	struct files_struct *files = current->files;

	task_touch(current, TF_files, false);
	if (!files || fd < 0 || fd >= NR_OPEN_DEFAULT || files->fd[fd])
		panic("fd_install: descriptor %d is not free", fd);
	files_touch(files, FS_resize, false);
	files_touch(files, FS_fdt, false);
	files_touch(files, FS_fdt_fd, false);
	files_touch_fd(files, fd, false);
	files_touch_fd(files, fd, true);
	files->fd[fd] = file;
}

/*
 * __close_fd (fs/file.c): file_lock; fdt; fd < max_fds; file =
 * fdt->fd[fd], cleared; __clear_close_on_exec; __put_unused_fd's
 * __clear_open_fd (5.7: and the full_fds_bits word) and next_fd.
 */
int close_fd(int fd)
{
	struct files_struct *files = current->files;
	struct file *file;

	task_touch(current, TF_files, false);
	if (!files)
		return -EBADF;
	files_touch_rmw(files, FS_lock);
	files_touch(files, FS_fdt, false);
	files_touch(files, FS_fdt_fd, false);
	if (fd < 0 || fd >= NR_OPEN_DEFAULT || !files->fd[fd]) {
		if (fd >= 0 && fd < NR_OPEN_DEFAULT)
			files_touch_fd(files, fd, false);
		files_touch(files, FS_lock, true);
		return -EBADF;
	}
	file = files->fd[fd];
	files_touch_fd(files, fd, false);
	files_touch_fd(files, fd, true);
	files->fd[fd] = NULL;
	files_touch(files, FS_fdt_bits, false);
	files_touch(files, FS_cloexec, false);
	if (fsl == &files_3_14)
		files_touch(files, FS_cloexec, true);
	files_touch_rmw(files, FS_open);
	files_touch_rmw(files, FS_full);
	files_touch(files, FS_next_fd, false);
	if (fd < files->next_fd) {
		files_touch(files, FS_next_fd, true);
		files->next_fd = fd;
	}
	files_touch(files, FS_lock, true);
	fput(file);
	return 0;
}
