// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pipes (src/fs/pipe.c): exact bytes through a pipe in pieces that merge
 * and span buffers, a write larger than the ring that sleeps until a
 * reader drains it (and a reader that sleeps on the empty pipe), EOF once
 * the writers close, -EPIPE once the readers have, -EFAULT on a bad
 * buffer, the pipe page in highmem reached through kmap_atomic (lowmem
 * and CONFIG_HIGHMEM=n: the direct map), and every pipe page free again
 * at the end-of-run audit.
 *
 * The system calls run inside processes, which record what they see in
 * `seen`; the test asserts after the run.
 */
#include "helpers.h"

#include "arch/kv.h"

#include <errno.h>
#include <string.h>

#include "arch/layout.h"
#include "fs/file.h"
#include "hw/access.h"
#include "fs/pipe.h"
#include "fs/vfs.h"
#include "kernel/exit.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/gfp.h"
#include "mm/kmalloc.h"

#define KW "kirkwood-openblocks-a7"
#define RING (PIPE_DEF_BUFFERS * PAGE_SIZE)
#define BIG (3 * RING + 1000) /* a write that must wait for the reader */

static struct {
	long ret[32];
	u32 bad_at[8];
	u64 kmaps[4], kmaps_low[4], kmap_high[4];
	u64 total;
	int fds[2];
} seen;

static u8 pattern[BIG];
static u8 back[BIG];

static void fill_pattern(void)
{
	u32 x = 0x9e3779b9u;

	for (size_t i = 0; i < sizeof(pattern); i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		pattern[i] = (u8)x;
	}
}

