/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A connected TCP/IPv4 socket: struct sock, inet_sock, inet_connection_sock
 * and tcp_sock folded into one (include/net/sock.h, include/net/
 * inet_connection_sock.h, include/linux/tcp.h, 3.16), with what the send
 * path, its flow control, ACK processing and loss recovery read and write.
 *
 * Coarse, and said where it matters: the connection is set up without a
 * handshake (connect() fills in what the SYN exchange would have: MSS 1448
 * with timestamps, SACK and window scaling); the peer never sends data;
 * FACK, SACK and D-SACK on (3.16's sysctl defaults), no ECN, no MTU
 * probing, no urgent data, no FIN.
 */
#ifndef VMSPLIT_NET_SOCK_H
#define VMSPLIT_NET_SOCK_H

#include "base/list.h"
#include "kernel/irq.h"
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
#define HZ_TCP 100u			/* the boards' CONFIG_HZ */
/* sysctl defaults of 3.14 on a machine of this size. */
#define SYSCTL_TCP_WMEM_DEFAULT 16384u
#define SYSCTL_TCP_WMEM_MAX 4194304u
#define SYSCTL_TCP_LIMIT_OUTPUT_BYTES 131072u
#define SYSCTL_TCP_MIN_TSO_SEGS 2u

/* tp->nonagle */
#define TCP_NAGLE_OFF 1
#define TCP_NAGLE_CORK 2
#define TCP_NAGLE_PUSH 4

#define TCP_FASTRETRANS_THRESH 3	/* sysctl_tcp_reordering */
#define TCP_MAX_REORDERING 127
#define TCP_INFINITE_SSTHRESH 0x7fffffffu
/* include/net/tcp.h's times, in jiffies of the kernel's HZ (hz=): 200
 * ms, 120 s, 1 s, 200 ms, 500 ms. */
#define TCP_RTO_MIN (settings_hz(config) / 5)
#define TCP_RTO_MAX (120 * settings_hz(config))
#define TCP_TIMEOUT_INIT settings_hz(config)
#define TCP_DELACK_MAX (settings_hz(config) / 5)
#define TCP_RESOURCE_PROBE_INTERVAL (settings_hz(config) / 2)

/* TCP_SKB_CB(skb)->sacked */
#define TCPCB_SACKED_ACKED 0x01
#define TCPCB_SACKED_RETRANS 0x02
#define TCPCB_LOST 0x04
#define TCPCB_TAGBITS 0x07
#define TCPCB_EVER_RETRANS 0x80
#define TCPCB_RETRANS (TCPCB_SACKED_RETRANS | TCPCB_EVER_RETRANS)

/* icsk_ca_state */
enum tcp_ca_state {
	TCP_CA_Open,
	TCP_CA_Disorder,
	TCP_CA_CWR,
	TCP_CA_Recovery,
	TCP_CA_Loss,
};

/* icsk_pending: which timer the retransmit timer is. */
enum {
	ICSK_TIME_NONE,
	ICSK_TIME_RETRANS,
	ICSK_TIME_EARLY_RETRANS = 4,
	ICSK_TIME_LOSS_PROBE,
};

#define TCP_NUM_SACKS 4

struct tcp_sack_block {
	u32 start_seq, end_seq;
};

/* CUBIC's per-socket state (struct bictcp, net/ipv4/tcp_cubic.c). */
struct bictcp {
	u32 cnt, last_max_cwnd, loss_cwnd, last_cwnd, last_time;
	u32 bic_origin_point, bic_K, delay_min, epoch_start, ack_cnt;
	u32 tcp_cwnd;
	u16 delayed_ack;
	u8 sample_cnt, found;
	u32 round_start, end_seq, last_ack, curr_rtt;
};

/* TCP header flags */
#define TCPHDR_FIN 0x01
#define TCPHDR_SYN 0x02
#define TCPHDR_RST 0x04
#define TCPHDR_PSH 0x08
#define TCPHDR_ACK 0x10

struct sock {
	/* kernel_data=mem_map (net/sock_touch.h): the tcp_sock object, the
	 * socket_alloc object while the file is open, 3.x's socket_wq. */
	vaddr_t kva, socket_kva, wq_kva;
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
	bool queue_shrunk;		/* SOCK_QUEUE_SHRUNK */
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
	/* The RTT estimator (3.15's microseconds) and the RTO. */
	u32 srtt_us, mdev_us, mdev_max_us, rttvar_us, rtt_seq;
	u32 icsk_rto;			/* jiffies */
	u8 icsk_backoff, icsk_retransmits, icsk_pending;
	u32 icsk_timeout;		/* jiffies */
	struct timer_list retransmit_timer;	/* icsk_retransmit_timer */
	bool write_timer_deferred;	/* TCP_WRITE_TIMER_DEFERRED */
	/* Congestion control. */
	u32 snd_ssthresh, prior_ssthresh, snd_cwnd_cnt, snd_cwnd_used;
	u32 snd_cwnd_stamp, prior_cwnd, prr_delivered, prr_out;
	u32 max_packets_out, max_packets_seq;
	bool is_cwnd_limited;
	u32 tso_deferred;		/* 1 | (jiffies << 1): deferring */
	u8 ca_state;			/* icsk_ca_state */
	struct bictcp ca;		/* inet_csk_ca: CUBIC */
	/* The scoreboard (SACK and FACK on). */
	u32 sacked_out, lost_out, retrans_out, fackets_out;
	u32 reordering, high_seq, undo_marker, retrans_stamp;
	int undo_retrans;
	u32 lost_retrans_low, retransmit_high, tlp_high_seq, snd_wl1;
	u8 frto;
	/* The skb after the highest SACKed one (NULL: that was the last
	 * sent); read only while sacked_out (tcp_highest_sack_seq). */
	struct sk_buff *highest_sack;
	bool fack_off;			/* reordering seen: FACK off */
	bool do_early_retrans;		/* tcp_enable_early_retrans */
	/* The timestamp option: what the last ACK echoed. */
	bool saw_tstamp;
	u32 rcv_tsecr;
	/* Statistics. */
	u64 bytes_acked, acks_received, segs_out, skbs_out, tso_fragments;
	u64 autocork_events, sndbuf_waits, backlog_acks;
	u64 total_retrans, fast_recoveries, rto_timeouts, loss_probes;
	u64 undos, dupacks, sack_blocks;
};

static inline u32 tcp_left_out(const struct sock *sk)
{
	return sk->sacked_out + sk->lost_out;
}

/* tcp_packets_in_flight: sent, not known to have left the network, plus
 * retransmissions. */
static inline u32 tcp_packets_in_flight(const struct sock *sk)
{
	return sk->packets_out - tcp_left_out(sk) + sk->retrans_out;
}

static inline bool tcp_in_cwnd_reduction(const struct sock *sk)
{
	return sk->ca_state == TCP_CA_CWR || sk->ca_state == TCP_CA_Recovery;
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

/* Clocks (HZ 100): jiffies, and the skb_mstamp clock in CPU cycles. */
static inline u32 usecs_to_jiffies(u32 us)
{
	return (us + 1000000 / HZ_TCP - 1) / (1000000 / HZ_TCP);
}

static inline u32 msecs_to_jiffies(u32 ms)
{
	return (ms + 1000 / HZ_TCP - 1) / (1000 / HZ_TCP);
}

static inline u32 jiffies_to_usecs(u32 j)
{
	return j * (1000000 / HZ_TCP);
}

/* tcp_time_stamp: jiffies now. */
u32 tcp_time_stamp(void);
u64 tcp_jiffies_to_cycles(u32 j);
/* skb_mstamp_get: now (cycles; charged as 3.15+'s local_clock read). */
u64 skb_mstamp_get(void);
long tcp_mstamp_us_delta(u64 now, u64 then);
/* The RTT clock in microseconds (3.15 on) rather than jiffies. */
bool tcp_usec_rtt(void);

/* The highest SACKed skb's seq, or snd_una (tcp_highest_sack_seq). */
static inline u32 tcp_highest_sack_seq(const struct sock *sk)
{
	if (!sk->sacked_out)
		return sk->snd_una;
	if (!sk->highest_sack)
		return sk->snd_nxt;
	return sk->highest_sack->seq;
}

/*
 * tcp_is_cwnd_limited (3.16): in slow start, while cwnd is less than
 * twice the most packets out in the window; else as tcp_write_xmit last
 * found it (tcp_cwnd_validate).
 */
static inline bool tcp_is_cwnd_limited(const struct sock *sk)
{
	if (sk->snd_cwnd <= sk->snd_ssthresh)
		return sk->snd_cwnd < 2 * sk->max_packets_out;
	return sk->is_cwnd_limited;
}

/* tcp.c */
long tcp_sendmsg(struct sock *sk, vaddr_t from, u32 size);
void tcp_push(struct sock *sk, int flags, u32 mss_now, int nonagle,
	      u32 size_goal);
u32 tcp_send_mss(struct sock *sk, u32 *size_goal);
/* tcp_output.c */
bool tcp_write_xmit(struct sock *sk, u32 mss_now, int nonagle, int push_one);
int tcp_transmit_skb(struct sock *sk, struct sk_buff *skb);
void tcp_adjust_pcount(struct sock *sk, const struct sk_buff *skb, int decr);
void tcp_set_skb_tso_segs(struct sk_buff *skb, u32 mss_now);
int tcp_fragment(struct sock *sk, struct sk_buff *skb, u32 len, u32 mss_now,
		 gfp_t gfp);
/* tcp_retrans.c */
int tcp_retransmit_skb(struct sock *sk, struct sk_buff *skb);
void tcp_xmit_retransmit_queue(struct sock *sk);
bool tcp_may_send_now(struct sock *sk);
bool tcp_schedule_loss_probe(struct sock *sk);
void tcp_send_loss_probe(struct sock *sk);
/* tcp_timer.c: the retransmit timer (icsk_retransmit_timer). */
void inet_csk_reset_xmit_timer(struct sock *sk, u8 what, u32 when);
void inet_csk_clear_xmit_timer(struct sock *sk);
void tcp_rearm_rto(struct sock *sk);
void tcp_write_timer_handler(struct sock *sk);
void tcp_init_xmit_timers(struct sock *sk);
void tcp_clear_xmit_timers(struct sock *sk);
/* tcp_sack.c */
static inline bool tcp_is_fack(const struct sock *sk)
{
	return !sk->fack_off;
}

void tcp_skb_mark_lost(struct sock *sk, struct sk_buff *skb);
/* tcp_recovery.c */
int tcp_sacktag_write_queue(struct sock *sk, const struct tcp_sack_block *sp,
			    int num_sacks, u32 ack, u32 prior_snd_una,
			    long *sack_rtt_us);
void tcp_fastretrans_alert(struct sock *sk, int acked, int prior_unsacked,
			   bool is_dupack, int flag);
void tcp_enter_loss(struct sock *sk, int how);
void tcp_enter_cwr(struct sock *sk, bool set_ssthresh);
void tcp_process_tlp_ack(struct sock *sk, u32 ack, int flag);
void tcp_resume_early_retransmit(struct sock *sk);
void tcp_update_reordering(struct sock *sk, int metric);
void tcp_set_ca_state(struct sock *sk, u8 state);
/* tcp_cubic.c: the congestion control (tcp_congestion_ops) */
void bictcp_init(struct sock *sk);
u32 bictcp_recalc_ssthresh(struct sock *sk);
void bictcp_cong_avoid(struct sock *sk, u32 ack, u32 acked);
void bictcp_state(struct sock *sk, u8 new_state);
u32 bictcp_undo_cwnd(struct sock *sk);
void bictcp_acked(struct sock *sk, u32 cnt, s32 rtt_us);
void __tcp_push_pending_frames(struct sock *sk, u32 cur_mss, int nonagle);
void tcp_update_pacing_rate(struct sock *sk);
void tcp_tasklet_init(void);
/* The destructor of every skb below TCP: its truesize leaves
 * sk_wmem_alloc, and TSQ may resume sending. */
void tcp_wfree(struct sk_buff *skb);
/* tcp_input.c */
int tcp_trim_head(struct sock *sk, struct sk_buff *skb, u32 len);
void tcp_sndbuf_expand(struct sock *sk);
/* What 3.16 sets up for an established socket: cwnd 10, ssthresh
 * infinite, RTO 1 s, CUBIC, the send buffer, the timers. */
void tcp_init_sock(struct sock *sk);
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
