// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernbench as kbuild 2.5 runs it (src/workloads/kbuild.c, kernbench.c):
 * a unit creates exactly the processes and pipes kbuild and gcc -pipe
 * create (execs, forks, vforks, pipes and the bytes through them); a
 * directory's make starts its units, its subdirectories' makes and one
 * `ld -r` of what they built; cpp0, cc1 and as run at once and share
 * libc's and ld.so's file pages, whose pte_chains hold one entry per live
 * process mapping them.  Checks are on (the end-of-run audit passes).
 */
#include "helpers.h"

#include <stdarg.h>

#include "experiments/kernbench.h"
#include "fs/file.h"
#include "kernel/sched.h"
#include "mm/filemap.h"
#include "mm/rmap.h"

static struct kernbench_point pt, again;

static void measure(struct kernbench_point *p, u32 units, u32 dirs, u32 jobs,
		    void (*probe)(void))
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find("numaq-16"));
	cr_assert(s.checks, "the end-of-run audit runs");
	kernbench_defaults(&p->p, settings_cpu_hz(&s));
	cr_assert_eq(p->p.tree, KERNBENCH_KBUILD, "kbuild is the default");
	p->p.units = units;
	p->p.dirs = dirs;
	p->p.jobs = jobs;
	p->p.probe = probe;
	/* A shorter compile keeps the tests fast; the shape is the same. */
	p->p.cc1_user_cycles /= 16;
	cr_assert_eq(kernbench_measure(&s, p, err, sizeof(err)), 0, "%s", err);
}

/* The run's kernel counts against kernbench_expected's. */
static void check_counts(const struct kernbench_point *p)
{
	struct kernbench_counts c;

	kernbench_expected(&p->p, &c);
	cr_assert_eq(p->p.status, 0);
	cr_assert_eq(p->p.units_done, p->p.units);
	cr_assert_eq(p->p.dirs_built, p->p.dirs_used);
	cr_assert_eq(p->r.events[EV_exec], c.execs);
	cr_assert_eq(p->r.events[EV_fork], c.forks);
	cr_assert_eq(p->r.events[EV_vfork], c.vforks);
	cr_assert_eq(p->r.exits, c.execs, "every process exits");
	cr_assert_eq(p->r.sigsegv, 0);
	cr_assert_eq(p->pipes.pipes, c.pipes);
	cr_assert_eq(p->pipes.bytes_written, c.pipe_bytes);
	cr_assert_eq(p->pipes.bytes_read, c.pipe_bytes,
		     "every byte written is read");
}

/*
 * One unit in one directory, counted by hand.  The unit: sh (make's
 * vfork), gcc, fixdep, rm, mv (sh's forks), cpp0, cc1, as (gcc's
 * vforks): 8 execs, 4 forks, 4 vforks, 2 pipes carrying 256 KiB of
 * preprocessed source and 40 KiB of assembler.  The directory: its make
 * (the top make's vfork), the shell of ld -r (a vfork), ld (a fork).
 * The top make (spawned: an exec, no fork).  The final link: 7 shells
 * (vforks); ld x3, nm x3, kallsyms x2, gcc x2, grep, sort (12 forks);
 * cpp0 and as of each gcc (4 vforks); 6 pipes.  nm prints 24 lines of 28
 * bytes per unit (672): twice into kallsyms, whose .S (1,344) cpp0
 * passes to as twice, then into grep, which passes 604 on to sort.
 */
Test(kbuild, one_unit_exact)
{
	struct kernbench_counts c;

	measure(&pt, 1, 1, 0, NULL);
	kernbench_expected(&pt.p, &c);
	cr_assert_eq(c.execs, 8 + 3 + 1 + 23);
	cr_assert_eq(c.vforks, 4 + 2 + 7 + 4);
	cr_assert_eq(c.forks - c.vforks, 4 + 1 + 12);
	cr_assert_eq(c.pipes, 2 + 6);
	cr_assert_eq(c.pipe_bytes,
		     262144 + 40960 + 2 * 672 + 2 * 1344 + 672 + 604);
	check_counts(&pt);
	cr_assert_eq(pt.p.dirs_used, 1);
	/* vmlinux: the unit's object and the second kallsyms object (a
	 * quarter of its 1,344-byte .S). */
	cr_assert_eq(pt.p.linked_bytes, KERNBENCH_OBJECT_BYTES + 1344 / 4);
}

/* Each further unit adds exactly its own processes and pipes. */
Test(kbuild, a_unit_adds_its_processes_and_pipes)
{
	u64 nm_per_unit = KERNBENCH_SYMS_PER_UNIT * KERNBENCH_NM_LINE_BYTES;

	measure(&pt, 2, 1, 0, NULL);
	measure(&again, 3, 1, 0, NULL);
	check_counts(&pt);
	check_counts(&again);
	cr_assert_eq(again.r.events[EV_exec] - pt.r.events[EV_exec], 8);
	cr_assert_eq(again.r.events[EV_vfork] - pt.r.events[EV_vfork], 4);
	cr_assert_eq((again.r.events[EV_fork] - again.r.events[EV_vfork]) -
			     (pt.r.events[EV_fork] - pt.r.events[EV_vfork]),
		     4);
	cr_assert_eq(again.pipes.pipes - pt.pipes.pipes, 2);
	/* Its two pipes, and its symbols through the link's pipes. */
	cr_assert_eq(
		again.pipes.bytes_written - pt.pipes.bytes_written,
		KERNBENCH_CPP_OUT_BYTES + KERNBENCH_ASM_BYTES +
			7 * nm_per_unit +
			(3 * nm_per_unit * 9 / 10 - 2 * nm_per_unit * 9 / 10));
}

