// SPDX-License-Identifier: GPL-2.0-only
/* The pinned-user-page cache (see pin_cache.h). */
#include "mm/pin_cache.h"

#include <stdlib.h>

#include "arch/kv.h"
#include "arch/pgtable.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "kernel/lock.h"
#include "mm/gfp.h"
#include "mm/gup.h"
#include "mm/kmalloc.h"
#include "mm/mm.h"
#include "mm/mm_types.h"

/*
 * The cache as a 32-bit kernel would lay it out in one kmalloc'd block:
 *
 *   struct pin_cache {              at 0
 *       spinlock_t lock;            0
 *       struct list_head lru;       4: most recently used first
 *       unsigned short nr_used;     12
 *       unsigned short seq;         14: bumped by every insert and drop
 *       struct pin_entry *free;     16: dropped entries, through lru.next
 *       struct hlist_head hash[];   20: one pointer per bucket
 *   };
 *   struct pin_entry e[n];          after the buckets, PC_ENTRY bytes each:
 *       unsigned long va;           0
 *       struct page *page;          4
 *       unsigned int write;         8
 *       struct hlist_node node;     12: next, pprev
 *       struct list_head lru;       20: next, prev
 */
#define PC_LOCK 0u
#define PC_LRU 4u
#define PC_NR 12u
#define PC_FREE 16u
#define PC_HASH 20u
#define PC_ENTRY 28u
#define E_KEY 0u	/* va, page, write: what a compare reads */
#define E_NODE 12u
#define E_LRU 20u

#define NONE (-1)

struct pin_entry {
	vaddr_t va;		/* page-aligned */
	struct page *page;	/* NULL: free */
	bool write;
	s32 hnext, hprev;	/* the bucket's chain (hprev NONE: first) */
	s32 lnext, lprev;	/* the LRU list (lprev NONE: most recent) */
};

struct pin_cache {
	u32 n;			/* entries (pin_cache=) */
	u32 hash_bits;
	u32 nr_used;		/* entries 0..nr_used-1 have been used */
	u32 seq;		/* bumped by every insert and drop */
	s32 lru_head, lru_tail;
	s32 free_head;		/* dropped entries, chained through lnext */
	struct spinlock lock;
	vaddr_t kva;		/* the kmalloc'd block above */
	s32 *bucket;		/* first entry of each chain, or NONE */
	struct pin_entry *e;
};

static vaddr_t entry_kva(const struct pin_cache *pc, s32 i)
{
	return pc->kva + PC_HASH + (4u << pc->hash_bits) + (u32)i * PC_ENTRY;
}

static void touch_entry(const struct pin_cache *pc, s32 i, u32 off, u32 len,
			bool write)
{
	kv_touch(entry_kva(pc, i) + off, len, write);
}

/* hash_32(va >> PAGE_SHIFT, hash_bits): include/linux/hash.h's multiply. */
static u32 pin_hash(const struct pin_cache *pc, vaddr_t va)
{
	return pc->hash_bits ?
		       ((va >> PAGE_SHIFT) * 0x61C88647u) >> (32 - pc->hash_bits) :
		       0;
}

/* list_del(&e->lru): the neighbours' links, or the head's. */
static void lru_del(struct pin_cache *pc, s32 i)
{
	struct pin_entry *e = &pc->e[i];

	touch_entry(pc, i, E_LRU, 8, false);
	if (e->lnext != NONE) {
		pc->e[e->lnext].lprev = e->lprev;
		touch_entry(pc, e->lnext, E_LRU + 4, 4, true);
	} else {
		pc->lru_tail = e->lprev;
		kv_touch(pc->kva + PC_LRU + 4, 4, true);
	}
	if (e->lprev != NONE) {
		pc->e[e->lprev].lnext = e->lnext;
		touch_entry(pc, e->lprev, E_LRU, 4, true);
	} else {
		pc->lru_head = e->lnext;
		kv_touch(pc->kva + PC_LRU, 4, true);
	}
	e->lnext = e->lprev = NONE;
}

/* list_add(&e->lru, &pc->lru): most recently used. */
static void lru_add(struct pin_cache *pc, s32 i)
{
	struct pin_entry *e = &pc->e[i];

	e->lprev = NONE;
	e->lnext = pc->lru_head;
	if (e->lnext != NONE) {
		pc->e[e->lnext].lprev = i;
		touch_entry(pc, e->lnext, E_LRU + 4, 4, true);
	} else {
		pc->lru_tail = i;
		kv_touch(pc->kva + PC_LRU + 4, 4, true);
	}
	pc->lru_head = i;
	kv_touch(pc->kva + PC_LRU, 4, true);
	touch_entry(pc, i, E_LRU, 8, true);
}

