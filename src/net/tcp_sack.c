// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SACK scoreboard (net/ipv4/tcp_input.c, 3.16): each skb of the
 * retransmit queue carries SACKED_ACKED, SACKED_RETRANS and LOST tags,
 * counted in sacked_out, retrans_out and lost_out; fackets_out counts the
 * packets up to the highest SACK.  tcp_sacktag_write_queue applies an
 * ACK's SACK blocks (D-SACKs included), finds retransmissions lost again
 * and reordering.
 *
 * Coarse, and said where: 3.16 caches the last SACK blocks
 * (recv_sack_cache) and keeps hints to resume its walks; the model walks
 * the write queue from the head, which gives the same tags and counts.
 * SACKed skbs are not merged (tcp_shift_skb_data: fewer, larger skbs in
 * the queue); a partly SACKed one is cut at MSS boundaries
 * (tcp_match_skb_to_sack), as 3.16 does when it does not shift.  The
 * instructions of these paths are not charged (no measured counts); the
 * allocations and copies they cause are.
 */
#include "net/sock.h"

#include "base/panic.h"
#include "config/runtime.h"
#include "net/net.h"
#include "net/tcp_flags.h"

static void tcp_advance_highest_sack(struct sock *sk, struct sk_buff *skb)
{
	/* NULL past the last skb of the write queue. */
	sk->highest_sack = tcp_write_queue_next(sk, skb);
}

/* tcp_update_reordering: FACK off once reordering is seen (and early
 * retransmit with it). */
void tcp_update_reordering(struct sock *sk, int metric)
{
	if (metric > (int)sk->reordering) {
		sk->reordering = MIN(TCP_MAX_REORDERING, (u32)metric);
		sk->fack_off = true;
	}
	if (metric > 0)
		sk->do_early_retrans = false;
}

/* tcp_verify_retransmit_hint, then the LOST tag and lost_out. */
void tcp_skb_mark_lost(struct sock *sk, struct sk_buff *skb)
{
	if (!(skb->sacked & (TCPCB_LOST | TCPCB_SACKED_ACKED))) {
		if (!sk->lost_out || after(skb->end_seq, sk->retransmit_high))
			sk->retransmit_high = skb->end_seq;
		sk->lost_out += skb->pcount;
		skb->sacked |= TCPCB_LOST;
	}
}

/* tcp_is_sackblock_valid: in the window, or a D-SACK below it back to
 * undo_marker (max_window at most past it). */
static bool tcp_is_sackblock_valid(const struct sock *sk, bool is_dsack,
				   u32 start, u32 end)
{
	if (after(end, sk->snd_nxt) || !before(start, end))
		return false;
	if (!before(start, sk->snd_nxt))
		return false;
	if (after(start, sk->snd_una))
		return true;
	if (!is_dsack || !sk->undo_marker)
		return false;
	if (after(end, sk->snd_una))
		return false;
	if (!before(start, sk->undo_marker))
		return true;
	if (!after(end, sk->undo_marker))
		return false;
	return !before(start, end - sk->max_window);
}

/*
 * tcp_mark_lost_retrans: a retransmission sent when snd_nxt was below
 * what the receiver now SACKs and still not SACKed is lost again.
 */
static void tcp_mark_lost_retrans(struct sock *sk)
{
	u32 received_upto = tcp_highest_sack_seq(sk), new_low = sk->snd_nxt;
	u32 cnt = 0;

	if (!tcp_is_fack(sk) || !sk->retrans_out ||
	    !after(received_upto, sk->lost_retrans_low) ||
	    sk->ca_state != TCP_CA_Recovery)
		return;
	for (struct sk_buff *skb = tcp_write_queue_head(sk);
	     skb && skb != sk->send_head; skb = tcp_write_queue_next(sk, skb)) {
		if (cnt == sk->retrans_out)
			break;
		if (!after(skb->end_seq, sk->snd_una))
			continue;
		if (!(skb->sacked & TCPCB_SACKED_RETRANS))
			continue;
		if (after(received_upto, skb->ack_seq)) {
			skb->sacked &= (u8)~TCPCB_SACKED_RETRANS;
			sk->retrans_out -= skb->pcount;
			tcp_skb_mark_lost(sk, skb);
		} else {
			if (before(skb->ack_seq, new_low))
				new_low = skb->ack_seq;
			cnt += skb->pcount;
		}
	}
	if (sk->retrans_out)
		sk->lost_retrans_low = new_low;
}

