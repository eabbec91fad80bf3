// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernbench's flat model, as it was before issue 33 part E (`--tree flat`,
 * kept so that the kbuild-shaped one in kernbench.c can be compared with
 * it): `make -j vmlinux` of a 2.6-era tree with one make and gcc's passes
 * in sequence (../shared/research/process-workloads.md §1, §6).  For each
 * translation unit make vforks and execs
 * `sh -c 'gcc ...; fixdep ...; rm ...; mv ...'` (rule_cc_o_c); sh forks
 * and execs each command and waits for it; the gcc driver vforks and execs
 * cpp0 (reads the unit's source and its headers, writes the dependency
 * file), cc1 (writes its anonymous heap and computes: the unit's user
 * time) and as (writes the object).  fixdep maps every header read-only
 * and reads it, as do_config_file does; rm removes the dependency file.
 * When every unit is built, make vforks and execs ld, which reads every
 * object and writes vmlinux.  8 execs per unit: sh, gcc, cpp0, cc1, as,
 * fixdep, rm, mv; 4 vforks (make, and gcc's three) and 4 forks (sh's).
 *
 * Every program maps "libc" (ld.so and libc, 1.3 MB, §1) from one shared
 * tmpfs file and touches part of it, touches part of its own text (shared
 * through the program's page-cache image) and writes its anonymous pages,
 * so its present PTEs are those of §1's ps listing and §6.
 *
 * Simplifications, each for speed or because the model has no such call:
 * - One make starts every unit: the per-directory makes (§6: ~120-150
 *   vforks, each with an `ld -r`) are left out, and so are the final
 *   link's nm/kallsyms/sort passes (one ld instead of 15-25 execs).
 * - gcc runs cpp0, cc1 and as one after the other, connected by nothing;
 *   gcc -pipe runs them at once joined by pipes.  cc1 does not read cpp0's
 *   output.
 * - The tree has 16 source files that units share (unit u reads source
 *   u % 16), and 100 headers every unit includes.
 * - mv's rename(2) is modelled as the unlink of the old name (the model has
 *   no rename); the .cmd file is not kept.
 * - Only cc1 has user time; the other programs' user work is their page
 *   touches.
 * - The top make writes the tree (headers, sources, libc) into tmpfs
 *   before it starts the first job: kernbench's `cat` into the page cache.
 *
 * A user program: it only makes system calls and touches its own memory.
 */
#include "workloads/kernbench.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kernel/process.h"
#include "kernel/user.h"
#include "cli/progress.h"

#define KB_PAGE 4096u
/* ld.so + libc text, ~1.3 MB (§1 "Binary sizes"). */
#define LIBC_PAGES 320u
#define NR_SOURCES 16u
/* A source file and the .cmd fixdep writes [E]. */
#define SOURCE_BYTES (16u * 1024)
#define CMD_BYTES 2048u
/* Every program's anonymous region: a page for path names, then a buffer. */
#define BUF_OFF KB_PAGE
#define BUF_PAGES (KERNBENCH_MAX_FILE_BYTES / KB_PAGE)

static struct kernbench_params *kb;

enum kb_prog { MAKE, SH, GCC, CPP0, CC1, AS, FIXDEP, RM, MV, LD, NR_PROGS };

/* What a program touches as it starts: its working set. */
struct kb_usage {
	u32 text_touch; /* text pages it runs */
	u32 libc_touch; /* libc pages it runs */
	u32 anon; /* anonymous pages it writes */
};

static void make_main(void *arg);
static void sh_main(void *arg);
static void gcc_main(void *arg);
static void cpp0_main(void *arg);
static void cc1_main(void *arg);
static void as_main(void *arg);
static void fixdep_main(void *arg);
static void rm_main(void *arg);
static void mv_main(void *arg);
static void ld_main(void *arg);

/*
 * The programs.  Text sizes from §1 ("Binary sizes": cpp0 text up to
 * 0.5 MB, cc1 1.5-2 MB for gcc 2.95) and [E] for the rest; what each
 * touches (text, libc, anonymous) adds up to the present PTEs of §1's
 * table and §6: make ~300, sh 240, gcc 105, cpp0 480, cc1 ~1,500 (its
 * heap is cc1_heap_pages), as 300, fixdep 100 (plus the headers it maps),
 * rm and mv ~90, ld [E].
 *
 * Every image has 4 pages of bss and 4 of stack [E].
 */
