/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A pinned-user-page cache for the GUP+kmap user copy (issue 35's design,
 * `pin_cache=N`): the 2020 RFC pins every page of every copy with
 * get_user_pages and drops the pins at once, so a 512-byte write() pays a
 * page-table walk, a pin and an unpin for one page it will copy from
 * again next time.  The cache keeps up to N pins per mm (FOLL_PIN, as
 * pin_user_pages takes them), each for one user page and access (a write
 * pin serves reads too), least recently used out first, until something
 * changes what the address maps: an unmap (munmap, exit, mremap's move,
 * a truncate's rmap unmap), mprotect, a COW break, fork (the parent's
 * PTEs turn read-only).  Each of those drops the pins it covers -- the
 * invalidation an mmu notifier would deliver.
 *
 * The entries are hashed by page address (roundup_pow_of_two(N) buckets,
 * hash_32 of the page number) and kept on an LRU list, in one kmalloc'd
 * block laid out as a 32-bit kernel would (pin_cache.c), every field
 * touched at its address.  A lookup is priced as page_address() of a
 * highmem page, the kernel's own hashed lookup under a lock: the hash,
 * the lock pair, a chain step per entry compared; a hit moves its entry
 * to the LRU's front; a miss adds pin_user_pages and, when full, the
 * least recently used entry's unpin.  A one-page invalidation (an rmap
 * unmap, a COW break) probes its chain; a range walks the pinned entries
 * (a find_vma step each).  So a hit costs the same at N = 16 as at 1024:
 * N is what the mm may keep pinned, 4 MiB at most.  The checker: every
 * hit is compared with the page tables (uncharged), so a missed
 * invalidation stops the run.  Not on a VIVT D-cache, where each use of a
 * pin would need GUP's flush of the user alias (settings refuse it).
 */
#ifndef VMSPLIT_MM_PIN_CACHE_H
#define VMSPLIT_MM_PIN_CACHE_H

#include "base/types.h"

struct mm_struct;
struct page;

#define PIN_CACHE_MAX 1024

/*
 * pin_cache_get - the page at user address @va of the current mm, pinned
 * for a @write (or a read), from the cache or else by pin_user_pages (with
 * the caller's @gup_flags too: FOLL_NOFAULT in atomic context where the
 * RFC's copy passes it) and then kept there.  The caller does not unpin it.
 * Return: the page, or NULL if it cannot be pinned (GUP's refusal).
 */
struct page *pin_cache_get(struct mm_struct *mm, vaddr_t va, bool write,
			   unsigned int gup_flags);

/* Drop (unpin) the entries of @mm in [@start, @end). */
void pin_cache_invalidate(struct mm_struct *mm, vaddr_t start, vaddr_t end);

/* Drop every entry of @mm; with @free, its array too (exit). */
void pin_cache_flush(struct mm_struct *mm, bool free);

#endif
