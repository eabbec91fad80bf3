// SPDX-License-Identifier: GPL-2.0-only
/*
 * Slab metadata accesses (see mm/slab_meta.h).
 */
#include "mm/slab_meta.h"

#include <stdlib.h>

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/page_touch.h"

enum slab_kind { KIND_SLUB, KIND_SLAB_2_5, KIND_SLAB_5 };

/* The per-CPU units' stride: no two CPUs' structures share a line. */
#define SLUB_CPU_STRIDE 64u
#define SLAB_CPU_STRIDE 512u
#define AC_ENTRY 16u		/* array_cache: avail, limit, batchcount, touched */
#define SLAB_2_5_BUFCTL 24u	/* sizeof(struct slab) */

struct slab_meta {
	enum slab_kind kind;
	u32 stride, num;
	u32 limit, batchcount;	/* SLAB's enable_cpucache */
	struct page *pcpu_page;
	unsigned int pcpu_order;
	vaddr_t pcpu;		/* CPU i's unit at pcpu + i * cpu_stride */
	u32 cpu_stride;
	u32 *avail;		/* SLAB: array_cache.avail per CPU */
	const void **cpu_slab;	/* SLUB: kmem_cache_cpu.page per CPU */
};

/* enable_cpucache (2.5.73 and 5.x alike): the array's limit by size. */
static u32 cpucache_limit(u32 size)
{
	if (size > 131072)
		return 1;
	if (size > PAGE_SIZE)
		return 8;
	if (size > 1024)
		return 24;
	if (size > 256)
		return 54;
	return 120;
}

struct slab_meta *slab_meta_create(u32 stride, u32 num)
{
	const struct platform *p;
	struct slab_meta *m;
	u32 bytes;

	if (!page_touch_layout)
		return NULL;
	p = platform();
	m = calloc(1, sizeof(*m));
	if (!m)
		panic("slab_meta: host out of memory");
	if (p->arch == PLAT_X86)
		m->kind = KIND_SLAB_2_5;
	else if (p->kernel_version >= KERNEL_VERSION(5, 0, 0))
		m->kind = KIND_SLAB_5;
	else
		m->kind = KIND_SLUB;
	m->stride = stride;
	m->num = num;
	m->limit = cpucache_limit(stride);
	m->batchcount = (m->limit + 1) / 2;
	m->cpu_stride = m->kind == KIND_SLUB ? SLUB_CPU_STRIDE : SLAB_CPU_STRIDE;
	bytes = machine->ncpus * m->cpu_stride;
	while ((PAGE_SIZE << m->pcpu_order) < bytes)
		m->pcpu_order++;
	m->avail = calloc(machine->ncpus, sizeof(*m->avail));
	m->cpu_slab = calloc(machine->ncpus, sizeof(*m->cpu_slab));
	if (!m->avail || !m->cpu_slab)
		panic("slab_meta: host out of memory");
	return m;
}

void slab_meta_forget(struct slab_meta *m)
{
	if (!m)
		return;
	free(m->avail);
	free(m->cpu_slab);
	free(m);
}

void slab_meta_destroy(struct slab_meta *m)
{
	if (!m)
		return;
	if (m->pcpu_page)
		__free_pages(m->pcpu_page, m->pcpu_order);
	slab_meta_forget(m);
}

static u32 cpu_id(void)
{
	return this_cpu()->id;
}

/*
 * The cache's per-CPU block comes with its first object (Linux allocates
 * it in kmem_cache_create), as the slab pages themselves do, so that a
 * cache made at boot and destroyed at shutdown leaves the page count boot
 * measured untouched; an allocation that cannot have it fails.
 */
int slab_meta_prepare(struct slab_meta *m)
{
	if (!m || m->pcpu_page)
		return 0;
	/* alloc_percpu / the array caches' kmalloc: lowmem; GFP_ATOMIC, as
	 * the first object may be taken in atomic context, where Linux's
	 * create-time allocation is not. */
	m->pcpu_page = alloc_pages(GFP_ATOMIC, m->pcpu_order);
	if (!m->pcpu_page)
		return -ENOMEM;
	m->pcpu = page_address(m->pcpu_page);
	return 0;
}

/* This CPU's unit (after slab_meta_prepare). */
static vaddr_t unit(const struct slab_meta *m)
{
	BUG_ON(!m->pcpu_page);
	return m->pcpu + cpu_id() * m->cpu_stride;
}

u32 slab_meta_avail(const struct slab_meta *m, u32 cpu)
{
	return m ? m->avail[cpu] : 0;
}

void slab_meta_grow(struct slab_meta *m, struct page *page, vaddr_t s_mem)
{
	if (!m)
		return;
	/* page->slab_cache and the slab's own fields (s_mem, active). */
	page_touch(page, PF_private, true);
	page_touch(page, PF_mapping, true);
	page_touch(page, PF_mapcount, true);
	switch (m->kind) {
	case KIND_SLUB:
		/* new_slab: every object's free pointer, chained. */
		for (u32 i = 0; i < m->num; i++)
			kv_touch(s_mem + i * m->stride, 4, true);
		page_touch(page, PF_index, true);	/* page->freelist */
		break;
	case KIND_SLAB_2_5:
		/* cache_init_objs: struct slab, then bufctl[i] = i + 1. */
		kv_touch(s_mem, SLAB_2_5_BUFCTL + 4 * m->num, true);
		break;
	case KIND_SLAB_5:
		/* cache_init_objs: the freelist index array. */
		kv_touch(s_mem, m->num, true);
		break;
	}
}

