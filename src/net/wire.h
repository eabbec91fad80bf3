/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The wire: what an Ethernet frame costs a link in time (IEEE 802.3).
 * Beyond the bytes the driver hands the NIC (Ethernet header to the end of
 * the payload), a frame on the wire carries padding up to the minimum
 * frame, the FCS, the preamble with its start delimiter, and the
 * inter-frame gap after it.  A link of @mbps moves one byte per 8000/@mbps
 * ps, so a TCP sender on an otherwise idle CPU reaches the line-rate
 * goodput -- about 941 Mbit/s at a 1500-byte MTU with timestamps on
 * 1 Gbit/s -- and no more.  Times are in picoseconds to stay exact.
 */
#ifndef VMSPLIT_NET_WIRE_H
#define VMSPLIT_NET_WIRE_H

#include "base/types.h"

#define ETH_HLEN 14		/* destination, source, type (if_ether.h) */
#define ETH_ZLEN 60		/* shortest frame, FCS not counted */
#define ETH_FCS_LEN 4		/* frame check sequence */
#define ETH_PREAMBLE_LEN 8	/* 7 bytes of preamble and the SFD */
#define ETH_IFG_LEN 12		/* inter-frame gap: 96 bit times */

/*
 * eth_wire_bytes - byte times a frame of @len bytes (header and payload,
 * as handed to the NIC) holds the wire: padded to ETH_ZLEN, plus FCS,
 * preamble and gap.
 */
u32 eth_wire_bytes(u32 len);

/* eth_wire_ps - picoseconds that frame holds a link of @mbps Mbit/s. */
u64 eth_wire_ps(u32 len, u32 mbps);

/*
 * eth_goodput_kbps - the payload rate, in kbit/s, of back-to-back frames
 * each carrying @payload bytes under @hdrs bytes of headers (Ethernet,
 * IP, TCP with options), on a link of @mbps Mbit/s.
 */
u64 eth_goodput_kbps(u32 payload, u32 hdrs, u32 mbps);

#endif
