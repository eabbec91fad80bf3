// SPDX-License-Identifier: GPL-2.0-only
#include "kernel/exit.h"

#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "fs/file.h"
#include "kernel/sched.h"
#include "kernel/task_touch.h"
#include "mm/audit.h"
#include "mm/highmem.h"
#include "mm/mm.h"
#include "mm/mm_touch.h"

struct exit_stats exit_stats;

void mm_release(struct task_struct *t)
{
	struct task_struct *parent = t->vfork_parent;

	if (!parent)
		return;
	t->vfork_parent = NULL;
	parent->vfork_waiting = false;
	wake_up_process(parent);
}

/* exit_mm: keep the mm as active_mm (lazy TLB) until the switch away. */
static void exit_mm(struct task_struct *t)
{
	struct mm_struct *mm = t->mm;

	mm_release(t);
	if (!mm)
		return;
	/* task_lock(tsk); tsk->mm = NULL (active_mm kept). */
	task_touch_rmw(t, TF_alloc_lock);
	task_touch_rmw(t, TF_mm);
	task_touch(t, TF_alloc_lock, true);
	mm_touch_rmw(mm, MF_count);
	mm->mm_count++;
	t->mm = NULL;
	if (mm->mm_users == 1 && machine->checks)
		mm_audit_before_exit(mm);
	mmput(mm);
}

_Noreturn void do_exit(int code)
{
	struct task_struct *t = current;
	struct list_head *pos;

	{
		CC_SCOPE(do_exit);

		t->in_user = false;
		charge(CODE_exit);
		hw_event(this_cpu(), EV_exit);
		exit_stats.exits++;
		if ((code & 0x7f) == SIGSEGV) {
			exit_stats.killed_by_sigsegv++;
			hw_event(this_cpu(), EV_sigsegv);
		}
		if (machine->checks && (t->preempt_count || t->kmap_ctrl.idx ||
					t->pagefault_disabled))
			panic("do_exit: %s exits holding kmaps or atomic state",
			      t->comm);
		/* exit_signals: tsk->flags |= PF_EXITING. */
		task_touch_rmw(t, TF_flags);
		exit_mm(t);
		/* exit_files: task_lock, files = tsk->files, tsk->files =
		 * NULL. */
		task_touch(t, TF_files, false);
		if (t->files) {
			task_touch_rmw(t, TF_alloc_lock);
			task_touch(t, TF_files, true);
			task_touch(t, TF_alloc_lock, true);
		}
		exit_files(t);
		/* forget_original_parent: orphans are reaped by the loop. */
		pos = t->children.next;
		while (pos != &t->children) {
			struct task_struct *c =
				list_entry(pos, struct task_struct, sibling);

			pos = pos->next;
			/* reparent_leader: p->real_parent, the sibling
			 * link moved. */
			task_touch_rmw(c, TF_family);
			list_del(&c->sibling);
			c->parent = NULL;
			if (c->state == TASK_ZOMBIE)
				release_orphan(c);
		}
		/* exit_notify: tsk->exit_state; do_notify_parent reads the
		 * parent's signal and sighand; do_task_dead: tsk->state. */
		t->exit_code = code;
		task_touch(t, TF_exit, true);
		if (t->parent)
			task_touch(t->parent, TF_files, false);
		task_touch(t, TF_state, true);
		t->state = TASK_ZOMBIE;
		if (!t->parent)
			release_orphan(t);
		else if (t->parent->state == TASK_INTERRUPTIBLE)
			wake_up_process(t->parent);
	}
	schedule();
	panic("do_exit: %s ran again after exit", t->comm);
}

int do_wait(int pid, int *status)
{
	CC_SCOPE(sys_wait4);
	struct task_struct *t = current;

	charge(CODE_wait);
	for (;;) {
		struct list_head *pos;
		bool any = false;

		list_for_each(pos, &t->children) {
			struct task_struct *c =
				list_entry(pos, struct task_struct, sibling);

			/* wait_consider_task: eligible_child's pid, then
			 * p->exit_state (and exit_code when reaped). */
			task_touch(c, TF_pid, false);
			if (pid != -1 && c->pid != pid)
				continue;
			task_touch(c, TF_exit, false);
			any = true;
			if (c->state == TASK_ZOMBIE &&
			    percpu[c->cpu].curr != c) {
				int cpid = c->pid;

				if (status)
					*status = c->exit_code;
				release_task(c);
				return cpid;
			}
		}
		if (!any)
			return -ECHILD;
		/* do_wait: -ERESTARTSYS, which the handler turns into EINTR. */
		if (t->signal_pending)
			return -EINTR;
		t->state = TASK_INTERRUPTIBLE;
		schedule();
	}
}
