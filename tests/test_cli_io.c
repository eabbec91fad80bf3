// SPDX-License-Identifier: GPL-2.0-only
/*
 * The files the vmsplit command reads and writes, as a user hands them
 * over: a .config from a file, a FIFO or a pipe, bounded; every bad input
 * one line on stderr naming the file, and exit status 2.  Commands run
 * through the shell ("$VMSPLIT_BIN", which `make test` sets); where a hang
 * is the failure, `timeout 10` ends it and the status shows it (124).
 */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/hostfile.h"
#include "cli/diff.h"
#include "config/kconfig.h"
#include "helpers.h"

static char dir[] = "/tmp/vmsplit-cli-io-XXXXXX";
static struct test_sh_output last;

static void setup(void)
{
	cr_assert(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[96];

	free(last.out);
	free(last.err);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(cli_io, .init = setup, .fini = teardown);

/* The path of @name in the test's directory (one of four at a time). */
static const char *tmp(const char *name)
{
	static char paths[4][128];
	static int next;
	char *p = paths[next++ % 4];

	snprintf(p, sizeof(paths[0]), "%s/%s", dir, name);
	return p;
}

/* @name in the test's directory, holding @text. */
static const char *tmp_file(const char *name, const char *text)
{
	const char *path = tmp(name);
	FILE *f = fopen(path, "w");

	cr_assert(f);
	fputs(text, f);
	cr_assert_eq(fclose(f), 0);
	return path;
}

/* Run the shell command line @fmt...; its output stays in `last`. */
static __attribute__((format(printf, 1, 2))) struct test_sh_output
sh(const char *fmt, ...)
{
	char *cmd;
	va_list ap;

	va_start(ap, fmt);
	cr_assert_geq(vasprintf(&cmd, fmt, ap), 0);
	va_end(ap);
	free(last.out);
	free(last.err);
	last = test_sh(cmd);
	free(cmd);
	return last;
}

/*
 * The last command exited @status with nothing on stdout and exactly the
 * line "vmsplit: " @fmt... on stderr.
 */
static __attribute__((format(printf, 2, 3))) void
assert_failed(int status, const char *fmt, ...)
{
	char *want, *line;
	va_list ap;

	va_start(ap, fmt);
	cr_assert_geq(vasprintf(&want, fmt, ap), 0);
	va_end(ap);
	cr_assert_geq(asprintf(&line, "vmsplit: %s\n", want), 0);
	cr_assert_eq(last.status, status, "exit %d, stderr '%s'", last.status,
		     last.err);
	cr_assert_str_eq(last.err, line);
	cr_assert_str_eq(last.out, "");
	free(want);
	free(line);
}

/* The 2G split a .config chose shows in micro's JSON, and nothing else. */
static void assert_kconfig_read(void)
{
	cr_assert_eq(last.status, 0, "%s", last.err);
	cr_assert(strstr(last.out, "\"CONFIG_VMSPLIT\": \"2G\""), "%.300s",
		  last.out);
	cr_assert_str_eq(last.err, "");
}

#define SPLIT_2G "CONFIG_VMSPLIT_2G=y\n"

Test(cli_io, kconfig_from_a_fifo_with_a_writer)
{
	const char *fifo = tmp("fifo");

	cr_assert_eq(mkfifo(fifo, 0600), 0);
	sh("printf '" SPLIT_2G "' >%s & "
	   "timeout 10 \"$VMSPLIT_BIN\" micro --kconfig %s --format json",
	   fifo, fifo);
	assert_kconfig_read();
}

Test(cli_io, kconfig_fifo_without_a_writer_fails_within_the_wait)
{
	const char *fifo = tmp("fifo");

	cr_assert_eq(mkfifo(fifo, 0600), 0);
	sh("timeout 10 \"$VMSPLIT_BIN\" micro --kconfig %s", fifo);
	assert_failed(
		2, "%s: a FIFO that no process opened for writing within %d ms",
		fifo, HOSTFILE_WRITER_WAIT_MS);
}

/* `--kconfig <(zcat /proc/config.gz)`, and the pipe of a shell's fd. */
Test(cli_io, kconfig_from_a_pipe)
{
	const char *conf = tmp_file("config", SPLIT_2G);

	sh("cat %s | timeout 10 \"$VMSPLIT_BIN\" micro --kconfig /dev/stdin --format json",
	   conf);
	assert_kconfig_read();
	sh("bash -c 'timeout 10 \"$VMSPLIT_BIN\" micro --kconfig <(cat %s) --format json'",
	   conf);
	assert_kconfig_read();
	sh("bash -c 'timeout 10 \"$VMSPLIT_BIN\" micro --kconfig /dev/fd/3 --format json 3< <(cat %s)'",
	   conf);
	assert_kconfig_read();
}

Test(cli_io, kconfig_larger_than_the_limit)
{
	const char *big = tmp("big.config");

	/* Sparse: one byte past the limit costs no disk. */
	sh("truncate -s %u %s", KCONFIG_MAX_BYTES + 1, big);
	cr_assert_eq(last.status, 0);
	sh("\"$VMSPLIT_BIN\" micro --kconfig %s", big);
	assert_failed(2, "%s: larger than %u bytes", big, KCONFIG_MAX_BYTES);
	/* A pipe that never ends ends at the limit. */
	sh("yes '# CONFIG_HIGHPTE is not set' | timeout 10 \"$VMSPLIT_BIN\" micro --kconfig /dev/stdin");
	assert_failed(2, "/dev/stdin: larger than %u bytes", KCONFIG_MAX_BYTES);
}

Test(cli_io, kconfig_directory_device_socket_missing)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	const char *sock = tmp("socket");

	sh("\"$VMSPLIT_BIN\" micro --kconfig %s", dir);
	assert_failed(2, "%s: a directory, not a file or a pipe", dir);
	sh("\"$VMSPLIT_BIN\" micro --kconfig /dev/zero");
	assert_failed(2, "/dev/zero: a character device, not a file or a pipe");
	/* mkdtemp's paths are short: a sun_path holds them. */
	cr_assert_lt(strlen(sock), sizeof(a.sun_path));
	memcpy(a.sun_path, sock, strlen(sock) + 1);
	cr_assert_geq(s, 0);
	cr_assert_eq(bind(s, (struct sockaddr *)&a, sizeof(a)), 0);
	sh("\"$VMSPLIT_BIN\" micro --kconfig %s", a.sun_path);
	assert_failed(2, "%s: cannot open: No such device or address",
		      a.sun_path);
	close(s);
	sh("\"$VMSPLIT_BIN\" micro --kconfig %s", tmp("missing"));
	assert_failed(2, "%s/missing: cannot open: No such file or directory",
		      dir);
}

/* /proc/config.gz handed over as it is: gzip's bytes are no .config. */
Test(cli_io, kconfig_compressed_is_named)
{
	const char *gz = tmp("config.gz");

	sh("printf '" SPLIT_2G "' | gzip >%s", gz);
	cr_assert_eq(last.status, 0);
	sh("\"$VMSPLIT_BIN\" micro --kconfig %s", gz);
	assert_failed(
		2,
		"%s:1: a NUL byte, so not a .config (a compressed one reads as --kconfig <(zcat FILE))",
		gz);
}

/* A run of `--format json` as diff reads it, kmap_atomic's cycles @v. */
static const char *record(const char *name, const char *v)
{
	char text[512];

	snprintf(
		text, sizeof(text),
		"[\n  {\"workload\": \"dd\", \"settings\": {\"platform\": \"numaq-16\"}, "
		"\"profile\": {\"kmap_atomic\": %s, \"kunmap_atomic\": 50}}\n]\n",
		v);
	return tmp_file(name, text);
}

Test(cli_io, diff_reads_files_and_pipes)
{
	const char *a = record("a.json", "70000000"),
		   *b = record("b.json", "210000000");

	sh("cat %s | \"$VMSPLIT_BIN\" diff /dev/stdin %s", a, b);
	cr_assert_eq(last.status, 0, "%s", last.err);
	cr_assert(strstr(last.out, "+200.0%  kmap_atomic\n"), "%s", last.out);
	cr_assert_str_eq(last.err, "");
}

Test(cli_io, diff_refuses_devices_directories_and_silent_fifos)
{
	const char *a = record("a.json", "100"), *fifo = tmp("fifo");

	sh("\"$VMSPLIT_BIN\" diff /dev/zero %s", a);
	assert_failed(2, "/dev/zero: a character device, not a file or a pipe");
	sh("\"$VMSPLIT_BIN\" diff %s %s", a, dir);
	assert_failed(2, "%s: a directory, not a file or a pipe", dir);
	cr_assert_eq(mkfifo(fifo, 0600), 0);
	sh("timeout 10 \"$VMSPLIT_BIN\" diff %s %s", fifo, a);
	assert_failed(
		2, "%s: a FIFO that no process opened for writing within %d ms",
		fifo, HOSTFILE_WRITER_WAIT_MS);
}

Test(cli_io, diff_larger_than_the_limit)
{
	const char *a = record("a.json", "100"), *big = tmp("big.json");

	sh("truncate -s %u %s", DIFF_MAX_BYTES + 1, big);
	cr_assert_eq(last.status, 0);
	sh("\"$VMSPLIT_BIN\" diff %s %s", a, big);
	assert_failed(2, "%s: larger than %u bytes", big, DIFF_MAX_BYTES);
	sh("yes | timeout 10 \"$VMSPLIT_BIN\" diff /dev/stdin %s", a);
	assert_failed(2, "/dev/stdin: larger than %u bytes", DIFF_MAX_BYTES);
}

/* cJSON stops after the first document: what follows is refused. */
Test(cli_io, diff_refuses_data_after_the_document)
{
	const char *a = record("a.json", "100"), *ab = tmp("ab.json");
	char *text;
	size_t len;

	sh("cat %s %s >%s", a, a, ab);
	/* The second document starts where the first one's text ends. */
	text = test_slurp(a);
	len = strlen(text);
	free(text);
	sh("\"$VMSPLIT_BIN\" diff %s %s", ab, a);
	assert_failed(2, "%s: data after the JSON document (at byte %zu)", ab,
		      len);
	/* White space may follow. */
	sh("printf ' \\n\\t\\r\\n' >>%s && \"$VMSPLIT_BIN\" diff %s %s", a, a,
	   a);
	cr_assert_eq(last.status, 0, "%s", last.err);
	sh("\"$VMSPLIT_BIN\" diff %s %s",
	   tmp_file("cut.json", "[{\"profile\": {"), a);
	assert_failed(2, "%s/cut.json: not JSON (at byte 13)", dir);
}

/* Each cost centre's cycles: a finite number, not negative. */
Test(cli_io, diff_refuses_profile_values_that_are_no_cycles)
{
	static const char *const bad[][2] = {
		{ "\"lots\"", "not a number" },
		{ "null", "not a number" },
		{ "{}", "not a number" },
		{ "[1]", "not a number" },
		{ "true", "not a number" },
		{ "1e999", "not a finite number" },
		{ "-1e999", "not a finite number" },
		{ "-5", "negative" },
	};
	const char *a = record("a.json", "100");

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *b = record("b.json", bad[i][0]);

		sh("\"$VMSPLIT_BIN\" diff %s %s", a, b);
		assert_failed(2, "%s: [0].profile.kmap_atomic: %s", b,
			      bad[i][1]);
	}
}

