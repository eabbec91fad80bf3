// SPDX-License-Identifier: GPL-2.0-only
/*
 * The run's network and its TCP socket file (see net/net.h).
 */
#include "net/net.h"

#include <stdlib.h>
#include <string.h>

#include "arch/layout.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "fs/file.h"
#include "hw/nic.h"
#include "hw/ram.h"
#include "kernel/irq.h"
#include "net/mv643xx_eth.h"
#include "net/netdevice.h"
#include "net/peer.h"
#include "net/skbuff.h"
#include "net/sock.h"
#include "net/sock_touch.h"

#define S_IFSOCK 0140000
/* [E] the receiver's window once its autotuning has grown it (Linux's
 * tcp_rmem[2] is 6 MiB); window scale 7. */
#define PEER_RWND (3u << 20)
#define PEER_WSCALE 7

static struct {
	struct nic *nic;
	struct net_device *dev;
	struct peer *peer;
	struct sock *sk;		/* the connected socket */
	struct sock final;		/* its counters when it closed */
	u8 *pattern;
	u32 pattern_len;
	u64 gso_skbs, gso_segs, linearized, illegal_highdma, requeues;
	u64 xmit_drops;
} net;

struct socket_inode {
	struct inode inode;
	struct sock sk;
};

bool net_available(void)
{
	return net.dev != NULL;
}

struct net_device *net_dev(void)
{
	return net.dev;
}

struct nic *net_nic(void)
{
	return net.nic;
}

struct peer *net_peer(void)
{
	return net.peer;
}

struct sock *net_socket(void)
{
	return net.sk;
}

/* Sockets closed with clones still below TCP (outside @net, which
 * net_exit clears: the list head must stay a list). */
static struct list_head dead_socks = LIST_HEAD_INIT(dead_socks);

u32 net_dead_sockets(void)
{
	u32 n = 0;
	struct list_head *pos;

	list_for_each(pos, &dead_socks)
		n++;
	return n;
}

void net_count_gso_skb(void)
{
	net.gso_skbs++;
}

void net_count_gso_seg(void)
{
	net.gso_segs++;
}

void net_count_linearized(void)
{
	net.linearized++;
}

void net_count_illegal_highdma(void)
{
	net.illegal_highdma++;
}

void net_count_requeue(void)
{
	net.requeues++;
}

void net_count_xmit_drop(void)
{
	net.xmit_drops++;
}

void net_sync(void)
{
	if (net.nic)
		nic_sync(net.nic);
}

void net_peek_phys(phys_addr_t pa, void *buf, u32 len)
{
	memcpy(buf, ram_ptr(&machine->ram, pa), len);
}

void net_peek(vaddr_t va, void *buf, u32 len)
{
	memcpy(buf, ram_ptr(&machine->ram, __pa(va)), len);
}

static int net_init(void);

int net_up(void)
{
	if (!config || platform()->nic == NIC_NONE)
		return -ENODEV;
	return net_init();
}

/*
 * net_init - `ip link set eth0 up`: the NIC, the driver with its rings
 * filled, the peer.  Done by the first socket(), not at boot, so a run
 * that never uses the network has none (and keeps its memory layout).
 */
static int net_init(void)
{
	const struct settings *s = config;
	struct peer_params pp;

	if (net.dev || platform()->nic == NIC_NONE)
		return 0;
	net_dev_init();
	tcp_tasklet_init();
	net.nic = nic_create(platform()->nic_mbps, s->rx_coal_us);
	pp = (struct peer_params){
		.mbps = platform()->nic_mbps,
		.ack_every = s->peer_ack_every,
		.delay_ps = (u64)s->peer_delay_us * 1000000,
		.irq_ps = (u64)s->peer_irq_us * 1000000,
		.stall_after = s->peer_stall_after,
		.rwnd = PEER_RWND,
		.wscale = PEER_WSCALE,
		.mss = TCP_MSS_DEFAULT,
	};
	net.peer = peer_create(net.nic, &pp);
	net.dev = mv643xx_eth_probe(net.nic, s->sg, s->tx_csum, s->tso);
	if (!net.dev) {
		/* The probe failed for memory: no port, as at a boot where
		 * mv643xx_eth_probe returned -ENOMEM; a later socket() tries
		 * again. */
		peer_destroy(net.peer);
		nic_destroy(net.nic);
		net.peer = NULL;
		net.nic = NULL;
		return -ENOMEM;
	}
	sock_touch_init();
	return 0;
}

/* The sockets that died with clones in flight; @unplace: their
 * tcp_sock objects too (not after a panic: the slabs are forgotten). */
static void free_dead_socks(bool unplace)
{
	while (!list_empty(&dead_socks)) {
		struct sock *sk =
			list_first_entry(&dead_socks, struct sock, dead_node);

		list_del(&sk->dead_node);
		if (unplace)
			sock_unplace(sk);
		free(container_of(sk, struct socket_inode, sk));
	}
}

void net_exit(void)
{
	if (!net.dev) {
		free(net.pattern);
		memset(&net, 0, sizeof(net));
		return;
	}
	mv643xx_eth_remove(net.dev);
	peer_destroy(net.peer);
	nic_destroy(net.nic);
	skb_exit();
	free_dead_socks(true);
	sock_touch_exit();
	free(net.pattern);
	memset(&net, 0, sizeof(net));
}

