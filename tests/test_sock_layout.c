// SPDX-License-Identifier: GPL-2.0-only
/*
 * The socket layout table (net/sock_layout.h), measured with pahole: the
 * kernels map to their tables, every field lies inside tcp_sock (and is
 * there, but for the few a kernel lacks: 3.x's empty UP slock, 5.7's
 * tso_deferred and socket->wq pointer), the send path's fields sit where
 * 3.14's, 3.16's and 5.7's headers put them, and the slab objects carry
 * SLUB's free pointer after the object on 3.x.
 */
#include "helpers.h"

#include "net/sock_layout.h"
#include "platforms/platform.h"

Test(sock_layout, tables_per_kernel)
{
	const struct sock_layout *a = sock_layout_of(KERNEL_VERSION(3, 14, 0));
	const struct sock_layout *b = sock_layout_of(KERNEL_VERSION(3, 16, 0));
	const struct sock_layout *c = sock_layout_of(KERNEL_VERSION(5, 7, 0));

	cr_assert_null(sock_layout_of(KERNEL_VERSION(2, 5, 73)));
	cr_assert_eq(sock_layout_of(KERNEL_VERSION(6, 1, 0)), c);
	cr_assert_eq(a->tcp_sock_size, 1184);
	cr_assert_eq(b->tcp_sock_size, 1192);
	cr_assert_eq(c->tcp_sock_size, 1736);
	/* sk_wmem_queued and sk_sndbuf: sk_stream_memory_free's pair. */
	cr_assert_eq(a->off[SKF_wmem_queued], 172);
	cr_assert_eq(a->off[SKF_sndbuf], 152);
	cr_assert_eq(c->off[SKF_wmem_queued], 240);
	cr_assert_eq(c->off[SKF_sndbuf], 236);
	/* 3.16's tcp_sock grows from snd_ssthresh on. */
	cr_assert_eq(b->off[TPF_snd_cwnd] - a->off[TPF_snd_cwnd], 8);
	cr_assert_eq(b->off[TPF_snd_nxt], a->off[TPF_snd_nxt]);
	/* inet_sock's and tcp_sock's pairs read together. */
	cr_assert_eq(b->off[INF_id] - b->off[INF_sport], 2);
	cr_assert_eq(b->off[TPF_rx_opt] - a->off[TPF_rx_opt], 8);
	cr_assert_eq(b->off[TPF_fastopen_rsk], 1184);
	cr_assert_eq(c->off[TPF_fastopen_rsk], 1728);
	for (u32 f = 0; f < NR_SOCK_FIELDS; f++) {
		const struct sock_layout *l[] = { a, b, c };

		for (u32 k = 0; k < 3; k++) {
			bool absent = (f == SKF_slock && k < 2) ||
				      (f == TPF_tso_deferred && k == 2);

			cr_assert_eq(l[k]->len[f] == 0, absent, "%s field %u",
				     l[k]->kernel, f);
			cr_assert_leq(l[k]->off[f] + l[k]->len[f],
				      l[k]->tcp_sock_size, "%s field %u",
				      l[k]->kernel, f);
		}
	}
	for (u32 f = 0; f < NR_SOCKET_FIELDS; f++) {
		cr_assert_neq(b->socket_len[f], 0);
		cr_assert_eq(c->socket_len[f] == 0, f == SOF_wq);
		cr_assert_leq(c->socket_off[f] + c->socket_len[f], 64);
	}
	/* SLUB (3.x): init_once and SLAB_DESTROY_BY_RCU put the free
	 * pointer after the object; SLAB (5.7) does not. */
	cr_assert_eq(a->socket_alloc_slab, 324);
	cr_assert_eq(a->tcp_sock_slab, 1188);
	cr_assert_eq(b->tcp_sock_slab, 1196);
	cr_assert_eq(c->tcp_sock_slab, c->tcp_sock_size);
	cr_assert_eq(c->socket_alloc_slab, c->socket_alloc_size);
	cr_assert_eq(c->wq_off, 64);
}
