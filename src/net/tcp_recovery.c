// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loss recovery (net/ipv4/tcp_input.c, 3.16): the NewReno/SACK/FACK
 * state machine
 * (tcp_fastretrans_alert: Open, Disorder, CWR, Recovery, Loss), the
 * proportional rate reduction of cwnd in Recovery (PRR), the undo
 * heuristics, and the Loss state an RTO enters, with F-RTO (sysctl 2).
 * SACK and FACK are on (sysctl_tcp_sack, sysctl_tcp_fack); Reno's
 * dupack counting, ECN and MTU probing are not modelled.  The scoreboard
 * itself is tcp_sack.c.  The walks start at the head of the queue (3.16
 * resumes from lost_skb_hint and retransmit_skb_hint: the same result).
 * The instructions of these paths are not charged (no measured counts);
 * the allocations, copies and transmissions they cause are.
 */
#include "net/sock.h"

#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "net/net.h"
#include "net/tcp_flags.h"

/* sysctl_tcp_frto 2: F-RTO with SACK (RFC 5682). */
#define SYSCTL_TCP_FRTO 2

void tcp_set_ca_state(struct sock *sk, u8 state)
{
	bictcp_state(sk, state);
	sk->ca_state = state;
}

/* tcp_current_ssthresh: at least 3/4 of cwnd outside a reduction. */
static u32 tcp_current_ssthresh(const struct sock *sk)
{
	if (tcp_in_cwnd_reduction(sk))
		return sk->snd_ssthresh;
	return MAX(sk->snd_ssthresh,
		   (sk->snd_cwnd >> 1) + (sk->snd_cwnd >> 2));
}

static void tcp_clear_retrans_partial(struct sock *sk)
{
	sk->retrans_out = 0;
	sk->lost_out = 0;
	sk->undo_marker = 0;
	sk->undo_retrans = -1;
}

/*
 * tcp_enter_loss (an RTO): a new ssthresh unless this window already
 * reduced it, cwnd 1, every skb not SACKed (all if @how) marked lost,
 * Loss state, F-RTO armed.
 */
void tcp_enter_loss(struct sock *sk, int how)
{
	bool new_recovery = false;

	if (sk->ca_state <= TCP_CA_Disorder ||
	    !after(sk->high_seq, sk->snd_una) ||
	    (sk->ca_state == TCP_CA_Loss && !sk->icsk_retransmits)) {
		new_recovery = true;
		sk->prior_ssthresh = tcp_current_ssthresh(sk);
		sk->snd_ssthresh = bictcp_recalc_ssthresh(sk);
	}
	sk->snd_cwnd = 1;
	sk->snd_cwnd_cnt = 0;
	sk->snd_cwnd_stamp = tcp_time_stamp();
	tcp_clear_retrans_partial(sk);
	sk->undo_marker = sk->snd_una;
	if (how) {
		sk->sacked_out = 0;
		sk->fackets_out = 0;
	}
	for (struct sk_buff *skb = tcp_write_queue_head(sk);
	     skb && skb != sk->send_head; skb = tcp_write_queue_next(sk, skb)) {
		if (skb->sacked & TCPCB_SACKED_RETRANS)
			sk->undo_marker = 0;
		skb->sacked &= (u8)((~TCPCB_TAGBITS) | TCPCB_SACKED_ACKED);
		if (!(skb->sacked & TCPCB_SACKED_ACKED) || how) {
			skb->sacked &= (u8)~TCPCB_SACKED_ACKED;
			skb->sacked |= TCPCB_LOST;
			sk->lost_out += skb->pcount;
			sk->retransmit_high = skb->end_seq;
		}
	}
	BUG_ON(tcp_left_out(sk) > sk->packets_out);
	if (sk->ca_state <= TCP_CA_Disorder &&
	    sk->sacked_out >= TCP_FASTRETRANS_THRESH)
		sk->reordering = MIN(sk->reordering, TCP_FASTRETRANS_THRESH);
	tcp_set_ca_state(sk, TCP_CA_Loss);
	sk->high_seq = sk->snd_nxt;
	sk->frto = SYSCTL_TCP_FRTO && (new_recovery || sk->icsk_retransmits);
}

/* tcp_check_sack_reneging: the ACK points at a SACKed skb -- the
 * receiver dropped its out-of-order queue: as an RTO. */
