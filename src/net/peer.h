/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The host at the far end of the cable: a Linux 3.x TCP receiver that
 * reads everything at once.  It checks every frame it gets: one whose IP
 * or TCP checksum fails is dropped (bad_frames, a sender bug); one whose
 * checksums verify is taken as Linux takes it, and its payload compared
 * with the pattern the sender writes at its stream offset -- a mismatch
 * (corrupt_frames) is data the sender's memory held wrong at DMA time,
 * which a real receiver would hand to the application unnoticed.
 *
 * Its NIC moderates interrupts (at most one poll per @irq_ps, the first
 * after a quiet spell at once); a poll runs GRO, which merges a run of
 * segments whose sequence numbers and timestamps follow on
 * (tcp_gro_receive), ended by a PSH or 64 KiB; TCP takes each merged skb
 * as tcp_data_queue does (3.16, net/ipv4/tcp_input.c): in order it
 * advances rcv_nxt and pulls what the out-of-order queue now continues
 * (tcp_ofo_queue); past a hole it goes to the out-of-order queue and a
 * SACK block (tcp_data_queue_ofo, tcp_sack_new_ofo_skb); data it already
 * has is a D-SACK (tcp_dsack_set).  Each skb is acknowledged as
 * __tcp_ack_snd_check does: at once in quickack mode (its first
 * TCP_MAX_QUICKACKS ACKs, and again after out-of-order or duplicate data,
 * tcp_enter_quickack_mode), while the out-of-order queue holds data (a
 * duplicate ACK with SACK blocks), or when more than (ack_every - 1) full
 * segments are unacknowledged; else after the 40 ms delayed-ACK timer.
 * An ACK carries the timestamp option (echoing ts_recent,
 * tcp_replace_ts_recent) and up to three SACK blocks, a D-SACK first
 * (tcp_established_options with timestamps).  Each ACK leaves @delay
 * after the poll.  Its receive window is fixed (a receiver whose
 * autotuning is done) and never fills.
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
	u64 bytes;		/* delivered in order, each byte once */
	u64 segs, acks, bad_frames, stalled_acks;
	/* Checksums right, payload not the pattern: accepted, counted. */
	u64 corrupt_frames, corrupt_bytes;
	u64 first_bad_offset;	/* stream offset of the first bad byte */
	bool bad_payload;
	u64 ofo_segs;		/* segments TCP took past a hole */
	u64 dup_bytes;		/* payload it already had (D-SACKed) */
	u64 sack_acks, dsacks;	/* ACKs with SACK blocks, with a D-SACK */
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
/* The counters; bytes: delivered in order, and what GRO holds that
 * continues it (in order as it arrives). */
const struct peer_stats *peer_stats(struct peer *peer);
/* Bytes it holds past a hole (the out-of-order queue). */
u32 peer_ofo_bytes(const struct peer *peer);

#endif
