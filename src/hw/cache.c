// SPDX-License-Identifier: GPL-2.0-only
/*
 * Set-associative write-back cache state (see hw/cache.h).  Replacement is
 * round-robin per set, the policy the ARM926/Feroceon L1 offers and a
 * deterministic stand-in for the Cortex-A8's random and the P6's pseudo-LRU
 * policies (said so in docs/fidelity.md).
 */
#include "hw/cache.h"

#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "base/panic.h"

/*
 * Does a PA alone name the one place its line can be?  Not when the tag is
 * the VA (VIVT), nor when the index takes VA bits above the page offset (a
 * way larger than a page: the Cortex-A8's 8 KiB ways).
 */
static bool cache_pa_names_line(const struct cache *c)
{
	return !c->tag_by_va &&
	       !(c->index_by_va && (c->sets << c->line_shift) > PAGE_SIZE);
}

#define HOST_LINE 64 /* bytes: the cache line of x86-64 and most Arm hosts */

/*
 * Zeroed host memory for a tag array of @size bytes, at a host cache line:
 * a set of eight 4-byte tags (32 bytes), or of sixteen, then never
 * straddles two host lines, so a lookup takes one host miss at most.
 * calloc() of a large array returns 16 bytes past a page, which split
 * every other 32-byte set.  calloc(), not aligned_alloc() and memset():
 * a large calloc() is a fresh mapping the host commits as it is touched,
 * and the NUMA-Q boots 16 of 256 KiB.  *@mem gets what to free.
 */
static void *zalloc_sets(size_t size, void **mem)
{
	uintptr_t p;

	*mem = calloc(1, size + HOST_LINE - 1);
	if (!*mem)
		return NULL;
	p = ALIGN_UP((uintptr_t)*mem, (uintptr_t)HOST_LINE);
	return (void *)p;
}

int cache_init(struct cache *c, const struct cache_params *p)
{
	u32 lines;

	memset(c, 0, sizeof(*c));
	if (!p->size || !p->ways || !p->line || (p->line & (p->line - 1)))
		return -EINVAL;
	lines = p->size / p->line;
	if (lines % p->ways)
		return -EINVAL;
	c->kind = p->kind;
	c->write_allocate = p->write_allocate;
	/*
	 * VIVT: index and tag from the VA.  VIPT aliasing: index from the
	 * VA, tag from the PA.  PIPT, and VIPT non-aliasing: both from the
	 * PA.  A non-aliasing VIPT cache may use index bits above the page
	 * offset (the Cortex-A8's 8 KiB ways) but its hardware keeps one
	 * copy per PA line ("PIPT / VIPT nonaliasing"), so it behaves as
	 * physically indexed; indexing it by VA made two copies of a line
	 * reached through a user and a kernel address.
	 */
	c->index_by_va = p->kind == CACHE_VIVT || p->kind == CACHE_VIPT_ALIASING;
	c->tag_by_va = p->kind == CACHE_VIVT;
	c->ways = p->ways;
	c->sets = lines / p->ways;
	if (c->sets & (c->sets - 1))
		return -EINVAL;
	c->set_mask = c->sets - 1;
	c->line_shift = (u32)__builtin_ctz(p->line);
	if (p->own_lookup)
		c->own_tag = zalloc_sets(lines * sizeof(*c->own_tag),
					&c->tag_mem);
	else
		c->tag = zalloc_sets(lines * sizeof(*c->tag), &c->tag_mem);
	c->victim = calloc(c->sets, 1);
	if (cache_virtually_indexed(c)) {
		c->pa_line = calloc(lines, sizeof(*c->pa_line));
		c->va_line = calloc(lines, sizeof(*c->va_line));
	}
	/* The per-bucket counts are 16-bit: a line each at most. */
	if (!cache_pa_names_line(c) && lines > UINT16_MAX) {
		cache_exit(c);
		return -EINVAL;
	}
	if (!cache_pa_names_line(c))
		c->dirty = calloc(1u << CACHE_DIRTY_BUCKETS_SHIFT,
				  sizeof(*c->dirty));
	if (c->tag_by_va)
		c->va_pages = calloc(1u << CACHE_VA_PAGE_BUCKETS_SHIFT,
				     sizeof(*c->va_pages));
	c->counted = c->dirty || c->va_pages;
	if ((p->own_lookup ? !c->own_tag : !c->tag) || !c->victim ||
	    (cache_virtually_indexed(c) && (!c->pa_line || !c->va_line)) ||
	    (!cache_pa_names_line(c) && !c->dirty) ||
	    (c->tag_by_va && !c->va_pages)) {
		cache_exit(c);
		return -ENOMEM;
	}
	return 0;
}

