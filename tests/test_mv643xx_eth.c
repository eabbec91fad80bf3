// SPDX-License-Identifier: GPL-2.0-only
/*
 * mv643xx_eth as 3.16 and 3.18.3 have it (src/net/mv643xx_eth.c) and the
 * ARMv5 coherent memory under it (src/arch/dma-coherent.c): every store
 * to the strongly-ordered rings and TSO headers costs the board's
 * so_store; tso_build_hdr's stores, read-modify-writes and misaligned
 * tcph->seq come to an exact count per segment; and 3.16's txq_reclaim
 * frees an skb per TX_LAST_DESC -- the skbs queued behind a TSO skb,
 * while their descriptors wait -- where 3.18.3 frees one per skb.
 */
#include "helpers.h"

#include "arch/dma-coherent.h"
#include "arch/kv.h"
#include "hw/machine.h"
#include "hw/nic.h"
#include "kernel/irq.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mm_types.h"
#include "net/checksum.h"
#include "net/net.h"
#include "net/netdevice.h"
#include "net/peer.h"
#include "net/sock.h"

#define KW "kirkwood-openblocks-a7"
#define MSS 1448u
#define SEGS 12u
#define SEQ 1000u

static const u8 board_mac[6] = { 0x00, 0x0a, 0x85, 0x00, 0x00, 0x01 };
static const u8 peer_mac[6] = { 0x00, 0x1b, 0x21, 0x00, 0x00, 0x02 };
static u8 pattern[26];

/*
 * A TSO skb of SEGS segments (enough that the next skb is still on the
 * wire when the interrupt of one is taken, after the three hand-overs)
 * starting at stream offset @off: the 66 header bytes linear, the
 * payload in one fragment of an order-3 lowmem block whose bytes follow
 * the pattern.  *@pg keeps a reference of its own, as the write queue's
 * original would, so that the skb's free does not free the data.
 */
static struct sk_buff *tso_skb(u32 off, struct page **pg)
{
	struct sk_buff *skb = alloc_skb(MAX_TCP_HEADER, GFP_KERNEL);
	u32 plen = SEGS * MSS;
	u8 h[66] = { 0 }, pay[SEGS * MSS];

	cr_assert(skb);
	*pg = alloc_pages(GFP_KERNEL, SKB_FRAG_PAGE_ORDER);
	cr_assert(*pg);
	for (u32 i = 0; i < plen; i++)
		pay[i] = pattern[(off + i) % 26];
	kv_write(page_address(*pg) + 100, pay, plen);
	skb_reserve(skb, MAX_TCP_HEADER);
	memcpy(h, peer_mac, 6);
	memcpy(h + 6, board_mac, 6);
	put_be16(h + 12, 0x0800);
	h[14] = 0x45;
	put_be16(h + 16, 20 + 32 + plen);
	put_be16(h + 20, 0x4000);
	h[22] = 64;
	h[23] = 6;
	put_be32(h + 26, 0xc0a80002);
	put_be32(h + 30, 0xc0a80001);
	put_be16(h + 34, 40000);
	put_be16(h + 36, 5001);
	put_be32(h + 38, SEQ + off);
	h[46] = 8 << 4;
	h[47] = TCPHDR_ACK | TCPHDR_PSH;
	kv_write(skb_push(skb, 66), h, 66);
	get_page(*pg);
	skb_fill_page_desc(skb, 0, *pg, 100, plen);
	skb->len += plen;
	skb->data_len = plen;
	skb->ip_summed = CHECKSUM_PARTIAL;
	skb_shinfo(skb)->gso_size = MSS;
	skb_shinfo(skb)->gso_segs = SEGS;
	skb->pcount = SEGS;
	return skb;
}

static void peer_up(void)
{
	for (u32 i = 0; i < 26; i++)
		pattern[i] = (u8)('A' + i);
	cr_assert_eq(net_up(), 0);
	peer_connect(net_peer(), 0xc0a80002, 0xc0a80001, 40000, 5001,
		     board_mac, peer_mac, SEQ, 1);
	peer_expect_pattern(net_peer(), pattern, 26);
}

/* Two milliseconds of an idle CPU taking each interrupt within 5 us:
 * everything is sent, acknowledged and reclaimed. */
static void drain(void)
{
	for (u32 i = 0; i < 400; i++) {
		hw_idle(this_cpu(), 8000);
		irq_poll();
	}
}

