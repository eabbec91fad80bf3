// SPDX-License-Identifier: GPL-2.0-only
/*
 * The gigabit controller model (src/hw/nic.c) driven by hand, without the
 * driver: descriptor rings in dma_alloc_coherent memory, frame buffers in
 * lowmem, a recording link partner.  What it must do, exactly:
 *
 *  - TX: a frame leaves when the queue is enabled and reaches the partner
 *    at kick + eth_wire_ps(len, 1000) ps; the next frame starts when the
 *    previous one is done.  The descriptors go back to the CPU (the owned
 *    bit cleared) at that time, and TX_ENABLE_INTERRUPT sets NIC_INT_TX,
 *    which asserts the line only when masked in.  GEN_IP_V4_CHECKSUM and
 *    GEN_TCP_UDP_CHECKSUM write both checksums.
 *  - RX: a frame is written at the buffer's PA as 2 pad bytes, the frame
 *    and 4 FCS bytes; the byte count is len + 6; LAYER_4_CHECKSUM_OK only
 *    for a frame whose checksums verify; NIC_INT_RX exactly rx_coal_us
 *    after the arrival; no descriptor owned by the engine: rx_dropped.
 *  - The engine reads RAM by PA: with checks=y a TX buffer with a dirty
 *    line in the CPU's cache panics, one cleaned by dma_map_single does
 *    not, and an RX buffer with a dirty line panics too; checks=n turns
 *    the check off.
 *
 * The Kirkwood runs at 1.6 GHz: one cycle is exactly 625 ps.
 */
#include "helpers.h"

#include "arch/dma-coherent.h"
#include "arch/dma-mapping.h"
#include "arch/kv.h"
#include "hw/machine.h"
#include "hw/nic.h"
#include "hw/ram.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mm_types.h"
#include "net/checksum.h"
#include "net/wire.h"

#define KW "kirkwood-openblocks-a7"
#define MBPS 1000u
#define COAL_US 250u
#define RING 4u
#define MAX_RECV 4

/* What the link partner got. */
static struct {
	u32 n;
	u32 len[MAX_RECV];
	u64 ps[MAX_RECV];
	u8 frame[MAX_RECV][NIC_MAX_FRAME];
} recv;

static void partner_receive(void *data, const u8 *frame, u32 len, u64 ps)
{
	cr_assert_lt(recv.n, MAX_RECV);
	recv.len[recv.n] = len;
	recv.ps[recv.n] = ps;
	memcpy(recv.frame[recv.n], frame, len);
	recv.n++;
}

static const struct link_partner partner = { .receive = partner_receive };

struct rig {
	struct nic *nic;
	struct coherent_buf txq, rxq;
	struct page *page; /* TX buffers */
	vaddr_t va;
	phys_addr_t pa;
	struct page *rxpage; /* RX buffers */
	phys_addr_t rxpa;
};

static void rig_up(struct rig *r, u32 rx_descs)
{
	memset(&recv, 0, sizeof(recv));
	r->nic = nic_create(MBPS, COAL_US);
	nic_attach(r->nic, &partner);
	cr_assert_eq(dma_alloc_coherent(RING * NIC_DESC_SIZE, &r->txq), 0);
	cr_assert_eq(dma_alloc_coherent(RING * NIC_DESC_SIZE, &r->rxq), 0);
	r->page = alloc_pages(GFP_KERNEL, 0);
	r->rxpage = alloc_pages(GFP_KERNEL, 1);
	cr_assert(r->page && r->rxpage);
	r->va = page_address(r->page);
	r->pa = page_to_phys(r->page);
	r->rxpa = page_to_phys(r->rxpage);
	nic_set_rings(r->nic, r->txq.pa, RING, r->rxq.pa, rx_descs);
}

/* Everything back, then the end-of-run checks. */
static void rig_down(struct rig *r)
{
	nic_destroy(r->nic);
	dma_free_coherent(&r->txq);
	dma_free_coherent(&r->rxq);
	__free_pages(r->page, 0);
	__free_pages(r->rxpage, 1);
	test_shutdown();
}

static void put_le16(u8 *p, u16 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
}

static void put_le32(u8 *p, u32 v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (u8)(v >> (8 * i));
}

static u16 le16_at(phys_addr_t pa)
{
	const u8 *p = ram_ptr(&machine->ram, pa);

	return (u16)(p[0] | p[1] << 8);
}

/*
 * The descriptors are written and read straight in RAM, as an observer
 * outside the CPU: coherent_write / coherent_read32 would charge the CPU
 * and move its clock past the instants the tests look at.
 */