/*
 * 40 units in 20 directories: 16 top-level ones, and 16-19 under
 * directory 0 (four to a parent).  Unit u is in directory u % 20, so
 * each directory has two.  Directory 0's make starts units 0 and 20 and
 * the makes of 16-19, then ld -r reads its 2 objects and their 4
 * built-in.o of 2 objects each.
 */
Test(kbuild, a_directory_starts_its_units_and_ld_r)
{
	const struct kernbench_dir_stats *d0, *d5, *d16;

	measure(&pt, 40, 20, 0, NULL);
	check_counts(&pt);
	cr_assert_eq(pt.p.dirs_used, 20);
	cr_assert_eq(pt.p.max_running, 40, "make -j starts every unit");
	d0 = kernbench_dir_stats(0);
	d5 = kernbench_dir_stats(5);
	d16 = kernbench_dir_stats(16);
	cr_assert_eq(d0->parent, UINT32_MAX);
	cr_assert_eq(d0->units, 2);
	cr_assert_eq(d0->subdirs, 4);
	cr_assert_eq(d0->ld_r, 1);
	cr_assert_eq(d0->ld_r_bytes, (2 + 4 * 2) * KERNBENCH_OBJECT_BYTES);
	cr_assert_eq(d5->units, 2);
	cr_assert_eq(d5->subdirs, 0);
	cr_assert_eq(d5->ld_r, 1);
	cr_assert_eq(d5->ld_r_bytes, 2 * KERNBENCH_OBJECT_BYTES);
	cr_assert_eq(d16->parent, 0);
	cr_assert_eq(d16->units, 2);
	cr_assert_eq(d16->ld_r_bytes, 2 * KERNBENCH_OBJECT_BYTES);
	cr_assert_eq(pt.p.linked_bytes,
		     40 * KERNBENCH_OBJECT_BYTES +
			     2 * 40 * KERNBENCH_SYMS_PER_UNIT *
				     KERNBENCH_NM_LINE_BYTES / 4);
}

/* -j N: the jobserver's N slots bound the units at once. */
Test(kbuild, jobs_bound_the_units_at_once)
{
	measure(&pt, 6, 3, 2, NULL);
	check_counts(&pt);
	cr_assert_eq(pt.p.max_running, 2);
	measure(&again, 6, 3, 1, NULL);
	check_counts(&again);
	cr_assert_eq(again.p.max_running, 1);
	cr_assert_gt(again.r.elapsed_cycles, pt.r.elapsed_cycles,
		     "-j1 is slower than -j2");
}

/* What the probe saw: PTEs on libc's, ld.so's and ld.so.cache's first
 * pages, and the tasks alive. */
static u32 seen_libc, seen_ldso, seen_cache, seen_tasks;

static u32 rmap_of(const char *path, unsigned long index)
{
	struct inode *inode = vfs_lookup(path);
	struct page *page;
	u32 n;

	cr_assert(inode, "%s", path);
	page = find_get_page(inode->i_mapping, index);
	cr_assert(page, "%s page %lu", path, index);
	n = page_rmap_count(page);
	put_page(page);
	return n;
}

static void probe(void)
{
	seen_libc = rmap_of("lib/libc-2.2.5.so", 0);
	seen_ldso = rmap_of("lib/ld-2.2.5.so", 0);
	seen_cache = rmap_of("etc/ld.so.cache", 0);
	seen_tasks = nr_tasks();
}

/*
 * Halfway through cc1's input, the processes alive are the top make, the
 * directory's make, the unit's sh and gcc, and cpp0 (its 256 KiB do not
 * fit the 64 KiB pipe before cc1 has read 192), cc1 and as (waiting for
 * cc1's assembler): seven, each mapping libc's and ld.so's first text
 * page, so each page's pte_chain holds seven PTEs; ld.so.cache, which
 * ld.so unmaps once libc is found, holds none.
 */
Test(kbuild, concurrent_passes_share_libc)
{
	seen_libc = seen_ldso = seen_cache = seen_tasks = 0;
	measure(&pt, 1, 1, 0, probe);
	cr_assert_eq(seen_tasks, 7);
	cr_assert_eq(seen_libc, 7);
	cr_assert_eq(seen_ldso, 7);
	cr_assert_eq(seen_cache, 0);
}

Test(kbuild, deterministic)
{
	measure(&pt, 5, 2, 0, NULL);
	measure(&again, 5, 2, 0, NULL);
	cr_assert_eq(pt.r.elapsed_cycles, again.r.elapsed_cycles);
	cr_assert_eq(pt.r.system_cycles, again.r.system_cycles);
	for (int e = 0; e < NR_EVENTS; e++)
		cr_assert_eq(pt.r.events[e], again.r.events[e], "%s",
			     event_names[e]);
}
