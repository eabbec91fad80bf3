// SPDX-License-Identifier: GPL-2.0-only
/*
 * The device layer in front of mv643xx_eth (src/net/dev.c): a highmem
 * fragment on a device without NETIF_F_HIGHDMA is copied into a linear
 * buffer (harmonize_features + __skb_linearize), a lowmem one is mapped
 * in place; either way the receiver gets the right bytes.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "base/errno.h"
#include "hw/machine.h"
#include "hw/nic.h"
#include "kernel/user.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mm_types.h"
#include "mm/mmzone.h"
#include "net/checksum.h"
#include "net/net.h"
#include "net/netdevice.h"
#include "net/peer.h"
#include "mm/kmalloc.h"
#include "net/sock.h"

#define PLEN 1000u
#define SEQ 1000u

static const u8 board_mac[6] = { 0x00, 0x0a, 0x85, 0x00, 0x00, 0x01 };
static const u8 peer_mac[6] = { 0x00, 0x1b, 0x21, 0x00, 0x00, 0x02 };

/* A one-segment TCP skb: 66 header bytes linear, the payload in a frag of
 * an order-3 block from @gfp, whose bytes follow the pattern 'A'+i%26. */
static struct sk_buff *tcp_skb(gfp_t gfp, struct page **pg)
{
	struct sk_buff *skb = alloc_skb(MAX_TCP_HEADER, GFP_KERNEL);
	u8 h[66] = { 0 }, pay[PLEN];
	vaddr_t va;

	cr_assert(skb);
	*pg = alloc_pages(gfp, SKB_FRAG_PAGE_ORDER);
	cr_assert(*pg);
	for (u32 i = 0; i < PLEN; i++)
		pay[i] = (u8)('A' + i % 26);
	va = kmap_atomic(*pg);
	kv_write(va + 100, pay, PLEN);
	kunmap_atomic(va);
	skb_reserve(skb, MAX_TCP_HEADER);
	memcpy(h, peer_mac, 6);
	memcpy(h + 6, board_mac, 6);
	put_be16(h + 12, 0x0800);
	h[14] = 0x45;
	put_be16(h + 16, 20 + 32 + PLEN);
	put_be16(h + 20, 0x4000);
	h[22] = 64;
	h[23] = 6;
	put_be32(h + 26, 0xc0a80002);
	put_be32(h + 30, 0xc0a80001);
	put_be16(h + 24, csum_fold(csum_partial(h + 14, 20, 0)));
	put_be16(h + 34, 40000);
	put_be16(h + 36, 5001);
	put_be32(h + 38, SEQ);
	h[46] = 8 << 4;
	h[47] = TCPHDR_ACK | TCPHDR_PSH;
	kv_write(skb_push(skb, 66), h, 66);
	skb_fill_page_desc(skb, 0, *pg, 100, PLEN);
	skb->len += PLEN;
	skb->data_len = PLEN;
	skb->ip_summed = CHECKSUM_PARTIAL;
	return skb;
}

/* Send it and let the wire and the receiver run. */
static void send_and_wait(struct sk_buff *skb)
{
	static u8 pattern[26];

	for (u32 i = 0; i < 26; i++)
		pattern[i] = (u8)('A' + i);
	peer_connect(net_peer(), 0xc0a80002, 0xc0a80001, 40000, 5001,
		     board_mac, peer_mac, SEQ, 1);
	peer_expect_pattern(net_peer(), pattern, 26);
	cr_assert_eq(dev_queue_xmit(skb), 0);
	hw_idle(this_cpu(), 1000000);
	nic_sync(net_nic());
}

