// SPDX-License-Identifier: GPL-2.0-only
/*
 * Retransmissions (net/ipv4/tcp_output.c, 3.16): tcp_retransmit_skb (one
 * MSS at a time, not while the last transmission is still in the host),
 * tcp_xmit_retransmit_queue (what the scoreboard marks lost, then forward
 * retransmissions in Recovery) and the tail loss probe
 * (tcp_schedule_loss_probe, tcp_send_loss_probe; sysctl_tcp_early_retrans
 * 3).
 */
#include "net/sock.h"

#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "net/net.h"
#include "net/sock_touch.h"

/* skb_still_in_host_queue: its last transmission has not left the
 * host; retransmitting now would be pointless. */
static bool skb_still_in_host_queue(const struct sk_buff *skb)
{
	return skb_fclone_busy(skb);
}

/*
 * __tcp_retransmit_skb (3.16): not above a quarter more than what is
 * queued, not while its clone is still in the host, trimmed to snd_una,
 * cut to one MSS (tcp_fragment), then transmitted as a clone (or a copy).
 * Return: 0, or the error (-EBUSY: still in the host queue).
 */
static int __tcp_retransmit_skb(struct sock *sk, struct sk_buff *skb)
{
	u32 cur_mss = sk->mss_cache;
	int err;

	if (sk->sk_wmem_alloc >
	    MIN(sk->sk_wmem_queued + (sk->sk_wmem_queued >> 2), sk->sk_sndbuf))
		return -EAGAIN;
	if (skb_still_in_host_queue(skb))
		return -EBUSY;
	if (before(skb->seq, sk->snd_una)) {
		BUG_ON(before(skb->end_seq, sk->snd_una));
		if (tcp_trim_head(sk, skb, sk->snd_una - skb->seq))
			return -ENOMEM;
	}
	if (!before(skb->seq, tcp_wnd_end(sk)) && skb->seq != sk->snd_una)
		return -EAGAIN;
	if (skb->len > cur_mss) {
		if (tcp_fragment(sk, skb, cur_mss, cur_mss, GFP_ATOMIC))
			return -ENOMEM;
	} else if (skb->pcount > 1) {
		int oldpcount = skb->pcount;

		if (skb_cloned(skb) && pskb_expand_head(skb, 0, 0, GFP_ATOMIC))
			return -ENOMEM;
		tcp_set_skb_tso_segs(skb, cur_mss);
		tcp_adjust_pcount(sk, skb, oldpcount - skb->pcount);
	}
	skb->when = tcp_time_stamp();
	err = tcp_transmit_skb(sk, skb);
	if (!err) {
		skb->sacked |= TCPCB_EVER_RETRANS;
		sk->total_retrans++;
	}
	return err;
}

int tcp_retransmit_skb(struct sock *sk, struct sk_buff *skb)
{
	int err = __tcp_retransmit_skb(sk, skb);

	if (!err) {
		if (!sk->retrans_out)
			sk->lost_retrans_low = sk->snd_nxt;
		skb->sacked |= TCPCB_RETRANS;
		sk->retrans_out += skb->pcount;
		if (!sk->retrans_stamp)
			sk->retrans_stamp = skb->when;
		skb->ack_seq = sk->snd_nxt;
	}
	if (sk->undo_retrans < 0)
		sk->undo_retrans = 0;
	sk->undo_retrans += skb->pcount;
	return err;
}

/* tcp_can_forward_retransmit: in Recovery, with nothing new to send. */
static bool tcp_can_forward_retransmit(struct sock *sk)
{
	return sk->ca_state == TCP_CA_Recovery && !tcp_may_send_now(sk);
}

/*
 * tcp_xmit_retransmit_queue (3.16): retransmit what is marked lost, in
 * order, while cwnd allows; in Recovery with nothing new to send, then
 * what lies in the holes below the highest SACK (forward
 * retransmissions).  Walked from the head each time (3.16 keeps
 * retransmit_skb_hint to resume; the result is the same).
 */
