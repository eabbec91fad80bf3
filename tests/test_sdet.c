// SPDX-License-Identifier: GPL-2.0-only
/*
 * SDET (src/workloads/sdet.c, src/experiments/sdet.c): the command mix
 * adds up; a small run is deterministic, every script runs every command,
 * forks, execs and exits are exactly the model's count, user + system +
 * idle time is the CPUs times the elapsed time, the checked run ends with
 * a clean audit; HIGHPTE kmaps PTE pages; `vmsplit run sdet` refuses bad
 * input with exit status 2.
 */
#include "helpers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "experiments/sdet.h"

static struct sdet_point pt, again;

static void measure(struct sdet_point *p, const char *platform, u32 scripts,
		    u32 commands, ...)
{
	struct settings s;
	char err[256];
	va_list ap;
	const char *w;

	settings_default(&s, platform_find(platform));
	va_start(ap, commands);
	while ((w = va_arg(ap, const char *)))
		cr_assert_eq(settings_parse(&s, w, err, sizeof(err)), 0, "%s",
			     err);
	va_end(ap);
	/* 0 also means the end-of-run audit (checks=y by default) passed. */
	cr_assert_eq(sdet_measure(&s, scripts, commands, p, err, sizeof(err)),
		     0, "%s", err);
}

/* user + system + idle == CPUs x elapsed, as run_result reports it. */
static void check_accounting(const struct sdet_point *p)
{
	const struct run_result *r = &p->r;

	cr_assert_eq(r->user_cycles + r->system_cycles + r->idle_cycles,
		     (u64)r->ncpus * r->elapsed_cycles,
		     "%llu + %llu + %llu != %u x %llu",
		     (unsigned long long)r->user_cycles,
		     (unsigned long long)r->system_cycles,
		     (unsigned long long)r->idle_cycles, r->ncpus,
		     (unsigned long long)r->elapsed_cycles);
	cr_assert_gt(r->user_cycles, 0);
	cr_assert_gt(r->system_cycles, 0);
}

/*
 * The driver is spawned (one exec); it forks a shell per script (a fork
 * and an exec each); each script's commands make sdet_procs_per_script
 * processes, each one fork or vfork and one exec.  Every one exits.
 * The vforks are gcc's and make's.
 */
static void check_processes(const struct sdet_point *p, u32 scripts,
			    u32 commands)
{
	u64 procs = (u64)scripts * (1 + sdet_procs_per_script(commands));

	u32 count[SDET_NR_KINDS];

	sdet_mix(commands, count);
	/* gcc vforks cpp0, cc1, as and ld; make vforks a cc. */
	cr_assert_eq(p->r.events[EV_vfork],
		     (u64)scripts * (4 * count[SDET_CC] + 5 * count[SDET_MAKE]));
	cr_assert_eq(p->p.commands_done, (u64)scripts * commands);
	cr_assert_eq(p->r.events[EV_fork], procs);
	cr_assert_eq(p->r.events[EV_exec], procs + 1);
	cr_assert_eq(p->r.exits, procs + 1);
	cr_assert_eq(p->r.sigsegv, 0);
}

Test(sdet, mix_adds_up)
{
	u32 count[SDET_NR_KINDS];

	for (u32 n = 1; n <= SDET_MAX_COMMANDS; n++) {
		u32 total = 0;

		sdet_mix(n, count);
		for (int k = 0; k < SDET_NR_KINDS; k++)
			total += count[k];
		cr_assert_eq(total, n);
	}
	/*
	 * 150 commands: 18 cat, 15 ls, 15 echo, 12 grep, 9 wc, 12 cp, 9 rm,
	 * 6 mkdir, 8 ed and 5 find (7.5 and 4.5 rounded up first: the
	 * earliest of the halves), 6 diff, 15 ps | wc, 9 cc, 4 nroff, 4
	 * spell, 3 make: 115 one-process commands + 15 x 2 + 9 x 5 + 4 x 4
	 * + 4 x 4 + 3 x 6 = 240.
	 */
	sdet_mix(150, count);
	cr_assert_eq(count[SDET_ED], 8);
	cr_assert_eq(count[SDET_FIND], 5);
	cr_assert_eq(count[SDET_PIPE], 15);
	cr_assert_eq(count[SDET_CC], 9);
	cr_assert_eq(count[SDET_NROFF], 4);
	cr_assert_eq(count[SDET_SPELL], 4);
	cr_assert_eq(count[SDET_MAKE], 3);
	cr_assert_eq(sdet_procs_per_script(150), 240);
	/* 20: two pipelines add 2 x 1, a cc 4 and an nroff 3. */
	cr_assert_eq(sdet_procs_per_script(20), 29);
}

