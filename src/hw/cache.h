/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One level of data cache: set-associative, write-back, with a line size,
 * per-line valid and dirty state and round-robin replacement.  Only tags and
 * state are modelled; data always lives in simulated RAM, so the cache decides
 * what an access costs, never what it returns.  Coherence hazards that would
 * return wrong data on real hardware are caught by checkers instead.
 *
 * Indexing and tagging follow the cache's kind:
 *   VIVT               index and tag from the virtual address (ARMv5)
 *   VIPT aliasing      index from the VA (page colour), tag from the PA
 *   VIPT non-aliasing  index bits inside the page, tag from the PA
 *   PIPT               index and tag from the physical address
 * For virtually indexed kinds every line also remembers its physical line
 * address so that aliases (one PA under two VAs) can be found.
 */
#ifndef VMSPLIT_HW_CACHE_H
#define VMSPLIT_HW_CACHE_H

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "base/panic.h"
#include "base/types.h"

enum cache_kind {
	CACHE_VIVT,
	CACHE_VIPT_ALIASING,
	CACHE_VIPT_NONALIASING,
	CACHE_PIPT,
};

struct cache_params {
	u32 size;		/* bytes; 0 = no such cache */
	u16 ways;
	u16 line;		/* bytes, a power of two */
	enum cache_kind kind;
	bool write_allocate;	/* allocate a line on a write miss */
	bool own_lookup;	/* only its owner's code looks it up (the
				 * I-cache), in tags of its own (own_tag) */
};

struct cache {
	enum cache_kind kind;
	bool write_allocate;
	bool index_by_va;	/* set index from the VA (else the PA) */
	bool tag_by_va;		/* tag from the VA (VIVT) */
	u32 sets, ways;
	u32 line_shift;
	u32 set_mask;
	/*
	 * tag[set * ways + way]: (line address << 2) | dirty << 1 | valid.
	 * The line address is the VA line for VIVT, the PA line otherwise;
	 * it has CACHE_LINE_BITS, so that a set of eight tags is 32 bytes
	 * and four are compared at once (cache_find).
	 */
	u32 *tag;
	/*
	 * An own_lookup cache has these instead of tag[]: 64-bit tags that
	 * its owner lays out (the I-cache adds a generation above the line,
	 * hw/icache.c); of this file's operations only cache_inv_all applies.
	 */
	u64 *own_tag;
	void *tag_mem;		/* the allocation tag[] or own_tag[] sit in */
	u64 *pa_line;		/* PA line of each line (virtually indexed kinds) */
	u32 *va_line;		/* VA line of each line (virtually indexed kinds) */
	u8 *victim;		/* next way to replace, per set */
	/*
	 * For a cache where one PA line can sit in more than one set (the
	 * index takes VA bits above the page offset): dirty[bucket] counts
	 * the valid dirty lines whose PA line hashes to that bucket, so that
	 * the checkers asking "is this PA dirty under any index?" answer at
	 * once when no dirty copy can exist and scan every line only when
	 * one might.  NULL when the PA alone names the set.
	 */
	u16 *dirty;
	/*
	 * VIVT: va_pages[cache_va_page_bucket(va)] counts the valid lines
	 * whose VA page hashes there, so that a range operation on a page
	 * with no line resident skips its per-line lookups.
	 */
	u16 *va_pages;
	/* dirty, va_pages or presence: a miss recounts.  Kept, not derived at each
	 * miss: the generic paths' misses read it (26 host instructions of
	 * the Kirkwood's kmap pair). */
	bool counted;
	/*
	 * Valid lines that have left so far: replaced by cache_access,
	 * invalidated, or dropped by an invalidate-all.  A line found here
	 * stays while the count does not move -- read hits change no state
	 * -- so a caller that saw a set of lines resident may trust them
	 * until it does (the I-cache memo reads the outer cache's,
	 * hw/icache.c).  The L1 D-cache's own miss path (hw/access.c) calls
	 * __cache_miss_shaped directly and does not count: nothing reads
	 * that.
	 */
	u64 evictions;
	/*
	 * cache_replacement=random: the state of the cache's own xorshift32
	 * generator, which picks each victim's way when the set is full
	 * (deterministic: seeded per cache at machine_create); 0:
	 * round-robin by victim[].
	 */
	u32 rng;
	/*
	 * coherence=snoop: presence[pline & CACHE_PRESENCE_MASK] counts the
	 * valid lines of this cache and of the owning CPU's other private
	 * cache whose PA line falls there (the CPU's array in
	 * machine.presence).  The buckets are the low bits of the line, more
	 * than any cache's set index takes, so a bucket holds a set's ways
	 * of each at most.  NULL otherwise.
	 */
	u8 *presence;
	/*
	 * coherence=snoop: holders[bucket] has bit holder_bit while this
	 * CPU's presence byte there is not zero (machine.holders): a snoop
	 * looks up the tags of the CPUs whose bit is set, and a run none of
	 * whose buckets has another CPU's bit needs no snoop at all.
	 */
	u32 *holders;
	u32 holder_bit;
	/*
	 * coherence=snoop: the sum of this CPU's presence bytes (its private
	 * caches' valid lines) and the number of bits set in holders, kept
	 * beside them so that coherence_audit checks the buckets the tags
	 * name and these two totals instead of reading every bucket.
	 */
	u32 *presence_lines;
	u32 *holder_bits;
	/*
	 * coherence=snoop, the L1 D-cache: per slot, the bytes its CPU wrote
	 * since the line was filled (hw/coherence.h), which a fill clears
	 * here, on every path that fills (the CPU's cpu.l1d_wmask).  NULL
	 * otherwise.
	 */
	u64 *wmask;
};

