// SPDX-License-Identifier: GPL-2.0-only
/*
 * The page cache's radix tree at simulated addresses (see mm/page_tree.h).
 * Levels count from the leaf: a node at level l covers 64^(l+1) indices,
 * is found by its prefix index >> 6(l+1), and its slot for @index is
 * (index >> 6l) & 63.  The top node is at level height - 1, prefix 0.
 */
#include "mm/page_tree.h"

#include <stdlib.h>
#include <string.h>

#include "arch/kv.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "mm/filemap.h"
#include "mm/page_touch.h"
#include "mm/slab.h"

#define MAP_SHIFT 6		/* RADIX_TREE_MAP_SHIFT, XA_CHUNK_SHIFT */
#define MAP_MASK 63u

/*
 * A node as each kernel lays it out (docs/kernel-objects.md section 3):
 * the slab stride, the fields a walk touches, and what a new node gets.
 * @top: the field read at the top of a lookup (3.14 node->height, 5.7
 * node->shift; 2.5.73 reads root->height only); @init_len: the bytes a
 * new node's set-up writes from offset 0 (height/count/parent, or
 * shift/offset/count/nr_values/parent/array).
 */
struct node_layout {
	const char *kernel;
	u16 stride, align;
	u8 top_off, top_len;
	u8 count_off, count_len;
	u8 init_len;
	u16 slots_off;
	u16 tags_off;		/* 0: no tag_get on insert */
};

/* 2.5.73: count 0, slots[64] 4..259; 260 bytes, 4-aligned. */
static const struct node_layout node_2_5_73 = {
	.kernel = "2.5.73 radix_tree_node", .stride = 260, .align = 4,
	.count_off = 0, .count_len = 4, .init_len = 4, .slots_off = 4,
};

/* 3.14: height 0, count 4, parent 8, slots 16..271, tags 272..295; SLUB
 * puts the free pointer after the object (a ctor): stride 304. */
static const struct node_layout node_3_14 = {
	.kernel = "3.14 radix_tree_node", .stride = 304, .align = 8,
	.top_off = 0, .top_len = 4, .count_off = 4, .count_len = 4,
	.init_len = 12, .slots_off = 16, .tags_off = 272,
};

/* 5.7 xa_node: shift 0, offset 1, count 2, nr_values 3, parent 4, array
 * 8, slots 20..275; SLAB stride 304 (ARCH_SLAB_MINALIGN 8). */
static const struct node_layout node_5_7 = {
	.kernel = "5.7 xa_node", .stride = 304, .align = 8,
	.top_off = 0, .top_len = 1, .count_off = 2, .count_len = 2,
	.init_len = 12, .slots_off = 20,
};

static struct kmem_cache *node_cache;
static const struct node_layout *nl;

bool page_tree_enabled(void)
{
	return node_cache != NULL;
}

struct kmem_cache *page_tree_node_cache(void)
{
	return node_cache;
}

void page_tree_init(void)
{
	const struct platform *p = platform();

	node_cache = NULL;
	nl = NULL;
	if (!page_touch_layout)
		return;
	if (p->arch != PLAT_ARM)
		nl = &node_2_5_73;
	else if (p->kernel_version >= KERNEL_VERSION(5, 0, 0))
		nl = &node_5_7;
	else
		nl = &node_3_14;
	node_cache = kmem_cache_create("radix_tree_node", nl->stride,
				       nl->align);
}

void page_tree_exit(void)
{
	if (node_cache)
		kmem_cache_destroy(node_cache);
	node_cache = NULL;
}

void page_tree_forget(void)
{
	node_cache = NULL;
}

static unsigned long maxindex(u32 height)
{
	if (!height)
		return 0;
	if (height * MAP_SHIFT >= 32)
		return ~0ul;
	return (1ul << (height * MAP_SHIFT)) - 1;
}

static unsigned long prefix(unsigned long index, u32 level)
{
	u32 shift = MAP_SHIFT * (level + 1);

	return shift >= 32 ? 0 : index >> shift;
}

static u32 slot_of(unsigned long index, u32 level)
{
	return (u32)(index >> (MAP_SHIFT * level)) & MAP_MASK;
}

static vaddr_t *node_at(struct page_tree *t, u32 level, unsigned long p)
{
	if (p >= t->nr[level]) {
		unsigned long n = MAX(p + 1, 2 * t->nr[level]);
		vaddr_t *nodes = realloc(t->node[level], n * sizeof(*nodes));
		u8 *counts = realloc(t->count[level], n);

		if (!nodes || !counts)
			panic("page_tree: host out of memory");
		memset(nodes + t->nr[level], 0,
		       (n - t->nr[level]) * sizeof(*nodes));
		memset(counts + t->nr[level], 0, n - t->nr[level]);
		t->node[level] = nodes;
		t->count[level] = counts;
		t->nr[level] = n;
	}
	return &t->node[level][p];
}

static u8 *count_at(struct page_tree *t, u32 level, unsigned long p)
{
	node_at(t, level, p);
	return &t->count[level][p];
}

static void touch_slot(vaddr_t node, u32 k, bool write)
{
	kv_touch(node + nl->slots_off + 4 * k, 4, write);
}

static void touch_count(vaddr_t node)
{
	kv_touch_rmw(node + nl->count_off, nl->count_len);
}

/* radix_tree_node_alloc's node, set up (height/parent, or shift/offset/
 * parent/array) -- the preloaded one, taken from @pool. */