#define KB_BSS 4
#define KB_STACK 4

static const struct program progs[NR_PROGS] = {
	[MAKE] = { "make", make_main, 40, 4, KB_BSS, KB_STACK },
	[SH] = { "sh", sh_main, 120, 8, KB_BSS, KB_STACK },
	[GCC] = { "gcc", gcc_main, 24, 2, KB_BSS, KB_STACK },
	[CPP0] = { "cpp0", cpp0_main, 120, 4, KB_BSS, KB_STACK },
	[CC1] = { "cc1", cc1_main, 448, 16, KB_BSS, KB_STACK },
	[AS] = { "as", as_main, 80, 4, KB_BSS, KB_STACK },
	[FIXDEP] = { "fixdep", fixdep_main, 4, 1, KB_BSS, KB_STACK },
	[RM] = { "rm", rm_main, 8, 1, KB_BSS, KB_STACK },
	[MV] = { "mv", mv_main, 8, 1, KB_BSS, KB_STACK },
	[LD] = { "ld", ld_main, 150, 8, KB_BSS, KB_STACK },
};

/* cc1's anonymous pages are cc1_heap_pages (a parameter). */
static const struct kb_usage usage[NR_PROGS] = {
	[MAKE] = { 30, 80, 190 }, [SH] = { 60, 100, 72 },
	[GCC] = { 20, 50, 33 },	  [CPP0] = { 60, 60, 356 },
	[CC1] = { 350, 60, 0 },	  [AS] = { 60, 60, 176 },
	[FIXDEP] = { 4, 40, 55 }, [RM] = { 8, 50, 32 },
	[MV] = { 8, 50, 32 },	  [LD] = { 100, 60, 400 },
};

static _Noreturn void fail(int step)
{
	if (!kb->status)
		kb->status = step;
	sys_exit(step);
}