/*
 * dirty[]'s buckets: 64 Ki of them (128 KiB a cache that keeps them), so
 * that a VIVT L1 of a thousand lines, a few hundred dirty, rarely shares
 * a bucket with the PA asked about -- each shared bucket costs a scan of
 * every line (cache_find_alias on each L1 read miss with checks on,
 * cache_pa_dirty).  4 Ki buckets made a quarter of the questions scan.
 */
#define CACHE_DIRTY_BUCKETS_SHIFT 16
#define CACHE_VA_PAGE_BUCKETS_SHIFT 10

#define CACHE_PRESENCE_BITS 20
#define CACHE_PRESENCE_MASK ((1u << CACHE_PRESENCE_BITS) - 1)

#define CACHE_VALID 0x1u
#define CACHE_DIRTY 0x2u

/*
 * The line addresses a tag holds: 2^30 lines, 32 GiB of physical address
 * space with 32-byte lines.  machine_create refuses RAM beyond that; a
 * lookup of a PA beyond it stops (cache_line_of_pa).
 */
#define CACHE_LINE_BITS 30

/* What one line access did. */
struct cache_outcome {
	bool hit;
	bool allocated;		/* a line was filled */
	bool evicted;		/* a valid line was replaced */
	bool evicted_dirty;	/* a dirty victim was written back */
	phys_addr_t evicted_pa;	/* its physical line address */
	u32 index;		/* the line hit or filled (set * ways + way) */
};

int cache_init(struct cache *c, const struct cache_params *p);
void cache_exit(struct cache *c);

static inline bool cache_virtually_indexed(const struct cache *c)
{
	return c->kind == CACHE_VIVT || c->kind == CACHE_VIPT_ALIASING;
}

/* The first physical address past what tags of 1 << @line_shift-byte
 * lines can name. */
static inline u64 cache_reach_of(u32 line_shift)
{
	return 1ull << (CACHE_LINE_BITS + line_shift);
}

/* The first physical address past what @c's tags can name. */
static inline u64 cache_pa_reach(const struct cache *c)
{
	return cache_reach_of(c->line_shift);
}

void __attribute__((noreturn)) cache_beyond_reach(const struct cache *c,
						   phys_addr_t pa);

