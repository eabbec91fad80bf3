// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receiver at the far end (see net/peer.h).  Sequence numbers are
 * compared as Linux compares them (before/after); the receive queue is
 * not kept, only rcv_nxt and what the out-of-order queue holds.
 */
#include "net/peer.h"

#include <stdlib.h>
#include <string.h>

#include "base/panic.h"
#include "hw/nic.h"
#include "net/checksum.h"
#include "net/wire.h"

#define TCP_MAX_QUICKACKS 16
#define TCP_DELACK_MIN_PS 40000000000ull	/* 40 ms */
#define TCP_NUM_SACKS 4			/* tp->selective_acks */
/* With timestamps, three SACK blocks fit the 40 bytes of options
 * (tcp_established_options: (40 - 12 - 4) / 8). */
#define SACK_BLOCKS_WITH_TS 3
#define ACK_HDR_LEN (14 + 20 + 32)
#define ACK_MAX_LEN (ACK_HDR_LEN + 4 + 8 * SACK_BLOCKS_WITH_TS)
/* GRO stops at 64 KiB: 45 segments of 1448 bytes. */
#define GRO_MAX_SEGS 45
#define PS_PER_MS 1000000000ull

struct sack_block {
	u32 start, end;
};

/* An ACK decided on, waiting for the end of the poll. */
struct ack_due {
	u32 ack;
	u32 nblocks;
	struct sack_block blocks[SACK_BLOCKS_WITH_TS];
	bool dsack;
};

struct peer {
	struct nic *nic;
	struct peer_params p;
	u32 saddr, daddr;		/* the sender's view */
	u16 sport, dport;
	u8 smac[6], dmac[6];
	u32 isn;			/* the sender's first sequence number */
	u32 rcv_nxt, rcv_wup, snd_nxt;
	u32 ts_recent;			/* the tsval an ACK echoes */
	u32 quick;			/* icsk_ack.quick */
	u64 delivered;			/* bytes rcv_nxt has passed */
	u16 ip_id;
	u64 delack_ps;			/* UINT64_MAX: not armed */
	/* The out-of-order queue: disjoint ranges in sequence order. */
	struct sack_block *ofo;
	u32 nofo, ofo_cap;
	/* tp->selective_acks (most recent first), duplicate_sack[0] and
	 * rx_opt.dsack. */
	struct sack_block sacks[TCP_NUM_SACKS];
	u32 num_sacks;
	struct sack_block dsack;
	bool dsack_set;
	/* Interrupt moderation and GRO: frames wait for the next poll;
	 * GRO hands TCP one skb per run of segments that follow on. */
	u64 poll_ps;			/* the next poll, UINT64_MAX: none */
	u64 last_poll_ps;
	u32 gro_segs, gro_start, gro_end, gro_tsval;
	u32 nack;			/* ACKs due at the poll */
	struct ack_due ack_due[64];
	u64 tx_free_ps;			/* its transmitter */
	const u8 *pattern;
	u32 pattern_len;
	struct peer_stats st;
};

static bool before(u32 a, u32 b)
{
	return (s32)(a - b) < 0;
}

static bool after(u32 a, u32 b)
{
	return before(b, a);
}

static void peer_receive(void *data, const u8 *f, u32 len, u64 ps);
static u64 peer_next_timer(void *data);
static void peer_run_timer(void *data, u64 ps);

struct peer *peer_create(struct nic *nic, const struct peer_params *p)
{
	struct peer *peer = calloc(1, sizeof(*peer));
	struct link_partner lp = { .receive = peer_receive,
				   .next_timer = peer_next_timer,
				   .run_timer = peer_run_timer };

	if (!peer)
		panic("peer: host out of memory");
	peer->nic = nic;
	peer->p = *p;
	peer->delack_ps = UINT64_MAX;
	peer->poll_ps = UINT64_MAX;
	peer->quick = TCP_MAX_QUICKACKS;
	lp.data = peer;
	nic_attach(nic, &lp);
	return peer;
}

