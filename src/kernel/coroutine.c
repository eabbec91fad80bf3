// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host-side coroutines (see coroutine.h).
 *
 * The assembly backends save exactly the state the host calling convention
 * makes callee-saved, on the stack being left, and store the resulting
 * stack pointer in the coroutine; resuming loads the other coroutine's
 * stack pointer and pops its state.  Because the switch is an ordinary
 * function call as far as the compiler can tell, the caller-saved
 * registers need no saving: the compiler already assumes they are lost.
 *
 * A new coroutine's stack is laid out as if it had called the switch
 * function itself, with a return address pointing at a small trampoline
 * that calls coroutine_entry(co).  The trampoline marks the return address
 * undefined in its unwind information, so debuggers and unwinders stop
 * there instead of wandering off the top of the stack.
 */
#include "kernel/coroutine.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/errno.h"
#include "base/panic.h"

#if defined(__SANITIZE_ADDRESS__)
#define COROUTINE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define COROUTINE_ASAN 1
#endif
#endif

#ifdef COROUTINE_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>

/*
 * The context that performed the switch we are finishing.  The runtime
 * tells the resumed side the stack it came from; we record it there, which
 * is how a coroutine_init_self() context learns its thread's stack bounds
 * (needed before anyone can switch back to it).
 */
static _Thread_local struct coroutine *asan_switching_from;

/*
 * Tell ASan we are about to leave @from for @to.  When @from will never
 * run again, passing NULL instead of a place to save its fake stack lets
 * the runtime free it.
 */
static void asan_start_switch(struct coroutine *from, struct coroutine *to,
			      bool from_exits)
{
	asan_switching_from = from;
	__sanitizer_start_switch_fiber(
		from_exits ? NULL : &from->asan_fake_stack,
		to->asan_stack_bottom, to->asan_stack_size);
}

/* Tell ASan we now run on @self's stack (@self NULL: a fresh stack). */
static void asan_finish_switch(struct coroutine *self)
{
	struct coroutine *prev = asan_switching_from;

	__sanitizer_finish_switch_fiber(self ? self->asan_fake_stack : NULL,
					&prev->asan_stack_bottom,
					&prev->asan_stack_size);
}

/*
 * A suspended stack is in no thread's stack range, so LeakSanitizer would
 * not scan it; make it a root while it exists.  Stale redzones of frames
 * that never returned must not outlive the mapping either: the address
 * range may be reused by an unrelated mapping.
 */
static void asan_stack_created(struct coroutine *co, size_t map_len)
{
	ASAN_UNPOISON_MEMORY_REGION(co->stack, map_len);
	__lsan_register_root_region(co->asan_stack_bottom, co->asan_stack_size);
}

static void asan_stack_destroyed(struct coroutine *co, size_t map_len)
{
	__lsan_unregister_root_region(co->asan_stack_bottom,
				      co->asan_stack_size);
	ASAN_UNPOISON_MEMORY_REGION(co->stack, map_len);
}
#else
static inline void asan_start_switch(struct coroutine *from,
				     struct coroutine *to, bool from_exits)
{
}

static inline void asan_finish_switch(struct coroutine *self)
{
}

static inline void asan_stack_created(struct coroutine *co, size_t map_len)
{
}

static inline void asan_stack_destroyed(struct coroutine *co, size_t map_len)
{
}
#endif

static _Noreturn void coroutine_entry(struct coroutine *co);
static size_t host_page_size(void);

/* The lowest usable byte of a created coroutine's stack. */
static void *stack_bottom(const struct coroutine *co)
{
	return (char *)co->stack + host_page_size();
}

#ifdef COROUTINE_ASM
/* Defined in the assembly below; local to this file. */
__attribute__((visibility("hidden"))) void __coroutine_swap(void **save_sp,
							    void *new_sp);
__attribute__((visibility("hidden"))) void __coroutine_trampoline(void);
#endif

#if defined(COROUTINE_ASM) && defined(__x86_64__)
/*
 * x86_64 System V: rbx, rbp, r12-r15 and rsp are callee-saved, and so are
 * the control bits of the x87 control word and MXCSR (rounding mode,
 * exception masks, FTZ/DAZ).  The frame below is what __coroutine_swap
 * leaves on a suspended stack, lowest address first.
 */
