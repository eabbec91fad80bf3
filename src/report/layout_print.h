/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `vmsplit layout`: the kernel's virtual memory layout for a configuration
 * as its boot log shows it (arch/arm/mm/init.c or arch/x86/mm/init_32.c
 * mem_init()), then the zones, the RAM the kernel uses and what it cannot
 * use, and TASK_SIZE.  Every figure comes from arch/layout.c or from the
 * board; what the model does not have (the image's sections) is said to
 * be missing, not made up.
 */
#ifndef VMSPLIT_REPORT_LAYOUT_PRINT_H
#define VMSPLIT_REPORT_LAYOUT_PRINT_H

#include <stddef.h>
#include <stdio.h>

#include "config/settings.h"

enum layout_format {
	LAYOUT_TEXT, /* the boot log's lines, then vmsplit's own */
	LAYOUT_JSON, /* one JSON object */
};

/*
 * layout_print - print the layout of the kernel @s describes (validated
 * settings) to @f in @fmt.  No machine is booted.
 * Return: 0, or -EINVAL with a one-line reason in @err when @s has no
 * layout (layout_compute: the kmap slots of every CPU do not fit).
 */
int layout_print(const struct settings *s, enum layout_format fmt, FILE *f,
		 char *err, size_t errlen);

#endif
