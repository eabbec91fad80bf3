// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernbench's flat model (src/workloads/kernbench_flat.c, `--tree flat`;
 * the kbuild one is tests/test_kbuild.c) and src/experiments/kernbench.c:
 * every unit is built and linked with the exact number of forks, execs
 * and exits the model defines; the run is deterministic; user + system +
 * idle time is the CPUs times the elapsed time; --jobs bounds the jobs at
 * once; HIGHPTE maps PTE pages with kmap_atomic; the end-of-run audit is
 * clean (checks=y, the default); `vmsplit run kernbench` works and
 * refuses bad input with exit status 2.
 */
#include "helpers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "base/errno.h"
#include "experiments/kernbench.h"

static struct kernbench_point pt, again;

static void measure(struct kernbench_point *p, const char *platform, u32 units,
		    u32 jobs, ...)
{
	struct settings s;
	char err[256];
	va_list ap;
	const char *w;

	settings_default(&s, platform_find(platform));
	va_start(ap, jobs);
	while ((w = va_arg(ap, const char *)))
		cr_assert_eq(settings_parse(&s, w, err, sizeof(err)), 0, "%s",
			     err);
	va_end(ap);
	cr_assert(s.checks, "the end-of-run audit runs");
	kernbench_defaults(&p->p, settings_cpu_hz(&s));
	p->p.tree = KERNBENCH_FLAT;
	p->p.units = units;
	p->p.jobs = jobs;
	/* A shorter compile keeps the tests fast; the shape is the same. */
	p->p.cc1_user_cycles /= 16;
	cr_assert_eq(kernbench_measure(&s, p, err, sizeof(err)), 0, "%s", err);
}

/*
 * Per unit: 8 execs (sh, gcc, cpp0, cc1, as, fixdep, rm, mv), 4 vforks
 * (make's, gcc's three) and 4 forks (sh's), 8 exits.  Plus the top make
 * (an exec, an exit) and ld (a vfork, an exec, an exit).
 */
static void check_counts(const struct kernbench_point *p, u32 units)
{
	const struct run_result *r = &p->r;

	cr_assert_eq(p->p.status, 0);
	cr_assert_eq(p->p.units_done, units);
	cr_assert_eq(r->events[EV_exec], 8ull * units + 2);
	cr_assert_eq(r->events[EV_fork], 8ull * units + 1);
	cr_assert_eq(r->events[EV_vfork], 4ull * units + 1);
	cr_assert_eq(r->exits, 8ull * units + 2);
	cr_assert_eq(r->sigsegv, 0);
	cr_assert_eq(p->p.linked_bytes, (u64)units * KERNBENCH_OBJECT_BYTES);
	/* fixdep maps every header, 3 pages of 10 KiB each, in every unit. */
	cr_assert_geq(r->events[EV_fault_file], (u64)units * p->p.headers * 3);
	/* cc1 writes its heap. */
	cr_assert_geq(r->events[EV_fault_anon],
		      (u64)units * p->p.cc1_heap_pages);
	cr_assert_geq(r->user_cycles, units * p->p.cc1_user_cycles);
}

/* user + system + idle == CPUs x elapsed, exactly. */
static void check_accounting(const struct kernbench_point *p)
{
	const struct run_result *r = &p->r;

	cr_assert_eq(r->user_cycles + r->system_cycles + r->idle_cycles,
		     (u64)r->ncpus * r->elapsed_cycles,
		     "%llu + %llu + %llu != %u x %llu",
		     (unsigned long long)r->user_cycles,
		     (unsigned long long)r->system_cycles,
		     (unsigned long long)r->idle_cycles, r->ncpus,
		     (unsigned long long)r->elapsed_cycles);
	cr_assert_gt(r->system_cycles, 0);
}

Test(kernbench, counts_exact_unlimited)
{
	measure(&pt, "numaq-16", 8, 0, NULL);
	check_counts(&pt, 8);
	check_accounting(&pt);
	cr_assert_eq(pt.p.max_running, 8, "make -j starts every unit");
	cr_assert_gt(pt.r.cpu_pct, 100.0, "the units run in parallel");
}

Test(kernbench, deterministic)
{
	measure(&pt, "numaq-16", 8, 0, NULL);
	measure(&again, "numaq-16", 8, 0, NULL);
	cr_assert_eq(pt.r.elapsed_cycles, again.r.elapsed_cycles);
	cr_assert_eq(pt.r.system_cycles, again.r.system_cycles);
	cr_assert_eq(pt.r.user_cycles, again.r.user_cycles);
	for (int e = 0; e < NR_EVENTS; e++)
		cr_assert_eq(pt.r.events[e], again.r.events[e], "%s",
			     event_names[e]);
	for (int cc = 0; cc < NR_CC; cc++)
		cr_assert_eq(pt.r.profile[cc], again.r.profile[cc], "%s",
			     cc_names[cc]);
}

