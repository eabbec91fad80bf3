/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A connected TCP/IPv4 socket: struct sock, inet_sock and tcp_sock folded
 * into one (include/net/sock.h, include/linux/tcp.h, 3.14), with what the
 * send path, its flow control and ACK processing read and write.
 *
 * Coarse, and said where it matters: the connection is set up without a
 * handshake (connect() fills in what the SYN exchange would have: MSS 1448
 * with timestamps, window scaling); nothing is lost, so there is no
 * retransmission, no RTO firing and no congestion-avoidance back-off;
 * congestion control is slow start (Reno's and CUBIC's, identical
 * without loss) growing the window while the sender is window-limited.
 */
#ifndef VMSPLIT_NET_SOCK_H
#define VMSPLIT_NET_SOCK_H

#include "base/list.h"
#include "net/skbuff.h"

struct net_device;
struct task_struct;

#define TCP_MSS_DEFAULT 1448u		/* 1500 - 20 - 32: timestamps on */
#define TCP_HDR_LEN 32u			/* 20 + NOP NOP TIMESTAMP */
#define IP_HDR_LEN 20u
/* MAX_TCP_HEADER = 128 + MAX_HEADER (LL_MAX_HEADER 32): headroom every
 * TCP skb reserves for the headers below TCP. */
#define MAX_TCP_HEADER 160u
#define TCP_INIT_CWND 10u
/* sysctl defaults of 3.14 on a machine of this size. */
#define SYSCTL_TCP_WMEM_DEFAULT 16384u
#define SYSCTL_TCP_WMEM_MAX 4194304u
#define SYSCTL_TCP_LIMIT_OUTPUT_BYTES 131072u
#define SYSCTL_TCP_MIN_TSO_SEGS 2u

/* tp->nonagle */
#define TCP_NAGLE_OFF 1
#define TCP_NAGLE_CORK 2
#define TCP_NAGLE_PUSH 4

/* TCP header flags */
#define TCPHDR_FIN 0x01
#define TCPHDR_SYN 0x02
#define TCPHDR_PSH 0x08
#define TCPHDR_ACK 0x10

struct sock {
	struct net_device *dev;		/* the cached route's device */
	u32 sk_route_caps;		/* sk_setup_caps */
	u32 sk_gso_max_size;
	u16 sk_gso_max_segs;
	/* Send-buffer accounting. */
	u32 sk_sndbuf;
	u32 sk_wmem_queued;		/* truesize of the write queue */
	u32 sk_wmem_alloc;		/* truesize of clones below TCP */
	/* SOCK_DEAD: closed while clones were still below TCP.  As in
	 * Linux, where sk_free drops sk_alloc's one of sk_wmem_alloc and
	 * the last sock_wfree frees the sock, those clones keep it. */
	bool dead;
	struct list_head dead_node;	/* on net.c's list while dead */
	bool sock_nospace;		/* SOCK_NOSPACE */
	struct task_struct *waiter;	/* sleeping in sk_stream_wait_memory */
	int sk_err;
	/* lock_sock: owned by a process; softirq input goes to the backlog. */
	bool owned;
	struct list_head backlog;
	struct page_frag pfrag;		/* current->task_frag */
	u64 sk_pacing_rate;		/* bytes per second */
	/* Addresses (network byte order values held as host integers). */
	u32 saddr, daddr;
	u16 sport, dport;
	u8 src_mac[6], dst_mac[6];
	u16 ip_id;
	/* tcp_sock */
	u32 write_seq, pushed_seq, snd_una, snd_nxt, snd_sml;
	u32 snd_wnd, max_window;
	u8 snd_wscale;			/* the peer's window scale */
	u32 rcv_nxt, rcv_wnd;
	u32 mss_cache;
	u16 xmit_size_goal_segs;
	u32 snd_cwnd, snd_cwnd_clamp;
	u32 packets_out;
	int nonagle;
	bool tsq_throttled, tsq_queued;	/* TSQ_THROTTLED, TSQ_QUEUED */
	struct list_head write_queue;	/* snd_una .. write_seq */
	struct sk_buff *send_head;	/* first unsent skb, or NULL */
	struct list_head tsq_node;	/* on the TSQ tasklet's list */
	u32 tsval;			/* timestamp clock (jiffies) */
	/* Statistics. */
	u64 bytes_acked, acks_received, segs_out, skbs_out, tso_fragments;
	u64 autocork_events, sndbuf_waits, backlog_acks;
};

static inline u32 tcp_packets_in_flight(const struct sock *sk)
{
	return sk->packets_out;
}

static inline bool before(u32 a, u32 b)
{
	return (s32)(a - b) < 0;
}

static inline bool after(u32 a, u32 b)
{
	return before(b, a);
}

static inline u32 tcp_wnd_end(const struct sock *sk)
{
	return sk->snd_una + sk->snd_wnd;
}

static inline bool sk_stream_memory_free(const struct sock *sk)
{
	return sk->sk_wmem_queued < sk->sk_sndbuf;
}

static inline struct sk_buff *tcp_write_queue_head(struct sock *sk)
{
	return list_empty(&sk->write_queue) ?
		       NULL :
		       list_first_entry(&sk->write_queue, struct sk_buff,
					list);
}

static inline struct sk_buff *tcp_write_queue_tail(struct sock *sk)
{
	return list_empty(&sk->write_queue) ?
		       NULL :
		       list_last_entry(&sk->write_queue, struct sk_buff, list);
}

static inline struct sk_buff *tcp_write_queue_next(struct sock *sk,
						   struct sk_buff *skb)
{
	return skb->list.next == &sk->write_queue ?
		       NULL :
		       list_entry(skb->list.next, struct sk_buff, list);
}

/* The socket lock as a process takes it (lock_sock / release_sock: the
 * backlog is processed on release). */
void lock_sock(struct sock *sk);
void release_sock(struct sock *sk);

/* tcp.c */
long tcp_sendmsg(struct sock *sk, vaddr_t from, u32 size);
void tcp_push(struct sock *sk, int flags, u32 mss_now, int nonagle,
	      u32 size_goal);
u32 tcp_send_mss(struct sock *sk, u32 *size_goal);
/* tcp_output.c */
bool tcp_write_xmit(struct sock *sk, u32 mss_now, int nonagle, bool push_one);
void __tcp_push_pending_frames(struct sock *sk, u32 cur_mss, int nonagle);
void tcp_update_pacing_rate(struct sock *sk);
void tcp_tasklet_init(void);
/* The destructor of every skb below TCP: its truesize leaves
 * sk_wmem_alloc, and TSQ may resume sending. */
void tcp_wfree(struct sk_buff *skb);
/* tcp_input.c */
void tcp_v4_rcv(struct sk_buff *skb);
/* Process an input segment for @sk (from softirq or the backlog). */
void tcp_v4_do_rcv(struct sock *sk, struct sk_buff *skb);
void sk_stream_write_space(struct sock *sk);
/* A socket is being torn down: it must not be found by input any more. */
void tcp_forget(struct sock *sk);
/* net.c: __sk_free, once a dead socket's last clone is gone. */
void __sk_free(struct sock *sk);
/* tcp_output.c: off the TSQ tasklet's list (a closing socket). */
void tcp_tsq_forget(struct sock *sk);

#endif
