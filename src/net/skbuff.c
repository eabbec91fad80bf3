// SPDX-License-Identifier: GPL-2.0-only
/*
 * Socket buffers (see net/skbuff.h).
 */
#include "net/skbuff.h"

#include <stdlib.h>
#include <string.h>

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/highmem.h"
#include "mm/kmalloc.h"
#include "mm/mm_types.h"
#include "mm/slab.h"
#include "mm/page_touch.h"
#include "net/checksum.h"
#include "net/net.h"

/* skbuff_head_cache and skbuff_fclone_cache: the sk_buffs' simulated
 * objects (two sk_buffs and a reference count for the fclone pair). */
static struct kmem_cache *head_cache, *fclone_cache;
static u32 live;
/* Bytes pskb_expand_head and __pskb_pull_tail copied (skb_copy_stats). */
static u64 expand_bytes, pull_bytes;

void skb_copy_stats(u64 *expanded, u64 *pulled)
{
	*expanded = expand_bytes;
	*pulled = pull_bytes;
}

/*
 * The host side of an sk_buff and the slab object that stands for it.  An
 * fclone pair (alloc_skb_fclone, then skb_clone of it) shares one object
 * of skbuff_fclone_cache; whichever half goes last frees it.
 */
struct skb_host {
	struct sk_buff skb;
	struct kmem_cache *cache;	/* of @obj; NULL: the pair owns it */
	vaddr_t obj;
	vaddr_t va;			/* this sk_buff's own place */
	struct skb_host *pair;		/* the live other half of an fclone */
	struct list_head live_list;	/* on live_skbs */
};

/* Every skb not yet freed: what skb_forget frees after a panic. */
static struct list_head live_skbs = LIST_HEAD_INIT(live_skbs);

#define SKB_DATA_ALIGN(x) (((x) + 31u) & ~31u)	/* SMP_CACHE_BYTES 32 */

/*
 * kernel_data=mem_map: the fields of 3.14's sk_buff (the Kirkwood's, the
 * one board with a NIC) and skb_shared_info that the model's code reads
 * and writes, charged at the object's address (docs/kernel-objects.md
 * section 4).  sizeof(struct sk_buff) is 176: the fclone companion sits
 * 176 bytes into skbuff_fclone_cache's object, the pair's count at 352.
 * Coarse: the send path's reads of len, data and the frags beyond these
 * (the driver's, GSO's) are not touched.
 */
#define SKB_SIZEOF 176u
#define SKB_LEN 80u		/* len, data_len */
#define SKB_FLAGS1 100u		/* cloned, ip_summed; 101: fclone */
#define SKB_DESTRUCTOR 104u
#define SKB_REFDST 72u
#define SKB_TAIL 148u		/* tail, end, head, data, truesize, users */
#define SKB_DATA 160u
#define SKB_USERS 168u
#define SHINFO_DATAREF 36u
#define SHINFO_FRAGS 44u

static void skb_touch(const struct sk_buff *skb, u32 off, u32 len, bool write)
{
	if (unlikely(page_touch_layout))
		kv_touch(((const struct skb_host *)skb)->va + off, len, write);
}

/* skb_shinfo(skb): at skb_end_pointer, in the data buffer. */
static void shinfo_touch(const struct sk_buff *skb, u32 off, u32 len,
			 bool write)
{
	if (unlikely(page_touch_layout))
		kv_touch(skb->head + skb->end + off, len, write);
}

static void skb_touch_rmw(const struct sk_buff *skb, u32 off, u32 len)
{
	skb_touch(skb, off, len, false);
	skb_touch(skb, off, len, true);
}

static void shinfo_touch_rmw(const struct sk_buff *skb, u32 off, u32 len)
{
	shinfo_touch(skb, off, len, false);
	shinfo_touch(skb, off, len, true);
}

/* __alloc_skb / __build_skb: memset up to tail, the pointers, truesize
 * and users; the shared info cleared up to dataref, dataref set. */
static void skb_init_touch(const struct sk_buff *skb)
{
	skb_touch(skb, 0, SKB_TAIL, true);
	skb_touch(skb, SKB_TAIL, 24, true);
	shinfo_touch(skb, 0, SHINFO_DATAREF + 4, true);
}

static void skb_caches(void)
{
	if (head_cache)
		return;
	head_cache = kmem_cache_create("skbuff_head_cache", SKB_STRUCT_SIZE, 32);
	fclone_cache = kmem_cache_create("skbuff_fclone_cache",
					 2 * SKB_STRUCT_SIZE + 4, 32);
}

