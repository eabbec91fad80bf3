// SPDX-License-Identifier: GPL-2.0-only
/*
 * lmbench (src/workloads/lmbench.c, src/experiments/lmbench.c): each test
 * makes exactly the system calls and faults per operation that lmbench's
 * program makes, counted by the machine's event counters over the
 * measured batch; the bounded until-stable loop stops on two agreeing
 * batches; runs are deterministic; bw_mem streams every line of its
 * buffer from DRAM; and `vmsplit run lmbench` refuses bad input.
 */
#include "helpers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "experiments/lmbench.h"
#include "experiments/lmbench_summary.h"
#include "workloads/ldso.h"

static struct lmbench_point pt, again;

static void measure(struct lmbench_point *p, const char *platform,
		    enum lmbench_test t, ...)
{
	struct settings s;
	char err[256];
	va_list ap;
	const char *w;

	settings_default(&s, platform_find(platform));
	va_start(ap, t);
	while ((w = va_arg(ap, const char *)))
		cr_assert_eq(settings_parse(&s, w, err, sizeof(err)), 0, "%s",
			     err);
	va_end(ap);
	cr_assert_eq(lmbench_measure(&s, t, p, err, sizeof(err)), 0, "%s",
		     err);
	cr_assert_gt(p->p.ops, 0);
	cr_assert_gt(p->value, 0, "%s: %f", lmbench_test_names[t], p->value);
}

/* Event @e grew by exactly @per_op for each operation of the batch. */
static void expect(enum event e, u64 per_op)
{
	cr_assert_eq(pt.p.events[e], per_op * pt.p.ops,
		     "%s: %s %llu over %llu ops, want %llu each",
		     lmbench_test_names[pt.p.test], event_names[e],
		     (unsigned long long)pt.p.events[e],
		     (unsigned long long)pt.p.ops,
		     (unsigned long long)per_op);
}

#define BBB "beaglebone-black"

Test(lmbench, lat_syscall_one_call_per_op)
{
	static const enum lmbench_test one[] = { LMB_NULL, LMB_READ,
						 LMB_WRITE, LMB_STAT,
						 LMB_FSTAT };

	for (size_t i = 0; i < ARRAY_SIZE(one); i++) {
		measure(&pt, BBB, one[i], NULL);
		expect(EV_syscall, 1);
		expect(EV_page_fault, 0);
		expect(EV_context_switch, 0);
		expect(EV_page_alloc, 0);
	}
}

Test(lmbench, lat_syscall_open_is_open_and_close)
{
	measure(&pt, BBB, LMB_OPEN, NULL);
	expect(EV_syscall, 2);
	expect(EV_page_fault, 0);
}

/* read of /dev/zero clears its one byte; write to /dev/null moves none:
 * the read costs the clear_user, so it is the dearer of the two data
 * calls beside null, and every one of them dearer than getppid. */
Test(lmbench, lat_syscall_null_is_cheapest)
{
	double null_us;

	measure(&pt, BBB, LMB_NULL, NULL);
	null_us = pt.value;
	for (int t = LMB_READ; t <= LMB_OPEN; t++) {
		measure(&again, BBB, (enum lmbench_test)t, NULL);
		cr_assert_gt(again.value, null_us, "%s", lmbench_test_names[t]);
	}
}

/*
 * lat_pagefault reads every page of a cached file through a fresh shared
 * mapping.  From 3.15 a read fault maps the cached pages of its 64 KiB
 * window first (do_fault_around): the Black's 6.1 takes 17 faults for the
 * 256 pages (the mapping does not start on a 64 KiB boundary, so 17
 * windows meet it), the measured 6.1 one in 16 (data/kpath, fault_file_
 * read: filemap_map_pages 0.06 calls a page).  kernel=3.14 and the
 * NUMA-Q's 2.5.73 fault on every page.
 */
Test(lmbench, lat_pagefault_fault_around_from_3_15)
{
	measure(&pt, BBB, LMB_PAGEFAULT, NULL);
	cr_assert_eq(pt.p.ops, LMB_PAGEFAULT_BYTES / 4096);
	cr_assert_eq(pt.p.events[EV_page_fault], 17);
	cr_assert_eq(pt.p.events[EV_fault_file], 17);
	expect(EV_fault_anon, 0);
	expect(EV_syscall, 0);
	measure(&pt, "kirkwood-openblocks-a7", LMB_PAGEFAULT, NULL);
	cr_assert_eq(pt.p.events[EV_page_fault], 17);
	measure(&pt, "kirkwood-openblocks-a7", LMB_PAGEFAULT, "kernel=3.14",
		NULL);
	expect(EV_page_fault, 1);
	expect(EV_fault_file, 1);
	measure(&pt, "numaq-16", LMB_PAGEFAULT, NULL);
	expect(EV_page_fault, 1);
}

/*
 * lat_mmap (domapping): mmap 1 MiB shared, store a byte every 16 KiB over
 * its first tenth -- 7 write faults, which fault-around does not serve --
 * and munmap.
 */
