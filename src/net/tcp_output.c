// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sending queued data (net/ipv4/tcp_output.c, 3.14): tcp_write_xmit's
 * tests (congestion window, receive window, Nagle, TSO deferral, TCP
 * Small Queues), splitting an skb that is larger than they allow, and
 * tcp_transmit_skb, which clones the skb, writes the TCP header into its
 * headroom and hands the clone to IP.  TSQ's tasklet resumes sending when
 * a transmitted clone is freed.
 */
#include "net/sock.h"

#include <string.h>

#include "arch/kv.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/irq.h"
#include "mm/gfp.h"
#include "net/checksum.h"
#include "net/ip.h"
#include "net/net.h"

#define HZ_TCP 100			/* the boards' CONFIG_HZ */

void tcp_update_pacing_rate(struct sock *sk)
{
	/* 200 % of mss * cwnd / srtt; a LAN srtt is under the 1.25-jiffy
	 * threshold, so 3.14 takes srtt = 1 jiffy << 3 and divides by 1. */
	u64 rate = (u64)sk->mss_cache * 2 * (HZ_TCP << 3);

	sk->sk_pacing_rate = rate * MAX(sk->snd_cwnd, sk->packets_out);
}

static u16 tcp_skb_pcount_set(struct sk_buff *skb, u32 mss_now)
{
	u16 segs = (u16)((skb->len + mss_now - 1) / mss_now);

	if (skb->len <= mss_now || skb->ip_summed == CHECKSUM_NONE)
		segs = 1;
	skb->pcount = segs;
	skb_shinfo(skb)->gso_segs = segs > 1 ? segs : 0;
	skb_shinfo(skb)->gso_size = segs > 1 ? (u16)mss_now : 0;
	return segs;
}

static u32 tcp_cwnd_test(const struct sock *sk)
{
	u32 in_flight = tcp_packets_in_flight(sk);

	return in_flight < sk->snd_cwnd ? sk->snd_cwnd - in_flight : 0;
}

static bool tcp_snd_wnd_test(const struct sock *sk, const struct sk_buff *skb,
			     u32 cur_mss)
{
	u32 end_seq = skb->end_seq;

	if (skb->len > cur_mss)
		end_seq = skb->seq + cur_mss;
	return !after(end_seq, tcp_wnd_end(sk));
}

/* Minshall's variant of Nagle: is a small segment still unacknowledged? */
static bool tcp_nagle_check(bool partial, const struct sock *sk, int nonagle)
{
	return partial &&
	       ((nonagle & TCP_NAGLE_CORK) ||
		(!nonagle && sk->packets_out && after(sk->snd_sml, sk->snd_una)));
}

static bool tcp_nagle_test(const struct sock *sk, const struct sk_buff *skb,
			   u32 cur_mss, int nonagle)
{
	if (nonagle & TCP_NAGLE_PUSH)
		return true;
	return !tcp_nagle_check(skb->len < cur_mss, sk, nonagle);
}

/* tcp_tso_should_defer: wait for a fuller window rather than send a
 * small TSO frame (sysctl_tcp_tso_win_divisor 3). */
static bool tcp_tso_should_defer(struct sock *sk, struct sk_buff *skb)
{
	u32 in_flight = tcp_packets_in_flight(sk);
	u32 send_win = tcp_wnd_end(sk) - skb->seq;
	u32 cong_win = (sk->snd_cwnd - MIN(in_flight, sk->snd_cwnd)) *
		       sk->mss_cache;
	u32 limit = MIN(send_win, cong_win);
	u32 chunk;

	if (limit >= sk->sk_gso_max_size)
		return false;
	if (skb != tcp_write_queue_tail(sk) && limit >= skb->len)
		return false;
	chunk = MIN(sk->snd_wnd, sk->snd_cwnd * sk->mss_cache) / 3;
	if (limit >= chunk)
		return false;
	/* Nothing in flight: deferring would stall. */
	return in_flight != 0;
}

static u32 tcp_mss_split_point(struct sock *sk, struct sk_buff *skb,
			       u32 mss_now, u32 max_segs, int nonagle)
{
	u32 window = tcp_wnd_end(sk) - skb->seq;
	u32 max_len = mss_now * max_segs, needed, partial;

	if (max_len <= window && skb != tcp_write_queue_tail(sk))
		return max_len;
	needed = MIN(skb->len, window);
	if (max_len <= needed)
		return max_len;
	partial = needed % mss_now;
	if (partial && !tcp_nagle_check(true, sk, nonagle))
		return needed - partial;
	return needed;
}

/*
 * tso_fragment / tcp_fragment: cut @skb after @len bytes; the tail goes
 * into a new skb queued after it.  Fragments are split by reference (a
 * fragment cut in two takes another page reference); linear bytes past
 * @len are copied (skb_split_inside_header).
 */
