/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What kernbench's kbuild model (kernbench.c: the programs; kbuild.c: the
 * makes, the directory tree and the final link) shares inside src/workloads.
 */
#ifndef VMSPLIT_WORKLOADS_KERNBENCH_INTERNAL_H
#define VMSPLIT_WORKLOADS_KERNBENCH_INTERNAL_H

#include <stddef.h>

#include "kernel/process.h"
#include "workloads/kernbench.h"

#define KB_PAGE 4096u
/* A program's heap: a page for path names, then its I/O buffer. */
#define KB_BUF_OFF KB_PAGE
#define KB_BUF_PAGES (KERNBENCH_MAX_FILE_BYTES / KB_PAGE)
/* stdio's buffer on a pipe (st_blksize = PAGE_SIZE): one write or read. */
#define KB_STDIO_BYTES 4096u

enum kb_prog {
	KB_MAKE,
	KB_SH,
	KB_GCC,
	KB_CPP0,
	KB_CC1,
	KB_AS,
	KB_FIXDEP,
	KB_RM,
	KB_MV,
	KB_LD,
	KB_NM,
	KB_KALLSYMS,
	KB_GREP,
	KB_SORT,
	KB_NR_PROGS
};

/* What a shell runs (sh -c '...'), a gcc compiles, an ld links. */
enum kb_rule {
	KB_RULE_CC_O_C, /* a unit: gcc; fixdep; rm; mv */
	KB_RULE_LD_R, /* a directory's built-in.o: ld -r; echo > .cmd */
	KB_RULE_DIR, /* a directory's make */
	KB_RULE_LINK, /* the final link's steps (kbuild.c) */
	KB_RULE_TOP, /* the top make */
};

/*
 * The argument block of an exec'd program (its argv, host-side): which
 * unit, directory or link step, and the descriptors it reads and writes
 * when they are pipes (-1: none).  @close_fd is the end of a pipe the
 * child closes between vfork or fork and exec (pexecute's
 * close(last_pipe_input)): no dup2 onto 0 and 1 is modelled, the programs
 * use the descriptors they are given.
 */
struct kb_args {
	enum kb_prog prog;
	enum kb_rule rule;
	u32 n; /* unit, directory or link step */
	int in, out, close_fd;
	/* A link step's files: what it reads and writes. */
	const char *src, *dst;
	u64 bytes; /* a link step's output size */
};

extern struct kernbench_params *kb;
extern const struct program kb_progs[KB_NR_PROGS];

_Noreturn void kb_fail(int step);
int kb_open(vaddr_t scratch, int flags, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* ld.so's and the program's start: libraries mapped, working set touched. */
vaddr_t kb_startup(enum kb_prog which);
/* fork (sh) or vfork (make, gcc) + exec of @a's program; wait for it. */
void kb_run_and_wait(struct kb_args *a, bool vfork, int step);
/* The child side of a fork or vfork: close @a->close_fd, exec. */
void kb_exec_child(void *arg);
/* Write @bytes from @buf to @fd in stdio's blocks; read @fd to EOF. */
void kb_write_out(int fd, vaddr_t buf, u64 bytes, int step);
u64 kb_read_all(int fd, vaddr_t buf, int step);

/* The programs' mains that kbuild.c runs: the makes and the shells. */
void kb_make_main(void *arg);
void kb_sh_main(void *arg);

/*
 * kbuild.c's answers to ld and nm: ld's @i-th input of @a (its name in
 * @name; false past the last), the end of a link (@bytes read), and the
 * size of nm's output.
 */
bool kbuild_ld_input(const struct kb_args *a, u32 i, char *name, size_t len);
void kbuild_ld_done(const struct kb_args *a, u64 bytes);
u64 kbuild_nm_bytes(void);

#endif