static void boot(const char *platform, const char *word)
{
	if (word)
		TEST_BOOT(platform, word);
	else
		TEST_BOOT(platform);
	memset(&seen, 0, sizeof(seen));
	memset(back, 0, sizeof(back));
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

static u32 first_diff(const u8 *got, const u8 *want, u32 len)
{
	for (u32 i = 0; i < len; i++)
		if (got[i] != want[i])
			return i;
	return ~0u;
}

/*
 * One process: 100 B (a new buffer), 3000 B (merged into it), 5000 B
 * (the sub-page 904 B merged, then a new page), read back as 7000 and
 * then asking for more than is left; EOF after the write end closes.
 */
static void roundtrip_main(void *arg)
{
	vaddr_t src = map_anon(4 * PAGE_SIZE), dst = map_anon(4 * PAGE_SIZE);
	int fds[2];

	uv_write(src, pattern, 8100);
	seen.ret[0] = sys_pipe(fds);
	seen.fds[0] = fds[0];
	seen.fds[1] = fds[1];
	seen.ret[1] = sys_write(fds[1], src, 100);
	seen.ret[2] = sys_write(fds[1], src + 100, 3000);
	seen.ret[3] = sys_write(fds[1], src + 3100, 5000);
	seen.ret[4] = sys_read(fds[0], dst, 7000);
	seen.ret[5] = sys_read(fds[0], dst + 7000, 4 * PAGE_SIZE - 7000);
	uv_read(dst, back, 8100);
	seen.bad_at[0] = first_diff(back, pattern, 8100);
	seen.ret[6] = sys_close(fds[1]);
	seen.ret[7] = sys_read(fds[0], dst, 100); /* EOF */
	seen.ret[8] = sys_read(fds[0], dst, 0);
	seen.ret[9] = sys_close(fds[0]);
	sys_exit(0);
}

Test(pipe, bytes_through_merged_buffers_and_eof)
{
	boot(KW, NULL);
	test_run_process(roundtrip_main, NULL);
	cr_assert_eq(seen.ret[0], 0);
	cr_assert_eq(seen.fds[1], seen.fds[0] + 1, "read end, then write end");
	cr_assert_eq(seen.ret[1], 100);
	cr_assert_eq(seen.ret[2], 3000);
	cr_assert_eq(seen.ret[3], 5000);
	/* A read stops at what is there: it never waits once it has data. */
	cr_assert_eq(seen.ret[4], 7000);
	cr_assert_eq(seen.ret[5], 1100);
	cr_assert_eq(seen.bad_at[0], ~0u, "differs at byte %u", seen.bad_at[0]);
	cr_assert_eq(seen.ret[7], 0, "EOF: %ld", seen.ret[7]);
	cr_assert_eq(seen.ret[8], 0);
	/* 100 into a new page, 3000 and the first 904 of 5000 merged, the
	 * other 4096 into a second page. */
	cr_assert_eq(pipe_stats.merged, 2);
	cr_assert_eq(pipe_stats.bufs_filled, 2);
	cr_assert_eq(pipe_stats.pages_allocated, 2);
	cr_assert_eq(pipe_stats.bytes_written, 8100);
	cr_assert_eq(pipe_stats.bytes_read, 8100);
	cr_assert_eq(pipe_stats.writer_waits + pipe_stats.reader_waits, 0);
	shutdown();
}

/* The child drains the pipe in 7000-byte reads until EOF. */
static void drain_main(void *arg)
{
	int *fds = arg;
	vaddr_t dst = map_anon(BIG + PAGE_SIZE);
	long n;

	sys_close(fds[1]);
	while ((n = sys_read(fds[0], dst + seen.total, 7000)) > 0)
		seen.total += (u64)n;
	seen.ret[10] = n;
	uv_read(dst, back, BIG);
	seen.bad_at[1] = first_diff(back, pattern, BIG);
	sys_exit(0);
}

/* One write of three ring's worth and more: it sleeps while full. */
static void big_write_main(void *arg)
{
	static int fds[2];
	vaddr_t src = map_anon(BIG);
	int status = -1, pid;

	uv_write(src, pattern, BIG);
	seen.ret[0] = sys_pipe(fds);
	pid = sys_fork(drain_main, fds);
	sys_close(fds[0]);
	seen.ret[1] = sys_write(fds[1], src, BIG);
	seen.ret[2] = sys_close(fds[1]);
	seen.ret[3] = sys_wait4(pid, &status) == pid ? status : -1;
	sys_exit(0);
}

static void check_big_write(const char *platform, bool up)
{
	boot(platform, NULL);
	test_run_process(big_write_main, NULL);
	cr_assert_eq(seen.ret[0], 0);
	cr_assert_eq(seen.ret[1], BIG, "write: %ld", seen.ret[1]);
	cr_assert_eq(seen.ret[3], 0, "the reader's exit status");
	cr_assert_eq(seen.total, BIG);
	cr_assert_eq(seen.ret[10], 0, "EOF after the writer closed");
	cr_assert_eq(seen.bad_at[1], ~0u, "differs at byte %u", seen.bad_at[1]);
	cr_assert_gt(pipe_stats.writer_waits, 0, "the writer never slept");
	/* One CPU: the reader runs only once the writer sleeps, and drains
	 * the pipe before the writer runs again. */
	if (up)
		cr_assert_gt(pipe_stats.reader_waits, 0,
			     "the reader never slept");
	cr_assert_gt(pipe_stats.wakeups, 0);
	/* Whole pages only: nothing merges into a full buffer. */
	cr_assert_eq(pipe_stats.bufs_filled, DIV_ROUND_UP(BIG, PAGE_SIZE));
	/* tmp_page keeps a drained page for the next write. */
	cr_assert_lt(pipe_stats.pages_allocated, pipe_stats.bufs_filled);
	shutdown();
}

Test(pipe, write_larger_than_ring_sleeps_and_resumes)
{
	check_big_write(KW, true);
}

Test(pipe, write_larger_than_ring_smp)
{
	check_big_write("numaq-16", false);
}

static void epipe_main(void *arg)
{
	vaddr_t buf = map_anon(PAGE_SIZE);
	int fds[2];

	uv_write(buf, pattern, 64);
	seen.ret[0] = sys_pipe(fds);
	seen.ret[1] = sys_close(fds[0]);
	seen.ret[2] = sys_write(fds[1], buf, 64);
	seen.ret[3] = sys_read(fds[1], buf, 64); /* the write end */
	seen.ret[4] = sys_write(fds[0], buf, 64); /* closed */
	sys_close(fds[1]);
	sys_exit(0);
}

Test(pipe, write_without_reader_is_epipe)
{
	boot(KW, NULL);
	test_run_process(epipe_main, NULL);
	cr_assert_eq(seen.ret[0], 0);
	cr_assert_eq(seen.ret[2], -EPIPE, "%ld", seen.ret[2]);
	cr_assert_eq(seen.ret[3], -EBADF);
	cr_assert_eq(seen.ret[4], -EBADF);
	cr_assert_eq(pipe_stats.pages_allocated, 0);
	shutdown();
}

/* A bad source leaves an empty buffer in the ring. */
static void efault_main(void *arg)
{
	vaddr_t buf = map_anon(PAGE_SIZE);
	int fds[2];

	uv_write(buf, pattern, 64);
	sys_pipe(fds);
	seen.ret[0] = sys_write(fds[1], 0x1000, 64);
	seen.ret[1] = sys_write(fds[1], buf, 64);
	seen.ret[2] = sys_read(fds[0], 0x1000, 64);
	seen.ret[3] = sys_read(fds[0], buf + 64, 64);
	uv_read(buf + 64, back, 64);
	seen.bad_at[0] = first_diff(back, pattern, 64);
	sys_close(fds[0]);
	sys_close(fds[1]);
	sys_exit(0);
}

Test(pipe, bad_buffer_is_efault)
{
	boot(KW, NULL);
	test_run_process(efault_main, NULL);
	cr_assert_eq(seen.ret[0], -EFAULT, "%ld", seen.ret[0]);
	/* The slot the fault left empty stays in the ring, and the next
	 * write merges into it, as in 5.7. */
	cr_assert_eq(seen.ret[1], 64);
	cr_assert_eq(seen.ret[2], -EFAULT, "%ld", seen.ret[2]);
	cr_assert_eq(seen.ret[3], 64);
	cr_assert_eq(seen.bad_at[0], ~0u);
	cr_assert_eq(pipe_stats.bufs_filled, 1);
	cr_assert_eq(pipe_stats.merged, 1);
	shutdown();
}

/* Buffers already faulted in: one map per copy, each way. */
static void kmap_main(void *arg)
{
	vaddr_t buf = map_anon(PAGE_SIZE);
	struct probe p;
	int fds[2], i = 0;

	uv_write(buf, pattern, PAGE_SIZE);
	sys_pipe(fds);
#define MEASURE(call)                                                    \
	do {                                                             \
		probe_take(&p);                                          \
		seen.ret[i] = (call);                                    \
		seen.kmaps[i] = probe_ev(&p, EV_kmap_atomic);            \
		seen.kmaps_low[i] = probe_ev(&p, EV_kmap_atomic_lowmem); \
		seen.kmap_high[i] = probe_ev(&p, EV_kmap_high);          \
		i++;                                                     \
	} while (0)
	MEASURE(sys_write(fds[1], buf, 100));
	MEASURE(sys_write(fds[1], buf + 100, 100)); /* merged */
	MEASURE(sys_read(fds[0], buf + 1000, 200));
#undef MEASURE
	uv_read(buf + 1000, back, 200);
	seen.bad_at[0] = first_diff(back, pattern, 200);
	sys_close(fds[0]);
	sys_close(fds[1]);
	sys_exit(0);
}

Test(pipe, highmem_page_through_kmap_atomic)
{
	boot(KW, NULL);
	test_run_process(kmap_main, NULL);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(seen.ret[i], i < 2 ? 100 : 200);
		cr_assert_eq(seen.kmaps[i], 1, "call %d: %llu fixmap maps", i,
			     (unsigned long long)seen.kmaps[i]);
		cr_assert_eq(seen.kmaps_low[i], 0);
		cr_assert_eq(seen.kmap_high[i], 0);
	}
	cr_assert_eq(seen.bad_at[0], ~0u);
	shutdown();
}

