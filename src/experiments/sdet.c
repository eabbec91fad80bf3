// SPDX-License-Identifier: GPL-2.0-only
/*
 * An SDET run: the workload of workloads/sdet.c to completion, and its
 * metric, scripts/hour = N_scripts x 3600 / T_last (process-workloads.md
 * §2), T_last from the driver's start to the last script's end.
 */
#include "experiments/sdet.h"

#include "base/errno.h"

static void sdet_start_cb(const void *p)
{
	/* run_workload passes our own, writable, sdet_params. */
	sdet_start((struct sdet_params *)(unsigned long)p);
}

int sdet_measure(const struct settings *s, u32 scripts, u32 commands,
		 struct sdet_point *pt, char *err, size_t errlen)
{
	int ret;

	if (!scripts || scripts > SDET_MAX_SCRIPTS || !commands ||
	    commands > SDET_MAX_COMMANDS) {
		snprintf(err, errlen,
			 "sdet: 1-%u scripts of 1-%u commands (not %u of %u)",
			 SDET_MAX_SCRIPTS, SDET_MAX_COMMANDS, scripts,
			 commands);
		return -EINVAL;
	}
	pt->p.scripts = scripts;
	pt->p.commands = commands;
	pt->p.seed = s->seed;
	ret = run_workload(s, sdet_start_cb, &pt->p, &pt->r, err, errlen);
	if (ret)
		return ret;
	if (pt->p.status) {
		snprintf(err, errlen, "sdet failed at step %d", pt->p.status);
		return -EIO;
	}
	if (pt->p.commands_done != (u64)scripts * commands ||
	    pt->p.last_ns <= pt->p.start_ns) {
		snprintf(err, errlen, "sdet: %llu commands of %llu",
			 (unsigned long long)pt->p.commands_done,
			 (unsigned long long)scripts * commands);
		return -EIO;
	}
	pt->t_last_s = (double)(pt->p.last_ns - pt->p.start_ns) / 1e9;
	pt->scripts_per_hour = scripts * 3600.0 / pt->t_last_s;
	return 0;
}
