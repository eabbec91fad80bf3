// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sender's receive path (net/ipv4/tcp_ipv4.c, tcp_input.c, 3.16):
 * tcp_v4_rcv finds the socket (or queues to its backlog while a process
 * owns it); tcp_rcv_established takes a pure ACK by header prediction or
 * by the slow path (SACK blocks, a window change); tcp_ack takes the
 * window, the SACK blocks (tcp_recovery.c), the acknowledged data and an
 * RTT sample, grows cwnd (CUBIC) or hands a dubious ACK to the loss
 * recovery, and sends more.
 */
#include "net/sock.h"

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "net/checksum.h"
#include "net/net.h"
#include "net/netdevice.h"
#include "net/sock_touch.h"
#include "net/tcp_flags.h"

/* tcp_sndbuf_expand (3.16): room for twice max(cwnd, 10) full-size
 * skbs, each a power-of-two kmalloc head plus an sk_buff. */
void tcp_sndbuf_expand(struct sock *sk)
{
	u32 per_mss = sk->mss_cache + MAX_TCP_HEADER + SKB_SHINFO_SIZE;
	u32 nr_segs = MAX(TCP_INIT_CWND, sk->snd_cwnd);
	u64 sndmem;

	sk_touch(sk, TPF_mss_cache, false);
	sk_touch(sk, TPF_snd_cwnd, false);
	sk_touch(sk, SKF_sndbuf, false);
	nr_segs = MAX(nr_segs, sk->reordering + 1);
	per_mss = (1u << (32 - __builtin_clz(per_mss - 1))) + SKB_STRUCT_SIZE;
	sndmem = 2ull * nr_segs * per_mss;
	if (sk->sk_sndbuf < sndmem) {
		sk->sk_sndbuf = (u32)MIN(sndmem, (u64)SYSCTL_TCP_WMEM_MAX);
		sk_touch(sk, SKF_sndbuf, true);
	}
}

/*
 * sk_stream_write_space (net/core/stream.c, 3.16), called through
 * sk->sk_write_space: sk_socket; sk_stream_is_writeable (sk_sndbuf,
 * sk_wmem_queued); SOCK_NOSPACE cleared; sk_wq and wq_has_sleeper; the
 * wake-up (the wait queue's lock and the waiter's entry taken off).
 */
void sk_stream_write_space(struct sock *sk)
{
	sk_touch(sk, SKF_socket, false);
	sk_stream_memory_free_touch(sk);
	/* sk_stream_wspace >= sk_stream_min_wspace: a third free. */
	if (!sk->sock_nospace ||
	    sk->sk_sndbuf - MIN(sk->sk_sndbuf, sk->sk_wmem_queued) <
		    sk->sk_wmem_queued / 2)
		return;
	charge(CODE_sk_stream_write_space);
	sk->sock_nospace = false;
	socket_touch(sk, SOF_flags, false);
	socket_touch(sk, SOF_flags, true);
	sk_sleep_touch(sk, false);
	if (sk->waiter) {
		sk_sleep_touch(sk, true);
		wake_up_process(sk->waiter);
	}
}

/*
 * tcp_check_space -> tcp_new_space (3.16): when the queue shrank
 * (SOCK_QUEUE_SHRUNK in sk_flags, tested and cleared) and a writer waits
 * (SOCK_NOSPACE in sk_socket->flags), grow the send buffer unless cwnd
 * is full (tcp_should_expand_sndbuf: sk_userlocks, the packets in
 * flight against snd_cwnd; snd_cwnd_stamp), and wake it through
 * sk->sk_write_space.
 */
static void tcp_check_space(struct sock *sk)
{
	sk_touch(sk, SKF_flags, false);
	if (!sk->queue_shrunk)
		return;
	sk->queue_shrunk = false;
	sk_touch(sk, SKF_flags, true);
	sk_touch(sk, SKF_socket, false);
	socket_touch(sk, SOF_flags, false);
	if (!sk->sock_nospace)
		return;
	sk_touch(sk, SKF_shutdown, false);
	tcp_in_flight_touch(sk);
	sk_touch(sk, TPF_snd_cwnd, false);
	if (sk->packets_out < sk->snd_cwnd) {
		tcp_sndbuf_expand(sk);
		sk_touch(sk, TPF_snd_cwnd_stamp, true);
	}
	sk_touch(sk, SKF_write_space, false);
	sk_stream_write_space(sk);
}

