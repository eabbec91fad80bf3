// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel instructions of every code path on 32-bit x86, measured on Linux
 * 6.1 (Debian 12's linux-image-6.1.0-50-686-pae, 6.1.176-1: HIGHMEM64G,
 * PAE, HIGHPTE) under QEMU TCG by tools/kpath: data/kpath/686-pae.tsv.
 * Values are per call (per KiB for *_kib) of the Linux functions named
 * beside them, "op/config" naming the table rows.  Counts are "rep1" (each
 * REP string instruction once) except the copy and clear loops, which are
 * "raw" (every REP iteration, 4 bytes each): the P6 executes a rep movsl
 * or stosl about one iteration per cycle or two, so the iterations, not
 * the one instruction, are what costs.
 *
 * Debian-only code is left out of every sum, by name (as for ARM,
 * kpath-arm.c): the LSM hooks (apparmor_file_permission, aa_file_perm,
 * bpf_lsm_*), init_on_alloc's memsets, hardened usercopy
 * (__check_object_size, check_stack_object, __check_heap_object).
 */
#include "platforms/platform.h"

static const u32 x86_measured[NR_CODE_COSTS] = {
	/*
	 * kmap_atomic/kunmap_atomic's own entry: the inline preempt and
	 * pagefault count updates (14, inside copy_page_from_iter_atomic 90)
	 * and __kmap_local_page_prot 18 and kunmap_local_indexed 15 returning
	 * at once for a lowmem page (tmpfs_overwrite_512/nohighmem).
	 */
	[CODE_pagefault_disable] = 47,
	/* page_address 26 per lowmem page (tmpfs_overwrite_512/nohighmem). */
	[CODE_page_address_lowmem] = 26,
	/*
	 * A highmem page_address: page_address 111 in 2.25 calls of which
	 * 1.25 are lowmem (gup_slow_page/highmem): 78, with the bucket's
	 * _raw_spin_lock_irqsave 20 and _raw_spin_unlock_irqrestore 13, less
	 * one chain entry.
	 */
	[CODE_page_address_hash] = 107,
	/* One hash-chain entry: load, compare, branch (part of
	 * page_address). */
	[CODE_page_address_entry] = 4,
	/* __kmap_local_page_prot 21 - 18 and __kmap_local_pfn_prot 88 with
	 * the inlined kmap_get_pte (tmpfs_overwrite_512/highmem). */
	[CODE_kmap_atomic] = 91,
	/* kunmap_local_indexed 45 - 15, flush_tlb_one_kernel 8 (the invlpg
	 * itself is charged by the machine). */
	[CODE_kunmap_atomic] = 38,
	/* 5.11+: migrate_disable 14 (gup_slow_page/highmem). */
	[CODE_kmap_local] = 14,
	/* 5.11+: migrate_enable 35. */
	[CODE_kunmap_local] = 35,
	/* A PAE PTE store: two 32-bit stores around a barrier, inline in
	 * its callers (do_set_pte, copy_page_range). */
	[CODE_set_pte] = 6,
	/* _raw_spin_lock_irqsave 20 + _raw_spin_unlock_irqrestore 13 beyond
	 * a plain pair (gup_slow_page/highmem). */
	[CODE_spin_lock_irq] = 15,
	/* kmap_high 111; gup_slow_page/highmem. */
	[CODE_kmap_high] = 111,
	[CODE_map_new_virtual_probe] = 6,
	[CODE_flush_all_zero_pkmaps_slot] = 8,
	/* kunmap_high 32; gup_slow_page/highmem. */
	[CODE_kunmap_high] = 32,
	/* get_page_from_freelist 164, __alloc_pages 115 (fault_anon). */
	[CODE_alloc_pages] = 279,
	[CODE_buddy_split] = 20,
	/* free_unref_page 83, free_pcp_prepare 67, free_unref_page_commit
	 * 67 per page (gup_slow_page: 5, 4, 4 at 0.06 calls). */
	[CODE_free_pages] = 217,
	[CODE_buddy_merge] = 20,
	/* rep movsl: __copy_user_ll 164 at 512 B, 1060 at 4 KiB
	 * (tmpfs_overwrite_512 and _4k): 256 per KiB. */
	[CODE_memcpy_kib] = 256,
	/* rep stosl: kernel_init_pages 1067 per 4 KiB page (fault_anon). */
	[CODE_memset_kib] = 256,
	/* clear_user 153 at 512 B, 1049 at 4 KiB (read_zero_512, _4k):
	 * 256 per KiB. */
	[CODE_clear_user_kib] = 256,
	/*
	 * Entry: entry_SYSENTER_32 62, __do_fast_syscall_32 41,
	 * do_fast_syscall_32 30, ia32_sys_call 26, do_SYSENTER_32 8,
	 * syscall_enter_from_user_mode_work 8 and _prepare 2.  Exit:
	 * exit_to_user_mode_prepare 38, syscall_exit_to_user_mode 12,
	 * fpregs_assert_state_consistent 19 (null_syscall; amd_clear_divider
	 * 5 is a 2023 mitigation, left out).
	 */
	[CODE_syscall_entry] = 177,
	[CODE_syscall_exit] = 69,
	/* __schedule 246 a call (489 in 1.99), psi_task_switch 105,
	 * dequeue_task_fair 107, pick_next_task_fair 94, update_curr 52 x 2
	 * (fork_exit_wait/nohighmem, per switch). */
	[CODE_context_switch] = 655,
	/* One timer tick: timer_tick/nohighmem [ctx:irq] 12087 in 3 ticks
	 * (the apic timer interrupt, hrtimer_interrupt, timekeeping_advance
	 * 424, the scheduler_tick load tracking, the timer softirq), as for
	 * ARM (kpath-arm.c). */
	[CODE_timer_tick] = 4029,
	/* _raw_spin_lock 14 (42 in 3.01 calls) and the inline unlock 2. */
	[CODE_spin_lock] = 16,
	/* down_read_killable 27 + up_read 14 (gup_slow_page). */
	[CODE_rwsem] = 41,
	/* handle_exception 70, exc_page_fault 36, do_user_addr_fault 87,
	 * lock_mm_and_find_vma 34, down_read_trylock 19, up_read 14,
	 * find_vma 16 (fault_anon/nohighmem). */
	[CODE_do_page_fault] = 276,
	/*
	 * fault_anon/nohighmem 3878 less what is charged apart: the page
	 * clear (kernel_init_pages 1067), its allocation 279, the maple-tree
	 * VMA lookup (mtree_range_walk 170, mt_find 83), do_page_fault's 276,
	 * the rmap (page_add_new_anon_rmap 39, __page_set_anon_rmap 38), the
	 * lowmem kmaps (page_address 78, __kmap_local_page_prot 54,
	 * kunmap_local_indexed 45) and the exception entry and exit 10:
	 * handle_mm_fault 516, the memcg charge, LRU add and counters.
	 */
	[CODE_handle_mm_fault] = 1739,
	/* As on ARM (kpath-arm.c): the rbtree step of the boards' kernels;
	 * 6.1 looks VMAs up in a maple tree instead. */
	[CODE_find_vma_step] = 12,
	/* kmem_cache_alloc 2973 in 34.84 calls (fork_exit_wait). */
	[CODE_kmem_cache_alloc] = 85,
	/* kmem_cache_free 3037 in 34.11 calls (fork_exit_wait). */
	[CODE_kmem_cache_free] = 89,
	/* page_add_new_anon_rmap 39 (fault_anon). */
	[CODE_page_add_rmap] = 39,
	/*
	 * page_remove_rmap 35 a call, lock_page_memcg 16, folio_memcg_lock
	 * 23, unlock_page_memcg 20 (fork_exit_wait/nohighmem).
	 */
	[CODE_page_remove_rmap] = 94,
	[CODE_pte_chain_entry] = 4,
	/* bit_spin_lock + unlock on page->flags: lock bts, the release. */
	[CODE_bit_spin_lock] = 20,
	/* copy_page_range 6957 for 51 PTEs in 10 VMAs, split as on ARM
	 * (kpath-arm.c): 83 a PTE, leaving 272 a VMA; vm_normal_page 37
	 * (fork_exit_wait/nohighmem). */
	[CODE_copy_pte] = 120,
	/* unmap_page_range 12687 for 51 PTEs in 10 VMAs (102 a PTE, 749 a
	 * VMA), vm_normal_page 37, __tlb_remove_page_size 26,
	 * free_swap_cache 26, release_pages 41, free_pages_and_swap_cache 8
	 * (fork_exit_wait/nohighmem). */
	[CODE_zap_pte] = 240,
	/* The per-VMA remainders of copy and zap (272, 749), averaged. */
	[CODE_pte_range] = 510,
	/*
	 * fork_exit_wait/nohighmem [ctx:sys_clone] 65230 less
	 * copy_page_range 6957, vm_normal_page 1887, kmem_cache_alloc 2973,
	 * page allocations 3968, memcpy 1459 and the init_on_alloc clears
	 * (memset 10080, kernel_init_pages 16757).
	 */
	[CODE_fork] = 21150,
	/*
	 * [ctx:sys_exit_group] 66881 less the zap (unmap_page_range 12687,
	 * vm_normal_page 1887, __tlb_remove_page_size 1349, free_swap_cache
	 * 1329, release_pages 2084, free_pages_and_swap_cache 392), rmap
	 * removal with its memcg locks 8439 and kmem_cache_free 2938.
	 */
	[CODE_exit] = 35776,
	/* fork_exec_exit_wait/nohighmem [ctx:sys_execve] 153596 less the
	 * inherited mm's teardown (the zap and rmap above, 28167), the
	 * exec's own init_on_alloc clears (27077) and the LSM hooks 5452. */
	[CODE_exec] = 85899,
	/* wait4 7767 less its two context switches (__schedule 489 in
	 * 1.99 calls). */
	[CODE_wait] = 6457,
	/* mmap_munmap/nohighmem 14442 less init_on_alloc's memsets 2525,
	 * slab calls 2171 and LSM 207: per call, maple tree (5499) in. */
	[CODE_mmap] = 4770,
	/* __filemap_get_folio 86, xas_load 41, xas_start 27, xas_descend
	 * 54 (tmpfs_overwrite_512). */
	[CODE_find_get_page] = 208,
	/*
	 * fault_file_read/highmem on 686-pae, per page: filemap_map_pages
	 * 108.20, next_uptodate_page 98.19 less page_ref 3, do_set_pte 95,
	 * __mod_lruvec_page_state 39.07, __mod_node_page_state 36.53,
	 * __mod_memcg_lruvec_state 28.08, folio_memcg_lock 23,
	 * cgroup_rstat_updated 22.31, __mod_lruvec_state 21,
	 * unlock_page_memcg 20, __rcu_read_lock/unlock 31.23,
	 * add_mm_counter_fast 17, lock_page_memcg 16, PageHeadHuge 9: 561.61.
	 * Unused by 2.5.73, which has no fault-around (3.15 on).
	 */
	[CODE_fault_around_page] = 562,
	/* tmpfs_write_4k_new - tmpfs_overwrite_4k (nohighmem) 2743, less the
	 * allocation 350, init_on_alloc's clear 1066 and LSM 6, plus the LRU
	 * activation only the overwrite does (273): shmem_add_to_page_cache
	 * 124, xas_store 115, lru_add_fn 104, the counters and memcg. */
	[CODE_add_to_page_cache] = 1595,
	/* follow_page_pte 134, try_grab_page 23, vm_normal_page 37
	 * (gup_slow_page) and __get_user_pages's per-page loop, 60 as on ARM
	 * (kpath-arm.c). */
	[CODE_follow_page] = 254,
	/* __get_user_pages 114 less its loop, __get_user_pages_remote 50,
	 * get_user_pages_remote 18, check_vma_flags 33 per call
	 * (gup_slow_page: one call a page). */
	[CODE_gup] = 155,
	/* __fget_light 34 + __fdget_pos 16 (read), 24 (tmpfs write). */
	[CODE_fdget] = 54,
	/* vfs_read 80, ksys_read 56, rw_verify_area 35, fsnotify_perm 29,
	 * security_file_permission 40, __cond_resched 6, __get_user_4 10
	 * (read_zero_512/nohighmem). */
	[CODE_vfs_read] = 256,
	/*
	 * vfs_write 221, ksys_write 56, rw_verify_area 35,
	 * security_file_permission 37, generic_file_write_iter 51,
	 * __generic_file_write_iter 41, generic_write_checks 34 with
	 * _check_limits 53 and _count 39, file_update_time 31,
	 * inode_needs_update_time 54, current_time 86,
	 * ktime_get_coarse_real_ts64 34, __file_remove_privs 31 + 7,
	 * down_write 18, up_write 13, __get_task_ioprio 34
	 * (tmpfs_overwrite_512/nohighmem).
	 */
	[CODE_vfs_write] = 875,
	/*
	 * write(/dev/null) 512 B: 652 kernel instructions a call
	 * (kernel-paths.md, lo, rep1) less the syscall entry 177 and exit 69
	 * and fdget 54 the model charges apart.
	 */
	[CODE_vfs_write_chr] = 652 - 177 - 69 - 54,
	/*
	 * generic_perform_write 123, fault_in_readable 47 with
	 * fault_in_iov_iter_readable 29 and __get_user_4 10,
	 * shmem_write_begin 60, shmem_get_folio_gfp 72,
	 * copy_page_from_iter_atomic 90 - 14, __copy_user_ll's fixed part
	 * 36, shmem_write_end 45, folio_mark_dirty 18, set_page_dirty 10,
	 * noop_dirty_folio 9, folio_mapping 18, folio_unlock 4, unlock_page
	 * 10, folio_mark_accessed 19, balance_dirty_pages 28, inode_to_bdi
	 * 16, __cond_resched 24, rcu 37, thunks 19
	 * (tmpfs_overwrite_512/nohighmem).
	 */
	[CODE_write_page] = 718,
	/*
	 * tmpfs_read_512/nohighmem 2103 less the entry and exit 251, fdget
	 * 58, vfs_read as priced above 256, the lookup 208, the copied bytes
	 * 128 and the LSM hooks 83: shmem_file_read_iter, the atime update,
	 * the iov_iter copy set-up, __copy_user_ll's fixed part.
	 */
	[CODE_read_page] = 1119,
	/* read_zero 45 + clear_user's fixed part 25 (153 less 128 for the
	 * bytes), read_zero_512. */
	[CODE_read_zero_chunk] = 70,
	/* get_page/put_page: lock incl, or lock decl + sete, with the flag
	 * test, inline in their callers (3); the locked read-modify-write's
	 * serialisation is inside the CPI. */
	[CODE_page_ref] = 3,
	/* CONFIG_CPU_SW_DOMAIN_PAN is ARM's: never charged on x86 (SMAP's
	 * stac/clac came with Broadwell and 3.7). */
	[CODE_uaccess_enable] = 0,
	/* dd's own loop, i386 busybox (research/kernel-paths.md: 262.9 user
	 * instructions per block, read_zero + write_null). */
	[CODE_user_loop] = 263,
	/*
	 * [E] Streaming DMA on x86 is coherent: 2.5.73's pci_map_page is
	 * inline in the driver, the PCI_DMA_NONE test folded away for a
	 * constant direction, flush_write_buffers empty without
	 * CONFIG_X86_OOSTORE, and page_to_phys + offset as a 64-bit PAE
	 * address (sub, sar, shl, add, adc, mov: 6); pci_unmap_page is the
	 * folded test alone (1, so that the path is priced at all).  The
	 * ARM cache paths below never run on x86.
	 */
	[CODE_dma_map_page] = 6,
	[CODE_dma_unmap_page] = 1,
	[CODE_dma_cache_maint_page] = 0,
	[CODE_dmac_map_area] = 0,
	[CODE_dmac_line] = 0,
	[CODE_feroceon_l2_range] = 0,
	[CODE_feroceon_l2_chunk] = 0,
	/*
	 * The TCP send path (issue 9), from tcp_send_1448/nohighmem as for
	 * ARM (kpath-arm.c, which names the loopback work and Debian's hooks
	 * left out: loopback_xmit, enqueue_to_backlog, process_backlog, the
	 * receiver's data path, aa_sk_perm, tomoyo_*, bpf_lsm_*,
	 * nf_hook_slow, __check_object_size).  Per call: each function's
	 * instructions over its own calls.  About 0.38 skbs are transmitted
	 * and 0.32 ACKs processed per operation here.  The mv643xx_eth
	 * driver, GSO and tcp_trim_head never run under QEMU's i386: their
	 * [E] are ARM's hand counts of the same C (the PC's own drivers
	 * differ), the checksum loops are checksum_32.S's PPro versions.
	 * Not adjusted to 2.5.73, whose TCP predates all of this.
	 *
	 * A write(): __sys_sendto 125, import_single_range 60,
	 * __sock_sendmsg 30, security_socket_sendmsg 51, inet_sendmsg 28,
	 * inet_send_prepare 15, tcp_sendmsg 24, lock_sock_nested 20,
	 * release_sock 34, tcp_release_cb 14, two socket-lock pairs
	 * (_raw_spin_lock_bh 14, _raw_spin_unlock_bh 10,
	 * __local_bh_enable_ip 21: 90), tcp_send_mss 40, tcp_current_mss 75,
	 * ipv4_mtu 31, tcp_established_options 53,
	 * tcp_rate_check_app_limited 11, tcp_tx_timestamp 23, and
	 * tcp_sendmsg_locked 285 less 1.06 copy iterations of 130: 147.
	 */
	[CODE_sock_sendmsg] = 872,
	/* The loop body 130, skb_page_frag_refill 28, sk_page_frag_refill
	 * 19, tcp_wmem_schedule 20, the forward-allocation refills per
	 * iteration (__sk_mem_raise_allocated 21, __sk_mem_schedule 12,
	 * tcp_leave_memory_pressure 5, sk_leave_memory_pressure 5),
	 * _copy_from_iter 92, __copy_user_ll's fixed part 36. */
	[CODE_tcp_sendmsg_copy] = 368,
	/* tcp_stream_alloc_skb 45, __alloc_skb 121, kmem_cache_alloc_node
	 * 90, kmalloc_reserve 40, __kmalloc_node_track_caller 33,
	 * __kmem_cache_alloc_node 85, kmalloc_slab 22 twice,
	 * kmalloc_size_roundup 16, should_failslab 6 twice,
	 * __build_skb_around 63, tcp_skb_entail 56, [E] the memsets 40. */
	/*
	 * The model charges its slab calls as kmem_cache_alloc/free:
	 * kmem_cache_alloc_node 90 and __kmem_cache_alloc_node 85 out.
	 */
	[CODE_sk_stream_alloc_skb] = 645 - 175,
	/* tcp_push 50, __tcp_push_pending_frames 25. */
	[CODE_tcp_push] = 75,
	/*
	 * tcp_write_xmit 209, tcp_tso_segs 41, tcp_small_queue_check 35,
	 * tcp_event_new_data_sent 46, tcp_schedule_loss_probe 10 + 67,
	 * tcp_chrono_stop 20, tcp_mstamp_refresh 25, ktime_get 75, read_tsc
	 * 3; the probe timer: sk_reset_timer 13, mod_timer 7, __mod_timer
	 * 78, and in 0.48 of its 0.74 calls detach_if_pending 36,
	 * enqueue_timer 32, lock_timer_base 32, calc_wheel_index 15, the
	 * irqsave pair 33: 194.
	 */
	[CODE_tcp_write_xmit] = 724,
	/* __tcp_transmit_skb 385, skb_clone 86, __copy_skb_header 105,
	 * tcp_established_options 53, tcp_options_write 50,
	 * __tcp_select_window 88, tcp_v4_send_check 31,
	 * bpf_skops_write_hdr_opt 41, skb_push 9, tcp_update_skb_after_send
	 * 44, tcp_rate_skb_sent 47. */
	[CODE_tcp_transmit_skb] = 937,
	/* ip_queue_xmit 10, __ip_queue_xmit 155, __sk_dst_check 27,
	 * ipv4_dst_check 23, ip_local_out 31, __ip_local_out 45, ip_output
	 * 103, ip_finish_output 21, __ip_finish_output 37, ip_skb_dst_mtu 62,
	 * ip_finish_output2 132, skb_push 9. */
	[CODE_ip_queue_xmit] = 654,
	/* ip_send_check 29. */
	[CODE_ip_send_check] = 29,
	/* __dev_queue_xmit 170, netdev_core_pick_tx 28, validate_xmit_skb
	 * 82, netif_skb_features 100, skb_network_protocol 43,
	 * skb_csum_hwoffload_help 30, validate_xmit_xfrm 20,
	 * dev_hard_start_xmit 65, [E] the pfifo_fast bypass 80. */
	[CODE_dev_queue_xmit] = 619,
	/* [E] as ARM's. */
	[CODE_skb_gso_segment] = 215,
	/* [M] the segment's allocation (__alloc_skb 121,
	 * kmem_cache_alloc_node 90, kmalloc_reserve 40,
	 * __kmalloc_node_track_caller 33, __kmem_cache_alloc_node 85,
	 * kmalloc_slab 22, should_failslab 6, __build_skb_around 63) and
	 * __copy_skb_header 105; [E] ARM's 115 for the rest. */
	/*
	 * The model charges its slab calls as kmem_cache_alloc/free:
	 * kmem_cache_alloc_node 90 and __kmem_cache_alloc_node 85 out.
	 */
	[CODE_skb_segment] = 680 - 175,
	/* __kfree_skb 16, kfree_skbmem 18, skb_release_data 51,
	 * skb_release_head_state 20, skb_free_head 13, kfree 28,
	 * __kmem_cache_free 64, kmem_cache_free 85. */
	/*
	 * The model charges its slab calls as kmem_cache_alloc/free:
	 * __kmem_cache_free 64 and kmem_cache_free 85 out.
	 */
	[CODE_skb_release] = 296 - 149,
	/* [E] ARM's counts of the driver's C. */
	[CODE_mv643xx_eth_xmit] = 118,
	[CODE_mv643xx_tx_desc] = 21,
	[CODE_txq_submit_tso_seg] = 70,
	[CODE_txq_reclaim] = 34,
	/*
	 * [M] the interrupt entry and exit per tick of timer_tick/nohighmem:
	 * handle_exception 70, asm_sysvec_apic_timer_interrupt 5,
	 * sysvec_apic_timer_interrupt 19, irqentry_enter 6, irq_enter_rcu 6,
	 * irq_exit_rcu 11, irqentry_exit 9, irqentry_exit_to_user_mode 6,
	 * exit_to_user_mode_prepare 39, fpregs_assert_state_consistent 19,
	 * restore_all_switch_stack 49, handle_exception_return 4; [E] ARM's
	 * 110 for the flow handler and 75 for the driver's handler.
	 */
	[CODE_mv643xx_eth_irq] = 428,
	/* handle_softirqs 78, __do_softirq 7, net_rx_action 106,
	 * __napi_poll 31; [E] ARM's 190 for mv643xx_eth_poll. */
	[CODE_net_rx_action] = 412,
	/* [E] the driver 60, skb_put 15 and GRO 250 (ARM's); [M]
	 * eth_type_trans 54, __netif_receive_skb 12,
	 * __netif_receive_skb_one_core 38, __netif_receive_skb_core 135. */
	[CODE_rxq_process] = 564,
	/* [E] ARM's 120 for the frag allocator, build_skb and the driver;
	 * [M] __build_skb_around 63, kmem_cache_alloc_node 90. */
	/*
	 * The model charges its slab calls as kmem_cache_alloc/free:
	 * kmem_cache_alloc_node 90 out.
	 */
	[CODE_rxq_refill] = 273 - 90,
	/* ip_rcv 55, ip_rcv_core 170, ip_rcv_finish_core 69,
	 * ip_local_deliver 31, ip_local_deliver_finish 37,
	 * ip_protocol_deliver_rcu 45, raw_local_deliver 49; early demux's
	 * lookup (__inet_lookup_established 108, inet_ehashfn 61,
	 * ipv4_dst_check 23, [E] 45). */
	[CODE_ip_rcv] = 692,
	/* tcp_v4_rcv 236, tcp_v4_fill_cb 57, tcp_filter 11,
	 * sk_filter_trim_cap 38, security_sock_rcv_skb 36,
	 * tcp_inbound_md5_hash 47, tcp_parse_md5sig_option 10,
	 * tcp_v4_do_rcv 46, tcp_rcv_established 105, sock_put 10, the bh
	 * lock 18 (as ARM's). */
	[CODE_tcp_v4_rcv] = 614,
	/*
	 * tcp_ack 417 less 1.44 skbs an ACK of the inlined
	 * tcp_clean_rtx_queue loop at 70: 317; per ACK (over tcp_ack's 0.32
	 * calls) tcp_ack_update_rtt 37, tcp_rate_gen 36, tcp_rack_advance
	 * 33, tcp_rack_update_reo_wnd 6, cubictcp_cong_avoid 10,
	 * cubictcp_acked 11, tcp_cong_avoid_ai 1, tcp_in_ack_event 15,
	 * tcp_newly_delivered 6, tcp_update_pacing_rate 24,
	 * minmax_running_min 14, tcp_ack_tstamp 11, tcp_check_space 36,
	 * tcp_xmit_recovery 2; tcp_rearm_rto 11 + 52 and its timer 194.
	 */
	[CODE_tcp_ack] = 816,
	/* The loop body 70, rb_erase 35, rb_next 18,
	 * __sk_mem_reduce_allocated 26 and tcp_rate_skb_delivered 42 (per
	 * operation over rb_erase's 0.46 calls). */
	[CODE_tcp_clean_rtx_queue] = 190,
	/* [E] ARM's 159 less about 40 of __aeabi_uidiv, a divl and its
	 * set-up (5) here: 124. */
	[CODE_tcp_trim_head] = 124,
	/* [E] ARM's count. */
	[CODE_sk_stream_wait_memory] = 231,
	/* sk_stream_write_space 26, __wake_up_common_lock 53,
	 * __wake_up_common 62, default_wake_function 9, [E] 8,
	 * try_to_wake_up 79, ttwu_do_activate 65, enqueue_task_fair 82,
	 * enqueue_entity 119, check_preempt_wakeup 112, place_entity 68 (0.10
	 * calls an operation). */
	[CODE_sk_stream_write_space] = 683,
	/* tcp_wfree 35; [E] ARM's 125 for the TSQ tasklet. */
	[CODE_tcp_wfree] = 160,
	/* [E] checksum_32.S's PPro csum_partial_copy_generic: per 64 bytes
	 * two prefetching movb, 16 x (movl, adcl, movl), adcl, three addl,
	 * dec, jge: 56, so 896 per KiB. */
	[CODE_csum_partial_copy_kib] = 896,
	/* [E] its csum_partial: per 128 bytes 32 adcl, lea, adcl, dec, jge:
	 * 36, so 288 per KiB. */
	[CODE_csum_partial_kib] = 288,
	/*
	 * Pipes (issue 10), pipe_rw_64/highmem (see kpath-arm.c for what is
	 * charged apart).  Per read beyond vfs_read's 256: vfs_read 190 -
	 * 80, ksys_read 43 - 56, rw_verify_area 25 - 35,
	 * security_file_permission 39 - 40, __get_task_ioprio 34, pipe_read
	 * 118, kill_fasync 17, touch_atime 30, atime_needs_update 72,
	 * current_time 86, ktime_get_coarse_real_ts64 34.
	 */
	[CODE_pipe_read] = 477,
	/* vfs_write 195, ksys_write 43, rw_verify_area 25,
	 * security_file_permission 38, __get_task_ioprio 34, pipe_write
	 * 160, kill_fasync 17, __cond_resched 6, file_update_time 31,
	 * inode_needs_update_time 47, current_time 86,
	 * ktime_get_coarse_real_ts64 34. */
	[CODE_pipe_write] = 716,
	/* The mean of copy_page_from_iter 77 + _copy_from_iter 44 +
	 * __copy_user_ll's fixed part 36 (52 a call less 64 bytes at 256
	 * per KiB) and copy_page_to_iter 54 + _copy_to_iter 61 + 36. */
	[CODE_pipe_buf] = 154,
	/* [E] ARM's count. */
	[CODE_pipe_wait] = 75,
	/* __wake_up_sync_key 13, __wake_up_common_lock 53,
	 * __wake_up_common 29, _raw_spin_lock_irqsave 20,
	 * _raw_spin_unlock_irqrestore 13. */
	[CODE_pipe_wake] = 128,
	/* [E] sk_stream_write_space's wake of a sleeper: 9 + 8 + 79 + 65 +
	 * 82 + 119 + 112 + 68. */
	[CODE_try_to_wake_up] = 542,
	/* [E] stat64/fstat64 (issue 13): the ARM estimate's parts (vfs_getattr
	 * and its LSM hook, shmem_getattr, generic_fillattr, cp_new_stat64,
	 * the glue), x86 code being of about the same size. */
	[CODE_vfs_getattr] = 280,
	/*
	 * [E] lmbench 3's bw_mem loops (src/bw_mem.c), user code run at the
	 * kernel CPI as dd's loop is: rd sums p[0] + p[4] + ... + p[124]
	 * then p += 128, so per 512 bytes 32 loads, 32 adds and about 3 loop
	 * instructions: 134 per KiB; wr stores p[0], p[4], ...: 32 stores and
	 * 3: 70 per KiB; cp copies dst[i] = p[i] likewise: 32 loads, 32
	 * stores and 4: 136 per KiB.  bcopy and bzero are libc's memmove and
	 * memset: memcpy_kib and memset_kib.
	 */
	[CODE_bw_mem_rd_kib] = 134,
	[CODE_bw_mem_wr_kib] = 70,
	[CODE_bw_mem_cp_kib] = 136,
	/*
	 * mprotect (issue 30), as ARM's (kpath-arm.c) from
	 * mprotect_{1p,16p}/nohighmem, rep1 (the contexts less each
	 * operation's REP re-executions, 81): 2954.0 and 5776.9.  Per PTE
	 * 188.2: change_protection's loop 140.5, vm_normal_page 18.5 (the
	 * read-write half), the range flush's invlpg loop (flush_tlb_func 9,
	 * native_flush_tlb_one_user 15), atomic64_xchg_cx8 5
	 * (ptep_get_and_clear), less the two stores (set_pte, 2 x 6).
	 */
	[CODE_change_pte] = 176,
	/*
	 * Per call: 2954.0 less one PTE, the entry (177) and exit (69),
	 * mmap_sem (41) and two page_table_lock pairs (32) charged apart, and
	 * Debian's ima_file_mprotect 100 and apparmor_file_mprotect 20:
	 * do_mprotect_pkey 200, change_protection's set-up, mprotect_fixup
	 * 110, vma_merge 84, flush_tlb_mm_range 77 and flush_tlb_func 133,
	 * the mmu_gather 127, security_file_mprotect 45, and the maple
	 * tree's lookups 908.
	 */
	[CODE_mprotect] = 2327,
	/*
	 * mremap (issue 30), rep1 as above: mremap_move_{1p,16p} 11197.0 and
	 * 12262.0, mremap_resize_1p 7759.8.  Per PTE 71.0:
	 * move_page_tables' loop 28, unmap_page_range's walk 14, the invlpg
	 * loop 24, atomic64_xchg_cx8 5, less set_pte's two stores (12).
	 */
	[CODE_move_pte] = 59,
	/*
	 * Per call, from the resize: 7759.8 less init_on_alloc's memsets (7.5
	 * calls, about 60 rep1) and kernel_init_pages 45.8, the slab calls
	 * 1775.1, the entry and exit, mmap_sem, half of the shrink's
	 * do_munmap as the model charges it (mmap 4770, pte_range 510, a
	 * page_table_lock 16) and half the growth's page_table_lock: the
	 * maple tree's 4005 (1275 of it do_munmap's), __vma_adjust 223,
	 * sys_mremap 162, userfaultfd's 162, THP's checks 56.
	 */
	[CODE_mremap] = 2936,
	/*
	 * Per move: 11197.0 less one PTE, memsets (11 calls, about 88),
	 * slab calls 1873.0, the entry and exit, mmap_sem, do_munmap's mmap
	 * and pte_range, three page_table_lock pairs (48) and mremap (2936):
	 * move_vma 152, copy_vma 94, vm_area_dup 111, vma_link 69,
	 * anon_vma_clone 87, the range flush (flush_tlb_mm_range 77,
	 * flush_tlb_func 133, _find_next_bit 37).
	 */
	[CODE_move_vma] = 614,
	/* [E] skb_mstamp_get on x86: local_clock (rdtsc, the cyc2ns
	 * multiply and shift) and a 64-bit division by 1000; no x86 board
	 * has a NIC in the model. */
	[CODE_skb_mstamp_get] = 40,
	/*
	 * copy_4g=tramp (issue 35): FreeBSD 12 i386's code, which no Linux
	 * run measures, counted instruction by instruction in its source
	 * (F-Stack's freebsd/i386/i386/copyout_fast.s, copyout.c, pmap.c,
	 * exception.s; research/anchors.md): the assembly exactly, the C as
	 * gcc -O2 -m32 would compile it [E].
	 *
	 * copyout_fast (copyout_fast.s lines 43-109): 52 instructions --
	 * the frame (5), %edx and the kernel %cr3 (2), PCB_CR3 (2), cli,
	 * seven stores to the trampoline stack with their loads and
	 * %esi steps (21),
	 * %esp onto it (2), three pops and rep movsb, popl %edi and the
	 * CR3 load, three pops and rep movsb, the CR3 load, %esp back, sti,
	 * the return (6) -- less the two rep movsb and the two CR3 loads: 48.
	 * copyout() (copyout.c lines 241-253) to the call and back [E]: the
	 * frame and its return (12), the wrap and VM_MAXUSER_ADDRESS tests
	 * (6), len == 0, fast_copyout and TRAMP_COPYOUT_SZ (6), the call of
	 * pmap_get_kcr3 through pmap_methods_ptr and its body (5), four
	 * argument pushes, the indirect call and the pop (6), the result's
	 * test (2): 37.  48 + 37 = 85.
	 */
	[CODE_copyout_fast] = 85,
	/* copyin_fast (lines 111-173): 49, three fewer than copyout_fast
	 * (the user %cr3 is not pushed and popped), so 45 by the same
	 * rule; copyin() as copyout(): 37.  45 + 37 = 82. */
	[CODE_copyin_fast] = 82,
	/*
	 * fueword_fast (lines 186-213): the frame (5), the argument, PCB_CR3
	 * (2), %edx, the kernel %cr3, the saved %esp, cli, the trampoline
	 * stack, the load, %esp back, sti, the value's store (2), xorl, the
	 * return (5): 24 with its two CR3 loads out; suword_fast (lines
	 * 279-305) 23.  fueword()/suword() (copyout.c lines 331-348,
	 * 409-418) to the call and back [E]: the frame and return (8), the
	 * two range tests (6), fast_copyout (2), pmap_get_kcr3 (5), the
	 * pushes, call and pop (5), the result (2): 28.  About 51.
	 */
	[CODE_fusu_fast] = 51,
	/*
	 * A fault in the trampoline: IDTVEC(page) (exception.s lines
	 * 133-145) tests PSL_VM, the RPL and the EIP (6), loads the kernel's
	 * %cr3 (the machine's), rewrites the EIP, pops the error code and
	 * irets (3); copyout_fault (lines 176-184) 8, fusufault (268-277) 9: 18.  The
	 * #PF's delivery itself is not priced, as for a user fault.
	 */
	[CODE_tramp_fault] = 18,
	/*
	 * cp_slow0 (copyout.c lines 95-135) for one page, with copyout()'s
	 * loop step (lines 254-262: round_page, the tests, the increments,
	 * the call: 14) [E]: the frame and return (12), howmany (4), the
	 * vm_fault_quick_hold_pages call's argument set-up through
	 * curproc->p_vmspace (10), i != plen (2), sched_pin and
	 * sched_unpin (4), get_pcpu (1), the THREAD_CAN_SLEEP,
	 * td_vslock_sz and TDP_NOFAULTING tests (8), the window's address
	 * (2), pmap_cp_slow0_map's call through pmap_methods_ptr with its
	 * frame and vtopte (13), the offset (3), f's indirect call and
	 * copyout_slow0's body (9), bcopy's set-up and return around the
	 * rep movs (12), the unlock's branch (2), vm_page_unhold_pages's
	 * call and loop test (5): 101.  The hold is priced as gup (Linux's
	 * fast GUP, its nearest measured kin), the mutex as spin_lock.
	 */
	[CODE_cp_slow0] = 101,
	/*
	 * Per page: pmap_cp_slow0_map's loop (pmap.c lines 6034-6045: i,
	 * pte, the bound, VM_PAGE_TO_PHYS's two words, the memattr, the
	 * flags' or, the invlpg's address: 10) with pmap_cache_bits (lines
	 * 1106-1128, its call and frame: 22), the PTE's two stores being
	 * set_pte's; vm_page_unwire's path for a wired page that stays
	 * wired (vm_page.c, the reference count's load, the loop's
	 * fcmpset, the tests, the frame: about 25; the atomic is
	 * page_ref's).  About 57.
	 */
	[CODE_cp_slow0_page] = 57,
};

