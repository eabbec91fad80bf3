// SPDX-License-Identifier: GPL-2.0-only
/* NetBSD's uvm_emap as a design for the copies (see emap.h). */
#include "mm/emap.h"

#include <stdlib.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "arch/tlbflush.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/machine.h"
#include "hw/tlb.h"
#include "kernel/lock.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem_internal.h"
#include "mm/kmalloc.h"

/* One page of the window: what the pmap and the checkers know of it. */
struct emap_slot {
	struct page *page;	/* entered; NULL: none or removed */
	vaddr_t ptep;		/* its PTE (kvtopte(va)) */
	u32 gen;		/* produced at; UVM_EMAP_INACTIVE: not yet */
	bool allocated;		/* uvm_emap_alloc'ed, not freed */
};

static bool active;
static struct emap_slot *slots;
static u32 nslots;
/* vmem's free single-page spans: the last freed is the next given. */
static u32 *free_stack;
static u32 nfree;
/* Pages entered since the last produce: the next generation's. */
static u32 *pending;
static u32 npending;
static u32 uvm_emap_gen;	/* _uvm_emap_gen[0] */
static u32 *cpu_gen;		/* uvm.cpus[i]->emap_gen */
static struct spinlock vmem_lock;
/*
 * The global generation sits alone in its coherency unit
 * (_uvm_emap_gen[COHERENCY_UNIT]); vmem's free-list head in another.
 */
static vaddr_t gen_kva, vmem_kva;

#define COHERENCY_UNIT 64u

bool emap_active(void)
{
	return active;
}

void emap_init(void)
{
	if (!layout.emap_base)
		return;
	nslots = layout.emap_size >> PAGE_SHIFT;
	slots = calloc(nslots, sizeof(*slots));
	free_stack = calloc(nslots, sizeof(*free_stack));
	pending = calloc(nslots, sizeof(*pending));
	cpu_gen = calloc(machine->ncpus, sizeof(*cpu_gen));
	if (!slots || !free_stack || !pending || !cpu_gen)
		panic("emap_init: host out of memory");
	gen_kva = kmalloc(COHERENCY_UNIT, GFP_KERNEL | __GFP_ZERO);
	vmem_kva = kmalloc(COHERENCY_UNIT, GFP_KERNEL | __GFP_ZERO);
	if (!gen_kva || !vmem_kva)
		panic("emap_init: no lowmem for the generation");
	vmem_lock = SPINLOCK_INIT("uvm_emap_vmem");
	nfree = npending = 0;
	for (u32 i = nslots; i-- > 0;)
		free_stack[nfree++] = i;
	for (u32 i = 0; i < nslots; i++)
		slots[i].ptep =
			pte_offset_kernel(layout.emap_base + i * PAGE_SIZE);
	/* uvm_emap_sysinit: "Initial generation value is 1." */
	uvm_emap_gen = 1;
	for (u32 i = 0; i < machine->ncpus; i++)
		cpu_gen[i] = 1;
	active = true;
}

void emap_forget(void)
{
	free(slots);
	free(free_stack);
	free(pending);
	free(cpu_gen);
	slots = NULL;
	free_stack = pending = cpu_gen = NULL;
	nslots = nfree = npending = 0;
	active = false;
}

void emap_exit(void)
{
	if (!active)
		return;
	for (u32 i = 0; machine->checks && i < nslots; i++)
		if (slots[i].allocated)
			panic("emap: the VA %#x is still allocated at shutdown (a missing uvm_emap_free)",
			      layout.emap_base + i * PAGE_SIZE);
	kfree(gen_kva);
	kfree(vmem_kva);
	emap_forget();
}

bool in_emap_window(vaddr_t va)
{
	return active && va >= layout.emap_base &&
	       va - layout.emap_base < layout.emap_size;
}

static u32 slot_index(vaddr_t va)
{
	if (!in_emap_window(va))
		panic("emap: %#x is not in the emap window", va);
	return (va - layout.emap_base) >> PAGE_SHIFT;
}

u32 emap_cpu_gen(u32 cpu)
{
	return active ? cpu_gen[cpu] : UVM_EMAP_INACTIVE;
}

u32 emap_global_gen(void)
{
	return uvm_emap_gen;
}

/* "This test assumes two's complement arithmetic" (uvm_emap_consume). */
static bool gen_at_or_past(u32 cur, u32 gen)
{
	return (s32)(cur - gen) >= 0;
}