struct switch_frame {
	u16 fcw;
	u16 pad;
	u32 mxcsr;
	u64 r15, r14, r13, r12, rbx, rbp;
	u64 ret;
};
BUILD_BUG_ON(sizeof(struct switch_frame) != 64);

/*
 * void __coroutine_swap(void **save_sp, void *new_sp)
 *
 * Entered by a call, so rsp = 8 (mod 16); the frame keeps that, and a new
 * stack's frame sits 64 bytes below a 16-byte aligned top, so that the
 * trampoline runs with rsp aligned and its call enters coroutine_entry()
 * with the alignment every function expects.
 *
 * Loading the x87 control word and MXCSR costs several nanoseconds, so
 * they are reloaded only when the resumed context's values differ from
 * the current ones (eax and ecx are caller-saved scratch).  Contexts
 * almost always share the default modes.
 */
__asm__(".pushsection .text\n"
	".p2align 4\n"
	".type __coroutine_swap, @function\n"
	"__coroutine_swap:\n"
	"	pushq %rbp\n"
	"	pushq %rbx\n"
	"	pushq %r12\n"
	"	pushq %r13\n"
	"	pushq %r14\n"
	"	pushq %r15\n"
	"	subq $8, %rsp\n"
	"	fnstcw (%rsp)\n"
	"	stmxcsr 4(%rsp)\n"
	"	movzwl (%rsp), %ecx\n"
	"	movl 4(%rsp), %eax\n"
	"	movq %rsp, (%rdi)\n"
	"	movq %rsi, %rsp\n"
	"	cmpw (%rsp), %cx\n"
	"	jne 2f\n"
	"	cmpl 4(%rsp), %eax\n"
	"	jne 2f\n"
	"1:	addq $8, %rsp\n"
	"	popq %r15\n"
	"	popq %r14\n"
	"	popq %r13\n"
	"	popq %r12\n"
	"	popq %rbx\n"
	"	popq %rbp\n"
	"	ret\n"
	"2:	fldcw (%rsp)\n"
	"	ldmxcsr 4(%rsp)\n"
	"	jmp 1b\n"
	".size __coroutine_swap, . - __coroutine_swap\n"
	"\n"
	".p2align 4\n"
	".type __coroutine_trampoline, @function\n"
	"__coroutine_trampoline:\n"
	"	.cfi_startproc\n"
	"	.cfi_undefined rip\n"
	"	movq %rbx, %rdi\n"
	"	call *%r12\n"
	"	ud2\n"
	"	.cfi_endproc\n"
	".size __coroutine_trampoline, . - __coroutine_trampoline\n"
	".popsection\n");

/* A new stack starts as if it had called __coroutine_swap. */
static void *arch_init_stack(struct coroutine *co, void *top)
{
	struct switch_frame *f = (struct switch_frame *)top - 1;
	u16 fcw;
	u32 mxcsr;

	/* A new task inherits its creator's FP modes, as clone() does. */
	__asm__ volatile("fnstcw %0" : "=m"(fcw));
	__asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
	*f = (struct switch_frame){
		.fcw = fcw,
		.mxcsr = mxcsr,
		.r12 = (u64)(uintptr_t)coroutine_entry,
		.rbx = (u64)(uintptr_t)co,
		.ret = (u64)(uintptr_t)__coroutine_trampoline,
	};
	return f;
}
#elif defined(COROUTINE_ASM) && defined(__aarch64__)
/*
 * AArch64 AAPCS64: x19-x28, the frame pointer x29, sp and the low 64 bits
 * of v8-v15 (d8-d15) are callee-saved; x30 (lr) is where we return to.
 * FPCR (rounding mode, flush-to-zero) is thread state that a call must
 * preserve.  Writing FPCR can stall the pipeline, so __coroutine_swap only
 * writes it when the two contexts' values differ.
 */
struct switch_frame {
	u64 x19_x28[10];
	u64 x29, x30;
	u64 d8_d15[8];
	u64 fpcr;
	u64 pad;
};
BUILD_BUG_ON(sizeof(struct switch_frame) != 176);

/*
 * void __coroutine_swap(void **save_sp, void *new_sp)
 *
 * sp stays 16-byte aligned throughout, as AArch64 requires.
 */
