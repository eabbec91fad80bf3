/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Writing JSON: the one string quoter every --format json output uses, so
 * that a name or a settings word with a quote, a backslash or a control
 * character still makes a valid document.
 */
#ifndef VMSPLIT_BASE_JSON_H
#define VMSPLIT_BASE_JSON_H

#include <stdio.h>

/* @s as a JSON string, quotes included. */
void json_print_string(FILE *f, const char *s);

#endif
