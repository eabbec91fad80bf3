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
