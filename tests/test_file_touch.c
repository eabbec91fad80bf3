// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct file at its simulated address (kernel_data=mem_map, fs/file.h):
 * a filp object at the kernel's size and line alignment (5.7: 176 B at
 * 64); a write() loads and stores f_pos (at 64 in 5.7), which nothing
 * else in the object's second line touches; the last close frees it.
 */
#include "helpers.h"

#include "arch/layout.h"
#include "fs/file.h"
#include "fs/vfs.h"
#include "hw/access.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/user.h"

static struct {
	vaddr_t kva, kva2;
	bool pos_loaded;
} seen;

static void file_main(void *arg)
{
	vaddr_t buf = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd, fd2;

	uv_write32(buf, 1);
	uv_write(buf + 64, "/tmp/x", 7);
	fd = sys_open(buf + 64, O_RDWR | O_CREAT);
	fd2 = sys_open(buf + 64, O_RDWR);
	cr_assert_geq(fd, 0);
	seen.kva = fget(fd)->kva;
	seen.kva2 = fget(fd2)->kva;
	hw_dcache_op_all(this_cpu(), CACHE_FLUSH);
	cr_assert_eq(sys_write(fd, buf, 4), 4);
	if (seen.kva)
		seen.pos_loaded = cache_slot_of_pa(&this_cpu()->l1d,
						   __pa(seen.kva + 64)) >= 0;
	sys_close(fd2);
	sys_close(fd);
	sys_unlink(buf + 64);
	sys_exit(0);
}

Test(file_touch, filp_objects_and_f_pos)
{
	TEST_BOOT("beaglebone-white", "kernel_data=mem_map");
	memset(&seen, 0, sizeof(seen));
	test_run_process(file_main, NULL);
	cr_assert_neq(seen.kva, 0);
	cr_assert_eq(seen.kva % 64, 0);
	cr_assert_eq(seen.kva2 - seen.kva, 192);
	cr_assert(seen.pos_loaded);
	test_shutdown();

	TEST_BOOT("beaglebone-white", "kernel_data=host");
	memset(&seen, 0, sizeof(seen));
	test_run_process(file_main, NULL);
	cr_assert_eq(seen.kva, 0);
	test_shutdown();
}
