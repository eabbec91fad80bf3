// SPDX-License-Identifier: GPL-2.0-only
#include "mm/kmalloc.h"

#include <string.h>

#include "base/panic.h"
#include "mm/slab.h"

#define KMALLOC_MIN_SHIFT 5
#define KMALLOC_MAX_SHIFT 12
#define NR_KMALLOC (KMALLOC_MAX_SHIFT - KMALLOC_MIN_SHIFT + 1)

static struct kmem_cache *kmalloc_caches[NR_KMALLOC];
static const char *const kmalloc_names[NR_KMALLOC] = {
	"kmalloc-32",  "kmalloc-64",   "kmalloc-128",  "kmalloc-256",
	"kmalloc-512", "kmalloc-1024", "kmalloc-2048", "kmalloc-4096",
};

void kmalloc_init(void)
{
	for (int i = 0; i < NR_KMALLOC; i++)
		kmalloc_caches[i] = kmem_cache_create(
			kmalloc_names[i], 1u << (i + KMALLOC_MIN_SHIFT),
			1u << MIN(i + KMALLOC_MIN_SHIFT, 6));
}

void kmalloc_exit(void)
{
	for (int i = 0; i < NR_KMALLOC; i++) {
		if (kmalloc_caches[i])
			kmem_cache_destroy(kmalloc_caches[i]);
		kmalloc_caches[i] = NULL;
	}
}

void kmalloc_forget(void)
{
	memset(kmalloc_caches, 0, sizeof(kmalloc_caches));
}

static int kmalloc_index(u32 size)
{
	for (int i = 0; i < NR_KMALLOC; i++)
		if (size <= 1u << (i + KMALLOC_MIN_SHIFT))
			return i;
	return -1;
}

vaddr_t kmalloc(u32 size, gfp_t gfp)
{
	int i = kmalloc_index(size ? size : 1);

	if (i < 0)
		return 0;
	return kmem_cache_alloc(kmalloc_caches[i], gfp);
}

/* kfree finds the cache from the object's slab page, as SLAB does. */
void kfree(vaddr_t objp)
{
	struct kmem_cache *cachep;

	if (!objp)
		return;
	cachep = virt_to_cache(objp);
	for (int i = 0; cachep && i < NR_KMALLOC; i++)
		if (kmalloc_caches[i] == cachep) {
			kmem_cache_free(cachep, objp);
			return;
		}
	panic("kfree: %#x was not kmalloc'ed", objp);
}
