// SPDX-License-Identifier: GPL-2.0-only
/* FreeBSD's sf_buf as a design for the copies (see sf_buf.h). */
#include "mm/sf_buf.h"

#include <stdlib.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "arch/tlbflush.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "hw/tlb.h"
#include "kernel/lock.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem_internal.h"
#include "mm/kmalloc.h"
#include "mm/page_touch.h"

/*
 * struct sf_buf on i386 with SFBUF_CPUSET (sys/sf_buf.h): list_entry
 * (LIST_ENTRY: next, prev pointer) at 0, free_entry (TAILQ_ENTRY) at 8,
 * m at 16, kva at 20, ref_count at 24, cpumask (cpuset_t: MAXCPU 32
 * bits) at 28.
 */
#define SF_BYTES 32u
#define SF_LIST 0u
#define SF_FREE 8u
#define SF_M 16u
#define SF_REF 24u
#define SF_MASK 28u

struct sf_buf {
	/* list_entry: the hash chain (hprev NULL: first in its bucket) */
	struct sf_buf *hnext, *hprev;
	u32 bucket;
	struct sf_buf *fnext, *fprev;	/* free_entry: the free list */
	struct page *m;			/* NULL: never mapped */
	vaddr_t kva;
	int ref_count;
	u32 cpumask;
	vaddr_t ptep;			/* its PTE (vtopte(kva)) */
};

static struct sf_buf *bufs;
static u32 nbufs;
static struct sf_buf **hash;	/* sf_buf_active */
static u32 hashmask;		/* sf_buf_hashmask */
static struct sf_buf *free_head, *free_tail;	/* sf_buf_freelist */
static struct spinlock sf_buf_lock;
static vaddr_t hash_kva;	/* the heads: one pointer each */
static vaddr_t desc_kva;	/* the descriptors, SF_BYTES each */
/*
 * The free list's head and the counters (nsfbufsused, nsfbufspeak) are
 * .bss statics in FreeBSD; here they share the descriptors' allocation,
 * at its end (one line either way).
 */
static vaddr_t globals_kva;

static void touch_sf(const struct sf_buf *sf, u32 off, u32 len, bool write)
{
	kv_touch(desc_kva + (u32)(sf - bufs) * SF_BYTES + off, len, write);
}

void sf_buf_init(void)
{
	u32 heads = 1;

	nbufs = layout.nr_sfbufs;
	if (!nbufs)
		return;
	/* hashinit(nsfbufs): the largest power of two not above it. */
	while (heads * 2 <= nbufs)
		heads *= 2;
	hashmask = heads - 1;
	bufs = calloc(nbufs, sizeof(*bufs));
	hash = calloc(heads, sizeof(*hash));
	if (!bufs || !hash)
		panic("sf_buf_init: host out of memory");
	desc_kva = kmalloc(nbufs * SF_BYTES + 16, GFP_KERNEL | __GFP_ZERO);
	hash_kva = kmalloc(heads * 4, GFP_KERNEL | __GFP_ZERO);
	if (!desc_kva || !hash_kva)
		panic("sf_buf_init: no lowmem for %u buffers", nbufs);
	globals_kva = desc_kva + nbufs * SF_BYTES;
	sf_buf_lock = SPINLOCK_INIT("sf_buf_lock");
	free_head = free_tail = NULL;
	for (u32 i = 0; i < nbufs; i++) {
		struct sf_buf *sf = &bufs[i];

		sf->kva = layout.sfbuf_base + i * PAGE_SIZE;
		sf->ptep = pte_offset_kernel(sf->kva);
		/* TAILQ_INSERT_TAIL(&sf_buf_freelist, &sf_bufs[i]) */
		sf->fprev = free_tail;
		if (free_tail)
			free_tail->fnext = sf;
		else
			free_head = sf;
		free_tail = sf;
	}
}

void sf_buf_forget(void)
{
	free(bufs);
	free(hash);
	bufs = NULL;
	hash = NULL;
	nbufs = 0;
}

void sf_buf_exit(void)
{
	if (!nbufs)
		return;
	for (u32 i = 0; machine->checks && i < nbufs; i++)
		if (bufs[i].ref_count)
			panic("sf_buf: the buffer at %#x still holds %d references at shutdown (a missing sf_buf_free)",
			      bufs[i].kva, bufs[i].ref_count);
	kfree(desc_kva);
	kfree(hash_kva);
	sf_buf_forget();
}

bool in_sfbuf_window(vaddr_t va)
{
	return nbufs && va >= layout.sfbuf_base &&
	       va < layout.sfbuf_base + nbufs * PAGE_SIZE;
}

static struct sf_buf *sf_of(vaddr_t va)
{
	if (!in_sfbuf_window(va))
		panic("sf_buf: %#x is not in the sf_buf window", va);
	return &bufs[(va - layout.sfbuf_base) >> PAGE_SHIFT];
}

