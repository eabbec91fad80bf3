/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Micro-benchmarks of the mapping primitives: simulated cycles and events
 * per map+unmap pair (or per call for page_address) on a freshly booted
 * kernel, with the caches and TLBs warmed by a few untimed pairs.  The
 * mapped page is not touched: the numbers are the cost of the primitive
 * itself.
 */
#ifndef VMSPLIT_MICRO_MICRO_H
#define VMSPLIT_MICRO_MICRO_H

#include "config/settings.h"
#include "hw/events.h"

struct micro_result {
	const char *op;
	bool available;			/* false: the configuration lacks it */
	const char *why;		/* ... and why */
	double cycles;			/* per pair */
	double events[NR_EVENTS];	/* per pair */
	double host_ns;			/* per pair; < 0 if not measured */
	u32 pairs;			/* pairs measured */
};

/* The primitives, in output order; NULL-terminated. */
extern const char *const micro_ops[];

/**
 * micro_run - boot a kernel with @s and measure @op
 * @host_time: also time the pairs on the host (non-deterministic)
 * Return: 0, or -EINVAL with @err set (bad op, boot failure).
 */
int micro_run(const struct settings *s, const char *op, bool host_time,
	      struct micro_result *r, char *err, size_t errlen);

#endif
