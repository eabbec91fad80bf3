// SPDX-License-Identifier: GPL-2.0-only
/*
 * lmbench 3's latency and bandwidth programs (lat_syscall, lat_pagefault,
 * lat_mmap, lat_proc, lat_ctx, lat_pipe, bw_mem), one test a run, each a
 * user program doing what lmbench's does.
 *
 * Timing, as lmbench's benchmp times: the operation is repeated in
 * batches, each batch timed with the clock; lmbench repeats until the
 * time is stable, here bounded: batches run until two in a row agree
 * within 1% per operation or LMB_MAX_BATCHES have run, and the last batch
 * is the result.  The first batch warms the caches, TLB and page tables;
 * the simulator being deterministic, the second and third then agree.
 * The machine's event counters are read around the last batch only, so
 * a test's events per operation are exact (the clock reads lie outside).
 *
 * A user program: it only makes system calls and touches its own memory.
 */
#include "workloads/lmbench.h"

#include <string.h>

#include "kernel/process.h"
#include "kernel/user.h"
#include "workloads/ldso.h"

const char *const lmbench_test_names[NR_LMBENCH_TESTS] = {
	[LMB_NULL] = "null",	     [LMB_READ] = "read",
	[LMB_WRITE] = "write",	     [LMB_STAT] = "stat",
	[LMB_FSTAT] = "fstat",	     [LMB_OPEN] = "open",
	[LMB_PAGEFAULT] = "pagefault", [LMB_MMAP] = "mmap",
	[LMB_FORK] = "fork",	     [LMB_EXEC] = "exec",
	[LMB_CTX] = "ctx",	     [LMB_PIPE] = "pipe",
	[LMB_RD] = "rd",	     [LMB_WR] = "wr",
	[LMB_CP] = "cp",	     [LMB_BZERO] = "bzero",
	[LMB_BCOPY] = "bcopy",
};

/*
 * Operations a batch.  Chosen so that a batch is long beside one clock
 * read and the whole of `run lmbench` stays within seconds of host time;
 * lmbench's own choice (enough repetitions for 5 ms or so) would need
 * more host time for no change in a deterministic machine.
 */
static const u32 batch_ops[NR_LMBENCH_TESTS] = {
	[LMB_NULL] = 1000, [LMB_READ] = 1000, [LMB_WRITE] = 1000,
	[LMB_STAT] = 1000, [LMB_FSTAT] = 1000, [LMB_OPEN] = 1000,
	[LMB_PAGEFAULT] = LMB_PAGEFAULT_BYTES / 4096, [LMB_MMAP] = 16,
	[LMB_FORK] = 20,   [LMB_EXEC] = 10,   [LMB_CTX] = 100,
	[LMB_PIPE] = 200,  [LMB_RD] = 1,      [LMB_WR] = 1,
	[LMB_CP] = 1,	   [LMB_BZERO] = 1,   [LMB_BCOPY] = 1,
};

static struct lmbench_params *lmb;

/* The program's state: its descriptors and buffers. */
static struct {
	vaddr_t scratch;	/* a page: names, the 1-byte buffer, stat64 */
	int fd_zero, fd_null, fd_file;
	int to_child[2], to_parent[2];
	vaddr_t ws;		/* lat_ctx's working set */
	vaddr_t src, dst;	/* bw_mem's buffers */
	vaddr_t map;		/* lat_pagefault's mapping */
	u8 chunk[4096];		/* where bw_mem rd's loads land */
} st;

#define FILE_NAME 0		/* offsets in the scratch page */
#define BYTE_BUF 256
#define STAT_BUF 512
#define TOKEN_BUF 1024
#define STOP_TOKEN 0xffffffffu

static _Noreturn void fail(int step)
{
	lmb->status = step;
	sys_exit(step);
}

static void put_str(vaddr_t at, const char *s)
{
	uv_write(at, s, (u32)strlen(s) + 1);
}