/* SLAB: the descriptor's part of taking or giving back @objnr. */
static void slab_descriptor(const struct slab_meta *m, struct page *page,
			    vaddr_t s_mem, u32 objnr)
{
	if (m->kind == KIND_SLAB_2_5) {
		/* slabp->inuse, slabp->free, bufctl[objnr]. */
		kv_touch_rmw(s_mem + 16, 8);
		kv_touch(s_mem + SLAB_2_5_BUFCTL + 4 * objnr, 4, true);
	} else {
		/* page->active; freelist[active] (a byte index here). */
		page_touch_rmw(page, PF_mapcount);
		kv_touch(s_mem + objnr % m->num, 1, true);
	}
}

/* SLUB's cmpxchg_double_slab: the slab page's freelist (struct page
 * +8) and counters (+12) read, then written. */
static void slub_page_cmpxchg(struct page *page)
{
	page_touch(page, PF_index, false);
	page_touch(page, PF_mapcount, false);
	page_touch(page, PF_index, true);
	page_touch(page, PF_mapcount, true);
}

void slab_meta_alloc(struct slab_meta *m, const void *slab, struct page *page,
		     vaddr_t objp, u32 objnr)
{
	vaddr_t c, s_mem;
	u32 cpu;

	if (!m)
		return;
	c = unit(m);
	cpu = cpu_id();
	s_mem = objp - objnr * m->stride;
	if (m->kind == KIND_SLUB) {
		/* slab_alloc_node: tid, freelist, page of kmem_cache_cpu. */
		kv_touch(c, 12, false);
		if (m->cpu_slab[cpu] != slab) {
			/* __slab_alloc: get_freelist, c->page set. */
			slub_page_cmpxchg(page);
			m->cpu_slab[cpu] = slab;
		}
		/* get_freepointer_safe, then this_cpu_cmpxchg_double. */
		kv_touch(objp, 4, false);
		kv_touch(c, 8, true);
		return;
	}
	/* ____cache_alloc: ac->avail, ac->touched, entry[--avail]. */
	kv_touch(c, 4, false);
	kv_touch(c + 12, 4, true);
	if (!m->avail[cpu]) {
		/* cache_alloc_refill: batchcount objects into entry[]. */
		for (u32 i = 0; i < m->batchcount; i++) {
			slab_descriptor(m, page, s_mem, (objnr + i) % m->num);
			kv_touch(c + AC_ENTRY + 4 * i, 4, true);
		}
		m->avail[cpu] = m->batchcount;
	}
	kv_touch(c + AC_ENTRY + 4 * (m->avail[cpu] - 1), 4, false);
	m->avail[cpu]--;
	kv_touch(c, 4, true);
}

void slab_meta_free(struct slab_meta *m, const void *slab, struct page *page,
		    vaddr_t objp, u32 objnr)
{
	vaddr_t c, s_mem;
	u32 cpu;

	if (!m)
		return;
	c = unit(m);
	cpu = cpu_id();
	s_mem = objp - objnr * m->stride;
	/* virt_to_head_page: the page's flags (PageTail, PageSlab). */
	page_touch(page, PF_flags, false);
	if (m->kind == KIND_SLUB) {
		/* slab_free: tid and page of kmem_cache_cpu. */
		kv_touch(c + 4, 8, false);
		/* set_freepointer(s, object, ...). */
		kv_touch(objp, 4, true);
		if (m->cpu_slab[cpu] == slab) {
			kv_touch(c, 8, true);	/* cmpxchg_double */
			return;
		}
		/* __slab_free. */
		slub_page_cmpxchg(page);
		return;
	}
	/* __cache_free: ac->avail < ac->limit, entry[avail++] = objp. */
	kv_touch(c, 4, false);
	if (m->avail[cpu] == m->limit) {
		/* cache_flusharray: free_block of batchcount entries, each
		 * finding its slab through its page, then the survivors
		 * moved down. */
		for (u32 i = 0; i < m->batchcount; i++) {
			kv_touch(c + AC_ENTRY + 4 * i, 4, false);
			page_touch(page, m->kind == KIND_SLAB_2_5 ? PF_lru :
								  PF_mapping,
				   false);
			slab_descriptor(m, page, s_mem, (objnr + i) % m->num);
		}
		for (u32 i = m->batchcount; i < m->limit; i++) {
			kv_touch(c + AC_ENTRY + 4 * i, 4, false);
			kv_touch(c + AC_ENTRY + 4 * (i - m->batchcount), 4,
				 true);
		}
		m->avail[cpu] -= m->batchcount;
	}
	kv_touch(c + AC_ENTRY + 4 * m->avail[cpu], 4, true);
	m->avail[cpu]++;
	kv_touch(c, 4, true);
}

void slab_meta_forget_slab(struct slab_meta *m, const void *slab)
{
	if (!m)
		return;
	for (u32 i = 0; i < machine->ncpus; i++)
		if (m->cpu_slab[i] == slab)
			m->cpu_slab[i] = NULL;
}
