/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_WORKLOADS_SDET_H
#define VMSPLIT_WORKLOADS_SDET_H

#include "base/types.h"

#define SDET_DEFAULT_SCRIPTS 32 /* "SDET 32" of E2 */
#define SDET_DEFAULT_COMMANDS 150 /* process-workloads.md §6 */
/* Scripts a run can have (the driver's table). */
#define SDET_MAX_SCRIPTS 60
#define SDET_MAX_COMMANDS 1000

/* The commands of a script (the weights are in sdet.c). */
enum sdet_kind {
	SDET_CAT,
	SDET_LS,
	SDET_ECHO,
	SDET_GREP,
	SDET_WC,
	SDET_CP,
	SDET_RM,
	SDET_MKDIR,
	SDET_ED,
	SDET_DIFF,
	SDET_FIND,
	SDET_PIPE, /* ps | wc */
	SDET_CC, /* gcc -> cpp0, cc1, as, ld */
	SDET_NROFF, /* nroff (sh) -> groff -> troff | grotty */
	SDET_SPELL, /* spell (sh) -> deroff | sort | spellprog */
	SDET_MAKE, /* make -> cc */
	SDET_NR_KINDS
};

struct sdet_params {
	u32 scripts;
	u32 commands; /* per script */
	u64 seed; /* the per-script shuffles */
	/* Filled in by the programs: */
	int status; /* 0, or the step that failed */
	u64 commands_done; /* summed over scripts */
	u64 start_ns; /* the driver starts the clock */
	u64 last_ns; /* the last script finishes */
};

/*
 * sdet_mix - how many commands of each kind every script runs for
 * @commands commands: the weights scaled by largest remainder, so the
 * counts add up to @commands exactly.
 */
void sdet_mix(u32 commands, u32 count[SDET_NR_KINDS]);

/* Processes (forks + vforks, and as many execs) a script's commands make. */
u64 sdet_procs_per_script(u32 commands);

/*
 * Start the SDET driver: it forks @p->scripts shells, each running its
 * own shuffle of the same command mix in its own directory, and waits
 * for them.  When the run ends, @p holds the counts and times.
 */
void sdet_start(struct sdet_params *p);

#endif
