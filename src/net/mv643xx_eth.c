// SPDX-License-Identifier: GPL-2.0-only
/*
 * mv643xx_eth: the Marvell GbE driver as v3.16 has it (drivers/net/
 * ethernet/marvell/mv643xx_eth.c), one TX and one RX queue.
 *
 *  - Features: SG, IPv4 checksum offload, software TSO (v3.16), RX
 *    checksum; no NETIF_F_HIGHDMA, so the stack never hands it a highmem
 *    fragment (dev.c's harmonize_features).
 *  - TX: mv643xx_eth_xmit -> txq_submit_skb (a descriptor for the linear
 *    part and one per fragment, each dma_map_single'd; v3.16 maps a
 *    fragment by page_address) or txq_submit_tso (per segment: the 66-byte
 *    header template copied into coherent tso_hdrs and patched, then the
 *    payload mapped piece by piece).  TX_ENABLE_INTERRUPT on an skb's
 *    last descriptor; the queue stops when fewer than a maximal skb's
 *    descriptors are free.
 *  - Completion: the interrupt masks the device and schedules NAPI;
 *    mv643xx_eth_poll reclaims TX descriptors (unmap, free the skb on the
 *    last), processes RX (unmap the whole 1536-byte buffer, up the stack)
 *    and refills, 16 at a time, then unmasks.
 * Descriptor rings and TSO headers live in coherent (uncached) memory.
 */
#include "net/mv643xx_eth.h"

#include <stdlib.h>
#include <string.h>

#include "arch/dma-coherent.h"
#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/nic.h"
#include "kernel/irq.h"
#include "mm/highmem.h"
#include "mm/mm_types.h"
#include "net/checksum.h"
#include "net/netdevice.h"
#include "net/sock.h"
#include "net/net.h"

#define DEFAULT_RX_QUEUE_SIZE 128
#define DEFAULT_TX_QUEUE_SIZE 512	/* v3.16 */
#define MV643XX_MAX_TSO_SEGS 100
#define MV643XX_MAX_SKB_DESCS (MV643XX_MAX_TSO_SEGS * 2 + MAX_SKB_FRAGS)
#define TSO_HEADER_SIZE 128
/* mv643xx_eth_recalc_skb_size at MTU 1500: ALIGN8(1500 + 36) +
 * SKB_DMA_REALIGN (0 with 32-byte lines). */
#define RX_SKB_SIZE 1536u

struct tx_slot {
	dma_addr_t map;			/* 0: a TSO header (not unmapped) */
	u32 len;
	struct sk_buff *skb;		/* on an skb's last descriptor */
};

struct mv643xx_eth_private {
	struct net_device dev;
	struct nic *nic;
	struct coherent_buf tx_ring, rx_ring, tso_hdrs;
	struct tx_slot tx[DEFAULT_TX_QUEUE_SIZE];
	u32 tx_curr, tx_used, tx_desc_count;
	u32 tx_stop_threshold, tx_wake_threshold;
	struct sk_buff *rx_skb[DEFAULT_RX_QUEUE_SIZE];
	dma_addr_t rx_map[DEFAULT_RX_QUEUE_SIZE];
	u32 rx_curr, rx_used, rx_desc_count;
	bool work_tx, work_rx, work_rx_refill;
	u32 int_mask;
	struct irq_source irq;
	u64 irqs, polls, tso_skbs, tso_segs;
};

static struct mv643xx_eth_private *mp_of(struct net_device *dev)
{
	return dev->priv;
}

/* A descriptor's three stores: buffer, length/checksum word, then the
 * command/status word that hands it to the engine (after a wmb). */
