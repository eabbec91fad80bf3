// SPDX-License-Identifier: GPL-2.0-only
/*
 * iperf over the modelled network (src/workloads/iperf.c,
 * src/experiments/iperf.c): the receiver accepts every byte, the kmaps
 * per segment follow CONFIG_HIGHMEM and the fast path, a fast enough CPU
 * fills the wire and no more, a stalled receiver is reported, not hung.
 */
#include "helpers.h"

#include <stdarg.h>

#include "base/errno.h"
#include "experiments/iperf.h"
#include "net/wire.h"

#define KW "kirkwood-openblocks-a7"
#define SHORT_NS 20000000ull	/* 20 ms simulated */

static void measure(struct iperf_point *pt, u64 ns, ...)
{
	struct settings s;
	char err[256];
	va_list ap;
	const char *w;

	settings_default(&s, platform_find(KW));
	va_start(ap, ns);
	while ((w = va_arg(ap, const char *)))
		cr_assert_eq(settings_parse(&s, w, err, sizeof(err)), 0, "%s",
			     err);
	va_end(ap);
	cr_assert_eq(iperf_measure(&s, IPERF_DEFAULT_LEN, ns, pt, err,
				   sizeof(err)),
		     0, "%s", err);
}

static u64 ev(const struct iperf_point *pt, enum event e)
{
	return pt->r.events[e];
}

/* iperf_measure fails on any frame the receiver rejects: a clean run
 * means every checksum, sequence number and payload byte was right. */
Test(iperf, receiver_accepts_the_whole_stream)
{
	static struct iperf_point pt;

	measure(&pt, SHORT_NS, "tso=off", NULL);
	cr_assert_eq(pt.net.peer_bad_frames, 0);
	cr_assert_gt(pt.p.peer_bytes1, 500000);
	cr_assert_leq(pt.p.peer_bytes1, pt.p.written);
	cr_assert_gt(pt.net.gso_segs, 0);
	cr_assert_eq(pt.net.tso_segs, 0);
}

Test(iperf, no_highmem_no_kmap_atomic_pfn)
{
	static struct iperf_point pt;

	measure(&pt, SHORT_NS, "CONFIG_HIGHMEM=n", "tso=off", NULL);
	cr_assert_gt(ev(&pt, EV_l2_range_ops), 1000);
	cr_assert_eq(ev(&pt, EV_kmap_atomic_pfn), 0);
}

/* Without the fast path every Feroceon L2 range chunk maps its page: one
 * kmap_atomic_pfn, one PTE write and one local TLB invalidate each, and
 * a 128-line VIVT flush at its kunmap_atomic. */
Test(iperf, highmem_maps_every_l2_chunk)
{
	static struct iperf_point pt;
	u64 chunks;

	measure(&pt, SHORT_NS, "tso=off", NULL);
	chunks = ev(&pt, EV_l2_range_ops);
	cr_assert_gt(chunks, 1000);
	cr_assert_eq(ev(&pt, EV_kmap_atomic_pfn), chunks);
	cr_assert_geq(ev(&pt, EV_pte_write), chunks);
	cr_assert_geq(ev(&pt, EV_tlb_inv_local), chunks);
	cr_assert_geq(ev(&pt, EV_dcache_lines_flushed), 128 * chunks);
}

/* With it, the chunks of lowmem buffers cost no PTE write, no TLB
 * invalidate and no flush: the lines flushed are process set-up's, as
 * many as without highmem. */
Test(iperf, fast_path_maps_nothing)
{
	static struct iperf_point pt, base;

	measure(&pt, SHORT_NS, "kmap_pfn_fastpath=y", "tso=off", NULL);
	measure(&base, SHORT_NS, "CONFIG_HIGHMEM=n", "tso=off", NULL);
	cr_assert_eq(ev(&pt, EV_kmap_atomic_pfn), ev(&pt, EV_l2_range_ops));
	cr_assert_gt(ev(&pt, EV_kmap_atomic_pfn), 1000);
	cr_assert_lt(ev(&pt, EV_pte_write), 20);
	cr_assert_lt(ev(&pt, EV_tlb_inv_local), 20);
	cr_assert_eq(ev(&pt, EV_dcache_lines_flushed),
		     ev(&base, EV_dcache_lines_flushed));
	cr_assert_gt(base.mbps, 0);
}

/*
 * A CPU fast enough for the path fills the wire: the line-rate goodput
 * of 1448-byte segments, and no more.  With the port's dma_mask set:
 * without it HIGHMEM=y linearizes every TSO skb, whose copy reads DRAM
 * at latencies that do not shrink with the clock (illegal_highdma).
 * 0.2 s: 3.16's slow start (cwnd and the send buffer growing together)
 * takes longer than the 40 ms of warm-up a shorter run would leave.
 */
