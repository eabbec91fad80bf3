/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A progress line on stderr for long runs: "  reproduce kernbench-numaq:
 * run 2/4, kernbench unit 312/900", shown once a command has taken two
 * seconds of host time, rewritten at most four times a second and cleared
 * at the end.  Only when stderr is a terminal and the output is not JSON
 * (progress_init decides); otherwise every hook is one predicted branch and
 * nothing is printed, so piped and redirected output never changes.
 */
#ifndef VMSPLIT_CLI_PROGRESS_H
#define VMSPLIT_CLI_PROGRESS_H

#include <stdbool.h>

#include "base/types.h"

extern bool progress_enabled;
/* Host time before the line first shows (a knob for the tests). */
extern u64 progress_delay_ns;

/*
 * progress_init - turn the line on for a command named @label ("run
 * kernbench") if @want and @fd is a terminal.
 * Return: whether it is on.
 */
bool progress_init(const char *label, bool want, int fd);

/* Name what runs now ("reproduce dd-beaglebone"); resets the counters. */
void progress_label(const char *label);

void __progress_run(u32 i, u32 n);
void __progress_tick(const char *what, u64 done, u64 total);

/* The outer count: run @i (0-based) of @n of an experiment's table. */
static inline void progress_run(u32 i, u32 n)
{
	if (__builtin_expect(progress_enabled, 0))
		__progress_run(i, n);
}

/* The inner count: @done of @total @what ("kernbench unit") so far. */
static inline void progress_tick(const char *what, u64 done, u64 total)
{
	if (__builtin_expect(progress_enabled, 0))
		__progress_tick(what, done, total);
}

/* Clear the line if one is shown (before output or an error). */
void progress_end(void);

#endif
