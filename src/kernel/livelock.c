// SPDX-License-Identifier: GPL-2.0-only
/*
 * The no-progress checker (kernel/livelock.h).
 */
#include "kernel/livelock.h"

#include <stdio.h>

#include "config/runtime.h"
#include "kernel/sched.h"

struct livelock_report livelock_report;

void livelock_reset(void)
{
	livelock_report.count = 0;
	livelock_report.first[0] = '\0';
}

bool noprogress_copy(const char *fn, u32 passes, u32 bytes, vaddr_t from,
		     bool killable)
{
	struct task_struct *t = current;
	u32 v = settings_kernel_version(config);

	if (passes < NOPROGRESS_PASSES)
		return false;
	if (passes > NOPROGRESS_PASSES)
		/* Killed at the threshold; a killable loop ends itself. */
		return !killable;
	hw_event(this_cpu(), EV_livelock);
	if (!livelock_report.count++)
		snprintf(livelock_report.first, sizeof(livelock_report.first),
			 "livelock: %s (pid %d) in %s: %u passes copied none of %u bytes from user 0x%08x; Linux %u.%u %s; the no-progress checker sent SIGKILL%s",
			 t->comm, t->pid, fn, passes, bytes, (unsigned)from,
			 v >> 16,
			 (v >> 8) & 0xff,
			 killable ? "spins here until the task gets a fatal signal (fatal_signal_pending at the top of each pass)" :
				    "spins here for ever, even after SIGKILL (its loop checks for a fatal signal only after a pass that copied, or never)",
			 killable ? "" : " and ended the loop (-EINTR) where that kernel would not");
	send_sig_kill(t);
	return !killable;
}
