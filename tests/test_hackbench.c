// SPDX-License-Identifier: GPL-2.0-only
/*
 * hackbench in pipe mode (src/workloads/hackbench.c,
 * src/experiments/hackbench.c): every message arrives whole, exactly
 * loops of them from every sender of a group at every receiver; the run
 * is deterministic; user + system + idle time is the CPUs times the
 * elapsed time; the pipes sleep and wake; every board runs it; the
 * BeagleBone table of copy strategies has its four rows; and `vmsplit run
 * hackbench` refuses bad input with exit status 2.
 */
#include "helpers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#include "experiments/hackbench.h"

static struct hackbench_point pt, again;

static void measure(struct hackbench_point *p, const char *platform,
		    u32 groups, u32 loops, ...)
{
	struct settings s;
	char err[256];
	va_list ap;
	const char *w;

	settings_default(&s, platform_find(platform));
	va_start(ap, loops);
	while ((w = va_arg(ap, const char *)))
		cr_assert_eq(settings_parse(&s, w, err, sizeof(err)), 0, "%s",
			     err);
	va_end(ap);
	cr_assert_eq(hackbench_measure(&s, groups, loops, true, p, err,
				       sizeof(err)),
		     0, "%s", err);
}

static void check_delivery(const struct hackbench_point *p, u32 groups,
			   u32 loops)
{
	u64 want = (u64)groups * HACKBENCH_FDS * HACKBENCH_FDS * loops;

	cr_assert_eq(p->p.messages_sent, want);
	cr_assert_eq(p->p.messages_received, want);
	cr_assert_eq(p->p.bytes_received, want * HACKBENCH_DATASIZE);
	cr_assert_eq(p->p.bad_messages, 0);
	for (u32 r = 0; r < groups * HACKBENCH_FDS; r++)
		for (u32 s = 0; s < HACKBENCH_FDS; s++)
			cr_assert_eq(p->p.got[r][s], loops,
				     "receiver %u got %u from sender %u", r,
				     p->p.got[r][s], s);
	cr_assert_eq(p->pipes.pipes, groups * HACKBENCH_FDS);
	cr_assert_eq(p->pipes.writes, want);
	cr_assert_eq(p->pipes.bytes_written, want * HACKBENCH_DATASIZE);
	cr_assert_eq(p->pipes.bytes_read, want * HACKBENCH_DATASIZE);
	/* The parent and 40 children a group, all reaped. */
	cr_assert_eq(p->r.exits, 1 + groups * 2 * HACKBENCH_FDS);
	cr_assert_eq(p->r.sigsegv, 0);
}

/* user + system + idle == CPUs x elapsed, as run_result reports it. */
static void check_accounting(const struct hackbench_point *p)
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
	cr_assert_gt(r->system_cycles, r->user_cycles,
		     "hackbench is a system-call benchmark");
}

Test(hackbench, every_message_delivered_up)
{
	measure(&pt, "kirkwood-openblocks-a7", 1, 50, NULL);
	check_delivery(&pt, 1, 50);
	check_accounting(&pt);
	/* 20 x 50 messages of 100 B a receiver fill its 16-page ring. */
	cr_assert_gt(pt.pipes.writer_waits, 0);
	cr_assert_gt(pt.pipes.reader_waits, 0);
	cr_assert_gt(pt.pipes.merged, pt.pipes.bufs_filled,
		     "100-byte writes merge into the last page");
}

Test(hackbench, every_message_delivered_smp)
{
	measure(&pt, "numaq-16", 2, 20, NULL);
	check_delivery(&pt, 2, 20);
	check_accounting(&pt);
	cr_assert_gt(pt.r.cpu_pct, 100.0, "16 CPUs share the work");
}