static int tso_fragment(struct sock *sk, struct sk_buff *skb, u32 len,
			u32 mss_now)
{
	u32 hl = skb_headlen(skb);
	u32 nlinear = len < hl ? hl - len : 0;
	struct sk_buff *buff = alloc_skb_fclone(nlinear + MAX_TCP_HEADER,
						GFP_ATOMIC);
	struct skb_shared_info *from = skb_shinfo(skb), *to;
	u32 pos = hl;
	int k = 0;

	if (!buff)
		return -1;
	sk->tso_fragments++;
	/* The new skb's own overhead; the bytes moved were counted. */
	sk->sk_wmem_queued += buff->truesize;
	skb_reserve(buff, MAX_TCP_HEADER);
	to = skb_shinfo(buff);
	if (nlinear) {
		kv_memcpy(skb_put(buff, nlinear), skb_data(skb) + len, nlinear);
		skb->tail -= nlinear;
	}
	for (int i = 0; i < from->nr_frags; i++) {
		struct skb_frag *f = &from->frags[i];
		u32 size = f->size;

		if (pos + size <= len) {
			from->frags[k++] = *f;
		} else if (pos >= len) {
			to->frags[to->nr_frags++] = *f;
		} else {
			/* A fragment across the cut: both keep a part. */
			to->frags[to->nr_frags] = *f;
			to->frags[to->nr_frags].page_offset += len - pos;
			to->frags[to->nr_frags].size = pos + size - len;
			to->nr_frags++;
			get_page(f->page);
			f->size = len - pos;
			from->frags[k++] = *f;
		}
		pos += size;
	}
	from->nr_frags = (u8)k;
	{
		/* The fragment bytes that moved (the linear ones were
		 * copied into buff's head above). */
		u32 nfrag = skb->len - len - nlinear;

		buff->len += nfrag;
		buff->data_len = nfrag;
		skb->data_len -= nfrag;
		skb->len = len;
		buff->truesize += nfrag;
		skb->truesize -= nfrag;
	}
	buff->sk = sk;
	buff->ip_summed = skb->ip_summed;
	buff->seq = skb->seq + len;
	buff->end_seq = skb->end_seq;
	skb->end_seq = buff->seq;
	buff->tcp_flags = skb->tcp_flags;
	skb->tcp_flags &= (u8)~TCPHDR_PSH;
	list_add(&buff->list, &skb->list);
	tcp_skb_pcount_set(skb, mss_now);
	tcp_skb_pcount_set(buff, mss_now);
	return 0;
}

/* TSQ: the destructor of a transmitted clone (tcp_wfree). */
static struct list_head tsq_list;

/*
 * tcp_wfree - the clone's truesize leaves its own socket's sk_wmem_alloc
 * (skb->sk: after a close and a new connect, net_socket() is another
 * socket).  A closed socket is not queued for TSQ, and its last clone
 * frees it (sock_wfree -> __sk_free).
 */
void tcp_wfree(struct sk_buff *skb)
{
	struct sock *sk = skb->sk;

	if (!sk)
		return;
	charge(CODE_tcp_wfree);
	BUG_ON(sk->sk_wmem_alloc < skb->truesize);
	sk->sk_wmem_alloc -= skb->truesize;
	skb->sk = NULL;
	if (sk->dead) {
		if (!sk->sk_wmem_alloc)
			__sk_free(sk);
		return;
	}
	if (sk->tsq_throttled && !sk->tsq_queued) {
		sk->tsq_throttled = false;
		sk->tsq_queued = true;
		list_add_tail(&sk->tsq_node, &tsq_list);
		raise_softirq(TASKLET_SOFTIRQ);
	}
}

void tcp_tsq_forget(struct sock *sk)
{
	if (sk->tsq_queued) {
		list_del(&sk->tsq_node);
		sk->tsq_queued = false;
	}
}

/* The TSQ tasklet: send what TSQ or autocorking held back. */
static void tcp_tasklet_func(void)
{
	CC_SCOPE(tcp_wfree);

	while (!list_empty(&tsq_list)) {
		struct sock *sk = list_first_entry(&tsq_list, struct sock,
						   tsq_node);

		list_del(&sk->tsq_node);
		sk->tsq_queued = false;
		/* Owned by the writer: tcp_release_cb would run it at
		 * release_sock; the writer's own push covers it here. */
		if (!sk->owned)
			tcp_write_xmit(sk, sk->mss_cache, 0, false);
	}
}

void tcp_tasklet_init(void)
{
	INIT_LIST_HEAD(&tsq_list);
	open_softirq(TASKLET_SOFTIRQ, tcp_tasklet_func);
}

/* The 32-byte header: ports, sequence, ACK, flags, window, timestamps. */
static void tcp_build_header(struct sock *sk, struct sk_buff *skb, u8 *th,
			     u32 seq)
{
	memset(th, 0, TCP_HDR_LEN);
	put_be16(th, sk->sport);
	put_be16(th + 2, sk->dport);
	put_be32(th + 4, seq);
	put_be32(th + 8, sk->rcv_nxt);
	th[12] = (TCP_HDR_LEN / 4) << 4;
	th[13] = skb->tcp_flags;
	put_be16(th + 14, (u16)MIN(sk->rcv_wnd, 0xffffu));
	/* NOP, NOP, TIMESTAMP (kind 8, length 10): tsval, tsecr. */
	th[20] = 1;
	th[21] = 1;
	th[22] = 8;
	th[23] = 10;
	put_be32(th + 24, sk->tsval);
	put_be32(th + 28, 0);
}

