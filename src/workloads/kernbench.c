// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernbench at maximal tasks: `make -j vmlinux` of a 2.6-era tree the way
 * kbuild 2.5/2.6 and gcc 2.95 with -pipe run it
 * (../shared/research/process-workloads.md §1, §6; § numbers below are
 * that file's).  This file holds the programs; kbuild.c the makes, the
 * shells, the directory tree and the final link.
 *
 * - gcc, the driver, joins its passes with pipes (gcc.c execute() with
 *   -pipe, libiberty pexecute): pipe, vfork + exec of cpp0 writing into
 *   it; another pipe, vfork + exec of cc1 reading the first and writing
 *   the second; vfork + exec of as reading the second; then it waits for
 *   the three, which run at once.  stdio moves the data in blocks of
 *   4 KiB, the pipe's st_blksize.
 * - cpp0 reads the unit's source and its headers and writes the
 *   preprocessed unit (KERNBENCH_CPP_OUT_BYTES) into the pipe as it goes,
 *   then the dependency file (-Wp,-MD).
 * - cc1 reads it, computes (the unit's user time, spread over its input),
 *   grows its heap with brk as it goes and writes the assembler
 *   (KERNBENCH_ASM_BYTES) into the second pipe a block at a time; as
 *   reads it and writes the object.
 * - fixdep maps every header read-only and reads it (do_config_file:
 *   open, mmap, munmap, close) and writes the .cmd file's temporary; rm
 *   removes the dependency file; mv renames the temporary.
 * - ld (ld -r per directory, the final link's three), nm, kallsyms, grep
 *   and sort read and write what the final link's steps name.
 *
 * Every program starts as a dynamically linked one does: ld.so and libc
 * are mapped from their page-cache files (kb_startup), so every process
 * alive maps the same file pages and their pte_chains are as long as the
 * number of processes mapping them.  Only cc1 has user time; the other
 * programs' user work is their page touches (their parsing, linking and
 * sorting is not charged: the final link is quick here, where on the
 * PIII its three ld runs took seconds) [E].
 *
 * A user program: it only makes system calls and touches its own memory.
 */
#include "workloads/kernbench_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kernel/user.h"

struct kernbench_params *kb;

/*
 * The shared libraries of Debian 3.0 (glibc 2.2.5) [E]: ld-2.2.5.so,
 * ~90 KB (22 pages of text, a page of data), and libc-2.2.5.so, ~1.2 MB
 * (290 pages of text, 6 of data of which start-up relocation writes 4,
 * 2 of bss), the 1.3 MB of "libc + ld.so" of §1; /etc/ld.so.cache, 3
 * pages, mapped while ld.so looks libc up.
 */
#define LDSO_TEXT 22u
#define LDSO_DATA 1u
#define LIBC_TEXT 290u
#define LIBC_DATA 6u
#define LIBC_DATA_DIRTY 4u
#define LIBC_BSS 2u
#define LDCACHE_PAGES 3u
/* An ELF header and program headers, read(2) by ld.so before mmap. */
#define ELF_HDR_BYTES 512u

static void gcc_main(void *arg);
static void cpp0_main(void *arg);
static void cc1_main(void *arg);
static void as_main(void *arg);
static void fixdep_main(void *arg);
static void rm_main(void *arg);
static void mv_main(void *arg);
static void ld_main(void *arg);
static void nm_main(void *arg);
static void kallsyms_main(void *arg);
static void grep_main(void *arg);
static void sort_main(void *arg);

/*
 * The binaries: text and data pages from §1 ("Binary sizes": cpp0's text
 * up to 0.5 MB, cc1's 1.5-2 MB for gcc 2.95) and [E] for the others (GNU
 * make 3.80, bash 2.05, binutils 2.12's ld and nm, textutils' sort,
 * grep 2.4, scripts/kallsyms a small C program).  4 pages of bss and 4 of
 * stack each [E].
 */
#define KB_BSS 4
#define KB_STACK 4

const struct program kb_progs[KB_NR_PROGS] = {
	[KB_MAKE] = { "make", kb_make_main, 40, 4, KB_BSS, KB_STACK },
	[KB_SH] = { "sh", kb_sh_main, 120, 8, KB_BSS, KB_STACK },
	[KB_GCC] = { "gcc", gcc_main, 24, 2, KB_BSS, KB_STACK },
	[KB_CPP0] = { "cpp0", cpp0_main, 120, 4, KB_BSS, KB_STACK },
	[KB_CC1] = { "cc1", cc1_main, 448, 16, KB_BSS, KB_STACK },
	[KB_AS] = { "as", as_main, 80, 4, KB_BSS, KB_STACK },
	[KB_FIXDEP] = { "fixdep", fixdep_main, 4, 1, KB_BSS, KB_STACK },
	[KB_RM] = { "rm", rm_main, 8, 1, KB_BSS, KB_STACK },
	[KB_MV] = { "mv", mv_main, 8, 1, KB_BSS, KB_STACK },
	[KB_LD] = { "ld", ld_main, 150, 8, KB_BSS, KB_STACK },
	[KB_NM] = { "nm", nm_main, 60, 4, KB_BSS, KB_STACK },
	[KB_KALLSYMS] = { "kallsyms", kallsyms_main, 2, 1, KB_BSS, KB_STACK },
	[KB_GREP] = { "grep", grep_main, 20, 1, KB_BSS, KB_STACK },
	[KB_SORT] = { "sort", sort_main, 12, 1, KB_BSS, KB_STACK },
};

/*
 * What a program touches as it starts: its own text pages, libc's text
 * pages and the heap pages it writes (cc1's grows to cc1_heap_pages as it
 * compiles).  With ld.so's 23 pages, libc's 8 of data and bss and the
 * program's data, the present PTEs are §1's RSS: make 337 (215-426), sh
 * 241, gcc 105, cpp0 478, cc1 ~1,450 (§6: 1,500, 1,000-3,000), as 297,
 * fixdep 100 (plus the headers it maps), rm and mv 102 (80-120); ld, nm,
 * kallsyms, grep and sort [E] (ld and sort hold what they link and sort).
 */
static const struct {
	u32 text, libc, heap;
} usage[KB_NR_PROGS] = {
	[KB_MAKE] = { 30, 80, 190 }, [KB_SH] = { 60, 80, 60 },
	[KB_GCC] = { 20, 40, 17 },   [KB_CPP0] = { 60, 50, 331 },
	[KB_CC1] = { 350, 50, 17 },  [KB_AS] = { 60, 50, 150 },
	[KB_FIXDEP] = { 4, 30, 32 }, [KB_RM] = { 8, 40, 20 },
	[KB_MV] = { 8, 40, 20 },     [KB_LD] = { 100, 60, 400 },
	[KB_NM] = { 40, 50, 150 },   [KB_KALLSYMS] = { 2, 30, 200 },
	[KB_GREP] = { 15, 40, 20 },  [KB_SORT] = { 10, 40, 150 },
};

_Noreturn void kb_fail(int step)
{
	if (!kb->status)
		kb->status = step;
	sys_exit(step);
}

int kb_open(vaddr_t scratch, int flags, const char *fmt, ...)
{
	char path[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	uv_write(scratch, path, (u32)strlen(path) + 1);
	return sys_open(scratch, flags);
}

/* mmap @pages of @fd from page @pgoff; the mapping, or the step fails. */
static vaddr_t map_file(int fd, u32 pages, int prot, u32 pgoff, int step)
{
	long r = sys_mmap(0, pages * KB_PAGE, prot, MAP_PRIVATE, fd, pgoff);

	if (r < 0)
		kb_fail(step);
	return (vaddr_t)r;
}

/*
 * What the kernel's exec leaves to ld.so, and ld.so and the program's
 * first instructions do (glibc 2.2.5's start-up as strace shows it, in
 * the model's calls): map ld.so (the kernel does it in load_elf_interp,
 * here two mmaps), grow the heap with brk, map /etc/ld.so.cache, open
 * libc, read its ELF header, map its text, data and bss, close it, unmap
 * the cache; relocate (write libc's data), run part of libc and of the
 * program's text, write the program's data and its heap.  The stack's
 * pages are not touched (a program does not know its stack's address
 * here).  Return: the heap (path scratch first, then the buffer).
 */
vaddr_t kb_startup(enum kb_prog which)
{
	const struct program *pr = &kb_progs[which];
	u32 heap_pages = MAX(usage[which].heap, 1u + KB_BUF_PAGES);
	vaddr_t base = user_image_base(), ldso, ldso_data, cache, heap;
	vaddr_t libc, libc_data;
	long brk, bss;
	int fd;

	brk = sys_brk(0);
	if (brk < 0 || sys_brk((vaddr_t)brk + heap_pages * KB_PAGE) !=
			       (long)((vaddr_t)brk + heap_pages * KB_PAGE))
		kb_fail(100 + which);
	heap = (vaddr_t)brk;
	fd = kb_open(heap, O_RDONLY, "lib/ld-2.2.5.so");
	if (fd < 0)
		kb_fail(120 + which);
	ldso = map_file(fd, LDSO_TEXT, PROT_READ | PROT_EXEC, 0, 140 + which);
	ldso_data = map_file(fd, LDSO_DATA, PROT_READ | PROT_WRITE, LDSO_TEXT,
			     140 + which);
	sys_close(fd);
	uv_touch(ldso, LDSO_TEXT * KB_PAGE, false);
	uv_touch(ldso_data, LDSO_DATA * KB_PAGE, true);
	fd = kb_open(heap, O_RDONLY, "etc/ld.so.cache");
	if (fd < 0)
		kb_fail(120 + which);
	cache = map_file(fd, LDCACHE_PAGES, PROT_READ, 0, 140 + which);
	sys_close(fd);
	uv_touch(cache, LDCACHE_PAGES * KB_PAGE, false);
	fd = kb_open(heap, O_RDONLY, "lib/libc-2.2.5.so");
	if (fd < 0 ||
	    sys_read(fd, heap + KB_BUF_OFF, ELF_HDR_BYTES) != ELF_HDR_BYTES)
		kb_fail(120 + which);
	libc = map_file(fd, LIBC_TEXT, PROT_READ | PROT_EXEC, 0, 140 + which);
	libc_data = map_file(fd, LIBC_DATA, PROT_READ | PROT_WRITE, LIBC_TEXT,
			     140 + which);
	bss = sys_mmap(0, LIBC_BSS * KB_PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (bss < 0)
		kb_fail(140 + which);
	sys_close(fd);
	sys_munmap(cache, LDCACHE_PAGES * KB_PAGE);
	uv_touch(libc_data, LIBC_DATA_DIRTY * KB_PAGE, true);
	uv_touch(libc_data + LIBC_DATA_DIRTY * KB_PAGE,
		 (LIBC_DATA - LIBC_DATA_DIRTY) * KB_PAGE, false);
	uv_touch((vaddr_t)bss, LIBC_BSS * KB_PAGE, true);
	uv_touch(base, usage[which].text * KB_PAGE, false);
	uv_touch(base + pr->text_pages * KB_PAGE, pr->data_pages * KB_PAGE,
		 true);
	uv_touch(libc, usage[which].libc * KB_PAGE, false);
	uv_touch(heap, heap_pages * KB_PAGE, true);
	return heap;
}

void kb_exec_child(void *arg)
{
	const struct kb_args *a = arg;

	if (a->close_fd >= 0)
		sys_close(a->close_fd);
	sys_execve(&kb_progs[a->prog], (void *)(unsigned long)arg);
	sys_exit(127);
}

void kb_run_and_wait(struct kb_args *a, bool vfork, int step)
{
	int status = 0;
	int pid = vfork ? sys_vfork(kb_exec_child, a) :
			  sys_fork(kb_exec_child, a);

	if (pid < 0)
		kb_fail(step);
	if (sys_wait4(pid, &status) != pid || status)
		kb_fail(step + 1);
}

void kb_write_out(int fd, vaddr_t buf, u64 bytes, int step)
{
	while (bytes) {
		u32 n = (u32)MIN(bytes, (u64)KB_STDIO_BYTES);

		if (sys_write(fd, buf, n) != (long)n)
			kb_fail(step);
		bytes -= n;
	}
}

u64 kb_read_all(int fd, vaddr_t buf, int step)
{
	u64 total = 0;
	long n;

	while ((n = sys_read(fd, buf, KB_STDIO_BYTES)) > 0)
		total += (u64)n;
	if (n < 0)
		kb_fail(step);
	return total;
}

/* Read the file named by @fmt whole, a buffer at a time; its size. */
static u64 read_file(vaddr_t heap, int step, const char *fmt, u32 n)
{
	int fd = kb_open(heap, O_RDONLY, fmt, n);
	u64 total = 0;
	long got;

	if (fd < 0)
		kb_fail(step);
	while ((got = sys_read(fd, heap + KB_BUF_OFF,
			       KERNBENCH_MAX_FILE_BYTES)) > 0)
		total += (u64)got;
	if (got < 0)
		kb_fail(step + 1);
	sys_close(fd);
	return total;
}

/* Create the file named by @fmt with @bytes from the buffer. */
static void write_file(vaddr_t heap, u64 bytes, int step, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void write_file(vaddr_t heap, u64 bytes, int step, const char *fmt, ...)
{
	char path[64];
	va_list ap;
	int fd;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	fd = kb_open(heap, O_WRONLY | O_CREAT | O_TRUNC, "%s", path);

	if (fd < 0)
		kb_fail(step);
	while (bytes) {
		u32 chunk = (u32)MIN(bytes, (u64)KERNBENCH_MAX_FILE_BYTES);

		if (sys_write(fd, heap + KB_BUF_OFF, chunk) != (long)chunk)
			kb_fail(step + 1);
		bytes -= chunk;
	}
	sys_close(fd);
}

/* A unit's or a link step's gcc: its passes' argument blocks. */
static struct kb_args pass_args[KERNBENCH_MAX_UNITS + 2][3];

/*
 * gcc -pipe: cpp0 | cc1 | as for a unit (cpp0 | as for the final link's
 * .S files), each vfork + exec, joined by pipes, then wait for them all.
 */
static void gcc_main(void *arg)
{
	const struct kb_args *a = arg;
	bool unit = a->rule == KB_RULE_CC_O_C;
	struct kb_args *p = pass_args[unit ? a->n : kb->units + a->n];
	int p1[2], p2[2], pid[3], nr = 0, status;

	kb_startup(KB_GCC);
	if (sys_pipe(p1))
		kb_fail(20);
	p[0] = (struct kb_args){ .prog = KB_CPP0,
				 .rule = a->rule,
				 .n = a->n,
				 .in = -1,
				 .out = p1[1],
				 .close_fd = p1[0],
				 .src = a->src,
				 .bytes = a->bytes };
	pid[nr++] = sys_vfork(kb_exec_child, &p[0]);
	sys_close(p1[1]);
	if (unit) {
		if (sys_pipe(p2))
			kb_fail(21);
		p[1] = (struct kb_args){ .prog = KB_CC1,
					 .rule = a->rule,
					 .n = a->n,
					 .in = p1[0],
					 .out = p2[1],
					 .close_fd = p2[0] };
		pid[nr++] = sys_vfork(kb_exec_child, &p[1]);
		sys_close(p1[0]);
		sys_close(p2[1]);
	} else {
		p2[0] = p1[0];
	}
	p[2] = (struct kb_args){ .prog = KB_AS,
				 .rule = a->rule,
				 .n = a->n,
				 .in = p2[0],
				 .out = -1,
				 .close_fd = -1,
				 .dst = a->dst,
				 .bytes = a->bytes };
	pid[nr++] = sys_vfork(kb_exec_child, &p[2]);
	sys_close(p2[0]);
	for (int i = 0; i < nr; i++) {
		if (pid[i] < 0)
			kb_fail(22);
		status = 0;
		if (sys_wait4(pid[i], &status) != pid[i] || status)
			kb_fail(23);
	}
	sys_exit(0);
}

/*
 * cpp0: a unit's source, then its headers as it includes them, writing
 * the preprocessed text into the pipe in step with what it has read; then
 * the dependency file.  For a .S, the file passes through.
 */
static void cpp0_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_CPP0), buf = heap + KB_BUF_OFF;
	u64 in_total =
		KERNBENCH_SOURCE_BYTES + (u64)kb->headers * kb->header_bytes;
	u64 in = 0, out = 0, want;

	if (a->rule != KB_RULE_CC_O_C) {
		int fd = kb_open(heap, O_RDONLY, "%s", a->src);
		long n;

		if (fd < 0)
			kb_fail(30);
		while ((n = sys_read(fd, buf, KERNBENCH_MAX_FILE_BYTES)) > 0)
			kb_write_out(a->out, buf, (u64)n, 31);
		sys_close(fd);
		sys_exit(n < 0 ? 32 : 0);
	}
	for (u32 f = 0; f <= kb->headers; f++) {
		in += f ? read_file(heap, 33, "inc/h%03u.h", f - 1) :
			  read_file(heap, 33, "src/f%02u.c",
				    a->n % KERNBENCH_NR_SOURCES);
		want = KERNBENCH_CPP_OUT_BYTES * MIN(in, in_total) / in_total;
		want -= want % KB_STDIO_BYTES;
		kb_write_out(a->out, buf, want - out, 35);
		out = want;
	}
	kb_write_out(a->out, buf, KERNBENCH_CPP_OUT_BYTES - out, 35);
	sys_close(a->out);
	write_file(heap, (u64)kb->headers * KERNBENCH_DEP_LINE_BYTES, 36,
		   "dep/u%u.d", a->n);
	sys_exit(0);
}

/*
 * cc1: read the preprocessed unit a block at a time; for each, the share
 * of the unit's user time, the heap grown by brk to its share of
 * cc1_heap_pages (glibc's 128 KiB top pad a step [E]), and the assembler
 * written as stdio's blocks fill.
 */
#define CC1_BRK_STEP 32u

static void cc1_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_CC1), buf = heap + KB_BUF_OFF;
	u64 in = 0, charged = 0, out = 0, want;
	u32 pages = MAX(usage[KB_CC1].heap, 1u + KB_BUF_PAGES);
	long n;

	while ((n = sys_read(a->in, buf, KB_STDIO_BYTES)) > 0) {
		in += (u64)n;
		want = kb->cc1_user_cycles *
		       MIN(in, (u64)KERNBENCH_CPP_OUT_BYTES) /
		       KERNBENCH_CPP_OUT_BYTES;
		user_compute(want - charged);
		charged = want;
		want = (u64)kb->cc1_heap_pages * in / KERNBENCH_CPP_OUT_BYTES;
		while (pages < MIN(want, (u64)kb->cc1_heap_pages)) {
			u32 step =
				MIN(CC1_BRK_STEP, kb->cc1_heap_pages - pages);

			if (sys_brk(heap + (pages + step) * KB_PAGE) !=
			    (long)(heap + (pages + step) * KB_PAGE))
				kb_fail(40);
			uv_touch(heap + pages * KB_PAGE, step * KB_PAGE, true);
			pages += step;
		}
		want = KERNBENCH_ASM_BYTES *
		       MIN(in, (u64)KERNBENCH_CPP_OUT_BYTES) /
		       KERNBENCH_CPP_OUT_BYTES;
		want -= want % KB_STDIO_BYTES;
		kb_write_out(a->out, buf, want - out, 41);
		out = want;
		if (kb->probe && in >= KERNBENCH_CPP_OUT_BYTES / 2) {
			void (*probe)(void) = kb->probe;

			kb->probe = NULL;
			probe();
		}
	}
	if (n < 0 || in != KERNBENCH_CPP_OUT_BYTES)
		kb_fail(42);
	kb_write_out(a->out, buf, KERNBENCH_ASM_BYTES - out, 41);
	sys_exit(0);
}

/*
 * as: read the assembler to its end, write the object: a unit's 8 KiB,
 * or a quarter of a kallsyms .S (its .long and .asciz lines assemble to
 * about a quarter of their text [E]).
 */
static void as_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_AS);
	u64 in = kb_read_all(a->in, heap + KB_BUF_OFF, 45);

	if (a->rule == KB_RULE_CC_O_C)
		write_file(heap, KERNBENCH_OBJECT_BYTES, 46, "obj/u%u.o", a->n);
	else
		write_file(heap, in / 4, 46, "%s", a->dst);
	sys_exit(0);
}