void peer_destroy(struct peer *peer)
{
	if (peer)
		free(peer->ofo);
	free(peer);
}

void peer_connect(struct peer *peer, u32 saddr, u32 daddr, u16 sport,
		  u16 dport, const u8 src_mac[6], const u8 dst_mac[6],
		  u32 snd_isn, u32 rcv_isn)
{
	peer->saddr = saddr;
	peer->daddr = daddr;
	peer->sport = sport;
	peer->dport = dport;
	memcpy(peer->smac, src_mac, 6);
	memcpy(peer->dmac, dst_mac, 6);
	peer->isn = snd_isn;
	peer->rcv_nxt = peer->rcv_wup = snd_isn;
	peer->snd_nxt = rcv_isn;
}

void peer_expect_pattern(struct peer *peer, const u8 *pattern, u32 len)
{
	peer->pattern = pattern;
	peer->pattern_len = len;
}

const struct peer_stats *peer_stats(struct peer *peer)
{
	/* In order as it arrives: delivered, and what GRO holds that
	 * continues it. */
	peer->st.bytes = peer->delivered;
	if (peer->gro_segs && peer->gro_start == peer->rcv_nxt)
		peer->st.bytes += peer->gro_end - peer->gro_start;
	return &peer->st;
}

u32 peer_ofo_bytes(const struct peer *peer)
{
	u32 n = 0;

	for (u32 i = 0; i < peer->nofo; i++)
		n += peer->ofo[i].end - peer->ofo[i].start;
	return n;
}

/* The ACK @a leaves @delay after @ps: timestamps, then the SACK blocks. */
static void peer_send_ack(struct peer *peer, const struct ack_due *a, u64 ps)
{
	u8 f[ACK_MAX_LEN];
	u8 *ip = f + 14, *th = ip + 20;
	u32 tcplen = 32 + (a->nblocks ? 4 + 8 * a->nblocks : 0);
	u32 len = 14 + 20 + tcplen;
	u64 start;

	if (peer->p.stall_after && peer->delivered >= peer->p.stall_after) {
		peer->st.stalled_acks++;
		return;
	}
	memset(f, 0, sizeof(f));
	memcpy(f, peer->smac, 6);
	memcpy(f + 6, peer->dmac, 6);
	put_be16(f + 12, 0x0800);
	ip[0] = 0x45;
	put_be16(ip + 2, (u16)(20 + tcplen));
	put_be16(ip + 4, peer->ip_id++);
	put_be16(ip + 6, 0x4000);
	ip[8] = 64;
	ip[9] = 6;
	put_be32(ip + 12, peer->daddr);
	put_be32(ip + 16, peer->saddr);
	put_be16(ip + 10, csum_fold(csum_partial(ip, 20, 0)));
	put_be16(th, peer->dport);
	put_be16(th + 2, peer->sport);
	put_be32(th + 4, peer->snd_nxt);
	put_be32(th + 8, a->ack);
	th[12] = (u8)((tcplen / 4) << 4);
	th[13] = 0x10;		/* ACK */
	put_be16(th + 14, (u16)MIN(peer->p.rwnd >> peer->p.wscale, 0xffffu));
	/* NOP, NOP, TIMESTAMP: its millisecond clock, ts_recent. */
	th[20] = 1;
	th[21] = 1;
	th[22] = 8;
	th[23] = 10;
	put_be32(th + 24, (u32)(ps / PS_PER_MS));
	put_be32(th + 28, peer->ts_recent);
	if (a->nblocks) {
		u8 *o = th + 32;

		o[0] = 1;
		o[1] = 1;
		o[2] = 5;	/* TCPOPT_SACK */
		o[3] = (u8)(2 + 8 * a->nblocks);
		for (u32 i = 0; i < a->nblocks; i++) {
			put_be32(o + 4 + 8 * i, a->blocks[i].start);
			put_be32(o + 8 + 8 * i, a->blocks[i].end);
		}
		peer->st.sack_acks++;
		if (a->dsack)
			peer->st.dsacks++;
	}
	put_be16(th + 16, csum_fold(csum_tcpudp_nofold(
				  peer->daddr, peer->saddr, tcplen, 6,
				  csum_partial(th, tcplen, 0))));
	start = MAX(ps + peer->p.delay_ps, peer->tx_free_ps);
	peer->tx_free_ps = start + eth_wire_ps(len, peer->p.mbps);
	nic_rx_frame(peer->nic, f, len, peer->tx_free_ps);
	peer->st.acks++;
}