Test(netdev, highmem_fragment_is_copied_not_mapped)
{
	struct net_stats st;
	struct page *pg;
	u64 maps;

	TEST_BOOT("kirkwood-openblocks-a7");
	cr_assert_eq(net_up(), 0);
	cr_assert_not(net_dev()->features & NETIF_F_HIGHDMA);
	maps = machine_event_total(EV_dma_map);
	send_and_wait(tcp_skb(GFP_HIGHUSER, &pg));
	cr_assert(PageHighMem(pg));
	net_get_stats(&st);
	cr_assert_eq(st.linearized, 1);
	/* One mapping: the linear copy, not the fragment. */
	cr_assert_eq(machine_event_total(EV_dma_map) - maps, 1);
	cr_assert_eq(peer_stats(net_peer())->bytes, PLEN);
	cr_assert_eq(peer_stats(net_peer())->bad_frames, 0);
	test_shutdown();
}

/*
 * A lowmem fragment with @words: mapped where it is, unless HIGHMEM=y and
 * the port device has no dma_mask (illegal_highdma's second test), which
 * linearizes it as a highmem one would be.
 */
static void lowmem_fragment(const char *word, bool linear)
{
	struct net_stats st;
	struct page *pg;
	u64 maps;

	TEST_BOOT("kirkwood-openblocks-a7", word);
	cr_assert_eq(net_up(), 0);
	maps = machine_event_total(EV_dma_map);
	send_and_wait(tcp_skb(GFP_KERNEL, &pg));
	cr_assert_not(PageHighMem(pg));
	net_get_stats(&st);
	cr_assert_eq(st.illegal_highdma, linear);
	cr_assert_eq(st.linearized, linear);
	/* The linear copy; or the header and the fragment, each mapped
	 * where it is. */
	cr_assert_eq(machine_event_total(EV_dma_map) - maps, linear ? 1 : 2);
	cr_assert_eq(peer_stats(net_peer())->bytes, PLEN);
	cr_assert_eq(peer_stats(net_peer())->bad_frames, 0);
	test_shutdown();
}

Test(netdev, lowmem_fragment_is_mapped_in_place)
{
	lowmem_fragment("eth_dma_mask=32", false);
	lowmem_fragment("CONFIG_HIGHMEM=n", false);
}

Test(netdev, lowmem_fragment_without_dma_mask_is_linearized)
{
	lowmem_fragment("eth_dma_mask=null", true);
}

/* A payload byte changed after the header: the checksums (the NIC's)
 * verify, so the receiver takes the data as Linux would, and its check
 * against the pattern counts the wrong byte. */
Test(netdev, receiver_counts_a_wrong_payload)
{
	struct page *pg;
	struct sk_buff *skb;
	vaddr_t va;

	TEST_BOOT("kirkwood-openblocks-a7");
	cr_assert_eq(net_up(), 0);
	skb = tcp_skb(GFP_KERNEL, &pg);
	va = page_address(pg);
	kv_write(va + 100 + 500, (u8[1]){ 'z' }, 1);
	send_and_wait(skb);
	cr_assert_eq(peer_stats(net_peer())->bytes, PLEN);
	cr_assert_eq(peer_stats(net_peer())->bad_frames, 0);
	cr_assert_eq(peer_stats(net_peer())->corrupt_frames, 1);
	cr_assert_eq(peer_stats(net_peer())->corrupt_bytes, 1);
	cr_assert(peer_stats(net_peer())->bad_payload);
	cr_assert_eq(peer_stats(net_peer())->first_bad_offset, 500);
	test_shutdown();
}

/*
 * A 64 KiB TSO skb of TCP's shape -- a kmalloc-2048 head holding the
 * headers and 1,696 bytes of payload (select_size), the rest, 63,464
 * bytes, in fragments of two 32 KiB blocks -- handed down as TCP hands
 * it, a clone.  HIGHMEM=y with the port's NULL dma_mask: illegal_highdma
 * takes SG away, so __skb_linearize -> __pskb_pull_tail ->
 * pskb_expand_head takes one kmalloc_large block of order 5 (65,160
 * bytes and the headroom, 128 to spare and the shared info are past 64
 * KiB), copies the head (headroom, headers, linear payload: 1,856 bytes)
 * and pulls the fragments: every payload byte copied once.  The driver
 * gets no fragment.  With the mask set: none of it.
 */
