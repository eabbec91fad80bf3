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
 *    mv643xx_eth_poll reclaims TX descriptors (unmap; which descriptor
 *    frees an skb is the kernel version's, txq_reclaim), processes RX
 *    (unmap the whole 1536-byte buffer, up the stack) and refills, 16 at
 *    a time, then unmasks.
 * Descriptor rings and TSO headers live in coherent memory, uncached and
 * unbuffered on ARMv5 (arch/dma-coherent.h): every descriptor field and
 * header byte the driver writes is a strongly-ordered store, every one it
 * reads an uncached load.
 */
#include "net/mv643xx_eth.h"

#include <stdlib.h>
#include <string.h>

#include "arch/dma-coherent.h"
#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "config/settings.h"
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
/* The first release whose txq_reclaim frees on TX_ENABLE_INTERRUPT: the
 * 3.18.3 copy read has it (a 3.19 fix taken by the stable series);
 * 3.16.0, 3.16.7 and 3.17.0 dequeue on TX_LAST_DESC. */
#define RECLAIM_FIXED_VERSION KERNEL_VERSION(3, 18, 3)

struct tx_slot {
	dma_addr_t map;		/* desc->buf_ptr as the driver wrote */
	u32 len;		/* desc->byte_cnt */
	bool tso_hdr;		/* IS_TSO_HEADER: in tso_hdrs, unmapped */
	/* Model bookkeeping (no field of the real driver): the skb whose
	 * data the descriptor points into, so that a free while the engine
	 * still owns it can be told to the NIC's checker. */
	struct sk_buff *owner;
};

struct mv643xx_eth_private {
	struct net_device dev;
	struct nic *nic;
	struct coherent_buf tx_ring, rx_ring, tso_hdrs;
	struct tx_slot tx[DEFAULT_TX_QUEUE_SIZE];
	u32 tx_curr, tx_used, tx_desc_count;
	u32 tx_stop_threshold, tx_wake_threshold;
	/* txq->tx_skb: the skbs handed over, in order (a FIFO). */
	struct sk_buff *tx_skb[DEFAULT_TX_QUEUE_SIZE];
	u32 tx_skb_head, tx_skb_len;
	/* 3.16-3.18.2: txq_reclaim dequeues on TX_LAST_DESC (see there). */
	bool reclaim_on_last_desc;
	struct sk_buff *rx_skb[DEFAULT_RX_QUEUE_SIZE];
	dma_addr_t rx_map[DEFAULT_RX_QUEUE_SIZE];
	u32 rx_curr, rx_used, rx_desc_count;
	bool work_tx, work_rx, work_rx_refill;
	u32 int_mask;
	struct irq_source irq;
	struct mv643xx_stats st;
};

static struct mv643xx_eth_private *mp_of(struct net_device *dev)
{
	return dev->priv;
}

static u32 tx_next(u32 idx)
{
	return (idx + 1) % DEFAULT_TX_QUEUE_SIZE;
}

/* __skb_queue_tail / __skb_dequeue on txq->tx_skb. */
static void tx_skb_queue(struct mv643xx_eth_private *mp, struct sk_buff *skb)
{
	BUG_ON(mp->tx_skb_len == DEFAULT_TX_QUEUE_SIZE);
	mp->tx_skb[(mp->tx_skb_head + mp->tx_skb_len++) %
		   DEFAULT_TX_QUEUE_SIZE] = skb;
}

static struct sk_buff *tx_skb_dequeue(struct mv643xx_eth_private *mp)
{
	struct sk_buff *skb;

	if (!mp->tx_skb_len)
		return NULL;
	skb = mp->tx_skb[mp->tx_skb_head];
	mp->tx_skb[mp->tx_skb_head] = NULL;
	mp->tx_skb_head = tx_next(mp->tx_skb_head);
	mp->tx_skb_len--;
	return skb;
}

/*
 * One TX descriptor: its four fields are four stores to strongly-ordered
 * memory, in the order the 3.16 code writes them -- txq_put_data_tso,
 * txq_put_hdr_tso and the first descriptor of txq_submit_skb write
 * l4i_chk, byte_cnt, buf_ptr, then cmd_sts (the wmb between is a compiler
 * barrier on a UP ARMv5 without ARM_DMA_MEM_BUFFERABLE, asm/barrier.h);
 * txq_submit_frag_skb writes cmd_sts first (@cmd_first).
 */
static void tx_desc_put(struct mv643xx_eth_private *mp, u32 idx,
			dma_addr_t buf, u16 len, u32 cmd_sts, bool cmd_first)
{
	u32 base = idx * NIC_DESC_SIZE;

	charge(CODE_mv643xx_tx_desc);
	if (machine->checks) {
		u8 cur[4];

		net_peek_phys(mp->tx_ring.pa + base, cur, 4);
		if (le32_get(cur) & BUFFER_OWNED_BY_DMA)
			panic("mv643xx_eth: TX descriptor %u reused while the engine owns it (%u in use)",
			      idx, mp->tx_desc_count);
	}
	if (cmd_first)
		coherent_store(&mp->tx_ring, base + TXD_CMD_STS, cmd_sts, 4);
	coherent_store(&mp->tx_ring, base + TXD_L4I_CHK, 0, 2);
	coherent_store(&mp->tx_ring, base + TXD_BYTE_CNT, len, 2);
	coherent_store(&mp->tx_ring, base + TXD_BUF_PTR, (u32)buf, 4);
	if (!cmd_first)
		coherent_store(&mp->tx_ring, base + TXD_CMD_STS, cmd_sts, 4);
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

/* txq_submit_skb (3.16): the fragments (txq_submit_frag_skb), then the
 * linear part's descriptor, whose ownership goes last.  Return: 0, or
 * -EBUSY when fewer than MAX_SKB_FRAGS + 1 descriptors are free. */
static int txq_submit_skb(struct mv643xx_eth_private *mp, struct sk_buff *skb)
{
	struct device *d = &mp->dev.dma_dev;
	int nr = skb_shinfo(skb)->nr_frags;
	u32 first = mp->tx_curr, cmd = tx_csum_cmd(skb);
	u32 hl = skb_headlen(skb);
	dma_addr_t map;

	if (DEFAULT_TX_QUEUE_SIZE - mp->tx_desc_count < MAX_SKB_FRAGS + 1)
		return -EBUSY;
	mp->tx_curr = tx_next(mp->tx_curr);
	for (int i = 0; i < nr; i++) {
		const struct skb_frag *f = &skb_shinfo(skb)->frags[i];
		u32 idx = mp->tx_curr;
		bool last = i == nr - 1;

		/* 3.16 maps a fragment by page_address + offset. */
		map = dma_map_single(d, skb_frag_address(f), f->size,
				     DMA_TO_DEVICE);
		mp->tx[idx] = (struct tx_slot){ .map = map, .len = f->size,
						.owner = skb };
		tx_desc_put(mp, idx, map, (u16)f->size,
			    BUFFER_OWNED_BY_DMA |
				    (last ? TX_LAST_DESC | TX_ENABLE_INTERRUPT :
					    0),
			    true);
		mp->tx_curr = tx_next(idx);
	}
	map = dma_map_single(d, skb_data(skb), hl, DMA_TO_DEVICE);
	mp->tx[first] = (struct tx_slot){ .map = map, .len = hl, .owner = skb };
	tx_skb_queue(mp, skb);
	tx_desc_put(mp, first, map, (u16)hl,
		    BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | GEN_CRC | cmd |
			    (nr ? 0 : TX_LAST_DESC | TX_ENABLE_INTERRUPT),
		    false);
	mp->tx_desc_count += (u32)nr + 1;
	return 0;
}

/* tso_build_data: advance the payload cursor by @size. */
struct tso_t {
	vaddr_t data;
	u32 size;			/* bytes left in the current piece */
	int next_frag;
	struct page *page;		/* the piece's fragment; NULL: head */
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
		tso->page = f->page;
	}
}

/*
 * tso_build_hdr (net/core/tso.c, 3.16) into the segment's slot of the
 * coherent tso_hdrs, every access uncached: the template's memcpy, then
 * iph->id and iph->tot_len (16-bit stores), tcph->seq (32-bit), and for
 * all but the last segment the psh, fin and rst bitfields cleared, each
 * a read-modify-write of the flags byte ([E] the C as written: three
 * loads and three stores; a compiler merging them would do one).  The
 * slot is word-aligned and skb->data is two bytes off a word (NET_IP_ALIGN
 * keeps the IP header aligned in the skb), so in the slot the IP and TCP
 * headers are two bytes off: iph->id and tot_len are halfword-aligned,
 * but tcph->seq is a misaligned word store, which traps on ARMv5.
 */
static void tso_build_hdr(struct mv643xx_eth_private *mp, u32 hidx,
			  const u8 *tmpl, u32 tmpl_align, u32 hdr_len,
			  u16 id, u32 tot_len, u32 seq, bool is_last)
{
	const struct coherent_buf *b = &mp->tso_hdrs;
	u32 h = hidx * TSO_HEADER_SIZE, ip = h + 14, th = ip + IP_HDR_LEN;
	u8 be[4];

	coherent_memcpy(b, h, tmpl, tmpl_align, hdr_len);
	put_be16(be, id);
	coherent_store(b, ip + 4, le16_get(be), 2);
	put_be16(be, (u16)tot_len);
	coherent_store(b, ip + 2, le16_get(be), 2);
	put_be32(be, seq);
	if ((th + 4) & 3)
		arm_alignment_fixup_store(b, th + 4, le32_get(be));
	else
		coherent_store(b, th + 4, le32_get(be), 4);
	if (!is_last) {
		static const u8 clear[] = { TCPHDR_PSH, TCPHDR_FIN,
					    TCPHDR_RST };

		for (u32 i = 0; i < ARRAY_SIZE(clear); i++) {
			u32 flags = coherent_load(b, th + 13, 1);

			coherent_store(b, th + 13, flags & ~(u32)clear[i], 1);
		}
	}
}

/* txq_submit_tso (v3.16): per segment a header and its payload pieces.
 * Return: 0, or -EBUSY when the ring cannot take tso_count_descs. */
static int txq_submit_tso(struct mv643xx_eth_private *mp, struct sk_buff *skb)
{
	struct device *d = &mp->dev.dma_dev;
	const u32 hdr_len = 14 + IP_HDR_LEN + TCP_HDR_LEN;
	u32 mss = skb_shinfo(skb)->gso_size, total = skb->len - hdr_len;
	u32 cmd = tx_csum_cmd(skb), seq, sent = 0, desc_count = 0;
	u8 hdr[14 + IP_HDR_LEN + TCP_HDR_LEN];
	struct tso_t tso;
	u16 id;

	/* tso_count_descs: the Marvell way, two per segment and the frags. */
	if (mp->tx_desc_count + 2u * skb_shinfo(skb)->gso_segs +
		    skb_shinfo(skb)->nr_frags >=
	    DEFAULT_TX_QUEUE_SIZE)
		return -EBUSY;
	/* tso_start */
	kv_read(skb_data(skb), hdr, hdr_len);
	id = get_be16(hdr + 14 + 4);
	seq = get_be32(hdr + 14 + IP_HDR_LEN + 4);
	tso.data = skb_data(skb) + hdr_len;
	tso.size = skb_headlen(skb) - hdr_len;
	tso.next_frag = 0;
	tso.page = NULL;
	if (!tso.size)
		tso_advance(skb, &tso, 0);
	mp->st.tso_skbs++;
	while (total) {
		u32 left = MIN(mss, total), hidx = mp->tx_curr;

		charge(CODE_txq_submit_tso_seg);
		total -= left;
		tso_build_hdr(mp, hidx, hdr, skb_data(skb) & 3, hdr_len, id++,
			      IP_HDR_LEN + TCP_HDR_LEN + left, seq + sent,
			      !total);
		/* txq_put_hdr_tso */
		mp->tx[hidx] = (struct tx_slot){ .tso_hdr = true };
		tx_desc_put(mp, hidx,
			    mp->tso_hdrs.pa + (phys_addr_t)hidx * TSO_HEADER_SIZE,
			    (u16)hdr_len,
			    BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | GEN_CRC | cmd,
			    false);
		mp->tx_curr = tx_next(hidx);
		desc_count++;
		while (left) {
			u32 size = MIN(tso.size, left), idx = mp->tx_curr;
			bool last_tcp = size == left, last = last_tcp && !total;
			dma_addr_t map = dma_map_single(d, tso.data, size,
							DMA_TO_DEVICE);

			/* txq_put_data_tso: TX_LAST_DESC ends each
			 * segment, TX_ENABLE_INTERRUPT the skb. */
			mp->tx[idx] = (struct tx_slot){ .map = map,
							.len = size,
							.owner = skb };
			tx_desc_put(mp, idx, map, (u16)size,
				    BUFFER_OWNED_BY_DMA |
					    (last_tcp ? TX_LAST_DESC : 0) |
					    (last ? TX_ENABLE_INTERRUPT : 0),
				    false);
			mp->tx_curr = tx_next(idx);
			desc_count++;
			left -= size;
			sent += size;
			tso_advance(skb, &tso, size);
		}
		mp->st.tso_segs++;
	}
	tx_skb_queue(mp, skb);
	/* Counted at the end, as 3.16 does. */
	mp->tx_desc_count += desc_count;
	return 0;
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
	int ret;

	charge(CODE_mv643xx_eth_xmit);
	if (skb_shinfo(skb)->nr_frags)
		mp->st.frag_skbs++;
	/* 3.16: a linearize that fails is NETDEV_TX_BUSY (the qdisc keeps
	 * the skb), not a drop. */
	if (has_tiny_unaligned_frags(skb) && __skb_linearize(skb))
		return NETDEV_TX_BUSY;
	if (skb_shinfo(skb)->gso_size)
		ret = txq_submit_tso(mp, skb);
	else
		ret = txq_submit_skb(mp, skb);
	if (ret) {
		/* "tx queue full?!": the stop threshold keeps it from
		 * happening; 3.16 drops the skb (dev_kfree_skb_any). */
		mp->st.tx_dropped++;
		dev->tx_dropped++;
		kfree_skb(skb);
		return NETDEV_TX_OK;
	}
	txq_enable(mp);
	if (mp->tx_desc_count >= mp->tx_stop_threshold)
		netif_tx_stop_queue(dev);
	return NETDEV_TX_OK;
}

/*
 * An skb freed by txq_reclaim while descriptors the engine still owns
 * point into its data (3.16-3.18.2 below): a bug of those kernels, not
 * of the model.  With the driver's reference gone nothing keeps that data
 * for the engine: this free may release it, or a clone's original may
 * later (TCP's write queue purged at close), or the fragment cache may
 * start the page over (skb_page_frag_refill when its reference is the
 * last), and the kernel hands the memory out again before the engine
 * reads it.  So every such descriptor is told to the NIC's checker, which
 * counts those reads instead of stopping the run at a line the new owner
 * left dirty; the receiver sees whatever the memory holds by then.
 */
static void tx_free_in_flight(struct mv643xx_eth_private *mp,
			      struct sk_buff *skb)
{
	bool pending = false;

	for (u32 i = mp->tx_used, n = mp->tx_desc_count; n; n--,
		 i = tx_next(i)) {
		struct tx_slot *t = &mp->tx[i];
		u8 cmd[4];

		if (t->owner != skb)
			continue;
		t->owner = NULL;
		/* Bookkeeping, uncharged: is the engine still to read it? */
		net_peek_phys(mp->tx_ring.pa + i * NIC_DESC_SIZE + TXD_CMD_STS,
			      cmd, 4);
		if (!(le32_get(cmd) & BUFFER_OWNED_BY_DMA))
			continue;
		pending = true;
		if (nic_tx_buffer_released(mp->nic, i))
			mp->st.descs_released++;
	}
	if (pending)
		mp->st.freed_in_flight++;
}

/*
 * txq_reclaim: descriptors the engine is done with.  Per descriptor the
 * uncached cmd_sts, then buf_ptr (IS_TSO_HEADER) and, for a mapped
 * buffer, byte_cnt for dma_unmap_single.  Which descriptor frees an skb
 * from txq->tx_skb is the version's:
 *  - 3.16.0, 3.16.7, 3.17.0: every descriptor with TX_LAST_DESC dequeues
 *    one.  A TSO skb's every segment ends with TX_LAST_DESC, so its first
 *    segment's completion frees it and each further segment frees the
 *    next skb queued, whose descriptors may not even have been sent.
 *  - a 3.18.3 copy (the fix, in 3.19): only TX_ENABLE_INTERRUPT, the
 *    skb's last descriptor, dequeues, after the unmap.
 * @force (mv643xx_eth_stop): the engine is stopped; owned descriptors
 * are taken back too.
 */
static int txq_reclaim(struct mv643xx_eth_private *mp, int budget, bool force)
{
	CC_SCOPE(txq_reclaim);
	int reclaimed = 0;

	while (reclaimed < budget && mp->tx_desc_count) {
		u32 idx = mp->tx_used, base = idx * NIC_DESC_SIZE;
		u32 cmd = coherent_read32(&mp->tx_ring, base + TXD_CMD_STS);
		struct tx_slot *t = &mp->tx[idx];
		struct sk_buff *skb = NULL;

		if (cmd & BUFFER_OWNED_BY_DMA) {
			if (!force)
				break;
			coherent_store(&mp->tx_ring, base + TXD_CMD_STS,
				       cmd & ~BUFFER_OWNED_BY_DMA, 4);
		}
		charge(CODE_txq_reclaim);
		mp->tx_used = tx_next(idx);
		mp->tx_desc_count--;
		reclaimed++;
		t->owner = NULL;
		if (mp->reclaim_on_last_desc && (cmd & TX_LAST_DESC)) {
			skb = tx_skb_dequeue(mp);
			if (!skb)
				mp->st.null_dequeues++;
		}
		/* IS_TSO_HEADER reads buf_ptr; the unmap byte_cnt too. */
		coherent_read32(&mp->tx_ring, base + TXD_BUF_PTR);
		if (!t->tso_hdr) {
			coherent_load(&mp->tx_ring, base + TXD_BYTE_CNT, 2);
			dma_unmap_single(&mp->dev.dma_dev, t->map, t->len,
					 DMA_TO_DEVICE);
		}
		if (!mp->reclaim_on_last_desc && (cmd & TX_ENABLE_INTERRUPT)) {
			skb = tx_skb_dequeue(mp);
			if (!skb)
				panic("mv643xx_eth: txq_reclaim's WARN_ON(!skb): descriptor %u ends an skb the queue lacks",
				      idx);
		}
		if (skb) {
			tx_free_in_flight(mp, skb);
			kfree_skb(skb);
		}
		*t = (struct tx_slot){ 0 };
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
		dma_addr_t map;

		charge(CODE_rxq_refill);
		skb = netdev_alloc_skb(RX_SKB_SIZE, GFP_ATOMIC);
		if (!skb)
			break;
		map = dma_map_single(&mp->dev.dma_dev, skb_data(skb),
				     RX_SKB_SIZE, DMA_FROM_DEVICE);
		mp->rx_skb[idx] = skb;
		mp->rx_map[idx] = map;
		/* buf_ptr, buf_size, then (wmb, a compiler barrier here)
		 * cmd_sts: three strongly-ordered stores.  byte_cnt is the
		 * engine's to write. */
		coherent_store(&mp->rx_ring, idx * NIC_DESC_SIZE + RXD_BUF_PTR,
			       (u32)map, 4);
		coherent_store(&mp->rx_ring, idx * NIC_DESC_SIZE + RXD_BUF_SIZE,
			       RX_SKB_SIZE, 2);
		coherent_store(&mp->rx_ring, idx * NIC_DESC_SIZE + RXD_CMD_STS,
			       BUFFER_OWNED_BY_DMA | RX_ENABLE_INTERRUPT, 4);
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
		/* 3.16: the unmap's buf_ptr and buf_size, then byte_cnt: one
		 * uncached load each (after cmd_sts). */
		coherent_read32(&mp->rx_ring,
				idx * NIC_DESC_SIZE + RXD_BUF_PTR);
		coherent_load(&mp->rx_ring, idx * NIC_DESC_SIZE + RXD_BUF_SIZE,
			      2);
		cnt = coherent_load(&mp->rx_ring,
				    idx * NIC_DESC_SIZE + RXD_BYTE_CNT, 2);
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
	mp->st.polls++;
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
		mp->st.irqs++;
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
	mp->reclaim_on_last_desc =
		settings_kernel_version(config) < RECLAIM_FIXED_VERSION;
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

void mv643xx_eth_stats(const struct net_device *dev, struct mv643xx_stats *st)
{
	const struct mv643xx_eth_private *mp = dev->priv;

	*st = mp->st;
}
