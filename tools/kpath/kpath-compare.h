/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kpath-compare.h - set two measured tables (data/kpath, e.g. one
 * kernel flavour on 6.1 and on 6.12) side by side: per operation and
 * configuration, the [total] of each and the functions whose instructions
 * per operation moved most.
 *
 * Functions are matched by name, a GCC clone's suffix (".constprop.0",
 * ".part.0", ".isra.0": what follows the first '.') dropped so that a
 * clone made in one build and not the other is the same function.  A
 * function in one table only (renamed, inlined, new) counts 0 in the
 * other, so a rename shows as one row down and one up.  Rows below the
 * tables' 0.05 threshold are absent, so are 0.
 */
#ifndef VMSPLIT_KPATH_COMPARE_H
#define VMSPLIT_KPATH_COMPARE_H

#include <stdio.h>

#include "kpath-analyze.h"

/* One row of a measured table. */
struct kp_trow {
	char config[32];
	char op[KP_NAME];
	char func[KP_NAME + 8];
	double insns, calls, lines;
};

struct kp_table {
	char kernel[KP_NAME]; /* the first row's kernel column */
	struct kp_trow *v;
	size_t n;
};

/* A function's instructions per operation in tables A and B. */
struct kp_delta {
	char func[KP_NAME + 8]; /* the base name, clone suffix dropped */
	double a, b;
};

/**
 * kp_table_load - read a table written by kp_write_tsv (with its header)
 * @t: filled in file order
 * @f: the TSV text
 *
 * Return: 0, or -1 with a message on stderr (no header, a short line,
 * more than one kernel, no rows).
 */
int kp_table_load(struct kp_table *t, FILE *f);

void kp_table_free(struct kp_table *t);

/**
 * kp_table_total - the [total] row's instructions of @op in @config.
 *
 * Return: 0 and *@insns, or -1 if the table has no such row.
 */
int kp_table_total(const struct kp_table *t, const char *config, const char *op,
		   double *insns);

/**
 * kp_compare_op - the function rows of @op in @config in either table,
 * as (base name, A, B), by descending |B - A|, then by name.  Summary
 * rows ("[total]", "[ctx:...]", ...) are left out; "[vectors]" is code,
 * so in.
 * @out: allocated array, freed by the caller
 *
 * Return: number of rows, or -1 on allocation failure.
 */
long kp_compare_op(const struct kp_table *a, const struct kp_table *b,
		   const char *config, const char *op, struct kp_delta **out);

/**
 * kp_compare_print - per configuration (in A's order), a Markdown table of
 * every operation both tables measured: the two [total]s, their
 * difference and ratio, then per operation the @top functions that moved
 * most ("name +d (a -> b)").  @config, if not NULL, picks one
 * configuration.
 *
 * Return: 0, or -1 on allocation or output failure.
 */
int kp_compare_print(const struct kp_table *a, const struct kp_table *b,
		     const char *config, int top, FILE *out);

#endif /* VMSPLIT_KPATH_COMPARE_H */
