/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The iperf measurement (one run) and E1 -- the Kirkwood table of TCP
 * send throughput with and without CONFIG_HIGHMEM and the kmap_atomic_pfn
 * fast path, TSO off and on (EXPERIMENTS.md).
 */
#ifndef VMSPLIT_EXPERIMENTS_IPERF_H
#define VMSPLIT_EXPERIMENTS_IPERF_H

#include <stdio.h>

#include "config/settings.h"
#include "net/net.h"
#include "run/run.h"
#include "workloads/iperf.h"

#define IPERF_DEFAULT_LEN 8192u
#define IPERF_DEFAULT_TIME_NS 200000000ull	/* 0.2 s simulated */

struct iperf_point {
	double mbps;		/* receiver goodput, 10^6 bits/s */
	double client_mbps;	/* what iperf itself prints: written/time */
	double cpu_pct;
	struct iperf_params p;
	struct net_stats net;
	struct run_result r;	/* over the whole run */
};

/*
 * iperf_measure - boot with @s (a board with a NIC), run the client for
 * @time_ns writing @len bytes a call, measure.
 * Return: 0, or a negative errno with @err set (no NIC, a boot failure,
 * a deadlock, a corrupted stream).
 */
int iperf_measure(const struct settings *s, u32 len, u64 time_ns,
		  struct iperf_point *pt, char *err, size_t errlen);

#define E1_NROWS 3
/* The calibration cell (CONFIG_HIGHMEM=n, TSO off) is run again with
 * placement=1 .. E1_PLACEMENTS - 1 (mm/placement.h). */
#define E1_PLACEMENTS 8

/*
 * What reproduce_net_kirkwood measured, beside what was published: the
 * structs its printers read, handed to the plots (report/plots.c).
 * Index [row][tso]: TSO off, on.
 */
struct net_kirkwood_result {
	const struct platform *platform;
	const char *row_names[E1_NROWS];
	const char *kinds[E1_NROWS];	/* calibration, check, prediction */
	const double *published[E1_NROWS]; /* Mbit/s, TSO off, on; NULL: none */
	struct settings rows[E1_NROWS][2];
	struct iperf_point pts[E1_NROWS][2];
	/* The calibration cell's Mbit/s by placement=, 0 being pts[0][0]. */
	double placement_mbps[E1_PLACEMENTS];
};

/*
 * `vmsplit reproduce net-kirkwood`.  @res, if not NULL, is set to the
 * results (static storage, valid until the next call).
 */
int reproduce_net_kirkwood(bool json, u64 time_ns, FILE *f,
			   const struct net_kirkwood_result **res, char *err,
			   size_t errlen);

#endif
