/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * thread_info and the kernel stack at simulated addresses
 * (kernel_data=mem_map): each task fork or spawn makes gets the 8 KiB,
 * order-1 lowmem block its kernel gives it (alloc_thread_info:
 * THREAD_SIZE 8192 on 2.5.73 i386, 3.14 and 5.7 ARM), thread_info at its
 * base, and the accesses Linux's entry code and context switch make
 * there are charged through the TLB and caches:
 *
 *   - exception entry from user space (a system call, a fault) stores
 *     the user registers, pt_regs, at the top of the stack (ARM: 72 bytes
 *     below THREAD_START_SP = THREAD_SIZE - 8; i386: 60 bytes at the top);
 *   - the return loads thread_info->flags (the work test of
 *     ret_fast_syscall / syscall_exit) and pt_regs;
 *   - a switch stores the outgoing task's callee-saved registers and
 *     loads the incoming one's: ARM __switch_to's stmia / ldmia of ten
 *     words at thread_info->cpu_context (3.14: offset 28, 5.7: 24);
 *     i386 switch_to's three pushes and pops on each task's stack (at a
 *     frame 256 bytes below pt_regs: its depth in schedule() is not
 *     modelled, coarse).
 *
 * The stack frames of the kernel functions between entry and return are
 * not modelled, nor task_struct itself (not placed yet).  6.1 on ARM moved
 * thread_info into task_struct (THREAD_INFO_IN_TASK, 5.18); it is taken as
 * 5.7's here (coarse).  With kernel_data=host, or for a task without a
 * stack (the idle tasks), every call does nothing.
 */
#ifndef VMSPLIT_KERNEL_TASK_STACK_H
#define VMSPLIT_KERNEL_TASK_STACK_H

#include "base/types.h"

struct task_struct;

/*
 * fork's dup_task_struct and copy_thread: the parent's thread_info copied
 * whole into the child's (setup_thread_stack), the parent's pt_regs into
 * the child's, the child's switch frame set.
 */
void task_stack_fork(const struct task_struct *parent,
		     const struct task_struct *child);

/* alloc_thread_info: 0, or -ENOMEM (no order-1 block). */
int task_stack_alloc(struct task_struct *t);
/* free_thread_info, when the task is released. */
void task_stack_free(struct task_struct *t);

/* The current task enters the kernel from user space, and returns. */
void task_stack_entry(void);
void task_stack_return(void);

/* __switch_to from @prev to @next. */
void task_stack_switch(const struct task_struct *prev,
		       const struct task_struct *next);

#endif
