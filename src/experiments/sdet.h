/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * SDET runs (E2's second workload): scripts per hour of simulated time.
 */
#ifndef VMSPLIT_EXPERIMENTS_SDET_H
#define VMSPLIT_EXPERIMENTS_SDET_H

#include "config/settings.h"
#include "run/run.h"
#include "workloads/sdet.h"

struct sdet_point {
	struct sdet_params p;
	struct run_result r;
	double t_last_s; /* driver start to the last script's end */
	double scripts_per_hour; /* scripts x 3600 / T_last (§2) */
};

/*
 * sdet_measure - run SDET with @scripts scripts of @commands commands
 * each with @s (its seed orders the scripts).  Return: 0, or a negative
 * errno with @err set (bad parameters, boot failure, deadlock, a failed
 * command or a command count that is not exact).
 */
int sdet_measure(const struct settings *s, u32 scripts, u32 commands,
		 struct sdet_point *pt, char *err, size_t errlen);

#endif
