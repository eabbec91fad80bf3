// SPDX-License-Identifier: GPL-2.0-only
/*
 * The SMP scheduler and the simulation loop (see kernel/sched.h).
 */
#include "kernel/sched.h"
#include "kernel/task_stack.h"
#include "kernel/task_touch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/mmu_context.h"
#include "hw/access.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/exit.h"
#include "kernel/irq.h"
#include "mm/emap.h"
#include "mm/highmem.h"
#include "mm/mm.h"
#include "mm/mm_touch.h"

#define TASK_STACK_SIZE (256 * 1024)

struct percpu percpu[MAX_CPUS];
void (*sched_test_hook)(void);

/* ___might_sleep's prev_jiffy, in cycles of the reporting CPU. */
static bool might_sleep_reported;
static u64 might_sleep_last;
static struct list_head all_tasks;
static struct list_head orphans;
static u32 task_count;
static int next_pid;
static struct coroutine sched_co;	/* the loop's own context */
static bool loop_running;
/* The running CPU hands the host back once its clock passes this. */
static u64 horizon;

/* A time slice in ticks of the HZ in force, at least one. */
static u32 slice_ticks(void)
{
	return MAX(1u, DEF_TIMESLICE_MS * settings_hz(config) / 1000);
}

static u64 tick_period(void)
{
	return machine->cfg.cpu_hz / settings_hz(config);
}

/* How far one CPU may run ahead of the others: 10 us. */
static u64 sched_slack(void)
{
	return machine->cfg.cpu_hz / 100000;
}

void sched_init(void)
{
	memset(percpu, 0, sizeof(percpu));
	INIT_LIST_HEAD(&all_tasks);
	INIT_LIST_HEAD(&orphans);
	task_count = 0;
	next_pid = 1;
	might_sleep_reported = false;
	loop_running = false;
	for (u32 i = 0; i < machine->ncpus; i++) {
		struct percpu *pc = &percpu[i];
		struct task_struct *t = &pc->idle;

		snprintf(t->comm, sizeof(t->comm), "swapper/%u", i % MAX_CPUS);
		t->is_idle = true;
		t->cpu = i;
		INIT_LIST_HEAD(&t->children);
		pc->curr = t;
		INIT_LIST_HEAD(&pc->runqueue);
		pc->next_tick = tick_period();
	}
}

u32 nr_tasks(void)
{
	return task_count;
}


static u32 nr_running(u32 cpu)
{
	return percpu[cpu].nr_queued + !percpu[cpu].curr->is_idle;
}

static u32 least_loaded_cpu(void)
{
	u32 best = 0;

	for (u32 i = 1; i < machine->ncpus; i++)
		if (nr_running(i) < nr_running(best) ||
		    (nr_running(i) == nr_running(best) &&
		     machine->cpu[i].cycles < machine->cpu[best].cycles))
			best = i;
	return best;
}

/* An idle CPU's clock catches up with the time work arrives. */
static void idle_until(u32 cpu, u64 when)
{
	struct cpu *c = &machine->cpu[cpu];
	struct percpu *pc = &percpu[cpu];

	if (c->cycles < when)
		hw_idle(c, when - c->cycles);
	/* Ticks while idle are not charged (a tickless idle). */
	if (pc->next_tick <= c->cycles)
		pc->next_tick = (c->cycles / tick_period() + 1) * tick_period();
}

static void enqueue(struct task_struct *t, u32 cpu, u64 when)
{
	struct percpu *pc = &percpu[cpu];

	t->cpu = cpu;
	t->enqueued_at = when;
	list_add_tail(&t->run_list, &pc->runqueue);
	pc->nr_queued++;
	if (pc->curr->is_idle && machine->cur != &machine->cpu[cpu]) {
		idle_until(cpu, when);
		horizon = MIN(horizon, machine->cpu[cpu].cycles + sched_slack());
	}
}

static struct task_struct *dequeue(u32 cpu)
{
	struct percpu *pc = &percpu[cpu];
	struct task_struct *t;

	if (list_empty(&pc->runqueue))
		return NULL;
	t = list_first_entry(&pc->runqueue, struct task_struct, run_list);
	list_del(&t->run_list);
	pc->nr_queued--;
	return t;
}

