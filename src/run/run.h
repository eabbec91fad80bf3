/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Running a process workload: boot, start its processes, run the
 * scheduler until they are all gone, collect the times, events and
 * profile, shut down with the end-of-run audit.
 */
#ifndef VMSPLIT_RUN_RUN_H
#define VMSPLIT_RUN_RUN_H

#include <stdio.h>

#include "config/settings.h"
#include "hw/events.h"

struct run_result {
	u64 elapsed_cycles;	/* the last CPU's clock */
	u64 user_cycles;	/* summed over CPUs */
	u64 system_cycles;
	u64 idle_cycles;	/* incl. CPUs that finished early */
	u64 busiest_cycles;	/* the busy cycles of the busiest CPU */
	double elapsed_s, user_s, system_s, cpu_pct;
	u64 events[NR_EVENTS];
	u64 profile[NR_CC];
	/* The busy cycles again, by why they were charged: sums to the same
	 * as profile[] (checked at collection). */
	u64 causes[NR_CAUSES];
	u64 exits, sigsegv;
	u32 ncpus;
};

/*
 * run_workload - boot with @s, call @start(@params) to create processes,
 * run to completion.  Return: 0, or a negative errno with @err set (boot
 * failure, deadlock).
 */
int run_workload(const struct settings *s, void (*start)(const void *),
		 const void *params, struct run_result *r, char *err,
		 size_t errlen);

/* Called after the workload, before shutdown, if set: a measurement that
 * reads kernel state the shutdown tears down. */
extern void (*run_before_shutdown)(void);

/* Sum of @r's profile over cost centres, and over causes. */
u64 run_profile_sum(const struct run_result *r);
u64 run_cause_sum(const struct run_result *r);

/*
 * Print @r as a JSON object's "metrics", "events", "profile" and "causes"
 * members;
 * @headline (or NULL) opens "metrics" with the workload's own numbers,
 * e.g. "\"MBps\": 89.00, ".
 */
void run_print_json_body(const struct run_result *r, const char *headline,
			 FILE *f);

#endif