u32 skb_live_count(void)
{
	return live;
}

static struct skb_host *skb_host_new(void)
{
	struct skb_host *h = calloc(1, sizeof(*h));

	if (!h)
		panic("skb: host out of memory");
	INIT_LIST_HEAD(&h->skb.list);
	h->skb.users = 1;
	list_add_tail(&h->live_list, &live_skbs);
	live++;
	return h;
}

static struct sk_buff *skb_host_alloc(bool fclone, gfp_t gfp)
{
	struct kmem_cache *cache;
	struct skb_host *h;
	vaddr_t obj;

	skb_caches();
	cache = fclone ? fclone_cache : head_cache;
	obj = kmem_cache_alloc(cache, gfp);
	if (!obj)
		return NULL;
	h = skb_host_new();
	h->cache = cache;
	h->obj = obj;
	h->va = obj;
	h->skb.fclone = fclone;
	return &h->skb;
}

/* kfree_skbmem: free the object unless the other fclone half lives. */
static void skb_free_host(struct sk_buff *skb)
{
	struct skb_host *h = (struct skb_host *)skb;

	if (h->pair) {
		h->pair->pair = NULL;
		if (h->cache) {
			h->pair->cache = h->cache;
			h->pair->obj = h->obj;
		}
	} else if (h->cache) {
		kmem_cache_free(h->cache, h->obj);
	}
	list_del(&h->live_list);
	free(h);
	live--;
}

/*
 * kmalloc_reserve (3.16): a head from kmalloc with __GFP_NOMEMALLOC |
 * __GFP_NOWARN -- no ALLOC_HARDER -- and, failing that, again without
 * them only where the pfmemalloc reserves are allowed (__GFP_MEMALLOC or
 * a PF_MEMALLOC task), which no modelled caller is.
 */
static vaddr_t kmalloc_reserve(u32 size, gfp_t gfp)
{
	return kmalloc(size, gfp | __GFP_NOMEMALLOC | __GFP_NOWARN);
}

struct sk_buff *__alloc_skb(u32 size, gfp_t gfp, bool fclone)
{
	struct sk_buff *skb = skb_host_alloc(fclone, gfp);
	u32 data = SKB_DATA_ALIGN(size);

	if (!skb)
		return NULL;
	skb->head = kmalloc_reserve(data + SKB_SHINFO_SIZE, gfp);
	if (!skb->head) {
		skb_free_host(skb);
		return NULL;
	}
	skb->end = data;
	skb->truesize = SKB_TRUESIZE(data);
	skb->shinfo = calloc(1, sizeof(*skb->shinfo));
	if (!skb->shinfo)
		panic("skb: host out of memory");
	skb->shinfo->dataref = 1;
	skb_init_touch(skb);
	return skb;
}

/* netdev_alloc_cache: the per-CPU page the RX heads are carved from. */
static struct page_frag netdev_frag;

struct sk_buff *netdev_alloc_skb(u32 length, gfp_t gfp)
{
	u32 fragsz = SKB_DATA_ALIGN(length + NET_SKB_PAD) + SKB_SHINFO_SIZE;
	struct sk_buff *skb;

	if (!netdev_frag.page || netdev_frag.offset + fragsz > netdev_frag.size) {
		/* Recycle the page when every skb carved from it is gone. */
		if (netdev_frag.page && page_count(netdev_frag.page) == 1) {
			netdev_frag.offset = 0;
		} else {
			page_frag_release(&netdev_frag);
			if (!skb_page_frag_refill(fragsz, &netdev_frag, gfp))
				return NULL;
		}
	}
	skb = skb_host_alloc(false, gfp);
	if (!skb)
		return NULL;
	get_page(netdev_frag.page);
	skb->head_frag = true;
	skb->head_page = netdev_frag.page;
	skb->head = page_address(netdev_frag.page) + netdev_frag.offset;
	netdev_frag.offset += fragsz;
	skb->end = fragsz - SKB_SHINFO_SIZE;
	skb->truesize = SKB_TRUESIZE(skb->end);
	skb->shinfo = calloc(1, sizeof(*skb->shinfo));
	if (!skb->shinfo)
		panic("skb: host out of memory");
	skb->shinfo->dataref = 1;
	skb_init_touch(skb);
	skb_reserve(skb, NET_SKB_PAD);
	return skb;
}