/* The PA line of @pa, which a tag of @c must be able to hold. */
static inline u64 cache_line_of_pa(const struct cache *c, phys_addr_t pa)
{
	u64 pline = pa >> c->line_shift;

	if (unlikely(pline >> CACHE_LINE_BITS))
		cache_beyond_reach(c, pa);
	return pline;
}

/* Set index and tag line address of (@va, @pa) for this cache's kind. */
static inline void cache_locate(const struct cache *c, vaddr_t va,
				phys_addr_t pa, u32 *set, u64 *line)
{
	u64 pline = cache_line_of_pa(c, pa);
	u32 vline = va >> c->line_shift;

	*set = (u32)(c->index_by_va ? vline : pline) & c->set_mask;
	*line = c->tag_by_va ? vline : pline;
}

/*
 * cache_prefetch_set - ask the host for the tags of the set @pa indexes in
 * @c, which must be physically indexed.  Host caches only.
 */
static inline void cache_prefetch_set(const struct cache *c, phys_addr_t pa)
{
	u32 set = (u32)(pa >> c->line_shift) & c->set_mask;

	__builtin_prefetch(&c->tag[set * c->ways]);
}

static inline u32 cache_dirty_bucket(u64 pline)
{
	return (u32)((u32)(pline ^ (pline >> 32)) * 0x9e3779b1u) >>
	       (32 - CACHE_DIRTY_BUCKETS_SHIFT);
}

static inline u32 cache_va_page_bucket(vaddr_t va)
{
	return ((va >> PAGE_SHIFT) * 0x9e3779b1u) >>
	       (32 - CACHE_VA_PAGE_BUCKETS_SHIFT);
}

/*
 * May a line of @va's page be in the cache?  False only when none is (a
 * VIVT cache's count says so); true otherwise.
 */
static inline bool cache_va_page_maybe_resident(const struct cache *c,
						vaddr_t va)
{
	return !c->va_pages || c->va_pages[cache_va_page_bucket(va)];
}

/*
 * What a hot path may fix of a cache at compile time, so that it is
 * compiled once per board geometry (lines_access in hw/access.c): the
 * ways, and whether the cache keeps PA lines (virtually indexed) and
 * checker counts (cache.counted).  CACHE_SHAPE_ANY fixes nothing: each
 * is read from the cache.  The *_shaped operations below take one; a
 * fixed shape must be the cache's own (cache_has_shape), and then they
 * do exactly what the plain ones do.
 */
struct cache_shape {
	u32 ways;		/* 0: any, c->ways */
	bool fixed;		/* virt and counted are given */
	bool virt;		/* pa_line and va_line kept */
	bool counted;
};

#define CACHE_SHAPE_ANY ((struct cache_shape){ 0 })
#define CACHE_SHAPE(w, v, n)                                                 \
	((struct cache_shape){ .ways = (w), .fixed = true, .virt = (v),      \
			       .counted = (n) })

static inline bool cache_has_shape(const struct cache *c,
				   struct cache_shape sh)
{
	return (!sh.ways || c->ways == sh.ways) &&
	       (!sh.fixed || ((c->pa_line != NULL) == sh.virt &&
			      c->counted == sh.counted &&
			      (sh.virt || (!c->dirty && !c->va_pages))));
}

static inline __attribute__((always_inline)) u32
cache_shape_ways(const struct cache *c, struct cache_shape sh)
{
	return sh.ways ? sh.ways : c->ways;
}

static inline __attribute__((always_inline)) bool
cache_shape_virt(const struct cache *c, struct cache_shape sh)
{
	return sh.fixed ? sh.virt : c->pa_line != NULL;
}

static inline __attribute__((always_inline)) bool
cache_shape_counted(const struct cache *c, struct cache_shape sh)
{
	return sh.fixed ? sh.counted : c->counted;
}

