// SPDX-License-Identifier: GPL-2.0-only
/*
 * The device layer (net/core/dev.c, 3.10-3.16 structure, before 3.18's
 * validate_xmit_skb): the qdisc in front of the driver, the features test
 * that segments (GSO), linearizes or checksums what the device cannot
 * take, the NET_TX softirq that restarts a stopped queue, and NAPI.
 */
#include "net/netdevice.h"

#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/irq.h"
#include "mm/mm_types.h"
#include "net/gso.h"
#include "net/ip.h"
#include "net/net.h"
#include "mm/page_touch.h"

static struct napi_struct *poll_list;	/* one device: at most one */

/*
 * illegal_highdma (net/core/dev.c, 3.14-3.16; under CONFIG_HIGHMEM only):
 * a fragment the device cannot reach.  Without NETIF_F_HIGHDMA a highmem
 * fragment is one.  Then, where PCI_DMA_BUS_IS_PHYS (1 on ARM: asm/pci.h
 * comes in through linux/pci.h with or without CONFIG_PCI), every
 * fragment is checked against the parent device's dma_mask -- and a NULL
 * mask fails them all, lowmem or not.  mv643xx_eth's port device has
 * none (mv643xx_eth.c), so on the Kirkwood with HIGHMEM=y every skb with
 * fragments loses SG here.  x86's PCI_DMA_BUS_IS_PHYS follows its DMA
 * ops; the NUMA-Q has no NIC in the model.
 */
static bool illegal_highdma(const struct net_device *dev,
			    const struct sk_buff *skb)
{
	const struct device *pdev = &dev->dma_dev;

	if (!config->highmem)
		return false;
	if (!(dev->features & NETIF_F_HIGHDMA))
		for (int i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
			struct page *pg = skb_shinfo(skb)->frags[i].page;

			page_touch(pg, PF_flags, false);	/* PageHighMem */
			if (PageHighMem(pg))
				return true;
		}
	if (platform()->arch != PLAT_ARM)
		return false;
	for (int i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		phys_addr_t addr =
			page_to_phys(skb_shinfo(skb)->frags[i].page);

		if (!pdev->dma_mask || addr + PAGE_SIZE - 1 > *pdev->dma_mask)
			return true;
	}
	return false;
}

/* harmonize_features: scatter-gather off for a fragment the device
 * cannot reach (the checksum branch before it never fires for TCP over
 * IPv4 with NETIF_F_IP_CSUM or without any checksum offload). */
static u32 netif_skb_features(const struct sk_buff *skb,
			      const struct net_device *dev)
{
	u32 features = dev->features;

	if (illegal_highdma(dev, skb)) {
		features &= ~NETIF_F_SG;
		net_count_illegal_highdma();
	}
	return features;
}

static bool netif_needs_gso(const struct sk_buff *skb, u32 features)
{
	return skb_shinfo(skb)->gso_size &&
	       (!(features & NETIF_F_TSO) ||
		skb->ip_summed != CHECKSUM_PARTIAL);
}

/*
 * dev_hard_start_xmit (3.16): segment, linearize or checksum in software
 * what the device cannot do, then the driver.  A segmentation or a
 * linearize that cannot allocate (GFP_ATOMIC) drops the skb: `goto
 * out_kfree_skb', and the caller sees NETDEV_TX_OK -- TCP learns of the
 * loss only from the receiver.  Segments the driver has no room for stay
 * on skb->next and the skb is requeued (NETDEV_TX_BUSY).
 */
static int dev_hard_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	u32 features;

	if (!skb->next) {
		features = netif_skb_features(skb, dev);
		if (netif_needs_gso(skb, features)) {
			struct sk_buff *segs = skb_gso_segment(skb, features);

			if (!segs)
				goto out_kfree_skb;
			skb->next = segs;
		} else {
			if (skb_shinfo(skb)->nr_frags &&
			    !(features & NETIF_F_SG)) {
				net_count_linearized();
				if (__skb_linearize(skb))
					goto out_kfree_skb;
			}
			if (skb->ip_summed == CHECKSUM_PARTIAL &&
			    !(features & NETIF_F_ALL_CSUM))
				skb_checksum_help(skb);
			return dev->ndo_start_xmit(skb, dev);
		}
	}
	/* The gso: loop. */
	while (skb->next) {
		struct sk_buff *nskb = skb->next;

		skb->next = nskb->next;
		nskb->next = NULL;
		dev->ndo_start_xmit(nskb, dev);
		if (dev->queue_stopped && skb->next)
			return NETDEV_TX_BUSY;
	}
	/* The GSO skb itself is consumed once its segments are out. */
	kfree_skb(skb);
	return NETDEV_TX_OK;
out_kfree_skb:
	net_count_xmit_drop();
	kfree_skb(skb);
	return NETDEV_TX_OK;
}

