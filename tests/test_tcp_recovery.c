// SPDX-License-Identifier: GPL-2.0-only
/*
 * TCP loss recovery as 3.16 has it (src/net/tcp_recovery.c, tcp_sack.c,
 * tcp_retrans.c, tcp_timer.c) against the receiver's SACKs
 * (src/net/peer.c).  A loss happens only where the kernel drops: here a
 * GFP_ATOMIC kmalloc_large that the zone watermarks refuse in
 * pskb_expand_head, when lowmem holds nothing larger than order 3 --
 * dev_hard_start_xmit frees the TSO skb (out_kfree_skb), the receiver
 * sees the hole and SACKs what follows, and the sender retransmits until
 * every byte has arrived once, in order.  And a receiver that stops
 * acknowledging meets the loss probe and the backed-off RTO.
 */
#include "helpers.h"

#include <stdlib.h>

#include "experiments/iperf.h"
#include "hw/machine.h"
#include "kernel/user.h"
#include "mm/gfp.h"
#include "mm/mm_types.h"
#include "mm/mmzone.h"
#include "net/net.h"
#include "net/peer.h"
#include "net/sock.h"

#define KW "kirkwood-openblocks-a7"
#define BUF (64u << 10)
#define TOTAL (2u << 20)
#define KEEP_BLOCKS 400u		/* order-3 blocks left free */

static u8 pattern[BUF];

static struct {
	long written;
	u32 held_blocks, freed_blocks;
	struct net_stats after;		/* when everything arrived */
	u64 atomic_fails;
	u64 delivered;
	bool arrived;
} seen;

static struct page **held;
static u32 nheld;

/*
 * Hold all of ZONE_NORMAL's free memory, as order-3 blocks and then the
 * smaller leftovers (GFP_KERNEL, which the model does not hold to the
 * watermarks), then give back KEEP_BLOCKS order-3 blocks whose buddies
 * stay held: lowmem's free memory is then 3,200 pages in blocks of 32
 * KiB that cannot merge -- above every watermark for order 3 and below,
 * none of order 4 and above.
 */
static void fragment_lowmem(void)
{
	struct page *pg;
	u32 cap = 1u << 16;

	held = calloc(cap, sizeof(*held));
	cr_assert(held);
	for (int order = 3; order >= 0; order--)
		while ((pg = alloc_pages(GFP_KERNEL, (unsigned)order))) {
			cr_assert_lt(nheld, cap);
			pg->private = (unsigned long)order;
			held[nheld++] = pg;
		}
	for (u32 i = 0; i < nheld && seen.freed_blocks < KEEP_BLOCKS; i++) {
		pg = held[i];
		if (pg->private != 3 || ((page_to_pfn(pg) >> 3) & 1))
			continue;
		pg->private = 0;
		__free_pages(pg, 3);
		held[i] = NULL;
		seen.freed_blocks++;
	}
	seen.held_blocks = nheld;
}

static void release_lowmem(void)
{
	for (u32 i = 0; i < nheld; i++)
		if (held[i]) {
			unsigned int order = (unsigned int)held[i]->private;

			held[i]->private = 0;
			__free_pages(held[i], order);
		}
	free(held);
	held = NULL;
	nheld = 0;
}

static void drop_and_recover_main(void *arg)
{
	long buf = sys_mmap(0, BUF, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	u64 before = machine_event_total(EV_page_alloc_atomic_fail);
	int fd;

	(void)arg;
	cr_assert_gt(buf, 0);
	uv_write((vaddr_t)buf, pattern, BUF);
	net_expect_pattern(pattern, BUF);
	fd = sys_socket();
	cr_assert_eq(sys_connect(fd), 0);
	fragment_lowmem();
	for (u32 off = 0; off < TOTAL; off += BUF)
		seen.written += sys_write(fd, (vaddr_t)buf, BUF);
	seen.atomic_fails = machine_event_total(EV_page_alloc_atomic_fail) -
			    before;
	release_lowmem();
	/* Up to two seconds for the last of it: a retransmission timer. */
	for (int i = 0; i < 2000; i++) {
		net_get_stats(&seen.after);
		if (seen.after.peer_bytes >= TOTAL)
			break;
		user_compute(1600000);
	}
	net_get_stats(&seen.after);
	sys_close(fd);
	sys_exit(0);
}

Test(tcp_recovery, dropped_skb_is_retransmitted_and_arrives_once_in_order)
{
	for (u32 i = 0; i < BUF; i++)
		pattern[i] = (u8)('a' + (i * 7 + i / 251) % 26);
	/* 3.18.3's reclaim: the drop is the only loss (3.16's would free
	 * linearized heads the NIC has still to read). */
	TEST_BOOT(KW, "kernel=3.18.3", "tso=on", "eth_dma_mask=null");
	memset(&seen, 0, sizeof(seen));
	test_run_process(drop_and_recover_main, NULL);
	cr_assert_eq(seen.freed_blocks, KEEP_BLOCKS);
	cr_assert_eq(seen.written, TOTAL);
	/* The drop: the watermarks refused the linearized heads. */
	cr_assert_gt(seen.atomic_fails, 0);
	cr_assert_gt(seen.after.xmit_drops, 0);
	cr_assert_eq(seen.after.linearized, seen.after.illegal_highdma);
	/* The receiver saw the hole, SACKed past it, the sender repaired. */
	cr_assert_gt(seen.after.peer_ofo_segs, 0);
	cr_assert_gt(seen.after.peer_sack_acks, 0);
	cr_assert_gt(seen.after.retrans_segs, 0);
	cr_assert_gt(seen.after.fast_recoveries + seen.after.rto_timeouts, 0);
	/* Every byte once, in order, as written. */
	cr_assert_eq(seen.after.peer_bytes, TOTAL);
	cr_assert_eq(seen.after.peer_bad_frames, 0);
	cr_assert_eq(seen.after.peer_corrupt_frames, 0);
	test_shutdown();
}

/*
 * A receiver that stops acknowledging: at most one loss probe (when cwnd
 * was what held the sender back: two smoothed RTTs, at least 10 ms),
 * then the RTO -- at least 200 ms, doubled each time -- enters Loss and
 * retransmits the head, again and again.
 */
Test(tcp_recovery, silent_receiver_meets_the_backed_off_rto)
{
	static struct iperf_point pt;
	struct settings s;
	char err[256];

	settings_default(&s, platform_find(KW));
	cr_assert_eq(settings_parse(&s, "peer_stall_after=100K", err,
				    sizeof(err)),
		     0);
	cr_assert_eq(iperf_measure(&s, IPERF_DEFAULT_LEN, 20000000, &pt, err,
				   sizeof(err)),
		     0, "%s", err);
	cr_assert(pt.p.stalled);
	/* 1.2 s of silence: RTOs at about 0.2, 0.6 and 1.4 s after it
	 * starts (200 ms, doubled), so two of them. */
	cr_assert_eq(pt.net.rto_timeouts, 2);
	cr_assert_leq(pt.net.loss_probes, 1);
	cr_assert_geq(pt.net.retrans_segs, pt.net.rto_timeouts);
	cr_assert_eq(pt.net.snd_cwnd, 1, "Loss: cwnd 1");
}
