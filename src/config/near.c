// SPDX-License-Identifier: GPL-2.0-only
/* Distance between names (see config/near.h). */
#include "config/near.h"

#include <ctype.h>
#include <string.h>

#include "base/panic.h"

static u32 min3(u32 a, u32 b, u32 c)
{
	u32 m = a < b ? a : b;

	return m < c ? m : c;
}

static char up(char c)
{
	return (char)toupper((unsigned char)c);
}

u32 near_distance(const char *a, const char *b, u32 bound)
{
	size_t la = strlen(a), lb = strlen(b);
	u8 d[NEAR_NAME_MAX + NEAR_BOUND_MAX + 1][NEAR_NAME_MAX + 1];

	if (lb > NEAR_NAME_MAX || bound > NEAR_BOUND_MAX)
		panic("near_distance: %s (bound %u) beyond the table", b,
		      bound);
	if (la > lb + bound || lb > la + bound)
		return bound + 1;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (u8)j;
	for (size_t i = 1; i <= la; i++) {
		u32 row_min;

		d[i][0] = (u8)i;
		row_min = i;
		for (size_t j = 1; j <= lb; j++) {
			char x = up(a[i - 1]), y = up(b[j - 1]);
			u32 v = min3(d[i - 1][j] + 1u, d[i][j - 1] + 1u,
				     d[i - 1][j - 1] + (x != y));

			/* Two neighbours swapped: one slip. */
			if (i > 1 && j > 1 && x == up(b[j - 2]) &&
			    up(a[i - 2]) == y && d[i - 2][j - 2] + 1u < v)
				v = d[i - 2][j - 2] + 1u;
			d[i][j] = (u8)(v > bound + 1 ? bound + 1 : v);
			if (d[i][j] < row_min)
				row_min = d[i][j];
		}
		/* No alignment gets back under the bound from here. */
		if (row_min > bound)
			return bound + 1;
	}
	return d[la][lb];
}
