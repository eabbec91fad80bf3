/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_WORKLOADS_DD_H
#define VMSPLIT_WORKLOADS_DD_H

#include "base/types.h"

struct dd_params {
	u32 bs;			/* block size, bytes */
	u32 count;		/* blocks */
	/* Filled in by the program: */
	int status;		/* 0, or the step that failed (4: a write) */
	int err;		/* errno of the failed write, e.g. ENOSPC */
	bool nospace;		/* the copy ended on a full tmpfs (ENOSPC) */
	u64 bytes;		/* copied */
	u64 ns;			/* time of the copy loop, as dd measures it */
};

/*
 * Start `dd if=/dev/zero of=/tmp/dd.out bs=B count=N` as a process; when
 * the run ends, @p holds the result.
 */
void dd_start(struct dd_params *p);

#endif