/* cache_locate for a cache of shape @sh. */
static inline __attribute__((always_inline)) void
cache_locate_shaped(const struct cache *c, struct cache_shape sh, vaddr_t va,
		    phys_addr_t pa, u32 *set, u64 *line)
{
	u64 pline;

	/* Not virtually indexed: PIPT, or VIPT within the page. */
	if (sh.fixed && !sh.virt) {
		pline = cache_line_of_pa(c, pa);
		*set = (u32)pline & c->set_mask;
		*line = pline;
		return;
	}
	cache_locate(c, va, pa, set, line);
}

/*
 * The way round-robin replacement takes after way @w of @ways: a mask for
 * a power of two (constant where the caller knows the ways), a compare
 * otherwise.
 */
static inline __attribute__((always_inline)) u8 cache_next_way(u32 w,
							       u32 ways)
{
	return (u8)(!(ways & (ways - 1)) ? (w + 1) & (ways - 1) :
		    w + 1 == ways ? 0 : w + 1);
}

/* Does tag @t hold @want (dirty bit ignored)? */
static inline u32 cache_match(u32 t, u32 want)
{
	return (t | CACHE_DIRTY) == want;
}

/*
 * Which of the four tags @t hold @want: bit w for t[w].  One vector
 * compare where the host has SSE2, four compares without a branch
 * otherwise; the answer is the same.
 */
static inline __attribute__((always_inline)) u32
cache_match4(const u32 *t, u32 want)
{
#ifdef __SSE2__
	__m128i x = _mm_loadu_si128((const __m128i *)t);

	x = _mm_or_si128(x, _mm_set1_epi32(CACHE_DIRTY));
	x = _mm_cmpeq_epi32(x, _mm_set1_epi32((int)want));
	return (u32)_mm_movemask_ps(_mm_castsi128_ps(x));
#else
	return cache_match(t[0], want) | cache_match(t[1], want) << 1 |
	       cache_match(t[2], want) << 2 | cache_match(t[3], want) << 3;
#endif
}

/*
 * Way holding @line in @set, or -1: a line sits in one way at most.  The
 * boards' 4-, 8- and 16-way caches in four-way compares without a branch,
 * other multiples of four four ways at a time, 2 ways without a branch,
 * any other count tag by tag.
 */
static inline __attribute__((always_inline)) int
cache_find_shaped(const struct cache *c, struct cache_shape sh, u32 set,
		  u64 line)
{
	u32 ways = cache_shape_ways(c, sh);
	const u32 *t = &c->tag[set * ways];
	u32 want = (u32)(line << 2) | CACHE_VALID | CACHE_DIRTY;
	u32 m;

	switch (ways) {
	case 2:
		m = cache_match(t[0], want) | cache_match(t[1], want) << 1;
		break;
	case 4:
		m = cache_match4(t, want);
		break;
	case 8:
		m = cache_match4(t, want) | cache_match4(t + 4, want) << 4;
		break;
	case 16:
		m = cache_match4(t, want) | cache_match4(t + 4, want) << 4 |
		    cache_match4(t + 8, want) << 8 |
		    cache_match4(t + 12, want) << 12;
		break;
	default:
		if (!(ways % 4)) {
			for (u32 w = 0; w < ways; w += 4) {
				m = cache_match4(t + w, want);
				if (m)
					return (int)(w + (u32)__builtin_ctz(m));
			}
			return -1;
		}
		for (u32 w = 0; w < ways; w++)
			if (cache_match(t[w], want))
				return (int)w;
		return -1;
	}
	return m ? __builtin_ctz(m) : -1;
}

static inline __attribute__((always_inline)) int
cache_find(const struct cache *c, u32 set, u64 line)
{
	return cache_find_shaped(c, CACHE_SHAPE_ANY, set, line);
}

/* The slot (set * ways + way) holding @line in @set, or -1. */
static inline __attribute__((always_inline)) int
cache_slot_shaped(const struct cache *c, struct cache_shape sh, u32 set,
		  u64 line)
{
	int w = cache_find_shaped(c, sh, set, line);

	return w < 0 ? -1 : (int)(set * cache_shape_ways(c, sh)) + w;
}

