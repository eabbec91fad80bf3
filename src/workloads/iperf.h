/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_WORKLOADS_IPERF_H
#define VMSPLIT_WORKLOADS_IPERF_H

#include "base/types.h"

struct iperf_params {
	u32 len;		/* bytes per write (-l), iperf 2's 8 KiB */
	u64 time_ns;		/* how long to send (-t) */
	u64 warmup_ns;		/* not measured: slow start, autotuning */
	/* Filled in by the run: */
	int status;		/* 0, or the step that failed */
	u64 written;		/* bytes write() accepted */
	u64 writes;
	u64 ns;			/* the client's own send time */
	u64 peer_bytes0, peer_bytes1;	/* at warm-up end and at the end */
	u64 t0_ns, t1_ns;	/* the measured interval */
	bool stalled;		/* the alarm cut a write short */
};

/*
 * Start an iperf 2 client (`iperf -c PEER -l LEN -t TIME`): a buffer of
 * LEN bytes holding iperf's '0'..'9' pattern, a connected TCP socket,
 * write() in a loop until the time is up, close.  An alarm one second
 * after the end stands for the user's ^C: a write blocked on a peer that
 * stopped acknowledging returns and the run reports a stall.  The rate
 * is the receiver's: in-order payload it accepted between the warm-up's
 * end and the end, over that time.
 */
void iperf_start(struct iperf_params *p);

#endif
