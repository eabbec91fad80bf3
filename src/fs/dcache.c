// SPDX-License-Identifier: GPL-2.0-only
/*
 * Inodes and dentries at their simulated addresses (see fs/dcache.h).
 */
#include "fs/dcache.h"

#include <stdlib.h>
#include <string.h>

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "config/settings.h"
#include "fs/file.h"
#include "mm/init.h"
#include "mm/page_touch.h"
#include "mm/slab.h"

struct inode_layout {
	u16 size;		/* sizeof(struct inode) */
	u16 shmem_size;		/* sizeof(struct shmem_inode_info) */
	u16 shmem_stride;	/* its slab stride */
	u16 shmem_inode;	/* offsetof(shmem_inode_info, vfs_inode) */
	u16 shmem_hdr;		/* its leading lock, flags, alloced, swapped */
	u16 pseudo_stride;	/* inode_cachep's stride */
	u16 off[NR_INODE_FIELDS];
	u8 len[NR_INODE_FIELDS];
	/* struct dentry */
	u8 d_iname, d_iname_len, d_lockref, d_lockref_len;
};

/*
 * 3.14.1 kirkwood_defconfig (pahole): i_mode 0, i_opflags 2, i_uid 4,
 * i_flags 12, i_op 16, i_mapping 24, i_ino 28, i_nlink 32, i_rdev 36,
 * i_size 40, i_atime 48, i_mtime 56, i_ctime 64, i_blocks 80, i_state 88,
 * i_mutex 92, i_dentry 140, i_count 160, i_writecount 168, i_fop 172,
 * i_flock 176; 288 bytes.  shmem_inode_info: flags 0, alloced 4, swapped
 * 8, vfs_inode 32; 320 bytes, SLUB with a ctor (shmem_init_inode): the
 * free pointer after the object, stride 328.  inode_cachep: 288 and a
 * ctor (init_once): 296.  dentry: d_iname 44 (40 bytes), d_lockref 84
 * (UP: the count alone).
 */
static const struct inode_layout inode_3_14 = {
	.size = 288, .shmem_size = 320, .shmem_stride = 328,
	.shmem_inode = 32, .shmem_hdr = 12, .pseudo_stride = 296,
	.off = { [IF_perm] = 0, [IF_flags] = 12, [IF_op] = 16,
		 [IF_mapping] = 24, [IF_ino] = 28, [IF_size] = 40,
		 [IF_times] = 48, [IF_blocks] = 80, [IF_state] = 88,
		 [IF_lock] = 92, [IF_dentry] = 140, [IF_count] = 160,
		 [IF_writecount] = 168, [IF_fop] = 172, [IF_flock] = 176 },
	.len = { [IF_perm] = 8, [IF_flags] = 4, [IF_op] = 4,
		 [IF_mapping] = 4, [IF_ino] = 12, [IF_size] = 8,
		 [IF_times] = 24, [IF_blocks] = 8, [IF_state] = 4,
		 [IF_lock] = 4, [IF_dentry] = 4, [IF_count] = 4,
		 [IF_writecount] = 4, [IF_fop] = 4, [IF_flock] = 4 },
	.d_iname = 44, .d_iname_len = 40, .d_lockref = 84,
	.d_lockref_len = 4,
};

/*
 * 5.7.14 omap2plus_defconfig (pahole): i_mode 0, i_opflags 2, i_uid 4,
 * i_flags 12, i_op 24, i_mapping 32, i_ino 40, i_nlink 44, i_rdev 48,
 * i_size 56, i_atime 64, i_mtime 80, i_ctime 96 (timespec64: 16 each),
 * i_blocks 120, i_size_seqcount 128, i_state 132, i_rwsem 136,
 * i_dentry 220, i_count 248, i_writecount 256, i_readcount 260, i_fop
 * 264, i_flctx 268; 400 bytes.  shmem_inode_info: lock 0, seals 4, flags
 * 8, alloced 12, swapped 16, vfs_inode 56; 456 bytes, SLAB, aligned to
 * 8: stride 456.  inode_cachep: 400.  dentry: d_iname 44 (36 bytes),
 * d_lockref 80 (lock and count).
 */