/* The slot holding @pa's line in a cache of shape @sh, or -1. */
static inline __attribute__((always_inline)) int
cache_slot_of_pa_shaped(const struct cache *c, struct cache_shape sh,
			phys_addr_t pa)
{
	u64 pline = cache_line_of_pa(c, pa);

	return cache_slot_shaped(c, sh, (u32)pline & c->set_mask, pline);
}

/* PA line held by line @i. */
static inline __attribute__((always_inline)) u64
cache_pline_shaped(const struct cache *c, struct cache_shape sh, u32 i)
{
	return cache_shape_virt(c, sh) ? c->pa_line[i] : c->tag[i] >> 2;
}

static inline u64 cache_pline(const struct cache *c, u32 i)
{
	return cache_pline_shaped(c, CACHE_SHAPE_ANY, i);
}

/* Line @i (valid) is written: mark it dirty, counting it if it was clean. */
static inline __attribute__((always_inline)) void
cache_mark_dirty_shaped(struct cache *c, struct cache_shape sh, u32 i)
{
	if (cache_shape_counted(c, sh) && c->dirty &&
	    !(c->tag[i] & CACHE_DIRTY))
		c->dirty[cache_dirty_bucket(cache_pline_shaped(c, sh, i))]++;
	c->tag[i] |= CACHE_DIRTY;
}

static inline __attribute__((always_inline)) phys_addr_t
cache_line_pa_shaped(const struct cache *c, struct cache_shape sh, u32 i)
{
	return (phys_addr_t)cache_pline_shaped(c, sh, i) << c->line_shift;
}

static inline phys_addr_t cache_line_pa(const struct cache *c, u32 i)
{
	return cache_line_pa_shaped(c, CACHE_SHAPE_ANY, i);
}

static inline bool cache_line_dirty(const struct cache *c, u32 i)
{
	return (c->tag[i] & (CACHE_VALID | CACHE_DIRTY)) ==
	       (CACHE_VALID | CACHE_DIRTY);
}

/* Line @i, valid, leaves (dropped or replaced). */
static inline void cache_uncount_va_page(struct cache *c, u32 i)
{
	if (c->va_pages)
		c->va_pages[cache_va_page_bucket(c->va_line[i] << c->line_shift)]--;
}

/* This cache's CPU's presence byte for PA line @pline (c->presence set). */
static inline u8 *cache_presence_byte(const struct cache *c, u64 pline)
{
	return &c->presence[(u32)pline & CACHE_PRESENCE_MASK];
}

/* Line @i, valid, leaves (dropped or replaced): its presence byte. */
static inline void cache_uncount_presence(struct cache *c, u32 i)
{
	if (unlikely(c->presence)) {
		u32 b = (u32)cache_pline(c, i) & CACHE_PRESENCE_MASK;
		u8 *n = &c->presence[b];

		BUG_ON(!*n);
		(*c->presence_lines)--;
		if (!--*n) {
			c->holders[b] &= ~c->holder_bit;
			(*c->holder_bits)--;
		}
	}
}

/* A line of @pa enters this cache (c->presence set): its presence byte. */
static inline __attribute__((always_inline)) void
cache_count_presence(struct cache *c, phys_addr_t pa)
{
	u32 b = (u32)(pa >> c->line_shift) & CACHE_PRESENCE_MASK;
	u8 *n = &c->presence[b];

	BUG_ON(*n == UINT8_MAX);
	(*c->presence_lines)++;
	if (!(*n)++) {
		c->holders[b] |= c->holder_bit;
		(*c->holder_bits)++;
	}
}

/* Line @i, dirty, stops being so (cleaned, dropped or replaced). */
static inline void cache_uncount_dirty(struct cache *c, u32 i)
{
	if (c->dirty)
		c->dirty[cache_dirty_bucket(cache_pline(c, i))]--;
}

/*
 * The checkers' counts for line @i, about to be replaced by (@va, @pa):
 * its old state leaves them, the new line enters.  Inline: the Kirkwood's
 * VIVT L1 keeps them through every miss.
 */