static bool tcp_check_sack_reneging(struct sock *sk, int flag)
{
	if (!(flag & FLAG_SACK_RENEGING))
		return false;
	tcp_enter_loss(sk, 1);
	sk->icsk_retransmits++;
	tcp_retransmit_skb(sk, tcp_write_queue_head(sk));
	inet_csk_reset_xmit_timer(sk, ICSK_TIME_RETRANS, sk->icsk_rto);
	return true;
}

/* tcp_dupack_heuristics with FACK: the packets up to the highest SACK. */
static u32 tcp_dupack_heuristics(const struct sock *sk)
{
	return tcp_is_fack(sk) ? sk->fackets_out : sk->sacked_out + 1;
}

/* tcp_pause_early_retransmit: wait max(RTT/4, 2 ms) unless the RTO comes
 * first. */
static bool tcp_pause_early_retransmit(struct sock *sk)
{
	u32 delay;

	if (!sk->srtt_us)
		return false;
	delay = MAX(usecs_to_jiffies(sk->srtt_us >> 5), msecs_to_jiffies(2));
	if (!((s32)(sk->icsk_timeout - (tcp_time_stamp() + delay)) > 0))
		return false;
	inet_csk_reset_xmit_timer(sk, ICSK_TIME_EARLY_RETRANS, delay);
	return true;
}

/*
 * tcp_time_to_recover: leave Disorder for Recovery -- a loss is marked,
 * more than `reordering' packets up to the highest SACK, a small window
 * with nothing to send, or early retransmit (RFC 5827, delayed).
 */
static bool tcp_time_to_recover(struct sock *sk)
{
	u32 packets_out = sk->packets_out;

	if (sk->lost_out)
		return true;
	if (tcp_dupack_heuristics(sk) > sk->reordering)
		return true;
	if (packets_out <= sk->reordering &&
	    sk->sacked_out >=
		    MAX(packets_out / 2, (u32)TCP_FASTRETRANS_THRESH) &&
	    !tcp_may_send_now(sk))
		return true;
	if (sk->do_early_retrans && !sk->retrans_out && sk->sacked_out &&
	    packets_out >= sk->sacked_out + 1 && packets_out < 4 &&
	    !tcp_may_send_now(sk))
		return !tcp_pause_early_retransmit(sk);
	return false;
}

/*
 * tcp_mark_head_lost: with FACK, the first @packets packets are lost
 * (a TSO skb across the count is cut); @mark_head: only the head.
 */
static void tcp_mark_head_lost(struct sock *sk, u32 packets, bool mark_head)
{
	struct sk_buff *skb = tcp_write_queue_head(sk);
	u32 cnt = 0, oldcnt;

	for (; skb && skb != sk->send_head;
	     skb = tcp_write_queue_next(sk, skb)) {
		if (after(skb->end_seq, sk->snd_nxt))
			break;
		oldcnt = cnt;
		if (tcp_is_fack(sk) || (skb->sacked & TCPCB_SACKED_ACKED))
			cnt += skb->pcount;
		if (cnt > packets) {
			u32 mss = skb_shinfo(skb)->gso_size;

			if (!tcp_is_fack(sk) ||
			    (skb->sacked & TCPCB_SACKED_ACKED) ||
			    oldcnt >= packets)
				break;
			if (tcp_fragment(sk, skb, (packets - oldcnt) * mss, mss,
					 GFP_ATOMIC))
				break;
			cnt = packets;
		}
		tcp_skb_mark_lost(sk, skb);
		if (mark_head)
			break;
	}
}

/* tcp_update_scoreboard: FACK's estimate, all but `reordering' below the
 * highest SACK; RFC 3517's without FACK. */
static void tcp_update_scoreboard(struct sock *sk, bool fast_rexmit)
{
	if (tcp_is_fack(sk)) {
		int lost = (int)sk->fackets_out - (int)sk->reordering;

		tcp_mark_head_lost(sk, lost <= 0 ? 1 : (u32)lost, false);
	} else {
		int upto = (int)sk->sacked_out - (int)sk->reordering;

		if (upto >= 0)
			tcp_mark_head_lost(sk, (u32)upto, false);
		else if (fast_rexmit)
			tcp_mark_head_lost(sk, 1, true);
	}
}

/* tcp_packet_delayed: nothing retransmitted, or the echoed timestamp
 * predates the first retransmission. */
