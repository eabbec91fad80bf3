// SPDX-License-Identifier: GPL-2.0-only
/*
 * A minimal slab allocator (after mm/slab.c of 2.5/2.6).
 *
 * What is simulated: the objects.  Each slab is one order-0 lowmem page from
 * the buddy allocator, objects sit at offset 0, stride, 2 * stride, ... of
 * it, and their users reach them through kernel virtual addresses, so the
 * cache lines an object occupies and shares are the target's.
 *
 * What is coarse: the allocator itself.  The real SLAB keeps a slab
 * descriptor and a kmem_bufctl_t array on the slab page (or off-slab for big
 * objects), per-CPU array caches, three lists per cache and cache colouring.
 * Here the free-object bookkeeping is a host bitmap per slab; the loads and
 * stores SLAB makes to its own structures are folded into the
 * CODE_kmem_cache_alloc / CODE_kmem_cache_free costs, and no colouring
 * offset or on-slab descriptor shrinks the slab.  The page allocator calls
 * for growing and shrinking are real and charged where they happen.
 *
 * Policy (deterministic): allocate the lowest free object of the
 * lowest-addressed partial slab, else of the spare empty slab, else grow.
 * A slab that becomes empty is kept as the cache's single spare; further
 * empty slabs are returned at once (SLAB's per-cache free limit, reduced to
 * one slab, with the reaping timer left out).
 *
 * A slab page is marked by page->mapping (its struct slab, host memory) and
 * page->index == SLAB_PAGE_MAGIC, so kmem_cache_free finds the slab of an
 * object without a search, as SLAB's GET_PAGE_SLAB() does through page->lru.
 */
#include "mm/slab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "mm/highmem.h"
#include "mm/slab_meta.h"

const char *kmem_cache_fail_name;

#define SLAB_PAGE_MAGIC 0x51ab51abul
/* BYTES_PER_WORD on the 32-bit targets: the default object alignment. */
#define BYTES_PER_WORD 4u
#define BITS_PER_MAPWORD 64u

/* Every live cache, as mm/slab_common.c's slab_caches: what slab_forget
 * frees when a panic abandons the kernel. */
static struct list_head slab_caches = LIST_HEAD_INIT(slab_caches);

struct slab {
	struct list_head list;		/* on cachep->slabs */
	struct kmem_cache *cache;
	struct page *page;
	vaddr_t s_mem;			/* kernel VA of object 0 */
	u32 inuse;			/* objects allocated from this slab */
	u64 free_map[];			/* bit set: object free */
};

struct kmem_cache {
	struct list_head list;		/* on slab_caches */
	char name[32];
	u32 size;			/* object size asked for */
	u32 stride;			/* size rounded up to align */
	u32 num;			/* objects per slab */
	u32 map_words;			/* u64 words of a slab's free_map */
	u32 inuse;			/* objects allocated, all slabs */
	u32 nr_slabs;
	struct list_head slabs;		/* every slab, for destroy */
	/* Partially used slabs, sorted by address (lowest first). */
	struct slab **partial;
	u32 nr_partial, partial_cap;
	struct slab *spare;		/* the one empty slab kept, or NULL */
	/* kernel_data=mem_map: SLUB's or SLAB's own metadata (NULL: host). */
	struct slab_meta *meta;
};

struct kmem_cache *kmem_cache_create(const char *name, u32 size, u32 align)
{
	struct kmem_cache *cachep;

	if (!align)
		align = BYTES_PER_WORD;
	if (align & (align - 1))
		panic("kmem_cache_create: %s: alignment %u is not a power of two",
		      name, align);
	if (!size || size > PAGE_SIZE || align > PAGE_SIZE)
		panic("kmem_cache_create: %s: object size %u (align %u) does not fit a page",
		      name, size, align);
	cachep = calloc(1, sizeof(*cachep));
	if (!cachep)
		panic("kmem_cache_create: %s: out of host memory", name);
	snprintf(cachep->name, sizeof(cachep->name), "%s", name);
	cachep->size = size;
	cachep->stride = ALIGN_UP(size, align);
	cachep->num = PAGE_SIZE / cachep->stride;
	cachep->map_words = DIV_ROUND_UP(cachep->num, BITS_PER_MAPWORD);
	cachep->partial_cap = 16;
	cachep->partial = calloc(cachep->partial_cap, sizeof(*cachep->partial));
	if (!cachep->partial)
		panic("kmem_cache_create: %s: out of host memory", name);
	INIT_LIST_HEAD(&cachep->slabs);
	list_add_tail(&cachep->list, &slab_caches);
	cachep->meta = slab_meta_create(cachep->stride, cachep->num);
	return cachep;
}