/*
 * tcp_trim_head: drop @len acknowledged bytes from the front of @skb
 * (skb_unclone, __pskb_trim_head: linear bytes, then whole fragments).
 * Return: 0, or -ENOMEM when the unclone's copy cannot be had.
 */
int tcp_trim_head(struct sock *sk, struct sk_buff *skb, u32 len)
{
	struct skb_shared_info *sh;
	u32 hl, eat;
	int k = 0;

	charge(CODE_tcp_trim_head);
	/* skb_unclone: the transmitted clone may still be in the qdisc or
	 * the driver, sharing the fragments about to change. */
	if (skb_cloned(skb) && pskb_expand_head(skb, 0, 0, GFP_ATOMIC))
		return -ENOMEM;
	sh = skb_shinfo(skb);
	hl = skb_headlen(skb);
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
	skb->ip_summed = CHECKSUM_PARTIAL;
	skb->truesize -= MIN(skb->truesize - SKB_TRUESIZE(0), len);
	/* sk_wmem_queued, sk_mem_uncharge, SOCK_QUEUE_SHRUNK. */
	sk->sk_wmem_queued -= MIN(sk->sk_wmem_queued, len);
	sk_touch_rmw(sk, SKF_wmem_queued);
	sk_touch_rmw(sk, SKF_forward_alloc);
	sk_touch_rmw(sk, SKF_flags);
	sk->queue_shrunk = true;
	if (skb->pcount > 1)
		tcp_set_skb_tso_segs(skb, skb_shinfo(skb)->gso_size);
	return 0;
}

/* tcp_rtt_estimator (3.15 on, microseconds): Jacobson's smoothed RTT
 * and mean deviation, with the Eifel-like finer gain when the RTT
 * falls, rttvar held at least rto_min (200 ms) per window. */
static void tcp_rtt_estimator(struct sock *sk, long mrtt_us)
{
	long m = mrtt_us;
	u32 srtt = sk->srtt_us, rto_min_us = jiffies_to_usecs(TCP_RTO_MIN);

	/* srtt_us .. rtt_seq read and written (snd_una and snd_nxt:
	 * loaded by tcp_ack). */
	sk_touch(sk, TPF_rtt, false);
	sk_touch(sk, TPF_rtt, true);
	if (srtt) {
		m -= (long)(srtt >> 3);
		srtt += (u32)m;
		if (m < 0) {
			m = -m;
			m -= (long)(sk->mdev_us >> 2);
			if (m > 0)
				m >>= 3;
		} else {
			m -= (long)(sk->mdev_us >> 2);
		}
		sk->mdev_us += (u32)m;
		if (sk->mdev_us > sk->mdev_max_us) {
			sk->mdev_max_us = sk->mdev_us;
			if (sk->mdev_max_us > sk->rttvar_us)
				sk->rttvar_us = sk->mdev_max_us;
		}
		if (after(sk->snd_una, sk->rtt_seq)) {
			if (sk->mdev_max_us < sk->rttvar_us)
				sk->rttvar_us -=
					(sk->rttvar_us - sk->mdev_max_us) >> 2;
			sk->rtt_seq = sk->snd_nxt;
			sk->mdev_max_us = rto_min_us;
		}
	} else {
		srtt = (u32)m << 3;
		sk->mdev_us = (u32)m << 1;
		sk->rttvar_us = MAX(sk->mdev_us, rto_min_us);
		sk->mdev_max_us = sk->rttvar_us;
		sk->rtt_seq = sk->snd_nxt;
	}
	sk->srtt_us = MAX(1u, srtt);
}

/* tcp_set_rto: srtt + 4 mdev (rttvar), at most TCP_RTO_MAX. */
static void tcp_set_rto(struct sock *sk)
{
	sk_touch(sk, ICF_rto, true);
	sk->icsk_rto = usecs_to_jiffies((sk->srtt_us >> 3) + sk->rttvar_us);
	if (sk->icsk_rto > TCP_RTO_MAX)
		sk->icsk_rto = TCP_RTO_MAX;
}

/*
 * tcp_ack_update_rtt: the sample from the ACK's timing (Karn: none if
 * retransmitted data was acked), else from a SACK, else from the echoed
 * timestamp; a valid sample ends the backoff.
 */