__asm__(".pushsection .text\n"
	".p2align 4\n"
	".type __coroutine_swap, %function\n"
	"__coroutine_swap:\n"
	"	sub sp, sp, #176\n"
	"	stp x19, x20, [sp, #0]\n"
	"	stp x21, x22, [sp, #16]\n"
	"	stp x23, x24, [sp, #32]\n"
	"	stp x25, x26, [sp, #48]\n"
	"	stp x27, x28, [sp, #64]\n"
	"	stp x29, x30, [sp, #80]\n"
	"	stp d8, d9, [sp, #96]\n"
	"	stp d10, d11, [sp, #112]\n"
	"	stp d12, d13, [sp, #128]\n"
	"	stp d14, d15, [sp, #144]\n"
	"	mrs x9, fpcr\n"
	"	str x9, [sp, #160]\n"
	"	mov x10, sp\n"
	"	str x10, [x0]\n"
	"	mov sp, x1\n"
	"	ldr x10, [sp, #160]\n"
	"	cmp x9, x10\n"
	"	b.eq 1f\n"
	"	msr fpcr, x10\n"
	"1:\n"
	"	ldp x19, x20, [sp, #0]\n"
	"	ldp x21, x22, [sp, #16]\n"
	"	ldp x23, x24, [sp, #32]\n"
	"	ldp x25, x26, [sp, #48]\n"
	"	ldp x27, x28, [sp, #64]\n"
	"	ldp x29, x30, [sp, #80]\n"
	"	ldp d8, d9, [sp, #96]\n"
	"	ldp d10, d11, [sp, #112]\n"
	"	ldp d12, d13, [sp, #128]\n"
	"	ldp d14, d15, [sp, #144]\n"
	"	add sp, sp, #176\n"
	"	ret\n"
	".size __coroutine_swap, . - __coroutine_swap\n"
	"\n"
	".p2align 4\n"
	".type __coroutine_trampoline, %function\n"
	"__coroutine_trampoline:\n"
	"	.cfi_startproc\n"
	"	.cfi_undefined x30\n"
	"	mov x0, x19\n"
	"	blr x20\n"
	"	brk #0\n"
	"	.cfi_endproc\n"
	".size __coroutine_trampoline, . - __coroutine_trampoline\n"
	".popsection\n");

/* A new stack starts as if it had called __coroutine_swap. */
static void *arch_init_stack(struct coroutine *co, void *top)
{
	struct switch_frame *f = (struct switch_frame *)top - 1;
	u64 fpcr;

	/* A new task inherits its creator's FP modes, as clone() does. */
	__asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
	*f = (struct switch_frame){
		.x19_x28 = { (u64)(uintptr_t)co,
			     (u64)(uintptr_t)coroutine_entry },
		.x30 = (u64)(uintptr_t)__coroutine_trampoline,
		.fpcr = fpcr,
	};
	return f;
}
#endif

#ifdef COROUTINE_ASM
static inline void arch_switch(struct coroutine *from, struct coroutine *to)
{
	__coroutine_swap(&from->sp, to->sp);
}

static void arch_create(struct coroutine *co)
{
	co->sp = arch_init_stack(co, (char *)stack_bottom(co) + co->stack_size);
}
#else
/*
 * Portable fallback.  makecontext() passes only int arguments, so the
 * coroutine pointer travels as two 32-bit halves.
 */
static void ucontext_entry(unsigned int hi, unsigned int lo)
{
	coroutine_entry((struct coroutine *)(uintptr_t)((u64)hi << 32 | lo));
}

static inline void arch_switch(struct coroutine *from, struct coroutine *to)
{
	if (swapcontext(&from->uc, &to->uc))
		panic("coroutine_switch: swapcontext failed");
}

static void arch_create(struct coroutine *co)
{
	u64 p = (uintptr_t)co;

	if (getcontext(&co->uc))
		panic("coroutine_create: getcontext failed");
	co->uc.uc_stack.ss_sp = stack_bottom(co);
	co->uc.uc_stack.ss_size = co->stack_size;
	co->uc.uc_link = NULL;
	makecontext(&co->uc, (void (*)(void))ucontext_entry, 2,
		    (unsigned int)(p >> 32), (unsigned int)p);
}
#endif

/* The first code to run on a new stack. */
static _Noreturn void coroutine_entry(struct coroutine *co)
{
	struct coroutine *to;

	asan_finish_switch(NULL);
	co->fn(co->arg);
	co->finished = true;
	to = co->exit_to;
	if (!to)
		panic("coroutine: task function returned");
	if (to->finished)
		panic("coroutine: exit_to has finished");
	asan_start_switch(co, to, true);
	arch_switch(co, to);
	panic("coroutine: finished coroutine resumed");
}

