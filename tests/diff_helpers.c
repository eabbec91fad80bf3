// SPDX-License-Identifier: GPL-2.0-only
/* See diff_helpers.h. */
#include "diff_helpers.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/diff.h"

static char dir[] = "/tmp/vmsplit-diff-XXXXXX";

void test_diff_enter(void)
{
	const char *bin = getenv("VMSPLIT_BIN");
	char *abs = bin ? realpath(bin, NULL) : NULL;

	if (abs) {
		cr_assert_eq(setenv("VMSPLIT_BIN", abs, 1), 0);
		free(abs);
	}
	cr_assert(mkdtemp(dir));
	cr_assert_eq(chdir(dir), 0);
}

void test_diff_leave(void)
{
	char cmd[64];

	cr_assert_eq(chdir("/"), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_assert_eq(system(cmd), 0);
}

void test_diff_put(const char *name, const char *text)
{
	FILE *f = fopen(name, "w");

	cr_assert(f, "cannot write %s", name);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
}

char *test_diff(const char *args)
{
	char words[512], *argv[16], *save = NULL, *out = NULL, err[512];
	struct diff_opts o;
	size_t len = 0;
	int argc = 0, ret;
	FILE *f;

	snprintf(words, sizeof(words), "%s", args);
	for (char *w = strtok_r(words, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		cr_assert_lt(argc, 16);
		argv[argc++] = w;
	}
	f = open_memstream(&out, &len);
	cr_assert(f);
	ret = diff_parse_args(argc, argv, &o, err, sizeof(err));
	if (!ret)
		ret = profile_diff(&o, f, err, sizeof(err));
	cr_assert_eq(fclose(f), 0);
	if (ret) {
		free(out);
		cr_assert_geq(asprintf(&out, "%d: %s", ret, err), 0);
	}
	return out;
}
