// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated RAM (src/hw/ram.c): the checks on its geometry, the host bytes
 * behind a physical address (zero until written, contiguous across the
 * whole bank) and the NUMA node of an address, with node sizes that are and
 * are not powers of two; a bank kept for reuse (ram_set_reuse) reads as a
 * fresh one.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "base/errno.h"
#include "hw/ram.h"

static struct ram ram;

static void teardown(void)
{
	ram_exit(&ram);
}

Test(ram, init_rejects_bad_geometry)
{
	cr_assert_eq(ram_init(&ram, 0, 0, 1), -EINVAL);
	cr_assert_eq(ram_init(&ram, 0, RAM_MAX_BYTES + (1u << 20), 1), -EINVAL);
	cr_assert_eq(ram_init(&ram, 0, (1u << 20) + 4096, 1), -EINVAL);
	cr_assert_eq(ram_init(&ram, 4096, 1u << 20, 1), -EINVAL);
	cr_assert_eq(ram_init(&ram, 0, 1u << 20, 3), -EINVAL);
	/* 1 MiB over 512 nodes: 2 KiB each, not whole pages. */
	cr_assert_eq(ram_init(&ram, 0, 1u << 20, 512), -EINVAL);
	cr_assert_eq(ram_init(&ram, 0, 1u << 20, 0), -EINVAL);
}

/* 16 GiB, as the NUMA-Q: reserved, zero, written anywhere. */
Test(ram, big_bank_zero_until_written, .fini = teardown)
{
	phys_addr_t top = (16ull << 30) - 8;

	cr_assert_eq(ram_init(&ram, 0, 16ull << 30, 4), 0);
	cr_assert_eq(ram_read64(&ram, top), 0);
	cr_assert_eq(ram_read32(&ram, 5ull << 30), 0);
	ram_write64(&ram, top, 0x1122334455667788ull);
	cr_assert_eq(ram_read64(&ram, top), 0x1122334455667788ull);
	cr_assert_eq(ram_read32(&ram, top + 4), 0x11223344);
	cr_assert(ram_contains(&ram, top, 8));
	cr_assert_not(ram_contains(&ram, top, 9));
}

/* A host pointer runs on across page and MiB boundaries. */
Test(ram, host_bytes_contiguous, .fini = teardown)
{
	u8 *p;

	cr_assert_eq(ram_init(&ram, 0x80000000, 4u << 20, 1), 0);
	p = ram_ptr(&ram, 0x800ffffc);
	for (u32 i = 0; i < 8; i++)
		p[i] = (u8)(i + 1);
	cr_assert_eq(ram_read32(&ram, 0x800ffffc), 0x04030201);
	cr_assert_eq(ram_read32(&ram, 0x80100000), 0x08070605);
	cr_assert_eq(ram_ptr(&ram, 0x80100000), p + 4);
}

Test(ram, node_of_address_power_of_two, .fini = teardown)
{
	cr_assert_eq(ram_init(&ram, 0, 16ull << 30, 4), 0);
	cr_assert_eq(ram_node(&ram, 0), 0);
	cr_assert_eq(ram_node(&ram, (4ull << 30) - 1), 0);
	cr_assert_eq(ram_node(&ram, 4ull << 30), 1);
	cr_assert_eq(ram_node(&ram, (12ull << 30) + 4096), 3);
	cr_assert_eq(ram_node(&ram, (16ull << 30) - 1), 3);
}

/* mem=3G over 4 nodes: 768 MiB each, found by division. */
Test(ram, node_of_address_other_sizes, .fini = teardown)
{
	cr_assert_eq(ram_init(&ram, 0x100000, 3ull << 30, 4), 0);
	cr_assert_eq(ram_node(&ram, 0x100000), 0);
	cr_assert_eq(ram_node(&ram, 0x100000 + (768ull << 20) - 1), 0);
	cr_assert_eq(ram_node(&ram, 0x100000 + (768ull << 20)), 1);
	cr_assert_eq(ram_node(&ram, 0x100000 + (3ull << 30) - 1), 3);
}