static inline void __cache_recount(struct cache *c, u32 i, vaddr_t va,
				   phys_addr_t pa, bool write)
{
	if (cache_line_dirty(c, i))
		cache_uncount_dirty(c, i);
	if (c->tag[i] & CACHE_VALID) {
		cache_uncount_va_page(c, i);
		cache_uncount_presence(c, i);
	}
	if (unlikely(c->presence))
		cache_count_presence(c, pa);
	if (write && c->dirty)
		c->dirty[cache_dirty_bucket(pa >> c->line_shift)]++;
	if (c->va_pages)
		c->va_pages[cache_va_page_bucket(va)]++;
	if (unlikely(c->wmask))
		c->wmask[i] = 0;
}

/*
 * __cache_recount for a cache of a fixed shape that keeps no PA lines
 * (not virtually indexed): such a cache has no dirty or va_pages counts
 * (a PA names its line; cache_has_shape holds it to that), so of the
 * counts only the presence bytes and the written-bytes mask are kept,
 * and the line's PA line is its tag's.
 */
static inline __attribute__((always_inline)) void
__cache_recount_pa(struct cache *c, u32 i, phys_addr_t pa)
{
	if (unlikely(c->presence)) {
		if (c->tag[i] & CACHE_VALID)
			cache_uncount_presence(c, i);
		cache_count_presence(c, pa);
	}
	if (unlikely(c->wmask))
		c->wmask[i] = 0;
}

/*
 * The way a random-replacement @c fills in @set of @ways: the first
 * invalid one, else the next draw of its xorshift32 generator.
 */
static inline __attribute__((always_inline)) u32
cache_random_way(struct cache *c, u32 set, u32 ways)
{
	const u32 *t = &c->tag[set * ways];
	u32 x = c->rng;

#ifdef __SSE2__
	/* Four tags at a time where the ways allow: the first invalid one. */
	if (!(ways % 4)) {
		for (u32 w = 0; w < ways; w += 4) {
			__m128i v = _mm_loadu_si128((const __m128i *)(t + w));
			u32 m;

			v = _mm_and_si128(v, _mm_set1_epi32(CACHE_VALID));
			v = _mm_cmpeq_epi32(v, _mm_setzero_si128());
			m = (u32)_mm_movemask_ps(_mm_castsi128_ps(v));
			if (m)
				return w + (u32)__builtin_ctz(m);
		}
	} else
#endif
	{
		for (u32 w = 0; w < ways; w++)
			if (!(t[w] & CACHE_VALID))
				return w;
	}

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	c->rng = x;
	return (u32)(((u64)x * ways) >> 32);
}

/*
 * __cache_miss_shaped - (@va, @pa), tag @line, is not in @set: allocate it
 * over the round-robin victim (reads always, writes with write_allocate),
 * reporting a dirty victim in @out.
 */
static inline __attribute__((always_inline)) void
__cache_miss_shaped(struct cache *c, struct cache_shape sh, vaddr_t va,
		    phys_addr_t pa, u32 set, u64 line, bool write,
		    struct cache_outcome *out)
{
	u32 ways = cache_shape_ways(c, sh), w, i;

	out->hit = false;
	out->evicted = false;
	out->evicted_dirty = false;
	out->evicted_pa = 0;
	out->allocated = false;
	if (write && !c->write_allocate)
		return;
	if (unlikely(c->rng)) {
		w = cache_random_way(c, set, ways);
	} else {
		w = c->victim[set];
		c->victim[set] = cache_next_way(w, ways);
	}
	i = set * ways + w;
	out->evicted = c->tag[i] & CACHE_VALID;
	if (cache_line_dirty(c, i)) {
		out->evicted_dirty = true;
		out->evicted_pa = cache_line_pa_shaped(c, sh, i);
	}
	/* Only caches where a PA can sit in two places keep counts. */
	if (unlikely(cache_shape_counted(c, sh))) {
		if (sh.fixed && !sh.virt)
			__cache_recount_pa(c, i, pa);
		else
			__cache_recount(c, i, va, pa, write);
	}
	c->tag[i] = (u32)(line << 2) | CACHE_VALID | (write ? CACHE_DIRTY : 0);
	if (cache_shape_virt(c, sh)) {
		c->pa_line[i] = pa >> c->line_shift;
		c->va_line[i] = va >> c->line_shift;
	}
	out->allocated = true;
	out->index = i;
}