static void tx_desc(struct rig *r, u32 idx, u32 cmd, u32 cnt, phys_addr_t buf)
{
	u8 *d = ram_ptr_write(&machine->ram, r->txq.pa + idx * NIC_DESC_SIZE,
			      NIC_DESC_SIZE);

	memset(d, 0, NIC_DESC_SIZE);
	put_le32(d + TXD_CMD_STS, cmd);
	put_le16(d + TXD_BYTE_CNT, (u16)cnt);
	put_le32(d + TXD_BUF_PTR, (u32)buf);
}

static void rx_desc(struct rig *r, u32 idx, u32 size, phys_addr_t buf)
{
	u8 *d = ram_ptr_write(&machine->ram, r->rxq.pa + idx * NIC_DESC_SIZE,
			      NIC_DESC_SIZE);

	memset(d, 0, NIC_DESC_SIZE);
	put_le32(d + RXD_CMD_STS, BUFFER_OWNED_BY_DMA | RX_ENABLE_INTERRUPT);
	put_le16(d + RXD_BUF_SIZE, (u16)size);
	put_le32(d + RXD_BUF_PTR, (u32)buf);
}

static u32 le32_at(phys_addr_t pa)
{
	const u8 *p = ram_ptr(&machine->ram, pa);

	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static u32 txd_cmd(struct rig *r, u32 idx)
{
	return le32_at(r->txq.pa + idx * NIC_DESC_SIZE + TXD_CMD_STS);
}

static u32 rxd_cmd(struct rig *r, u32 idx)
{
	return le32_at(r->rxq.pa + idx * NIC_DESC_SIZE + RXD_CMD_STS);
}

/* Let this CPU's clock reach @cycles (idle), then sync the engine. */
static void run_to(struct rig *r, u64 cycles)
{
	struct cpu *c = this_cpu();

	cr_assert_geq(cycles, c->cycles);
	hw_idle(c, cycles - c->cycles);
	nic_sync(r->nic);
}

#define FRAME_HDRS (ETH_HLEN + 20 + 20)

/*
 * An IPv4/TCP frame of @len bytes (headers and a patterned payload) from
 * 10.0.0.1:5001 to 10.0.0.2:80.  With @csums both checksums are right,
 * else both fields are zero (for the NIC to fill in).
 */
static void build_frame(u8 *f, u32 len, bool csums)
{
	static const u8 macs[12] = { 0x00, 0x50, 0x43, 0x00, 0x00, 0x02,
				     0x00, 0x50, 0x43, 0x00, 0x00, 0x01 };
	u8 *ip = f + ETH_HLEN, *th = ip + 20;

	memset(f, 0, len);
	memcpy(f, macs, sizeof(macs));
	put_be16(f + 12, 0x0800);
	ip[0] = 0x45;
	put_be16(ip + 2, (u16)(len - ETH_HLEN));
	put_be16(ip + 4, 0x1234);
	put_be16(ip + 6, 0x4000); /* DF */
	ip[8] = 64;
	ip[9] = 6;
	put_be32(ip + 12, 0x0a000001);
	put_be32(ip + 16, 0x0a000002);
	put_be16(th, 5001);
	put_be16(th + 2, 80);
	put_be32(th + 4, 0x01020304);
	put_be32(th + 8, 0x0a0b0c0d);
	th[12] = 0x50;
	th[13] = 0x18; /* PSH | ACK */
	put_be16(th + 14, 0xffff);
	for (u32 i = FRAME_HDRS; i < len; i++)
		f[i] = (u8)(i * 13 + 1);
	if (csums) {
		u32 l4 = len - ETH_HLEN - 20;

		put_be16(ip + 10, csum_fold(csum_partial(ip, 20, 0)));
		put_be16(th + 16, csum_fold(csum_tcpudp_nofold(
					  0x0a000001, 0x0a000002, l4, 6,
					  csum_partial(th, l4, 0))));
	}
}

/* Do the IP and TCP checksums of @f verify (sum to 0xffff)? */
static bool ip_csum_ok(const u8 *f)
{
	return csum_fold(csum_partial(f + ETH_HLEN, 20, 0)) == 0;
}

static bool tcp_csum_ok(const u8 *f, u32 len)
{
	u32 l4 = len - ETH_HLEN - 20;
	const u8 *ip = f + ETH_HLEN;

	return csum_fold(csum_tcpudp_nofold(get_be32(ip + 12),
					    get_be32(ip + 16), l4, 6,
					    csum_partial(ip + 20, l4, 0))) == 0;
}

/*
 * One 154-byte frame in two descriptors (54 bytes of headers at the
 * page's start, 100 of payload at offset 256), written straight into RAM
 * (no cache involved).  It holds the wire for 154 + 4 + 8 + 12 = 178
 * byte times: 1424000 ps.  The partner gets identical bytes at exactly
 * kick + that; the descriptors are the CPU's again then, not a cycle
 * before.
 */
Test(nic, tx_frame_timing_and_bytes)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[154];
	u64 kick_ps, done_ps;

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	memcpy(ram_ptr_write(&machine->ram, r.pa, FRAME_HDRS), frame,
	       FRAME_HDRS);
	memcpy(ram_ptr_write(&machine->ram, r.pa + 256, 100),
	       frame + FRAME_HDRS, 100);
	tx_desc(&r, 1,
		BUFFER_OWNED_BY_DMA | TX_LAST_DESC | ZERO_PADDING |
			TX_ENABLE_INTERRUPT,
		100, r.pa + 256);
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | GEN_CRC,
		FRAME_HDRS, r.pa);
	cr_assert_eq(eth_wire_ps(154, MBPS), 1424000);

	kick_ps = nic_cycles_to_ps(this_cpu()->cycles);
	nic_txq_enable(r.nic);
	done_ps = kick_ps + eth_wire_ps(154, MBPS);

	/* The engine starts the frame at the kick: the next event is its
	 * end. */
	run_to(&r, this_cpu()->cycles + 1);
	cr_assert_eq(nic_next_event(r.nic), nic_ps_to_cycles(done_ps));
	cr_assert_eq(nic_stats(r.nic)->tx_frames, 1);
	cr_assert_eq(nic_stats(r.nic)->dma_read_bytes, 154);

	run_to(&r, nic_ps_to_cycles(done_ps) - 1);
	cr_assert_eq(recv.n, 0);
	cr_assert(txd_cmd(&r, 0) & BUFFER_OWNED_BY_DMA);
	cr_assert(txd_cmd(&r, 1) & BUFFER_OWNED_BY_DMA);
	cr_assert_eq(nic_read_cause(r.nic), 0);

	run_to(&r, nic_ps_to_cycles(done_ps));
	cr_assert_eq(recv.n, 1);
	cr_assert_eq(recv.ps[0], done_ps, "arrived at %llu ps, want %llu",
		     (unsigned long long)recv.ps[0],
		     (unsigned long long)done_ps);
	cr_assert_eq(recv.len[0], 154);
	cr_assert_arr_eq(recv.frame[0], frame, 154);
	cr_assert_eq(txd_cmd(&r, 0), TX_FIRST_DESC | GEN_CRC);
	cr_assert_eq(txd_cmd(&r, 1),
		     TX_LAST_DESC | ZERO_PADDING | TX_ENABLE_INTERRUPT);
	cr_assert_eq(nic_stats(r.nic)->tx_bytes, 154);
	cr_assert_eq(nic_next_event(r.nic), UINT64_MAX);
	rig_down(&r);
}

