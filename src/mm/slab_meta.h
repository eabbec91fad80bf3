/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The slab allocator's own metadata at simulated addresses (kernel_data=
 * mem_map): what the board's kernel's allocator reads and writes besides
 * the object on each kmem_cache_alloc and kmem_cache_free, charged through
 * the TLB and caches (docs/kernel-objects.md section 2).
 *
 *  - SLUB (3.14 ARM, the Kirkwood's kirkwood_defconfig): the per-CPU
 *    struct kmem_cache_cpu (freelist 0, tid 4, page 8), the free pointer
 *    in the object's first word, and on the slow paths the slab page's
 *    struct page (freelist 8, counters 12, lru 20).
 *  - SLAB (2.5.73 i386; 5.x/6.1 ARM, omap2plus): the per-CPU
 *    array_cache (avail 0, touched 12, entry[] from 16), and on a refill
 *    or a flush of batchcount objects the slab descriptor -- 2.5.73's
 *    on-slab struct slab (inuse 16, free 20) and bufctl[] from slab + 24;
 *    5.x's struct page (active at _mapcount's place) and its freelist
 *    index array at the slab page's start.
 *
 * Coarse, on purpose: the object handed out is still the model's choice
 * (mm/slab.c's policy: lowest free object of the lowest partial slab),
 * not the kernel's LIFO.  SLUB's cpu slab is the slab of the CPU's last
 * allocation; SLAB's array cache is a count per CPU whose refill and
 * flush touch the descriptor of the slab the model allocates from or
 * frees to.  Objects keep offset 0 of their page, so a 2.5.73 on-slab
 * descriptor shares the first object's line.  The per-CPU blocks sit in
 * one lowmem block per cache, a 512-byte (SLAB) or 64-byte (SLUB) stride
 * apart, as separate per-CPU units would be.
 */
#ifndef VMSPLIT_MM_SLAB_META_H
#define VMSPLIT_MM_SLAB_META_H

#include "mm/mm_types.h"

struct slab_meta;

/* A cache of @num objects of @stride per slab page; NULL under
 * kernel_data=host (every call below then does nothing). */
struct slab_meta *slab_meta_create(u32 stride, u32 num);
void slab_meta_destroy(struct slab_meta *m);
/* slab_meta_forget: the host side only (an abandoned kernel). */
void slab_meta_forget(struct slab_meta *m);

/* Before an allocation: the cache's per-CPU block, taken with its first
 * object.  0, or -ENOMEM (the allocation fails). */
int slab_meta_prepare(struct slab_meta *m);
/* cache_grow / new_slab: a slab page's metadata set up. */
void slab_meta_grow(struct slab_meta *m, struct page *page, vaddr_t s_mem);
/* Object @objnr at @objp of the slab @slab (the model's) handed out. */
void slab_meta_alloc(struct slab_meta *m, const void *slab,
		     struct page *page, vaddr_t objp, u32 objnr);
/* ... and given back. */
void slab_meta_free(struct slab_meta *m, const void *slab, struct page *page,
		    vaddr_t objp, u32 objnr);
/* The slab @slab is being freed (no CPU may keep it as its cpu slab). */
void slab_meta_forget_slab(struct slab_meta *m, const void *slab);

/* The array cache's count on @cpu (SLAB), for the tests. */
u32 slab_meta_avail(const struct slab_meta *m, u32 cpu);

#endif
