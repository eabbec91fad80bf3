// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernel_data=mem_map (src/mm/page_layout.c): struct page at the board's
 * kernel's size and offsets, and the buddy allocator's and the page
 * cache's field accesses charged at each struct page's mem_map address.
 */
#include "helpers.h"

#include "arch/layout.h"
#include "mm/filemap.h"
#include "mm/gfp.h"
#include "mm/highmem_internal.h"
#include "mm/mmzone.h"
#include "mm/page_layout.h"
#include "mm/page_touch.h"
#include "mm/page_tree.h"
#include "mm/slab.h"
#include "mm/slab_meta.h"
#include "platforms/platform.h"

Test(page_layout, each_kernel_has_its_headers_layout)
{
	const struct page_layout *kw = page_layout_of(true, KERNEL_VERSION(3, 14, 0), false);
	const struct page_layout *bb = page_layout_of(true, KERNEL_VERSION(5, 7, 0), true);
	const struct page_layout *nq = page_layout_of(false, KERNEL_VERSION(2, 5, 73), false);
	const struct page_layout *nqh = page_layout_of(false, KERNEL_VERSION(2, 5, 73), true);

	/* 3.14 ARM: four struct pages to a 32-byte Feroceon line. */
	cr_assert_eq(kw->size, 32);
	cr_assert_eq(kw->off[PF_count], 16);
	cr_assert_eq(kw->off[PF_mapcount], 12);
	cr_assert_eq(kw->off[PF_lru], 20);
	cr_assert_eq(kw->off[PF_private], 28);
	/* 5.7 ARM with MEMCG: 36 bytes, straddling the A8's lines. */
	cr_assert_eq(bb->size, 36);
	cr_assert_eq(bb->off[PF_lru], 4);
	cr_assert_eq(bb->off[PF_count], 28);
	cr_assert_eq(page_layout_of(true, KERNEL_VERSION(6, 1, 0), false), bb);
	/* 2.5.73 i386: 40 bytes, 44 with HIGHPTE's u64 pte_addr_t; no
	 * _mapcount (the zone's bitmap marks a buddy). */
	cr_assert_eq(nq->size, 40);
	cr_assert_eq(nqh->size, 44);
	cr_assert_eq(nq->off[PF_private], 36);
	cr_assert_eq(nqh->off[PF_private], 40);
	cr_assert_eq(nq->len[PF_mapcount], 0);
}

/* Data-cache line accesses since @p. */
static u64 line_accesses(const struct probe *p)
{
	return probe_ev(p, EV_l1d_hit) + probe_ev(p, EV_l1d_miss);
}

Test(page_layout, host_bookkeeping_touches_no_line)
{
	struct probe p;
	struct page *page;

	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=host");
	cr_assert_null(page_touch_layout);
	probe_take(&p);
	page = alloc_pages(GFP_KERNEL, 0);
	cr_assert(page);
	__free_pages(page, 0);
	cr_assert_eq(line_accesses(&p), 0);
	test_shutdown();
}

/*
 * Kirkwood, 3.14's layout: the first allocation after boot splits the
 * order-2 block at the head of its list (expand() gives back an order-1
 * and an order-0 half); the second takes that order-0 half; freeing both
 * merges back to order 2, asking page_is_buddy of the next block too.
 * Every access falls in the struct pages of the block's first three
 * frames, one 32-byte line each, plus the line of the next block's head.
 * The Feroceon's L1 allocates only on a read, so a line first written
 * misses at every store until something reads it.
 */
