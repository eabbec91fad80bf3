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
 * 2.5.73-mm3 at maximal load (§5, §6): 565.81 / 900 = 0.629 s.
 */
#define KERNBENCH_DEFAULT_CC1_USER_US 628678
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
/* One dependency line per header in the .d file cpp0 writes [E]. */
#define KERNBENCH_DEP_LINE_BYTES 32u
/* The largest file one program reads or writes at once (its buffer). */
#define KERNBENCH_MAX_FILE_BYTES (64u * 1024)

struct kernbench_params {
	u32 units; /* translation units */
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
};

/* Fill @p with the defaults above; @cpu_hz converts the user time. */
void kernbench_defaults(struct kernbench_params *p, u64 cpu_hz);

/*
 * Start `make -j vmlinux` as a process (the caller then runs the
 * scheduler).  When the run ends, @p holds the counts.
 */
void kernbench_start(struct kernbench_params *p);

#endif
