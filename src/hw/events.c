// SPDX-License-Identifier: GPL-2.0-only
#include "hw/events.h"

const char *const event_names[NR_EVENTS] = {
#define EVENT(name, help) #name,
#include "base/events.def"
#undef EVENT
};

const char *const cc_names[NR_CC] = {
#define CC(name) #name,
#include "base/cost_centres.def"
#undef CC
};

const char *const cause_names[NR_CAUSES] = {
#define CAUSE(name, help) #name,
#include "base/charge_causes.def"
#undef CAUSE
};

const char *const cause_help[NR_CAUSES] = {
#define CAUSE(name, help) help,
#include "base/charge_causes.def"
#undef CAUSE
};