/*
 * fixdep: read the .d file, then do_config_file on every header (open,
 * mmap PROT_READ MAP_PRIVATE, read it all, munmap, close); write the .cmd
 * file's temporary (sh's `> .tmp`).
 */
static void fixdep_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_FIXDEP);
	u32 len = kb->header_bytes;

	if (read_file(heap, 50, "dep/u%u.d", a->n) !=
	    (u64)kb->headers * KERNBENCH_DEP_LINE_BYTES)
		kb_fail(52);
	for (u32 h = 0; h < kb->headers; h++) {
		int fd = kb_open(heap, O_RDONLY, "inc/h%03u.h", h);
		long map;

		if (fd < 0)
			kb_fail(53);
		map = sys_mmap(0, len, PROT_READ, MAP_PRIVATE, fd, 0);
		if (map < 0)
			kb_fail(54);
		uv_touch((vaddr_t)map, len, false);
		if (sys_munmap((vaddr_t)map, len))
			kb_fail(55);
		sys_close(fd);
	}
	write_file(heap, KERNBENCH_CMD_BYTES, 56, "dep/u%u.tmp", a->n);
	sys_exit(0);
}

/* rm -f the .d file. */
static void rm_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_RM);
	char path[32];

	snprintf(path, sizeof(path), "dep/u%u.d", a->n);
	uv_write(heap, path, (u32)strlen(path) + 1);
	if (sys_unlink(heap))
		kb_fail(60);
	sys_exit(0);
}