int sfbuf_refs(vaddr_t va)
{
	return sf_of(va)->ref_count;
}

u32 sfbuf_cpumask(vaddr_t va)
{
	return sf_of(va)->cpumask;
}

vaddr_t sf_buf_kva(const struct sf_buf *sf)
{
	return sf->kva;
}

bool sf_buf_enabled(void)
{
	return nbufs;
}

struct sf_buf *sf_buf_at(vaddr_t kva)
{
	return sf_of(kva & PAGE_MASK);
}

/* TAILQ_REMOVE(&sf_buf_freelist, sf, free_entry): the neighbours' links. */
static void free_list_remove(struct sf_buf *sf)
{
	touch_sf(sf, SF_FREE, 8, false);
	if (sf->fnext) {
		sf->fnext->fprev = sf->fprev;
		touch_sf(sf->fnext, SF_FREE + 4, 4, true);
	} else {
		free_tail = sf->fprev;
		kv_touch(globals_kva + 4, 4, true);
	}
	if (sf->fprev) {
		sf->fprev->fnext = sf->fnext;
		touch_sf(sf->fprev, SF_FREE, 4, true);
	} else {
		free_head = sf->fnext;
		kv_touch(globals_kva, 4, true);
	}
	sf->fnext = sf->fprev = NULL;
}

/* TAILQ_INSERT_TAIL(&sf_buf_freelist, sf, free_entry). */
static void free_list_append(struct sf_buf *sf)
{
	kv_touch(globals_kva + 4, 4, false);
	sf->fnext = NULL;
	sf->fprev = free_tail;
	touch_sf(sf, SF_FREE, 8, true);
	if (free_tail) {
		free_tail->fnext = sf;
		touch_sf(free_tail, SF_FREE, 4, true);
	} else {
		free_head = sf;
		kv_touch(globals_kva, 4, true);
	}
	free_tail = sf;
	kv_touch(globals_kva + 4, 4, true);
}

static bool on_free_list(const struct sf_buf *sf)
{
	return sf->fprev || sf == free_head;
}

/* LIST_REMOVE(sf, list_entry): the neighbour's link, or the bucket's. */
static void hash_remove(struct sf_buf *sf)
{
	touch_sf(sf, SF_LIST, 8, false);
	if (sf->hnext) {
		sf->hnext->hprev = sf->hprev;
		touch_sf(sf->hnext, SF_LIST + 4, 4, true);
	}
	if (sf->hprev) {
		sf->hprev->hnext = sf->hnext;
		touch_sf(sf->hprev, SF_LIST, 4, true);
	} else {
		hash[sf->bucket] = sf->hnext;
		kv_touch(hash_kva + sf->bucket * 4, 4, true);
	}
	sf->hnext = NULL;
	sf->hprev = NULL;
}

/* LIST_INSERT_HEAD(hash_list, sf, list_entry). */
static void hash_insert(u32 bucket, struct sf_buf *sf)
{
	sf->bucket = bucket;
	sf->hnext = hash[bucket];
	sf->hprev = NULL;
	if (sf->hnext) {
		sf->hnext->hprev = sf;
		touch_sf(sf->hnext, SF_LIST + 4, 4, true);
	}
	hash[bucket] = sf;
	touch_sf(sf, SF_LIST, 8, true);
	kv_touch(hash_kva + bucket * 4, 4, true);
}

/*
 * The checker of the mask: a CPU in it must hold no entry for the
 * buffer's VA that maps another page.
 */
static void check_mask(const struct sf_buf *sf)
{
	phys_addr_t pa = page_to_phys(sf->m), seen;

	for (u32 c = 0; c < machine->ncpus; c++) {
		const struct cpu *cpu = &machine->cpu[c];
		int slot;

		if (!(sf->cpumask & (1u << c)))
			continue;
		slot = tlb_lookup(&cpu->tlb, sf->kva, cpu->mmu.asid);
		if (slot < 0)
			continue;
		seen = tlb_entry_page(&cpu->tlb.e[slot], sf->kva);
		if (seen != pa)
			panic("sf_buf: CPU%u is in the mask of the buffer at %#x, but its TLB maps it to PA %#llx, not the buffer's page %#llx (a mask left set over a remap)",
			      c, sf->kva, (unsigned long long)seen,
			      (unsigned long long)pa);
	}
}

/* The checker of a hit: the buffer's PTE maps its page now. */
static void check_hit(const struct sf_buf *sf)
{
	pte_t pte = pte_read_phys(__pa(sf->ptep));

	if (!pte_present(pte) || pte_pfn(pte) != page_to_pfn(sf->m))
		panic("sf_buf: the buffer at %#x is hashed to pfn %#lx, but its PTE maps %s (a lost PTE rewrite)",
		      sf->kva, page_to_pfn(sf->m),
		      pte_present(pte) ? "another page" : "nothing");
	check_mask(sf);
}

