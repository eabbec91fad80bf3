// SPDX-License-Identifier: GPL-2.0-only
/*
 * One iperf run (see experiments/iperf.h).
 */
#include "experiments/iperf.h"

#include <string.h>

#include "base/errno.h"

static void iperf_start_cb(const void *p)
{
	iperf_start((struct iperf_params *)p);
}

/* Stats are read before shutdown: the run's hook after the workload. */
static struct iperf_point *measuring;

static void iperf_collect(void)
{
	if (measuring)
		net_get_stats(&measuring->net);
}

int iperf_measure(const struct settings *s, u32 len, u64 time_ns,
		  struct iperf_point *pt, char *err, size_t errlen)
{
	int ret;

	memset(pt, 0, sizeof(*pt));
	if (s->platform->nic == NIC_NONE) {
		snprintf(err, errlen,
			 "iperf: %s has no network controller in the model (only kirkwood-openblocks-a7 has)",
			 s->platform->name);
		return -ENODEV;
	}
	pt->p.len = len;
	pt->p.time_ns = time_ns;
	pt->p.warmup_ns = time_ns / 5;
	measuring = pt;
	run_before_shutdown = iperf_collect;
	ret = run_workload(s, iperf_start_cb, &pt->p, &pt->r, err, errlen);
	run_before_shutdown = NULL;
	measuring = NULL;
	if (ret)
		return ret;
	if (pt->p.status) {
		snprintf(err, errlen, "iperf: the client failed at step %d",
			 pt->p.status);
		return -EIO;
	}
	/*
	 * A frame the receiver drops (a checksum, another connection's
	 * ports) or takes with the wrong payload is a finding when the
	 * kernel freed buffers the NIC had yet to send (3.16's
	 * txq_reclaim): the NIC sent whatever the memory held.  Else it is
	 * a bug of the model's send path.
	 */
	if (pt->net.peer_bad_frames && !pt->net.dma_read_released_bytes) {
		snprintf(err, errlen,
			 "iperf: the receiver rejected %llu frames (a checksum or the ports): the send path corrupts frames",
			 (unsigned long long)pt->net.peer_bad_frames);
		return -EIO;
	}
	if (pt->net.peer_corrupt_frames &&
	    !pt->net.dma_read_released_bytes) {
		snprintf(err, errlen,
			 "iperf: the receiver got %llu frames whose payload is not what was written (first at stream offset %llu): the send path corrupts data",
			 (unsigned long long)pt->net.peer_corrupt_frames,
			 (unsigned long long)pt->net.peer_first_bad_offset);
		return -EIO;
	}
	if (pt->p.t1_ns > pt->p.t0_ns)
		pt->mbps = (double)(pt->p.peer_bytes1 - pt->p.peer_bytes0) *
			   8e3 / (double)(pt->p.t1_ns - pt->p.t0_ns);
	if (pt->p.ns)
		pt->client_mbps = (double)pt->p.written * 8e3 / (double)pt->p.ns;
	pt->cpu_pct = pt->r.cpu_pct;
	return 0;
}
