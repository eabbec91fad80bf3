// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kpath analysis (tools/kpath/kpath-analyze.c) on a small recorded
 * run in tests/data/kpath/: text symbols, a console log with window
 * labels and a plugin dump.  The dump's counts are chosen so that every
 * per-op value is exact:
 *
 *   op_a, N 10 / 30, two windows per side (so each side is averaged):
 *     sys_read	2 insns per op (two pcs, 1 each), entered once
 *     helper	2 + 2 (+1 in kexc, once in two B windows: 0.05) + 0.25
 *		(a line run on every 4th op) + 1 in a second static
 *		"helper" at another address, merged by name: 5.30 insns,
 *		3 calls, lines 1 + 0.25 + 1
 *     sys_sync	5 per window on both sides: cancels to 0
 *     user	150 / 250 per window: 5 per op
 *   op_b, announced N 8 first and N 4 second (sides swap), one window each:
 *     rep_fn	1 + 16 per op of which 15 are REP re-executions: 17 raw,
 *		2 with each REP once
 *     [vectors] a pc in ARM's vector page (not in kallsyms): 1 per op
 *
 * The windows in between (boot, set-up, teardown) carry large counts that
 * must not leak into any operation.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "kpath-analyze.h"
#include "kpath-compare.h"

#define DATA "tests/data/kpath/"

static struct kp_syms syms;
static struct kp_run run;

static void load(void)
{
	FILE *f = fopen(DATA "kallsyms.txt", "r");

	cr_assert_not_null(f);
	cr_assert_eq(kp_syms_load(&syms, f), 0);
	fclose(f);
	f = fopen(DATA "console.log", "r");
	cr_assert_not_null(f);
	cr_assert_eq(kp_labels_load(&run, f), 0);
	fclose(f);
	f = fopen(DATA "dump.txt", "r");
	cr_assert_not_null(f);
	cr_assert_eq(kp_dump_load(&run, f), 0);
	fclose(f);
}

static void unload(void)
{
	kp_run_free(&run);
	kp_syms_free(&syms);
}

static const struct kp_row *row(const struct kp_row *rows, long n,
				const char *func)
{
	for (long i = 0; i < n; i++)
		if (!strcmp(rows[i].func, func))
			return &rows[i];
	cr_assert_fail("no row %s", func);
	return NULL;
}

#define assert_close(x, want)                                              \
	cr_assert(fabs((x) - (want)) < 1e-9, "%s = %.12f, want %.12f", #x, \
		  (double)(x), (double)(want))

static void assert_row(const struct kp_row *rows, long n, const char *func,
		       double insns, double calls, double lines)
{
	const struct kp_row *r = row(rows, n, func);

	cr_assert(fabs(r->insns - insns) < 1e-9, "%s insns %.12f, want %.12f",
		  func, r->insns, insns);
	cr_assert(fabs(r->calls - calls) < 1e-9, "%s calls %.12f, want %.12f",
		  func, r->calls, calls);
	cr_assert(fabs(r->lines - lines) < 1e-9, "%s lines %.12f, want %.12f",
		  func, r->lines, lines);
}

Test(kpath, syms_text_only_and_reach)
{
	load();
	cr_assert_eq(syms.n, 5); /* the 'd' symbol is not text */
	cr_assert_eq(kp_syms_find(&syms, 0xc0000fff), -1);
	cr_assert_str_eq(syms.v[kp_syms_find(&syms, 0xc0001000)].name,
			 "sys_read");
	cr_assert_str_eq(syms.v[kp_syms_find(&syms, 0xc000103f)].name,
			 "sys_read");
	cr_assert_str_eq(syms.v[kp_syms_find(&syms, 0xc0001040)].name,
			 "helper");
	/* 64 KiB past the last symbol nothing covers the pc. */
	cr_assert_eq(kp_syms_find(&syms, 0xc0011400), -1);
	unload();
}