Test(pipe, lowmem_board_short_circuits_kmap_atomic)
{
	boot("beaglebone-white", NULL);
	test_run_process(kmap_main, NULL);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(seen.kmaps[i], 0);
		cr_assert_eq(seen.kmaps_low[i], 1, "call %d", i);
	}
	cr_assert_eq(seen.bad_at[0], ~0u);
	shutdown();
}

Test(pipe, no_highmem_uses_the_direct_map)
{
	boot(KW, "CONFIG_HIGHMEM=n");
	test_run_process(kmap_main, NULL);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(seen.kmaps[i] + seen.kmaps_low[i], 0, "call %d", i);
		cr_assert_eq(seen.kmap_high[i], 0);
	}
	cr_assert_eq(seen.bad_at[0], ~0u);
	shutdown();
}

/* A destination not yet faulted in: the atomic copy fails over to kmap. */
static void kmap_fault_main(void *arg)
{
	vaddr_t src = map_anon(PAGE_SIZE), dst = map_anon(PAGE_SIZE);
	struct probe p;
	int fds[2];

	uv_write(src, pattern, 100);
	sys_pipe(fds);
	sys_write(fds[1], src, 100);
	probe_take(&p);
	seen.ret[0] = sys_read(fds[0], dst, 100);
	seen.kmaps[0] = probe_ev(&p, EV_kmap_atomic);
	seen.kmap_high[0] = probe_ev(&p, EV_kmap_high);
	uv_read(dst, back, 100);
	seen.bad_at[0] = first_diff(back, pattern, 100);
	sys_exit(0); /* exit closes both ends */
}

