// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit reproduce` speed: host time of every experiment that exists so
 * far, run as the CLI runs them (src/cli/main.c), output thrown away --
 * what `make run` costs.  E3 and E1 run in this process: their host CPU
 * seconds, no target.  E2 runs its jobs in child processes (run/jobs.h),
 * two at a time, as on the two cores issue 33 names: its wall seconds
 * against that target, and the CPU seconds of the bench and its
 * children (a host with fewer idle cores than jobs pays those in wall
 * time too).
 */
#include "bench.h"

#include <stdio.h>
#include <time.h>

#include "experiments/dd.h"
#include "experiments/iperf.h"
#include "experiments/kernbench.h"

/* Issue 33: the whole `reproduce kernbench-numaq` on two cores. */
#define E2_JOBS_AT_ONCE 2u
#define E2_TARGET_WALL_S 30u

/* One `vmsplit reproduce`; Return: its host CPU seconds. */
static double reproduce_run(void *arg)
{
	FILE *devnull = arg;
	char err[256];
	double t0 = bench_cpu_s();

	if (reproduce_dd_beaglebone(false, DD_DEFAULT_TOTAL, devnull, NULL, err,
				    sizeof(err)) ||
	    reproduce_net_kirkwood(false, IPERF_DEFAULT_TIME_NS, devnull, NULL, err,
				   sizeof(err)))
		bench_die("reproduce", err);
	return bench_cpu_s() - t0;
}

/* Wall-clock seconds (CLOCK_MONOTONIC). */
static double wall_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * One `vmsplit reproduce kernbench-numaq` (E2: two kernbench runs and six
 * SDET runs), E2_JOBS_AT_ONCE jobs at a time.  Once, whatever --runs says:
 * it takes minutes of host CPU, and its target is wall time.
 */
static void bench_reproduce_e2(FILE *devnull)
{
	static char what[64];	/* bench_target keeps the pointer */
	const struct kernbench_numaq_result *res;
	double probe = bench_host_probe_ms(), w, cpu;
	double w0 = wall_s(), c0 = bench_cpu_s() + bench_children_cpu_s();
	char err[256];

	if (reproduce_kernbench_numaq(false, devnull, E2_JOBS_AT_ONCE, &res,
				      err, sizeof(err)))
		bench_die("reproduce kernbench-numaq", err);
	w = wall_s() - w0;
	cpu = bench_cpu_s() + bench_children_cpu_s() - c0;
	printf("-- vmsplit reproduce kernbench-numaq (E2: 2 kernbench runs of %u units,\n"
	       "   %u SDET runs; checks=n, as E2 sets; %u jobs at a time): %.1f s of\n"
	       "   wall time (target <= %u s), %.1f host CPU s in all; host probe\n"
	       "   before it %.1f ms --\n",
	       res->kb[0].p.units, 2 * E2_SDET_SEEDS, E2_JOBS_AT_ONCE, w,
	       E2_TARGET_WALL_S, cpu, probe);
	snprintf(what, sizeof(what),
		 "E2 reproduce <= %u s of wall time, %u jobs at a time",
		 E2_TARGET_WALL_S, E2_JOBS_AT_ONCE);
	bench_target(what, w <= E2_TARGET_WALL_S, 1);
}

void bench_reproduce(const struct bench_opts *o)
{
	FILE *devnull;
	double s;

	/* E3, E1 and E2 run on their boards; --board leaves them out. */
	if (o->board)
		return;
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		bench_die("reproduce", "cannot open /dev/null");
	s = bench_min(o->runs, reproduce_run, devnull);
	printf("\n-- vmsplit reproduce (E3: 28 dd runs of %u MiB; E1: %u iperf runs; checks=y): %.2f host CPU s (min of %u) --\n",
	       DD_DEFAULT_TOTAL >> 20, E1_NROWS * 2 + E1_PLACEMENTS - 1, s,
	       o->runs);
	/* --quick is for a quick look: E2 alone takes longer than the rest. */
	if (o->quick)
		printf("-- vmsplit reproduce kernbench-numaq (E2): left out under --quick --\n");
	else
		bench_reproduce_e2(devnull);
	fclose(devnull);
}
