/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inodes, open files and file descriptors (include/linux/fs.h, fdtable.h):
 * as much as tmpfs, /dev/zero, /dev/null, shared memory objects and pipes
 * need.
 *
 * An inode is a tmpfs regular file (its page cache is an address_space,
 * see fs/tmpfs.h), a character device or a pipe (fs/pipe.h); a struct file is an open inode
 * with a position and the open flags; a task's files_struct maps
 * descriptors to files.  Reference counts as in Linux: a file holds its
 * inode, a name holds its inode, a descriptor (or an in-flight system
 * call) holds its file.
 */
#ifndef VMSPLIT_FS_FILE_H
#define VMSPLIT_FS_FILE_H

#include "base/list.h"
#include "fs/vfs.h"
#include "mm/filemap.h"

#define NR_OPEN_DEFAULT 32

#define S_IFMT 0170000
#define S_IFREG 0100000
#define S_IFCHR 0020000
#define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
#define S_ISCHR(m) (((m) & S_IFMT) == S_IFCHR)

struct file;
struct inode;
struct dentry;

/*
 * What a file does on read and write: @ppos is the file position, updated
 * by the callee.  Return: bytes transferred, or a negative errno if none.
 */
struct file_operations {
	long (*read)(struct file *file, vaddr_t buf, u32 count, u64 *ppos);
	long (*write)(struct file *file, vaddr_t buf, u32 count, u64 *ppos);
	/* The last reference to the file goes (__fput); NULL: nothing. */
	void (*release)(struct file *file);
};

struct inode {
	u32 i_mode;			/* S_IFREG or S_IFCHR */
	u64 i_size;
	int i_count;			/* open files, plus one while named */
	struct address_space *i_mapping;	/* page cache; NULL for devices */
	const struct file_operations *i_fop;
	/* Called when the last reference goes (evict_inode); NULL: static. */
	void (*i_evict)(struct inode *inode);
	char i_name[PATH_MAX_LEN];	/* its name, without leading '/' */
	/* kernel_data=mem_map (fs/dcache.h): the inode's address, the
	 * slab object holding it, which cache, its name's dentry, and the
	 * coarse clock (jiffies) of its last mtime and atime stores. */
	vaddr_t kva, i_obj_kva;
	int i_kind;
	struct dentry *i_dentry;
	u64 i_mtime_j, i_atime_j;
};

struct file {
	struct address_space *f_mapping;	/* what mmap maps; NULL: anon */
	struct inode *f_inode;
	const struct file_operations *f_op;
	u32 f_flags;			/* O_ACCMODE bits and O_APPEND */
	int f_count;
	u64 f_pos;
	/* kernel_data=mem_map: its filp object (file_touch), else 0. */
	vaddr_t kva;
};

/*
 * struct file at its simulated address (kernel_data=mem_map): a filp
 * object at 3.14.1's layout (144 B, 160 at the Feroceon's 32-byte
 * SLAB_HWCACHE_ALIGN: f_op 20, f_count 24, f_flags 28, f_mode 32, f_pos
 * 48) or 5.7.14's (176 B, 192 at 64: f_op 20, f_count 32, f_flags 36,
 * f_mode 40, f_pos 64), docs/kernel-objects.md section 6; 5.11 and 6.1 as
 * 5.7; 2.5.73's is not derived and not placed.  get_empty_filp clears a
 * new one, the last fput frees it; fdget_pos reads f_count and f_mode,
 * vfs_read and vfs_write read f_op, f_flags and f_mode and load and store
 * f_pos (file_pos_read / file_pos_write); a socket's write reads
 * private_data (3.14/3.16 at 120, 5.7 at 148: pahole,
 * docs/kernel-objects.md section 10).
 */
enum file_field {
	FF_ops_mode,	/* f_op .. f_mode */
	FF_count,	/* f_count */
	FF_pos,		/* f_pos */
	FF_private_data,	/* private_data: a socket's struct socket */
	NR_FILE_FIELDS
};

