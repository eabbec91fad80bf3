// SPDX-License-Identifier: GPL-2.0-only
/*
 * IPv4 output and input (see net/ip.h).
 */
#include "net/ip.h"

#include <string.h>

#include "arch/kv.h"
#include "config/runtime.h"
#include "net/checksum.h"
#include "net/netdevice.h"
#include "net/sock.h"
#include "net/sock_touch.h"

void ip_send_check(vaddr_t iph)
{
	u8 h[IP_HDR_LEN];

	charge(CODE_ip_send_check);
	kv_read(iph, h, IP_HDR_LEN);
	put_be16(h + 10, 0);
	put_be16(h + 10, csum_fold(csum_partial(h, IP_HDR_LEN, 0)));
	kv_write(iph + 10, h + 10, 2);
}

/*
 * ip_queue_xmit (net/ipv4/ip_output.c, 3.16), the socket's part: the
 * cached route (__sk_dst_check); inet_opt, tos, pmtudisc and
 * ip_select_ttl's uc_ttl, which share inet_id's line, and
 * ip_select_ident_segs (DF set): inet_daddr (loaded by tcp_transmit_skb
 * with inet_dport) then inet_id += segs; sk_priority and sk_mark.
 * sk_protocol (3.x: in sk_shutdown's word) is on a line the send path
 * has just loaded; the addresses come from inet->cork.fl (ip_copy_addrs),
 * not placed.
 */
int ip_queue_xmit(struct sock *sk, struct sk_buff *skb)
{
	CC_SCOPE(ip_queue_xmit);
	u8 h[IP_HDR_LEN], eth[14];
	vaddr_t iph;

	charge(CODE_ip_queue_xmit);
	sk_touch(sk, SKF_dst_cache, false);
	sk_touch2(sk, INF_opt, INF_id, false);
	sk_touch(sk, INF_id, true);
	sk_touch(sk, SKF_priority, false);
	sk_touch(sk, SKF_mark, false);
	memset(h, 0, sizeof(h));
	h[0] = 0x45;
	put_be16(h + 2, (u16)(skb->len + IP_HDR_LEN));
	put_be16(h + 4, sk->ip_id);
	/* A GSO/TSO skb's segments take ids id, id + 1, ... */
	sk->ip_id = (u16)(sk->ip_id + MAX(skb->pcount, (u16)1));
	put_be16(h + 6, 0x4000);	/* DF */
	h[8] = 64;
	h[9] = 6;
	put_be32(h + 12, sk->saddr);
	put_be32(h + 16, sk->daddr);
	iph = skb_push(skb, IP_HDR_LEN);
	kv_write(iph, h, IP_HDR_LEN);
	skb->network_header = (u16)skb->data;
	ip_send_check(iph);
	/* neigh_hh_output: the cached Ethernet header. */
	memcpy(eth, sk->dst_mac, 6);
	memcpy(eth + 6, sk->src_mac, 6);
	put_be16(eth + 12, ETH_P_IP);
	kv_write(skb_push(skb, 14), eth, 14);
	skb->mac_header = (u16)skb->data;
	return dev_queue_xmit(skb) ? -1 : 0;
}

void ip_rcv(struct sk_buff *skb)
{
	CC_SCOPE(ip_rcv);
	u8 h[IP_HDR_LEN];
	u32 ihl, tot;

	charge(CODE_ip_rcv);
	if (skb->len < IP_HDR_LEN)
		goto drop;
	kv_read(skb_data(skb), h, IP_HDR_LEN);
	ihl = (h[0] & 0xf) * 4u;
	tot = get_be16(h + 2);
	/* ip_fast_csum over the header, in software always. */
	charge(CODE_ip_send_check);
	if ((h[0] >> 4) != 4 || ihl != IP_HDR_LEN ||
	    csum_fold(csum_partial(h, IP_HDR_LEN, 0)) != 0 || tot > skb->len ||
	    tot < ihl || h[9] != 6)
		goto drop;
	/* pskb_trim_rcsum: the Ethernet padding goes. */
	skb->tail -= skb->len - tot;
	skb->len = tot;
	skb->network_header = (u16)skb->data;
	skb_pull(skb, ihl);
	skb->transport_header = (u16)skb->data;
	tcp_v4_rcv(skb);
	return;
drop:
	kfree_skb(skb);
}