void tcp_xmit_retransmit_queue(struct sock *sk)
{
	struct sk_buff *skb, *hole = NULL;
	u32 last_lost;
	bool fwd = false;

	if (!sk->packets_out)
		return;
	if (!sk->lost_out)
		sk->retransmit_high = sk->snd_una;
	last_lost = sk->snd_una;
	for (skb = tcp_write_queue_head(sk); skb && skb != sk->send_head;
	     skb = tcp_write_queue_next(sk, skb)) {
		u8 sacked = skb->sacked;

		if (tcp_packets_in_flight(sk) >= sk->snd_cwnd)
			return;
		if (fwd) {
begin_fwd:
			if (!before(skb->seq, tcp_highest_sack_seq(sk)))
				break;
		} else if (!before(skb->seq, sk->retransmit_high)) {
			sk->retransmit_high = last_lost;
			if (!tcp_can_forward_retransmit(sk))
				break;
			/* Back to the first hole passed over. */
			if (hole) {
				skb = hole;
				hole = NULL;
			}
			fwd = true;
			goto begin_fwd;
		} else if (!(sacked & TCPCB_LOST)) {
			if (!hole && !(sacked & (TCPCB_SACKED_RETRANS |
						 TCPCB_SACKED_ACKED)))
				hole = skb;
			continue;
		} else {
			last_lost = skb->end_seq;
		}
		if (sacked & (TCPCB_SACKED_ACKED | TCPCB_SACKED_RETRANS))
			continue;
		if (tcp_retransmit_skb(sk, skb))
			return;
		if (tcp_in_cwnd_reduction(sk))
			sk->prr_out += skb->pcount;
		if (skb == tcp_write_queue_head(sk))
			inet_csk_reset_xmit_timer(sk, ICSK_TIME_RETRANS,
						  sk->icsk_rto);
	}
}

/*
 * tcp_schedule_loss_probe (3.16, sysctl_tcp_early_retrans 3): in Open
 * state with packets out and nothing more cwnd lets out, arm the probe
 * in place of the RTO: two smoothed RTTs (1.5 RTT + TCP_DELACK_MAX for a
 * single packet), at least 10 ms, at most the RTO.
 */
bool tcp_schedule_loss_probe(struct sock *sk)
{
	u32 rtt = usecs_to_jiffies(sk->srtt_us >> 3), timeout, now;
	s32 delta;

	/* srtt_us; icsk_pending and icsk_ca_state; then (RTO pending)
	 * packets_out, tcp_is_sack (rx_opt), snd_cwnd against
	 * tcp_packets_in_flight, tcp_send_head -- lines its callers,
	 * tcp_write_xmit after a transmission and tcp_ack, have just
	 * loaded, so not charged again -- and icsk_timeout. */
	sk_touch(sk, TPF_rtt, false);
	sk_touch(sk, ICF_state, false);
	if (sk->icsk_pending == ICSK_TIME_EARLY_RETRANS)
		return false;
	if (sk->icsk_pending == ICSK_TIME_LOSS_PROBE) {
		tcp_rearm_rto(sk);
		return false;
	}
	if (sk->icsk_pending != ICSK_TIME_RETRANS)
		return false;
	if (!sk->srtt_us || !sk->packets_out || sk->ca_state != TCP_CA_Open)
		return false;
	if (sk->snd_cwnd > tcp_packets_in_flight(sk) && sk->send_head)
		return false;
	sk_touch(sk, ICF_timer, false);
	timeout = rtt << 1;
	if (sk->packets_out == 1)
		timeout = MAX(timeout, rtt + (rtt >> 1) + TCP_DELACK_MAX);
	timeout = MAX(timeout, msecs_to_jiffies(10));
	now = tcp_time_stamp();
	delta = (s32)(sk->icsk_timeout - now);
	if ((s32)(now + timeout - sk->icsk_timeout) > 0 && delta > 0)
		timeout = (u32)delta;
	inet_csk_reset_xmit_timer(sk, ICSK_TIME_LOSS_PROBE, timeout);
	return true;
}

/*
 * tcp_send_loss_probe: new data if there is some (past cwnd), else the
 * last segment again (cut off the tail of a TSO skb), at most one
 * outstanding; the RTO is rearmed either way.
 */
void tcp_send_loss_probe(struct sock *sk)
{
	struct sk_buff *skb;
	u32 mss = sk->mss_cache;
	int err = -1;

	if (sk->send_head) {
		err = tcp_write_xmit(sk, mss, TCP_NAGLE_OFF, 2) ? -1 : 0;
		goto rearm_timer;
	}
	if (sk->tlp_high_seq)
		goto rearm_timer;
	skb = tcp_write_queue_tail(sk);
	if (!skb || skb_still_in_host_queue(skb))
		goto rearm_timer;
	if (skb->pcount > 1 && skb->len > (u32)(skb->pcount - 1) * mss) {
		if (tcp_fragment(sk, skb, (u32)(skb->pcount - 1) * mss, mss,
				 GFP_ATOMIC))
			goto rearm_timer;
		skb = tcp_write_queue_tail(sk);
	}
	err = __tcp_retransmit_skb(sk, skb);
	if (!err)
		sk->tlp_high_seq = sk->snd_nxt;
rearm_timer:
	inet_csk_reset_xmit_timer(sk, ICSK_TIME_RETRANS, sk->icsk_rto);
	if (!err)
		sk->loss_probes++;
}