#define TSO_MSS 1448u
#define TSO_SEGS 45u
#define TSO_LINEAR 1696u

static void tso_64k(bool mask_set)
{
	u32 plen = TSO_MSS * TSO_SEGS, left = plen - TSO_LINEAR;
	struct sk_buff *orig, *c;
	struct page *blk[2];
	static u8 pay[TSO_MSS * TSO_SEGS];
	u8 h[66] = { 0 };
	u64 large, exp0, pull0;
	struct net_stats st;

	TEST_BOOT("kirkwood-openblocks-a7",
		  mask_set ? "eth_dma_mask=32" : "eth_dma_mask=null");
	cr_assert_eq(net_up(), 0);
	for (u32 i = 0; i < plen; i++)
		pay[i] = (u8)('A' + i % 26);
	orig = alloc_skb_fclone(2048 - SKB_SHINFO_SIZE, GFP_KERNEL);
	cr_assert(orig);
	skb_reserve(orig, MAX_TCP_HEADER);
	kv_write(skb_put(orig, TSO_LINEAR), pay, TSO_LINEAR);
	for (u32 b = 0, at = TSO_LINEAR; b < 2; b++) {
		u32 n = MIN(left, PAGE_SIZE << SKB_FRAG_PAGE_ORDER);

		blk[b] = alloc_pages(GFP_KERNEL, SKB_FRAG_PAGE_ORDER);
		cr_assert(blk[b]);
		kv_write(page_address(blk[b]), pay + at, n);
		get_page(blk[b]);
		skb_fill_page_desc(orig, (int)b, blk[b], 0, n);
		orig->len += n;
		orig->data_len += n;
		at += n;
		left -= n;
	}
	memcpy(h, peer_mac, 6);
	memcpy(h + 6, board_mac, 6);
	put_be16(h + 12, 0x0800);
	h[14] = 0x45;
	put_be16(h + 16, (u16)(20 + 32 + plen));
	put_be16(h + 20, 0x4000);
	h[22] = 64;
	h[23] = 6;
	put_be32(h + 26, 0xc0a80002);
	put_be32(h + 30, 0xc0a80001);
	put_be16(h + 34, 40000);
	put_be16(h + 36, 5001);
	put_be32(h + 38, SEQ);
	h[46] = 8 << 4;
	h[47] = TCPHDR_ACK | TCPHDR_PSH;
	kv_write(skb_push(orig, 66), h, 66);
	orig->ip_summed = CHECKSUM_PARTIAL;
	skb_shinfo(orig)->gso_size = TSO_MSS;
	skb_shinfo(orig)->gso_segs = TSO_SEGS;
	orig->pcount = TSO_SEGS;
	c = skb_clone(orig, GFP_ATOMIC);
	cr_assert(c);
	kmalloc_large_last_order = 0;
	large = machine_event_total(EV_kmalloc_large);
	skb_copy_stats(&exp0, &pull0);
	send_and_wait(c);
	net_get_stats(&st);
	cr_assert_eq(peer_stats(net_peer())->bytes, plen);
	cr_assert_eq(peer_stats(net_peer())->bad_frames, 0);
	cr_assert_eq(peer_stats(net_peer())->corrupt_frames, 0);
	cr_assert_eq(st.tso_skbs, 1);
	if (mask_set) {
		cr_assert_eq(machine_event_total(EV_kmalloc_large) - large, 0);
		cr_assert_eq(st.expand_bytes - exp0, 0);
		cr_assert_eq(st.pull_bytes - pull0, 0);
		cr_assert_eq(st.frag_skbs, 1);
		cr_assert_eq(st.linearized, 0);
	} else {
		cr_assert_eq(machine_event_total(EV_kmalloc_large) - large, 1);
		cr_assert_eq(kmalloc_large_last_order, 5);
		cr_assert_eq(st.expand_bytes - exp0,
			     MAX_TCP_HEADER + TSO_LINEAR);
		cr_assert_eq(st.pull_bytes - pull0, plen - TSO_LINEAR);
		cr_assert_eq(st.frag_skbs, 0);
		cr_assert_eq(st.linearized, 1);
		cr_assert_eq(st.illegal_highdma, 1);
	}
	kfree_skb(orig);
	for (u32 b = 0; b < 2; b++)
		__free_pages(blk[b], SKB_FRAG_PAGE_ORDER);
	test_shutdown();
}

