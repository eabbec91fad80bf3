// SPDX-License-Identifier: GPL-2.0-only
/*
 * A CLI fuzz test (issue 11, item 3): argument vectors built at random --
 * from a fixed seed, so a failure replays -- out of the commands, the
 * boards, the settings and the options the tool knows, their values good,
 * bad and strange.  Every run must exit 0 or 2, and with 2 say why in one
 * line on stderr; under `make check` a sanitizer report fails it too.
 * The vectors are kept small (short runs, small sizes) so that the whole
 * test stays a few seconds.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define RUNS 200
#define MAX_ARGS 16

static unsigned long long rng = 0x9e3779b97f4a7c15ull;

static unsigned pick(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

#define ONE_OF(a) ((a)[pick(sizeof(a) / sizeof((a)[0]))])

static const char *const boards[] = {
	"kirkwood-openblocks-a7", "beaglebone-white", "numaq-16",
	"cortex-a15-2g", "no-such-board", "",
};
static const char *const names[] = {
	"CONFIG_HIGHMEM", "CONFIG_HIGHPTE", "CONFIG_ARM_LPAE",
	"CONFIG_VMSPLIT", "CONFIG_UACCESS_WITH_MEMCPY",
	"CONFIG_UACCESS_GUP_KMAP_MEMCPY", "flavour", "kmap_pfn_fastpath",
	"rmap", "mem", "cpus", "checks", "seed", "kernel_cpi", "dram_read_MBps",
	"tso", "sg", "tx_csum", "cpu_mhz", "icache_model", "placement", "bogus",
};
static const char *const values[] = {
	"y", "n", "on", "off", "maybe", "-1", "010", "0", "1", "2", "16M",
	"64M", "4G", "3G", "2G", "4G_4G", "arm-3x", "x86-3x", "objrmap", "pte-chain", "1.5", "",
	"9999999999999999999999", "1K", "\n", "y\n",
};
static const char *const opts[] = {
	"--procs", "--pages", "--shared-pages", "--bs", "--total", "--time",
	"--len", "--format", "--profile", "--kconfig", "--groups", "--loops",
	"--bogus", "--",
};
static const char *const opt_values[] = {
	"1", "2", "0", "-3", "+5", "512", "4K", "64K", "1K,4K", "json", "csv",
	"table", "0.001", "0.002", "abc", "/dev/null", ".", "",
};

/* argv[0..n) for one run; strings live in static storage. */
static int build(const char **argv)
{
	static char words[MAX_ARGS][96];
	int n = 0;

	switch (pick(6)) {
	case 0:
		argv[n++] = "micro";
		break;
	case 1:
		argv[n++] = "run";
		argv[n++] = "dd";
		argv[n++] = "--bs";
		argv[n++] = "4K";
		argv[n++] = "--total";
		argv[n++] = "64K";
		break;
	case 2:
		argv[n++] = "run";
		argv[n++] = "spawn";
		argv[n++] = "--procs";
		argv[n++] = "2";
		argv[n++] = "--pages";
		argv[n++] = "4";
		break;
	case 3:
		argv[n++] = "run";
		argv[n++] = "iperf";
		argv[n++] = "--time";
		argv[n++] = "0.001";
		break;
	case 4:
		argv[n++] = "settings";
		break;
	default:
		argv[n++] = ONE_OF(((const char *const[]){
			"platforms", "help", "nonsense", "run", "diff",
			"layout" }));
		break;
	}
	for (int k = pick(5); k > 0 && n + 2 < MAX_ARGS; k--) {
		switch (pick(4)) {
		case 0:
			argv[n++] = "--platform";
			argv[n++] = ONE_OF(boards);
			break;
		case 1:
			snprintf(words[n], sizeof(words[n]), "%s=%s",
				 ONE_OF(names), ONE_OF(values));
			argv[n] = words[n];
			n++;
			break;
		case 2: {
			/* Keep the runs short: no size options on dd. */
			const char *o = ONE_OF(opts);

			if (!strcmp(argv[0], "run") && n > 1 &&
			    !strcmp(argv[1], "dd") &&
			    (!strcmp(o, "--bs") || !strcmp(o, "--total")))
				break;
			if (!strcmp(argv[0], "run") && n > 1 &&
			    (!strcmp(o, "--procs") || !strcmp(o, "--pages") ||
			     !strcmp(o, "--time") || !strcmp(o, "--len") ||
			     !strcmp(o, "--groups") || !strcmp(o, "--loops")))
				break;
			argv[n++] = o;
			argv[n++] = ONE_OF(opt_values);
			break;
		}
		default:
			argv[n++] = ONE_OF(values);
			break;
		}
	}
	return n;
}

/* Run the binary with @argv, stdout thrown away; Return: exit status,
 * with its stderr in @err. */
static int run_argv(const char **argv, int argc, char *err, size_t errlen)
{
	const char *bin = getenv("VMSPLIT_BIN");
	char path[] = "/tmp/vmsplit-fuzz-XXXXXX";
	const char *full[MAX_ARGS + 2];
	int fd = mkstemp(path), st;
	pid_t pid;
	ssize_t got;

	cr_assert(bin, "VMSPLIT_BIN is not set (run through make test)");
	cr_assert(fd >= 0);
	full[0] = bin;
	for (int i = 0; i < argc; i++)
		full[i + 1] = argv[i];
	full[argc + 1] = NULL;
	pid = fork();
	cr_assert(pid >= 0);
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);
		dup2(fd, 2);
		execv(bin, (char *const *)full);
		_exit(127);
	}
	cr_assert_eq(waitpid(pid, &st, 0), pid);
	lseek(fd, 0, SEEK_SET);
	got = read(fd, err, errlen - 1);
	err[got > 0 ? got : 0] = '\0';
	close(fd);
	unlink(path);
	cr_assert(WIFEXITED(st), "killed by signal %d", WTERMSIG(st));
	return WEXITSTATUS(st);
}

Test(cli_fuzz, random_argument_vectors, .timeout = 600)
{
	for (int r = 0; r < RUNS; r++) {
		const char *argv[MAX_ARGS];
		char err[4096], line[1024] = "";
		int argc = build(argv), status;

		for (int i = 0; i < argc; i++) {
			strncat(line, " '", sizeof(line) - strlen(line) - 1);
			strncat(line, argv[i], sizeof(line) - strlen(line) - 1);
			strncat(line, "'", sizeof(line) - strlen(line) - 1);
		}
		status = run_argv(argv, argc, err, sizeof(err));
		cr_assert(status == 0 || status == 2,
			  "run %d: vmsplit%s exited %d: %s", r, line, status, err);
		if (status == 2) {
			const char *nl = strchr(err, '\n');

			cr_assert(nl && nl[1] == '\0',
				  "run %d: vmsplit%s: not one line: '%s'", r,
				  line, err);
		}
	}
}
