// SPDX-License-Identifier: GPL-2.0-only
/*
 * The buddy allocator (mm/page_alloc.c): per zone, one free list per order;
 * allocation takes the smallest block that fits and splits it (expand()),
 * freeing merges a block with its buddy at pfn ^ (1 << order) for as long
 * as the buddy is a free block of the same order in the same zone
 * (__free_one_page()).
 *
 * Per-CPU page lists (pcp=y, off by default until the boards are refitted
 * with them): order-0 pages are freed to and allocated from the running
 * CPU's list of each zone, moving to and from the buddy lists in batches
 * (struct per_cpu_pages, zone_pcp_init below).  Not modelled: their cold
 * end (no modelled caller asks for __GFP_COLD or frees cold), migrate
 * types (one list per CPU), lowmem_reserve (0 for every zone a 3.x board
 * allocates atomically from), the fair zone policy, reclaim and kswapd.
 * An allocation either finds a block in its zonelist -- after draining
 * every CPU's list, with pcp=y -- or fails.  On 3.x kernels an
 * allocation that cannot sleep must also pass the zone watermarks
 * (zone_watermark_ok below, issue 32); others are not checked.
 *
 * Page state.  A free block is described by its head alone: PG_buddy,
 * private = order, _refcount 0.  The other frames of a free block carry no
 * meaning beyond zone and node; right after boot they still say
 * PG_reserved, _refcount 1, the all-zero boot state of mm/mm_types.h,
 * because memblock_free_all() writes only heads, and not even those of
 * whole max-order blocks, which it defers (mm/mmzone.h): boot then writes
 * a handful of struct pages on any machine.  Every path that makes a frame
 * a head (expand(), deferred_grow_zone()) or hands it out (prep_new_page())
 * rewrites its state.
 */
#include "mm/gfp.h"

#include "base/panic.h"
#include "config/runtime.h"
#include "config/settings.h"
#include "kernel/sched.h"
#include "mm/highmem.h"
#include "mm/memblock.h"
#include "mm/mmzone.h"
#include "mm/page_touch.h"

unsigned int page_alloc_fail_nth;

/* pcp=y, from zone_pcp_init to zone_pcp_exit. */
static bool pcp_enabled;
/* 2.5.73's order of the high check: before the free's list_add. */
static bool pcp_check_before_add;

static void setup_per_zone_wmarks(void);

/*
 * Make @page the head of a free block of @order (set_buddy_order()).
 * Linux writes the order to private and the buddy mark to _mapcount
 * (__SetPageBuddy: PAGE_BUDDY_MAPCOUNT_VALUE; 2.5.73 marks the zone's
 * bitmap, and its layout has no _mapcount to touch).
 */
static void set_buddy_order(struct page *page, unsigned int order)
{
	page_touch(page, PF_private, true);
	page_touch(page, PF_mapcount, true);
	set_page_flags(page, 1u << PG_buddy);
	set_page_count(page, 0);
	page_mapcount_reset(page);
	page->private = order;
}

/*
 * list_add (list_add_tail with @to_tail) of @page's lru on @head: the new
 * link, and the old first (last) entry's prev (next).
 */
static void page_lru_add(struct page *page, struct list_head *head,
			 bool to_tail)
{
	page_touch(page, PF_lru, true);
	page_touch_link(to_tail ? head->prev : head->next);
	if (to_tail)
		list_add_tail(&page->lru, head);
	else
		list_add(&page->lru, head);
}

/* list_del of @page's lru: the link read, both neighbours written, the
 * link poisoned. */
static void page_lru_del(struct page *page)
{
	page_touch(page, PF_lru, false);
	page_touch_link(page->lru.prev);
	page_touch_link(page->lru.next);
	page_touch(page, PF_lru, true);
	list_del(&page->lru);
}

static void add_to_free_list(struct page *page, struct zone *zone,
			     unsigned int order, bool to_tail)
{
	struct free_area *area = &zone->free_area[order];

	set_buddy_order(page, order);
	page_lru_add(page, &area->free_list, to_tail);
	area->nr_free++;
}

/* list_del and rmv_page_order (_mapcount, private). */
static void del_page_from_free_list(struct page *page, struct zone *zone,
				    unsigned int order)
{
	page_lru_del(page);
	page_touch(page, PF_mapcount, true);
	page_touch(page, PF_private, true);
	clear_page_flag(page, PG_buddy);
	page->private = 0;
	zone->free_area[order].nr_free--;
}