static void task_trampoline(void *arg)
{
	struct task_struct *t = arg;

	/* ret_from_fork: into user space with the task's own tables. */
	t->in_user = true;
	this_cpu()->cc = CC_user;
	arch_return_to_user();
	/*
	 * The program's entry point.  A successful execve jumps here once
	 * its system call has returned to user space, as the registers
	 * start_thread set up take Linux's ret_fast_syscall to the new
	 * image's entry: exec does not pass ret_from_fork again.
	 */
	setjmp(t->start);
	t->entry(t->entry_arg);
	do_exit(0);
}

struct task_struct *task_create(const char *comm, void (*fn)(void *),
				void *arg, struct task_struct *parent)
{
	struct task_struct *t = calloc(1, sizeof(*t));

	if (!t)
		panic("task_create: host out of memory");
	t->pid = next_pid++;
	snprintf(t->comm, sizeof(t->comm), "%s", comm);
	t->state = TASK_RUNNING;
	INIT_LIST_HEAD(&t->children);
	t->parent = parent;
	if (parent)
		list_add_tail(&t->sibling, &parent->children);
	list_add_tail(&t->tasks, &all_tasks);
	task_count++;
	if (coroutine_create(&t->co, task_trampoline, t, TASK_STACK_SIZE))
		panic("task_create: no host stack");
	t->entry = fn;
	t->entry_arg = arg;
	t->slice_ticks = slice_ticks();
	t->saved_cc = CC_user;
	return t;
}

void wake_up_new_task(struct task_struct *t)
{
	u32 cpu = least_loaded_cpu();

	task_touch_wakeup(t, percpu[cpu].curr, true);
	enqueue(t, cpu, this_cpu()->cycles);
}

void wake_up_process(struct task_struct *p)
{
	u32 cpu = p->cpu;

	if (p->state == TASK_RUNNING || p->state == TASK_ZOMBIE) {
		/* try_to_wake_up: pi_lock held over the state test. */
		task_touch_rmw(p, TF_pi_lock);
		task_touch(p, TF_state, false);
		task_touch(p, TF_pi_lock, true);
		return;
	}
	p->state = TASK_RUNNING;
	/* Prefer the task's own CPU when it idles, else any idle one. */
	if (!percpu[cpu].curr->is_idle || percpu[cpu].nr_queued)
		for (u32 i = 0; i < machine->ncpus; i++)
			if (percpu[i].curr->is_idle && !percpu[i].nr_queued) {
				cpu = i;
				break;
			}
	task_touch_wakeup(p, percpu[cpu].curr, false);
	enqueue(p, cpu, this_cpu()->cycles);
}

/*
 * context_switch on this CPU from @prev to @next (either may be idle):
 * kmap_local teardown/restore, switch_mm with lazy TLB for the idle task,
 * the deferred mmdrop of an exited task's mm.
 */
static void context_switch(struct task_struct *prev, struct task_struct *next)
{
	struct percpu *pc = &percpu[smp_processor_id()];
	struct mm_struct *oldmm = prev->active_mm;
	struct mm_struct *prev_mm = NULL;	/* rq->prev_mm */
	bool local = config->flavour == FLAVOUR_KMAP_LOCAL;

	hw_event(this_cpu(), EV_context_switch);
	task_touch_switch(prev, next,
			  !prev->is_idle && prev->state != TASK_RUNNING);
	task_stack_switch(prev, next);
	if (local && prev->kmap_ctrl.idx)
		__kmap_local_sched_out();
	if (!next->mm) {
		/* enter_lazy_tlb: keep whatever is loaded. */
		next->active_mm = oldmm;
		if (oldmm) {
			mm_touch_rmw(oldmm, MF_count);
			oldmm->mm_count++;
		}
	} else {
		switch_mm(oldmm, next->mm);
		next->active_mm = next->mm;
	}
	if (!prev->mm) {
		prev->active_mm = NULL;
		prev_mm = oldmm;
	}
	pc->curr = next;
	next->cpu = smp_processor_id();
	/* finish_task_switch: mmdrop, and for a dead task
	 * put_task_struct's reference (the object goes at release_task). */
	if (prev_mm)
		mmdrop(prev_mm);
	if (prev->state == TASK_ZOMBIE)
		task_touch_rmw(prev, TF_usage);
	if (local && next->kmap_ctrl.idx)
		__kmap_local_sched_in();
	/* mi_switch: pmap_activate(l); uvm_emap_switch(l). */
	uvm_emap_switch(next);
}

