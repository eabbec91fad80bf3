// SPDX-License-Identifier: GPL-2.0-only
#include "config/runtime.h"

const struct settings *config;

u32 code_cost[NR_CODE_COSTS];

void config_apply(const struct settings *s)
{
	config = s;
	for (int i = 0; i < NR_CODE_COSTS; i++)
		code_cost[i] = s->cost_override[i] ? s->cost_override[i] - 1 :
						     s->platform->code[i];
}
