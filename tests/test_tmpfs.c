// SPDX-License-Identifier: GPL-2.0-only
/*
 * The file layer: tmpfs files (write and read at any offset and size,
 * holes, lseek, ftruncate, O_TRUNC, O_APPEND, unlink), /dev/zero and
 * /dev/null, bad user buffers (-EFAULT and short counts), running out of
 * pages (-ENOSPC), page-cache pages in highmem and the one kmap_atomic per
 * page of the write path, mmap of a file and its fault-around, shared memory objects as tmpfs
 * files, and the pages of an unlinked file going when its last user exits.
 *
 * The file system calls run inside a process, which records what it sees
 * in `seen`; the test asserts after the run.  Each test ends with
 * vfs_exit() and test_shutdown(), whose audit finds every page free again.
 */
#include "helpers.h"

#include <errno.h>
#include <string.h>

#include "arch/layout.h"
#include "fs/tmpfs.h"
#include "fs/vfs.h"
#include "kernel/exit.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/gfp.h"
#include "mm/mmzone.h"

#define BIG (256 * PAGE_SIZE) /* 1 MiB */

static struct {
	long ret[32];
	s64 off[16];
	bool ok[16];
	u32 bad_at[16];
	bool present[8], highmem[8];
	u64 kmaps[8], kmaps_low[8], kmap_high[8];
	u64 cc[4];
	unsigned long free_before, free_after;
} seen;

/* Host copies: the pattern written and what was read back. */
static u8 pattern[BIG + 4 * PAGE_SIZE];
static u8 back[BIG + 8 * PAGE_SIZE];

/* User memory holding path names (one per 64 bytes). */
static vaddr_t names;

static void fill_pattern(void)
{
	u32 x = 0x12345678u;

	/* A fixed xorshift sequence: no two nearby pages look alike. */
	for (size_t i = 0; i < sizeof(pattern); i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		pattern[i] = (u8)x;
	}
}

static void boot(const char *platform)
{
	TEST_BOOT(platform);
	/* Until boot.c calls them (harmless twice). */
	vfs_init();
	memset(&seen, 0, sizeof(seen));
	names = 0;
	fill_pattern();
}

static void shutdown(void)
{
	vfs_exit();
	test_shutdown();
}

