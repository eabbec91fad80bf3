// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct task_struct at its simulated address (kernel_data=mem_map,
 * kernel/task_touch.h): a task_struct_cachep object at the kernel's size
 * and alignment (3.14 848 B at 32: stride 864; 5.7 1792 B at 64); a
 * context switch touches exactly the fields __schedule and
 * context_switch touch in prev and next; fork reads the parent's whole
 * object and writes the child's; kernel_data=host places nothing.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/task_touch.h"
#include "kernel/user.h"

#define MAX_SEEN 64

/* The touches that fall in one of two objects, as (object, offset, len,
 * write). */
static struct {
	vaddr_t obj[2];
	u32 size;
	u32 n;
	struct {
		u8 which;
		u16 off, len;
		bool write;
	} t[MAX_SEEN];
} rec;

static void record(vaddr_t va, u32 len, bool write)
{
	for (u8 i = 0; i < 2; i++) {
		if (!rec.obj[i] || va < rec.obj[i] || va >= rec.obj[i] + rec.size)
			continue;
		cr_assert_lt(rec.n, MAX_SEEN);
		rec.t[rec.n].which = i;
		rec.t[rec.n].off = (u16)(va - rec.obj[i]);
		rec.t[rec.n].len = (u16)len;
		rec.t[rec.n].write = write;
		rec.n++;
	}
}

/* The distinct @line-byte lines of object @which touched, as a mask. */
static u32 lines_of(u8 which, u32 line)
{
	u32 mask = 0;

	for (u32 i = 0; i < rec.n; i++) {
		if (rec.t[i].which != which)
			continue;
		for (u32 b = rec.t[i].off / line;
		     b <= (u32)(rec.t[i].off + rec.t[i].len - 1) / line; b++)
			mask |= 1u << b % 32;
	}
	return mask;
}

Test(task_touch, host_places_nothing)
{
	struct task_struct t = { .state = TASK_RUNNING };

	TEST_BOOT("beaglebone-white", "kernel_data=host", "cpus=1");
	cr_assert_eq(task_place(&t), 0);
	cr_assert_eq(t.kva, 0);
	test_shutdown();
}

Test(task_touch, objects_per_kernel)
{
	static const struct {
		const char *board, *kernel;
		u32 stride;	/* 0: not placed */
	} k[] = {
		{ "kirkwood-openblocks-a7", "kernel=3.14", 864 }, /* 848 at 32 */
		{ "kirkwood-openblocks-a7", "kernel=3.16", 896 }, /* 880 at 32 */
		{ "beaglebone-white", "kernel=5.7", 1792 },	  /* 1792 at 64 */
		{ "numaq-16", "kernel=2.5.73", 0 },		  /* not derived */
	};

	for (u32 i = 0; i < ARRAY_SIZE(k); i++) {
		struct task_struct a = { 0 }, b = { 0 };

		TEST_BOOT(k[i].board, k[i].kernel, "kernel_data=mem_map",
			  "cpus=1");
		cr_assert_eq(task_place(&a), 0);
		cr_assert_eq(task_place(&b), 0);
		cr_assert_eq(b.kva - a.kva, k[i].stride, "%s", k[i].board);
		task_unplace(&a);
		task_unplace(&b);
		test_shutdown();
	}
}

/*
 * 5.7, a task going to sleep and another taking the CPU: prev's state
 * (0) read twice, on_rq .. sched_class (48..71) read and written, its se
 * (128..191) read and written, on_cpu (24) cleared, mm/active_mm
 * (824..831) read and written, stack (4) read; next's se read and
 * written, on_cpu set, mm/active_mm, stack.  In 64-byte lines: prev 0, 1,
 * 2 and 12; next 0, 2 and 12.
 */
Test(task_touch, context_switch_touches_prev_and_next)
{
	struct task_struct a = { .state = TASK_INTERRUPTIBLE };
	struct task_struct b = { .state = TASK_RUNNING };
	u32 writes[2] = { 0, 0 };

	TEST_BOOT("beaglebone-white", "kernel_data=mem_map", "cpus=1");
	cr_assert_eq(task_place(&a), 0);
	cr_assert_eq(task_place(&b), 0);
	memset(&rec, 0, sizeof(rec));
	rec.obj[0] = a.kva;
	rec.obj[1] = b.kva;
	rec.size = 1792;
	kv_touch_hook = record;
	task_touch_switch(&a, &b, true);
	kv_touch_hook = NULL;
	cr_assert_eq(rec.n, 16);
	for (u32 i = 0; i < rec.n; i++)
		writes[rec.t[i].which] += rec.t[i].write;
	cr_assert_eq(writes[0], 4);	/* sched, se, mm, on_cpu */
	cr_assert_eq(writes[1], 3);	/* se, on_cpu, mm */
	cr_assert_eq(lines_of(0, 64), 1u << 0 | 1u << 1 | 1u << 2 | 1u << 12);
	cr_assert_eq(lines_of(1, 64), 1u << 0 | 1u << 2 | 1u << 12);
	task_unplace(&a);
	task_unplace(&b);
	test_shutdown();
}

