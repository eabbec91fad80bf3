// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit run` over a grid (src/cli/grid.c): comma lists in NAME=VALUE
 * words and --platform run the cross product, the first list varying
 * slowest; tables get a heading per combination, JSON one array, and CSV
 * -- grid or not -- a column per setting after the workload's own.
 */
#include "helpers.h"

#include <stdlib.h>
#include <string.h>

#include "config/settings.h"

TestSuite(grid);

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* Occurrences of @needle in @hay. */
static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/*
 * A table grid is one table: the varying settings' columns first, every
 * combination's rows in the order of the lists (the first varies
 * slowest), the settings every run shares above.
 */
Test(grid, cross_product_in_the_order_of_the_lists)
{
	struct test_sh_output r = test_sh(
		"\"$VMSPLIT_BIN\" run dd --bs 512 --total 16K CONFIG_HIGHMEM=y,n --platform beaglebone-white,beaglebone-black --format table");
	const char *want[] = {
		"\n# 4 rows: every combination of CONFIG_HIGHMEM, platform\n# (the settings above are every run's; --format csv has each run's all)\n"
		"CONFIG_HIGHMEM  platform          bs   total  MBps   dd_s         elapsed_s  system_s  user_s\n"
		"y               beaglebone-white  512  16384  ",
		"\ny               beaglebone-black  512  16384  ",
		"\nn               beaglebone-white  512  16384  ",
		"\nn               beaglebone-black  512  16384  ",
	};
	const char *at = r.out;

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert(starts_with(r.out, "# CONFIG_ARM_LPAE=n "), "%s", r.out);
	/* mem= differs by board: not among the shared settings. */
	cr_assert_null(strstr(r.out, " mem="), "%s", r.out);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		const char *p = strstr(at, want[i]);

		cr_assert(p, "%zu: %s", i, r.out);
		at = p + 1;
	}
	/* Below the "#" lines: the header and the 4 rows, nothing else. */
	{
		int table = 0;

		for (const char *l = r.out; *l; l = strchr(l, '\n') + 1) {
			table += l[0] != '#';
			cr_assert_leq(strcspn(l, "\n"), 98, "%s", r.out);
		}
		cr_assert_eq(table, 5, "%s", r.out);
	}
	free(r.out);
	free(r.err);
}