/*
 * NIC_INT_TX after a frame with TX_ENABLE_INTERRUPT: in the cause
 * register always, on the line only when the mask lets it through
 * (nic_next_event then says "now"); acked, it is gone.
 */
Test(nic, tx_interrupt_cause_and_mask)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[60];
	u64 done_ps;

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	memcpy(ram_ptr_write(&machine->ram, r.pa, sizeof(frame)), frame,
	       sizeof(frame));
	tx_desc(&r, 0,
		BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC |
			TX_ENABLE_INTERRUPT,
		sizeof(frame), r.pa);
	done_ps = nic_cycles_to_ps(this_cpu()->cycles) +
		  eth_wire_ps(sizeof(frame), MBPS);
	nic_txq_enable(r.nic);
	run_to(&r, nic_ps_to_cycles(done_ps));

	cr_assert_eq(nic_read_cause(r.nic), NIC_INT_TX);
	cr_assert_not(nic_irq_asserted(r.nic));
	nic_set_mask(r.nic, NIC_INT_RX);
	cr_assert_not(nic_irq_asserted(r.nic));
	nic_set_mask(r.nic, NIC_INT_TX | NIC_INT_RX);
	cr_assert(nic_irq_asserted(r.nic));
	cr_assert_eq(nic_next_event(r.nic), 0);
	nic_ack_cause(r.nic, NIC_INT_TX);
	cr_assert_eq(nic_read_cause(r.nic), 0);
	cr_assert_not(nic_irq_asserted(r.nic));
	rig_down(&r);
}

