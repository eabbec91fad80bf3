// SPDX-License-Identifier: GPL-2.0-only
/*
 * The descriptor table at its simulated address (kernel_data=mem_map,
 * fs/file.h): a files_cachep object at the kernel's layout (5.7: 256 B
 * at 64, the fdtable embedded at 24, fd_array at 84); fget of fd 3 reads
 * exactly what __fget_light reads (files->count, files->fdt, fdt->max_fds
 * and fdt->fd, fd[3]); open sets the open_fds bit and close clears it;
 * kernel_data=host places nothing.
 */
#include "helpers.h"

#include <errno.h>

#include "arch/kv.h"
#include "fs/file.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/gfp.h"
#include "mm/mm.h"
#include "mm/slab.h"

#define MAX_SEEN 32

static struct {
	vaddr_t kva;
	u32 n;
	u16 off[MAX_SEEN], len[MAX_SEEN];
	bool write[MAX_SEEN];
	int fd;
	struct file *file;
} rec;

static void record(vaddr_t va, u32 len, bool write)
{
	if (va < rec.kva || va >= rec.kva + 256)
		return;
	cr_assert_lt(rec.n, MAX_SEEN);
	rec.off[rec.n] = (u16)(va - rec.kva);
	rec.len[rec.n] = (u16)len;
	rec.write[rec.n] = write;
	rec.n++;
}

static void fget_main(void *arg)
{
	vaddr_t buf = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	uv_write(buf, "/f", 3);
	for (int i = 0; i < 4; i++)
		rec.fd = sys_open(buf, O_RDWR | O_CREAT);
	rec.kva = current->files->kva;
	kv_touch_hook = record;
	rec.file = fget(3);
	kv_touch_hook = NULL;
	for (int i = 0; i < 4; i++)
		sys_close(i);
	sys_unlink(buf);
	sys_exit(0);
}

Test(files_touch, fget_reads_count_fdt_and_the_slot)
{
	static const u16 off[] = { 0, 20, 24, 96 };
	static const u16 len[] = { 4, 4, 8, 4 };

	TEST_BOOT("beaglebone-white", "kernel_data=mem_map", "cpus=1");
	memset(&rec, 0, sizeof(rec));
	test_run_process(fget_main, NULL);
	cr_assert_eq(rec.fd, 3);
	cr_assert_neq(rec.file, NULL);
	cr_assert_neq(rec.kva, 0);
	cr_assert_eq(rec.kva % 64, 0);
	cr_assert_eq(rec.n, ARRAY_SIZE(off));
	for (u32 i = 0; i < rec.n; i++) {
		cr_assert_eq(rec.off[i], off[i], "touch %u", i);
		cr_assert_eq(rec.len[i], len[i], "touch %u", i);
		cr_assert(!rec.write[i]);
	}
	test_shutdown();
}

static void close_main(void *arg)
{
	vaddr_t buf = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd;

	uv_write(buf, "/g", 3);
	fd = sys_open(buf, O_RDWR | O_CREAT);
	rec.kva = current->files->kva;
	kv_touch_hook = record;
	sys_close(fd);
	kv_touch_hook = NULL;
	sys_unlink(buf);
	sys_exit(0);
}

/*
 * 3.14's __close_fd on fd 0 (UP: no file_lock word): fdt 4, max_fds and
 * fd 8, fd[0] 44 read and cleared, the fdtable's bitmap pointers 16,
 * close_on_exec_init 36 cleared, open_fds_init 40 cleared, next_fd 32
 * read (0 is not below next_fd 1: written); then fput's own accesses are
 * in the filp object, not here.
 */
Test(files_touch, close_on_3_14)
{
	static const u16 off[] = { 4, 8, 44, 44, 16, 36, 36, 40, 40, 32, 32 };
	static const bool wr[] = { 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1 };

	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=mem_map", "cpus=1");
	memset(&rec, 0, sizeof(rec));
	test_run_process(close_main, NULL);
	cr_assert_neq(rec.kva, 0);
	cr_assert_eq(rec.n, ARRAY_SIZE(off));
	for (u32 i = 0; i < rec.n; i++) {
		cr_assert_eq(rec.off[i], off[i], "touch %u", i);
		cr_assert_eq(rec.write[i], wr[i], "touch %u", i);
	}
	test_shutdown();
}

Test(files_touch, host_places_nothing)
{
	TEST_BOOT("beaglebone-white", "kernel_data=host", "cpus=1");
	memset(&rec, 0, sizeof(rec));
	test_run_process(close_main, NULL);
	cr_assert_eq(rec.kva, 0);
	test_shutdown();
}

/*
 * A fork whose descriptor table cannot be had (files_cache's object)
 * returns -ENOMEM, as copy_process's copy_files does, and leaves nothing
 * behind: the mm it copied goes with the task (bad_fork_cleanup_mm), and
 * the end-of-run audit finds no page, object or reference astray.  The
 * fork after it, with the object to be had, works.
 */
static struct {
	int failed, ok, status;
	u64 mm_users;
} seen_fork;

static void child_exits(void *arg)
{
	sys_exit(0);
}

static void fork_without_table_main(void *arg)
{
	int pid;

	kmem_cache_fail_name = "files_cache";
	seen_fork.failed = sys_fork(child_exits, NULL);
	seen_fork.mm_users = current->mm->mm_users;
	kmem_cache_fail_name = NULL;
	pid = sys_fork(child_exits, NULL);
	seen_fork.ok = pid;
	sys_wait4(pid, &seen_fork.status);
	sys_exit(0);
}

Test(files_touch, fork_without_a_table_object_is_enomem)
{
	TEST_BOOT("beaglebone-white", "kernel_data=mem_map");
	memset(&seen_fork, 0, sizeof(seen_fork));
	test_run_process(fork_without_table_main, NULL);
	cr_assert_eq(seen_fork.failed, -ENOMEM);
	cr_assert_eq(seen_fork.mm_users, 1);
	cr_assert_gt(seen_fork.ok, 0);
	cr_assert_eq(seen_fork.status, 0);
	test_shutdown();
}
