/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel-mode loads and stores by kernel virtual address: the only way
 * kernel code touches simulated RAM.  Every access goes through the current
 * CPU's MMU and caches and is charged there.  A fault in kernel mode with no
 * fixup is an oops: the run stops naming the address and the function.
 *
 * With checks on, an mm-level hook validates each access first (is this
 * kmap slot or pkmap entry live?), so a use of a stale temporary mapping is
 * caught even when the hardware would still translate it.
 */
#ifndef VMSPLIT_ARCH_KV_H
#define VMSPLIT_ARCH_KV_H

#include "hw/access.h"
#include "platforms/platform.h"

u32 kv_read32(vaddr_t va);
u64 kv_read64(vaddr_t va);
void kv_write32(vaddr_t va, u32 v);
void kv_write64(vaddr_t va, u64 v);
void kv_read(vaddr_t va, void *buf, u32 len);
/*
 * kv_read_run - what @n kv_read32() (@size 4) or kv_read64() (@size 8)
 * calls at @va, @va + @size, ... would charge and return, the values to
 * @v (unless NULL); the run lies within one page.  A run of none pmds
 * (free_pgtables).
 */
void kv_read_run(vaddr_t va, void *v, u32 size, u32 n);
/*
 * kv_read_runs - kv_read_run() of each of @r[0 .. @nr) in order, with
 * nothing between them: a walk down a pte_chain, charged as one batch.
 */
void kv_read_runs(const struct load_run *r, u32 nr);
void kv_write(vaddr_t va, const void *buf, u32 len);

/*
 * kv_touch - a kernel load (@write false) or store of [@va, @va + @len) in
 * an object whose value the host keeps (kernel_data=: struct page at its
 * mem_map address): the TLB and the caches see the access and charge it
 * as kv_read() or kv_write() would; the simulated bytes stay what they
 * were (a store writes them back unchanged).  @va must be in the direct
 * map.
 */
void kv_touch(vaddr_t va, u32 len, bool write);

/* Tests only: called with each kv_touch's arguments before it is charged
 * (NULL: nothing), to count the accesses a path makes to an object. */
extern void (*kv_touch_hook)(vaddr_t va, u32 len, bool write);

/* kv_touch's read-modify-write: the load, then the store. */
static inline void kv_touch_rmw(vaddr_t va, u32 len)
{
	kv_touch(va, len, false);
	kv_touch(va, len, true);
}

/* memcpy()/memset() of the kernel: the instructions are charged to the
 * memcpy/memset cost centres, the memory traffic to the lines touched. */
void kv_memcpy(vaddr_t dst, vaddr_t src, u32 len);
/* The same copy by another loop than memcpy: its instructions are code
 * path @cc per KiB (csum_partial_copy_nocheck's fused copy and sum). */
void kv_memcpy_as(vaddr_t dst, vaddr_t src, u32 len, enum code_cost cc);
void kv_memset(vaddr_t va, u8 c, u32 len);

/*
 * Checker hook: called before each access when checks are on, but for an
 * access wholly inside [kv_check_skip_start, kv_check_skip_end), which
 * the hook's owner sets to what it passes without a look (the highmem
 * checker: the direct map), so that such an access, a PTE store, skips
 * the call.
 */
extern void (*kv_check_hook)(vaddr_t va, u32 len, bool write);
extern vaddr_t kv_check_skip_start, kv_check_skip_end;

/* Stop with an oops for a kernel fault at @va. */
_Noreturn void kernel_oops(vaddr_t va, bool write);

#endif
