/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Internet checksum (include/net/checksum.h, RFC 1071): ones'-
 * complement arithmetic on host bytes.  The model computes real sums --
 * the CPU's when it checksums (its instructions charged by the caller per
 * KiB), the NIC's when it offloads, the peer's when it verifies -- so a
 * wrong length, offset or pseudo-header shows up as a bad frame.
 */
#ifndef VMSPLIT_NET_CHECKSUM_H
#define VMSPLIT_NET_CHECKSUM_H

#include "base/types.h"

/* csum_partial: 32-bit running sum of @len bytes (big-endian 16-bit
 * words, an odd last byte padded), added to @sum. */
static inline u32 csum_partial(const void *buf, u32 len, u32 sum)
{
	const u8 *p = buf;
	u64 s = sum;

	for (; len > 1; len -= 2, p += 2)
		s += (u32)(p[0] << 8 | p[1]);
	if (len)
		s += (u32)p[0] << 8;
	while (s >> 32)
		s = (s & 0xffffffffu) + (s >> 32);
	return (u32)s;
}

/* csum_block_add: a block's sum placed at byte @offset of a stream. */
static inline u32 csum_block_add(u32 sum, u32 add, u32 offset)
{
	u64 s;

	if (offset & 1)
		add = ((add & 0x00ff00ffu) << 8) | ((add >> 8) & 0x00ff00ffu);
	s = (u64)sum + add;
	return (u32)((s & 0xffffffffu) + (s >> 32));
}

/* csum_fold: the 16-bit ones' complement of a 32-bit sum. */
static inline u16 csum_fold(u32 sum)
{
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

/* The TCP/UDP pseudo-header's sum (csum_tcpudp_nofold). */
static inline u32 csum_tcpudp_nofold(u32 saddr, u32 daddr, u32 len, u8 proto,
				     u32 sum)
{
	u64 s = (u64)sum + (saddr >> 16) + (saddr & 0xffff) + (daddr >> 16) +
		(daddr & 0xffff) + proto + len;

	while (s >> 32)
		s = (s & 0xffffffffu) + (s >> 32);
	return (u32)s;
}

/* Big-endian field access in a host copy of a frame. */
static inline u16 get_be16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static inline u32 get_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static inline void put_be16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

static inline void put_be32(u8 *p, u32 v)
{
	p[0] = (u8)(v >> 24);
	p[1] = (u8)(v >> 16);
	p[2] = (u8)(v >> 8);
	p[3] = (u8)v;
}

#endif