static void invlpg_ipi(void *info)
{
	local_flush_tlb_kernel_page(*(vaddr_t *)info);
}

/*
 * sf_buf_shootdown (i386/i386/vm_machdep.c): invalidate here unless this
 * CPU is in the mask; unless SFB_CPUPRIVATE, there too on every CPU that
 * is not (smp_masked_invlpg).
 */
static void sf_buf_shootdown(struct sf_buf *sf, int flags)
{
	u32 me = 1u << smp_processor_id(), others;

	touch_sf(sf, SF_MASK, 4, false);
	if (!(sf->cpumask & me)) {
		sf->cpumask |= me;
		touch_sf(sf, SF_MASK, 4, true);
		hw_event(this_cpu(), EV_sf_buf_invlpg);
		local_flush_tlb_kernel_page(sf->kva);
	}
	if (flags & SFB_CPUPRIVATE)
		return;
	others = ((machine->ncpus >= 32 ? ~0u : (1u << machine->ncpus) - 1) &
		  ~me) & ~sf->cpumask;
	if (others) {
		sf->cpumask |= others;
		touch_sf(sf, SF_MASK, 4, true);
		hw_event(this_cpu(), EV_sf_buf_ipi);
		on_each_cpu_mask(others, invlpg_ipi, &sf->kva);
	}
}

/*
 * pmap_sf_buf_map (i386/i386/pmap.c): the new PTE; an old one that was in
 * use leaves every TLB suspect, so the mask empties.
 */
static void sf_buf_map(struct sf_buf *sf, int flags)
{
	pte_t opte = ptep_get(sf->ptep);

	set_pte_at(sf->ptep, pfn_pte(page_to_pfn(sf->m), kmap_prot));
	if (pte_present(opte)) {
		sf->cpumask = 0;
		touch_sf(sf, SF_MASK, 4, true);
	}
	sf_buf_shootdown(sf, flags);
}

struct sf_buf *sf_buf_alloc(struct page *m, int flags)
{
	CC_SCOPE(sf_buf_alloc);
	u32 bucket = (u32)(m - mem_map) & hashmask;
	struct sf_buf *sf;

	BUG_ON(!nbufs);
	/* Priced as kmap_high: the lock, the page's hash chain, a count. */
	charge(CODE_kmap_high);
	spin_lock(&sf_buf_lock);
	kv_touch(hash_kva + bucket * 4, 4, false);
	for (sf = hash[bucket]; sf; sf = sf->hnext) {
		charge(CODE_page_address_entry);
		touch_sf(sf, SF_LIST, SF_M + 4, false);
		if (sf->m != m)
			continue;
		hw_event(this_cpu(), EV_sf_buf_hit);
		if (unlikely(machine->checks))
			check_hit(sf);
		touch_sf(sf, SF_REF, 4, true);
		if (++sf->ref_count == 1) {
			free_list_remove(sf);
			kv_touch(globals_kva + 8, 8, true);
		}
		sf_buf_shootdown(sf, flags);
		spin_unlock(&sf_buf_lock);
		return sf;
	}
	kv_touch(globals_kva, 4, false);
	if (!free_head) {
		spin_unlock(&sf_buf_lock);
		if (flags & SFB_NOWAIT) {
			hw_event(this_cpu(), EV_sf_buf_nowait);
			return NULL;
		}
		panic("sf_buf_alloc: all %u buffers held and the caller may not wait here (FreeBSD sleeps on sfbufa)",
		      nbufs);
	}
	hw_event(this_cpu(), EV_sf_buf_miss);
	charge(CODE_map_new_virtual_probe);
	sf = free_head;
	free_list_remove(sf);
	if (sf->m)
		hash_remove(sf);
	hash_insert(bucket, sf);
	sf->ref_count = 1;
	sf->m = m;
	touch_sf(sf, SF_M, 12, true);
	kv_touch(globals_kva + 8, 8, true);
	sf_buf_map(sf, flags);
	spin_unlock(&sf_buf_lock);
	return sf;
}

void sf_buf_free(struct sf_buf *sf)
{
	CC_SCOPE(sf_buf_free);

	charge(CODE_kunmap_high);
	spin_lock(&sf_buf_lock);
	touch_sf(sf, SF_REF, 4, true);
	if (sf->ref_count <= 0)
		panic("sf_buf_free: the buffer at %#x has no reference (a double free)",
		      sf->kva);
	if (--sf->ref_count == 0) {
		BUG_ON(on_free_list(sf));
		free_list_append(sf);
		kv_touch(globals_kva + 8, 4, true);
		/* sf_buf_unmap() is 0 on i386: the mapping stays. */
	}
	spin_unlock(&sf_buf_lock);
}
