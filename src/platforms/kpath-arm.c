// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel instructions of every code path on 32-bit ARM, measured ([M]) on
 * Linux 6.1 -- Debian 12's linux-image-6.1.0-50-armmp, 6.1.176-1 -- under
 * QEMU TCG by tools/kpath: data/kpath/armmp.tsv.  Each value is the sum,
 * per call (per KiB for *_kib), of the Linux functions the model's code
 * path stands for, named beside it with the table rows they come from
 * ("operation/config"; the numbers are instructions per operation).  Where
 * a model path is a loop body inside one Linux function (a hash-chain step,
 * a buddy split), the count is the share of that measured function.
 *
 * Debian's configuration has code the boards' kernels lack; it is left out
 * of every sum here, by name:
 *  - LSM hooks: apparmor_file_permission 43, aa_file_perm 33,
 *    bpf_lsm_file_permission 4 per read or write.  security_file_permission
 *    itself stays: omap2plus (5.7) has CONFIG_SECURITY=y with no LSM.
 *  - vector_bhb_loop8_swi 30 on every system call (Spectre-BHB, 2022).
 *  - user_exit_callable/user_enter_callable 5 + 5 (context tracking for
 *    NO_HZ_FULL).
 *  - init_on_alloc (INIT_ON_ALLOC_DEFAULT_ON): the memset of every new page
 *    (398 per 4 KiB, with its kmap) and slab object.
 *  - __check_object_size 75: CONFIG_HARDENED_USERCOPY.
 * The adjustments after the table take 6.1 to the boards' 3.14 and 5.7
 * kernels by named functions; kpath-arm-6.12.c takes it to 6.12, the
 * second measured kernel (data/kpath/armmp-6.12.tsv).
 *
 * Coarse: the counts are ARMv7 (armmp) code run as a Cortex-A15.  The
 * Kirkwood's ARMv5 kernel runs the same C code; its own assembly (cache
 * maintenance, set_pte, exception entry) differs in detail, not in kind.
 */
#include "platforms/platform.h"

