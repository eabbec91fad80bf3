/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NetBSD's uvm_emap as a design for Linux's copies (issue 35, `emap=y`):
 * uvm/uvm_emap.c (Rasiukevicius and Doran, 2009-10, rev. 1.11) with the
 * x86 pmap's part (arch/x86/x86/pmap.c pmap_emap_enter, pmap_emap_remove,
 * pmap_emap_sync, and the uvm_emap_update calls around pmap_load's and
 * pmap_reactivate's flushes and pmap_tlb.c's pmap_tlb_invalidate), read in
 * the NetBSD sources the rump kernel carries.
 *
 * Ephemeral mappings whose TLB invalidation is lazy and counted in
 * generations.  uvm_emap_enter stores PTEs and invalidates nothing;
 * uvm_emap_produce increments a global generation number (skipping
 * UVM_EMAP_INACTIVE, 0) and the mapping is known by it.  Whoever reads
 * through the mapping first calls uvm_emap_consume(gen): a CPU whose own
 * generation is at or past gen holds no entry older than the mapping and
 * does nothing; one behind it flushes its whole TLB (pmap_emap_sync:
 * tlbflush(), the non-global entries -- pmap_emap_enter's PTEs carry no
 * PG_G) and takes the global generation read before the flush.  Every
 * full flush the kernel does for another reason (a context switch's %cr3
 * load, a flush_tlb_all) calls uvm_emap_update with the generation read
 * before it, so a CPU that flushed anyway is current for free.  Each task
 * keeps the generation it last consumed (l_emap_gen); switched in on a
 * CPU behind it, uvm_emap_switch flushes there (kern_synch.c mi_switch),
 * for a task preempted while it reads.
 *
 * The window is UVM_EMAP_SIZE (32 MiB) of kernel VA from vmalloc's top,
 * allocated a page at a time (vmem's instant fit: the last page freed is
 * the next given), PTE pages made at boot.  On ARM, where NetBSD has no
 * emap, the PTEs are kmap_prot's and the flush is TLBIALL
 * (local_flush_tlb).
 *
 * What it serves here, where Linux takes kmap_atomic (kmap_copy): the page
 * cache's read and write and the GUP+kmap copy's user page, each mapping
 * entered, produced and consumed by the copy itself and its VA freed,
 * still mapped, when the copy is done (pipe_direct_write leaves its
 * mappings in place, its comment noting the uvm_emap_remove it does not
 * call); and pipe buffers as NetBSD's pipe
 * loan does it (sys_pipe.c pipe_direct_write, pipe_read): the writer
 * enters a new buffer's page and produces, the reader consumes the
 * buffer's generation and copies out through the mapping; an emptied
 * buffer's VA is removed and freed (pipe_loan_free).
 *
 * Priced as the measured Linux code that does the same work: an enter is
 * a PTE store (set_pte), a produce one atomic (page_ref), a consume a
 * preempt-count pair (pagefault_disable) and, behind, the machine's local
 * full flush with every refill after it; the VA allocator a lock pair and
 * a slab free-list pop or push (spin_lock, kmem_cache_alloc/free).
 *
 * Checkers: a read or write through an emap VA on a CPU behind the
 * generation its mapping was produced at must find no TLB entry for the
 * VA that maps another page (a missing consume); an access through a VA
 * not allocated (use after uvm_emap_free) or entered and not produced
 * stops the run; a VA still allocated at shutdown is a leak.
 */
#ifndef VMSPLIT_MM_EMAP_H
#define VMSPLIT_MM_EMAP_H

#include "base/types.h"
#include "mm/highmem.h"

struct page;
struct task_struct;

/* uvm/uvm_extern.h */
#define UVM_EMAP_INACTIVE 0u

/*
 * Boot (after kmalloc_init; paging_init made the window's PTE pages);
 * shutdown (before kmalloc_exit: with checks on, a VA still allocated
 * stops the run); an abandoned kernel's host memory only (forget).
 */
void emap_init(void);
void emap_exit(void);
void emap_forget(void);
/* Is emap=y in force (and booted)? */
bool emap_active(void);

/*
 * uvm_emap_alloc - @size bytes (one page: the model's callers map one) of
 * emap VA.  Return: the VA, or 0 when the window is full (NetBSD sleeps
 * there if @waitok; the model's callers never do).
 */
vaddr_t uvm_emap_alloc(u32 size, bool waitok);
void uvm_emap_free(vaddr_t va, u32 size);

/*
 * uvm_emap_enter - map @npages pages @pgs at @va: PTE stores only, no TLB
 * invalidation.  The mapping may be used once uvm_emap_produce's
 * generation is consumed.
 */
void uvm_emap_enter(vaddr_t va, struct page **pgs, u32 npages);
/* uvm_emap_remove - clear the PTEs of [@sva, @sva + @len); no flush. */
void uvm_emap_remove(vaddr_t sva, u32 len);

/*
 * uvm_emap_produce - a new generation: the mappings entered so far are
 * known by it.  Context: any.  Return: the generation (never
 * UVM_EMAP_INACTIVE).
 */
u32 uvm_emap_produce(void);
/*
 * uvm_emap_consume - bring this CPU and the current task up to @gen: a
 * full local TLB flush when this CPU is behind it, nothing otherwise.
 */
void uvm_emap_consume(u32 gen);

/*
 * The pmap's pattern around a full flush done for another reason:
 *
 *	u32 gen = uvm_emap_gen_return();
 *	(the flush)
 *	uvm_emap_update(gen);
 *
 * gen_return reads the global generation before the flush; update makes
 * it this CPU's.  Both do nothing unless emap is active.
 */
u32 uvm_emap_gen_return(void);
void uvm_emap_update(u32 gen);
/*
 * uvm_emap_switch - @l has just been switched in on this CPU: flush here
 * if this CPU is behind the generation @l last consumed.
 */
void uvm_emap_switch(struct task_struct *l);

/*
 * For kmap_copy (mm/kmap_copy.c): a highmem @page's emap mapping for one copy
 * (allocated, entered, produced and consumed), 0 when the window is full;
 * its end (the VA freed, its PTE left, as pipe_direct_write leaves it).
 */
vaddr_t emap_map_copy(struct page *page);
void emap_unmap_copy(vaddr_t kaddr);

/*
 * For the pipe loan (fs/pipe.c): emap_loan_enter - @page at a new emap VA,
 * entered and produced by the writer (pipe_direct_write); 0 when @page is
 * not highmem or the window is full.  emap_loan_map - the reader's
 * access: consume @gen, then @kva under kmap_atomic's rules (the model's
 * copy runs with page faults off); emap_loan_unmap ends it.
 * emap_loan_free - an emptied buffer's VA removed and freed
 * (pipe_loan_free).
 */
vaddr_t emap_loan_enter(struct page *page, u32 *gen);
vaddr_t emap_loan_map(vaddr_t kva, u32 gen);
void emap_loan_unmap(void);
void emap_loan_free(vaddr_t kva);

/* // For the checkers and tests. */
bool in_emap_window(vaddr_t va);
/* highmem_check.c's hook for an access through the window. */
void emap_check_access(vaddr_t va, bool write);
/* The generation of CPU @cpu (ucpu->emap_gen) and the global one. */
u32 emap_cpu_gen(u32 cpu);
u32 emap_global_gen(void);

#endif