/* A free order-0 page onto a CPU's list: list_add at the head, or
 * list_add_tail (a bulk refill keeps the buddy's order). */
static void pcp_list_add(struct page *page, struct per_cpu_pages *pcp,
			 bool to_tail)
{
	page_lru_add(page, &pcp->list, to_tail);
	pcp->count++;
}

/* ... and off it. */
static void pcp_list_del(struct page *page, struct per_cpu_pages *pcp)
{
	page_lru_del(page);
	pcp->count--;
}

/*
 * __free_one_page - put the block of 2^@order frames at @pfn on @zone's
 * free lists, merging it with its buddy while the buddy is free.
 * @to_tail: queue at the tail so that it is handed out last (boot).
 * Return: the number of merges.
 */
static unsigned int __free_one_page(unsigned long pfn, struct zone *zone,
				    unsigned int order, bool to_tail)
{
	unsigned int merges = 0;

	zone->free_pages += 1ul << order;
	while (order < MAX_ORDER - 1) {
		unsigned long buddy_pfn = pfn ^ (1ul << order);
		struct page *buddy;

		if (!pfn_valid(buddy_pfn))
			break;
		buddy = pfn_to_page(buddy_pfn);
		/* page_is_buddy: PageBuddy, page_order, page_zone_id. */
		page_touch(buddy, PF_mapcount, false);
		page_touch(buddy, PF_private, false);
		page_touch(buddy, PF_flags, false);
		if (!page_is_buddy(buddy, zone, order))
			break;
		del_page_from_free_list(buddy, zone, order);
		pfn &= buddy_pfn;
		order++;
		merges++;
	}
	add_to_free_list(pfn_to_page(pfn), zone, order, to_tail);
	return merges;
}

unsigned long deferred_block_from(const struct zone *zone, unsigned long pfn)
{
	unsigned long end = zone->zone_start_pfn + zone->spanned_pages;
	unsigned long start, stop;

	while (memblock_next_free_pfn_range(pfn, end, &start, &stop)) {
		unsigned long block = ALIGN_UP(start, MAX_ORDER_NR_PAGES);

		if (block + MAX_ORDER_NR_PAGES <= stop)
			return block;
		pfn = stop;
	}
	return end;
}

/*
 * deferred_grow_zone - @zone's top free list is empty and an allocation
 * needs a block from it: write the head of the lowest deferred block and
 * queue it, which is where memblock_free_all() would have put it (every
 * block queued since went to the head, and all of those are gone).
 * Context: zone->nr_deferred > 0.
 */
static void deferred_grow_zone(struct zone *zone)
{
	struct free_area *area = &zone->free_area[MAX_ORDER - 1];
	unsigned long pfn = deferred_block_from(zone, zone->first_deferred_pfn);
	struct page *page;

	if (pfn >= zone->zone_start_pfn + zone->spanned_pages)
		panic("deferred_grow_zone: %s/%u has %lu deferred blocks but none above %#lx",
		      zone->name, zone->node, zone->nr_deferred,
		      zone->first_deferred_pfn);
	page = pfn_to_page(pfn);
	set_buddy_order(page, MAX_ORDER - 1);
	list_add_tail(&page->lru, &area->free_list);
	zone->first_deferred_pfn = pfn + MAX_ORDER_NR_PAGES;
	zone->nr_deferred--;
}

/*
 * __free_pages_memory - free the frames [@start, @end) of @zone, which no
 * reservation touches, as the largest aligned blocks that fit
 * (mm/memblock.c __free_pages_memory()).  Whole max-order blocks are
 * counted, not written: they are deferred (mm/mmzone.h).
 */
static void __free_pages_memory(struct zone *zone, unsigned long start,
				unsigned long end)
{
	while (start < end) {
		unsigned int order = MAX_ORDER - 1;

		if (start)
			order = MIN(order, (unsigned int)__builtin_ctzl(start));
		while (start + (1ul << order) > end)
			order--;
		if (order == MAX_ORDER - 1) {
			zone->free_area[order].nr_free++;
			zone->free_pages += MAX_ORDER_NR_PAGES;
			zone->nr_deferred++;
		} else if (__free_one_page(start, zone, order, true)) {
			/*
			 * Cannot happen: the blocks of one free range never
			 * pair up, and a range ends at a reserved frame or
			 * the zone's end.  Were it to, a merged max-order
			 * block would be listed ahead of deferred blocks of
			 * lower pfn, out of the order Linux queues them in.
			 */
			panic("memblock_free_all: boot block pfn %#lx order %u merged",
			      start, order);
		}
		start += 1ul << order;
	}
}

