// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux 6.12 on 32-bit ARM, the second measured kernel ([M]): Debian's
 * linux-image-6.12.95+deb12-armmp, 6.12.95-1~bpo12+1 (bookworm-backports),
 * measured as 6.1 was by tools/kpath (KPATH_KERNEL=6.12 make kpath):
 * data/kpath/armmp-6.12.tsv.  kernel=6.12 (or later) on a board whose own
 * paths are 6.1's runs these (settings_kpath).
 *
 * The table is 6.1's sums (kpath-arm.c) plus, for the paths below, the
 * difference between the two tables of the functions each path stands for
 * or of their 6.12 successors, row by row ("operation/config", 6.12 first,
 * 6.1's in brackets; instructions per operation).  Every path not named
 * here keeps 6.1's count; that is coarse where 6.12 changed it too (the
 * TCP path, mprotect, mremap, GUP, the slab calls, the context switch;
 * data/kpath/README.md compares the whole tables).
 *
 * Debian's configurations differ beyond the code: 6.12's enables the
 * multi-gen LRU (LRU_GEN_ENABLED=y; 6.1's built it but left it off), so a
 * page read or written again is not activated on the LRU lists, and
 * per-VMA locks (PER_VMA_LOCK=y), which the fault path takes instead of
 * mmap_lock.  Both stay in the counts: they are 6.12's defaults.  Debian-only parts stay out
 * of every sum as in kpath-arm.c (the LSM modules, whose hooks 6.12 calls
 * through static calls, init_on_alloc's clears, the BHB loop).
 *
 * Not measurable on 6.12: kmap_high and kunmap_high, whose only measured
 * caller (the /proc/PID/mem read of gup_slow_page) maps with kmap_local
 * in 6.12; their 6.1 counts stay.  The kernel versions named for a
 * change are read from the functions' names; no 6.12 source was read.
 */
#include "platforms/platform.h"

static const s32 arm_6_12_adjust[NR_CODE_COSTS] = {
	/*
	 * The kmap_local pair (tmpfs_overwrite_512/highmem):
	 * __kmap_local_pfn_prot 63 (59); kunmap_local_indexed 59 (60);
	 * migrate_enable 42 (39); migrate_disable 23 and
	 * __kmap_local_page_prot 20 as before.
	 */
	[CODE_kmap_atomic] = 63 - 59,
	[CODE_kunmap_atomic] = 59 - 60,
	[CODE_kunmap_local] = 42 - 39,
	/*
	 * A PTE store (fork_exit_wait/nohighmem): cpu_ca15_set_pte_ext 2992
	 * in 136 (the same), set_ptes 1644 in 72 (the batched form of
	 * set_pte_at, 1428 in 72): 34.1 a store (32.5).
	 */
	[CODE_set_pte] = 34 - 32,
	/*
	 * An order-0 page (tmpfs_write_4k_new/nohighmem, none of these in
	 * tmpfs_overwrite_4k): get_page_from_freelist 188 (185.5),
	 * __alloc_pages_noprof 93 (__alloc_pages 98), __rmqueue_pcplist 88,
	 * a call of its own with rmqueue_bulk's refills inline (rmqueue_bulk
	 * 69 amortised), check_new_page 25 (check_new_pages 16),
	 * __folio_alloc_noprof 8 (__folio_alloc 4), should_fail_alloc_page
	 * inline (4): 402 (377).
	 */
	[CODE_alloc_pages] = 402 - 377,
	/*
	 * fdget_pos 31 for /dev/zero and 39 for a tmpfs file
	 * (read_zero_512, tmpfs_overwrite_512) in place of __fget_light 26
	 * with __fdget_pos 14 or 22: 35 on dd's average (44).
	 */
	[CODE_fdget] = 35 - 44,
	/*
	 * read_zero_512/nohighmem: rw_verify_area 38 with fsnotify_perm
	 * inline (21 + 23), security_file_permission 33 (34), vfs_read 80
	 * (79).
	 */
	[CODE_vfs_read] = (38 - 44) + (33 - 34) + (80 - 79),
	/*
	 * tmpfs_overwrite_512/nohighmem: vfs_write 176 (156) with
	 * __get_task_ioprio inline (26); rw_verify_area 28 (21);
	 * security_file_permission 33 (30); shmem's own write_iter,
	 * shmem_file_write_iter 33, in place of generic_file_write_iter 42
	 * and __generic_file_write_iter 31; file_update_time 10 (30) and
	 * inode_needs_update_time 72 (37) with current_time inline (36);
	 * timestamp_truncate 51 (50); up_write 16 (15).
	 */
	[CODE_vfs_write] = (176 - 156 - 26) + (28 - 21) + (33 - 30) +
			   (33 - 42 - 31) + (10 - 30) + (72 - 37 - 36) +
			   (51 - 50) + (16 - 15),
	/*
	 * write_null_512: rw_verify_area 28 (21), security_file_permission
	 * 33 (30), apparmor_file_permission 44 (43; 6.1's count kept it).
	 */
	[CODE_vfs_write_chr] = (28 - 21) + (33 - 30) + (44 - 43),
	/*
	 * tmpfs_overwrite_512/nohighmem: shmem looks the entry up itself,
	 * filemap_get_entry 73 (__filemap_get_folio 107), xas_load 60 with
	 * xas_descend inline (47 + 30), xas_start 31: 164 (215).
	 */
	[CODE_find_get_page] = 164 - 215,
	/*
	 * tmpfs_write_512_append/nohighmem, write_page's functions:
	 * generic_perform_write 130 (111), fault_in_iov_iter_readable 15
	 * (17), shmem_write_begin 37 (47), shmem_write_end 51 (57),
	 * copy_page_from_iter_atomic 123 (66) with copyin inline (19: the
	 * iov_iter iterators became inline functions), set_page_dirty 6 and
	 * unlock_page 6 gone (the folio calls), folio_mark_accessed 21
	 * (15: the multi-gen LRU's reference count), inode_to_bdi 13 in one
	 * call (26 in two), __cond_resched and rcu_all_qs 3 more (one more
	 * call in 8), flush_dcache_folio 28 for flush_dcache_page 17
	 * (tmpfs_overwrite_512: one a write).  With highmem,
	 * copy_page_from_iter_atomic runs 8 more (131: its loop over a
	 * highmem folio's pages), not modelled.
	 */
	[CODE_write_page] = (130 - 111) + (15 - 17) + (37 - 47) + (51 - 57) +
			    (123 - 66 - 19) - 6 - 6 + (21 - 15) + (13 - 26) +
			    3 + (28 - 17),
	/*
	 * A new tmpfs page beyond its allocation (tmpfs_write_4k_new/
	 * nohighmem): [ctx:sys_write] 5305.34 (5073.71), +231.63, less the
	 * adjustments above it runs (fdget -9, vfs_write -55, write_page
	 * +34, find_get_page -51, alloc_pages +25) and Debian's (memset
	 * 502.45 (467.81), kernel_init_pages 0 (24.01), the LSM framework's
	 * security_vm_enough_memory_mm 143 (33), cap_vm_enough_memory 14
	 * (13) and static_key_count 66): +100.  Its parts:
	 * shmem_get_folio_gfp 119 (182, with shmem_alloc_folio 23), shmem's
	 * block accounting (shmem_inode_acct_blocks 50,
	 * __percpu_counter_limited_add 51.51, __dquot_alloc_space 41,
	 * inode_add_bytes 31, shmem_recalc_inode 30 (15)), the memcg charge
	 * (charge_memcg 33, mem_cgroup_charge_statistics 18,
	 * memcg_check_events 17, __count_memcg_events 34 gone;
	 * __mod_memcg_lruvec_state 183.36 (99.43)), the LRU add
	 * (lru_gen_add_folio 114.89 (14.94), lru_add 46 and
	 * __folio_batch_add_and_move 39 for lru_add_fn 83),
	 * xas_find_conflict 87.47 (67.64).
	 */
	[CODE_add_to_page_cache] = 100,
	/*
	 * tmpfs_read_512/nohighmem, the rest beyond the paths charged
	 * apart: no LRU activation (6.1's folio_activate_fn 16.33,
	 * folio_activate 5.01, workingset_activation 4.50, the memcg,
	 * lruvec, node and zone counters and the list moves: 82.74 in
	 * all); the atime update (atime_needs_update 115.90 (96.47),
	 * touch_atime 10 (28), current_time inline (36), make_vfsuid 10
	 * and make_vfsgid 10, timestamp_truncate 51 (50): -13.57);
	 * vfs_read's tmpfs share 144 - 80 (123 - 79) with __get_task_ioprio
	 * inline (26); shmem_get_folio_gfp 93 (83), shmem_file_read_iter
	 * 142.63 (143.63), copy_page_to_iter 68.75 (71.75), _copy_to_iter
	 * 81.38 (63.75) with copyout inline (19): -97.68.
	 */
	[CODE_read_page] = -98, /* -82.74 - 13.57 - 6 + 10 - 1 - 3 - 1.37 */
	/*
	 * fault_anon/nohighmem: 6.12 takes the VMA's lock, not mmap_lock:
	 * lock_vma_under_rcu 61 in place of lock_mm_and_find_vma 25 and
	 * find_vma 21, do_page_fault 69 (74); down_read_trylock 25 and
	 * up_read 15 (now the VMA lock's) as before.  The lookup's maple
	 * tree walk (mas_walk 184; mt_find 80 + mtree_range_walk 146) is
	 * the model's find_vma_step, left as it is.
	 */
	[CODE_do_page_fault] = 61 - 25 - 21 + (69 - 74),
	/*
	 * fault_anon/nohighmem [ctx:fault] 3326.17 (3256.86): +69.31, less
	 * the adjustments charged apart (do_page_fault 10, alloc_pages 25,
	 * one set_pte 2), and without the maple walk's -42 (above) and
	 * Debian's kernel_init_pages 24 (init_on_alloc; no 6.12 row):
	 * +98.36.  Its main parts: lru_gen_add_folio 100.90 (14.94: the
	 * multi-gen LRU), __mod_memcg_lruvec_state 122.22 (66.23), the
	 * PTE-page helpers (__pte_offset_map_lock 45, pte_offset_map_nolock
	 * 36, __pte_offset_map 29), folio_add_new_anon_rmap 49
	 * (page_add_new_anon_rmap 32 + __page_set_anon_rmap 29), lru_add 43
	 * and __folio_batch_add_and_move 39 (lru_add_fn 80), list debugging
	 * (__list_*_valid_or_report 37, __list_*_valid 61).
	 */
	[CODE_handle_mm_fault] = 98,
	/*
	 * Pipes, pipe_rw_64/highmem, per side.  Two-call functions split
	 * as /dev/zero and /dev/null split them: rw_verify_area 52 (28 with
	 * fsnotify_perm 23) is 31 + 21 (37 + 14).  A read: vfs_read 138
	 * (118; 1 of it vfs_read's path) with __get_task_ioprio inline
	 * (26), security_file_permission 33 (32; 1 less in vfs_read's),
	 * pipe_read 110 (123), the atime update as read_page's (-14).  A
	 * write: vfs_write 144 (125) with __get_task_ioprio inline,
	 * rw_verify_area 21 (14), security_file_permission 33 (32),
	 * pipe_write 147 (165), the mtime update as vfs_write's (-20).  6.12
	 * takes no rd_wait.lock to move the ring's head or tail
	 * (_raw_spin_lock_irq 30 in 2 calls, none in 6.12): the model's
	 * pipe_ring_lock (spin_lock 18 + spin_lock_irq 9, once a side here)
	 * is taken back.
	 */
	[CODE_pipe_read] = (138 - 118 - 1 - 26) + 2 + (110 - 123) - 14 - 27,
	[CODE_pipe_write] = (144 - 125 - 26) + (21 - 14) + (33 - 32) +
			    (147 - 165) - 20 - 27,
	/*
	 * __wake_up_sync_key 21 (12) takes the lock itself,
	 * __wake_up_common_lock 47 gone, __wake_up_common 14 (23).
	 */
	[CODE_pipe_wake] = (21 - 12) - 47 + (14 - 23),
	/*
	 * One buffer, the mean of the sides: _copy_from_iter 41 a call (33)
	 * with copyin inline (19); copy_page_to_iter 46 (49), _copy_to_iter
	 * 56 (41) with copyout inline (19): 144 and 135 (155 and 142).
	 */
	[CODE_pipe_buf] = (144 + 135) / 2 - (155 + 142) / 2,
	/*
	 * Process creation and exit (fork_exit_wait and fork_exec_exit_wait,
	 * nohighmem), from the system calls' contexts as 6.1's counts were:
	 * the change of each context less the changes charged apart.  These
	 * carry 6.12's per-page and per-VMA changes for this workload's
	 * address space (47 PTEs in 9 VMAs): the copy and zap loops, the rmap
	 * without the memcg page lock (folio_remove_rmap_ptes 1492 in 64,
	 * page_remove_rmap 2060 with lock_page_memcg, folio_memcg_lock and
	 * unlock_page_memcg 3936), the folio batches (folios_put_refs,
	 * free_unref_folios, __tlb_remove_folio_pages_size), the maple tree
	 * copied whole (__mt_dup 42, mas_dup_build 101) and the VMAs freed
	 * through RCU.
	 *
	 * fork: [ctx:sys_clone] 47592.75 (44971.35), +2621.40; Debian's
	 * clears (memset 10673.79 (10464.55) and kernel_init_pages 0
	 * (267.80), the operation's whole) 58.56 fewer; less the 47 PTE
	 * stores (2 each), the 7 page allocations (25 each) and the LSM
	 * framework's growth (security_vm_enough_memory_mm 715 in 5 calls
	 * (165) and the static_key_count 330 of its static calls, 11 LSM
	 * slots a call; cap_vm_enough_memory 70 (65), security_task_alloc
	 * 52 (49)): 2621.40 + 58.56 - 94 - 175 - 888.
	 */
	[CODE_fork] = 1523,
	/*
	 * exit: [ctx:sys_exit_group] 52547.78 (49262.22), less the 47 PTE
	 * clears' set_pte (2 each).
	 */
	[CODE_exit] = 3286 - 94,
	/*
	 * exec: [ctx:sys_execve] 112653.70 (107077.14), +5576.56, less its
	 * own init_on_alloc clears (memset beyond fork_exit_wait's: 11304.94
	 * (10443.84)) and the LSM modules' and hooks' growth beyond
	 * fork_exit_wait's (1052.84 - 540.93: security_vm_enough_memory_mm,
	 * security_file_post_open 33 and security_file_release 33, ...; and
	 * static_key_count 462 (330)).
	 */
	[CODE_exec] = 4072, /* 5576.56 - 861.10 - 511.91 - 132 */
	/*
	 * wait4: [ctx:sys_wait4] 9534.45 (7327.12).  Its two switches'
	 * change is in it (context_switch is not adjusted): EEVDF's
	 * pick_task_fair and dequeue_entities, mm_cid_get (SCHED_MM_CID),
	 * psi_task_switch 246.45 (184.28) over the operation.
	 */
	[CODE_wait] = 2207,
	/*
	 * mmap_munmap/nohighmem [total] 9576.99 (10824.79), -1247.80, less
	 * Debian's memsets (1088.94 (1008.63)) and kernel_init_pages (0
	 * (2.24)) and the LSM growth (security_mmap_file 104 (58),
	 * security_vm_enough_memory_mm 143 (33), ...: 349.70 - 185.13 less
	 * ima's 2; static_key_count 66), per call of the two: 6.12's munmap
	 * (vms_gather_munmap_vmas, vms_complete_munmap_vmas), the maple
	 * tree's mas_wr_store_type and mas_*_slot, the VMA freed through RCU
	 * (__call_rcu_common).
	 */
	[CODE_mmap] = -777, /* (-1247.80 - 80.31 + 2.24 - 162.57 - 66) / 2 */
	/*
	 * One tick, timer_tick/nohighmem [ctx:irq] 12453.29 (11292.32) over
	 * 3: sched_tick 228 (scheduler_tick 255), EEVDF's avg_vruntime 139
	 * and update_deadline 95, the deadline server's update_curr_dl_se
	 * 122, task_tick_mm_cid 84, the timer migration's
	 * tmigr_requires_handle_remote 83 (6.9), tick_nohz_handler 192
	 * (tick_sched_timer 105 + tick_sched_do_timer 99).
	 */
	[CODE_timer_tick] = 387,
};

const struct kpath kpath_arm_6_12 = {
	.kernel = "Linux 6.12 (ARMv7)",
	.measured = kpath_arm_measured,
	.adjust = arm_6_12_adjust,
};
