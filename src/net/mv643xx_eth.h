/* SPDX-License-Identifier: GPL-2.0-only */
/* The mv643xx_eth driver (net/mv643xx_eth.c). */
#ifndef VMSPLIT_NET_MV643XX_ETH_H
#define VMSPLIT_NET_MV643XX_ETH_H

#include "base/types.h"

struct net_device;
struct nic;

/*
 * mv643xx_eth_probe - bring up the port on @nic with the offloads ethtool
 * would leave on (netdev_fix_features applied), its rings filled and its
 * interrupt requested.  Return: the device, or NULL when the rings
 * cannot be allocated (mv643xx_eth_probe's -ENOMEM: nothing is left
 * allocated, and the port does not exist).
 */
struct net_device *mv643xx_eth_probe(struct nic *nic, bool sg, bool tx_csum,
				     bool tso);
/* mv643xx_eth_stop + remove: reclaim, free, unmap everything. */
void mv643xx_eth_remove(struct net_device *dev);
struct mv643xx_stats {
	u64 irqs, polls, tso_skbs, tso_segs;
	u64 tx_dropped;		/* ring full: dev_kfree_skb_any */
	u64 frag_skbs;		/* skbs handed over with fragments */
	/* 3.16-3.18.2's txq_reclaim: skbs freed while descriptors of
	 * theirs were still the engine's, the descriptors whose data that
	 * released, and TX_LAST_DESCs that found txq->tx_skb empty. */
	u64 freed_in_flight, descs_released, null_dequeues;
};

void mv643xx_eth_stats(const struct net_device *dev, struct mv643xx_stats *st);

#endif
