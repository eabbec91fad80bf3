/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_WORKLOADS_HACKBENCH_H
#define VMSPLIT_WORKLOADS_HACKBENCH_H

#include "base/types.h"

#define HACKBENCH_FDS 20		/* num_fds: senders and receivers a group */
#define HACKBENCH_DATASIZE 100		/* bytes a message */
#define HACKBENCH_MAX_GROUPS 50
#define HACKBENCH_DEFAULT_GROUPS 2
#define HACKBENCH_DEFAULT_LOOPS 100

struct hackbench_params {
	u32 groups;
	u32 loops;		/* messages each sender sends each receiver */
	bool verify;		/* receivers check every message (tests) */
	/* Filled in by the program: */
	int status;		/* 0, or the step that failed */
	u64 messages_sent, messages_received;
	u64 bytes_received;
	u64 bad_messages;	/* verify: a message not from one sender */
	/* verify: messages receiver r got from sender s of its group. */
	u32 got[HACKBENCH_MAX_GROUPS * HACKBENCH_FDS][HACKBENCH_FDS];
};

/*
 * Start `hackbench -pipe G process L` as a process: G groups of 20
 * senders and 20 receivers, every sender writing L messages of 100 bytes
 * to each receiver of its group through the receiver's pipe.  When the
 * run ends, @p holds the counts.
 */
void hackbench_start(struct hackbench_params *p);

#endif
