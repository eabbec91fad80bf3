// SPDX-License-Identifier: GPL-2.0-only
#include "platforms/platform.h"

#include <string.h>

const char *const code_cost_names[NR_CODE_COSTS] = {
#define CODE(name, help) #name,
#include "base/code_costs.def"
#undef CODE
};

extern const struct platform kirkwood_openblocks_a7;
extern const struct platform beaglebone_white;
extern const struct platform numaq_16;
extern const struct platform cortex_a15_2g;

const struct platform *const platforms[] = {
	&kirkwood_openblocks_a7,
	&beaglebone_white,
	&numaq_16,
	&cortex_a15_2g,
	NULL,
};

const struct platform *platform_find(const char *name)
{
	for (int i = 0; platforms[i]; i++)
		if (!strcmp(platforms[i]->name, name))
			return platforms[i];
	return NULL;
}