/* tcp_check_dsack: the first block below the ACK, or inside the second. */
static bool tcp_check_dsack(struct sock *sk, const struct tcp_sack_block *sp,
			    int num_sacks, u32 ack, u32 prior_snd_una)
{
	bool dup = false;

	if (before(sp[0].start_seq, ack))
		dup = true;
	else if (num_sacks > 1 && !after(sp[0].end_seq, sp[1].end_seq) &&
		 !before(sp[0].start_seq, sp[1].start_seq))
		dup = true;
	if (dup && sk->undo_marker && sk->undo_retrans > 0 &&
	    !after(sp[0].end_seq, prior_snd_una) &&
	    after(sp[0].end_seq, sk->undo_marker))
		sk->undo_retrans--;
	return dup;
}

struct sacktag_state {
	int reord, fack_count, flag;
	long rtt_us;
};

/*
 * tcp_match_skb_to_sack: is @skb inside [@start, @end)?  A TSO skb the
 * block covers in part is cut at an MSS boundary first.  Return: 1 in,
 * 0 out, negative on a failed cut.
 */
static int tcp_match_skb_to_sack(struct sock *sk, struct sk_buff *skb,
				 u32 start, u32 end)
{
	bool in_sack = !after(start, skb->seq) && !before(end, skb->end_seq);
	u32 mss, pkt_len;

	if (skb->pcount > 1 && !in_sack && after(skb->end_seq, start)) {
		mss = skb_shinfo(skb)->gso_size;
		in_sack = !after(start, skb->seq);
		if (!in_sack) {
			pkt_len = start - skb->seq;
			if (pkt_len < mss)
				pkt_len = mss;
		} else {
			pkt_len = end - skb->seq;
			if (pkt_len < mss)
				return -1;
		}
		if (pkt_len > mss) {
			u32 new_len = (pkt_len / mss) * mss;

			if (!in_sack && new_len < pkt_len) {
				new_len += mss;
				if (new_len >= skb->len)
					return 0;
			}
			pkt_len = new_len;
		}
		if (tcp_fragment(sk, skb, pkt_len, mss, GFP_ATOMIC))
			return -1;
	}
	return in_sack;
}

/* tcp_sacktag_one: the tags and counts of one newly (D-)SACKed skb. */
static u8 tcp_sacktag_one(struct sock *sk, struct sacktag_state *state,
			  u8 sacked, u32 start, u32 end, bool dup_sack,
			  u32 pcount, u64 xmit_time)
{
	int fack_count = state->fack_count;

	if (dup_sack && (sacked & TCPCB_RETRANS)) {
		if (sk->undo_marker && sk->undo_retrans > 0 &&
		    after(end, sk->undo_marker))
			sk->undo_retrans--;
		if (sacked & TCPCB_SACKED_ACKED)
			state->reord = MIN(fack_count, state->reord);
	}
	if (!after(end, sk->snd_una))
		return sacked;
	if (!(sacked & TCPCB_SACKED_ACKED)) {
		if (sacked & TCPCB_SACKED_RETRANS) {
			if (sacked & TCPCB_LOST) {
				sacked &= (u8)~(TCPCB_LOST |
						TCPCB_SACKED_RETRANS);
				sk->lost_out -= pcount;
				sk->retrans_out -= pcount;
			}
		} else {
			if (!(sacked & TCPCB_RETRANS)) {
				/* A hole filled by a segment never
				 * retransmitted: reordering. */
				if (before(start, tcp_highest_sack_seq(sk)))
					state->reord =
						MIN(fack_count, state->reord);
				if (!after(end, sk->high_seq))
					state->flag |= FLAG_ORIG_SACK_ACKED;
				if (state->rtt_us < 0)
					state->rtt_us = tcp_mstamp_us_delta(
						skb_mstamp_get(), xmit_time);
			}
			if (sacked & TCPCB_LOST) {
				sacked &= (u8)~TCPCB_LOST;
				sk->lost_out -= pcount;
			}
		}
		sacked |= TCPCB_SACKED_ACKED;
		state->flag |= FLAG_DATA_SACKED;
		sk->sacked_out += pcount;
		fack_count += (int)pcount;
		if ((u32)fack_count > sk->fackets_out)
			sk->fackets_out = (u32)fack_count;
	}
	if (dup_sack && (sacked & TCPCB_SACKED_RETRANS)) {
		sacked &= (u8)~TCPCB_SACKED_RETRANS;
		sk->retrans_out -= pcount;
	}
	return sacked;
}

