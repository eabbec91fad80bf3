/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The one figure every experiment's table prints beside its rows: how far
 * a value lies from another, in percent of the other -- a model figure
 * from the published one, a variant from its baseline.
 */
#ifndef VMSPLIT_EXPERIMENTS_CHANGE_H
#define VMSPLIT_EXPERIMENTS_CHANGE_H

/* The change from @from to @to, in percent of @from. */
static inline double pct_change(double from, double to)
{
	return 100.0 * (to - from) / from;
}

#endif