struct sk_buff *skb_clone(struct sk_buff *skb, gfp_t gfp)
{
	struct skb_host *h = (struct skb_host *)skb;
	struct skb_host *n;

	if (skb->fclone && !h->pair && h->cache) {
		/* The companion slot of the fclone object: no allocation. */
		n = skb_host_new();
		n->pair = h;
		h->pair = n;
		n->va = h->va + SKB_SIZEOF;
		/* fclone_ref: atomic_inc. */
		skb_touch_rmw(skb, 2 * SKB_SIZEOF, 4);
	} else {
		struct sk_buff *c = skb_host_alloc(false, gfp);

		if (!c)
			return NULL;
		n = (struct skb_host *)c;
	}
	n->skb = *skb;
	INIT_LIST_HEAD(&n->skb.list);
	n->skb.users = 1;
	n->skb.sk = NULL;
	n->skb.destructor = NULL;
	n->skb.fclone = false;
	n->skb.cloned = true;
	skb->cloned = true;
	skb->shinfo->dataref++;
	/* __skb_clone: __copy_skb_header and the rest read from the old,
	 * written to the new; skb->cloned; atomic_inc(&shinfo->dataref). */
	skb_touch(skb, 0, SKB_SIZEOF, false);
	skb_touch(&n->skb, 0, SKB_SIZEOF, true);
	skb_touch(skb, SKB_FLAGS1, 1, true);
	shinfo_touch_rmw(skb, SHINFO_DATAREF, 4);
	return &n->skb;
}

bool skb_cloned(const struct sk_buff *skb)
{
	return skb->cloned && skb->shinfo->dataref != 1;
}

bool skb_fclone_busy(const struct sk_buff *skb)
{
	const struct skb_host *h = (const struct skb_host *)skb;

	/* SKB_FCLONE_ORIG with its companion SKB_FCLONE_CLONE. */
	return skb->fclone && h->pair;
}

/* skb_frag_ref on each fragment of @sh: a new owner of them all. */
static void skb_frags_get(const struct skb_shared_info *sh)
{
	for (int i = 0; i < sh->nr_frags; i++) {
		page_ref_charge();
		page_ref_inc(sh->frags[i].page);
	}
}

struct sk_buff *pskb_copy(struct sk_buff *skb, gfp_t gfp)
{
	u32 headroom = skb_headroom(skb), hl = skb_headlen(skb);
	struct sk_buff *n = __alloc_skb(headroom + hl, gfp, false);
	struct skb_shared_info *sh;

	if (!n)
		return NULL;
	skb_reserve(n, headroom);
	kv_memcpy(skb_put(n, hl), skb_data(skb), hl);
	sh = skb_shinfo(n);
	*sh = *skb_shinfo(skb);
	sh->dataref = 1;
	skb_frags_get(sh);
	n->truesize += skb->data_len;
	n->data_len = skb->data_len;
	n->len = skb->len;
	/* copy_skb_header: the offsets, checksum state and TCP_SKB_CB. */
	n->mac_header = skb->mac_header;
	n->network_header = skb->network_header;
	n->transport_header = skb->transport_header;
	n->ip_summed = skb->ip_summed;
	n->csum = skb->csum;
	n->seq = skb->seq;
	n->end_seq = skb->end_seq;
	n->tcp_flags = skb->tcp_flags;
	n->pcount = skb->pcount;
	return n;
}

void skb_frag_unref(struct skb_frag *frag)
{
	struct page *page = frag->page;

	/* put_page on the compound head: the block frees at zero. */
	if (page_count(page) == 1) {
		__free_pages(page, SKB_FRAG_PAGE_ORDER);
	} else {
		page_ref_charge();
		page_ref_dec(page);
	}
}

vaddr_t skb_frag_address(const struct skb_frag *frag)
{
	BUG_ON(PageHighMem(frag->page));
	return page_address(frag->page) + frag->page_offset;
}

/*
 * Copy @n bytes at @off into fragment @f to the kernel address @to (by
 * the loop @cc), or to the host buffer @host: a lowmem fragment through
 * the direct map, a highmem one a page at a time through kmap_atomic, as
 * skb_copy_bits does.
 */
