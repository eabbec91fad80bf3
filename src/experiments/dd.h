/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The dd measurements: one run per block size, and E3 -- the BeagleBone
 * table of copy_{to,from}_user strategies (EXPERIMENTS.md).
 */
#ifndef VMSPLIT_EXPERIMENTS_DD_H
#define VMSPLIT_EXPERIMENTS_DD_H

#include <stdio.h>

#include "config/settings.h"
#include "run/run.h"

#define DD_MAX_BS 16
#define DD_DEFAULT_TOTAL (16u << 20)
/* Without --total, at most this many writes per block size (bs=512 still
 * writes 16 MiB). */
#define DD_DEFAULT_WRITES 32768u
/*
 * The most writes one block size may take (--total / --bs): about 17 s
 * of host time at ~4 us per simulated write.  Bounds `run dd --bs 1`.
 */
#define DD_MAX_WRITES (1u << 22)

struct dd_point {
	u32 bs;
	double mbps;		/* 10^6 bytes per second, as dd prints */
	/*
	 * The seconds dd itself measured around its copy loop, what @mbps
	 * divides the bytes by (as dd's "N bytes copied, S s, R MB/s"); the
	 * run's elapsed_s adds the boot, exec and exit around it.
	 */
	double dd_s;
	struct run_result r;
};

/*
 * dd_check - whether dd can write @total bytes in blocks of @bs with @s:
 * a whole number of blocks (so the total reported is the total written),
 * at least one, no more than tmpfs holds (half of the RAM the kernel
 * uses: mem=, or lowmem alone without CONFIG_HIGHMEM), and at most
 * DD_MAX_WRITES writes.
 * Return: 0, or -EINVAL with a one-line reason in @err.
 */
int dd_check(const struct settings *s, u32 bs, u64 total, char *err,
	     size_t errlen);

/*
 * dd_measure - run dd at block size @bs writing @total bytes with @s
 * (dd_check first).
 * Return: 0, or a negative errno with @err set.
 */
int dd_measure(const struct settings *s, u32 bs, u64 total,
	       struct dd_point *pt, char *err, size_t errlen);

#define E3_NBS 7
#define E3_NROWS 4

/*
 * What reproduce_dd_beaglebone measured, beside what was published: the
 * structs its printers read, handed to the plots (report/plots.c).
 */
struct dd_beaglebone_result {
	const struct platform *platform;
	u64 total;
	const u32 *bs;			/* E3_NBS block sizes */
	const char *const *bs_names;	/* "512", "1K", ... */
	const char *row_names[E3_NROWS];
	const double *published[E3_NROWS]; /* MB/s per bs; NULL: held out */
	struct settings rows[E3_NROWS];
	struct dd_point pts[E3_NROWS][E3_NBS];
};

/*
 * `vmsplit reproduce dd-beaglebone`: @json selects the output.  @res, if
 * not NULL, is set to the results (static storage, valid until the next
 * call).
 */
int reproduce_dd_beaglebone(bool json, u64 total, FILE *f,
			    const struct dd_beaglebone_result **res, char *err,
			    size_t errlen);

#endif