static bool tcp_ack_update_rtt(struct sock *sk, int flag, long seq_rtt_us,
			       long sack_rtt_us)
{
	if (flag & FLAG_RETRANS_DATA_ACKED)
		seq_rtt_us = -1;
	if (seq_rtt_us < 0)
		seq_rtt_us = sack_rtt_us;
	if (seq_rtt_us < 0 && sk->saw_tstamp && sk->rcv_tsecr &&
	    (flag & FLAG_ACKED))
		seq_rtt_us = jiffies_to_usecs(tcp_time_stamp() - sk->rcv_tsecr);
	if (seq_rtt_us < 0)
		return false;
	tcp_rtt_estimator(sk, seq_rtt_us);
	tcp_set_rto(sk);
	sk->icsk_backoff = 0;
	sk_touch(sk, ICF_state, true);
	return true;
}

/*
 * tcp_clean_rtx_queue (3.16): free what the ACK covers (a partly acked
 * TSO skb is trimmed, tcp_tso_acked), with the scoreboard's counts, the
 * RTT of the earliest original newly acked, reordering when a hole
 * filled without a retransmission, CUBIC's pkts_acked, and the RTO
 * restarted.  Return: the flags.
 */
static int tcp_clean_rtx_queue(struct sock *sk, u32 prior_fackets,
			       u32 prior_snd_una, long sack_rtt_us)
{
	u64 first_ackt = 0, last_ackt = 0, now;
	u32 pkts_acked = 0, reord = sk->packets_out;
	long seq_rtt_us = -1, ca_seq_rtt_us = -1;
	bool fully_acked = true, rtt_update;
	struct sk_buff *skb;
	int flag = 0;

	/* prior_sacked and reord: sacked_out and packets_out as tcp_ack
	 * loaded them. */
	for (;;) {
		u8 sacked;
		u32 acked_pcount;

		/* tcp_write_queue_head, tcp_send_head */
		sk_touch(sk, SKF_write_queue, false);
		skb = tcp_write_queue_head(sk);
		if (!skb)
			break;
		sk_touch(sk, SKF_send_head, false);
		if (skb == sk->send_head)
			break;
		sacked = skb->sacked;
		/* snd_una: stored by tcp_ack just before. */
		if (after(skb->end_seq, sk->snd_una)) {
			u32 before_segs = skb->pcount;

			if (skb->pcount == 1 || !after(sk->snd_una, skb->seq))
				break;
			/* tcp_tso_acked */
			if (tcp_trim_head(sk, skb, sk->snd_una - skb->seq))
				break;
			acked_pcount = before_segs - skb->pcount;
			if (!acked_pcount)
				break;
			fully_acked = false;
		} else {
			acked_pcount = skb->pcount;
		}
		if (sacked & TCPCB_RETRANS) {
			if (sacked & TCPCB_SACKED_RETRANS) {
				sk->retrans_out -= acked_pcount;
				sk_touch_rmw(sk, TPF_retrans_out);
			}
			flag |= FLAG_RETRANS_DATA_ACKED;
		} else {
			last_ackt = skb->skb_mstamp;
			if (!first_ackt)
				first_ackt = last_ackt;
			if (!(sacked & TCPCB_SACKED_ACKED))
				reord = MIN(pkts_acked, reord);
			sk_touch(sk, TPF_high_seq, false);
			if (!after(skb->end_seq, sk->high_seq))
				flag |= FLAG_ORIG_SACK_ACKED;
		}
		if (sacked & (TCPCB_SACKED_ACKED | TCPCB_LOST))
			sk_touch_rmw(sk, TPF_left_out);
		if (sacked & TCPCB_SACKED_ACKED)
			sk->sacked_out -= acked_pcount;
		if (sacked & TCPCB_LOST)
			sk->lost_out -= acked_pcount;
		sk->packets_out -= acked_pcount;
		sk_touch_rmw(sk, TPF_packets_out);
		pkts_acked += acked_pcount;
		flag |= FLAG_DATA_ACKED;
		if (!fully_acked)
			break;
		charge(CODE_tcp_clean_rtx_queue);
		/* tcp_unlink_write_queue (the head just loaded); sk_wmem_free_skb:
		 * SOCK_QUEUE_SHRUNK, sk_wmem_queued, sk_mem_uncharge
		 * (sk_has_account's sk_prot: on the line of the socket
		 * lock); the retransmit and lost hints compared. */
		list_del(&skb->list);
		INIT_LIST_HEAD(&skb->list);
		sk_touch(sk, SKF_write_queue, true);
		sk_touch_rmw(sk, SKF_flags);
		sk->sk_wmem_queued -= skb->truesize;
		sk_touch_rmw(sk, SKF_wmem_queued);
		sk_touch_rmw(sk, SKF_forward_alloc);
		sk_touch(sk, TPF_skb_hints, false);
		sk->queue_shrunk = true;
		kfree_skb(skb);
	}
	if (skb && skb != sk->send_head && (skb->sacked & TCPCB_SACKED_ACKED))
		flag |= FLAG_SACK_RENEGING;
	now = skb_mstamp_get();
	if (first_ackt) {
		seq_rtt_us = tcp_mstamp_us_delta(now, first_ackt);
		ca_seq_rtt_us = tcp_mstamp_us_delta(now, last_ackt);
	}
	rtt_update = tcp_ack_update_rtt(sk, flag, seq_rtt_us, sack_rtt_us);
	if (flag & FLAG_ACKED) {
		tcp_rearm_rto(sk);
		/* A hole filled by an original: reordering; tcp_is_reno
		 * (rx_opt, loaded with the options), lost_cnt_hint,
		 * fackets_out; pkts_acked through icsk_ca_ops (loaded with
		 * icsk_pending). */
		if (reord < prior_fackets)
			tcp_update_reordering(sk,
					      (int)(sk->fackets_out - reord));
		sk_touch_rmw(sk, TPF_lost_cnt_hint);
		sk->fackets_out -= MIN(pkts_acked, sk->fackets_out);
		sk_touch_rmw(sk, TPF_left_out);
		bictcp_acked(sk, pkts_acked, (s32)ca_seq_rtt_us);
	} else if (skb && skb != sk->send_head && rtt_update &&
		   sack_rtt_us >= 0 &&
		   sack_rtt_us > tcp_mstamp_us_delta(now, skb->skb_mstamp)) {
		/* Do not extend the RTO in recovery by SACK RTTs of data
		 * sent after the head. */
		tcp_rearm_rto(sk);
	}
	/* FASTRETRANS_DEBUG 1: counts left with nothing out are leaks. */
	if (!sk->packets_out)
		sk->lost_out = sk->sacked_out = sk->retrans_out = 0;
	return flag;
}

