// SPDX-License-Identifier: GPL-2.0-only
#include "kernel/sched.h"

#include <stdio.h>
#include <string.h>

#include "base/panic.h"

struct percpu percpu[MAX_CPUS];
void (*sched_test_hook)(void);

void sched_init(void)
{
	memset(percpu, 0, sizeof(percpu));
	for (u32 i = 0; i < machine->ncpus; i++) {
		struct task_struct *t = &percpu[i].idle;

		t->pid = 0;
		snprintf(t->comm, sizeof(t->comm), "swapper/%u", i % MAX_CPUS);
		percpu[i].curr = t;
	}
}

void schedule(void)
{
	if (!sched_test_hook)
		panic("schedule: %s must wait but no other task can run",
		      current->comm);
	sched_test_hook();
}

void might_sleep(const char *fn)
{
	if (current->preempt_count)
		panic("%s: sleeping function called from atomic context (preempt_count %d)",
		      fn, current->preempt_count);
}