/* One store to strongly-ordered memory is so_store cycles, booked to
 * the uncached cause; on the Kirkwood 128 (80 ns at 1.6 GHz). */
Test(mv643xx_eth, strongly_ordered_store_costs_the_parameter)
{
	struct coherent_buf b;
	struct probe p;
	u64 cause, before;

	TEST_BOOT(KW, "icache_model=n");
	cr_assert_eq(machine->cfg.cost.so_store, 128);
	cr_assert_eq(dma_alloc_coherent(4096, &b), 0);
	probe_take(&p);
	before = this_cpu()->cycles;
	cause = this_cpu()->cause[CAUSE_uncached];
	coherent_store(&b, 8, 0x12345678, 4);
	cr_assert_eq(this_cpu()->cycles - before, 128);
	cr_assert_eq(this_cpu()->cause[CAUSE_uncached] - cause, 128);
	cr_assert_eq(probe_ev(&p, EV_so_store), 1);
	cr_assert_eq(coherent_load(&b, 8, 4), 0x12345678);
	cr_assert_eq(probe_ev(&p, EV_uncached_load), 1);
	/* Byte and halfword stores are one store each, too. */
	coherent_store(&b, 13, 0xab, 1);
	coherent_store(&b, 14, 0xcdef, 2);
	cr_assert_eq(probe_ev(&p, EV_so_store), 3);
	cr_assert_eq(coherent_load(&b, 12, 4), 0xcdefab00);
	dma_free_coherent(&b);
	test_shutdown();
}

/* cpu_mhz= keeps it 80 ns: twice the clock, twice the cycles. */
Test(mv643xx_eth, strongly_ordered_store_is_nanoseconds)
{
	TEST_BOOT(KW, "cpu_mhz=3200");
	cr_assert_eq(machine->cfg.cost.so_store, 256);
	test_shutdown();
}

/* copy_template.S's stores: STRBs to a word boundary, an STM per 32
 * bytes, a STR per word, a STRB per byte. */
Test(mv643xx_eth, arm_memcpy_store_count)
{
	cr_assert_eq(arm_memcpy_stores(0, 2, 66), 2 + 0 + 2);
	cr_assert_eq(arm_memcpy_stores(0, 0, 64), 2);
	cr_assert_eq(arm_memcpy_stores(0, 0, 60), 1 + 7);
	cr_assert_eq(arm_memcpy_stores(1, 0, 66), 3 + 1 + 7 + 3);
	cr_assert_eq(arm_memcpy_stores(0, 0, 3), 3);
	cr_assert_eq(arm_memcpy_stores(3, 0, 4), 1 + 3);
}

/*
 * txq_submit_tso of a TSO skb: per segment the 66-byte template
 * (two STMs, two STRBs), iph->id and tot_len, tcph->seq -- two bytes off
 * a word in the slot, so an alignment fault whose fix-up stores four
 * bytes -- the header's and the data's descriptors (four stores each);
 * all but the last segment clear psh, fin and rst (a load and a store
 * each): 18 stores a segment and 3 more for all but the last, with as
 * many uncached loads, and an alignment fault a segment.
 */
Test(mv643xx_eth, tso_segment_stores_are_counted)
{
	struct page *pg;
	struct sk_buff *skb;
	struct probe p;

	TEST_BOOT(KW, "eth_dma_mask=32", "icache_model=n");
	peer_up();
	skb = tso_skb(0, &pg);
	probe_take(&p);
	cr_assert_eq(dev_queue_xmit(skb), 0);
	cr_assert_eq(probe_ev(&p, EV_so_store), SEGS * 18 + (SEGS - 1) * 3);
	cr_assert_eq(probe_ev(&p, EV_uncached_load), (SEGS - 1) * 3);
	cr_assert_eq(probe_ev(&p, EV_alignment_fixup), SEGS);
	cr_assert_eq(probe_cc(&p, CC_do_alignment),
		     SEGS * (code_cost[CODE_do_alignment] +
			     4 * machine->cfg.cost.so_store));
	drain();
	cr_assert_eq(peer_stats(net_peer())->bytes, SEGS * MSS);
	cr_assert_eq(peer_stats(net_peer())->bad_frames, 0);
	cr_assert_eq(peer_stats(net_peer())->corrupt_frames, 0);
	__free_pages(pg, SKB_FRAG_PAGE_ORDER);
	test_shutdown();
}