void schedule(void)
{
	struct task_struct *prev = current, *next;
	u32 cpu = smp_processor_id();

	if (prev->is_idle) {
		if (!sched_test_hook)
			panic("schedule: %s must wait but no other task can run",
			      prev->comm);
		sched_test_hook();
		return;
	}
	if (prev->preempt_count)
		panic("schedule: %s scheduling while atomic (preempt_count %d)",
		      prev->comm, prev->preempt_count);
	{
		CC_SCOPE(schedule);

		charge(CODE_context_switch);
		prev->need_resched = false;
		if (prev->state == TASK_RUNNING)
			enqueue(prev, cpu, this_cpu()->cycles);
		next = dequeue(cpu);
		if (next == prev)
			return;
		context_switch(prev, next ? next : &percpu[cpu].idle);
	}
	/* Hand the host to the loop; it resumes us when we run again. */
	prev->saved_cc = this_cpu()->cc;
	prev->saved_trace = this_cpu()->trace;
	coroutine_switch(&prev->co, &sched_co);
}

static void scheduler_tick(void)
{
	CC_SCOPE(scheduler_tick);
	struct percpu *pc = &percpu[smp_processor_id()];
	struct task_struct *t = pc->curr;

	charge(CODE_timer_tick);
	hw_event(this_cpu(), EV_timer_tick);
	pc->next_tick += tick_period();
	if (t->is_idle)
		return;
	if (--t->slice_ticks == 0) {
		t->slice_ticks = slice_ticks();
		t->need_resched = true;
	}
}

void sched_yield_point(void)
{
	struct cpu *c = this_cpu();
	struct task_struct *t = current;

	if (!loop_running || t->is_idle)
		return;
	while (c->cycles >= percpu[c->id].next_tick) {
		/* The timer interrupt enters the kernel from user mode. */
		if (t->in_user)
			arch_enter_kernel();
		scheduler_tick();
		if (t->in_user)
			arch_return_to_user();
	}
	/* A device interrupt that is due (kernel/irq.h). */
	if (irq_next_event() <= c->cycles) {
		if (t->in_user)
			arch_enter_kernel();
		irq_poll();
		if (t->in_user)
			arch_return_to_user();
	}
	/* A tick in user mode returns through the preemption point. */
	if (t->in_user && t->need_resched) {
		arch_enter_kernel();
		sched_return_to_user();
		arch_return_to_user();
		/* schedule() may have resumed us on another CPU. */
		c = this_cpu();
	}
	if (c->cycles > horizon) {
		t->saved_cc = c->cc;
		t->saved_trace = c->trace;
		coroutine_switch(&t->co, &sched_co);
	}
}

void sched_return_to_user(void)
{
	struct task_struct *t = current;

	if (!t->need_resched)
		return;
	if (!percpu[smp_processor_id()].nr_queued) {
		t->need_resched = false;
		return;
	}
	schedule();
}

/* An idle CPU with nothing queued takes a task from the busiest queue. */
static struct task_struct *steal_candidate(u32 cpu, u32 *from)
{
	u32 best = cpu, most = 0;

	for (u32 i = 0; i < machine->ncpus; i++)
		if (i != cpu && percpu[i].nr_queued > most &&
		    !percpu[i].curr->is_idle) {
			most = percpu[i].nr_queued;
			best = i;
		}
	if (!most)
		return NULL;
	*from = best;
	return list_first_entry(&percpu[best].runqueue, struct task_struct,
				run_list);
}

/* When could @cpu next run something, or U64_MAX if never. */
static u64 ready_time(u32 cpu)
{
	struct percpu *pc = &percpu[cpu];
	u64 now = machine->cpu[cpu].cycles;
	struct task_struct *t;
	u32 from;

	if (!pc->curr->is_idle)
		return now;
	if (pc->nr_queued)
		return MAX(now, list_first_entry(&pc->runqueue,
						 struct task_struct,
						 run_list)->enqueued_at);
	t = steal_candidate(cpu, &from);
	return t ? MAX(now, t->enqueued_at) : UINT64_MAX;
}

