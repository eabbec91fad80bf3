/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Boot and tear down one simulated kernel.  One kernel runs per process at
 * a time; tests and commands boot, run and shut down as often as they like.
 */
#ifndef VMSPLIT_KERNEL_BOOT_H
#define VMSPLIT_KERNEL_BOOT_H

#include <stddef.h>

#include "config/settings.h"

/**
 * boot_kernel - build the machine @s describes and bring the kernel up
 * @s: validated settings; must stay alive until shutdown_kernel()
 * @err: receives a one-line reason on failure
 *
 * After boot every CPU's clock and counters are zero and CPU 0 runs.
 * Return: 0, or a negative errno with @err set.
 */
int boot_kernel(const struct settings *s, char *err, size_t errlen);

/* Run the end-of-run checkers (with checks on), then free everything. */
void shutdown_kernel(void);

/* Free everything without checking (after a caught panic in a test). */
void abandon_kernel(void);

#endif