void net_forget(void)
{
	skb_forget();
	free_dead_socks(false);
	sock_touch_forget();
	memset(&net, 0, sizeof(net));
}

void net_expect_pattern(const u8 *pattern, u32 len)
{
	if (!config || platform()->nic == NIC_NONE)
		return;
	free(net.pattern);
	net.pattern = malloc(len);
	if (!net.pattern)
		panic("net: host out of memory");
	memcpy(net.pattern, pattern, len);
	net.pattern_len = len;
	if (net.peer)
		peer_expect_pattern(net.peer, net.pattern, len);
}

void net_get_stats(struct net_stats *st)
{
	const struct peer_stats *ps;
	const struct nic_stats *ns;

	memset(st, 0, sizeof(*st));
	if (!net.dev)
		return;
	ps = peer_stats(net.peer);
	ns = nic_stats(net.nic);
	st->peer_bytes = ps->bytes;
	st->peer_acks = ps->acks;
	st->peer_bad_frames = ps->bad_frames;
	st->peer_stalled = ps->stalled_acks;
	st->peer_corrupt_frames = ps->corrupt_frames;
	st->peer_corrupt_bytes = ps->corrupt_bytes;
	st->peer_ofo_segs = ps->ofo_segs;
	st->peer_dup_bytes = ps->dup_bytes;
	st->peer_sack_acks = ps->sack_acks;
	st->peer_dsacks = ps->dsacks;
	st->peer_first_bad_offset = ps->first_bad_offset;
	st->tx_frames = ns->tx_frames;
	st->rx_frames = ns->rx_frames;
	st->rx_dropped = ns->rx_dropped;
	{
		struct mv643xx_stats ms;

		mv643xx_eth_stats(net.dev, &ms);
		st->tx_irqs = ms.irqs;
		st->napi_polls = ms.polls;
		st->tso_skbs = ms.tso_skbs;
		st->tso_segs = ms.tso_segs;
		st->tx_ring_drops = ms.tx_dropped;
		st->frag_skbs = ms.frag_skbs;
		st->tx_freed_in_flight = ms.freed_in_flight;
		st->tx_descs_released = ms.descs_released;
		st->tx_null_dequeues = ms.null_dequeues;
		st->dma_read_released_bytes = ns->dma_read_released_bytes;
	}
	st->gso_skbs = net.gso_skbs;
	st->gso_segs = net.gso_segs;
	st->linearized = net.linearized;
	st->illegal_highdma = net.illegal_highdma;
	st->xmit_drops = net.xmit_drops;
	skb_copy_stats(&st->expand_bytes, &st->pull_bytes);
	st->qdisc_requeues = net.requeues;
	{
		const struct sock *sk = net.sk ? net.sk : &net.final;

		st->tcp_skbs_sent = sk->skbs_out;
		st->tso_fragments = sk->tso_fragments;
		st->autocork_events = sk->autocork_events;
		st->sndbuf_waits = sk->sndbuf_waits;
		st->backlog_acks = sk->backlog_acks;
		st->retrans_segs = sk->total_retrans;
		st->fast_recoveries = sk->fast_recoveries;
		st->rto_timeouts = sk->rto_timeouts;
		st->loss_probes = sk->loss_probes;
		st->undos = sk->undos;
		st->dupacks = sk->dupacks;
		st->sack_blocks = sk->sack_blocks;
		st->snd_cwnd = sk->snd_cwnd;
		st->sk_sndbuf = sk->sk_sndbuf;
	}
}

/* The socket's end: the queue goes (an abortive close: no FIN). */
static void sock_evict(struct inode *inode)
{
	struct socket_inode *si = (struct socket_inode *)inode;
	struct sock *sk = &si->sk;

	/* sock_destroy_inode: the socket goes with its file. */
	sock_unplace_socket(sk);
	tcp_forget(sk);
	while (!list_empty(&sk->write_queue)) {
		struct sk_buff *skb =
			list_first_entry(&sk->write_queue, struct sk_buff, list);

		list_del(&skb->list);
		kfree_skb(skb);
	}
	page_frag_release(&sk->pfrag);
	tcp_tsq_forget(sk);
	if (net.sk == sk) {
		net.final = *sk;
		net.sk = NULL;
	}
	if (sk->sk_wmem_alloc) {
		/* sock_orphan + sk_free: the clones below TCP keep it. */
		sk->dead = true;
		list_add_tail(&sk->dead_node, &dead_socks);
		return;
	}
	sock_unplace(sk);
	free(si);
}

void __sk_free(struct sock *sk)
{
	BUG_ON(!sk->dead || sk->sk_wmem_alloc);
	list_del(&sk->dead_node);
	sock_unplace(sk);
	free(container_of(sk, struct socket_inode, sk));
}

static long sock_read(struct file *file, vaddr_t buf, u32 count, u64 *ppos)
{
	return -EINVAL;
}

