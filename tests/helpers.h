/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared test helpers: boot a kernel for a platform with NAME=VALUE
 * settings, and catch a panic (a checker firing) as a test outcome.
 *
 *	EXPECT_PANIC("kunmap_atomic", { kunmap_atomic(v); });
 *
 * runs the block and asserts that it panicked with a message containing
 * the string; the kernel is abandoned afterwards (its state is broken).
 */
#ifndef VMSPLIT_TESTS_HELPERS_H
#define VMSPLIT_TESTS_HELPERS_H

#include <criterion/criterion.h>
#include <setjmp.h>
#include <string.h>

#include "arch/mmu_context.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/boot.h"

extern jmp_buf test_panic_jmp;
extern char test_panic_msg[1024];

void test_panic_hook(const char *msg);

/*
 * Boot @platform with the NULL-terminated NAME=VALUE words; the settings
 * live in a static owned by helpers.c.  Fails the test on error.
 */
void test_boot(const char *platform, ...);
#define TEST_BOOT(...) test_boot(__VA_ARGS__, NULL)
/* Shut down with the end-of-run checks (leaks, buddy invariants). */
void test_shutdown(void);

#define EXPECT_PANIC(substr, block)                                          \
	do {                                                                 \
		set_panic_hook(test_panic_hook);                             \
		if (!setjmp(test_panic_jmp)) {                               \
			block;                                               \
			set_panic_hook(NULL);                                \
			cr_assert_fail("expected a panic containing '%s'",   \
				       substr);                              \
		}                                                            \
		set_panic_hook(NULL);                                        \
		cr_assert(strstr(test_panic_msg, substr),                    \
			  "panic message '%s' lacks '%s'", test_panic_msg,   \
			  substr);                                           \
		abandon_kernel();                                            \
	} while (0)

struct zone;

/*
 * For tests that boot the allocator alone (machine, memblock, free_area):
 * undo it all, and the panic hook.  test_zone: node @nid's zone @zt.
 */
void test_free_area_teardown(void);
struct zone *test_zone(u32 nid, int zt);

struct program;

/*
 * Run @main(@arg) as a process (exec'd from a small program image) and the
 * scheduler until every task is gone; fails the test on a deadlock.  Test
 * code inside the process records what it sees in globals; assert after.
 */
void test_run_process(void (*main)(void *), void *arg);

/*
 * A process that writes /f (tmpfs, vfs_init'd) eight times 512 bytes from
 * one anonymous page, seeks back and reads it eight times 512 bytes: dd's
 * copies in small blocks, each of one page of the page cache.  The bytes
 * written and read come back in @wrote and @read.
 */
void test_run_tmpfs_copies(long *wrote, long *read);

/*
 * test_run_cli - `vmsplit ARGS` through the shell (VMSPLIT_BIN): the first
 * line of stderr (@err) or of stdout into @line, the rest drained.
 * Return: the exit status.
 */
int test_run_cli(const char *args, bool err, char *line, size_t n);

/* The whole of file @path, NUL-terminated, from calloc; fails the test if
 * it cannot be read. */
char *test_slurp(const char *path);

/* What a shell command printed, and how it ended. */
struct test_sh_output {
	int status; /* its exit status (it must exit, not be killed) */
	char *out, *err; /* the whole of each, from test_slurp */
};

/*
 * test_sh - run @cmd (any shell command line: pipes, redirections,
 * "$VMSPLIT_BIN", which `make test` sets) with /bin/sh, capturing its
 * standard output and error.  The caller frees out and err.
 */
struct test_sh_output test_sh(const char *cmd);

/* Cycles and events of the current CPU, and deltas between two points. */
struct probe {
	u64 cycles;
	u64 ev[NR_EVENTS];
	u64 prof[NR_CC];
};

void probe_take(struct probe *p);
/* Event @e's count since @p, over all CPUs. */
u64 probe_ev(const struct probe *p, enum event e);
/* Assert that event @e grew by exactly @want since @p; @what names it. */
void probe_expect(const struct probe *p, enum event e, u64 want,
		  const char *what);
/* Cycles booked to centre @cc since @p, over all CPUs. */
u64 probe_cc(const struct probe *p, enum cost_centre cc);

/*
 * KERNEL(...) - kernel-side steps of a test process, entered and left as
 * a system call would be: under a 4G/4G split the kernel's tables must be
 * loaded for them, as on a real kernel entry.
 */
#define KERNEL(...)                    \
	do {                           \
		arch_enter_kernel();   \
		__VA_ARGS__;           \
		arch_return_to_user(); \
	} while (0)

#endif
