// SPDX-License-Identifier: GPL-2.0-only
/*
 * thread_info and the kernel stack at simulated addresses
 * (kernel_data=mem_map, kernel/task_stack.h): an 8 KiB order-1 block per
 * task; a system call stores pt_regs at its top and its return loads
 * thread_info->flags and pt_regs; a switch stores the outgoing task's
 * cpu_context and loads the incoming one's; the blocks go back when the
 * tasks are released (the leak audit of test_shutdown).
 */
#include "helpers.h"

#include "arch/layout.h"
#include "hw/access.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/syscall.h"
#include "kernel/user.h"

static struct {
	vaddr_t stack, child_stack;
	bool regs_loaded, regs_stored, flags_loaded;
} seen;

/* Is the line of @va in this CPU's L1, and is it dirty? */
static int l1(vaddr_t va)
{
	struct cache *k = &this_cpu()->l1d;
	int i = cache_slot_of_pa(k, __pa(va));

	return i < 0 ? 0 : cache_line_dirty(k, (u32)i) ? 2 : 1;
}

static void child(void *arg)
{
	seen.child_stack = current->stack_kva;
	sys_exit(0);
}

/*
 * 5.7 on ARM: pt_regs at THREAD_SIZE - 8 - 72 = 8112, flags at 0.  With
 * the block out of both caches, a system call leaves the flags' line and
 * pt_regs' in L1 (the return's loads), and pt_regs written: the A8's L1
 * does not allocate on a store, so the entry's store went to L2, where
 * the line is dirty now.
 */
static void syscall_main(void *arg)
{
	struct cpu *c = this_cpu();
	int status, pid;

	seen.stack = current->stack_kva;
	hw_dcache_op_all(c, CACHE_FLUSH);
	hw_l2_op_pa_range(c, __pa(seen.stack), 8192, CACHE_FLUSH);
	(void)sys_getppid();
	seen.regs_loaded = l1(seen.stack + 8112) != 0;
	seen.regs_stored = cache_pa_dirty(c->l2, __pa(seen.stack + 8112));
	seen.flags_loaded = l1(seen.stack) == 1;
	pid = sys_fork(child, NULL);
	sys_wait4(pid, &status);
	sys_exit(0);
}

Test(task_stack, host_gives_no_stack)
{
	TEST_BOOT("beaglebone-white", "kernel_data=host");
	memset(&seen, 0, sizeof(seen));
	test_run_process(syscall_main, NULL);
	cr_assert_eq(seen.stack, 0);
	cr_assert_eq(seen.child_stack, 0);
	test_shutdown();
}

Test(task_stack, syscall_stores_and_loads_the_frame)
{
	TEST_BOOT("beaglebone-white", "kernel_data=mem_map");
	memset(&seen, 0, sizeof(seen));
	test_run_process(syscall_main, NULL);
	cr_assert_neq(seen.stack, 0);
	cr_assert_eq(seen.stack % 8192, 0);
	cr_assert(seen.regs_loaded);
	cr_assert(seen.regs_stored);
	cr_assert(seen.flags_loaded);
	cr_assert_neq(seen.child_stack, 0);
	cr_assert_neq(seen.child_stack, seen.stack);
	/* Both blocks are free again: test_shutdown's audit. */
	test_shutdown();
}

static struct {
	vaddr_t a, b;
	bool a_saved;
} sw;

static void sleeper(void *arg)
{
	sw.b = current->stack_kva;
	sys_exit(0);
}

/*
 * The parent waits for its child: the switch to the child stores the
 * parent's ten registers at thread_info->cpu_context (5.7: 24), which
 * only loads touch otherwise (the flags at 0 share the line): with the
 * block out of both caches before, the line is dirty when the parent
 * runs again (in L2: the A8's L1 does not allocate on a store).
 */
static void switch_main(void *arg)
{
	struct cpu *c = this_cpu();
	int status, pid;

	sw.a = current->stack_kva;
	pid = sys_fork(sleeper, NULL);
	hw_dcache_op_all(c, CACHE_FLUSH);
	hw_l2_op_pa_range(c, __pa(sw.a), 8192, CACHE_FLUSH);
	sys_wait4(pid, &status);
	sw.a_saved = l1(sw.a + 24) == 2 ||
		     cache_pa_dirty(c->l2, __pa(sw.a + 24));
	sys_exit(0);
}

Test(task_stack, switch_saves_the_outgoing_context)
{
	TEST_BOOT("beaglebone-white", "kernel_data=mem_map");
	test_run_process(switch_main, NULL);
	cr_assert_neq(sw.b, 0);
	cr_assert(sw.a_saved);
	test_shutdown();
}