/*
 * sock_aio_write -> do_sock_write -> __sock_sendmsg -> inet_sendmsg ->
 * tcp_sendmsg (net/socket.c, net/ipv4/af_inet.c, 3.16): do_sock_write
 * reads file->private_data (the socket), f_flags (O_NONBLOCK) and
 * sock->type; __sock_sendmsg_nosec sock->ops; inet_sendmsg sock->sk,
 * inet_num and sk->sk_prot (its sendmsg).
 */
static long sock_write(struct file *file, vaddr_t buf, u32 count, u64 *ppos)
{
	struct socket_inode *si = (struct socket_inode *)file->f_inode;
	struct sock *sk = &si->sk;

	file_touch(file, FF_private_data, false);
	file_touch(file, FF_ops_mode, false);
	socket_touch(sk, SOF_type, false);
	socket_touch(sk, SOF_ops, false);
	socket_touch(sk, SOF_sk, false);
	sk_touch(sk, SKF_num, false);
	sk_touch(sk, SKF_prot, false);
	if (!sk->dev)
		return -ENOTCONN;
	return tcp_sendmsg(sk, buf, count);
}

static const struct file_operations socket_fops = {
	.read = sock_read,
	.write = sock_write,
};

int sock_socket(void)
{
	struct socket_inode *si;
	struct file *file;
	int fd, err;

	err = net_init();
	if (err)
		return err;
	if (!net.dev)
		return -EAFNOSUPPORT;
	fd = get_unused_fd();
	if (fd < 0)
		return fd;
	si = calloc(1, sizeof(*si));
	if (!si)
		return -ENOMEM;
	err = sock_place(&si->sk);
	if (err) {
		free(si);
		return err;
	}
	si->inode.i_mode = S_IFSOCK;
	si->inode.i_count = 1;
	si->inode.i_fop = &socket_fops;
	si->inode.i_evict = sock_evict;
	snprintf(si->inode.i_name, sizeof(si->inode.i_name), "socket:[%d]", fd);
	INIT_LIST_HEAD(&si->sk.write_queue);
	INIT_LIST_HEAD(&si->sk.backlog);
	file = alloc_file(&si->inode, O_RDWR);
	iput(&si->inode);
	if (!file)
		return -ENOMEM;
	fd_install(fd, file);
	return fd;
}

struct sock *sockfd_lookup(int fd)
{
	struct file *file = fcheck(fd);

	if (!file || file->f_op != &socket_fops)
		return NULL;
	return &((struct socket_inode *)file->f_inode)->sk;
}

/*
 * connect: what the handshake would leave.  One connection per run (the
 * interrupt path finds it as net.sk).
 */
int sock_connect(int fd)
{
	static const u8 board_mac[6] = { 0x00, 0x0a, 0x85, 0x00, 0x00, 0x01 };
	static const u8 peer_mac[6] = { 0x00, 0x1b, 0x21, 0x00, 0x00, 0x02 };
	struct file *file = fget(fd);
	struct sock *sk;
	struct net_device *dev = net.dev;

	if (!file)
		return -EBADF;
	if (file->f_op != &socket_fops)
		return -ENOTSOCK;
	sk = &((struct socket_inode *)file->f_inode)->sk;
	if (sk->dev)
		return -EISCONN;
	if (net.sk)
		return -EADDRINUSE;
	sk->dev = dev;
	/* sk_setup_caps: GSO implies SG and HW_CSUM for the socket. */
	sk->sk_route_caps = dev->features;
	if (sk->sk_route_caps & NETIF_F_GSO)
		sk->sk_route_caps |= NETIF_F_GSO_SOFTWARE;
	if (sk->sk_route_caps & NETIF_F_GSO_SOFTWARE) {
		sk->sk_route_caps |= NETIF_F_SG | NETIF_F_HW_CSUM;
		sk->sk_gso_max_size = dev->gso_max_size;
		sk->sk_gso_max_segs = dev->gso_max_segs;
	}
	sk->saddr = 0xc0a80002;		/* 192.168.0.2 */
	sk->daddr = 0xc0a80001;		/* 192.168.0.1 */
	sk->sport = 40000;
	sk->dport = 5001;		/* iperf */
	memcpy(sk->src_mac, board_mac, 6);
	memcpy(sk->dst_mac, peer_mac, 6);
	sk->mss_cache = TCP_MSS_DEFAULT;
	sk->write_seq = sk->snd_una = sk->snd_nxt = sk->pushed_seq = 1;
	sk->snd_sml = 1;
	sk->rcv_nxt = 1;
	sk->rcv_wnd = 29200;
	sk->snd_wscale = PEER_WSCALE;
	sk->snd_wnd = sk->max_window = PEER_RWND;
	sk->sk_sndbuf = SYSCTL_TCP_WMEM_DEFAULT;
	tcp_init_sock(sk);
	tcp_update_pacing_rate(sk);
	peer_connect(net.peer, sk->saddr, sk->daddr, sk->sport, sk->dport,
		     sk->src_mac, sk->dst_mac, sk->write_seq, sk->rcv_nxt);
	if (net.pattern)
		peer_expect_pattern(net.peer, net.pattern, net.pattern_len);
	net.sk = sk;
	return 0;
}
