// SPDX-License-Identifier: GPL-2.0-only
/*
 * iperf speed: host time per simulated TCP segment and simulated payload
 * bytes per host second, on the Kirkwood (the board with a NIC), for the
 * four E1 configurations that differ most in work per segment, checks on
 * and off.  No target: issue 8's targets predate the network.
 */
#include "bench.h"

#include <stdio.h>

#include "experiments/iperf.h"

struct iperf_cell {
	struct settings s;
	u64 ns;
	struct iperf_point pt;
};

static double iperf_run(void *arg)
{
	struct iperf_cell *c = arg;
	char err[256];
	double t0 = bench_cpu_s();

	if (iperf_measure(&c->s, IPERF_DEFAULT_LEN, c->ns, &c->pt, err,
			  sizeof(err)))
		bench_die("iperf", err);
	return bench_cpu_s() - t0;
}

void bench_iperf(const struct bench_opts *o)
{
	static const char *const rows[][2] = {
		{ "CONFIG_HIGHMEM=n", "tso=off" },
		{ "CONFIG_HIGHMEM=n", "tso=on" },
		{ "CONFIG_HIGHMEM=y", "tso=off" },
		{ "CONFIG_HIGHMEM=y", "tso=on" },
	};
	const struct platform *p = platform_find("kirkwood-openblocks-a7");
	static struct iperf_cell c;

	if (!bench_board_wanted(o, p))
		return;
	printf("\n-- iperf on %s, %s s simulated a run: host us per segment, simulated MB/s per host s --\n",
	       p->name, o->quick ? "0.05" : "0.2");
	printf("%-36s %12s %12s %12s %12s\n", "", "us/seg y", "MB/s y",
	       "us/seg n", "MB/s n");
	for (size_t r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
		printf("%-18s %-17s", rows[r][0], rows[r][1]);
		for (int checks = 1; checks >= 0; checks--) {
			char err[256];
			double s;

			bench_settings(&c.s, p, checks);
			for (int w = 0; w < 2; w++)
				if (settings_parse(&c.s, rows[r][w], err,
						   sizeof(err)))
					bench_die("iperf", err);
			c.ns = o->quick ? 50000000 : 200000000;
			s = bench_min(o->runs, iperf_run, &c);
			printf(" %12.2f %12.1f",
			       c.pt.net.tx_frames ?
				       s * 1e6 / (double)c.pt.net.tx_frames :
				       0,
			       (double)c.pt.p.peer_bytes1 / 1e6 / s);
		}
		printf("\n");
	}
}
