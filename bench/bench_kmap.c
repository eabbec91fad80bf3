// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmap_atomic speed: host nanoseconds per kmap_atomic + kunmap_atomic pair
 * of a highmem page, on every board whose default kernel has highmem, with
 * the checkers on (the default) and off.  Target: <= 100 ns (issue 8).
 */
#include "bench.h"

#include <stdio.h>

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
static bool kmap_cell(const struct platform *p, bool checks, long pairs,
		      u32 runs, bool *highmem)
{
	struct kmap_cell c = { .pairs = pairs };
	double ns;

	bench_settings(&c.s, p, checks);
	ns = bench_min(runs, kmap_run, &c) * 1e9 / (double)pairs;
	*highmem = c.highmem;
	if (c.highmem)
		printf(" %11.1f%c", ns, ns <= TARGET_NS ? '*' : ' ');
	fflush(stdout);
	return c.highmem && ns <= TARGET_NS;
}

void bench_kmap(const struct bench_opts *o)
{
	long pairs = o->quick ? QUICK_PAIRS : FULL_PAIRS;
	u32 met_on = 0, met_off = 0, cells = 0;

	printf("\n-- kmap_atomic + kunmap_atomic of a highmem page: host ns per pair --\n"
	       "   (%ld pairs per run, min of %u; target <= %.0f ns, '*' = met)\n",
	       pairs, o->runs, TARGET_NS);
	printf("%-26s %12s %12s\n", "board", "checks=y", "checks=n");
	for (u32 i = 0; platforms[i]; i++) {
		const struct platform *p = platforms[i];
		bool highmem;

		if (!bench_board_wanted(o, p))
			continue;
		printf("%-26s", p->name);
		met_on += kmap_cell(p, true, pairs, o->runs, &highmem);
		if (!highmem) {
			printf(" (no highmem: its RAM is all lowmem)\n");
			continue;
		}
		met_off += kmap_cell(p, false, pairs, o->runs, &highmem);
		cells++;
		printf("\n");
	}
	bench_target("kmap_atomic+kunmap_atomic <= 100 ns, checks=y", met_on,
		     cells);
	bench_target("kmap_atomic+kunmap_atomic <= 100 ns, checks=n", met_off,
		     cells);
}
