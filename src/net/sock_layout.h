/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Socket objects as 3.14, 3.16 and 5.7 lay them out, for kernel_data=
 * mem_map's socket placement (issue 31 item 1; net/sock_touch.h places
 * and touches them), measured with pahole on -g builds of each kernel's
 * headers (docs/kernel-objects.md section 10).
 *
 * Objects and caches:
 *   - struct socket inside struct socket_alloc (with the vfs_inode), one
 *     sock_inode_cache object (net/socket.c init_inodecache:
 *     SLAB_HWCACHE_ALIGN and a constructor): 3.14/3.16 320 B (socket
 *     28 B at 0, inode at 32), under SLUB with the free pointer after the
 *     object (the constructor), stride ALIGN(324, 32) = 352; 5.7 576 B
 *     (socket 128 B, its embedded wq at 64; inode at 128), SLAB, 576;
 *   - 3.x's struct socket_wq, kmalloc'd by sock_alloc_inode (20 B: the
 *     wait queue head at 0, fasync_list, rcu); 5.7 embeds it at 64;
 *   - struct tcp_sock (sock, inet_sock, inet_connection_sock first), one
 *     "TCP" object (net/core/sock.c proto_register: SLAB_HWCACHE_ALIGN |
 *     tcp_prot.slab_flags, SLAB_DESTROY_BY_RCU, which under SLUB puts the
 *     free pointer after the object too): 3.14 1184 B and 3.16 1192 B,
 *     stride ALIGN(size + 4, 32) = 1216 for both; 5.7 1736 B, SLAB, 1792.
 *
 * The fields are those that the functions of the modelled send and ACK
 * paths read or write (net/socket.c, net/core/sock.c, stream.c,
 * net/ipv4/tcp.c, tcp_output.c, tcp_input.c, tcp_timer.c, ip_output.c,
 * tcp_cubic.c); each is touched where the model's function reads or
 * writes its host copy in struct sock (net/sock.h).  A field a kernel
 * does not have has len 0 (never touched there).
 */
#ifndef VMSPLIT_NET_SOCK_LAYOUT_H
#define VMSPLIT_NET_SOCK_LAYOUT_H

#include "base/types.h"

/* Fields of the TCP object: struct sock (from its sock_common), then
 * inet_sock, inet_connection_sock and tcp_sock. */