/*
 * tcp_send_ack, decided now, sent at the end of the poll with what
 * tcp_established_options puts in it then: the D-SACK (if one is set)
 * and the SACK blocks, most recent first, three at most.  Sending it
 * clears rx_opt.dsack (tcp_options_write), moves rcv_wup (tcp_select_
 * window) and counts down quickack mode (tcp_dec_quickack_mode).
 */
static void peer_fill_ack(struct peer *peer, struct ack_due *a)
{
	memset(a, 0, sizeof(*a));
	a->ack = peer->rcv_nxt;
	if (peer->dsack_set) {
		a->blocks[a->nblocks++] = peer->dsack;
		a->dsack = true;
		peer->dsack_set = false;
	}
	for (u32 i = 0; i < peer->num_sacks && a->nblocks < SACK_BLOCKS_WITH_TS;
	     i++)
		a->blocks[a->nblocks++] = peer->sacks[i];
	peer->rcv_wup = peer->rcv_nxt;
	peer->delack_ps = UINT64_MAX;
	if (peer->quick)
		peer->quick--;
}

static void peer_schedule_ack(struct peer *peer)
{
	if (peer->nack == ARRAY_SIZE(peer->ack_due))
		panic("peer: more than %zu ACKs in one poll",
		      ARRAY_SIZE(peer->ack_due));
	peer_fill_ack(peer, &peer->ack_due[peer->nack++]);
}

/* tcp_sack_extend: does [@seq, @end) touch @sp?  Then widen it. */
static bool sack_extend(struct sack_block *sp, u32 seq, u32 end)
{
	if (!after(seq, sp->end) && !after(sp->start, end)) {
		if (before(seq, sp->start))
			sp->start = seq;
		if (after(end, sp->end))
			sp->end = end;
		return true;
	}
	return false;
}

static void dsack_set(struct peer *peer, u32 seq, u32 end)
{
	peer->dsack_set = true;
	peer->dsack = (struct sack_block){ seq, end };
}

static void dsack_extend(struct peer *peer, u32 seq, u32 end)
{
	if (!peer->dsack_set)
		dsack_set(peer, seq, end);
	else
		sack_extend(&peer->dsack, seq, end);
}

/* tcp_sack_maybe_coalesce: the first block may now reach others. */
static void sack_maybe_coalesce(struct peer *peer)
{
	for (u32 i = 1; i < peer->num_sacks;) {
		if (sack_extend(&peer->sacks[0], peer->sacks[i].start,
				peer->sacks[i].end)) {
			peer->num_sacks--;
			memmove(&peer->sacks[i], &peer->sacks[i + 1],
				(peer->num_sacks - i) * sizeof(peer->sacks[0]));
			continue;
		}
		i++;
	}
}

/* tcp_sack_new_ofo_skb: the block it extends moves first, or a new one
 * goes first and the oldest falls off a full array. */
static void sack_new_ofo(struct peer *peer, u32 seq, u32 end)
{
	u32 n = peer->num_sacks;

	for (u32 i = 0; i < n; i++) {
		if (sack_extend(&peer->sacks[i], seq, end)) {
			struct sack_block b = peer->sacks[i];

			memmove(&peer->sacks[1], &peer->sacks[0],
				i * sizeof(peer->sacks[0]));
			peer->sacks[0] = b;
			if (n > 1)
				sack_maybe_coalesce(peer);
			return;
		}
	}
	if (n == TCP_NUM_SACKS)
		n--;
	memmove(&peer->sacks[1], &peer->sacks[0], n * sizeof(peer->sacks[0]));
	peer->sacks[0] = (struct sack_block){ seq, end };
	peer->num_sacks = n + 1;
}

