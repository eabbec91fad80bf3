// SPDX-License-Identifier: GPL-2.0-only
/*
 * The socket objects at their simulated addresses (kernel_data=mem_map,
 * net/sock_touch.h): socket() places a socket_alloc (sock_inode_cache)
 * and a tcp_sock ("TCP") object at the board's kernel's sizes -- strides
 * 352 and 1216 on 3.14 and 3.16 (SLUB's free pointer after the object),
 * 576 and 1792 on 5.7 -- and 3.x's kmalloc'd socket_wq; close frees the
 * socket_alloc, the last clone's tcp_wfree the tcp_sock; kernel_data=host
 * places nothing (nor would 2.5.73, whose boards have no NIC:
 * test_sock_layout.c pins that it has no layout).  One write(), one ACK
 * and a sleep on a full send buffer touch exactly the fields and lines
 * 3.16's functions do.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "fs/file.h"
#include "fs/vfs.h"
#include "kernel/user.h"
#include "net/checksum.h"
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

/*
 * The touches that fall in the socket's objects: the tcp_sock (OBJ_TCP),
 * the socket_alloc (OBJ_SOCKET), 3.x's socket_wq (OBJ_WQ) and the file
 * (OBJ_FILE: its private_data).
 */
enum { OBJ_TCP, OBJ_SOCKET, OBJ_WQ, OBJ_FILE, NR_OBJ };
#define MAX_SEEN 4096

static struct {
	vaddr_t base[NR_OBJ];
	u32 size[NR_OBJ];
	u32 n, reads[NR_OBJ], writes[NR_OBJ];
	u64 lines, written;	/* the tcp_sock's 32-byte lines */
	u16 field_r[NR_SOCK_FIELDS], field_w[NR_SOCK_FIELDS];
} rec;

static void record(vaddr_t va, u32 len, bool write)
{
	for (u32 i = 0; i < NR_OBJ; i++) {
		u32 off;

		if (!rec.base[i] || va < rec.base[i] ||
		    va >= rec.base[i] + rec.size[i])
			continue;
		cr_assert_lt(rec.n, MAX_SEEN);
		rec.n++;
		if (write)
			rec.writes[i]++;
		else
			rec.reads[i]++;
		if (i != OBJ_TCP)
			continue;
		off = (u32)(va - rec.base[i]);
		for (u32 b = off / 32; b <= (off + len - 1) / 32; b++) {
			rec.lines |= 1ull << b;
			if (write)
				rec.written |= 1ull << b;
		}
		/* The field: the first of the layout's with this place (the
		 * 3.x bit-field word is SKF_shutdown's). */
		for (u32 f = 0; f < NR_SOCK_FIELDS; f++)
			if (sock_touch_layout->off[f] == off &&
			    sock_touch_layout->len[f] == len) {
				if (write)
					rec.field_w[f]++;
				else
					rec.field_r[f]++;
				break;
			}
	}
}

static void record_sock(const struct sock *sk, int fd)
{
	memset(&rec, 0, sizeof(rec));
	rec.base[OBJ_TCP] = sk->kva;
	rec.size[OBJ_TCP] = sock_touch_layout->tcp_sock_size;
	rec.base[OBJ_SOCKET] = sk->socket_kva;
	rec.size[OBJ_SOCKET] = sock_touch_layout->socket_alloc_size;
	rec.base[OBJ_WQ] = sk->wq_kva;
	rec.size[OBJ_WQ] = sock_touch_layout->wq_size;
	/* The file's private_data (3.14/3.16: at 120; fdget and vfs_write
	 * touch its other fields). */
	rec.base[OBJ_FILE] = fcheck(fd)->kva + 120;
	rec.size[OBJ_FILE] = 4;
	kv_touch_hook = record;
}