/* Without TX_ENABLE_INTERRUPT on the last descriptor: no cause. */
Test(nic, tx_without_interrupt_bit)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[60];
	u64 done_ps;

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	memcpy(ram_ptr_write(&machine->ram, r.pa, sizeof(frame)), frame,
	       sizeof(frame));
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), r.pa);
	done_ps = nic_cycles_to_ps(this_cpu()->cycles) +
		  eth_wire_ps(sizeof(frame), MBPS);
	nic_txq_enable(r.nic);
	nic_set_mask(r.nic, NIC_INT_TX);
	run_to(&r, nic_ps_to_cycles(done_ps));
	cr_assert_eq(recv.n, 1);
	cr_assert_eq(nic_read_cause(r.nic), 0);
	cr_assert_not(nic_irq_asserted(r.nic));
	rig_down(&r);
}

/* Frames handed over but never kicked stay where they are. */
Test(nic, tx_waits_for_enable)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[60];

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	memcpy(ram_ptr_write(&machine->ram, r.pa, sizeof(frame)), frame,
	       sizeof(frame));
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), r.pa);
	cr_assert_eq(nic_next_event(r.nic), UINT64_MAX);
	run_to(&r, this_cpu()->cycles + 1000000);
	cr_assert_eq(recv.n, 0);
	cr_assert_eq(nic_stats(r.nic)->tx_frames, 0);
	cr_assert(txd_cmd(&r, 0) & BUFFER_OWNED_BY_DMA);
	rig_down(&r);
}

/*
 * Checksum offload with IHL 5: both checksum fields go out zero from RAM
 * and arrive correct -- each verifies, and equals the sum computed here --
 * and nothing else in the frame changes.
 */
Test(nic, tx_checksum_offload)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[300], want[300];
	u64 done_ps;

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), false);
	build_frame(want, sizeof(want), true);
	cr_assert_eq(get_be16(frame + ETH_HLEN + 10), 0);
	cr_assert_eq(get_be16(frame + FRAME_HDRS - 4), 0);
	cr_assert(ip_csum_ok(want) && tcp_csum_ok(want, sizeof(want)));
	memcpy(ram_ptr_write(&machine->ram, r.pa, sizeof(frame)), frame,
	       sizeof(frame));
	tx_desc(&r, 0,
		BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC | GEN_CRC |
			GEN_IP_V4_CHECKSUM | GEN_TCP_UDP_CHECKSUM |
			5u << TX_IHL_SHIFT,
		sizeof(frame), r.pa);
	done_ps = nic_cycles_to_ps(this_cpu()->cycles) +
		  eth_wire_ps(sizeof(frame), MBPS);
	nic_txq_enable(r.nic);
	run_to(&r, nic_ps_to_cycles(done_ps));

	cr_assert_eq(recv.n, 1);
	cr_assert(ip_csum_ok(recv.frame[0]));
	cr_assert(tcp_csum_ok(recv.frame[0], sizeof(frame)));
	cr_assert_eq(get_be16(recv.frame[0] + ETH_HLEN + 10),
		     get_be16(want + ETH_HLEN + 10));
	cr_assert_eq(get_be16(recv.frame[0] + FRAME_HDRS - 4),
		     get_be16(want + FRAME_HDRS - 4));
	cr_assert_arr_eq(recv.frame[0], want, sizeof(want));
	/* The buffer in RAM is untouched: the sums went into the copy on
	 * the wire. */
	cr_assert_arr_eq(ram_ptr(&machine->ram, r.pa), frame, sizeof(frame));
	rig_down(&r);
}

/* Without the GEN_* bits the zero checksums go out as they are. */
Test(nic, tx_no_offload_leaves_checksums)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[300];
	u64 done_ps;

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), false);
	memcpy(ram_ptr_write(&machine->ram, r.pa, sizeof(frame)), frame,
	       sizeof(frame));
	tx_desc(&r, 0,
		BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC |
			5u << TX_IHL_SHIFT,
		sizeof(frame), r.pa);
	done_ps = nic_cycles_to_ps(this_cpu()->cycles) +
		  eth_wire_ps(sizeof(frame), MBPS);
	nic_txq_enable(r.nic);
	run_to(&r, nic_ps_to_cycles(done_ps));
	cr_assert_eq(recv.n, 1);
	cr_assert_arr_eq(recv.frame[0], frame, sizeof(frame));
	cr_assert_not(ip_csum_ok(recv.frame[0]));
	rig_down(&r);
}

