/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The host at the far end of the cable: a Linux TCP receiver that reads
 * everything at once.  It checks every frame it gets (IP and TCP
 * checksums, in-order sequence, the payload against the pattern the
 * sender writes).  Its NIC moderates interrupts (at most one poll per
 * @irq_ps, the first after a quiet spell at once); a poll runs GRO, which
 * hands TCP one skb per run of in-order segments ended by a PSH or 64 KiB;
 * TCP acknowledges per skb the way __tcp_ack_snd_check does: at once in
 * quickack mode (its first TCP_MAX_QUICKACKS ACKs) or when more than
 * (ack_every - 1) full segments are unacknowledged, else after the 40 ms
 * delayed-ACK timer.  Each ACK leaves @delay after the poll.  Its receive
 * window is fixed (a receiver whose autotuning is done).
 */
#ifndef VMSPLIT_NET_PEER_H
#define VMSPLIT_NET_PEER_H

#include "base/types.h"

struct nic;

struct peer_params {
	u32 mbps;
	u32 ack_every;		/* full segments per ACK */
	u64 delay_ps;		/* poll to ACK out */
	u64 irq_ps;		/* interrupt moderation: least gap between polls (0: a poll per frame) */
	u64 stall_after;	/* stop ACKing after this many bytes (0: never) */
	u32 rwnd;		/* advertised window, bytes */
	u8 wscale;
	u32 mss;
};

struct peer_stats {
	u64 bytes;		/* in-order payload accepted */
	u64 segs, acks, bad_frames, stalled_acks;
	u64 first_bad_offset;	/* stream offset of the first bad byte */
	bool bad_payload;
	u64 last_ps;		/* arrival time of the last data */
};

struct peer *peer_create(struct nic *nic, const struct peer_params *p);
void peer_destroy(struct peer *peer);

/* The connection: addresses as the sender sees them, and where its
 * sequence space starts. */
void peer_connect(struct peer *peer, u32 saddr, u32 daddr, u16 sport,
		  u16 dport, const u8 src_mac[6], const u8 dst_mac[6],
		  u32 snd_isn, u32 rcv_isn);
void peer_expect_pattern(struct peer *peer, const u8 *pattern, u32 len);
const struct peer_stats *peer_stats(const struct peer *peer);

#endif