/* qdisc_restart until the queue stops or the qdisc is empty. */
static void qdisc_run(struct net_device *dev)
{
	while (!dev->queue_stopped && !list_empty(&dev->qdisc)) {
		struct sk_buff *skb =
			list_first_entry(&dev->qdisc, struct sk_buff, list);

		list_del(&skb->list);
		INIT_LIST_HEAD(&skb->list);
		dev->qdisc_len--;
		if (dev_hard_start_xmit(skb, dev) == NETDEV_TX_BUSY) {
			/* dev_requeue_skb: at the head, for the wake. */
			list_add(&skb->list, &dev->qdisc);
			dev->qdisc_len++;
			net_count_requeue();
			break;
		}
	}
}

/*
 * What a driver may rely on (checks=y): the fragments hold exactly
 * data_len bytes and the linear part fits its buffer -- the invariant a
 * split or trim that forgot a field breaks long before the wire shows it.
 */
static void skb_check(const struct sk_buff *skb)
{
	u32 frags = 0;

	for (int i = 0; i < skb_shinfo(skb)->nr_frags; i++)
		frags += skb_shinfo(skb)->frags[i].size;
	if (frags != skb->data_len || skb->data_len > skb->len ||
	    skb->data + skb_headlen(skb) > skb->end)
		panic("dev_queue_xmit: an inconsistent skb (len %u, data_len %u, %u bytes in %u frags, linear %u at %u of %u)",
		      skb->len, skb->data_len, frags, skb_shinfo(skb)->nr_frags,
		      skb_headlen(skb), skb->data, skb->end);
}

int dev_queue_xmit(struct sk_buff *skb)
{
	CC_SCOPE(dev_queue_xmit);
	struct net_device *dev = net_dev();
	int ret = 0;

	charge(CODE_dev_queue_xmit);
	if (machine->checks)
		skb_check(skb);
	local_bh_disable();
	if (list_empty(&dev->qdisc) && !dev->queue_stopped) {
		/* TCQ_F_CAN_BYPASS: an empty pfifo_fast goes straight on. */
		if (dev_hard_start_xmit(skb, dev) == NETDEV_TX_BUSY) {
			list_add_tail(&skb->list, &dev->qdisc);
			dev->qdisc_len++;
			net_count_requeue();
		}
	} else if (dev->qdisc_len >= dev->tx_queue_len) {
		dev->qdisc_drops++;
		kfree_skb(skb);
		ret = 1;
	} else {
		list_add_tail(&skb->list, &dev->qdisc);
		dev->qdisc_len++;
		qdisc_run(dev);
	}
	local_bh_enable();
	return ret;
}

void netif_tx_stop_queue(struct net_device *dev)
{
	dev->queue_stopped = true;
}

/* netif_tx_wake_queue -> __netif_schedule: the NET_TX softirq runs the
 * qdisc. */
void netif_tx_wake_queue(struct net_device *dev)
{
	dev->queue_stopped = false;
	if (!list_empty(&dev->qdisc) && !dev->qdisc_scheduled) {
		dev->qdisc_scheduled = true;
		raise_softirq(NET_TX_SOFTIRQ);
	}
}

static void net_tx_action(void)
{
	struct net_device *dev = net_dev();

	if (!dev || !dev->qdisc_scheduled)
		return;
	dev->qdisc_scheduled = false;
	qdisc_run(dev);
}

void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		    int (*poll)(struct napi_struct *, int), int weight)
{
	napi->poll = poll;
	napi->weight = weight;
	napi->dev = dev;
	napi->scheduled = false;
}

void napi_schedule(struct napi_struct *napi)
{
	if (napi->scheduled)
		return;
	napi->scheduled = true;
	poll_list = napi;
	raise_softirq(NET_RX_SOFTIRQ);
}

void napi_complete(struct napi_struct *napi)
{
	napi->scheduled = false;
	if (poll_list == napi)
		poll_list = NULL;
}

/* net_rx_action: poll with a budget of 300 (netdev_budget); a device
 * that uses its whole weight stays on the list for the next round. */
static void net_rx_action(void)
{
	int budget = 300;

	while (poll_list && budget > 0) {
		struct napi_struct *n = poll_list;
		int work = n->poll(n, n->weight);

		budget -= work;
		if (work < n->weight)
			break;
	}
	if (poll_list)
		raise_softirq(NET_RX_SOFTIRQ);
}

void netif_receive_skb(struct sk_buff *skb)
{
	u8 eth[14];

	/* eth_type_trans: the destination and the type. */
	skb_copy_bits(skb, 0, eth, sizeof(eth));
	skb_pull(skb, 14);
	if ((eth[12] << 8 | eth[13]) != ETH_P_IP) {
		kfree_skb(skb);
		return;
	}
	ip_rcv(skb);
}

void net_dev_init(void)
{
	poll_list = NULL;
	open_softirq(NET_TX_SOFTIRQ, net_tx_action);
	open_softirq(NET_RX_SOFTIRQ, net_rx_action);
}

void net_dev_exit(struct net_device *dev)
{
	while (!list_empty(&dev->qdisc)) {
		struct sk_buff *skb =
			list_first_entry(&dev->qdisc, struct sk_buff, list);

		list_del(&skb->list);
		while (skb->next) {
			struct sk_buff *n = skb->next;

			skb->next = n->next;
			kfree_skb(n);
		}
		kfree_skb(skb);
	}
	dev->qdisc_len = 0;
	poll_list = NULL;
}