/* tcp_may_raise_cwnd: not in a reduction; on in-order delivery (or on
 * any progress once reordering was seen). */
/* tcp_may_raise_cwnd and tcp_ack_is_dubious read icsk_ca_state, on the
 * line tcp_ack has just stored to. */
static bool tcp_may_raise_cwnd(const struct sock *sk, int flag)
{
	if (tcp_in_cwnd_reduction(sk))
		return false;
	if (sk->reordering > TCP_FASTRETRANS_THRESH)
		return flag & FLAG_FORWARD_PROGRESS;
	return flag & FLAG_DATA_ACKED;
}

static bool tcp_ack_is_dubious(const struct sock *sk, int flag)
{
	return !(flag & FLAG_NOT_DUP) || (flag & FLAG_CA_ALERT) ||
	       sk->ca_state != TCP_CA_Open;
}

/* tcp_ack_update_window: a newer segment, or a wider window. */
static int tcp_ack_update_window(struct sock *sk, u32 ack, u32 ack_seq,
				 u32 nwin)
{
	int flag = 0;

	/* rx_opt.snd_wscale; tcp_may_update_window: snd_una, snd_wl1,
	 * snd_wnd; tcp_update_wl; a new window: snd_wnd, pred_flags
	 * (tcp_fast_path_check), max_window (tcp_sync_mss not needed). */
	sk_touch(sk, TPF_rx_opt, false);
	nwin <<= sk->snd_wscale;
	sk_touch(sk, TPF_snd_una, false);
	sk_touch(sk, TPF_snd_wl1, false);
	sk_touch(sk, TPF_snd_wnd, false);
	if (after(ack, sk->snd_una) || after(ack_seq, sk->snd_wl1) ||
	    (ack_seq == sk->snd_wl1 && nwin > sk->snd_wnd)) {
		flag |= FLAG_WIN_UPDATE;
		sk->snd_wl1 = ack_seq;
		sk_touch(sk, TPF_snd_wl1, true);
		if (sk->snd_wnd != nwin) {
			sk->snd_wnd = nwin;
			sk_touch(sk, TPF_snd_wnd, true);
			sk_touch(sk, TPF_pred_flags, true);
			sk_touch(sk, TPF_max_window, false);
			if (nwin > sk->max_window)
				sk_touch(sk, TPF_max_window, true);
			sk->max_window = MAX(sk->max_window, nwin);
		}
	}
	sk->snd_una = ack;
	sk_touch(sk, TPF_snd_una, true);
	return flag;
}