static vaddr_t map_anon(u32 len)
{
	long a = sys_mmap(0, len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	cr_assert(a > 0, "mmap: %ld", a);
	return (vaddr_t)a;
}

/* The path @path in user memory (slot @slot of the names page). */
static vaddr_t upath(const char *path, u32 slot)
{
	if (!names)
		names = map_anon(PAGE_SIZE);
	uv_write(names + slot * 64, path, (u32)strlen(path) + 1);
	return names + slot * 64;
}

static int uopen(const char *path, int flags)
{
	return sys_open(upath(path, 0), flags);
}

static int uunlink(const char *path)
{
	return sys_unlink(upath(path, 1));
}

/* Fill user memory with a byte, as a program's memset would. */
static void ufill(vaddr_t at, u8 c, u32 len)
{
	static u8 buf[PAGE_SIZE];

	memset(buf, c, sizeof(buf));
	for (u32 done = 0; done < len; done += PAGE_SIZE)
		uv_write(at + done, buf, MIN(PAGE_SIZE, len - done));
}

/* Index of the first byte of @got that differs from @want, or ~0u. */
static u32 first_diff(const u8 *got, const u8 *want, u32 len)
{
	for (u32 i = 0; i < len; i++)
		if (got[i] != want[i])
			return i;
	return ~0u;
}

static u32 first_nonzero(const u8 *got, u32 len)
{
	for (u32 i = 0; i < len; i++)
		if (got[i])
			return i;
	return ~0u;
}

/*
 * Write and read back: 512 B at 0, 4 KiB at 6000 (across the boundary of
 * pages 1 and 2), 1 MiB at 12388 (unaligned, 257 pages).  Between them the
 * file has holes that read as zeros.
 */
static const struct {
	u64 pos;
	u32 len, src; /* src: offset into the pattern */
} pieces[] = {
	{ 0, 512, 7 },
	{ 6000, PAGE_SIZE, 1000 },
	{ 3 * PAGE_SIZE + 100, BIG, 3 },
};

#define FILE_END (3 * PAGE_SIZE + 100 + BIG)

static void roundtrip_main(void *arg)
{
	vaddr_t src = map_anon(BIG), dst = map_anon(FILE_END + PAGE_SIZE);
	int fd = uopen("/tmp/f", O_RDWR | O_CREAT);

	seen.ret[0] = fd;
	for (u32 i = 0; i < ARRAY_SIZE(pieces); i++) {
		uv_write(src, pattern + pieces[i].src, pieces[i].len);
		seen.off[i] = sys_lseek(fd, (s64)pieces[i].pos, SEEK_SET);
		seen.ret[1 + i] = sys_write(fd, src, pieces[i].len);
	}
	/* Each piece on its own. */
	for (u32 i = 0; i < ARRAY_SIZE(pieces); i++) {
		sys_lseek(fd, (s64)pieces[i].pos, SEEK_SET);
		seen.ret[4 + i] = sys_read(fd, dst, pieces[i].len);
		uv_read(dst, back, pieces[i].len);
		seen.bad_at[i] = first_diff(back, pattern + pieces[i].src,
					    pieces[i].len);
	}
	/* The whole file, asking for more than there is. */
	ufill(dst, 0xff, FILE_END + PAGE_SIZE);
	sys_lseek(fd, 0, SEEK_SET);
	seen.ret[7] = sys_read(fd, dst, FILE_END + PAGE_SIZE);
	seen.ret[8] = sys_read(fd, dst, 100); /* at the end: 0 */
	uv_read(dst, back, FILE_END + PAGE_SIZE);
	{
		static u8 want[FILE_END + PAGE_SIZE];

		memset(want, 0, FILE_END);
		memset(want + FILE_END, 0xff, PAGE_SIZE);
		for (u32 i = 0; i < ARRAY_SIZE(pieces); i++)
			memcpy(want + pieces[i].pos, pattern + pieces[i].src,
			       pieces[i].len);
		seen.bad_at[3] = first_diff(back, want, FILE_END + PAGE_SIZE);
	}
	seen.ret[9] = sys_close(fd);
	sys_exit(0);
}

static void check_roundtrip(const char *platform)
{
	boot(platform);
	test_run_process(roundtrip_main, NULL);
	cr_assert_geq(seen.ret[0], 0);
	for (u32 i = 0; i < ARRAY_SIZE(pieces); i++) {
		cr_assert_eq(seen.off[i], (s64)pieces[i].pos);
		cr_assert_eq(seen.ret[1 + i], pieces[i].len, "write %u: %ld", i,
			     seen.ret[1 + i]);
		cr_assert_eq(seen.ret[4 + i], pieces[i].len, "read %u: %ld", i,
			     seen.ret[4 + i]);
		cr_assert_eq(seen.bad_at[i], ~0u, "piece %u differs at byte %u",
			     i, seen.bad_at[i]);
	}
	cr_assert_eq(seen.ret[7], FILE_END);
	cr_assert_eq(seen.ret[8], 0);
	cr_assert_eq(seen.bad_at[3], ~0u, "the file differs at byte %u",
		     seen.bad_at[3]);
	cr_assert_eq(seen.ret[9], 0);
	/* The holes have no pages: page 0 has data, page 1 too (6000). */
	cr_assert(tmpfs_find_page("/tmp/f", 0));
	cr_assert_not(tmpfs_find_page("/tmp/f", 1 + BIG / PAGE_SIZE + 8));
	shutdown();
}

Test(tmpfs, roundtrip_on_kirkwood_highmem)
{
	check_roundtrip("kirkwood-openblocks-a7");
}

Test(tmpfs, roundtrip_on_beaglebone_lowmem)
{
	check_roundtrip("beaglebone-white");
}

Test(tmpfs, roundtrip_on_x86_pae)
{
	check_roundtrip("numaq-16");
}

Test(tmpfs, roundtrip_on_lpae)
{
	check_roundtrip("cortex-a15-2g");
}

static void seek_truncate_main(void *arg)
{
	vaddr_t buf = map_anon(8 * PAGE_SIZE);
	int fd = uopen("/t", O_RDWR | O_CREAT), ro, zero;

	uv_write(buf, pattern, 10000);
	seen.ret[0] = sys_write(fd, buf, 10000);
	seen.off[0] = sys_lseek(fd, 0, SEEK_END);
	seen.off[1] = sys_lseek(fd, -100, SEEK_CUR);
	seen.off[2] = sys_lseek(fd, -1, SEEK_SET);
	seen.off[3] = sys_lseek(fd, 0, 7);
	seen.off[4] = sys_lseek(fd, 5, SEEK_END);
	seen.off[5] = sys_lseek(fd, (s64)TMPFS_MAX_BYTES + 1, SEEK_SET);
	seen.off[6] = sys_lseek(fd, INT64_MAX, SEEK_CUR);
	seen.off[7] = sys_lseek(fd, 0, SEEK_CUR); /* unchanged: 10005 */

	/* Shrink into page 1: page 2 goes, page 1's tail is cleared. */
	seen.ret[1] = sys_ftruncate(fd, 5000);
	seen.off[8] = sys_lseek(fd, 0, SEEK_END);
	seen.present[0] = tmpfs_find_page("/t", 1);
	seen.present[1] = tmpfs_find_page("/t", 2);
	sys_lseek(fd, 4990, SEEK_SET);
	seen.ret[2] = sys_read(fd, buf, 100);
	uv_read(buf, back, 10);
	seen.bad_at[0] = first_diff(back, pattern + 4990, 10);

	/* Grow again: what was beyond 5000 reads as zeros. */
	seen.ret[3] = sys_ftruncate(fd, 20000);
	seen.off[9] = sys_lseek(fd, 4990, SEEK_SET);
	ufill(buf, 0xff, 8 * PAGE_SIZE);
	seen.ret[4] = sys_read(fd, buf, 8 * PAGE_SIZE);
	uv_read(buf, back, 20000 - 4990);
	seen.bad_at[1] = first_diff(back, pattern + 4990, 10);
	seen.bad_at[2] = first_nonzero(back + 10, 20000 - 5000);
	seen.present[2] = tmpfs_find_page("/t", 2);

	/* Errors. */
	seen.ret[5] = sys_ftruncate(fd, TMPFS_MAX_BYTES + 1);
	seen.ret[6] = sys_ftruncate(fd, (u64)-1);
	seen.ret[7] = sys_ftruncate(42, 0);
	ro = uopen("/t", O_RDONLY);
	seen.ret[8] = sys_ftruncate(ro, 0);
	zero = uopen("/dev/zero", O_RDWR);
	seen.ret[9] = sys_ftruncate(zero, 0);
	seen.off[10] = sys_lseek(zero, 1234, SEEK_SET);
	seen.off[11] = sys_lseek(77, 0, SEEK_SET);
	/* The largest file: one byte fits below the limit, none beyond. */
	sys_lseek(fd, (s64)TMPFS_MAX_BYTES - 1, SEEK_SET);
	seen.ret[10] = sys_write(fd, buf, 10);
	seen.ret[11] = sys_write(fd, buf, 10);
	seen.off[12] = sys_lseek(fd, 0, SEEK_END);
	seen.ret[12] = sys_ftruncate(fd, 0);
	sys_exit(0);
}

Test(tmpfs, lseek_and_ftruncate)
{
	boot("kirkwood-openblocks-a7");
	test_run_process(seek_truncate_main, NULL);
	cr_assert_eq(seen.ret[0], 10000);
	cr_assert_eq(seen.off[0], 10000);
	cr_assert_eq(seen.off[1], 9900);
	cr_assert_eq(seen.off[2], -EINVAL);
	cr_assert_eq(seen.off[3], -EINVAL);
	cr_assert_eq(seen.off[4], 10005);
	cr_assert_eq(seen.off[5], -EINVAL);
	cr_assert_eq(seen.off[6], -EINVAL);
	cr_assert_eq(seen.off[7], 10005);
	cr_assert_eq(seen.ret[1], 0);
	cr_assert_eq(seen.off[8], 5000);
	cr_assert(seen.present[0]);
	cr_assert_not(seen.present[1], "the page beyond the end was freed");
	cr_assert_eq(seen.ret[2], 10, "a read stops at the end");
	cr_assert_eq(seen.bad_at[0], ~0u);
	cr_assert_eq(seen.ret[3], 0);
	cr_assert_eq(seen.off[9], 4990);
	cr_assert_eq(seen.ret[4], 20000 - 4990);
	cr_assert_eq(seen.bad_at[1], ~0u);
	cr_assert_eq(seen.bad_at[2], ~0u,
		     "byte %u after a shrink and growth is not zero",
		     5000 + seen.bad_at[2]);
	cr_assert_not(seen.present[2], "growing allocates nothing");
	cr_assert_eq(seen.ret[5], -EFBIG);
	cr_assert_eq(seen.ret[6], -EINVAL);
	cr_assert_eq(seen.ret[7], -EBADF);
	cr_assert_eq(seen.ret[8], -EINVAL, "not open for writing");
	cr_assert_eq(seen.ret[9], -EINVAL, "not a regular file");
	cr_assert_eq(seen.off[10], 0, "null_lseek");
	cr_assert_eq(seen.off[11], -EBADF);
	cr_assert_eq(seen.ret[10], 1);
	cr_assert_eq(seen.ret[11], -EFBIG);
	cr_assert_eq(seen.off[12], (s64)TMPFS_MAX_BYTES);
	cr_assert_eq(seen.ret[12], 0);
	shutdown();
}

static void hole_main(void *arg)
{
	vaddr_t buf = map_anon(6 * PAGE_SIZE);
	int fd = uopen("/hole", O_RDWR | O_CREAT);

	uv_write(buf, pattern, 10);
	seen.off[0] = sys_lseek(fd, 3 * PAGE_SIZE + 5, SEEK_SET);
	seen.ret[0] = sys_write(fd, buf, 10);
	ufill(buf, 0xff, 6 * PAGE_SIZE);
	sys_lseek(fd, 0, SEEK_SET);
	seen.ret[1] = sys_read(fd, buf, 5 * PAGE_SIZE);
	uv_read(buf, back, 6 * PAGE_SIZE);
	seen.bad_at[0] = first_nonzero(back, 3 * PAGE_SIZE + 5);
	seen.bad_at[1] = first_diff(back + 3 * PAGE_SIZE + 5, pattern, 10);
	for (u32 i = 3 * PAGE_SIZE + 15; i < 6 * PAGE_SIZE; i++)
		if (back[i] != 0xff) {
			seen.bad_at[2] = i;
			break;
		}
	for (u32 i = 0; i < 4; i++)
		seen.present[i] = tmpfs_find_page("/hole", i);
	/* At and past the end: nothing. */
	seen.ret[2] = sys_read(fd, buf, 100);
	sys_lseek(fd, 100000, SEEK_SET);
	seen.ret[3] = sys_read(fd, buf, 100);
	seen.ret[4] = sys_read(fd, buf, 0);
	sys_exit(0);
}

Test(tmpfs, holes_read_zeros_and_eof_reads_nothing)
{
	boot("beaglebone-white");
	test_run_process(hole_main, NULL);
	cr_assert_eq(seen.off[0], 3 * PAGE_SIZE + 5);
	cr_assert_eq(seen.ret[0], 10);
	cr_assert_eq(seen.ret[1], 3 * PAGE_SIZE + 15);
	cr_assert_eq(seen.bad_at[0], ~0u, "hole byte %u", seen.bad_at[0]);
	cr_assert_eq(seen.bad_at[1], ~0u);
	cr_assert_eq(seen.bad_at[2], 0, "the read went past the end");
	cr_assert_not(seen.present[0]);
	cr_assert_not(seen.present[1]);
	cr_assert_not(seen.present[2]);
	cr_assert(seen.present[3]);
	cr_assert_eq(seen.ret[2], 0);
	cr_assert_eq(seen.ret[3], 0);
	cr_assert_eq(seen.ret[4], 0);
	shutdown();
}

#define ZERO_LEN (3 * PAGE_SIZE + 100)

static void devices_main(void *arg)
{
	vaddr_t buf = map_anon(4 * PAGE_SIZE);
	int zero = uopen("/dev/zero", O_RDONLY);
	int null = uopen("/dev/null", O_RDWR);
	int wzero = uopen("dev/zero", O_WRONLY);
	struct probe p;
	u64 code0;

	ufill(buf, 0xff, 4 * PAGE_SIZE);
	probe_take(&p);
	seen.ret[0] = sys_read(zero, buf, ZERO_LEN);
	seen.cc[0] = probe_cc(&p, CC_read_zero);
	seen.cc[1] = probe_cc(&p, CC_vfs_read);
	uv_read(buf, back, 4 * PAGE_SIZE);
	seen.bad_at[0] = first_nonzero(back, ZERO_LEN);
	seen.bad_at[1] = back[ZERO_LEN] == 0xff &&
			 back[4 * PAGE_SIZE - 1] == 0xff;
	seen.ret[1] = sys_read(null, buf, 100);
	probe_take(&p);
	code0 = machine_cause_total(CAUSE_code);
	seen.ret[2] = sys_write(null, buf, 100);
	/* The instructions of the call, cache misses apart. */
	seen.cc[2] = machine_cause_total(CAUSE_code) - code0;
	seen.ret[3] = sys_write(wzero, buf, 4 * PAGE_SIZE);
	seen.ret[4] = sys_read(zero, 0x1000, 100);
	/* The last 100 bytes of the buffer, then nothing mapped. */
	sys_munmap(buf + 2 * PAGE_SIZE, 2 * PAGE_SIZE);
	seen.ret[5] = sys_read(zero, buf + 2 * PAGE_SIZE - 100, 2 * PAGE_SIZE);
	seen.ret[6] = sys_read(zero, buf, 0);
	seen.ret[7] = sys_write(zero, buf, 10); /* O_RDONLY */
	seen.ret[8] = sys_read(wzero, buf, 10); /* O_WRONLY */
	seen.ret[9] = uunlink("/dev/zero");
	seen.ret[10] = sys_fsync(null);
	sys_exit(0);
}

Test(tmpfs, dev_zero_and_dev_null)
{
	boot("beaglebone-white");
	test_run_process(devices_main, NULL);
	cr_assert_eq(seen.ret[0], ZERO_LEN);
	cr_assert_eq(seen.bad_at[0], ~0u, "byte %u not cleared",
		     seen.bad_at[0]);
	cr_assert(seen.bad_at[1], "cleared past the count");
	/* Four chunks of at most a page, plus the call's own costs. */
	cr_assert_geq(seen.cc[0], 4 * code_cost[CODE_read_zero_chunk]);
	cr_assert_geq(seen.cc[1],
		      code_cost[CODE_fdget] + code_cost[CODE_vfs_read]);
	cr_assert_eq(seen.ret[1], 0);
	cr_assert_eq(seen.ret[2], 100);
	/* A device's write: its own measured path, no tmpfs set-up. */
	cr_assert_eq(seen.cc[2],
		     code_cost[CODE_syscall_entry] + code_cost[CODE_fdget] +
			     code_cost[CODE_vfs_write_chr] +
			     code_cost[CODE_syscall_exit],
		     "%llu", (unsigned long long)seen.cc[2]);
	cr_assert_eq(seen.ret[3], 4 * PAGE_SIZE);
	cr_assert_eq(seen.ret[4], -EFAULT);
	cr_assert_eq(seen.ret[5], 100, "a short count up to the fault");
	cr_assert_eq(seen.ret[6], 0);
	cr_assert_eq(seen.ret[7], -EBADF);
	cr_assert_eq(seen.ret[8], -EBADF);
	cr_assert_eq(seen.ret[9], -EPERM);
	cr_assert_eq(seen.ret[10], 0);
	cr_assert_eq(exit_stats.killed_by_sigsegv, 0);
	shutdown();
}

static void efault_main(void *arg)
{
	vaddr_t buf = map_anon(2 * PAGE_SIZE);
	int fd = uopen("/e", O_RDWR | O_CREAT);

	uv_write(buf, pattern, PAGE_SIZE);
	sys_munmap(buf + PAGE_SIZE, PAGE_SIZE);
	seen.ret[0] = sys_write(fd, 0x1000, 100);
	seen.ret[1] = sys_write(fd, layout.task_size, 100); /* kernel */
	seen.off[0] = sys_lseek(fd, 0, SEEK_END);
	/* A good page, then an unmapped one: the good part is written. */
	seen.ret[2] = sys_write(fd, buf, 2 * PAGE_SIZE);
	seen.off[1] = sys_lseek(fd, 0, SEEK_CUR);
	seen.off[2] = sys_lseek(fd, 0, SEEK_END);
	/*
	 * Chunks follow the file's pages: at offset 100 the first chunk is
	 * the good 3996 bytes, the second reaches into the unmapped page.
	 */
	sys_lseek(fd, 100, SEEK_SET);
	seen.ret[3] = sys_write(fd, buf, PAGE_SIZE + 500);
	/* At offset 0 the first chunk already reaches it: nothing. */
	sys_lseek(fd, 0, SEEK_SET);
	seen.ret[9] = sys_write(fd, buf + 100, PAGE_SIZE);
	sys_lseek(fd, 0, SEEK_SET);
	seen.ret[4] = sys_read(fd, 0x1000, 100);
	seen.ret[5] = sys_read(fd, buf + PAGE_SIZE - 100, 1000);
	seen.off[3] = sys_lseek(fd, 0, SEEK_CUR);
	uv_read(buf + PAGE_SIZE - 100, back, 100);
	seen.bad_at[0] = first_diff(back, pattern, 100);
	seen.ret[6] = sys_write(fd, buf, 0);
	seen.ret[7] = sys_write(99, buf, 1);
	seen.ret[8] = sys_read(-1, buf, 1);
	sys_exit(0);
}

Test(tmpfs, bad_buffers_give_efault_or_short_counts)
{
	boot("kirkwood-openblocks-a7");
	test_run_process(efault_main, NULL);
	cr_assert_eq(seen.ret[0], -EFAULT);
	cr_assert_eq(seen.ret[1], -EFAULT);
	cr_assert_eq(seen.off[0], 0, "a failed write leaves the file empty");
	cr_assert_eq(seen.ret[2], PAGE_SIZE);
	cr_assert_eq(seen.off[1], PAGE_SIZE);
	cr_assert_eq(seen.off[2], PAGE_SIZE);
	/*
	 * generic_perform_write faults in a whole chunk (up to the file's
	 * next page boundary) before copying it, and stops at the first
	 * chunk that cannot be: Linux's short count.
	 */
	cr_assert_eq(seen.ret[3], PAGE_SIZE - 100);
	cr_assert_eq(seen.ret[9], -EFAULT);
	cr_assert_eq(seen.ret[4], -EFAULT);
	cr_assert_eq(seen.ret[5], 100);
	cr_assert_eq(seen.off[3], 100);
	cr_assert_eq(seen.bad_at[0], ~0u);
	cr_assert_eq(seen.ret[6], 0);
	cr_assert_eq(seen.ret[7], -EBADF);
	cr_assert_eq(seen.ret[8], -EBADF);
	cr_assert_eq(exit_stats.killed_by_sigsegv, 0);
	shutdown();
}

static void names_main(void *arg)
{
	vaddr_t buf = map_anon(2 * PAGE_SIZE);
	int fd, old, app, n = 0;

	uv_write(buf, pattern, 2 * PAGE_SIZE);
	fd = uopen("/a", O_RDWR | O_CREAT);
	seen.ret[0] = sys_write(fd, buf, 5000);
	seen.ret[1] = sys_close(fd);
	seen.ret[2] = sys_close(fd);

	/* O_TRUNC empties it and frees its pages. */
	fd = uopen("/a", O_RDWR | O_TRUNC);
	seen.off[0] = sys_lseek(fd, 0, SEEK_END);
	seen.present[0] = tmpfs_find_page("/a", 0);

	/* O_APPEND: every write goes to the end, whatever the position. */
	app = uopen("/a", O_WRONLY | O_APPEND);
	seen.ret[3] = sys_write(app, buf, 10);
	sys_lseek(app, 0, SEEK_SET);
	seen.ret[4] = sys_write(app, buf + 10, 10);
	seen.off[1] = sys_lseek(app, 0, SEEK_CUR);
	sys_lseek(fd, 0, SEEK_SET);
	seen.ret[5] = sys_read(fd, buf + PAGE_SIZE, 100);
	uv_read(buf + PAGE_SIZE, back, 20);
	seen.bad_at[0] = first_diff(back, pattern, 20);
	sys_close(app);

	/* Unlink while open: the name goes, the open file keeps its data. */
	old = fd;
	seen.ret[6] = uunlink("/a");
	seen.ret[7] = uunlink("/a");
	seen.ret[8] = uopen("/a", O_RDWR);
	fd = uopen("/a", O_RDWR | O_CREAT);
	seen.off[2] = sys_lseek(fd, 0, SEEK_END);
	sys_lseek(old, 0, SEEK_SET);
	seen.ret[9] = sys_read(old, buf + PAGE_SIZE, 100);
	/* Its last close frees its page. */
	seen.free_before = nr_free_pages();
	seen.ret[10] = sys_close(old);
	seen.free_after = nr_free_pages();

	/* Access modes. */
	seen.ret[11] = sys_read(uopen("/a", O_WRONLY), buf, 1);
	seen.ret[12] = sys_write(uopen("/a", O_RDONLY), buf, 1);
	seen.ret[13] = uopen("/a", O_ACCMODE);
	seen.ret[14] = uopen("/", O_RDONLY);
	seen.ret[15] = uopen("/nothing", O_RDONLY);
	seen.ret[16] = sys_fsync(fd);
	seen.ret[17] = sys_fsync(31);
	seen.ret[18] = sys_close(-3);
	/* Descriptors run out at NR_OPEN_DEFAULT. */
	while (uopen("/dev/null", O_RDONLY) >= 0)
		n++;
	seen.ret[19] = n;
	seen.ret[20] = uopen("/dev/null", O_RDONLY);
	sys_exit(0);
}

Test(tmpfs, o_trunc_o_append_unlink_and_errors)
{
	boot("kirkwood-openblocks-a7");
	test_run_process(names_main, NULL);
	cr_assert_eq(seen.ret[0], 5000);
	cr_assert_eq(seen.ret[1], 0);
	cr_assert_eq(seen.ret[2], -EBADF);
	cr_assert_eq(seen.off[0], 0);
	cr_assert_not(seen.present[0]);
	cr_assert_eq(seen.ret[3], 10);
	cr_assert_eq(seen.ret[4], 10);
	cr_assert_eq(seen.off[1], 20);
	cr_assert_eq(seen.ret[5], 20);
	cr_assert_eq(seen.bad_at[0], ~0u);
	cr_assert_eq(seen.ret[6], 0);
	cr_assert_eq(seen.ret[7], -ENOENT);
	cr_assert_eq(seen.ret[8], -ENOENT);
	cr_assert_eq(seen.off[2], 0, "a new, empty file");
	cr_assert_eq(seen.ret[9], 20);
	cr_assert_eq(seen.free_after, seen.free_before + 1);
	cr_assert_eq(seen.ret[10], 0);
	cr_assert_eq(seen.ret[11], -EBADF);
	cr_assert_eq(seen.ret[12], -EBADF);
	cr_assert_eq(seen.ret[13], -EINVAL);
	cr_assert_eq(seen.ret[14], -EISDIR);
	cr_assert_eq(seen.ret[15], -ENOENT);
	cr_assert_eq(seen.ret[16], 0);
	cr_assert_eq(seen.ret[17], -EBADF);
	cr_assert_eq(seen.ret[18], -EBADF);
	/* fd, the two opened for the access checks: 3 in use. */
	cr_assert_eq(seen.ret[19], NR_OPEN_DEFAULT - 3);
	cr_assert_eq(seen.ret[20], -EMFILE);
	shutdown();
}

/*
 * On the 1 GiB Kirkwood the page cache is highmem: a whole-page write maps
 * the page once (kmap_atomic for the copy; the page is not cleared first
 * and flush_dcache_page only marks an unmapped page-cache page); a partial
 * write to a new page maps it again to clear the rest.  A read maps once;
 * a read into a buffer not yet faulted in falls back to kmap.
 */
static void kmap_main(void *arg)
{
	vaddr_t buf = map_anon(2 * PAGE_SIZE), fresh = map_anon(PAGE_SIZE);
	int fd = uopen("/k", O_RDWR | O_CREAT);
	struct probe p;
	int i = 0;

	uv_write(buf, pattern, 2 * PAGE_SIZE);
#define MEASURE(call)                                                    \
	do {                                                             \
		probe_take(&p);                                          \
		seen.ret[i] = (call);                                    \
		seen.kmaps[i] = probe_ev(&p, EV_kmap_atomic);            \
		seen.kmaps_low[i] = probe_ev(&p, EV_kmap_atomic_lowmem); \
		seen.kmap_high[i] = probe_ev(&p, EV_kmap_high);          \
		i++;                                                     \
	} while (0)
	MEASURE(sys_write(fd, buf, PAGE_SIZE)); /* new page */
	sys_lseek(fd, 0, SEEK_SET);
	MEASURE(sys_write(fd, buf, PAGE_SIZE)); /* cached page */
	sys_lseek(fd, 2 * PAGE_SIZE, SEEK_SET);
	MEASURE(sys_write(fd, buf, 512)); /* new, partial */
	sys_lseek(fd, 0, SEEK_SET);
	MEASURE(sys_read(fd, buf + PAGE_SIZE, PAGE_SIZE));
	sys_lseek(fd, 0, SEEK_SET);
	MEASURE(sys_read(fd, fresh, PAGE_SIZE)); /* not faulted in */
#undef MEASURE
	uv_read(fresh, back, PAGE_SIZE);
	seen.bad_at[0] = first_diff(back, pattern, PAGE_SIZE);
	for (u32 j = 0; j < 3; j++) {
		struct page *page = tmpfs_find_page("/k", j);

		seen.present[j] = page;
		seen.highmem[j] = page && PageHighMem(page);
	}
	sys_exit(0);
}

Test(tmpfs, page_cache_is_highmem_and_one_kmap_atomic_per_page)
{
	boot("kirkwood-openblocks-a7");
	test_run_process(kmap_main, NULL);
	cr_assert_eq(seen.ret[0], PAGE_SIZE);
	cr_assert_eq(seen.kmaps[0], 1);
	cr_assert_eq(seen.kmaps_low[0], 0);
	cr_assert_eq(seen.kmaps[1], 1);
	cr_assert_eq(seen.ret[2], 512);
	cr_assert_eq(seen.kmaps[2], 2, "copy, then clear the rest");
	cr_assert_eq(seen.ret[3], PAGE_SIZE);
	cr_assert_eq(seen.kmaps[3], 1);
	cr_assert_eq(seen.kmap_high[3], 0);
	cr_assert_eq(seen.ret[4], PAGE_SIZE);
	/* The atomic try, plus the fault's own (clearing the new page). */
	cr_assert_gt(seen.kmaps[4], 1);
	cr_assert_eq(seen.kmap_high[4], 1, "the atomic copy faulted: kmap");
	cr_assert_eq(seen.bad_at[0], ~0u);
	cr_assert(seen.present[0] && seen.highmem[0]);
	cr_assert_not(seen.present[1]);
	cr_assert(seen.present[2] && seen.highmem[2]);
	shutdown();
}

Test(tmpfs, lowmem_board_short_circuits_kmap_atomic)
{
	boot("beaglebone-white");
	test_run_process(kmap_main, NULL);
	cr_assert_eq(seen.ret[0], PAGE_SIZE);
	cr_assert_eq(seen.kmaps[0], 0);
	cr_assert_eq(seen.kmaps_low[0], 1);
	cr_assert_eq(seen.kmaps_low[1], 1);
	cr_assert_eq(seen.kmaps_low[2], 2);
	cr_assert_eq(seen.kmaps_low[3], 1);
	cr_assert_eq(seen.kmap_high[4], 0, "kmap of a lowmem page is free");
	cr_assert_eq(seen.bad_at[0], ~0u);
	cr_assert(seen.present[0]);
	cr_assert_not(seen.highmem[0]);
	shutdown();
}

static void oom_main(void *arg)
{
	vaddr_t buf = map_anon(4 * PAGE_SIZE);
	int fd = uopen("/oom", O_RDWR | O_CREAT);

	uv_write(buf, pattern, 4 * PAGE_SIZE);
	page_alloc_fail_nth = 1;
	seen.ret[0] = sys_write(fd, buf, PAGE_SIZE);
	seen.off[0] = sys_lseek(fd, 0, SEEK_END);
	sys_lseek(fd, 0, SEEK_SET);
	/* The third page cannot be had: two are written. */
	page_alloc_fail_nth = 3;
	seen.ret[1] = sys_write(fd, buf, 4 * PAGE_SIZE);
	seen.off[1] = sys_lseek(fd, 0, SEEK_END);
	seen.present[0] = tmpfs_find_page("/oom", 2);
	page_alloc_fail_nth = 0;
	seen.ret[2] = sys_write(fd, buf + 2 * PAGE_SIZE, 2 * PAGE_SIZE);
	sys_lseek(fd, 0, SEEK_SET);
	seen.ret[3] = sys_read(fd, buf, 4 * PAGE_SIZE);
	uv_read(buf, back, 4 * PAGE_SIZE);
	seen.bad_at[0] = first_diff(back, pattern, 4 * PAGE_SIZE);
	sys_exit(0);
}

Test(tmpfs, out_of_pages_is_enospc)
{
	/* page_alloc_fail_nth counts the data pages alone: no radix-tree
	 * node's slab page among them. */
	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=host");
	vfs_init();
	memset(&seen, 0, sizeof(seen));
	names = 0;
	fill_pattern();
	test_run_process(oom_main, NULL);
	cr_assert_eq(seen.ret[0], -ENOSPC);
	cr_assert_eq(seen.off[0], 0);
	cr_assert_eq(seen.ret[1], 2 * PAGE_SIZE);
	cr_assert_eq(seen.off[1], 2 * PAGE_SIZE);
	cr_assert_not(seen.present[0]);
	cr_assert_eq(seen.ret[2], 2 * PAGE_SIZE);
	cr_assert_eq(seen.ret[3], 4 * PAGE_SIZE);
	cr_assert_eq(seen.bad_at[0], ~0u);
	shutdown();
}

static void exit_open_main(void *arg)
{
	vaddr_t buf = map_anon(16 * PAGE_SIZE);
	int fd = uopen("/gone", O_RDWR | O_CREAT);

	uv_write(buf, pattern, 16 * PAGE_SIZE);
	seen.ret[0] = sys_write(fd, buf, 16 * PAGE_SIZE);
	seen.ret[1] = uunlink("/gone");
	seen.present[0] = tmpfs_find_page("/gone", 0);
	/* Exit with the file open: exit_files drops it and its pages. */
	sys_exit(0);
}

Test(tmpfs, exit_drops_an_unlinked_open_file)
{
	boot("numaq-16");
	test_run_process(exit_open_main, NULL);
	cr_assert_eq(seen.ret[0], 16 * PAGE_SIZE);
	cr_assert_eq(seen.ret[1], 0);
	cr_assert_not(seen.present[0], "the name is gone");
	/* vfs_exit finds no name: only exit_files can have freed them. */
	shutdown();
}

static void fork_child(void *arg)
{
	int fd = (int)(unsigned long)arg;
	vaddr_t buf = map_anon(PAGE_SIZE);

	uv_write(buf, pattern, 100);
	sys_write(fd, buf, 100);
	sys_exit(0);
}

static void fork_main(void *arg)
{
	vaddr_t buf = map_anon(PAGE_SIZE);
	int fd = uopen("/shared", O_RDWR | O_CREAT);
	int pid = sys_fork(fork_child, (void *)(unsigned long)fd);

	sys_wait4(pid, NULL);
	uv_write(buf, pattern + 100, 100);
	seen.ret[0] = sys_write(fd, buf, 100);
	seen.off[0] = sys_lseek(fd, 0, SEEK_CUR);
	seen.off[1] = sys_lseek(fd, 0, SEEK_END);
	sys_lseek(fd, 0, SEEK_SET);
	seen.ret[1] = sys_read(fd, buf, 1000);
	uv_read(buf, back, 200);
	seen.bad_at[0] = first_diff(back, pattern, 200);
	sys_exit(0);
}

Test(tmpfs, fork_shares_the_open_file_and_its_position)
{
	boot("cortex-a15-2g");
	test_run_process(fork_main, NULL);
	cr_assert_eq(seen.ret[0], 100);
	cr_assert_eq(seen.off[0], 200);
	cr_assert_eq(seen.off[1], 200);
	cr_assert_eq(seen.ret[1], 200);
	cr_assert_eq(seen.bad_at[0], ~0u);
	shutdown();
}

/*
 * mmap of a tmpfs file maps its page-cache pages; a store through the
 * mapping is what read() returns; a shrink unmaps the pages beyond the
 * new end, and touching them is SIGSEGV (SIGBUS in Linux).
 */
static void mmap_main(void *arg)
{
	vaddr_t buf = map_anon(2 * PAGE_SIZE);
	int fd = uopen("/m", O_RDWR | O_CREAT);
	vaddr_t map;

	uv_write(buf, pattern, 2 * PAGE_SIZE);
	seen.ret[0] = sys_write(fd, buf, 2 * PAGE_SIZE);
	map = (vaddr_t)sys_mmap(0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
				MAP_SHARED, fd, 0);
	uv_read(map, back, 2 * PAGE_SIZE);
	seen.bad_at[0] = first_diff(back, pattern, 2 * PAGE_SIZE);
	uv_write32(map + PAGE_SIZE + 8, 0xfeedface);
	sys_lseek(fd, PAGE_SIZE + 8, SEEK_SET);
	seen.ret[1] = sys_read(fd, buf, 4);
	seen.ret[2] = uv_read32(buf) == 0xfeedface;
	seen.ret[3] = sys_ftruncate(fd, PAGE_SIZE);
	seen.present[0] = tmpfs_find_page("/m", 1);
	seen.ret[4] = uv_read32(map) == *(u32 *)pattern;
	seen.ret[5] = 1;
	uv_read32(map + PAGE_SIZE); /* beyond the end: SIGSEGV */
	seen.ret[5] = 2;
	sys_exit(0);
}

static void check_mmap(const char *platform)
{
	boot(platform);
	test_run_process(mmap_main, NULL);
	cr_assert_eq(seen.ret[0], 2 * PAGE_SIZE);
	cr_assert_eq(seen.bad_at[0], ~0u, "byte %u", seen.bad_at[0]);
	cr_assert_eq(seen.ret[1], 4);
	cr_assert(seen.ret[2], "read() sees the store through the mapping");
	cr_assert_eq(seen.ret[3], 0);
	cr_assert_not(seen.present[0]);
	cr_assert(seen.ret[4]);
	cr_assert_eq(seen.ret[5], 1);
	cr_assert_eq(exit_stats.killed_by_sigsegv, 1);
	shutdown();
}

/*
 * On VIVT, read() of a page user space has mapped and written first
 * flushes the user alias (flush_dcache_page -> __flush_dcache_aliases);
 * without it the VIVT alias checker stops read()'s kmap_atomic copy.
 */
Test(tmpfs, mmap_shares_the_page_cache_on_kirkwood)
{
	check_mmap("kirkwood-openblocks-a7");
}

Test(tmpfs, mmap_shares_the_page_cache_on_x86)
{
	check_mmap("numaq-16");
}

/*
 * Fault-around (3.15 on): a read of page 0 of a private mapping of a
 * cached 32-page file maps the first 16 pages; reads of pages 1-15 take no
 * fault, page 16 starts the second window; a store to page 3 copies it
 * (the window mapped it read-only), the file keeps its bytes and the
 * mapping shows the store.  On 2.5.73 every page faults.
 */
static struct probe fa_probe;

static void fault_around_main(void *arg)
{
	vaddr_t buf = map_anon(32 * PAGE_SIZE);
	int fd = uopen("/fa", O_RDWR | O_CREAT);
	vaddr_t map;

	uv_write(buf, pattern, 32 * PAGE_SIZE);
	seen.ret[0] = sys_write(fd, buf, 32 * PAGE_SIZE);
	map = (vaddr_t)sys_mmap(0, 32 * PAGE_SIZE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE, fd, 0);
	probe_take(&fa_probe);
	for (u32 i = 0; i < 16; i++)
		uv_read32(map + i * PAGE_SIZE);
	seen.cc[0] = probe_ev(&fa_probe, EV_page_fault);
	uv_read32(map + 16 * PAGE_SIZE);
	seen.cc[1] = probe_ev(&fa_probe, EV_page_fault);
	uv_write32(map + 3 * PAGE_SIZE, 0xfeedface);
	seen.cc[2] = probe_ev(&fa_probe, EV_fault_cow);
	seen.ret[2] = uv_read32(map + 3 * PAGE_SIZE) == 0xfeedface;
	sys_lseek(fd, 3 * PAGE_SIZE, SEEK_SET);
	seen.ret[3] = sys_read(fd, buf, 4);
	seen.ret[4] = uv_read32(buf) == *(u32 *)(pattern + 3 * PAGE_SIZE);
	sys_exit(0);
}

static void check_fault_around(const char *platform, u64 first_window,
			       u64 with_page_16)
{
	boot(platform);
	test_run_process(fault_around_main, NULL);
	cr_assert_eq(seen.ret[0], 32 * PAGE_SIZE);
	cr_assert_eq(seen.cc[0], first_window, "%s: %llu faults", platform,
		     (unsigned long long)seen.cc[0]);
	cr_assert_eq(seen.cc[1], with_page_16);
	cr_assert_eq(seen.cc[2], 1, "the store copies the page");
	cr_assert(seen.ret[2], "the mapping shows the store");
	cr_assert_eq(seen.ret[3], 4);
	cr_assert(seen.ret[4], "the file keeps its bytes");
	shutdown();
}

Test(tmpfs, fault_around_maps_the_window_read_only)
{
	/* 6.1's fault-around: the first window starts at the VMA (the
	 * aligned one would begin below it) and spans 16 pages from there;
	 * page 16 is in the next. */
	check_fault_around("beaglebone-black", 1, 2);
	check_fault_around("numaq-16", 16, 17);
}

/* A shared memory object is the tmpfs file /dev/shm/NAME. */
static void shm_main(void *arg)
{
	int shm = sys_shm_open("obj", 2 * PAGE_SIZE);
	int fd = uopen("/dev/shm/obj", O_RDWR);
	vaddr_t map = (vaddr_t)sys_mmap(
		0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, shm, 0);
	vaddr_t buf = map_anon(PAGE_SIZE);

	seen.ret[0] = shm;
	seen.ret[1] = fd;
	seen.off[0] = sys_lseek(fd, 0, SEEK_END);
	uv_write(buf, pattern, 64);
	sys_lseek(fd, PAGE_SIZE, SEEK_SET);
	seen.ret[2] = sys_write(fd, buf, 64);
	uv_read(map + PAGE_SIZE, back, 64);
	seen.bad_at[0] = first_diff(back, pattern, 64);
	/* A second open of the object keeps its size. */
	seen.ret[3] = sys_shm_open("obj", 100 * PAGE_SIZE);
	seen.off[1] = sys_lseek(fd, 0, SEEK_END);
	sys_exit(0);
}

Test(tmpfs, shm_objects_are_tmpfs_files)
{
	boot("beaglebone-white");
	test_run_process(shm_main, NULL);
	cr_assert_geq(seen.ret[0], 0);
	cr_assert_geq(seen.ret[1], 0);
	cr_assert_eq(seen.off[0], 2 * PAGE_SIZE);
	cr_assert_eq(seen.ret[2], 64);
	cr_assert_eq(seen.bad_at[0], ~0u);
	cr_assert_geq(seen.ret[3], 0);
	cr_assert_eq(seen.off[1], 2 * PAGE_SIZE);
	shutdown();
}

static void keep_main(void *arg)
{
	vaddr_t buf = map_anon(PAGE_SIZE);
	int fd = uopen("/kept", O_WRONLY | O_CREAT);

	uv_write(buf, pattern, PAGE_SIZE);
	seen.ret[0] = sys_write(fd, buf, PAGE_SIZE);
	sys_exit(0);
}

/* Files outlive their process; vfs_init/vfs_exit may run twice. */
Test(tmpfs, files_outlive_processes_and_init_exit_are_idempotent)
{
	boot("kirkwood-openblocks-a7");
	vfs_init();
	test_run_process(keep_main, NULL);
	cr_assert_eq(seen.ret[0], PAGE_SIZE);
	cr_assert(tmpfs_find_page("/kept", 0));
	vfs_exit();
	cr_assert_not(tmpfs_find_page("/kept", 0));
	shutdown();
}

/* Shutting down drops the files even without an explicit vfs_exit. */
Test(tmpfs, shutdown_drops_every_file)
{
	boot("beaglebone-white");
	test_run_process(keep_main, NULL);
	cr_assert_eq(seen.ret[0], PAGE_SIZE);
	/* shutdown_kernel's shm_drop_all is vfs_exit: nothing leaks. */
	test_shutdown();
}
