// SPDX-License-Identifier: GPL-2.0-only
/*
 * fork and vfork (kernel/fork.c, 2.6.0 copy_process / copy_mm).
 */
#include "kernel/process.h"

#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "fs/file.h"
#include "kernel/exit.h"
#include "kernel/sched.h"
#include "kernel/task_stack.h"
#include "kernel/task_touch.h"
#include "mm/mm.h"
#include "mm/mm_touch.h"

static int copy_mm(u32 clone_flags, struct task_struct *p)
{
	struct mm_struct *oldmm = current->mm, *mm;
	int err;

	/* oldmm = current->mm */
	task_touch(current, TF_mm, false);
	if (!oldmm)
		return 0;
	if (clone_flags & CLONE_VM) {
		mm_touch_rmw(oldmm, MF_users);
		oldmm->mm_users++;
		p->mm = oldmm;
		return 0;
	}
	mm = mm_alloc();
	if (!mm)
		return -ENOMEM;
	/* dup_mm: memcpy(mm, oldmm, sizeof(*mm)). */
	mm_touch_all(oldmm, false);
	err = dup_mmap(mm, oldmm);
	if (err) {
		mmput(mm);
		return err;
	}
	p->mm = mm;
	return 0;
}

int do_fork(u32 clone_flags, void (*fn)(void *), void *arg)
{
	struct task_struct *parent = current, *p;
	int err;

	{
		CC_SCOPE(do_fork);

		charge(CODE_fork);
		hw_event(this_cpu(), EV_fork);
		if (clone_flags & CLONE_VFORK)
			hw_event(this_cpu(), EV_vfork);
		p = task_create(parent->comm, fn, arg, parent);
		/* dup_task_struct: alloc_task_struct_node, then
		 * arch_dup_task_struct's *tsk = *orig. */
		err = task_place(p);
		if (!err) {
			task_touch_all(parent, false);
			task_touch_all(p, true);
			err = task_stack_alloc(p);
		}
		if (!err) {
			task_stack_fork(parent, p);
			err = copy_mm(clone_flags, p);
		}
		if (err) {
			p->state = TASK_ZOMBIE;
			release_task(p);
			return err;
		}
		p->active_mm = p->mm;
		/* copy_files: oldf = current->files. */
		task_touch(parent, TF_files, false);
		p->files = dup_fd(parent->files);
		if (!p->files) {
			/* copy_process's bad_fork_cleanup_mm: the mm copied
			 * (or the reference taken) goes, then the task. */
			if (p->mm)
				mmput(p->mm);
			p->mm = p->active_mm = NULL;
			p->state = TASK_ZOMBIE;
			release_task(p);
			return -ENOMEM;
		}
		if (clone_flags & CLONE_VFORK) {
			p->vfork_parent = parent;
			parent->vfork_waiting = true;
		}
		wake_up_new_task(p);
	}
	/* vfork: sleep until the child lets go of the mm (exec or exit). */
	while (parent->vfork_waiting) {
		parent->state = TASK_UNINTERRUPTIBLE;
		schedule();
	}
	return p->pid;
}