/* A user buffer of @len bytes of @c, mapped and faulted in. */
static vaddr_t user_buf(u32 len, u8 c)
{
	static u8 data[64 << 10];
	long buf = sys_mmap(0, len, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	cr_assert_gt(buf, 0);
	cr_assert_leq(len, sizeof(data));
	memset(data, c, len);
	uv_write((vaddr_t)buf, data, len);
	net_expect_pattern(data, 1);
	return (vaddr_t)buf;
}

static struct {
	u32 n, tcp_r, tcp_w, socket_r, socket_w, file_r;
	u64 lines, written;
	u16 field_r[NR_SOCK_FIELDS], field_w[NR_SOCK_FIELDS];
} one;

/*
 * One write() of one MSS on a fresh connection, as vfs_write runs it
 * (without the system call's exit, where the TX completion and the ACK
 * may come in).
 */
static void one_write_main(void *arg)
{
	vaddr_t buf = user_buf(1448, 'x');
	int fd;

	(void)arg;
	fd = sys_socket();
	cr_assert_eq(sys_connect(fd), 0);
	record_sock(net_socket(), fd);
	cr_assert_eq(vfs_write(fd, buf, 1448), 1448);
	kv_touch_hook = NULL;
	one.n = rec.n;
	one.tcp_r = rec.reads[OBJ_TCP];
	one.tcp_w = rec.writes[OBJ_TCP];
	one.socket_r = rec.reads[OBJ_SOCKET];
	one.socket_w = rec.writes[OBJ_SOCKET];
	one.file_r = rec.reads[OBJ_FILE];
	one.lines = rec.lines;
	one.written = rec.written;
	memcpy(one.field_r, rec.field_r, sizeof(one.field_r));
	memcpy(one.field_w, rec.field_w, sizeof(one.field_w));
	sys_close(fd);
	sys_exit(0);
}

#define L(x) (1ull << (x))

/*
 * 3.16 on the Kirkwood (32-byte lines), one write() of 1448 bytes into an
 * empty queue (fields that share a line and are loaded together are one
 * access of their span: tcp_packets_in_flight's packets_out and
 * retrans_out, snd_cwnd and snd_ssthresh, inet_id and inet_opt): do_sock_write's file->private_data and f_flags, the
 * socket's type, ops and sk; inet_sendmsg's inet_num and sk_prot;
 * lock_sock; tcp_sendmsg (sndtimeo, state, repair, the socket's flags
 * cleared, tcp_send_mss's eleven fields, sk_err and sk_shutdown, a new
 * skb entailed, the copy, write_seq); tcp_push (pushed_seq, no
 * autocorking: the skb is the queue's head); tcp_write_xmit
 * (the cwnd, window and TSQ tests), tcp_transmit_skb and ip_queue_xmit
 * (the header's fields, sk_wmem_alloc, inet_id), tcp_event_new_data_sent
 * (send_head, snd_nxt, packets_out) and the RTO armed, the loss probe's
 * test (no RTT yet), tcp_cwnd_validate; release_sock.  Lines of the
 * tcp_sock: 0-8 (sock_common .. sk_sndtimeo), 10 (sk_socket, send_head,
 * sk_mark), 12 (inet_sock's addresses and id), 17-19 (the timer, rto,
 * the af ops and icsk_ack), 23-30 (tcp_sock's sequence numbers, TSQ,
 * windows, mss, RTT, packets_out, rx_opt, cwnd, write_seq), 34
 * (highest_sack) and 37 (fastopen_rsk); stores to 1, 3, 4, 5, 10, 12,
 * 17, 19, 23, 24, 27, 29 and 30.
 */
Test(sock_touch, one_write_touches_the_send_path)
{
	memset(&one, 0, sizeof(one));
	TEST_BOOT(KW, "kernel_data=mem_map");
	test_run_process(one_write_main, NULL);
	cr_assert_eq(one.file_r, 1);		/* private_data */
	/* The socket's type, ops, sk; its flags read and written. */
	cr_assert_eq(one.socket_r, 4, "%u", one.socket_r);
	cr_assert_eq(one.socket_w, 1, "%u", one.socket_w);
	cr_assert_eq(one.tcp_r, 97, "%u", one.tcp_r);
	cr_assert_eq(one.tcp_w, 20, "%u", one.tcp_w);
	cr_assert_eq(one.lines,
		     L(0) | L(1) | L(2) | L(3) | L(4) | L(5) | L(6) | L(7) |
			     L(8) | L(10) | L(12) | L(17) | L(18) | L(19) |
			     L(23) | L(24) | L(25) | L(26) | L(27) | L(28) |
			     L(29) | L(30) | L(34) | L(37),
		     "%#llx", (unsigned long long)one.lines);
	cr_assert_eq(one.written,
		     L(1) | L(3) | L(4) | L(5) | L(10) | L(12) | L(17) |
			     L(19) | L(23) | L(24) | L(27) | L(29) | L(30),
		     "%#llx", (unsigned long long)one.written);
	/* What the data moved: write_seq read (skb_entail, tcp_mark_push)
	 * and added to, pushed_seq and snd_nxt stored once, the queue's
	 * truesize and sk_wmem_alloc (the clone) added to once. */
	cr_assert_eq(one.field_r[TPF_write_seq], 3);
	cr_assert_eq(one.field_w[TPF_write_seq], 1);
	cr_assert_eq(one.field_w[TPF_pushed_seq], 1);
	cr_assert_eq(one.field_w[TPF_snd_nxt], 1);
	cr_assert_eq(one.field_w[TPF_packets_out], 1);
	cr_assert_eq(one.field_w[SKF_wmem_queued], 1);
	cr_assert_eq(one.field_w[SKF_wmem_alloc], 1);
	cr_assert_eq(one.field_w[SKF_send_head], 2);	/* set, advanced */
	cr_assert_eq(one.field_r[SKF_owned], 1);	/* lock_sock */
	cr_assert_eq(one.field_w[SKF_owned], 2);	/* and release_sock */
	cr_assert_eq(one.field_w[INF_id], 1);
}

/*
 * The peer's ACK of everything sent, as ip_rcv hands it to TCP: a
 * 32-byte header (NOP, NOP, TIMESTAMP) with the predicted window, so
 * tcp_rcv_established takes the fast path.
 */
static struct sk_buff *ack_of(const struct sock *sk)
{
	struct sk_buff *skb = alloc_skb(64, GFP_ATOMIC);
	u8 th[TCP_HDR_LEN] = { 0 };

	cr_assert_not_null(skb);
	put_be16(th, sk->dport);
	put_be16(th + 2, sk->sport);
	put_be32(th + 4, sk->rcv_nxt);
	put_be32(th + 8, sk->snd_nxt);
	th[12] = (TCP_HDR_LEN / 4) << 4;
	th[13] = TCPHDR_ACK;
	put_be16(th + 14, (u16)(sk->snd_wnd >> sk->snd_wscale));
	th[20] = 1;
	th[21] = 1;
	th[22] = 8;
	th[23] = 10;
	kv_write(skb_put(skb, TCP_HDR_LEN), th, TCP_HDR_LEN);
	return skb;
}

/* One write, then the ACK of its one segment taken by tcp_v4_rcv. */
static void one_ack_main(void *arg)
{
	vaddr_t buf = user_buf(1448, 'y');
	struct sk_buff *ack;
	struct sock *sk;
	int fd;

	(void)arg;
	fd = sys_socket();
	cr_assert_eq(sys_connect(fd), 0);
	sk = net_socket();
	cr_assert_eq(vfs_write(fd, buf, 1448), 1448);
	cr_assert_eq(sk->packets_out, 1);
	ack = ack_of(sk);
	record_sock(sk, fd);
	tcp_v4_rcv(ack);
	kv_touch_hook = NULL;
	cr_assert_eq(sk->packets_out, 0);
	cr_assert_eq(sk->snd_una, sk->snd_nxt);
	one.n = rec.n;
	one.tcp_r = rec.reads[OBJ_TCP];
	one.tcp_w = rec.writes[OBJ_TCP];
	one.socket_r = rec.reads[OBJ_SOCKET];
	one.socket_w = rec.writes[OBJ_SOCKET];
	one.lines = rec.lines;
	one.written = rec.written;
	memcpy(one.field_r, rec.field_r, sizeof(one.field_r));
	memcpy(one.field_w, rec.field_w, sizeof(one.field_w));
	sys_close(fd);
	sys_exit(0);
}

/*
 * 3.16, the ACK of one segment on the fast path: the established lookup
 * (addresses, ports and sk_state, one line; sock_hold with owned, and
 * sock_put), the options (rx_opt) and header prediction (pred_flags ..
 * snd_nxt, one line; ts_recent stored); tcp_ack (snd_una with snd_nxt,
 * packets_out and the left-out counts, icsk_pending with icsk_ca_ops;
 * snd_wl1 and snd_una stored; sk_err_soft, icsk_probes_out, rcv_tstamp
 * stored); tcp_clean_rtx_queue (the queue's head and send_head,
 * high_seq, packets_out less one, the skb unlinked: the queue,
 * SOCK_QUEUE_SHRUNK, sk_wmem_queued, sk_mem_uncharge, the hints), the RTT
 * estimator and tcp_set_rto, icsk_backoff, tcp_rearm_rto (nothing out:
 * the timer's pending cleared), lost_cnt_hint and fackets_out, CUBIC's
 * pkts_acked (delayed_ack, delay_min) and cong_avoid (not cwnd-limited:
 * snd_cwnd_stamp only), tcp_update_pacing_rate; tcp_data_snd_check
 * (nothing to send) and tcp_check_space (the queue shrank, no writer
 * waits: sk_flags and the socket's flags).  Lines 0, 1, 3-5, 7, 10,
 * 18, 19, 21-31, 34 and 37; stores to 1, 3-5, 7, 18, 19, 21-30 and 34.
 */
Test(sock_touch, one_ack_touches_the_ack_path)
{
	memset(&one, 0, sizeof(one));
	TEST_BOOT(KW, "kernel_data=mem_map");
	test_run_process(one_ack_main, NULL);
	cr_assert_eq(one.tcp_r, 34, "%u", one.tcp_r);
	cr_assert_eq(one.tcp_w, 25, "%u", one.tcp_w);
	cr_assert_eq(one.socket_r, 1);		/* SOCK_NOSPACE tested */
	cr_assert_eq(one.socket_w, 0);
	cr_assert_eq(one.lines,
		     L(0) | L(1) | L(3) | L(4) | L(5) | L(7) | L(10) | L(18) |
			     L(19) | L(21) | L(22) | L(23) | L(24) | L(25) |
			     L(26) | L(27) | L(28) | L(29) | L(30) | L(31) |
			     L(34) | L(37),
		     "%#llx", (unsigned long long)one.lines);
	cr_assert_eq(one.written,
		     L(1) | L(3) | L(4) | L(5) | L(7) | L(18) | L(19) | L(21) |
			     L(22) | L(23) | L(24) | L(25) | L(26) | L(27) |
			     L(28) | L(29) | L(30) | L(34),
		     "%#llx", (unsigned long long)one.written);
	cr_assert_eq(one.field_w[TPF_snd_una], 1);
	cr_assert_eq(one.field_w[TPF_packets_out], 1);
	/* tcp_update_pacing_rate's (pkts_acked and cong_avoid load it
	 * with snd_ssthresh, one access of the pair); not cwnd-limited:
	 * not stored. */
	cr_assert_eq(one.field_r[TPF_snd_cwnd], 1);
	cr_assert_eq(one.field_w[TPF_snd_cwnd], 0);
	cr_assert_eq(one.field_w[SKF_wmem_queued], 1);
	cr_assert_eq(one.field_w[SKF_write_queue], 1);
	cr_assert_eq(one.field_w[TPF_rtt], 1);
	cr_assert_eq(one.field_w[SKF_refcnt], 2);
}

static struct {
	u64 waits;
	u32 pending_r, pending_w, wq_r, wq_w;
} full;

/* Writes of 64 KiB until the send buffer has been full once. */
static void full_sndbuf_main(void *arg)
{
	vaddr_t buf = user_buf(64 << 10, 'z');
	struct net_stats st;
	int fd;

	(void)arg;
	fd = sys_socket();
	cr_assert_eq(sys_connect(fd), 0);
	record_sock(net_socket(), fd);
	do {
		cr_assert_eq(sys_write(fd, buf, 64 << 10), 64 << 10);
		net_get_stats(&st);
	} while (!st.sndbuf_waits);
	kv_touch_hook = NULL;
	full.waits = st.sndbuf_waits;
	full.pending_r = rec.field_r[SKF_write_pending];
	full.pending_w = rec.field_w[SKF_write_pending];
	full.wq_r = rec.reads[OBJ_WQ];
	full.wq_w = rec.writes[OBJ_WQ];
	sys_close(fd);
	sys_exit(0);
}

/*
 * A writer that fills the send buffer sleeps in sk_stream_wait_memory:
 * sk_write_pending up and down around the sleep, and the socket_wq's
 * wait queue head (3.x: its own kmalloc'd object) read and written by
 * prepare_to_wait (twice: before the sleep and on the turn that finds
 * room), by finish_wait, and by the ACK's sk_stream_write_space, which
 * reads it (wq_has_sleeper) and wakes the writer.
 */
Test(sock_touch, full_sndbuf_sleeps_on_the_socket_wq)
{
	memset(&full, 0, sizeof(full));
	TEST_BOOT(KW, "kernel_data=mem_map");
	test_run_process(full_sndbuf_main, NULL);
	cr_assert_geq(full.waits, 1);
	cr_assert_eq(full.pending_r, 2 * full.waits);
	cr_assert_eq(full.pending_w, 2 * full.waits);
	/* Per sleep: three prepare_to_wait/finish_wait read-modify-writes,
	 * wq_has_sleeper's load, the wake-up's read-modify-write. */
	cr_assert_eq(full.wq_r, 5 * full.waits, "%u", full.wq_r);
	cr_assert_eq(full.wq_w, 4 * full.waits, "%u", full.wq_w);
}