/* tcp_sacktag_walk over [@start, @end) from @skb; fack_count counts the
 * packets passed. */
static struct sk_buff *tcp_sacktag_walk(struct sock *sk, struct sk_buff *skb,
					struct sacktag_state *state, u32 start,
					u32 end, bool dup_sack)
{
	for (; skb && skb != sk->send_head;
	     skb = tcp_write_queue_next(sk, skb)) {
		int in_sack;

		if (!before(skb->seq, end))
			break;
		in_sack = tcp_match_skb_to_sack(sk, skb, start, end);
		if (in_sack < 0)
			break;
		if (in_sack) {
			skb->sacked = tcp_sacktag_one(sk, state, skb->sacked,
						      skb->seq, skb->end_seq,
						      dup_sack, skb->pcount,
						      skb->skb_mstamp);
			if (!before(skb->seq, tcp_highest_sack_seq(sk)))
				tcp_advance_highest_sack(sk, skb);
		}
		state->fack_count += skb->pcount;
	}
	return skb;
}

/*
 * tcp_sacktag_write_queue (3.16): tag what the ACK's SACK blocks cover.
 * A first block below the ACK or inside the second is a D-SACK
 * (FLAG_DSACKING_ACK); blocks outside the window are dropped; the rest
 * are walked in sequence order.  Then lost retransmissions, and
 * reordering when a hole was filled by an original.  Return: the flags;
 * *@sack_rtt_us the RTT of the earliest newly SACKed original.
 */
int tcp_sacktag_write_queue(struct sock *sk, const struct tcp_sack_block *blk,
			    int num_sacks, u32 ack, u32 prior_snd_una,
			    long *sack_rtt_us)
{
	struct tcp_sack_block sp[TCP_NUM_SACKS];
	struct sacktag_state state = { .reord = (int)sk->packets_out,
				       .rtt_us = -1 };
	int used = 0, first_sack_index = 0;
	bool found_dup;
	struct sk_buff *skb;

	if (!sk->sacked_out) {
		sk->fackets_out = 0;
		sk->highest_sack = tcp_write_queue_head(sk);	/* reset */
	}
	found_dup = tcp_check_dsack(sk, blk, num_sacks, ack, prior_snd_una);
	if (found_dup)
		state.flag |= FLAG_DSACKING_ACK;
	if (before(ack, prior_snd_una - sk->max_window))
		return 0;
	if (!sk->packets_out)
		goto out;
	for (int i = 0; i < num_sacks; i++) {
		bool dup = !i && found_dup;

		sp[used] = blk[i];
		if (!tcp_is_sackblock_valid(sk, dup, sp[used].start_seq,
					    sp[used].end_seq)) {
			if (!dup && ack != sk->snd_una &&
			    !after(sp[used].end_seq, sk->snd_una))
				continue;
			if (!i)
				first_sack_index = -1;
			continue;
		}
		if (!after(sp[used].end_seq, prior_snd_una))
			continue;
		used++;
	}
	/* In sequence order, tracking where the first block went. */
	for (int i = used - 1; i > 0; i--)
		for (int j = 0; j < i; j++)
			if (after(sp[j].start_seq, sp[j + 1].start_seq)) {
				struct tcp_sack_block t = sp[j];

				sp[j] = sp[j + 1];
				sp[j + 1] = t;
				if (j == first_sack_index)
					first_sack_index = j + 1;
			}
	for (int i = 0; i < used; i++) {
		bool dup = found_dup && i == first_sack_index;

		/* tcp_sacktag_skip to the block, then the walk. */
		state.fack_count = 0;
		for (skb = tcp_write_queue_head(sk);
		     skb && skb != sk->send_head &&
		     !after(skb->end_seq, sp[i].start_seq);
		     skb = tcp_write_queue_next(sk, skb))
			state.fack_count += skb->pcount;
		tcp_sacktag_walk(sk, skb, &state, sp[i].start_seq,
				 sp[i].end_seq, dup);
		sk->sack_blocks++;
	}
	tcp_mark_lost_retrans(sk);
	BUG_ON(tcp_left_out(sk) > sk->packets_out);
	if (state.reord < (int)sk->fackets_out &&
	    (sk->ca_state != TCP_CA_Loss || sk->undo_marker))
		tcp_update_reordering(sk, (int)sk->fackets_out - state.reord);
out:
	*sack_rtt_us = state.rtt_us;
	return state.flag;
}

