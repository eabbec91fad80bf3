// SPDX-License-Identifier: GPL-2.0-only
/*
 * Socket buffers over simulated memory (src/net/skbuff.c): the head is a
 * kmalloc object of SKB_DATA_ALIGN(size) + the shared info, truesize adds
 * the sk_buff and the shared info, an fclone pair shares one slab object
 * and whichever half goes last frees it, page frags are reused only when
 * nobody else holds them, netdev_alloc_skb carves its heads upward out of
 * a 32 KiB block, and __skb_linearize / skb_copy_bits see the same bytes
 * the CPU wrote into the head and the fragments.
 *
 * Every test ends with skb_exit() (which panics on a live skb or a
 * non-empty skb cache) and the end-of-run audit of test_shutdown(): no
 * page or slab object may leak.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "hw/machine.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/kmalloc.h"
#include "mm/mm_types.h"
#include "mm/slab.h"
#include "net/skbuff.h"

#define KW "kirkwood-openblocks-a7"
/* 32 KiB: PAGE_SIZE << SKB_FRAG_PAGE_ORDER. */
#define FRAG_BLOCK 32768u

static void boot(void)
{
	TEST_BOOT(KW, "CONFIG_HIGHMEM=n");
}

/* skb_exit, then the end-of-run checks. */
static void finish(void)
{
	cr_assert_eq(skb_live_count(), 0);
	skb_exit();
	test_shutdown();
}

static u64 calls(enum cost_centre cc)
{
	return this_cpu()->calls[cc];
}

/* A byte pattern that differs at every offset of a frame. */
static void fill_pattern(u8 *buf, u32 len, u32 seed)
{
	for (u32 i = 0; i < len; i++)
		buf[i] = (u8)(i * 7 + seed + (i >> 8));
}

/*
 * alloc_skb(100): SKB_DATA_ALIGN(100) = 128 bytes of data, 128 + 192 =
 * 320 bytes of kmalloc -- a kmalloc-512 object (8 to a slab page).
 * truesize = 128 + 192 + 192 = 512.
 */
Test(skbuff, alloc_skb_head_and_truesize)
{
	boot();
	struct sk_buff *skb = alloc_skb(100, GFP_KERNEL);

	cr_assert(skb);
	cr_assert_eq(skb->end, 128);
	cr_assert_eq(skb->truesize, 512);
	cr_assert_eq(skb->data, 0);
	cr_assert_eq(skb->tail, 0);
	cr_assert_eq(skb->len, 0);
	cr_assert_eq(skb->data_len, 0);
	cr_assert_eq(skb->users, 1);
	cr_assert_not(skb->fclone);
	cr_assert_not(skb->head_frag);
	cr_assert_eq(skb_shinfo(skb)->dataref, 1);
	cr_assert_eq(skb_shinfo(skb)->nr_frags, 0);
	cr_assert(virt_to_cache(skb->head));
	cr_assert_eq(kmem_cache_objs_per_slab(virt_to_cache(skb->head)), 8);
	cr_assert_eq(skb_live_count(), 1);
	kfree_skb(skb);
	finish();
}

/*
 * alloc_skb(1000): 1024 bytes of data, 1216 of kmalloc -- kmalloc-2048
 * (2 to a slab page); truesize 1024 + 384 = 1408.  alloc_skb(64): 64
 * bytes, 256 of kmalloc -- kmalloc-256 (16 to a page); truesize 448.
 */
Test(skbuff, alloc_skb_sizes)
{
	boot();
	struct sk_buff *a = alloc_skb(1000, GFP_KERNEL);
	struct sk_buff *b = alloc_skb(64, GFP_KERNEL);

	cr_assert(a && b);
	cr_assert_eq(a->end, 1024);
	cr_assert_eq(a->truesize, 1408);
	cr_assert_eq(kmem_cache_objs_per_slab(virt_to_cache(a->head)), 2);
	cr_assert_eq(b->end, 64);
	cr_assert_eq(b->truesize, 448);
	cr_assert_eq(kmem_cache_objs_per_slab(virt_to_cache(b->head)), 16);
	cr_assert_eq(skb_live_count(), 2);
	kfree_skb(b);
	kfree_skb(a);
	finish();
}