/*
 * memblock_free_all - the model of memblock_free_all() ->
 * free_low_memory_core_early(): every range memblock leaves free is cut
 * into the largest aligned blocks that fit, zone by zone, and each block
 * is freed by its head only.  Blocks go to the tail of their list, as
 * __free_pages_core() has done since Linux 5.10 ("mm/page_alloc: place
 * pages to tail in __free_pages_core()"), so that the first allocations
 * come from the bottom of each zone; whole max-order blocks are deferred
 * instead, to be queued in the same order on demand.  present_pages
 * becomes the number of frames freed.  memblock is sealed.
 */
void memblock_free_all(void)
{
	if (!mem_map)
		panic("memblock_free_all: free_area_init() has not run");
	if (nr_free_pages())
		panic("memblock_free_all: called twice");

	for (u32 nid = 0; nid < nr_nodes; nid++) {
		for (int zt = 0; zt < MAX_NR_ZONES; zt++) {
			struct zone *zone = &NODE_DATA(nid)->node_zones[zt];
			unsigned long pfn = zone->zone_start_pfn;
			unsigned long end = pfn + zone->spanned_pages;
			unsigned long start, stop, freed = 0;

			while (memblock_next_free_pfn_range(pfn, end, &start,
							    &stop)) {
				__free_pages_memory(zone, start, stop);
				freed += stop - start;
				pfn = stop;
			}
			zone->present_pages = freed;
		}
	}
	memblock_seal();
	setup_per_zone_wmarks();
}

/*
 * expand - the block of 2^@high frames at @page was taken for an
 * allocation of 2^@low: give the upper halves back, one per order.
 */
static void expand(struct zone *zone, struct page *page, unsigned int low,
		   unsigned int high)
{
	unsigned long size = 1ul << high;

	while (high > low) {
		high--;
		size >>= 1;
		add_to_free_list(&page[size], zone, high, false);
	}
}

/* __rmqueue_smallest(): the smallest free block of at least @order. */
static struct page *__rmqueue(struct zone *zone, unsigned int order,
			      unsigned int *splits)
{
	for (unsigned int cur = order; cur < MAX_ORDER; cur++) {
		struct free_area *area = &zone->free_area[cur];
		struct page *page;

		if (list_empty(&area->free_list)) {
			if (cur < MAX_ORDER - 1 || !zone->nr_deferred)
				continue;
			deferred_grow_zone(zone);
		}
		page = list_first_entry(&area->free_list, struct page, lru);
		del_page_from_free_list(page, zone, cur);
		expand(zone, page, order, cur);
		zone->free_pages -= 1ul << order;
		*splits = cur - order;
		return page;
	}
	return NULL;
}

/*
 * free_pcppages_bulk (2.5.73: free_pages_bulk): the @n pages at the tail of
 * @pcp, the coldest, back to @zone's buddy lists.  Return: the merges.
 */
static unsigned int pcp_free_bulk(struct zone *zone, struct per_cpu_pages *pcp,
				  u32 n)
{
	unsigned int merges = 0;

	while (n-- && pcp->count) {
		struct page *page = list_last_entry(&pcp->list, struct page,
						    lru);

		pcp_list_del(page, pcp);
		merges += __free_one_page(page_to_pfn(page), zone, 0, false);
	}
	return merges;
}

/*
 * rmqueue_pcplist (2.5.73 and 3.14: the order-0 half of
 * buffered_rmqueue): an order-0 page from the head of CPU @cpu's list of
 * @zone, refilled first with up to a batch from the buddy lists
 * (rmqueue_bulk: each __rmqueue'd page to the tail) when it holds @low or
 * fewer.  Return: the page, or NULL if the list stays empty.
 */
static struct page *rmqueue_pcplist(struct zone *zone, u32 cpu,
				    unsigned int *splits)
{
	struct per_cpu_pages *pcp = &zone->pcp[cpu];
	struct page *page;

	if (pcp->count <= pcp->low) {
		for (u32 i = 0; i < pcp->batch; i++) {
			unsigned int s = 0;

			page = __rmqueue(zone, 0, &s);
			if (!page)
				break;
			*splits += s;
			pcp_list_add(page, pcp, true);
		}
	}
	if (!pcp->count)
		return NULL;
	page = list_first_entry(&pcp->list, struct page, lru);
	pcp_list_del(page, pcp);
	return page;
}