vaddr_t uvm_emap_alloc(u32 size, bool waitok)
{
	CC_SCOPE(uvm_emap_enter);
	u32 i;

	if (size != PAGE_SIZE)
		panic("uvm_emap_alloc: %u bytes (the model's callers map one page)",
		      size);
	BUG_ON(!active);
	/* vmem_alloc(VM_INSTANTFIT): its lock and a free-list pop. */
	spin_lock(&vmem_lock);
	charge(CODE_kmem_cache_alloc);
	kv_touch(vmem_kva, 4, false);
	if (!nfree) {
		spin_unlock(&vmem_lock);
		if (waitok)
			panic("uvm_emap_alloc: the window is full and the model's callers do not sleep for it");
		return 0;
	}
	i = free_stack[--nfree];
	kv_touch(vmem_kva, 4, true);
	spin_unlock(&vmem_lock);
	slots[i].allocated = true;
	slots[i].gen = UVM_EMAP_INACTIVE;
	return layout.emap_base + i * PAGE_SIZE;
}

void uvm_emap_free(vaddr_t va, u32 size)
{
	CC_SCOPE(uvm_emap_free);
	u32 i = slot_index(va);

	BUG_ON(size != PAGE_SIZE);
	if (!slots[i].allocated)
		panic("uvm_emap_free: %#x is not allocated (a double free)",
		      va);
	spin_lock(&vmem_lock);
	charge(CODE_kmem_cache_free);
	slots[i].allocated = false;
	free_stack[nfree++] = i;
	kv_touch(vmem_kva, 4, true);
	spin_unlock(&vmem_lock);
}

/*
 * pmap_emap_enter's protection: PG_k | PG_V and no PG_G on x86, so that
 * tlbflush()'s %cr3 load drops the entry; on ARM, where the consume's
 * flush is TLBIALL, kmap_prot.  Writable: the model's copies write
 * through it (NetBSD's pipe loan maps VM_PROT_READ).
 */
static pgprot_t emap_prot(void)
{
	if (platform()->arch == PLAT_X86)
		return (pgprot_t){ kmap_prot.flags & ~_PROT_GLOBAL };
	return kmap_prot;
}

void uvm_emap_enter(vaddr_t va, struct page **pgs, u32 npages)
{
	CC_SCOPE(uvm_emap_enter);

	for (u32 n = 0; n < npages; n++, va += PAGE_SIZE) {
		struct emap_slot *s = &slots[slot_index(va)];

		if (!s->allocated)
			panic("uvm_emap_enter: %#x is not allocated", va);
		if (npending == nslots)
			panic("uvm_emap_enter: %u entries without a uvm_emap_produce",
			      npending);
		/* pmap_emap_enter: pmap_pte_set, and no invalidation. */
		set_pte_at(s->ptep, pfn_pte(page_to_pfn(pgs[n]), emap_prot()));
		s->page = pgs[n];
		s->gen = UVM_EMAP_INACTIVE;
		pending[npending++] = slot_index(va);
		hw_event(this_cpu(), EV_emap_enter);
	}
}

void uvm_emap_remove(vaddr_t sva, u32 len)
{
	CC_SCOPE(uvm_emap_free);

	/* pmap_emap_remove: pmap_pte_set(pte, 0) per page, no flush. */
	for (vaddr_t va = sva; va - sva < len; va += PAGE_SIZE) {
		struct emap_slot *s = &slots[slot_index(va)];

		pte_clear(s->ptep);
		s->page = NULL;
	}
}

u32 uvm_emap_produce(void)
{
	CC_SCOPE(uvm_emap_enter);
	u32 gen;

	BUG_ON(!active);
again:
	/* atomic_inc_uint_nv(&uvm_emap_gen): one atomic on its line. */
	charge(CODE_page_ref);
	kv_touch_rmw(gen_kva, 4);
	gen = ++uvm_emap_gen;
	if (unlikely(gen == UVM_EMAP_INACTIVE))
		goto again;
	while (npending)
		slots[pending[--npending]].gen = gen;
	hw_event(this_cpu(), EV_emap_produce);
	return gen;
}

u32 uvm_emap_gen_return(void)
{
	u32 gen;

	if (!active)
		return UVM_EMAP_INACTIVE;
	kv_touch(gen_kva, 4, false);
	gen = uvm_emap_gen;
	if (unlikely(gen == UVM_EMAP_INACTIVE)) {
		/* "Instead of looping, just increase in our side." */
		charge(CODE_page_ref);
		kv_touch(gen_kva, 4, true);
		gen = ++uvm_emap_gen;
	}
	return gen;
}

/*
 * uvm_emap_update: a store to this CPU's uvm_cpu, after the flush.  The
 * store is not charged (one word in a line the CPU owns).
 */
void uvm_emap_update(u32 gen)
{
	if (!active)
		return;
	cpu_gen[smp_processor_id()] = gen;
	hw_event(this_cpu(), EV_emap_update);
}

