/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * FreeBSD's sf_buf as a design for Linux's copies (issue 35, `sf_buf=N`):
 * kern/subr_sfbuf.c with i386's machine-dependent part (SFBUF_CPUSET:
 * i386/i386/vm_machdep.c sf_buf_shootdown, i386/i386/pmap.c
 * pmap_sf_buf_map), read in the FreeBSD 12/13 sources F-Stack carries.
 *
 * A pool of N buffers, each a page of kernel VA with its own PTE.  A hash
 * from page to buffer (SF_BUF_HASH: the page's index in the page array,
 * masked) finds a buffer that maps the page already: a hit takes a
 * reference and writes no PTE.  A freed buffer keeps its mapping on a free
 * list, least recently freed first out (the TAILQ), so a page used again
 * soon hits; a miss recycles the list's head and rewrites its PTE.
 *
 * TLB invalidation is lazy: each buffer carries a mask of the CPUs whose
 * TLB is known not to hold a stale entry for its VA.  A rewrite of a PTE
 * that was in use (valid -- FreeBSD tests PG_V|PG_A; the boards' kernel
 * PTEs have no accessed bit the model keeps, so valid alone) empties the
 * mask; a CPU not in the mask invalidates its own entry before it uses
 * the buffer (invlpg, TLBIMVA) and joins it.  SFB_CPUPRIVATE callers
 * (pinned to the CPU: uiomove_fromphys, the copies) stop there; the
 * others send the invalidation to every CPU not in the mask
 * (smp_masked_invlpg).
 *
 * What it serves here (mm/kmap_copy.h): the copies kmap_atomic served in
 * Linux that FreeBSD serves with sf_buf (uiomove_fromphys's copies of
 * page-cache and pipe pages, SFB_CPUPRIVATE): tmpfs read and write, pipe
 * buffers, the GUP+kmap copy's user page.  A lowmem page keeps its
 * direct-map address, as with kmap_atomic (FreeBSD i386 has no direct map;
 * Linux's lowmem needs no buffer).  The copies run where kmap_atomic ran (preemption and page
 * faults off), so they ask with SFB_NOWAIT and fall back to a fixmap slot
 * when every buffer is held (counted: sf_buf_nowait).
 *
 * Priced by what Linux measured for the same work (FreeBSD's code is not
 * measured here): an alloc is kmap_high's path (a lock, a hash lookup from
 * page to mapping, a count), each chain entry compared is a page_address
 * chain entry, a recycle adds a free-list step and the PTE store; a free
 * is kunmap_high's.  The descriptors (32 bytes on i386: two list links,
 * the page, the VA, the count, the mask) and the hash heads live in
 * kmalloc'd lowmem, touched where the code touches them.  Not on a VIVT
 * D-cache (settings refuse it): a mapping kept after free aliases the
 * page's others, which is why FreeBSD's arm code unmaps on free.
 *
 * Checkers: a hit's PTE must map the page (a lost rewrite stops the run);
 * every CPU in a buffer's mask must hold no stale entry for it (checked
 * against its TLB); an access through a buffer with no reference stops
 * the run (highmem_check.c); the TLB coherence checker catches a use
 * through a stale entry.
 */
#ifndef VMSPLIT_MM_SF_BUF_H
#define VMSPLIT_MM_SF_BUF_H

#include "base/types.h"
#include "mm/highmem.h"

struct page;
struct sf_buf;

#define SF_BUF_MAX 1024

/* sys/sf_buf.h */
#define SFB_CPUPRIVATE 2	/* the caller stays on this CPU */
#define SFB_NOWAIT 4		/* NULL rather than sleep for a buffer */

/*
 * Boot (after kmalloc_init; paging_init made the window's PTE pages);
 * shutdown (before kmalloc_exit: the descriptors go back, and with checks
 * on a buffer still referenced stops the run); an abandoned kernel's
 * host memory only (forget).
 */
void sf_buf_init(void);
void sf_buf_exit(void);
void sf_buf_forget(void);

/*
 * sf_buf_alloc - a buffer mapping @m: the one that maps it already (a
 * hit), else the least recently freed one remapped.  With every buffer
 * held, NULL under SFB_NOWAIT; without it the run stops (the model's
 * callers never sleep for one).
 */
struct sf_buf *sf_buf_alloc(struct page *m, int flags);
/* Drop a reference; at zero the buffer goes to the free list, mapped. */
void sf_buf_free(struct sf_buf *sf);
vaddr_t sf_buf_kva(const struct sf_buf *sf);

/* Is sf_buf= in force (and booted)? */
bool sf_buf_enabled(void);
/* The buffer whose page holds @kva (in the window). */
struct sf_buf *sf_buf_at(vaddr_t kva);

/* // For the checkers and tests. */
/* Is @va inside the sf_buf window? */
bool in_sfbuf_window(vaddr_t va);
/* References held on the buffer at @va (in the window). */
int sfbuf_refs(vaddr_t va);
/* The CPU mask of the buffer at @va. */
u32 sfbuf_cpumask(vaddr_t va);

#endif
