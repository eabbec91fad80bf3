// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpath-work.c - the guest workload of `make kpath`, cross-compiled static
 * for armhf and i386 and run from the initramfs.
 *
 * Each operation runs N_A times in one window and N_B times in another;
 * windows are delimited by sync(), whose first kernel instruction makes
 * the plugin dump and zero its counters.  Everything an operation needs
 * (files, mappings, child processes, sockets) is set up and torn down in
 * separate "junk" windows, so a measured window holds only the loop, and
 * per-op cost = (window B - window A) / (N_B - N_A) cancels the sync
 * itself and anything else both windows share.
 *
 * Before each measured window the program prints, from the junk window
 * in front of it,
 *	KPATH win <index> <operation> <N>
 * where index counts sync() calls (window k holds what ran after the k-th).
 * Window 0 is the boot; plugin dump k is window k.
 */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PAGE 4096L
#define CHUNK (16 * PAGE) /* one /proc/self/mem pread or vmsplice */
#define REPS 2

struct op {
	const char *name;
	long na, nb;
	void (*setup)(long n);
	void (*run)(long n);
	void (*teardown)(void);
};

static int nwin; /* sync() calls so far = index of the window in progress */
static char buf[CHUNK] __attribute__((aligned(4096)));
static char *src; /* GUP source: touched anonymous memory */
static long src_len;
static int fd, pfd[2], ready[2];
static char *map;
static long map_len;
static pid_t child;
static void *brk0;

static void fail(const char *what)
{
	dprintf(1, "KPATH error %s: %s\n", what, strerror(errno));
	exit(1);
}

static void mark(void)
{
	nwin++;
	sync();
}

static void nap(void)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	nanosleep(&ts, NULL);
}

static void touch(char *p, long len)
{
	for (long i = 0; i < len; i += PAGE)
		p[i] = 1;
}

static void no_setup(long n)
{
}

static void no_teardown(void)
{
}

static void close_fd(void)
{
	close(fd);
}

static void close_fd_unlink(void)
{
	close(fd);
	unlink("/tmpfs/w");
}

/* ---- syscalls and files ---- */

static void open_zero(long n)
{
	fd = open("/dev/zero", O_RDONLY);
	if (fd < 0)
		fail("open /dev/zero");
}

static void open_null(long n)
{
	fd = open("/dev/null", O_WRONLY);
	if (fd < 0)
		fail("open /dev/null");
}

/*
 * timer_tick: user-mode work only, long enough that timer interrupts land
 * in it.  Under -icount shift=0 one instruction is one nanosecond; the
 * loop below runs six user instructions an iteration, 12 million an
 * operation: 12 ms, 3 ticks at HZ=250 (the tables show tick_sched_timer
 * at 3.00 calls per operation).  The [ctx:irq] rows divided by its calls
 * give the kernel instructions of one tick taken from user mode.
 */
#define SPIN_PER_OP 2000000

static void run_spin(long n)
{
	for (long i = 0; i < n; i++)
		for (volatile long j = 0; j < SPIN_PER_OP; j++)
			;
}

static void run_getppid(long n)
{
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
}

static void run_read512(long n)
{
	for (long i = 0; i < n; i++)
		read(fd, buf, 512);
}

static void run_read4k(long n)
{
	for (long i = 0; i < n; i++)
		read(fd, buf, 4096);
}

static void run_write512(long n)
{
	for (long i = 0; i < n; i++)
		write(fd, buf, 512);
}

static void run_write4k(long n)
{
	for (long i = 0; i < n; i++)
		write(fd, buf, 4096);
}