static const struct inode_layout inode_5_7 = {
	.size = 400, .shmem_size = 456, .shmem_stride = 456,
	.shmem_inode = 56, .shmem_hdr = 20, .pseudo_stride = 400,
	.off = { [IF_perm] = 0, [IF_flags] = 12, [IF_op] = 24,
		 [IF_mapping] = 32, [IF_ino] = 40, [IF_size] = 56,
		 [IF_size_seq] = 128, [IF_times] = 64, [IF_blocks] = 120,
		 [IF_state] = 132, [IF_lock] = 136, [IF_dentry] = 220,
		 [IF_count] = 248, [IF_writecount] = 256,
		 [IF_readcount] = 260, [IF_fop] = 264, [IF_flock] = 268 },
	.len = { [IF_perm] = 8, [IF_flags] = 4, [IF_op] = 4,
		 [IF_mapping] = 4, [IF_ino] = 12, [IF_size] = 8,
		 [IF_size_seq] = 4, [IF_times] = 48, [IF_blocks] = 8,
		 [IF_state] = 4, [IF_lock] = 4, [IF_dentry] = 4,
		 [IF_count] = 4, [IF_writecount] = 4, [IF_readcount] = 4,
		 [IF_fop] = 4, [IF_flock] = 4 },
	.d_iname = 44, .d_iname_len = 36, .d_lockref = 80,
	.d_lockref_len = 8,
};

/* struct dentry, the same on both: d_flags 0, d_seq 4, d_hash 8
 * (next, pprev), d_parent 16, d_name 24 (hash, len, name: 16), d_inode
 * 40, d_subdirs 120; 136 bytes, aligned to 8. */
#define DENTRY_SIZE 136
#define D_FLAGS_SEQ 0
#define D_HASH 8
#define D_PARENT 16
#define D_NAME 24
#define D_INODE 40
#define D_SUBDIRS 120

/* The host side of a placed dentry: its name and place on a chain. */
struct dentry {
	vaddr_t kva;
	struct dentry *parent;
	struct dentry *hash_next;	/* the host mirror of the chain */
	u32 bucket;
	u32 len;
	char name[PATH_MAX_LEN];
};

/* A directory of the walk ("" is the root): made on first use. */
struct dir {
	char path[PATH_MAX_LEN];
	struct inode inode;
};

static const struct inode_layout *il;
static struct kmem_cache *shmem_inode_cachep, *inode_cachep, *dentry_cache;
static struct dentry **dhash;	/* the buckets' first dentries, host */
/* Every directory made so far, in a host array that grows. */
static struct dir **dirs;
static u32 nr_dirs, max_dirs;

void dcache_init(void)
{
	static const struct inode_layout *const by_kernel[] = {
		[LAYOUT_2_5_73] = NULL,
		[LAYOUT_3_14] = &inode_3_14,
		[LAYOUT_5_7] = &inode_5_7,
	};

	dcache_forget();
	if (!page_touch_layout || !dentry_hashtable)
		return;
	il = by_kernel[page_touch_kernel()];
	if (!il)
		return;
	dhash = calloc((size_t)1 << d_hash_shift, sizeof(*dhash));
	if (!dhash)
		panic("dcache_init: host out of memory");
	shmem_inode_cachep = kmem_cache_create("shmem_inode_cache",
					       il->shmem_stride, 8);
	inode_cachep = kmem_cache_create("inode_cache", il->pseudo_stride, 8);
	dentry_cache = kmem_cache_create("dentry", DENTRY_SIZE, 8);
}

void dcache_exit(void)
{
	for (u32 i = 0; i < nr_dirs; i++) {
		inode_unplace(&dirs[i]->inode);
		free(dirs[i]);
	}
	free(dirs);
	dirs = NULL;
	nr_dirs = max_dirs = 0;
	if (shmem_inode_cachep) {
		kmem_cache_destroy(shmem_inode_cachep);
		kmem_cache_destroy(inode_cachep);
		kmem_cache_destroy(dentry_cache);
	}
	free(dhash);
	dhash = NULL;
	shmem_inode_cachep = inode_cachep = dentry_cache = NULL;
	il = NULL;
}

/* The host pointers go with an abandoned kernel's machine (slab_forget
 * frees the caches); the directories' host memory is freed here. */
