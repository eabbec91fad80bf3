// SPDX-License-Identifier: GPL-2.0-only
/*
 * thread_info and the kernel stack at simulated addresses (see
 * kernel/task_stack.h).
 */
#include "kernel/task_stack.h"

#include "arch/kv.h"
#include "base/errno.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/page_touch.h"

#define THREAD_SIZE 8192
#define THREAD_SIZE_ORDER 1

struct stack_layout {
	u16 ti_size;		/* sizeof(struct thread_info) */
	u16 ti_flags;		/* thread_info->flags */
	u16 regs, regs_len;	/* pt_regs */
	u16 save, save_len;	/* what a switch stores and loads */
};

/*
 * arch/arm/include/asm/thread_info.h, 3.14.1: cpu_context after seven
 * words; entry-armv.S __switch_to: stmia {r4 - sl, fp, sp, lr}.  The size
 * [D] from the header: 28 + cpu_context 48 + syscall, used_cp[16],
 * tp_value[2] = 104; fp_state (35 words) 140; vfp_state (no VFPv3: 16
 * doubles and four words) 144 at 248; restart_block 40 and
 * arm_restart_block 4: 436.
 */
static const struct stack_layout arm_3_14 = {
	.ti_size = 436,
	.ti_flags = 0,
	.regs = THREAD_SIZE - 8 - 72, .regs_len = 72,
	.save = 28, .save_len = 40,
};

/* 5.7.14: exec_domain gone, cpu_context at 24 (no per-task canary);
 * [D] 100, fp_state 140 from 104, vfp_state (VFPv3: 32 doubles, four
 * words and cpu under SMP) 276 from 248, the restart blocks gone to
 * task_struct: 528 (8-aligned). */
static const struct stack_layout arm_5_7 = {
	.ti_size = 528,
	.ti_flags = 0,
	.regs = THREAD_SIZE - 8 - 72, .regs_len = 72,
	.save = 24, .save_len = 40,
};

/* 2.5.73 include/asm-i386/thread_info.h: flags at 8, [D] seven words
 * and restart_block (fn and four words): 48; SAVE_ALL and the hardware
 * frame, 15 words at the top; switch_to pushes esi, edi, ebp. */
static const struct stack_layout i386_2_5_73 = {
	.ti_size = 48,
	.ti_flags = 8,
	.regs = THREAD_SIZE - 60, .regs_len = 60,
	.save = THREAD_SIZE - 60 - 256, .save_len = 12,
};

static const struct stack_layout *layout_now(void)
{
	if (!page_touch_layout)
		return NULL;
	if (platform()->arch == PLAT_X86)
		return &i386_2_5_73;
	return page_touch_kernel() == LAYOUT_5_7 ? &arm_5_7 : &arm_3_14;
}

int task_stack_alloc(struct task_struct *t)
{
	struct page *page;

	const struct stack_layout *l = layout_now();

	t->stack_page = NULL;
	t->stack_kva = 0;
	t->stack_layout = NULL;
	if (!l)
		return 0;
	page = alloc_pages(GFP_KERNEL, THREAD_SIZE_ORDER);
	if (!page)
		return -ENOMEM;
	t->stack_page = page;
	t->stack_kva = page_address(page);
	t->stack_layout = l;
	return 0;
}

void task_stack_free(struct task_struct *t)
{
	if (t->stack_page)
		__free_pages(t->stack_page, THREAD_SIZE_ORDER);
	t->stack_page = NULL;
	t->stack_kva = 0;
	t->stack_layout = NULL;
}

void task_stack_fork(const struct task_struct *parent,
		     const struct task_struct *child)
{
	const struct stack_layout *l = child->stack_layout;
	vaddr_t p = parent->stack_kva, c = child->stack_kva;

	if (!l)
		return;
	if (p) {
		kv_touch(p, l->ti_size, false);
		kv_touch(p + l->regs, l->regs_len, false);
	}
	kv_touch(c, l->ti_size, true);
	kv_touch(c + l->regs, l->regs_len, true);
	kv_touch(c + l->save, l->save_len, true);
}

void task_stack_entry(void)
{
	const struct task_struct *t = current;
	const struct stack_layout *l = t->stack_layout;

	if (l)
		kv_touch(t->stack_kva + l->regs, l->regs_len, true);
}

void task_stack_return(void)
{
	const struct task_struct *t = current;
	const struct stack_layout *l = t->stack_layout;

	if (!l)
		return;
	kv_touch(t->stack_kva + l->ti_flags, 4, false);
	kv_touch(t->stack_kva + l->regs, l->regs_len, false);
}

void task_stack_switch(const struct task_struct *prev,
		       const struct task_struct *next)
{
	const struct stack_layout *p = prev->stack_layout;
	const struct stack_layout *n = next->stack_layout;

	if (p)
		kv_touch(prev->stack_kva + p->save, p->save_len, true);
	if (n)
		kv_touch(next->stack_kva + n->save, n->save_len, false);
}
