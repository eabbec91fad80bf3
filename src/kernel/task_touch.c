// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct task_struct at its simulated address (see kernel/task_touch.h).
 */
#include "kernel/task_touch.h"

#include "arch/kv.h"
#include "base/errno.h"
#include "config/runtime.h"
#include "config/settings.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/page_touch.h"
#include "mm/slab.h"

struct task_layout {
	const char *kernel;
	u16 size, align;
	u16 off[NR_TASK_FIELDS];
	u8 len[NR_TASK_FIELDS];
};

/*
 * 3.14.1, kirkwood_defconfig (pahole, docs/kernel-objects.md 7.1): state
 * 0, stack 4, usage 8, flags 12, on_rq 20 .. sched_class 40, se 48
 * (load, run_node, group_node, on_rq, exec_start 32, sum_exec_runtime,
 * vruntime, prev_sum_exec_runtime: its first 64 bytes), mm 312,
 * active_mm 316, exit_state 324, pid 352, real_parent 360 .. sibling
 * 376, fs 616 .. sighand 632, blocked 636 .. pending 660; UP: no on_cpu,
 * alloc_lock and pi_lock are empty spinlocks.
 */
static const struct task_layout task_3_14 = {
	.kernel = "3.14", .size = 848, .align = 32,
	.off = { [TF_state] = 0, [TF_stack] = 4, [TF_usage] = 8,
		 [TF_flags] = 12, [TF_sched] = 20, [TF_se] = 48,
		 [TF_mm] = 312, [TF_exit] = 324, [TF_pid] = 352,
		 [TF_family] = 360, [TF_files] = 616, [TF_pending] = 636 },
	.len = { [TF_state] = 4, [TF_stack] = 4, [TF_usage] = 4,
		 [TF_flags] = 4, [TF_sched] = 24, [TF_se] = 64,
		 [TF_mm] = 8, [TF_exit] = 12, [TF_pid] = 8,
		 [TF_family] = 24, [TF_files] = 20, [TF_pending] = 40 },
};

/* 3.16 (the same config): vmacache_seqnum 332 and vmacache[4] 336 after
 * active_mm 324; everything from exit_state (352) moves on. */
static const struct task_layout task_3_16 = {
	.kernel = "3.16", .size = 880, .align = 32,
	.off = { [TF_state] = 0, [TF_stack] = 4, [TF_usage] = 8,
		 [TF_flags] = 12, [TF_sched] = 20, [TF_se] = 48,
		 [TF_mm] = 320, [TF_vmacache] = 332, [TF_exit] = 352,
		 [TF_pid] = 380, [TF_family] = 388, [TF_files] = 648,
		 [TF_pending] = 668 },
	.len = { [TF_state] = 4, [TF_stack] = 4, [TF_usage] = 4,
		 [TF_flags] = 4, [TF_sched] = 24, [TF_se] = 64,
		 [TF_mm] = 8, [TF_vmacache] = 20, [TF_exit] = 12,
		 [TF_pid] = 8, [TF_family] = 24, [TF_files] = 20,
		 [TF_pending] = 40 },
};

/*
 * 5.7.14, omap2plus_defconfig (SMP, NR_CPUS=2): on_cpu 24, on_rq 48 ..
 * sched_class 68, se 128 (aligned to 64; SCHEDSTATS puts 216 bytes of
 * statistics after its first 72), mm 824, vmacache 832 (u64 seqnum,
 * vmas[4]), exit_state 856, pid 936, real_parent 948 .. sibling 964, fs
 * 1240 .. sighand 1256, blocked 1260 .. pending 1284, alloc_lock 1352,
 * pi_lock 1356.
 */
static const struct task_layout task_5_7 = {
	.kernel = "5.7", .size = 1792, .align = 64,
	.off = { [TF_state] = 0, [TF_stack] = 4, [TF_usage] = 8,
		 [TF_flags] = 12, [TF_on_cpu] = 24, [TF_sched] = 48,
		 [TF_se] = 128, [TF_mm] = 824, [TF_vmacache] = 832,
		 [TF_exit] = 856, [TF_pid] = 936, [TF_family] = 948,
		 [TF_files] = 1240, [TF_pending] = 1260,
		 [TF_alloc_lock] = 1352, [TF_pi_lock] = 1356 },
	.len = { [TF_state] = 4, [TF_stack] = 4, [TF_usage] = 4,
		 [TF_flags] = 4, [TF_on_cpu] = 4, [TF_sched] = 24,
		 [TF_se] = 64, [TF_mm] = 8, [TF_vmacache] = 24,
		 [TF_exit] = 12, [TF_pid] = 8, [TF_family] = 24,
		 [TF_files] = 20, [TF_pending] = 40, [TF_alloc_lock] = 4,
		 [TF_pi_lock] = 4 },
};

static const struct task_layout *tl;
static struct kmem_cache *task_struct_cachep;