/*
 * tcp_transmit_skb: clone, header, tcp_v4_send_check, ip_queue_xmit.  The
 * clone is what goes down; the original stays queued until acknowledged.
 * If an earlier clone still holds the data (a retransmission before the
 * device freed the last transmission), the header would be written into
 * a buffer the NIC may yet read: 3.14 takes a pskb_copy there instead.
 */
static int tcp_transmit_skb(struct sock *sk, struct sk_buff *skb)
{
	CC_SCOPE(tcp_transmit_skb);
	struct sk_buff *c;
	u8 th[TCP_HDR_LEN];
	u32 len;

	charge(CODE_tcp_transmit_skb);
	c = skb_cloned(skb) ? pskb_copy(skb, GFP_ATOMIC) :
			      skb_clone(skb, GFP_ATOMIC);
	if (!c)
		return -1;
	c->sk = sk;
	c->destructor = tcp_wfree;
	sk->sk_wmem_alloc += c->truesize;
	tcp_build_header(sk, c, th, skb->seq);
	len = c->len + TCP_HDR_LEN;
	if (c->ip_summed == CHECKSUM_PARTIAL) {
		/* The pseudo-header sum; the device adds the rest. */
		put_be16(th + 16, (u16)~csum_fold(csum_tcpudp_nofold(
					  sk->saddr, sk->daddr, len, 6, 0)));
	} else {
		/* CHECKSUM_NONE: header + the payload sum from the copy. */
		u32 sum = csum_partial(th, TCP_HDR_LEN, 0);

		sum = csum_block_add(sum, c->csum, TCP_HDR_LEN);
		put_be16(th + 16, csum_fold(csum_tcpudp_nofold(
					  sk->saddr, sk->daddr, len, 6, sum)));
	}
	kv_write(skb_push(c, TCP_HDR_LEN), th, TCP_HDR_LEN);
	c->transport_header = (u16)c->data;
	sk->segs_out += skb->pcount;
	sk->skbs_out++;
	return ip_queue_xmit(sk, c);
}

static void tcp_event_new_data_sent(struct sock *sk, struct sk_buff *skb)
{
	sk->send_head = tcp_write_queue_next(sk, skb);
	sk->snd_nxt = skb->end_seq;
	sk->packets_out += skb->pcount;
}

bool tcp_write_xmit(struct sock *sk, u32 mss_now, int nonagle, bool push_one)
{
	struct sk_buff *skb;
	u32 sent = 0;

	/* tcp_push_pending_frames' inline test: nothing queued, no call. */
	if (!sk->send_head)
		return false;
	CC_SCOPE(tcp_write_xmit);
	while ((skb = sk->send_head)) {
		u32 tso_segs, cwnd_quota, limit;

		tso_segs = tcp_skb_pcount_set(skb, mss_now);
		cwnd_quota = tcp_cwnd_test(sk);
		if (!cwnd_quota)
			break;
		if (!tcp_snd_wnd_test(sk, skb, mss_now))
			break;
		if (tso_segs == 1) {
			if (!tcp_nagle_test(sk, skb, mss_now,
					    tcp_write_queue_next(sk, skb) ?
						    TCP_NAGLE_PUSH :
						    nonagle))
				break;
		} else if (!push_one && tcp_tso_should_defer(sk, skb)) {
			break;
		}
		/* TCP Small Queues: bytes below TCP, in qdisc and NIC. */
		limit = (u32)MAX(SYSCTL_TCP_LIMIT_OUTPUT_BYTES,
				 sk->sk_pacing_rate >> 10);
		if (sk->sk_wmem_alloc > limit) {
			sk->tsq_throttled = true;
			break;
		}
		charge(CODE_tcp_write_xmit);
		limit = mss_now;
		if (tso_segs > 1)
			limit = tcp_mss_split_point(
				sk, skb, mss_now,
				MIN(cwnd_quota, (u32)sk->sk_gso_max_segs),
				nonagle);
		if (skb->len > limit && tso_fragment(sk, skb, limit, mss_now))
			break;
		if (tcp_transmit_skb(sk, skb))
			break;
		tcp_event_new_data_sent(sk, skb);
		if (skb->len < mss_now)
			sk->snd_sml = skb->end_seq;	/* tcp_minshall_update */
		sent += skb->pcount;
		if (push_one)
			break;
	}
	return sent == 0 && sk->packets_out == 0 && sk->send_head;
}

void __tcp_push_pending_frames(struct sock *sk, u32 cur_mss, int nonagle)
{
	if (!sk->send_head)
		return;
	tcp_write_xmit(sk, cur_mss, nonagle, false);
}