/* When idle CPU 0 (which takes device interrupts) must take one, or
 * UINT64_MAX. */
static u64 irq_time(void)
{
	if (!percpu[0].curr->is_idle)
		return UINT64_MAX;
	return MAX(machine->cpu[0].cycles, irq_next_event());
}

void release_task(struct task_struct *p)
{
	BUG_ON(p->state != TASK_ZOMBIE);
	del_timer(&p->alarm);
	if (p->parent)
		list_del(&p->sibling);
	list_del(&p->tasks);
	task_count--;
	/* __unhash_process: list_del_rcu(&p->tasks), the sibling link;
	 * put_task_struct -> free_task. */
	task_touch(p, TF_family, true);
	task_touch_rmw(p, TF_usage);
	task_unplace(p);
	task_stack_free(p);
	coroutine_destroy(&p->co);
	free(p);
}

/* Zombies nobody will wait for, linked through run_list. */
void release_orphan(struct task_struct *p)
{
	list_add_tail(&p->run_list, &orphans);
}

/* Release the orphans that are off their CPUs. */
static void reap_orphans(void)
{
	struct list_head *pos = orphans.next;

	while (pos != &orphans) {
		struct task_struct *t =
			list_entry(pos, struct task_struct, run_list);

		pos = pos->next;
		if (percpu[t->cpu].curr == t)
			continue;
		list_del(&t->run_list);
		release_task(t);
	}
}

int sched_run(void)
{
	coroutine_init_self(&sched_co);
	loop_running = true;
	while (task_count) {
		u32 cpu = 0;
		u64 best = UINT64_MAX, other = UINT64_MAX, irq_at;
		struct percpu *pc;
		struct task_struct *t;

		for (u32 i = 0; i < machine->ncpus; i++) {
			u64 r = ready_time(i);

			if (r < best) {
				other = best;
				best = r;
				cpu = i;
			} else if (r < other) {
				other = r;
			}
		}
		/* An idle CPU 0 takes an interrupt due before any work. */
		irq_at = irq_time();
		if (irq_at < best) {
			idle_until(0, irq_at);
			machine->cur = &machine->cpu[0];
			this_cpu()->cc = CC_other;
			irq_poll();
			reap_orphans();
			continue;
		}
		if (best == UINT64_MAX) {
			loop_running = false;
			return -EDEADLK;
		}
		machine->cur = &machine->cpu[cpu];
		pc = &percpu[cpu];
		if (pc->curr->is_idle) {
			u32 from;

			if (!pc->nr_queued) {
				t = steal_candidate(cpu, &from);
				list_del(&t->run_list);
				percpu[from].nr_queued--;
				enqueue(t, cpu, t->enqueued_at);
			}
			t = dequeue(cpu);
			idle_until(cpu, t->enqueued_at);
			this_cpu()->cc = CC_schedule;
			charge(CODE_context_switch);
			context_switch(&pc->idle, t);
		}
		t = pc->curr;
		horizon = other == UINT64_MAX ? UINT64_MAX : other + sched_slack();
		this_cpu()->cc = t->saved_cc;
		this_cpu()->trace = t->saved_trace;
		coroutine_switch(&sched_co, &t->co);
		this_cpu()->cc = CC_other;
		reap_orphans();
	}
	loop_running = false;
	return 0;
}

void sched_drop_lazy_mms(void)
{
	for (u32 i = 0; i < machine->ncpus; i++) {
		struct task_struct *idle = &percpu[i].idle;
		struct mm_struct *mm = idle->active_mm;
		struct cpu *saved = machine->cur;

		if (!mm || percpu[i].curr != idle)
			continue;
		/* Back to swapper_pg_dir before the tables go away. */
		machine->cur = &machine->cpu[i];
		pgtable->cpu_switch_init(i, swapper_pg_dir);
		idle->active_mm = NULL;
		mmdrop(mm);
		machine->cur = saved;
	}
}

u32 kill_sleeping_tasks(void)
{
	struct list_head *pos;
	u32 n = 0;

	list_for_each(pos, &all_tasks) {
		struct task_struct *t =
			list_entry(pos, struct task_struct, tasks);

		if (t->state != TASK_INTERRUPTIBLE)
			continue;
		send_sig_kill(t);
		n++;
	}
	return n;
}