/*
 * cache_hit_shaped - is tag @line in @set?  If so, mark it dirty for a
 * write.
 */
static inline __attribute__((always_inline)) bool
cache_hit_shaped(struct cache *c, struct cache_shape sh, u32 set, u64 line,
		 bool write)
{
	int w = cache_find_shaped(c, sh, set, line);

	if (likely(w >= 0)) {
		if (write)
			cache_mark_dirty_shaped(
				c, sh, set * cache_shape_ways(c, sh) + (u32)w);
		return true;
	}
	return false;
}

/* cache_access and cache_access_pa_shaped once the set and tag are known. */
static inline __attribute__((always_inline)) void
__cache_access_shaped(struct cache *c, struct cache_shape sh, vaddr_t va,
		      phys_addr_t pa, u32 set, u64 line, bool write,
		      struct cache_outcome *out)
{
	int w = cache_find_shaped(c, sh, set, line);

	if (likely(w >= 0)) {
		out->hit = true;
		out->allocated = false;
		out->evicted = false;
		out->evicted_dirty = false;
		out->index = set * cache_shape_ways(c, sh) + (u32)w;
		if (write)
			cache_mark_dirty_shaped(c, sh, out->index);
		return;
	}
	__cache_miss_shaped(c, sh, va, pa, set, line, write, out);
	c->evictions += out->evicted;
}

/*
 * cache_access_pa_at - cache_access_pa_shaped for a PIPT cache where a
 * lookup of @pa's set found its line at slot @slot (-1: nowhere) and only
 * other lines have been filled since: a fill of another line can replace
 * it, in its slot (the tag there says), but none can bring it back, so
 * the line is at @slot if the tag there still holds it, else nowhere --
 * what a lookup of the set would find, without one.
 */
static inline __attribute__((always_inline)) void
cache_access_pa_at(struct cache *c, struct cache_shape sh, phys_addr_t pa,
		   bool write, int slot, struct cache_outcome *out)
{
	u64 pline = cache_line_of_pa(c, pa);
	u32 want = (u32)(pline << 2) | CACHE_VALID | CACHE_DIRTY;

	if (slot >= 0 && cache_match(c->tag[slot], want)) {
		out->hit = true;
		out->allocated = false;
		out->evicted = false;
		out->evicted_dirty = false;
		out->index = (u32)slot;
		if (write)
			cache_mark_dirty_shaped(c, sh, out->index);
		return;
	}
	__cache_miss_shaped(c, sh, (vaddr_t)pa, pa, (u32)pline & c->set_mask,
			    pline, write, out);
	c->evictions += out->evicted;
}

/*
 * cache_access - look up the line holding (@va, @pa); on a miss allocate it
 * (reads always, writes only with write_allocate).  A write marks the line
 * dirty; a write miss that does not allocate goes to the next level.
 */
static inline __attribute__((always_inline)) void
cache_access(struct cache *c, vaddr_t va, phys_addr_t pa, bool write,
	     struct cache_outcome *out)
{
	u32 set;
	u64 line;

	cache_locate(c, va, pa, &set, &line);
	__cache_access_shaped(c, CACHE_SHAPE_ANY, va, pa, set, line, write,
			      out);
}

/*
 * cache_access_pa_shaped - cache_access for a PIPT cache (the outer
 * caches, which machine_create requires to be): the PA alone gives set and
 * tag.
 */
