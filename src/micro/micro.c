// SPDX-License-Identifier: GPL-2.0-only
#include "micro/micro.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "arch/layout.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/boot.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

#define MICRO_PAIRS 256
#define MICRO_WARMUP 8
#define MICRO_WRAPS 4

const char *const micro_ops[] = {
	"page_address",
	"kmap_atomic/lowmem",
	"kmap_atomic/highmem",
	"kmap_atomic_pfn/lowmem",
	"kmap_atomic_pfn/highmem",
	"kmap/hit",
	"kmap/miss",
	"kmap/wrap",
	"kmap_local/highmem",
	NULL,
};

struct snapshot {
	u64 cycles;
	u64 events[NR_EVENTS];
	struct timespec t;
};

static void snap(struct snapshot *s)
{
	s->cycles = this_cpu()->cycles;
	for (int e = 0; e < NR_EVENTS; e++)
		s->events[e] = machine_event_total((enum event)e);
	clock_gettime(CLOCK_MONOTONIC, &s->t);
}

/* Add the difference between two snapshots to the result sums. */
static void accumulate(struct micro_result *r, const struct snapshot *a,
		       const struct snapshot *b)
{
	r->cycles += (double)(b->cycles - a->cycles);
	for (int e = 0; e < NR_EVENTS; e++)
		r->events[e] += (double)(b->events[e] - a->events[e]);
	r->host_ns += (double)(b->t.tv_sec - a->t.tv_sec) * 1e9 +
		      (double)(b->t.tv_nsec - a->t.tv_nsec);
}

static struct page *alloc_or_null(gfp_t gfp, bool want_high)
{
	struct page *page = alloc_page(gfp);

	if (page && PageHighMem(page) != want_high) {
		__free_page(page);
		return NULL;
	}
	return page;
}

static void pair_kmap_atomic(struct page *page)
{
	vaddr_t v = kmap_atomic(page);

	kunmap_atomic(v);
}

static void pair_kmap_atomic_pfn(struct page *page)
{
	vaddr_t v = kmap_atomic_pfn(page_to_pfn(page));

	kunmap_atomic(v);
}

static void pair_kmap(struct page *page)
{
	kmap(page);
	kunmap(page);
}

static void pair_kmap_local(struct page *page)
{
	vaddr_t v = kmap_local_page(page);

	kunmap_local(v);
}

static void call_page_address(struct page *page)
{
	page_address(page);
}

/* Measure MICRO_PAIRS calls of @fn on @page after a warm-up. */
static void measure_repeat(struct micro_result *r, void (*fn)(struct page *),
			   struct page *page)
{
	struct snapshot a, b;

	for (int i = 0; i < MICRO_WARMUP; i++)
		fn(page);
	snap(&a);
	for (int i = 0; i < MICRO_PAIRS; i++)
		fn(page);
	snap(&b);
	accumulate(r, &a, &b);
	r->pairs = MICRO_PAIRS;
}

/*
 * kmap/miss and kmap/wrap need a new page for every pair.  Pairs are sorted
 * by whether their kmap wrapped the pool (ran flush_all_zero_pkmaps).
 */
static void measure_pkmap(struct micro_result *r, bool want_wrap,
			  struct page **pages, u32 npages)
{
	u32 wraps = 0, i = 0;
	u32 last = layout.last_pkmap;

	/* Warm-up: one full cycle of the pool, so every slot is at 1. */
	for (u32 k = 0; k < last + MICRO_WARMUP; k++, i++)
		pair_kmap(pages[i % npages]);
	while (want_wrap ? wraps < MICRO_WRAPS : r->pairs < MICRO_PAIRS) {
		struct snapshot a, b;
		struct page *page = pages[i++ % npages];
		bool wrapped;

		snap(&a);
		pair_kmap(page);
		snap(&b);
		wrapped = b.events[EV_pkmap_flush] != a.events[EV_pkmap_flush];
		wraps += wrapped;
		if (wrapped == want_wrap) {
			accumulate(r, &a, &b);
			r->pairs++;
		}
	}
}

static int run_op(struct micro_result *r, const char *op)
{
	struct page *pages[1024];
	struct page *low = alloc_or_null(GFP_KERNEL, false);
	struct page *high = alloc_or_null(GFP_HIGHUSER, true);
	u32 npages = 0;
	int ret = 0;

	if (!low)
		panic("micro: no lowmem page");
	if (!strcmp(op, "page_address")) {
		measure_repeat(r, call_page_address, low);
	} else if (!strcmp(op, "kmap_atomic/lowmem")) {
		measure_repeat(r, pair_kmap_atomic, low);
	} else if (!strcmp(op, "kmap_atomic_pfn/lowmem")) {
		measure_repeat(r, pair_kmap_atomic_pfn, low);
	} else if (!high) {
		r->available = false;
		r->why = "no highmem in this configuration";
	} else if (!strcmp(op, "kmap_atomic/highmem")) {
		measure_repeat(r, pair_kmap_atomic, high);
	} else if (!strcmp(op, "kmap_atomic_pfn/highmem")) {
		measure_repeat(r, pair_kmap_atomic_pfn, high);
	} else if (!strcmp(op, "kmap/hit")) {
		/* A holder keeps the mapping, so every pair finds it. */
		kmap(high);
		measure_repeat(r, pair_kmap, high);
		kunmap(high);
	} else if (!strcmp(op, "kmap/miss") || !strcmp(op, "kmap/wrap")) {
		u32 want = layout.last_pkmap + 8;

		while (npages < want && npages < ARRAY_SIZE(pages)) {
			pages[npages] = alloc_or_null(GFP_HIGHUSER, true);
			if (!pages[npages])
				break;
			npages++;
		}
		if (npages < want) {
			r->available = false;
			r->why = "too little highmem to cycle the pkmap pool";
		} else {
			measure_pkmap(r, !strcmp(op, "kmap/wrap"), pages,
				      npages);
		}
		for (u32 k = 0; k < npages; k++)
			__free_page(pages[k]);
	} else if (!strcmp(op, "kmap_local/highmem")) {
		if (!kmap_local_available()) {
			r->available = false;
			r->why = "the kernel flavour predates kmap_local (5.11)";
		} else {
			measure_repeat(r, pair_kmap_local, high);
		}
	} else {
		ret = -EINVAL;
	}
	if (high)
		__free_page(high);
	__free_page(low);
	return ret;
}

int micro_run(const struct settings *s, const char *op, bool host_time,
	      struct micro_result *r, char *err, size_t errlen)
{
	int ret;

	memset(r, 0, sizeof(*r));
	r->op = op;
	r->available = true;
	ret = boot_kernel(s, err, errlen);
	if (ret)
		return ret;
	ret = run_op(r, op);
	shutdown_kernel();
	if (ret) {
		snprintf(err, errlen, "unknown primitive '%s'", op);
		return ret;
	}
	if (r->pairs) {
		r->cycles /= r->pairs;
		for (int e = 0; e < NR_EVENTS; e++)
			r->events[e] /= r->pairs;
		r->host_ns /= r->pairs;
	}
	if (!host_time)
		r->host_ns = -1;
	return 0;
}