Test(sdet, small_run_exact_and_deterministic)
{
	measure(&pt, "numaq-16", 4, 20, NULL);
	measure(&again, "numaq-16", 4, 20, NULL);
	check_processes(&pt, 4, 20);
	check_accounting(&pt);
	cr_assert_eq(pt.r.elapsed_cycles, again.r.elapsed_cycles);
	cr_assert_eq(pt.r.system_cycles, again.r.system_cycles);
	cr_assert_eq(pt.r.user_cycles, again.r.user_cycles);
	cr_assert_eq(pt.p.last_ns, again.p.last_ns);
	for (int e = 0; e < NR_EVENTS; e++)
		cr_assert_eq(pt.r.events[e], again.r.events[e], "%s",
			     event_names[e]);
	cr_assert_gt(pt.scripts_per_hour, 0);
	cr_assert_leq(pt.t_last_s, pt.r.elapsed_s);
}

Test(sdet, seed_changes_the_order_not_the_work)
{
	measure(&pt, "numaq-16", 4, 20, NULL);
	measure(&again, "numaq-16", 4, 20, "seed=7", NULL);
	check_processes(&again, 4, 20);
	/* The same commands in another order (a file a command reads may not
	 * exist yet, or be of another size): the same processes. */
	cr_assert_eq(pt.r.events[EV_fork], again.r.events[EV_fork]);
	cr_assert_eq(pt.r.events[EV_exec], again.r.events[EV_exec]);
	cr_assert_neq(pt.r.elapsed_cycles, again.r.elapsed_cycles);
}

Test(sdet, highpte_kmaps_pte_pages)
{
	measure(&pt, "numaq-16", 4, 20, "CONFIG_HIGHPTE=n", NULL);
	measure(&again, "numaq-16", 4, 20, "CONFIG_HIGHPTE=y", NULL);
	check_processes(&again, 4, 20);
	check_accounting(&again);
	cr_assert_gt(again.r.events[EV_kmap_atomic],
		     pt.r.events[EV_kmap_atomic]);
	cr_assert_gt(again.r.system_cycles, pt.r.system_cycles);
}

Test(sdet, other_boards)
{
	/*
	 * The Kirkwood without HIGHPTE: a highmem PTE page is zeroed through
	 * kmap_atomic, whose unmap cleans L1 but not the Feroceon's L2, and
	 * the walker then finds the cleared entries dirty in L2.
	 */
	measure(&pt, "kirkwood-openblocks-a7", 2, 10, "CONFIG_HIGHPTE=n", NULL);
	check_processes(&pt, 2, 10);
	check_accounting(&pt);
	measure(&pt, "cortex-a15-2g", 2, 10, "CONFIG_ARM_LPAE=y", NULL);
	check_processes(&pt, 2, 10);
}

Test(sdet, cli)
{
	static const char *const bad[][2] = {
		{ "run sdet --scripts 0", "--scripts: '0'" },
		{ "run sdet --scripts 61", "--scripts: '61'" },
		{ "run sdet --commands x", "--commands: 'x'" },
		{ "run sdet --groups 2", "unknown option '--groups'" },
	};
	char line[256];

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		cr_assert_eq(test_run_cli(bad[i][0], true, line, sizeof(line)), 2, "%s",
			     bad[i][0]);
		cr_assert(strstr(line, bad[i][1]), "%s: '%s'", bad[i][0], line);
	}
	cr_assert_eq(test_run_cli("run sdet --scripts 2 --commands 5 --format json", true, line, sizeof(line)),
		     0, "%s", line);
}