static void tx_desc_put(struct mv643xx_eth_private *mp, u32 idx,
			dma_addr_t buf, u16 len, u16 l4i_chk, u32 cmd_sts)
{
	u8 d[NIC_DESC_SIZE];

	charge(CODE_mv643xx_tx_desc);
	if (machine->checks) {
		u8 cur[4];

		net_peek_phys(mp->tx_ring.pa + idx * NIC_DESC_SIZE, cur, 4);
		if (le32_get(cur) & BUFFER_OWNED_BY_DMA)
			panic("mv643xx_eth: TX descriptor %u reused while the engine owns it (%u in use)",
			      idx, mp->tx_desc_count);
	}
	memset(d, 0, sizeof(d));
	le32_put(d + TXD_BUF_PTR, (u32)buf);
	le16_put(d + TXD_BYTE_CNT, len);
	le16_put(d + TXD_L4I_CHK, l4i_chk);
	coherent_write(&mp->tx_ring, idx * NIC_DESC_SIZE + TXD_L4I_CHK,
		       d + TXD_L4I_CHK, 8);
	le32_put(d + TXD_CMD_STS, cmd_sts);
	coherent_write(&mp->tx_ring, idx * NIC_DESC_SIZE, d, 4);
}

static u32 tx_next(u32 idx)
{
	return (idx + 1) % DEFAULT_TX_QUEUE_SIZE;
}

/* The checksum command of an skb whose data starts at its MAC header. */
static u32 tx_csum_cmd(const struct sk_buff *skb)
{
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		/* IHL 5 even without offload (the erratum workaround). */
		return 5u << TX_IHL_SHIFT;
	return GEN_TCP_UDP_CHECKSUM | GEN_TCP_UDP_CHK_FULL |
	       GEN_IP_V4_CHECKSUM | (5u << TX_IHL_SHIFT);
}

static void txq_enable(struct mv643xx_eth_private *mp)
{
	writel_charge();
	nic_txq_enable(mp->nic);
}

/* txq_submit_skb: the linear part and each fragment. */
static void txq_submit_skb(struct mv643xx_eth_private *mp, struct sk_buff *skb)
{
	struct device *d = &mp->dev.dma_dev;
	int nr = skb_shinfo(skb)->nr_frags;
	u32 first = mp->tx_curr, cmd = tx_csum_cmd(skb);
	u32 hl = skb_headlen(skb);

	/* Fragments first, the first descriptor's ownership last. */
	mp->tx_curr = tx_next(mp->tx_curr);
	for (int i = 0; i < nr; i++) {
		const struct skb_frag *f = &skb_shinfo(skb)->frags[i];
		u32 idx = mp->tx_curr;
		bool last = i == nr - 1;
		dma_addr_t map = dma_map_single(d, skb_frag_address(f), f->size,
						DMA_TO_DEVICE);

		mp->tx[idx] = (struct tx_slot){ .map = map, .len = f->size,
						.skb = last ? skb : NULL };
		tx_desc_put(mp, idx, map, (u16)f->size, 0,
			    BUFFER_OWNED_BY_DMA |
				    (last ? TX_LAST_DESC | TX_ENABLE_INTERRUPT :
					    0));
		mp->tx_curr = tx_next(idx);
	}
	{
		dma_addr_t map = dma_map_single(d, skb_data(skb), hl,
						DMA_TO_DEVICE);

		mp->tx[first] = (struct tx_slot){ .map = map, .len = hl,
						  .skb = nr ? NULL : skb };
		tx_desc_put(mp, first, map, (u16)hl, 0,
			    BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | GEN_CRC |
				    cmd |
				    (nr ? 0 : TX_LAST_DESC |
						      TX_ENABLE_INTERRUPT));
	}
	mp->tx_desc_count += (u32)nr + 1;
}

/* tso_build_data: advance the payload cursor by @size. */
struct tso_t {
	vaddr_t data;
	u32 size;			/* bytes left in the current piece */
	int next_frag;
};

static void tso_advance(const struct sk_buff *skb, struct tso_t *tso, u32 size)
{
	tso->data += size;
	tso->size -= size;
	if (!tso->size && tso->next_frag < skb_shinfo(skb)->nr_frags) {
		const struct skb_frag *f =
			&skb_shinfo(skb)->frags[tso->next_frag++];

		/* tso_build_data: page_address + offset (lowmem only). */
		tso->data = skb_frag_address(f);
		tso->size = f->size;
	}
}