static vaddr_t map_anon(u32 len)
{
	long a = sys_mmap(0, len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (a < 0)
		fail(1);
	return (vaddr_t)a;
}

/* A tmpfs file of @len bytes, written so its pages are in the cache. */
static int make_file(const char *name, u32 len)
{
	vaddr_t buf = map_anon(4096);
	int fd;

	put_str(st.scratch + FILE_NAME, name);
	fd = sys_open(st.scratch + FILE_NAME, O_RDWR | O_CREAT | O_TRUNC);
	if (fd < 0)
		fail(2);
	uv_fill(buf, 'x', 4096);
	for (u32 off = 0; off < len; off += 4096)
		if (sys_write(fd, buf, 4096) != 4096)
			fail(3);
	sys_munmap(buf, 4096);
	return fd;
}

/* lat_ctx: sum the working set, as lmbench's sumit() does. */
static void touch_ws(vaddr_t ws)
{
	for (u32 off = 0; off < LMB_CTX_BYTES; off += sizeof(st.chunk))
		uv_read(ws + off, st.chunk, sizeof(st.chunk));
	user_stream(USER_STREAM_RD, LMB_CTX_BYTES);
}

static void pass_token(int out, u32 token)
{
	uv_write32(st.scratch + TOKEN_BUF, token);
	if (sys_write(out, st.scratch + TOKEN_BUF, 4) != 4)
		fail(4);
}

static u32 take_token(int in)
{
	if (sys_read(in, st.scratch + TOKEN_BUF, 4) != 4)
		fail(5);
	return uv_read32(st.scratch + TOKEN_BUF);
}

/*
 * The other process of lat_ctx and lat_pipe: pass the token back.  Its
 * working set is its own (a local: `st` is the parent's, the host's
 * memory being shared by every simulated process).
 */
static void ring_child(void *arg)
{
	bool ctx = arg != NULL;
	vaddr_t ws = 0;

	if (ctx) {
		ws = map_anon(LMB_CTX_BYTES);
		uv_fill(ws, 1, LMB_CTX_BYTES);
	}
	for (;;) {
		u32 token = take_token(st.to_child[0]);

		if (token == STOP_TOKEN)
			sys_exit(0);
		if (ctx)
			touch_ws(ws);
		pass_token(st.to_parent[1], token + 1);
	}
}

/* lat_proc fork's child: exit(), whose libc part the child faults in. */
static void exit_child(void *arg)
{
	libc_exit();
	sys_exit(0);
}

/*
 * lat_proc exec's /tmp/hello (lmbench's hello.c, linked dynamically as
 * lmbench's Makefile links it): ld.so's start-up, one write of its 12
 * bytes (from its own rodata) to the stdout it inherited, exit.
 */
static void hello_main(void *arg)
{
	int out = (int)(long)arg;

	if (ldso_start())
		sys_exit(126);
	sys_write(out, user_image_base(), 12);
	libc_exit();
	sys_exit(0);
}

static const struct program hello_program = {
	.name = "hello",
	.main = hello_main,
	.text_pages = 2,
	.data_pages = 1,
	.bss_pages = 1,
	.stack_pages = 1,
};

static void exec_child(void *arg)
{
	sys_execve(&hello_program, (void *)(long)st.fd_null);
	sys_exit(127);
}

static void fork_wait(void (*child)(void *))
{
	int status = 0;
	int pid = sys_fork(child, NULL);

	if (pid < 0)
		fail(6);
	if (sys_wait4(pid, &status) != pid || status)
		fail(7);
}

static void setup(void)
{
	enum lmbench_test t = lmb->test;

	/* The installed system's ld.so and libc, then this program's own
	 * start-up: lmbench's binaries are linked dynamically. */
	if (ldso_install() || ldso_start())
		fail(13);
	st.scratch = map_anon(4096);
	/* The program's own image is resident, as a running lmbench's is. */
	uv_touch(user_image_base(), 16 * 4096u, false);
	uv_touch(user_image_base() + 16 * 4096u, 4 * 4096u, true);
	switch (t) {
	case LMB_READ:
		put_str(st.scratch + FILE_NAME, "/dev/zero");
		st.fd_zero = sys_open(st.scratch + FILE_NAME, O_RDONLY);
		if (st.fd_zero < 0)
			fail(2);
		break;
	case LMB_WRITE:
	case LMB_EXEC:
		put_str(st.scratch + FILE_NAME, "/dev/null");
		st.fd_null = sys_open(st.scratch + FILE_NAME, O_WRONLY);
		if (st.fd_null < 0)
			fail(2);
		break;
	case LMB_STAT:
	case LMB_FSTAT:
	case LMB_OPEN:
		st.fd_file = make_file("/tmp/lmbench", 4096);
		break;
	case LMB_PAGEFAULT:
		st.fd_file = make_file("/tmp/lmbench", LMB_PAGEFAULT_BYTES);
		break;
	case LMB_MMAP:
		st.fd_file = make_file("/tmp/lmbench", LMB_MMAP_BYTES);
		break;
	case LMB_CTX:
	case LMB_PIPE:
		if (sys_pipe(st.to_child) || sys_pipe(st.to_parent))
			fail(2);
		if (t == LMB_CTX) {
			st.ws = map_anon(LMB_CTX_BYTES);
			uv_fill(st.ws, 1, LMB_CTX_BYTES);
		}
		if (sys_fork(ring_child, t == LMB_CTX ? (void *)1 : NULL) < 0)
			fail(6);
		break;
	case LMB_RD:
	case LMB_WR:
	case LMB_BZERO:
		st.src = map_anon(LMB_BW_BYTES);
		uv_fill(st.src, 1, LMB_BW_BYTES);
		break;
	case LMB_CP:
	case LMB_BCOPY:
		st.src = map_anon(LMB_BW_BYTES);
		st.dst = map_anon(LMB_BW_BYTES);
		uv_fill(st.src, 1, LMB_BW_BYTES);
		uv_fill(st.dst, 2, LMB_BW_BYTES);
		break;
	default:
		break;
	}
}

/*
 * bw_mem.c's rd, wr and cp (mcp) unroll DOIT(0) DOIT(4) ... DOIT(124) over
 * ints: each touches one word in four, 16 bytes apart; fwr, fcp, bzero and
 * bcopy touch every byte.
 */
#define LMB_STRIDE 16u

/*
 * One 4 KiB chunk of a bw_mem pass: the loop's instructions, then its
 * accesses.  A pass goes chunk by chunk, as the loop does, so that its
 * issue and its memory traffic overlap where the machine lets them
 * (streaming=throughput's write buffer drains while the next chunk
 * issues); with nothing posted, the order changes no count.
 */
static void bw_mem_chunk(enum lmbench_test t, u32 off)
{
	u32 n = sizeof(st.chunk);

	switch (t) {
	case LMB_RD:
		/* rd: sum += p[0] + p[4] + ... + p[124], a word in four. */
		user_stream(USER_STREAM_RD, n);
		for (u32 w = 0; w < n; w += LMB_STRIDE)
			(void)uv_read32(st.src + off + w);
		break;
	case LMB_WR:
		/* wr: p[0] = 1; p[4] = 1; ... a word in four. */
		user_stream(USER_STREAM_WR, n);
		for (u32 w = 0; w < n; w += LMB_STRIDE)
			uv_write32(st.src + off + w, 1);
		break;
	case LMB_BZERO:
		user_stream(USER_STREAM_MEMSET, n);
		uv_fill(st.src + off, 0, n);
		break;
	case LMB_CP:
		/* cp (mcp): dst[0] = p[0]; dst[4] = p[4]; ... a word in four. */
		user_stream(USER_STREAM_CP, n);
		for (u32 w = 0; w < n; w += LMB_STRIDE)
			uv_write32(st.dst + off + w, uv_read32(st.src + off + w));
		break;
	case LMB_BCOPY:
		user_stream(USER_STREAM_MEMCPY, n);
		uv_copy(st.dst + off, st.src + off, n);
		break;
	default:
		fail(11);
	}
}

/* lat_pagefault: a fresh mapping of the file before each batch. */
static void before_batch(void)
{
	if (lmb->test == LMB_PAGEFAULT) {
		long a = sys_mmap(0, LMB_PAGEFAULT_BYTES, PROT_READ, MAP_SHARED,
				  st.fd_file, 0);

		if (a < 0)
			fail(8);
		st.map = (vaddr_t)a;
	}
}

static void after_batch(void)
{
	if (lmb->test == LMB_PAGEFAULT)
		sys_munmap(st.map, LMB_PAGEFAULT_BYTES);
}

/* Operation @i of a batch. */
static void op(u32 i)
{
	vaddr_t name = st.scratch + FILE_NAME;

	switch (lmb->test) {
	case LMB_NULL:
		sys_getppid();
		break;
	case LMB_READ:
		if (sys_read(st.fd_zero, st.scratch + BYTE_BUF, 1) != 1)
			fail(10);
		break;
	case LMB_WRITE:
		if (sys_write(st.fd_null, st.scratch + BYTE_BUF, 1) != 1)
			fail(10);
		break;
	case LMB_STAT:
		if (sys_stat(name, st.scratch + STAT_BUF))
			fail(10);
		break;
	case LMB_FSTAT:
		if (sys_fstat(st.fd_file, st.scratch + STAT_BUF))
			fail(10);
		break;
	case LMB_OPEN: {
		int fd = sys_open(name, O_RDONLY);

		if (fd < 0)
			fail(10);
		sys_close(fd);
		break;
	}
	case LMB_PAGEFAULT:
		uv_read32(st.map + i * 4096u);
		break;
	case LMB_MMAP: {
		long a = sys_mmap(0, LMB_MMAP_BYTES, PROT_READ | PROT_WRITE,
				  MAP_SHARED, st.fd_file, 0);

		if (a < 0)
			fail(10);
		/*
		 * domapping (lat_mmap.c): a byte stored every PSIZE (16 KiB)
		 * over the first size / N (N 10) of the mapping -- write
		 * faults on a shared file mapping, which fault-around does
		 * not serve.
		 */
		for (u32 off = 0; off < LMB_MMAP_BYTES / LMB_MMAP_N;
		     off += LMB_MMAP_PSIZE)
			uv_touch((vaddr_t)a + off, 1, true);
		sys_munmap((vaddr_t)a, LMB_MMAP_BYTES);
		break;
	}
	case LMB_FORK:
		fork_wait(exit_child);
		break;
	case LMB_EXEC:
		fork_wait(exec_child);
		break;
	case LMB_CTX:
	case LMB_PIPE:
		pass_token(st.to_child[1], i);
		if (take_token(st.to_parent[0]) != i + 1)
			fail(10);
		if (lmb->test == LMB_CTX)
			touch_ws(st.ws);
		break;
	case LMB_RD:
	case LMB_WR:
	case LMB_BZERO:
	case LMB_CP:
	case LMB_BCOPY:
		for (u32 off = 0; off < LMB_BW_BYTES; off += sizeof(st.chunk))
			bw_mem_chunk(lmb->test, off);
		break;
	default:
		fail(11);
	}
}

/*
 * lat_ctx's overhead: one hop's pipe write and read and working-set sum
 * in one process (no switch), which lmbench subtracts from each switch.
 */
static void measure_ctx_overhead(void)
{
	int p[2];
	u32 n = batch_ops[LMB_CTX];
	u64 t0;

	if (sys_pipe(p))
		fail(9);
	for (u32 i = 0; i < n; i++) {	/* warm */
		pass_token(p[1], i);
		take_token(p[0]);
		touch_ws(st.ws);
	}
	t0 = sys_clock_gettime();
	for (u32 i = 0; i < n; i++) {
		pass_token(p[1], i);
		take_token(p[0]);
		touch_ws(st.ws);
	}
	lmb->overhead_ns = sys_clock_gettime() - t0;
	sys_close(p[0]);
	sys_close(p[1]);
}

static void lmbench_main(void *arg)
{
	u32 n = batch_ops[lmb->test];
	u64 prev = 0;

	setup();
	if (lmb->test == LMB_CTX)
		measure_ctx_overhead();
	for (u32 b = 0; b < LMB_MAX_BATCHES; b++) {
		u64 ev0[NR_EVENTS], ev1[NR_EVENTS], t0, t1;
		u64 c0[NR_CAUSES], c1[NR_CAUSES];

		before_batch();
		t0 = sys_clock_gettime();
		lmb->read_counters(ev0);
		lmb->read_causes(c0);
		for (u32 i = 0; i < n; i++)
			op(i);
		lmb->read_causes(c1);
		lmb->read_counters(ev1);
		t1 = sys_clock_gettime();
		after_batch();
		lmb->batches = b + 1;
		lmb->ops = n;
		lmb->ns = t1 - t0;
		for (int e = 0; e < NR_EVENTS; e++)
			lmb->events[e] = ev1[e] - ev0[e];
		for (int c = 0; c < NR_CAUSES; c++)
			lmb->causes[c] = c1[c] - c0[c];
		/* Stable: within 1% of the batch before. */
		if (b && 100 * (lmb->ns > prev ? lmb->ns - prev :
						 prev - lmb->ns) <= prev)
			break;
		prev = lmb->ns;
	}
	if (lmb->test == LMB_CTX || lmb->test == LMB_PIPE) {
		int status = 0;

		pass_token(st.to_child[1], STOP_TOKEN);
		if (sys_wait4(-1, &status) < 0 || status)
			fail(12);
	}
	sys_exit(0);
}

/* lmbench's image: a small program (text, data, bss, stack pages). */
static const struct program lmbench_program = {
	.name = "lmbench",
	.main = lmbench_main,
	.text_pages = 16,
	.data_pages = 4,
	.bss_pages = 8,
	.stack_pages = 4,
};

void lmbench_start(struct lmbench_params *p)
{
	lmb = p;
	p->status = 0;
	p->batches = 0;
	p->ops = 0;
	p->ns = 0;
	p->overhead_ns = 0;
	memset(p->events, 0, sizeof(p->events));
	memset(p->causes, 0, sizeof(p->causes));
	spawn_process(&lmbench_program, NULL);
}