static bool tcp_packet_delayed(const struct sock *sk)
{
	return !sk->retrans_stamp ||
	       (sk->saw_tstamp && sk->rcv_tsecr &&
		before(sk->rcv_tsecr, sk->retrans_stamp));
}

static void tcp_undo_cwnd_reduction(struct sock *sk, bool unmark_loss)
{
	if (unmark_loss) {
		for (struct sk_buff *skb = tcp_write_queue_head(sk);
		     skb && skb != sk->send_head;
		     skb = tcp_write_queue_next(sk, skb))
			skb->sacked &= (u8)~TCPCB_LOST;
		sk->lost_out = 0;
	}
	if (sk->prior_ssthresh) {
		sk->snd_cwnd = bictcp_undo_cwnd(sk);
		if (sk->prior_ssthresh > sk->snd_ssthresh)
			sk->snd_ssthresh = sk->prior_ssthresh;
	} else {
		sk->snd_cwnd = MAX(sk->snd_cwnd, sk->snd_ssthresh);
	}
	sk->snd_cwnd_stamp = tcp_time_stamp();
	sk->undo_marker = 0;
	sk->undos++;
}

static bool tcp_may_undo(const struct sock *sk)
{
	return sk->undo_marker && (!sk->undo_retrans || tcp_packet_delayed(sk));
}

/* tcp_try_undo_recovery: recovery over; undo if it was spurious. */
static bool tcp_try_undo_recovery(struct sock *sk)
{
	if (tcp_may_undo(sk))
		tcp_undo_cwnd_reduction(sk, false);
	tcp_set_ca_state(sk, TCP_CA_Open);
	return false;
}

/* tcp_try_undo_dsack: D-SACKs covered every retransmission. */
static bool tcp_try_undo_dsack(struct sock *sk)
{
	if (sk->undo_marker && !sk->undo_retrans) {
		tcp_undo_cwnd_reduction(sk, false);
		return true;
	}
	return false;
}

static bool tcp_any_retrans_done(struct sock *sk)
{
	struct sk_buff *skb = tcp_write_queue_head(sk);

	return sk->retrans_out ||
	       (skb && (skb->sacked & TCPCB_EVER_RETRANS));
}

/* tcp_try_undo_loss: after a partial ACK in Loss, or F-RTO's verdict. */
static bool tcp_try_undo_loss(struct sock *sk, bool frto_undo)
{
	if (frto_undo || tcp_may_undo(sk)) {
		tcp_undo_cwnd_reduction(sk, true);
		sk->icsk_retransmits = 0;
		tcp_set_ca_state(sk, TCP_CA_Open);
		return true;
	}
	return false;
}

/* PRR: tcp_init_cwnd_reduction, tcp_cwnd_reduction,
 * tcp_end_cwnd_reduction. */
static void tcp_init_cwnd_reduction(struct sock *sk, bool set_ssthresh)
{
	sk->high_seq = sk->snd_nxt;
	sk->tlp_high_seq = 0;
	sk->snd_cwnd_cnt = 0;
	sk->prior_cwnd = sk->snd_cwnd;
	sk->prr_delivered = 0;
	sk->prr_out = 0;
	if (set_ssthresh)
		sk->snd_ssthresh = bictcp_recalc_ssthresh(sk);
}

/*
 * tcp_cwnd_reduction: PRR's send count from what was delivered -- above
 * ssthresh proportionally (ssthresh / prior_cwnd of it), below it a slow
 * start back up to ssthresh; at least one for a fast retransmit.
 */
static void tcp_cwnd_reduction(struct sock *sk, int prior_unsacked,
			       bool fast_rexmit)
{
	int sndcnt = 0;
	int delta = (int)sk->snd_ssthresh - (int)tcp_packets_in_flight(sk);
	int newly_acked_sacked = prior_unsacked -
				 (int)(sk->packets_out - sk->sacked_out);

	sk->prr_delivered += (u32)newly_acked_sacked;
	if (tcp_packets_in_flight(sk) > sk->snd_ssthresh) {
		u64 dividend = (u64)sk->snd_ssthresh * sk->prr_delivered +
			       sk->prior_cwnd - 1;

		sndcnt = (int)(dividend / sk->prior_cwnd) - (int)sk->prr_out;
	} else {
		sndcnt = MIN(delta, MAX((int)sk->prr_delivered -
						(int)sk->prr_out,
					newly_acked_sacked) + 1);
	}
	sndcnt = MAX(sndcnt, fast_rexmit ? 1 : 0);
	sk->snd_cwnd = tcp_packets_in_flight(sk) + (u32)sndcnt;
}