/* The other members diff reads: the profile, the clock, labels. */
Test(cli_io, diff_refuses_bad_members)
{
	static const char *const bad[][2] = {
		{ "{\"profile\": null, \"settings\": {}}",
		  "profile: not an object" },
		{ "[{\"profile\": {\"kmap\": 1, \"kmap\": 2}}]",
		  "[0].profile.kmap: given twice" },
		{ "[{\"profile\": {}}]", "[0].settings: missing" },
		{ "[{\"profile\": {}, \"settings\": 7}]",
		  "[0].settings: not an object" },
		{ "[{\"profile\": {}, \"settings\": {}}]",
		  "[0].settings.platform: missing" },
		{ "[{\"profile\": {}, \"settings\": {\"platform\": 1}}]",
		  "[0].settings.platform: not a string" },
		{ "[{\"profile\": {}, \"settings\": {\"platform\": \"vax\"}}]",
		  "[0].settings.platform: no board 'vax' (one from a file: add --platform-file FILE)" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": \"fast\"}}]",
		  "[0].settings.cpu_mhz: not a number" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 0}}]",
		  "[0].settings.cpu_mhz: not above 0" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1e999}}]",
		  "[0].settings.cpu_mhz: not a finite number" },
		{ "{\"e\": [{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}, \"row\": 2}]}",
		  "e[0].row: not a string" },
		/* What headers print and compare: names once, plain values. */
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}, \"row\": \"a\", \"row\": \"b\"}]",
		  "[0].row: given twice" },
		{ "{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}, \"x\": 1, \"x\": 2}",
		  "x: given twice" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1, \"mem\": \"1G\", \"mem\": \"2G\"}}]",
		  "[0].settings.mem: given twice" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1, \"rmap\": {}}}]",
		  "[0].settings.rmap: not a string or a number" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1, \"pcp\": true}}]",
		  "[0].settings.pcp: not a string or a number" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}, \"params\": [1]}]",
		  "[0].params: not an object" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}, \"params\": {\"bs\": 1e999}}]",
		  "[0].params.bs: not a finite number" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}, \"params\": {\"bs\": null}}]",
		  "[0].params.bs: not a string or a number" },
	};
	const char *a = record("a.json", "100");

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *b = tmp_file("b.json", bad[i][0]);

		sh("\"$VMSPLIT_BIN\" diff %s %s", a, b);
		assert_failed(2, "%s: %s", b, bad[i][1]);
	}
}

