/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A gigabit Ethernet controller with its own DMA engine, modelled on the
 * Marvell MV643xx/Kirkwood "GbE" unit that mv643xx_eth drives: one TX and
 * one RX descriptor ring in memory, descriptors owned by the DMA engine
 * or the CPU by a bit, a cause and a mask register, interrupt coalescing.
 *
 * The engine reads and writes RAM by physical address, never through the
 * CPU's caches.  With checks=y it stops the run when a TX buffer it reads
 * still has a dirty line in a CPU cache (the driver did not clean it) or
 * when an RX buffer it writes has one (a later write-back would destroy
 * the frame) -- the bugs DMA mapping exists to prevent.
 *
 * Time: the link is full duplex at @mbps; a frame holds the transmitter
 * for eth_wire_ps(); frames leave in ring order, each starting when the
 * previous one is done and the driver has handed it over (TXQ enable).
 * The far end is a link partner (net/peer.h) that receives each frame
 * when its last bit arrives and sends frames back.  Everything the engine
 * does is computed lazily up to the time the CPU asks about.
 */
#ifndef VMSPLIT_HW_NIC_H
#define VMSPLIT_HW_NIC_H

#include "base/byteorder.h"
#include "base/types.h"

/* Descriptor bits (mv643xx_eth.c). */
#define BUFFER_OWNED_BY_DMA 0x80000000u
#define ERROR_SUMMARY 0x00000001u
#define LAYER_4_CHECKSUM_OK 0x40000000u
#define RX_ENABLE_INTERRUPT 0x20000000u
#define RX_FIRST_DESC 0x08000000u
#define RX_LAST_DESC 0x04000000u
#define RX_IP_HDR_OK 0x02000000u
#define RX_PKT_IS_IPV4 0x01000000u
#define TX_ENABLE_INTERRUPT 0x00800000u
#define GEN_CRC 0x00400000u
#define TX_FIRST_DESC 0x00200000u
#define TX_LAST_DESC 0x00100000u
#define ZERO_PADDING 0x00080000u
#define GEN_IP_V4_CHECKSUM 0x00040000u
#define GEN_TCP_UDP_CHECKSUM 0x00020000u
#define GEN_TCP_UDP_CHK_FULL 0x00000400u
#define TX_IHL_SHIFT 11

/* struct tx_desc / rx_desc, little-endian ARM layout: 16 bytes each. */
#define NIC_DESC_SIZE 16u
#define TXD_CMD_STS 0
#define TXD_L4I_CHK 4
#define TXD_BYTE_CNT 6
#define TXD_BUF_PTR 8
#define RXD_CMD_STS 0
#define RXD_BYTE_CNT 4
#define RXD_BUF_SIZE 6
#define RXD_BUF_PTR 8

/* INT_CAUSE bits as this model uses them. */
#define NIC_INT_TX 0x1u			/* a frame with TX_ENABLE_INTERRUPT done */
#define NIC_INT_TX_END 0x2u		/* the TX engine stopped with work left */
#define NIC_INT_RX 0x4u			/* frames received (the line: after coalescing) */

#define NIC_MAX_FRAME 9728u

struct nic;

/* The other end of the cable. */
struct link_partner {
	/* A frame's last bit arrived at time @ps. */
	void (*receive)(void *data, const u8 *frame, u32 len, u64 ps);
	/* Its timers: the next one due (UINT64_MAX: none) and firing it. */
	u64 (*next_timer)(void *data);
	void (*run_timer)(void *data, u64 ps);
	void *data;
};

struct nic_stats {
	u64 tx_frames, tx_bytes, rx_frames, rx_bytes, rx_dropped;
	u64 tx_irqs, rx_irqs;
	u64 dma_read_bytes, dma_write_bytes;
	/* Bytes read through descriptors whose buffer the kernel had
	 * released before the engine got to them (nic_tx_buffer_released). */
	u64 dma_read_released_bytes;
};

/* Create the controller: link speed, RX interrupt coalescing (us). */
struct nic *nic_create(u32 mbps, u32 rx_coal_us);
void nic_destroy(struct nic *nic);
void nic_attach(struct nic *nic, const struct link_partner *peer);

/* Registers, as the driver programs them (each access is charged as an
 * uncached device access by the caller). */
void nic_set_rings(struct nic *nic, phys_addr_t txq, u32 tx_size,
		   phys_addr_t rxq, u32 rx_size);
void nic_txq_enable(struct nic *nic);		/* TXQ_COMMAND: kick */
u32 nic_read_cause(struct nic *nic);		/* INT_CAUSE */
void nic_ack_cause(struct nic *nic, u32 bits);	/* write 0s to INT_CAUSE */
void nic_set_mask(struct nic *nic, u32 mask);	/* INT_MASK */

/*
 * nic_tx_buffer_released - the checker's side channel, no register: the
 * kernel has freed the buffer of TX descriptor @idx while the engine
 * still owns it (3.16's txq_reclaim).  If the engine has yet to fetch it,
 * it reads it anyway, as the hardware would, but the dirty-line check is
 * off for it (the memory's new owner may have written it) and its bytes
 * are counted.  Return: whether the engine had yet to fetch it.
 */
bool nic_tx_buffer_released(struct nic *nic, u32 idx);

/* The partner's frames enter here: @frame arrives complete at @ps. */
void nic_rx_frame(struct nic *nic, const u8 *frame, u32 len, u64 ps);

/* Bring the engine up to the current CPU's clock. */
void nic_sync(struct nic *nic);
/* When the interrupt line is next asserted (CPU cycles; 0: now), and the
 * next time anything happens at all, so an idle CPU can follow. */
u64 nic_next_event(struct nic *nic);
bool nic_irq_asserted(struct nic *nic);

const struct nic_stats *nic_stats(const struct nic *nic);
/* Simulated time conversions at the CPU clock. */
u64 nic_cycles_to_ps(u64 cycles);
u64 nic_ps_to_cycles(u64 ps);

#endif