const u32 kpath_arm_measured[NR_CODE_COSTS] = {
	/*
	 * kmap_atomic/kunmap_atomic's own entry: the inline preempt and
	 * pagefault count updates and the enable's resched test (16, inside
	 * copy_page_from_iter_atomic 66), and the calls into
	 * __kmap_local_page_prot 11 and kunmap_local_indexed 11 that return
	 * at once for a lowmem page (tmpfs_overwrite_512/nohighmem).
	 */
	[CODE_pagefault_disable] = 38,
	/* page_address 26 per lowmem page (tmpfs_overwrite_512/nohighmem). */
	[CODE_page_address_lowmem] = 26,
	/*
	 * A highmem page_address: page_address 101.2 in 2.25 calls of which
	 * 1.25 are lowmem (gup_slow_page/highmem): 69, with the bucket's
	 * _raw_spin_lock_irqsave 17 and _raw_spin_unlock_irqrestore 10, less
	 * one chain entry.
	 */
	[CODE_page_address_hash] = 92,
	/* One hash-chain entry: load, compare, branch (part of
	 * page_address). */
	[CODE_page_address_entry] = 4,
	/*
	 * A fixmap slot mapping beyond the lowmem return:
	 * __kmap_local_page_prot 20 - 11 and __kmap_local_pfn_prot 59 (slot
	 * index, vaddr, mk_pte, pteval save); the PTE store is set_pte
	 * (tmpfs_overwrite_512/highmem).
	 */
	[CODE_kmap_atomic] = 68,
	/* kunmap_local_indexed 60 - 11: range test, pre_unmap, pte_clear
	 * call, post_unmap, slot pop (tmpfs_overwrite_512/highmem). */
	[CODE_kunmap_atomic] = 49,
	/* 5.11+: migrate_disable 23 (tmpfs_overwrite_512/highmem). */
	[CODE_kmap_local] = 23,
	/* 5.11+: migrate_enable 39. */
	[CODE_kunmap_local] = 39,
	/*
	 * One PTE store: cpu_ca15_set_pte_ext 22 each, and set_pte_at 20 for
	 * about half of them (fork_exit_wait/nohighmem: 2992 in 136 stores,
	 * set_pte_at 1428 in 72): 32 on average.  The flush_pte line clean
	 * is charged by the machine.
	 */
	[CODE_set_pte] = 32,
	/* _raw_spin_lock_irqsave 17 + _raw_spin_unlock_irqrestore 10 beyond
	 * a plain pair (gup_slow_page/highmem). */
	[CODE_spin_lock_irq] = 9,
	/* kmap_high 89 (pkmap count, the map_new_virtual fast path);
	 * gup_slow_page/highmem. */
	[CODE_kmap_high] = 89,
	/* map_new_virtual: one pkmap_count[] test and the wrap test per slot
	 * probed (part of kmap_high). */
	[CODE_map_new_virtual_probe] = 6,
	/* flush_all_zero_pkmaps: per slot, the count test and branch (part of
	 * flush_all_zero_pkmaps, gup_slow_page/highmem). */
	[CODE_flush_all_zero_pkmaps_slot] = 8,
	/* kunmap_high 40; gup_slow_page/highmem. */
	[CODE_kunmap_high] = 40,
	/*
	 * One order-0 page: get_page_from_freelist 185.5, __alloc_pages 98,
	 * rmqueue_bulk 69 (its refills, amortised), check_new_pages 16,
	 * __folio_alloc 4, should_fail_alloc_page 4
	 * (tmpfs_write_4k_new - tmpfs_overwrite_4k, nohighmem).
	 */
	[CODE_alloc_pages] = 377,
	/* expand(): one split's list add and count (part of rmqueue_bulk). */
	[CODE_buddy_split] = 20,
	/* free_unref_page 67, free_pcp_prepare 51, free_unref_page_commit
	 * 50 (gup_slow_page: a bounce page per call). */
	[CODE_free_pages] = 168,
	/* __free_one_page: one merge (part of free_pcppages_bulk). */
	[CODE_buddy_merge] = 20,
	/*
	 * The copy loop per KiB: arm_copy_from_user 125.01 at 512 B and
	 * 685.04 at 4 KiB (tmpfs_overwrite_512 and _4k, nohighmem): 160 per
	 * KiB.  The kernel's memcpy runs 169 (gup_slow_page, 676 per page).
	 */
	[CODE_memcpy_kib] = 160,
	/* memset of a new page: 467.8 in 3.01 calls less the two small ones
	 * of 71.5 (tmpfs_write_4k_new and _overwrite_4k, nohighmem): 396.3
	 * per 4 KiB. */
	[CODE_memset_kib] = 99,
	/* arm_clear_user 275.01 at 512 B, 2067.02 at 4 KiB (read_zero_512,
	 * read_zero_4k): (2067.02 - 275.01) / 3.5 = 512 per KiB. */
	[CODE_clear_user_kib] = 512,
	/*
	 * Entry: vector_swi 27, local_restart 10, the sys_* wrapper 3.  Exit:
	 * no_work_pending 17, ret_fast_syscall 5 (read_zero_512/nohighmem).
	 * A user page fault enters through __dabt_usr 23 and leaves through
	 * ret_from_exception 6: the model prices both as a system call's.
	 */
	[CODE_syscall_entry] = 40,
	[CODE_syscall_exit] = 22,
	/* __schedule 280 a call (574 in 2.05, fork_exit_wait/nohighmem),
	 * check_and_switch_context 134, dequeue_task_fair 103,
	 * psi_task_switch 91, pick_next_task_fair 82, update_curr 69: the
	 * runqueue work of one switch. */
	[CODE_context_switch] = 759,
	/*
	 * One timer tick: timer_tick/nohighmem, 12 million user instructions
	 * per operation (12 ms of -icount time, 3 ticks at HZ=250):
	 * [ctx:irq] 11292 in 3 calls of tick_sched_timer -- the irq entry,
	 * hrtimer_interrupt 89, timekeeping_advance 312, update_vsyscall
	 * 208, scheduler_tick 85 with its load tracking, rcu_sched_clock_irq
	 * 97, the timer softirq and irq_exit.
	 */
	[CODE_timer_tick] = 3764,
	/* _raw_spin_lock 14 (42.09 in 3.01 calls, gup_slow_page) and the
	 * inline unlock (dmb, store, dsb sev) 4. */
	[CODE_spin_lock] = 18,
	/* down_read_killable 24 + up_read 15 (gup_slow_page). */
	[CODE_rwsem] = 39,
	/*
	 * do_DataAbort 21, v7_early_abort 6, do_page_fault 74,
	 * lock_mm_and_find_vma 25, down_read_trylock 25, up_read 15,
	 * find_vma 21 (fault_anon/nohighmem); the VMA lookup's tree walk is
	 * find_vma_step.
	 */
	[CODE_do_page_fault] = 187,
	/*
	 * The rest of an anonymous fault beyond what is charged apart (page
	 * allocation and clear, PTE store, rmap, kmaps, the VMA walk):
	 * handle_mm_fault 304, the memcg charge (charge_memcg 33,
	 * __mem_cgroup_charge 18, memcg statistics ~250), lru_add_fn 80,
	 * folio_add_lru 32 and the node/zone counters (fault_anon/nohighmem:
	 * 3275 total less 2009 charged apart or Debian's).
	 */
	[CODE_handle_mm_fault] = 1266,
	/*
	 * One VMA visited.  6.1 has no per-VMA step: its maple tree lookup
	 * is mt_find 80 + mtree_range_walk 146 per find_vma (fault_anon).
	 * The boards' 3.14 and 5.7 walk the VMA rbtree, about a dozen
	 * instructions per node (vmacache_find miss, rb_entry, two compares).
	 */
	[CODE_find_vma_step] = 12,
	/* kmem_cache_alloc 3240.8 in 36.78 calls (fork_exit_wait). */
	[CODE_kmem_cache_alloc] = 88,
	/* kmem_cache_free 3428.7 in 40.49 calls (fork_exit_wait). */
	[CODE_kmem_cache_free] = 85,
	/* page_add_file_rmap 29 a call (fork_exit_wait). */
	[CODE_page_add_rmap] = 29,
	/*
	 * page_remove_rmap 32 a call with lock_page_memcg 6,
	 * folio_memcg_lock 18, unlock_page_memcg 17
	 * (fork_exit_wait/nohighmem).
	 */
	[CODE_page_remove_rmap] = 73,
	/* pte_chain rmap (2.5/2.6) has no 6.1 counterpart: one chain slot is
	 * a load, a compare and a branch, as page_address's chain step. */
	[CODE_pte_chain_entry] = 4,
	/* bit_spin_lock + unlock on page->flags: _test_and_set_bit 19 per
	 * call (fault_anon) and the clear with its barrier 9. */
	[CODE_bit_spin_lock] = 28,
	/*
	 * copy_pte_range per present PTE: fork_exit_wait/nohighmem's
	 * copy_page_range, 4956 for 47 PTEs in 9 VMAs, split by reading the
	 * per-PTE loop body (copy_present_pte: the present test, the
	 * vm_normal_page call, page_dup_file_rmap, ptep_set_wrprotect, the
	 * set_pte_at call) as 80, which leaves 136 per VMA walked; with
	 * vm_normal_page 27.
	 */
	[CODE_copy_pte] = 107,
	/*
	 * zap_pte_range per present PTE: 85 of unmap_page_range (8038 for
	 * 47 PTEs in 9 VMAs, read as copy_pte's, leaving 449 per VMA),
	 * vm_normal_page 27, __tlb_remove_page_size 20, free_swap_cache 18,
	 * release_pages 43 and free_pages_and_swap_cache 7 per PTE
	 * (fork_exit_wait/nohighmem).
	 */
	[CODE_zap_pte] = 200,
	/* Per table walked by copy or zap: the per-VMA remainders above
	 * (136 for copy_page_range, 449 for unmap_page_range), averaged. */
	[CODE_pte_range] = 292,
	/*
	 * fork_exit_wait/nohighmem [ctx:sys_clone] 44971 less what the
	 * model charges apart: copy_page_range 4956, vm_normal_page 1269
	 * and the 47 PTE stores 1966 of the copy, kmem_cache_alloc 2890,
	 * page allocations 2620, memcpy 4160, and Debian's init_on_alloc
	 * clears (memset 10465 and kernel_init_pages 268, the operation's
	 * whole, most of them clone's).  6.1's maple-tree dup_mmap stays in
	 * (see the adjustments).
	 */
	[CODE_fork] = 16378,
	/*
	 * [ctx:sys_exit_group] 49262 less the zap (unmap_page_range 8038,
	 * vm_normal_page 1269, the PTE clears 1034, __tlb_remove_page_size
	 * 953, free_swap_cache 852, release_pages 2003,
	 * free_pages_and_swap_cache 338), rmap removal with its memcg locks
	 * 5996 and kmem_cache_free 2822 (fork_exit_wait/nohighmem).
	 */
	[CODE_exit] = 25957,
	/*
	 * fork_exec_exit_wait/nohighmem [ctx:sys_execve] 107077 less the
	 * inherited address space's teardown (fork_exit_wait's zap and rmap
	 * above, 20483), the exec's own init_on_alloc clears (memset 10444
	 * beyond fork_exit_wait's) and the LSM hooks (tomoyo_*, apparmor,
	 * 6860).
	 */
	[CODE_exec] = 69142,
	/* wait4 7327 (fork_exit_wait/nohighmem) less the two context
	 * switches it holds (__schedule 574 in 2.05 calls). */
	[CODE_wait] = 5809,
	/* mmap_munmap/nohighmem 10825 for mmap2 + munmap less
	 * init_on_alloc's memsets 1009, the slab calls 2028 (charged apart)
	 * and LSM 164: per call, the maple tree (4313) included. */
	[CODE_mmap] = 3812,
	/* __filemap_get_folio 107, xas_load 47, xas_start 31, xas_descend
	 * 30 (tmpfs_overwrite_512/nohighmem). */
	[CODE_find_get_page] = 215,
	/*
	 * fault_file_read/highmem, per page of lmbench's lat_pagefault (one
	 * do_fault_around per 16): filemap_map_pages 86.08, next_uptodate_page
	 * 108.75 less its folio_try_get (page_ref, 9), do_set_pte 44,
	 * __mod_lruvec_page_state 37.04, __mod_memcg_lruvec_state 33.18,
	 * __mod_node_page_state 25.85, cgroup_rstat_updated 15.94,
	 * folio_memcg_lock 18, unlock_page_memcg 17, lock_page_memcg 6,
	 * add_mm_counter_fast 13, folio_unlock 11, __sync_icache_dcache 11:
	 * 417.84.  set_pte_at and cpu_ca15_set_pte_ext (set_pte) and
	 * page_add_file_rmap (page_add_rmap) are charged apart.  5.7's and
	 * 3.14's loops (xas_for_each, alloc_set_pte) are taken as 6.1's.
	 */
	[CODE_fault_around_page] = 418,
	/*
	 * A new tmpfs page beyond its allocation: shmem_add_to_page_cache
	 * 143, xas_store 107, xas_find_conflict 68, lru_add_fn 83,
	 * shmem_get_folio_gfp's new-page branch 113, the memcg charge and
	 * lruvec/node counters (tmpfs_write_4k_new - tmpfs_overwrite_4k,
	 * nohighmem: 2246 less allocation 377, Debian's clear 472).
	 */
	[CODE_add_to_page_cache] = 1397,
	/*
	 * follow_page_pte 102, try_grab_page 27, vm_normal_page 27 and
	 * __get_user_pages's per-page loop 60 (gup_fast_page/highmem:
	 * 68.63 per page at 16 pages a call).
	 */
	[CODE_follow_page] = 216,
	/* __get_user_pages 93 less its per-page loop (60, above),
	 * __get_user_pages_remote 44, get_user_pages_remote 23,
	 * check_vma_flags 14, is_valid_gup_flags 10 per call (gup_slow_page:
	 * one call a page). */
	[CODE_gup] = 124,
	/* __fget_light 26 + __fdget_pos 14 for /dev/zero, 22 for a tmpfs
	 * file with its f_pos lock (read_zero_512, tmpfs_overwrite_512):
	 * 44 on dd's average. */
	[CODE_fdget] = 44,
	/* vfs_read 79, ksys_read 46, rw_verify_area 21, fsnotify_perm 23,
	 * security_file_permission 34, __cond_resched 14, rcu_all_qs 9
	 * (read_zero_512/nohighmem). */
	[CODE_vfs_read] = 226,
	/*
	 * Per tmpfs write call: vfs_write 156, ksys_write 46, rw_verify_area
	 * 21, security_file_permission 30, generic_file_write_iter 42,
	 * __generic_file_write_iter 31, generic_write_checks 31 with
	 * _check_limits 34 and _count 25, file_update_time 30,
	 * inode_needs_update_time 37, current_time 36,
	 * ktime_get_coarse_real_ts64 35, timestamp_truncate 50,
	 * __file_remove_privs 27 + 4, down_write 19, up_write 15,
	 * __get_task_ioprio 26, the kiocb/iov_iter memsets 70
	 * (tmpfs_overwrite_512/nohighmem).
	 */
	[CODE_vfs_write] = 765,
	/*
	 * write(/dev/null): 412 kernel instructions a call (kernel-paths.md,
	 * armmp no highmem) less what the model charges apart: the syscall
	 * entry 40 and exit 22 and fdget 44.  None of vfs_write's tmpfs
	 * set-up (no write_iter, i_mutex or timestamps).
	 */
	[CODE_vfs_write_chr] = 412 - 40 - 22 - 44,
	/*
	 * Per page of generic_perform_write: its loop 111, fault_in_readable
	 * 56 with fault_in_iov_iter_readable 17 and __get_user_1 8,
	 * shmem_write_begin 47, shmem_get_folio_gfp 83,
	 * copy_page_from_iter_atomic 66 - 16 (the inline pagefault part),
	 * copyin 19, arm_copy_from_user's fixed part 45 less its
	 * uaccess_enable 7 (charged apart), shmem_write_end 45,
	 * folio_mark_dirty 16 with set_page_dirty 6 and noop_dirty_folio 8,
	 * folio_mapping 15, folio_unlock 11, unlock_page 6,
	 * folio_mark_accessed 15, balance_dirty_pages_ratelimited 17,
	 * inode_to_bdi 26, __cond_resched 56, rcu_all_qs 36,
	 * flush_dcache_page 17 (tmpfs_write_512_append/nohighmem, dd's own
	 * pattern: 698 of its functions, the new page's work apart).  An
	 * overwrite also activates the page on the LRU (folio_activate_fn
	 * and its counters, 140 at 512 B, 600 at 4 KiB: not modelled).
	 */
	[CODE_write_page] = 720,
	/*
	 * Per page read from tmpfs: shmem_file_read_iter 144, the atime
	 * update (atime_needs_update 96, touch_atime 28, current_time 36,
	 * ktime_get_coarse_real_ts64 35, timestamp_truncate 50),
	 * shmem_get_folio_gfp 83, copy_page_to_iter 72, _copy_to_iter 64,
	 * page_address 49, the kiocb memsets 70, arm_copy_to_user's fixed
	 * part 45 less its uaccess_enable 7, and the rest of
	 * tmpfs_read_512/nohighmem (1762) beyond entry, fdget, vfs_read, the
	 * lookup, the copied bytes and Debian's LSM.
	 */
	[CODE_read_page] = 1004,
	/* read_zero 41 + arm_clear_user's fixed part 19 (275 at 512 B less
	 * 256 for the bytes) less its uaccess_enable 7 (charged apart),
	 * read_zero_512/nohighmem. */
	[CODE_read_zero_chunk] = 53,
	/*
	 * One page refcount update, inline in its callers (try_grab_page,
	 * folio_put): atomic_inc is ldrex/add/strex/teq/bne after
	 * compound_head (8); atomic_dec_and_test adds the test (10); the
	 * dmbs around it are barriers inside the CPI.  Mean of the pair: 9.
	 */
	[CODE_page_ref] = 9,
	/*
	 * CONFIG_CPU_SW_DOMAIN_PAN's uaccess_save_and_enable +
	 * uaccess_restore, inline in arm_copy_from_user, arm_clear_user and
	 * the get/put_user helpers: mrc DACR, bic, orr, mcr, isb; mcr, isb
	 * (7).  The two DACR writes and isbs are charged by the machine.
	 */
	[CODE_uaccess_enable] = 7,
	/* dd's own loop around read and write: 174 user instructions per
	 * block (busybox dd, research/kernel-paths.md), run at the kernel
	 * CPI. */
	[CODE_user_loop] = 174,
	/*
	 * Streaming DMA (issue 9).  No measured operation maps for DMA (the
	 * TCP send of data/kpath goes over loopback), so these are [E]:
	 * instructions counted by hand from the Linux 3.14 source
	 * (include/asm-generic/dma-mapping-common.h, arch/arm/mm/
	 * dma-mapping.c, cache-feroceon-l2.c, proc-feroceon.S, cache-v7.S)
	 * as an ARM compiler would emit them, until tools/kpath measures a
	 * DMA path on a non-coherent device (docs/fidelity.md).
	 *
	 * dma_map_single's inline wrapper in the driver: get_dma_ops (4),
	 * virt_to_page and offset_in_page (5), the indirect call with six
	 * arguments (6); arm_dma_map_page: entry and exit (2), argument moves
	 * (3), dma_get_attr with NULL attrs (2), the call (2), the returned
	 * page_to_phys + offset (5); __dma_page_cpu_to_dev: entry and exit
	 * (2), argument saves (3), the dma_cache_maint_page call (4),
	 * page_to_phys + off (5), the direction test (1), the inline
	 * outer_*_range (load, test, end, call: 5).  15 + 14 + 20 = 49, plus
	 * the CONFIG_DMA_API_DEBUG hooks: none (off in kirkwood_defconfig).
	 */
	[CODE_dma_map_page] = 49,
	/*
	 * dma_unmap_single's wrapper: get_dma_ops (4), the indirect call (5);
	 * arm_dma_unmap_page: entry and exit (2), dma_get_attr (2),
	 * pfn_to_page(dma_to_pfn(handle)) (3), the offset (1), the call (3);
	 * __dma_page_dev_to_cpu: entry and exit (2), page_to_phys + off (5),
	 * the direction test (1), the dma_cache_maint_page call (4), the
	 * PG_dcache_clean size test (3).  9 + 11 + 15 = 35; an unmap other
	 * than TO_DEVICE adds the inline outer_inv_range (5), not counted.
	 */
	[CODE_dma_unmap_page] = 35,
	/*
	 * dma_cache_maint_page, one page: entry and exit (2), the pfn and
	 * offset arithmetic (5), pfn_to_page (2), PageHighMem through
	 * page_zone (5), the branch (1), the offset add (1), the indirect
	 * call with three arguments (4), the loop update and test (5).
	 * page_address is charged as itself (page_address_lowmem).  25.
	 */
	[CODE_dma_cache_maint_page] = 25,
	/*
	 * v7_dma_map_area: add, teq, beq (3); v7_dma_clean_range's fixed
	 * part: dcache_line_size (mrc CTR, lsr, and, mov, lsl: 5), sub, bic
	 * (2), dsb, return (2); 12 with the branch.  The Feroceon's
	 * feroceon_range_dma_map_area + feroceon_range_dma_clean_range are
	 * 13: add, cmp, beq; mrs, cmp, subne, orr, msr, two mcr, msr, the
	 * drain mcr, return (the invalidate 17, the flush 15).  The msr and
	 * mcr pipeline costs are charged apart by the machine (cp15_op,
	 * irq_mask_write, barrier).  12 here; 3.14 adjusts to 13.
	 */
	[CODE_dmac_map_area] = 12,
	/* cache-v7.S's line loop: mcr, add, cmp, blo. */
	[CODE_dmac_line] = 4,
	/*
	 * feroceon_l2_clean_range's own work: entry and exit (2), the
	 * l2_wt_override test (3), rounding start and end (3), the first
	 * loop test (2), dsb's mcr (1); inv_range's edge tests are about as
	 * many.  11.
	 */
	[CODE_feroceon_l2_range] = 11,
	/*
	 * One chunk: calc_range_end inline (two BUG_ON tests 4, the size
	 * clamp 3, the page clamp 4), l2_clean_pa_range inline (the BUG_ON
	 * page test 3, l2_get_va's pfn shift, call and offset add 5, va_end
	 * 2, raw_local_irq_save mrs/orr/msr 3, two mcr, the restore's msr,
	 * l2_put_va's call 2), the loop step (4).  33 under CONFIG_HIGHMEM;
	 * __phys_to_virt instead of the two calls is about 5 fewer, within
	 * the estimate.
	 */
	[CODE_feroceon_l2_chunk] = 33,
	/*
	 * The TCP send path (issue 9), [M] from tcp_send_1448/nohighmem: a
	 * loopback send of 1448 bytes per sendto() with TCP_NODELAY, the
	 * receiver's and the ACKs' softirq work run in the sender's context
	 * (data/kpath/README.md).  Autocorking sends about 0.21 skbs per
	 * operation, so every function's count here is its instructions per
	 * operation over its own calls per operation, unless said otherwise.
	 * Loopback work with no counterpart on a NIC is left out of every
	 * sum: loopback_xmit 64, netif_rx_internal 24, __netif_rx 11,
	 * enqueue_to_backlog 69, process_backlog 109 a call, and the
	 * receiver's own tcp_data_queue, tcp_recvmsg and their callees.  So
	 * are the Debian-only parts named in the header and the data copy
	 * itself (memcpy_kib, csum_partial_copy_kib), and the LSM modules'
	 * socket hooks (aa_sk_perm 41, apparmor_socket_sendmsg 8,
	 * tomoyo_socket_sendmsg_permission 37, tomoyo_socket_sendmsg 3,
	 * bpf_lsm_socket_sendmsg 4 a write; apparmor_socket_sock_rcv_skb
	 * and apparmor_ip_postroute per packet) and Debian's netfilter
	 * hooks (nf_hook_slow 27 a packet; kirkwood_defconfig has no
	 * NETFILTER).  The adjustments take 6.1 to 3.14 by named functions.
	 *
	 * A write(): __sys_sendto 70 (msghdr and iovec set-up, the
	 * counterpart of sock_aio_write/do_sock_write), import_single_range
	 * 30, __sock_sendmsg 18, security_socket_sendmsg 43, inet_sendmsg
	 * 17, inet_send_prepare 9, tcp_sendmsg 17, lock_sock_nested 16,
	 * release_sock 28, tcp_release_cb 8, two socket-lock pairs
	 * (_raw_spin_lock_bh 18, _raw_spin_unlock_bh 14,
	 * __local_bh_enable_ip 28: 119), tcp_send_mss 32, tcp_current_mss 46
	 * with ipv4_mtu 30 and tcp_established_options 52,
	 * tcp_rate_check_app_limited 11, tcp_tx_timestamp 13, and
	 * tcp_sendmsg_locked's entry and exit: 282 a call less 1.06 copy
	 * iterations of 130 (read from its loop body, as copy_pte's split):
	 * 144.  fdget's share (sockfd_lookup_light 22, __fget_light 26) and
	 * the sys_sendto wrapper 3 are charged as fdget and syscall_entry.
	 */
	[CODE_sock_sendmsg] = 703,
	/*
	 * One copy iteration: tcp_sendmsg_locked's loop body 130 (above),
	 * skb_page_frag_refill 21, sk_page_frag_refill 11,
	 * tcp_wmem_schedule 16, the forward-allocation refills of about
	 * every other iteration (__sk_mem_raise_allocated 21,
	 * __sk_mem_schedule 9, tcp_leave_memory_pressure 4 per iteration),
	 * _copy_from_iter 66, copyin 19 and arm_copy_from_user's fixed part
	 * 45 less its uaccess_enable 7 (as write_page's).  page_address is
	 * charged as page_address_lowmem, __check_object_size 87 is
	 * Debian's hardened usercopy.
	 */
	[CODE_tcp_sendmsg_copy] = 337,
	/*
	 * A new write-queue skb: tcp_stream_alloc_skb 42, __alloc_skb 66,
	 * kmem_cache_alloc_node 89 (the fclone), kmalloc_reserve 26,
	 * __kmalloc_node_track_caller 24 and __kmem_cache_alloc_node 85
	 * (the head), kmalloc_slab 21 twice, kmalloc_size_roundup 15,
	 * should_failslab 4 twice, __build_skb_around 28, tcp_skb_entail
	 * 56, and [E] 40 for the two memsets of the sk_buff and the shared
	 * info (6.1's memset rows, 63 a call in 5.47 calls an operation, are
	 * mostly init_on_alloc's).  ___slab_alloc's refills (7 an
	 * operation) are left out.
	 */
	/*
	 * The model charges its slab calls as kmem_cache_alloc/free:
	 * kmem_cache_alloc_node 89 and __kmem_cache_alloc_node 85 out.
	 */
	[CODE_sk_stream_alloc_skb] = 520 - 174,
	/* tcp_push 42 (tcp_mark_push, the autocork test) and
	 * __tcp_push_pending_frames 18, once a write. */
	[CODE_tcp_push] = 60,
	/*
	 * Per skb: tcp_write_xmit 156 (a call, whether it sends or defers),
	 * tcp_tso_segs 33, tcp_small_queue_check 25, tcp_event_new_data_sent
	 * 48, tcp_schedule_loss_probe 6 + 82, tcp_chrono_stop 9,
	 * tcp_mstamp_refresh 30 with ktime_get 52, arch_counter_read 6,
	 * arch_counter_get_cntvct 3; the probe timer (sk_reset_timer 10,
	 * mod_timer 4, __mod_timer 80, and in 0.32 of its 0.50 calls
	 * detach_if_pending 41, enqueue_timer 30, lock_timer_base 26,
	 * get_nohz_timer_target 22, calc_wheel_index 9,
	 * _raw_spin_lock_irqsave 17 and _raw_spin_unlock_irqrestore 10:
	 * 193).
	 */
	[CODE_tcp_write_xmit] = 643,
	/*
	 * __tcp_transmit_skb 337 (its 0.21 calls include the receiver's
	 * 0.03 ACKs), skb_clone 92 with __copy_skb_header 116,
	 * tcp_established_options 52, tcp_options_write 44,
	 * __tcp_select_window 67, tcp_v4_send_check 21,
	 * bpf_skops_write_hdr_opt 28, skb_push 14, tcp_update_skb_after_send
	 * 29, tcp_rate_skb_sent 28.
	 */
	[CODE_tcp_transmit_skb] = 828,
	/*
	 * ip_queue_xmit 4, __ip_queue_xmit 135, __sk_dst_check 18,
	 * ipv4_dst_check 11, __ip_local_out 42, ip_output 84,
	 * ip_finish_output 12, __ip_finish_output 31, ip_skb_dst_mtu 54,
	 * ip_finish_output2 121 (neigh_hh_output inline), skb_push 14.
	 * skb_gso_validate_network_len 19 and skb_gso_transport_seglen 20
	 * check loopback's GSO skbs against the MTU (4.x): left out.
	 */
	[CODE_ip_queue_xmit] = 525,
	/* ip_send_check 26 with ip_fast_csum inline. */
	[CODE_ip_send_check] = 26,
	/*
	 * __dev_queue_xmit 181, netdev_core_pick_tx 22, validate_xmit_skb
	 * 76, netif_skb_features 93, skb_network_protocol 37,
	 * skb_csum_hwoffload_help 24, validate_xmit_xfrm 14,
	 * dev_hard_start_xmit 57.  Loopback is a noqueue device, so the
	 * qdisc is [E]: pfifo_fast's empty-queue bypass in __dev_xmit_skb
	 * (qdisc_run_begin, the root lock, sch_direct_xmit's HARD_TX_LOCK
	 * and unlock, dev_xmit_complete, qdisc_run_end), 80.
	 */
	[CODE_dev_queue_xmit] = 583,
	/*
	 * [E] Loopback segments nothing (it has TSO), so GSO is counted by
	 * hand from 3.14's net/core/dev.c, skbuff.c, net/ipv4/af_inet.c and
	 * tcp_offload.c: dev_gso_segment (features, the call, skb->next and
	 * the destructor swap) 25; skb_gso_segment/__skb_gso_segment (the
	 * mac_len, __skb_pull, the ptype_offload walk under RCU) 40;
	 * inet_gso_segment's set-up (pskb_may_pull, the header checks, the
	 * inet_offloads lookup) 80; tcp_gso_segment's (header checks, mss,
	 * the DODGY tests, oldlen and delta, the skb_segment call) 60; the
	 * consume_skb call of the original 10 (its free is skb_release).
	 */
	[CODE_skb_gso_segment] = 215,
	/*
	 * One segment: its __alloc_skb as measured here ([M]: __alloc_skb
	 * 66, kmem_cache_alloc_node 89, kmalloc_reserve 26,
	 * __kmalloc_node_track_caller 24, __kmem_cache_alloc_node 85,
	 * kmalloc_slab 21, should_failslab 4, __build_skb_around 28) and
	 * __copy_skb_header 116; [E] the loop body of 3.14's skb_segment
	 * (len, skb_reserve, the header offsets, skb_put, the header copy's
	 * call, the frag references: 60), tcp_gso_segment's per-segment
	 * fix-ups (fin/psh, check, seq: 20), inet_gso_segment's (id,
	 * tot_len; ip_send_check is itself: 15), and 20 for one frag moved
	 * beside the first.
	 */
	/*
	 * The model charges its slab calls as kmem_cache_alloc/free:
	 * kmem_cache_alloc_node 89 and __kmem_cache_alloc_node 85 out.
	 */
	[CODE_skb_segment] = 573 - 174,
	/*
	 * A freed skb, on the average of clones and originals: __kfree_skb
	 * 13, kfree_skbmem 21, skb_release_data 54, skb_release_head_state
	 * 17, skb_free_head 10, kfree 27, __kmem_cache_free 52,
	 * kmem_cache_free 75.  skb_attempt_defer_free 31 (6.1, the
	 * receiver's) and __slab_free's slow path are left out.
	 */
	/*
	 * The model charges its slab calls as kmem_cache_alloc/free:
	 * __kmem_cache_free 52 and kmem_cache_free 75 out.
	 */
	[CODE_skb_release] = 270 - 127,
	/*
	 * The mv643xx_eth driver is [E], counted from 3.14's
	 * drivers/net/ethernet/marvell/mv643xx_eth.c as an ARMv5 compiler
	 * would emit it.  mv643xx_eth_xmit: entry and exit 4, the queue and
	 * netdev_queue addresses 6, has_tiny_unaligned_frags for about two
	 * frags 15, the ring-space test 4, the length, call and statistics
	 * 7, the entries_left test 4; txq_submit_skb's set-up: entry and
	 * exit 6, nr_frags and cmd_sts 4, the CHECKSUM_PARTIAL branch
	 * (BUG_ON, hdr_len, tag_bytes, tx_csum_limit, the tag tests, ihl,
	 * the protocol switch, the l4i_chk byte swap) 36, the frag call and
	 * headlen 6, __skb_queue_tail 8, skb_tx_timestamp 4, two wmb 2, the
	 * cmd_sts store and work_tx_end 5, txq_enable's register write 4,
	 * tx_desc_count 3.  3.16's txq_submit_tso set-up (tso_count_descs,
	 * tso_start) is about as long.  40 + 78.
	 */
	[CODE_mv643xx_eth_xmit] = 118,
	/* [E] txq_submit_frag_skb's loop body: the frag address 2,
	 * tx_curr_desc and its wrap 5, the descriptor address 2, the
	 * last-frag test 3, four descriptor stores 6 (the map call is
	 * dma_map_page), the loop 3: 21, the first descriptor's in
	 * txq_submit_skb about as many. */
	[CODE_mv643xx_tx_desc] = 21,
	/*
	 * [E] v3.16's txq_submit_tso per segment
	 * (research/net-tx-path.md section 3): tso_build_hdr's memcpy call
	 * of the 66-byte template 10 and its patches (ip->id, tot_len,
	 * tcp->seq byte-swapped without rev, the PSH/FIN test, ip_id++) 25,
	 * the segment size and data_left loop 10, tso_build_data's advance
	 * (size, the frag step with page_address + offset) 15, the
	 * counters 10.
	 */
	[CODE_txq_submit_tso_seg] = 70,
	/*
	 * [E] txq_reclaim per descriptor: the loop test 4, index and
	 * descriptor 3, the cmd_sts read and owned test 3, tx_used_desc and
	 * its wrap 5, the counts 3, the last-descriptor __skb_dequeue
	 * (about every other descriptor) 5, the error and first tests 4,
	 * the unmap call's arguments 4 (the unmap is dma_unmap_page), the
	 * dev_kfree_skb call 3 (its free is skb_release).
	 */
	[CODE_txq_reclaim] = 34,
	/*
	 * One device interrupt.  [M] the exception entry and exit, per tick
	 * of timer_tick/nohighmem: [vectors] 39, __irq_usr 34,
	 * gic_handle_irq 32, generic_handle_arch_irq 17, handle_irq_desc
	 * 13, generic_handle_domain_irq 7, __irq_resolve_mapping 18,
	 * irq_enter 6, irq_enter_rcu 10, irq_exit 6, __irq_exit_rcu 23,
	 * no_work_pending 17, ret_to_user_from_irq 3 (ct_nmi_enter 32 and
	 * ct_nmi_exit 26 are NO_HZ_FULL's, handle_percpu_devid_irq the
	 * timer's flow).  [E] the orion level flow, 110: handle_level_irq
	 * with mask_ack and unmask through the generic chip,
	 * handle_irq_event, handle_irq_event_percpu's action loop and
	 * add_interrupt_randomness; and the driver, 75: mv643xx_eth_irq
	 * with mv643xx_eth_collect_events inline (the INT_CAUSE and
	 * INT_CAUSE_EXT reads and acknowledges, the work bits, TXQ_COMMAND
	 * read), the INT_MASK write, napi_schedule (napi_schedule_prep's
	 * bit operations, __napi_schedule's irq-off list add and
	 * __raise_softirq_irqoff).
	 */
	[CODE_mv643xx_eth_irq] = 410,
	/*
	 * handle_softirqs 108 (__do_softirq 4), net_rx_action 110,
	 * __napi_poll 23 a pass; [E] mv643xx_eth_poll in place of
	 * loopback's process_backlog: four rounds of the work loop (the
	 * work_link test, queue_mask, fls, work_tbd, the dispatch: 22
	 * each), the last mv643xx_eth_collect_events 30, txq_kick (tx lock,
	 * two register reads) 30, txq_maybe_wake 10, napi_complete 25 and
	 * the INT_MASK write, entry and exit: 190.
	 */
	[CODE_net_rx_action] = 434,
	/*
	 * One received frame: [E] rxq_process's loop body (the descriptor
	 * read and owned test, rmb, the skb slot, rx_curr_desc, the unmap
	 * call's arguments, the counts and statistics, the first/last and
	 * checksum tests: 60) and skb_put 15; [M] eth_type_trans 51 and the
	 * receive core, __netif_receive_skb 7, __netif_receive_skb_one_core
	 * 31, __netif_receive_skb_core 163; [E] GRO, which loopback skips:
	 * dev_gro_receive's flow walk and ptype lookup, inet_gro_receive's
	 * header checks and flow match, tcp4_gro_receive and
	 * tcp_gro_receive's flush of a pure ACK, napi_skb_finish: 250.
	 */
	[CODE_rxq_process] = 577,
	/*
	 * One RX buffer: [E] __netdev_alloc_skb -> __netdev_alloc_frag
	 * (irq-off per-CPU cache, the page reuse test, the offset) 45,
	 * build_skb's own work and its memset 45, [M] __build_skb_around 28
	 * and kmem_cache_alloc_node 89 (as the fclone's), [E] the driver's
	 * loop (rx_desc_count, rx_used_desc and its wrap, size, the map
	 * call's arguments, the stores, two wmb, skb_reserve) 30.
	 */
	/*
	 * The model charges its slab calls as kmem_cache_alloc/free:
	 * kmem_cache_alloc_node 89 out.
	 */
	[CODE_rxq_refill] = 238 - 89,
	/*
	 * ip_rcv 28, ip_rcv_core 147, ip_rcv_finish 30, ip_rcv_finish_core
	 * 61, ip_local_deliver 32, ip_local_deliver_finish 35,
	 * ip_protocol_deliver_rcu 51, raw_local_deliver 46.  Loopback's skb
	 * keeps its dst, so early demux does not run here; on a NIC
	 * tcp_v4_early_demux finds the socket (the lookup that tcp_v4_rcv
	 * then steals): __inet_lookup_established 94 and inet_ehashfn 48 as
	 * measured in tcp_v4_rcv's lookup, ipv4_dst_check 11, and [E] 45 of
	 * its own.
	 */
	[CODE_ip_rcv] = 626,
	/*
	 * tcp_v4_rcv 225 (its 0.21 calls are the receiver's data and the
	 * sender's ACKs alike), tcp_v4_fill_cb 54, tcp_filter 7,
	 * sk_filter_trim_cap 32, security_sock_rcv_skb 30,
	 * tcp_inbound_md5_hash 41, tcp_parse_md5sig_option 11,
	 * tcp_v4_do_rcv 38, tcp_rcv_established 125, sock_put 12, and the
	 * socket's bh lock (_raw_spin_lock 14 and the inline unlock 4); the
	 * lookup is ip_rcv's early demux (above).
	 */
	[CODE_tcp_v4_rcv] = 592,
	/*
	 * tcp_ack 380 less its inlined tcp_clean_rtx_queue loop (0.8 skbs
	 * an ACK at about 70, read from the loop body): 324; per ACK
	 * (instructions per operation over tcp_ack's 0.15 calls):
	 * tcp_ack_update_rtt 17, tcp_rate_gen 11, tcp_rack_advance 22,
	 * tcp_rack_update_reo_wnd 4, cubictcp_cong_avoid 7, cubictcp_acked
	 * 5, tcp_cong_avoid_ai 3, tcp_in_ack_event 7, tcp_newly_delivered
	 * 3, tcp_update_pacing_rate 8, minmax_running_min 7, tcp_ack_tstamp
	 * 10, tcp_check_space 34 (tcp_data_snd_check), tcp_xmit_recovery 1;
	 * tcp_rearm_rto 9 + 64 with its timer (193, as tcp_write_xmit's).
	 */
	[CODE_tcp_ack] = 730,
	/*
	 * Per skb acknowledged: the loop body inside tcp_ack (about 70,
	 * above), the rtx rbtree's rb_erase 36 and rb_next 12,
	 * sk_wmem_free_skb's __sk_mem_reduce_allocated 33 and
	 * tcp_rate_skb_delivered 61 (per operation over rb_erase's 0.12
	 * calls).
	 */
	[CODE_tcp_clean_rtx_queue] = 213,
	/*
	 * [E] No measured operation trims a partly acknowledged skb
	 * (tcp_trim_head does not run in tcp_send_1448): 3.14's
	 * tcp_tso_acked 20 (pcount, the BUG_ON tests), tcp_trim_head's
	 * skb_unclone test 8, __pskb_trim_head 53 (the head pull, three
	 * frags walked at 10, tail and lengths), the seq, truesize,
	 * sk_wmem_queued and sk_mem_uncharge updates 13, tcp_set_skb_tso_segs
	 * with its division (about 40 of it __aeabi_uidiv's loop on ARMv5)
	 * 55, entries and exits 10.
	 */
	[CODE_tcp_trim_head] = 159,
	/*
	 * [E] A sleep on a full send buffer (sk_stream_wait_memory runs 0.00
	 * times an operation here): its own tests (sk_err, shutdown, timeo,
	 * signal_pending, sk_stream_memory_free, SOCK_NOSPACE) 60,
	 * prepare_to_wait 30, release_sock with a bh pair 60, lock_sock 46,
	 * schedule_timeout with MAX_SCHEDULE_TIMEOUT 10, finish_wait 25;
	 * the switch itself is context_switch.
	 */
	[CODE_sk_stream_wait_memory] = 231,
	/*
	 * sk_stream_write_space 25, __wake_up_common_lock 46,
	 * __wake_up_common 48, default_wake_function 15 (autoremove's list
	 * removal [E] 8), try_to_wake_up 39, and the enqueue of a sleeping
	 * writer (ttwu_do_activate 32, enqueue_task_fair 38, enqueue_entity
	 * 57, check_preempt_wakeup 43, place_entity 28: calls of 0.01 an
	 * operation as rounded, so these five are uncertain by half).
	 */
	[CODE_sk_stream_write_space] = 377,
	/*
	 * tcp_wfree 30; [E] when throttled (3.14's autocork sets
	 * TSQ_THROTTLED on most writes): the irq-off list add and
	 * tasklet_schedule 25, tasklet_action's set-up 30, tcp_tasklet_func
	 * (list splice, per socket the bit clears, bh_lock_sock, the owner
	 * test, tcp_tsq_handler's state test and call, sk_free's count)
	 * 70; the tcp_write_xmit it calls is its own.
	 */
	[CODE_tcp_wfree] = 155,
	/*
	 * [E] arch/arm/lib/csumpartialcopygeneric.S (csumpartialcopyuser.S's
	 * ldrt loads), aligned source and destination: per 16 bytes four
	 * loads, one stmia, four adcs, sub, teq, bne: 12, so 768 per KiB.
	 */
	[CODE_csum_partial_copy_kib] = 768,
	/* [E] arch/arm/lib/csumpartial.S: per 32 bytes two ldmia, eight
	 * adcs, sub, teq, bne: 13, so 416 per KiB. */
	[CODE_csum_partial_kib] = 416,
	/*
	 * Pipes (issue 10), from pipe_rw_64/highmem: write 64 B into a pipe
	 * and read them back, one call each.  The system-call entry and
	 * exit, fdget, vfs_read (read_zero's, charged for every read), the
	 * kmap_atomic pair, the uaccess_enable pair and the bytes are
	 * charged apart, and so is pipe->mutex as a sleeping lock
	 * (rwsem: mutex_lock 16 + mutex_unlock 14 here).
	 *
	 * Per read beyond vfs_read's 226: vfs_read 118 - 79 (new_sync_read
	 * inline), ksys_read 40 - 46, rw_verify_area 14 - 21,
	 * security_file_permission 32 - 34, __get_task_ioprio 26, the
	 * kiocb/iov_iter memsets 69 (138.81 in 3.97 calls, two a side),
	 * pipe_read 123, kill_fasync 8, and file_accessed: touch_atime 28,
	 * atime_needs_update 73, current_time 36, ktime_get_coarse_real_ts64
	 * 35, timestamp_truncate 50.
	 */
	[CODE_pipe_read] = 472,
	/*
	 * Per write (vfs_write's tmpfs path is not charged for a pipe):
	 * vfs_write 125, ksys_write 40, rw_verify_area 14,
	 * security_file_permission 32, __get_task_ioprio 26, the memsets
	 * 69, pipe_write 165, kill_fasync 8, __cond_resched 14, rcu_all_qs
	 * 9, and file_update_time 30 with inode_needs_update_time 31,
	 * current_time 36, ktime_get_coarse_real_ts64 35,
	 * timestamp_truncate 50.
	 */
	[CODE_pipe_write] = 684,
	/*
	 * One buffer copied, the mean of the two sides: copy_page_from_iter
	 * 70, _copy_from_iter 33 (66 in 2 calls), copyin 19,
	 * arm_copy_from_user 50 less the 64 bytes (10) and uaccess_enable
	 * (7): 155; copy_page_to_iter 49, _copy_to_iter 41, copyout 19,
	 * arm_copy_to_user 33 likewise: 142.
	 */
	[CODE_pipe_buf] = 149,
	/* [E] A sleep (pipe_rw_64 never sleeps): prepare_to_wait_exclusive
	 * 30, the condition and signal_pending tests 20, finish_wait 25, as
	 * sk_stream_wait_memory's parts. */
	[CODE_pipe_wait] = 75,
	/* The writer's wake-up of an empty pipe's readers (nobody
	 * sleeps): __wake_up_sync_key 12, __wake_up_common_lock 47,
	 * __wake_up_common 23, _raw_spin_lock_irqsave 17,
	 * _raw_spin_unlock_irqrestore 10. */
	[CODE_pipe_wake] = 109,
	/* [E] A sleeper woken: default_wake_function 15, the autoremove
	 * list removal 8, try_to_wake_up 39 and the enqueue (ttwu_do_activate
	 * 32, enqueue_task_fair 38, enqueue_entity 57, check_preempt_wakeup
	 * 43, place_entity 28), as sk_stream_write_space's (uncertain by
	 * half, see there). */
	[CODE_try_to_wake_up] = 260,
	/*
	 * [E] stat64/fstat64 (issue 13) until tools/kpath measures them:
	 * vfs_getattr 20 with security_inode_getattr and the LSM hook 40,
	 * shmem_getattr 40, generic_fillattr 60 (thirteen fields, the uid and
	 * gid mapping), cp_new_stat64's memset of 104 bytes and field moves
	 * 60, _copy_to_user's set-up 20, vfs_statx / vfs_fstat's glue 40:
	 * about 280 instructions as an ARM compiler emits them.
	 */
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
	 * [E] Issue 33: 2.5.73's pte_chain helpers have no ARM counterpart
	 * (no ARM kernel had pte_chains; rmap=pte-chain is a what-if there).
	 * Their C as hand-counted ARM code, about the x86 counts
	 * (kpath-x86.c): 3.x's kmap_atomic_to_page (the FIXADDR_START test,
	 * get_top_pte's load, pte_page) 12; ptep_to_paddr's pfn arithmetic
	 * beyond it 8; an LPAE 8-byte slot's second load and compare 2;
	 * pte_chain_alloc's per-CPU spare test and take 10,
	 * __pte_chain_free's 16.
	 */
	[CODE_kmap_atomic_to_page] = 12,
	[CODE_ptep_to_paddr] = 8,
	[CODE_pte_chain_entry_u64] = 2,
	[CODE_pte_chain_alloc] = 10,
	[CODE_pte_chain_free] = 16,
	/*
	 * mprotect (issue 30), from mprotect_1p and mprotect_16p/nohighmem:
	 * an mprotect of a populated anonymous mapping of 1 or 16 pages,
	 * read-only and back in turn, [ctx:sys_mprotect] 2307.2 and 4610.6.
	 * Per PTE (16p - 1p) / 15 = 153.6: change_protection's loop 60,
	 * vm_normal_page 13.5 (the read-write half: 6.0's writable test),
	 * __sync_icache_dcache 11, v7wbi_flush_user_tlb_range's loop 4, and
	 * the two stores (cpu_ca15_set_pte_ext 44, set_pte_at 21), which are
	 * set_pte's (2 x 32): 90.
	 */
	[CODE_change_pte] = 90,
	/*
	 * Per call: 2307.2 less one PTE (153.6), the entry and exit (62) and
	 * mmap_sem (rwsem 39), two page_table_lock pairs (36) charged apart,
	 * Debian's vector_bhb_loop8_swi 30 and ima_file_mprotect 34:
	 * do_mprotect_pkey 144, mprotect_fixup 91, vma_merge 80,
	 * change_protection's set-up, flush_tlb_range 36, tlb_gather_mmu 27
	 * and tlb_finish_mmu 40, security_file_mprotect 35, vm_stat_account,
	 * perf_event_mmap, memset 145 (3 calls, on the stack), and the maple
	 * tree's lookups (mtree_range_walk, mt_find, mas_*: 811).
	 */
	[CODE_mprotect] = 1953,
	/*
	 * mremap (issue 30), from mremap_move_1p, mremap_move_16p and
	 * mremap_resize_1p/nohighmem, [ctx:sys_mremap] 10264.3, 11900.0 and
	 * 7484.3: a populated anonymous mapping of 1 or 16 pages moved with
	 * MREMAP_MAYMOVE | MREMAP_FIXED to an empty range in its PTE page
	 * and back in turn, and a populated page grown in place to two
	 * (untouched) and shrunk back in turn.  Per PTE moved (16p - 1p) / 15
	 * = 109.0: move_page_tables' loop 22, unmap_page_range's walk over
	 * the emptied slot 7, __sync_icache_dcache 11, the flush loop 4, and
	 * the two stores (65), which are set_pte's (2 x 32): 45.
	 */
	[CODE_move_pte] = 45,
	/*
	 * Per call, from the resize: 7484.3 less the entry and exit 62,
	 * Debian's vector_bhb_loop8_swi 30 and init_on_alloc's memsets 671.8,
	 * the slab calls 1564.5 and mmap_sem (39) charged apart, and half of
	 * what the model charges the shrink's do_munmap (mmap 3812, the zap's
	 * pte_range 292, page_table_lock 18) and the growth's
	 * page_table_lock (9): sys_mremap 140.5, vma_to_resize, __vma_adjust
	 * 182, __split_vma, the anon_vma interval tree, userfaultfd's hooks
	 * 103, and the maple tree's (3305 in all, 975 of it do_munmap's).
	 */
	[CODE_mremap] = 3047,
	/*
	 * Per move, from mremap_move_1p: 10264.3 less one PTE (109.0), the
	 * entry and exit, vector_bhb_loop8_swi, memset 697.4, the slab calls
	 * 1795.0 and mmap_sem as above, do_munmap's mmap and pte_range, three
	 * page_table_lock pairs (54) and do_mremap's own (mremap, 3047):
	 * move_vma 131, copy_vma 87, move_page_tables' set-up, vma_link 44,
	 * anon_vma_clone 75, ksm_madvise 14 -- what the move adds to a
	 * resize.
	 */
	[CODE_move_vma] = 327,
	/*
	 * [E] a kernel alignment fault on an ARMv5 (issue 32: tso_build_hdr's
	 * tcph->seq), counted from 3.16's arch/arm/kernel/entry-armv.S and
	 * arch/arm/mm/alignment.c as an ARMv5 compiler would emit them:
	 * __dabt_svc's svc_entry 18 and the v5 early-abort helper (FSR, FAR)
	 * 8, do_DataAbort's fsr_info dispatch 12, do_alignment's interrupt
	 * test, probe_kernel_address of the instruction with the set_fs pair
	 * and the mode and thumb tests 20, ai_sys and the pc fix-up 6, the
	 * CODING_BITS switch to the ldr/str immediate case 10,
	 * do_alignment_ldrstr's register and bit tests and ai_word 12,
	 * put32_unaligned_check's shifts around its four STRB 12 (the stores
	 * are charged apart), do_alignment_finish_ldst 12, svc_exit 15:
	 * about 125 of an ARMv5 kernel; 140 for the branches between.
	 */
	[CODE_do_alignment] = 140,
	/*
	 * [E] 3.16's skb_mstamp_get as an ARMv5 kernel runs it:
	 * local_clock and sched_clock_cpu 8; sched_clock's seqcount loop,
	 * the masked cycle delta and cyc_to_ns (umull, shift, add) 30; the
	 * indirect call of orion_read_sched_clock and its mvn 4 (the readl
	 * is charged as an uncached load); do_div by the constant 1000,
	 * which arch/arm/include/asm/div64.h turns into an inline multiply
	 * by the inverse, 15; the jiffies load and the two stores 5.
	 */
	[CODE_skb_mstamp_get] = 62,
};