/*
 * skb_reserve(64) then skb_put(100): data at head + 64, tail at 164,
 * len 100.  skb_push(14) returns head + 50; skb_pull(14) undoes it.
 */
Test(skbuff, reserve_put_push_pull)
{
	boot();
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	vaddr_t at;

	cr_assert(skb);
	skb_reserve(skb, 64);
	cr_assert_eq(skb->data, 64);
	cr_assert_eq(skb->tail, 64);
	cr_assert_eq(skb_headroom(skb), 64);
	cr_assert_eq(skb_tailroom(skb), 192);
	at = skb_put(skb, 100);
	cr_assert_eq(at, skb->head + 64);
	cr_assert_eq(skb->tail, 164);
	cr_assert_eq(skb->len, 100);
	cr_assert_eq(skb_headlen(skb), 100);
	cr_assert_eq(skb_tailroom(skb), 92);
	at = skb_push(skb, 14);
	cr_assert_eq(at, skb->head + 50);
	cr_assert_eq(skb_data(skb), skb->head + 50);
	cr_assert_eq(skb->len, 114);
	cr_assert_eq(skb_headroom(skb), 50);
	skb_pull(skb, 14);
	cr_assert_eq(skb->data, 64);
	cr_assert_eq(skb->len, 100);
	kfree_skb(skb);
	finish();
}

Test(skbuff, put_past_end_panics)
{
	boot();
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	skb_put(skb, 60);
	EXPECT_PANIC("skb_put: over the end", skb_put(skb, 5));
}

Test(skbuff, push_under_head_panics)
{
	boot();
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	skb_reserve(skb, 8);
	EXPECT_PANIC("skb_push: under the head", skb_push(skb, 9));
}

/*
 * alloc_skb_fclone takes two slab objects (the fclone pair and the head);
 * skb_clone of it takes none (the companion slot) and shares the data:
 * same head, same shared info, dataref 2.  The clone freed first frees
 * nothing; the original then frees the head and the pair object.
 */
Test(skbuff, fclone_clone_freed_first)
{
	boot();
	u64 a0 = calls(CC_kmem_cache_alloc);
	struct sk_buff *skb = alloc_skb_fclone(1000, GFP_KERNEL);
	struct sk_buff *c;
	u64 f0;

	cr_assert(skb);
	cr_assert(skb->fclone);
	cr_assert_eq(calls(CC_kmem_cache_alloc) - a0, 2);
	skb_put(skb, 500);
	a0 = calls(CC_kmem_cache_alloc);
	c = skb_clone(skb, GFP_ATOMIC);
	cr_assert(c);
	cr_assert_eq(calls(CC_kmem_cache_alloc) - a0, 0);
	cr_assert_eq(skb_live_count(), 2);
	cr_assert_eq(c->head, skb->head);
	cr_assert_eq(c->len, 500);
	cr_assert_eq(skb_shinfo(c), skb_shinfo(skb));
	cr_assert_eq(skb_shinfo(skb)->dataref, 2);
	cr_assert(skb_cloned(skb));
	cr_assert(skb_cloned(c));
	cr_assert_not(c->fclone);

	f0 = calls(CC_kmem_cache_free);
	kfree_skb(c);
	cr_assert_eq(calls(CC_kmem_cache_free) - f0, 0);
	cr_assert_eq(skb_live_count(), 1);
	cr_assert_eq(skb_shinfo(skb)->dataref, 1);
	cr_assert_not(skb_cloned(skb));
	kfree_skb(skb);
	/* The head (kfree) and the fclone object. */
	cr_assert_eq(calls(CC_kmem_cache_free) - f0, 2);
	finish();
}

/* The original freed first hands the pair object to the clone. */
Test(skbuff, fclone_original_freed_first)
{
	boot();
	struct sk_buff *skb = alloc_skb_fclone(200, GFP_KERNEL);
	struct sk_buff *c = skb_clone(skb, GFP_ATOMIC);
	u64 f0 = calls(CC_kmem_cache_free);

	cr_assert(c);
	kfree_skb(skb);
	cr_assert_eq(calls(CC_kmem_cache_free) - f0, 0);
	cr_assert_eq(skb_live_count(), 1);
	cr_assert_eq(skb_shinfo(c)->dataref, 1);
	cr_assert_not(skb_cloned(c));
	kfree_skb(c);
	cr_assert_eq(calls(CC_kmem_cache_free) - f0, 2);
	finish();
}