static inline __attribute__((always_inline)) void
cache_access_pa_shaped(struct cache *c, struct cache_shape sh, phys_addr_t pa,
		       bool write, struct cache_outcome *out)
{
	u64 pline = cache_line_of_pa(c, pa);

	__cache_access_shaped(c, sh, (vaddr_t)pa, pa,
			      (u32)pline & c->set_mask, pline, write, out);
}

/*
 * The tag a hit on @pa's line matches in a cache indexed and tagged by the
 * PA alone, with the dirty bit set (cache_match ignores it).
 */
static inline u32 cache_want_pa(const struct cache *c, phys_addr_t pa)
{
	return (u32)(cache_line_of_pa(c, pa) << 2) | CACHE_VALID | CACHE_DIRTY;
}

/*
 * Does line @i hold the line of @pa?  For a cache indexed and tagged by
 * the PA alone.  A line sits in its own set or nowhere, so a matching tag
 * at @i is the hit a lookup of the set would find.
 */
static inline bool cache_holds_at(const struct cache *c, u32 i, phys_addr_t pa)
{
	return i < c->sets * c->ways &&
	       cache_match(c->tag[i], cache_want_pa(c, pa));
}

/*
 * The line (set * ways + way) holding @pa's line in a cache indexed and
 * tagged by the PA alone, or -1.  A lookup only: no state changes.
 */
static inline int cache_slot_of_pa(const struct cache *c, phys_addr_t pa)
{
	return cache_slot_of_pa_shaped(c, CACHE_SHAPE_ANY, pa);
}

/* Maintenance operations on one line, selected by address. */
enum cache_op {
	CACHE_CLEAN,		/* write back if dirty, keep the line */
	CACHE_INV,		/* drop the line, dirty data lost */
	CACHE_FLUSH,		/* clean + invalidate */
};

bool __cache_maint_way(struct cache *c, u32 i, enum cache_op op,
		       phys_addr_t *wb_pa);

/*
 * cache_maint_line - apply @op to the line holding (@va, @pa) if present.
 * Return: true if a dirty line was written back; its PA goes to @wb_pa.
 */
static inline bool cache_maint_line(struct cache *c, vaddr_t va,
				    phys_addr_t pa, enum cache_op op,
				    phys_addr_t *wb_pa)
{
	u32 set;
	u64 line;
	int w;

	cache_locate(c, va, pa, &set, &line);
	w = cache_find(c, set, line);
	if (w < 0)
		return false;
	return __cache_maint_way(c, set * c->ways + (u32)w, op, wb_pa);
}

/*
 * cache_maint_all - apply @op to every line (set/way loop), calling @wb (if
 * not NULL) with the PA of each dirty line written back.
 * Return: the number of dirty lines written back.
 */
u32 cache_maint_all(struct cache *c, enum cache_op op,
		    void (*wb)(void *ctx, phys_addr_t pa), void *ctx);

/* Drop every line, as cache_maint_all(CACHE_INV) does, without the loop. */
void cache_inv_all(struct cache *c);

/*
 * May physical line @pa be dirty anywhere in @c?  False only when the
 * dirty-line counts say no copy is (a cache that keeps them); the
 * checkers' queries below answer at once then, and this lets a hot path
 * skip the call.
 */
static inline bool cache_pa_maybe_dirty(const struct cache *c, phys_addr_t pa)
{
	return !c->dirty || c->dirty[cache_dirty_bucket(pa >> c->line_shift)];
}

/*
 * cache_find_alias - for a virtually indexed cache, find a valid line that
 * holds physical line @pa under a virtual line other than @va's.  With
 * @dirty_only, consider dirty lines only.  Return: true and its VA in @other.
 */
bool cache_find_alias(const struct cache *c, vaddr_t va, phys_addr_t pa,
		      bool dirty_only, vaddr_t *other);

/* Is physical line @pa present and dirty (any index)?  Slow: checkers only. */
bool cache_pa_dirty(const struct cache *c, phys_addr_t pa);

static inline u32 cache_line_size(const struct cache *c)
{
	return 1u << c->line_shift;
}

#endif
