// SPDX-License-Identifier: GPL-2.0-only
/*
 * The socket objects at their simulated addresses (kernel_data=mem_map,
 * net/sock_touch.h): socket() places a socket_alloc (sock_inode_cache)
 * and a tcp_sock ("TCP") object at the board's kernel's sizes -- strides
 * 352 and 1216 on 3.14 and 3.16 (SLUB's free pointer after the object),
 * 576 and 1792 on 5.7 -- and 3.x's kmalloc'd socket_wq; close frees the
 * socket_alloc, the last clone's tcp_wfree the tcp_sock; kernel_data=host
 * places nothing (nor would 2.5.73, whose boards have no NIC:
 * test_sock_layout.c pins that it has no layout).
 */
#include "helpers.h"

#include "arch/kv.h"
#include "kernel/user.h"
#include "mm/slab.h"
#include "net/net.h"
#include "net/sock.h"
#include "net/sock_touch.h"

#define KW "kirkwood-openblocks-a7"

static struct {
	vaddr_t kva[2], socket_kva[2], wq_kva[2];
	u32 dead_after_close;
	int fd[2];
} seen;

/* Two sockets, the first connected; their objects recorded. */
static void two_sockets_main(void *arg)
{
	(void)arg;
	for (int i = 0; i < 2; i++) {
		struct sock *sk;

		seen.fd[i] = sys_socket();
		cr_assert_geq(seen.fd[i], 0);
		sk = sockfd_lookup(seen.fd[i]);
		cr_assert_not_null(sk);
		seen.kva[i] = sk->kva;
		seen.socket_kva[i] = sk->socket_kva;
		seen.wq_kva[i] = sk->wq_kva;
	}
	cr_assert_eq(sys_connect(seen.fd[0]), 0);
	sys_close(seen.fd[0]);
	sys_close(seen.fd[1]);
	seen.dead_after_close = net_dead_sockets();
	sys_exit(0);
}

Test(sock_touch, objects_per_kernel)
{
	static const struct {
		const char *kernel;
		u32 tcp, socket;	/* strides */
		bool wq;		/* a kmalloc'd socket_wq */
	} k[] = {
		{ "kernel=3.14", 1216, 352, true },
		{ "kernel=3.16", 1216, 352, true },
		{ "kernel=5.7", 1792, 576, false },
	};

	for (u32 i = 0; i < ARRAY_SIZE(k); i++) {
		memset(&seen, 0, sizeof(seen));
		TEST_BOOT(KW, k[i].kernel, "kernel_data=mem_map");
		test_run_process(two_sockets_main, NULL);
		cr_assert_eq(seen.kva[1] - seen.kva[0], k[i].tcp, "%s",
			     k[i].kernel);
		cr_assert_eq(seen.socket_kva[1] - seen.socket_kva[0],
			     k[i].socket, "%s", k[i].kernel);
		cr_assert_eq(seen.wq_kva[0] != 0, k[i].wq, "%s", k[i].kernel);
		test_shutdown();
	}
}

/* Closed with nothing in flight, both sockets' objects are freed at
 * close (the shutdown's leak checks would name any left). */
Test(sock_touch, close_frees_the_objects)
{
	memset(&seen, 0, sizeof(seen));
	TEST_BOOT(KW, "kernel_data=mem_map");
	test_run_process(two_sockets_main, NULL);
	cr_assert_eq(seen.dead_after_close, 0);
	test_shutdown();
}

Test(sock_touch, host_places_nothing)
{
	memset(&seen, 0, sizeof(seen));
	TEST_BOOT(KW, "kernel_data=host");
	test_run_process(two_sockets_main, NULL);
	cr_assert_eq(seen.kva[0], 0);
	cr_assert_eq(seen.socket_kva[0], 0);
	cr_assert_eq(seen.wq_kva[0], 0);
	test_shutdown();
}
