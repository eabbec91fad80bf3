// SPDX-License-Identifier: GPL-2.0-only
#include "hw/events.h"

#include <string.h>

const char *const event_names[NR_EVENTS] = {
#define EVENT(name, help) #name,
#include "base/events.def"
#undef EVENT
};

const char *const event_help[NR_EVENTS] = {
#define EVENT(name, help) help,
#include "base/events.def"
#undef EVENT
};

const char *const cc_names[NR_CC] = {
#define CC(name) #name,
#include "base/cost_centres.def"
#undef CC
};

int event_by_name(const char *name)
{
	for (int i = 0; i < NR_EVENTS; i++)
		if (!strcmp(event_names[i], name))
			return i;
	return -1;
}
