// SPDX-License-Identifier: GPL-2.0-only
/*
 * pte_window=y (mm/pte_window.h) under CONFIG_HIGHPTE: every PTE access a
 * fault makes in the running mm goes through the window, where without
 * it each took a kmap; a PTE page allocated writes one window PTE, one
 * freed clears it; fork's child tables still take kmaps; a window PTE
 * left stale is caught; the window comes out of vmalloc; the boards and
 * settings it cannot serve refuse it; and processes switching between
 * CPUs run under every checker on the three page-table formats.
 */
#include "helpers.h"

#include <stdlib.h>
#include <string.h>

#include "arch/layout.h"
#include "arch/pgtable.h"
#include "base/errno.h"
#include "hw/machine.h"
#include "hw/access.h"
#include "hw/ram.h"
#include "kernel/lock.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/internal.h"
#include "mm/mm.h"
#include "mm/pte_window.h"

/* The events below at each point of three_pmds_main, from its start. */
enum { AT_TOUCH, AT_TOUCHED, AT_FORKED, AT_UNMAPPED, NR_AT };
static const enum event watched[] = { EV_pte_page_kmap, EV_pte_window_map,
				      EV_pte_window_set, EV_pte_window_clear };
static u64 at[NR_AT][ARRAY_SIZE(watched)];
static struct probe start;

static void mark(u32 point)
{
	for (u32 i = 0; i < ARRAY_SIZE(watched); i++)
		at[point][i] = probe_ev(&start, watched[i]);
}

static void child_exits(void *arg)
{
	(void)arg;
	sys_exit(0);
}

/* Three PTE pages' worth of PMDs, wholly inside one mapping: a page
 * touched in each. */
static void three_pmds_main(void *arg)
{
	vaddr_t map, first;
	int status;

	(void)arg;
	map = (vaddr_t)sys_mmap(0, 8u << 20, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	first = ALIGN_UP(map, PMD_SIZE);
	probe_take(&start);
	mark(AT_TOUCH);
	for (u32 i = 0; i < 3; i++)
		uv_write32(first + i * PMD_SIZE, i);
	mark(AT_TOUCHED);
	sys_wait4(sys_fork(child_exits, NULL), &status);
	mark(AT_FORKED);
	sys_munmap(map, 8u << 20);
	mark(AT_UNMAPPED);
	sys_exit(0);
}

/* Event @e (an index of watched[]) between points @a and @b. */
static u64 ev(u32 a, u32 b, u32 e)
{
	return at[b][e] - at[a][e];
}

enum { KMAP, WMAP, WSET, WCLEAR };

static void run_three_pmds(const char *platform, const char *window)
{
	TEST_BOOT(platform, "CONFIG_HIGHPTE=y", window);
	test_run_process(three_pmds_main, NULL);
	test_shutdown();
}

Test(pte_window, a_fault_maps_no_pte_page)
{
	u64 kmaps_without;

	run_three_pmds("cortex-a15-2g", "pte_window=n");
	kmaps_without = ev(AT_TOUCH, AT_TOUCHED, KMAP);
	cr_assert_gt(kmaps_without, 0);
	run_three_pmds("cortex-a15-2g", "pte_window=y");
	/* Every kmap the faults took is a window access now. */
	cr_assert_eq(ev(AT_TOUCH, AT_TOUCHED, KMAP), 0);
	cr_assert_eq(ev(AT_TOUCH, AT_TOUCHED, WMAP), kmaps_without);
	/* Three PTE pages allocated: three window PTEs written. */
	cr_assert_eq(ev(AT_TOUCH, AT_TOUCHED, WSET), 3);
	cr_assert_eq(ev(AT_TOUCH, AT_TOUCHED, WCLEAR), 0);
}

Test(pte_window, fork_maps_the_child_s_tables_and_munmap_clears)
{
	run_three_pmds("numaq-16", "pte_window=y");
	cr_assert_eq(ev(AT_TOUCH, AT_TOUCHED, WSET), 3);
	/*
	 * The child's tables are not the running mm's: copy_page_range
	 * maps each with a kmap, its parent's through the window; each
	 * child PTE page's window PTE is written in the child's tables.
	 */
	cr_assert_eq(ev(AT_TOUCHED, AT_FORKED, KMAP),
		     ev(AT_TOUCHED, AT_FORKED, WSET));
	cr_assert_gt(ev(AT_TOUCHED, AT_FORKED, WMAP), 0);
	/* The child's exit cleared its window PTEs, one per table. */
	cr_assert_eq(ev(AT_TOUCHED, AT_FORKED, WCLEAR),
		     ev(AT_TOUCHED, AT_FORKED, WSET));
	/* munmap frees the three PTE pages: three window PTEs cleared. */
	cr_assert_eq(ev(AT_FORKED, AT_UNMAPPED, WCLEAR), 3);
	cr_assert_eq(ev(AT_FORKED, AT_UNMAPPED, KMAP), 0);
}

/*
 * A window PTE that no longer maps the mm's PTE page -- a kernel that
 * forgot to update it -- stops the next access through the window.
 */
/* Static: the panic abandons the kernel with the mm still allocated. */
static struct mm_struct *stale_mm;

Test(pte_window, a_stale_window_pte_is_caught)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "pte_window=y");
	struct mm_struct *mm = stale_mm = mm_alloc();
	vaddr_t addr = 1u << 30, wva, ptep;
	phys_addr_t slot;

	cr_assert(mm);
	spin_lock(&mm->page_table_lock);
	cr_assert_eq(__pte_alloc(mm, addr), 0);
	spin_unlock(&mm->page_table_lock);
	/* The mm loaded here: its PTEs are in the window. */
	hw_set_cr3(this_cpu(), mm->pgd);
	ptep = pte_offset_map(mm, addr);
	wva = layout.ptwin_base + (addr / PMD_SIZE) * PAGE_SIZE;
	cr_assert_eq(ptep, wva + pte_offset_in_page(addr));
	pte_unmap(ptep);
	/* Its window PTE pointed a page further on, as a lost update
	 * would leave it. */
	slot = page_to_phys(mm->ptwin[(wva - layout.ptwin_base) / PMD_SIZE]) +
	       pte_offset_in_page(wva);
	ram_write64(&machine->ram, slot,
		    ram_read64(&machine->ram, slot) + PAGE_SIZE);
	EXPECT_PANIC("a window PTE left stale",
		     (void)pte_offset_map(mm, addr));
}

