// SPDX-License-Identifier: GPL-2.0-only
/*
 * Sending queued data (net/ipv4/tcp_output.c, 3.16): tcp_write_xmit's
 * tests (congestion window, receive window, Nagle, TSO deferral, TCP
 * Small Queues), splitting an skb that is larger than they allow
 * (tso_fragment, tcp_fragment), and tcp_transmit_skb, which clones the
 * skb, writes the TCP header into its headroom and hands the clone to IP.
 * TSQ's tasklet resumes sending when a transmitted clone is freed.  The
 * retransmissions and the loss probe are tcp_retrans.c.
 */
#include "net/sock.h"

#include <string.h>

#include "arch/dma-coherent.h"
#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "config/settings.h"
#include "kernel/irq.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "net/checksum.h"
#include "net/ip.h"
#include "net/net.h"
#include "net/sock_touch.h"

/*
 * jiffies as the kernel counts them: from INITIAL_JIFFIES, five minutes
 * before the 32-bit wrap (include/linux/jiffies.h), so that no time read
 * in the first minutes is 0 -- which TCP takes for "never"
 * (retrans_stamp, tsecr, CUBIC's epoch_start).
 */
#define INITIAL_JIFFIES ((u32)(-300 * (s32)settings_hz(config)))

u32 tcp_time_stamp(void)
{
	return (u32)(this_cpu()->cycles / (machine->cfg.cpu_hz / settings_hz(config))) +
	       INITIAL_JIFFIES;
}

u64 tcp_jiffies_to_cycles(u32 j)
{
	return (u64)(u32)(j - INITIAL_JIFFIES) * (machine->cfg.cpu_hz / settings_hz(config));
}

long tcp_mstamp_us_delta(u64 now, u64 then)
{
	return (long)((now - then) * 1000000ull / machine->cfg.cpu_hz);
}

bool tcp_usec_rtt(void)
{
	return settings_kernel_version(config) >= KERNEL_VERSION(3, 15, 0);
}

u64 skb_mstamp_get(void)
{
	/*
	 * 3.15 on: local_clock() (sched_clock: on the Kirkwood
	 * orion_read_sched_clock, a read of the timer's register) divided
	 * down to microseconds (time-orion.c, include/linux/skbuff.h).
	 * 3.14 stamped with jiffies, which cost nothing.
	 */
	if (tcp_usec_rtt()) {
		charge(CODE_skb_mstamp_get);
		readl_charge();
	}
	return this_cpu()->cycles ? this_cpu()->cycles : 1;
}

/*
 * tcp_update_pacing_rate: 200 % of mss * cwnd / srtt.  3.15 on (srtt in
 * microseconds): rate = mss * 2 * (USEC_PER_SEC << 3) * cwnd / srtt_us.
 * 3.14 (srtt in jiffies << 3): a LAN's srtt is under its
 * 1.25-jiffy threshold, so srtt = 1 jiffy << 3 and it divides by 1.
 */
void tcp_update_pacing_rate(struct sock *sk)
{
	u64 rate;

	/* mss_cache and srtt_us share a line on 3.x; snd_cwnd,
	 * packets_out; sk_pacing_rate stored. */
	sk_touch2(sk, TPF_mss_cache, TPF_rtt, false);
	sk_touch(sk, TPF_snd_cwnd, false);
	sk_touch(sk, TPF_packets_out, false);
	sk_touch(sk, SKF_pacing_rate, true);
	if (!tcp_usec_rtt()) {
		rate = (u64)sk->mss_cache * 2 * (settings_hz(config) << 3);
		sk->sk_pacing_rate = rate * MAX(sk->snd_cwnd, sk->packets_out);
		return;
	}
	rate = (u64)sk->mss_cache * 2 * (1000000ull << 3);
	rate *= MAX(sk->snd_cwnd, sk->packets_out);
	if (sk->srtt_us)
		rate /= sk->srtt_us;
	/* sk_max_pacing_rate is ~0U. */
	sk->sk_pacing_rate = MIN(rate, 0xffffffffull);
}

