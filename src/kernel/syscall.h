/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System call entry and exit (entry-common.S / entry_32.S, the syscall table).
 * Every sys_* function of kernel/user.h enters through syscall_enter(),
 * which charges the exception entry and books the call to the "syscall"
 * cost centre, and leaves through syscall_leave(): exit work, the
 * preemption point, the return-to-user checks.
 */
#ifndef VMSPLIT_KERNEL_SYSCALL_H
#define VMSPLIT_KERNEL_SYSCALL_H

#include "base/types.h"

/* The system calls the model implements, for counting. */
#define SYSCALLS(X)                                                     \
	X(getpid) X(fork) X(vfork) X(execve) X(exit) X(wait4) X(mmap)   \
	X(munmap) X(brk) X(shm_open) X(uname) X(sethostname) X(open)   \
	X(read) X(write) X(lseek) X(ftruncate) X(unlink) X(fsync)      \
	X(close) X(clock_gettime)

enum syscall_nr {
#define X(name) __NR_##name,
	SYSCALLS(X)
#undef X
	NR_SYSCALLS
};

extern const char *const syscall_names[NR_SYSCALLS];
extern u64 syscall_count[NR_SYSCALLS];

u16 syscall_enter(enum syscall_nr nr);
void syscall_leave(u16 prev_cc);
/* The exit half alone, for exec's jump to the new program. */
void syscall_return_to_user(void);

/* Kernel data the syscalls use (utsname), in simulated lowmem. */
void syscall_init(void);
void syscall_exit(void);

#endif
