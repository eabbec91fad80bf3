// SPDX-License-Identifier: GPL-2.0-only
/*
 * Out of memory (issue 11): runs that exhaust RAM must end the way Linux
 * ends them -- a failed exec returns -ENOMEM and its task exits, a fault
 * that cannot allocate goes to the OOM killer (SIGKILL), a full tmpfs is a
 * short write -- never a simulator panic, and the page tables stay visible
 * to the walker on the way.
 */
#include "helpers.h"

#include <stdarg.h>

#include "base/errno.h"
#include "platforms/platform.h"
#include "run/run.h"
#include "experiments/dd.h"
#include "workloads/dd.h"
#include "workloads/spawn.h"

static struct run_result r;

static void spawn_start_cb(const void *p)
{
	spawn_start(p);
}

/* Run spawn on @platform with the NULL-terminated NAME=VALUE words. */
static void run_spawn(const char *platform, u32 procs, u32 pages,
		      u32 shared_pages, ...)
{
	struct spawn_params sp = { procs, pages, shared_pages };
	struct settings s;
	char err[256];
	va_list ap;
	const char *w;

	settings_default(&s, platform_find(platform));
	va_start(ap, shared_pages);
	while ((w = va_arg(ap, const char *)))
		cr_assert_eq(settings_parse(&s, w, err, sizeof(err)), 0, "%s",
			     err);
	va_end(ap);
	cr_assert_eq(run_workload(&s, spawn_start_cb, &sp, &r, err,
				  sizeof(err)),
		     0, "%s", err);
}

/*
 * Row 2: on the Kirkwood, a 16 KiB block that pgd_alloc gets back after
 * memory ran low held dirty lines in the Feroceon L2 from its previous
 * use; clean_dcache_area must clean L2 too (cpu_feroceon_dcache_clean_
 * area), else the walker panics on a user entry still dirty in L2.
 */
Test(oom, kirkwood_low_memory_pgd_is_clean)
{
	run_spawn("kirkwood-openblocks-a7", 157, 64, 16, "mem=16M", "checks=y",
		  NULL);
	/* Every parent exits; children only where fork found memory. */
	cr_assert_geq(r.exits, 157);
	cr_assert_leq(r.exits, 2 * 157);
}

/*
 * Row 3: when memory for the new mm runs out, exec returns -ENOMEM and the
 * task that could not exec exits; the run goes on and counts it.  Each
 * task that did exec forks one child.
 */
Test(oom, exec_enomem_exits_the_task)
{
	/*
	 * Kernel stacks in host memory: every fork finds its order-1 block,
	 * so exec is the only thing that runs out.  24 MiB: since fork
	 * copies only the PTEs of VMAs with an anon_vma (2.6.14), 16 MiB
	 * runs out in the parents' own faults first (the OOM killer) and no
	 * exec fails.
	 */
	run_spawn("beaglebone-white", 400, 64, 5, "mem=24M", "kernel_data=host",
		  NULL);
	cr_assert_gt(r.events[EV_exec_enomem], 0);
	cr_assert_eq(r.events[EV_exec], 400);
	cr_assert_eq(r.exits, 2 * 400 - r.events[EV_exec_enomem]);
}

/*
 * Row 18: a child touching 16 MiB of anonymous memory in a 16 MiB machine
 * faults with nothing left to allocate: VM_FAULT_OOM goes to the OOM
 * killer, the child dies of SIGKILL, and the parent sees it.
 */
Test(oom, fault_oom_is_an_oom_kill_not_sigsegv)
{
	run_spawn("kirkwood-openblocks-a7", 8, 4096, 16, "mem=16M", NULL);
	cr_assert_eq(r.events[EV_oom_kill], 8);
	cr_assert_eq(r.events[EV_sigsegv], 0);
	cr_assert_eq(r.sigsegv, 0);
	cr_assert_eq(r.exits, 16);
}

static struct dd_params dd;

static void dd_start_cb(const void *p)
{
	dd_start((struct dd_params *)(unsigned long)p);
}

/*
 * Row 4: dd to a tmpfs that fills up.  With 1.5-page blocks the last
 * write is short (the page that fitted goes out, the next one cannot be
 * had); dd writes the rest, gets -ENOSPC and stops, having counted every
 * byte that reached the file -- which ends on a page boundary.
 */
Test(oom, dd_stops_on_enospc_counting_what_it_wrote)
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find("beaglebone-white"));
	cr_assert_eq(settings_parse(&s, "mem=16M", err, sizeof(err)), 0, "%s",
		     err);
	/* Where the last page falls with the kernel's objects placed: in
	 * the middle of a block, as this row wants. */
	cr_assert_eq(settings_parse(&s, "kernel_data=host", err, sizeof(err)),
		     0, "%s", err);
	dd.bs = 6144;
	dd.count = 32 * 1024 * 1024 / dd.bs;
	cr_assert_eq(run_workload(&s, dd_start_cb, &dd, &r, err, sizeof(err)),
		     0, "%s", err);
	cr_assert(dd.nospace);
	cr_assert_eq(dd.err, ENOSPC);
	cr_assert_eq(dd.status, 4);
	cr_assert_gt(dd.ns, 0);
	cr_assert_gt(dd.bytes, 0);
	cr_assert_lt(dd.bytes, (u64)dd.count * dd.bs);
	cr_assert_eq(dd.bytes % PAGE_SIZE, 0, "bytes %llu",
		     (unsigned long long)dd.bytes);
	cr_assert_neq(dd.bytes % dd.bs, 0, "bytes %llu",
		      (unsigned long long)dd.bytes);
}

/*
 * tmpfs holds half the RAM the kernel uses: without highmem that is half
 * of lowmem, not of mem=.  The NUMA-Q with mem=2G and CONFIG_HIGHMEM=n
 * has 896 MiB, so 1000 MiB is refused before the run (it used to run
 * into ENOSPC, which the workload-level test above covers).
 */
Test(oom, dd_check_counts_lowmem_only_without_highmem)
{
	struct dd_point pt;
	struct settings s;
	char err[256];
	int ret;

	settings_default(&s, platform_find("numaq-16"));
	cr_assert_eq(settings_parse(&s, "CONFIG_HIGHMEM=n", err, sizeof(err)), 0);
	cr_assert_eq(settings_parse(&s, "mem=2G", err, sizeof(err)), 0);
	cr_assert_eq(settings_parse(&s, "checks=n", err, sizeof(err)), 0);
	ret = dd_measure(&s, 1u << 20, 1000u << 20, &pt, err, sizeof(err));
	cr_assert_eq(ret, -EINVAL, "%d: %s", ret, err);
	cr_assert_str_eq(err, "--total 1048576000 does not fit tmpfs on numaq-16: at most 448M (half of the 896M the kernel uses, lowmem only with CONFIG_HIGHMEM=n)");
	cr_assert_eq(dd_check(&s, 1u << 20, 448u << 20, err, sizeof(err)), 0,
		     "%s", err);
}
