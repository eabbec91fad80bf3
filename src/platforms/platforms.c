// SPDX-License-Identifier: GPL-2.0-only
#include "platforms/platform.h"

#include <string.h>

#include "base/panic.h"

const char *const code_cost_names[NR_CODE_COSTS] = {
#define CODE(name, help) #name,
#include "base/code_costs.def"
#undef CODE
};

const char *const code_cost_help[NR_CODE_COSTS] = {
#define CODE(name, help) help,
#include "base/code_costs.def"
#undef CODE
};

extern const struct platform kirkwood_openblocks_a7;
extern const struct platform beaglebone_white;
extern const struct platform beaglebone_black;
extern const struct platform numaq_16;
extern const struct platform cortex_a15_2g;
extern const struct platform am335x_evm;

const struct platform *const platforms[] = {
	&kirkwood_openblocks_a7,
	&beaglebone_white,
	&numaq_16,
	&cortex_a15_2g,
	/* New boards go last: the fuzzer's inputs name a board by index. */
	&beaglebone_black,
	&am335x_evm,
	NULL,
};

u32 kpath_insns(const struct kpath *kp, enum code_cost cc)
{
	s64 n = kp->measured[cc];

	if (kp->adjust)
		n += kp->adjust[cc];
	if (n < 0)
		panic("kpath_insns: %s: %s adjusted below zero (%lld)",
		      kp->kernel, code_cost_names[cc], (long long)n);
	return (u32)n;
}

const struct platform *platform_find(const char *name)
{
	for (int i = 0; platforms[i]; i++)
		if (!strcmp(platforms[i]->name, name))
			return platforms[i];
	return NULL;
}
