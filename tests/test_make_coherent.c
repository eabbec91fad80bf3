// SPDX-License-Identifier: GPL-2.0-only
/*
 * make_coherent (arch/arm/mm/fault-armv.c) on the Kirkwood's VIVT
 * D-cache: a tmpfs page mapped MAP_SHARED twice in one mm has both its
 * present PTEs made uncacheable (L_PTE_MT_BUFFERABLE) when the second is
 * faulted in, after flush_cache_page and outer_flush_range have written
 * the first alias's lines back; from then on the accesses through either
 * go to memory, word by word, and the alias checker has nothing to find.
 * A VIPT board adjusts nothing.  An uncached access that meets a line
 * dirty in a cache (here: the kernel's direct-map alias, written without
 * the flush Linux's own writers make) stops the run.
 */
#include "helpers.h"

#include <string.h>

#include "fs/tmpfs.h"
#include "fs/vfs.h"
#include "hw/access.h"
#include "kernel/exit.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/highmem.h"

/* What the program saw: values, and the three counters at each step. */
static struct {
	u32 v[4];
	u64 adjust[8], uc_load[8], uc_store[8];
	int wrote;
} seen;

static vaddr_t names;

static void snap(u32 i)
{
	const u64 *ev = this_cpu()->events;

	seen.adjust[i] = ev[EV_pte_adjust];
	seen.uc_load[i] = ev[EV_uncached_load];
	seen.uc_store[i] = ev[EV_uncached_store];
}

static int uopen(const char *path)
{
	uv_write(names, path, (u32)strlen(path) + 1);
	return sys_open(names, O_RDWR | O_CREAT);
}

static vaddr_t map_file(int fd, int prot, int flags)
{
	long a = sys_mmap(0, 2 * PAGE_SIZE, prot, flags, fd, 0);

	cr_assert(a > 0, "mmap: %ld", a);
	return (vaddr_t)a;
}

static void shared_twice_main(void *arg)
{
	vaddr_t a, b, c;
	int fd, out;

	(void)arg;
	names = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = uopen("/f");
	out = uopen("/out");
	/* Two pages of the file, from untouched (zero) memory. */
	sys_ftruncate(fd, 2 * PAGE_SIZE);
	a = map_file(fd, PROT_READ | PROT_WRITE, MAP_SHARED);
	b = map_file(fd, PROT_READ | PROT_WRITE, MAP_SHARED);
	snap(0);
	uv_write32(a + 8, 0x11111111);	/* a alone: cached */
	snap(1);
	seen.v[0] = uv_read32(b + 8);	/* b's fault adjusts a, then b */
	snap(2);
	uv_write32(b + 12, 0x22222222);
	seen.v[1] = uv_read32(a + 12);
	snap(3);
	seen.wrote = sys_write(out, a, 64);	/* copy_from_user through a */
	snap(4);
	uv_write32(a + PAGE_SIZE, 3);	/* page 1: b has no PTE there */
	snap(5);
	/* A private mapping faulted while the shared ones are present is
	 * made uncacheable too (do_adjust_pte on the faulting VMA). */
	c = map_file(fd, PROT_READ, MAP_PRIVATE);
	seen.v[2] = uv_read32(c + 12);
	snap(6);
	sys_exit(0);
}

static void run(const char *platform)
{
	memset(&seen, 0, sizeof(seen));
	TEST_BOOT(platform);
	vfs_init();
	test_run_process(shared_twice_main, NULL);
	cr_assert_eq(seen.v[0], 0x11111111);
	cr_assert_eq(seen.v[1], 0x22222222);
	cr_assert_eq(seen.v[2], 0x22222222);
	cr_assert_eq(seen.wrote, 64);
}

Test(make_coherent, a_second_shared_mapping_makes_both_uncacheable)
{
	run("kirkwood-openblocks-a7");
	cr_assert_eq(seen.adjust[1], 0, "the first mapping alone stays cached");
	cr_assert_eq(seen.uc_store[1], 0);
	cr_assert_eq(seen.adjust[2], 2, "a's PTE, then b's");
	cr_assert_eq(seen.uc_load[2], 1, "the load through b");
	cr_assert_eq(seen.uc_store[3], 1);
	cr_assert_eq(seen.uc_load[3], 2);
	/* generic_perform_write's fault-in reads a byte first. */
	cr_assert_eq(seen.uc_load[4], 2 + 1 + 16, "64 bytes, word by word");
	cr_assert_eq(seen.adjust[5], 2);
	cr_assert_eq(seen.uc_store[5], 1, "page 1 of a is cached");
	/*
	 * c's read fault maps pages 0 and 1 (3.16's fault-around calls
	 * update_mmu_cache for each): page 0 finds a and b present and
	 * uncached already, so only c's PTE changes; page 1 finds a's,
	 * cached, and changes it and c's.
	 */
	cr_assert_eq(seen.adjust[6], 2 + 1 + 2);
	cr_assert_eq(seen.uc_load[6], 2 + 1 + 16 + 1);
	vfs_exit();
	test_shutdown();
}

Test(make_coherent, a_vipt_cache_adjusts_nothing)
{
	run("beaglebone-black");
	cr_assert_eq(seen.adjust[6], 0);
	cr_assert_eq(seen.uc_load[6], 0);
	cr_assert_eq(seen.uc_store[6], 0);
	vfs_exit();
	test_shutdown();
}

/* The stop longjmps off the task's stack, which ASan takes for an
 * overflow (see test_fuzz_corpus.c): not under ASan. */
#if !defined(__SANITIZE_ADDRESS__)
/*
 * The kernel stores into the page through its direct-map alias and
 * flushes nothing (Linux's writers call flush_dcache_page): the next
 * load through an uncached mapping would read memory the line has not
 * reached, and the checker stops it.
 */
static void dirty_kernel_alias_main(void *arg)
{
	vaddr_t a, b, kva;
	u32 v;
	int fd;

	(void)arg;
	names = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	fd = uopen("/f");
	sys_ftruncate(fd, 2 * PAGE_SIZE);
	a = map_file(fd, PROT_READ | PROT_WRITE, MAP_SHARED);
	b = map_file(fd, PROT_READ | PROT_WRITE, MAP_SHARED);
	uv_write32(a + 8, 1);
	seen.v[0] = uv_read32(b + 8);
	/* A load allocates the line (the Feroceon's L1 allocates on reads
	 * only), the store dirties it. */
	kva = page_address(tmpfs_find_page("/f", 0)) + 8;
	cr_assert_eq(hw_read32(this_cpu(), kva, &v, 0), 0);
	cr_assert_eq(hw_write32(this_cpu(), kva, 2, 0), 0);
	seen.v[1] = uv_read32(a + 8);
	sys_exit(0);
}

Test(make_coherent, an_uncached_load_of_a_dirty_line_stops)
{
	memset(&seen, 0, sizeof(seen));
	TEST_BOOT("kirkwood-openblocks-a7", "CONFIG_HIGHMEM=n");
	vfs_init();
	EXPECT_PANIC("uncached access: CPU0 loads from PA",
		     { test_run_process(dirty_kernel_alias_main, NULL); });
	cr_assert(strstr(test_panic_msg, "while the line is dirty in an L1 D-cache"),
		  "%s", test_panic_msg);
	cr_assert_eq(seen.v[0], 1);
	cr_assert_eq(seen.v[1], 0, "the load never completed");
}
#endif