/* The ACK as tcp_ack reads it: the header's fields and its options. */
struct tcp_ack_in {
	u32 seq, ack, win;
	int num_sacks;
	struct tcp_sack_block sack[TCP_NUM_SACKS];
};

/*
 * tcp_ack (3.16): an incoming ACK.  Old ones only tag SACKs; one past
 * snd_nxt is ignored.  Then the window, the SACK scoreboard, the queue,
 * cwnd, the loss recovery for a dubious ACK, the probe's episode, the
 * loss probe rearmed, the pacing rate.  Return: 1, 0 (old) or -1.
 */
static int tcp_ack(struct sock *sk, const struct tcp_ack_in *in, int flag)
{
	CC_SCOPE(tcp_ack);
	u32 prior_snd_una = sk->snd_una, ack = in->ack, prior_fackets;
	u32 prior_packets = sk->packets_out;
	int prior_unsacked = (int)(sk->packets_out - sk->sacked_out);
	long sack_rtt_us = -1;
	bool is_dupack = false;
	int acked = 0;

	charge(CODE_tcp_ack);
	sk->acks_received++;
	/* prior_snd_una (with snd_nxt, next to it), prior_packets,
	 * prior_unsacked. */
	sk_touch2(sk, TPF_snd_una, TPF_snd_nxt, false);
	sk_touch(sk, TPF_packets_out, false);
	sk_touch(sk, TPF_left_out, false);
	if (before(ack, prior_snd_una)) {
		sk_touch(sk, TPF_max_window, false);
		if (before(ack, prior_snd_una - sk->max_window))
			return -1;
		goto old_ack;
	}
	if (after(ack, sk->snd_nxt))
		return -1;
	/* icsk_pending, and icsk_ca_ops for tcp_ca_event (one line). */
	sk_touch2(sk, ICF_state, ICF_ca_ops, false);
	if (sk->icsk_pending == ICSK_TIME_EARLY_RETRANS ||
	    sk->icsk_pending == ICSK_TIME_LOSS_PROBE)
		tcp_rearm_rto(sk);
	if (after(ack, prior_snd_una))
		flag |= FLAG_SND_UNA_ADVANCED;
	prior_fackets = sk->fackets_out;
	if (flag & FLAG_UPDATE_TS_RECENT)
		sk_touch_rmw(sk, TPF_rx_opt);	/* tcp_replace_ts_recent */
	if (!(flag & FLAG_SLOWPATH) && after(ack, prior_snd_una)) {
		/* Window constant, pure forward advance: tcp_update_wl,
		 * snd_una, tcp_ca_event(CA_EVENT_FAST_ACK). */
		sk->snd_wl1 = in->seq;
		sk_touch(sk, TPF_snd_wl1, true);
		sk->snd_una = ack;
		sk_touch(sk, TPF_snd_una, true);
		flag |= FLAG_WIN_UPDATE;
	} else {
		flag |= tcp_ack_update_window(sk, ack, in->seq, in->win);
		if (in->num_sacks)
			flag |= tcp_sacktag_write_queue(sk, in->sack,
							in->num_sacks, ack,
							prior_snd_una,
							&sack_rtt_us);
	}
	/* sk_err_soft, icsk_probes_out and rcv_tstamp stored. */
	sk_touch(sk, SKF_err_soft, true);
	sk_touch(sk, ICF_state, true);
	sk_touch(sk, TPF_rcv_tstamp, true);
	sk->bytes_acked += ack - prior_snd_una;
	if (!prior_packets)
		goto no_queue;
	acked = (int)sk->packets_out;
	flag |= tcp_clean_rtx_queue(sk, prior_fackets, prior_snd_una,
				    sack_rtt_us);
	acked -= (int)sk->packets_out;
	if (tcp_may_raise_cwnd(sk, flag)) {
		/* tcp_cong_avoid: icsk_ca_ops->cong_avoid, snd_cwnd_stamp. */
		bictcp_cong_avoid(sk, ack, (u32)acked);
		sk->snd_cwnd_stamp = tcp_time_stamp();
		sk_touch(sk, TPF_snd_cwnd_stamp, true);
	}
	if (tcp_ack_is_dubious(sk, flag)) {
		is_dupack = !(flag & (FLAG_SND_UNA_ADVANCED | FLAG_NOT_DUP));
		if (is_dupack)
			sk->dupacks++;
		tcp_fastretrans_alert(sk, acked, prior_unsacked, is_dupack,
				      flag);
	}
	if (sk->tlp_high_seq)
		tcp_process_tlp_ack(sk, ack, flag);
	/* dst_confirm(__sk_dst_get(sk)) and icsk_pending: on lines the
	 * queue's cleaning and the timer have just used. */
	if (sk->icsk_pending == ICSK_TIME_RETRANS)
		tcp_schedule_loss_probe(sk);
	tcp_update_pacing_rate(sk);
	return 1;
no_queue:
	if (flag & FLAG_DSACKING_ACK)
		tcp_fastretrans_alert(sk, acked, prior_unsacked, is_dupack,
				      flag);
	if (sk->tlp_high_seq)
		tcp_process_tlp_ack(sk, ack, flag);
	return 1;
old_ack:
	if (in->num_sacks) {
		flag |= tcp_sacktag_write_queue(sk, in->sack, in->num_sacks,
						ack, prior_snd_una,
						&sack_rtt_us);
		tcp_fastretrans_alert(sk, acked, prior_unsacked, is_dupack,
				      flag);
	}
	return 0;
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
	/*
	 * __inet_lookup_established: INET_MATCH over the hash, the
	 * addresses and the ports, the reference taken (sock_hold);
	 * sk_state (TIME_WAIT?); bh_lock_sock; sock_owned_by_user; after,
	 * bh_unlock_sock and sock_put.  sock_common's first fields share a
	 * line, as do skc_refcnt and sk_lock.owned.
	 */
	sk_touch2(sk, SKF_daddr, SKF_state, false);
	sk_touch2(sk, SKF_refcnt, SKF_owned, false);
	sk_touch(sk, SKF_refcnt, true);
	sk_touch_rmw(sk, SKF_slock);
	if (sk->owned) {
		/* sk_add_backlog: the owner processes it at release_sock
		 * (sk_rcvqueues_full's sk_backlog and sk_sndbuf; the list's
		 * tail and len). */
		sk_touch(sk, SKF_sndbuf, false);
		sk_touch_rmw(sk, SKF_backlog);
		list_add_tail(&skb->list, &sk->backlog);
	} else {
		tcp_v4_do_rcv(sk, skb);
	}
	sk_touch(sk, SKF_slock, true);
	sk_touch_rmw(sk, SKF_refcnt);
	return;
drop:
	kfree_skb(skb);
}

