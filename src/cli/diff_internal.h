/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of `vmsplit diff` share: diff.c reads and checks the two
 * JSON files, diff_match.c pairs their runs and prints the headers,
 * diff_rows.c prints each pair's rows.
 */
#ifndef VMSPLIT_CLI_DIFF_INTERNAL_H
#define VMSPLIT_CLI_DIFF_INTERNAL_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdio.h>

#include "base/types.h"
#include "cli/diff.h"

/* Most runs with a profile in one file (reproduce prints 48). */
#define MAX_RECORDS 256

/*
 * Most cost centres in one profile: four times this build's NR_CC, for
 * another version's output; it bounds the quadratic pairing of names.
 */
#define MAX_CENTRES 512

/*
 * Most members of a run, of its settings or of its params: ten times the
 * forty settings a run prints; it bounds the quadratic check of names.
 */
#define MAX_MEMBERS 512

/*
 * Most names that may tell a file's runs apart (the runs' own strings and
 * their params: reproduce's have eight).  Further ones are not looked at,
 * so runs that only they would tell apart pair in document order.
 */
#define MAX_KEYS 64

/* Every change a pair can have: each member of three objects, both sides. */
#define MAX_CHANGES (3 * 2 * MAX_MEMBERS)

/* A run with a profile, and where it stands ("" for the root itself). */
struct record {
	const cJSON *j;
	char path[128];
	u32 partner; /* A's: the index of its run in B */
	bool taken; /* B's: paired with a run of A */
};

/* One of the two files, parsed, with its records in document order. */
struct diff_file {
	const char *name;
	char *text;
	cJSON *json;
	u32 n;
	struct record recs[MAX_RECORDS];
};

/*
 * A member of a run: one of its own strings (@sect NULL: "row", "tso"),
 * or one of its settings or params (@sect "settings" or "params").
 */
struct key {
	const char *sect;
	const char *name;
};

/* A member whose value differs between a pair's runs (NULL: absent). */
struct change {
	struct key k;
	const cJSON *a, *b;
};

/* One diff: both files, what labels their runs, what differs. */
struct diff {
	struct diff_file f[2];
	/* The names that may label runs, each run's values of them. */
	struct key cand[MAX_KEYS];
	u32 ncand;
	const cJSON *val[2][MAX_RECORDS][MAX_KEYS];
	/* The candidates that label runs, by index. */
	u32 key[MAX_KEYS];
	u32 nkeys;
	/* What differs in every pair, and one pair's changes. */
	struct change common[MAX_CHANGES];
	u32 ncommon;
	struct change scratch[MAX_CHANGES];
};

/*
 * diff_match_runs - pair the runs of the two loaded files: some in each,
 * the same workloads, as many runs, each run of A paired with the first
 * run of B not yet taken that has its workload and its labels (so runs
 * alike pair in document order); each A record's partner set.
 * Return: 0, or -EINVAL with a one-line reason naming both files and
 * what differs.
 */
int diff_match_runs(struct diff *d, char *err, size_t errlen);

/*
 * diff_print - the diff of matched files to @out: the header ("a.json ->
 * b.json: dd on beaglebone-white, CONFIG_HIGHMEM n -> y (ticks ...)"),
 * then each pair's rows, after its label line when there are several.
 */
void diff_print(struct diff *d, const struct diff_opts *o, FILE *out);

/*
 * diff_record_hz - a checked run's HZ: settings.hz, else DEFAULT_HZ
 * (printed only when set).
 */
double diff_record_hz(const cJSON *rec);

/*
 * diff_print_units - the unit of the rows, ending a header line: " (ticks
 * of 1/HZ s of simulated CPU time, HZ=100)", or diffprofile's
 * " (diffprofile: ticks at HZ=100)"; the HZ of each side when @hz_known.
 */
void diff_print_units(FILE *out, enum diff_format fmt, bool hz_known,
		      double hz_a, double hz_b);

/*
 * diff_print_pair - the rows of a pair of checked runs, @ra's profile
 * against @rb's, each in its own run's ticks, as @o asks.
 */
void diff_print_pair(const cJSON *ra, const cJSON *rb,
		     const struct diff_opts *o, FILE *out);

#endif
