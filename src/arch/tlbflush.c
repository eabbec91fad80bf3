// SPDX-License-Identifier: GPL-2.0-only
#include "arch/tlbflush.h"

#include "config/runtime.h"
#include "hw/access.h"
#include "mm/emap.h"

unsigned int tlbflush_skip_nth;

/* Fault injection: is this the flush the test wants skipped? */
static bool skip_this_flush(void)
{
	return tlbflush_skip_nth && !--tlbflush_skip_nth;
}

void local_flush_tlb_kernel_page(vaddr_t va)
{
	if (skip_this_flush())
		return;
	hw_tlb_inv_va(this_cpu(), va & PAGE_MASK);
}

void local_flush_tlb(void)
{
	struct cpu *c = this_cpu();

	if (skip_this_flush())
		return;
	if (platform()->arch == PLAT_X86)
		hw_set_cr3(c, c->mmu.cr3);
	else
		hw_tlb_inv_all(c);
}

void on_each_cpu_mask(u32 mask, void (*fn)(void *info), void *info)
{
	struct cpu *self = this_cpu();

	for (u32 i = 0; i < machine->ncpus; i++) {
		struct cpu *c = &machine->cpu[i];

		if (c == self || !(mask & (1u << i)))
			continue;
		hw_ipi(self, c);
		/* The handler runs on @c, with its own clock and profile. */
		machine->cur = c;
		fn(info);
		machine->cur = self;
	}
	if (mask & (1u << self->id))
		fn(info);
}

void on_each_cpu(void (*fn)(void *info), void *info)
{
	on_each_cpu_mask(~0u, fn, info);
}

static void do_flush_tlb_all(void *info)
{
	u32 gen = uvm_emap_gen_return();

	hw_tlb_inv_all(this_cpu());
	uvm_emap_update(gen);
}

static void __flush_tlb_all(void)
{
	CC_SCOPE(flush_tlb_all);

	hw_event(this_cpu(), EV_tlb_inv_global);
	on_each_cpu(do_flush_tlb_all, NULL);
}

void flush_tlb_all(void)
{
	if (skip_this_flush())
		return;
	__flush_tlb_all();
}

struct tlb_range {
	vaddr_t start, end;
};

static void do_flush_tlb_kernel_range(void *info)
{
	const struct tlb_range *r = info;

	for (u64 va = r->start; va < r->end; va += PAGE_SIZE)
		local_flush_tlb_kernel_page((vaddr_t)va);
}

void flush_tlb_kernel_range(vaddr_t start, vaddr_t end)
{
	struct tlb_range r = { start & PAGE_MASK, end };
	struct cpu *c = this_cpu();

	if (skip_this_flush())
		return;
	if (platform()->arch == PLAT_X86) {
		/* 2.6 and 3.x i386: flush_tlb_kernel_range = flush_tlb_all. */
		__flush_tlb_all();
		return;
	}
	CC_SCOPE(flush_tlb_kernel_range);
	hw_event(c, EV_tlb_inv_global);
	if (machine->ncpus > 1 && machine->cfg.armv6_plus) {
		/* ARMv7 SMP: inner-shareable ops reach every CPU. */
		for (u64 va = r.start; va < r.end; va += PAGE_SIZE)
			hw_tlb_inv_va_broadcast(c, (vaddr_t)va);
		return;
	}
	/* UP (v4wbi/v7wbi_flush_kern_tlb_range): one op per page. */
	on_each_cpu(do_flush_tlb_kernel_range, &r);
}
