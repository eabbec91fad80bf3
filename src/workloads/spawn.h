/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_WORKLOADS_SPAWN_H
#define VMSPLIT_WORKLOADS_SPAWN_H

#include "base/types.h"

struct spawn_params {
	u32 procs;		/* processes started */
	u32 pages;		/* anonymous pages each child touches */
	u32 shared_pages;	/* size of the shared file-backed region */
};

/* Start the workload's processes (the caller then runs the scheduler). */
void spawn_start(const struct spawn_params *p);

#endif