/*
 * tcp_parse_options: the timestamp (tsecr) and SACK blocks of a header
 * of @doff bytes at @th (options read from the skb, charged).
 */
static void tcp_parse_options(struct sock *sk, const u8 *th, u32 doff,
			      struct tcp_ack_in *in)
{
	u32 i = 20;

	/* rx_opt: saw_tstamp, rcv_tsval, rcv_tsecr stored; ts_recent
	 * against rcv_tsval (PAWS). */
	sk_touch(sk, TPF_rx_opt, false);
	sk_touch(sk, TPF_rx_opt, true);
	sk->saw_tstamp = false;
	in->num_sacks = 0;
	while (i < doff) {
		u8 kind = th[i], len;

		if (kind == 0)
			break;
		if (kind == 1) {
			i++;
			continue;
		}
		if (i + 1 >= doff)
			break;
		len = th[i + 1];
		if (len < 2 || i + len > doff)
			break;
		if (kind == 8 && len == 10) {
			sk->saw_tstamp = true;
			sk->rcv_tsecr = get_be32(th + i + 6);
		} else if (kind == 5 && len >= 10 && !((len - 2) & 7)) {
			for (u32 b = 0; b < (u32)(len - 2) / 8 &&
					in->num_sacks < TCP_NUM_SACKS;
			     b++) {
				in->sack[in->num_sacks].start_seq =
					get_be32(th + i + 2 + 8 * b);
				in->sack[in->num_sacks].end_seq =
					get_be32(th + i + 6 + 8 * b);
				in->num_sacks++;
			}
		}
		i += len;
	}
}