/*
 * Once the companion slot is taken, a second clone is an ordinary
 * skbuff_head_cache object (one allocation), and the data has three
 * users.
 */
Test(skbuff, second_clone_allocates)
{
	boot();
	struct sk_buff *skb = alloc_skb_fclone(200, GFP_KERNEL);
	struct sk_buff *c1 = skb_clone(skb, GFP_ATOMIC);
	u64 a0 = calls(CC_kmem_cache_alloc);
	struct sk_buff *c2 = skb_clone(skb, GFP_ATOMIC);

	cr_assert(c1 && c2);
	cr_assert_eq(calls(CC_kmem_cache_alloc) - a0, 1);
	cr_assert_eq(skb_shinfo(skb)->dataref, 3);
	cr_assert_eq(skb_live_count(), 3);
	kfree_skb(skb);
	kfree_skb(c2);
	cr_assert_eq(skb_shinfo(c1)->dataref, 1);
	kfree_skb(c1);
	finish();
}

/* The fclone slot is free again once the clone is gone. */
Test(skbuff, fclone_slot_reused)
{
	boot();
	struct sk_buff *skb = alloc_skb_fclone(200, GFP_KERNEL);
	struct sk_buff *c = skb_clone(skb, GFP_ATOMIC);
	u64 a0;

	kfree_skb(c);
	a0 = calls(CC_kmem_cache_alloc);
	c = skb_clone(skb, GFP_ATOMIC);
	cr_assert_eq(calls(CC_kmem_cache_alloc) - a0, 0);
	kfree_skb(c);
	kfree_skb(skb);
	finish();
}

/* A second reference (skb_get) delays the free to the last kfree_skb. */
Test(skbuff, users_count)
{
	boot();
	struct sk_buff *skb = alloc_skb(100, GFP_KERNEL);
	u64 f0;

	skb->users++;
	f0 = calls(CC_kmem_cache_free);
	kfree_skb(skb);
	cr_assert_eq(calls(CC_kmem_cache_free) - f0, 0);
	cr_assert_eq(skb_live_count(), 1);
	cr_assert_eq(skb->users, 1);
	kfree_skb(skb);
	cr_assert_eq(calls(CC_kmem_cache_free) - f0, 2);
	finish();
}

/*
 * skb_page_frag_refill: a fresh block is 32 KiB at offset 0; a page only
 * the frag holds (count 1) is reused from offset 0; one that someone else
 * holds is kept while @sz still fits, and replaced (its reference dropped)
 * when it does not.
 */
Test(skbuff, page_frag_refill)
{
	boot();
	struct page_frag pf = { 0 };
	struct page *first;

	cr_assert(skb_page_frag_refill(100, &pf, GFP_KERNEL));
	cr_assert(pf.page);
	first = pf.page;
	cr_assert_eq(pf.size, FRAG_BLOCK);
	cr_assert_eq(pf.offset, 0);
	cr_assert_eq(page_count(first), 1);

	/* Nobody else holds it: back to offset 0 on the same page. */
	pf.offset = 30000;
	cr_assert(skb_page_frag_refill(4000, &pf, GFP_KERNEL));
	cr_assert_eq(pf.page, first);
	cr_assert_eq(pf.offset, 0);

	/* Held by a fragment: kept while 2000 bytes fit ... */
	get_page(first);
	pf.offset = 30000;
	cr_assert(skb_page_frag_refill(2000, &pf, GFP_KERNEL));
	cr_assert_eq(pf.page, first);
	cr_assert_eq(pf.offset, 30000);
	cr_assert_eq(page_count(first), 2);

	/* ... and replaced when 4000 do not. */
	cr_assert(skb_page_frag_refill(4000, &pf, GFP_KERNEL));
	cr_assert_neq(pf.page, first);
	cr_assert_eq(pf.offset, 0);
	cr_assert_eq(pf.size, FRAG_BLOCK);
	cr_assert_eq(page_count(pf.page), 1);
	cr_assert_eq(page_count(first), 1);

	/* The fragment's reference is the last one of the old block. */
	skb_frag_unref(&(struct skb_frag){ .page = first });
	page_frag_release(&pf);
	cr_assert_null(pf.page);
	finish();
}

