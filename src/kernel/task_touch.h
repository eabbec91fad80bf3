/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct task_struct at its simulated address (kernel_data=mem_map): each
 * task the model makes (fork, spawn) gets an
 * object of the board's kernel's task_struct_cachep, at that kernel's
 * size and alignment, and the fields Linux's scheduler, fork, exit, wait
 * and system-call paths read and write are charged there through the TLB
 * and caches.  The host keeps the values (kernel/sched.h).
 *
 * Layouts measured with pahole on a -g build of each kernel's headers
 * (docs/kernel-objects.md section 7): 3.14.1 kirkwood_defconfig (UP,
 * PREEMPT) 848 B aligned to L1_CACHE_BYTES 32 (ARCH_MIN_TASKALIGN, 3.14
 * kernel/fork.c fork_init): stride 864; 3.16 880 B (stride 896, the
 * per-task vmacache new since 3.15); 5.7.14 omap2plus_defconfig (SMP,
 * SCHEDSTATS, CGROUPS) 1792 B at 64.  5.11 and 6.1 are taken as 5.7's
 * (6.1 moved thread_info into task_struct: not derived).  2.5.73 is not
 * placed (no build of its headers: docs/kernel-objects.md).
 *
 * Coarse, and said where charged: the model's run queue is a FIFO list,
 * not CFS's red-black tree, so the tree's own nodes (other tasks'
 * se.run_node and vruntime on an insertion path) are not touched; the idle
 * tasks (init_task in the kernel image's .data, fork_idle's at boot) are
 * not placed, so a switch to or from idle touches the other task only.
 * With kernel_data=host, and on 2.5.73, every call does nothing.
 */
#ifndef VMSPLIT_KERNEL_TASK_TOUCH_H
#define VMSPLIT_KERNEL_TASK_TOUCH_H

#include "base/types.h"

struct task_struct;
struct mm_struct;

/* The field groups the modelled paths touch (offsets per kernel). */
enum task_field {
	TF_state,	/* state */
	TF_stack,	/* stack: task_thread_info() */
	TF_usage,	/* usage: get/put_task_struct */
	TF_flags,	/* flags (PF_EXITING, PF_KTHREAD) */
	TF_on_cpu,	/* 5.7 (SMP): on_cpu; none on a UP kernel */
	TF_sched,	/* on_rq, prio .. sched_class */
	TF_se,		/* se: load .. prev_sum_exec_runtime (update_curr) */
	TF_mm,		/* mm, active_mm */
	TF_vmacache,	/* 3.16, 5.7: vmacache seqnum and vmas[4] */
	TF_exit,	/* exit_state, exit_code, exit_signal */
	TF_pid,		/* pid, tgid */
	TF_family,	/* real_parent, parent, children, sibling */
	TF_files,	/* fs, files, nsproxy, signal, sighand */
	TF_pending,	/* blocked .. pending */
	TF_alloc_lock,	/* task_lock(): 5.7's word; UP: none */
	TF_pi_lock,	/* try_to_wake_up's pi_lock: 5.7's word; UP: none */
	NR_TASK_FIELDS
};

/*
 * After kmalloc_init and mm_subsys_init: task_struct_cachep;
 * task_touch_exit (shutdown, every task gone): the cache away, before the
 * leak audit; task_touch_forget (abandon_kernel): forgotten.
 */
void task_touch_init(void);
void task_touch_exit(void);
void task_touch_forget(void);

/*
 * task_place - an object for @t (alloc_task_struct_node); 0 or -ENOMEM.
 * task_unplace - free_task_struct.
 */
int task_place(struct task_struct *t);
void task_unplace(struct task_struct *t);

void task_touch(const struct task_struct *t, enum task_field f, bool write);
/* The whole object: fork's arch_dup_task_struct (*dst = *src). */
void task_touch_all(const struct task_struct *t, bool write);

static inline void task_touch_rmw(const struct task_struct *t,
				  enum task_field f)
{
	task_touch(t, f, false);
	task_touch(t, f, true);
}

/*
 * The task_struct accesses of __schedule() and context_switch() from
 * @prev to @next (either may be an idle task), kernel/sched/core.c:
 * prev->state; for a task that sleeps, deactivate_task (update_curr and
 * dequeue_entity on prev->se, prev->on_rq = 0), else put_prev_task's
 * update_curr; pick_next_task's set_next_entity on next->se;
 * context_switch's next->mm, prev->active_mm and the lazy-TLB
 * active_mm stores; switch_to's task_thread_info() of both; on SMP
 * prepare_task/finish_task's on_cpu; finish_task_switch's prev->state.
 */
void task_touch_switch(const struct task_struct *prev,
		       const struct task_struct *next, bool prev_sleeps);

/*
 * The accesses of try_to_wake_up(@p) (kernel/sched/core.c): pi_lock,
 * p->state and on_rq, on SMP on_cpu; ttwu_do_activate's enqueue_entity
 * on p->se, p->on_rq = 1; check_preempt_wakeup's read of @curr's se;
 * p->state = TASK_RUNNING.  @new: wake_up_new_task (no state test).
 */
void task_touch_wakeup(const struct task_struct *p,
		       const struct task_struct *curr, bool new);

/*
 * find_vma's vmacache (3.16, 5.7 mm/vmacache.c): vmacache_valid_mm reads
 * current->mm and ->flags, then the seqnum and the slots are read
 * (vmacache_find) or one written (vmacache_update).  Nothing on 3.14 (its
 * cache is mm->mmap_cache) or for another task's @mm.
 */
void task_touch_vmacache(const struct mm_struct *mm, bool write);

/* Does the board's kernel keep find_vma's cache per task (3.15+)? */
bool task_touch_has_vmacache(void);

#endif
