/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The configuration of the running simulation, and the one way kernel code
 * charges its own instructions: charge(CODE_x) books the platform's cost of
 * code path x to the current CPU's current cost centre.
 */
#ifndef VMSPLIT_CONFIG_RUNTIME_H
#define VMSPLIT_CONFIG_RUNTIME_H

#include "config/settings.h"
#include "hw/machine.h"

/* The settings and board of the booted kernel (NULL before boot). */
extern const struct settings *config;

static inline const struct platform *platform(void)
{
	return config->platform;
}

/* Charge one pass of code path @cc. */
static inline void charge(enum code_cost cc)
{
	hw_charge(this_cpu(), platform()->code[cc]);
}

/* Charge @n iterations of code path @cc. */
static inline void charge_n(enum code_cost cc, u64 n)
{
	hw_charge(this_cpu(), n * platform()->code[cc]);
}

/* Charge a per-KiB code path for @bytes, rounded to the nearest cycle. */
static inline void charge_bytes(enum code_cost cc, u64 bytes)
{
	hw_charge(this_cpu(), (bytes * platform()->code[cc] + 512) >> 10);
}

#endif