static void tcp_end_cwnd_reduction(struct sock *sk)
{
	if (sk->ca_state == TCP_CA_CWR ||
	    (sk->undo_marker && sk->snd_ssthresh < TCP_INFINITE_SSTHRESH)) {
		sk->snd_cwnd = sk->snd_ssthresh;
		sk->snd_cwnd_stamp = tcp_time_stamp();
	}
}

/* tcp_enter_cwr: local congestion (a qdisc drop) or a loss probe's
 * recovery: reduce, no undo. */
void tcp_enter_cwr(struct sock *sk, bool set_ssthresh)
{
	sk->prior_ssthresh = 0;
	if (sk->ca_state < TCP_CA_CWR) {
		sk->undo_marker = 0;
		tcp_init_cwnd_reduction(sk, set_ssthresh);
		tcp_set_ca_state(sk, TCP_CA_CWR);
	}
}

static void tcp_try_keep_open(struct sock *sk)
{
	u8 state = TCP_CA_Open;

	if (tcp_left_out(sk) || tcp_any_retrans_done(sk))
		state = TCP_CA_Disorder;
	if (sk->ca_state != state) {
		tcp_set_ca_state(sk, state);
		sk->high_seq = sk->snd_nxt;
	}
}

static void tcp_try_to_open(struct sock *sk, int prior_unsacked)
{
	if (!tcp_any_retrans_done(sk))
		sk->retrans_stamp = 0;
	if (sk->ca_state != TCP_CA_CWR)
		tcp_try_keep_open(sk);
	else
		tcp_cwnd_reduction(sk, prior_unsacked, false);
}

static void tcp_enter_recovery(struct sock *sk)
{
	sk->prior_ssthresh = 0;
	sk->undo_marker = sk->snd_una;
	sk->undo_retrans = sk->retrans_out ? (int)sk->retrans_out : -1;
	if (sk->ca_state < TCP_CA_CWR) {
		sk->prior_ssthresh = tcp_current_ssthresh(sk);
		tcp_init_cwnd_reduction(sk, true);
	}
	tcp_set_ca_state(sk, TCP_CA_Recovery);
	sk->fast_recoveries++;
}

/* tcp_process_loss: an ACK in Loss -- F-RTO's steps, then recovered,
 * undone, or more retransmissions. */
static void tcp_process_loss(struct sock *sk, int flag, bool is_dupack)
{
	bool recovered = !before(sk->snd_una, sk->high_seq);

	if (sk->frto) {
		if (tcp_try_undo_loss(sk, flag & FLAG_ORIG_SACK_ACKED))
			return;
		if (after(sk->snd_nxt, sk->high_seq) &&
		    ((flag & FLAG_DATA_SACKED) || is_dupack)) {
			sk->frto = 0;	/* the loss was real */
		} else if ((flag & FLAG_SND_UNA_ADVANCED) && !recovered) {
			sk->high_seq = sk->snd_nxt;
			__tcp_push_pending_frames(sk, sk->mss_cache,
						  TCP_NAGLE_OFF);
			if (after(sk->snd_nxt, sk->high_seq))
				return;	/* step 2.b: new data went out */
			sk->frto = 0;
		}
	}
	if (recovered) {
		sk->icsk_retransmits = 0;
		tcp_try_undo_recovery(sk);
		return;
	}
	if (flag & FLAG_DATA_ACKED)
		sk->icsk_retransmits = 0;
	if (tcp_try_undo_loss(sk, false))
		return;
	tcp_xmit_retransmit_queue(sk);
}

/* tcp_try_undo_partial: the hole was filled by a delayed original. */
static bool tcp_try_undo_partial(struct sock *sk, int acked,
				 int prior_unsacked)
{
	if (sk->undo_marker && tcp_packet_delayed(sk)) {
		tcp_update_reordering(sk, (int)sk->fackets_out + acked);
		if (sk->retrans_out) {
			tcp_cwnd_reduction(sk, prior_unsacked, false);
			return true;
		}
		if (!tcp_any_retrans_done(sk))
			sk->retrans_stamp = 0;
		tcp_undo_cwnd_reduction(sk, true);
		tcp_try_keep_open(sk);
		return true;
	}
	return false;
}