/* txq_submit_tso (v3.16): per segment a header and its payload pieces. */
static void txq_submit_tso(struct mv643xx_eth_private *mp, struct sk_buff *skb)
{
	struct device *d = &mp->dev.dma_dev;
	const u32 hdr_len = 14 + IP_HDR_LEN + TCP_HDR_LEN;
	u32 mss = skb_shinfo(skb)->gso_size, total = skb->len - hdr_len;
	u32 cmd = tx_csum_cmd(skb), seq, sent = 0;
	u8 hdr[14 + IP_HDR_LEN + TCP_HDR_LEN];
	struct tso_t tso;
	u16 id;

	/* tso_start */
	kv_read(skb_data(skb), hdr, hdr_len);
	id = get_be16(hdr + 14 + 4);
	seq = get_be32(hdr + 14 + IP_HDR_LEN + 4);
	tso.data = skb_data(skb) + hdr_len;
	tso.size = skb_headlen(skb) - hdr_len;
	tso.next_frag = 0;
	if (!tso.size)
		tso_advance(skb, &tso, 0);
	mp->tso_skbs++;
	while (total) {
		u32 left = MIN(mss, total), hidx = mp->tx_curr;
		u8 h[14 + IP_HDR_LEN + TCP_HDR_LEN];

		charge(CODE_txq_submit_tso_seg);
		total -= left;
		/* tso_build_hdr: the template, then id, length, seq, flags. */
		memcpy(h, hdr, hdr_len);
		put_be16(h + 14 + 2, (u16)(IP_HDR_LEN + TCP_HDR_LEN + left));
		put_be16(h + 14 + 4, id++);
		put_be32(h + 14 + IP_HDR_LEN + 4, seq + sent);
		if (total)
			h[14 + IP_HDR_LEN + 13] &= (u8)~(TCPHDR_PSH | TCPHDR_FIN);
		coherent_write(&mp->tso_hdrs, hidx * TSO_HEADER_SIZE, h, hdr_len);
		mp->tx[hidx] = (struct tx_slot){ 0 };
		tx_desc_put(mp, hidx,
			    mp->tso_hdrs.pa + (phys_addr_t)hidx * TSO_HEADER_SIZE,
			    (u16)hdr_len, 0,
			    BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | GEN_CRC | cmd);
		mp->tx_curr = tx_next(hidx);
		mp->tx_desc_count++;
		while (left) {
			u32 size = MIN(tso.size, left), idx = mp->tx_curr;
			bool last_tcp = size == left, last = last_tcp && !total;
			dma_addr_t map = dma_map_single(d, tso.data, size,
							DMA_TO_DEVICE);

			mp->tx[idx] = (struct tx_slot){
				.map = map, .len = size, .skb = last ? skb : NULL
			};
			tx_desc_put(mp, idx, map, (u16)size, 0,
				    BUFFER_OWNED_BY_DMA |
					    (last_tcp ? TX_LAST_DESC : 0) |
					    (last ? TX_ENABLE_INTERRUPT : 0));
			mp->tx_curr = tx_next(idx);
			mp->tx_desc_count++;
			left -= size;
			sent += size;
			tso_advance(skb, &tso, size);
		}
		mp->tso_segs++;
	}
}

/* has_tiny_unaligned_frags: the engine cannot fetch those. */
static bool has_tiny_unaligned_frags(const struct sk_buff *skb)
{
	for (int i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		const struct skb_frag *f = &skb_shinfo(skb)->frags[i];

		if (f->size <= 8 && (f->page_offset & 7))
			return true;
	}
	return false;
}

static int mv643xx_eth_xmit(struct sk_buff *skb, struct net_device *dev)
{
	CC_SCOPE(mv643xx_eth_xmit);
	struct mv643xx_eth_private *mp = mp_of(dev);

	charge(CODE_mv643xx_eth_xmit);
	if (has_tiny_unaligned_frags(skb) && __skb_linearize(skb)) {
		dev->tx_dropped++;
		kfree_skb(skb);
		return NETDEV_TX_OK;
	}
	if (DEFAULT_TX_QUEUE_SIZE - mp->tx_desc_count < MV643XX_MAX_SKB_DESCS) {
		/* "tx queue full?!": the stop threshold should prevent it. */
		dev->tx_dropped++;
		kfree_skb(skb);
		return NETDEV_TX_OK;
	}
	if (skb_shinfo(skb)->gso_size)
		txq_submit_tso(mp, skb);
	else
		txq_submit_skb(mp, skb);
	txq_enable(mp);
	if (mp->tx_desc_count >= mp->tx_stop_threshold)
		netif_tx_stop_queue(dev);
	return NETDEV_TX_OK;
}