/* Linux 6.1 with a board configuration (the A15 what-if board). */
const struct kpath kpath_arm_6_1 = {
	.kernel = "Linux 6.1 (ARMv7)",
	.measured = kpath_arm_measured,
};

/*
 * What every ARM kernel before 5.11 (and before the 6.1 maple tree) does
 * differently from 6.1, shared by the 5.7 and 3.14 adjustments.
 *  - kunmap_atomic (arch/arm/mm/highmem.c) flushes a VIVT page and pops
 *    the slot; without DEBUG_HIGHMEM it neither clears the PTE nor flushes
 *    the TLB entry: kunmap_local_indexed's pte_clear and post_unmap calls
 *    (about half of its 49) are not there.
 *  - No maple tree: dup_mmap links each VMA into the rbtree and list
 *    (__vma_link_rb, about 50 a VMA) instead of the mas_* walk and stores
 *    (9265 in fork_exit_wait for 9 VMAs); do_mmap/do_munmap likewise
 *    (maple 4313 of mmap_munmap, about 2157 a call, for a ~200-instruction
 *    rbtree link); exec's mmaps and teardown (maple 11000 more in
 *    fork_exec_exit_wait than in fork_exit_wait).
 */
#define ARM_BEFORE_5_11_ADJUST                                              \
	[CODE_kunmap_atomic] = -25, [CODE_fork] = -8815, [CODE_mmap] = -1950, \
	[CODE_exec] = -10500