Test(pte_window, the_window_comes_out_of_vmalloc)
{
	struct settings s;
	struct kernel_layout with, without;
	char err[256];

	settings_default(&s, platform_find("cortex-a15-2g"));
	cr_assert_eq(settings_parse(&s, "CONFIG_HIGHPTE=y", err, sizeof(err)),
		     0);
	cr_assert_eq(layout_compute(&s, &without), 0);
	cr_assert_eq(settings_parse(&s, "pte_window=y", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(layout_compute(&s, &with), 0);
	/* TASK_SIZE 0xbf000000: 1528 PTE pages, three tables' 6 MiB. */
	cr_assert_eq(with.ptwin_size, 6u << 20);
	cr_assert_eq(with.ptwin_base, (without.vmalloc_end & PMD_MASK) -
					      (6u << 20));
	cr_assert_eq(with.vmalloc_end, with.ptwin_base - 2 * PAGE_SIZE);
	cr_assert_eq(with.max_low_pfn, without.max_low_pfn);
	settings_default(&s, platform_find("numaq-16"));
	cr_assert_eq(settings_parse(&s, "CONFIG_HIGHPTE=y", err, sizeof(err)),
		     0);
	cr_assert_eq(settings_parse(&s, "pte_window=y", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(layout_compute(&s, &with), 0);
	/* A 3 GiB user space: 1536 PTE pages. */
	cr_assert_eq(with.ptwin_size, 6u << 20);
}

Test(pte_window, refused_where_it_cannot_serve)
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find("cortex-a15-2g"));
	cr_assert_eq(settings_parse(&s, "CONFIG_HIGHPTE=n", err, sizeof(err)),
		     0);
	cr_assert_eq(settings_parse(&s, "pte_window=y", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "pte_window=y: a window for CONFIG_HIGHPTE's page tables (CONFIG_HIGHPTE=n reaches them through the direct map)");
	settings_default(&s, platform_find("numaq-16"));
	cr_assert_eq(settings_parse(&s, "CONFIG_HIGHPTE=y", err, sizeof(err)),
		     0);
	cr_assert_eq(settings_parse(&s, "CONFIG_VMSPLIT=4G_4G", err,
				    sizeof(err)),
		     0);
	cr_assert_eq(settings_parse(&s, "pte_window=y", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "pte_window=y: not with CONFIG_VMSPLIT_4G_4G, whose kernel runs on tables of its own");
	settings_default(&s, platform_find("kirkwood-openblocks-a7"));
	cr_assert_eq(settings_parse(&s, "CONFIG_HIGHPTE=y", err, sizeof(err)),
		     0);
	cr_assert_eq(settings_parse(&s, "pte_window=y", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "pte_window=y: not on kirkwood-openblocks-a7's VIVT D-cache (the window and a kmap of one PTE page would alias)");
}

/*
 * Processes forking, faulting and exiting on several CPUs under every
 * checker (the TLB coherence checker sees each window entry the mms
 * leave behind), on 2-level ARM, LPAE and x86 PAE.
 */
Test(pte_window, spawn_under_every_checker, .timeout = 120)
{
	static const char *const runs[] = {
		"--platform cortex-a15-2g",
		"--platform cortex-a15-2g CONFIG_ARM_LPAE=y",
		"--platform am335x-evm",
		"--platform numaq-16",
	};

	for (u32 i = 0; i < ARRAY_SIZE(runs); i++) {
		char cmd[256];
		struct test_sh_output o;

		snprintf(cmd, sizeof(cmd),
			 "\"$VMSPLIT_BIN\" run spawn --procs 24 %s CONFIG_HIGHPTE=y pte_window=y --format json",
			 runs[i]);
		o = test_sh(cmd);
		cr_assert_eq(o.status, 0, "%s: %s", runs[i], o.err);
		cr_assert(strstr(o.out, "\"pte_window_set\": "), "%s", runs[i]);
		cr_assert_null(strstr(o.out, "\"pte_window_map\": 0,"), "%s",
			       runs[i]);
		free(o.out);
		free(o.err);
	}
}
