/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The socket objects at their simulated addresses (kernel_data=mem_map):
 * each socket the model makes gets, at socket(), a sock_inode_cache object
 * (struct socket_alloc: struct socket and its inode; on 3.x also the
 * kmalloc'd struct socket_wq, whose wait queue head 5.7 embeds in the
 * socket) and a "TCP" cache object (struct tcp_sock), at the board's
 * kernel's sizes and alignment (net/sock_layout.h), and the fields that
 * Linux's send and ACK paths read and write are charged there through the
 * TLB and caches.  The host keeps the values (struct sock, net/sock.h).
 *
 * Lifetimes are Linux's: the socket_alloc and its socket_wq go when the
 * file's last reference does (sock_destroy_inode), the tcp_sock when the
 * last reference to the sock does -- after a close, the last transmitted
 * clone's tcp_wfree (sk_free's sk_wmem_alloc reference, __sk_free).
 *
 * The caches are made at the first socket(), as the network itself is
 * (net_init; Linux makes them at boot in sock_init and proto_register),
 * so that a run without a network keeps its memory layout.  Under
 * kernel_data=host and on 2.5.73 (no layout derived) nothing is placed:
 * sk->kva is 0 and every touch is a test of it.
 */
#ifndef VMSPLIT_NET_SOCK_TOUCH_H
#define VMSPLIT_NET_SOCK_TOUCH_H

#include "arch/kv.h"
#include "net/sock.h"
#include "net/sock_layout.h"

/* The layout charged while the network is up, or NULL. */
extern const struct sock_layout *sock_touch_layout;

/*
 * sock_touch_init - at net_init: the board's kernel's layout and its two
 * caches (sock_inode_cache, "TCP"); nothing under kernel_data=host.
 * sock_touch_exit - at net_exit, every socket gone: the caches destroyed.
 * sock_touch_forget - an abandoned kernel: the pointers dropped.
 */
void sock_touch_init(void);
void sock_touch_exit(void);
void sock_touch_forget(void);

/*
 * sock_place - socket()'s objects for @sk: sock_alloc_inode's
 * socket_alloc (written whole: the socket's fields and inode_init_always)
 * and, on 3.x, its kmalloc'd socket_wq (init_waitqueue_head,
 * fasync_list); sk_alloc's tcp_sock (sk_prot_alloc, __GFP_ZERO: cleared
 * whole).  Return: 0 (also when nothing is placed), or -ENOMEM with
 * nothing left allocated.
 */
int sock_place(struct sock *sk);
/* sock_destroy_inode: the socket_alloc and the socket_wq. */
void sock_unplace_socket(struct sock *sk);
/* sk_prot_free: the tcp_sock. */
void sock_unplace(struct sock *sk);

/* One field of the TCP object, read (@write false) or written. */
static inline void sk_touch(const struct sock *sk, enum sock_field f,
			    bool write)
{
	if (sk->kva && sock_touch_layout->len[f])
		kv_touch(sk->kva + sock_touch_layout->off[f],
			 sock_touch_layout->len[f], write);
}

/* A read-modify-write of @f (an atomic, a bit operation, +=). */
static inline void sk_touch_rmw(const struct sock *sk, enum sock_field f)
{
	sk_touch(sk, f, false);
	sk_touch(sk, f, true);
}

/* One field of the struct socket (while the file is open). */
static inline void socket_touch(const struct sock *sk, enum socket_field f,
				bool write)
{
	if (sk->socket_kva && sock_touch_layout->socket_len[f])
		kv_touch(sk->socket_kva + sock_touch_layout->socket_off[f],
			 sock_touch_layout->socket_len[f], write);
}

/*
 * Two fields loaded (or stored) together: when they share an L1 line
 * (L1_CACHE_BYTES, the layout's alignment) the second access would hit
 * the line the first brought in, so one access of their span stands for
 * both -- the cycles are the same, the host does half the work; else one
 * access each.
 */
static inline void sk_touch2(const struct sock *sk, enum sock_field a,
			     enum sock_field b, bool write)
{
	const struct sock_layout *l = sock_touch_layout;
	u32 lo, hi, line;

	if (!sk->kva)
		return;
	line = l->tcp_sock_align;
	lo = MIN(l->off[a], l->off[b]);
	hi = MAX(l->off[a] + l->len[a], l->off[b] + l->len[b]);
	if (l->len[a] && l->len[b] && lo / line == (hi - 1) / line) {
		kv_touch(sk->kva + lo, hi - lo, write);
		return;
	}
	sk_touch(sk, a, write);
	sk_touch(sk, b, write);
}

/* tcp_packets_in_flight's loads: packets_out and retrans_out (next to
 * each other), sacked_out and lost_out (tcp_left_out). */
static inline void tcp_in_flight_touch(const struct sock *sk)
{
	sk_touch2(sk, TPF_packets_out, TPF_retrans_out, false);
	sk_touch(sk, TPF_left_out, false);
}

/* tcp_wnd_end's loads: snd_una, snd_wnd. */
static inline void tcp_wnd_end_touch(const struct sock *sk)
{
	sk_touch2(sk, TPF_snd_una, TPF_snd_wnd, false);
}

/* sk_stream_memory_free's loads: sk_wmem_queued, sk_sndbuf. */
static inline void sk_stream_memory_free_touch(const struct sock *sk)
{
	sk_touch2(sk, SKF_wmem_queued, SKF_sndbuf, false);
}

/* tcp_current_mss's loads: mss_cache, the route (__sk_dst_get) and its
 * MTU against icsk_pmtu_cookie, tcp_established_options' rx_opt against
 * tcp_header_len. */
static inline void tcp_current_mss_touch(const struct sock *sk)
{
	sk_touch(sk, TPF_mss_cache, false);
	sk_touch(sk, SKF_dst_cache, false);
	sk_touch(sk, ICF_pmtu_cookie, false);
	sk_touch(sk, TPF_rx_opt, false);
	sk_touch(sk, TPF_header_len, false);
}

/* @len bytes at @off of the congestion control's private area
 * (icsk_ca_priv: CUBIC's struct bictcp). */
static inline void sk_ca_touch(const struct sock *sk, u32 off, u32 len,
			       bool write)
{
	if (sk->kva)
		kv_touch(sk->kva + sock_touch_layout->off[ICF_ca_priv] + off,
			 len, write);
}

/*
 * sk_sleep(sk)'s wait queue head: sk->sk_wq read, then the head (its
 * lock word on SMP and the list) read or, for prepare_to_wait,
 * finish_wait and a wake-up's lock, read and written.
 */
void sk_sleep_touch(const struct sock *sk, bool write);

#endif
