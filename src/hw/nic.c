// SPDX-License-Identifier: GPL-2.0-only
/*
 * The gigabit controller and its DMA engine (see hw/nic.h).
 */
#include "hw/nic.h"

#include <stdlib.h>
#include <string.h>

#include "base/panic.h"
#include "hw/cache.h"
#include "hw/machine.h"
#include "hw/ram.h"
#include "net/checksum.h"
#include "net/wire.h"

#define PS_PER_S 1000000000000ull
#define PS_PER_US 1000000ull

enum nic_ev_type { EV_TX_DONE, EV_RX_ARRIVE, EV_RX_COAL };

struct nic_ev {
	u64 ps;
	u64 seq;			/* ties break in posting order */
	enum nic_ev_type type;
	u32 first, ndesc;		/* TX_DONE: the descriptors to return */
	u32 gen;			/* RX_COAL: coal_gen when armed */
	bool irq;			/* TX_DONE: TX_ENABLE_INTERRUPT */
	u32 len;
	u8 *frame;			/* TX_DONE, RX_ARRIVE */
};

struct nic {
	u32 mbps;
	u64 rx_coal_ps;
	phys_addr_t txq, rxq;
	u32 tx_size, rx_size;
	u32 tx_next, rx_next;		/* the engine's ring positions */
	/* The engine stops at the first descriptor the last TXQ enable did
	 * not cover (the real one stops at the first it does not own and
	 * needs another enable): what the driver posts after a kick waits
	 * for the next one. */
	u32 kick_limit;
	bool tx_enabled;
	u64 tx_kick_ps;			/* the last TXQ enable */
	u64 wire_free_ps;		/* the transmitter is free from then */
	u64 now_ps;			/* how far the engine has run */
	bool coal_pending;		/* an RX coalescing timer runs */
	bool rx_irq_ready;		/* ... and has expired */
	u32 coal_gen;			/* which timer is the live one */
	u32 cause, mask;
	struct nic_ev *ev;		/* binary min-heap on (ps, seq) */
	u32 nev, cap;
	u64 seq;
	/* The frame of the event being handled: the NIC owns it until the
	 * handler returns, so a checker's panic mid-event leaves it to
	 * nic_destroy rather than to a lost stack frame. */
	u8 *cur_frame;
	struct link_partner peer;
	struct nic_stats stats;
	bool *tx_released;		/* per TX descriptor: see nic.h */
	u8 frame[NIC_MAX_FRAME];
};

u64 nic_cycles_to_ps(u64 cycles)
{
	return (u64)((unsigned __int128)cycles * PS_PER_S / machine->cfg.cpu_hz);
}

u64 nic_ps_to_cycles(u64 ps)
{
	/* Rounded up: the CPU sees an event at the first cycle at or
	 * after it. */
	return (u64)(((unsigned __int128)ps * machine->cfg.cpu_hz + PS_PER_S -
		      1) / PS_PER_S);
}

static bool ev_before(const struct nic_ev *a, const struct nic_ev *b)
{
	return a->ps < b->ps || (a->ps == b->ps && a->seq < b->seq);
}

