// SPDX-License-Identifier: GPL-2.0-only
/*
 * The README's whatif section is this build's output: its table is what
 * tools/readme-whatif.sh prints now, and its two charts are what
 * `vmsplit whatif --workloads all --plot` writes now, byte for byte.  A
 * change that moves a figure fails here until the README and docs/img
 * are regenerated (the script's header says how).
 */
#include "helpers.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MARK "<!-- whatif table: tools/readme-whatif.sh build/vmsplit -->\n"

Test(readme, whatif_table_is_the_script_s_output, .timeout = 120)
{
	char *readme = test_slurp("README.md"), *at, *end;
	struct test_sh_output o =
		test_sh("tools/readme-whatif.sh \"$VMSPLIT_BIN\"");

	cr_assert_eq(o.status, 0, "%s", o.err);
	at = strstr(readme, MARK);
	cr_assert(at, "README.md has no whatif table");
	at += strlen(MARK);
	end = strstr(at, "\n\n");
	cr_assert(end);
	end[1] = '\0';
	cr_assert_str_eq(at, o.out,
			 "README.md's whatif table is not this build's: paste tools/readme-whatif.sh's output in again");
	free(readme);
	free(o.out);
	free(o.err);
}

Test(readme, whatif_charts_are_this_build_s, .timeout = 120)
{
	static const char *const boards[] = { "cortex-a15-2g",
					      "kirkwood-openblocks-a7" };
	char dir[] = "/tmp/vmsplit-readme-XXXXXX";

	cr_assert(mkdtemp(dir));
	for (u32 i = 0; i < ARRAY_SIZE(boards); i++) {
		char cmd[256], path[128], committed[128];
		struct test_sh_output o;
		char *now, *was;

		snprintf(cmd, sizeof(cmd),
			 "\"$VMSPLIT_BIN\" whatif --platform %s --workloads all --plot %s",
			 boards[i], dir);
		o = test_sh(cmd);
		cr_assert_eq(o.status, 0, "%s", o.err);
		snprintf(path, sizeof(path), "%s/whatif-%s.svg", dir, boards[i]);
		snprintf(committed, sizeof(committed),
			 "docs/img/whatif-%s.svg", boards[i]);
		now = test_slurp(path);
		was = test_slurp(committed);
		cr_assert(!strcmp(now, was),
			  "%s is not this build's chart: run `build/vmsplit whatif --platform %s --workloads all --plot docs/img`",
			  committed, boards[i]);
		free(now);
		free(was);
		free(o.out);
		free(o.err);
		cr_assert_eq(remove(path), 0);
	}
	cr_assert_eq(rmdir(dir), 0);
}
