/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Creating processes: fork/vfork (kernel/fork.c) and exec (fs/exec.c).
 *
 * User programs are C functions.  A fork therefore names the function the
 * child runs (as clone() does), while its address space is a copy-on-write
 * copy of the parent's, exactly as in Linux.  An exec replaces the address
 * space with a program image: text and data mapped from the program's
 * page-cache object (shared by every process running it), bss and heap
 * anonymous, and a stack under TASK_SIZE.
 */
#ifndef VMSPLIT_KERNEL_PROCESS_H
#define VMSPLIT_KERNEL_PROCESS_H

#include "base/types.h"

#define CLONE_VM 0x100u
#define CLONE_VFORK 0x4000u

/* A program image. */
struct program {
	const char *name;
	void (*main)(void *arg);
	u32 text_pages;		/* shared, read-only, executable */
	u32 data_pages;		/* private file-backed, copy-on-write */
	u32 bss_pages;		/* anonymous */
	u32 stack_pages;	/* anonymous, below TASK_SIZE */
};

/*
 * do_fork - create a child of the current task that runs @fn(@arg).
 * Without CLONE_VM its mm is a copy (dup_mmap); with CLONE_VFORK the
 * parent sleeps until the child execs or exits.
 * Return: the child's pid, or -ENOMEM.
 */
int do_fork(u32 clone_flags, void (*fn)(void *), void *arg);

/*
 * do_execve - replace the current task's address space with @prog and
 * point the task at prog->main(@arg), which runs once sys_execve returns
 * to user space.  Return: 0, or a negative errno (-ENOMEM) with the old
 * image intact.
 */
int do_execve(const struct program *prog, void *arg);

/*
 * spawn_process - start @prog as a new parentless process (what init
 * would do): a task that execs @prog.  If the exec fails (-ENOMEM when
 * memory is short, counted as exec_enomem) the task exits with the errno
 * as its exit code.  Return: its pid.
 */
int spawn_process(const struct program *prog, void *arg);

/* Forget every program image (boot). */
void exec_init(void);
/* Drop the program images' page-cache pages (end of run). */
void exec_drop_images(void);

/* Where exec puts text (ARM: 0x8000; i386: 0x08048000). */
vaddr_t text_base(void);

#endif