/* mv -f .tmp .cmd: rename(2). */
static void mv_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_MV);
	char path[2][32];

	snprintf(path[0], sizeof(path[0]), "dep/u%u.tmp", a->n);
	snprintf(path[1], sizeof(path[1]), "dep/u%u.cmd", a->n);
	uv_write(heap, path[0], 32);
	uv_write(heap + 32, path[1], 32);
	if (sys_rename(heap, heap + 32))
		kb_fail(70);
	sys_exit(0);
}

/*
 * ld: ld -r of a directory (its units' objects and its subdirectories'
 * built-in.o into its own) or a step of the final link (every top-level
 * built-in.o and the kallsyms object into the image): read each input,
 * writing the output as it goes.  kbuild.c names the inputs.
 */
static void ld_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_LD), buf = heap + KB_BUF_OFF;
	char name[64];
	int out, fd;
	u64 total = 0;
	long n;

	if (a->rule == KB_RULE_LD_R)
		snprintf(name, sizeof(name), "obj/d%u.o", a->n);
	else
		snprintf(name, sizeof(name), "%s", a->dst);
	out = kb_open(heap, O_WRONLY | O_CREAT | O_TRUNC, "%s", name);
	if (out < 0)
		kb_fail(80);
	for (u32 i = 0; kbuild_ld_input(a, i, name, sizeof(name)); i++) {
		fd = kb_open(heap, O_RDONLY, "%s", name);
		if (fd < 0)
			kb_fail(81);
		while ((n = sys_read(fd, buf, KERNBENCH_MAX_FILE_BYTES)) > 0) {
			total += (u64)n;
			if (sys_write(out, buf, (u32)n) != n)
				kb_fail(82);
		}
		if (n < 0)
			kb_fail(83);
		sys_close(fd);
	}
	sys_close(out);
	kbuild_ld_done(a, total);
	sys_exit(0);
}