/*
 * free_unref_page (3.14: free_hot_cold_page, 2.5.73: free_hot_page): an
 * order-0 page to the head of this CPU's list of its zone; a list at its
 * high mark gives a batch back (after the add; 2.5.73 looks before).
 */
static void free_unref_page(struct page *page)
{
	struct zone *zone = page_zone(page);
	struct per_cpu_pages *pcp = &zone->pcp[this_cpu()->id];
	unsigned int merges = 0;

	page->private = 0;
	if (pcp_check_before_add && pcp->count >= pcp->high)
		merges = pcp_free_bulk(zone, pcp, pcp->batch);
	pcp_list_add(page, pcp, false);
	if (!pcp_check_before_add && pcp->count >= pcp->high)
		merges = pcp_free_bulk(zone, pcp, pcp->batch);
	charge_n(CODE_buddy_merge, merges);
}

/*
 * drain_all_pages: every CPU's lists back to the buddy lists, what an
 * allocation that found nothing does before it fails (Linux drains in its
 * slow path; the model has no reclaim to try first).  Return: the pages.
 */
static unsigned long drain_all_pages(void)
{
	unsigned long n = 0;
	unsigned int merges = 0;

	for (u32 nid = 0; nid < nr_nodes; nid++)
		for (int zt = 0; zt < MAX_NR_ZONES; zt++) {
			struct zone *zone = &NODE_DATA(nid)->node_zones[zt];

			n += zone_pcp_pages(zone);
			for (u32 cpu = 0; cpu < machine->ncpus; cpu++)
				merges += pcp_free_bulk(zone, &zone->pcp[cpu],
							zone->pcp[cpu].count);
		}
	charge_n(CODE_buddy_merge, merges);
	return n;
}

/*
 * zone_batchsize: about a thousandth of the zone, at most 256 KiB (2.5.73),
 * 512 KiB (3.14) or 1 MiB (5.7) of pages, a quarter of that, at least one;
 * from 2.6 clamped to 2^n - 1 (rounddown_pow_of_two(batch + batch / 2) -
 * 1).  The 512 KiB -> 1 MiB step is placed at 5.0: the trees read are
 * 3.14.1's and 5.7.14's mm/page_alloc.c.
 */
static u32 zone_batchsize(unsigned long pages, u32 version)
{
	unsigned long cap = version < KERNEL_VERSION(2, 6, 0) ? 256 * 1024 :
			    version < KERNEL_VERSION(5, 0, 0) ? 512 * 1024 :
								1024 * 1024;
	unsigned long batch = pages / 1024;

	if (batch * PAGE_SIZE > cap)
		batch = cap / PAGE_SIZE;
	batch /= 4;
	if (batch < 1)
		batch = 1;
	if (version < KERNEL_VERSION(2, 6, 0))
		return (u32)batch;
	batch += batch / 2;
	return (u32)((1ul << (63 - __builtin_clzl(batch))) - 1);
}

void zone_pcp_init(bool on)
{
	u32 v = settings_kernel_version(config);

	pcp_enabled = on;
	if (!on)
		return;
	/*
	 * 2.5.73 free_area_init_core: the hot list low 2 x batch, high
	 * 6 x batch, refilled at or below low, the high mark checked
	 * before the add.  3.14 and 5.7 pageset_set_batch: high 6 x batch,
	 * refilled when empty, checked after.  6.1 sizes high from the low
	 * watermark, which the model has not: 5.7's rule (coarse).
	 */
	pcp_check_before_add = v < KERNEL_VERSION(2, 6, 0);
	for (u32 nid = 0; nid < nr_nodes; nid++)
		for (int zt = 0; zt < MAX_NR_ZONES; zt++) {
			struct zone *zone = &NODE_DATA(nid)->node_zones[zt];
			/* pageset_set_batch: high 6 x batch, batch at
			 * least 1 (a tiny zone's batch is 2^0 - 1 = 0). */
			u32 raw = zone_batchsize(zone->present_pages, v);
			u32 batch = MAX(1u, raw);

			for (u32 cpu = 0; cpu < PCP_MAX_CPUS; cpu++) {
				struct per_cpu_pages *pcp = &zone->pcp[cpu];

				*pcp = (struct per_cpu_pages){
					.low = pcp_check_before_add ? 2 * batch : 0,
					.high = 6 * raw,
					.batch = batch,
				};
				INIT_LIST_HEAD(&pcp->list);
			}
		}
}