/*
 * pmap_emap_sync(canload): the model has no deferred pmap_load (Linux's
 * switch_mm loads at once), so it is always tlbflush().
 */
static void pmap_emap_sync(void)
{
	local_flush_tlb();
}

void uvm_emap_consume(u32 gen)
{
	CC_SCOPE(uvm_emap_consume);
	u32 me = smp_processor_id(), curgen;

	if (gen == UVM_EMAP_INACTIVE)
		return;
	BUG_ON(!active);
	/* kpreempt_disable() ... kpreempt_enable(). */
	charge(CODE_pagefault_disable);
	if (likely(gen_at_or_past(cpu_gen[me], gen))) {
		current->emap_gen = cpu_gen[me];
		hw_event(this_cpu(), EV_emap_consume_skip);
		return;
	}
	/* The generation is read before the flush, stored after it. */
	curgen = uvm_emap_gen_return();
	hw_event(this_cpu(), EV_emap_consume_flush);
	pmap_emap_sync();
	cpu_gen[me] = curgen;
	current->emap_gen = curgen;
	BUG_ON(!gen_at_or_past(curgen, gen));
}

void uvm_emap_switch(struct task_struct *l)
{
	u32 me, curgen;

	/* "If LWP did not use emap, then nothing to do." */
	if (!active || l->emap_gen == UVM_EMAP_INACTIVE)
		return;
	me = smp_processor_id();
	if (likely(gen_at_or_past(cpu_gen[me], l->emap_gen)))
		return;
	{
		CC_SCOPE(uvm_emap_consume);

		curgen = uvm_emap_gen_return();
		hw_event(this_cpu(), EV_emap_switch_flush);
		pmap_emap_sync();
		cpu_gen[me] = curgen;
	}
}

vaddr_t emap_map_copy(struct page *page)
{
	vaddr_t va = uvm_emap_alloc(PAGE_SIZE, false);

	if (!va) {
		hw_event(this_cpu(), EV_emap_nova);
		return 0;
	}
	uvm_emap_enter(va, &page, 1);
	uvm_emap_consume(uvm_emap_produce());
	return va;
}

void emap_unmap_copy(vaddr_t kaddr)
{
	uvm_emap_free(kaddr & PAGE_MASK, PAGE_SIZE);
}

vaddr_t emap_loan_enter(struct page *page, u32 *gen)
{
	vaddr_t va;

	if (!active || !PageHighMem(page))
		return 0;
	va = uvm_emap_alloc(PAGE_SIZE, false);
	if (!va) {
		hw_event(this_cpu(), EV_emap_nova);
		return 0;
	}
	uvm_emap_enter(va, &page, 1);
	*gen = uvm_emap_produce();
	return va;
}

vaddr_t emap_loan_map(vaddr_t kva, u32 gen)
{
	preempt_disable();
	pagefault_disable();
	uvm_emap_consume(gen);
	return kva;
}

void emap_loan_unmap(void)
{
	pagefault_enable();
	preempt_enable();
}

void emap_loan_free(vaddr_t kva)
{
	uvm_emap_remove(kva, PAGE_SIZE);
	uvm_emap_free(kva, PAGE_SIZE);
}

void emap_check_access(vaddr_t va, bool write)
{
	const struct emap_slot *s = &slots[slot_index(va)];
	const struct cpu *c = this_cpu();
	phys_addr_t seen;
	int e;

	if (!s->allocated)
		panic("%s: %s of %#x through an emap VA that is not allocated (used after uvm_emap_free?)",
		      cc_names[c->cc], write ? "write" : "read", va);
	if (!s->page)
		panic("%s: %s of %#x through an emap VA with no page entered (used after uvm_emap_remove?)",
		      cc_names[c->cc], write ? "write" : "read", va);
	if (s->gen == UVM_EMAP_INACTIVE)
		panic("%s: %s of %#x through an emap VA entered but not produced (a missing uvm_emap_produce)",
		      cc_names[c->cc], write ? "write" : "read", va);
	if (gen_at_or_past(cpu_gen[c->id], s->gen))
		return;
	e = tlb_lookup(&c->tlb, va & PAGE_MASK, c->mmu.asid);
	if (e < 0)
		return;
	seen = tlb_entry_page(&c->tlb.e[e], va & PAGE_MASK);
	if (seen != page_to_phys(s->page))
		panic("%s: %s of %#x on CPU%u at emap generation %u, behind the mapping's %u, through a stale TLB entry for PA %#llx, not PA %#llx (a missing uvm_emap_consume)",
		      cc_names[c->cc], write ? "write" : "read", va, c->id,
		      cpu_gen[c->id], s->gen, (unsigned long long)seen,
		      (unsigned long long)page_to_phys(s->page));
}