Test(kpath, labels_pair_windows_and_order_sides)
{
	load();
	cr_assert_eq(run.nops, 2);
	cr_assert_str_eq(run.ops[0].name, "op_a");
	cr_assert_eq(run.ops[0].n[0], 10);
	cr_assert_eq(run.ops[0].n[1], 30);
	cr_assert_eq(run.ops[0].nwin[0], 2);
	cr_assert_eq(run.ops[0].nwin[1], 2);
	/* op_b announced N=8 first: side A is still the smaller N. */
	cr_assert_eq(run.ops[1].n[0], 4);
	cr_assert_eq(run.ops[1].n[1], 8);
	cr_assert_eq(run.ops[1].nwin[0], 1);
	cr_assert(run.has_rep);
	unload();
}

Test(kpath, per_op_difference_calls_lines_and_contexts)
{
	struct kp_row *rows;
	long n;

	load();
	n = kp_op_rows(&run, 0, &syms, &rows);
	cr_assert_eq(n, 9);
	cr_assert_str_eq(rows[0].func, "[total]");
	cr_assert_str_eq(rows[1].func, "[total_rep1]");
	cr_assert_str_eq(rows[2].func, "[user]");
	cr_assert_str_eq(rows[3].func, "[ctx:kexc]");
	cr_assert_str_eq(rows[4].func, "[ctx:sys_read]");
	cr_assert_str_eq(rows[5].func, "[ctx:sys_sync]");
	cr_assert_str_eq(rows[6].func, "helper");
	cr_assert_str_eq(rows[7].func, "sys_read");
	cr_assert_str_eq(rows[8].func, "sys_sync");
	assert_close(rows[0].insns, 7.30);
	assert_close(rows[1].insns, 7.30);
	assert_close(rows[2].insns, 5.0);
	assert_row(rows, n, "[ctx:kexc]", 0.05, 0.05, 0.05);
	assert_row(rows, n, "[ctx:sys_read]", 7.25, 1.0, 3.25);
	assert_row(rows, n, "helper", 5.30, 3.0, 2.25);
	assert_row(rows, n, "sys_read", 2.0, 1.0, 1.0);
	assert_row(rows, n, "sys_sync", 0.0, 0.0, 0.0);
	free(rows);
	unload();
}

Test(kpath, rep_iterations_and_unknown_text)
{
	struct kp_row *rows;
	long n;

	load();
	n = kp_op_rows(&run, 1, &syms, &rows);
	assert_row(rows, n, "[total]", 19.0, 0, 0);
	assert_row(rows, n, "[total_rep1]", 4.0, 0, 0);
	assert_row(rows, n, "[user]", 10.0, 0, 0);
	assert_row(rows, n, "[ctx:other]", 1.0, 0, 1.0);
	assert_row(rows, n, "[ctx:sys_read]", 18.0, 1.0, 2.0);
	assert_row(rows, n, "rep_fn", 17.0, 1.0, 1.0);
	assert_row(rows, n, "[vectors]", 1.0, 0, 1.0);
	assert_row(rows, n, "helper", 1.0, 1.0, 1.0);
	cr_assert_str_eq(rows[n - 4].func, "rep_fn");
	cr_assert_str_eq(rows[n - 1].func, "sys_sync");
	free(rows);
	unload();
}

Test(kpath, tsv_rounds_and_drops_noise)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	load();
	cr_assert_eq(kp_write_tsv(&run, &syms, "6.1.0-50-test", "highmem", f),
		     0);
	fclose(f);
	cr_assert_str_eq(
		buf,
		"6.1.0-50-test\thighmem\top_a\t[total]\t7.30\t0.00\t3.25\n"
		"6.1.0-50-test\thighmem\top_a\t[total_rep1]\t7.30\t0.00\t0.00\n"
		"6.1.0-50-test\thighmem\top_a\t[user]\t5.00\t0.00\t0.00\n"
		"6.1.0-50-test\thighmem\top_a\t[ctx:kexc]\t0.05\t0.05\t0.05\n"
		"6.1.0-50-test\thighmem\top_a\t[ctx:sys_read]\t7.25\t1.00\t3.25\n"
		"6.1.0-50-test\thighmem\top_a\thelper\t5.30\t3.00\t2.25\n"
		"6.1.0-50-test\thighmem\top_a\tsys_read\t2.00\t1.00\t1.00\n"
		"6.1.0-50-test\thighmem\top_b\t[total]\t19.00\t0.00\t3.00\n"
		"6.1.0-50-test\thighmem\top_b\t[total_rep1]\t4.00\t0.00\t0.00\n"
		"6.1.0-50-test\thighmem\top_b\t[user]\t10.00\t0.00\t0.00\n"
		"6.1.0-50-test\thighmem\top_b\t[ctx:other]\t1.00\t0.00\t1.00\n"
		"6.1.0-50-test\thighmem\top_b\t[ctx:sys_read]\t18.00\t1.00\t2.00\n"
		"6.1.0-50-test\thighmem\top_b\trep_fn\t17.00\t1.00\t1.00\n"
		"6.1.0-50-test\thighmem\top_b\t[vectors]\t1.00\t0.00\t1.00\n"
		"6.1.0-50-test\thighmem\top_b\thelper\t1.00\t1.00\t1.00\n");
	free(buf);
	unload();
}