static void frag_copy_as(const struct skb_frag *f, u32 off, vaddr_t to,
			 u8 *host, u32 n, enum code_cost cc)
{
	u32 pos = f->page_offset + off;

	while (n) {
		struct page *pg = pfn_to_page(page_to_pfn(f->page) +
					      (pos >> PAGE_SHIFT));
		u32 in = pos & (PAGE_SIZE - 1);
		u32 k = MIN(n, (u32)PAGE_SIZE - in);
		page_touch(pg, PF_flags, false);	/* PageHighMem */
		bool high = PageHighMem(pg);
		vaddr_t va = high ? kmap_atomic(pg) : page_address(pg);

		if (host)
			kv_read(va + in, host, k);
		else if (cc == CODE_memcpy_kib)
			kv_memcpy(to, va + in, k);
		else
			kv_memcpy_as(to, va + in, k, cc);
		if (high)
			kunmap_atomic(va);
		if (host)
			host += k;
		else
			to += k;
		pos += k;
		n -= k;
	}
}

static void frag_copy(const struct skb_frag *f, u32 off, vaddr_t to,
		      u8 *host, u32 n)
{
	frag_copy_as(f, off, to, host, n, CODE_memcpy_kib);
}

void skb_frag_copy(const struct skb_frag *f, u32 off, vaddr_t to, u32 n)
{
	frag_copy(f, off, to, NULL, n);
}

/*
 * Copy @len bytes of @skb's fragments, from @offset past the linear part,
 * to the kernel address @to or the host buffer @host, by the loop @cc
 * (skb_copy_bits' fragment loop).  Return: the bytes copied.
 */
static u32 frags_copy(const struct sk_buff *skb, u32 offset, vaddr_t to,
		      u8 *host, u32 len, enum code_cost cc)
{
	u32 done = 0;

	for (int i = 0; done < len && i < skb->shinfo->nr_frags; i++) {
		const struct skb_frag *f = &skb->shinfo->frags[i];
		u32 n;

		if (offset >= f->size) {
			offset -= f->size;
			continue;
		}
		n = MIN(len - done, f->size - offset);
		frag_copy_as(f, offset, host ? 0 : to + done,
			     host ? host + done : NULL, n, cc);
		done += n;
		offset = 0;
	}
	return done;
}

u32 skb_copy_and_csum_bits(const struct sk_buff *skb, u32 offset,
			   vaddr_t to, u32 len)
{
	CC_SCOPE(skb_copy_and_csum_bits);
	u32 hl = skb_headlen(skb), sum = 0, done = 0;
	u8 buf[2048];

	if (offset < hl) {
		u32 n = MIN(len, hl - offset);

		kv_memcpy_as(to, skb_data(skb) + offset, n,
			     CODE_csum_partial_copy_kib);
		done = n;
		offset += n;
	}
	done += frags_copy(skb, offset - hl, to + done, NULL, len - done,
			   CODE_csum_partial_copy_kib);
	BUG_ON(done != len);
	/* The sum the loop kept as it copied: of the bytes that landed. */
	for (u32 off = 0; off < len; off += sizeof(buf)) {
		u32 n = MIN(len - off, (u32)sizeof(buf));

		net_peek(to + off, buf, n);
		sum = csum_block_add(sum, csum_partial(buf, n, 0), off);
	}
	return sum;
}

/* skb_release_data: the last user of the data frees frags and head. */
static void skb_release_data(struct sk_buff *skb)
{
	struct skb_shared_info *sh = skb->shinfo;

	/* !skb->cloned || atomic_sub_return(1, &shinfo->dataref). */
	skb_touch(skb, SKB_FLAGS1, 1, false);
	shinfo_touch_rmw(skb, SHINFO_DATAREF, 4);
	if (--sh->dataref)
		return;
	shinfo_touch(skb, 0, 1, false);	/* nr_frags */
	if (sh->nr_frags)
		shinfo_touch(skb, SHINFO_FRAGS, 8 * sh->nr_frags, false);
	for (int i = 0; i < sh->nr_frags; i++)
		skb_frag_unref(&sh->frags[i]);
	if (skb->head_frag)
		skb_frag_unref(&(struct skb_frag){ .page = skb->head_page });
	else
		kfree(skb->head);
	free(sh);
}

