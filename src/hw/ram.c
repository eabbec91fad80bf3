// SPDX-License-Identifier: GPL-2.0-only
#include "hw/ram.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "base/errno.h"
#include "base/panic.h"

/*
 * The bank kept by ram_set_reuse(), already cleared to zeros, or none.
 * One machine exists at a time, so one bank serves: a request for at most
 * its size takes it (the bytes past the request stay unused and zero), a
 * larger one maps anew.  It goes back to the host instead once stores
 * have reached more than RAM_KEPT_BYTES of it, so that a long fuzzing
 * campaign's resident set stays bounded whichever frames its inputs
 * wrote.
 */
#define RAM_KEPT_BYTES (512ull << 20)

static bool reuse;
static struct ram kept;

static size_t writes_bytes(u64 size)
{
	return (size >> PAGE_SHIFT) * sizeof(u64);
}

static size_t dirty_bytes(u64 size)
{
	return (size >> PAGE_SHIFT) * sizeof(u32);
}

static void *map_noreserve(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static void bank_unmap(struct ram *ram)
{
	if (ram->host)
		munmap(ram->host, ram->map_size);
	if (ram->writes)
		munmap(ram->writes, writes_bytes(ram->map_size));
	if (ram->dirty)
		munmap(ram->dirty, dirty_bytes(ram->map_size));
	free(ram->seen);
	memset(ram, 0, sizeof(*ram));
}

/*
 * Address space only: MAP_NORESERVE commits nothing, and the host hands
 * out zeroed pages as the simulation touches them.  Huge pages where the
 * host allows them: a run that streams through tens of MiB takes a fault
 * per 2 MiB instead of per 4 KiB.  Not for a bank that may be kept (the
 * fuzzer's): its runs are short and write a few frames here and there,
 * and each first store into a 2 MiB stretch had the host clear all of it,
 * stretch after stretch as the boards, splits and mem= sizes moved
 * boot's page tables about.  writes[] is a counter per frame, zero (so
 * untouched) until the frame is written; the dirty list and the map of
 * frames ever written exist only for a bank that may be kept.
 */
static int bank_map(struct ram *ram, u64 size)
{
	ram->map_size = size;
	ram->host = map_noreserve(size);
	ram->writes = map_noreserve(writes_bytes(size));
	if (!ram->host || !ram->writes)
		goto fail;
	if (!reuse) {
		madvise(ram->host, size, MADV_HUGEPAGE);
		return 0;
	}
	madvise(ram->host, size, MADV_NOHUGEPAGE);
	ram->dirty = map_noreserve(dirty_bytes(size));
	ram->seen = calloc(DIV_ROUND_UP(size >> PAGE_SHIFT, 8), 1);
	if (!ram->dirty || !ram->seen)
		goto fail;
	return 0;
fail:
	bank_unmap(ram);
	return -ENOMEM;
}

int ram_init(struct ram *ram, phys_addr_t base, u64 size, u32 nodes)
{
	memset(ram, 0, sizeof(*ram));
	if (!size || size > RAM_MAX_BYTES || !nodes ||
	    !IS_ALIGNED(size, 1ull << RAM_ALIGN_SHIFT) ||
	    !IS_ALIGNED(base, 1ull << RAM_ALIGN_SHIFT) || size % nodes ||
	    (size / nodes) % PAGE_SIZE)
		return -EINVAL;
	if (reuse && kept.map_size >= size) {
		*ram = kept;
		memset(&kept, 0, sizeof(kept));
	} else if (bank_map(ram, size)) {
		return -ENOMEM;
	}
	ram->base = base;
	ram->size = size;
	ram->nodes = nodes;
	ram->node_size = size / nodes;
	ram->node_shift = 0;
	if (!(ram->node_size & (ram->node_size - 1)))
		ram->node_shift = (u32)__builtin_ctzll(ram->node_size);
	return 0;
}

/*
 * Put every frame a store reached back to zeros, and its count: the
 * bank then reads as a fresh mapping does.
 */
static void bank_clear(struct ram *ram)
{
	for (u32 i = 0; i < ram->nr_dirty; i++) {
		u32 f = ram->dirty[i];

		memset(ram->host + ((u64)f << PAGE_SHIFT), 0, PAGE_SIZE);
		ram->writes[f] = 0;
		if (!(ram->seen[f / 8] & 1u << f % 8)) {
			ram->seen[f / 8] |= (u8)(1u << f % 8);
			ram->nr_seen++;
		}
	}
	ram->nr_dirty = 0;
}

void ram_exit(struct ram *ram)
{
	if (!reuse || !ram->dirty) {
		bank_unmap(ram);
		return;
	}
	bank_clear(ram);
	if ((u64)ram->nr_seen << PAGE_SHIFT > RAM_KEPT_BYTES ||
	    ram->map_size < kept.map_size) {
		bank_unmap(ram);
		return;
	}
	bank_unmap(&kept);
	kept = *ram;
	memset(ram, 0, sizeof(*ram));
}

void ram_set_reuse(bool on)
{
	reuse = on;
	if (!on)
		bank_unmap(&kept);
}

bool ram_bank_kept(void)
{
	return kept.host;
}

u32 ram_read32(struct ram *ram, phys_addr_t pa)
{
	u32 v;

	BUG_ON(!ram_contains(ram, pa, 4) || !IS_ALIGNED(pa, 4));
	memcpy(&v, ram_ptr(ram, pa), 4);
	return v;
}

u64 ram_read64(struct ram *ram, phys_addr_t pa)
{
	u64 v;

	BUG_ON(!ram_contains(ram, pa, 8) || !IS_ALIGNED(pa, 8));
	memcpy(&v, ram_ptr(ram, pa), 8);
	return v;
}

void ram_write32(struct ram *ram, phys_addr_t pa, u32 v)
{
	BUG_ON(!ram_contains(ram, pa, 4) || !IS_ALIGNED(pa, 4));
	ram_note_write(ram, pa);
	memcpy(ram_ptr(ram, pa), &v, 4);
}

void ram_write64(struct ram *ram, phys_addr_t pa, u64 v)
{
	BUG_ON(!ram_contains(ram, pa, 8) || !IS_ALIGNED(pa, 8));
	ram_note_write(ram, pa);
	memcpy(ram_ptr(ram, pa), &v, 8);
}