Test(hackbench, deterministic)
{
	measure(&pt, "cortex-a15-2g", 1, 10, NULL);
	measure(&again, "cortex-a15-2g", 1, 10, NULL);
	cr_assert_eq(pt.r.elapsed_cycles, again.r.elapsed_cycles);
	cr_assert_eq(pt.r.system_cycles, again.r.system_cycles);
	cr_assert_eq(pt.r.user_cycles, again.r.user_cycles);
	for (int e = 0; e < NR_EVENTS; e++)
		cr_assert_eq(pt.r.events[e], again.r.events[e], "%s",
			     event_names[e]);
	cr_assert_eq(pt.pipes.wakeups, again.pipes.wakeups);
	check_accounting(&pt);
}

Test(hackbench, every_board_and_strategy)
{
	static const char *const boards[] = {
		"kirkwood-openblocks-a7", "beaglebone-white", "numaq-16",
		"cortex-a15-2g",
	};

	for (size_t i = 0; i < ARRAY_SIZE(boards); i++) {
		measure(&pt, boards[i], 1, 5, NULL);
		check_delivery(&pt, 1, 5);
		check_accounting(&pt);
	}
	measure(&pt, "beaglebone-white", 1, 5,
		"CONFIG_UACCESS_GUP_KMAP_MEMCPY=y", NULL);
	check_delivery(&pt, 1, 5);
	measure(&pt, "beaglebone-white", 1, 5, "CONFIG_UACCESS_WITH_MEMCPY=y",
		NULL);
	check_delivery(&pt, 1, 5);
	measure(&pt, "numaq-16", 1, 5, "CONFIG_VMSPLIT=4G_4G", NULL);
	check_delivery(&pt, 1, 5);
	measure(&pt, "kirkwood-openblocks-a7", 1, 5, "CONFIG_HIGHMEM=n", NULL);
	check_delivery(&pt, 1, 5);
}

/* Pipe pages come from highmem on a board that has it. */
Test(hackbench, pipe_pages_in_highmem_are_kmapped)
{
	measure(&pt, "kirkwood-openblocks-a7", 1, 5, NULL);
	/* At least one fixmap map per copy in or out, none short-cut. */
	cr_assert_geq(pt.r.events[EV_kmap_atomic] +
			      pt.r.events[EV_kmap_high_get_hit],
		      pt.pipes.writes + pt.pipes.reads);
	measure(&again, "kirkwood-openblocks-a7", 1, 5, "CONFIG_HIGHMEM=n",
		NULL);
	cr_assert_lt(again.r.elapsed_cycles, pt.r.elapsed_cycles,
		     "no kmaps without highmem");
}

Test(hackbench, beaglebone_strategies_table)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	char err[256];
	int rows = 0;

	cr_assert(f);
	cr_assert_eq(reproduce_hackbench_beaglebone(false, 1, 5, f, err,
						    sizeof(err)),
		     0, "%s", err);
	fclose(f);
	for (const char *p = text; (p = strstr(p, "(prediction)")); p++)
		rows++;
	cr_assert_eq(rows, 4, "%s", text);
	cr_assert(strstr(text, "CONFIG_UACCESS_GUP_KMAP_MEMCPY, HIGHMEM=n"));
	free(text);
}

Test(hackbench, cli_bad_input_exits_2)
{
	static const char *const bad[][2] = {
		{ "run hackbench --groups 0", "--groups: '0'" },
		{ "run hackbench --groups 51", "--groups: '51'" },
		{ "run hackbench --loops x", "--loops: 'x'" },
		{ "run hackbench --bs 4K", "unknown option '--bs'" },
		{ "reproduce hackbench-kirkwood", "unknown experiment" },
	};
	char line[256];

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		cr_assert_eq(test_run_cli(bad[i][0], true, line, sizeof(line)),
			     2, "%s", bad[i][0]);
		cr_assert(strstr(line, bad[i][1]), "%s: '%s'", bad[i][0], line);
	}
	cr_assert_eq(
		test_run_cli("run hackbench --groups 1 --loops 2 --format csv",
			     true, line, sizeof(line)),
		0, "%s", line);
}