/*
 * Two frames, one kick: the second starts when the first is done, so it
 * arrives at kick + wire(60) + wire(1514) = kick + 672000 + 12304000 ps.
 */
Test(nic, tx_back_to_back)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 small[60], big[1514];
	u64 kick_ps, t1, t2;

	rig_up(&r, 0);
	build_frame(small, sizeof(small), true);
	build_frame(big, sizeof(big), true);
	big[FRAME_HDRS] ^= 0x5a; /* not the small one's bytes */
	memcpy(ram_ptr_write(&machine->ram, r.pa, sizeof(small)), small,
	       sizeof(small));
	memcpy(ram_ptr_write(&machine->ram, r.pa + 512, sizeof(big)), big,
	       sizeof(big));
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(small), r.pa);
	tx_desc(&r, 1,
		BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC |
			TX_ENABLE_INTERRUPT,
		sizeof(big), r.pa + 512);
	cr_assert_eq(eth_wire_ps(60, MBPS), 672000);
	cr_assert_eq(eth_wire_ps(1514, MBPS), 12304000);

	kick_ps = nic_cycles_to_ps(this_cpu()->cycles);
	nic_txq_enable(r.nic);
	t1 = kick_ps + 672000;
	t2 = t1 + 12304000;

	run_to(&r, nic_ps_to_cycles(t1));
	cr_assert_eq(recv.n, 1);
	cr_assert_eq(recv.ps[0], t1);
	cr_assert_eq(nic_stats(r.nic)->tx_frames, 2);
	cr_assert_eq(txd_cmd(&r, 0), TX_FIRST_DESC | TX_LAST_DESC);
	cr_assert(txd_cmd(&r, 1) & BUFFER_OWNED_BY_DMA);
	cr_assert_eq(nic_read_cause(r.nic), 0);

	run_to(&r, nic_ps_to_cycles(t2) - 1);
	cr_assert_eq(recv.n, 1);
	run_to(&r, nic_ps_to_cycles(t2));
	cr_assert_eq(recv.n, 2);
	cr_assert_eq(recv.ps[1], t2);
	cr_assert_eq(recv.len[1], sizeof(big));
	cr_assert_arr_eq(recv.frame[0], small, sizeof(small));
	cr_assert_arr_eq(recv.frame[1], big, sizeof(big));
	cr_assert_eq(nic_read_cause(r.nic), NIC_INT_TX);
	cr_assert_eq(nic_stats(r.nic)->tx_bytes, 60 + 1514);
	rig_down(&r);
}

/*
 * A second frame handed over (and kicked) while the first is still on the
 * wire waits for it: it arrives wire(1514) after the first.
 */
Test(nic, tx_kick_while_busy)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[1514];
	u64 t1;

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	memcpy(ram_ptr_write(&machine->ram, r.pa, sizeof(frame)), frame,
	       sizeof(frame));
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), r.pa);
	t1 = nic_cycles_to_ps(this_cpu()->cycles) + 12304000;
	nic_txq_enable(r.nic);
	/* 1000 cycles = 625 ns into the 12.3 us frame. */
	run_to(&r, this_cpu()->cycles + 1000);
	cr_assert_eq(recv.n, 0);
	tx_desc(&r, 1, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), r.pa);
	nic_txq_enable(r.nic);
	run_to(&r, nic_ps_to_cycles(t1 + 12304000));
	cr_assert_eq(recv.n, 2);
	cr_assert_eq(recv.ps[0], t1);
	cr_assert_eq(recv.ps[1], t1 + 12304000);
	cr_assert_arr_eq(recv.frame[1], frame, sizeof(frame));
	rig_down(&r);
}

/* A descriptor chain without FIRST_DESC is a driver bug. */
Test(nic, tx_without_first_desc_panics)
{
	TEST_BOOT(KW);
	struct rig r;

	rig_up(&r, 0);
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_LAST_DESC, 60, r.pa);
	nic_txq_enable(r.nic);
	EXPECT_PANIC("without FIRST_DESC",
		     run_to(&r, this_cpu()->cycles + 100000));
	nic_destroy(r.nic);
}

/*
 * RX of a valid 154-byte TCP/IP frame at a cycle boundary A: at A the
 * engine writes 2 zero bytes, the frame and a 4-byte FCS (zeros in the
 * model) at the buffer's PA, byte count 160, and the status FIRST | LAST
 * | ENABLE_INTERRUPT | IP_HDR_OK | IPV4 | L4_OK with the owned bit clear.
 * NIC_INT_RX appears at exactly A + 250 us = A + 400000 cycles.
 */
