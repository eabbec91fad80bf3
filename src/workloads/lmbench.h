/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_WORKLOADS_LMBENCH_H
#define VMSPLIT_WORKLOADS_LMBENCH_H

#include "base/types.h"
#include "hw/events.h"

/* The tests, in the order `run lmbench` runs them. */
enum lmbench_test {
	LMB_NULL,		/* lat_syscall null: getppid */
	LMB_READ,		/* lat_syscall read: 1 byte from /dev/zero */
	LMB_WRITE,		/* lat_syscall write: 1 byte to /dev/null */
	LMB_STAT,		/* lat_syscall stat of a tmpfs file */
	LMB_FSTAT,		/* lat_syscall fstat of it */
	LMB_OPEN,		/* lat_syscall open: open + close of it */
	LMB_PAGEFAULT,		/* lat_pagefault: first touch of a mapped page */
	LMB_MMAP,		/* lat_mmap 1m: mmap, touch each page, munmap */
	LMB_FORK,		/* lat_proc fork: fork, exit, wait */
	LMB_EXEC,		/* lat_proc exec: fork, execve, exit, wait */
	LMB_CTX,		/* lat_ctx -s 128 2 */
	LMB_PIPE,		/* lat_pipe: a round trip through two pipes */
	LMB_RD,			/* bw_mem 16m rd */
	LMB_WR,			/* bw_mem 16m wr */
	LMB_CP,			/* bw_mem 16m cp */
	LMB_BZERO,		/* bw_mem 16m bzero */
	LMB_BCOPY,		/* bw_mem 16m bcopy */
	NR_LMBENCH_TESTS,
};

/* The --tests names ("null", "read", ..., "bcopy"). */
extern const char *const lmbench_test_names[NR_LMBENCH_TESTS];

/* Bounded "until stable": batches until two in a row agree within 1%. */
#define LMB_MAX_BATCHES 5
/* bw_mem's buffer, lat_mmap's mapping and lat_ctx's working set. */
#define LMB_BW_BYTES (16u << 20)
#define LMB_MMAP_BYTES (1u << 20)
/* lat_mmap.c's PSIZE and N: its stores' stride, and the fraction of the
 * mapping they cover (1 / N). */
#define LMB_MMAP_PSIZE (16u << 10)
#define LMB_MMAP_N 10u
#define LMB_CTX_BYTES (128u << 10)
/* lat_pagefault's file (pages touched a batch). */
#define LMB_PAGEFAULT_BYTES (1u << 20)

struct lmbench_params {
	enum lmbench_test test;
	/*
	 * The machine's event counters, summed over CPUs, as a program
	 * reads performance counters: read around the measured batch.
	 */
	void (*read_counters)(u64 events[NR_EVENTS]);
	/* The machine's busy cycles by charge cause, summed over CPUs
	 * (machine_cause_total), read around the batch as the events are. */
	void (*read_causes)(u64 causes[NR_CAUSES]);
	/* Filled in by the program: */
	int status;		/* 0, or the step that failed */
	u32 batches;		/* batches run */
	u64 ops;		/* operations in the last (measured) batch */
	u64 ns;			/* its time */
	u64 events[NR_EVENTS];	/* the counters' growth over it */
	u64 causes[NR_CAUSES];	/* the causes' growth over it */
	u64 overhead_ns;	/* lat_ctx: one hop without a switch, x ops */
};

/* Start the test's program as a process; when the run ends @p holds it. */
void lmbench_start(struct lmbench_params *p);

#endif