Test(lmbench, lat_mmap_mmap_munmap_and_lmbench_s_stores)
{
	measure(&pt, BBB, LMB_MMAP, NULL);
	expect(EV_syscall, 2);
	expect(EV_page_fault, 7);
	expect(EV_fault_file, 7);
}

Test(lmbench, lat_proc_fork_exit_wait)
{
	measure(&pt, BBB, LMB_FORK, NULL);
	expect(EV_fork, 1);
	expect(EV_exit, 1);
	expect(EV_exec, 0);
	/* fork, the child's exit, wait4. */
	expect(EV_syscall, 3);
	cr_assert_eq(pt.r.exits, pt.p.batches * pt.p.ops + 1);
}

Test(lmbench, lat_proc_exec_fork_execve_exit_wait)
{
	measure(&pt, BBB, LMB_EXEC, NULL);
	expect(EV_fork, 1);
	expect(EV_exec, 1);
	expect(EV_exit, 1);
	/* fork, execve, exit, wait4; hello's start-up and its write. */
	expect(EV_syscall, 4 + LDSO_START_SYSCALLS + 1);
	expect(EV_sigsegv, 0);
}

/*
 * lat_proc fork on 6.1: the parent is a dynamically linked program
 * (workloads/ldso.h) -- its own text, data, heap and stack, ld.so's and
 * libc's nine VMAs, and the scratch page lmbench's setup maps.  Fork
 * copies all 14 VMAs but the PTEs of only the 8 with an anon_vma, the
 * ones start-up wrote: both objects' RELRO and data, libc's bss, the TLS
 * block, ld.so's early map, the program's data.  The child's exit()
 * faults in a libc text page and copies a libc data page.  2.5.73 copies
 * every VMA's PTEs, and its child faults on the data page only.
 */
Test(lmbench, lat_proc_fork_copies_a_dynamic_binary_s_vmas)
{
	measure(&pt, BBB, LMB_FORK, NULL);
	expect(EV_fork_vma, 4 + LDSO_VMAS + 1);
	expect(EV_fork_vma_ptes, 8);
	expect(EV_fault_file, 1);
	expect(EV_fault_cow, 1);
	measure(&pt, "numaq-16", LMB_FORK, NULL);
	expect(EV_fork_vma, 4 + LDSO_VMAS + 1);
	expect(EV_fork_vma_ptes, 4 + LDSO_VMAS + 1);
	expect(EV_fault_file, 0);
	expect(EV_fault_cow, 1);
}

/* A round: each process writes the token and reads it back, two switches
 * on a one-CPU board. */
Test(lmbench, lat_ctx_and_lat_pipe_two_switches_a_round)
{
	measure(&pt, BBB, LMB_PIPE, NULL);
	expect(EV_syscall, 4);
	expect(EV_context_switch, 2);
	expect(EV_page_fault, 0);
	measure(&pt, BBB, LMB_CTX, NULL);
	expect(EV_syscall, 4);
	expect(EV_context_switch, 2);
	expect(EV_page_fault, 0);
	cr_assert_gt(pt.p.overhead_ns, 0);
}

/* Every line of the 16 MiB source comes from DRAM (it is 64 times the
 * L2); no system call, no fault once the buffers are touched. */
Test(lmbench, bw_mem_streams_from_dram)
{
	const u64 lines = LMB_BW_BYTES / 64;

	for (int t = LMB_RD; t <= LMB_BCOPY; t++) {
		measure(&pt, BBB, (enum lmbench_test)t, NULL);
		cr_assert_eq(pt.p.ops, 1);
		expect(EV_syscall, 0);
		expect(EV_page_fault, 0);
		if (t == LMB_RD || t == LMB_CP || t == LMB_BCOPY)
			cr_assert_geq(pt.p.events[EV_dram_read], lines, "%s",
				      lmbench_test_names[t]);
		if (t != LMB_RD)
			cr_assert_geq(pt.p.events[EV_dram_write], lines,
				      "%s", lmbench_test_names[t]);
	}
}

/*
 * E4's bandwidths on the board TI measured (boards/am335x-evm.board),
 * exactly as the model gives them: MB/s x 100, truncated.  TI's 09.00 row
 * (research/platforms.md) is rd 253, wr 996, bzero 996, bcopy 203, cp 194;
 * docs/fidelity.md compares.
 */
