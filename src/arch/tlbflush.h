/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TLB maintenance as the kernel asks for it (arch/arm/include/asm/tlbflush.h,
 * arch/arm/kernel/smp_tlb.c, arch/x86/mm/tlb.c).
 */
#ifndef VMSPLIT_ARCH_TLBFLUSH_H
#define VMSPLIT_ARCH_TLBFLUSH_H

#include "base/types.h"

/* Invalidate this CPU's entry for kernel page @va (TLBIMVA / invlpg). */
void local_flush_tlb_kernel_page(vaddr_t va);

/*
 * local_flush_tlb - drop this CPU's TLB entries: x86's __flush_tlb() (a
 * %cr3 reload: the non-global ones, NetBSD's tlbflush()), ARM's
 * local_flush_tlb_all() (TLBIALL: every one).  Fault injection skips it
 * as it skips the kernel flushes below.
 */
void local_flush_tlb(void);

/*
 * Fault injection for tests: when > 0, the nth kernel TLB flush call from
 * now (local_flush_tlb_kernel_page, local_flush_tlb, flush_tlb_kernel_range,
 * flush_tlb_all;
 * 1 = the next) is silently skipped, as a kernel bug would skip it.
 */
extern unsigned int tlbflush_skip_nth;

/*
 * flush_tlb_kernel_range - drop [start, end) from every CPU's TLB.  ARM
 * loops over the pages (broadcast ops on ARMv7 SMP); x86 flushes every
 * TLB completely through IPIs (flush_tlb_all).  Counted as one
 * tlb_inv_global event.
 */
void flush_tlb_kernel_range(vaddr_t start, vaddr_t end);

/* Flush every CPU's TLB, global entries included. */
void flush_tlb_all(void);

/*
 * on_each_cpu - run @fn on every online CPU: locally, and on the others
 * through an IPI each (charged to both sides), waiting for them.
 */
void on_each_cpu(void (*fn)(void *info), void *info);
/* The same for the CPUs in @mask (bit n: CPU n). */
void on_each_cpu_mask(u32 mask, void (*fn)(void *info), void *info);

#endif
