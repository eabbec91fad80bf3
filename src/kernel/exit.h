/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Process exit and reaping (kernel/exit.c).
 */
#ifndef VMSPLIT_KERNEL_EXIT_H
#define VMSPLIT_KERNEL_EXIT_H

#include "base/types.h"

/*
 * do_exit - end the current task: release its mm (exit_mmap) and files,
 * hand its children to nobody, become a zombie for the parent and switch
 * away for good.  @code is the wait status (exit code << 8, or a signal).
 */
_Noreturn void do_exit(int code);

/* mm_release: a vfork parent waits for the child to let go of the mm
 * (at exit or exec); wake it. */
struct task_struct;
void mm_release(struct task_struct *t);

/*
 * do_wait - wait for child @pid (-1: any) to exit and reap it.
 * Return: the pid with its status in @status, or -ECHILD.
 */
int do_wait(int pid, int *status);

/* Exit statistics of the run so far. */
struct exit_stats {
	u64 exits, killed_by_sigsegv;
};
extern struct exit_stats exit_stats;

#define SIGKILL 9
#define SIGSEGV 11

#endif
