// SPDX-License-Identifier: GPL-2.0-only
/*
 * dd speed: simulated MB written per host CPU second, per board and block
 * size, with the checkers on and off, against a real Linux 6.1 ARM kernel
 * running the same dd under QEMU TCG on the same machine.  DESIGN.md
 * ("Speed") asks for ten times QEMU on every board with the checkers on.
 */
#include "bench.h"

#include <stdio.h>

#include "base/panic.h"
#include "experiments/dd.h"

static const u32 dd_bs[] = { 512, 1024, 4096, 16384, 32768, 65536, 1048576 };
static const char *const dd_bs_names[] = { "512", "1K",	 "4K", "16K",
					   "32K", "64K", "1M" };
/*
 * MB/s of `dd if=/dev/zero of=<tmpfs file>` on a real Linux 6.1 ARM kernel
 * under QEMU TCG on the development machine (issue 8).
 */
static const double dd_qemu_MBps[] = { 17, 28, 76, 95, 99, 89, 106 };

#define NR_BS ARRAY_SIZE(dd_bs)
#define TARGET_X_QEMU 10
#define FULL_TOTAL (64ull << 20)
#define QUICK_TOTAL (8ull << 20)
#define LABEL_W 26

struct dd_cell {
	struct settings s;
	u32 bs;
	u64 total;
};

/* One dd run as `vmsplit run dd` does it: boot, write, shut down. */
static double dd_run(void *arg)
{
	struct dd_cell *c = arg;
	struct dd_point pt;
	char err[256];
	double t0 = bench_cpu_s();

	if (dd_measure(&c->s, c->bs, c->total, &pt, err, sizeof(err)))
		bench_die(c->s.platform->name, err);
	return bench_cpu_s() - t0;
}

static void print_row(const char *label, const double *mbps)
{
	printf("%-*s", LABEL_W, label);
	for (u32 b = 0; b < NR_BS; b++)
		printf(" %7.0f ", mbps[b]);
	printf("\n");
}

/* The header and the two reference rows every table starts with. */
static void print_head(bool checks, u64 total, u32 runs)
{
	double target[NR_BS];

	printf("\n-- dd, checks=%s%s: simulated MB (10^6 bytes) written per host CPU second --\n",
	       checks ? "y" : "n", checks ? " (the default)" : "");
	printf("   (%llu MiB per run incl. boot and shutdown, as `vmsplit run dd`;\n    the least of %u rounds, each measuring every cell once)\n",
	       (unsigned long long)(total >> 20), runs);
	printf("%-*s", LABEL_W, "bs");
	for (u32 b = 0; b < NR_BS; b++)
		printf(" %7s ", dd_bs_names[b]);
	printf("\n");
	for (u32 b = 0; b < NR_BS; b++)
		target[b] = TARGET_X_QEMU * dd_qemu_MBps[b];
	print_row("QEMU TCG, Linux 6.1 ARM", dd_qemu_MBps);
	print_row("target (10x QEMU)", target);
}

/*
 * One board's row: every block size, the best of @runs runs each, '*'
 * after a cell at or past the target.  Return: the cells that met it.
 */
#define MAX_BOARDS 8

/*
 * Host CPU seconds of each cell, the least over the rounds: [checks on,
 * off][board][bs].  The host's speed drifts by more than half within a
 * minute on the development machine, so each round measures every cell
 * once and the rounds follow one another: a cell's runs fall in different
 * spells instead of three back to back in one.
 */
static double best_s[2][MAX_BOARDS][NR_BS];

static void measure_round(const struct bench_opts *o, u64 total)
{
	struct dd_cell c = { .total = total };

	for (u32 on = 0; on < 2; on++)
		for (u32 i = 0; platform_list()[i]; i++) {
			if (!bench_board_wanted(o, platform_list()[i]))
				continue;
			bench_settings(&c.s, platform_list()[i], !on);
			for (u32 b = 0; b < NR_BS; b++) {
				double t;

				c.bs = dd_bs[b];
				t = dd_run(&c);
				if (t < best_s[on][i][b])
					best_s[on][i][b] = t;
			}
		}
}

static u32 board_row(const struct platform *p, const double *secs,
		     u64 total)
{
	u32 met = 0;

	printf("%-*s", LABEL_W, p->name);
	for (u32 b = 0; b < NR_BS; b++) {
		double mbps = (double)total / 1e6 / secs[b];
		bool ok = mbps >= TARGET_X_QEMU * dd_qemu_MBps[b];

		met += ok;
		printf(" %7.*f%c", mbps < 100 ? 1 : 0, mbps, ok ? '*' : ' ');
	}
	printf("\n");
	return met;
}

static u32 dd_table(const struct bench_opts *o, bool checks, u64 total,
		    u32 *cells)
{
	u32 met = 0;

	print_head(checks, total, o->runs);
	for (u32 i = 0; platform_list()[i]; i++)
		if (bench_board_wanted(o, platform_list()[i])) {
			met += board_row(platform_list()[i], best_s[!checks][i],
					 total);
			*cells += NR_BS;
		}
	return met;
}

void bench_dd(const struct bench_opts *o)
{
	static const char quick_note[] =
		"--quick: 8 MiB runs read several times higher than the 64 MiB runs of the\n"
		"full bench (less fresh host memory to fault in, more of it in the host's\n"
		"caches; boot included either way): compare like with like.\n";
	u64 total = o->quick ? QUICK_TOTAL : FULL_TOTAL;
	u32 on_cells = 0, off_cells = 0, on, off;
	double probe_min = 1e30, probe_max = 0;

	for (u32 i = 0; platform_list()[i]; i++) {
		BUG_ON(i >= MAX_BOARDS);
		for (u32 b = 0; b < NR_BS; b++)
			best_s[0][i][b] = best_s[1][i][b] = 1e30;
	}
	for (u32 r = 0; r < o->runs; r++) {
		double probe = bench_host_probe_ms();

		fprintf(stderr, "dd: round %u of %u (host probe %.1f ms)\n",
			r + 1, o->runs, probe);
		probe_min = MIN(probe_min, probe);
		probe_max = MAX(probe_max, probe);
		measure_round(o, total);
	}
	on = dd_table(o, true, total, &on_cells);
	off = dd_table(o, false, total, &off_cells);

	printf("\nHost probe (bench_host_probe_ms, before each round): %.1f to %.1f ms,\n"
	       "the host's own speed varying by %.2fx over the rounds.\n",
	       probe_min, probe_max, probe_max / probe_min);
	printf("QEMU TCG: a real Linux 6.1 ARM kernel under QEMU TCG, same machine, same dd.\n"
	       "'*': the cell reaches the target, 10x QEMU.  Met: checks=y %u of %u cells,\n"
	       "checks=n %u of %u.\n%s",
	       on, on_cells, off, off_cells, o->quick ? quick_note : "");
	bench_target(
		o->quick ?
			"dd >= 10x QEMU TCG, checks=y (--quick 8 MiB: reads high)" :
			"dd >= 10x QEMU TCG, checks=y (the DESIGN.md target)",
		on, on_cells);
	bench_target(
		o->quick ?
			"dd >= 10x QEMU TCG, checks=n (--quick 8 MiB: reads high)" :
			"dd >= 10x QEMU TCG, checks=n",
		off, off_cells);
}
