// SPDX-License-Identifier: GPL-2.0-only
/*
 * The receiver at the far end (see net/peer.h).
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
#define ACK_FRAME_LEN (14 + 20 + 32)
/* GRO stops at 64 KiB: 45 segments of 1448 bytes. */
#define GRO_MAX_SEGS 45

struct peer {
	struct nic *nic;
	struct peer_params p;
	u32 saddr, daddr;		/* the sender's view */
	u16 sport, dport;
	u8 smac[6], dmac[6];
	u32 rcv_nxt, snd_nxt;
	u32 unacked;			/* bytes since the last ACK */
	u32 quick;
	u16 ip_id;
	u64 delack_ps;			/* UINT64_MAX: not armed */
	/* Interrupt moderation and GRO: frames wait for the next poll;
	 * a poll hands TCP one skb per run of in-order segments (up to a
	 * PSH or GRO_MAX_SEGS), and TCP acknowledges per skb. */
	u64 poll_ps;			/* the next poll, UINT64_MAX: none */
	u64 last_poll_ps;
	u32 gro_segs, gro_bytes;	/* the skb GRO is building */
	u32 gro_end;			/* its end sequence */
	u32 nack;			/* ACK numbers due at the poll */
	u32 ack_due[64];
	u64 tx_free_ps;			/* its transmitter */
	const u8 *pattern;
	u32 pattern_len;
	struct peer_stats st;
};

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
	peer->rcv_nxt = snd_isn;
	peer->snd_nxt = rcv_isn;
}

void peer_expect_pattern(struct peer *peer, const u8 *pattern, u32 len)
{
	peer->pattern = pattern;
	peer->pattern_len = len;
}

const struct peer_stats *peer_stats(const struct peer *peer)
{
	return &peer->st;
}

/* An ACK of @ack leaves @delay after @ps. */
static void peer_send_ack(struct peer *peer, u32 ack, u64 ps)
{
	u8 f[ACK_FRAME_LEN];
	u8 *ip = f + 14, *th = ip + 20;
	u64 start;

	if (peer->p.stall_after && peer->st.bytes >= peer->p.stall_after) {
		peer->st.stalled_acks++;
		return;
	}
	memset(f, 0, sizeof(f));
	memcpy(f, peer->smac, 6);
	memcpy(f + 6, peer->dmac, 6);
	put_be16(f + 12, 0x0800);
	ip[0] = 0x45;
	put_be16(ip + 2, 20 + 32);
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
	put_be32(th + 8, ack);
	th[12] = 8 << 4;
	th[13] = 0x10;		/* ACK */
	put_be16(th + 14, (u16)MIN(peer->p.rwnd >> peer->p.wscale, 0xffffu));
	th[20] = 1;
	th[21] = 1;
	th[22] = 8;
	th[23] = 10;
	put_be16(th + 16, csum_fold(csum_tcpudp_nofold(
				  peer->daddr, peer->saddr, 32, 6,
				  csum_partial(th, 32, 0))));
	start = MAX(ps + peer->p.delay_ps, peer->tx_free_ps);
	peer->tx_free_ps = start + eth_wire_ps(ACK_FRAME_LEN, peer->p.mbps);
	nic_rx_frame(peer->nic, f, ACK_FRAME_LEN, peer->tx_free_ps);
	peer->st.acks++;
}

/*
 * An skb GRO built goes up: __tcp_ack_snd_check ACKs at once when more
 * than (ack_every - 1) full segments are unacknowledged or in quickack
 * mode, else arms the delayed-ACK timer.
 */
static void peer_gro_flush(struct peer *peer)
{
	if (!peer->gro_segs)
		return;
	peer->unacked += peer->gro_bytes;
	peer->gro_segs = peer->gro_bytes = 0;
	if (peer->quick ||
	    peer->unacked > (peer->p.ack_every - 1) * peer->p.mss) {
		if (peer->quick)
			peer->quick--;
		if (peer->nack == ARRAY_SIZE(peer->ack_due))
			panic("peer: more than %zu ACKs in one poll",
			      ARRAY_SIZE(peer->ack_due));
		peer->ack_due[peer->nack++] = peer->gro_end;
		peer->unacked = 0;
		peer->delack_ps = UINT64_MAX;
	} else if (peer->delack_ps == UINT64_MAX) {
		peer->delack_ps = peer->st.last_ps + TCP_DELACK_MIN_PS;
	}
}

/* The receiver's NAPI poll: GRO's last skb goes up, the ACKs go out. */
static void peer_poll(struct peer *peer, u64 ps)
{
	peer->poll_ps = UINT64_MAX;
	peer->last_poll_ps = ps;
	peer_gro_flush(peer);
	for (u32 i = 0; i < peer->nack; i++)
		peer_send_ack(peer, peer->ack_due[i], ps);
	peer->nack = 0;
}

/* Does @len bytes of payload at stream offset @off match the pattern? */
static bool payload_ok(struct peer *peer, const u8 *p, u32 len, u64 off)
{
	if (!peer->pattern)
		return true;
	for (u32 i = 0; i < len; i++)
		if (p[i] != peer->pattern[(off + i) % peer->pattern_len]) {
			peer->st.first_bad_offset = off + i;
			return false;
		}
	return true;
}

static void peer_receive(void *data, const u8 *f, u32 len, u64 ps)
{
	struct peer *peer = data;
	const u8 *ip = f + 14, *th;
	u32 ihl, tot, doff, plen, seq;

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
	if (!plen)
		return;
	/* Nothing is lost or reordered on this cable. */
	if (seq != peer->rcv_nxt)
		goto bad;
	if (!payload_ok(peer, th + doff, plen, peer->st.bytes)) {
		peer->st.bad_payload = true;
		goto bad;
	}
	peer->rcv_nxt += plen;
	peer->st.bytes += plen;
	peer->st.segs++;
	peer->st.last_ps = ps;
	/* dev_gro_receive: the segment joins the skb being built. */
	peer->gro_segs++;
	peer->gro_bytes += plen;
	peer->gro_end = peer->rcv_nxt;
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
	peer->delack_ps = UINT64_MAX;
	if (peer->unacked) {
		peer->unacked = 0;
		peer_send_ack(peer, peer->rcv_nxt, ps);
	}
}
