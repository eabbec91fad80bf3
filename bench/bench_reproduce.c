// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit reproduce` speed: host CPU seconds of every experiment that
 * exists so far, run as the CLI runs them (src/cli/main.c), output thrown
 * away.  No target; it is what `make run` costs.
 */
#include "bench.h"

#include <stdio.h>

#include "experiments/dd.h"
#include "experiments/iperf.h"

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

void bench_reproduce(const struct bench_opts *o)
{
	FILE *devnull;
	double s;

	/* E3 and E1 run on their boards; --board leaves them out. */
	if (o->board)
		return;
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		bench_die("reproduce", "cannot open /dev/null");
	s = bench_min(o->runs, reproduce_run, devnull);
	fclose(devnull);
	printf("\n-- vmsplit reproduce (E3: 28 dd runs of %u MiB; E1: %u iperf runs; checks=y): %.2f host CPU s (min of %u) --\n",
	       DD_DEFAULT_TOTAL >> 20, E1_NROWS * 2 + E1_PLACEMENTS - 1, s,
	       o->runs);
}
