/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A minimal slab allocator (mm/slab.c, after the 2.5/2.6 SLAB): caches of
 * equal-sized objects carved out of order-0 lowmem pages.  The objects live
 * in simulated RAM and are named by their kernel virtual addresses, so the
 * code that uses them (pte_chain blocks, pgd and pmd caches) pays for every
 * line it touches.  The allocator's own bookkeeping -- which objects of a
 * slab are free -- is host memory: a coarse model in which the real SLAB's
 * bufctl and array-cache accesses are folded into the kmem_cache_alloc and
 * kmem_cache_free code costs, unless kernel_data=mem_map places and
 * touches them (mm/slab_meta.h).
 */
#ifndef VMSPLIT_MM_SLAB_H
#define VMSPLIT_MM_SLAB_H

#include "mm/gfp.h"

struct kmem_cache;

/**
 * kmem_cache_create - a cache of @size-byte objects aligned to @align
 * @name: for messages; copied
 * @size: object size in bytes, at most PAGE_SIZE
 * @align: a power of two (0: the target's word, 4 bytes)
 *
 * Objects are laid out from offset 0 of each slab page at a stride of
 * @size rounded up to @align.  Bad arguments are a kernel bug: panics.
 * Return: the cache.
 */
struct kmem_cache *kmem_cache_create(const char *name, u32 size, u32 align);

/**
 * kmem_cache_destroy - free the cache and its (empty) slabs
 * Context: every object must have been freed; otherwise panics naming the
 * cache and the number of objects still allocated.
 */
void kmem_cache_destroy(struct kmem_cache *cachep);

/*
 * slab_forget - free the host side of every cache (Linux's slab_caches
 * list), for a kernel abandoned after a panic: no check, no page given
 * back (the RAM goes with the machine).  The caches' owners forget their
 * pointers themselves (kmalloc_forget, skb_forget, rmap_init's reset).
 */
void slab_forget(void);

/* The object size @cachep was created with (ksize of its objects). */
u32 kmem_cache_size(const struct kmem_cache *cachep);

/**
 * kmem_cache_alloc - one object of @cachep
 * @gfp: GFP flags for a new slab page (__GFP_HIGHMEM is ignored: slabs are
 *       lowmem); with __GFP_ZERO the object is cleared through kv_memset
 *
 * The object handed out is the lowest free one of the lowest-addressed
 * partially used slab; failing that, of the cached empty slab; failing
 * that, of a new slab page.  Deterministic for a given call sequence.
 * Return: the object's kernel virtual address, or 0 if no page was free.
 */
vaddr_t kmem_cache_alloc(struct kmem_cache *cachep, gfp_t gfp);

/*
 * Fault injection for tests: while not NULL, kmem_cache_alloc from the
 * cache of that name fails (returns 0) as a slab that cannot get a page
 * would, so a caller's -ENOMEM path is reached without working out which
 * page allocation it would be.  Cleared at boot.
 */
extern const char *kmem_cache_fail_name;

/**
 * kmem_cache_free - give back the object at @objp
 *
 * A slab that becomes empty is kept as the cache's one spare; a second
 * empty slab goes back to the page allocator (SLAB's free limit, reduced
 * to one slab).  Freeing something that is not a live object of @cachep
 * panics.
 */
void kmem_cache_free(struct kmem_cache *cachep, vaddr_t objp);

/* virt_to_cache: the cache whose slab holds @objp, or NULL (kfree). */
struct kmem_cache *virt_to_cache(vaddr_t objp);

/* Objects currently allocated from @cachep. */
u32 kmem_cache_inuse(const struct kmem_cache *cachep);
/* Slab pages @cachep holds (in use or spare), and objects per slab. */
u32 kmem_cache_nr_slabs(const struct kmem_cache *cachep);
u32 kmem_cache_objs_per_slab(const struct kmem_cache *cachep);
/* Its metadata model under kernel_data=mem_map (mm/slab_meta.h), or NULL. */
struct slab_meta;
const struct slab_meta *kmem_cache_meta(const struct kmem_cache *cachep);

#endif