/* More runs than diff pairs up are an error, not a silent cut. */
Test(cli_io, diff_refuses_more_runs_than_it_pairs)
{
	static char text[300 * 64];
	size_t n = 0;
	const char *b;

	n += (size_t)snprintf(text + n, sizeof(text) - n, "[");
	for (int i = 0; i < 257; i++)
		n += (size_t)snprintf(
			text + n, sizeof(text) - n,
			"%s{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}}",
			i ? ", " : "");
	snprintf(text + n, sizeof(text) - n, "]");
	b = tmp_file("b.json", text);
	sh("\"$VMSPLIT_BIN\" diff %s %s", b, b);
	assert_failed(2, "%s: more than 256 runs with a profile", b);
}

/* An object with more members than diff compares is refused, not cut. */
Test(cli_io, diff_refuses_objects_larger_than_it_compares)
{
	static const char *const where[][2] = {
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1%s}}]",
		  "[0].settings" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}, \"params\": {\"bs\": 1%s}}]",
		  "[0].params" },
		{ "[{\"profile\": {}, \"settings\": {\"cpu_mhz\": 1}%s}]",
		  "[0]" },
	};
	const char *a = record("a.json", "100");
	static char members[520 * 16], text[sizeof(members) + 128];

	/* 512 more: 513 members, one past the limit. */
	for (int i = 0, n = 0; i < 512; i++)
		n += snprintf(members + n, sizeof(members) - (size_t)n,
			      ", \"m%d\": 1", i);
	for (size_t i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		snprintf(text, sizeof(text), where[i][0], members);
		sh("\"$VMSPLIT_BIN\" diff %s %s", a, tmp_file("b.json", text));
		assert_failed(2, "%s/b.json: %s: more than 512 members", dir,
			      where[i][1]);
	}
}