void zone_pcp_exit(void)
{
	pcp_enabled = false;
}

/* alloc_flags (mm/internal.h, 3.16). */
#define ALLOC_WMARK_MIN 0
#define ALLOC_WMARK_LOW 1
#define ALLOC_WMARK_MASK 3
#define ALLOC_HARDER 0x10		/* try to alloc harder */
#define ALLOC_HIGH 0x20			/* __GFP_HIGH set */

static unsigned int int_sqrt(unsigned long x)
{
	unsigned long r = 0;

	while ((r + 1) * (r + 1) <= x)
		r++;
	return (unsigned int)r;
}

/* The kernels whose watermark rule this is: 3.14's and 3.16's
 * __zone_watermark_ok and __setup_per_zone_wmarks (read; both releases
 * have them so), taken for all of 3.x. */
static bool wmarks_modelled(void)
{
	u32 v;

	if (!config)
		return false;
	v = settings_kernel_version(config);
	return v >= KERNEL_VERSION(3, 0, 0) && v < KERNEL_VERSION(4, 0, 0);
}

/*
 * init_per_zone_wmark_min -> __setup_per_zone_wmarks (3.16):
 * min_free_kbytes = int_sqrt(lowmem kbytes * 16), clamped to 128 ..
 * 65536; each lowmem zone's min is its share of it by managed pages,
 * highmem's managed / 1024 (32 .. 128); low and high add a quarter and a
 * half of the share.  Managed pages are what boot freed (present_pages).
 */
static void setup_per_zone_wmarks(void)
{
	unsigned long lowmem_pages = 0, min_kbytes, pages_min;

	if (!wmarks_modelled())
		return;
	for (u32 nid = 0; nid < nr_nodes; nid++) {
		struct pglist_data *pgdat = NODE_DATA(nid);

		for (int zt = 0; zt < MAX_NR_ZONES; zt++)
			if (zt != ZONE_HIGHMEM)
				lowmem_pages +=
					pgdat->node_zones[zt].present_pages;
	}
	if (!lowmem_pages)
		return;
	min_kbytes = int_sqrt(lowmem_pages * (PAGE_SIZE >> 10) * 16);
	min_kbytes = MIN(MAX(min_kbytes, 128ul), 65536ul);
	pages_min = min_kbytes >> (PAGE_SHIFT - 10);
	for (u32 nid = 0; nid < nr_nodes; nid++)
		for (int zt = 0; zt < MAX_NR_ZONES; zt++) {
			struct zone *z = &NODE_DATA(nid)->node_zones[zt];
			unsigned long tmp = (unsigned long)((u64)pages_min *
							    z->present_pages /
							    lowmem_pages);

			if (zt == ZONE_HIGHMEM)
				z->watermark[ALLOC_WMARK_MIN] =
					MIN(MAX(z->present_pages / 1024, 32ul),
					    128ul);
			else
				z->watermark[ALLOC_WMARK_MIN] = tmp;
			z->watermark[ALLOC_WMARK_LOW] =
				z->watermark[ALLOC_WMARK_MIN] + (tmp >> 2);
			z->watermark[2] = z->watermark[ALLOC_WMARK_MIN] +
					  (tmp >> 1);
		}
}

/*
 * __zone_watermark_ok (3.16): after taking 2^@order pages the zone keeps
 * more than the mark (less half for ALLOC_HIGH, less a quarter of the
 * rest for ALLOC_HARDER) free, and at each order below @order what is
 * free in larger blocks stays above the mark halved once more per order.
 * Free pages are NR_FREE_PAGES: the buddy lists, not the per-CPU lists.
 */
static bool zone_watermark_ok(const struct zone *z, unsigned int order,
			      int alloc_flags)
{
	long min = (long)z->watermark[alloc_flags & ALLOC_WMARK_MASK];
	long free_pages = (long)(z->free_pages - zone_pcp_pages(z));

	free_pages -= (1l << order) - 1;
	if (alloc_flags & ALLOC_HIGH)
		min -= min / 2;
	if (alloc_flags & ALLOC_HARDER)
		min -= min / 4;
	if (free_pages <= min)
		return false;
	for (unsigned int o = 0; o < order; o++) {
		free_pages -= (long)(z->free_area[o].nr_free << o);
		min >>= 1;
		if (free_pages <= min)
			return false;
	}
	return true;
}

