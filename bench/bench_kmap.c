// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmap_atomic speed: host nanoseconds per kmap_atomic + kunmap_atomic pair
 * of a highmem page, on every board whose default kernel has highmem, with
 * the checkers on (the default) and off.  Target: <= 100 ns (issue 8).
 */
#include "bench.h"

#include <stdio.h>

#include "base/panic.h"
#include "kernel/boot.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

#define TARGET_NS 100.0
#define FULL_PAIRS 1000000L
#define QUICK_PAIRS 100000L
#define WARMUP_PAIRS 1000L

struct kmap_cell {
	struct settings s;
	long pairs;
	bool highmem; /* out: the board gave a highmem page */
};

/*
 * Boot, take one GFP_HIGHUSER page, time @c->pairs map/unmap pairs of it
 * (after a warm-up), shut down.  Return: the host CPU seconds of the pairs;
 * 0 with @c->highmem false if the page is not highmem.
 */
static double kmap_run(void *arg)
{
	struct kmap_cell *c = arg;
	struct page *page;
	char err[256];
	double t0, t1;

	if (boot_kernel(&c->s, err, sizeof(err)))
		bench_die(c->s.platform->name, err);
	page = alloc_page(GFP_HIGHUSER);
	if (!page)
		bench_die(c->s.platform->name,
			  "alloc_page(GFP_HIGHUSER) failed");
	c->highmem = PageHighMem(page);
	for (long i = 0; c->highmem && i < WARMUP_PAIRS; i++)
		kunmap_atomic(kmap_atomic(page));
	t0 = bench_cpu_s();
	for (long i = 0; c->highmem && i < c->pairs; i++)
		kunmap_atomic(kmap_atomic(page));
	t1 = bench_cpu_s();
	__free_page(page);
	shutdown_kernel();
	return t1 - t0;
}

/* Print one cell, ns per pair; Return: whether it met the target. */
#define MAX_BOARDS 8

/*
 * Per board, checks on [0] and off [1]: the cell and its best host seconds
 * over the rounds.  As in the dd section, each round runs every cell once,
 * so a cell's runs fall in different spells of the host's drifting speed.
 */
static struct kmap_cell cells[MAX_BOARDS][2];
static double best_s[MAX_BOARDS][2];

/* Print one cell and say whether it met the target. */
static bool print_cell(u32 i, u32 off, long pairs)
{
	double ns = best_s[i][off] * 1e9 / (double)pairs;

	printf(" %11.1f%c", ns, ns <= TARGET_NS ? '*' : ' ');
	return ns <= TARGET_NS;
}

void bench_kmap(const struct bench_opts *o)
{
	long pairs = o->quick ? QUICK_PAIRS : FULL_PAIRS;
	u32 met_on = 0, met_off = 0, nr = 0;

	for (u32 i = 0; platform_list()[i]; i++) {
		BUG_ON(i >= MAX_BOARDS);
		for (u32 off = 0; off < 2; off++) {
			cells[i][off] = (struct kmap_cell){ .pairs = pairs };
			bench_settings(&cells[i][off].s, platform_list()[i], !off);
			best_s[i][off] = 1e30;
		}
	}
	for (u32 r = 0; r < o->runs; r++)
		for (u32 i = 0; platform_list()[i]; i++)
			for (u32 off = 0; off < 2; off++) {
				double t;

				if (!bench_board_wanted(o, platform_list()[i]))
					continue;
				t = kmap_run(&cells[i][off]);
				if (t < best_s[i][off])
					best_s[i][off] = t;
			}
	printf("\n-- kmap_atomic + kunmap_atomic of a highmem page: host ns per pair --\n"
	       "   (%ld pairs per run, the least of %u rounds, each running every cell\n"
	       "   once; target <= %.0f ns, '*' = met)\n",
	       pairs, o->runs, TARGET_NS);
	printf("%-26s %12s %12s\n", "board", "checks=y", "checks=n");
	for (u32 i = 0; platform_list()[i]; i++) {
		if (!bench_board_wanted(o, platform_list()[i]))
			continue;
		printf("%-26s", platform_list()[i]->name);
		if (!cells[i][0].highmem) {
			printf(" (no highmem: its RAM is all lowmem)\n");
			continue;
		}
		met_on += print_cell(i, 0, pairs);
		met_off += print_cell(i, 1, pairs);
		nr++;
		printf("\n");
	}
	bench_target("kmap_atomic+kunmap_atomic <= 100 ns, checks=y", met_on,
		     nr);
	bench_target("kmap_atomic+kunmap_atomic <= 100 ns, checks=n", met_off,
		     nr);
}
