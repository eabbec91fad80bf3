// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sender's receive path (net/ipv4/tcp_ipv4.c, tcp_input.c, 3.14):
 * tcp_v4_rcv finds the socket (or queues to its backlog while a process
 * owns it), tcp_ack takes the window and the acknowledged data, frees
 * fully acknowledged skbs and trims a partly acknowledged one, grows the
 * congestion window and the send buffer, wakes a writer and sends more.
 */
#include "net/sock.h"

#include "arch/kv.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "net/checksum.h"
#include "net/net.h"
#include "net/netdevice.h"

/* tcp_is_cwnd_limited (3.14): is the window what holds us back? */
static bool tcp_is_cwnd_limited(const struct sock *sk, u32 in_flight)
{
	u32 left;

	if (in_flight >= sk->snd_cwnd)
		return true;
	left = sk->snd_cwnd - in_flight;
	if ((sk->sk_route_caps & NETIF_F_GSO_SOFTWARE) && left * 3 < sk->snd_cwnd &&
	    left * sk->mss_cache < sk->sk_gso_max_size &&
	    left < sk->xmit_size_goal_segs)
		return true;
	return left <= 3;	/* tcp_max_tso_deferred_mss */
}

/* tcp_sndbuf_expand: room for two windows of full-size skbs. */
static void tcp_sndbuf_expand(struct sock *sk)
{
	u32 per_mss = sk->mss_cache + MAX_TCP_HEADER + SKB_SHINFO_SIZE;
	u32 demanded = MAX(sk->snd_cwnd, 3u + 1);
	u64 sndmem;

	per_mss = (1u << (32 - __builtin_clz(per_mss - 1))) + SKB_STRUCT_SIZE;
	sndmem = 2ull * demanded * per_mss;
	if (sk->sk_sndbuf < sndmem)
		sk->sk_sndbuf = (u32)MIN(sndmem, (u64)SYSCTL_TCP_WMEM_MAX);
}

void sk_stream_write_space(struct sock *sk)
{
	/* sk_stream_wspace >= sk_stream_min_wspace: a third free. */
	if (!sk->sock_nospace ||
	    sk->sk_sndbuf - MIN(sk->sk_sndbuf, sk->sk_wmem_queued) <
		    sk->sk_wmem_queued / 2)
		return;
	charge(CODE_sk_stream_write_space);
	sk->sock_nospace = false;
	if (sk->waiter)
		wake_up_process(sk->waiter);
}

/* tcp_trim_head: drop @len acknowledged bytes from the front of @skb
 * (__pskb_trim_head: linear bytes, then whole fragments). */
static void tcp_trim_head(struct sock *sk, struct sk_buff *skb, u32 len)
{
	struct skb_shared_info *sh = skb_shinfo(skb);
	u32 hl = skb_headlen(skb), eat;
	int k = 0;

	charge(CODE_tcp_trim_head);
	/* skb_unclone: the transmitted clone may still be in the qdisc or
	 * the driver, sharing the fragments about to change. */
	if (skb_cloned(skb) && pskb_expand_head(skb, 0, 0, GFP_ATOMIC))
		return;
	if (len <= hl) {
		skb_pull(skb, len);
	} else {
		skb_pull(skb, hl);
		eat = len - hl;
		for (int i = 0; i < sh->nr_frags; i++) {
			struct skb_frag *f = &sh->frags[i];

			if (eat >= f->size) {
				eat -= f->size;
				skb_frag_unref(f);
				continue;
			}
			sh->frags[k] = *f;
			sh->frags[k].page_offset += eat;
			sh->frags[k].size -= eat;
			eat = 0;
			k++;
		}
		sh->nr_frags = (u8)k;
		skb->data_len -= len - hl;
		skb->len -= len - hl;
	}
	skb->seq += len;
	skb->truesize -= MIN(skb->truesize - SKB_TRUESIZE(0), len);
	sk->sk_wmem_queued -= MIN(sk->sk_wmem_queued, len);
	skb->pcount = (u16)((skb->len + sk->mss_cache - 1) / sk->mss_cache);
}

