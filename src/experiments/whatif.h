/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `vmsplit whatif`: what the steps of highmem's phase-out would cost one
 * board -- each a configuration of the board's kernel beside the status
 * quo -- in its workloads' headline figures and in memory, the memory
 * computed from the layout each configuration gives (arch/layout.h).
 *
 * The rows (research/anchors.md, "Removing highmem"): the status quo;
 * the Dec 2025 plan's first stage, a larger lowmem by default
 * (CONFIG_VMSPLIT_3G_OPT, and 2G and 1G beyond it); its second and third
 * (highmem_users=plan2, plan3: settings.h); HIGHPTE's removal (dropped on
 * x86 in 6.15, proposed for ARM); no highmem at all; the user copy a
 * 4G/4G split needs (the 2020 RFC's GUP+kmap), and that copy with its pins
 * kept (pin_cache=, a design).  The other kernels' designs (issue 35) are
 * not rows yet.
 */
#ifndef VMSPLIT_EXPERIMENTS_WHATIF_H
#define VMSPLIT_EXPERIMENTS_WHATIF_H

#include <stdbool.h>
#include <stdio.h>

#include "config/settings.h"
#include "hw/events.h"

/* The workloads a row can run, each a column of headline figures. */
enum whatif_workload {
	WHATIF_DD,		/* dd bs=4K of 4 MiB to tmpfs: MB/s */
	WHATIF_LMBENCH,		/* lat_proc fork: microseconds */
	WHATIF_IPERF,		/* iperf -l 8192 for 0.2 s, boards with a NIC: Mbit/s */
	WHATIF_HACKBENCH,	/* hackbench -pipe 1 group, 20 loops: seconds */
	/* kernbench, kbuild's tree cut to 32 units in 4 directories, make -j:
	 * system seconds (user time is the same cc1 work in every row) */
	WHATIF_KERNBENCH,
	NR_WHATIF_WORKLOADS
};

extern const char *const whatif_workload_names[NR_WHATIF_WORKLOADS];

#define WHATIF_NROWS 18

/* What a configuration costs in memory, from its layout (MiB). */
struct whatif_memory {
	u64 lowmem, highmem, unusable;	/* layout_ram_use */
	u64 user_va;			/* TASK_SIZE */
	/*
	 * The largest anonymous mmap a new process can make: the model's
	 * bottom-up area from TASK_UNMAPPED_BASE (TASK_SIZE / 3) to the
	 * stack's gap (mm/mmap.c).
	 */
	u64 largest_mmap;
};

struct whatif_row {
	const char *name;
	const char *tag;		/* the name, short, for a chart's axis */
	const char *word;		/* the settings it changes (space-separated), or NULL */
	const char *source;		/* where the step comes from */
	bool valid;			/* the board can be so configured */
	char why_not[256];		/* else settings_validate's reason */
	struct whatif_memory mem;
	double metric[NR_WHATIF_WORKLOADS];
	bool measured[NR_WHATIF_WORKLOADS];
	/*
	 * Busy cycles by hardware cause per unit of work: dd per KiB written,
	 * iperf per KiB the receiver accepted, hackbench per message (each
	 * the whole run, as explain counts it), lat_proc per fork+exit (the
	 * measured batch).
	 */
	bool has_causes[NR_WHATIF_WORKLOADS];
	double per_unit[NR_WHATIF_WORKLOADS][NR_CAUSES];
};

/* How many causes a row's line of whatif_top_causes names. */
#define WHATIF_TOP_CAUSES 3

/*
 * whatif_top_causes - where @row's figure of workload @w moved from
 * @base's, as explain's cause rows say it: the WHATIF_TOP_CAUSES causes
 * whose busy cycles per unit of work changed most, largest change first,
 * their indices in @cause and changes in @delta (cycles per unit).
 * Return: how many (fewer where fewer causes moved); 0 unless both
 * counted causes for @w.
 */
u32 whatif_top_causes(const struct whatif_row *base,
		      const struct whatif_row *row, int w,
		      int cause[WHATIF_TOP_CAUSES],
		      double delta[WHATIF_TOP_CAUSES]);

/*
 * whatif_memory - @m for the kernel @s describes.
 * Return: 0, or -EINVAL if @s has no layout.
 */
int whatif_memory(const struct settings *s, struct whatif_memory *m);

/*
 * whatif_measure - the rows on @p -- its default settings, then the
 * @nwords NAME=VALUE @words (kernel=5.7, mem=...), then the row's own
 * change -- into @rows, running the workloads whose bit is set in
 * @workloads (iperf only where the board has a NIC: whatif_runnable).
 * Return: 0, or a negative errno with @err set (a word the status quo
 * refuses, or a workload that failed).
 */
int whatif_measure(const struct platform *p, char *const *words, int nwords,
		   u32 workloads, struct whatif_row rows[WHATIF_NROWS],
		   char *err, size_t errlen);

/* Workload @w's headline as a column title ("dd 4K MB/s"). */
const char *whatif_metric_name(int w);

/*
 * whatif_speed - @row's figure of workload @w as a speed against @base's,
 * 100 for the same: the ratio where more is better (MB/s, Mbit/s), its
 * inverse where less is (microseconds, seconds).
 */
double whatif_speed(const struct whatif_row *base,
		    const struct whatif_row *row, int w);

/* The workloads of @workloads that @p can run. */
u32 whatif_runnable(const struct platform *p, u32 workloads);

enum whatif_format { WHATIF_TABLE, WHATIF_JSON, WHATIF_CSV };

/* whatif_print - @rows (whatif_measure's, with @workloads) to @f as a
 * table, as JSON, or as CSV (a header line, then a line per row). */
void whatif_print(const struct platform *p, u32 workloads,
		  const struct whatif_row rows[WHATIF_NROWS],
		  enum whatif_format format, FILE *f);

#endif