void cache_exit(struct cache *c)
{
	free(c->tag_mem);
	free(c->victim);
	free(c->pa_line);
	free(c->va_line);
	free(c->dirty);
	free(c->va_pages);
	memset(c, 0, sizeof(*c));
}



/* Line @i, valid, is dropped. */
static void cache_drop(struct cache *c, u32 i)
{
	cache_uncount_va_page(c, i);
	cache_uncount_presence(c, i);
	c->evictions++;
	c->tag[i] = 0;
}

static bool cache_apply(struct cache *c, u32 i, enum cache_op op)
{
	bool dirty = cache_line_dirty(c, i);

	if (!(c->tag[i] & CACHE_VALID))
		return false;
	if (dirty)
		cache_uncount_dirty(c, i);
	switch (op) {
	case CACHE_CLEAN:
		c->tag[i] &= ~CACHE_DIRTY;
		return dirty;
	case CACHE_INV:
		cache_drop(c, i);
		return false;
	case CACHE_FLUSH:
		cache_drop(c, i);
		return dirty;
	}
	return false;
}

bool __cache_maint_way(struct cache *c, u32 i, enum cache_op op,
		       phys_addr_t *wb_pa)
{
	*wb_pa = cache_line_pa(c, i);
	return cache_apply(c, i, op);
}

u32 cache_maint_all(struct cache *c, enum cache_op op,
		    void (*wb)(void *ctx, phys_addr_t pa), void *ctx)
{
	u32 written = 0;

	for (u32 i = 0; i < c->sets * c->ways; i++) {
		phys_addr_t pa = cache_line_pa(c, i);

		if (cache_apply(c, i, op)) {
			written++;
			if (wb)
				wb(ctx, pa);
		}
	}
	return written;
}

void cache_inv_all(struct cache *c)
{
	/* Only the I-cache is invalidated whole; it has no presence. */
	BUG_ON(c->presence);
	c->evictions++;
	if (c->own_tag)
		memset(c->own_tag, 0,
		       (size_t)c->sets * c->ways * sizeof(*c->own_tag));
	else
		memset(c->tag, 0, (size_t)c->sets * c->ways * sizeof(*c->tag));
	if (c->dirty)
		memset(c->dirty, 0,
		       sizeof(*c->dirty) << CACHE_DIRTY_BUCKETS_SHIFT);
	if (c->va_pages)
		memset(c->va_pages, 0,
		       sizeof(*c->va_pages) << CACHE_VA_PAGE_BUCKETS_SHIFT);
}

void cache_beyond_reach(const struct cache *c, phys_addr_t pa)
{
	panic("cache: PA %#llx is beyond the %llu GiB its %u-byte line tags reach",
	      (unsigned long long)pa,
	      (unsigned long long)(cache_pa_reach(c) >> 30),
	      1u << c->line_shift);
}

bool cache_find_alias(const struct cache *c, vaddr_t va, phys_addr_t pa,
		      bool dirty_only, vaddr_t *other)
{
	u64 pline = pa >> c->line_shift;
	u32 vline = va >> c->line_shift;

	if (!cache_virtually_indexed(c))
		return false;
	if (dirty_only && c->dirty && !c->dirty[cache_dirty_bucket(pline)])
		return false;
	for (u32 i = 0; i < c->sets * c->ways; i++) {
		if (!(c->tag[i] & CACHE_VALID) || c->pa_line[i] != pline ||
		    c->va_line[i] == vline)
			continue;
		if (dirty_only && !(c->tag[i] & CACHE_DIRTY))
			continue;
		*other = c->va_line[i] << c->line_shift;
		return true;
	}
	return false;
}

bool cache_pa_dirty(const struct cache *c, phys_addr_t pa)
{
	u64 pline = pa >> c->line_shift;
	u32 set;
	u64 line;
	int w;

	pa = ALIGN_DOWN(pa, (phys_addr_t)1 << c->line_shift);
	/* The PA names the set: the line can only be there. */
	if (!c->dirty) {
		cache_locate(c, (vaddr_t)pa, pa, &set, &line);
		w = cache_find(c, set, line);
		return w >= 0 && cache_line_dirty(c, set * c->ways + (u32)w);
	}
	if (!c->dirty[cache_dirty_bucket(pline)])
		return false;
	for (u32 i = 0; i < c->sets * c->ways; i++)
		if (cache_line_dirty(c, i) && cache_line_pa(c, i) == pa)
			return true;
	return false;
}