Test(nic, rx_frame_layout_and_coalescing)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[154], zeros[4] = { 0 };
	u64 a_cyc, a_ps;

	rig_up(&r, 2);
	memset(ram_ptr_write(&machine->ram, r.rxpa, 2048), 0xee, 2048);
	rx_desc(&r, 0, 1536, r.rxpa);
	rx_desc(&r, 1, 1536, r.rxpa + 2048);
	build_frame(frame, sizeof(frame), true);
	a_cyc = this_cpu()->cycles + 10000;
	a_ps = nic_cycles_to_ps(a_cyc);
	nic_rx_frame(r.nic, frame, sizeof(frame), a_ps);
	cr_assert_eq(nic_next_event(r.nic), a_cyc);

	run_to(&r, a_cyc - 1);
	cr_assert(rxd_cmd(&r, 0) & BUFFER_OWNED_BY_DMA);
	cr_assert_eq(nic_stats(r.nic)->rx_frames, 0);

	run_to(&r, a_cyc);
	cr_assert_eq(rxd_cmd(&r, 0), RX_FIRST_DESC | RX_LAST_DESC |
					     RX_ENABLE_INTERRUPT |
					     RX_IP_HDR_OK | RX_PKT_IS_IPV4 |
					     LAYER_4_CHECKSUM_OK);
	cr_assert_eq(le16_at(r.rxq.pa + RXD_BYTE_CNT), 154 + 6);
	cr_assert_arr_eq(ram_ptr(&machine->ram, r.rxpa), zeros, 2);
	cr_assert_arr_eq(ram_ptr(&machine->ram, r.rxpa + 2), frame, 154);
	cr_assert_arr_eq(ram_ptr(&machine->ram, r.rxpa + 156), zeros, 4);
	/* Not a byte more. */
	cr_assert_eq(*ram_ptr(&machine->ram, r.rxpa + 160), 0xee);
	cr_assert_eq(nic_stats(r.nic)->rx_frames, 1);
	cr_assert_eq(nic_stats(r.nic)->rx_bytes, 154);
	cr_assert_eq(nic_stats(r.nic)->dma_write_bytes, 160);
	/* The second descriptor is untouched. */
	cr_assert_eq(rxd_cmd(&r, 1), BUFFER_OWNED_BY_DMA | RX_ENABLE_INTERRUPT);

	/* The cause bit at once, the line only rx_coal_us later. */
	cr_assert_eq(nic_read_cause(r.nic), NIC_INT_RX);
	nic_set_mask(r.nic, NIC_INT_RX);
	cr_assert_not(nic_irq_asserted(r.nic));
	cr_assert_eq(nic_next_event(r.nic), a_cyc + 400000);
	run_to(&r, a_cyc + 400000 - 1);
	cr_assert_not(nic_irq_asserted(r.nic));
	run_to(&r, a_cyc + 400000);
	cr_assert(nic_irq_asserted(r.nic));
	nic_set_mask(r.nic, 0);
	cr_assert_not(nic_irq_asserted(r.nic));
	rig_down(&r);
}

/*
 * A second frame inside the coalescing window adds no interrupt of its
 * own: the line still follows the first frame by rx_coal_us.
 */
Test(nic, rx_coalescing_follows_first_frame)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[60];
	u64 a_cyc;

	rig_up(&r, 2);
	rx_desc(&r, 0, 1536, r.rxpa);
	rx_desc(&r, 1, 1536, r.rxpa + 2048);
	build_frame(frame, sizeof(frame), true);
	a_cyc = this_cpu()->cycles + 1000;
	nic_rx_frame(r.nic, frame, sizeof(frame), nic_cycles_to_ps(a_cyc));
	nic_rx_frame(r.nic, frame, sizeof(frame),
		     nic_cycles_to_ps(a_cyc + 200000));
	nic_set_mask(r.nic, NIC_INT_RX);
	run_to(&r, a_cyc + 399999);
	cr_assert_eq(nic_stats(r.nic)->rx_frames, 2);
	cr_assert_not(nic_irq_asserted(r.nic));
	run_to(&r, a_cyc + 400000);
	cr_assert(nic_irq_asserted(r.nic));
	nic_ack_cause(r.nic, NIC_INT_RX);
	cr_assert_not(nic_irq_asserted(r.nic));
	run_to(&r, a_cyc + 1000000);
	cr_assert_eq(nic_read_cause(r.nic), 0);
	cr_assert_not(nic_irq_asserted(r.nic));
	rig_down(&r);
}