/* Index in cachep->partial where @slabp is or would be inserted. */
static u32 partial_pos(const struct kmem_cache *cachep,
		       const struct slab *slabp)
{
	u32 lo = 0, hi = cachep->nr_partial;

	while (lo < hi) {
		u32 mid = lo + (hi - lo) / 2;

		if (cachep->partial[mid]->s_mem < slabp->s_mem)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void partial_add(struct kmem_cache *cachep, struct slab *slabp)
{
	u32 pos = partial_pos(cachep, slabp);

	if (cachep->nr_partial == cachep->partial_cap) {
		u32 cap = cachep->partial_cap * 2;
		struct slab **p = realloc(cachep->partial, cap * sizeof(*p));

		if (!p)
			panic("kmem_cache_free: %s: out of host memory",
			      cachep->name);
		cachep->partial = p;
		cachep->partial_cap = cap;
	}
	memmove(&cachep->partial[pos + 1], &cachep->partial[pos],
		(cachep->nr_partial - pos) * sizeof(*cachep->partial));
	cachep->partial[pos] = slabp;
	cachep->nr_partial++;
}

static void partial_del(struct kmem_cache *cachep, struct slab *slabp)
{
	u32 pos = partial_pos(cachep, slabp);

	BUG_ON(pos >= cachep->nr_partial || cachep->partial[pos] != slabp);
	cachep->nr_partial--;
	memmove(&cachep->partial[pos], &cachep->partial[pos + 1],
		(cachep->nr_partial - pos) * sizeof(*cachep->partial));
}

/* cache_grow(): a new slab page with every object free; NULL if none. */
static struct slab *cache_grow(struct kmem_cache *cachep, gfp_t gfp)
{
	struct page *page = alloc_page(gfp & ~(__GFP_HIGHMEM | __GFP_ZERO));
	struct slab *slabp;

	if (!page)
		return NULL;
	slabp = calloc(1, sizeof(*slabp) + cachep->map_words * sizeof(u64));
	if (!slabp)
		panic("kmem_cache_alloc: %s: out of host memory", cachep->name);
	slabp->cache = cachep;
	slabp->page = page;
	slabp->s_mem = page_address(page);
	for (u32 i = 0; i < cachep->num; i++)
		slabp->free_map[i / BITS_PER_MAPWORD] |=
			1ull << (i % BITS_PER_MAPWORD);
	page->mapping = slabp;
	page->index = SLAB_PAGE_MAGIC;
	slab_meta_grow(cachep->meta, page, slabp->s_mem);
	list_add_tail(&slabp->list, &cachep->slabs);
	cachep->nr_slabs++;
	return slabp;
}

/* slab_destroy(): give an empty slab's page back. */
static void slab_destroy(struct kmem_cache *cachep, struct slab *slabp)
{
	struct page *page = slabp->page;

	BUG_ON(slabp->inuse);
	slab_meta_forget_slab(cachep->meta, slabp);
	page->mapping = NULL;
	page->index = 0;
	list_del(&slabp->list);
	cachep->nr_slabs--;
	free(slabp);
	__free_page(page);
}

static u32 slab_first_free(const struct kmem_cache *cachep,
			   const struct slab *slabp)
{
	for (u32 w = 0; w < cachep->map_words; w++)
		if (slabp->free_map[w])
			return w * BITS_PER_MAPWORD +
			       (u32)__builtin_ctzll(slabp->free_map[w]);
	panic("kmem_cache_alloc: %s: slab at %#x has no free object",
	      cachep->name, slabp->s_mem);
}

vaddr_t kmem_cache_alloc(struct kmem_cache *cachep, gfp_t gfp)
{
	CC_SCOPE(kmem_cache_alloc);
	struct slab *slabp;
	vaddr_t objp;
	u32 i;

	/* slab_pre_alloc_hook: might_sleep_if(gfpflags_allow_blocking). */
	if (gfp & __GFP_WAIT)
		might_sleep("mm/slab.h");

	charge(CODE_kmem_cache_alloc);
	if (unlikely(kmem_cache_fail_name) &&
	    !strcmp(cachep->name, kmem_cache_fail_name))
		return 0;
	if (slab_meta_prepare(cachep->meta))
		return 0;
	if (cachep->nr_partial) {
		slabp = cachep->partial[0];
	} else if (cachep->spare) {
		slabp = cachep->spare;
		cachep->spare = NULL;
	} else {
		slabp = cache_grow(cachep, gfp);
		if (!slabp)
			return 0;
	}
	i = slab_first_free(cachep, slabp);
	slabp->free_map[i / BITS_PER_MAPWORD] &= ~(1ull << (i % BITS_PER_MAPWORD));
	slabp->inuse++;
	cachep->inuse++;
	/* Empty -> partial, partial -> full: keep the partial list right. */
	if (slabp->inuse == 1 && cachep->num > 1)
		partial_add(cachep, slabp);
	if (slabp->inuse == cachep->num && cachep->num > 1)
		partial_del(cachep, slabp);
	objp = slabp->s_mem + i * cachep->stride;
	slab_meta_alloc(cachep->meta, slabp, slabp->page, objp, i);
	if (gfp & __GFP_ZERO)
		kv_memset(objp, 0, cachep->size);
	return objp;
}

/* The slab that holds @objp, if @objp is in a slab page at all. */
static struct slab *page_slab(vaddr_t objp)
{
	struct page *page;
	struct slab *slabp;

	if (!virt_addr_valid(objp))
		return NULL;
	page = virt_to_page(objp);
	if (page->index != SLAB_PAGE_MAGIC || !page->mapping)
		return NULL;
	slabp = page->mapping;
	return slabp->page == page ? slabp : NULL;
}

/* The slab that holds @objp, if @objp is in a slab page of @cachep. */
static struct slab *virt_to_slab(struct kmem_cache *cachep, vaddr_t objp)
{
	struct slab *slabp = page_slab(objp);

	return slabp && slabp->cache == cachep ? slabp : NULL;
}

u32 kmem_cache_size(const struct kmem_cache *cachep)
{
	return cachep->size;
}

struct kmem_cache *virt_to_cache(vaddr_t objp)
{
	struct slab *slabp = page_slab(objp);

	return slabp ? slabp->cache : NULL;
}

void kmem_cache_free(struct kmem_cache *cachep, vaddr_t objp)
{
	CC_SCOPE(kmem_cache_free);
	struct slab *slabp = virt_to_slab(cachep, objp);
	u32 off, i;
	u64 bit;

	charge(CODE_kmem_cache_free);
	if (!slabp)
		panic("kmem_cache_free: %s: %#x is not in a slab of this cache",
		      cachep->name, objp);
	off = objp - slabp->s_mem;
	i = off / cachep->stride;
	if (off % cachep->stride || i >= cachep->num)
		panic("kmem_cache_free: %s: %#x is not the start of an object",
		      cachep->name, objp);
	bit = 1ull << (i % BITS_PER_MAPWORD);
	if (slabp->free_map[i / BITS_PER_MAPWORD] & bit)
		panic("kmem_cache_free: %s: double free of %#x", cachep->name,
		      objp);
	slabp->free_map[i / BITS_PER_MAPWORD] |= bit;
	slab_meta_free(cachep->meta, slabp, slabp->page, objp, i);
	/* Full -> partial, partial -> empty. */
	if (slabp->inuse == cachep->num && cachep->num > 1)
		partial_add(cachep, slabp);
	slabp->inuse--;
	cachep->inuse--;
	if (slabp->inuse)
		return;
	if (cachep->num > 1)
		partial_del(cachep, slabp);
	if (!cachep->spare)
		cachep->spare = slabp;
	else
		slab_destroy(cachep, slabp);
}

void kmem_cache_destroy(struct kmem_cache *cachep)
{
	if (cachep->inuse)
		panic("kmem_cache_destroy: %s: %u objects still allocated",
		      cachep->name, cachep->inuse);
	/* Only the spare can be left. */
	while (!list_empty(&cachep->slabs))
		slab_destroy(cachep, list_first_entry(&cachep->slabs,
						      struct slab, list));
	list_del(&cachep->list);
	slab_meta_destroy(cachep->meta);
	free(cachep->partial);
	free(cachep);
}

void slab_forget(void)
{
	while (!list_empty(&slab_caches)) {
		struct kmem_cache *cachep =
			list_first_entry(&slab_caches, struct kmem_cache, list);

		while (!list_empty(&cachep->slabs)) {
			struct slab *slabp = list_first_entry(
				&cachep->slabs, struct slab, list);

			list_del(&slabp->list);
			free(slabp);
		}
		list_del(&cachep->list);
		slab_meta_forget(cachep->meta);
		free(cachep->partial);
		free(cachep);
	}
}

u32 kmem_cache_inuse(const struct kmem_cache *cachep)
{
	return cachep->inuse;
}

u32 kmem_cache_nr_slabs(const struct kmem_cache *cachep)
{
	return cachep->nr_slabs;
}

u32 kmem_cache_objs_per_slab(const struct kmem_cache *cachep)
{
	return cachep->num;
}

const struct slab_meta *kmem_cache_meta(const struct kmem_cache *cachep)
{
	return cachep->meta;
}