/* nm [-n] IMAGE: read its symbol and string tables, print every symbol. */
static void nm_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_NM), buf = heap + KB_BUF_OFF;
	int fd = kb_open(heap, O_RDONLY, "%s", a->src);
	u64 want, got = 0;
	long n;

	if (fd < 0)
		kb_fail(85);
	want = a->bytes;
	while (got < want &&
	       (n = sys_read(fd, buf,
			     (u32)MIN(want - got,
				      (u64)KERNBENCH_MAX_FILE_BYTES))) > 0)
		got += (u64)n;
	sys_close(fd);
	kb_write_out(a->out, buf, kbuild_nm_bytes(), 86);
	sys_exit(0);
}

/* scripts/kallsyms: read nm's list, write the .S (two lines a symbol). */
static void kallsyms_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_KALLSYMS);
	u64 in = kb_read_all(a->in, heap + KB_BUF_OFF, 87);

	write_file(heap, 2 * in, 88, "%s", a->dst);
	sys_exit(0);
}

/* grep -v: pass nine lines in ten on as they come [E]. */
static void grep_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_GREP), buf = heap + KB_BUF_OFF;
	u64 in = 0, out = 0, want;
	long n;

	while ((n = sys_read(a->in, buf, KB_STDIO_BYTES)) > 0) {
		in += (u64)n;
		want = in * 9 / 10;
		kb_write_out(a->out, buf, want - out, 90);
		out = want;
	}
	if (n < 0)
		kb_fail(91);
	sys_exit(0);
}

/* sort: read everything, then write it to System.map. */
static void sort_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_SORT);
	u64 in = kb_read_all(a->in, heap + KB_BUF_OFF, 92);

	write_file(heap, in, 93, "%s", a->dst);
	sys_exit(0);
}