/* gfp_to_alloc_flags (3.16) for an allocation that cannot sleep:
 * ALLOC_WMARK_MIN, ALLOC_HIGH for __GFP_HIGH, ALLOC_HARDER unless
 * __GFP_NOMEMALLOC. */
static int gfp_to_alloc_flags(gfp_t gfp)
{
	int flags = ALLOC_WMARK_MIN;

	if (gfp & __GFP_HIGH)
		flags |= ALLOC_HIGH;
	if (!(gfp & __GFP_NOMEMALLOC))
		flags |= ALLOC_HARDER;
	return flags;
}

/*
 * The zonelist, zone-ordered as 32-bit NUMA kernels built it
 * (ZONELIST_ORDER_ZONE): every node's zone of one type, the local node
 * first and then node+1, node+2, ... wrapping, before the next lower type.
 * Lowmem lives on node 0 only, so HIGHMEM -> NORMAL -> DMA falls out.
 */
static struct page *get_page_from_freelist(enum zone_type high, u32 local,
					   unsigned int order, int alloc_flags,
					   unsigned int *splits)
{
	u32 cpu = this_cpu()->id;

	for (int zt = high; zt >= 0; zt--) {
		for (u32 i = 0; i < nr_nodes; i++) {
			u32 nid = (local + i) % nr_nodes;
			struct zone *zone = &NODE_DATA(nid)->node_zones[zt];
			struct page *page;

			if (alloc_flags >= 0 &&
			    !zone_watermark_ok(zone, order, alloc_flags))
				continue;
			if (pcp_enabled && !order)
				page = rmqueue_pcplist(zone, cpu, splits);
			else
				page = __rmqueue(zone, order, splits);
			if (page)
				return page;
		}
	}
	return NULL;
}

/*
 * prep_new_page(): every frame of the block is clean, the head has a ref.
 * __GFP_ZERO clears each frame through a temporary mapping
 * (kernel_init_pages() -> clear_highpage()).
 */
static void prep_new_page(struct page *page, unsigned int order, gfp_t gfp)
{
	unsigned long nr = 1ul << order;

	for (unsigned long i = 0; i < nr; i++) {
		/* check_new_page: _mapcount, mapping, _count, flags. */
		page_touch(&page[i], PF_mapcount, false);
		page_touch(&page[i], PF_mapping, false);
		page_touch(&page[i], PF_count, false);
		page_touch(&page[i], PF_flags, false);
		set_page_flags(&page[i], 0);
		set_page_count(&page[i], 0);
		page_mapcount_reset(&page[i]);
		page[i].private = 0;
	}
	/* set_page_private(page, 0), set_page_refcounted(page). */
	page_touch(page, PF_private, true);
	page_touch(page, PF_count, true);
	set_page_count(page, 1);
	if (gfp & __GFP_ZERO) {
		for (unsigned long i = 0; i < nr; i++) {
			clear_highpage(page + i);
			hw_event(this_cpu(), EV_page_zero);
		}
	}
}

struct page *alloc_pages(gfp_t gfp, unsigned int order)
{
	CC_SCOPE(__alloc_pages);
	struct cpu *cpu = this_cpu();
	u32 local = nr_nodes ? cpu->node % nr_nodes : 0;
	unsigned int splits = 0;
	struct page *page;

