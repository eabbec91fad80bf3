/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Little-endian loads and stores of bytes the simulated machine holds:
 * DMA descriptors, coherent memory (le16_to_cpu/cpu_to_le32 on a
 * little-endian ARM, what the device sees).
 */
#ifndef VMSPLIT_BASE_BYTEORDER_H
#define VMSPLIT_BASE_BYTEORDER_H

#include "base/types.h"

static inline u16 le16_get(const u8 *p)
{
	return (u16)(p[0] | p[1] << 8);
}

static inline u32 le32_get(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static inline void le16_put(u8 *p, u16 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
}

static inline void le32_put(u8 *p, u32 v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (u8)(v >> (8 * i));
}

#endif