void sched_exit(void)
{
	while (!list_empty(&all_tasks)) {
		struct task_struct *t =
			list_first_entry(&all_tasks, struct task_struct, tasks);

		list_del(&t->tasks);
		del_timer(&t->alarm);
		coroutine_destroy(&t->co);
		free(t);
	}
	task_count = 0;
}

void (*might_sleep_report_hook)(const char *report);

void kmap_sleep_check(const char *fn)
{
	if (current->preempt_count)
		panic("%s: sleeping function called from atomic context (preempt_count %d)",
		      fn, current->preempt_count);
}

/*
 * ___might_sleep (kernel/sched/core.c, 5.7): in_atomic() -- preempt_count
 * with the spinlocks PREEMPT_COUNT counts in it -- outside the idle task.
 * pagefault_disable() alone is no atomic context since 4.2 (the 5.11
 * kmap_local sections may sleep); before that it raised preempt_count,
 * which the 3.x and 2.6 flavours model.  The trace is the cost centres
 * entered, innermost first, as dump_stack prints the frames.
 */
void __might_sleep(const char *where)
{
	struct task_struct *t = current;
	const struct cc_trace *tr = &this_cpu()->trace;
	char chain[640], report[1024];
	size_t len = 0;
	u32 shown;

	if (t->is_idle || !(t->preempt_count || t->spinlocks_held))
		return;
	/* Ratelimited: at most one report a second (prev_jiffy + HZ). */
	if (might_sleep_reported &&
	    this_cpu()->cycles < might_sleep_last + machine->cfg.cpu_hz)
		return;
	might_sleep_reported = true;
	might_sleep_last = this_cpu()->cycles;
	shown = MIN(tr->depth, (u32)CC_TRACE_DEPTH);
	for (u32 i = 0; i < shown && len < sizeof(chain); i++) {
		u16 cc = tr->cc[(tr->depth - 1 - i) % CC_TRACE_DEPTH];

		len += (size_t)snprintf(chain + len, sizeof(chain) - len, "%s%s",
					i ? " <- " : "", cc_names[cc]);
	}
	snprintf(report, sizeof(report),
		 "BUG: sleeping function called from invalid context at %s\n"
		 "in_atomic(): 1, irqs_disabled(): 0, non_block: 0, pid: %d, name: %s\n"
		 "preempt_count %d, spinlocks held %d\n"
		 "Call trace: %s",
		 where, t->pid, t->comm, t->preempt_count, t->spinlocks_held,
		 chain);
	if (might_sleep_report_hook) {
		might_sleep_report_hook(report);
		return;
	}
	panic("%s", report);
}

struct task_struct *find_task_by_pid(int pid)
{
	struct task_struct *t;

	list_for_each_entry(t, &all_tasks, tasks)
		if (t->pid == pid && t->state != TASK_ZOMBIE)
			return t;
	return NULL;
}

void send_sig_kill(struct task_struct *p)
{
	if (p->state == TASK_ZOMBIE)
		return;
	hw_event(this_cpu(), EV_sigkill_sent);
	/* send_signal: sigaddset(&pending->signal), the queue (the group's
	 * shared_pending is in signal_struct, not placed). */
	task_touch_rmw(p, TF_pending);
	p->sigkill = true;
	p->signal_pending = true;
	if (p->state == TASK_INTERRUPTIBLE) {
		wake_up_process(p);
		return;
	}
	/*
	 * kick_process: a task running on another CPU takes a reschedule
	 * IPI, so that it sees the signal at its next check rather than at
	 * its next tick.  Running or queued here, it sees it unaided.
	 */
	if (p->state == TASK_RUNNING && percpu[p->cpu].curr == p &&
	    p->cpu != smp_processor_id()) {
		hw_ipi(this_cpu(), &machine->cpu[p->cpu]);
	}
}

void cond_resched(void)
{
	struct task_struct *t = current;

	might_sleep("kernel/sched/core.c");
	if (t->preempt_count)
		return;
	sched_yield_point();
	if (t->need_resched)
		sched_return_to_user();
}
