// SPDX-License-Identifier: GPL-2.0-only
/*
 * The socket objects at their simulated addresses (see net/sock_touch.h).
 */
#include "net/sock_touch.h"

#include "base/errno.h"
#include "config/runtime.h"
#include "config/settings.h"
#include "mm/gfp.h"
#include "mm/kmalloc.h"
#include "mm/page_touch.h"
#include "mm/slab.h"

const struct sock_layout *sock_touch_layout;
static struct kmem_cache *sock_inode_cachep, *tcp_cachep;

void sock_touch_init(void)
{
	const struct sock_layout *l;

	if (!page_touch_layout || sock_touch_layout)
		return;
	l = sock_layout_of(settings_kernel_version(config));
	if (!l)
		return;
	/* net/socket.c init_inodecache; net/core/sock.c proto_register
	 * (tcp_prot.obj_size).  The slab sizes carry SLUB's free pointer
	 * where it goes after the object (sock_layout.h). */
	sock_inode_cachep = kmem_cache_create("sock_inode_cache",
					      l->socket_alloc_slab,
					      l->socket_alloc_align);
	tcp_cachep =
		kmem_cache_create("TCP", l->tcp_sock_slab, l->tcp_sock_align);
	sock_touch_layout = l;
}

void sock_touch_exit(void)
{
	if (sock_inode_cachep)
		kmem_cache_destroy(sock_inode_cachep);
	if (tcp_cachep)
		kmem_cache_destroy(tcp_cachep);
	sock_touch_forget();
}

void sock_touch_forget(void)
{
	sock_inode_cachep = tcp_cachep = NULL;
	sock_touch_layout = NULL;
}

int sock_place(struct sock *sk)
{
	const struct sock_layout *l = sock_touch_layout;

	sk->kva = sk->socket_kva = sk->wq_kva = 0;
	if (!l)
		return 0;
	/* sock_alloc -> new_inode_pseudo -> sock_alloc_inode: the object,
	 * its socket_wq (3.x), the socket's fields, then
	 * inode_init_always's stores over the inode. */
	sk->socket_kva = kmem_cache_alloc(sock_inode_cachep, GFP_KERNEL);
	if (!sk->socket_kva)
		return -ENOMEM;
	if (l->wq_size) {
		sk->wq_kva = kmalloc(l->wq_size, GFP_KERNEL);
		if (!sk->wq_kva)
			goto free_socket;
		kv_touch(sk->wq_kva, l->wait_len + 4, true);
	}
	kv_touch(sk->socket_kva, l->socket_alloc_size, true);
	/* inet_create -> sk_alloc -> sk_prot_alloc: the object cleared
	 * (sk_prot_clear_nulls); sock_init_data, tcp_v4_init_sock and the
	 * connection's set-up then write into the cleared lines. */
	sk->kva = kmem_cache_alloc(tcp_cachep, GFP_KERNEL | __GFP_ZERO);
	if (!sk->kva)
		goto free_wq;
	return 0;
free_wq:
	if (sk->wq_kva)
		kfree(sk->wq_kva);
free_socket:
	kmem_cache_free(sock_inode_cachep, sk->socket_kva);
	sk->socket_kva = sk->wq_kva = 0;
	return -ENOMEM;
}

void sock_unplace_socket(struct sock *sk)
{
	/* sock_destroy_inode: kfree_rcu(wq) (freed here at once),
	 * kmem_cache_free(sock_inode_cachep). */
	if (sk->wq_kva)
		kfree(sk->wq_kva);
	if (sk->socket_kva)
		kmem_cache_free(sock_inode_cachep, sk->socket_kva);
	sk->socket_kva = sk->wq_kva = 0;
}

void sock_unplace(struct sock *sk)
{
	if (sk->kva)
		kmem_cache_free(tcp_cachep, sk->kva);
	sk->kva = 0;
}

void sk_sleep_touch(const struct sock *sk, bool write)
{
	const struct sock_layout *l = sock_touch_layout;
	vaddr_t wait;

	if (!sk->socket_kva)
		return;
	sk_touch(sk, SKF_wq, false);
	wait = l->wq_size ? sk->wq_kva : sk->socket_kva + l->wq_off;
	kv_touch(wait, l->wait_len, false);
	if (write)
		kv_touch(wait, l->wait_len, true);
}