Test(iperf, fast_cpu_reaches_line_rate_and_no_more)
{
	static struct iperf_point on, off;
	double line = (double)eth_goodput_kbps(1448, 66, 1000) / 1e3;

	measure(&on, 200000000, "cpu_mhz=4000", "eth_dma_mask=32", NULL);
	measure(&off, 200000000, "cpu_mhz=4000", "CONFIG_HIGHMEM=n", "tso=off",
		NULL);
	cr_assert_float_eq(line, 941.48, 0.01);
	cr_assert(on.mbps > 0.995 * line && on.mbps < 1.001 * line, "%f",
		  on.mbps);
	cr_assert(off.mbps > 0.995 * line && off.mbps < 1.001 * line, "%f",
		  off.mbps);
	cr_assert_lt(on.cpu_pct, 95);
}

/* A receiver that stops acknowledging: the send buffer fills, write()
 * blocks, the alarm a second after --time ends it, the run reports. */
Test(iperf, stalled_peer_is_reported)
{
	static struct iperf_point pt;

	measure(&pt, SHORT_NS, "peer_stall_after=100K", NULL);
	cr_assert(pt.p.stalled);
	cr_assert_gt(pt.net.peer_stalled, 0);
	/* Past the stall the receiver only takes what the window held. */
	cr_assert_lt(pt.p.peer_bytes1, 1u << 20);
	cr_assert_gt(pt.p.ns, 1000000000ull);
}

Test(iperf, board_without_nic_refused)
{
	static struct iperf_point pt;
	struct settings s;
	char err[256];

	settings_default(&s, platform_find("beaglebone-white"));
	cr_assert_eq(iperf_measure(&s, 8192, SHORT_NS, &pt, err, sizeof(err)),
		     -ENODEV);
	cr_assert(strstr(err, "no network controller"));
}

/* Same settings, same run: every figure is deterministic. */
Test(iperf, deterministic)
{
	static struct iperf_point a, b;

	measure(&a, SHORT_NS, NULL);
	measure(&b, SHORT_NS, NULL);
	cr_assert_eq(a.p.peer_bytes1, b.p.peer_bytes1);
	cr_assert_eq(a.r.elapsed_cycles, b.r.elapsed_cycles);
	cr_assert_eq(memcmp(a.r.events, b.r.events, sizeof(a.r.events)), 0);
}

/*
 * HIGHMEM=y with the port device's NULL dma_mask (illegal_highdma): no
 * skb with fragments reaches the driver, with TSO or without.  With TSO
 * each TSO skb is linearized, nearly all into a kmalloc_large block
 * (past 4 KiB); without it GSO copies every segment.  With the mask
 * set, none of it.
 */
Test(iperf, null_dma_mask_linearizes_every_tso_skb)
{
	static struct iperf_point pt, fixed, gso;

	measure(&pt, SHORT_NS, NULL);
	cr_assert_gt(pt.net.tso_skbs, 50);
	/* One kmalloc_large block per TSO skb whose head passes 4 KiB:
	 * all but the odd small one. */
	cr_assert_leq(ev(&pt, EV_kmalloc_large), pt.net.tso_skbs);
	cr_assert_geq(ev(&pt, EV_kmalloc_large) * 10, pt.net.tso_skbs * 9);
	cr_assert_eq(pt.net.linearized, pt.net.illegal_highdma);
	cr_assert_gt(pt.net.linearized, pt.net.tso_skbs);
	cr_assert_eq(pt.net.frag_skbs, 0);
	measure(&fixed, SHORT_NS, "eth_dma_mask=32", NULL);
	cr_assert_gt(fixed.net.tso_skbs, 10);
	cr_assert_eq(ev(&fixed, EV_kmalloc_large), 0);
	cr_assert_eq(fixed.net.illegal_highdma, 0);
	cr_assert_eq(fixed.net.linearized, 0);
	cr_assert_gt(fixed.net.frag_skbs, 10);
	cr_assert_gt(fixed.mbps, pt.mbps);
	measure(&gso, SHORT_NS, "tso=off", NULL);
	cr_assert_eq(gso.net.tso_skbs, 0);
	cr_assert_eq(ev(&gso, EV_kmalloc_large), 0);
	cr_assert_gt(gso.net.gso_segs, 100);
	cr_assert_eq(gso.net.frag_skbs, 0);
	/* Each GSO skb loses SG once; the rest are one-MSS skbs. */
	cr_assert_eq(gso.net.illegal_highdma,
		     gso.net.gso_skbs + gso.net.linearized);
}