/* txq_reclaim: descriptors the engine is done with. */
static int txq_reclaim(struct mv643xx_eth_private *mp, int budget, bool force)
{
	CC_SCOPE(txq_reclaim);
	int reclaimed = 0;

	while (reclaimed < budget && mp->tx_desc_count) {
		u32 idx = mp->tx_used;
		u32 cmd = force ? 0 :
				  coherent_read32(&mp->tx_ring,
						  idx * NIC_DESC_SIZE);
		struct tx_slot *s = &mp->tx[idx];

		if (cmd & BUFFER_OWNED_BY_DMA)
			break;
		charge(CODE_txq_reclaim);
		mp->tx_used = tx_next(idx);
		mp->tx_desc_count--;
		reclaimed++;
		if (s->map)
			dma_unmap_single(&mp->dev.dma_dev, s->map, s->len,
					 DMA_TO_DEVICE);
		if (s->skb)
			kfree_skb(s->skb);
		*s = (struct tx_slot){ 0 };
	}
	if (reclaimed < budget)
		mp->work_tx = false;
	return reclaimed;
}

static void txq_maybe_wake(struct mv643xx_eth_private *mp)
{
	if (mp->dev.queue_stopped && mp->tx_desc_count <= mp->tx_wake_threshold)
		netif_tx_wake_queue(&mp->dev);
}

/* rxq_refill: a fresh 1536-byte buffer per free descriptor. */
static int rxq_refill(struct mv643xx_eth_private *mp, int budget)
{
	CC_SCOPE(rxq_refill);
	int refilled = 0;

	while (refilled < budget && mp->rx_desc_count < DEFAULT_RX_QUEUE_SIZE) {
		struct sk_buff *skb;
		u32 idx = mp->rx_used;
		u8 d[NIC_DESC_SIZE];
		dma_addr_t map;

		charge(CODE_rxq_refill);
		skb = netdev_alloc_skb(RX_SKB_SIZE, GFP_ATOMIC);
		if (!skb)
			break;
		map = dma_map_single(&mp->dev.dma_dev, skb_data(skb),
				     RX_SKB_SIZE, DMA_FROM_DEVICE);
		mp->rx_skb[idx] = skb;
		mp->rx_map[idx] = map;
		memset(d, 0, sizeof(d));
		le16_put(d + RXD_BUF_SIZE, RX_SKB_SIZE);
		le32_put(d + RXD_BUF_PTR, (u32)map);
		coherent_write(&mp->rx_ring, idx * NIC_DESC_SIZE + RXD_BYTE_CNT,
			       d + RXD_BYTE_CNT, 8);
		le32_put(d + RXD_CMD_STS, BUFFER_OWNED_BY_DMA | RX_ENABLE_INTERRUPT);
		coherent_write(&mp->rx_ring, idx * NIC_DESC_SIZE, d, 4);
		/* The engine writes 2 bytes of padding first. */
		skb_reserve(skb, 2);
		mp->rx_used = (idx + 1) % DEFAULT_RX_QUEUE_SIZE;
		mp->rx_desc_count++;
		refilled++;
	}
	if (refilled < budget)
		mp->work_rx_refill = false;
	return refilled;
}

