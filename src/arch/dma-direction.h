/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which way a streaming DMA transfer goes (include/linux/dma-direction.h).
 * The values are Linux's: the ARM cache functions branch on them
 * numerically (proc-feroceon.S compares with DMA_TO_DEVICE and takes
 * "higher or same" for FROM_DEVICE).
 */
#ifndef VMSPLIT_ARCH_DMA_DIRECTION_H
#define VMSPLIT_ARCH_DMA_DIRECTION_H

#include "base/types.h"

enum dma_data_direction {
	DMA_BIDIRECTIONAL = 0,
	DMA_TO_DEVICE = 1,
	DMA_FROM_DEVICE = 2,
	DMA_NONE = 3,
};

static inline bool valid_dma_direction(enum dma_data_direction dir)
{
	return dir == DMA_BIDIRECTIONAL || dir == DMA_TO_DEVICE ||
	       dir == DMA_FROM_DEVICE;
}

#endif
