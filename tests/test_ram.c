// SPDX-License-Identifier: GPL-2.0-only
/*
 * Simulated RAM (src/hw/ram.c): the checks on its geometry, the host bytes
 * behind a physical address (zero until written, contiguous across the
 * whole bank) and the NUMA node of an address, with node sizes that are and
 * are not powers of two.
 */
#include <criterion/criterion.h>

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
