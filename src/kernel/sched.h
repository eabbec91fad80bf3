/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Tasks and the SMP scheduler (include/linux/sched.h, kernel/sched.c).
 *
 * Every task runs on its own host coroutine, so user programs are ordinary
 * C that may block inside a system call.  Simulated time drives the
 * interleaving: each CPU has its own clock, and the scheduler loop always
 * resumes the CPU with the lowest clock that has work.  A task gives the
 * host back to the loop at yield points (system call entry and exit, user
 * memory accesses, user computation) once its CPU has run ahead of the
 * others by more than a small window, when it blocks, and when it exits.
 *
 * Per CPU: a FIFO run queue, the running task, a timer tick every
 * 1/HZ s (scheduler_tick, time slices), and the idle "task" (a CPU with
 * nothing to run does not advance its clock until work arrives; the gap is
 * idle time).  New tasks go to the least loaded CPU (balance at fork and
 * exec), an idle CPU pulls a waiting task from the busiest run queue.
 */
#ifndef VMSPLIT_KERNEL_SCHED_H
#define VMSPLIT_KERNEL_SCHED_H

#include <setjmp.h>

#include "arch/pgtable.h"
#include "base/list.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "kernel/coroutine.h"
#include "kernel/irq.h"

#define KM_MAX_IDX 16		/* asm-generic/kmap_size.h */
#define TASK_COMM_LEN 16
#define DEF_TIMESLICE_MS 100	/* O(1) scheduler, nice 0 */

struct mm_struct;
struct page;
struct stack_layout;
struct files_struct;
struct program;

/* Per-task kmap_local state (struct kmap_ctrl, include/linux/sched.h). */
struct kmap_ctrl {
	int idx;
	pte_t pteval[KM_MAX_IDX];
};

enum task_state {
	TASK_RUNNING,
	TASK_INTERRUPTIBLE,
	TASK_UNINTERRUPTIBLE,
	TASK_ZOMBIE,
};

struct task_struct {
	int pid;
	char comm[TASK_COMM_LEN];
	enum task_state state;
	int preempt_count;		/* thread_info->preempt_count */
	/* Spinlocks held: what PREEMPT_COUNT adds to preempt_count, counted
	 * apart so that only might_sleep reads it (in_atomic()). */
	int spinlocks_held;
	int pagefault_disabled;		/* 4.2+: separate from preempt */
	int migrate_disable;
	struct kmap_ctrl kmap_ctrl;
	struct mm_struct *mm;		/* NULL for the idle task */
	struct mm_struct *active_mm;	/* lazy TLB: what is loaded */
	struct task_struct *parent;
	struct list_head children, sibling;
	struct list_head run_list;	/* on a run queue */
	struct list_head tasks;		/* all tasks */
	u32 cpu;			/* task_cpu() */
	int exit_code;			/* status for wait4 */
	bool vfork_waiting;		/* parent blocked in vfork */
	struct task_struct *vfork_parent;
	u32 slice_ticks;		/* ticks left in the time slice */
	bool need_resched;
	u64 enqueued_at;		/* simulated time it became runnable */
	struct files_struct *files;
	/* emap=: the generation it last consumed (l_emap_gen; 0:
	 * UVM_EMAP_INACTIVE, as uvm_lwp_fork leaves a new one). */
	u32 emap_gen;
	/* kernel_data=mem_map: its task_struct object (kernel/task_touch.h),
	 * else 0. */
	vaddr_t kva;
	/* kernel_data=mem_map: thread_info and the kernel stack, an
	 * order-1 block (kernel/task_stack.h); NULL and 0 otherwise. */
	struct page *stack_page;
	vaddr_t stack_kva;
	const struct stack_layout *stack_layout;	/* its kernel's */
	/* Host execution context. */
	struct coroutine co;
	jmp_buf start;			/* exec restarts the task here */
	void (*entry)(void *arg);	/* what the task runs (after exec) */
	void *entry_arg;
	bool in_user;			/* executing user code */
	bool is_idle;
	bool signal_pending;		/* a signal interrupts sleeps (-EINTR) */
	bool sigkill;			/* SIGKILL: dies on the way to user */
	struct timer_list alarm;	/* alarm(2): raises signal_pending */
	u16 saved_cc;			/* cost centre while off the CPU */
	struct cc_trace saved_trace;	/* ... and the centres around it */
	const struct program *spawn_prog;	/* spawn_process: exec this */
	void *spawn_arg;
};

/* Kernel state of one CPU. */
struct percpu {
	struct task_struct *curr;	/* the task running here (`current`) */
	struct task_struct idle;	/* swapper/N */
	struct list_head runqueue;
	u32 nr_queued;
	u64 next_tick;			/* clock of the next timer tick */
	int kmap_atomic_idx;		/* __kmap_atomic_idx (2.6.37-5.10) */
	u32 km_type_in_use;		/* 2.6 typed slots held (checker) */
};

