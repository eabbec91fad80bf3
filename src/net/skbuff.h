/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Socket buffers (include/linux/skbuff.h, net/core/skbuff.c, 3.14).
 *
 * What the machine sees is real: the head buffer is a kmalloc object in
 * simulated lowmem (data plus the skb_shared_info Linux keeps at its end),
 * fragments are simulated page-frag pages, and every header and payload
 * byte is written there by the CPU through the caches and read by the NIC
 * by physical address.  The struct sk_buff itself and the shared info's
 * fields live on the host: their loads and stores are part of the
 * measured instruction counts (at the board's CPI), not cache traffic.
 * Coarse: sk_buff and shared-info cache misses are not modelled.
 */
#ifndef VMSPLIT_NET_SKBUFF_H
#define VMSPLIT_NET_SKBUFF_H

#include "base/list.h"
#include "base/types.h"
#include "mm/gfp.h"

struct page;
struct sock;

#define MAX_SKB_FRAGS 17		/* 65536 / PAGE_SIZE + 1 */
/* [E] SKB_DATA_ALIGN(sizeof(struct sk_buff)) and of skb_shared_info on
 * a 32-bit 3.14 kernel: what truesize and the head object add. */
#define SKB_STRUCT_SIZE 192u
#define SKB_SHINFO_SIZE 192u
#define SKB_TRUESIZE(x) ((x) + SKB_STRUCT_SIZE + SKB_SHINFO_SIZE)
/* 32 KiB page frags: SKB_FRAG_PAGE_ORDER = get_order(32768). */
#define SKB_FRAG_PAGE_ORDER 3u
#define NET_SKB_PAD 32u			/* max(32, L1_CACHE_BYTES) */

enum {
	CHECKSUM_NONE,
	CHECKSUM_UNNECESSARY,
	CHECKSUM_PARTIAL,
};

struct skb_frag {
	struct page *page;		/* head page of the block */
	u32 page_offset;
	u32 size;
};

/* skb_shared_info: what a clone shares with its original. */
struct skb_shared_info {
	u8 nr_frags;
	u16 gso_size, gso_segs;
	int dataref;			/* skbs pointing at this data */
	struct skb_frag frags[MAX_SKB_FRAGS];
};

struct sk_buff {
	struct list_head list;		/* write queue, qdisc, backlog */
	struct sk_buff *next;		/* GSO segments not yet sent */
	struct sock *sk;
	vaddr_t head;			/* the kmalloc'd buffer, simulated */
	u32 end;			/* usable bytes of head */
	u32 data, tail;			/* offsets from head */
	u32 len, data_len;		/* all bytes / bytes in frags */
	u32 truesize;
	u16 mac_header, network_header, transport_header;
	u8 ip_summed;
	u32 csum;			/* sum of the payload (CHECKSUM_NONE) */
	int users;
	bool cloned;			/* its data is shared with a clone */
	bool fclone;			/* from the fclone cache */
	bool head_frag;			/* head is in a page frag (build_skb) */
	struct page *head_page;		/* ... that page block */
	struct skb_shared_info *shinfo;
	void (*destructor)(struct sk_buff *skb);
	/* TCP_SKB_CB */
	u32 seq, end_seq;
	u8 tcp_flags;
	u8 sacked;			/* TCPCB_* scoreboard bits */
	u16 pcount;			/* tcp_skb_pcount */
	u32 ack_seq;			/* snd_nxt at its retransmission */
	u32 when;			/* jiffies of its last (re)send */
	u64 skb_mstamp;			/* skb_mstamp of its last send,
					 * CPU cycles (0: never sent) */
};

static inline struct skb_shared_info *skb_shinfo(const struct sk_buff *skb)
{
	return skb->shinfo;
}

static inline u32 skb_headlen(const struct sk_buff *skb)
{
	return skb->len - skb->data_len;
}

static inline vaddr_t skb_data(const struct sk_buff *skb)
{
	return skb->head + skb->data;
}

static inline u32 skb_headroom(const struct sk_buff *skb)
{
	return skb->data;
}

static inline u32 skb_tailroom(const struct sk_buff *skb)
{
	return skb->data_len ? 0 : skb->end - skb->tail;
}

/* Linear room left for data (tcp_sendmsg's skb_availroom). */
static inline u32 skb_availroom(const struct sk_buff *skb)
{
	return skb_tailroom(skb);
}

/*
 * __alloc_skb - an skb whose head holds @size bytes (kmalloc of
 * SKB_DATA_ALIGN(size) + the shared info), from the fclone cache if
 * @fclone.  Return: the skb, or NULL when kmalloc fails.
 */
struct sk_buff *__alloc_skb(u32 size, gfp_t gfp, bool fclone);

static inline struct sk_buff *alloc_skb(u32 size, gfp_t gfp)
{
	return __alloc_skb(size, gfp, false);
}

static inline struct sk_buff *alloc_skb_fclone(u32 size, gfp_t gfp)
{
	return __alloc_skb(size, gfp, true);
}

/*
 * netdev_alloc_skb - a receive skb of @length bytes whose head (with the
 * NET_SKB_PAD headroom and the shared info) is carved upward from the
 * 32 KiB netdev_alloc_frag page, as __netdev_alloc_skb + build_skb do;
 * skb->data is NET_SKB_PAD into it.  Return: the skb, or NULL.
 */
struct sk_buff *netdev_alloc_skb(u32 length, gfp_t gfp);

/* skb_clone - a new sk_buff sharing @skb's data (the fclone slot when
 * free).  Return: the clone, or NULL. */
struct sk_buff *skb_clone(struct sk_buff *skb, gfp_t gfp);

/* Its data is shared with a live clone (skb_cloned). */
bool skb_cloned(const struct sk_buff *skb);

/* skb_still_in_host_queue's test: the fclone companion of @skb (its
 * last transmission) is still alive, in the qdisc or the driver. */
bool skb_fclone_busy(const struct sk_buff *skb);

/*
 * pskb_copy - a private copy of the linear part (headroom kept) with the
 * fragments shared by reference, for a writer of the header while a clone
 * may still be in a device's DMA (__pskb_copy, net/core/skbuff.c).  The
 * copy's allocations and memcpy are charged where they happen; its own
 * few instructions are not (no measured count; a rare path).
 * Return: the copy (not cloned, no owner), or NULL.
 */
struct sk_buff *pskb_copy(struct sk_buff *skb, gfp_t gfp);

/* kfree_skb / consume_skb: drop a reference; at zero run the destructor
 * and release the data once no clone shares it. */
void kfree_skb(struct sk_buff *skb);

static inline void skb_reserve(struct sk_buff *skb, u32 len)
{
	skb->data += len;
	skb->tail += len;
}

/* Extend the data at the tail / head; the caller writes the bytes. */
vaddr_t skb_put(struct sk_buff *skb, u32 len);
vaddr_t skb_push(struct sk_buff *skb, u32 len);
void skb_pull(struct sk_buff *skb, u32 len);

/* Add a fragment (skb_fill_page_desc); the caller holds a reference. */
void skb_fill_page_desc(struct sk_buff *skb, int i, struct page *page,
			u32 off, u32 size);
/* put_page of a fragment's (compound) page. */
void skb_frag_unref(struct skb_frag *frag);
/* The fragment's lowmem kernel address (page_address + offset); a
 * highmem fragment has none. */
vaddr_t skb_frag_address(const struct skb_frag *frag);
/* Copy @n bytes at @off into @frag to kernel address @to (kmap_atomic
 * for a highmem page). */
void skb_frag_copy(const struct skb_frag *frag, u32 off, vaddr_t to, u32 n);

/*
 * skb_copy_and_csum_bits - copy @len bytes at @offset of @skb's data to
 * the kernel address @to and return their ones'-complement sum, in one
 * pass (3.16: csum_partial_copy_nocheck over the head, and per fragment
 * under kmap_atomic): the loop is csum_partial_copy_kib, no memcpy.
 */
u32 skb_copy_and_csum_bits(const struct sk_buff *skb, u32 offset,
			   vaddr_t to, u32 len);

/* A fragment page block: struct page_frag and skb_page_frag_refill. */
struct page_frag {
	struct page *page;
	u32 offset, size;
};

/*
 * skb_page_frag_refill - make @pfrag hold at least @sz free bytes: reuse
 * the page when nobody else holds it, else a new 32 KiB block.
 * Return: false if no memory.
 */
bool skb_page_frag_refill(u32 sz, struct page_frag *pfrag, gfp_t gfp);
void page_frag_release(struct page_frag *pfrag);

/* Copy @len bytes at @offset of @skb's data (head, then frags) to the
 * host buffer @to, as the kernel reads them (charged). */
void skb_copy_bits(const struct sk_buff *skb, u32 offset, void *to, u32 len);

/*
 * pskb_expand_head - a new head for @skb with @nhead more bytes of
 * headroom and @ntail more of tailroom (net/core/skbuff.c, 3.16): the
 * head and linear data copied, the shared info with them; while a clone
 * still uses the old data, each fragment gains a reference and the old
 * shared info is released, else the old head is freed.  The new end is
 * all the block holds (ksize), so a kmalloc_large head has room to
 * spare.  Return: 0 or -ENOMEM.
 */
int pskb_expand_head(struct sk_buff *skb, u32 nhead, u32 ntail, gfp_t gfp);

/*
 * __pskb_pull_tail - move the first @delta bytes of the fragments into
 * the linear part (3.16): a new head first when the tail has no room for
 * them or the data is shared (pskb_expand_head, GFP_ATOMIC, 128 bytes to
 * spare), then the copy, then a put_page of each fragment wholly pulled.
 * No frag_list: the model's skbs have none.  Return: the new tail's
 * address, or 0 when the head could not be allocated.
 */
vaddr_t __pskb_pull_tail(struct sk_buff *skb, u32 delta);

/*
 * __skb_linearize - pull every fragment into the linear part (for a
 * device that cannot take the fragments): __pskb_pull_tail of data_len.
 * Return: 0 or -ENOMEM.
 */
int __skb_linearize(struct sk_buff *skb);

/* Bytes copied so far by pskb_expand_head (headroom and linear part)
 * and by __pskb_pull_tail (fragments pulled into the linear part). */
void skb_copy_stats(u64 *expanded, u64 *pulled);

/* Live skbs and their heads (the end-of-run leak check). */
u32 skb_live_count(void);
/* Destroy the skb caches; every skb must be gone (end of run). */
void skb_exit(void);
/*
 * skb_forget - free every live skb's host memory, no check, for a kernel
 * abandoned after a panic (the caches went with slab_forget).
 */
void skb_forget(void);

#endif