void dcache_forget(void)
{
	for (u32 i = 0; i < nr_dirs; i++) {
		free(dirs[i]->inode.i_dentry);
		free(dirs[i]);
	}
	free(dirs);
	dirs = NULL;
	nr_dirs = max_dirs = 0;
	free(dhash);
	dhash = NULL;
	shmem_inode_cachep = inode_cachep = dentry_cache = NULL;
	il = NULL;
}

/* The coarse clock (jiffies) of the current CPU. */
static u64 coarse_now(void)
{
	return this_cpu()->cycles /
	       (machine->cfg.cpu_hz / settings_hz(config));
}

int inode_place(struct inode *inode, enum inode_kind kind)
{
	inode->kva = 0;
	inode->i_obj_kva = 0;
	if (!il)
		return 0;
	if (kind == INODE_SHMEM) {
		inode->i_obj_kva = kmem_cache_alloc(shmem_inode_cachep,
						    GFP_KERNEL);
		if (!inode->i_obj_kva)
			return -ENOMEM;
		inode->kva = inode->i_obj_kva + il->shmem_inode;
		kv_touch(inode->i_obj_kva, il->shmem_size, true);
	} else {
		inode->i_obj_kva = kmem_cache_alloc(inode_cachep, GFP_KERNEL);
		if (!inode->i_obj_kva)
			return -ENOMEM;
		inode->kva = inode->i_obj_kva;
		kv_touch(inode->kva, il->size, true);
	}
	inode->i_kind = kind;
	inode->i_mtime_j = inode->i_atime_j = coarse_now();
	return 0;
}

static void d_free(struct dentry *d)
{
	if (d->kva)
		kmem_cache_free(dentry_cache, d->kva);
	free(d);
}

void inode_unplace(struct inode *inode)
{
	if (inode->i_dentry) {
		d_free(inode->i_dentry);
		inode->i_dentry = NULL;
	}
	if (!inode->i_obj_kva)
		return;
	kmem_cache_free(inode->i_kind == INODE_SHMEM ? shmem_inode_cachep :
						       inode_cachep,
			inode->i_obj_kva);
	inode->i_obj_kva = 0;
	inode->kva = 0;
}

void inode_touch(const struct inode *inode, enum inode_field f, bool write)
{
	if (inode->kva && il->len[f])
		kv_touch(inode->kva + il->off[f], il->len[f], write);
}

static void inode_touch_rmw(const struct inode *inode, enum inode_field f)
{
	inode_touch(inode, f, false);
	inode_touch(inode, f, true);
}

void shmem_info_touch(const struct inode *inode, bool write)
{
	if (inode->kva && inode->i_kind == INODE_SHMEM)
		kv_touch(inode->i_obj_kva, il->shmem_hdr, write);
}

/* include/linux/fs.h: on a 32-bit SMP kernel inside i_size_seqcount, on
 * UP PREEMPT under preempt_disable (no word). */
void i_size_read_touch(const struct inode *inode)
{
	inode_touch(inode, IF_size_seq, false);
	inode_touch(inode, IF_size, false);
	inode_touch(inode, IF_size_seq, false);
}

void i_size_write_touch(const struct inode *inode)
{
	inode_touch_rmw(inode, IF_size_seq);
	inode_touch(inode, IF_size, true);
	inode_touch_rmw(inode, IF_size_seq);
}

/*
 * file_update_time: IS_NOCMTIME (i_flags), i_mtime and i_ctime against
 * current_fs_time (3.14) / current_time (5.7), both the coarse clock;
 * when it moved, update_time stores them and __mark_inode_dirty reads
 * i_state (tmpfs has no writeback: the inode is never put on a list).
 */
void file_update_time_touch(struct inode *inode)
{
	u64 now;

	if (!inode->kva)
		return;
	inode_touch(inode, IF_flags, false);
	inode_touch(inode, IF_times, false);
	now = coarse_now();
	if (inode->i_mtime_j == now)
		return;
	inode->i_mtime_j = now;
	inode_touch(inode, IF_times, true);
	inode_touch(inode, IF_state, false);
}

/*
 * touch_atime: IS_NOATIME (i_flags), relatime_need_update (i_atime
 * against i_mtime and i_ctime), then i_atime against now: stored when
 * the file changed since it was last read and the clock moved.
 */