static void open_new(long n)
{
	fd = open("/tmpfs/w", O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		fail("open /tmpfs/w");
}

/*
 * A new file of @bytes (rounded up to 64 KiB) written once by 64 KiB
 * writes, positioned at its start: every page the measured loop then
 * touches has the same history (one write, so one folio_mark_accessed;
 * the loop's first access to a page activates it).
 */
static void open_filled(long bytes)
{
	open_new(0);
	for (long done = 0; done < bytes; done += CHUNK)
		if (write(fd, buf, CHUNK) != CHUNK)
			fail("write /tmpfs/w");
	lseek(fd, 0, SEEK_SET);
}

static void open_filled512(long n)
{
	open_filled(n * 512);
}

static void open_filled4k(long n)
{
	open_filled(n * 4096);
}

/* ---- get_user_pages ---- */

/*
 * @n pages of touched anonymous memory as the GUP source, mapped only
 * while a GUP operation runs: fork_* must copy a small address space.
 */
static void map_src(long n)
{
	src = mmap(NULL, n * PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (src == MAP_FAILED)
		fail("mmap src");
	madvise(src, n * PAGE, MADV_NOHUGEPAGE);
	touch(src, n * PAGE);
	src_len = n * PAGE;
}

static void open_self_mem(long n)
{
	map_src(n);
	fd = open("/proc/self/mem", O_RDONLY);
	if (fd < 0)
		fail("open /proc/self/mem");
}

/* n pages as 64 KiB preads of our own touched memory: a remote GUP each. */
static void run_self_mem(long n)
{
	for (long i = 0; i < n / 16; i++)
		if (pread(fd, buf, CHUNK,
			  (off_t)(unsigned long)(src + i * CHUNK)) != CHUNK)
			fail("pread /proc/self/mem");
}

static void close_self_mem(void)
{
	close(fd);
	munmap(src, src_len);
}

static void open_vmsplice(long n)
{
	map_src(n);
	if (pipe(pfd))
		fail("pipe");
	open_null(n);
}

/*
 * n pages as 64 KiB vmsplice()s of user memory into a pipe, each drained
 * by splice() into /dev/null (splice_write_null: no copy).  vmsplice's
 * iter_to_pipe -> iov_iter_get_pages2 -> get_user_pages_fast pins them.
 */
static void run_vmsplice(long n)
{
	for (long i = 0; i < n / 16; i++) {
		struct iovec iov = { src + i * CHUNK, CHUNK };

		if (vmsplice(pfd[1], &iov, 1, 0) != CHUNK)
			fail("vmsplice");
		if (splice(pfd[0], NULL, fd, NULL, CHUNK, 0) != CHUNK)
			fail("splice");
	}
}

static void close_vmsplice(void)
{
	close(pfd[0]);
	close(pfd[1]);
	close(fd);
	munmap(src, src_len);
}

/* ---- page faults ---- */

static void map_anon(long n)
{
	map_len = n * PAGE;
	map = mmap(NULL, map_len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED)
		fail("mmap anon");
	/* One 4 KiB fault per page, not a THP fault per 2 MiB. */
	madvise(map, map_len, MADV_NOHUGEPAGE);
}

static void run_write_touch(long n)
{
	for (long i = 0; i < n; i++)
		((volatile char *)map)[i * PAGE] = 2;
}

static void run_read_touch(long n)
{
	for (long i = 0; i < n; i++)
		(void)((volatile char *)map)[i * PAGE];
}

static void unmap(void)
{
	munmap(map, map_len);
}

static void map_file(long n)
{
	open_filled4k(n);
	map_len = n * PAGE;
	map = mmap(NULL, map_len, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		fail("mmap file");
}

static void unmap_file(void)
{
	unmap();
	close_fd_unlink();
}

/*
 * Touched anonymous pages shared with a child that waits on a pipe, so
 * each first write in the parent copies the page.  The child reports in
 * and is given time to block before the measured window starts.
 */
static void map_cow(long n)
{
	char c;

	map_anon(n);
	touch(map, map_len);
	if (pipe(pfd) || pipe(ready))
		fail("pipe");
	child = fork();
	if (child < 0)
		fail("fork");
	if (child == 0) {
		write(ready[1], "r", 1);
		read(pfd[0], &c, 1);
		_exit(0);
	}
	read(ready[0], &c, 1);
	nap();
}

static void release_child(void)
{
	write(pfd[1], "x", 1);
	waitpid(child, NULL, 0);
	close(pfd[0]);
	close(pfd[1]);
	close(ready[0]);
	close(ready[1]);
}

static void unmap_cow(void)
{
	release_child();
	unmap();
}

/* ---- processes and address space ---- */

static void run_fork(long n)
{
	for (long i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
		waitpid(pid, NULL, 0);
	}
}

static void run_fork_exec(long n)
{
	static char *const argv[] = { "/kpath-true", NULL };
	static char *const envp[] = { NULL };

	for (long i = 0; i < n; i++) {
		pid_t pid = fork();

		if (pid == 0) {
			execve(argv[0], argv, envp);
			_exit(127);
		}
		waitpid(pid, NULL, 0);
	}
}

static void check_exec(long n)
{
	int status = -1;
	static char *const argv[] = { "/kpath-true", NULL };
	static char *const envp[] = { NULL };
	pid_t pid = fork();

	if (pid == 0) {
		execve(argv[0], argv, envp);
		_exit(127);
	}
	waitpid(pid, &status, 0);
	if (status != 0)
		dprintf(1, "KPATH error /kpath-true exit status %d\n", status);
}

static void run_mmap(long n)
{
	for (long i = 0; i < n; i++) {
		void *p = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		munmap(p, PAGE);
	}
}

static void get_brk(long n)
{
	brk0 = (void *)syscall(SYS_brk, 0);
}

static void run_brk(long n)
{
	for (long i = 0; i < n; i++) {
		syscall(SYS_brk, (char *)brk0 + PAGE);
		syscall(SYS_brk, brk0);
	}
}

static void open_pipe(long n)
{
	if (pipe(pfd))
		fail("pipe");
}

static void run_pipe(long n)
{
	for (long i = 0; i < n; i++) {
		write(pfd[1], buf, 64);
		read(pfd[0], buf, 64);
	}
}

static void close_pipe(void)
{
	close(pfd[0]);
	close(pfd[1]);
}

/* ---- loopback TCP ---- */

/*
 * A connected loopback pair; a child owns the accepting end and drains it
 * with recvfrom(64 KiB) until EOF.  Both sides call sendto/recvfrom
 * directly: i386 glibc would route send/recv through socketcall, which
 * would put the sender and the receiver in one context.  TCP_MAXSEG 1448
 * gives an Ethernet MSS and TCP_NODELAY turns Nagle off; loopback's GSO
 * still lets a few sends share one skb (data/kpath/README.md).
 */
static void open_tcp(long n)
{
	static int port = 5000;
	struct sockaddr_in a = { .sin_family = AF_INET };
	int one = 1, mss = 1448, ls, srv;
	char c;

	a.sin_port = htons(port++);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ls = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(ls, (struct sockaddr *)&a, sizeof(a)) || listen(ls, 1))
		fail("bind/listen");
	fd = socket(AF_INET, SOCK_STREAM, 0);
	setsockopt(fd, IPPROTO_TCP, TCP_MAXSEG, &mss, sizeof(mss));
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)))
		fail("connect");
	srv = accept(ls, NULL, NULL);
	if (srv < 0)
		fail("accept");
	close(ls);
	if (pipe(ready))
		fail("pipe");
	child = fork();
	if (child == 0) {
		static char rbuf[65536];

		close(fd);
		write(ready[1], "r", 1);
		while (syscall(SYS_recvfrom, srv, rbuf, sizeof(rbuf), 0, NULL,
			       NULL) > 0)
			;
		_exit(0);
	}
	close(srv);
	read(ready[0], &c, 1);
	nap();
}

