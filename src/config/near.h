/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How near one name is to another: the optimal-string-alignment distance
 * (a letter dropped, added or changed, or two neighbours swapped, each one
 * slip), case ignored -- what `--kconfig` uses to say "did you mean".
 */
#ifndef VMSPLIT_CONFIG_NEAR_H
#define VMSPLIT_CONFIG_NEAR_H

#include "base/types.h"

/* The longest name near_distance compares against, and the largest bound. */
#define NEAR_NAME_MAX 32
#define NEAR_BOUND_MAX 4

/*
 * near_distance - the distance of @a and @b, or @bound + 1 as soon as it is
 * known to exceed @bound (<= NEAR_BOUND_MAX).  @b has at most NEAR_NAME_MAX
 * characters (a broken invariant otherwise).
 */
u32 near_distance(const char *a, const char *b, u32 bound);

#endif