/*
 * tcp_fastretrans_alert (3.16): an ACK that is not plain (a duplicate, a
 * SACK, or any ACK outside Open).  Checks the exit from Recovery or CWR at
 * high_seq, processes the state, enters Recovery when tcp_time_to_recover
 * says so, marks losses (tcp_update_scoreboard), sets cwnd by PRR and
 * retransmits.
 */
void tcp_fastretrans_alert(struct sock *sk, int acked, int prior_unsacked,
			   bool is_dupack, int flag)
{
	bool do_lost = is_dupack || ((flag & FLAG_DATA_SACKED) &&
				     sk->fackets_out > sk->reordering);
	bool fast_rexmit = false;

	if (!sk->packets_out && sk->sacked_out)
		sk->sacked_out = 0;
	if (!sk->sacked_out && sk->fackets_out)
		sk->fackets_out = 0;
	if (tcp_check_sack_reneging(sk, flag))
		return;
	BUG_ON(tcp_left_out(sk) > sk->packets_out);
	if (sk->ca_state == TCP_CA_Open) {
		BUG_ON(sk->retrans_out);
		sk->retrans_stamp = 0;
	} else if (!before(sk->snd_una, sk->high_seq)) {
		switch (sk->ca_state) {
		case TCP_CA_CWR:
			if (sk->snd_una != sk->high_seq) {
				tcp_end_cwnd_reduction(sk);
				tcp_set_ca_state(sk, TCP_CA_Open);
			}
			break;
		case TCP_CA_Recovery:
			if (tcp_try_undo_recovery(sk))
				return;
			tcp_end_cwnd_reduction(sk);
			break;
		}
	}
	switch (sk->ca_state) {
	case TCP_CA_Recovery:
		if (flag & FLAG_SND_UNA_ADVANCED) {
			if (tcp_try_undo_partial(sk, acked, prior_unsacked))
				return;
			/* A partial ACK: force a fast retransmit. */
			do_lost = sk->fackets_out > sk->reordering;
		}
		if (tcp_try_undo_dsack(sk)) {
			tcp_try_keep_open(sk);
			return;
		}
		break;
	case TCP_CA_Loss:
		tcp_process_loss(sk, flag, is_dupack);
		if (sk->ca_state != TCP_CA_Open)
			return;
		/* Process as in Open. */
		/* fallthrough */
	default:
		if (sk->ca_state <= TCP_CA_Disorder)
			tcp_try_undo_dsack(sk);
		if (!tcp_time_to_recover(sk)) {
			tcp_try_to_open(sk, prior_unsacked);
			return;
		}
		tcp_enter_recovery(sk);
		fast_rexmit = true;
	}
	if (do_lost)
		tcp_update_scoreboard(sk, fast_rexmit);
	tcp_cwnd_reduction(sk, prior_unsacked, fast_rexmit);
	tcp_xmit_retransmit_queue(sk);
}

/* tcp_process_tlp_ack: the loss probe's episode ends; if it repaired a
 * loss, reduce cwnd once (CWR). */
void tcp_process_tlp_ack(struct sock *sk, u32 ack, int flag)
{
	bool is_tlp_dupack = ack == sk->tlp_high_seq &&
			     !(flag & (FLAG_SND_UNA_ADVANCED | FLAG_NOT_DUP |
				       FLAG_DATA_SACKED));

	if (is_tlp_dupack) {
		sk->tlp_high_seq = 0;
		return;
	}
	if (after(ack, sk->tlp_high_seq)) {
		sk->tlp_high_seq = 0;
		if (!(flag & FLAG_DSACKING_ACK)) {
			tcp_init_cwnd_reduction(sk, true);
			tcp_set_ca_state(sk, TCP_CA_CWR);
			tcp_end_cwnd_reduction(sk);
			tcp_try_keep_open(sk);
		}
	}
}

/* tcp_resume_early_retransmit: the early-retransmit delay is over. */
void tcp_resume_early_retransmit(struct sock *sk)
{
	tcp_rearm_rto(sk);
	if (!sk->do_early_retrans)
		return;
	tcp_enter_recovery(sk);
	tcp_update_scoreboard(sk, true);
	tcp_xmit_retransmit_queue(sk);
}