static void run_tcp(long n)
{
	for (long i = 0; i < n; i++)
		if (syscall(SYS_sendto, fd, buf, 1448, 0, NULL, 0) != 1448)
			fail("send");
}

static void close_tcp(void)
{
	close(fd);
	waitpid(child, NULL, 0);
	close(ready[0]);
	close(ready[1]);
}

/* ---- mprotect and mremap ---- */

/*
 * A populated anonymous mapping of @n pages (one 4 KiB fault each) at a
 * 2 MiB boundary inside a PROT_NONE reservation, so that its PTEs share
 * one PTE page and its neighbours are PROT_NONE VMAs no operation merges
 * with.  For mremap a second, empty range of @n pages follows one
 * PROT_NONE page further on: the mapping moves there and back.
 */
#define RESV (4L << 20)
#define PMD_BYTES (2L << 20)

static char *resv, *mr_a, *mr_b;
static long mr_len;

static void map_reserved(long pages, int two)
{
	char *base;

	resv = mmap(NULL, RESV, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (resv == MAP_FAILED)
		fail("mmap reservation");
	base = (char *)(((unsigned long)resv + PMD_BYTES - 1) &
			~(PMD_BYTES - 1));
	if (base == resv)
		base += PMD_BYTES;	/* a PROT_NONE VMA below it */
	mr_len = pages * PAGE;
	mr_a = mmap(base, mr_len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	if (mr_a == MAP_FAILED)
		fail("mmap fixed");
	madvise(mr_a, mr_len, MADV_NOHUGEPAGE);
	touch(mr_a, mr_len);
	mr_b = mr_a + mr_len + PAGE;
	if (two && munmap(mr_b, mr_len))
		fail("munmap target");
}

static void map_mprotect_1(long n)
{
	map_reserved(1, 0);
}

static void map_mprotect_16(long n)
{
	map_reserved(16, 0);
}

/* Per op one mprotect of the whole mapping, read-only and back in turn. */
static void run_mprotect(long n)
{
	for (long i = 0; i < n; i++)
		if (mprotect(mr_a, mr_len,
			     i & 1 ? PROT_READ | PROT_WRITE : PROT_READ))
			fail("mprotect");
}

static void map_mremap_1(long n)
{
	map_reserved(1, 1);
}

static void map_mremap_16(long n)
{
	map_reserved(16, 1);
}

/* Per op one mremap moving the populated mapping to the other range. */
static void run_mremap(long n)
{
	for (long i = 0; i < n; i++) {
		char *from = i & 1 ? mr_b : mr_a, *to = i & 1 ? mr_a : mr_b;

		if (mremap(from, mr_len, mr_len, MREMAP_MAYMOVE | MREMAP_FIXED,
			   to) != to)
			fail("mremap");
	}
}

/* A populated page with two free pages after it: it grows in place. */
static void map_resize(long n)
{
	map_reserved(1, 0);
	if (munmap(mr_a + mr_len, 2 * PAGE))
		fail("munmap tail");
}

/* Per op one mremap in place: to two pages (untouched) and back, in turn. */
static void run_resize(long n)
{
	for (long i = 0; i < n; i++)
		if (mremap(mr_a, i & 1 ? 2 * PAGE : PAGE, i & 1 ? PAGE : 2 * PAGE,
			   0) != mr_a)
			fail("mremap resize");
}

static void unmap_reserved(void)
{
	munmap(resv, RESV);
}

static const struct op ops[] = {
	{ "null_syscall", 2000, 10000, no_setup, run_getppid, no_teardown },
	{ "read_zero_512", 1000, 5000, open_zero, run_read512, close_fd },
	{ "read_zero_4k", 500, 2500, open_zero, run_read4k, close_fd },
	{ "write_null_512", 1000, 5000, open_null, run_write512, close_fd },
	{ "tmpfs_write_512_append", 1024, 5120, open_new, run_write512,
	  close_fd_unlink },
	{ "tmpfs_write_4k_new", 256, 1280, open_new, run_write4k,
	  close_fd_unlink },
	{ "tmpfs_overwrite_512", 1000, 5000, open_filled512, run_write512,
	  close_fd_unlink },
	{ "tmpfs_overwrite_4k", 256, 1280, open_filled4k, run_write4k,
	  close_fd_unlink },
	{ "tmpfs_read_512", 1000, 5000, open_filled512, run_read512,
	  close_fd_unlink },
	{ "tmpfs_read_4k", 256, 1280, open_filled4k, run_read4k,
	  close_fd_unlink },
	{ "gup_slow_page", 64, 1024, open_self_mem, run_self_mem,
	  close_self_mem },
	{ "gup_fast_page", 64, 1024, open_vmsplice, run_vmsplice,
	  close_vmsplice },
	{ "fault_anon", 256, 1280, map_anon, run_write_touch, unmap },
	{ "fault_file_read", 256, 1280, map_file, run_read_touch, unmap_file },
	{ "fault_cow", 256, 1280, map_cow, run_write_touch, unmap_cow },
	{ "fork_exit_wait", 10, 50, no_setup, run_fork, no_teardown },
	{ "fork_exec_exit_wait", 10, 50, check_exec, run_fork_exec,
	  no_teardown },
	{ "mmap_munmap", 256, 1280, no_setup, run_mmap, no_teardown },
	{ "brk_grow_shrink", 256, 1280, get_brk, run_brk, no_teardown },
	{ "pipe_rw_64", 1000, 5000, open_pipe, run_pipe, close_pipe },
	{ "tcp_send_1448", 250, 1250, open_tcp, run_tcp, close_tcp },
	{ "timer_tick", 10, 50, no_setup, run_spin, no_teardown },
	{ "mprotect_1p", 256, 1280, map_mprotect_1, run_mprotect,
	  unmap_reserved },
	{ "mprotect_16p", 256, 1280, map_mprotect_16, run_mprotect,
	  unmap_reserved },
	{ "mremap_move_1p", 256, 1280, map_mremap_1, run_mremap,
	  unmap_reserved },
	{ "mremap_move_16p", 256, 1280, map_mremap_16, run_mremap,
	  unmap_reserved },
	{ "mremap_resize_1p", 256, 1280, map_resize, run_resize,
	  unmap_reserved },
};

static void measure(const struct op *op, long n)
{
	mark(); /* junk: setup */
	op->setup(n);
	dprintf(1, "KPATH win %d %s %ld\n", nwin + 1, op->name, n);
	mark();
	op->run(n);
	mark(); /* junk: teardown */
	op->teardown();
}

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : NULL;

	/* The user buffer of every read and write, touched up front. */
	memset(buf, 0x5a, sizeof(buf));
	dprintf(1, "KPATH begin reps=%d\n", REPS);
	for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
		if (only && !strstr(only, ops[k].name))
			continue;
		for (int rep = 0; rep < REPS; rep++) {
			measure(&ops[k], ops[k].na);
			measure(&ops[k], ops[k].nb);
		}
	}
	mark();
	dprintf(1, "KPATH end windows=%d\n", nwin + 1);
	return 0;
}