/*
 * Output files are checked before the runs: a default explain kernbench
 * runs far longer than the guard, so only a check first ends in time.
 * An output that cannot be written is exit status 1 (vmsplit.1).
 */
Test(cli_io, svg_checked_before_the_runs)
{
	static const char *const kb =
		"timeout 10 \"$VMSPLIT_BIN\" explain kernbench --from CONFIG_HIGHPTE=n --to CONFIG_HIGHPTE=y";

	sh("%s --svg /nonexistent/dir/x.svg", kb);
	assert_failed(
		1,
		"--svg: cannot write '/nonexistent/dir/x.svg': No such file or directory");
	sh("%s --svg %s", kb, dir);
	assert_failed(1, "--svg: cannot write '%s': Is a directory", dir);
}

/* Written after the runs, a failure is exit status 1 too. */
Test(cli_io, svg_write_error_exits_1)
{
	sh("\"$VMSPLIT_BIN\" explain dd --from CONFIG_HIGHMEM=n --to CONFIG_HIGHMEM=y --total 64K --svg /dev/full");
	assert_failed(
		1, "--svg: error writing '/dev/full': No space left on device");
}

/* Each experiment's plot file, not only the directory, before any run. */
Test(cli_io, plot_files_checked_before_the_runs)
{
	const char *plot = tmp("plots"), *svg = tmp("plots/dd-beaglebone.svg");

	sh("mkdir -p %s", svg);
	cr_assert_eq(last.status, 0);
	/* dd-beaglebone's table would be on stdout had it run. */
	sh("timeout 10 \"$VMSPLIT_BIN\" reproduce --plot %s", plot);
	assert_failed(1, "--plot: cannot write '%s': Is a directory", svg);
}

/*
 * `| head`: SIGPIPE is ignored, so the write fails with EPIPE and the
 * command exits 1.  dd-beaglebone's JSON (98 KB) is more than a pipe
 * holds, so some write comes after head has gone; every experiment's is
 * asked for, and the next experiment's runs do not start once it has:
 * the guard is a sixth of the whole reproduce (a minute).
 */
Test(cli_io, closed_pipe_exits_1_and_stops)
{
	sh("bash -c 'set -o pipefail; timeout 10 \"$VMSPLIT_BIN\" reproduce --format json | head -c 10 >/dev/null'");
	assert_failed(1, "error writing the output: Broken pipe");
}

/* Issue 30: --jobs 0 was taken as unlimited while its message said 1 to
 * 100000; GNU make refuses -j0 too, and no --jobs is unlimited. */
Test(cli_io, jobs_0_refused)
{
	sh("\"$VMSPLIT_BIN\" run kernbench --jobs 0");
	assert_failed(2, "--jobs: '0' is not a number from 1 to 100000");
	sh("\"$VMSPLIT_BIN\" explain kernbench --jobs 0 --from CONFIG_HIGHPTE=n --to CONFIG_HIGHPTE=y");
	assert_failed(2, "--jobs: '0' is not a number from 1 to 100000");
}