/* hlist_del(&e->node). */
static void hash_del(struct pin_cache *pc, s32 i)
{
	struct pin_entry *e = &pc->e[i];

	touch_entry(pc, i, E_NODE, 8, false);
	if (e->hnext != NONE) {
		pc->e[e->hnext].hprev = e->hprev;
		touch_entry(pc, e->hnext, E_NODE + 4, 4, true);
	}
	if (e->hprev != NONE) {
		pc->e[e->hprev].hnext = e->hnext;
		touch_entry(pc, e->hprev, E_NODE, 4, true);
	} else {
		u32 b = pin_hash(pc, e->va);

		pc->bucket[b] = e->hnext;
		kv_touch(pc->kva + PC_HASH + b * 4, 4, true);
	}
	e->hnext = e->hprev = NONE;
}

/* hlist_add_head(&e->node, &pc->hash[b]). */
static void hash_add(struct pin_cache *pc, s32 i, u32 b)
{
	struct pin_entry *e = &pc->e[i];

	e->hprev = NONE;
	e->hnext = pc->bucket[b];
	if (e->hnext != NONE) {
		pc->e[e->hnext].hprev = i;
		touch_entry(pc, e->hnext, E_NODE + 4, 4, true);
	}
	pc->bucket[b] = i;
	kv_touch(pc->kva + PC_HASH + b * 4, 4, true);
	touch_entry(pc, i, E_NODE, 8, true);
}

/* Entry @i leaves: unhashed, off the LRU, its pin gone. */
static void evict(struct pin_cache *pc, s32 i)
{
	hash_del(pc, i);
	lru_del(pc, i);
	touch_entry(pc, i, E_KEY, 8, true);
	pc->seq++;
	kv_touch(pc->kva + PC_NR, 4, true);
	hw_event(this_cpu(), EV_pin_cache_unpin);
	unpin_user_page(pc->e[i].page);
	pc->e[i].page = NULL;
}

/* Entry @i dropped by an invalidation: evicted, onto the free list. */
static void drop(struct pin_cache *pc, s32 i)
{
	evict(pc, i);
	pc->e[i].lnext = pc->free_head;
	touch_entry(pc, i, E_LRU, 4, true);
	pc->free_head = i;
	kv_touch(pc->kva + PC_FREE, 4, true);
}

/* An entry to fill: a dropped one, else one never used, else NONE. */
static s32 take_free(struct pin_cache *pc)
{
	s32 i = pc->free_head;

	kv_touch(pc->kva + PC_FREE, 4, false);
	if (i != NONE) {
		touch_entry(pc, i, E_LRU, 4, false);
		pc->free_head = pc->e[i].lnext;
		pc->e[i].lnext = NONE;
		kv_touch(pc->kva + PC_FREE, 4, true);
		return i;
	}
	if (pc->nr_used < pc->n) {
		kv_touch(pc->kva + PC_NR, 4, true);
		return (s32)pc->nr_used++;
	}
	return NONE;
}

/*
 * The checker: a hit must be what the page tables say now -- the PTE of
 * @va present, mapping the cached page, writable for a write.
 */
static void check_hit(struct mm_struct *mm, const struct pin_entry *e,
		      bool write)
{
	unsigned long ptpfn = pgtable->pmd_pfn_phys(mm->pgd, e->va);
	phys_addr_t slot;
	pte_t pte;

	if (ptpfn) {
		slot = ((phys_addr_t)ptpfn << PAGE_SHIFT) +
		       pte_offset_in_page(e->va);
		pte = pte_read_phys(slot);
		if (pte_present(pte) && pte_pfn(pte) == page_to_pfn(e->page) &&
		    (!write || pte_write(pte)))
			return;
	}
	panic("pin_cache: VA %#x is cached pinned to pfn %#lx but the tables no longer map it so (a missing invalidation)",
	      e->va, page_to_pfn(e->page));
}

static struct pin_cache *pin_cache_create(void)
{
	struct pin_cache *pc = calloc(1, sizeof(*pc));
	u32 n = config->pin_cache;

	if (!pc)
		panic("pin_cache: host out of memory");
	pc->n = n;
	/* roundup_pow_of_two(n) buckets: a chain of one, on average. */
	while ((1u << pc->hash_bits) < n)
		pc->hash_bits++;
	pc->bucket = malloc(sizeof(*pc->bucket) << pc->hash_bits);
	pc->e = calloc(n, sizeof(*pc->e));
	if (!pc->bucket || !pc->e)
		panic("pin_cache: host out of memory");
	for (u32 b = 0; b < (1u << pc->hash_bits); b++)
		pc->bucket[b] = NONE;
	pc->lru_head = pc->lru_tail = pc->free_head = NONE;
	pc->kva = kmalloc(PC_HASH + (4u << pc->hash_bits) + n * PC_ENTRY,
			  GFP_KERNEL | __GFP_ZERO);
	if (!pc->kva) {
		free(pc->bucket);
		free(pc->e);
		free(pc);
		return NULL;
	}
	pc->lock = SPINLOCK_INIT("pin_cache");
	pc->lock.kva = pc->kva + PC_LOCK;
	return pc;
}

