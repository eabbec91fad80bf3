/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System call entry and exit (entry-common.S / entry_32.S).
 * Every sys_* function of kernel/user.h enters through syscall_enter(),
 * which charges the exception entry and books the call to the "syscall"
 * cost centre, and leaves through syscall_leave(): exit work, the
 * preemption point, the return-to-user checks.
 */
#ifndef VMSPLIT_KERNEL_SYSCALL_H
#define VMSPLIT_KERNEL_SYSCALL_H

#include "base/types.h"

/* Enter the kernel; returns the cost centre to give back on leaving. */
u16 syscall_enter(void);
void syscall_leave(u16 prev_cc);

/* Kernel data the syscalls use (utsname), in simulated lowmem. */
void syscall_init(void);
void syscall_exit(void);

#endif