/* open(2) of a printf-formatted path, put at @scratch in user memory. */
static int open_fmt(vaddr_t scratch, int flags, const char *fmt, ...)
{
	char path[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	uv_write(scratch, path, (u32)strlen(path) + 1);
	return sys_open(scratch, flags);
}

static int unlink_fmt(vaddr_t scratch, const char *fmt, u32 unit)
{
	char path[64];

	snprintf(path, sizeof(path), fmt, unit);
	uv_write(scratch, path, (u32)strlen(path) + 1);
	return sys_unlink(scratch);
}

/* Read (or write) @len bytes of the file at @path through @buf. */
static void file_io(vaddr_t scratch, vaddr_t buf, u32 len, bool write, int step,
		    const char *fmt, u32 n)
{
	int fd = open_fmt(scratch,
			  write ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY, fmt,
			  n);
	long done;

	if (fd < 0)
		fail(step);
	done = write ? sys_write(fd, buf, len) : sys_read(fd, buf, len);
	if (done != (long)len)
		fail(step + 1);
	sys_close(fd);
}

/*
 * What ld.so and the program's first instructions do: run part of the
 * text, write the data, map libc and run part of it, and write @anon
 * anonymous pages.  Return: the anonymous region (path scratch first).
 */
static vaddr_t startup(enum kb_prog which, u32 anon)
{
	const struct program *pr = &progs[which];
	const struct kb_usage *u = &usage[which];
	vaddr_t base = user_image_base();
	long heap, lib;
	int fd;

	anon = MAX(anon, 1u + BUF_PAGES);
	uv_touch(base, u->text_touch * KB_PAGE, false);
	uv_touch(base + pr->text_pages * KB_PAGE, pr->data_pages * KB_PAGE,
		 true);
	heap = sys_mmap(0, anon * KB_PAGE, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (heap < 0)
		fail(100 + which);
	fd = open_fmt((vaddr_t)heap, O_RDONLY, "lib/libc.so.6");
	if (fd < 0)
		fail(110 + which);
	lib = sys_mmap(0, LIBC_PAGES * KB_PAGE, PROT_READ | PROT_EXEC,
		       MAP_PRIVATE, fd, 0);
	sys_close(fd);
	if (lib < 0)
		fail(120 + which);
	uv_touch((vaddr_t)lib, u->libc_touch * KB_PAGE, false);
	uv_touch((vaddr_t)heap, anon * KB_PAGE, true);
	return (vaddr_t)heap;
}

struct job {
	enum kb_prog prog;
	u32 unit;
};

/* The child of a fork or vfork: exec the job's program. */
static void exec_child(void *arg)
{
	const struct job *j = arg;

	sys_execve(&progs[j->prog], (void *)(unsigned long)j->unit);
	sys_exit(127);
}

/* fork (sh) or vfork (make, gcc) and exec @prog; wait for it. */
static void run_and_wait(enum kb_prog prog, u32 unit, bool vfork, int step)
{
	struct job j = { prog, unit };
	int status = 0;
	int pid = vfork ? sys_vfork(exec_child, &j) : sys_fork(exec_child, &j);

	if (pid < 0)
		fail(step);
	if (sys_wait4(pid, &status) != pid || status)
		fail(step + 1);
}

static u32 unit_of(void *arg)
{
	return (u32)(unsigned long)arg;
}

/* rule_cc_o_c in one shell: gcc, fixdep, rm, mv, each fork + exec. */
static void sh_main(void *arg)
{
	u32 unit = unit_of(arg);

	startup(SH, usage[SH].anon);
	run_and_wait(GCC, unit, false, 10);
	run_and_wait(FIXDEP, unit, false, 12);
	run_and_wait(RM, unit, false, 14);
	run_and_wait(MV, unit, false, 16);
	sys_exit(0);
}

/* gcc 2.95's driver: vfork + exec of each pass (pexecute). */
static void gcc_main(void *arg)
{
	u32 unit = unit_of(arg);

	startup(GCC, usage[GCC].anon);
	run_and_wait(CPP0, unit, true, 20);
	run_and_wait(CC1, unit, true, 22);
	run_and_wait(AS, unit, true, 24);
	sys_exit(0);
}

/* cpp0: read the source and every header; write the .d file (-MD). */
static void cpp0_main(void *arg)
{
	u32 unit = unit_of(arg);
	vaddr_t heap = startup(CPP0, usage[CPP0].anon);

	file_io(heap, heap + BUF_OFF, SOURCE_BYTES, false, 30, "src/f%02u.c",
		unit % NR_SOURCES);
	for (u32 h = 0; h < kb->headers; h++)
		file_io(heap, heap + BUF_OFF, kb->header_bytes, false, 32,
			"inc/h%03u.h", h);
	file_io(heap, heap + BUF_OFF, kb->headers * KERNBENCH_DEP_LINE_BYTES,
		true, 34, "dep/u%u.d", unit);
	sys_exit(0);
}

/* cc1: its heap, then the compilation (the unit's user time). */
static void cc1_main(void *arg)
{
	(void)arg;
	startup(CC1, kb->cc1_heap_pages);
	user_compute(kb->cc1_user_cycles);
	sys_exit(0);
}

/* as: write the object. */
static void as_main(void *arg)
{
	u32 unit = unit_of(arg);
	vaddr_t heap = startup(AS, usage[AS].anon);

	file_io(heap, heap + BUF_OFF, KERNBENCH_OBJECT_BYTES, true, 40,
		"obj/u%u.o", unit);
	sys_exit(0);
}

/*
 * fixdep: read the .d file, then do_config_file on every header: open,
 * mmap PROT_READ MAP_PRIVATE, read it all, munmap, close.  Write the .cmd
 * (to its temporary name).
 */
static void fixdep_main(void *arg)
{
	u32 unit = unit_of(arg);
	vaddr_t heap = startup(FIXDEP, usage[FIXDEP].anon);
	u32 len = kb->header_bytes;

	file_io(heap, heap + BUF_OFF, kb->headers * KERNBENCH_DEP_LINE_BYTES,
		false, 50, "dep/u%u.d", unit);
	for (u32 h = 0; h < kb->headers; h++) {
		int fd = open_fmt(heap, O_RDONLY, "inc/h%03u.h", h);
		long map;

		if (fd < 0)
			fail(52);
		map = sys_mmap(0, len, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map < 0)
			fail(53);
		uv_touch((vaddr_t)map, len, false);
		if (sys_munmap((vaddr_t)map, len))
			fail(54);
		sys_close(fd);
	}
	file_io(heap, heap + BUF_OFF, CMD_BYTES, true, 56, "dep/u%u.tmp", unit);
	sys_exit(0);
}

/* rm -f the .d file. */
static void rm_main(void *arg)
{
	vaddr_t heap = startup(RM, usage[RM].anon);

	if (unlink_fmt(heap, "dep/u%u.d", unit_of(arg)))
		fail(60);
	sys_exit(0);
}

/* mv -f .tmp .cmd: the old name goes (no rename in the model). */
static void mv_main(void *arg)
{
	vaddr_t heap = startup(MV, usage[MV].anon);

	if (unlink_fmt(heap, "dep/u%u.tmp", unit_of(arg)))
		fail(70);
	sys_exit(0);
}

/* ld: read every object, write vmlinux. */
static void ld_main(void *arg)
{
	vaddr_t heap = startup(LD, usage[LD].anon);
	int out = open_fmt(heap, O_WRONLY | O_CREAT | O_TRUNC, "vmlinux");

	(void)arg;
	if (out < 0)
		fail(80);
	for (u32 u = 0; u < kb->units; u++) {
		file_io(heap, heap + BUF_OFF, KERNBENCH_OBJECT_BYTES, false, 81,
			"obj/u%u.o", u);
		kb->linked_bytes += KERNBENCH_OBJECT_BYTES;
		if (sys_write(out, heap + BUF_OFF, KERNBENCH_OBJECT_BYTES) !=
		    KERNBENCH_OBJECT_BYTES)
			fail(83);
	}
	sys_close(out);
	sys_exit(0);
}

/* Write the tree into tmpfs: libc, the headers and the sources. */
static void write_tree(void)
{
	long buf = sys_mmap(0, (1 + BUF_PAGES) * KB_PAGE,
			    PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
	vaddr_t scratch = (vaddr_t)buf, data = (vaddr_t)buf + BUF_OFF;
	int fd;

	if (buf < 0)
		fail(1);
	uv_touch(data, BUF_PAGES * KB_PAGE, true);
	fd = open_fmt(scratch, O_WRONLY | O_CREAT | O_TRUNC, "lib/libc.so.6");
	if (fd < 0)
		fail(2);
	for (u32 done = 0; done < LIBC_PAGES * KB_PAGE;
	     done += BUF_PAGES * KB_PAGE)
		if (sys_write(fd, data, BUF_PAGES * KB_PAGE) !=
		    BUF_PAGES * KB_PAGE)
			fail(3);
	sys_close(fd);
	for (u32 h = 0; h < kb->headers; h++)
		file_io(scratch, data, kb->header_bytes, true, 4, "inc/h%03u.h",
			h);
	for (u32 s = 0; s < NR_SOURCES; s++)
		file_io(scratch, data, SOURCE_BYTES, true, 6, "src/f%02u.c", s);
	sys_munmap((vaddr_t)buf, (1 + BUF_PAGES) * KB_PAGE);
}

/* Reap one job; a failed one fails the build (make stops). */
static void reap_one(void)
{
	int status = 0;

	if (sys_wait4(-1, &status) < 0)
		fail(8);
	if (status)
		fail(9);
	kb->units_done++;
	progress_tick("kernbench unit", kb->units_done, kb->units);
}

/*
 * make -j [jobs] vmlinux: start a job per unit while fewer than @jobs run
 * (every one at once without a limit), reap as they finish, then link.
 */
static void make_main(void *arg)
{
	u32 running = 0;

	(void)arg;
	write_tree();
	startup(MAKE, usage[MAKE].anon);
	for (u32 u = 0; u < kb->units; u++) {
		struct job j = { SH, u };

		while (kb->jobs && running >= kb->jobs) {
			reap_one();
			running--;
		}
		/* job.c: child->pid = vfork (); then exec the shell. */
		if (sys_vfork(exec_child, &j) < 0)
			fail(7);
		running++;
		kb->max_running = MAX(kb->max_running, running);
	}
	for (; running; running--)
		reap_one();
	run_and_wait(LD, 0, true, 90);
	sys_exit(0);
}

void kernbench_flat_start(struct kernbench_params *p)
{
	kb = p;
	spawn_process(&progs[MAKE], NULL);
}
