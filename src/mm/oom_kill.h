/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_MM_OOM_KILL_H
#define VMSPLIT_MM_OOM_KILL_H

/**
 * pagefault_out_of_memory - a user page fault returned VM_FAULT_OOM: run
 * the OOM killer, which kills the faulting task with SIGKILL and counts
 * an oom_kill event.
 * Context: process context, the fault's locks dropped.
 * Return: does not return.
 */
_Noreturn void pagefault_out_of_memory(void);

#endif
