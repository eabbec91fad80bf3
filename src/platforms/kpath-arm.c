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
 * kernels by named functions.
 *
 * Coarse: the counts are ARMv7 (armmp) code run as a Cortex-A15.  The
 * Kirkwood's ARMv5 kernel runs the same C code; its own assembly (cache
 * maintenance, set_pte, exception entry) differs in detail, not in kind.
 */
#include "platforms/platform.h"

static const u32 arm_measured[NR_CODE_COSTS] = {
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
	 * DMA path on a non-coherent device (README, Fidelity).
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
};

/* Linux 6.1 with a board configuration (the A15 what-if board). */
const struct kpath kpath_arm_6_1 = {
	.kernel = "Linux 6.1 (ARMv7)",
	.measured = arm_measured,
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
 * Linux 5.7 as the BeagleBone's dd ran it (omap2plus_defconfig: SMP,
 * CONFIG_SECURITY with no LSM, MEMCG, no NO_HZ_FULL).
 */
static const s32 arm_5_7_adjust[NR_CODE_COSTS] = {
	ARM_BEFORE_5_11_ADJUST,
};

const struct kpath kpath_arm_5_7 = {
	.kernel = "Linux 5.7 (ARMv7, omap2plus)",
	.measured = arm_measured,
	.adjust = arm_5_7_adjust,
};

/*
 * Linux 3.14 as the Kirkwood's iperf ran it (kirkwood_defconfig: UP,
 * PREEMPT, no SECURITY, no MEMCG).
 */
static const s32 arm_3_14_adjust[NR_CODE_COSTS] = {
	ARM_BEFORE_5_11_ADJUST,
	/* ARMv5 UP atomics: raw_local_irq_save (mrs, orr, msr) around
	 * ldr/add/str and the irq restore, no ldrex/strex: 11. */
	[CODE_page_ref] = 2,
	/* CONFIG_SECURITY=n: security_file_permission is an inline return
	 * 0 (34 on read, 30 on write); no rcu_all_qs (4.5+). */
	[CODE_vfs_read] = -34 - 9,
	[CODE_vfs_write] = -30,
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
};

const struct kpath kpath_arm_3_14 = {
	.kernel = "Linux 3.14 (ARMv5, kirkwood)",
	.measured = arm_measured,
	.adjust = arm_3_14_adjust,
};