/*
 * A fragment holds a reference on its page: the page frag's own plus the
 * fragment's is 2; kfree_skb drops the fragment's.
 */
Test(skbuff, fragment_page_refcount)
{
	boot();
	struct page_frag pf = { 0 };
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);

	cr_assert(skb_page_frag_refill(1000, &pf, GFP_KERNEL));
	skb_fill_page_desc(skb, 0, pf.page, pf.offset, 1000);
	get_page(pf.page);
	pf.offset += 1000;
	skb->len += 1000;
	skb->data_len += 1000;
	cr_assert_eq(skb_shinfo(skb)->nr_frags, 1);
	cr_assert_eq(skb_shinfo(skb)->frags[0].size, 1000);
	cr_assert_eq(skb_shinfo(skb)->frags[0].page_offset, 0);
	cr_assert_eq(skb_frag_address(&skb_shinfo(skb)->frags[0]),
		     page_address(pf.page));
	cr_assert_eq(page_count(pf.page), 2);
	cr_assert_eq(skb_tailroom(skb), 0);

	/* A clone shares the fragment: no new page reference. */
	{
		struct sk_buff *c = skb_clone(skb, GFP_ATOMIC);

		cr_assert_eq(page_count(pf.page), 2);
		kfree_skb(c);
		cr_assert_eq(page_count(pf.page), 2);
	}
	kfree_skb(skb);
	cr_assert_eq(page_count(pf.page), 1);
	page_frag_release(&pf);
	finish();
}

/*
 * netdev_alloc_skb(1536): fragsz = SKB_DATA_ALIGN(1536 + 32) + 192 =
 * 1568 + 192 = 1760, so 18 heads fit a 32 KiB block (18 * 1760 = 31680),
 * carved upward; skb->data is NET_SKB_PAD (32) in.  Each skb holds a
 * reference on the block besides the cache's own.
 */
Test(skbuff, netdev_alloc_skb_carves_upward)
{
	boot();
	struct sk_buff *skb[19];
	struct page *block;

	for (int i = 0; i < 18; i++) {
		skb[i] = netdev_alloc_skb(1536, GFP_ATOMIC);
		cr_assert(skb[i]);
		cr_assert(skb[i]->head_frag);
		cr_assert_eq(skb[i]->data, 32);
		cr_assert_eq(skb[i]->tail, 32);
		cr_assert_eq(skb[i]->end, 1568);
		cr_assert_eq(skb[i]->truesize, 1568 + 384);
		cr_assert_eq(skb_data(skb[i]), skb[i]->head + 32);
		cr_assert_eq(skb_tailroom(skb[i]), 1536);
		cr_assert_eq(skb[i]->head_page, skb[0]->head_page);
		if (i)
			cr_assert_eq(skb[i]->head - skb[i - 1]->head, 1760,
				     "skb %d: head %#x, previous %#x", i,
				     skb[i]->head, skb[i - 1]->head);
	}
	block = skb[0]->head_page;
	cr_assert_eq(skb[0]->head, page_address(block));
	cr_assert_eq(page_count(block), 19);

	/* The 19th does not fit: a new block, the old one keeps the 18
	 * skbs' references only. */
	skb[18] = netdev_alloc_skb(1536, GFP_ATOMIC);
	cr_assert(skb[18]);
	cr_assert_neq(skb[18]->head_page, block);
	cr_assert_eq(skb[18]->head, page_address(skb[18]->head_page));
	cr_assert_eq(page_count(block), 18);
	cr_assert_eq(page_count(skb[18]->head_page), 2);

	for (int i = 0; i < 19; i++)
		kfree_skb(skb[i]);
	finish();
}

/* When every skb carved from the block is gone, the block is reused from
 * its start. */