/* One payload bit flipped: the frame is delivered without the OK bits. */
Test(nic, rx_corrupted_frame_not_checksum_ok)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[154];
	u64 a_cyc;

	rig_up(&r, 1);
	rx_desc(&r, 0, 1536, r.rxpa);
	build_frame(frame, sizeof(frame), true);
	frame[100] ^= 0x01;
	a_cyc = this_cpu()->cycles + 1000;
	nic_rx_frame(r.nic, frame, sizeof(frame), nic_cycles_to_ps(a_cyc));
	run_to(&r, a_cyc);
	cr_assert_eq(rxd_cmd(&r, 0),
		     RX_FIRST_DESC | RX_LAST_DESC | RX_ENABLE_INTERRUPT);
	cr_assert_eq(le16_at(r.rxq.pa + RXD_BYTE_CNT), 160);
	cr_assert_arr_eq(ram_ptr(&machine->ram, r.rxpa + 2), frame, 154);
	cr_assert_eq(nic_stats(r.nic)->rx_frames, 1);
	rig_down(&r);
}

/*
 * A one-descriptor ring: the first frame takes it, the second finds no
 * descriptor owned by the engine and is dropped; so is one too big for
 * its buffer, and any frame when there is no ring.
 */
Test(nic, rx_dropped_without_descriptor)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[154];
	u64 a_cyc;

	rig_up(&r, 1);
	rx_desc(&r, 0, 1536, r.rxpa);
	build_frame(frame, sizeof(frame), true);
	a_cyc = this_cpu()->cycles + 1000;
	nic_rx_frame(r.nic, frame, sizeof(frame), nic_cycles_to_ps(a_cyc));
	nic_rx_frame(r.nic, frame, sizeof(frame),
		     nic_cycles_to_ps(a_cyc + 100));
	run_to(&r, a_cyc + 100);
	cr_assert_eq(nic_stats(r.nic)->rx_frames, 1);
	cr_assert_eq(nic_stats(r.nic)->rx_dropped, 1);
	cr_assert_eq(nic_stats(r.nic)->dma_write_bytes, 160);

	/* Given back, but 159 bytes cannot hold 154 + 6. */
	rx_desc(&r, 0, 159, r.rxpa);
	nic_rx_frame(r.nic, frame, sizeof(frame),
		     nic_cycles_to_ps(a_cyc + 200));
	run_to(&r, a_cyc + 200);
	cr_assert_eq(nic_stats(r.nic)->rx_frames, 1);
	cr_assert_eq(nic_stats(r.nic)->rx_dropped, 2);
	cr_assert_eq(rxd_cmd(&r, 0), BUFFER_OWNED_BY_DMA | RX_ENABLE_INTERRUPT);

	/* Exactly 160 does. */
	rx_desc(&r, 0, 160, r.rxpa);
	nic_rx_frame(r.nic, frame, sizeof(frame),
		     nic_cycles_to_ps(a_cyc + 300));
	run_to(&r, a_cyc + 300);
	cr_assert_eq(nic_stats(r.nic)->rx_frames, 2);
	cr_assert_eq(nic_stats(r.nic)->rx_dropped, 2);

	nic_set_rings(r.nic, r.txq.pa, RING, r.rxq.pa, 0);
	nic_rx_frame(r.nic, frame, sizeof(frame),
		     nic_cycles_to_ps(a_cyc + 400));
	run_to(&r, a_cyc + 400);
	cr_assert_eq(nic_stats(r.nic)->rx_dropped, 3);
	rig_down(&r);
}

/* The CPU writes the TX buffer through its cache: read it first (the
 * Kirkwood allocates on reads only), then store the frame -- dirty L1
 * lines that RAM does not have yet. */
static void cpu_write_dirty(struct rig *r, const u8 *frame, u32 len)
{
	u8 old[NIC_MAX_FRAME];

	kv_read(r->va, old, len);
	kv_write(r->va, frame, len);
}

/* checks=y: the engine reading a line the CPU still holds dirty stops
 * the run. */
Test(nic, dma_read_of_dirty_line_panics)
{
	TEST_BOOT(KW, "checks=y");
	struct rig r;
	u8 frame[154];

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	cpu_write_dirty(&r, frame, sizeof(frame));
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), r.pa);
	nic_txq_enable(r.nic);
	EXPECT_PANIC("DMA read of PA", run_to(&r, this_cpu()->cycles + 100000));
	cr_assert(strstr(test_panic_msg, "not cleaned"), "%s", test_panic_msg);
	nic_destroy(r.nic);
}