Test(pipe, unfaulted_destination_falls_back_to_kmap)
{
	boot(KW, NULL);
	test_run_process(kmap_fault_main, NULL);
	cr_assert_eq(seen.ret[0], 100);
	cr_assert_geq(seen.kmaps[0], 1);
	cr_assert_eq(seen.kmap_high[0], 1, "the atomic copy faulted: kmap");
	cr_assert_eq(seen.bad_at[0], ~0u);
	shutdown();
}

/*
 * Descriptors run out: a pipe needs two and installs none when the second
 * is missing.  /dev/null takes one, 15 pipes 30, and one is left.
 */
static void emfile_main(void *arg)
{
	vaddr_t path = map_anon(PAGE_SIZE);
	int fds[2], n = 0;

	uv_write(path, "/dev/null", 10);
	seen.ret[0] = sys_open(path, O_RDONLY);
	while (sys_pipe(fds) == 0)
		n++;
	seen.ret[1] = n;
	seen.ret[2] = sys_pipe(fds);
	seen.ret[3] = sys_close(NR_OPEN_DEFAULT - 1);
	seen.ret[4] = sys_close(NR_OPEN_DEFAULT - 2); /* the last write end */
	seen.ret[5] = sys_pipe(fds);
	seen.fds[0] = fds[0];
	seen.fds[1] = fds[1];
	sys_exit(0);
}

Test(pipe, emfile_installs_nothing)
{
	boot(KW, NULL);
	test_run_process(emfile_main, NULL);
	cr_assert_eq(seen.ret[0], 0);
	cr_assert_eq(seen.ret[1], (NR_OPEN_DEFAULT - 2) / 2);
	cr_assert_eq(seen.ret[2], -EMFILE);
	cr_assert_eq(seen.ret[3], -EBADF, "the read end was not left behind");
	cr_assert_eq(seen.ret[4], 0);
	cr_assert_eq(seen.ret[5], 0);
	cr_assert_eq(seen.fds[0], NR_OPEN_DEFAULT - 2);
	cr_assert_eq(seen.fds[1], NR_OPEN_DEFAULT - 1);
	/* 15, the two undone (the loop's last and the next), and the
	 * last one: all created, and all gone at the audit. */
	cr_assert_eq(pipe_stats.pipes, (NR_OPEN_DEFAULT - 2) / 2 + 3);
	shutdown();
}

/*
 * A reader of a pipe only it can write sleeps for good.  An alarm is
 * delivered once: the read returns -EINTR and the signal is no longer
 * pending, so the next read sleeps again.  The workload is then stuck;
 * kill_sleeping_tasks SIGKILLs it (the task dies on its way out of the
 * read) and the kernel it leaves passes the end-of-run audit.  wait4 on a
 * child in the same state is interruptible too.
 */
static void stuck_child(void *arg)
{
	int *fds = arg;
	vaddr_t buf = map_anon(PAGE_SIZE);

	seen.ret[2] = sys_read(fds[0], buf, 64);	/* never returns */
	sys_exit(0);
}

