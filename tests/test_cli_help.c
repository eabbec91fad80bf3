// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit COMMAND --help` and -h: that command's usage on stdout, nothing
 * on stderr, exit 0; `vmsplit --version` and `vmsplit version`.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run `vmsplit ARGS`; stdout in @out; Return: exit status, -1 if stderr
 * was not empty. */
static int run(const char *args, char *out, size_t len)
{
	const char *bin = getenv("VMSPLIT_BIN");
	char cmd[512], errpath[64];
	FILE *p;
	size_t n;
	int st, c;

	cr_assert(bin, "VMSPLIT_BIN is not set (run through make test)");
	snprintf(errpath, sizeof(errpath), "/tmp/vmsplit-help-err.%d",
		 (int)getpid());
	snprintf(cmd, sizeof(cmd), "%s %s 2>%s", bin, args, errpath);
	p = popen(cmd, "r");
	cr_assert(p);
	n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	st = pclose(p);
	p = fopen(errpath, "r");
	cr_assert(p);
	c = fgetc(p);
	fclose(p);
	unlink(errpath);
	cr_assert(WIFEXITED(st));
	return c == EOF ? WEXITSTATUS(st) : -1;
}

Test(cli_help, every_command)
{
	static const struct {
		const char *args, *usage;
	} cases[] = {
		{ "run spawn --help",
		  "usage: vmsplit run spawn [--platform P]" },
		{ "run spawn --procs 3 -h", "usage: vmsplit run spawn " },
		{ "run dd --help", "usage: vmsplit run dd " },
		{ "run iperf --help", "usage: vmsplit run iperf " },
		{ "run hackbench -h", "usage: vmsplit run hackbench " },
		{ "run kernbench --platform numaq-16 --help",
		  "usage: vmsplit run kernbench " },
		{ "run sdet --help", "usage: vmsplit run sdet " },
		{ "run --help", "usage: vmsplit run spawn " },
		{ "micro --help", "usage: vmsplit micro " },
		{ "micro -h CONFIG_HIGHMEM=n", "usage: vmsplit micro " },
		{ "reproduce --help", "usage: vmsplit reproduce " },
		{ "reproduce dd-beaglebone -h", "usage: vmsplit reproduce " },
		{ "diff --help", "usage: vmsplit diff " },
		{ "platforms --help", "usage: vmsplit platforms " },
		{ "settings -h", "usage: vmsplit settings " },
		{ "layout --help", "usage: vmsplit layout [--platform P]" },
		{ "layout --platform numaq-16 -h", "usage: vmsplit layout " },
		{ "version --help", "usage: vmsplit version" },
		{ "--help", "usage: vmsplit COMMAND [ARGS]\n" },
		{ "-h", "usage: vmsplit COMMAND [ARGS]\n" },
		{ "help", "usage: vmsplit COMMAND [ARGS]\n" },
	};
	static char out[1 << 14];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cr_assert_eq(run(cases[i].args, out, sizeof(out)), 0,
			     "vmsplit %s", cases[i].args);
		cr_assert_eq(
			strncmp(out, cases[i].usage, strlen(cases[i].usage)), 0,
			"vmsplit %s printed '%.200s'", cases[i].args, out);
	}
	/* A workload's help names only it; `run --help` every workload. */
	run("run dd --help", out, sizeof(out));
	cr_assert_null(strstr(out, "run spawn"));
	cr_assert(strstr(out, "--kconfig FILE"));
	run("run --help", out, sizeof(out));
	cr_assert(strstr(out, "\n       run sdet "));
}

Test(cli_help, version)
{
	static char out[256];
	FILE *f = fopen("VERSION", "r");
	char v[32], want[48];

	cr_assert(f);
	cr_assert(fgets(v, sizeof(v), f));
	fclose(f);
	snprintf(want, sizeof(want), "vmsplit %s", v);
	cr_assert_eq(run("--version", out, sizeof(out)), 0);
	cr_assert_str_eq(out, want);
	cr_assert_eq(run("version", out, sizeof(out)), 0);
	cr_assert_str_eq(out, want);
	/* An argument after it is a usage error. */
	snprintf(out, sizeof(out), "%s version x 2>/dev/null",
		 getenv("VMSPLIT_BIN"));
	cr_assert_eq(WEXITSTATUS(system(out)), 2);
}
