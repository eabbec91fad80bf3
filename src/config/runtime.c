// SPDX-License-Identifier: GPL-2.0-only
#include "config/runtime.h"

const struct settings *config;

u32 code_cost[NR_CODE_COSTS];

/*
 * A code path costs its instructions on the kernel in force
 * (settings_kpath) times the kernel CPI, rounded to the nearest cycle -- a
 * streaming loop under streaming=throughput its core's issue cycles
 * instead (platform_throughput.issue_kib); cost.NAME=N replaces either.
 */
void config_apply(const struct settings *s)
{
	const u32 *issue = s->streaming_throughput ?
				   s->platform->throughput.issue_kib :
				   NULL;
	u64 cpi = settings_kernel_cpi_milli(s);

	config = s;
	for (int i = 0; i < NR_CODE_COSTS; i++) {
		if (s->cost_override[i])
			code_cost[i] = s->cost_override[i] - 1;
		else if (issue && issue[i])
			code_cost[i] = issue[i];
		else
			code_cost[i] = (u32)DIV_ROUND_CLOSEST(
				kpath_insns(settings_kpath(s), i) * cpi, 1000);
	}
}