void kfree_skb(struct sk_buff *skb)
{
	if (!skb)
		return;
	BUG_ON(skb->users <= 0);
	/* atomic_dec_and_test(&skb->users). */
	skb_touch_rmw(skb, SKB_USERS, 4);
	if (--skb->users)
		return;
	CC_SCOPE(kfree_skb);
	charge(CODE_skb_release);
	/* skb_release_head_state: dst, sp, destructor. */
	skb_touch(skb, SKB_REFDST, 8, false);
	skb_touch(skb, SKB_DESTRUCTOR, 4, false);
	if (skb->destructor)
		skb->destructor(skb);
	skb_release_data(skb);
	/* kfree_skbmem: skb->fclone. */
	skb_touch(skb, SKB_FLAGS1 + 1, 1, false);
	skb_free_host(skb);
}

vaddr_t skb_put(struct sk_buff *skb, u32 len)
{
	vaddr_t at = skb->head + skb->tail;

	BUG_ON(skb->data_len);
	if (skb->tail + len > skb->end)
		panic("skb_put: over the end (tail %u + %u > %u)", skb->tail,
		      len, skb->end);
	skb->tail += len;
	skb->len += len;
	skb_touch_rmw(skb, SKB_TAIL, 4);
	skb_touch_rmw(skb, SKB_LEN, 4);
	return at;
}

vaddr_t skb_push(struct sk_buff *skb, u32 len)
{
	if (len > skb->data)
		panic("skb_push: under the head (headroom %u < %u)",
		      skb->data, len);
	skb->data -= len;
	skb->len += len;
	skb_touch_rmw(skb, SKB_DATA, 4);
	skb_touch_rmw(skb, SKB_LEN, 4);
	return skb->head + skb->data;
}

void skb_pull(struct sk_buff *skb, u32 len)
{
	BUG_ON(len > skb_headlen(skb));
	skb->data += len;
	skb->len -= len;
	skb_touch_rmw(skb, SKB_DATA, 4);
	skb_touch_rmw(skb, SKB_LEN, 4);
}

void skb_fill_page_desc(struct sk_buff *skb, int i, struct page *page,
			u32 off, u32 size)
{
	struct skb_frag *f = &skb->shinfo->frags[i];

	BUG_ON(i >= MAX_SKB_FRAGS);
	f->page = page;
	f->page_offset = off;
	f->size = size;
	skb->shinfo->nr_frags = (u8)(i + 1);
	shinfo_touch(skb, SHINFO_FRAGS + 8 * (u32)i, 8, true);
	shinfo_touch(skb, 0, 1, true);
}

bool skb_page_frag_refill(u32 sz, struct page_frag *pfrag, gfp_t gfp)
{
	if (pfrag->page) {
		if (page_count(pfrag->page) == 1) {
			pfrag->offset = 0;
			return true;
		}
		if (pfrag->offset + sz <= pfrag->size)
			return true;
		skb_frag_unref(&(struct skb_frag){ .page = pfrag->page });
	}
	/* __GFP_COMP | __GFP_NOWARN | __GFP_NORETRY, lowmem: no
	 * __GFP_HIGHMEM, so write() data is never in highmem. */
	/* Coarse: Linux falls back to an order-0 page when no 32 KiB
	 * block is free; the model's fragments are always order 3 (a
	 * compound page's order is not recorded), so it fails instead. */
	pfrag->page = alloc_pages(gfp, SKB_FRAG_PAGE_ORDER);
	if (!pfrag->page)
		return false;
	pfrag->size = PAGE_SIZE << SKB_FRAG_PAGE_ORDER;
	pfrag->offset = 0;
	return true;
}

void page_frag_release(struct page_frag *pfrag)
{
	if (pfrag->page)
		skb_frag_unref(&(struct skb_frag){ .page = pfrag->page });
	pfrag->page = NULL;
}

void skb_copy_bits(const struct sk_buff *skb, u32 offset, void *to, u32 len)
{
	u8 *out = to;
	u32 hl = skb_headlen(skb);

	BUG_ON(offset + len > skb->len);
	if (offset < hl) {
		u32 n = MIN(len, hl - offset);

		kv_read(skb_data(skb) + offset, out, n);
		out += n;
		len -= n;
		offset += n;
	}
	frags_copy(skb, offset - hl, 0, out, len, CODE_memcpy_kib);
}

/* skb_free_head: the head buffer alone; the fragments stay referenced. */
static void skb_free_head(struct sk_buff *skb)
{
	if (skb->head_frag)
		skb_frag_unref(&(struct skb_frag){ .page = skb->head_page });
	else
		kfree(skb->head);
}