void file_touch_init(void);
void file_touch_exit(void);
void file_touch_forget(void);
void file_touch(const struct file *file, enum file_field f, bool write);

static inline bool file_readable(const struct file *f)
{
	return (f->f_flags & O_ACCMODE) != O_WRONLY;
}

static inline bool file_writable(const struct file *f)
{
	return (f->f_flags & O_ACCMODE) != O_RDONLY;
}

struct files_struct {
	int count;			/* tasks sharing the table */
	struct file *fd[NR_OPEN_DEFAULT];
	int next_fd;			/* the lowest descriptor maybe free */
	/* kernel_data=mem_map: its files_cachep object, else 0. */
	vaddr_t kva;
};

/*
 * The descriptor table at its simulated address (kernel_data=mem_map): a
 * files_cachep object (SLAB_HWCACHE_ALIGN) at 3.14's layout (172 B,
 * stride 192: count 0, fdt 4, the embedded fdtab 8 (max_fds, fd,
 * close_on_exec, open_fds), next_fd 32, close_on_exec_init 36,
 * open_fds_init 40, fd_array[32] 44; UP: no file_lock word) or 5.7's
 * (256 B at 64: count 0, resize_in_progress 4, fdt 20, fdtab 24 (and
 * full_fds_bits), file_lock 64, next_fd 68, close_on_exec_init 72,
 * open_fds_init 76, full_fds_bits_init 80, fd_array 84), measured with
 * pahole (docs/kernel-objects.md section 8); 3.16 as 3.14, 5.11 and 6.1
 * as 5.7; 2.5.73 not placed.  The table never grows past its embedded
 * 32 descriptors here, so fdt always points at fdtab, as in Linux for
 * such a table.  Touched by fget (__fget_light: current->files, count,
 * fdt, max_fds and fd, fd[fd]), get_unused_fd (__alloc_fd), fd_install
 * (__fd_install), close_fd (__close_fd), dup_fd and exit_files
 * (put_files_struct, close_files).
 */

struct task_struct;

/* A new empty table / a copy for fork (every file gets a reference); NULL
 * when the table's object cannot be had. */
struct files_struct *files_alloc(void);
struct files_struct *dup_fd(struct files_struct *old);
void exit_files(struct task_struct *t);

/*
 * The file behind @fd of the current task, or NULL (no reference taken):
 * what __fget_light reads (fs/file.c).  fcheck: the same without a
 * charge, for the model's own look-ups (tests, helpers).
 */
struct file *fget(int fd);
struct file *fcheck(int fd);

/*
 * close_fd - __close_fd: @fd of the current task freed (its file
 * dropped).  Return: 0 or -EBADF.
 */
int close_fd(int fd);

/*
 * alloc_file - a new open file of @inode with @flags (it takes a reference
 * to the inode).  Return: the file with f_count 1, or NULL (host memory).
 */
struct file *alloc_file(struct inode *inode, u32 flags);
/* Drop a reference to @file; the last one releases it and drops its inode. */
void fput(struct file *file);

/* Take / drop a reference to @inode; the last iput evicts it. */
void ihold(struct inode *inode);
void iput(struct inode *inode);

/*
 * get_unused_fd - the lowest free descriptor of the current task (giving
 * it a table if it has none).  Return: the descriptor, or -EMFILE.
 * fd_install - make @fd refer to @file (the table takes the reference).
 */
int get_unused_fd(void);
void fd_install(int fd, struct file *file);

/* The inode named @path ("/x" and "x" are the same name), or NULL. */
struct inode *vfs_lookup(const char *path);

/* /dev/zero and /dev/null (fs/devzero.c). */
extern const struct file_operations zero_fops;
extern const struct file_operations null_fops;

/*
 * do_shm_open - open (creating it if needed) the shared memory object @name
 * of @size bytes: the tmpfs file "/dev/shm/@name", as glibc's shm_open
 * does.  An existing object keeps its size.
 * Return: a file descriptor or -EMFILE / -ENOSPC / -ENOMEM / -ENAMETOOLONG.
 */
int do_shm_open(const char *name, u32 size);

#endif