static vaddr_t node_new(vaddr_t *pool, u32 *left)
{
	vaddr_t node = pool[--*left];

	kv_touch(node, nl->init_len, true);
	return node;
}

void page_tree_lookup(struct address_space *as, unsigned long index)
{
	struct page_tree *t = &as->tree;

	if (!node_cache || !t->height || index > maxindex(t->height))
		return;
	if (nl->top_len)
		kv_touch(*node_at(t, t->height - 1, 0) + nl->top_off,
			 nl->top_len, false);
	for (u32 l = t->height; l-- > 0;) {
		vaddr_t node = *node_at(t, l, prefix(index, l));

		if (!node)
			return;
		touch_slot(node, slot_of(index, l), false);
	}
}

/* Nodes an insert at @index will add: the extension, then the path. */
static u32 nodes_needed(struct address_space *as, unsigned long index,
			u32 *new_height)
{
	struct page_tree *t = &as->tree;
	bool nonempty = t->height || as->pages[0];
	u32 h = t->height, need = 0;

	while (index > maxindex(h))
		h++;
	/* radix_tree_extend: a node per new level above a non-empty tree. */
	if (nonempty)
		need += h - t->height;
	for (u32 l = 0; l < h; l++) {
		bool exists = l < t->height ?
				      *node_at(t, l, prefix(index, l)) != 0 :
				      nonempty && prefix(index, l) == 0;

		need += !exists;
	}
	*new_height = h;
	return need;
}

int page_tree_insert(struct address_space *as, unsigned long index)
{
	struct page_tree *t = &as->tree;
	vaddr_t pool[2 * PAGE_TREE_MAX_HEIGHT];
	u32 h, left, need;

	if (!node_cache)
		return 0;
	need = nodes_needed(as, index, &h);
	BUG_ON(h > PAGE_TREE_MAX_HEIGHT || need > ARRAY_SIZE(pool));
	/* radix_tree_preload: every node the insert may need, first. */
	for (left = 0; left < need; left++) {
		pool[left] = kmem_cache_alloc(node_cache, GFP_ATOMIC);
		if (!pool[left]) {
			while (left--)
				kmem_cache_free(node_cache, pool[left]);
			return -ENOMEM;
		}
	}
	/* radix_tree_extend: each new top gets the old tree in slot 0. */
	if (h > t->height) {
		bool nonempty = t->height || as->pages[0];

		for (u32 l = t->height; l < h; l++) {
			if (!nonempty)
				continue;
			*node_at(t, l, 0) = node_new(pool, &left);
			touch_slot(t->node[l][0], 0, true);
			touch_count(t->node[l][0]);
			*count_at(t, l, 0) = 1;
		}
		t->height = h;
	}
	if (!t->height)
		return 0;	/* index 0 alone: the item sits in rnode */
	for (u32 l = t->height; l-- > 0;) {
		unsigned long p = prefix(index, l);
		vaddr_t *node = node_at(t, l, p);
		u32 k = slot_of(index, l);

		/* Only the top can be missing here (an empty tree); a
		 * missing child is made by its parent below. */
		if (!*node)
			*node = node_new(pool, &left);
		if (l == t->height - 1 && nl->top_len)
			kv_touch(*node + nl->top_off, nl->top_len, false);
		touch_slot(*node, k, false);
		if (l > 0) {
			unsigned long cp = prefix(index, l - 1);

			if (!*node_at(t, l - 1, cp)) {
				*node_at(t, l - 1, cp) = node_new(pool, &left);
				touch_slot(t->node[l][p], k, true);
				touch_count(t->node[l][p]);
				(*count_at(t, l, p))++;
			}
			continue;
		}
		touch_slot(*node, k, true);
		touch_count(*node);
		(*count_at(t, 0, p))++;
		if (nl->tags_off) {
			/* tag_get of PAGECACHE_TAG_DIRTY and _WRITEBACK. */
			kv_touch(*node + nl->tags_off + 4 * (k / 32), 4, false);
			kv_touch(*node + nl->tags_off + 8 + 4 * (k / 32), 4,
				 false);
		}
	}
	BUG_ON(left);
	return 0;
}

void page_tree_delete(struct address_space *as, unsigned long index)
{
	struct page_tree *t = &as->tree;
	u32 l;

	if (!node_cache || !t->height)
		return;
	BUG_ON(index > maxindex(t->height));
	/* The walk down (radix_tree_delete's path), then the leaf's slot. */
	for (l = t->height; l-- > 0;)
		touch_slot(*node_at(t, l, prefix(index, l)), slot_of(index, l),
			   false);
	for (l = 0; l < t->height; l++) {
		unsigned long p = prefix(index, l);
		vaddr_t node = *node_at(t, l, p);
		u8 *count = count_at(t, l, p);

		BUG_ON(!node || !*count);
		touch_slot(node, slot_of(index, l), true);
		touch_count(node);
		if (--*count)
			return;
		/* Empty: radix_tree_node_free, and the parent loses it. */
		kmem_cache_free(node_cache, node);
		t->node[l][p] = 0;
	}
	/* The top node went: an empty tree (root->height = 0). */
	t->height = 0;
}

void page_tree_release(struct address_space *as)
{
	struct page_tree *t = &as->tree;

	for (u32 l = 0; l < PAGE_TREE_MAX_HEIGHT; l++) {
		for (unsigned long p = 0; p < t->nr[l]; p++)
			BUG_ON(node_cache && t->node[l][p]);
		free(t->node[l]);
		free(t->count[l]);
	}
	memset(t, 0, sizeof(*t));
}