/* 3.14 (UP): no on_cpu, the same groups at their 3.14 offsets: prev's
 * state 0, on_rq 20..43, se 48..111, mm 312, stack 4; next's se, mm and
 * stack.  In 32-byte lines: 0, 1, 2, 3 and 9 of each. */
Test(task_touch, context_switch_on_3_14)
{
	struct task_struct a = { .state = TASK_RUNNING };
	struct task_struct b = { .state = TASK_RUNNING };

	TEST_BOOT("kirkwood-openblocks-a7", "kernel=3.14", "kernel_data=mem_map",
		  "cpus=1");
	cr_assert_eq(task_place(&a), 0);
	cr_assert_eq(task_place(&b), 0);
	cr_assert_eq(b.kva - a.kva, 864);
	memset(&rec, 0, sizeof(rec));
	rec.obj[0] = a.kva;
	rec.obj[1] = b.kva;
	rec.size = 848;
	kv_touch_hook = record;
	task_touch_switch(&a, &b, false);
	kv_touch_hook = NULL;
	/* prev: state, sched, se x2, mm x2, stack, state; next: se x2,
	 * mm x2, stack (on_cpu has no bytes on UP). */
	cr_assert_eq(rec.n, 13);
	cr_assert_eq(lines_of(0, 32), 1u << 0 | 1u << 1 | 1u << 2 | 1u << 3 |
					      1u << 9);
	cr_assert_eq(lines_of(1, 32), 1u << 0 | 1u << 1 | 1u << 2 | 1u << 3 |
					      1u << 9);
	task_unplace(&a);
	task_unplace(&b);
	test_shutdown();
}

static struct {
	vaddr_t parent, child;
	u32 parent_reads, child_writes;
} forked;

static void fork_child(void *arg)
{
	forked.child = current->kva;
	sys_exit(0);
}

static void fork_record(vaddr_t va, u32 len, bool write)
{
	if (va == forked.parent && len == 1792 && !write)
		forked.parent_reads++;
	if (len == 1792 && write && va != forked.parent)
		forked.child_writes++;
}

static void fork_main(void *arg)
{
	int status;

	forked.parent = current->kva;
	kv_touch_hook = fork_record;
	(void)sys_wait4(sys_fork(fork_child, NULL), &status);
	kv_touch_hook = NULL;
	sys_exit(0);
}

/* dup_task_struct: the parent read whole once, the child written whole
 * once (arch_dup_task_struct's struct copy). */
Test(task_touch, fork_copies_the_whole_object)
{
	TEST_BOOT("beaglebone-white", "kernel_data=mem_map", "cpus=1");
	memset(&forked, 0, sizeof(forked));
	test_run_process(fork_main, NULL);
	cr_assert_neq(forked.parent, 0);
	cr_assert_neq(forked.child, 0);
	cr_assert_eq(forked.parent_reads, 1);
	cr_assert_eq(forked.child_writes, 1);
	test_shutdown();
}

static struct {
	vaddr_t task;
	u32 vmacache_reads, vmacache_writes;
} vc;

static void vc_record(vaddr_t va, u32 len, bool write)
{
	if (va != vc.task + 832 || len != 24)
		return;
	if (write)
		vc.vmacache_writes++;
	else
		vc.vmacache_reads++;
}

static void vmacache_main(void *arg)
{
	vaddr_t buf = (vaddr_t)sys_mmap(0, 4 * PAGE_SIZE,
					PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	vc.task = current->kva;
	kv_touch_hook = vc_record;
	uv_write32(buf, 1);
	kv_touch_hook = NULL;
	sys_exit(0);
}

/* 5.7: the one fault's find_vma reads current->vmacache once (832, 24
 * bytes: seqnum and vmas[4]); the new mapping is not cached yet, so the
 * tree walk's result is stored back once (vmacache_update). */
Test(task_touch, find_vma_uses_the_task_vmacache)
{
	TEST_BOOT("beaglebone-white", "kernel_data=mem_map", "cpus=1");
	memset(&vc, 0, sizeof(vc));
	test_run_process(vmacache_main, NULL);
	cr_assert_neq(vc.task, 0);
	cr_assert_eq(vc.vmacache_reads, 1);
	cr_assert_eq(vc.vmacache_writes, 1);
	test_shutdown();
}