/* The CSV's settings columns: one header, the grid's values in place. */
Test(grid, csv_has_a_column_per_setting)
{
	struct test_sh_output r = test_sh(
		"\"$VMSPLIT_BIN\" run dd --bs 512,1K --total 16K --format csv -- CONFIG_HIGHMEM=y,n");
	char head[2048] = "workload,platform,bs,total,MBps,dd_s,elapsed_s,system_s,user_s";
	const char *name;
	char *line, *save = NULL;
	int rows = 0;

	cr_assert_eq(r.status, 0, "%s", r.err);
	for (size_t i = 0; (name = settings_name(i)); i++)
		if (strcmp(name, "platform")) {
			strcat(head, ",");
			strcat(head, name);
		}
	strcat(head, ",costs\n");
	cr_assert_eq(strncmp(r.out, head, strlen(head)), 0, "%s", r.out);
	cr_assert_eq(count(r.out, "workload,"), 1, "%s", r.out);
	/* CONFIG_HIGHMEM is the first setting column: column 10. */
	for (line = strtok_r(r.out + strlen(head), "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), rows++) {
		char *f = line;

		for (int c = 0; c < 9; c++)
			f = strchr(f, ',') + 1;
		cr_assert_eq(strncmp(f, rows < 2 ? "y,n," : "n,n,", 4), 0,
			     "row %d: %s", rows, line);
		cr_assert(strstr(line, ",kirkwood-openblocks-a7,"), "%s", line);
		cr_assert(strstr(line, ",3G,"), "%s", line);
		cr_assert(strstr(line, ",3.910,1600,"), "%s", line);
	}
	cr_assert_eq(rows, 4);
	free(r.out);
	free(r.err);
}

/* A run without lists has the columns too: a shell loop's rows differ. */
Test(grid, csv_without_a_list_has_the_columns)
{
	struct test_sh_output r = test_sh(
		"\"$VMSPLIT_BIN\" run dd --bs 512 --total 16K --format csv CONFIG_HIGHMEM=n cost.fdget=7");

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert(strstr(r.out, ",user_s,CONFIG_HIGHMEM,CONFIG_HIGHPTE,"), "%s",
		  r.out);
	cr_assert(strstr(r.out, ",costs\ndd,kirkwood-openblocks-a7,512,16384,"),
		  "%s", r.out);
	cr_assert(strstr(r.out, ",n,n,n,n,n,3G,"), "%s", r.out);
	cr_assert(strstr(r.out, ",cost.fdget=7\n"), "%s", r.out);
	free(r.out);
	free(r.err);
}

Test(grid, json_is_one_array_of_every_combination)
{
	struct test_sh_output r = test_sh(
		"\"$VMSPLIT_BIN\" run dd --bs 512 --total 16K --format json CONFIG_HIGHMEM=y,n seed=1,2");

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert_eq(strncmp(r.out, "[\n  {\"workload\": \"dd\"", 21), 0, "%s",
		     r.out);
	cr_assert_eq(count(r.out, "\"workload\": \"dd\""), 4, "%s", r.out);
	cr_assert_eq(count(r.out, "\n[") + (r.out[0] == '['), 1, "%s", r.out);
	cr_assert(strstr(r.out, "\"CONFIG_HIGHMEM\": \"y\", "), "%s", r.out);
	cr_assert(strstr(r.out, "\"CONFIG_HIGHMEM\": \"n\", "), "%s", r.out);
	cr_assert(strstr(r.out, "\"seed\": 2"), "%s", r.out);
	cr_assert_eq(strcmp(r.out + strlen(r.out) - 3, "\n]\n"), 0, "%s",
		     r.out);
	free(r.out);
	free(r.err);
}

Test(grid, bad_lists_are_usage_errors)
{
	static const char *const bad[][2] = {
		{ "run dd --bs 512 --total 16K CONFIG_HIGHMEM=y,,n",
		  "vmsplit: CONFIG_HIGHMEM=y,,n: an empty value in the list\n" },
		{ "run dd --bs 512 --total 16K CONFIG_HIGHMEM=y,",
		  "vmsplit: CONFIG_HIGHMEM=y,: an empty value in the list\n" },
		{ "run dd --bs 512 --total 16K seed=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 checks=y,n,y,n,y,n,y,n,y,n,y,n,y,n,y,n",
		  "vmsplit: the lists make more than 256 runs\n" },
		{ "run dd --bs 512 --total 16K --platform beaglebone-white,nosuch",
		  "vmsplit: unknown platform 'nosuch' (see `vmsplit platforms`)\n" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char cmd[512];
		struct test_sh_output r;

		snprintf(cmd, sizeof(cmd), "\"$VMSPLIT_BIN\" %s", bad[i][0]);
		r = test_sh(cmd);
		cr_assert_eq(r.status, 2, "%s", bad[i][0]);
		cr_assert_str_eq(r.err, bad[i][1], "%s", bad[i][0]);
		free(r.out);
		free(r.err);
	}
}

/* explain takes lists too: --bs, settings, --platform; JSON is an array
 * of explanations; --svg draws one and refuses a list. */
Test(grid, explain_runs_one_explanation_per_combination)
{
	struct test_sh_output r = test_sh(
		"\"$VMSPLIT_BIN\" explain dd --platform beaglebone-white --bs 512,4K --total 16K --from CONFIG_UACCESS_GUP_KMAP_MEMCPY=n --to CONFIG_UACCESS_GUP_KMAP_MEMCPY=y");

	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert(starts_with(r.out, "## 1/2: bs=512\n# explain dd bs=512 total=16384 on beaglebone-white: "),
		  "%s", r.out);
	cr_assert(strstr(r.out, "\n\n## 2/2: bs=4K\n# explain dd bs=4096 total=16384 on beaglebone-white: "),
		  "%s", r.out);
	free(r.out);
	free(r.err);

	r = test_sh("\"$VMSPLIT_BIN\" explain dd --bs 512 --total 16K --from CONFIG_HIGHMEM=n --to CONFIG_HIGHMEM=y --format json --platform=beaglebone-white,beaglebone-black");
	cr_assert_eq(r.status, 0, "%s", r.err);
	cr_assert(starts_with(r.out, "[\n  {\"workload\": \"dd bs=512 total=16384 on beaglebone-white\""),
		  "%s", r.out);
	cr_assert(strstr(r.out, "},\n  {\"workload\": \"dd bs=512 total=16384 on beaglebone-black\""),
		  "%s", r.out);
	free(r.out);
	free(r.err);

	r = test_sh("\"$VMSPLIT_BIN\" explain dd --bs 512,4K --total 16K --from CONFIG_HIGHMEM=n --to CONFIG_HIGHMEM=y --svg /tmp/vmsplit-grid.svg");
	cr_assert_eq(r.status, 2);
	cr_assert_str_eq(r.err, "vmsplit: --svg draws one explanation: give no lists with it\n");
	free(r.out);
	free(r.err);
}
