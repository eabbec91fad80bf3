// SPDX-License-Identifier: GPL-2.0-only
/*
 * The progress line (src/cli/progress.c): on only for a terminal and when
 * wanted, silent before its delay, cleared at the end; a run under
 * script(1) shows it, the same run piped does not print a byte more.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/progress.h"

/* A pseudo-terminal: its master in @master, its slave returned. */
static int open_pty(int *master)
{
	int m = posix_openpt(O_RDWR | O_NOCTTY), s;

	cr_assert_geq(m, 0);
	cr_assert_eq(grantpt(m), 0);
	cr_assert_eq(unlockpt(m), 0);
	s = open(ptsname(m), O_RDWR | O_NOCTTY);
	cr_assert_geq(s, 0);
	*master = m;
	return s;
}

/*
 * Everything written to the terminal so far: the pty may hand it over in
 * more than one read, so read until nothing more comes within 100 ms.
 */
static void drain(int master, char *buf, size_t len)
{
	struct pollfd pfd = { .fd = master, .events = POLLIN };
	size_t got = 0;

	fcntl(master, F_SETFL, O_NONBLOCK);
	while (got < len - 1 && poll(&pfd, 1, 100) > 0) {
		ssize_t n = read(master, buf + got, len - 1 - got);

		if (n <= 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
}

Test(progress, enable_logic)
{
	int fds[2], master, slave;

	unsetenv("VMSPLIT_PROGRESS_DELAY_MS");
	cr_assert_eq(pipe(fds), 0);
	/* Not a terminal: off, whatever is wanted. */
	cr_assert_not(progress_init("x", true, fds[1]));
	cr_assert_not(progress_enabled);
	progress_tick("unit", 1, 2);
	progress_end();
	close(fds[1]);
	{
		char c;

		cr_assert_eq(read(fds[0], &c, 1), 0, "a pipe got output");
	}
	close(fds[0]);
	slave = open_pty(&master);
	/* A terminal, but JSON (not wanted): off. */
	cr_assert_not(progress_init("x", false, slave));
	/* A terminal and wanted: on. */
	cr_assert(progress_init("x", true, slave));
	progress_enabled = false;
	close(slave);
	close(master);
}

Test(progress, shows_after_the_delay_and_clears)
{
	char buf[512];
	int master, slave = open_pty(&master);

	unsetenv("VMSPLIT_PROGRESS_DELAY_MS");
	progress_delay_ns = 3600000000000ull;
	cr_assert(progress_init("reproduce", true, slave));
	progress_label("reproduce dd-beaglebone");
	progress_run(0, 4);
	progress_end();
	drain(master, buf, sizeof(buf));
	cr_assert_str_eq(buf, "", "shown before its delay");
	progress_delay_ns = 0;
	cr_assert(progress_init("run kernbench", true, slave));
	progress_run(2, 4);
	progress_tick("kernbench unit", 312, 900);
	progress_end();
	drain(master, buf, sizeof(buf));
	/* The tick within 250 ms of the first line is not shown; the end
	 * writes spaces over the line. */
	cr_assert_str_eq(buf, "\r  run kernbench: run 3/4"
			      "\r                        \r");
	progress_enabled = false;
	progress_delay_ns = 2000000000ull;
	close(slave);
	close(master);
}

/* `vmsplit ARGS` under script(1) (a terminal) or piped: its stderr. */
static char *run_cli(const char *args, bool tty)
{
	static char out[1 << 16];
	const char *bin = getenv("VMSPLIT_BIN");
	char cmd[512];
	FILE *p;
	size_t n;

	cr_assert(bin, "VMSPLIT_BIN is not set (run through make test)");
	if (tty)
		snprintf(cmd, sizeof(cmd),
			 "VMSPLIT_PROGRESS_DELAY_MS=0 script -qec '%s %s >/dev/null' /dev/null",
			 bin, args);
	else
		snprintf(cmd, sizeof(cmd),
			 "VMSPLIT_PROGRESS_DELAY_MS=0 %s %s 2>&1 >/dev/null | cat",
			 bin, args);
	p = popen(cmd, "r");
	cr_assert(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	cr_assert_eq(pclose(p), 0, "%s", cmd);
	return out;
}

Test(progress, terminal_run_shows_it_pipe_does_not)
{
	const char *args = "run sdet --scripts 2 --commands 20";
	char *o;

	if (system("command -v script >/dev/null 2>&1"))
		cr_skip_test("script(1) (bsdutils) is not installed");
	o = run_cli(args, true);
	cr_assert(strstr(o, "\r  run sdet: sdet command "), "%.300s", o);
	/* Cleared: the last thing written is the blanking's \r. */
	cr_assert_eq(o[strlen(o) - 1], '\r', "%.300s", o);
	o = run_cli(args, false);
	cr_assert_str_eq(o, "");
	/* JSON on a terminal: silent too. */
	o = run_cli("run sdet --scripts 2 --commands 20 --format json", true);
	cr_assert_str_eq(o, "");
}
