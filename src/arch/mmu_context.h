/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Switching address spaces and keeping user mappings coherent
 * (arch/arm/mm/context.c, proc-*.S cpu_*_switch_mm, arch/arm/include/asm/
 * {tlbflush,cacheflush}.h; arch/x86 mmu_context.h, mm/tlb.c):
 *
 *   ARMv5 (VIVT, no ASIDs)  switch_mm flushes the whole D-cache and
 *                           I-cache and the whole TLB
 *   ARMv6+ (ASIDs)          switch_mm loads TTBR0 and the ASID; a new
 *                           generation of ASIDs flushes every TLB
 *   x86                     a CR3 load drops the non-global TLB entries;
 *                           remote flushes are IPIs to cpu_vm_mask
 */
#ifndef VMSPLIT_ARCH_MMU_CONTEXT_H
#define VMSPLIT_ARCH_MMU_CONTEXT_H

#include "base/types.h"

struct mm_struct;
struct vm_area_struct;
struct page;

/* Reset the ASID allocator (boot). */
void mmu_context_init(void);

/* Make @next the address space of this CPU (@prev may be NULL). */
void switch_mm(struct mm_struct *prev, struct mm_struct *next);
/* Forget an mm that dies: its ASID, its CPU mask bits. */
void destroy_context(struct mm_struct *mm);

/*
 * 4G/4G: every entry into the kernel (system call, exception, interrupt
 * from user mode) loads the kernel's tables, every return to user space
 * the task's own -- CR3 on x86, which flushes every non-global TLB entry,
 * TTBR0 with the ASID on ARM LPAE.  No-ops under the other splits.
 */
void arch_enter_kernel(void);
void arch_return_to_user(void);

void flush_tlb_mm(struct mm_struct *mm);
void flush_tlb_page(struct vm_area_struct *vma, vaddr_t addr);
/*
 * flush_tlb_range - drop the user TLB entries of [start, end) of @vma's
 * mm wherever it may be loaded.  ARM (3.14 smp_tlb.c, tlb-v7.S
 * v7wbi_flush_user_tlb_range, tlb-v4wbi.S): one invalidate by VA and
 * ASID per page, on each CPU of the mm (IPIs where the model sends
 * them); i386 2.6.0 (asm-i386/tlbflush.h): flush_tlb_mm.
 */
void flush_tlb_range(struct vm_area_struct *vma, vaddr_t start, vaddr_t end);

/* VIVT user-cache maintenance; no-ops on other caches. */
void flush_cache_mm(struct mm_struct *mm);
void flush_cache_range(struct vm_area_struct *vma, vaddr_t start,
		       vaddr_t end);
void flush_cache_page(struct vm_area_struct *vma, vaddr_t addr);

/*
 * Clear / copy a page that user space will see at @vaddr, through kernel
 * mappings that leave no dirty alias on a VIVT cache (copypage-*.c).
 */
void clear_user_highpage(struct page *page, vaddr_t vaddr);
void copy_user_highpage(struct page *to, struct page *from, vaddr_t vaddr);

#endif
