/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Tasks and per-CPU state, as far as the memory-management layers need
 * them: `current`, smp_processor_id(), the preempt and pagefault-disable
 * counts, and the kmap_local slot state each task carries (5.11+).  The
 * scheduler proper builds on this.
 */
#ifndef VMSPLIT_KERNEL_SCHED_H
#define VMSPLIT_KERNEL_SCHED_H

#include "arch/pgtable.h"
#include "hw/machine.h"

#define KM_MAX_IDX 16		/* asm-generic/kmap_size.h */
#define TASK_COMM_LEN 16

/* Per-task kmap_local state (struct kmap_ctrl, include/linux/sched.h). */
struct kmap_ctrl {
	int idx;
	pte_t pteval[KM_MAX_IDX];
};

struct task_struct {
	int pid;
	char comm[TASK_COMM_LEN];
	int preempt_count;		/* thread_info->preempt_count */
	int pagefault_disabled;		/* 4.2+: separate from preempt */
	int migrate_disable;
	struct kmap_ctrl kmap_ctrl;
};

/* Kernel state of one CPU. */
struct percpu {
	struct task_struct *curr;		/* the task running here (`current`) */
	struct task_struct idle;	/* swapper/N, the boot task */
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

/*
 * schedule - let another task run.  Until the scheduler exists, a test can
 * install @sched_test_hook to stand for "the other tasks"; with none, a
 * schedule() that must wait is a deadlock and panics.
 */
void schedule(void);
extern void (*sched_test_hook)(void);

static inline bool in_atomic(void)
{
	return current->preempt_count != 0;
}

/* might_sleep(): sleeping in atomic context is a bug. */
void might_sleep(const char *fn);

#endif
