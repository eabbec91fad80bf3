// SPDX-License-Identifier: GPL-2.0-only
/*
 * CONFIG_DEBUG_ATOMIC_SLEEP's checker (issue 30): a function that may
 * sleep, called in atomic context, stops the run with ___might_sleep's
 * message and the cost centres it was called from.  The 2020 RFC's copy
 * is the case in point: generic_perform_write copies under kmap_atomic
 * (preemption off), and the RFC allocates its page array with GFP_KERNEL
 * and may take mmap_sem in there.
 */
#include "helpers.h"

#include <stdio.h>
#include <string.h>

#include "kernel/lock.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/gfp.h"
#include "mm/kmalloc.h"

/* The reports of the run, kept by the hook; the run goes on. */
static char reports[4][1024];
static u32 nr_reports;

static void keep_report(const char *report)
{
	if (nr_reports < 4)
		snprintf(reports[nr_reports], sizeof(reports[0]), "%s", report);
	nr_reports++;
}

static void hook_reports(void)
{
	nr_reports = 0;
	might_sleep_report_hook = keep_report;
}

static void unhook_reports(void)
{
	might_sleep_report_hook = NULL;
}

TestSuite(might_sleep, .init = hook_reports, .fini = unhook_reports);

/* One page of dd: write() of a good buffer to a tmpfs file. */
static void write_a_page(void *arg)
{
	long names = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long buf = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd;

	uv_write((vaddr_t)names, "/tmp/out", 9);
	uv_write32((vaddr_t)buf, 1);
	fd = sys_open((vaddr_t)names, O_WRONLY | O_CREAT | O_TRUNC);
	sys_write(fd, (vaddr_t)buf, 4096);
	sys_close(fd);
	sys_exit(0);
}

/*
 * Once per page written: the RFC's kmalloc_array(GFP_KERNEL) under the
 * page-cache page's kmap_atomic.  Without the hook the first one stops the
 * run (vmsplit run dd ... CONFIG_DEBUG_ATOMIC_SLEEP=y).
 */
Test(might_sleep, the_rfc_copy_under_kmap_atomic_is_reported)
{
	TEST_BOOT("beaglebone-white", "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y",
		  "CONFIG_DEBUG_ATOMIC_SLEEP=y");
	test_run_process(write_a_page, NULL);
	test_shutdown();
	cr_assert_eq(nr_reports, 1);
	cr_assert_str_eq(reports[0],
			 "BUG: sleeping function called from invalid context at mm/slab.h\n"
			 "in_atomic(): 1, irqs_disabled(): 0, non_block: 0, pid: 1, name: test\n"
			 "preempt_count 1, spinlocks held 0\n"
			 "Call trace: kmem_cache_alloc <- copy_from_user <- generic_perform_write <- vfs_write <- syscall");
}

/* Without the option the same write reports nothing (as on the boards). */
Test(might_sleep, nothing_without_debug_atomic_sleep)
{
	TEST_BOOT("beaglebone-white", "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y");
	test_run_process(write_a_page, NULL);
	test_shutdown();
	cr_assert_eq(nr_reports, 0);
}

/* The normal copy takes no lock and allocates nothing under the kmap. */
Test(might_sleep, the_normal_copy_is_clean)
{
	TEST_BOOT("beaglebone-white", "CONFIG_DEBUG_ATOMIC_SLEEP=y");
	test_run_process(write_a_page, NULL);
	test_shutdown();
	cr_assert_eq(nr_reports, 0);
}

static struct spinlock test_lock = SPINLOCK_INIT("test_lock");
static struct rw_semaphore test_sem = RWSEM_INIT("test_sem");

static void rwsem_under_spinlock(void *arg)
{
	spin_lock(&test_lock);
	down_read(&test_sem);
	up_read(&test_sem);
	spin_unlock(&test_lock);
	sys_exit(0);
}

/* A spinlock counts as atomic context, as PREEMPT_COUNT makes it. */
Test(might_sleep, an_rwsem_under_a_spinlock_is_reported)
{
	TEST_BOOT("kirkwood-openblocks-a7", "CONFIG_DEBUG_ATOMIC_SLEEP=y");
	test_run_process(rwsem_under_spinlock, NULL);
	test_shutdown();
	cr_assert_eq(nr_reports, 1);
	cr_assert(strstr(reports[0],
			 "at kernel/locking/rwsem.c\nin_atomic(): 1, irqs_disabled(): 0, non_block: 0, pid: 1, name: test\npreempt_count 0, spinlocks held 1\n"),
		  "%s", reports[0]);
}

/* GFP_ATOMIC may be asked for anywhere; GFP_KERNEL only where one may
 * sleep: one report, for the second. */
static void allocations_in_atomic(void *arg)
{
	vaddr_t a, b;

	current->preempt_count++; /* preempt_disable() */
	a = kmalloc(64, GFP_ATOMIC);
	b = kmalloc(64, GFP_KERNEL);
	current->preempt_count--;
	kfree(a);
	kfree(b);
	sys_exit(0);
}

Test(might_sleep, gfp_kernel_in_atomic_is_reported_gfp_atomic_is_not)
{
	TEST_BOOT("numaq-16", "CONFIG_DEBUG_ATOMIC_SLEEP=y", "cpus=1");
	test_run_process(allocations_in_atomic, NULL);
	test_shutdown();
	cr_assert_eq(nr_reports, 1);
	cr_assert(strstr(reports[0], "at mm/slab.h\n"), "%s", reports[0]);
}
