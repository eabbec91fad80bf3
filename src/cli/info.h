/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The commands that describe rather than run: `vmsplit platforms [NAME]`
 * and `vmsplit settings [NAME|cost]`, as tables sized to their content or
 * as JSON (`--format json`).
 */
#ifndef VMSPLIT_CLI_INFO_H
#define VMSPLIT_CLI_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * info_platforms - every board, or the one named @name (NULL: all) with
 * every parameter the model has for it.
 * Return: 0, or -ENOENT (no such board) with @err set.
 */
int info_platforms(const char *name, bool json, FILE *f, char *err,
		   size_t errlen);

/*
 * info_settings - every setting, the one named @name, or with @name
 * "cost" every code cost a cost.NAME= may override.
 * Return: 0, or -ENOENT with @err set.
 */
int info_settings(const char *name, bool json, FILE *f, char *err,
		  size_t errlen);

#endif