Test(lmbench, bw_mem_on_the_am335x_evm)
{
	static const struct {
		enum lmbench_test t;
		u32 centi_MBps;
	} want[] = {
		{ LMB_RD, 28275 },    { LMB_WR, 111839 }, { LMB_BZERO, 114074 },
		{ LMB_BCOPY, 21821 }, { LMB_CP, 21918 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		measure(&pt, "am335x-evm", want[i].t, NULL);
		cr_assert_eq((u32)(pt.value * 100), want[i].centi_MBps,
			     "%s: %.4f", lmbench_test_names[want[i].t],
			     pt.value);
	}
}

/*
 * wr stores one word in four, 16 bytes apart: on the EVM's 16-bit DDR3,
 * whose write burst is 16 bytes, each store is a burst of its own and four
 * make a line's drain -- the DRAM writes of a full line, as fwr and bzero
 * make.  Counted a line a store (the boards with no burst size), wr would
 * drain four times as long.
 */
Test(lmbench, wr_stores_a_burst_each)
{
	const u64 lines = LMB_BW_BYTES / 64;

	measure(&pt, "am335x-evm", LMB_WR, NULL);
	cr_assert_geq(pt.p.events[EV_dram_write], lines);
	cr_assert_lt(pt.p.events[EV_dram_write], lines + lines / 8,
		     "%llu DRAM line writes for %llu lines",
		     (unsigned long long)pt.p.events[EV_dram_write],
		     (unsigned long long)lines);
	cr_assert_gt(pt.value, 1000);
}

/* Until stable: at least two batches, at most the cap, and a run that
 * stopped early did so on two batches within 1%. */
Test(lmbench, batches_bounded_and_runs_deterministic)
{
	for (int t = 0; t < NR_LMBENCH_TESTS; t++) {
		measure(&pt, BBB, (enum lmbench_test)t, NULL);
		cr_assert_geq(pt.p.batches, 2, "%s", lmbench_test_names[t]);
		cr_assert_leq(pt.p.batches, LMB_MAX_BATCHES, "%s",
			      lmbench_test_names[t]);
	}
	measure(&pt, "cortex-a15-2g", LMB_FORK, NULL);
	measure(&again, "cortex-a15-2g", LMB_FORK, NULL);
	cr_assert_eq(pt.p.ns, again.p.ns);
	cr_assert_eq(memcmp(pt.p.events, again.p.events, sizeof(pt.p.events)),
		     0);
}

/* HIGHPTE maps each PTE page a fault touches: the fault path kmaps. */
Test(lmbench, highpte_kmaps_on_the_fault_path)
{
	measure(&pt, "cortex-a15-2g", LMB_PAGEFAULT, "CONFIG_HIGHPTE=y", NULL);
	cr_assert_gt(pt.p.events[EV_page_fault], 0);
	cr_assert_geq(pt.p.events[EV_pte_page_kmap],
		      pt.p.events[EV_page_fault]);
	measure(&pt, "cortex-a15-2g", LMB_PAGEFAULT, "CONFIG_HIGHPTE=n", NULL);
	expect(EV_pte_page_kmap, 0);
}

Test(lmbench, cli)
{
	static const char *const bad[][2] = {
		{ "run lmbench --tests nope", "--tests: 'nope'" },
		{ "run lmbench --tests null,", "--tests: 'null,'" },
		{ "run lmbench --bs 4K", "unknown option '--bs'" },
	};
	char line[256];

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		cr_assert_eq(test_run_cli(bad[i][0], true, line, sizeof(line)), 2, "%s",
			     bad[i][0]);
		cr_assert(strstr(line, bad[i][1]), "%s: '%s'", bad[i][0], line);
	}
	cr_assert_eq(test_run_cli("run lmbench --tests null,fork --format json", true, line, sizeof(line)),
		     0, "%s", line);
}

/*
 * getsummary's number format (scripts/getsummary's num()): a field of
 * @len characters, truncated as its "%N.Ns" truncates, K and M from ten
 * thousand and ten million, blank when absent.
 */
Test(lmbench, summary_numbers_as_getsummary_prints_them)
{
	char b[32];

	cr_assert_str_eq(lmbench_summary_num(0.2172, 4, b, sizeof(b)), "0.22");
	cr_assert_str_eq(lmbench_summary_num(245.9607, 4, b, sizeof(b)), "246.");
	cr_assert_str_eq(lmbench_summary_num(7.05, 7, b, sizeof(b)), "7.05000");
	cr_assert_str_eq(lmbench_summary_num(2124.5, 7, b, sizeof(b)), " 2124.5");
	cr_assert_str_eq(lmbench_summary_num(12345.0, 6, b, sizeof(b)), " 12.3K");
	cr_assert_str_eq(lmbench_summary_num(-1, 4, b, sizeof(b)), "    ");
	cr_assert_str_eq(lmbench_summary_num(0.0005, 7, b, sizeof(b)), "5.0e-04");
}

/* `run lmbench --summary`: the tables whose columns ran, in getsummary's
 * headings, the board and its kernel in the host and OS columns. */
Test(lmbench, summary_tables_of_the_tests_run)
{
	struct test_sh_output r = test_sh(
		"\"$VMSPLIT_BIN\" run lmbench --tests null,rd --summary");

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert(strstr(r.out, "\n                 L M B E N C H  3 . 0   S U M M A R Y\n"), "%s", r.out);
	cr_assert(strstr(r.out, "\nProcessor, Processes - times in microseconds - smaller is better\n"), "%s", r.out);
	cr_assert(strstr(r.out, "\nbeaglebon   Linux 6.1.0 1000 0.22                                             \n"), "%s", r.out);
	cr_assert_null(strstr(r.out, "File & VM system latencies"), "%s", r.out);
	cr_assert(strstr(r.out, "\n*Local* Communication bandwidths in MB/s - bigger is better\n"), "%s", r.out);
	cr_assert(strstr(r.out, "\nbeaglebon   Linux 6.1.0                                            305.      \n"), "%s", r.out);
	free(r.out);
	free(r.err);
}