Test(kernbench, jobs_bound_the_jobs_at_once)
{
	measure(&pt, "numaq-16", 6, 2, NULL);
	check_counts(&pt, 6);
	check_accounting(&pt);
	cr_assert_eq(pt.p.max_running, 2);
	measure(&again, "numaq-16", 6, 1, NULL);
	check_counts(&again, 6);
	cr_assert_eq(again.p.max_running, 1);
	cr_assert_gt(again.r.elapsed_cycles, pt.r.elapsed_cycles,
		     "-j1 is slower than -j2");
}

Test(kernbench, highpte_kmaps_pte_pages)
{
	measure(&pt, "numaq-16", 4, 0, "CONFIG_HIGHPTE=n", NULL);
	measure(&again, "numaq-16", 4, 0, "CONFIG_HIGHPTE=y", NULL);
	check_counts(&again, 4);
	check_accounting(&again);
	cr_assert_gt(again.r.events[EV_kmap_atomic],
		     pt.r.events[EV_kmap_atomic]);
	cr_assert_gt(again.r.system_cycles, pt.r.system_cycles);
}

Test(kernbench, other_boards)
{
	/*
	 * The Kirkwood with CONFIG_HIGHPTE=n: with its default y a highmem
	 * PTE page zeroed through kmap_atomic stays dirty in the Feroceon
	 * L2 (kunmap_atomic flushes L1 only) and the walker check fires.
	 */
	measure(&pt, "kirkwood-openblocks-a7", 2, 0, "CONFIG_HIGHPTE=n", NULL);
	check_counts(&pt, 2);
	check_accounting(&pt);
	measure(&pt, "cortex-a15-2g", 2, 0, NULL);
	check_counts(&pt, 2);
	check_accounting(&pt);
	measure(&pt, "beaglebone-white", 2, 0, NULL);
	check_counts(&pt, 2);
	check_accounting(&pt);
}

Test(kernbench, bad_params_refused)
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find("numaq-16"));
	kernbench_defaults(&pt.p, settings_cpu_hz(&s));
	pt.p.units = 0;
	cr_assert_eq(kernbench_measure(&s, &pt, err, sizeof(err)), -EINVAL);
	pt.p.units = 1;
	pt.p.headers = KERNBENCH_MAX_HEADERS + 1;
	cr_assert_eq(kernbench_measure(&s, &pt, err, sizeof(err)), -EINVAL);
	pt.p.headers = KERNBENCH_DEFAULT_HEADERS;
	pt.p.dirs = 0;
	cr_assert_eq(kernbench_measure(&s, &pt, err, sizeof(err)), -EINVAL);
	pt.p.dirs = KERNBENCH_MAX_DIRS + 1;
	cr_assert_eq(kernbench_measure(&s, &pt, err, sizeof(err)), -EINVAL);
}

/* `vmsplit ARGS` through the shell: the exit status, stdout's first line
 * (or stderr's, with @err). */
Test(kernbench, cli)
{
	static const char *const bad[][2] = {
		{ "run kernbench --units 0", "--units: '0'" },
		{ "run kernbench --units x", "--units: 'x'" },
		{ "run kernbench --groups 4", "unknown option '--groups'" },
		{ "run kernbench --platform nope", "unknown platform" },
		{ "run kernbench --tree deep", "--tree: 'deep'" },
		{ "run kernbench --dirs 257", "--dirs: '257'" },
	};
	char line[512];

	cr_assert_eq(test_run_cli("run kernbench --units 2 --tree flat", false,
				  line, sizeof(line)),
		     0);
	cr_assert_eq(test_run_cli("run kernbench --units 2 --format csv", false,
			     line, sizeof(line)),
		     0);
	cr_assert(strstr(line, "workload,platform,units,jobs"), "%s", line);
	cr_assert_eq(test_run_cli("run kernbench --units 2", false, line,
			     sizeof(line)),
		     0);
	cr_assert(strstr(line, "platform=numaq-16"), "the default board: %s",
		  line);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		cr_assert_eq(test_run_cli(bad[i][0], true, line, sizeof(line)), 2,
			     "%s", bad[i][0]);
		cr_assert(strstr(line, bad[i][1]), "%s: %s", bad[i][0], line);
	}
}
