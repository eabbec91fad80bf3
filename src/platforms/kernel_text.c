// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel text per cost centre, in bytes: what has to be refetched when the
 * I-cache was invalidated since the function last ran.  Only the Feroceon's
 * D-cache range operations invalidate the whole I-cache as a side effect
 * (research/platforms.md A, proc-feroceon.S), so this matters most there.
 *
 * [M] Where measured: the distinct 64-byte text lines the Linux functions
 * behind a centre execute per operation (data/kpath/armmp.tsv and
 * 686-pae.tsv, highmem, text_lines_per_op; the largest over the
 * operations), times 64.  A centre's Linux functions are those its code
 * cost names (kpath-arm.c, kpath-x86.c): kmap_atomic is
 * __kmap_local_page_prot + __kmap_local_pfn_prot + set_pte_at, and so on.
 * [E] Where no measured operation executes the functions (the VIVT cache
 * maintenance and the context-switch hooks, which the Cortex-A15 and P6
 * kernels under QEMU never run; the inline kmap/kunmap wrappers):
 * order-of-magnitude sizes of their hot paths, 64-256 B.  A refill costs
 * lines x the platform's icache_refill_line.
 */
#include "platforms/platform.h"

const u16 arm_kernel_text_bytes[NR_CC] = {
	[CC_page_address] = 272,
	[CC_kmap_atomic] = 704,
	[CC_kunmap_atomic] = 320,
	[CC_kmap_atomic_pfn] = 512,
	[CC_kmap_atomic_to_page] = 64,
	[CC_kmap] = 64,
	[CC_kunmap] = 64,
	[CC_kmap_high] = 874,
	[CC_kunmap_high] = 256,
	/* [E] sf_buf= (a design: no Linux text): the size of the Linux
	 * code it is priced as, kmap_high's lines and kunmap_high's. */
	[CC_sf_buf_alloc] = 874,
	[CC_sf_buf_free] = 256,
	/* [E] emap= (a design: no Linux text): the Linux code it is priced
	 * as -- kmap_atomic's lines for the enter (alloc, PTE, produce),
	 * flush_tlb_all's for the consume, kunmap_atomic's for the free. */
	[CC_uvm_emap_enter] = 704,
	[CC_uvm_emap_consume] = 64,
	[CC_uvm_emap_free] = 320,
	[CC_kmap_high_get] = 128,
	[CC_map_new_virtual] = 384,
	[CC_flush_all_zero_pkmaps] = 192,
	[CC_kmap_local_page] = 896,
	[CC_kunmap_local] = 576,
	[CC___kmap_local_sched_out] = 160,
	[CC___kmap_local_sched_in] = 160,
	[CC_cpu_set_pte_ext] = 128,
	[CC___cpuc_flush_dcache_area] = 64,
	[CC_flush_cache_all] = 64,
	[CC_flush_tlb_kernel_range] = 96,
	[CC_flush_tlb_all] = 64,
	[CC___alloc_pages] = 2197,
	[CC___free_pages] = 1216,
	[CC_clear_highpage] = 128,
	[CC_memcpy] = 512,
	[CC_memset] = 192,
	/* [E] streaming DMA (issue 9): the instructions counted for their
	 * code costs (kpath-arm.c) x 4 bytes, rounded to 32-byte lines. */
	[CC_arm_dma_map_page] = 128,
	[CC_arm_dma_unmap_page] = 128,
	[CC_dma_cache_maint_page] = 128,
	[CC_dmac_map_area] = 64,
	[CC_dmac_unmap_area] = 32,
	[CC_feroceon_l2_clean_range] = 192,
	[CC_feroceon_l2_inv_range] = 256,
	[CC_feroceon_l2_flush_range] = 256,
	/*
	 * The TCP send path (issue 9).  [M] The functions behind these
	 * centres run less than once an operation in tcp_send_1448, so
	 * their lines per operation understate one call's text: the
	 * size is the distinct lines of the centre's kernel_text_arm.c
	 * array (its functions' lines run at least once every ten
	 * operations, both boots) x 64.
	 */
	[CC_sock_sendmsg] = 3392,
	[CC_tcp_sendmsg] = 3648,
	[CC_sk_stream_alloc_skb] = 3520,
	[CC_tcp_push] = 448,
	[CC_tcp_write_xmit] = 5184,
	[CC_tcp_transmit_skb] = 4608,
	[CC_ip_queue_xmit] = 3456,
	[CC_dev_queue_xmit] = 3712,
	[CC_kfree_skb] = 2112,
	[CC_net_rx_action] = 1728,
	[CC_rxq_process] = 1664,
	[CC_ip_rcv] = 3456,
	[CC_tcp_v4_rcv] = 3968,
	[CC_tcp_ack] = 3712,
	[CC_tcp_wfree] = 256,
	/*
	 * [E] Not run by tcp_send_1448 (GSO, the mv643xx_eth driver and
	 * its interrupt, the send-buffer sleep, the checksum loops): the
	 * instructions counted for their code costs (kpath-arm.c; the
	 * driver's xmit with one descriptor, the checksum routines' whole
	 * text) x 4 bytes, rounded to 32-byte lines.
	 */
	[CC_skb_gso_segment] = 864,
	[CC_mv643xx_eth_xmit] = 576,
	[CC_txq_reclaim] = 160,
	[CC_mv643xx_eth_irq] = 1664,
	[CC_rxq_refill] = 960,
	[CC_sk_stream_wait_memory] = 928,
	[CC_csum_partial_copy_from_user] = 384,
	/* csum_partial_copy_nocheck builds the same template
	 * (csumpartialcopygeneric.S) without the user fixups: [E] the same
	 * text. */
	[CC_skb_copy_and_csum_bits] = 384,
	[CC_csum_partial] = 288,
	/*
	 * Pipes (issue 10).  [M] text_lines_per_op of pipe_rw_64/highmem x
	 * 64 for the functions behind each centre (kpath-arm.c): pipe_write
	 * 14, copy_page_from_iter 4, _copy_from_iter 4, copyin 2, the time
	 * update 18, the wake-up 12, mutex and ring lock 5, kill_fasync 1;
	 * pipe_read 12, copy_page_to_iter 6, _copy_to_iter 3, copyout 2,
	 * anon_pipe_buf_release 3, touch_atime 3, atime_needs_update 8,
	 * locks 5.  Synthetic lines under icache_model=y until
	 * tools/kpath/kernel-text.py maps pipe_rw_64.
	 */
	[CC_pipe_write] = 3840,
	[CC_pipe_read] = 2688,
};

