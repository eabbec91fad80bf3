/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IPv4 output and input (net/ipv4/ip_output.c, ip_input.c, 3.14), for a
 * connected TCP socket over one Ethernet device with a cached route and
 * neighbour: the IP header, its checksum and the Ethernet header out; the
 * header checks and the hand-off to TCP in.
 */
#ifndef VMSPLIT_NET_IP_H
#define VMSPLIT_NET_IP_H

#include "base/types.h"

struct sk_buff;
struct sock;

#define ETH_P_IP 0x0800

/* ip_queue_xmit: push IP and Ethernet headers, dev_queue_xmit.  Consumes
 * @skb.  Return: 0, or -1 if the device dropped it. */
int ip_queue_xmit(struct sock *sk, struct sk_buff *skb);

/* ip_send_check: the CPU computes the header checksum of the IPv4 header
 * at @iph (charged). */
void ip_send_check(vaddr_t iph);

/* ip_rcv: a frame whose skb->data is at the IP header.  Consumes it. */
void ip_rcv(struct sk_buff *skb);

#endif
