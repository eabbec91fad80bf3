// SPDX-License-Identifier: GPL-2.0-only
#include "platforms/platform.h"

#include <string.h>

#include "base/errno.h"
#include "base/panic.h"
#include "platforms/board_file.h"

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

/* The built-in boards and those registered after; NULL-terminated. */
#define MAX_PLATFORMS 64
static const struct platform *registry[MAX_PLATFORMS + 1];
static u32 nr_platforms;

/* Read the built-in boards' files, once: a broken one is a broken build. */
static void platforms_load(void)
{
	static bool loaded;
	char err[256];

	if (loaded)
		return;
	/* Before the reading: platform_register looks names up. */
	loaded = true;
	for (const struct board_text *t = board_texts; t->where; t++) {
		struct platform *p = board_parse(t->text, t->where, err,
						 sizeof(err));

		if (!p)
			panic("built-in board: %s", err);
		if (platform_register(p))
			panic("built-in board %s: a second board of that name",
			      t->where);
	}
}

const struct platform *const *platform_list(void)
{
	platforms_load();
	return registry;
}

int platform_register(const struct platform *p)
{
	if (platform_find(p->name))
		return -EEXIST;
	if (nr_platforms == MAX_PLATFORMS)
		panic("platform_register: more than %d boards", MAX_PLATFORMS);
	registry[nr_platforms++] = p;
	return 0;
}

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
	platforms_load();
	for (u32 i = 0; i < nr_platforms; i++)
		if (!strcmp(registry[i]->name, name))
			return registry[i];
	return NULL;
}