void file_accessed_touch(struct inode *inode)
{
	u64 now;

	if (!inode->kva)
		return;
	inode_touch(inode, IF_flags, false);
	inode_touch(inode, IF_times, false);
	now = coarse_now();
	if (inode->i_atime_j > inode->i_mtime_j || inode->i_atime_j == now)
		return;
	inode->i_atime_j = now;
	inode_touch(inode, IF_times, true);
	inode_touch(inode, IF_state, false);
}

/* full_name_hash (3.14 include/linux/dcache.h, the generic loop). */
static u32 full_name_hash(const char *name, u32 len)
{
	unsigned long hash = 0;

	while (len--) {
		unsigned long c = (unsigned char)*name++;

		hash = (hash + (c << 4) + (c >> 4)) * 11;
	}
	return (u32)hash;
}

/* d_hash (3.14 fs/dcache.c): hash_32(hash + parent / L1_CACHE_BYTES). */
static u32 d_hash(vaddr_t parent, u32 hash)
{
	hash += parent / 32u;
	return (u32)(hash * 0x9e370001u) >> (32 - d_hash_shift);
}

static vaddr_t bucket_kva(u32 bucket)
{
	return dentry_hashtable + 4u * bucket;
}

/*
 * __d_alloc: the object written whole, the name copied in.  Return NULL
 * when the object cannot be had (memory exhausted or a failure injected):
 * what was to be named stays unplaced, without a dentry (coarse: Linux
 * fails the create with -ENOMEM, and its directories' dentries exist from
 * boot, where the model makes them on first use).
 */
static struct dentry *d_alloc(struct dentry *parent, const char *name,
			      u32 len)
{
	struct dentry *d = calloc(1, sizeof(*d));

	if (!d)
		panic("d_alloc: host out of memory");
	d->kva = kmem_cache_alloc(dentry_cache, GFP_KERNEL);
	if (!d->kva) {
		free(d);
		return NULL;
	}
	kv_touch(d->kva, DENTRY_SIZE, true);
	d->parent = parent;
	d->len = MIN(len, (u32)PATH_MAX_LEN - 1);
	memcpy(d->name, name, d->len);
	if (parent) {
		/* list_add(&dentry->d_child, &parent->d_subdirs) */
		kv_touch(parent->kva + D_SUBDIRS, 8, false);
		kv_touch(parent->kva + D_SUBDIRS, 8, true);
		d->bucket = d_hash(parent->kva, full_name_hash(name, len));
	}
	return d;
}

/* __d_rehash: hlist_bl_add_head_rcu under the bucket's bit lock. */
static void d_rehash(struct dentry *d)
{
	vaddr_t b = bucket_kva(d->bucket);

	kv_touch_rmw(b, 4);
	kv_touch(d->kva + D_HASH, 8, true);
	if (dhash[d->bucket])
		kv_touch(dhash[d->bucket]->kva + D_HASH + 4, 4, true);
	kv_touch(b, 4, true);
	d->hash_next = dhash[d->bucket];
	dhash[d->bucket] = d;
}

/* __d_drop: hlist_bl_del under the bucket's bit lock. */
static void d_unhash(struct dentry *d)
{
	struct dentry **pp = &dhash[d->bucket];
	vaddr_t b = bucket_kva(d->bucket);

	while (*pp && *pp != d)
		pp = &(*pp)->hash_next;
	if (!*pp)
		return;
	kv_touch_rmw(b, 4);
	kv_touch(d->kva + D_HASH, 8, false);
	/* *pprev = next: the bucket or the previous dentry's next. */
	if (pp == &dhash[d->bucket])
		kv_touch(b, 4, true);
	else
		kv_touch(container_of(pp, struct dentry, hash_next)->kva +
				 D_HASH, 4, true);
	if (d->hash_next)
		kv_touch(d->hash_next->kva + D_HASH + 4, 4, true);
	kv_touch(d->kva + D_HASH + 4, 4, true);
	kv_touch(b, 4, true);
	*pp = d->hash_next;
	d->hash_next = NULL;
}

/* may_lookup -> inode_permission(MAY_EXEC): IOP_FASTPERM, then
 * generic_permission's i_mode and i_uid. */
static void may_lookup(const struct inode *dir)
{
	inode_touch(dir, IF_perm, false);
}