const u16 x86_kernel_text_bytes[NR_CC] = {
	[CC_page_address] = 320,
	[CC_kmap_atomic] = 576,
	[CC_kunmap_atomic] = 448,
	[CC_kmap_atomic_pfn] = 384,
	[CC_kmap_atomic_to_page] = 64,
	[CC_kmap] = 64,
	[CC_kunmap] = 64,
	[CC_kmap_high] = 960,
	[CC_kunmap_high] = 192,
	/* [E] as on ARM: kmap_high's and kunmap_high's sizes. */
	[CC_sf_buf_alloc] = 960,
	[CC_sf_buf_free] = 192,
	/* [E] as on ARM: kmap_atomic's, flush_tlb_all's, kunmap_atomic's. */
	[CC_uvm_emap_enter] = 576,
	[CC_uvm_emap_consume] = 64,
	[CC_uvm_emap_free] = 448,
	/* [E] copy_4g=tramp (FreeBSD's code): about 3.5 bytes an
	 * instruction of the counts in kpath-x86.c, to whole lines. */
	[CC_copyout_fast] = 320,
	[CC_copyin_fast] = 320,
	[CC_fueword_fast] = 192,
	[CC_suword_fast] = 192,
	[CC_cp_slow0] = 576,
	[CC_kmap_high_get] = 96,
	[CC_map_new_virtual] = 320,
	[CC_flush_all_zero_pkmaps] = 154,
	[CC_kmap_local_page] = 704,
	[CC_kunmap_local] = 704,
	[CC___kmap_local_sched_out] = 128,
	[CC___kmap_local_sched_in] = 128,
	[CC_flush_tlb_kernel_range] = 96,
	[CC_flush_tlb_all] = 64,
	[CC___alloc_pages] = 1769,
	[CC___free_pages] = 1255,
	[CC_clear_highpage] = 96,
	[CC_memcpy] = 64,
	[CC_memset] = 64,
	/*
	 * The TCP send path (issue 9).  [M] The functions behind these
	 * centres run less than once an operation in tcp_send_1448, so
	 * their lines per operation understate one call's text: the
	 * size is the distinct lines of the centre's kernel_text_x86.c
	 * array (its functions' lines run at least once every ten
	 * operations, both boots) x 64.
	 */
	[CC_sock_sendmsg] = 2944,
	[CC_tcp_sendmsg] = 3136,
	[CC_sk_stream_alloc_skb] = 2880,
	[CC_tcp_push] = 384,
	[CC_tcp_write_xmit] = 5248,
	[CC_tcp_transmit_skb] = 4352,
	[CC_ip_queue_xmit] = 3520,
	[CC_dev_queue_xmit] = 3392,
	[CC_kfree_skb] = 1856,
	[CC_net_rx_action] = 1152,
	[CC_rxq_process] = 1664,
	[CC_ip_rcv] = 3200,
	[CC_tcp_v4_rcv] = 3776,
	[CC_tcp_ack] = 4032,
	[CC_tcp_wfree] = 192,
	/*
	 * [E] As ARM's, at about 3 bytes an i386 instruction
	 * (kpath-x86.c), rounded to 32-byte lines.
	 */
	[CC_skb_gso_segment] = 672,
	[CC_mv643xx_eth_xmit] = 448,
	[CC_txq_reclaim] = 128,
	[CC_mv643xx_eth_irq] = 1312,
	[CC_rxq_refill] = 832,
	[CC_sk_stream_wait_memory] = 704,
	[CC_csum_partial_copy_from_user] = 320,
	[CC_skb_copy_and_csum_bits] = 320,	/* [E] as the user variant */
	[CC_csum_partial] = 256,
	/* Pipes (issue 10), [M] as ARM's from 686-pae.tsv: pipe_write 15,
	 * the copy 9, the time update 14, the wake-up 10, locks 6,
	 * kill_fasync 2; pipe_read 11, the copy 8, anon_pipe_buf_release
	 * 2, the atime 9, locks 6. */
	[CC_pipe_write] = 3584,
	[CC_pipe_read] = 2304,
};
