/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The network of a run (boards with a NIC): the board's Ethernet device
 * and driver, the cable, and the host at its far end (net/peer.h), set up
 * at boot and torn down, with the end-of-run checks, at shutdown.  TCP
 * sockets are files: socket() + connect() give a descriptor whose write()
 * is tcp_sendmsg.
 */
#ifndef VMSPLIT_NET_NET_H
#define VMSPLIT_NET_NET_H

#include "base/types.h"

struct net_device;
struct nic;
struct peer;
struct sock;

struct net_stats {
	u64 peer_bytes;		/* in-order payload the receiver accepted */
	u64 peer_acks;		/* ACKs it sent */
	u64 peer_bad_frames;	/* frames it rejected (a checksum) */
	u64 peer_stalled;	/* ACKs withheld after peer_stall_after */
	/* Taken with a payload that is not what was written; past a hole;
	 * already had; ACKs with SACK blocks, with a D-SACK. */
	u64 peer_corrupt_frames, peer_corrupt_bytes;
	u64 peer_ofo_segs, peer_dup_bytes, peer_sack_acks, peer_dsacks;
	u64 peer_first_bad_offset;
	u64 tx_frames, rx_frames, rx_dropped;
	u64 tx_irqs, napi_polls;
	u64 gso_skbs, gso_segs, tso_skbs, tso_segs, linearized;
	u64 illegal_highdma;	/* skbs that lost SG in harmonize_features */
	u64 qdisc_requeues;
	/* The driver (mv643xx_stats) and its NIC. */
	u64 tx_ring_drops, tx_freed_in_flight, tx_descs_released;
	u64 tx_null_dequeues, dma_read_released_bytes;
	/* The socket, at the end. */
	u64 tcp_skbs_sent, tso_fragments, autocork_events, sndbuf_waits;
	u64 backlog_acks;
	/* Loss recovery: segments retransmitted, Recovery and RTO episodes,
	 * loss probes, undone reductions, duplicate ACKs, SACK blocks. */
	u64 retrans_segs, fast_recoveries, rto_timeouts, loss_probes;
	u64 undos, dupacks, sack_blocks;
	/* The device layer's drops (dev_hard_start_xmit: a failed GSO or
	 * linearize, out_kfree_skb). */
	u64 xmit_drops;
	/* skbs that reached the driver with fragments; bytes copied by
	 * pskb_expand_head and by __pskb_pull_tail. */
	u64 frag_skbs, expand_bytes, pull_bytes;
	u32 snd_cwnd, sk_sndbuf;
};

/* `ip link set eth0 up` (the first socket() does it).  Return: 0, or
 * -ENODEV on a board without a NIC, -ENOMEM if the rings cannot be had. */
int net_up(void);
/* Take it all down: every skb and buffer freed, rings unmapped. */
void net_exit(void);
bool net_available(void);
/* After a caught panic: forget the network without freeing it. */
void net_forget(void);

struct net_device *net_dev(void);
struct nic *net_nic(void);
struct peer *net_peer(void);
struct sock *net_socket(void);	/* the connected socket, or NULL */
/* Sockets closed while their clones were below TCP, not yet freed. */
u32 net_dead_sockets(void);

/* Run the NIC and the peer up to this CPU's clock. */
void net_sync(void);
/* Counters of the run so far. */
void net_get_stats(struct net_stats *st);

/*
 * The payload the receiver must see: byte i of the stream is
 * pattern[i % len] (a sender writing one buffer over and over).
 */
void net_expect_pattern(const u8 *pattern, u32 len);

/* Counters the layers bump. */
void net_count_gso_skb(void);
void net_count_gso_seg(void);
void net_count_linearized(void);
void net_count_illegal_highdma(void);
void net_count_requeue(void);
void net_count_xmit_drop(void);

/* Read simulated lowmem without charging (model bookkeeping only). */
void net_peek(vaddr_t va, void *buf, u32 len);
void net_peek_phys(phys_addr_t pa, void *buf, u32 len);

/* The connected socket's file operations and connect (net/socket.c). */
int sock_socket(void);
int sock_connect(int fd);
/* sockfd_lookup - the sock behind descriptor @fd, or NULL if none (no
 * charge: for the model's look-ups and the tests). */
struct sock *sockfd_lookup(int fd);

#endif