struct reclaim_seen {
	u64 freed_in_flight, null_dequeues, released;
	u64 bytes, corrupt;
};

/* Three TSO skbs back to back, then their completions. */
static void three_tso_skbs(const char *kernel, struct reclaim_seen *seen)
{
	struct sk_buff *skb[3];
	struct page *pg[3];
	struct net_stats st;

	TEST_BOOT(KW, kernel, "tso=on", "eth_dma_mask=32");
	peer_up();
	for (u32 k = 0; k < 3; k++)
		skb[k] = tso_skb(k * SEGS * MSS, &pg[k]);
	for (u32 k = 0; k < 3; k++)
		cr_assert_eq(dev_queue_xmit(skb[k]), 0);
	drain();
	net_get_stats(&st);
	seen->freed_in_flight = st.tx_freed_in_flight;
	seen->null_dequeues = st.tx_null_dequeues;
	seen->released = st.tx_descs_released;
	seen->bytes = peer_stats(net_peer())->bytes;
	seen->corrupt = peer_stats(net_peer())->corrupt_frames;
	for (u32 k = 0; k < 3; k++)
		__free_pages(pg[k], SKB_FRAG_PAGE_ORDER);
	test_shutdown();
}

/*
 * 3.16.0 (and 3.17.0): each of the first skb's TX_LAST_DESCs (one a
 * segment) dequeues one skb -- itself, then the two behind it, whose
 * descriptors the engine has still to send, then nothing -- and the
 * second's and third's find the queue empty: 2 freed in flight, 3 SEGS
 * - 3 empty dequeues.  3.18.3 dequeues at TX_ENABLE_INTERRUPT only:
 * each skb once its last descriptor is done.  The two freed in flight
 * still had 7 and 12 data descriptors for the engine; all but the one it
 * was fetching (18) are told to the NIC's checker, since the driver no
 * longer holds their data.  Here the write queue's original still does,
 * so the receiver gets it all.
 */
Test(mv643xx_eth, reclaim_of_3_16_and_3_18_3_differs_as_the_sources)
{
	struct reclaim_seen v16, v18;

	three_tso_skbs("kernel=3.16", &v16);
	cr_assert_eq(v16.freed_in_flight, 2, "%llu null %llu", (unsigned long long)v16.freed_in_flight, (unsigned long long)v16.null_dequeues);
	cr_assert_eq(v16.null_dequeues, 3 * SEGS - 3);
	cr_assert_eq(v16.released, 18);
	cr_assert_eq(v16.bytes, 3 * SEGS * MSS);
	cr_assert_eq(v16.corrupt, 0);
	three_tso_skbs("kernel=3.18.3", &v18);
	cr_assert_eq(v18.freed_in_flight, 0);
	cr_assert_eq(v18.null_dequeues, 0);
	cr_assert_eq(v18.bytes, 3 * SEGS * MSS);
	cr_assert_eq(v18.corrupt, 0);
}

/*
 * When the free does release the data -- the skb was the last user of
 * its fragment, as a linearized TSO skb is of its kmalloc_large head --
 * the engine reads memory the kernel has freed: the NIC's checker is
 * told of those descriptors, and counts their bytes.
 */
Test(mv643xx_eth, early_free_of_the_last_user_releases_the_buffers)
{
	struct sk_buff *skb[3];
	struct page *pg[3];
	struct net_stats st;

	TEST_BOOT(KW, "kernel=3.16", "eth_dma_mask=32");
	peer_up();
	for (u32 k = 0; k < 3; k++) {
		skb[k] = tso_skb(k * SEGS * MSS, &pg[k]);
		put_page(pg[k]);	/* the skb is the last user */
	}
	for (u32 k = 0; k < 3; k++)
		cr_assert_eq(dev_queue_xmit(skb[k]), 0);
	drain();
	net_get_stats(&st);
	cr_assert_eq(st.tx_freed_in_flight, 2);
	/* The third's data descriptors, and those of the second the engine
	 * had not fetched when the first's reclaim freed it; each reads one
	 * MSS of freed memory. */
	cr_assert_gt(st.tx_descs_released, SEGS);
	cr_assert_leq(st.tx_descs_released, 2 * SEGS);
	cr_assert_eq(st.dma_read_released_bytes, st.tx_descs_released * MSS,
		     "%llu released, %llu bytes",
		     (unsigned long long)st.tx_descs_released,
		     (unsigned long long)st.dma_read_released_bytes);
	test_shutdown();
}
