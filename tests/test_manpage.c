// SPDX-License-Identifier: GPL-2.0-only
/*
 * vmsplit.1 against the binary: every command `vmsplit help` lists and
 * every setting `vmsplit settings` lists has its entry in the man page,
 * and the page's version is VERSION's, so the two cannot drift apart.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hostfile.h"
#include "cli/diff.h"
#include "config/kconfig.h"
#include "helpers.h"

/* The whole output of `vmsplit ARGS` (exit status 0), or a file. */
static char *slurp_cmd(const char *args)
{
	static char buf[1 << 16];
	const char *bin = getenv("VMSPLIT_BIN");
	char cmd[512];
	size_t n;
	FILE *p;

	cr_assert(bin, "VMSPLIT_BIN is not set (run through make test)");
	snprintf(cmd, sizeof(cmd), "%s %s", bin, args);
	p = popen(cmd, "r");
	cr_assert(p);
	n = fread(buf, 1, sizeof(buf) - 1, p);
	buf[n] = '\0';
	cr_assert_eq(pclose(p), 0, "%s failed", cmd);
	return strdup(buf);
}

Test(manpage, lists_every_setting)
{
	char *settings = slurp_cmd("settings");
	char *man = test_slurp("vmsplit.1");
	char *save = NULL, *line;
	int n = 0;

	/* The first line is the table's header. */
	strtok_r(settings, "\n", &save);
	while ((line = strtok_r(NULL, "\n", &save))) {
		char name[64], entry[80];

		cr_assert_eq(sscanf(line, "%63s", name), 1);
		snprintf(entry, sizeof(entry), "\n.BR %s \" = ", name);
		cr_assert(strstr(man, entry),
			  "vmsplit.1 has no SETTINGS entry for %s", name);
		n++;
	}
	/* A test that cannot fail is a defect: the table is there. */
	cr_assert_geq(n, 28);
	free(settings);
	free(man);
}

Test(manpage, lists_every_command)
{
	char *help = slurp_cmd("help");
	char *man = test_slurp("vmsplit.1");
	char *save = NULL, *line;
	int n = 0;

	for (line = strtok_r(help, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char w1[32], w2[32], cmd[70], entry[96], entry2[96];
		int k;

		/* "  NAME ..." or "  run WORKLOAD ...": a command's line. */
		if (strncmp(line, "  ", 2) || line[2] == ' ')
			continue;
		k = sscanf(line, "%31s %31s", w1, w2);
		w1[strcspn(w1, ",")] = '\0';
		if (!strcmp(w1, "run") && k == 2)
			snprintf(cmd, sizeof(cmd), "run %s", w2);
		else
			snprintf(cmd, sizeof(cmd), "%s", w1);
		/* ".B CMD" alone on its line or followed by its arguments. */
		snprintf(entry, sizeof(entry), "\n.TP\n.B %s\n", cmd);
		snprintf(entry2, sizeof(entry2), "\n.TP\n.B %s \\fR", cmd);
		cr_assert(strstr(man, entry) || strstr(man, entry2),
			  "vmsplit.1 has no COMMANDS entry for '%s'", cmd);
		n++;
	}
	cr_assert_eq(n, 17, "commands in `vmsplit help`: %d", n);
	free(help);
	free(man);
}

Test(manpage, version_is_VERSION)
{
	char *version = test_slurp("VERSION");
	char *out = slurp_cmd("--version");
	char *man = test_slurp("vmsplit.1");
	char th[64];

	version[strcspn(version, "\n")] = '\0';
	snprintf(th, sizeof(th), "vmsplit %s\n", version);
	cr_assert_str_eq(out, th);
	snprintf(th, sizeof(th), "\"vmsplit %s\"", version);
	cr_assert(strstr(man, th), "vmsplit.1's .TH lacks %s", th);
	free(version);
	free(out);
	free(man);
}

/* The limits of the files the command reads are the page's. */
Test(manpage, file_limits_are_the_readers)
{
	char *man = test_slurp("vmsplit.1");
	char want[64];

	snprintf(want, sizeof(want), "(%u MiB at the most)",
		 KCONFIG_MAX_BYTES >> 20);
	cr_assert(strstr(strstr(man, "\n.I .config\n"), want),
		  "the .config entry of FILES lacks '%s'", want);
	snprintf(want, sizeof(want), "(%u MiB at the most)",
		 DIFF_MAX_BYTES >> 20);
	cr_assert(strstr(strstr(man, "\n.I A.json B.json\n"), want),
		  "the A.json entry of FILES lacks '%s'", want);
	cr_assert_eq(HOSTFILE_WRITER_WAIT_MS, 1000,
		     "--kconfig's entry gives a FIFO's writer a second");
	cr_assert(strstr(man, "writing within a second"));
	free(man);
}