/* tcp_clean_rtx_queue: free what @ack covers.  Return: segments acked. */
static u32 tcp_clean_rtx_queue(struct sock *sk, u32 ack)
{
	u32 acked = 0;

	for (;;) {
		struct sk_buff *skb = tcp_write_queue_head(sk);

		if (!skb || skb == sk->send_head)
			break;
		if (after(skb->end_seq, ack)) {
			/* tcp_tso_acked: a partly acknowledged TSO skb. */
			if (skb->pcount > 1 && after(ack, skb->seq)) {
				u32 before_segs = skb->pcount;
				u32 n = ((ack - skb->seq) / sk->mss_cache) *
					sk->mss_cache;

				if (n) {
					tcp_trim_head(sk, skb, n);
					acked += before_segs - skb->pcount;
					sk->packets_out -= before_segs - skb->pcount;
				}
			}
			break;
		}
		charge(CODE_tcp_clean_rtx_queue);
		acked += skb->pcount;
		sk->packets_out -= skb->pcount;
		list_del(&skb->list);
		INIT_LIST_HEAD(&skb->list);
		sk->sk_wmem_queued -= skb->truesize;
		kfree_skb(skb);
	}
	return acked;
}

static void tcp_ack(struct sock *sk, u32 ack, u32 win)
{
	CC_SCOPE(tcp_ack);
	u32 prior_in_flight = tcp_packets_in_flight(sk), acked;

	charge(CODE_tcp_ack);
	sk->acks_received++;
	if (before(ack, sk->snd_una) || after(ack, sk->snd_nxt))
		return;
	/* tcp_ack_update_window */
	sk->snd_wnd = win << sk->snd_wscale;
	sk->max_window = MAX(sk->max_window, sk->snd_wnd);
	sk->bytes_acked += ack - sk->snd_una;
	sk->snd_una = ack;
	acked = tcp_clean_rtx_queue(sk, ack);
	/* Slow start while the window is what limits us. */
	if (acked && tcp_is_cwnd_limited(sk, prior_in_flight))
		sk->snd_cwnd = MIN(sk->snd_cwnd + acked, sk->snd_cwnd_clamp);
	tcp_update_pacing_rate(sk);
	/* tcp_check_space -> tcp_new_space (no SO_SNDBUF: autotuned) */
	if (sk->packets_out < sk->snd_cwnd)
		tcp_sndbuf_expand(sk);
	sk_stream_write_space(sk);
	/* tcp_data_snd_check */
	tcp_write_xmit(sk, sk->mss_cache, sk->nonagle, false);
}

void tcp_v4_rcv(struct sk_buff *skb)
{
	CC_SCOPE(tcp_v4_rcv);
	struct sock *sk = net_socket();
	u8 th[20];

	charge(CODE_tcp_v4_rcv);
	if (skb->len < 20)
		goto drop;
	kv_read(skb_data(skb), th, sizeof(th));
	if (!sk || get_be16(th) != sk->dport || get_be16(th + 2) != sk->sport)
		goto drop;
	if (sk->owned) {
		/* sk_add_backlog: the owner processes it at release_sock. */
		list_add_tail(&skb->list, &sk->backlog);
		return;
	}
	tcp_v4_do_rcv(sk, skb);
	return;
drop:
	kfree_skb(skb);
}

void tcp_v4_do_rcv(struct sock *sk, struct sk_buff *skb)
{
	u8 th[20];

	/* tcp_rcv_established's fast path for a pure ACK. */
	kv_read(skb_data(skb), th, sizeof(th));
	if (th[13] & TCPHDR_ACK)
		tcp_ack(sk, get_be32(th + 8), get_be16(th + 14));
	kfree_skb(skb);
}

void tcp_forget(struct sock *sk)
{
	while (!list_empty(&sk->backlog)) {
		struct sk_buff *skb =
			list_first_entry(&sk->backlog, struct sk_buff, list);

		list_del(&skb->list);
		kfree_skb(skb);
	}
}
