/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `vmsplit layout [--platform P] [NAME=VALUE ...] [--kconfig FILE]
 * [--format text|json]`: the command line of report/layout_print.h.
 */
#ifndef VMSPLIT_CLI_LAYOUT_CMD_H
#define VMSPLIT_CLI_LAYOUT_CMD_H

#include <stddef.h>
#include <stdio.h>

/* The board `vmsplit layout` shows without --platform. */
#define LAYOUT_DEFAULT_PLATFORM "kirkwood-openblocks-a7"

/*
 * layout_cmd - parse @argc words of @argv (those after "layout"; --help
 * is the caller's), apply --kconfig's file first and the NAME=VALUE words
 * after it in order, validate, and print the layout to @out.  A text run
 * with --kconfig says on stderr what the file held that vmsplit does not
 * model; JSON carries it in the settings.
 * Return: 0, or -EINVAL with a one-line reason in @err: a bad option,
 * setting or file, or a configuration without a layout.
 */
int layout_cmd(int argc, char **argv, FILE *out, char *err, size_t errlen);

#endif