Test(kpath, three_distinct_n_is_an_error)
{
	const char log[] = "KPATH win 2 op 10\nKPATH win 4 op 20\n"
			   "KPATH win 6 op 30\n";
	FILE *f = fmemopen((void *)log, sizeof(log) - 1, "r");
	struct kp_run r;

	cr_assert_eq(kp_labels_load(&r, f), -1);
	fclose(f);
	kp_run_free(&r);
}

Test(kpath, announced_window_missing_from_dump_is_an_error)
{
	const char log[] = "KPATH win 2 op 10\nKPATH win 4 op 20\n";
	const char dump[] =
		"N 2 sys_read\nW 0\nW 1\nW 2\nP 2 c0001000 10\nW 3\n";
	FILE *f = fmemopen((void *)log, sizeof(log) - 1, "r");
	struct kp_run r;

	cr_assert_eq(kp_labels_load(&r, f), 0);
	fclose(f);
	f = fmemopen((void *)dump, sizeof(dump) - 1, "r");
	cr_assert_eq(kp_dump_load(&r, f), -1);
	fclose(f);
	kp_run_free(&r);
}

/*
 * Two tables for the comparison (kpath-compare.c): op_x's [total] goes
 * 100 -> 90; f_down moves -30, f_new (B only) +12, f_gone (A only) -8,
 * f_same 0 (B's 40 in two GCC clones, 30 + 10), and [ctx:*] rows are
 * summaries, not functions.  op_y is
 * only in A; op_z only in B; nohighmem only in A's file, after.
 */
static const char table_a[] =
	"kernel\tconfig\toperation\tfunction\tinsns_per_op\t"
	"calls_per_op\ttext_lines_per_op\n"
	"6.1-t\thighmem\top_x\t[total]\t100.00\t0.00\t5.00\n"
	"6.1-t\thighmem\top_x\t[ctx:sys_read]\t100.00\t1.00\t5.00\n"
	"6.1-t\thighmem\top_x\tf_down\t50.00\t1.00\t2.00\n"
	"6.1-t\thighmem\top_x\tf_same\t40.00\t1.00\t2.00\n"
	"6.1-t\thighmem\top_x\tf_gone\t8.00\t1.00\t1.00\n"
	"6.1-t\thighmem\top_x\t[vectors]\t2.00\t0.00\t1.00\n"
	"6.1-t\thighmem\top_y\t[total]\t7.00\t0.00\t1.00\n"
	"6.1-t\tnohighmem\top_x\t[total]\t80.00\t0.00\t4.00\n";
static const char table_b[] =
	"kernel\tconfig\toperation\tfunction\tinsns_per_op\t"
	"calls_per_op\ttext_lines_per_op\n"
	"6.12-t\thighmem\top_z\t[total]\t3.00\t0.00\t1.00\n"
	"6.12-t\thighmem\top_x\t[total]\t90.00\t0.00\t5.00\n"
	"6.12-t\thighmem\top_x\t[ctx:sys_read]\t60.00\t1.00\t5.00\n"
	"6.12-t\thighmem\top_x\tf_same.constprop.0\t30.00\t1.00\t2.00\n"
	"6.12-t\thighmem\top_x\tf_same.part.0\t10.00\t1.00\t2.00\n"
	"6.12-t\thighmem\top_x\tf_down\t20.00\t1.00\t2.00\n"
	"6.12-t\thighmem\top_x\tf_new\t12.00\t1.00\t1.00\n"
	"6.12-t\thighmem\top_x\t[vectors]\t2.00\t0.00\t1.00\n";

