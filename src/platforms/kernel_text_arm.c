// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel text each cost centre executes, for the I-cache model
 * (icache_model=y): byte offsets from _stext of the 64-byte lines that the
 * Linux functions behind the centre ran at least once every ten
 * operations, measured on Debian 12's 6.1.0-50-armmp under QEMU TCG by
 * tools/kpath (the per-PC counts of the windows of read_zero_512,
 * tmpfs_write_512_append, tmpfs_write_4k_new, tmpfs_read_512, fault_anon,
 * gup_slow_page, fork_exit_wait, null_syscall and mmap_munmap, highmem and
 * without; function ranges from the guest's /proc/kallsyms).  [M]
 *
 * Which Linux functions a centre stands for follows the code costs'
 * mapping (kpath-arm.c); the list is in the comment above each array.
 * Coarse: the layout is 6.1's, not that of the boards' 3.14, 5.7 or
 * 2.5.73 kernels; the sets a loop's text falls into differ in detail.
 */
#include "hw/machine.h"

#define CC_TEXT(a)                                   \
	{                                            \
		a, (u16)(sizeof(a) / sizeof((a)[0])) \
	}

/* vector_swi, local_restart, no_work_pending, ret_fast_syscall, sys_read, sys_write, sys_getppid */
static const u32 arm_text_syscall[] = {
	0x0000c0, 0x000100, 0x000140, 0x0001c0, 0x000200,
	0x000240, 0x063740, 0x063780, 0x2cc300, 0x2cc400,
};
/* vfs_read, ksys_read, rw_verify_area, fsnotify_perm.part.0, security_file_permission, __fget_light, __fdget_pos, __cond_resched, rcu_all_qs */
static const u32 arm_text_vfs_read[] = {
	0x0dd100, 0x0dd140, 0x2c9a80, 0x2c9ac0, 0x2c9b00, 0x2cb700, 0x2cb740,
	0x2cb780, 0x2cb7c0, 0x2cb800, 0x2cb840, 0x2cb880, 0x2cb8c0, 0x2cb900,
	0x2cb940, 0x2cc200, 0x2cc240, 0x2cc280, 0x2cc2c0, 0x2f0c80, 0x2f0d40,
	0x2f0d80, 0x2f2280, 0x2f22c0, 0x2f2300, 0x39d140, 0x39d180, 0x39d1c0,
	0x39eb40, 0x39eb80, 0xa33740, 0xa33780,
};
/* read_zero */
static const u32 arm_text_read_zero[] = {
	0x67a880,
	0x67a8c0,
	0x67a900,
	0x67a940,
};
/* arm_clear_user */
static const u32 arm_text_clear_user[] = {
	0x9f6200,
	0x9f6240,
	0x9f6280,
};
/* vfs_write, ksys_write, generic_file_write_iter, __generic_file_write_iter, generic_write_checks, generic_write_check_limits, generic_write_checks_count, file_update_time, inode_needs_update_time.part.0, current_time, ktime_get_coarse_real_ts64, timestamp_truncate, __file_remove_privs, file_remove_privs, down_write, up_write, __get_task_ioprio */
static const u32 arm_text_vfs_write[] = {
	0x0b46c0, 0x0b4700, 0x0fbe40, 0x0fbe80, 0x0fbec0, 0x0fbf00, 0x22fd80,
	0x22fdc0, 0x22fe00, 0x22fe40, 0x22fe80, 0x22fec0, 0x22ff00, 0x22ff40,
	0x2cbe80, 0x2cbec0, 0x2cbf00, 0x2cbf40, 0x2cbf80, 0x2cbfc0, 0x2cc000,
	0x2cc040, 0x2cc080, 0x2cc0c0, 0x2cc100, 0x2cc140, 0x2cc300, 0x2cc340,
	0x2cc380, 0x2cc3c0, 0x2cca00, 0x2cca40, 0x2cca80, 0x2ccac0, 0x2ccb00,
	0x2ccb40, 0x2ccbc0, 0x2ccc00, 0x2ccc40, 0x2ec440, 0x2ec480, 0x2ec4c0,
	0x2ec500, 0x2ec540, 0x2ec580, 0x2ec5c0, 0x2ec600, 0x2ec6c0, 0x2ec700,
	0x2ec740, 0x2ed080, 0x2ed0c0, 0x2ed100, 0x2ed200, 0x2ed2c0, 0x2ed300,
	0x2ed340, 0x44bd80, 0x44bdc0, 0x44be00, 0xa37280, 0xa372c0,
};
/* generic_perform_write, fault_in_iov_iter_readable, fault_in_readable, __get_user_1, copy_page_from_iter_atomic, copyin, balance_dirty_pages_ratelimited, balance_dirty_pages_ratelimited_flags, inode_to_bdi */
static const u32 arm_text_generic_perform_write[] = {
	0x229a80, 0x229ac0, 0x229b00, 0x229b40, 0x229b80, 0x229bc0, 0x229c00,
	0x229c40, 0x236e40, 0x236e80, 0x237280, 0x257100, 0x257140, 0x269740,
	0x269780, 0x269800, 0x269840, 0x269880, 0x48eb40, 0x48eb80, 0x48ec00,
	0x48ec40, 0x48f440, 0x48f480, 0x48f540, 0x48f580, 0x48f5c0, 0x48f600,
	0x48f640, 0x48f680, 0x9f7780,
};
/* shmem_write_begin, shmem_get_folio_gfp, shmem_add_to_page_cache, xas_store, xas_find_conflict, lru_add_fn, folio_add_lru, charge_memcg */
static const u32 arm_text_shmem_write_begin[] = {
	0x23aa80, 0x23aac0, 0x23ab00, 0x23ab40, 0x23abc0, 0x23ac00, 0x23ac40,
	0x23ac80, 0x23b3c0, 0x23b400, 0x23b440, 0x23b480, 0x24d180, 0x24d1c0,
	0x24d200, 0x24d240, 0x24d280, 0x24d2c0, 0x24d300, 0x24d340, 0x24d380,
	0x24d3c0, 0x24d400, 0x24d440, 0x24f7c0, 0x24f800, 0x24f840, 0x24f880,
	0x24f900, 0x24f940, 0x24f980, 0x24f9c0, 0x24fa00, 0x24fb80, 0x24fbc0,
	0x24fc00, 0x24fc40, 0x24fc80, 0x24fd80, 0x24fdc0, 0x24fe40, 0x2504c0,
	0x250500, 0x250540, 0x250580, 0x2bcc00, 0x2bcc40, 0x2bcc80, 0xa1ce00,
	0xa1ce40, 0xa1ce80, 0xa1cec0, 0xa1cf00, 0xa1cf40, 0xa1cf80, 0xa1ec40,
	0xa1ec80, 0xa1ecc0, 0xa1ed00, 0xa1ed40, 0xa1ee00, 0xa1ee40, 0xa1ee80,
	0xa1eec0, 0xa1ef00, 0xa1ef40,
};
/* shmem_write_end, folio_mark_dirty, set_page_dirty, noop_dirty_folio, folio_mapping, folio_unlock, unlock_page, folio_mark_accessed */
static const u32 arm_text_shmem_write_end[] = {
	0x229d80, 0x229dc0, 0x234d80, 0x234dc0, 0x234f00, 0x234f40,
	0x238580, 0x238600, 0x238640, 0x23be00, 0x23be40, 0x23be80,
	0x23bf00, 0x23bf40, 0x24d700, 0x24d740, 0x24d780, 0x24d7c0,
	0x24d800, 0x24d840, 0x2533c0, 0x253400, 0x253440,
};
/* __filemap_get_folio, xas_load, xas_start, xas_descend */
static const u32 arm_text_find_get_page[] = {
	0x22d040, 0x22d080, 0x22d0c0, 0x22d100, 0x22d140, 0x22d1c0,
	0x22d200, 0x22d240, 0x22d2c0, 0x22d380, 0x22d3c0, 0xa1c880,
	0xa1ca00, 0xa1ca40, 0xa1ca80, 0xa1cb00, 0xa1cb40,
};
/* arm_copy_from_user */
static const u32 arm_text_copy_from_user[] = {
	0x9f62c0, 0x9f6300, 0x9f6340, 0x9f6380, 0x9f63c0,
};
/* arm_copy_to_user */
static const u32 arm_text_copy_to_user[] = {
	0x9f6680, 0x9f66c0, 0x9f6700, 0x9f6740, 0x9f6780,
};
/* flush_dcache_page */
static const u32 arm_text_flush_dcache_page[] = {
	0x01c500,
	0x01c540,
};
/* shmem_file_read_iter, copy_page_to_iter, _copy_to_iter, atime_needs_update, touch_atime */
static const u32 arm_text_filemap_read[] = {
	0x2500c0, 0x250100, 0x250140, 0x250180, 0x2501c0, 0x250200, 0x250240,
	0x250280, 0x2502c0, 0x250300, 0x250340, 0x250400, 0x250440, 0x250480,
	0x2ef600, 0x2ef640, 0x2ef680, 0x2ef6c0, 0x2ef700, 0x2ef740, 0x2ef780,
	0x2ef7c0, 0x2ef800, 0x2ef840, 0x2ef880, 0x490cc0, 0x490d00, 0x490d40,
	0x4911c0, 0x491200, 0x491240, 0x491280, 0x4912c0, 0x491300,
};
/* __kmap_local_page_prot, __kmap_local_pfn_prot, set_pte_at */
static const u32 arm_text_kmap_atomic[] = {
	0x01d440, 0x01d480, 0x01d4c0, 0x26d400, 0x26d440, 0x26d480,
	0x26d4c0, 0x26d500, 0x26d540, 0x26d580, 0x26d5c0,
};
/* kunmap_local_indexed */
static const u32 arm_text_kunmap_atomic[] = {
	0x26d200, 0x26d240, 0x26d280, 0x26d2c0, 0x26d300,
};
/* page_address */
static const u32 arm_text_page_address[] = {
	0x26cf80, 0x26cfc0, 0x26d000, 0x26d040, 0x26d080,
};
/* cpu_ca15_set_pte_ext */
static const u32 arm_text_cpu_set_pte_ext[] = {
	0x01fc00,
	0x01fc40,
};
/* kmap_high, set_page_address */
static const u32 arm_text_kmap_high[] = {
	0x26db80, 0x26dbc0, 0x26dc00, 0x26dc40, 0x26dc80, 0x26dcc0, 0x26ddc0,
	0x26de00, 0x26de40, 0x26de80, 0x26dec0, 0x26df40, 0x26df80, 0x26dfc0,
};
/* kunmap_high */
static const u32 arm_text_kunmap_high[] = {
	0x26d340,
	0x26d380,
	0x26d3c0,
	0x26d400,
};
/* __alloc_pages, get_page_from_freelist, rmqueue_bulk */
static const u32 arm_text___alloc_pages[] = {
	0x28e780, 0x28e7c0, 0x28e800, 0x28e840, 0x28e880, 0x28e8c0, 0x28e900,
	0x28e940, 0x28e980, 0x28eb00, 0x28fe00, 0x28fe40, 0x28fe80, 0x28fec0,
	0x28ff00, 0x28ff40, 0x28ff80, 0x28ffc0, 0x290000, 0x290040, 0x290080,
	0x2900c0, 0x290100, 0x290140, 0x290180, 0x2903c0, 0x290840, 0x290880,
	0x290ac0, 0x290d80, 0x290dc0, 0x290f00, 0x290f40, 0x290f80, 0x291000,
	0x291580, 0x2915c0, 0x291600, 0x291640, 0x291680, 0x2916c0, 0x291700,
	0x291740, 0x291780, 0x2917c0,
};
/* free_unref_page, free_pcp_prepare, free_unref_page_commit */
static const u32 arm_text___free_pages[] = {
	0x28c140, 0x28c180, 0x28c1c0, 0x28c200, 0x28c300, 0x28c340, 0x28c380,
	0x28c3c0, 0x28d4c0, 0x28d500, 0x28d540, 0x28d580, 0x28d5c0, 0x28f1c0,
	0x28f200, 0x28f240, 0x28f280, 0x28f2c0, 0x28f300,
};
/* memset */
static const u32 arm_text_memset[] = {
	0x9f8880,
	0x9f88c0,
	0x9f8900,
};
/* memcpy */
static const u32 arm_text_memcpy[] = {
	0x9f8200, 0x9f8240, 0x9f8280, 0x9f82c0,
	0x9f8300, 0x9f83c0, 0x9f8440, 0x9f8480,
};
/* do_DataAbort, do_page_fault, lock_mm_and_find_vma, down_read_trylock, up_read, find_vma, mt_find, mtree_range_walk */
static const u32 arm_text_do_page_fault[] = {
	0x018740, 0x018780, 0x0187c0, 0x0b4800, 0x0b4840, 0x0b4880, 0x0b48c0,
	0x274f80, 0x274fc0, 0x278b00, 0x278b40, 0xa03280, 0xa032c0, 0xa03300,
	0xa03340, 0xa03380, 0xa033c0, 0xa03400, 0xa03440, 0xa07140, 0xa07180,
	0xa071c0, 0xa07200, 0xa07240, 0xa07280, 0xa072c0, 0xa3ac00, 0xa3ac40,
	0xa3ac80, 0xa3acc0, 0xa3ad00, 0xa3ad40, 0xa3ad80, 0xa3adc0, 0xa3ae00,
};
/* handle_mm_fault */
static const u32 arm_text_handle_mm_fault[] = {
	0x273f00, 0x273f40, 0x273f80, 0x273fc0, 0x274000, 0x274040, 0x274080,
	0x2740c0, 0x274100, 0x274140, 0x274180, 0x2741c0, 0x274200, 0x274240,
	0x2743c0, 0x274400, 0x274440, 0x274480, 0x2744c0, 0x274500, 0x274540,
	0x274580, 0x2745c0, 0x274600, 0x274640, 0x274680, 0x2746c0, 0x274700,
	0x274780, 0x274900, 0x274940, 0x274980, 0x2749c0, 0x274a00,
};
/* kmem_cache_alloc */
static const u32 arm_text_kmem_cache_alloc[] = {
	0x2aebc0, 0x2aec00, 0x2aec40, 0x2aec80, 0x2aecc0, 0x2aed00,
	0x2aee40, 0x2aeec0, 0x2aef00, 0x2aefc0, 0x2af000,
};
/* kmem_cache_free */
static const u32 arm_text_kmem_cache_free[] = {
	0x2b0240, 0x2b0280, 0x2b02c0, 0x2b0380, 0x2b03c0,
	0x2b0400, 0x2b0440, 0x2b0580, 0x2b05c0,
};
/* copy_page_range, vm_normal_page */
static const u32 arm_text_copy_page_range[] = {
	0x270480, 0x2704c0, 0x270500, 0x270580, 0x2705c0, 0x270600, 0x270640,
	0x270680, 0x2706c0, 0x270700, 0x270740, 0x270780, 0x2707c0, 0x270800,
	0x270840, 0x270880, 0x2708c0, 0x270900, 0x270940, 0x270980, 0x2709c0,
	0x270a00, 0x270a40, 0x270a80, 0x270ac0, 0x270b00, 0x270b40, 0x270e00,
	0x270fc0, 0x2710c0, 0x271100, 0x271140,
};
/* unmap_page_range, __tlb_remove_page_size, free_swap_cache, release_pages */
static const u32 arm_text_zap_pte_range[] = {
	0x23ac80, 0x23acc0, 0x23ad00, 0x23ad40, 0x23ad80, 0x23adc0, 0x23ae00,
	0x23ae40, 0x23ae80, 0x23aec0, 0x23af00, 0x23af40, 0x23afc0, 0x271180,
	0x2711c0, 0x271200, 0x271240, 0x271280, 0x2712c0, 0x271300, 0x271340,
	0x271380, 0x2713c0, 0x271400, 0x271440, 0x271480, 0x2714c0, 0x271500,
	0x271540, 0x271580, 0x2715c0, 0x271600, 0x271640, 0x271680, 0x2717c0,
	0x271800, 0x271840, 0x271980, 0x2719c0, 0x271a00, 0x27dec0, 0x27df00,
	0x27df40, 0x29a0c0,
};
/* page_remove_rmap, lock_page_memcg, folio_memcg_lock, unlock_page_memcg */
static const u32 arm_text_page_remove_rmap[] = {
	0x283580, 0x2835c0, 0x283600, 0x283640, 0x283680, 0x2bbdc0,
	0x2bbe00, 0x2bbe40, 0x2bbe80, 0x2bbec0, 0x2bbf00,
};
/* __get_user_pages, follow_page_pte.constprop.0, try_grab_page, check_vma_flags */
static const u32 arm_text_get_user_pages[] = {
	0x2694c0, 0x269500, 0x269540, 0x26a1c0, 0x26a200, 0x26a280,
	0x26a2c0, 0x26a340, 0x26a380, 0x26a3c0, 0x26a400, 0x26a480,
	0x26a540, 0x26a580, 0x26a5c0, 0x26a600, 0x26a640, 0x26a780,
	0x26a7c0, 0x26a800, 0x26a840, 0x26aa00, 0x26aa40, 0x26aa80,
	0x26aac0, 0x26ab00, 0x26abc0, 0x26ac00, 0x26ac40,
};
/* __schedule, pick_next_task_fair, dequeue_task_fair, update_curr, psi_task_switch */
static const u32 arm_text_schedule[] = {
	0x08cd00, 0x08cd40, 0x08cd80, 0x08cdc0, 0x08ce40, 0x08ce80, 0x08e800,
	0x08e840, 0x08e880, 0x08e8c0, 0x08e900, 0x08e940, 0x08e980, 0x08e9c0,
	0x08ea00, 0x08ea80, 0x08eb00, 0x092b40, 0x092b80, 0x092bc0, 0x092c00,
	0x092c80, 0x092cc0, 0x092d00, 0x092e00, 0x0b20c0, 0x0b2100, 0x0b2140,
	0x0b2180, 0x0b21c0, 0x0b2200, 0x0b2240, 0x0b2280, 0xa32a80, 0xa32ac0,
	0xa32b00, 0xa32b40, 0xa32b80, 0xa32bc0, 0xa32c00, 0xa32c40, 0xa32c80,
	0xa32cc0, 0xa32d00, 0xa32d40, 0xa32d80, 0xa32dc0, 0xa32e00, 0xa32e40,
	0xa32e80, 0xa33000, 0xa330c0, 0xa33100, 0xa33140, 0xa33180, 0xa332c0,
	0xa33300,
};
const struct cc_text arm_cc_text[NR_CC] = {
	[CC_syscall] = CC_TEXT(arm_text_syscall),
	[CC_vfs_read] = CC_TEXT(arm_text_vfs_read),
	[CC_read_zero] = CC_TEXT(arm_text_read_zero),
	[CC_clear_user] = CC_TEXT(arm_text_clear_user),
	[CC_vfs_write] = CC_TEXT(arm_text_vfs_write),
	[CC_generic_perform_write] = CC_TEXT(arm_text_generic_perform_write),
	[CC_shmem_write_begin] = CC_TEXT(arm_text_shmem_write_begin),
	[CC_shmem_write_end] = CC_TEXT(arm_text_shmem_write_end),
	[CC_find_get_page] = CC_TEXT(arm_text_find_get_page),
	[CC_copy_from_user] = CC_TEXT(arm_text_copy_from_user),
	[CC_copy_to_user] = CC_TEXT(arm_text_copy_to_user),
	[CC_flush_dcache_page] = CC_TEXT(arm_text_flush_dcache_page),
	[CC_filemap_read] = CC_TEXT(arm_text_filemap_read),
	[CC_kmap_atomic] = CC_TEXT(arm_text_kmap_atomic),
	[CC_kunmap_atomic] = CC_TEXT(arm_text_kunmap_atomic),
	[CC_page_address] = CC_TEXT(arm_text_page_address),
	[CC_cpu_set_pte_ext] = CC_TEXT(arm_text_cpu_set_pte_ext),
	[CC_kmap_high] = CC_TEXT(arm_text_kmap_high),
	[CC_kunmap_high] = CC_TEXT(arm_text_kunmap_high),
	[CC___alloc_pages] = CC_TEXT(arm_text___alloc_pages),
	[CC___free_pages] = CC_TEXT(arm_text___free_pages),
	[CC_memset] = CC_TEXT(arm_text_memset),
	[CC_memcpy] = CC_TEXT(arm_text_memcpy),
	[CC_do_page_fault] = CC_TEXT(arm_text_do_page_fault),
	[CC_handle_mm_fault] = CC_TEXT(arm_text_handle_mm_fault),
	[CC_kmem_cache_alloc] = CC_TEXT(arm_text_kmem_cache_alloc),
	[CC_kmem_cache_free] = CC_TEXT(arm_text_kmem_cache_free),
	[CC_copy_page_range] = CC_TEXT(arm_text_copy_page_range),
	[CC_zap_pte_range] = CC_TEXT(arm_text_zap_pte_range),
	[CC_page_remove_rmap] = CC_TEXT(arm_text_page_remove_rmap),
	[CC_get_user_pages] = CC_TEXT(arm_text_get_user_pages),
	[CC_schedule] = CC_TEXT(arm_text_schedule),
};
