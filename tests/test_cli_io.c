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