static void load_table(struct kp_table *t, const char *text)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");

	cr_assert_eq(kp_table_load(t, f), 0);
	fclose(f);
}

Test(kpath, table_load_rows_kernel_and_totals)
{
	struct kp_table a;
	double x = 0;

	load_table(&a, table_a);
	cr_assert_str_eq(a.kernel, "6.1-t");
	cr_assert_eq(a.n, 8);
	cr_assert_str_eq(a.v[2].func, "f_down");
	assert_close(a.v[2].insns, 50.0);
	assert_close(a.v[2].calls, 1.0);
	assert_close(a.v[2].lines, 2.0);
	cr_assert_eq(kp_table_total(&a, "nohighmem", "op_x", &x), 0);
	assert_close(x, 80.0);
	cr_assert_eq(kp_table_total(&a, "nohighmem", "op_y", &x), -1);
	kp_table_free(&a);
}

Test(kpath, table_load_refuses_no_header_and_two_kernels)
{
	const char two[] = "kernel\tconfig\toperation\tfunction\tinsns_per_op\t"
			   "calls_per_op\ttext_lines_per_op\n"
			   "k1\thighmem\top\t[total]\t1.00\t0.00\t0.00\n"
			   "k2\thighmem\top\t[total]\t1.00\t0.00\t0.00\n";
	const char noheader[] = "k1\thighmem\top\t[total]\t1\t0\t0\n";
	const char *bad[] = { two, noheader };
	struct kp_table t;

	for (int i = 0; i < 2; i++) {
		FILE *f = fmemopen((void *)bad[i], strlen(bad[i]), "r");

		cr_assert_eq(kp_table_load(&t, f), -1, "case %d", i);
		fclose(f);
		cr_assert_null(t.v);
	}
}

Test(kpath, compare_op_matches_by_name_and_orders_by_move)
{
	struct kp_table a, b;
	struct kp_delta *d;
	long n;

	load_table(&a, table_a);
	load_table(&b, table_b);
	n = kp_compare_op(&a, &b, "highmem", "op_x", &d);
	cr_assert_eq(n, 5);
	cr_assert_str_eq(d[0].func, "f_down");
	assert_close(d[0].a, 50.0);
	assert_close(d[0].b, 20.0);
	cr_assert_str_eq(d[1].func, "f_new");
	assert_close(d[1].a, 0.0);
	assert_close(d[1].b, 12.0);
	cr_assert_str_eq(d[2].func, "f_gone");
	assert_close(d[2].b, 0.0);
	/* Unmoved rows tie at 0 and go by name. */
	cr_assert_str_eq(d[3].func, "[vectors]");
	cr_assert_str_eq(d[4].func, "f_same");
	free(d);
	kp_table_free(&a);
	kp_table_free(&b);
}

Test(kpath, compare_print_totals_movers_and_unmatched)
{
	struct kp_table a, b;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	load_table(&a, table_a);
	load_table(&b, table_b);
	cr_assert_eq(kp_compare_print(&a, &b, NULL, 2, f), 0);
	fclose(f);
	cr_assert_str_eq(buf,
			 "### highmem: 6.1-t -> 6.12-t\n\n"
			 "| operation | 6.1-t | 6.12-t | B - A | B / A |\n"
			 "|---|---|---|---|---|\n"
			 "| `op_x` | 100.00 | 90.00 | -10.00 | 0.900 |\n"
			 "\nFunctions that moved most (instructions per op, "
			 "A -> B):\n\n"
			 "- `op_x`: f_down -30.00 (50.00 -> 20.00); "
			 "f_new +12.00 (0.00 -> 12.00)\n"
			 "- `op_y`: only in 6.1-t\n"
			 "- `op_z`: only in 6.12-t\n"
			 "\n"
			 "### nohighmem: 6.1-t -> 6.12-t\n\n"
			 "| operation | 6.1-t | 6.12-t | B - A | B / A |\n"
			 "|---|---|---|---|---|\n"
			 "\nFunctions that moved most (instructions per op, "
			 "A -> B):\n\n"
			 "- `op_x`: only in 6.1-t\n"
			 "\n");
	free(buf);
	kp_table_free(&a);
	kp_table_free(&b);
}