Test(page_layout, buddy_split_and_merge_touch_linux_fields)
{
	struct probe p;
	struct page *a, *b;

	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=mem_map", "pcp=n");
	cr_assert_eq(layout.struct_page_size, 32);
	probe_take(&p);
	a = alloc_pages(GFP_KERNEL, 0);
	/*
	 * list_del of the order-2 head (lru read, written; rmv_page_order:
	 * _mapcount, private), set_buddy_order + list_add of both halves
	 * (private, _mapcount, lru: 3 each), check_new_page (_mapcount,
	 * mapping, _count, flags), set_page_private and _count: 4+6+4+2.
	 * Misses: the head's lru read (a fill), then the halves' six
	 * stores to lines never read.
	 */
	cr_assert_eq(line_accesses(&p), 16);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 7);
	probe_take(&p);
	b = alloc_pages(GFP_KERNEL, 0);
	cr_assert_eq(b, a + 1, "the order-0 half");
	/* list_del (4) and rmv_page_order (2), the checks (4): the lru read
	 * fills the line the split only wrote; the rest hit. */
	cr_assert_eq(line_accesses(&p), 10);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 1);
	probe_take(&p);
	__free_pages(a, 0);
	/* put_page_testzero (2), free_pages_check + flags (3), the buddy
	 * b asked (3: allocated, no merge), set_buddy_order + list_add (3). */
	cr_assert_eq(line_accesses(&p), 11);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 0);
	probe_take(&p);
	__free_pages(b, 0);
	/*
	 * 5 as for a; then per merge, page_is_buddy's three reads and
	 * list_del + rmv_page_order's four accesses (the lists hold one
	 * block each, so no neighbour is written): a, then a + 2; a + 4 is
	 * asked (3) and is no free order-2 block; the order-2 head is
	 * queued (3).  5 + 7 + 7 + 3 + 3 = 25; the one miss is a + 4's
	 * line, read for the first time.
	 */
	cr_assert_eq(line_accesses(&p), 25);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 1);
	test_shutdown();
}

/*
 * 3.14's page cache on the Kirkwood: with the tree's one node already
 * there (the insert at index 2 made it), add_to_page_cache at index 3
 * writes its struct page (__set_page_locked, page_cache_get's read and
 * write of _count, mapping, index: 5) and walks the node: the top's
 * height, the slot read and written, count read and written, tag_get of
 * two tags (7).  find_get_page reads height and slot, and takes its
 * reference (_count read and written): 4.  delete_from_page_cache walks
 * the slot, clears it, drops count (4), then page->mapping and put_page
 * (3).
 */
Test(page_layout, page_cache_insert_writes_struct_page_and_node)
{
	struct address_space *as;
	struct page *a, *b, *got;
	struct probe p;

	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=mem_map");
	cr_assert(page_tree_enabled());
	as = address_space_create("test", 4);
	a = alloc_pages(GFP_KERNEL, 0);
	b = alloc_pages(GFP_KERNEL, 0);
	cr_assert(a && b);
	cr_assert_eq(add_to_page_cache(a, as, 2), 0);
	cr_assert_eq(as->tree.height, 1, "index 2 needs a node");
	probe_take(&p);
	cr_assert_eq(add_to_page_cache(b, as, 3), 0);
	cr_assert_eq(line_accesses(&p), 12);
	probe_take(&p);
	got = find_get_page(as, 3);
	cr_assert_eq(got, b);
	cr_assert_eq(line_accesses(&p), 4);
	put_page(got);
	probe_take(&p);
	delete_from_page_cache(b);
	cr_assert_eq(line_accesses(&p), 7);
	/* The last page out frees the node: an empty tree again. */
	delete_from_page_cache(a);
	cr_assert_eq(as->tree.height, 0);
	address_space_put(as);
	__free_pages(a, 0);
	__free_pages(b, 0);
	test_shutdown();
}

/* A file of 4097 pages needs three levels, as 3.14 builds them: the
 * insert at index 4096 adds a top node above the old two-level tree
 * (radix_tree_extend) and a path of two new nodes under it. */
Test(page_layout, page_tree_extends_as_the_file_grows)
{
	struct address_space *as;
	struct page *pages[3];
	u32 before;

	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=mem_map");
	as = address_space_create("test", 4097);
	for (int i = 0; i < 3; i++) {
		pages[i] = alloc_pages(GFP_KERNEL, 0);
		cr_assert(pages[i]);
	}
	cr_assert_eq(add_to_page_cache(pages[0], as, 0), 0);
	cr_assert_eq(as->tree.height, 0, "index 0 alone sits in rnode");
	cr_assert_eq(add_to_page_cache(pages[1], as, 64), 0);
	/* Two levels: the leaf holding index 0, its sibling for 64, a top. */
	cr_assert_eq(as->tree.height, 2);
	cr_assert_eq(kmem_cache_inuse(page_tree_node_cache()), 3);
	before = kmem_cache_inuse(page_tree_node_cache());
	cr_assert_eq(add_to_page_cache(pages[2], as, 4096), 0);
	cr_assert_eq(as->tree.height, 3);
	cr_assert_eq(kmem_cache_inuse(page_tree_node_cache()), before + 3);
	for (int i = 0; i < 3; i++)
		delete_from_page_cache(pages[i]);
	cr_assert_eq(kmem_cache_inuse(page_tree_node_cache()), 0);
	cr_assert_eq(as->tree.height, 0);
	address_space_put(as);
	for (int i = 0; i < 3; i++)
		__free_pages(pages[i], 0);
	test_shutdown();
}

