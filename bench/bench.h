/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vmsplit-bench: the host speed of the simulator (not of the model), in
 * host CPU time, each cell the minimum of several runs that each boot a
 * fresh kernel.  One file per section (bench_dd.c, bench_kmap.c, ...);
 * this header holds what they share.  Nothing is asserted: timings vary
 * with the machine and its load (DESIGN.md, "Speed").
 */
#ifndef VMSPLIT_BENCH_BENCH_H
#define VMSPLIT_BENCH_BENCH_H

#include <stdbool.h>

#include "base/types.h"
#include "config/settings.h"

struct bench_opts {
	bool quick; /* smaller runs: see usage() in bench.c */
	u32 runs; /* runs per cell; the cell is their minimum */
	const struct platform *board; /* NULL: every board */
};

/* Host CPU seconds of this process so far (user + system). */
double bench_cpu_s(void);
/* Host CPU seconds (user + system) of the children waited for so far
 * (E2's jobs, bench_reproduce.c). */
double bench_children_cpu_s(void);

/*
 * bench_min - call @run(@arg) @runs times; each call boots its own kernel
 * and returns the host CPU seconds of what it timed.
 * Return: the smallest of them.
 */
double bench_min(u32 runs, double (*run)(void *arg), void *arg);

/*
 * bench_host_probe_ms - host CPU ms of a fixed integer and memory loop
 * (16M steps over 1 MiB): the host's own speed, which drifts on a shared
 * machine; the dd section takes it at every round, so that a reader can
 * tell a slow spell from a slow simulator.
 */
double bench_host_probe_ms(void);

/* Whether @p is one of the boards to measure (--board). */
bool bench_board_wanted(const struct bench_opts *o, const struct platform *p);

/*
 * bench_settings - @p's default settings with the checkers on (the
 * default) or off; stops the bench if they do not validate.
 */
void bench_settings(struct settings *s, const struct platform *p, bool checks);

/* Print "vmsplit-bench: @what: @err" on stderr and exit 1. */
_Noreturn void bench_die(const char *what, const char *err);

/*
 * bench_target - record that @met of @of cells of @what reached their
 * target, for the summary main() prints at the end.
 */
void bench_target(const char *what, u32 met, u32 of);

/* The sections, in the order they print. */
void bench_dd(const struct bench_opts *o);
void bench_kmap(const struct bench_opts *o);
void bench_spawn(const struct bench_opts *o);
void bench_iperf(const struct bench_opts *o);
void bench_boot(const struct bench_opts *o);
void bench_reproduce(const struct bench_opts *o);

#endif