static void reuse_off(void)
{
	ram_exit(&ram);
	ram_set_reuse(false);
}

/*
 * A bank kept by ram_set_reuse() reads as a fresh one: the bytes every
 * kind of store reached are zero again, and so are their counts.
 */
Test(ram, kept_bank_reads_as_fresh, .fini = reuse_off)
{
	static const u8 zero[PAGE_SIZE];
	u8 *host;

	ram_set_reuse(true);
	cr_assert_eq(ram_init(&ram, 0, 64u << 20, 1), 0);
	host = ram.host;
	ram_write32(&ram, 0x1000, 0xdeadbeef);
	ram_write64(&ram, (64u << 20) - 8, ~0ull);
	memset(ram_ptr_write(&ram, 0x234567, 3 * PAGE_SIZE), 0x5a,
	       3 * PAGE_SIZE);
	cr_assert_not(ram_frame_unwritten(&ram, 0x1000));
	ram_exit(&ram);
	cr_assert(ram_bank_kept());

	cr_assert_eq(ram_init(&ram, 0x80000000, 64u << 20, 2), 0);
	cr_assert_not(ram_bank_kept());
	cr_assert_eq(ram.host, host, "the kept bank was not reused");
	cr_assert_eq(ram.base, 0x80000000);
	cr_assert_eq(ram.nodes, 2);
	cr_assert_eq(ram.nr_dirty, 0);
	for (u64 off = 0; off < (64u << 20); off += PAGE_SIZE) {
		cr_assert(ram_frame_unwritten(&ram, 0x80000000 + off),
			  "frame at %#llx still counted",
			  (unsigned long long)off);
		cr_assert_not(memcmp(ram_ptr(&ram, 0x80000000 + off), zero,
				     PAGE_SIZE),
			      "frame at %#llx not zero",
			      (unsigned long long)off);
	}
}

/* A smaller bank comes out of a kept larger one; a larger one is new. */
Test(ram, kept_bank_serves_smaller_sizes, .fini = reuse_off)
{
	u8 *host;

	ram_set_reuse(true);
	cr_assert_eq(ram_init(&ram, 0, 16u << 20, 1), 0);
	ram_exit(&ram);
	cr_assert_eq(ram_init(&ram, 0, 64u << 20, 1), 0);
	host = ram.host;
	cr_assert(ram_bank_kept(), "the 16 MiB bank serves no 64 MiB one");
	ram_exit(&ram);
	cr_assert_eq(ram_init(&ram, 0, 4u << 20, 1), 0);
	cr_assert_eq(ram.host, host);
	cr_assert_eq(ram.size, 4u << 20);
	cr_assert(ram_contains(&ram, (4u << 20) - 8, 8));
	cr_assert_not(ram_contains(&ram, 4u << 20, 1));
	ram_write32(&ram, (4u << 20) - 4, 7);
	ram_exit(&ram);
	/* The larger bank stays: it serves both sizes. */
	cr_assert_eq(ram_init(&ram, 0, 64u << 20, 1), 0);
	cr_assert_eq(ram.host, host);
	cr_assert_eq(ram_read32(&ram, (4u << 20) - 4), 0);
}

/* Reuse off returns the kept bank; banks made then are not kept. */
Test(ram, reuse_off_keeps_nothing, .fini = reuse_off)
{
	ram_set_reuse(true);
	cr_assert_eq(ram_init(&ram, 0, 4u << 20, 1), 0);
	ram_exit(&ram);
	cr_assert(ram_bank_kept());
	ram_set_reuse(false);
	cr_assert_not(ram_bank_kept());
	cr_assert_eq(ram_init(&ram, 0, 4u << 20, 1), 0);
	cr_assert_null(ram.dirty);
	ram_write32(&ram, 0, 1);
	ram_exit(&ram);
	ram_set_reuse(true);
	cr_assert_not(ram_bank_kept());
}