Test(skbuff, netdev_alloc_skb_recycles_block)
{
	boot();
	struct sk_buff *skb[18];
	vaddr_t first;
	struct page *block;

	for (int i = 0; i < 18; i++)
		skb[i] = netdev_alloc_skb(1536, GFP_ATOMIC);
	first = skb[0]->head;
	block = skb[0]->head_page;
	for (int i = 0; i < 18; i++)
		kfree_skb(skb[i]);
	cr_assert_eq(page_count(block), 1);
	skb[0] = netdev_alloc_skb(1536, GFP_ATOMIC);
	cr_assert_eq(skb[0]->head_page, block);
	cr_assert_eq(skb[0]->head, first);
	cr_assert_eq(page_count(block), 2);
	kfree_skb(skb[0]);
	finish();
}

/*
 * A 100-byte linear part after 64 bytes of headroom and two fragments of
 * 1000 and 500 bytes; the pattern runs across all three.
 */
struct frag_skb {
	struct sk_buff *skb;
	struct page_frag pf;
	u8 bytes[1600];
};

static void build_frag_skb(struct frag_skb *f)
{
	struct sk_buff *skb = alloc_skb(164, GFP_KERNEL);

	cr_assert(skb);
	fill_pattern(f->bytes, sizeof(f->bytes), 3);
	skb_reserve(skb, 64);
	kv_write(skb_put(skb, 100), f->bytes, 100);
	f->pf = (struct page_frag){ 0 };
	cr_assert(skb_page_frag_refill(1500, &f->pf, GFP_KERNEL));
	/* Fragment 0 at offset 100 of the block, fragment 1 right after. */
	f->pf.offset = 100;
	kv_write(page_address(f->pf.page) + 100, f->bytes + 100, 1000);
	skb_fill_page_desc(skb, 0, f->pf.page, 100, 1000);
	get_page(f->pf.page);
	kv_write(page_address(f->pf.page) + 1100, f->bytes + 1100, 500);
	skb_fill_page_desc(skb, 1, f->pf.page, 1100, 500);
	get_page(f->pf.page);
	f->pf.offset = 1600;
	skb->len += 1500;
	skb->data_len += 1500;
	f->skb = skb;
}

Test(skbuff, copy_bits_across_head_and_frags)
{
	boot();
	struct frag_skb f;
	u8 out[1600];

	build_frag_skb(&f);
	cr_assert_eq(f.skb->len, 1600);
	cr_assert_eq(skb_headlen(f.skb), 100);
	cr_assert_eq(page_count(f.pf.page), 3);

	memset(out, 0, sizeof(out));
	skb_copy_bits(f.skb, 0, out, 1600);
	cr_assert_arr_eq(out, f.bytes, 1600);
	/* From inside the head into the second fragment. */
	memset(out, 0, sizeof(out));
	skb_copy_bits(f.skb, 90, out, 1020);
	cr_assert_arr_eq(out, f.bytes + 90, 1020);
	/* Inside one fragment, and across the fragment boundary. */
	memset(out, 0, sizeof(out));
	skb_copy_bits(f.skb, 300, out, 10);
	cr_assert_arr_eq(out, f.bytes + 300, 10);
	memset(out, 0, sizeof(out));
	skb_copy_bits(f.skb, 1090, out, 20);
	cr_assert_arr_eq(out, f.bytes + 1090, 20);
	/* The tail of the last fragment. */
	memset(out, 0, sizeof(out));
	skb_copy_bits(f.skb, 1599, out, 1);
	cr_assert_eq(out[0], f.bytes[1599]);

	kfree_skb(f.skb);
	cr_assert_eq(page_count(f.pf.page), 1);
	page_frag_release(&f.pf);
	finish();
}

/*
 * __skb_linearize = __pskb_pull_tail(skb, 1500) (3.16): the tail has 192 -
 * 164 = 28 bytes of room, so first pskb_expand_head(skb, 0, 1472 + 128):
 * a head of SKB_DATA_ALIGN(192 + 1600) = 1792 bytes + 192 of shared info
 * (kmalloc-2048), whose end is all the object holds, 2048 - 192 = 1856;
 * then the fragments' 1500 bytes after the linear 100, and a put_page of
 * each fragment.
 */