/*
 * tcp_rcv_established for a pure ACK: header prediction (only the
 * timestamp option, the predicted window) takes tcp_ack's fast path;
 * anything else (SACK blocks, a new window) the slow one.  Then
 * tcp_data_snd_check: push what waits, grow the send buffer.
 */
void tcp_v4_do_rcv(struct sock *sk, struct sk_buff *skb)
{
	u8 th[60];
	u32 doff;
	struct tcp_ack_in in;
	bool fast;

	kv_read(skb_data(skb), th, 20);
	doff = (th[12] >> 4) * 4u;
	if (doff < 20 || doff > skb->len)
		goto out;
	if (doff > 20)
		kv_read(skb_data(skb) + 20, th + 20, doff - 20);
	in.seq = get_be32(th + 4);
	in.ack = get_be32(th + 8);
	in.win = get_be16(th + 14);
	tcp_parse_options(sk, th, doff, &in);
	if (!(th[13] & TCPHDR_ACK))
		goto out;
	/* tcp_v4_do_rcv: sk_state (loaded by the lookup);
	 * tcp_rcv_established's header prediction: pred_flags, rcv_nxt,
	 * snd_nxt, tcp_header_len (3.x: one line from tcp_header_len to
	 * snd_nxt; 5.7: two); tcp_store_ts_recent when rcv_nxt == rcv_wup. */
	sk_touch2(sk, TPF_pred_flags, TPF_snd_nxt, false);
	fast = doff == TCP_HDR_LEN && !in.num_sacks &&
	       in.win << sk->snd_wscale == sk->snd_wnd &&
	       !after(in.ack, sk->snd_nxt);
	if (fast)
		sk_touch(sk, TPF_rx_opt, true);
	else
		sk_touch(sk, TPF_rcv_wnd, false);	/* tcp_sequence */
	tcp_ack(sk, &in, fast ? 0 : FLAG_SLOWPATH | FLAG_UPDATE_TS_RECENT);
	/* tcp_data_snd_check -> tcp_push_pending_frames: tcp_send_head,
	 * tcp_current_mss, nonagle (sk_state: loaded). */
	sk_touch(sk, SKF_send_head, false);
	if (sk->send_head) {
		tcp_current_mss_touch(sk);
		sk_touch(sk, TPF_nonagle, false);
	}
	tcp_write_xmit(sk, sk->mss_cache, sk->nonagle, 0);
	tcp_check_space(sk);
	if (!fast)
		sk_touch(sk, ICF_ack, false);	/* tcp_ack_snd_check */
out:
	kfree_skb(skb);
}

void tcp_forget(struct sock *sk)
{
	tcp_clear_xmit_timers(sk);
	while (!list_empty(&sk->backlog)) {
		struct sk_buff *skb =
			list_first_entry(&sk->backlog, struct sk_buff, list);

		list_del(&skb->list);
		kfree_skb(skb);
	}
}

/*
 * tcp_init_congestion_control and the rest of what 3.16 sets up for an
 * established connection (tcp_init_sock, tcp_init_buffer_space,
 * tcp_init_metrics without a cached route).
 */
void tcp_init_sock(struct sock *sk)
{
	sk->snd_cwnd = TCP_INIT_CWND;
	sk->snd_cwnd_clamp = 0xffffffffu;
	sk->snd_ssthresh = TCP_INFINITE_SSTHRESH;
	sk->reordering = TCP_FASTRETRANS_THRESH;
	sk->icsk_rto = TCP_TIMEOUT_INIT;
	sk->mdev_us = jiffies_to_usecs(TCP_TIMEOUT_INIT);
	sk->undo_retrans = -1;
	sk->do_early_retrans = true;	/* sysctl_tcp_early_retrans 3 */
	sk->ca_state = TCP_CA_Open;
	sk->snd_wl1 = sk->rcv_nxt;
	tcp_init_xmit_timers(sk);
	bictcp_init(sk);
	tcp_sndbuf_expand(sk);
}
