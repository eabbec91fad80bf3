/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the tests of `vmsplit diff` share (tests/test_diff_*.c): a fresh
 * directory as the current one, so that headers name "a.json" as a user
 * would type it, files written there, and the command run in process.
 */
#ifndef VMSPLIT_TESTS_DIFF_HELPERS_H
#define VMSPLIT_TESTS_DIFF_HELPERS_H

/*
 * test_diff_enter - make a new directory under /tmp the current one, for
 * the test's process alone (Criterion forks each test); VMSPLIT_BIN is
 * made absolute first, so that the binary is still found.
 */
void test_diff_enter(void);
/* test_diff_leave - back to /, the directory removed. */
void test_diff_leave(void);

/* test_diff_put - file @name in the current directory, holding @text. */
void test_diff_put(const char *name, const char *text);

/*
 * test_diff - `vmsplit diff ARGS` in this process (diff_parse_args, then
 * profile_diff); @args is split at spaces.
 * Return: what it printed, or, when it failed, "ERRNO: reason" ("-22:
 * diff: ..."), from malloc.
 */
char *test_diff(const char *args);

#endif