/*
 * __d_lookup_rcu + lookup_fast of the component @name (@len bytes) in
 * @parent: the parent's d_flags (DCACHE_OP_COMPARE), the bucket, each
 * dentry on the chain until one matches; of the match, the name's bytes,
 * then d_inode, d_seq and d_flags.  Return: the match, or NULL.
 */
static struct dentry *lookup_fast(struct dentry *parent, const char *name,
				  u32 len)
{
	u32 bucket;

	/* A directory left without its dentry (d_alloc): nothing placed. */
	if (!parent)
		return NULL;
	bucket = d_hash(parent->kva, full_name_hash(name, len));
	kv_touch(parent->kva + D_FLAGS_SEQ, 4, false);
	kv_touch(bucket_kva(bucket), 4, false);
	for (struct dentry *d = dhash[bucket]; d; d = d->hash_next) {
		kv_touch(d->kva + D_FLAGS_SEQ + 4, 4, false);
		kv_touch(d->kva + D_HASH, 12, false);
		kv_touch(d->kva + D_NAME, 16, false);
		if (d->parent != parent || d->len != len ||
		    memcmp(d->name, name, len))
			continue;
		kv_touch(d->kva + il->d_iname,
			 MIN(MAX(len, 1u), (u32)il->d_iname_len), false);
		kv_touch(d->kva + D_INODE, 4, false);
		kv_touch(d->kva + D_FLAGS_SEQ, 8, false);
		return d;
	}
	return NULL;
}

/* The directory @path ("" for the root), made on first use: its inode
 * a tmpfs directory's, its dentry hashed in its parent's. */
static struct dir *dir_get(const char *path, u32 n)
{
	struct dir *parent = NULL, *dir;
	const char *slash;

	for (u32 i = 0; i < nr_dirs; i++)
		if (strlen(dirs[i]->path) == n && !memcmp(dirs[i]->path, path, n))
			return dirs[i];
	if (n) {
		slash = memrchr(path, '/', n);
		parent = dir_get(path, slash ? (u32)(slash - path) : 0);
	}
	dir = calloc(1, sizeof(*dir));
	if (!dir)
		panic("dir_get: host out of memory");
	memcpy(dir->path, path, n);
	/* An object that cannot be had leaves the directory unplaced (its
	 * inode's kva 0, no dentry): d_alloc's comment. */
	if (inode_place(&dir->inode, INODE_SHMEM)) {
		dir->inode.i_dentry = NULL;
	} else if (!parent) {
		dir->inode.i_dentry = d_alloc(NULL, "/", 1);
	} else if (parent->inode.i_dentry) {
		const char *base = n && memrchr(path, '/', n) ?
					   (const char *)memrchr(path, '/', n) + 1 :
					   path;

		dir->inode.i_dentry =
			d_alloc(parent->inode.i_dentry, base,
				(u32)(path + n - base));
		if (dir->inode.i_dentry)
			d_rehash(dir->inode.i_dentry);
	}
	/* After the parents' own calls, which add theirs. */
	if (nr_dirs == max_dirs) {
		u32 more = max_dirs ? 2 * max_dirs : 64;
		struct dir **d = realloc(dirs, more * sizeof(*dirs));

		if (!d)
			panic("dir_get: host out of memory");
		dirs = d;
		max_dirs = more;
	}
	dirs[nr_dirs++] = dir;
	return dir;
}

/* The directory holding the last component of @name, and that
 * component. */
static struct dir *parent_of(const char *name, const char **base)
{
	const char *slash = strrchr(name, '/');

	*base = slash ? slash + 1 : name;
	return dir_get(name, slash ? (u32)(slash - name) : 0);
}

static const char *skip_slashes(const char *p)
{
	while (*p == '/')
		p++;
	return p;
}

void path_walk_touch(const char *path, struct inode *inode)
{
	const char *name = skip_slashes(path), *base, *p;
	struct dir *dir;

	if (!il)
		return;
	/* A device seen for the first time: its dentry and inode (the
	 * devtmpfs node made at boot). */
	if (inode && !inode->kva && S_ISCHR(inode->i_mode) &&
	    !inode_place(inode, INODE_SHMEM))
		d_instantiate_name(inode, name);
	/* link_path_walk: each directory from the root down. */
	dir = dir_get("", 0);
	for (p = name; (base = strchr(p, '/')); p = base + 1) {
		struct dir *child = dir_get(name, (u32)(base - name));

		may_lookup(&dir->inode);
		lookup_fast(dir->inode.i_dentry, p, (u32)(base - p));
		dir = child;
	}
	/* The last component: do_last's (open) or walk_component's. */
	may_lookup(&dir->inode);
	lookup_fast(dir->inode.i_dentry, p, (u32)strlen(p));
}