/* tcp_sack_remove: the blocks rcv_nxt now covers go. */
static void sack_remove(struct peer *peer)
{
	if (!peer->nofo) {
		peer->num_sacks = 0;
		return;
	}
	for (u32 i = 0; i < peer->num_sacks;) {
		if (!before(peer->rcv_nxt, peer->sacks[i].start)) {
			peer->num_sacks--;
			memmove(&peer->sacks[i], &peer->sacks[i + 1],
				(peer->num_sacks - i) * sizeof(peer->sacks[0]));
			continue;
		}
		i++;
	}
}

/* tcp_enter_quickack_mode: rcv_wnd / (2 * rcv_mss), at most 16. */
static void enter_quickack_mode(struct peer *peer)
{
	peer->quick = TCP_MAX_QUICKACKS;
}

static void ofo_insert_at(struct peer *peer, u32 at, u32 seq, u32 end)
{
	if (peer->nofo == peer->ofo_cap) {
		peer->ofo_cap = peer->ofo_cap ? 2 * peer->ofo_cap : 16;
		peer->ofo = realloc(peer->ofo,
				    peer->ofo_cap * sizeof(*peer->ofo));
		if (!peer->ofo)
			panic("peer: host out of memory");
	}
	memmove(&peer->ofo[at + 1], &peer->ofo[at],
		(peer->nofo - at) * sizeof(*peer->ofo));
	peer->ofo[at] = (struct sack_block){ seq, end };
	peer->nofo++;
}

static void ofo_remove_at(struct peer *peer, u32 at)
{
	peer->nofo--;
	memmove(&peer->ofo[at], &peer->ofo[at + 1],
		(peer->nofo - at) * sizeof(*peer->ofo));
}

/*
 * tcp_data_queue_ofo: [@seq, @end) past a hole.  The queue keeps what it
 * holds once (an overlap is D-SACKed), a range that continues the last
 * one joins it, and the SACK blocks follow.
 */
static void data_queue_ofo(struct peer *peer, u32 seq, u32 end)
{
	u32 at;

	if (!peer->nofo) {
		peer->num_sacks = 1;
		peer->sacks[0] = (struct sack_block){ seq, end };
		ofo_insert_at(peer, 0, seq, end);
		return;
	}
	if (seq == peer->ofo[peer->nofo - 1].end) {
		peer->ofo[peer->nofo - 1].end = end;
		if (!peer->num_sacks || peer->sacks[0].end != seq)
			sack_new_ofo(peer, seq, end);
		else
			peer->sacks[0].end = end;
		return;
	}
	/* The last range starting at or before @seq. */
	at = peer->nofo;
	while (at && after(peer->ofo[at - 1].start, seq))
		at--;
	if (at && before(seq, peer->ofo[at - 1].end)) {
		struct sack_block *prev = &peer->ofo[at - 1];

		if (!after(end, prev->end)) {
			/* All the bits are present. */
			dsack_set(peer, seq, end);
			peer->st.dup_bytes += end - seq;
			sack_new_ofo(peer, seq, end);
			return;
		}
		dsack_set(peer, seq, prev->end);
		peer->st.dup_bytes += prev->end - seq;
		prev->end = end;
		at--;
	} else {
		ofo_insert_at(peer, at, seq, end);
	}
	/* Ranges the new one covers go; one it reaches joins it. */
	while (at + 1 < peer->nofo &&
	       !after(peer->ofo[at + 1].start, peer->ofo[at].end)) {
		struct sack_block *next = &peer->ofo[at + 1];
		u32 ov_end = before(end, next->end) ? end : next->end;

		if (after(ov_end, next->start)) {
			dsack_extend(peer, next->start, ov_end);
			peer->st.dup_bytes += ov_end - next->start;
		}
		if (after(next->end, peer->ofo[at].end))
			peer->ofo[at].end = next->end;
		ofo_remove_at(peer, at + 1);
	}
	sack_new_ofo(peer, seq, end);
}