static void ev_push(struct nic *nic, struct nic_ev e)
{
	u32 i;

	if (nic->nev == nic->cap) {
		nic->cap = nic->cap ? 2 * nic->cap : 64;
		nic->ev = realloc(nic->ev, nic->cap * sizeof(*nic->ev));
		if (!nic->ev)
			panic("nic: host out of memory");
	}
	e.seq = nic->seq++;
	i = nic->nev++;
	while (i && ev_before(&e, &nic->ev[(i - 1) / 2])) {
		nic->ev[i] = nic->ev[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	nic->ev[i] = e;
}

static struct nic_ev ev_pop(struct nic *nic)
{
	struct nic_ev top = nic->ev[0], last = nic->ev[--nic->nev];
	u32 i = 0;

	for (;;) {
		u32 l = 2 * i + 1, m = i;

		if (l < nic->nev && ev_before(&nic->ev[l], &last))
			m = l;
		if (l + 1 < nic->nev &&
		    ev_before(&nic->ev[l + 1], m == i ? &last : &nic->ev[l]))
			m = l + 1;
		if (m == i)
			break;
		nic->ev[i] = nic->ev[m];
		i = m;
	}
	if (nic->nev)
		nic->ev[i] = last;
	return top;
}

struct nic *nic_create(u32 mbps, u32 rx_coal_us)
{
	struct nic *nic = calloc(1, sizeof(*nic));

	if (!nic)
		panic("nic: host out of memory");
	nic->mbps = mbps;
	nic->rx_coal_ps = (u64)rx_coal_us * PS_PER_US;
	return nic;
}

void nic_destroy(struct nic *nic)
{
	if (!nic)
		return;
	for (u32 i = 0; i < nic->nev; i++)
		free(nic->ev[i].frame);
	free(nic->cur_frame);
	free(nic->ev);
	free(nic->tx_released);
	free(nic);
}

void nic_attach(struct nic *nic, const struct link_partner *peer)
{
	nic->peer = *peer;
}

const struct nic_stats *nic_stats(const struct nic *nic)
{
	return &nic->stats;
}

void nic_set_rings(struct nic *nic, phys_addr_t txq, u32 tx_size,
		   phys_addr_t rxq, u32 rx_size)
{
	nic->txq = txq;
	nic->tx_size = tx_size;
	free(nic->tx_released);
	nic->tx_released = calloc(tx_size ? tx_size : 1, sizeof(bool));
	if (!nic->tx_released)
		panic("nic: host out of memory");
	nic->rxq = rxq;
	nic->rx_size = rx_size;
	nic->tx_next = nic->rx_next = 0;
	nic->kick_limit = 0;
}

static u8 *desc_ptr(phys_addr_t ring, u32 idx)
{
	return ram_ptr(&machine->ram, ring + (phys_addr_t)idx * NIC_DESC_SIZE);
}

/* The device is about to store into descriptor @idx of @ring. */
static u8 *desc_ptr_write(phys_addr_t ring, u32 idx)
{
	return ram_ptr_write(&machine->ram,
			     ring + (phys_addr_t)idx * NIC_DESC_SIZE,
			     NIC_DESC_SIZE);
}

/*
 * The coherence check of a DMA transfer: no CPU cache may hold a dirty
 * copy of a line the device reads (stale data on the wire) or writes (a
 * later write-back would overwrite the device's data).  A read checks
 * the lines wholly inside the buffer only: an edge line it shares with
 * other data may be dirty again by then for bytes the device does not
 * read (the caches here hold no data, so the bytes cannot be told
 * apart).  A write checks every line it touches.
 */
static void dma_check(phys_addr_t pa, u32 len, bool write)
{
	if (!machine->checks || !len)
		return;
	for (u32 i = 0; i < machine->ncpus; i++) {
		struct cpu *c = &machine->cpu[i];
		u32 line = cache_line_size(&c->l1d);
		phys_addr_t a = pa & ~(phys_addr_t)(line - 1);
		phys_addr_t end = pa + len;

		if (!write) {
			a = (pa + line - 1) & ~(phys_addr_t)(line - 1);
			end &= ~(phys_addr_t)(line - 1);
		}
		for (; a < end; a += line) {
			if (cache_pa_dirty(&c->l1d, a))
				panic("DMA %s of PA %#llx: a dirty line in CPU %u's L1 D-cache (the buffer was not %s)",
				      write ? "write" : "read",
				      (unsigned long long)a, i,
				      write ? "invalidated" : "cleaned");
			if (c->l2 && cache_pa_dirty(c->l2, a))
				panic("DMA %s of PA %#llx: a dirty line in the L2 cache (the buffer was not %s)",
				      write ? "write" : "read",
				      (unsigned long long)a,
				      write ? "invalidated" : "cleaned");
		}
	}
}

static void dma_read(struct nic *nic, phys_addr_t pa, u8 *to, u32 len,
		     bool released)
{
	if (!ram_contains(&machine->ram, pa, len))
		panic("DMA read of %u bytes at PA %#llx: outside RAM", len,
		      (unsigned long long)pa);
	if (released)
		nic->stats.dma_read_released_bytes += len;
	else
		dma_check(pa, len, false);
	memcpy(to, ram_ptr(&machine->ram, pa), len);
	nic->stats.dma_read_bytes += len;
}

static void dma_write(struct nic *nic, phys_addr_t pa, const u8 *from,
		      u32 len)
{
	if (!ram_contains(&machine->ram, pa, len))
		panic("DMA write of %u bytes at PA %#llx: outside RAM", len,
		      (unsigned long long)pa);
	dma_check(pa, len, true);
	/* The TLB-coherence memo watches page-table frames by their write
	 * counts: a device write is a write too. */
	memcpy(ram_ptr_write(&machine->ram, pa, len), from, len);
	nic->stats.dma_write_bytes += len;
}

/* Checksum offload of an IPv4/TCP frame in @f (GEN_*_CHECKSUM). */
static void tx_offload(u8 *f, u32 len, u32 cmd)
{
	u32 ihl = ((cmd >> TX_IHL_SHIFT) & 0xf) * 4;
	u8 *ip = f + 14;

	if (len < 14 + ihl)
		return;
	if (cmd & GEN_IP_V4_CHECKSUM) {
		put_be16(ip + 10, 0);
		put_be16(ip + 10, csum_fold(csum_partial(ip, ihl, 0)));
	}
	if ((cmd & GEN_TCP_UDP_CHECKSUM) && len >= 14 + ihl + 20) {
		u32 tot = get_be16(ip + 2);
		u32 l4 = tot - ihl;
		u8 *th = ip + ihl;
		u32 sum;

		/* A frame the CPU overwrote after handing it over (the
		 * RFC's and 3.16's early reclaim) may carry any length: the
		 * engine fills no checksum it cannot compute, and the
		 * receiver finds the frame bad. */
		if (tot < ihl + 20 || 14 + tot > len)
			return;
		put_be16(th + 16, 0);
		sum = csum_tcpudp_nofold(get_be32(ip + 12), get_be32(ip + 16),
					 l4, 6, csum_partial(th, l4, 0));
		put_be16(th + 16, csum_fold(sum));
	}
}

/* The next frame's start time, or UINT64_MAX if the engine has none. */
static u64 tx_next_start(struct nic *nic)
{
	if (!nic->tx_enabled || !nic->tx_size || nic->tx_next == nic->kick_limit)
		return UINT64_MAX;
	if (!(le32_get(desc_ptr(nic->txq, nic->tx_next)) & BUFFER_OWNED_BY_DMA))
		return UINT64_MAX;
	return MAX(nic->wire_free_ps, nic->tx_kick_ps);
}

/* The DMA engine fetches one frame at @ps and puts it on the wire. */
static void tx_start(struct nic *nic, u64 ps)
{
	u32 idx = nic->tx_next, n = 0, len = 0, cmd0 = 0;
	bool irq = false;

	for (;;) {
		u8 *d = desc_ptr(nic->txq, idx);
		u32 cmd = le32_get(d);
		u32 cnt = le16_get(d + TXD_BYTE_CNT);

		if (!(cmd & BUFFER_OWNED_BY_DMA))
			panic("nic: TX descriptor %u handed over without its LAST_DESC chain",
			      idx);
		if (!n) {
			if (!(cmd & TX_FIRST_DESC))
				panic("nic: TX descriptor %u starts a frame without FIRST_DESC",
				      idx);
			cmd0 = cmd;
		}
		if (len + cnt > NIC_MAX_FRAME)
			panic("nic: a TX frame over %u bytes", NIC_MAX_FRAME);
		dma_read(nic, le32_get(d + TXD_BUF_PTR), nic->frame + len, cnt,
			 nic->tx_released[idx]);
		nic->tx_released[idx] = false;
		len += cnt;
		n++;
		idx = (idx + 1) % nic->tx_size;
		if (cmd & TX_LAST_DESC) {
			irq = cmd & TX_ENABLE_INTERRUPT;
			break;
		}
		if (n == nic->tx_size)
			panic("nic: a TX chain around the whole ring");
	}
	tx_offload(nic->frame, len, cmd0);
	{
		struct nic_ev e = {
			.ps = ps + eth_wire_ps(len, nic->mbps),
			.type = EV_TX_DONE,
			.first = nic->tx_next,
			.ndesc = n,
			.irq = irq,
			.len = len,
			.frame = malloc(len),
		};

		if (!e.frame)
			panic("nic: host out of memory");
		memcpy(e.frame, nic->frame, len);
		nic->wire_free_ps = e.ps;
		ev_push(nic, e);
	}
	nic->tx_next = idx;
	nic->stats.tx_frames++;
	nic->stats.tx_bytes += len;
}

static void tx_done(struct nic *nic, struct nic_ev *e)
{
	for (u32 i = 0; i < e->ndesc; i++) {
		u8 *d = desc_ptr_write(nic->txq, (e->first + i) % nic->tx_size);

		le32_put(d, le32_get(d) & ~BUFFER_OWNED_BY_DMA);
	}
	if (e->irq)
		nic->cause |= NIC_INT_TX;
	if (nic->peer.receive)
		nic->peer.receive(nic->peer.data, e->frame, e->len, e->ps);
}

/* Is this an IPv4 frame whose IP and TCP checksums verify? */
static bool rx_checksums_ok(const u8 *f, u32 len)
{
	const u8 *ip = f + 14;
	u32 ihl, tot;

	if (len < 34 || get_be16(f + 12) != 0x0800)
		return false;
	ihl = (ip[0] & 0xf) * 4u;
	tot = get_be16(ip + 2);
	if (csum_fold(csum_partial(ip, ihl, 0)) != 0 || 14 + tot > len)
		return false;
	if (ip[9] != 6)
		return false;
	return csum_fold(csum_tcpudp_nofold(get_be32(ip + 12),
					    get_be32(ip + 16), tot - ihl, 6,
					    csum_partial(ip + ihl, tot - ihl,
							 0))) == 0;
}

/* A frame arrives: the engine writes 2 bytes of alignment padding, the
 * frame and its FCS into the next RX buffer the CPU gave it. */
static void rx_arrive(struct nic *nic, struct nic_ev *e)
{
	u8 *d;
	u32 cmd, size, cnt = 2 + e->len + ETH_FCS_LEN;

	if (!nic->rx_size) {
		nic->stats.rx_dropped++;
		return;
	}
	d = desc_ptr(nic->rxq, nic->rx_next);
	cmd = le32_get(d);
	size = le16_get(d + RXD_BUF_SIZE);
	if (!(cmd & BUFFER_OWNED_BY_DMA) || cnt > size) {
		nic->stats.rx_dropped++;
		return;
	}
	memset(nic->frame, 0, 2);
	memcpy(nic->frame + 2, e->frame, e->len);
	memset(nic->frame + 2 + e->len, 0, ETH_FCS_LEN);
	dma_write(nic, le32_get(d + RXD_BUF_PTR), nic->frame, cnt);
	d = desc_ptr_write(nic->rxq, nic->rx_next);
	le16_put(d + RXD_BYTE_CNT, (u16)cnt);
	le32_put(d, RX_FIRST_DESC | RX_LAST_DESC | RX_ENABLE_INTERRUPT |
			    (rx_checksums_ok(e->frame, e->len) ?
				     RX_IP_HDR_OK | RX_PKT_IS_IPV4 |
					     LAYER_4_CHECKSUM_OK :
				     0));
	nic->rx_next = (nic->rx_next + 1) % nic->rx_size;
	nic->stats.rx_frames++;
	nic->stats.rx_bytes += e->len;
	/*
	 * [E] Coalescing: the cause bit is set at once (a poll for another
	 * reason sees the frame), the interrupt line waits until rx_coal
	 * after the first frame not yet signalled.
	 */
	nic->cause |= NIC_INT_RX;
	if (!nic->coal_pending) {
		nic->coal_pending = true;
		ev_push(nic, (struct nic_ev){ .ps = e->ps + nic->rx_coal_ps,
					      .type = EV_RX_COAL,
					      .gen = nic->coal_gen });
	}
}

void nic_rx_frame(struct nic *nic, const u8 *frame, u32 len, u64 ps)
{
	struct nic_ev e = { .ps = ps, .type = EV_RX_ARRIVE, .len = len };

	if (len > NIC_MAX_FRAME)
		panic("nic: a %u-byte frame from the partner", len);
	e.frame = malloc(len);
	if (!e.frame)
		panic("nic: host out of memory");
	memcpy(e.frame, frame, len);
	ev_push(nic, e);
}

static u64 peer_timer(struct nic *nic)
{
	return nic->peer.next_timer ? nic->peer.next_timer(nic->peer.data) :
				      UINT64_MAX;
}

/* Run the engine and the partner up to @until, in time order. */
static void nic_run(struct nic *nic, u64 until)
{
	for (;;) {
		u64 t_tx = tx_next_start(nic);
		u64 t_ev = nic->nev ? nic->ev[0].ps : UINT64_MAX;
		u64 t_peer = peer_timer(nic);
		u64 t = MIN(t_tx, MIN(t_ev, t_peer));

		if (t > until)
			break;
		if (t == t_tx && t_tx <= t_ev) {
			tx_start(nic, t);
		} else if (t == t_ev) {
			struct nic_ev e = ev_pop(nic);

			nic->cur_frame = e.frame;
			switch (e.type) {
			case EV_TX_DONE:
				tx_done(nic, &e);
				break;
			case EV_RX_ARRIVE:
				rx_arrive(nic, &e);
				break;
			case EV_RX_COAL:
				if (e.gen == nic->coal_gen &&
				    (nic->cause & NIC_INT_RX))
					nic->rx_irq_ready = true;
				break;
			}
			nic->cur_frame = NULL;
			free(e.frame);
		} else {
			nic->peer.run_timer(nic->peer.data, t);
		}
	}
	if (until > nic->now_ps)
		nic->now_ps = until;
}

void nic_sync(struct nic *nic)
{
	nic_run(nic, nic_cycles_to_ps(this_cpu()->cycles));
}

bool nic_tx_buffer_released(struct nic *nic, u32 idx)
{
	BUG_ON(idx >= nic->tx_size);
	nic_sync(nic);
	/* Only a descriptor the engine has yet to fetch: from tx_next on,
	 * while they are its. */
	for (u32 j = nic->tx_next, n = 0; n < nic->tx_size;
	     j = (j + 1) % nic->tx_size, n++) {
		if (!(le32_get(desc_ptr(nic->txq, j)) & BUFFER_OWNED_BY_DMA))
			break;
		if (j == idx) {
			nic->tx_released[idx] = true;
			return true;
		}
	}
	return false;
}

void nic_txq_enable(struct nic *nic)
{
	u32 idx;

	/* What earlier kicks covered runs up to now first. */
	nic_sync(nic);
	nic->tx_enabled = true;
	nic->tx_kick_ps = MAX(nic->tx_kick_ps, nic->now_ps);
	/* This kick covers the run of descriptors handed over since. */
	idx = nic->kick_limit;
	while (le32_get(desc_ptr(nic->txq, idx)) & BUFFER_OWNED_BY_DMA) {
		idx = (idx + 1) % nic->tx_size;
		if (idx == nic->tx_next)
			panic("nic: every TX descriptor handed to the engine");
	}
	nic->kick_limit = idx;
}

u32 nic_read_cause(struct nic *nic)
{
	nic_sync(nic);
	return nic->cause;
}

void nic_ack_cause(struct nic *nic, u32 bits)
{
	nic->cause &= ~bits;
	if (bits & NIC_INT_RX) {
		/* The next frame starts a new coalescing period. */
		nic->coal_pending = false;
		nic->rx_irq_ready = false;
		nic->coal_gen++;
	}
}

void nic_set_mask(struct nic *nic, u32 mask)
{
	nic->mask = mask;
}

bool nic_irq_asserted(struct nic *nic)
{
	u32 pending = nic->cause & nic->mask;

	if (!nic->rx_irq_ready)
		pending &= ~NIC_INT_RX;
	return pending != 0;
}

u64 nic_next_event(struct nic *nic)
{
	u64 t;

	if (nic_irq_asserted(nic))
		return 0;
	t = MIN(tx_next_start(nic), peer_timer(nic));
	if (nic->nev)
		t = MIN(t, nic->ev[0].ps);
	return t == UINT64_MAX ? UINT64_MAX : nic_ps_to_cycles(t);
}
