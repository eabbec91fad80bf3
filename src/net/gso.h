/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Software segmentation and checksumming of what a device cannot take
 * (net/core/skbuff.c skb_segment, net/ipv4/af_inet.c inet_gso_segment,
 * tcp_offload.c tcp_gso_segment, net/core/dev.c skb_checksum_help; 3.14).
 */
#ifndef VMSPLIT_NET_GSO_H
#define VMSPLIT_NET_GSO_H

#include "net/skbuff.h"

/*
 * skb_gso_segment - cut the TCP skb @skb (data at its Ethernet header)
 * into gso_size segments, each a new skb with a copy of the 66-byte
 * headers, patched IP id, length and checksum and TCP sequence and flags.
 * With NETIF_F_SG in @features the payload is shared by fragment
 * references (the linear part copied); without, copied with its checksum
 * computed on the way.  Without checksum offload the segment checksum is
 * computed in software.  The segments take over TSQ's accounting.
 * Return: the list of segments (through ->next), or NULL when one
 * segment cannot be allocated (GFP_ATOMIC): every segment made is freed,
 * as skb_segment's err path does (3.16).
 */
struct sk_buff *skb_gso_segment(struct sk_buff *skb, u32 features);

/* skb_checksum_help - finish a CHECKSUM_PARTIAL TCP skb's checksum in
 * software. */
void skb_checksum_help(struct sk_buff *skb);

#endif