/* dma_map_single(DMA_TO_DEVICE) cleans the lines: no panic, and the
 * CPU's bytes go out. */
Test(nic, dma_read_after_map_is_clean)
{
	TEST_BOOT(KW, "checks=y");
	struct rig r;
	u8 frame[154];
	dma_addr_t h;

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	cpu_write_dirty(&r, frame, sizeof(frame));
	h = dma_map_single(NULL, r.va, sizeof(frame), DMA_TO_DEVICE);
	cr_assert_eq(h, r.pa);
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), h);
	nic_txq_enable(r.nic);
	run_to(&r, this_cpu()->cycles + 100000);
	cr_assert_eq(recv.n, 1);
	cr_assert_arr_eq(recv.frame[0], frame, sizeof(frame));
	dma_unmap_single(NULL, h, sizeof(frame), DMA_TO_DEVICE);
	rig_down(&r);
}

/*
 * checks=n: the same dirty buffer goes out without a word.  (The model
 * keeps every byte in RAM and the caches' state beside it, so the frame
 * carries the CPU's bytes: only the checker knows they were not cleaned.)
 */
Test(nic, dma_read_of_dirty_line_unchecked)
{
	TEST_BOOT(KW, "checks=n");
	struct rig r;
	u8 frame[154];

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	cpu_write_dirty(&r, frame, sizeof(frame));
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), r.pa);
	nic_txq_enable(r.nic);
	run_to(&r, this_cpu()->cycles + 100000);
	cr_assert_eq(recv.n, 1);
	cr_assert_arr_eq(recv.frame[0], frame, sizeof(frame));
	rig_down(&r);
}

/* An RX buffer with a dirty line: a later write-back would destroy the
 * frame, so the engine's write stops the run. */
Test(nic, dma_write_over_dirty_line_panics)
{
	TEST_BOOT(KW, "checks=y");
	struct rig r;
	u8 frame[154];
	vaddr_t rxva;
	u64 a_cyc;

	rig_up(&r, 1);
	rxva = page_address(r.rxpage);
	kv_read32(rxva + 64);
	kv_write32(rxva + 64, 0x12345678);
	rx_desc(&r, 0, 1536, r.rxpa);
	build_frame(frame, sizeof(frame), true);
	a_cyc = this_cpu()->cycles + 1000;
	nic_rx_frame(r.nic, frame, sizeof(frame), nic_cycles_to_ps(a_cyc));
	EXPECT_PANIC("DMA write of PA", run_to(&r, a_cyc));
	cr_assert(strstr(test_panic_msg, "not invalidated"), "%s",
		  test_panic_msg);
	nic_destroy(r.nic);
}

/* Cycles and picoseconds at 1.6 GHz: 625 ps a cycle, rounded up back. */
Test(nic, time_conversions)
{
	TEST_BOOT(KW);
	cr_assert_eq(nic_cycles_to_ps(1), 625);
	cr_assert_eq(nic_cycles_to_ps(1600000000ull), 1000000000000ull);
	cr_assert_eq(nic_ps_to_cycles(625), 1);
	cr_assert_eq(nic_ps_to_cycles(626), 2);
	cr_assert_eq(nic_ps_to_cycles(0), 0);
	cr_assert_eq(nic_ps_to_cycles(1424000), 2279);
	test_shutdown();
}

/*
 * After the queue drained, a frame handed over later leaves when its own
 * enable comes, not when the wire went free: the engine only runs what a
 * kick covered.
 */
Test(nic, tx_second_kick_after_idle)
{
	TEST_BOOT(KW);
	struct rig r;
	u8 frame[60];
	u64 kick2_ps;

	rig_up(&r, 0);
	build_frame(frame, sizeof(frame), true);
	memcpy(ram_ptr_write(&machine->ram, r.pa, sizeof(frame)), frame,
	       sizeof(frame));
	tx_desc(&r, 0, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), r.pa);
	nic_txq_enable(r.nic);
	run_to(&r, this_cpu()->cycles + 100000);
	cr_assert_eq(recv.n, 1);
	tx_desc(&r, 1, BUFFER_OWNED_BY_DMA | TX_FIRST_DESC | TX_LAST_DESC,
		sizeof(frame), r.pa);
	kick2_ps = nic_cycles_to_ps(this_cpu()->cycles);
	nic_txq_enable(r.nic);
	run_to(&r, this_cpu()->cycles + 100000);
	cr_assert_eq(recv.n, 2);
	cr_assert_eq(recv.ps[1], kick2_ps + eth_wire_ps(60, MBPS));
	rig_down(&r);
}