int pskb_expand_head(struct sk_buff *skb, u32 nhead, u32 ntail, gfp_t gfp)
{
	struct skb_shared_info *sh;
	u32 size = SKB_DATA_ALIGN(nhead + skb->end + ntail);
	u32 frags = SHINFO_FRAGS + 8 * (u32)skb->shinfo->nr_frags;
	vaddr_t head;

	BUG_ON(skb->users != 1);	/* skb_shared */
	head = kmalloc_reserve(size + SKB_SHINFO_SIZE, gfp);
	if (!head)
		return -ENOMEM;
	/* size = SKB_WITH_OVERHEAD(ksize(data)): all the block has. */
	size = ksize(head) - SKB_SHINFO_SIZE;
	/* The headroom and linear data ("alas, header"), then the shared
	 * info up to the last fragment. */
	kv_memcpy(head + nhead, skb->head, skb->tail);
	expand_bytes += skb->tail;
	shinfo_touch(skb, 0, frags, false);
	sh = malloc(sizeof(*sh));
	if (!sh)
		panic("skb: host out of memory");
	*sh = *skb->shinfo;
	if (skb_cloned(skb)) {
		/* The clone keeps the old data: each fragment gains an owner. */
		skb_frags_get(sh);
		skb_release_data(skb);
	} else {
		skb_free_head(skb);
		free(skb->shinfo);
	}
	skb->head = head;
	skb->head_frag = false;
	skb->head_page = NULL;
	skb->data += nhead;
	skb->tail += nhead;
	skb->end = size;
	skb->shinfo = sh;
	skb->cloned = false;
	sh->dataref = 1;
	shinfo_touch(skb, 0, frags, true);
	skb_touch(skb, SKB_TAIL, 24, true);	/* the pointers */
	return 0;
}

vaddr_t __pskb_pull_tail(struct sk_buff *skb, u32 delta)
{
	struct skb_shared_info *sh;
	s64 eat = (s64)skb->tail + delta - skb->end;
	u32 left = delta;
	int k = 0;

	BUG_ON(delta > skb->data_len);
	if (eat > 0 || skb_cloned(skb))
		if (pskb_expand_head(skb, 0, eat > 0 ? (u32)eat + 128 : 0,
				     GFP_ATOMIC))
			return 0;
	frags_copy(skb, 0, skb->head + skb->tail, NULL, delta, CODE_memcpy_kib);
	pull_bytes += delta;
	/* pull_pages: the fragments wholly eaten are put; the first one
	 * left is trimmed at its front. */
	sh = skb->shinfo;
	shinfo_touch(skb, 0, SHINFO_FRAGS + 8 * (u32)sh->nr_frags, false);
	for (int i = 0; i < sh->nr_frags; i++) {
		struct skb_frag *f = &sh->frags[i];

		if (f->size <= left) {
			left -= f->size;
			skb_frag_unref(f);
			continue;
		}
		sh->frags[k] = *f;
		sh->frags[k].page_offset += left;
		sh->frags[k].size -= left;
		left = 0;
		k++;
	}
	sh->nr_frags = (u8)k;
	shinfo_touch(skb, 0, SHINFO_FRAGS + 8 * (u32)k, true);
	skb->tail += delta;
	skb->data_len -= delta;
	skb_touch_rmw(skb, SKB_TAIL, 4);
	return skb->head + skb->tail;
}

int __skb_linearize(struct sk_buff *skb)
{
	return __pskb_pull_tail(skb, skb->data_len) ? 0 : -ENOMEM;
}

void skb_exit(void)
{
	if (live)
		panic("skb_exit: %u sk_buffs never freed", live);
	page_frag_release(&netdev_frag);
	expand_bytes = pull_bytes = 0;
	if (head_cache) {
		kmem_cache_destroy(head_cache);
		kmem_cache_destroy(fclone_cache);
	}
	head_cache = fclone_cache = NULL;
}

void skb_forget(void)
{
	while (!list_empty(&live_skbs)) {
		struct skb_host *h = list_first_entry(&live_skbs,
						      struct skb_host, live_list);
		struct skb_shared_info *sh = h->skb.shinfo;

		/* Clones share one skb_shared_info; the last frees it. */
		if (sh && !--sh->dataref)
			free(sh);
		list_del(&h->live_list);
		free(h);
	}
	live = 0;
	expand_bytes = pull_bytes = 0;
	memset(&netdev_frag, 0, sizeof(netdev_frag));
	head_cache = fclone_cache = NULL;
}
