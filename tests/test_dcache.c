// SPDX-License-Identifier: GPL-2.0-only
/*
 * Inodes and dentries at their simulated addresses (kernel_data=mem_map,
 * fs/dcache.h).  On 5.7 an open() of an existing tmpfs file reads the
 * dentry hash bucket once, the dentry's d_seq, d_hash .. d_parent,
 * d_name, its inline name, d_inode and d_flags (__d_lookup_rcu,
 * lookup_fast), takes and keeps a reference (d_lockref), and reads the
 * inode's i_mode line, i_mapping, i_fop, i_flctx and moves i_readcount
 * (may_open, do_dentry_open); kernel_data=host places nothing.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "fs/dcache.h"
#include "fs/file.h"
#include "fs/vfs.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/user.h"

#define MAX_SEEN 64

/* Touches in three ranges: 0 the bucket, 1 the dentry, 2 the inode. */
static struct {
	vaddr_t base[3];
	u32 size[3];
	u32 n;
	struct {
		u8 which;
		u16 off, len;
		bool write;
	} t[MAX_SEEN];
	int fd;
} rec;

static void record(vaddr_t va, u32 len, bool write)
{
	for (u8 i = 0; i < 3; i++) {
		if (!rec.base[i] || va < rec.base[i] ||
		    va >= rec.base[i] + rec.size[i])
			continue;
		cr_assert_lt(rec.n, MAX_SEEN);
		rec.t[rec.n].which = i;
		rec.t[rec.n].off = (u16)(va - rec.base[i]);
		rec.t[rec.n].len = (u16)len;
		rec.t[rec.n].write = write;
		rec.n++;
		return;
	}
}

static void open_main(void *arg)
{
	vaddr_t buf = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct inode *inode;

	uv_write(buf, "/h", 3);
	sys_close(sys_open(buf, O_RDWR | O_CREAT));
	inode = vfs_lookup("h");
	rec.base[0] = inode_bucket_kva(inode);
	rec.size[0] = 4;
	rec.base[1] = inode_dentry_kva(inode);
	rec.size[1] = 136;
	rec.base[2] = inode->kva;
	rec.size[2] = 400;
	kv_touch_hook = record;
	rec.fd = sys_open(buf, O_RDONLY);
	kv_touch_hook = NULL;
	sys_close(rec.fd);
	sys_unlink(buf);
	sys_exit(0);
}

Test(dcache, open_of_an_existing_file)
{
	static const struct {
		u8 which;
		u16 off, len;
		bool write;
	} want[] = {
		{ 0, 0, 4, false },	/* the bucket */
		{ 1, 4, 4, false },	/* d_seq */
		{ 1, 8, 12, false },	/* d_hash, d_parent */
		{ 1, 24, 16, false },	/* d_name */
		{ 1, 44, 1, false },	/* d_iname: "h" */
		{ 1, 40, 4, false },	/* d_inode */
		{ 1, 0, 8, false },	/* d_flags, d_seq */
		{ 1, 80, 8, false },	/* d_lockref */
		{ 1, 80, 8, true },
		{ 2, 0, 8, false },	/* i_mode, i_opflags, i_uid */
		{ 2, 32, 4, false },	/* i_mapping */
		{ 2, 264, 4, false },	/* i_fop */
		{ 2, 268, 4, false },	/* i_flctx */
		{ 2, 260, 4, false },	/* i_readcount */
		{ 2, 260, 4, true },
	};

	TEST_BOOT("beaglebone-white", "kernel_data=mem_map", "cpus=1");
	memset(&rec, 0, sizeof(rec));
	test_run_process(open_main, NULL);
	cr_assert_geq(rec.fd, 0);
	cr_assert_neq(rec.base[1], 0);
	cr_assert_eq(rec.n, ARRAY_SIZE(want));
	for (u32 i = 0; i < rec.n; i++) {
		cr_assert_eq(rec.t[i].which, want[i].which, "touch %u", i);
		cr_assert_eq(rec.t[i].off, want[i].off, "touch %u", i);
		cr_assert_eq(rec.t[i].len, want[i].len, "touch %u", i);
		cr_assert_eq(rec.t[i].write, want[i].write, "touch %u", i);
	}
	test_shutdown();
}

Test(dcache, host_places_nothing)
{
	TEST_BOOT("beaglebone-white", "kernel_data=host", "cpus=1");
	memset(&rec, 0, sizeof(rec));
	test_run_process(open_main, NULL);
	cr_assert_eq(rec.base[1], 0);
	cr_assert_eq(rec.base[2], 0);
	cr_assert_eq(rec.n, 0);
	test_shutdown();
}

static struct {
	vaddr_t obj;
	u32 n[512];	/* touches per offset of the shmem_inode_info */
	u32 w[512];
} wr;

static void wr_record(vaddr_t va, u32 len, bool write)
{
	if (va < wr.obj || va >= wr.obj + 320)
		return;
	wr.n[va - wr.obj]++;
	wr.w[va - wr.obj] += write;
}

static void write_main(void *arg)
{
	vaddr_t buf = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd;

	uv_write(buf, "/w", 3);
	fd = sys_open(buf, O_RDWR | O_CREAT);
	wr.obj = vfs_lookup("w")->i_obj_kva;
	kv_touch_hook = wr_record;
	(void)sys_write(fd, buf, 100);
	kv_touch_hook = NULL;
	sys_close(fd);
	sys_unlink(buf);
	sys_exit(0);
}

/*
 * 3.14's tmpfs write of 100 bytes into an empty file (the inode at 32 of
 * its shmem_inode_info): mutex_lock and mutex_unlock on i_mutex (92:
 * object 124), each a load and a store; shmem_getpage's info->alloced (the
 * info's head, object 0) read for the page and written with i_blocks
 * (80: object 112) for the new one; write_end's i_size (40: object 72)
 * loaded, then stored by i_size_write (UP: no seqcount).
 */
Test(dcache, tmpfs_write_on_3_14)
{
	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=mem_map", "cpus=1");
	memset(&wr, 0, sizeof(wr));
	test_run_process(write_main, NULL);
	cr_assert_neq(wr.obj, 0);
	cr_assert_eq(wr.n[32 + 92], 4);
	cr_assert_eq(wr.w[32 + 92], 2);
	cr_assert_eq(wr.n[0], 2);
	cr_assert_eq(wr.w[0], 1);
	cr_assert_eq(wr.n[32 + 80], 2);
	cr_assert_eq(wr.w[32 + 80], 1);
	cr_assert_eq(wr.n[32 + 40], 2);
	cr_assert_eq(wr.w[32 + 40], 1);
	test_shutdown();
}