/*
 * mprotect and mremap before 5.11 (and before 6.0), less what
 * CONFIG_SECURITY=n takes from mprotect (@sec_mprotect), do_mremap
 * (@sec_mremap) and a move (@sec_move):
 *  - No maple tree: mprotect's lookups (811) become find_vma_prev's
 *    rbtree walk (about 50); do_mremap's share (3305 in the resize, 975
 *    of it do_munmap's, which mmap's adjustment takes) becomes about 100
 *    of rbtree lookups and updates; the move's own share is about 20 and
 *    stays.
 *  - No mmu_gather in change_protection (6.0): flush_tlb_range directly,
 *    not tlb_gather_mmu 27 and tlb_finish_mmu 40; no vm_normal_page in
 *    change_pte_range (6.0's writable test, 13.5 a PTE).
 *  - No userfaultfd (CONFIG_USERFAULTFD is in neither kirkwood_defconfig
 *    nor omap2plus_defconfig): the resize's hooks 103, the move's 23
 *    more; no KSM: ksm_madvise 14.
 */
#define ARM_BEFORE_5_11_MPROTECT_MREMAP(sec_mprotect, sec_mremap, sec_move) \
	[CODE_mprotect] = -811 + 50 - 67 - (sec_mprotect),                     \
	[CODE_change_pte] = -14,                                               \
	[CODE_mremap] = -(3305 - 975) + 100 - 103 - (sec_mremap),              \
	[CODE_move_vma] = -23 - 14 - (sec_move)

