/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Network devices, their transmit queue and NAPI (include/linux/
 * netdevice.h, net/core/dev.c, 3.14-3.16): one device, one TX queue with
 * a pfifo_fast-like qdisc in front of it, one NAPI context.
 */
#ifndef VMSPLIT_NET_NETDEVICE_H
#define VMSPLIT_NET_NETDEVICE_H

#include "arch/dma-mapping.h"
#include "base/list.h"
#include "net/skbuff.h"

/* netdev_features_t bits (include/linux/netdev_features.h). */
#define NETIF_F_SG (1u << 0)
#define NETIF_F_IP_CSUM (1u << 1)
#define NETIF_F_HW_CSUM (1u << 3)
#define NETIF_F_HIGHDMA (1u << 5)
#define NETIF_F_GSO (1u << 11)
#define NETIF_F_TSO (1u << 16)
#define NETIF_F_RXCSUM (1u << 29)
#define NETIF_F_ALL_CSUM (NETIF_F_IP_CSUM | NETIF_F_HW_CSUM)
#define NETIF_F_GSO_SOFTWARE NETIF_F_TSO

#define NETDEV_TX_OK 0
#define NETDEV_TX_BUSY 1
#define NAPI_POLL_WEIGHT 64
#define GSO_MAX_SIZE 65536u

struct net_device;

struct napi_struct {
	int (*poll)(struct napi_struct *napi, int budget);
	int weight;
	bool scheduled;			/* NAPI_STATE_SCHED */
	struct net_device *dev;
};

struct net_device {
	const char *name;
	u32 features;
	u32 mtu;
	u32 gso_max_size;
	u16 gso_max_segs;
	int (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
	struct device dma_dev;
	/* The TX queue and the qdisc in front of it. */
	bool queue_stopped;		/* __QUEUE_STATE_DRV_XOFF */
	struct list_head qdisc;		/* skbs waiting (pfifo_fast band 0) */
	u32 qdisc_len, tx_queue_len;
	bool qdisc_scheduled;		/* on the NET_TX softirq's list */
	struct napi_struct napi;
	void *priv;
	u64 tx_dropped, qdisc_drops;
};

/* dev_queue_xmit - hand @skb to the qdisc and, if the queue runs, to the
 * driver (segmenting it first when the device cannot).  Consumes @skb.
 * Return: NET_XMIT_SUCCESS (0) or NET_XMIT_DROP (1). */
int dev_queue_xmit(struct sk_buff *skb);

/* The driver's flow control of its TX queue. */
void netif_tx_stop_queue(struct net_device *dev);
void netif_tx_wake_queue(struct net_device *dev);

void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		    int (*poll)(struct napi_struct *, int), int weight);
/* From the interrupt handler: poll in the NET_RX softirq. */
void napi_schedule(struct napi_struct *napi);
void napi_complete(struct napi_struct *napi);

/* A received frame (skb->data at the Ethernet header) goes up. */
void netif_receive_skb(struct sk_buff *skb);

/* dev_init: the softirqs; dev_exit: drop what the qdisc holds. */
void net_dev_init(void);
void net_dev_exit(struct net_device *dev);

#endif
