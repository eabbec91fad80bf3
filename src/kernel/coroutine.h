/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Host-side coroutines: every simulated task (a user program written as
 * ordinary C that may block inside a system call) runs on its own host
 * stack, and the simulator's scheduler moves between them by explicit,
 * deterministic switches.  Nothing here is preemptive and nothing is
 * threaded: a switch happens only where coroutine_switch() is called.
 *
 * A switch saves only what the host ABI says a callee must preserve, so it
 * costs a handful of nanoseconds on x86_64 and aarch64 (hand-written
 * assembly).  Other hosts use <ucontext.h>, which is correct but slower
 * (swapcontext makes a sigprocmask system call).
 *
 *	struct coroutine self, task;
 *
 *	coroutine_init_self(&self);
 *	coroutine_create(&task, task_fn, arg, 256 * 1024);
 *	task.exit_to = &self;
 *	coroutine_switch(&self, &task);	(runs task_fn until it switches back)
 *	...
 *	coroutine_destroy(&task);
 *
 * Under AddressSanitizer every switch is announced to the runtime (the
 * fiber annotations), and suspended stacks are registered with
 * LeakSanitizer as roots, so heap blocks that only a sleeping task points
 * to are not reported as leaks.
 */
#ifndef VMSPLIT_KERNEL_COROUTINE_H
#define VMSPLIT_KERNEL_COROUTINE_H

#include "base/types.h"

#if defined(__ELF__) && (defined(__x86_64__) || defined(__aarch64__)) && \
	!defined(COROUTINE_FORCE_UCONTEXT)
#define COROUTINE_ASM 1
#else
#include <ucontext.h>
#endif

struct coroutine {
	void *sp; /* saved host stack pointer (asm backends) */
	void *stack; /* mapping incl. guard page; NULL for a thread */
	size_t stack_size; /* usable bytes above the guard page */
	void (*fn)(void *arg);
	void *arg;
	/*
	 * Where control goes when @fn returns; NULL makes a return a panic.
	 * The creator may set it any time before @fn returns.
	 */
	struct coroutine *exit_to;
	bool finished; /* @fn has returned */
	/* AddressSanitizer bookkeeping; unused otherwise. */
	void *asan_fake_stack;
	const void *asan_stack_bottom;
	size_t asan_stack_size;
#ifndef COROUTINE_ASM
	ucontext_t uc;
#endif
};

/**
 * coroutine_init_self - describe the calling host thread's own context
 * @self: filled in; has no stack of its own to free
 *
 * The context is saved into @self by the first coroutine_switch() away
 * from it, and can be switched back to afterwards.
 *
 * Context: once per host thread, before its first switch.
 */
void coroutine_init_self(struct coroutine *self);

/**
 * coroutine_create - prepare a coroutine to run fn(arg) on a fresh stack
 * @co: the coroutine to fill in
 * @fn: the task body
 * @arg: passed to @fn
 * @stack_size: usable stack in bytes; rounded up to host pages, with one
 *	PROT_NONE guard page below so an overflow faults instead of
 *	corrupting a neighbour
 *
 * @fn starts at the first coroutine_switch() to @co.  It should end by
 * switching away for good; if it returns, @co is marked finished and
 * control passes to @co->exit_to, or the run panics with "coroutine: task
 * function returned" when @exit_to is NULL (as coroutine_create() leaves
 * it).
 *
 * Return: 0, -EINVAL if @stack_size is 0, or -ENOMEM if the stack cannot
 * be mapped (nothing is left allocated then).
 */
int coroutine_create(struct coroutine *co, void (*fn)(void *), void *arg,
		     size_t stack_size);

/**
 * coroutine_switch - save the current context and resume another
 * @from: where the running context is saved; must be the one running
 * @to: a suspended coroutine, or one created and not yet started
 *
 * Callee-saved registers, the stack pointer and the floating-point control
 * state (x87 control word and MXCSR on x86_64, FPCR on aarch64) belong to
 * each context; a task may change its rounding mode without affecting the
 * others.
 *
 * Return: when someone switches back to @from.  Panics if @to has
 * finished.
 */
void coroutine_switch(struct coroutine *from, struct coroutine *to);

/**
 * coroutine_destroy - free the stack of a coroutine that is not running
 * @co: suspended, finished or never started; not the running context
 *
 * A suspended coroutine is simply abandoned: its stack frames are never
 * unwound, so anything they own is leaked unless freed elsewhere.  Safe on
 * a context from coroutine_init_self(), which owns no stack.
 *
 * The stack is kept for the calling thread's next coroutine_create() of
 * the same size (until coroutine_stacks_drain()): mapping and unmapping
 * one per task costs the host kernel more than the task's switches.
 */
void coroutine_destroy(struct coroutine *co);

/* How many freed stacks the calling thread keeps for reuse. */
u32 coroutine_stacks_pooled(void);

/**
 * coroutine_stacks_drain - unmap the stacks the calling thread keeps
 *
 * Context: when no more coroutines are coming, before a thread that made
 * coroutines exits (or their stacks stay mapped until the process ends).
 * A simulation leaves them for the next kernel the process boots.
 */
void coroutine_stacks_drain(void);

#endif
