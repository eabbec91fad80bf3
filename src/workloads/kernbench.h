/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_WORKLOADS_KERNBENCH_H
#define VMSPLIT_WORKLOADS_KERNBENCH_H

#include "base/types.h"

/*
 * Defaults, from ../shared/research/process-workloads.md (§ numbers below
 * are that file's).
 */
/* Units N = 900 (700-1,100): §1 "Number of units", §6. */
#define KERNBENCH_DEFAULT_UNITS 900
/* Maximal tasks: `make -j vmlinux` with no number (§1, §6). */
#define KERNBENCH_DEFAULT_JOBS 0
/*
 * cc1 user time per unit: N x t calibrated to the 565.81 user seconds of
 * 2.5.73-mm3 at maximal load (§5, §6), 0.628 s: refitted on the kbuild
 * model (issue 33 part E), where the other programs' page touches are
 * 0.74 s of user time (at 0.628678 s the run gave 566.55 s).
 */
#define KERNBENCH_DEFAULT_CC1_USER_US 627853
/* cc1's anonymous heap, ~1-2.5 k pages of a 1,500-PTE cc1 (§1, §6). */
#define KERNBENCH_DEFAULT_CC1_HEAP_PAGES 1000
/*
 * Headers per unit: 100-250 read by cpp0 and mapped by fixdep, ~1 MB
 * (§1 "Headers per unit", §6).  The model takes the low end of the range,
 * 100 headers of 10 KiB (1 MB read, 300 pages mapped by fixdep), so that
 * fewer, larger files carry the same bytes and pages with fewer opens.
 */
#define KERNBENCH_DEFAULT_HEADERS 100
#define KERNBENCH_DEFAULT_HEADER_BYTES 10240
#define KERNBENCH_MAX_UNITS 2000
#define KERNBENCH_MAX_HEADERS 250
/* An object file as writes and ld reads [E]. */
#define KERNBENCH_OBJECT_BYTES (8u * 1024)
/* The tree's 16 source files, which units share (unit u reads u % 16),
 * of 16 KiB each, and the .cmd file fixdep writes [E]. */
#define KERNBENCH_NR_SOURCES 16u
#define KERNBENCH_SOURCE_BYTES (16u * 1024)
#define KERNBENCH_CMD_BYTES 2048u
/* One dependency line per header in the .d file cpp0 writes [E]. */
#define KERNBENCH_DEP_LINE_BYTES 32u
/* The largest file one program reads or writes at once (its buffer). */
#define KERNBENCH_MAX_FILE_BYTES (64u * 1024)

/*
 * The build's shape (workloads/kernbench.c for kbuild, kernbench_flat.c
 * for the model before issue 33 part E, kept to compare against).
 */
enum kernbench_tree {
	/* kbuild 2.5: a make per directory, gcc -pipe, ld -r, the full link */
	KERNBENCH_KBUILD,
	/* one make, gcc's passes in sequence without pipes, one ld */
	KERNBENCH_FLAT,
};

/*
 * Directories with a Makefile that a 2.6-era `make vmlinux` descends into,
 * each with its make and its `ld -r` of built-in.o: ~120-150 (§6) [L];
 * the point of the range.  A build with fewer units than directories uses
 * one directory per unit.
 */
#define KERNBENCH_DEFAULT_DIRS 130
#define KERNBENCH_MAX_DIRS 256
/*
 * gcc -pipe's two pipes per unit [E]: cpp0's output (the preprocessed
 * unit, cpp0 -> cc1) and cc1's assembler (cc1 -> as).  The ~1 MB of
 * headers and source cpp0 reads (§1, §6) lose their comments, blank
 * lines and #define lines, most of a kernel header's bytes, and keep the
 * declarations and inline functions: a quarter of it, 256 KiB.  The
 * assembler is ~5 times the 8 KiB object it becomes (AT&T lines of
 * ~20 bytes for instructions of ~3-4, plus directives): 40 KiB.
 */
#define KERNBENCH_CPP_OUT_BYTES (256u * 1024)
#define KERNBENCH_ASM_BYTES (40u * 1024)
/*
 * The symbols of vmlinux, per unit [E]: a 2.6 i386 System.map lists
 * ~20,000-25,000 symbols for ~900 objects, so 24 a unit; an `nm` line
 * ("c0123456 T name\n") is ~28 bytes.  kallsyms's .S holds each symbol
 * twice as long (a .long and an .asciz line).  nm reads the symbol and
 * string tables, a quarter of an image without debug information.
 */
#define KERNBENCH_SYMS_PER_UNIT 24u
#define KERNBENCH_NM_LINE_BYTES 28u

struct kernbench_params {
	enum kernbench_tree tree;
	u32 units; /* translation units */
	u32 dirs; /* directories (kbuild) */
	u32 jobs; /* make -j N; 0 = unlimited */
	u64 cc1_user_cycles; /* cc1's user work per unit */
	u32 cc1_heap_pages; /* anonymous pages cc1 writes */
	u32 headers; /* headers each unit includes */
	u32 header_bytes; /* size of each header */
	/* Filled in by the programs: */
	int status; /* 0, or the first step that failed */
	u32 units_done; /* units whose sh exited 0 */
	u32 max_running; /* most jobs make had running at once */
	u64 linked_bytes; /* object bytes ld read */
	/* kbuild: directories whose make linked built-in.o with `ld -r` */
	u32 dirs_built;
	u32 dirs_used; /* MIN(dirs, units) */
	/* Tests: called by the first cc1 once half its input is read. */
	void (*probe)(void);
};

/* What each directory's make did (kbuild; tests). */
struct kernbench_dir_stats {
	u32 parent; /* the make that started this one; UINT32_MAX: the top */
	u32 units; /* units (sh -c rule_cc_o_c) it started */
	u32 subdirs; /* sub-makes it started */
	u32 ld_r; /* `ld -r` runs */
	u64 ld_r_bytes; /* bytes that ld -r read (its objects and built-in.o's) */
};

/* Directory @d's statistics of the last kbuild run (d < dirs_used). */
const struct kernbench_dir_stats *kernbench_dir_stats(u32 d);

/*
 * Exact counts of a kbuild run with @p's units and directories (tests,
 * docs): processes exec'd, forks (vforks included, as EV_fork counts
 * them), vforks, pipes and the bytes written into them.
 */
struct kernbench_counts {
	u64 execs, forks, vforks, pipes, pipe_bytes;
};
void kernbench_expected(const struct kernbench_params *p,
			struct kernbench_counts *c);

/* Fill @p with the defaults above; @cpu_hz converts the user time. */
void kernbench_defaults(struct kernbench_params *p, u64 cpu_hz);

/*
 * Start `make -j vmlinux` as a process (the caller then runs the
 * scheduler).  When the run ends, @p holds the counts.
 */
void kernbench_start(struct kernbench_params *p);
/* The flat model (kernbench_flat.c); kernbench_start calls it. */
void kernbench_flat_start(struct kernbench_params *p);

#endif