void task_touch_init(void)
{
	u32 v;

	if (!page_touch_layout || page_touch_kernel() == LAYOUT_2_5_73)
		return;
	v = settings_kernel_version(config);
	tl = v >= KERNEL_VERSION(5, 0, 0)  ? &task_5_7 :
	     v >= KERNEL_VERSION(3, 15, 0) ? &task_3_16 :
					     &task_3_14;
	/* fork_init: ARCH_MIN_TASKALIGN, L1_CACHE_BYTES (3.14) or
	 * max(L1_CACHE_BYTES, __alignof__) (5.7). */
	task_struct_cachep =
		kmem_cache_create("task_struct", tl->size, tl->align);
}

void task_touch_exit(void)
{
	if (task_struct_cachep)
		kmem_cache_destroy(task_struct_cachep);
	task_touch_forget();
}

void task_touch_forget(void)
{
	task_struct_cachep = NULL;
	tl = NULL;
}

bool task_touch_has_vmacache(void)
{
	return tl && tl->len[TF_vmacache];
}

int task_place(struct task_struct *t)
{
	t->kva = 0;
	if (!tl)
		return 0;
	t->kva = kmem_cache_alloc(task_struct_cachep, GFP_KERNEL);
	return t->kva ? 0 : -ENOMEM;
}

void task_unplace(struct task_struct *t)
{
	if (t->kva)
		kmem_cache_free(task_struct_cachep, t->kva);
	t->kva = 0;
}

void task_touch(const struct task_struct *t, enum task_field f, bool write)
{
	if (t->kva && tl->len[f])
		kv_touch(t->kva + tl->off[f], tl->len[f], write);
}

void task_touch_all(const struct task_struct *t, bool write)
{
	if (t->kva)
		kv_touch(t->kva, tl->size, write);
}

void task_touch_switch(const struct task_struct *prev,
		       const struct task_struct *next, bool prev_sleeps)
{
	if (!tl)
		return;
	/* __schedule: prev->state, then deactivate_task or put_prev_task:
	 * update_curr's exec_start, sum_exec_runtime, vruntime (the idle
	 * class has no entity to update). */
	task_touch(prev, TF_state, false);
	if (!prev->is_idle) {
		task_touch(prev, TF_sched, false);
		task_touch_rmw(prev, TF_se);
		if (prev_sleeps)
			task_touch(prev, TF_sched, true);
	}
	/* pick_next_task_fair -> set_next_entity: exec_start and
	 * prev_sum_exec_runtime of the entity that runs next. */
	if (!next->is_idle)
		task_touch_rmw(next, TF_se);
	/* context_switch: prepare_task(next) sets on_cpu (SMP); mm =
	 * next->mm, oldmm = prev->active_mm, a kernel thread's active_mm
	 * set, and prev->active_mm cleared when prev has no mm. */
	task_touch(next, TF_on_cpu, true);
	task_touch_rmw(next, TF_mm);
	task_touch_rmw(prev, TF_mm);
	/* switch_to(prev, next): task_thread_info() of both. */
	task_touch(prev, TF_stack, false);
	task_touch(next, TF_stack, false);
	/* finish_task_switch: finish_task(prev) clears on_cpu (SMP), then
	 * prev_state = prev->state. */
	task_touch(prev, TF_on_cpu, true);
	task_touch(prev, TF_state, false);
}

void task_touch_wakeup(const struct task_struct *p,
		       const struct task_struct *curr, bool new)
{
	if (!tl)
		return;
	/* raw_spin_lock_irqsave(&p->pi_lock) */
	task_touch_rmw(p, TF_pi_lock);
	if (!new) {
		/* if (!(p->state & state)), p->on_rq, p->on_cpu */
		task_touch(p, TF_state, false);
		task_touch(p, TF_sched, false);
		task_touch(p, TF_on_cpu, false);
	}
	/* activate_task -> enqueue_task_fair -> enqueue_entity (vruntime,
	 * on_rq), p->on_rq = TASK_ON_RQ_QUEUED. */
	task_touch_rmw(p, TF_se);
	task_touch(p, TF_sched, true);
	/* check_preempt_curr -> check_preempt_wakeup: curr's entity. */
	if (!curr->is_idle)
		task_touch(curr, TF_se, false);
	/* ttwu_do_wakeup: p->state = TASK_RUNNING (wake_up_new_task: set
	 * in sched_fork, inside the copy). */
	if (!new)
		task_touch(p, TF_state, true);
	task_touch(p, TF_pi_lock, true);
}

void task_touch_vmacache(const struct mm_struct *mm, bool write)
{
	const struct task_struct *t;

	if (!task_touch_has_vmacache())
		return;
	t = current;
	/* vmacache_valid_mm: current->mm == mm, !(current->flags &
	 * PF_KTHREAD). */
	task_touch(t, TF_mm, false);
	if (t->mm != mm)
		return;
	task_touch(t, TF_flags, false);
	task_touch(t, TF_vmacache, write);
}