void d_instantiate_name(struct inode *inode, const char *path)
{
	const char *name = skip_slashes(path), *base;
	struct dir *dir;
	struct dentry *d;

	if (!il || !inode->kva)
		return;
	dir = parent_of(name, &base);
	/* Under a directory left unplaced, or without an object: unnamed. */
	if (!dir->inode.i_dentry)
		return;
	d = d_alloc(dir->inode.i_dentry, base, (u32)strlen(base));
	if (!d)
		return;
	/* d_instantiate: the inode's alias list, d_inode and d_flags. */
	inode_touch(inode, IF_dentry, true);
	kv_touch(d->kva + D_INODE, 4, true);
	kv_touch(d->kva + D_FLAGS_SEQ, 8, true);
	d_rehash(d);
	/* dget: tmpfs pins its dentries. */
	kv_touch_rmw(d->kva + il->d_lockref, il->d_lockref_len);
	/* shmem_mknod: dir->i_size += BOGO_DIRENT_SIZE, the times. */
	inode_touch_rmw(&dir->inode, IF_size);
	inode_touch(&dir->inode, IF_times, true);
	inode->i_dentry = d;
}

void d_drop_name(struct inode *inode)
{
	struct dentry *d = inode->i_dentry;
	const char *base;
	struct dir *dir;

	if (!il || !d)
		return;
	dir = parent_of(inode->i_name, &base);
	/* shmem_unlink: the directory's size and times, i_ctime, i_nlink;
	 * dput of the pin; d_delete -> __d_drop. */
	inode_touch_rmw(&dir->inode, IF_size);
	inode_touch(&dir->inode, IF_times, true);
	inode_touch(inode, IF_times, true);
	inode_touch_rmw(inode, IF_ino);
	kv_touch_rmw(d->kva + il->d_lockref, il->d_lockref_len);
	d_unhash(d);
}

vaddr_t inode_dentry_kva(const struct inode *inode)
{
	return inode->i_dentry ? inode->i_dentry->kva : 0;
}

vaddr_t inode_bucket_kva(const struct inode *inode)
{
	return inode->i_dentry ? bucket_kva(inode->i_dentry->bucket) : 0;
}

void inode_ref_touch(struct inode *inode)
{
	if (inode->kva && inode->i_dentry)
		kv_touch_rmw(inode->i_dentry->kva + il->d_lockref,
			     il->d_lockref_len);
}

void inode_open_touch(struct inode *inode, u32 flags)
{
	const struct dentry *d = inode->i_dentry;
	u32 acc = flags & O_ACCMODE;

	if (!inode->kva)
		return;
	/* complete_walk: legitimize the path, a reference (lockref). */
	if (d)
		kv_touch_rmw(d->kva + il->d_lockref, il->d_lockref_len);
	/* may_open: i_mode, inode_permission. */
	inode_touch(inode, IF_perm, false);
	/* do_dentry_open: get_write_access, i_mapping, i_fop, break_lease;
	 * 5.7: i_readcount_inc for a reader. */
	if (acc != O_RDONLY)
		inode_touch_rmw(inode, IF_writecount);
	inode_touch(inode, IF_mapping, false);
	inode_touch(inode, IF_fop, false);
	inode_touch(inode, IF_flock, false);
	if (acc == O_RDONLY)
		inode_touch_rmw(inode, IF_readcount);
}

void inode_release_touch(struct inode *inode, u32 flags)
{
	const struct dentry *d = inode->i_dentry;
	u32 acc = flags & O_ACCMODE;

	if (!inode->kva)
		return;
	/* __fput: put_write_access or i_readcount_dec, then dput. */
	if (acc != O_RDONLY)
		inode_touch_rmw(inode, IF_writecount);
	else
		inode_touch_rmw(inode, IF_readcount);
	if (d)
		kv_touch_rmw(d->kva + il->d_lockref, il->d_lockref_len);
}