	charge(CODE_alloc_pages);
	/* prepare_alloc_pages: might_sleep_if(__GFP_DIRECT_RECLAIM). */
	if (gfp & __GFP_WAIT)
		might_sleep("mm/page_alloc.c");
	if (page_alloc_fail_nth && --page_alloc_fail_nth == 0)
		goto fail;
	if (order >= MAX_ORDER)
		goto fail;
	if (!(gfp & __GFP_WAIT) && wmarks_modelled()) {
		/*
		 * Cannot sleep: __alloc_pages_nodemask's first pass at the
		 * low watermark, then the slow path's last chance at the min
		 * one with the atomic allowances; kswapd is woken (here:
		 * nothing reclaims) and the atomic allocation fails.
		 */
		page = get_page_from_freelist(gfp_zone(gfp), local, order,
					      ALLOC_WMARK_LOW, &splits);
		if (!page)
			page = get_page_from_freelist(gfp_zone(gfp), local,
						      order,
						      gfp_to_alloc_flags(gfp),
						      &splits);
		if (!page && pcp_enabled && drain_all_pages())
			page = get_page_from_freelist(gfp_zone(gfp), local,
						      order,
						      gfp_to_alloc_flags(gfp),
						      &splits);
		if (!page) {
			hw_event(cpu, EV_page_alloc_atomic_fail);
			goto fail;
		}
	} else {
		page = get_page_from_freelist(gfp_zone(gfp), local, order, -1,
					      &splits);
		if (!page && pcp_enabled && drain_all_pages())
			page = get_page_from_freelist(gfp_zone(gfp), local,
						      order, -1, &splits);
		if (!page)
			goto fail;
	}
	charge_n(CODE_buddy_split, splits);
	prep_new_page(page, order, gfp);
	hw_event(cpu, EV_page_alloc);
	return page;
fail:
	hw_event(cpu, EV_page_alloc_fail);
	return NULL;
}

/* free_pages_check() and friends: what a block must look like to go back. */
static void free_pages_check(const struct page *page, unsigned int order)
{
	unsigned long pfn = page_to_pfn(page);
	const struct zone *zone = page_zone(page);

	if (PageBuddy(page))
		panic("__free_pages: pfn %#lx is already free", pfn);
	if (PageReserved(page))
		panic("__free_pages: pfn %#lx is reserved", pfn);
	if (page_count(page) <= 0)
		panic("__free_pages: pfn %#lx has _refcount %d", pfn,
		      page_count(page));
	if (order >= MAX_ORDER || !IS_ALIGNED(pfn, 1ul << order) ||
	    pfn + (1ul << order) > zone->zone_start_pfn + zone->spanned_pages)
		panic("__free_pages: pfn %#lx is no block of order %u", pfn,
		      order);
}

void __free_pages(struct page *page, unsigned int order)
{
	CC_SCOPE(__free_pages);
	unsigned int merges;

	free_pages_check(page, order);
	/* put_page_testzero: one atomic decrement. */
	page_ref_charge();
	page_touch_rmw(page, PF_count);
	if (page_ref_dec_return(page))
		return;
	if (page_mapcount(page))
		panic("__free_pages: pfn %#lx freed while mapped (_mapcount %d)",
		      page_to_pfn(page), page_mapcount(page) - 1);
	charge(CODE_free_pages);
	/* free_pages_check: _mapcount, mapping, flags (_count just read);
	 * free_pages_prepare clears the flags. */
	page_touch(page, PF_mapcount, false);
	page_touch(page, PF_mapping, false);
	page_touch(page, PF_flags, true);
	set_page_flags(page, 0);
	hw_event(this_cpu(), EV_page_free);
	if (pcp_enabled && !order) {
		free_unref_page(page);
		return;
	}
	merges = __free_one_page(page_to_pfn(page), page_zone(page), order,
				 false);
	charge_n(CODE_buddy_merge, merges);
}

void page_ref_charge(void)
{
	charge(CODE_page_ref);
	hw_event(this_cpu(), EV_page_ref);
}

void get_page(struct page *page)
{
	if (page_count(page) <= 0)
		panic("get_page: pfn %#lx has _refcount %d", page_to_pfn(page),
		      page_count(page));
	page_ref_charge();
	page_touch_rmw(page, PF_count);
	page_ref_inc(page);
}

/* The last reference goes through __free_pages, which charges the
 * decrement (put_page_testzero) itself. */
void put_page(struct page *page)
{
	if (page_count(page) <= 0)
		panic("put_page: pfn %#lx has _refcount %d", page_to_pfn(page),
		      page_count(page));
	if (page_count(page) == 1) {
		__free_pages(page, 0);
		return;
	}
	page_ref_charge();
	page_touch_rmw(page, PF_count);
	page_ref_dec(page);
}

gfp_t gfp_highuser(enum highmem_user who)
{
	static const enum highmem_users dropped_from[] = {
		[HM_PAGE_CACHE] = HIGHMEM_USERS_PLAN3,
		[HM_PIPE] = HIGHMEM_USERS_PLAN2,
	};

	return config->highmem_users >= dropped_from[who] ? GFP_USER :
							     GFP_HIGHUSER;
}