/*
 * Linux 2.5.73-mm3 as the NUMA-Q ran E2: int 0x80 entry.S, no LSM module,
 * no memcg, no maple tree, pte_chain rmap, kmap_atomic with typed slots.
 */
static const s32 x86_2_5_adjust[NR_CODE_COSTS] = {
	/*
	 * entry.S system_call: SAVE_ALL, GET_THREAD_INFO, the table call;
	 * syscall_exit: the work-flags test, RESTORE_ALL, iret.  About 25
	 * and 15 instructions of straight-line assembly in place of 6.1's C
	 * entry (__do_fast_syscall_32, do_fast_syscall_32, ia32_sys_call,
	 * exit_to_user_mode_prepare, fpregs_assert_state_consistent).
	 */
	[CODE_syscall_entry] = 25 - 177,
	[CODE_syscall_exit] = 15 - 69,
	/*
	 * Issue 33: the highmem mappings and the pte_chain rmap as 2.5.73
	 * has them, read in the release's own source (Linus's "Linux
	 * 2.5.73" commit, 2003-06-21) and counted by compiling each
	 * function's C with gcc 12 -m32 -O2 -march=i686
	 * -mpreferred-stack-boundary=2 -fomit-frame-pointer (arguments on
	 * the stack, as 2.5 built without regparm) as a stand-in for the
	 * gcc 2.95/3.x -O2 that built the kernel, for CONFIG_X86_NUMAQ
	 * (DISCONTIGMEM: page_to_pfn through zone_table, pfn_to_page
	 * through physnode_map and node_data), HIGHMEM64G, SMP,
	 * PREEMPT=n ("Say N if you are unsure"), DEBUG_HIGHMEM=n, and
	 * counting the instructions the function executes on the path
	 * named, its ret included, its callers' argument set-up and call
	 * not.  The invlpg is the machine's (tlb_inv_va), not counted.
	 *
	 * arch/i386/mm/highmem.c kmap_atomic(): inc_preempt_count() (mov
	 * $-8192, and %esp, incl ->preempt_count: linux/preempt.h), the
	 * test page < highmem_start_page, idx = type + KM_TYPE_NR *
	 * smp_processor_id(), __fix_to_virt(FIX_KMAP_BEGIN + idx),
	 * set_pte(kmap_pte-idx, mk_pte(page, kmap_prot)) (PAE: two stores,
	 * pgtable-3level.h; mk_pte = pfn_pte(page_to_pfn(page)), a
	 * zone_table load and an imul by the inverse of sizeof(struct
	 * page)), __flush_tlb_one(vaddr): 40 instructions on the highmem
	 * path, 39 without the invlpg; the lowmem path (the test, then a
	 * tail call of page_address) 12.  The model splits them as
	 * pagefault_disable 12 (the lowmem path: entry, the preempt count,
	 * the test, the exit), set_pte 6 (kmap_prot, mk_pte's shift and
	 * or, the two stores) and kmap_atomic 21: 39.
	 */
	[CODE_pagefault_disable] = 12 - 47,
	[CODE_kmap_atomic] = 21 - 91,
	/*
	 * kunmap_atomic() without CONFIG_DEBUG_HIGHMEM is
	 * dec_preempt_count() alone, for any address: mov $-8192, and
	 * %esp, decl, ret: 4, charged on lowmem addresses too.
	 */
	[CODE_kunmap_atomic] = 4 - 38,
	/*
	 * kmap_atomic_to_page() on a fixmap address: the FIXADDR_START
	 * test, virt_to_fix, kmap_pte - (idx - FIX_KMAP_BEGIN), the PAE
	 * PTE's two words into a pfn (pte_pfn) and pfn_to_page through
	 * physnode_map and node_data: 25 (the lowmem path, virt_to_page,
	 * 17).  6.1 has no such function: 0 measured.
	 */
	[CODE_kmap_atomic_to_page] = 25,
	/*
	 * mm/highmem.c page_address() (HASHED_PAGE_VIRTUAL): a lowmem page
	 * is the PageHighMem test and lowmem_page_address through
	 * page_zone: 26, as 6.1's.  A highmem one: hash_ptr (an imul),
	 * spin_lock_irqsave (pushf, pop, cli, lock decb, js), the
	 * list_empty test, spin_unlock_irqrestore (movb, push, popf) and
	 * the return: 33 with an empty bucket; each entry compared,
	 * list_for_each_entry's load, lea, end test and the page compare,
	 * 7 (40 for a hit on the first).
	 */
	[CODE_page_address_hash] = 33 - 107,
	[CODE_page_address_entry] = 7 - 4,
	/*
	 * mm/rmap.c page_add_rmap() without HIGHPTE, the chain lock apart:
	 * pfn_valid(page_to_pfn(page)) (page_zone, an imul), PageReserved,
	 * then the first mapping (page->pte.direct, SetPageDirect,
	 * inc_page_state(nr_mapped) with its pushf/cli/popf) 50, the slot
	 * fill 50, the conversion to a chain 47, a new head block 48; the
	 * lock's 8 out: 42 (the last two 3 and 2 less).
	 */
	[CODE_page_add_rmap] = 42 - 39,
	/*
	 * page_remove_rmap() without HIGHPTE, the lock apart: the direct
	 * mapping removed and dec_page_state 56 - 8 = 48; a chain found at
	 * its first slot 66 - 8 = 58, so 48 plus 6 a slot examined and 4
	 * uncharged on the chain path.  No memcg (6.1's 94 had
	 * lock_page_memcg, folio_memcg_lock and unlock_page_memcg).
	 */
	[CODE_page_remove_rmap] = 48 - 94,
	/* The scan's inner loop, 4-byte entries: inc, cmp NRPTE, je, the
	 * load, cmp, jne: 6. */
	[CODE_pte_chain_entry] = 6 - 4,
	/* With HIGHPTE on PAE pte_addr_t is a u64: the loop is inc, cmp,
	 * je, two loads, two xors, or, jne: 9, so 3 more a slot. */
	[CODE_pte_chain_entry_u64] = 3,
	/*
	 * asm-generic/rmap.h ptep_to_paddr() under HIGHPTE: page_add_rmap
	 * executes 71 instructions with HIGHPTE against 50 without on the
	 * first mapping and the slot fill (74 against 47 and 48 on the
	 * other two): the call of kmap_atomic_to_page, page_to_pfn of the
	 * PTE page, the shld/shl/add/adc of the 64-bit address: 21.
	 * page_remove_rmap's difference is larger (96 against 56 on the
	 * direct path, 115 against 66 on a chain's first slot): the 64-bit
	 * compare of the direct test and the spills of a u64 held across
	 * the lock, 15-25 more, uncharged.
	 */
	[CODE_ptep_to_paddr] = 21,
	/*
	 * include/linux/spinlock.h bit_spin_lock/bit_spin_unlock on SMP
	 * without PREEMPT: lock btsl, sbb, test, je; the BUG_ON's load,
	 * test, je, and lock btrl: 8 (6.1's 20 had preempt_count updates
	 * and a function call).
	 */
	[CODE_bit_spin_lock] = 8 - 20,
	/*
	 * pte_chain_alloc(): get_cpu (current_thread_info()->cpu), the
	 * per_cpu offset, the spare's test, its take and the return: 10 (a
	 * slab allocation adds 5 of call set-up, uncharged, and
	 * kmem_cache_alloc).  __pte_chain_free(): the next_and_idx test,
	 * get_cpu, the spare's test and the store of the new one, with the
	 * frame: 19 (a spare sent to the slab adds 4 and
	 * kmem_cache_free); pte_chain_free's inline NULL test, 2, is the
	 * caller's.
	 */
	[CODE_pte_chain_alloc] = 10,
	[CODE_pte_chain_free] = 19,
	/* No memcg: no memcg charge in a fault (page_remove_rmap's memcg
	 * locks are out above). */
	[CODE_handle_mm_fault] = -300,
	/* No maple tree: dup_mmap, do_mmap and exec link the VMA list and
	 * rbtree (about 50 a VMA) instead of the mas_* walks and stores
	 * (12796 in fork_exit_wait's 10 VMAs, 5499 in mmap_munmap, 13520
	 * more in fork_exec_exit_wait). */
	[CODE_fork] = -12296,
	[CODE_mmap] = -2550,
	[CODE_exec] = -13000,
	/*
	 * Pipes: 2.5.73's pipe_readv/pipe_writev are called straight from
	 * vfs_read/vfs_write (no kiocb, no iov_iter: vfs_read's 110 and
	 * vfs_write's share of new_sync_*, about 100, not there), no
	 * __get_task_ioprio 34, and CURRENT_TIME reads xtime (about 10, not
	 * current_time 86 + ktime_get_coarse_real_ts64 34).  2.5.73's pipe
	 * is one page with pipe_wait; the model keeps 5.7's ring.
	 */
	[CODE_pipe_read] = -110 - 34 - 110,
	[CODE_pipe_write] = -100 - 34 - 110,
	/*
	 * mprotect: no maple tree (908 of lookups for about 50 of list and
	 * rbtree walk); i386's flush_tlb_range is flush_tlb_mm, not 6.1's
	 * range flush (flush_tlb_mm_range 77, flush_tlb_func 133,
	 * _find_next_bit 37: about 10 remain) and its invlpg loop per PTE
	 * (24); no mmu_gather in change_protection (127), no
	 * perf_event_mmap 22 (2.6.31), vma_wants_writenotify 25 (2.6.20) nor
	 * 6.0's vm_normal_page test (18.5 a PTE); PAE's ptep_get_and_clear is
	 * one xchg, not atomic64_xchg_cx8 (4 fewer).
	 */
	[CODE_mprotect] = -908 + 50 - 237 - 127 - 22 - 25,
	[CODE_change_pte] = -24 - 18 - 4,
	/*
	 * mremap: no maple tree (4005 in the resize, 1275 of it do_munmap's,
	 * which mmap's adjustment takes, for about 100 of list and rbtree
	 * work), no userfaultfd (162 in the resize, 44 more in a move), no
	 * THP (vma_adjust_trans_huge, hugepage_vma_check,
	 * khugepaged_enter_vma: 56), no KSM (ksm_madvise 23), and 2.6.0's
	 * move flushes each page (flush_tlb_page, charged as such) instead
	 * of 6.1's range flush (237 of move_vma's).  2.6.0 walks the tables
	 * for each page it moves (get_one_pte_map_nested, page_table_present,
	 * alloc_one_pte_map: about 30 [E]) where 6.1 loops invlpg (24): no
	 * adjustment per PTE.
	 */
	[CODE_mremap] = -(4005 - 1275) + 100 - 162 - 56,
	[CODE_move_vma] = -44 - 23 - 237,
};

const struct kpath kpath_x86_2_5 = {
	.kernel = "Linux 2.5.73-mm3 (i386 PAE)",
	.measured = x86_measured,
	.adjust = x86_2_5_adjust,
};
