// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host speed of the simulator (not of the model): host nanoseconds per
 * simulated operation and simulated bytes per host second, with the
 * checkers off as in long runs.  Timings vary from run to run; nothing
 * here is asserted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arch/kv.h"
#include "config/runtime.h"
#include "kernel/boot.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "experiments/dd.h"

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void boot(struct settings *s, const char *platform)
{
	char err[256];

	settings_default(s, platform_find(platform));
	s->checks = false;
	if (boot_kernel(s, err, sizeof(err))) {
		fprintf(stderr, "bench: %s\n", err);
		exit(1);
	}
}

/* Host ns per kmap_atomic+kunmap_atomic pair of a highmem page. */
static void bench_kmap_atomic(const char *platform)
{
	struct settings s;
	const long n = 2000000;
	struct page *page;
	double t0, t1;

	boot(&s, platform);
	page = alloc_page(GFP_HIGHUSER);
	for (long i = 0; i < 1000; i++)
		kunmap_atomic(kmap_atomic(page));
	t0 = now_ns();
	for (long i = 0; i < n; i++)
		kunmap_atomic(kmap_atomic(page));
	t1 = now_ns();
	printf("%-24s kmap_atomic+kunmap_atomic (highmem): %7.1f host ns/pair (target <= 100)\n",
	       platform, (t1 - t0) / (double)n);
	__free_page(page);
	shutdown_kernel();
}

/*
 * Simulated 4 KiB kernel copies (kv_memcpy between two lowmem pages that
 * stay in the caches) per host second, with the cache model on.
 */
static void bench_copy(const char *platform)
{
	struct settings s;
	const long n = 400000;
	struct page *a, *b;
	vaddr_t va, vb;
	double t0, t1, secs;

	boot(&s, platform);
	a = alloc_page(GFP_KERNEL);
	b = alloc_page(GFP_KERNEL);
	va = page_address(a);
	vb = page_address(b);
	for (long i = 0; i < 100; i++)
		kv_memcpy(vb, va, PAGE_SIZE);
	t0 = now_ns();
	for (long i = 0; i < n; i++)
		kv_memcpy(vb, va, PAGE_SIZE);
	t1 = now_ns();
	secs = (t1 - t0) / 1e9;
	printf("%-24s 4 KiB kernel copy: %7.0f host ns/copy, %8.0f copies/s = %5.2f GB/s simulated (target >= 1)\n",
	       platform, (t1 - t0) / (double)n, (double)n / secs,
	       (double)n * PAGE_SIZE / secs / 1e9);
	__free_page(a);
	__free_page(b);
	shutdown_kernel();
}

/*
 * Simulated dd throughput per host second: bytes written to tmpfs by the
 * dd workload, checkers off, per host second of the whole run.
 */
static void bench_dd(u32 bs)
{
	struct settings s;
	struct dd_point pt;
	char err[256];
	const u64 total = 64ull << 20;
	double t0, t1;

	settings_default(&s, platform_find("beaglebone-white"));
	s.checks = false;
	t0 = now_ns();
	if (dd_measure(&s, bs, total, &pt, err, sizeof(err))) {
		fprintf(stderr, "bench: %s\n", err);
		exit(1);
	}
	t1 = now_ns();
	printf("%-24s dd bs=%-7u %4llu MiB: %7.0f MB of simulated writes per host second (target >= 200)\n",
	       "beaglebone-white", bs, (unsigned long long)(total >> 20),
	       (double)total / ((t1 - t0) / 1e9) / 1e6);
}

/* vmsplit-bench [PLATFORM]: all boards, or one (for profiling). */
int main(int argc, char **argv)
{
	printf("vmsplit bench: host speed of the simulator, checks off\n");
	for (size_t i = 0; platforms[i]; i++) {
		const char *board = platforms[i]->name;

		if (argc > 1 && strcmp(argv[1], board))
			continue;
		/* The BeagleBone has no highmem to map. */
		if (strcmp(board, "beaglebone-white"))
			bench_kmap_atomic(board);
		bench_copy(board);
	}
	if (argc < 2 || !strcmp(argv[1], "beaglebone-white")) {
		bench_dd(4096);
		bench_dd(65536);
		bench_dd(1048576);
	}
	return 0;
}
