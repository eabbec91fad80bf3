/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How far a value lies from another, in percent of the other: a model
 * figure from the published one, a variant from its baseline (the
 * experiments' tables), a profile from another (`vmsplit diff`).
 */
#ifndef VMSPLIT_BASE_CHANGE_H
#define VMSPLIT_BASE_CHANGE_H

/* The change from @from to @to, in percent of @from. */
static inline double pct_change(double from, double to)
{
	return 100.0 * (to - from) / from;
}

#endif