Test(skbuff, linearize_copies_head_and_frags)
{
	boot();
	struct frag_skb f;
	u8 out[1600];
	vaddr_t old_head;

	build_frag_skb(&f);
	old_head = f.skb->head;
	cr_assert_eq(__skb_linearize(f.skb), 0);
	cr_assert_neq(f.skb->head, old_head);
	cr_assert_eq(f.skb->data, 64);
	cr_assert_eq(f.skb->len, 1600);
	cr_assert_eq(f.skb->data_len, 0);
	cr_assert_eq(skb_headlen(f.skb), 1600);
	cr_assert_eq(f.skb->tail, 1664);
	cr_assert_eq(f.skb->end, 1856);
	cr_assert_eq(skb_shinfo(f.skb)->nr_frags, 0);
	cr_assert_eq(skb_shinfo(f.skb)->dataref, 1);
	cr_assert_eq(kmem_cache_objs_per_slab(virt_to_cache(f.skb->head)), 2);
	cr_assert_eq(page_count(f.pf.page), 1);

	memset(out, 0, sizeof(out));
	kv_read(skb_data(f.skb), out, 1600);
	cr_assert_arr_eq(out, f.bytes, 1600);
	memset(out, 0, sizeof(out));
	skb_copy_bits(f.skb, 0, out, 1600);
	cr_assert_arr_eq(out, f.bytes, 1600);

	kfree_skb(f.skb);
	page_frag_release(&f.pf);
	finish();
}

/*
 * A TSO skb of TCP's shape linearized while its clone is still below TCP
 * (the Kirkwood's send path without SG, issue 32): 164 bytes of head and
 * 16 fragments of 4000 bytes in two 32 KiB blocks.  __pskb_pull_tail has
 * 28 bytes of tailroom for 64000, so pskb_expand_head(skb, 0, 63972 + 128)
 * asks kmalloc for SKB_DATA_ALIGN(192 + 64100) + 192 = 64512 bytes: past
 * the largest cache, one order-4 (64 KiB) kmalloc_large block, whose end
 * is all of it less the shared info.  The data is shared with the clone,
 * so each fragment gains a reference there and loses one in the pull:
 * the blocks' counts are unchanged until the clone goes.
 */
Test(skbuff, linearize_a_cloned_tso_skb_takes_a_kmalloc_large_block)
{
	boot();
	struct page_frag pf[2] = { { 0 }, { 0 } };
	struct sk_buff *skb = alloc_skb(164, GFP_KERNEL), *clone;
	static u8 bytes[164 + 16 * 4000], out[sizeof(bytes)];
	u64 large = machine_event_total(EV_kmalloc_large);
	u64 frees;

	cr_assert(skb);
	fill_pattern(bytes, sizeof(bytes), 5);
	skb_reserve(skb, 64);
	kv_write(skb_put(skb, 100), bytes, 100);
	for (int i = 0; i < 16; i++) {
		struct page_frag *b = &pf[i / 8];
		u32 at = (u32)(i % 8) * 4000;

		if (i % 8 == 0)
			cr_assert(skb_page_frag_refill(4000, b, GFP_KERNEL));
		kv_write(page_address(b->page) + at, bytes + 100 + i * 4000,
			 4000);
		skb_fill_page_desc(skb, i, b->page, at, 4000);
		get_page(b->page);
	}
	skb->len += 64000;
	skb->data_len += 64000;
	clone = skb_clone(skb, GFP_ATOMIC);
	cr_assert(clone);
	cr_assert(skb_cloned(skb));
	cr_assert_eq(page_count(pf[0].page), 9);

	cr_assert_eq(__skb_linearize(skb), 0);
	cr_assert_eq(machine_event_total(EV_kmalloc_large) - large, 1);
	cr_assert_eq(ksize(skb->head), 65536);
	cr_assert_eq(skb->end, 65536 - 192);
	cr_assert_eq(skb->tail, 64 + 64100);
	cr_assert_eq(skb->data_len, 0);
	cr_assert_eq(skb_shinfo(skb)->nr_frags, 0);
	cr_assert_not(skb_cloned(skb));
	cr_assert_eq(page_count(pf[0].page), 9);
	cr_assert_eq(page_count(pf[1].page), 9);
	kv_read(skb_data(skb), out, 64100);
	cr_assert_arr_eq(out, bytes, 64100);
	/* The clone still reads the fragments. */
	skb_copy_bits(clone, 0, out, 64100);
	cr_assert_arr_eq(out, bytes, 64100);

	kfree_skb(clone);
	cr_assert_eq(page_count(pf[0].page), 1);
	frees = machine_event_total(EV_page_free);
	kfree_skb(skb);
	/* The whole block goes back at once. */
	cr_assert_eq(machine_event_total(EV_page_free) - frees, 1);
	page_frag_release(&pf[0]);
	page_frag_release(&pf[1]);
	finish();
}