/* rxq_process: frames the engine has written, up the stack. */
static int rxq_process(struct mv643xx_eth_private *mp, int budget)
{
	CC_SCOPE(rxq_process);
	int rx = 0;

	while (rx < budget && mp->rx_desc_count) {
		u32 idx = mp->rx_curr;
		u32 cmd = coherent_read32(&mp->rx_ring, idx * NIC_DESC_SIZE);
		u32 cnt;
		struct sk_buff *skb;

		if (cmd & BUFFER_OWNED_BY_DMA)
			break;
		charge(CODE_rxq_process);
		cnt = coherent_read32(&mp->rx_ring,
				      idx * NIC_DESC_SIZE + RXD_BYTE_CNT) &
		      0xffff;
		skb = mp->rx_skb[idx];
		mp->rx_skb[idx] = NULL;
		mp->rx_curr = (idx + 1) % DEFAULT_RX_QUEUE_SIZE;
		mp->rx_desc_count--;
		rx++;
		mp->work_rx_refill = true;
		/* The whole buffer, not the frame: the size it was mapped
		 * with. */
		dma_unmap_single(&mp->dev.dma_dev, mp->rx_map[idx], RX_SKB_SIZE,
				 DMA_FROM_DEVICE);
		if ((cmd & (RX_FIRST_DESC | RX_LAST_DESC)) !=
			    (RX_FIRST_DESC | RX_LAST_DESC) ||
		    (cmd & ERROR_SUMMARY) || cnt < 2 + 14 + 4) {
			kfree_skb(skb);
			continue;
		}
		skb_put(skb, cnt - 2 - 4);
		skb->ip_summed = (cmd & LAYER_4_CHECKSUM_OK) ?
					 CHECKSUM_UNNECESSARY :
					 CHECKSUM_NONE;
		/* napi_gro_receive: a pure ACK does not merge. */
		netif_receive_skb(skb);
	}
	if (rx < budget)
		mp->work_rx = false;
	return rx;
}

/* mv643xx_eth_collect_events: read and acknowledge the cause register. */
static bool collect_events(struct mv643xx_eth_private *mp)
{
	u32 cause;

	readl_charge();
	cause = nic_read_cause(mp->nic) & mp->int_mask;
	if (!cause)
		return false;
	writel_charge();
	nic_ack_cause(mp->nic, cause);
	if (cause & NIC_INT_TX)
		mp->work_tx = true;
	if (cause & NIC_INT_RX)
		mp->work_rx = true;
	return true;
}

static int mv643xx_eth_poll(struct napi_struct *napi, int budget)
{
	CC_SCOPE(net_rx_action);
	struct mv643xx_eth_private *mp = mp_of(napi->dev);
	int work_done = 0;

	charge(CODE_net_rx_action);
	mp->polls++;
	while (work_done < budget) {
		int tbd = MIN(budget - work_done, 16);

		if (!mp->work_tx && !mp->work_rx && !mp->work_rx_refill) {
			if (collect_events(mp))
				continue;
			break;
		}
		if (mp->work_tx) {
			work_done += txq_reclaim(mp, tbd, false);
			txq_maybe_wake(mp);
		} else if (mp->work_rx) {
			work_done += rxq_process(mp, tbd);
		} else {
			work_done += rxq_refill(mp, tbd);
		}
	}
	if (work_done < budget) {
		napi_complete(napi);
		writel_charge();
		nic_set_mask(mp->nic, mp->int_mask);
	}
	return work_done;
}

/* mv643xx_eth_irq: mask everything, let NAPI do the work. */
static void mv643xx_eth_irq(void *data)
{
	struct mv643xx_eth_private *mp = data;

	nic_sync(mp->nic);
	if (!nic_irq_asserted(mp->nic))
		return;
	{
		CC_SCOPE(mv643xx_eth_irq);

		charge(CODE_mv643xx_eth_irq);
		mp->irqs++;
		readl_charge();
		writel_charge();
		nic_set_mask(mp->nic, 0);
		napi_schedule(&mp->dev.napi);
	}
}

static u64 mv643xx_next_assert(void *data)
{
	struct mv643xx_eth_private *mp = data;

	return nic_next_event(mp->nic);
}