enum sock_field {
	SKF_daddr,		/* skc_daddr: inet_daddr */
	SKF_dport,		/* skc_dport: inet_dport (u16) */
	SKF_num,		/* skc_num: inet_num (u16) */
	SKF_state,		/* skc_state (u8) */
	SKF_prot,		/* skc_prot: sk->sk_prot */
	SKF_refcnt,		/* skc_refcnt: sock_hold, sock_put */
	SKF_slock,		/* sk_lock.slock: 5.7's word; UP: none */
	SKF_owned,		/* sk_lock.owned */
	SKF_lock_wq,		/* sk_lock.wq's list head (waitqueue_active) */
	SKF_backlog,		/* sk_backlog: rmem_alloc, len, head, tail */
	SKF_backlog_tail,	/* sk_backlog.tail */
	SKF_forward_alloc,	/* sk_forward_alloc */
	SKF_wq,			/* sk_wq: sk_sleep() */
	SKF_flags,		/* sk_flags (5.7: __sk_common.skc_flags) */
	SKF_dst_cache,		/* sk_dst_cache: __sk_dst_get */
	SKF_wmem_alloc,		/* sk_wmem_alloc */
	SKF_sndbuf,		/* sk_sndbuf */
	SKF_write_queue,	/* sk_write_queue (sk_buff_head) */
	SKF_shutdown,		/* sk_shutdown (3.x: its bit-field word) */
	SKF_protocol,		/* sk_protocol (3.x: the same word) */
	SKF_wmem_queued,	/* sk_wmem_queued */
	SKF_allocation,		/* sk_allocation */
	SKF_pacing_rate,	/* sk_pacing_rate */
	SKF_route_caps,		/* sk_route_caps */
	SKF_gso_max_size,	/* sk_gso_max_size */
	SKF_gso_max_segs,	/* sk_gso_max_segs (u16) */
	SKF_err,		/* sk_err */
	SKF_err_soft,		/* sk_err_soft */
	SKF_priority,		/* sk_priority */
	SKF_sndtimeo,		/* sk_sndtimeo */
	SKF_socket,		/* sk_socket */
	SKF_send_head,		/* sk_send_head */
	SKF_write_pending,	/* sk_write_pending */
	SKF_mark,		/* sk_mark */
	SKF_write_space,	/* the sk_write_space callback */
	SKF_tsq_flags,		/* 5.7: sk_tsq_flags; 3.x: tcp_sock's */
	INF_saddr,		/* inet_sock: inet_saddr */
	INF_uc_ttl,		/* uc_ttl (s16) */
	INF_sport,		/* inet_sport (u16) */
	INF_id,			/* inet_id (u16) */
	INF_opt,		/* inet_opt, rx_dst_ifindex, tos .. pmtudisc */
	ICF_timer,		/* icsk_timeout, icsk_retransmit_timer */
	ICF_rto,		/* icsk_rto */
	ICF_pmtu_cookie,	/* icsk_pmtu_cookie */
	ICF_ca_ops,		/* icsk_ca_ops */
	ICF_af_ops,		/* icsk_af_ops */
	ICF_state,		/* icsk_ca_state, _retransmits, _pending,
				 * _backoff (one word) */
	ICF_ext_hdr_len,	/* icsk_ext_hdr_len (u16) */
	ICF_ack,		/* icsk_ack: pending, quick, pingpong, blocked
				 * (5.7: retry), ato */
	ICF_ca_priv,		/* icsk_ca_priv: CUBIC's struct bictcp (64 B) */
	TPF_header_len,		/* tcp_header_len (u16) */
	TPF_size_goal_segs,	/* xmit_size_goal_segs (5.7: gso_segs), u16 */
	TPF_pred_flags,		/* pred_flags: header prediction */
	TPF_rcv_nxt,
	TPF_snd_nxt,
	TPF_snd_una,
	TPF_snd_sml,
	TPF_rcv_tstamp,
	TPF_lsndtime,
	TPF_tsq_node,		/* tsq_node (list_head) */
	TPF_snd_wl1,
	TPF_snd_wnd,
	TPF_max_window,
	TPF_mss_cache,
	TPF_nonagle,		/* nonagle .. repair, frto (a bit-field byte) */
	TPF_rtt,		/* srtt_us, mdev_us, mdev_max_us, rttvar_us,
				 * rtt_seq (3.14: srtt .. rtt_seq) */
	TPF_packets_out,
	TPF_retrans_out,
	TPF_rx_opt,		/* rx_opt (tcp_options_received, 24 B) */
	TPF_snd_ssthresh,
	TPF_snd_cwnd,
	TPF_snd_cwnd_cnt,
	TPF_snd_cwnd_stamp,
	TPF_rcv_wnd,
	TPF_write_seq,
	TPF_pushed_seq,
	TPF_left_out,		/* lost_out, sacked_out (3.x: fackets_out) */
	TPF_tso_deferred,	/* 3.x only */
	TPF_skb_hints,		/* lost_skb_hint, retransmit_skb_hint */
	TPF_highest_sack,
	TPF_lost_cnt_hint,
	TPF_high_seq,
	TPF_fastopen_rsk,
	NR_SOCK_FIELDS
};

/* Fields of struct socket, at the start of its socket_alloc object. */
enum socket_field {
	SOF_type,		/* type (short) */
	SOF_flags,		/* flags: SOCK_NOSPACE, SOCK_ASYNC_NOSPACE */
	SOF_wq,			/* 3.x: the socket_wq pointer; 5.7: none */
	SOF_sk,			/* sk */
	SOF_ops,		/* ops */
	NR_SOCKET_FIELDS
};

struct sock_layout {
	const char *kernel;
	u16 socket_alloc_size;	/* sizeof(struct socket_alloc) */
	u16 socket_alloc_slab;	/* its slab object (SLUB: + free pointer) */
	u16 socket_alloc_align;	/* SLAB_HWCACHE_ALIGN: L1_CACHE_BYTES */
	u16 socket_inode;	/* offsetof(socket_alloc, vfs_inode) */
	/* The socket's wait queue head (sk_sleep): 3.x in a kmalloc'd
	 * socket_wq of wq_size bytes, at 0; 5.7 in the socket, at
	 * wq_off (wq_size 0). */
	u16 wq_size, wq_off;
	u8 wait_len;		/* wait_queue_head_t: lock and list head */
	u16 tcp_sock_size;	/* tcp_prot.obj_size */
	u16 tcp_sock_slab;	/* its slab object (SLUB: + free pointer) */
	u16 tcp_sock_align;	/* SLAB_HWCACHE_ALIGN: L1_CACHE_BYTES */
	u16 off[NR_SOCK_FIELDS];
	u8 len[NR_SOCK_FIELDS];
	u8 socket_off[NR_SOCKET_FIELDS];
	u8 socket_len[NR_SOCKET_FIELDS];
};

/*
 * sock_layout_of - the layout of the kernel @kernel_version
 * (KERNEL_VERSION) names: 3.14 below 3.15, 3.16 below 5.0, 5.7 from there
 * (5.11 and 6.1 taken as 5.7's); NULL for 2.5.73 (not derived).
 */
const struct sock_layout *sock_layout_of(u32 kernel_version);

#endif