/* skb_exit with an skb still alive is a leak: it panics. */
Test(skbuff, exit_with_live_skb_panics)
{
	boot();
	struct sk_buff *skb = alloc_skb(100, GFP_KERNEL);

	cr_assert(skb);
	EXPECT_PANIC("1 sk_buffs never freed", skb_exit());
}

/*
 * pskb_copy, what tcp_transmit_skb takes when the skb is still cloned:
 * the headroom and the linear bytes in a head of its own, the fragments
 * shared by reference, the TCP control block copied; the original's data
 * is untouched and still shared with its clone.
 */
Test(skbuff, pskb_copy_copies_the_head_and_shares_the_frags)
{
	boot();
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct page *pg = alloc_pages(GFP_KERNEL, SKB_FRAG_PAGE_ORDER);
	struct sk_buff *clone, *n;

	cr_assert(skb && pg);
	skb_reserve(skb, 64);
	kv_write32(skb_put(skb, 8), 0x11223344);
	skb_fill_page_desc(skb, 0, pg, 100, 1000);
	skb->len += 1000;	/* what the frag's filler accounts */
	skb->data_len += 1000;
	skb->seq = 7;
	skb->end_seq = 1015;
	skb->pcount = 1;
	clone = skb_clone(skb, GFP_ATOMIC);
	cr_assert(skb_cloned(skb));
	n = pskb_copy(skb, GFP_ATOMIC);
	cr_assert(n);
	cr_assert_neq(n->head, skb->head);
	cr_assert_eq(skb_headroom(n), 64);
	cr_assert_eq(skb_headlen(n), 8);
	cr_assert_eq(kv_read32(skb_data(n)), 0x11223344);
	cr_assert_eq(n->len, 1008);
	cr_assert_eq(n->data_len, 1000);
	cr_assert_eq(skb_shinfo(n)->nr_frags, 1);
	cr_assert_eq(skb_shinfo(n)->frags[0].page, pg);
	cr_assert_eq(skb_shinfo(n)->frags[0].page_offset, 100);
	cr_assert_eq(page_count(pg), 2, "the skbs' data and the copy");
	cr_assert_eq(n->seq, 7);
	cr_assert_eq(n->end_seq, 1015);
	cr_assert_not(skb_cloned(n));
	cr_assert_eq(skb_shinfo(skb)->dataref, 2, "still skb's and clone's");
	kfree_skb(n);
	cr_assert_eq(page_count(pg), 1);
	kfree_skb(clone);
	kfree_skb(skb);
	finish();
}

/* Data-line accesses of skb_put(skb, 100) and skb_push(skb, 20) on a
 * fresh skb, after a boot with @kernel_data. */
static u64 put_push_lines(const char *kernel_data)
{
	struct sk_buff *skb;
	struct probe p;
	u64 n;

	TEST_BOOT(KW, "CONFIG_HIGHMEM=n", kernel_data);
	skb = alloc_skb(512, GFP_KERNEL);
	cr_assert(skb);
	skb_reserve(skb, 64);
	probe_take(&p);
	skb_put(skb, 100);
	skb_push(skb, 20);
	n = probe_ev(&p, EV_l1d_hit) + probe_ev(&p, EV_l1d_miss);
	kfree_skb(skb);
	finish();
	return n;
}

/*
 * kernel_data=mem_map: skb_put reads and writes tail and len, skb_push
 * data and len, at 3.14's offsets in the sk_buff's slab object (tail 148,
 * data 160, len 80): eight accesses the host model does not make.
 */
Test(skbuff, put_and_push_touch_the_sk_buff)
{
	u64 host = put_push_lines("kernel_data=host");
	u64 placed = put_push_lines("kernel_data=mem_map");

	cr_assert_eq(host, 0);
	cr_assert_eq(placed, 8);
}
