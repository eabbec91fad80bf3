// SPDX-License-Identifier: GPL-2.0-only
/*
 * vmsplit-bench [--quick] [--runs N] [--board NAME] [--only SECTION]: the
 * host speed of the simulator, section by section (bench.h), then a
 * summary of the targets of issue 8 and DESIGN.md ("Speed").
 */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static const struct {
	const char *name;
	void (*run)(const struct bench_opts *o);
} sections[] = {
	/*
	 * Boot first, in a fresh process, as a `vmsplit` command boots: run
	 * after the other sections, the NUMA-Q's boot read about 30 ms of
	 * host CPU instead of 6 on the development machine (30 November
	 * 2026), the host's memory no longer what a new process finds.
	 */
	{ "boot", bench_boot },
	{ "dd", bench_dd },
	{ "kmap", bench_kmap },
	{ "spawn", bench_spawn },
	{ "iperf", bench_iperf },
	{ "reproduce", bench_reproduce },
};

#define NR_SECTIONS ARRAY_SIZE(sections)
#define DEFAULT_RUNS 3
#define MAX_RUNS 100
#define MAX_TARGETS 16

static struct {
	const char *what;
	u32 met, of;
} targets[MAX_TARGETS];
static u32 nr_targets;

double bench_cpu_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

double bench_children_cpu_s(void)
{
	struct rusage r;

	if (getrusage(RUSAGE_CHILDREN, &r))
		bench_die("bench_children_cpu_s", "getrusage failed");
	return (double)(r.ru_utime.tv_sec + r.ru_stime.tv_sec) +
	       (double)(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
}

double bench_min(u32 runs, double (*run)(void *arg), void *arg)
{
	double best = run(arg);

	for (u32 i = 1; i < runs; i++) {
		double t = run(arg);

		if (t < best)
			best = t;
	}
	return best;
}

double bench_host_probe_ms(void)
{
	static u32 buf[1 << 18];	/* 1 MiB: the host's L2 */
	u32 x = 12345, sum = 0;
	double t0 = bench_cpu_s();

	for (u32 i = 0; i < (1u << 24); i++) {
		x = x * 1103515245u + 12345u;
		sum += buf[x >> 14]++;
	}
	/* Keep the loop: its result goes somewhere the compiler must honour. */
	buf[0] = sum;
	return (bench_cpu_s() - t0) * 1e3;
}

bool bench_board_wanted(const struct bench_opts *o, const struct platform *p)
{
	return !o->board || o->board == p;
}

void bench_settings(struct settings *s, const struct platform *p, bool checks)
{
	char err[256];

	settings_default(s, p);
	if (settings_parse(s, checks ? "checks=y" : "checks=n", err,
			   sizeof(err)) ||
	    settings_validate(s, err, sizeof(err)))
		bench_die(p->name, err);
}

_Noreturn void bench_die(const char *what, const char *err)
{
	fflush(stdout);
	fprintf(stderr, "vmsplit-bench: %s: %s\n", what, err);
	exit(1);
}

void bench_target(const char *what, u32 met, u32 of)
{
	if (nr_targets == MAX_TARGETS)
		bench_die("bench_target", "too many targets");
	targets[nr_targets].what = what;
	targets[nr_targets].met = met;
	targets[nr_targets++].of = of;
}

/*
 * The host's load: CPU time is not wall time, but a busy host still
 * slows the bench through shared caches and cores, by up to 2x.
 */
static void print_load(const char *when)
{
	double load[1];

	if (getloadavg(load, 1) == 1)
		printf("Host load average %s: %.2f on %ld CPUs.\n", when,
		       load[0], sysconf(_SC_NPROCESSORS_ONLN));
}

static void print_summary(double cpu_s)
{
	printf("\n== Summary: targets met (cells at or past their target) ==\n");
	if (!nr_targets)
		printf("  (no section with a target ran)\n");
	for (u32 i = 0; i < nr_targets; i++)
		printf("  %-62s %3u of %3u\n", targets[i].what, targets[i].met,
		       targets[i].of);
	printf("\nThe bench took %.1f s of host CPU time (with its children's).\n",
	       cpu_s);
	print_load("at the end");
}

static _Noreturn void usage(FILE *f, int status)
{
	fprintf(f,
		"usage: vmsplit-bench [--quick] [--runs N] [--board NAME] [--only dd|kmap|spawn|iperf|boot|reproduce]\n"
		"  --quick   dd writes 8 MiB instead of 64 MiB, spawn stops at 512 processes,\n"
		"            kmap times 100000 pairs instead of 1000000, reproduce leaves E2\n"
		"            out; 1 run per cell\n"
		"  --runs N  runs per cell, each on a fresh kernel; the cell shows the\n"
		"            minimum (default %d, or 1 with --quick)\n"
		"  --board   one board (see `vmsplit platforms`); default every board\n"
		"  --only    one section; default all of them\n",
		DEFAULT_RUNS);
	exit(status);
}

static _Noreturn void usage_error(const char *msg, const char *arg)
{
	fprintf(stderr, "vmsplit-bench: %s '%s'\n", msg, arg);
	usage(stderr, 2);
}

/* Parse argv into @o; return the --only section's index, or -1 for all. */
static int parse_args(int argc, char **argv, struct bench_opts *o)
{
	int only = -1, runs = 0;

	memset(o, 0, sizeof(*o));
	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : "";

		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout, 0);
		} else if (!strcmp(argv[i], "--quick")) {
			o->quick = true;
		} else if (!strcmp(argv[i], "--runs")) {
			runs = atoi(v);
			if (runs < 1 || runs > MAX_RUNS)
				usage_error("--runs needs 1..100, not", v);
			i++;
		} else if (!strcmp(argv[i], "--board")) {
			o->board = platform_find(v);
			if (!o->board)
				usage_error("unknown board", v);
			i++;
		} else if (!strcmp(argv[i], "--only")) {
			for (u32 k = 0; k < NR_SECTIONS; k++)
				if (!strcmp(v, sections[k].name))
					only = (int)k;
			if (only < 0)
				usage_error("unknown section", v);
			i++;
		} else {
			usage_error("unknown option", argv[i]);
		}
	}
	o->runs = runs ? (u32)runs : o->quick ? 1 : DEFAULT_RUNS;
	return only;
}

int main(int argc, char **argv)
{
	struct bench_opts o;
	int only = parse_args(argc, argv, &o);
	double t0 = bench_cpu_s() + bench_children_cpu_s();

	/* Each cell prints as soon as it is measured: show it at once. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("vmsplit-bench%s: host speed of the simulator, not of the model.\n"
	       "Every figure is host CPU time (CLOCK_PROCESS_CPUTIME_ID, user + system),\n"
	       "the minimum of %u run%s, each run on a freshly booted kernel; checks=y\n"
	       "(the default) unless a table says otherwise.  E2's reproduce is wall\n"
	       "time, of one run.  Timings vary with the machine and its load;\n"
	       "nothing here is asserted.\n",
	       o.quick ? " --quick" : "", o.runs, o.runs == 1 ? "" : "s");
	print_load("at the start");
	for (u32 k = 0; k < NR_SECTIONS; k++)
		if (only < 0 || only == (int)k)
			sections[k].run(&o);
	print_summary(bench_cpu_s() + bench_children_cpu_s() - t0);
	return 0;
}