/*
 * Linux 5.7 as the BeagleBone's dd ran it (omap2plus_defconfig: SMP,
 * CONFIG_SECURITY with no LSM, MEMCG, no NO_HZ_FULL).
 */
static const s32 arm_5_7_adjust[NR_CODE_COSTS] = {
	ARM_BEFORE_5_11_ADJUST,
	ARM_BEFORE_5_11_MPROTECT_MREMAP(0, 0, 0),
	/* init_sync_kiocb's get_current_ioprio is inline (about 5), not
	 * 6.1's __get_task_ioprio 26, on either side of a pipe. */
	[CODE_pipe_read] = -21,
	[CODE_pipe_write] = -21,
};

const struct kpath kpath_arm_5_7 = {
	.kernel = "Linux 5.7 (ARMv7, omap2plus)",
	.measured = kpath_arm_measured,
	.adjust = arm_5_7_adjust,
};

/*
 * Linux 3.14 as the Kirkwood's iperf ran it (kirkwood_defconfig: UP,
 * PREEMPT, no SECURITY, no MEMCG).
 */
static const s32 arm_3_14_adjust[NR_CODE_COSTS] = {
	ARM_BEFORE_5_11_ADJUST,
	/*
	 * CONFIG_SECURITY=n: security_file_mprotect 35 is an inline return
	 * 0; security_vm_enough_memory_mm and security_mmap_addr call the
	 * capability checks inline, about half of their 60 a move (30 in the
	 * resize, half of which is do_mremap's).
	 */
	ARM_BEFORE_5_11_MPROTECT_MREMAP(35, 15, 15),
	/* ARMv5 UP atomics: raw_local_irq_save (mrs, orr, msr) around
	 * ldr/add/str and the irq restore, no ldrex/strex: 11. */
	[CODE_page_ref] = 2,
	/* CONFIG_SECURITY=n: security_file_permission is an inline return
	 * 0 (34 on read, 30 on write); no rcu_all_qs (4.5+). */
	[CODE_vfs_read] = -34 - 9,
	[CODE_vfs_write] = -30,
	[CODE_vfs_write_chr] = -30,
	/*
	 * UP: spin_lock is preempt_disable and spin_unlock preempt_enable,
	 * about 5 and 7 instructions with no ldrex/strex or barriers.
	 */
	[CODE_spin_lock] = -6,
	/* No memcg: lock_page_memcg 6, folio_memcg_lock 18 and
	 * unlock_page_memcg 17 around page_remove_rmap are not there, nor
	 * the fault's memcg charge and statistics (about 300). */
	[CODE_page_remove_rmap] = -41,
	[CODE_handle_mm_fault] = -300,
	/* The Feroceon's range dma_map_area: 13 against v7's 12 (above). */
	[CODE_dmac_map_area] = 1,
	/*
	 * The TCP send path: CONFIG_SECURITY=n (security_socket_sendmsg 43);
	 * no tcp_rate_check_app_limited 11 (4.11) nor tcp_tx_timestamp 13
	 * (3.17); no iov_iter in the socket layer (3.19):
	 * import_single_range 30 is an inline iovec of about 5; UP socket
	 * locks: spin_lock_bh and spin_unlock_bh are the bh count and
	 * preempt updates, about 30 a pair against 60.
	 */
	[CODE_sock_sendmsg] = -43 - 11 - 13 - 25 - 60,
	/* skb_add_data_nocache and skb_copy_to_page_nocache call
	 * __copy_from_user after an inline access_ok (about 10, not
	 * _copy_from_iter 66 + copyin 19); sk_wmem_schedule is inline
	 * (about 6, not tcp_wmem_schedule 16). */
	[CODE_tcp_sendmsg_copy] = -75 - 10,
	/* No kmalloc_size_roundup 15 (5.19) nor its kmalloc_slab 21. */
	[CODE_sk_stream_alloc_skb] = -15 - 21,
	/*
	 * No tcp_tso_segs 33 (3.19's tcp_tso_autosize; 3.14 sizes in
	 * tcp_xmit_size_goal), no tcp_chrono_stop 9 (4.10), no tcp_mstamp
	 * clock (4.13: tcp_mstamp_refresh 30, ktime_get 52,
	 * arch_counter_read 6, arch_counter_get_cntvct 3; 3.14 stamps with
	 * jiffies); the timer without get_nohz_timer_target (SMP only, 22
	 * in 0.64 of the calls: 14) and with UP irqsave locks (about 15
	 * fewer a pair: 10).
	 */
	[CODE_tcp_write_xmit] = -33 - 9 - 91 - 14 - 10,
	/* No bpf_skops_write_hdr_opt 28 (5.10), tcp_rate_skb_sent 28 (4.10)
	 * nor tcp_update_skb_after_send 29 (4.20). */
	[CODE_tcp_transmit_skb] = -28 - 28 - 29,
	/* No validate_xmit_xfrm 14 (4.16); skb_csum_hwoffload_help 24 (4.13)
	 * is 3.14's inline checksum test, about 6. */
	[CODE_dev_queue_xmit] = -14 - 18,
	/* Kirkwood's handle_IRQ indexes irq_desc: no irq domain lookup
	 * (generic_handle_domain_irq 7, __irq_resolve_mapping 18). */
	[CODE_mv643xx_eth_irq] = -25,
	/* No security_sock_rcv_skb 30 (no SECURITY), no TCP_MD5SIG in
	 * kirkwood_defconfig (tcp_inbound_md5_hash 41,
	 * tcp_parse_md5sig_option 11), sk_filter called without the
	 * tcp_filter wrapper 7 (4.10). */
	[CODE_tcp_v4_rcv] = -30 - 41 - 11 - 7,
	/*
	 * No tcp_rate_gen 11 (4.10), RACK (tcp_rack_advance 22,
	 * tcp_rack_update_reo_wnd 4; 4.4+), windowed min RTT
	 * (minmax_running_min 7; 4.10), tcp_ack_tstamp 10 (3.17),
	 * tcp_newly_delivered 3 (4.19) nor tcp_in_ack_event 7 (4.0); the
	 * RTO timer as tcp_write_xmit's (24 fewer).
	 */
	[CODE_tcp_ack] = -11 - 22 - 4 - 7 - 10 - 3 - 7 - 24,
	/* The retransmit queue is a list (4.15 made it an rbtree): the
	 * unlink is about 6, not rb_erase 36 + rb_next 12; no
	 * tcp_rate_skb_delivered 61 (4.10). */
	[CODE_tcp_clean_rtx_queue] = -42 - 61,
	/*
	 * Pipes: no __get_task_ioprio (26, about 5 inline), no
	 * timestamp_truncate (5.6, 50 a side); CONFIG_SECURITY=n
	 * (security_file_permission 32 on the write side, which vfs_write's
	 * adjustment does not cover here) and no rcu_all_qs 9 (4.5+).
	 * 3.14's pipe is the nrbufs/curbuf ring of 16 with the same shape.
	 */
	[CODE_pipe_read] = -21 - 50,
	[CODE_pipe_write] = -21 - 50 - 32 - 9,
};

const struct kpath kpath_arm_3_14 = {
	.kernel = "Linux 3.14 (ARMv5, kirkwood)",
	.measured = kpath_arm_measured,
	.adjust = arm_3_14_adjust,
};
