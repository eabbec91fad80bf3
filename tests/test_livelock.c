// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's own loop breakers (issue 30): SIGKILL reaches a task that
 * runs in the kernel, generic_perform_write looks for it where its kernel
 * version does, cond_resched() lets timers in, and the no-progress checker
 * ends the livelock of the 2020 RFC's copy -- a write() from a page the
 * hardware reads but get_user_pages refuses (a VMA without VM_READ) --
 * with the kernel's own behaviour stated.
 */
#include "helpers.h"

#include <string.h>

#include "base/errno.h"
#include "kernel/exit.h"
#include "kernel/livelock.h"
#include "kernel/sched.h"
#include "kernel/user.h"

static struct {
	int status, wait_ret;
	int kill_none, kill_bad_sig, kill_probe;
	u64 nocopy, livelocks, sigkills;
	u64 killed_at_ns;
} seen;

/* A timer that SIGKILLs its target: a timeout in simulated time. */
static struct task_struct *timeout_target;
static struct timer_list timeout_timer;

static void timeout_fired(struct timer_list *t)
{
	send_sig_kill(timeout_target);
}

/*
 * The writer: a page mapped PROT_WRITE only (ARM's tables make it
 * readable, so the fault-in succeeds; the RFC's get_user_pages refuses
 * it), written once so it is present, then write() of it to a tmpfs file.
 * With @arg, a timer SIGKILLs it @arg cycles into the write.
 */
