// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit run lmbench`: each test in its own boot, the result computed
 * and printed as lmbench 3 computes and prints it (lat_ctx subtracts its
 * measured overhead; bw_mem counts MB as 10^6 bytes, a copy's size once).
 */
#include "experiments/lmbench.h"

#include "base/errno.h"
#include "hw/machine.h"

static const char *const commands[NR_LMBENCH_TESTS] = {
	[LMB_NULL] = "lat_syscall null",
	[LMB_READ] = "lat_syscall read",
	[LMB_WRITE] = "lat_syscall write",
	[LMB_STAT] = "lat_syscall stat /tmp/lmbench",
	[LMB_FSTAT] = "lat_syscall fstat /tmp/lmbench",
	[LMB_OPEN] = "lat_syscall open /tmp/lmbench",
	[LMB_PAGEFAULT] = "lat_pagefault /tmp/lmbench",
	[LMB_MMAP] = "lat_mmap 1m /tmp/lmbench",
	[LMB_FORK] = "lat_proc fork",
	[LMB_EXEC] = "lat_proc exec",
	[LMB_CTX] = "lat_ctx -s 128 2",
	[LMB_PIPE] = "lat_pipe",
	[LMB_RD] = "bw_mem 16m rd",
	[LMB_WR] = "bw_mem 16m wr",
	[LMB_CP] = "bw_mem 16m cp",
	[LMB_BZERO] = "bw_mem 16m bzero",
	[LMB_BCOPY] = "bw_mem 16m bcopy",
};

const char *lmbench_command(enum lmbench_test t)
{
	return commands[t];
}

bool lmbench_is_bandwidth(enum lmbench_test t)
{
	return t >= LMB_RD;
}

/* The program's performance counters: the machine's, summed over CPUs. */
static void read_counters(u64 events[NR_EVENTS])
{
	for (int e = 0; e < NR_EVENTS; e++)
		events[e] = machine_event_total((enum event)e);
}

/* The machine's busy cycles by cause, summed over CPUs. */
static void read_causes(u64 causes[NR_CAUSES])
{
	for (int c = 0; c < NR_CAUSES; c++)
		causes[c] = machine_cause_total((enum charge_cause)c);
}

static void lmbench_start_cb(const void *p)
{
	lmbench_start((struct lmbench_params *)(unsigned long)p);
}

int lmbench_measure(const struct settings *s, enum lmbench_test t,
		    struct lmbench_point *pt, char *err, size_t errlen)
{
	double ns_op;
	int ret;

	pt->p.test = t;
	pt->p.read_counters = read_counters;
	pt->p.read_causes = read_causes;
	ret = run_workload(s, lmbench_start_cb, &pt->p, &pt->r, err, errlen);
	if (ret)
		return ret;
	if (pt->p.status || !pt->p.ops) {
		snprintf(err, errlen, "lmbench %s failed at step %d",
			 lmbench_test_names[t], pt->p.status);
		return -EIO;
	}
	ns_op = (double)pt->p.ns / (double)pt->p.ops;
	if (lmbench_is_bandwidth(t))
		pt->value = (double)LMB_BW_BYTES * 1e3 / ns_op;
	else if (t == LMB_CTX)
		/* A round is two hops, each one switch and one overhead. */
		pt->value = (ns_op / 2 - (double)pt->p.overhead_ns /
						 (double)pt->p.ops) / 1e3;
	else
		pt->value = ns_op / 1e3;
	return 0;
}

double lmbench_per_op(const struct lmbench_point *pt, enum event e)
{
	return (double)pt->p.events[e] / (double)pt->p.ops;
}

void lmbench_print(const struct lmbench_point *pt, FILE *f)
{
	double v = pt->value;

	switch (pt->p.test) {
	case LMB_NULL:
		fprintf(f, "Simple syscall: %.4f microseconds\n", v);
		break;
	case LMB_READ:
		fprintf(f, "Simple read: %.4f microseconds\n", v);
		break;
	case LMB_WRITE:
		fprintf(f, "Simple write: %.4f microseconds\n", v);
		break;
	case LMB_STAT:
		fprintf(f, "Simple stat: %.4f microseconds\n", v);
		break;
	case LMB_FSTAT:
		fprintf(f, "Simple fstat: %.4f microseconds\n", v);
		break;
	case LMB_OPEN:
		fprintf(f, "Simple open/close: %.4f microseconds\n", v);
		break;
	case LMB_PAGEFAULT:
		fprintf(f, "Pagefaults on /tmp/lmbench: %.4f microseconds\n", v);
		break;
	case LMB_MMAP:
		/* lat_mmap: the size in MB, then microseconds. */
		fprintf(f, "%.6f %.0f\n", LMB_MMAP_BYTES / 1e6, v);
		break;
	case LMB_FORK:
		fprintf(f, "Process fork+exit: %.4f microseconds\n", v);
		break;
	case LMB_EXEC:
		fprintf(f, "Process fork+execve: %.4f microseconds\n", v);
		break;
	case LMB_CTX:
		fprintf(f, "\"size=%uk ovr=%.2f\n2 %.2f\n", LMB_CTX_BYTES >> 10,
			(double)pt->p.overhead_ns / (double)pt->p.ops / 1e3,
			v);
		break;
	case LMB_PIPE:
		fprintf(f, "Pipe latency: %.4f microseconds\n", v);
		break;
	default:
		/* bw_mem: the size in MB, then MB/s. */
		fprintf(f, "%.2f %.2f\n", LMB_BW_BYTES / 1e6, v);
		break;
	}
}
