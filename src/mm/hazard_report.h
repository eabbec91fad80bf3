/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a checker reports of a hazard of Linux's own instead of stopping
 * the run (mm/pgtable_hazard.h, mm/uncached_hazard.h): how many times it
 * met it, and the first time's words, which the run prints at its end.
 */
#ifndef VMSPLIT_MM_HAZARD_REPORT_H
#define VMSPLIT_MM_HAZARD_REPORT_H

#include "base/types.h"

struct hazard_report {
	u32 count;
	char first[384];
};

#endif
