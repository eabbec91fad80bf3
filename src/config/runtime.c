// SPDX-License-Identifier: GPL-2.0-only
#include "config/runtime.h"

const struct settings *config;

u32 code_cost[NR_CODE_COSTS];

/*
 * A code path costs its instructions on the board's kernel times the
 * kernel CPI, rounded to the nearest cycle; cost.NAME=N replaces that.
 */
void config_apply(const struct settings *s)
{
	u64 cpi = settings_kernel_cpi_milli(s);

	config = s;
	for (int i = 0; i < NR_CODE_COSTS; i++)
		code_cost[i] =
			s->cost_override[i] ?
				s->cost_override[i] - 1 :
				(u32)DIV_ROUND_CLOSEST(
					kpath_insns(s->platform->kpath, i) *
						cpi,
					1000);
}
