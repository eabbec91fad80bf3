/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Event counters and cost centres, generated from the X-macro lists in
 * base/events.def and base/cost_centres.def.  The machine knows nothing of
 * Linux: to it a cost centre is a small integer naming "who pays"; the names
 * exist so that a profile can be printed.
 */
#ifndef VMSPLIT_HW_EVENTS_H
#define VMSPLIT_HW_EVENTS_H

#include "base/types.h"

enum event {
#define EVENT(name, help) EV_##name,
#include "base/events.def"
#undef EVENT
	NR_EVENTS
};

enum cost_centre {
#define CC(name) CC_##name,
#include "base/cost_centres.def"
#undef CC
	NR_CC
};

/* Why a cycle was charged (base/charge_causes.def). */
enum charge_cause {
#define CAUSE(name, help) CAUSE_##name,
#include "base/charge_causes.def"
#undef CAUSE
	NR_CAUSES
};

extern const char *const event_names[NR_EVENTS];
extern const char *const cause_names[NR_CAUSES];
extern const char *const cause_help[NR_CAUSES];
extern const char *const cc_names[NR_CC];

#endif
