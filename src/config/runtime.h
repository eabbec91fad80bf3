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

/* The code-path costs in force: the board's, with the settings' cost.X
 * overrides applied at boot. */
extern u32 code_cost[NR_CODE_COSTS];

/* Make @s the configuration in force: config and the code costs. */
void config_apply(const struct settings *s);

static inline const struct platform *platform(void)
{
	return config->platform;
}

/*
 * Charge one pass of code path @cc.  Other code ends a streaming loop
 * (charge_bytes): a store posted after it did not issue with the loop.
 */
static inline void charge(enum code_cost cc)
{
	struct cpu *c = this_cpu();

	c->stream_from = U64_MAX;
	hw_charge(c, CAUSE_code, code_cost[cc]);
}

/* Charge @n iterations of code path @cc; ends a streaming loop. */
static inline void charge_n(enum code_cost cc, u64 n)
{
	struct cpu *c = this_cpu();

	c->stream_from = U64_MAX;
	hw_charge(c, CAUSE_code, n * code_cost[cc]);
}

/*
 * Charge a per-KiB code path for @bytes, rounded to the nearest cycle: a
 * streaming loop, whose loads and stores the caller makes next
 * (hw_stream_issue).
 */
static inline void charge_bytes(enum code_cost cc, u64 bytes)
{
	hw_stream_issue(this_cpu(), CAUSE_code,
			(bytes * code_cost[cc] + 512) >> 10);
}

#endif