/* tcp_ofo_queue: what the out-of-order queue now continues. */
static void ofo_queue(struct peer *peer)
{
	u32 dsack_high = peer->rcv_nxt;

	while (peer->nofo && !after(peer->ofo[0].start, peer->rcv_nxt)) {
		struct sack_block r = peer->ofo[0];

		if (before(r.start, dsack_high)) {
			u32 d = dsack_high;

			if (before(r.end, dsack_high))
				dsack_high = r.end;
			dsack_extend(peer, r.start, d);
		}
		ofo_remove_at(peer, 0);
		if (!after(r.end, peer->rcv_nxt))
			continue;
		peer->delivered += r.end - peer->rcv_nxt;
		peer->rcv_nxt = r.end;
	}
}

/*
 * One skb from GRO to TCP (tcp_rcv_established's slow path for data:
 * tcp_replace_ts_recent, tcp_data_queue), then __tcp_ack_snd_check.
 */
static void peer_tcp_data(struct peer *peer, u32 seq, u32 end, u32 tsval,
			  u32 segs)
{
	peer->dsack_set = false;	/* tp->rx_opt.dsack = 0 */
	if (!after(seq, peer->rcv_wup))
		peer->ts_recent = tsval;
	if (!after(end, peer->rcv_nxt)) {
		/* A retransmit: D-SACK, immediate ACK. */
		peer->st.dup_bytes += end - seq;
		dsack_set(peer, seq, end);
		enter_quickack_mode(peer);
	} else if (!after(seq, peer->rcv_nxt)) {
		if (before(seq, peer->rcv_nxt)) {
			/* Partial: its head was here already. */
			enter_quickack_mode(peer);
			peer->st.dup_bytes += peer->rcv_nxt - seq;
			dsack_set(peer, seq, peer->rcv_nxt);
		}
		peer->delivered += end - peer->rcv_nxt;
		peer->rcv_nxt = end;
		if (peer->nofo)
			ofo_queue(peer);
		if (peer->num_sacks)
			sack_remove(peer);
	} else {
		enter_quickack_mode(peer);
		data_queue_ofo(peer, seq, end);
		peer->st.ofo_segs += segs;
	}
	/* __tcp_ack_snd_check(sk, 1): more than a full segment (ack_every
	 * of them) unacknowledged, quickack mode, or a hole. */
	if (peer->rcv_nxt - peer->rcv_wup >
		    (peer->p.ack_every - 1) * peer->p.mss ||
	    peer->quick || peer->nofo)
		peer_schedule_ack(peer);
	else if (peer->delack_ps == UINT64_MAX)
		peer->delack_ps = peer->st.last_ps + TCP_DELACK_MIN_PS;
}

/* GRO's skb goes up. */
static void peer_gro_flush(struct peer *peer)
{
	u32 segs = peer->gro_segs;

	if (!segs)
		return;
	peer->gro_segs = 0;
	peer_tcp_data(peer, peer->gro_start, peer->gro_end, peer->gro_tsval,
		      segs);
}

/* The receiver's NAPI poll: GRO's last skb goes up, the ACKs go out. */
static void peer_poll(struct peer *peer, u64 ps)
{
	peer->poll_ps = UINT64_MAX;
	peer->last_poll_ps = ps;
	peer_gro_flush(peer);
	for (u32 i = 0; i < peer->nack; i++)
		peer_send_ack(peer, &peer->ack_due[i], ps);
	peer->nack = 0;
}

