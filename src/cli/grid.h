/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `vmsplit run` and `explain` over a grid: a comma list in any NAME=VALUE
 * word or in --platform (`CONFIG_HIGHMEM=y,n --platform a,b`; explain's
 * --bs too) runs the cross product, one run per combination, in the order
 * the lists are given (the first list varies slowest).  Every output
 * carries the settings: `run`'s table is one table of every combination's
 * rows with the varying settings as its first columns and the settings
 * every run shares above it (each run made as CSV); explain's, a heading
 * naming the varying ones above each combination's block; JSON one array
 * of every combination's objects (each has its "settings"); and CSV --
 * always, grid or not -- a column per setting after the workload's own, so
 * that rows of a shell loop can be told apart too.
 */
#ifndef VMSPLIT_CLI_GRID_H
#define VMSPLIT_CLI_GRID_H

#include <stdbool.h>
#include <stdio.h>

/* What the grid asks of the command it runs. */
struct grid_hooks {
	/* Run one combination (no lists left in @argv); its return. */
	int (*run_one)(int argc, char **argv);
	/* The settings the last run_one parsed, as NAME=VALUE words
	 * separated by spaces (settings_print_words). */
	void (*last_settings)(FILE *f);
	/* The last run_one's --format: 't'able, 'c'sv or 'j'son. */
	char (*last_format)(void);
	/* The options whose value may be a list ("--platform", and
	 * explain's "--bs"), NULL-terminated. */
	const char *const *list_opts;
	/* run_one takes --format csv: a table grid becomes one table of
	 * every combination's rows, the varying settings in front. */
	bool summary;
};

/* A `#` line of words ends before this column (grid_print_wrapped). */
#define GRID_WRAP 98

/*
 * grid_print_wrapped - "# " and the space-separated @words, a new "# "
 * line before a word that would pass GRID_WRAP; no word is split, so the
 * lines paste back as words.  No newline after the last.
 */
void grid_print_wrapped(FILE *f, const char *words);

/* -h or --help (cli/main.c's rule). */
bool cli_is_help(const char *arg);

/* Most combinations one command runs. */
#define GRID_MAX_RUNS 256

/*
 * grid_wanted - does @argv (a workload's name, then its arguments) hold a
 * list to expand, or ask for CSV (whose settings columns the grid adds)?
 * Never with -h or --help, whose text goes out as it is.
 */
bool grid_wanted(int argc, char **argv, const struct grid_hooks *h);

/*
 * grid_run - run every combination of @argv's lists with @h.
 * Return: 0, or the first non-zero return of a run.  A bad list (empty
 * value, more than GRID_MAX_RUNS runs) is a usage error: -EINVAL with
 * @err set.
 */
int grid_run(int argc, char **argv, const struct grid_hooks *h, int *status,
	     char *err, size_t errlen);

#endif