Test(netdev, null_mask_linearizes_a_64k_tso_skb_into_one_order_5_block)
{
	tso_64k(false);
	tso_64k(true);
}

Test(netdev, no_nic_no_network)
{
	TEST_BOOT("beaglebone-white");
	cr_assert_eq(net_up(), -ENODEV);
	cr_assert_not(net_available());
	test_shutdown();
}

/*
 * The first socket() brings the port up; when one of its three rings
 * (TX, RX, TSO headers: the first three page allocations) cannot be had,
 * the probe fails with -ENOMEM as mv643xx_eth_probe does, leaves no page
 * allocated, and a later attempt succeeds (a fuzz input, fuzz/crashes/
 * eth-probe-without-memory-for-the-rings, panicked here).
 */
Test(netdev, probe_without_memory_for_the_rings_fails_cleanly)
{
	unsigned long free;

	TEST_BOOT("kirkwood-openblocks-a7");
	free = nr_free_pages();
	for (unsigned int nth = 1; nth <= 3; nth++) {
		page_alloc_fail_nth = nth;
		cr_assert_eq(net_up(), -ENOMEM, "ring %u", nth);
		cr_assert_not(net_available());
		cr_assert_eq(nr_free_pages(), free, "ring %u", nth);
	}
	page_alloc_fail_nth = 0;
	cr_assert_eq(net_up(), 0);
	cr_assert(net_available());
	test_shutdown();
}

/*
 * A socket closed while its clones are in the TX ring lives on until
 * the last of them completes (Linux's sk_wmem_alloc reference), and
 * their destructors drop its sk_wmem_alloc, not the socket connected
 * next (fuzz/crashes/socket-closed-with-clones-in-flight: tcp_wfree
 * took the run's connected socket and hit BUG_ON).
 */
static struct {
	long ret[6];
	u32 dead_after_close, dead_after_drain, wmem_b, wmem_a;
} closed;

static void close_in_flight_main(void *arg)
{
	long a = sys_mmap(0, 65536, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int s1, s2;

	cr_assert(a > 0);
	uv_fill((vaddr_t)a, 'x', 65536);
	s1 = sys_socket();
	closed.ret[0] = sys_connect(s1);
	closed.ret[1] = sys_write(s1, (vaddr_t)a, 65536);
	closed.wmem_a = net_socket()->sk_wmem_alloc;
	closed.ret[2] = sys_close(s1);
	closed.dead_after_close = net_dead_sockets();
	s2 = sys_socket();
	closed.ret[3] = sys_connect(s2);
	for (int i = 0; i < 200 && net_dead_sockets(); i++)
		user_compute(100000);
	closed.dead_after_drain = net_dead_sockets();
	closed.wmem_b = net_socket()->sk_wmem_alloc;
	closed.ret[4] = sys_close(s2);
	sys_exit(0);
}

Test(netdev, closed_socket_lives_until_its_last_clone_completes)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(close_in_flight_main, NULL);
	cr_assert_eq(closed.ret[0], 0);
	cr_assert_eq(closed.ret[1], 65536);
	cr_assert_gt(closed.wmem_a, 0, "clones below TCP at the close");
	cr_assert_eq(closed.ret[2], 0);
	cr_assert_eq(closed.dead_after_close, 1);
	cr_assert_eq(closed.ret[3], 0);
	cr_assert_eq(closed.dead_after_drain, 0, "freed by its last clone");
	cr_assert_eq(closed.wmem_b, 0, "the new socket sent nothing");
	cr_assert_eq(closed.ret[4], 0);
	test_shutdown();
}