static size_t host_page_size(void)
{
	static size_t page_size;

	if (!page_size)
		page_size = (size_t)sysconf(_SC_PAGESIZE);
	return page_size;
}

void coroutine_init_self(struct coroutine *self)
{
	*self = (struct coroutine){ 0 };
}

/*
 * Stacks freed by coroutine_destroy, kept for this thread's next
 * coroutine_create of the same size, guard page and all, until
 * coroutine_stacks_drain.  An munmap makes the host kernel flush the TLBs
 * of every CPU the process ran on, and a new mapping faults its pages in
 * again: with a mapping per task, that was a tenth of `vmsplit
 * reproduce`'s host time, spent in the host kernel.  The pool never holds
 * more stacks than were alive at once, so it adds nothing to the peak.
 * A stack's bytes are the host's business only; no simulated state lives
 * there, so reuse changes no result.
 *
 * The list runs through the stacks themselves, a link at the top of each
 * (the bytes every task touches first, so no page is faulted in for it).
 */
struct pooled_stack {
	struct pooled_stack *next;
	size_t map_len;
};

static _Thread_local struct pooled_stack *stack_pool;

static struct pooled_stack *pool_link(void *map, size_t map_len)
{
	return (struct pooled_stack *)((char *)map + map_len) - 1;
}

/* The mapping whose link @s is: pool_link's inverse. */
static void *pool_map(const struct pooled_stack *s)
{
	return (char *)(s + 1) - s->map_len;
}

/* A pooled stack of @map_len bytes, taken out of the pool, or NULL. */
static void *stack_pool_take(size_t map_len)
{
	for (struct pooled_stack **p = &stack_pool; *p; p = &(*p)->next) {
		struct pooled_stack *s = *p;

		if (s->map_len != map_len)
			continue;
		*p = s->next;
		return pool_map(s);
	}
	return NULL;
}

static void stack_pool_put(void *map, size_t map_len)
{
	struct pooled_stack *s = pool_link(map, map_len);

	s->next = stack_pool;
	s->map_len = map_len;
	stack_pool = s;
}

u32 coroutine_stacks_pooled(void)
{
	u32 n = 0;

	for (const struct pooled_stack *s = stack_pool; s; s = s->next)
		n++;
	return n;
}

void coroutine_stacks_drain(void)
{
	while (stack_pool) {
		struct pooled_stack *s = stack_pool;
		size_t map_len = s->map_len;

		stack_pool = s->next;
		if (munmap(pool_map(s), map_len))
			panic("coroutine_stacks_drain: munmap failed");
	}
}

int coroutine_create(struct coroutine *co, void (*fn)(void *), void *arg,
		     size_t stack_size)
{
	size_t page = host_page_size();
	size_t usable, map_len;
	void *map;

	if (!stack_size)
		return -EINVAL;
	if (stack_size > SIZE_MAX - 2 * page)
		return -ENOMEM;
	usable = ALIGN_UP(stack_size, page);
	map_len = usable + page;
	map = stack_pool_take(map_len);
	if (!map) {
		map = mmap(NULL, map_len, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
		if (map == MAP_FAILED)
			return -ENOMEM;
		if (mprotect(map, page, PROT_NONE)) {
			munmap(map, map_len);
			return -ENOMEM;
		}
	}

	*co = (struct coroutine){
		.stack = map,
		.stack_size = usable,
		.fn = fn,
		.arg = arg,
	};
	co->asan_stack_bottom = stack_bottom(co);
	co->asan_stack_size = usable;
	asan_stack_created(co, map_len);
	arch_create(co);
	return 0;
}

void coroutine_switch(struct coroutine *from, struct coroutine *to)
{
	if (unlikely(to->finished))
		panic("coroutine_switch: switching to a finished coroutine");
	asan_start_switch(from, to, false);
	arch_switch(from, to);
	asan_finish_switch(from);
}

void coroutine_destroy(struct coroutine *co)
{
	size_t map_len;

	if (!co->stack)
		return;
	map_len = co->stack_size + host_page_size();
	asan_stack_destroyed(co, map_len);
	stack_pool_put(co->stack, map_len);
	co->stack = NULL;
	co->sp = NULL;
}