static void writer(void *arg)
{
	long names = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long buf = sys_mmap(0, 4096, PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
	u64 after = (u64)(uintptr_t)arg;
	int fd;

	uv_write((vaddr_t)names, "/tmp/out", 9);
	uv_write32((vaddr_t)buf, 0x5a5a5a5a);
	fd = sys_open((vaddr_t)names, O_WRONLY | O_CREAT | O_TRUNC);
	if (after) {
		timeout_target = current;
		timeout_timer.function = timeout_fired;
		mod_timer(&timeout_timer, this_cpu()->cycles + after);
	}
	sys_write(fd, (vaddr_t)buf, 4096);
	/* Not reached: the write ends in SIGKILL either way. */
	sys_exit(0);
}

static void parent_of_writer(void *arg)
{
	struct probe p;
	int pid;

	probe_take(&p);
	pid = sys_fork(writer, arg);
	seen.wait_ret = sys_wait4(pid, &seen.status) == pid;
	seen.nocopy = probe_ev(&p, EV_write_nocopy_pass);
	seen.livelocks = probe_ev(&p, EV_livelock);
	seen.sigkills = probe_ev(&p, EV_sigkill_sent);
	sys_exit(0);
}

/* The checker's first report contains @text. */
static void assert_report_has(const char *text)
{
	cr_assert(strstr(livelock_report.first, text), "%s",
		  livelock_report.first);
}

static void run_writer(const char *platform, u64 timeout_cycles)
{
	memset(&seen, 0, sizeof(seen));
	TEST_BOOT(platform, "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y", "cpus=1");
	test_run_process(parent_of_writer, (void *)(uintptr_t)timeout_cycles);
	cr_assert(seen.wait_ret);
	cr_assert_eq(seen.status, SIGKILL, "status %#x", seen.status);
}

/*
 * 5.7 (the BeagleBone White): the loop tests fatal_signal_pending at the
 * top of each pass, so the checker's SIGKILL at pass NOPROGRESS_PASSES
 * ends it the kernel's way at the next pass.
 */
Test(livelock, rfc_write_on_5_7_is_killed_at_the_threshold)
{
	run_writer("beaglebone-white", 0);
	cr_assert_eq(seen.nocopy, NOPROGRESS_PASSES);
	cr_assert_eq(seen.livelocks, 1);
	cr_assert_eq(seen.sigkills, 1);
	cr_assert_eq(livelock_report.count, 1);
	assert_report_has("livelock: test (pid 2) in generic_perform_write: 1000 passes copied none of 4096 bytes from user 0x");
	assert_report_has("Linux 5.7 spins here until the task gets a fatal signal");
	test_shutdown();
}

/*
 * 3.16 (the Kirkwood): the loop tests the signal only after a pass that
 * copied; the checker must end it, and says the kernel would not.
 */
Test(livelock, rfc_write_on_3_16_is_ended_by_the_checker)
{
	run_writer("kirkwood-openblocks-a7", 0);
	cr_assert_eq(seen.nocopy, NOPROGRESS_PASSES);
	cr_assert_eq(seen.livelocks, 1);
	assert_report_has("Linux 3.16 spins here for ever, even after SIGKILL");
	assert_report_has("ended the loop (-EINTR) where that kernel would not");
	test_shutdown();
}

/*
 * A timeout 100 us into the write: the timer fires at a cond_resched()
 * (interrupts are taken there), and 5.7's loop sees the SIGKILL at its
 * next pass, long before the checker would.
 */
Test(livelock, a_timeout_ends_the_5_7_loop)
{
	run_writer("beaglebone-white", 72000);
	cr_assert_gt(seen.nocopy, 0);
	cr_assert_lt(seen.nocopy, NOPROGRESS_PASSES);
	cr_assert_eq(seen.livelocks, 0);
	cr_assert_eq(seen.sigkills, 1);
	cr_assert_eq(livelock_report.count, 0);
	test_shutdown();
}

/* The same timeout on 3.16: the loop goes on to the checker. */
Test(livelock, a_timeout_does_not_end_the_3_16_loop)
{
	run_writer("kirkwood-openblocks-a7", 160000);
	cr_assert_eq(seen.nocopy, NOPROGRESS_PASSES);
	cr_assert_eq(seen.livelocks, 1);
	/* The timeout's and the checker's. */
	cr_assert_eq(seen.sigkills, 2);
	test_shutdown();
}

/*
 * kill(2) from the parent, on the other CPU of the Cortex-A15 (6.1): the
 * writer runs in the kernel when the signal comes, kicked by an IPI, and
 * its loop ends at its next pass.
 */
static void killing_parent(void *arg)
{
	struct probe p;
	u64 until;
	int pid;

	seen.kill_none = sys_kill(9999, SIGKILL);
	seen.kill_bad_sig = sys_kill(sys_getpid(), 15);
	seen.kill_probe = sys_kill(sys_getpid(), 0);
	probe_take(&p);
	pid = sys_fork(writer, NULL);
	/* 200 us of the parent's own time, the child spinning meanwhile. */
	until = sys_clock_gettime() + 200000;
	while (sys_clock_gettime() < until)
		user_loop_iteration();
	sys_kill(pid, SIGKILL);
	seen.killed_at_ns = sys_clock_gettime();
	seen.wait_ret = sys_wait4(pid, &seen.status) == pid;
	seen.nocopy = probe_ev(&p, EV_write_nocopy_pass);
	seen.livelocks = probe_ev(&p, EV_livelock);
	sys_exit(0);
}

Test(livelock, kill_from_the_parent_reaches_a_task_in_the_kernel)
{
	memset(&seen, 0, sizeof(seen));
	TEST_BOOT("cortex-a15-2g", "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y", "cpus=2");
	test_run_process(killing_parent, NULL);
	cr_assert_eq(seen.kill_none, -ESRCH);
	cr_assert_eq(seen.kill_bad_sig, -EINVAL);
	cr_assert_eq(seen.kill_probe, 0);
	cr_assert(seen.wait_ret);
	cr_assert_eq(seen.status, SIGKILL, "status %#x", seen.status);
	cr_assert_gt(seen.nocopy, 0);
	cr_assert_lt(seen.nocopy, NOPROGRESS_PASSES);
	cr_assert_eq(seen.livelocks, 0);
	test_shutdown();
}
