/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The no-progress checker: a kernel loop that retries the same work and
 * never gets further is a livelock.  Linux has one the model reproduces:
 * generic_perform_write under the 2020 RFC's GUP+kmap copy, when the
 * source page can be faulted in (the hardware reads it) but not pinned
 * (get_user_pages refuses a VMA without VM_READ), so each pass copies
 * nothing and goes round again.  On the real kernel the writer spins
 * until SIGKILL (5.x) or for ever (3.x); a simulation would hang.
 *
 * The checker is always on (it costs a counter): after
 * NOPROGRESS_PASSES passes without progress it reports the task by name
 * with what its kernel would do, and SIGKILLs it, as the user at the
 * console would.  Where the kernel's loop checks fatal_signal_pending()
 * on the retry, the kill ends the loop the kernel's way; where it does
 * not (3.x), the model ends it and says so.  The run then finishes and
 * is audited like any other, and reports the livelock as its outcome.
 */
#ifndef VMSPLIT_KERNEL_LIVELOCK_H
#define VMSPLIT_KERNEL_LIVELOCK_H

#include "base/types.h"

/*
 * Passes without progress before the checker fires: a pass that could
 * fault its source in copies at least a byte unless the copy itself
 * refuses the page, so a thousand in a row are no transient.
 */
#define NOPROGRESS_PASSES 1000u

/* What the checker found in this run (reset at boot). */
struct livelock_report {
	u32 count;		/* livelocks found */
	char first[512];	/* the report of the first one */
};
extern struct livelock_report livelock_report;

void livelock_reset(void);

/*
 * noprogress_copy - the current task's loop @fn went round @passes times
 * without copying any of @bytes from user @from, in a kernel whose loop
 * does (@killable) or does not check for a fatal signal on the retry.
 * At NOPROGRESS_PASSES: report and SIGKILL.
 * Return: true if the caller must end its loop itself (not @killable:
 * the kernel would spin on, killed or not).
 */
bool noprogress_copy(const char *fn, u32 passes, u32 bytes, vaddr_t from,
		     bool killable);

#endif
