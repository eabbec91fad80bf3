// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-mode memory access and computation (kernel/user.h).  A user fault
 * is an exception: entry, do_page_fault, exit; a fault the handler cannot
 * fix delivers SIGSEGV, which (no handlers in these programs) kills the
 * task; one that could not allocate goes to the OOM killer (SIGKILL).
 */
#include "kernel/user.h"

#include "arch/mmu_context.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/access.h"
#include "kernel/exit.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/task_stack.h"
#include "mm/mm.h"
#include "mm/oom_kill.h"

static void user_fault(struct cpu *c)
{
	struct task_struct *t = current;
	u16 prev;
	int ret;

	t->in_user = false;
	prev = cc_enter(c, CC_do_page_fault);
	charge(CODE_syscall_entry);
	arch_enter_kernel();
	task_stack_entry();
	ret = handle_page_fault(c->fault.va, c->fault.write, true);
	charge(CODE_syscall_exit);
	task_stack_return();
	cc_exit(c, prev);
	/* do_page_fault: out of memory is the OOM killer's, not SIGSEGV. */
	if (ret == VM_FAULT_OOM)
		pagefault_out_of_memory();
	if (ret < 0)
		do_exit(SIGSEGV);	/* force_sig(SIGSEGV), no handler */
	arch_return_to_user();
	t->in_user = true;
}

/* A user-mode load or store of [addr, addr + len), fault by fault. */
static void uv_access(vaddr_t addr, u8 *p, u32 len, bool write)
{
	sched_yield_point();
	for (;;) {
		struct cpu *c = this_cpu();
		u32 left = write ? hw_write(c, addr, p, len, ACC_USER) :
				   hw_read(c, addr, p, len, ACC_USER);

		if (!left)
			return;
		p += len - left;
		addr += len - left;
		len = left;
		user_fault(c);
	}
}

void uv_read(vaddr_t addr, void *buf, u32 len)
{
	uv_access(addr, buf, len, false);
}

void uv_write(vaddr_t addr, const void *buf, u32 len)
{
	/* hw_write only reads @buf. */
	uv_access(addr, (u8 *)(unsigned long)buf, len, true);
}

u32 uv_read32(vaddr_t addr)
{
	u32 v;

	uv_read(addr, &v, 4);
	return v;
}

void uv_write32(vaddr_t addr, u32 v)
{
	uv_write(addr, &v, 4);
}

/* A user-mode copy, fault by fault on either side. */
void uv_copy(vaddr_t dst, vaddr_t src, u32 len)
{
	sched_yield_point();
	while (len) {
		struct cpu *c = this_cpu();
		u32 left = hw_copy(c, dst, src, len, ACC_USER, ACC_USER);

		if (!left)
			return;
		dst += len - left;
		src += len - left;
		len = left;
		user_fault(c);
	}
}

void uv_fill(vaddr_t addr, u8 val, u32 len)
{
	sched_yield_point();
	while (len) {
		struct cpu *c = this_cpu();
		u32 left = hw_fill(c, addr, val, len, ACC_USER);

		if (!left)
			return;
		addr += len - left;
		len = left;
		user_fault(c);
	}
}

void uv_touch(vaddr_t addr, u32 len, bool write)
{
	u64 end = (u64)addr + len;

	for (u64 a = addr; a < end; a = (a & PAGE_MASK) + PAGE_SIZE) {
		if (write)
			uv_write32((vaddr_t)a & ~3u, (u32)a);
		else
			uv_read32((vaddr_t)a & ~3u);
	}
}

void user_compute(u64 cycles)
{
	struct cpu *c = this_cpu();

	c->stream_from = U64_MAX;	/* not a streaming loop's issue */
	hw_charge(c, CAUSE_user, cycles);
	sched_yield_point();
}

vaddr_t user_image_base(void)
{
	return text_base();
}

void user_loop_iteration(void)
{
	user_compute(code_cost[CODE_user_loop]);
}

void user_stream(enum user_stream kind, u64 bytes)
{
	static const enum code_cost cc[] = {
		[USER_STREAM_RD] = CODE_bw_mem_rd_kib,
		[USER_STREAM_WR] = CODE_bw_mem_wr_kib,
		[USER_STREAM_CP] = CODE_bw_mem_cp_kib,
		[USER_STREAM_MEMSET] = CODE_memset_kib,
		[USER_STREAM_MEMCPY] = CODE_memcpy_kib,
	};

	hw_stream_issue(this_cpu(), CAUSE_user,
			(bytes * code_cost[cc[kind]] + 512) >> 10);
	sched_yield_point();
}
