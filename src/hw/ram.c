// SPDX-License-Identifier: GPL-2.0-only
#include "hw/ram.h"

#include <string.h>
#include <sys/mman.h>

#include "base/errno.h"
#include "base/panic.h"

int ram_init(struct ram *ram, phys_addr_t base, u64 size, u32 nodes)
{
	void *host;

	memset(ram, 0, sizeof(*ram));
	if (!size || size > RAM_MAX_BYTES || !nodes ||
	    !IS_ALIGNED(size, 1ull << RAM_ALIGN_SHIFT) ||
	    !IS_ALIGNED(base, 1ull << RAM_ALIGN_SHIFT) ||
	    size % nodes || (size / nodes) % PAGE_SIZE)
		return -EINVAL;
	/*
	 * Address space only: MAP_NORESERVE commits nothing, and the host
	 * hands out zeroed pages as the simulation touches them.  Huge pages
	 * where the host allows them: a run that streams through tens of
	 * MiB takes a fault per 2 MiB instead of per 4 KiB.
	 */
	host = mmap(NULL, size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (host == MAP_FAILED)
		return -ENOMEM;
	madvise(host, size, MADV_HUGEPAGE);
	/* A counter per frame, zero (so untouched) until it is written. */
	ram->writes = mmap(NULL, (size >> PAGE_SHIFT) * sizeof(*ram->writes),
			   PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (ram->writes == MAP_FAILED) {
		munmap(host, size);
		ram->writes = NULL;
		return -ENOMEM;
	}
	ram->host = host;
	ram->base = base;
	ram->size = size;
	ram->nodes = nodes;
	ram->node_size = size / nodes;
	if (!(ram->node_size & (ram->node_size - 1)))
		ram->node_shift = (u32)__builtin_ctzll(ram->node_size);
	return 0;
}

void ram_exit(struct ram *ram)
{
	if (ram->host) {
		munmap(ram->host, ram->size);
		munmap(ram->writes,
		       (ram->size >> PAGE_SHIFT) * sizeof(*ram->writes));
	}
	memset(ram, 0, sizeof(*ram));
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