/* Bytes of @len at stream offset @off that differ from the pattern. */
static u32 payload_bad(struct peer *peer, const u8 *p, u32 len, u64 off)
{
	u32 bad = 0;

	if (!peer->pattern)
		return 0;
	for (u32 i = 0; i < len; i++)
		if (p[i] != peer->pattern[(off + i) % peer->pattern_len]) {
			if (!peer->st.bad_payload) {
				peer->st.bad_payload = true;
				peer->st.first_bad_offset = off + i;
			}
			bad++;
		}
	return bad;
}

/* The timestamp option's tsval, if the header has one where Linux puts
 * it (NOP, NOP, TIMESTAMP). */
static u32 tcp_tsval(const u8 *th, u32 doff)
{
	if (doff >= 32 && th[20] == 1 && th[21] == 1 && th[22] == 8 &&
	    th[23] == 10)
		return get_be32(th + 24);
	return 0;
}

static void peer_receive(void *data, const u8 *f, u32 len, u64 ps)
{
	struct peer *peer = data;
	const u8 *ip = f + 14, *th;
	u32 ihl, tot, doff, plen, seq, tsval, bad;

	if (len < 14 + 40 || get_be16(f + 12) != 0x0800)
		goto bad;
	ihl = (ip[0] & 0xf) * 4u;
	tot = get_be16(ip + 2);
	if (ihl != 20 || 14 + tot > len || ip[9] != 6 ||
	    csum_fold(csum_partial(ip, ihl, 0)) != 0)
		goto bad;
	th = ip + ihl;
	doff = (th[12] >> 4) * 4u;
	if (doff < 20 || ihl + doff > tot ||
	    get_be16(th) != peer->sport || get_be16(th + 2) != peer->dport ||
	    csum_fold(csum_tcpudp_nofold(get_be32(ip + 12), get_be32(ip + 16),
					 tot - ihl, 6,
					 csum_partial(th, tot - ihl, 0))) != 0)
		goto bad;
	plen = tot - ihl - doff;
	seq = get_be32(th + 4);
	tsval = tcp_tsval(th, doff);
	if (!plen)
		return;
	/* Checksums right: the data is taken, whatever it holds. */
	bad = payload_bad(peer, th + doff, plen, (u64)(u32)(seq - peer->isn));
	if (bad) {
		peer->st.corrupt_frames++;
		peer->st.corrupt_bytes += bad;
	}
	peer->st.segs++;
	peer->st.last_ps = ps;
	/* dev_gro_receive: a segment that does not follow on (sequence or
	 * timestamp) starts a new skb. */
	if (peer->gro_segs &&
	    (seq != peer->gro_end || tsval != peer->gro_tsval))
		peer_gro_flush(peer);
	if (!peer->gro_segs) {
		peer->gro_start = seq;
		peer->gro_tsval = tsval;
	}
	peer->gro_segs++;
	peer->gro_end = seq + plen;
	if ((th[13] & 0x08) || peer->gro_segs == GRO_MAX_SEGS ||
	    !peer->p.irq_ps)
		peer_gro_flush(peer);
	/* The interrupt: at once after a quiet spell, else at the rate
	 * limit. */
	if (!peer->p.irq_ps)
		peer_poll(peer, ps);
	else if (peer->poll_ps == UINT64_MAX)
		peer->poll_ps = MAX(ps, peer->last_poll_ps + peer->p.irq_ps);
	return;
bad:
	peer->st.bad_frames++;
}

static u64 peer_next_timer(void *data)
{
	const struct peer *peer = data;

	return MIN(peer->poll_ps, peer->delack_ps);
}

static void peer_run_timer(void *data, u64 ps)
{
	struct peer *peer = data;

	if (peer->poll_ps <= ps) {
		peer_poll(peer, ps);
		return;
	}
	/* The delayed-ACK timer. */
	peer->delack_ps = UINT64_MAX;
	if (peer->rcv_nxt != peer->rcv_wup) {
		struct ack_due a;

		peer_fill_ack(peer, &a);
		peer_send_ack(peer, &a, ps);
	}
}
