// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit whatif` (experiments/whatif.h): each row's memory from its
 * layout, exactly; the workloads' figures against the status quo; the
 * words every row starts from; the CLI's refusals.
 */
#include "helpers.h"

#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/errno.h"
#include "experiments/whatif.h"
#include "report/plots.h"

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
	static const u64 want[14][5] = {
		{ 768, 256, 0, 3056, 2036 },  { 1024, 0, 0, 2800, 1865 },
		{ 1024, 0, 0, 2032, 1353 },   { 1024, 0, 0, 1008, 671 },
		{ 768, 256, 0, 3056, 2036 },  { 768, 256, 0, 3056, 2036 },
		{ 768, 256, 0, 3056, 2036 },  { 768, 0, 256, 3056, 2036 },
		{ 768, 256, 0, 3056, 2036 },  { 768, 256, 0, 3056, 2036 },
		{ 768, 256, 0, 3056, 2036 },  { 768, 256, 0, 3056, 2036 },
		{ 768, 256, 0, 3056, 2036 },  { 768, 256, 0, 3056, 2036 },
	};

	measure("am335x-evm", NULL, 0, 0);
	for (u32 i = 0; i < ARRAY_SIZE(want); i++) {
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
 * The 4G/4G rows: ARM boards take LPAE with them ("arm:" words), so the
 * A8's EVM refuses both; the A15's 2 GiB is all lowmem and user space is
 * 4 GiB less the top 16 MiB; the NUMA-Q's 2003 split maps 3712 MiB, and
 * its rw_vm copy keeps no pins.
 */
Test(whatif, four_g_split_by_arch)
{
	measure("am335x-evm", NULL, 0, 0);
	cr_assert_str_eq(rows[14].name, "4G/4G split");
	cr_assert_not(rows[14].valid);
	cr_assert_str_eq(rows[14].why_not,
			 "CONFIG_ARM_LPAE=y: am335x-evm has an ARMv7 CPU without LPAE");
	cr_assert_not(rows[15].valid);
	measure("cortex-a15-2g", NULL, 0, 0);
	cr_assert(rows[14].valid, "%s", rows[14].why_not);
	cr_assert(rows[15].valid, "%s", rows[15].why_not);
	cr_assert_eq(rows[14].mem.lowmem, 2048);
	cr_assert_eq(rows[14].mem.highmem, 0);
	cr_assert_eq(rows[14].mem.user_va, 4080);
	measure("numaq-16", NULL, 0, 0);
	cr_assert(rows[14].valid, "%s", rows[14].why_not);
	cr_assert_eq(rows[14].mem.lowmem, 3712);
	cr_assert_eq(rows[14].mem.user_va, 4080);
	cr_assert_not(rows[15].valid);
	cr_assert_str_eq(rows[15].why_not,
			 "pin_cache=512: x86's CONFIG_VMSPLIT_4G_4G copies through rw_vm (follow_page under the lock), which keeps no pins");
	/* FreeBSD's trampoline: the same split, on x86 alone. */
	cr_assert_str_eq(rows[17].name, "FreeBSD 4/4 trampoline");
	cr_assert(rows[17].valid, "%s", rows[17].why_not);
	cr_assert_eq(rows[17].mem.lowmem, 3712);
	cr_assert_eq(rows[17].mem.user_va, 4080);
	measure("cortex-a15-2g", NULL, 0, 0);
	cr_assert_not(rows[17].valid);
	cr_assert_str_eq(rows[17].why_not,
			 "copy_4g=tramp: FreeBSD i386's 4/4 trampoline copy is x86 CONFIG_VMSPLIT_4G_4G's (the kernel on its own tables, user memory reached by a CR3 load); not on ARM, whose 4G/4G (LPAE) copies through GUP+kmap");
}

/*
 * Row @r's change of workload @w from the status quo comes first from
 * code, then from TLB invalidates, both less: kmap's instructions and
 * its invalidates gone.
 */
static void assert_kmap_causes_fell(u32 r, int w)
{
	int c[WHATIF_TOP_CAUSES];
	double d[WHATIF_TOP_CAUSES];

	cr_assert_eq(whatif_top_causes(&rows[0], &rows[r], w, c, d), 3);
	cr_assert_str_eq(cause_names[c[0]], "code");
	cr_assert_str_eq(cause_names[c[1]], "tlb_inv");
	cr_assert_lt(d[0], d[1]);
	cr_assert_lt(d[1], 0);
}

/*
 * dd's page cache leaves highmem when lowmem holds all 1 GiB, or when the
 * plan's stage 3 takes it out (no kmap_local per page: +6.3%); fork gains
 * most where its PTE pages stop coming from highmem -- stage 2 or
 * HIGHPTE dropped, or no highmem at all.
 */
Test(whatif, workloads_against_the_status_quo, .timeout = 120)
{
	measure("am335x-evm", NULL, 0,
		(1u << WHATIF_DD) | (1u << WHATIF_LMBENCH) |
			(1u << WHATIF_IPERF));
	for (u32 i = 0; i < WHATIF_NROWS; i++) {
		/* The A8 has no LPAE for a 4G/4G split, nor any ARM the
		 * FreeBSD trampoline. */
		bool runs = rows[i].valid;

		cr_assert_eq(runs, i != 14 && i != 15 && i != 17, "%s",
			     rows[i].name);
		cr_assert_eq(rows[i].measured[WHATIF_DD], runs);
		cr_assert_eq(rows[i].measured[WHATIF_LMBENCH], runs);
		cr_assert_not(rows[i].measured[WHATIF_IPERF], "no NIC");
	}
	cr_assert_eq((u32)(rows[0].metric[WHATIF_DD] * 100), 19166);
	cr_assert_eq((u32)(rows[1].metric[WHATIF_DD] * 100), 20385);
	cr_assert_eq((u32)(rows[5].metric[WHATIF_DD] * 100), 20384);
	cr_assert_eq((u32)(rows[6].metric[WHATIF_DD] * 100), 19169);
	cr_assert_eq((u32)(rows[0].metric[WHATIF_LMBENCH] * 100), 37285);
	cr_assert_eq((u32)(rows[6].metric[WHATIF_LMBENCH] * 100), 33427);
	cr_assert_eq((u32)(rows[7].metric[WHATIF_LMBENCH] * 100), 33172);
	/* The RFC's copy costs dd a fifth; its pins kept, two fifths of that. */
	cr_assert_eq((u32)(rows[8].metric[WHATIF_DD] * 100), 15343);
	cr_assert_eq((u32)(rows[9].metric[WHATIF_DD] * 100), 17638);
	/*
	 * sf_buf: dd's page-cache pages are new at every copy, so each one
	 * recycles a buffer -- what it saves is kunmap's PTE clear and
	 * invalidate.  Under the RFC's copy the user page, the same one
	 * every time, hits: no PTE store at all on that side.
	 */
	cr_assert_eq((u32)(rows[10].metric[WHATIF_DD] * 100), 19667);
	cr_assert_eq((u32)(rows[11].metric[WHATIF_DD] * 100), 18724);
	/*
	 * emap: each dd copy enters, produces and consumes its own
	 * generation, so every one flushes the whole TLB -- which still
	 * costs the EVM's single CPU less than kunmap_local's PTE clear and
	 * invalidate.  Under the RFC's copy both pages of a copy flush.
	 */
	cr_assert_eq((u32)(rows[12].metric[WHATIF_DD] * 100), 19325);
	cr_assert_eq((u32)(rows[13].metric[WHATIF_DD] * 100), 17987);
	/* Stage 2 takes HIGHPTE with it: its figures are HIGHPTE=n's. */
	cr_assert_eq(rows[4].metric[WHATIF_DD], rows[6].metric[WHATIF_DD]);
	cr_assert_eq(rows[4].metric[WHATIF_LMBENCH],
		     rows[6].metric[WHATIF_LMBENCH]);
	/* dd's gain is kmap_local's instructions and its TLB invalidates. */
	{
		int c[WHATIF_TOP_CAUSES];
		double d[WHATIF_TOP_CAUSES];

		assert_kmap_causes_fell(1, WHATIF_DD);
		/* fork's: HIGHPTE's kmap_local instructions, per fork. */
		cr_assert_eq(whatif_top_causes(&rows[0], &rows[6],
					       WHATIF_LMBENCH, c, d),
			     3);
		cr_assert_str_eq(cause_names[c[0]], "code");
		cr_assert_lt(d[0], -30000);
		cr_assert_eq(whatif_top_causes(&rows[0], &rows[6], WHATIF_IPERF,
					       c, d),
			     0, "iperf did not run");
	}
}

/*
 * kernbench's 32 units on the EVM: its system time falls most where the
 * PTE pages leave highmem (HIGHPTE dropped, and the PTE window, which
 * reaches the running mm's tables without a kmap) and where lowmem holds
 * all 1 GiB; the RFC's copy makes every pipe copy of gcc -pipe pin.
 */
Test(whatif, kernbench_s_system_time, .timeout = 120)
{
	measure("am335x-evm", NULL, 0, 1u << WHATIF_KERNBENCH);
	for (u32 i = 0; i < WHATIF_NROWS; i++) {
		cr_assert_eq(rows[i].measured[WHATIF_KERNBENCH], rows[i].valid,
			     "%s", rows[i].name);
		cr_assert_not(rows[i].measured[WHATIF_DD]);
	}
	cr_assert_eq(llround(rows[0].metric[WHATIF_KERNBENCH] * 1e5), 209872);
	cr_assert_eq(llround(rows[1].metric[WHATIF_KERNBENCH] * 1e5), 183256);
	cr_assert_eq(llround(rows[6].metric[WHATIF_KERNBENCH] * 1e5), 193350);
	cr_assert_eq(llround(rows[8].metric[WHATIF_KERNBENCH] * 1e5), 218477);
	cr_assert_eq(llround(rows[16].metric[WHATIF_KERNBENCH] * 1e5), 193365);
	/* HIGHPTE's cost is kmap_local's instructions and invalidates. */
	assert_kmap_causes_fell(6, WHATIF_KERNBENCH);
}

/* The top causes by |change| per KiB, largest first; a cause that did
 * not move is not named. */
Test(whatif, top_causes_order_by_the_size_of_the_change)
{
	static struct whatif_row base, row;
	int c[WHATIF_TOP_CAUSES];
	double d[WHATIF_TOP_CAUSES];

	base.has_causes[WHATIF_DD] = row.has_causes[WHATIF_DD] = true;
	for (int k = 0; k < NR_CAUSES; k++)
		base.per_unit[WHATIF_DD][k] = row.per_unit[WHATIF_DD][k] = 250;
	row.per_unit[WHATIF_DD][1] += 1;
	row.per_unit[WHATIF_DD][2] -= 3;
	row.per_unit[WHATIF_DD][3] += 2;
	row.per_unit[WHATIF_DD][4] -= 0.5;	/* the fourth: left out */
	cr_assert_eq(whatif_top_causes(&base, &row, WHATIF_DD, c, d), 3);
	cr_assert_eq(c[0], 2);
	cr_assert_eq(c[1], 3);
	cr_assert_eq(c[2], 1);
	cr_assert_float_eq(d[0], -3.0, 1e-9);
	cr_assert_float_eq(d[1], 2.0, 1e-9);
	cr_assert_float_eq(d[2], 1.0, 1e-9);
	row.has_causes[WHATIF_DD] = false;
	cr_assert_eq(whatif_top_causes(&base, &row, WHATIF_DD, c, d), 0);
	memcpy(row.per_unit, base.per_unit, sizeof(row.per_unit));
	row.has_causes[WHATIF_DD] = true;
	cr_assert_eq(whatif_top_causes(&base, &row, WHATIF_DD, c, d), 0,
		     "nothing moved");
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
	cr_assert_eq(rows[7].mem.unusable, 256);
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
	/* CSV: a header, a line per row; a refused row keeps its reason
	 * whole, and a field with a comma is quoted. */
	o = test_sh("\"$VMSPLIT_BIN\" whatif --workloads none --platform kirkwood-openblocks-a7 --format csv");
	cr_assert_eq(o.status, 0, "%s", o.err);
	cr_assert(!strncmp(o.out, "platform,kernel,row,tag,setting,valid,why_not,lowmem_MiB,highmem_MiB,unusable_MiB,user_va_MiB,largest_mmap_MiB\n"
				  "kirkwood-openblocks-a7,3.16.0,status quo,status quo,,true,,760,264,0,3056,2036\n",
			   strlen("platform,kernel,row,tag,setting,valid,why_not,lowmem_MiB,highmem_MiB,unusable_MiB,user_va_MiB,largest_mmap_MiB\n"
				  "kirkwood-openblocks-a7,3.16.0,status quo,status quo,,true,,760,264,0,3056,2036\n")),
		  "%s", o.out);
	cr_assert(strstr(o.out, "\nkirkwood-openblocks-a7,3.16.0,sf_buf (FreeBSD),sf_buf,sf_buf=512,false,sf_buf=512: not on kirkwood-openblocks-a7's VIVT D-cache (a buffer kept mapped after free would alias the page's other mappings; FreeBSD's arm code unmaps on free),,,,,\n"),
		  "%s", o.out);
	cr_assert(strstr(o.out, "\nkirkwood-openblocks-a7,3.16.0,\"RFC copy, pins kept\",RFC+pins,"),
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

/*
 * --plot DIR: DIR/whatif-<board>.svg, memory and speed side by side with
 * the rows' short names; a directory it cannot make fails before a run.
 */
Test(whatif, plot)
{
	char dir[] = "/tmp/vmsplit-whatif-XXXXXX", path[128];
	const struct platform *p = platform_find("am335x-evm");
	char *svg;
	struct test_sh_output o;

	cr_assert(mkdtemp(dir));
	measure("am335x-evm", NULL, 0, 1u << WHATIF_DD);
	cr_assert_eq(plot_prepare_dir(dir, "whatif-am335x-evm", err,
				      sizeof(err)),
		     0, "%s", err);
	cr_assert_eq(plot_whatif(dir, p, rows, 1u << WHATIF_DD, err,
				 sizeof(err)),
		     0, "%s", err);
	snprintf(path, sizeof(path), "%s/whatif-am335x-evm.svg", dir);
	svg = test_slurp(path);
	cr_assert(strstr(svg, ">whatif on am335x-evm: memory</text>"));
	cr_assert(strstr(svg, ">whatif on am335x-evm: speed (status quo = 100)</text>"));
	cr_assert(strstr(svg, ">3G_OPT</text>") && strstr(svg, ">HIGHMEM=n</text>"));
	cr_assert(strstr(svg, ">106.4</text>"), "3G_OPT's dd speed");
	cr_assert_null(strstr(svg, "hatched: published"),
		       "nothing published here, no hatching to explain");
	free(svg);
	cr_assert_eq(remove(path), 0);
	/* The Kirkwood refuses the designs (VIVT) and 4G/4G (no LPAE):
	 * those rows have no group on its chart. */
	p = platform_find("kirkwood-openblocks-a7");
	measure("kirkwood-openblocks-a7", NULL, 0, 1u << WHATIF_DD);
	cr_assert_eq(plot_whatif(dir, p, rows, 1u << WHATIF_DD, err,
				 sizeof(err)),
		     0, "%s", err);
	snprintf(path, sizeof(path), "%s/whatif-kirkwood-openblocks-a7.svg",
		 dir);
	svg = test_slurp(path);
	cr_assert(strstr(svg, ">RFC copy</text>"));
	cr_assert_null(strstr(svg, ">sf_buf</text>"));
	cr_assert_null(strstr(svg, ">4G/4G</text>"));
	cr_assert_null(strstr(svg, ">none</text>"), "no empty groups");
	free(svg);
	cr_assert_eq(remove(path), 0);
	cr_assert_eq(rmdir(dir), 0);
	o = test_sh("\"$VMSPLIT_BIN\" whatif --plot /dev/null/x");
	cr_assert_eq(o.status, 2);
	cr_assert(strstr(o.err, "--plot: cannot create directory '/dev/null/x'"),
		  "%s", o.err);
	cr_assert_eq(o.out[0], '\0', "no run, no table");
	free(o.out);
	free(o.err);
}