/* tcp_set_skb_tso_segs */
void tcp_set_skb_tso_segs(struct sk_buff *skb, u32 mss_now)
{
	u16 segs = (u16)((skb->len + mss_now - 1) / mss_now);

	if (skb->len <= mss_now || skb->ip_summed == CHECKSUM_NONE)
		segs = 1;
	skb->pcount = segs;
	skb_shinfo(skb)->gso_segs = segs > 1 ? segs : 0;
	skb_shinfo(skb)->gso_size = segs > 1 ? (u16)mss_now : 0;
}

/* tcp_init_tso_segs */
static u16 tcp_init_tso_segs(struct sk_buff *skb, u32 mss_now)
{
	if (!skb->pcount ||
	    (skb->pcount > 1 && skb_shinfo(skb)->gso_size != mss_now))
		tcp_set_skb_tso_segs(skb, mss_now);
	return skb->pcount;
}

static u32 tcp_cwnd_test(const struct sock *sk)
{
	u32 in_flight = tcp_packets_in_flight(sk);

	tcp_in_flight_touch(sk);
	sk_touch(sk, TPF_snd_cwnd, false);
	return in_flight < sk->snd_cwnd ? sk->snd_cwnd - in_flight : 0;
}

static bool tcp_snd_wnd_test(const struct sock *sk, const struct sk_buff *skb,
			     u32 cur_mss)
{
	u32 end_seq = skb->end_seq;

	tcp_wnd_end_touch(sk);
	if (skb->len > cur_mss)
		end_seq = skb->seq + cur_mss;
	return !after(end_seq, tcp_wnd_end(sk));
}