static void stuck_main(void *arg)
{
	vaddr_t buf = map_anon(PAGE_SIZE);
	int status = 0;

	sys_pipe(seen.fds);
	sys_alarm_ns(1000000);
	seen.ret[0] = sys_read(seen.fds[0], buf, 64);
	seen.ret[1] = sys_fork(stuck_child, seen.fds);
	sys_alarm_ns(1000000);
	seen.ret[3] = sys_wait4(-1, &status);
	seen.ret[4] = sys_read(seen.fds[0], buf, 64);	/* never returns */
	seen.ret[5] = 1;
	sys_exit(0);
}

static const struct program stuck_program = {
	.name = "stuck",
	.main = stuck_main,
	.text_pages = 4,
	.data_pages = 1,
	.bss_pages = 1,
	.stack_pages = 2,
};

Test(pipe, stuck_reader_is_interrupted_then_killed)
{
	boot(KW, NULL);
	spawn_process(&stuck_program, NULL);
	cr_assert_eq(sched_run(), -EDEADLK);
	cr_assert_eq(seen.ret[0], -EINTR);
	cr_assert_gt(seen.ret[1], 0);
	cr_assert_eq(seen.ret[3], -EINTR);
	cr_assert_eq(nr_tasks(), 2);
	cr_assert_eq(kill_sleeping_tasks(), 2);
	cr_assert_eq(sched_run(), 0);
	cr_assert_eq(nr_tasks(), 0);
	cr_assert_eq(seen.ret[2], 0, "the child died in its read");
	cr_assert_eq(seen.ret[5], 0, "the parent died in its read");
	cr_assert_eq(exit_stats.exits, 2);
	shutdown();
}

/*
 * kernel_data=mem_map (fs/pipe.c pipe_layout): the pipe_inode_info is a
 * kzalloc'd kmalloc-128 object (5.7: 100 B), its bufs array a kcalloc'd
 * kmalloc-512 one (16 x 24 B), mmap_sem-style: the mutex is the object's
 * first word.  A 100-byte read loads the ring's line (head and tail at
 * 44) and slot 0's pipe_buffer (whether they stay in the L1 after the
 * read depends on what else maps to their set: these page-aligned
 * objects share set 0 with the pipe's inode, the stack and the user
 * buffer, so the loads are counted as they are made).
 */
static struct {
	vaddr_t obj, bufs;
	u32 obj_size, bufs_size;
	bool ring_loaded, slot_loaded;
} placed;

static void placed_record(vaddr_t va, u32 len, bool write)
{
	if (write || !placed.obj)
		return;
	if (va <= placed.obj + 44 && placed.obj + 44 < va + len)
		placed.ring_loaded = true;
	if (va <= placed.bufs && placed.bufs < va + len)
		placed.slot_loaded = true;
}

static void placed_main(void *arg)
{
	int fds[2];
	vaddr_t buf = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	cr_assert_eq(sys_pipe(fds), 0);
	placed.obj = pipe_object_kva(fds[0], &placed.bufs);
	if (placed.obj) {
		placed.obj_size = ksize(placed.obj);
		placed.bufs_size = ksize(placed.bufs);
	}
	uv_write32(buf, 7);
	cr_assert_eq(sys_write(fds[1], buf, 100), 100);
	kv_touch_hook = placed_record;
	cr_assert_eq(sys_read(fds[0], buf, 100), 100);
	kv_touch_hook = NULL;
	sys_exit(0);
}

Test(pipe, placed_at_5_7_layout_under_mem_map)
{
	TEST_BOOT("beaglebone-white", "kernel_data=mem_map");
	memset(&placed, 0, sizeof(placed));
	test_run_process(placed_main, NULL);
	cr_assert_neq(placed.obj, 0);
	cr_assert_eq(placed.obj_size, 128);
	cr_assert_eq(placed.bufs_size, 512);
	cr_assert(placed.ring_loaded);
	cr_assert(placed.slot_loaded);
	test_shutdown();

	TEST_BOOT("beaglebone-white", "kernel_data=host");
	memset(&placed, 0, sizeof(placed));
	test_run_process(placed_main, NULL);
	cr_assert_eq(placed.obj, 0);
	test_shutdown();
}