/*
 * The entry of @va in its chain, or NONE; @b gets the bucket.  Priced as
 * page_address() of a highmem page, the kernel's own hashed lookup under
 * a lock: the hash, the lock pair, and a chain step per entry compared.
 * Its lock is the irqsave kind, which this one need not be (9
 * instructions too many on ARM; coarse).
 */
static s32 lookup(struct pin_cache *pc, vaddr_t va, u32 *b)
{
	s32 i;

	*b = pin_hash(pc, va);
	charge(CODE_page_address_hash);
	kv_touch(pc->kva + PC_HASH + *b * 4, 4, false);
	for (i = pc->bucket[*b]; i != NONE; i = pc->e[i].hnext) {
		charge(CODE_page_address_entry);
		touch_entry(pc, i, E_KEY, 12, false);
		touch_entry(pc, i, E_NODE, 4, false);
		if (pc->e[i].va == va)
			return i;
	}
	return NONE;
}

struct page *pin_cache_get(struct mm_struct *mm, vaddr_t va, bool write,
			   unsigned int gup_flags)
{
	struct pin_cache *pc = mm->pin_cache;
	struct page *page;
	u32 b, seq;
	s32 i;

	va &= PAGE_MASK;
	if (!pc) {
		pc = pin_cache_create();
		if (!pc)
			return NULL;
		mm->pin_cache = pc;
	}
	spin_lock_nocharge(&pc->lock);
	i = lookup(pc, va, &b);
	if (i != NONE && (pc->e[i].write || !write)) {
		if (unlikely(machine->checks))
			check_hit(mm, &pc->e[i], write);
		/* list_move to the front, unless it is there. */
		if (pc->lru_head != i) {
			lru_del(pc, i);
			lru_add(pc, i);
		}
		spin_unlock(&pc->lock);
		hw_event(this_cpu(), EV_pin_cache_hit);
		return pc->e[i].page;
	}
	seq = pc->seq;
	spin_unlock(&pc->lock);
	hw_event(this_cpu(), EV_pin_cache_miss);
	if (pin_user_pages(va, 1, (write ? FOLL_WRITE : 0) | gup_flags,
			   &page) != 1)
		return NULL;
	spin_lock_nocharge(&pc->lock);
	/*
	 * GUP may have slept (a fault, reclaim) and another thread of the mm
	 * changed the cache: look again then.  Found usable, the other
	 * thread's pin serves and ours goes.
	 */
	kv_touch(pc->kva + PC_NR, 4, false);
	if (pc->seq != seq) {
		i = lookup(pc, va, &b);
		if (i != NONE && (pc->e[i].write || !write)) {
			spin_unlock(&pc->lock);
			unpin_user_page(page);
			return pc->e[i].page;
		}
	}
	/*
	 * The entry to fill: a read pin of the same page, which makes way
	 * for the write pin; else a free one; else the least recently used.
	 */
	if (i == NONE)
		i = take_free(pc);
	if (i == NONE)
		i = pc->lru_tail;
	BUG_ON(i == NONE);
	if (pc->e[i].page)
		evict(pc, i);
	pc->e[i].va = va;
	pc->e[i].page = page;
	pc->e[i].write = write;
	touch_entry(pc, i, E_KEY, 12, true);
	hash_add(pc, i, b);
	lru_add(pc, i);
	pc->seq++;
	spin_unlock(&pc->lock);
	return page;
}

void pin_cache_invalidate(struct mm_struct *mm, vaddr_t start, vaddr_t end)
{
	struct pin_cache *pc = mm->pin_cache;
	s32 i, next;
	u32 b;

	if (!pc || !pc->nr_used)
		return;
	start &= PAGE_MASK;
	spin_lock_nocharge(&pc->lock);
	/* One page (an rmap unmap, a COW break): its chain. */
	if (end - start <= PAGE_SIZE) {
		i = lookup(pc, start, &b);
		if (i != NONE && pc->e[i].page)
			drop(pc, i);
		spin_unlock(&pc->lock);
		return;
	}
	/*
	 * A range: the pinned entries in LRU order, priced like the model's
	 * other list walks -- one find_vma step (a range test and a next)
	 * per entry.
	 */
	for (i = pc->lru_head; i != NONE; i = next) {
		charge(CODE_find_vma_step);
		touch_entry(pc, i, E_KEY, 4, false);
		touch_entry(pc, i, E_LRU, 4, false);
		next = pc->e[i].lnext;
		if (pc->e[i].va >= start && pc->e[i].va < end)
			drop(pc, i);
	}
	spin_unlock(&pc->lock);
}

void pin_cache_flush(struct mm_struct *mm, bool free_it)
{
	struct pin_cache *pc = mm->pin_cache;

	if (!pc)
		return;
	while (pc->lru_head != NONE)
		drop(pc, pc->lru_head);
	if (!free_it)
		return;
	kfree(pc->kva);
	free(pc->bucket);
	free(pc->e);
	free(pc);
	mm->pin_cache = NULL;
}