/* Minshall's variant of Nagle: is a small segment still unacknowledged? */
static bool tcp_nagle_check(bool partial, const struct sock *sk, int nonagle)
{
	if (partial && !nonagle) {
		sk_touch(sk, TPF_packets_out, false);
		sk_touch(sk, TPF_snd_sml, false);
		sk_touch(sk, TPF_snd_una, false);
	}
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

/*
 * tcp_tso_should_defer (3.16): wait for a fuller window rather than send
 * a small TSO frame -- not in a recovery state, not past two ticks, not
 * when a full-sized frame or a third of the window fits
 * (sysctl_tcp_tso_win_divisor 3).  Sets *@is_cwnd_limited when cwnd is
 * what holds it back.
 */
static bool tcp_tso_should_defer(struct sock *sk, struct sk_buff *skb,
				 bool *is_cwnd_limited)
{
	u32 in_flight, send_win, cong_win, limit, chunk, now;

	sk_touch(sk, ICF_state, false);
	if (sk->ca_state != TCP_CA_Open)
		goto send_now;
	now = tcp_time_stamp();
	sk_touch(sk, TPF_tso_deferred, false);
	if (sk->tso_deferred &&
	    ((now << 1) >> 1) - (sk->tso_deferred >> 1) > 1)
		goto send_now;
	in_flight = tcp_packets_in_flight(sk);
	tcp_in_flight_touch(sk);
	sk_touch(sk, TPF_snd_cwnd, false);
	BUG_ON(skb->pcount <= 1 || sk->snd_cwnd <= in_flight);
	tcp_wnd_end_touch(sk);
	send_win = tcp_wnd_end(sk) - skb->seq;
	sk_touch(sk, TPF_mss_cache, false);
	cong_win = (sk->snd_cwnd - in_flight) * sk->mss_cache;
	limit = MIN(send_win, cong_win);
	sk_touch(sk, SKF_gso_max_size, false);
	sk_touch(sk, TPF_size_goal_segs, false);
	if (limit >= MIN(sk->sk_gso_max_size,
			 (u32)sk->xmit_size_goal_segs * sk->mss_cache))
		goto send_now;
	sk_touch(sk, SKF_write_queue, false);
	if (skb != tcp_write_queue_tail(sk) && limit >= skb->len)
		goto send_now;
	chunk = MIN(sk->snd_wnd, sk->snd_cwnd * sk->mss_cache) / 3;
	if (limit >= chunk)
		goto send_now;
	if (!sk->tso_deferred) {
		sk->tso_deferred = 1 | (now << 1);
		sk_touch(sk, TPF_tso_deferred, true);
	}
	if (cong_win < send_win && cong_win < skb->len)
		*is_cwnd_limited = true;
	return true;
send_now:
	sk->tso_deferred = 0;
	sk_touch(sk, TPF_tso_deferred, true);
	return false;
}

static u32 tcp_mss_split_point(struct sock *sk, struct sk_buff *skb,
			       u32 mss_now, u32 max_segs, int nonagle)
{
	u32 window = tcp_wnd_end(sk) - skb->seq;
	u32 max_len = mss_now * max_segs, needed, partial;

	tcp_wnd_end_touch(sk);
	sk_touch(sk, SKF_write_queue, false);
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

/* tcp_adjust_fackets_out, tcp_adjust_pcount: @skb's pcount fell by
 * @decr; the scoreboard's counts of what it stands for follow. */
void tcp_adjust_pcount(struct sock *sk, const struct sk_buff *skb, int decr)
{
	sk_touch_rmw(sk, TPF_packets_out);
	sk_touch(sk, TPF_left_out, false);
	sk->packets_out -= (u32)decr;
	if (skb->sacked & TCPCB_SACKED_ACKED)
		sk->sacked_out -= (u32)decr;
	if (skb->sacked & TCPCB_SACKED_RETRANS)
		sk->retrans_out -= (u32)decr;
	if (skb->sacked & TCPCB_LOST)
		sk->lost_out -= (u32)decr;
	if (sk->sacked_out && after(tcp_highest_sack_seq(sk), skb->seq))
		sk->fackets_out -= (u32)decr;
	BUG_ON(tcp_left_out(sk) > sk->packets_out);
}

/*
 * tcp_fragment (and tso_fragment, its all-paged case): cut @skb after
 * @len bytes; the tail goes into a new skb queued after it.  A cloned skb
 * is uncloned first (skb_unclone: its transmitted clone may still be in
 * the driver).  Fragments are split by reference (a fragment cut in two
 * takes another page reference); linear bytes past @len are copied
 * (skb_split_inside_header).  The new skb takes the scoreboard bits and
 * the transmit times; if @skb was sent, the counts follow the new
 * pcounts.  Return: 0, or -ENOMEM.
 */
int tcp_fragment(struct sock *sk, struct sk_buff *skb, u32 len, u32 mss_now,
		 gfp_t gfp)
{
	u32 hl = skb_headlen(skb);
	u32 nlinear = len < hl ? hl - len : 0;
	struct skb_shared_info *from = skb_shinfo(skb), *to;
	struct sk_buff *buff;
	u32 pos = hl, old_factor;
	int k = 0;

	BUG_ON(len > skb->len);
	if (skb_cloned(skb) && pskb_expand_head(skb, 0, 0, gfp))
		return -ENOMEM;
	from = skb_shinfo(skb);
	/* sk_stream_alloc_skb: max_header, sk_wmem_schedule. */
	sk_touch(sk, SKF_prot, false);
	buff = alloc_skb_fclone(nlinear + MAX_TCP_HEADER, gfp);
	if (!buff)
		return -ENOMEM;
	sk_touch(sk, SKF_forward_alloc, false);
	sk->tso_fragments++;
	/* The new skb's own overhead; the bytes moved were counted
	 * (sk_wmem_queued, sk_mem_charge). */
	sk->sk_wmem_queued += buff->truesize;
	sk_touch_rmw(sk, SKF_wmem_queued);
	sk_touch_rmw(sk, SKF_forward_alloc);
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
	skb->tcp_flags &= (u8)~(TCPHDR_PSH | TCPHDR_FIN);
	buff->sacked = skb->sacked;
	buff->when = skb->when;
	buff->skb_mstamp = skb->skb_mstamp;
	buff->ack_seq = skb->ack_seq;
	/* tcp_insert_write_queue_after: the queue's qlen. */
	list_add(&buff->list, &skb->list);
	sk_touch_rmw(sk, SKF_write_queue);
	old_factor = skb->pcount;
	tcp_set_skb_tso_segs(skb, mss_now);
	tcp_set_skb_tso_segs(buff, mss_now);
	/* Sent already: the counters follow the new pcounts. */
	sk_touch(sk, TPF_snd_nxt, false);
	if (!before(sk->snd_nxt, buff->end_seq)) {
		int diff = (int)old_factor - skb->pcount - buff->pcount;

		if (diff)
			tcp_adjust_pcount(sk, skb, diff);
	}
	return 0;
}

/* TSQ: the destructor of a transmitted clone (tcp_wfree). */
static struct list_head tsq_list;

/*
 * tcp_wfree - the clone's truesize leaves its own socket's sk_wmem_alloc
 * (skb->sk: after a close and a new connect, net_socket() is another
 * socket).  A closed socket is not queued for TSQ, and its last clone
 * frees it (sock_wfree -> __sk_free).  3.16 (tcp_output.c):
 * test_and_clear_bit(TSQ_THROTTLED, &tp->tsq_flags); if it was set and
 * TSQ_QUEUED was not (test_and_set_bit), sk_wmem_alloc less all but one
 * (the tasklet's reference) and tsq_node onto the tasklet's list; else
 * sock_wfree: SOCK_USE_WRITE_QUEUE in sk_flags, sk_wmem_alloc less the
 * truesize.
 */
void tcp_wfree(struct sk_buff *skb)
{
	struct sock *sk = skb->sk;
	bool queue;

	if (!sk)
		return;
	charge(CODE_tcp_wfree);
	BUG_ON(sk->sk_wmem_alloc < skb->truesize);
	sk->sk_wmem_alloc -= skb->truesize;
	skb->sk = NULL;
	queue = !sk->dead && sk->tsq_throttled && !sk->tsq_queued;
	sk_touch_rmw(sk, SKF_tsq_flags);
	if (sk->tsq_throttled && !sk->dead)
		sk_touch_rmw(sk, SKF_tsq_flags);
	if (!queue)
		sk_touch2(sk, SKF_flags, SKF_wmem_alloc, false);
	else
		sk_touch(sk, SKF_wmem_alloc, false);
	sk_touch(sk, SKF_wmem_alloc, true);
	if (sk->dead) {
		if (!sk->sk_wmem_alloc)
			__sk_free(sk);
		return;
	}
	if (queue) {
		sk->tsq_throttled = false;
		sk->tsq_queued = true;
		list_add_tail(&sk->tsq_node, &tsq_list);
		sk_touch(sk, TPF_tsq_node, true);
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

/*
 * The TSQ tasklet: send what TSQ or autocorking held back.  3.16's
 * tcp_tasklet_func: tsq_node off the list, bh_lock_sock (the slock),
 * sock_owned_by_user, tcp_tsq_handler (sk_state; tcp_current_mss's
 * fields) or TCP_TSQ_DEFERRED set, bh_unlock_sock, TSQ_QUEUED cleared,
 * sk_free's sk_wmem_alloc reference dropped.
 */
static void tcp_tasklet_func(void)
{
	CC_SCOPE(tcp_wfree);

	while (!list_empty(&tsq_list)) {
		struct sock *sk = list_first_entry(&tsq_list, struct sock,
						   tsq_node);

		list_del(&sk->tsq_node);
		sk_touch(sk, TPF_tsq_node, false);
		sk->tsq_queued = false;
		sk_touch_rmw(sk, SKF_slock);
		sk_touch(sk, SKF_owned, false);
		/* Owned by the writer: tcp_release_cb would run it at
		 * release_sock; the writer's own push covers it here. */
		if (!sk->owned) {
			sk_touch(sk, SKF_state, false);
			tcp_current_mss_touch(sk);
			tcp_write_xmit(sk, sk->mss_cache, sk->nonagle, 0);
		} else {
			sk_touch_rmw(sk, SKF_tsq_flags);
		}
		sk_touch(sk, SKF_slock, true);
		sk_touch_rmw(sk, SKF_tsq_flags);
		sk_touch_rmw(sk, SKF_wmem_alloc);
	}
}

void tcp_tasklet_init(void)
{
	INIT_LIST_HEAD(&tsq_list);
	open_softirq(TASKLET_SOFTIRQ, tcp_tasklet_func);
}

/* The 32-byte header: ports, sequence, ACK, flags, window, timestamps
 * (tsval: tcp_time_stamp, jiffies; tsecr: the peer's last, not kept). */
static void tcp_build_header(struct sock *sk, struct sk_buff *skb, u8 *th,
			     u32 seq)
{
	/* inet_sport, inet_dport, rcv_nxt; tcp_select_window (rcv_wnd
	 * and rcv_wup read, written back); tcp_options_write's ts_recent
	 * (rx_opt, read by tcp_established_options). */
	sk_touch(sk, INF_sport, false);
	sk_touch(sk, SKF_dport, false);
	sk_touch(sk, TPF_rcv_nxt, false);
	sk_touch_rmw(sk, TPF_rcv_wnd);
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
	put_be32(th + 24, tcp_time_stamp());
	put_be32(th + 28, 0);
}

/*
 * tcp_transmit_skb: stamp, clone, header, tcp_v4_send_check,
 * ip_queue_xmit.  The clone is what goes down; the original stays queued
 * until acknowledged.  If an earlier clone still holds the data (a
 * retransmission before the device freed the last transmission), the
 * header would be written into a buffer the NIC may yet read: 3.16 takes
 * a pskb_copy there instead.  A qdisc that drops it is local congestion
 * (tcp_enter_cwr).  Return: 0, or the error.
 */
int tcp_transmit_skb(struct sock *sk, struct sk_buff *skb)
{
	CC_SCOPE(tcp_transmit_skb);
	struct sk_buff *c;
	u8 th[TCP_HDR_LEN];
	u32 len;
	int err;

	charge(CODE_tcp_transmit_skb);
	skb->skb_mstamp = skb_mstamp_get();
	c = skb_cloned(skb) ? pskb_copy(skb, GFP_ATOMIC) :
			      skb_clone(skb, GFP_ATOMIC);
	if (!c)
		return -1;
	/* tcp_established_options: rx_opt; tcp_packets_in_flight() == 0:
	 * tcp_ca_event through icsk_ca_ops; sk_wmem_alloc_get for
	 * ooo_okay, then atomic_add of the clone's truesize (below). */
	sk_touch(sk, TPF_rx_opt, false);
	tcp_in_flight_touch(sk);
	if (!tcp_packets_in_flight(sk))
		sk_touch(sk, ICF_ca_ops, false);
	c->sk = sk;
	c->destructor = tcp_wfree;
	sk->sk_wmem_alloc += c->truesize;
	sk_touch_rmw(sk, SKF_wmem_alloc);
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
	/* icsk_af_ops->send_check: tcp_v4_send_check's inet_saddr and
	 * inet_daddr (the sum above; inet_daddr shares inet_dport's line). */
	sk_touch(sk, ICF_af_ops, false);
	sk_touch(sk, INF_saddr, false);
	kv_write(skb_push(c, TCP_HDR_LEN), th, TCP_HDR_LEN);
	c->transport_header = (u16)c->data;
	/* tcp_event_ack_sent: tcp_dec_quickack_mode and
	 * inet_csk_clear_xmit_timer(ICSK_TIME_DACK) on icsk_ack;
	 * tcp_event_data_sent: __sk_dst_get, packets_out (the idle
	 * restart's test: loaded above), lsndtime stored, icsk_ack's
	 * lrcvtime and ato; then icsk_af_ops->queue_xmit (loaded above). */
	sk_touch_rmw(sk, ICF_ack);
	sk_touch(sk, SKF_dst_cache, false);
	if (!sk->packets_out) {
		sk_touch(sk, TPF_lsndtime, false);
		sk_touch(sk, ICF_rto, false);
	}
	sk_touch(sk, TPF_lsndtime, true);
	sk->segs_out += skb->pcount;
	sk->skbs_out++;
	err = ip_queue_xmit(sk, c);
	if (err > 0)
		tcp_enter_cwr(sk, true);
	return err;
}

/*
 * tcp_event_new_data_sent (3.16): packets_out; tcp_advance_send_head
 * (tcp_skb_is_last: the queue; sk_send_head stored); snd_nxt stored;
 * packets_out stored; icsk_pending.
 */
static void tcp_event_new_data_sent(struct sock *sk, struct sk_buff *skb)
{
	u32 prior_packets = sk->packets_out;

	sk_touch(sk, TPF_packets_out, false);
	sk_touch(sk, SKF_write_queue, false);
	sk->send_head = tcp_write_queue_next(sk, skb);
	sk_touch(sk, SKF_send_head, true);
	sk->snd_nxt = skb->end_seq;
	sk_touch(sk, TPF_snd_nxt, true);
	sk->packets_out += skb->pcount;
	sk_touch(sk, TPF_packets_out, true);
	sk_touch(sk, ICF_state, false);
	if (!prior_packets || sk->icsk_pending == ICSK_TIME_EARLY_RETRANS ||
	    sk->icsk_pending == ICSK_TIME_LOSS_PROBE)
		tcp_rearm_rto(sk);
}

/*
 * tcp_cwnd_validate (3.16): the most packets out in each window and
 * whether cwnd limited it then (tcp_is_cwnd_limited reads them); the
 * application-limited decay after an idle RTO is not modelled (the
 * sender is never idle that long in a run).
 */
static void tcp_cwnd_validate(struct sock *sk, bool is_cwnd_limited)
{
	/* snd_una, packets_out (max_packets_* and is_cwnd_limited share
	 * their lines); tcp_is_cwnd_limited's snd_cwnd and ssthresh;
	 * snd_cwnd_used and snd_cwnd_stamp stored (one line, loaded with
	 * snd_cwnd). */
	sk_touch(sk, TPF_snd_una, false);
	sk_touch(sk, TPF_packets_out, false);
	sk_touch2(sk, TPF_snd_ssthresh, TPF_snd_cwnd, false);
	sk_touch(sk, TPF_snd_cwnd_stamp, true);
	if (!before(sk->snd_una, sk->max_packets_seq) ||
	    sk->packets_out > sk->max_packets_out) {
		sk->max_packets_out = sk->packets_out;
		sk->max_packets_seq = sk->snd_nxt;
		sk->is_cwnd_limited = is_cwnd_limited;
	}
	if (tcp_is_cwnd_limited(sk)) {
		sk->snd_cwnd_used = 0;
		sk->snd_cwnd_stamp = tcp_time_stamp();
	} else if (sk->packets_out > sk->snd_cwnd_used) {
		sk->snd_cwnd_used = sk->packets_out;
	}
}

/*
 * tcp_write_xmit: send what the windows allow.  @push_one: 1 for one skb
 * (tcp_push_one), 2 for a loss probe (past cwnd, one skb).  Return: true
 * if nothing went out though nothing is in flight (a probe is due).
 */
bool tcp_write_xmit(struct sock *sk, u32 mss_now, int nonagle, int push_one)
{
	bool is_cwnd_limited = false;
	struct sk_buff *skb;
	u32 sent = 0;

	/* tcp_push_pending_frames' inline test: nothing queued, no call. */
	sk_touch(sk, SKF_send_head, false);
	if (!sk->send_head)
		return false;
	CC_SCOPE(tcp_write_xmit);
	for (;;) {
		u32 tso_segs, cwnd_quota, limit;

		/* while ((skb = tcp_send_head(sk))) */
		sk_touch(sk, SKF_send_head, false);
		skb = sk->send_head;
		if (!skb)
			break;

		tso_segs = tcp_init_tso_segs(skb, mss_now);
		/* tp->repair */
		sk_touch(sk, TPF_nonagle, false);
		cwnd_quota = tcp_cwnd_test(sk);
		if (!cwnd_quota) {
			is_cwnd_limited = true;
			if (push_one == 2)
				cwnd_quota = 1; /* force a loss probe out */
			else
				break;
		}
		if (!tcp_snd_wnd_test(sk, skb, mss_now))
			break;
		if (tso_segs == 1) {
			/* tcp_skb_is_last */
			sk_touch(sk, SKF_write_queue, false);
			if (!tcp_nagle_test(sk, skb, mss_now,
					    tcp_write_queue_next(sk, skb) ?
						    TCP_NAGLE_PUSH :
						    nonagle))
				break;
		} else if (!push_one &&
			   tcp_tso_should_defer(sk, skb, &is_cwnd_limited)) {
			break;
		}
		/* TCP Small Queues: bytes below TCP, in qdisc and NIC
		 * (TSQ_THROTTLED set, sk_wmem_alloc read again). */
		sk_touch2(sk, SKF_pacing_rate, SKF_wmem_alloc, false);
		limit = (u32)MAX(SYSCTL_TCP_LIMIT_OUTPUT_BYTES,
				 sk->sk_pacing_rate >> 10);
		if (sk->sk_wmem_alloc > limit) {
			sk->tsq_throttled = true;
			sk_touch_rmw(sk, SKF_tsq_flags);
			sk_touch(sk, SKF_wmem_alloc, false);
			break;
		}
		charge(CODE_tcp_write_xmit);
		limit = mss_now;
		if (tso_segs > 1)
			sk_touch(sk, SKF_gso_max_segs, false);
		if (tso_segs > 1)
			limit = tcp_mss_split_point(
				sk, skb, mss_now,
				MIN(cwnd_quota, (u32)sk->sk_gso_max_segs),
				nonagle);
		if (skb->len > limit &&
		    tcp_fragment(sk, skb, limit, mss_now, GFP_ATOMIC))
			break;
		skb->when = tcp_time_stamp();
		if (tcp_transmit_skb(sk, skb))
			break;
		tcp_event_new_data_sent(sk, skb);
		if (skb->len < mss_now) {
			sk->snd_sml = skb->end_seq;	/* tcp_minshall_update */
			sk_touch(sk, TPF_snd_sml, true);
		}
		sent += skb->pcount;
		if (push_one)
			break;
	}
	if (sent) {
		sk_touch(sk, ICF_state, false);
		if (tcp_in_cwnd_reduction(sk))
			sk->prr_out += sent;
		/* One loss probe per tail loss episode. */
		if (push_one != 2)
			tcp_schedule_loss_probe(sk);
		tcp_cwnd_validate(sk, is_cwnd_limited);
		return false;
	}
	if (push_one == 2)
		return true;
	sk_touch(sk, TPF_packets_out, false);
	if (sk->packets_out)
		return false;
	sk_touch(sk, SKF_send_head, false);
	return sk->send_head != NULL;
}

/* __tcp_push_pending_frames: not if sk_state is TCP_CLOSE. */
void __tcp_push_pending_frames(struct sock *sk, u32 cur_mss, int nonagle)
{
	sk_touch(sk, SKF_send_head, false);
	if (!sk->send_head)
		return;
	sk_touch(sk, SKF_state, false);
	tcp_write_xmit(sk, cur_mss, nonagle, 0);
}

/* tcp_may_send_now: would tcp_write_xmit send the head now? */
bool tcp_may_send_now(struct sock *sk)
{
	struct sk_buff *skb = sk->send_head;

	return skb && tcp_cwnd_test(sk) &&
	       tcp_snd_wnd_test(sk, skb, sk->mss_cache) &&
	       (tcp_init_tso_segs(skb, sk->mss_cache) > 1 ||
		tcp_nagle_test(sk, skb, sk->mss_cache,
			       tcp_write_queue_next(sk, skb) ? TCP_NAGLE_PUSH :
							       sk->nonagle));
}