extern struct percpu percpu[MAX_CPUS];

static inline u32 smp_processor_id(void)
{
	return this_cpu()->id;
}

static inline struct task_struct *get_current(void)
{
	return percpu[smp_processor_id()].curr;
}

#define current get_current()

/* Give every CPU its idle task as `current`. */
void sched_init(void);
/* Free whatever the tasks left (after a run or a caught panic). */
void sched_exit(void);
/* The idle tasks let go of the mms they hold lazily (end of run). */
void sched_drop_lazy_mms(void);

/*
 * schedule - switch away from the current task: it goes back on the run
 * queue if still TASK_RUNNING, else it sleeps until wake_up_process().
 * Until tasks exist, a test can set @sched_test_hook to stand for "the
 * other tasks"; with neither, waiting is a deadlock and panics.
 */
void schedule(void);
extern void (*sched_test_hook)(void);

void wake_up_process(struct task_struct *p);
/* wake_up_new_task - first enqueue, on the least loaded CPU. */
void wake_up_new_task(struct task_struct *t);

/*
 * sched_yield_point - let the other CPUs catch up in simulated time, and
 * run a due timer tick.  Called where a task may be interrupted: user
 * code, system call boundaries.
 */
void sched_yield_point(void);
/* Return to user space: the preemption point (need_resched). */
void sched_return_to_user(void);

/*
 * task_create - a new task that will run @fn(@arg) (in user mode) on its
 * own host stack, child of @parent (NULL: nobody waits for it).  It has
 * no mm until given one, and runs once wake_up_new_task() queues it.
 */
struct task_struct *task_create(const char *comm, void (*fn)(void *),
				void *arg, struct task_struct *parent);

/*
 * sched_run - run until every task has exited.  Return: 0, or -EDEADLK if
 * tasks remain but none can run.
 */
int sched_run(void);

/* Number of live tasks (not yet reaped). */
u32 nr_tasks(void);

/*
 * kill_sleeping_tasks - what `kill -9` of a hung workload does: SIGKILL
 * to every task in an interruptible sleep.  Each wakes, its system call
 * returns early (-EINTR), and it dies on the way back to user mode.  A
 * task in an uninterruptible sleep stays (a kernel deadlock).
 * Return: how many were killed.
 */
u32 kill_sleeping_tasks(void);

/* fatal_signal_pending - has @p been sent SIGKILL? */
static inline bool fatal_signal_pending(const struct task_struct *p)
{
	return p->sigkill;
}

/*
 * send_sig_kill - SIGKILL @p (kernel/signal.c: send_signal,
 * signal_wake_up).  A task asleep interruptibly is woken (its wait returns
 * early); one running on another CPU is kicked with an IPI (kick_process),
 * charged to the sender; every task sees it at its next
 * fatal_signal_pending() and dies on the way back to user mode.
 */
void send_sig_kill(struct task_struct *p);

/* find_task_by_pid - the live task @pid, or NULL. */
struct task_struct *find_task_by_pid(int pid);

/*
 * cond_resched - a point where a long kernel loop runs with interrupts
 * enabled and offers the CPU: the timer ticks and interrupts that are due
 * are taken here (so a timer can signal the task), and if its time slice
 * has run out while another task waits, it yields.  Only outside atomic
 * context (as _cond_resched's should_resched(0)).  Its instructions are
 * in the measured cost of each caller's path (kpath tables), so it
 * charges none of its own.
 */
void cond_resched(void);

/*
 * might_sleep - @where (the Linux file of the annotation, e.g.
 * "kernel/locking/rwsem.c") may sleep.  With CONFIG_DEBUG_ATOMIC_SLEEP,
 * a call in atomic context -- preempt_count raised (kmap_atomic, a
 * spinlock held, an interrupt) -- stops the run with ___might_sleep's
 * message and the cost centres it was called from.  Without it, nothing:
 * an inline test of the option, as Linux compiles might_sleep() away.
 */
void __might_sleep(const char *where);
static inline void might_sleep(const char *where)
{
	if (unlikely(config->debug_atomic_sleep))
		__might_sleep(where);
}
/*
 * Tests only: called with the report instead of stopping the run, which
 * then goes on, as Linux's kernel does after the splat.  (A panic inside
 * a task cannot be caught by a test: its longjmp would leave the task's
 * host stack.)
 */
extern void (*might_sleep_report_hook)(const char *report);

/*
 * kmap_sleep_check - kmap() may sleep for a free pkmap slot: called in
 * atomic context it is a model invariant broken (the sleep would
 * deadlock), checked whatever the Kconfig.
 */
void kmap_sleep_check(const char *fn);

/* Release a reaped or parentless zombie (release_task). */
void release_task(struct task_struct *p);
/*
 * release_orphan - a zombie nobody will wait for: the loop releases it
 * once it is off its CPU (its host stack is still in use until then).
 */
void release_orphan(struct task_struct *p);

#endif
