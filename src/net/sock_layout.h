/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Socket objects as 3.14, 3.16 and 5.7 lay them out: a ready table for
 * kernel_data=mem_map's socket placement (issue 31 item 1), measured with
 * pahole on -g builds of each kernel's headers (docs/kernel-objects.md
 * section 10).  Nothing touches through it yet: the send path is being
 * rewritten; the note below says which function should touch what.
 *
 * Objects and caches (net/core/sock.c proto_register: SLAB_HWCACHE_ALIGN;
 * net/socket.c sock_inode_cache):
 *   - struct socket inside struct socket_alloc (with the vfs_inode), one
 *     sock_inode_cache object: 3.14/3.16 320 B (socket 28 B at 0, inode
 *     at 32), 5.7 576 B (socket 128 B, its wq aligned to 64; inode at 128);
 *   - struct tcp_sock (sock, inet_sock, inet_connection_sock first), one
 *     "TCP" object: 3.14 1184 B, 3.16 1192 B (stride 1216 at 32), 5.7
 *     1736 B (stride 1792 at 64).
 *
 * Which functions should touch which fields (3.14/3.16 net/ipv4/tcp.c,
 * tcp_output.c, net/core/sock.c, stream.c; 5.7 the same names):
 *   - sock_aio_write / sock_write_iter: file->private_data, then
 *     socket->sk (SOCK_sk) and socket->ops; sock_sendmsg: sk->sk_prot;
 *   - lock_sock / release_sock: sk_lock (slock, owned; release_sock
 *     also sk_backlog.tail, and tcp_release_cb reads tsq_flags (3.x) or
 *     sk_tsq_flags (5.7));
 *   - tcp_sendmsg: sk_sndtimeo, sk_state (skc_state), sk_route_caps,
 *     tcp_send_mss -> tcp_current_mss (mss_cache, tcp_header_len,
 *     xmit_size_goal_segs, sk_gso_max_size / sk_gso_max_segs),
 *     tcp_write_queue_tail (sk_write_queue), sk_stream_memory_free
 *     (sk_wmem_queued, sk_sndbuf), skb_entail (sk_write_queue,
 *     sk_send_head, write_seq, pushed_seq, sk_wmem_queued,
 *     sk_forward_alloc), the copy's write_seq and sk_wmem_queued,
 *     tcp_push (nonagle, pushed_seq, sk_send_head);
 *   - tcp_write_xmit: sk_send_head, snd_cwnd, packets_out, snd_una,
 *     snd_nxt, mss_cache, tsq's sk_wmem_alloc and sk_pacing_rate (3.14:
 *     sk_pacing_rate for tcp_tso_autosize is 3.18+), tcp_event_new_data_sent
 *     (snd_nxt, packets_out);
 *   - tcp_transmit_skb: inet_sock (inet_saddr, inet_dport, inet_id),
 *     sk_wmem_alloc, the icsk_af_ops; tcp_ack: snd_una, packets_out,
 *     snd_cwnd, sk_wmem_queued, sk_write_queue; sk_stream_wait_memory:
 *     sk_write_pending, sk_socket->flags, sk_wq.
 */
#ifndef VMSPLIT_NET_SOCK_LAYOUT_H
#define VMSPLIT_NET_SOCK_LAYOUT_H

#include "base/types.h"

enum sock_field {
	SKF_state,		/* __sk_common.skc_state (u8) */
	SKF_flags,		/* sk_flags (5.7: __sk_common.skc_flags) */
	SKF_lock,		/* sk_lock: slock, owned, wq */
	SKF_wmem_alloc,		/* sk_wmem_alloc */
	SKF_sndbuf,		/* sk_sndbuf */
	SKF_write_queue,	/* sk_write_queue (sk_buff_head) */
	SKF_wmem_queued,	/* sk_wmem_queued */
	SKF_send_head,		/* sk_send_head */
	SKF_route_caps,		/* sk_route_caps */
	SKF_gso_max_size,	/* sk_gso_max_size */
	SKF_pacing_rate,	/* sk_pacing_rate */
	SKF_sndtimeo,		/* sk_sndtimeo */
	SKF_write_pending,	/* sk_write_pending */
	SKF_socket,		/* sk_socket */
	SKF_tsq_flags,		/* 5.7: sk_tsq_flags; 3.x: tcp_sock's */
	TPF_header_len,		/* tcp_header_len (u16) */
	TPF_snd_nxt,
	TPF_snd_una,
	TPF_mss_cache,
	TPF_packets_out,
	TPF_snd_cwnd,
	TPF_write_seq,
	TPF_pushed_seq,
	TPF_nonagle,		/* nonagle (a bit-field byte) */
	NR_SOCK_FIELDS
};

struct sock_layout {
	const char *kernel;
	u16 socket_alloc_size;	/* sock_inode_cache object */
	u16 socket_size;	/* struct socket, at 0 of it */
	u16 socket_inode;	/* offsetof(socket_alloc, vfs_inode) */
	u16 socket_sk;		/* socket->sk */
	u16 tcp_sock_size;	/* tcp_prot.obj_size */
	u16 tcp_sock_align;	/* SLAB_HWCACHE_ALIGN: L1_CACHE_BYTES */
	u16 off[NR_SOCK_FIELDS];
	u8 len[NR_SOCK_FIELDS];
};

/*
 * sock_layout_of - the layout of the kernel @kernel_version
 * (KERNEL_VERSION) names: 3.14 below 3.15, 3.16 below 5.0, 5.7 from there
 * (5.11 and 6.1 taken as 5.7's); NULL for 2.5.73 (not derived).
 */
const struct sock_layout *sock_layout_of(u32 kernel_version);

#endif