struct net_device *mv643xx_eth_probe(struct nic *nic, bool sg, bool tx_csum,
				     bool tso)
{
	struct mv643xx_eth_private *mp = calloc(1, sizeof(*mp));
	struct net_device *dev;
	u32 features;

	if (!mp)
		panic("mv643xx_eth: host out of memory");
	dev = &mp->dev;
	dev->name = "eth0";
	dev->priv = mp;
	dev->mtu = 1500;
	dev->gso_max_size = GSO_MAX_SIZE;
	dev->gso_max_segs = MV643XX_MAX_TSO_SEGS;
	dev->tx_queue_len = 1000;
	dev->ndo_start_xmit = mv643xx_eth_xmit;
	/*
	 * The port device, the netdev's parent (SET_NETDEV_DEV):
	 * mv643xx_eth_shared_of_add_port (3.16) makes it with
	 * platform_device_alloc and sets only coherent_dma_mask, so
	 * dma_mask stays NULL unless eth_dma_mask=32.
	 */
	dev->dma_dev = (struct device){
		.init_name = "mv643xx_eth_port",
		.coherent_dma_mask = 0xffffffffull,	/* DMA_BIT_MASK(32) */
	};
	if (config->eth_dma_mask_32)
		dev->dma_dev.dma_mask = &dev->dma_dev.coherent_dma_mask;
	INIT_LIST_HEAD(&dev->qdisc);
	mp->nic = nic;
	/* hw_features as ethtool -K left them, then netdev_fix_features:
	 * TSO needs SG, SG needs checksum offload; GSO (a soft feature)
	 * needs SG. */
	features = NETIF_F_RXCSUM;
	if (tx_csum)
		features |= NETIF_F_IP_CSUM;
	if (sg && tx_csum)
		features |= NETIF_F_SG | NETIF_F_GSO;
	if (tso && (features & NETIF_F_SG))
		features |= NETIF_F_TSO;
	dev->features = features;
	if (dma_alloc_coherent(DEFAULT_TX_QUEUE_SIZE * NIC_DESC_SIZE,
			       &mp->tx_ring) ||
	    dma_alloc_coherent(DEFAULT_RX_QUEUE_SIZE * NIC_DESC_SIZE,
			       &mp->rx_ring) ||
	    dma_alloc_coherent(DEFAULT_TX_QUEUE_SIZE * TSO_HEADER_SIZE,
			       &mp->tso_hdrs)) {
		dma_free_coherent(&mp->tx_ring);
		dma_free_coherent(&mp->rx_ring);
		dma_free_coherent(&mp->tso_hdrs);
		free(mp);
		return NULL;
	}
	mp->tx_stop_threshold = DEFAULT_TX_QUEUE_SIZE - MV643XX_MAX_SKB_DESCS;
	mp->tx_wake_threshold = mp->tx_stop_threshold / 2;
	nic_set_rings(nic, mp->tx_ring.pa, DEFAULT_TX_QUEUE_SIZE,
		      mp->rx_ring.pa, DEFAULT_RX_QUEUE_SIZE);
	netif_napi_add(dev, &dev->napi, mv643xx_eth_poll, NAPI_POLL_WEIGHT);
	/* mv643xx_eth_open: fill the RX ring, unmask TX and RX. */
	rxq_refill(mp, DEFAULT_RX_QUEUE_SIZE);
	mp->int_mask = NIC_INT_TX | NIC_INT_RX;
	nic_set_mask(nic, mp->int_mask);
	mp->irq = (struct irq_source){ .name = "eth0",
				       .next_assert = mv643xx_next_assert,
				       .handler = mv643xx_eth_irq,
				       .data = mp };
	request_irq(&mp->irq);
	return dev;
}

void mv643xx_eth_remove(struct net_device *dev)
{
	struct mv643xx_eth_private *mp = mp_of(dev);

	free_irq(&mp->irq);
	nic_set_mask(mp->nic, 0);
	/* mv643xx_eth_stop: the engine is stopped, everything reclaimed. */
	txq_reclaim(mp, DEFAULT_TX_QUEUE_SIZE, true);
	for (u32 i = 0; i < DEFAULT_RX_QUEUE_SIZE; i++)
		if (mp->rx_skb[i]) {
			dma_unmap_single(&dev->dma_dev, mp->rx_map[i],
					 RX_SKB_SIZE, DMA_FROM_DEVICE);
			kfree_skb(mp->rx_skb[i]);
			mp->rx_skb[i] = NULL;
		}
	net_dev_exit(dev);
	dma_free_coherent(&mp->tx_ring);
	dma_free_coherent(&mp->rx_ring);
	dma_free_coherent(&mp->tso_hdrs);
	free(mp);
}

void mv643xx_eth_stats(const struct net_device *dev, u64 *irqs, u64 *polls,
		       u64 *tso_skbs, u64 *tso_segs)
{
	const struct mv643xx_eth_private *mp = dev->priv;

	*irqs = mp->irqs;
	*polls = mp->polls;
	*tso_skbs = mp->tso_skbs;
	*tso_segs = mp->tso_segs;
}
