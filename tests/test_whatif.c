// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit whatif` (experiments/whatif.h): each row's memory from its
 * layout, exactly; the workloads' figures against the status quo; the
 * words every row starts from; the CLI's refusals.
 */
#include "helpers.h"

#include <stdlib.h>

#include "base/errno.h"
#include "experiments/whatif.h"

static struct whatif_row rows[WHATIF_NROWS];
static char err[512];

static void measure(const char *platform, char **words, int nwords,
		    u32 workloads)
{
	const struct platform *p = platform_find(platform);

	cr_assert(p);
	cr_assert_eq(whatif_measure(p, words, nwords, workloads, rows, err,
				    sizeof(err)),
		     0, "%s", err);
}

/*
 * The EVM's 1 GiB under 6.1: VMSPLIT_3G maps 768 MiB (PAGE_OFFSET
 * 0xC0000000, vmalloc's 240 MiB and its 8 MiB gap below 0xFF800000...),
 * the rest is highmem; 3G_OPT and beyond map it all, at the price of user
 * space (TASK_SIZE is PAGE_OFFSET less the 16 MiB of modules); without
 * CONFIG_HIGHMEM the quarter above lowmem is not used.
 */
Test(whatif, memory_from_each_row_s_layout)
{
	static const u64 want[WHATIF_NROWS][5] = {
		{ 768, 256, 0, 3056, 2036 },  { 1024, 0, 0, 2800, 1865 },
		{ 1024, 0, 0, 2032, 1353 },   { 1024, 0, 0, 1008, 671 },
		{ 768, 256, 0, 3056, 2036 },  { 768, 0, 256, 3056, 2036 },
	};

	measure("am335x-evm", NULL, 0, 0);
	for (u32 i = 0; i < WHATIF_NROWS; i++) {
		const struct whatif_memory *m = &rows[i].mem;

		cr_assert(rows[i].valid, "%s: %s", rows[i].name,
			  rows[i].why_not);
		cr_assert_eq(m->lowmem, want[i][0], "%s", rows[i].name);
		cr_assert_eq(m->highmem, want[i][1], "%s", rows[i].name);
		cr_assert_eq(m->unusable, want[i][2], "%s", rows[i].name);
		cr_assert_eq(m->user_va, want[i][3], "%s", rows[i].name);
		cr_assert_eq(m->largest_mmap, want[i][4], "%s", rows[i].name);
		cr_assert_not(rows[i].measured[WHATIF_DD]);
	}
}

/*
 * dd's page cache leaves highmem when lowmem holds all 1 GiB (no
 * kmap_atomic per page: +6.3%); fork gains most where its PTE pages stop
 * coming from highmem -- HIGHPTE dropped, or no highmem at all.
 */
Test(whatif, workloads_against_the_status_quo, .timeout = 120)
{
	measure("am335x-evm", NULL, 0,
		(1u << WHATIF_DD) | (1u << WHATIF_LMBENCH) |
			(1u << WHATIF_IPERF));
	for (u32 i = 0; i < WHATIF_NROWS; i++) {
		cr_assert(rows[i].measured[WHATIF_DD]);
		cr_assert(rows[i].measured[WHATIF_LMBENCH]);
		cr_assert_not(rows[i].measured[WHATIF_IPERF], "no NIC");
	}
	cr_assert_eq((u32)(rows[0].metric[WHATIF_DD] * 100), 19102);
	cr_assert_eq((u32)(rows[1].metric[WHATIF_DD] * 100), 20314);
	cr_assert_eq((u32)(rows[4].metric[WHATIF_DD] * 100), 19106);
	cr_assert_eq((u32)(rows[0].metric[WHATIF_LMBENCH] * 100), 37348);
	cr_assert_eq((u32)(rows[4].metric[WHATIF_LMBENCH] * 100), 33490);
	cr_assert_eq((u32)(rows[5].metric[WHATIF_LMBENCH] * 100), 33235);
}

/* Words apply to every row; one the status quo refuses is the error. */
Test(whatif, words_start_every_row)
{
	char *bad[] = { "mem=2G" }, *k57[] = { "kernel=5.7" };
	const struct platform *p = platform_find("am335x-evm");

	cr_assert_eq(whatif_measure(p, bad, 1, 0, rows, err, sizeof(err)),
		     -EINVAL);
	cr_assert(strstr(err, "mem="), "%s", err);
	measure("am335x-evm", k57, 1, 0);
	cr_assert_eq(rows[0].mem.lowmem, 768);
	cr_assert_eq(rows[5].mem.unusable, 256);
}

Test(whatif, cli)
{
	struct test_sh_output o =
		test_sh("\"$VMSPLIT_BIN\" whatif --workloads none --platform numaq-16");

	cr_assert_eq(o.status, 0, "%s", o.err);
	cr_assert(strstr(o.out, "status quo                   896   15488        0    3072     2047\n"),
		  "%s", o.out);
	free(o.out);
	free(o.err);
	o = test_sh("\"$VMSPLIT_BIN\" whatif --workloads fft");
	cr_assert_eq(o.status, 2);
	cr_assert(strstr(o.err, "--workloads: unknown workload 'fft'"), "%s",
		  o.err);
	free(o.out);
	free(o.err);
}