/* Data-line accesses of a kmap_atomic + kunmap_atomic of a highmem page. */
static u64 kmap_atomic_lines(const char *kernel_data)
{
	struct probe p;
	struct page *page;
	vaddr_t va;
	u64 n;

	TEST_BOOT("kirkwood-openblocks-a7", kernel_data);
	page = alloc_pages(GFP_HIGHUSER, 0);
	cr_assert(page && PageHighMem(page));
	probe_take(&p);
	va = kmap_atomic(page);
	kunmap_atomic(va);
	n = line_accesses(&p);
	__free_pages(page, 0);
	test_shutdown();
	return n;
}

/*
 * 3.14's ARM kmap_atomic reads page->flags twice: its own PageHighMem,
 * and page_address's inside kmap_high_get (VIVT: a pkmap mapping is
 * reused).  Two accesses more than the mapping's own PTE traffic.
 */
Test(page_layout, kmap_atomic_reads_the_page_flags)
{
	u64 host = kmap_atomic_lines("kernel_data=host");
	u64 placed = kmap_atomic_lines("kernel_data=mem_map");

	cr_assert_gt(host, 0, "the fixmap PTE's store and clear");
	cr_assert_eq(placed, host + 2, "host %llu, mem_map %llu",
		     (unsigned long long)host, (unsigned long long)placed);
}

/*
 * SLUB on the Kirkwood (3.14): with 64-byte objects, 64 to a slab, the
 * 65th allocation moves the CPU to a second slab.  Freeing into the
 * first, no longer the cpu slab, is __slab_free: virt_to_head_page's
 * flags, kmem_cache_cpu's tid and page, the free pointer written into
 * the object, then the slab's struct page freelist and counters read and
 * written: 7.  Freeing into the cpu slab is the fast path's cmpxchg on
 * kmem_cache_cpu instead: 4.
 */
Test(page_layout, slub_free_touches_its_slab_page_off_the_cpu_slab)
{
	struct kmem_cache *cachep;
	vaddr_t objs[65];
	struct probe p;

	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=mem_map");
	cachep = kmem_cache_create("test", 64, 64);
	cr_assert(kmem_cache_meta(cachep));
	cr_assert_eq(kmem_cache_objs_per_slab(cachep), 64);
	for (int i = 0; i < 65; i++) {
		objs[i] = kmem_cache_alloc(cachep, GFP_KERNEL);
		cr_assert(objs[i]);
	}
	cr_assert_eq(kmem_cache_nr_slabs(cachep), 2);
	probe_take(&p);
	kmem_cache_free(cachep, objs[0]);
	cr_assert_eq(line_accesses(&p), 7);
	probe_take(&p);
	kmem_cache_free(cachep, objs[64]);
	cr_assert_eq(line_accesses(&p), 4);
	for (int i = 1; i < 64; i++)
		kmem_cache_free(cachep, objs[i]);
	kmem_cache_destroy(cachep);
	test_shutdown();
}

/*
 * SLAB on the NUMA-Q (2.5.73): the first allocation on a CPU refills its
 * array cache with batchcount = 60 objects (limit 120 for small objects,
 * enable_cpucache); the next is the fast path -- ac->avail read,
 * ac->touched written, entry[--avail] read, avail written: 4.  A free
 * with room in the array is virt_to_page's flags, avail read,
 * entry[avail++] written, avail written: 4.
 */
Test(page_layout, slab_array_cache_fast_paths)
{
	struct kmem_cache *cachep;
	vaddr_t a, b;
	struct probe p;

	TEST_BOOT("numaq-16", "kernel_data=mem_map");
	cachep = kmem_cache_create("test", 64, 32);
	a = kmem_cache_alloc(cachep, GFP_KERNEL);
	cr_assert(a);
	cr_assert_eq(slab_meta_avail(kmem_cache_meta(cachep), this_cpu()->id),
		     59);
	probe_take(&p);
	b = kmem_cache_alloc(cachep, GFP_KERNEL);
	cr_assert(b);
	cr_assert_eq(line_accesses(&p), 4);
	probe_take(&p);
	kmem_cache_free(cachep, b);
	cr_assert_eq(line_accesses(&p), 4);
	cr_assert_eq(slab_meta_avail(kmem_cache_meta(cachep), this_cpu()->id),
		     59);
	kmem_cache_free(cachep, a);
	kmem_cache_destroy(cachep);
	test_shutdown();
}
