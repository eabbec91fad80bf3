// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmap_atomic, kmap_atomic_pfn and kmap_local: the per-CPU fixmap slots, in
 * the four kernel flavours the model knows (research/linux-highmem.md):
 *
 *   arm-3x      arch/arm/mm/highmem.c (v3.10-v3.16): a per-CPU slot stack;
 *               map = set_top_pte (PTE store + local TLB invalidate);
 *               unmap = 4 KiB D-cache flush on VIVT, the PTE is left in
 *               place (cleared only with CONFIG_DEBUG_HIGHMEM);
 *               kmap_atomic reuses an existing pkmap mapping (kmap_high_get).
 *   kmap-local  mm/highmem.c (5.11+): per-task slot stack; map = PTE store
 *               + arch post_map (ARM: local TLB invalidate); unmap = arch
 *               pre_unmap (ARM VIVT: page flush) + PTE clear + post_unmap
 *               (ARM and x86: local TLB invalidate).
 *   x86-2.6     arch/i386/mm/highmem.c (2.5/2.6): one slot per km_type;
 *               map = set_pte + __flush_tlb_one; unmap does nothing.
 *   x86-3x      arch/x86/mm/highmem_32.c (2.6.37-5.10): per-CPU stack;
 *               map = set_pte (the slot was left clean); unmap =
 *               kpte_clear_flush (PTE clear + invlpg).
 *
 * kmap_atomic_pfn returns the direct map for a lowmem pfn only with the
 * kmap_pfn_fastpath setting in force (the 2014 ARM patch: by default on
 * ARM 4.0-5.10, settings_kmap_pfn_fastpath); otherwise it maps it through
 * a slot, as the unpatched kernels and 5.11's generic one do.
 */
#include "arch/cacheflush.h"
#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/tlbflush.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "mm/highmem_internal.h"
#include "mm/pte_window.h"
#include "mm/page_touch.h"

/* VA of the PTE of fixmap index FIX_KMAP_BEGIN (kmap_pte). */
static vaddr_t kmap_pte;

static enum kmap_flavour flavour(void)
{
	return config->flavour;
}

static bool is_arm(void)
{
	return platform()->arch == PLAT_ARM;
}

/*
 * The PTE slot of fixmap slot @idx (already including the CPU offset).
 * The slots are contiguous in one PTE page; with a downward-growing fixmap
 * the PTEs go down too (kmap_pte - idx).
 */
static vaddr_t kmap_slot_pte(u32 idx)
{
	u32 sz = pgtable->pte_size;

	return layout.fix_grows_down ? kmap_pte - idx * sz : kmap_pte + idx * sz;
}

static u32 slot_index(u32 type)
{
	return type + layout.km_slots * smp_processor_id();
}

/* pagefault_disable(): in 2.6 and 3.x it is a preempt_count increment. */
void pagefault_disable(void)
{
	charge(CODE_pagefault_disable);
	if (flavour() == FLAVOUR_KMAP_LOCAL)
		current->pagefault_disabled++;
	else
		current->preempt_count++;
}

void pagefault_enable(void)
{
	if (flavour() == FLAVOUR_KMAP_LOCAL) {
		if (current->pagefault_disabled <= 0)
			panic("pagefault_enable: unbalanced in %s",
			      current->comm);
		current->pagefault_disabled--;
	} else {
		if (current->preempt_count <= 0)
			panic("pagefault_enable: preempt_count underflow in %s",
			      current->comm);
		current->preempt_count--;
	}
}

void preempt_disable(void)
{
	current->preempt_count++;
}

void preempt_enable(void)
{
	if (current->preempt_count <= 0)
		panic("preempt_enable: preempt_count underflow in %s",
		      current->comm);
	current->preempt_count--;
}

/* kmap_atomic_idx_push/pop: the per-CPU stack of 2.6.37-5.10. */
static u32 kmap_atomic_idx_push(void)
{
	struct percpu *pc = &percpu[smp_processor_id()];
	int idx = pc->kmap_atomic_idx++;

	if (idx >= (int)layout.km_slots)
		panic("kmap_atomic_idx_push: slot stack overflow on CPU%u (%u slots)",
		      smp_processor_id(), layout.km_slots);
	return (u32)idx;
}

static u32 kmap_atomic_idx(void)
{
	return (u32)percpu[smp_processor_id()].kmap_atomic_idx - 1;
}

static void kmap_atomic_idx_pop(void)
{
	struct percpu *pc = &percpu[smp_processor_id()];

	/* kmap_atomic_top() saw a slot held. */
	BUG_ON(--pc->kmap_atomic_idx < 0);
}

/* set_top_pte (arch/arm/mm/mm.h): store, then invalidate the local entry. */
static void set_top_pte(vaddr_t vaddr, u32 idx, pte_t pte)
{
	set_pte_at(kmap_slot_pte(idx), pte);
	local_flush_tlb_kernel_page(vaddr);
}

/* Map @pfn into the next stack slot, as the flavour in force does it. */
static vaddr_t kmap_slot_map(unsigned long pfn, enum km_type type)
{
	u32 slot, idx;
	vaddr_t vaddr;
	pte_t pte = pfn_pte(pfn, kmap_prot);

	charge(CODE_kmap_atomic);
	hw_event(this_cpu(), EV_kmap_atomic);
	switch (flavour()) {
	case FLAVOUR_ARM_3X:
		slot = kmap_atomic_idx_push();
		idx = slot_index(slot);
		vaddr = __fix_to_virt(layout.fix_kmap_begin + idx);
		if (config->debug_highmem)
			BUG_ON(!pte_none(ptep_get(kmap_slot_pte(idx))));
		set_top_pte(vaddr, idx, pte);
		return vaddr;
	case FLAVOUR_X86_26:
		if (percpu[smp_processor_id()].km_type_in_use & (1u << type))
			panic("kmap_atomic: km_type %d already in use on CPU%u (nested use of one slot)",
			      type, smp_processor_id());
		percpu[smp_processor_id()].km_type_in_use |= 1u << type;
		idx = slot_index(type);
		vaddr = __fix_to_virt(layout.fix_kmap_begin + idx);
		set_pte_at(kmap_slot_pte(idx), pte);
		/* __flush_tlb_one(vaddr): invlpg */
		local_flush_tlb_kernel_page(vaddr);
		return vaddr;
	case FLAVOUR_X86_3X:
		slot = kmap_atomic_idx_push();
		idx = slot_index(slot);
		vaddr = __fix_to_virt(layout.fix_kmap_begin + idx);
		/* BUG_ON(!pte_none(*(kmap_pte-idx))): a real load. */
		BUG_ON(!pte_none(ptep_get(kmap_slot_pte(idx))));
		set_pte_at(kmap_slot_pte(idx), pte);
		return vaddr;
	case FLAVOUR_KMAP_LOCAL:
	default: {
		struct task_struct *t = current;

		/* __kmap_local_pfn_prot: migrate_disable + preempt_disable. */
		t->migrate_disable++;
		preempt_disable();
		charge(CODE_kmap_local);
		if (t->kmap_ctrl.idx >= KM_MAX_IDX)
			panic("kmap_local_idx_push: slot stack overflow in %s (%d slots)",
			      t->comm, KM_MAX_IDX);
		slot = (u32)t->kmap_ctrl.idx++;
		idx = slot_index(slot);
		vaddr = __fix_to_virt(layout.fix_kmap_begin + idx);
		BUG_ON(!pte_none(ptep_get(kmap_slot_pte(idx))));
		set_pte_at(kmap_slot_pte(idx), pte);
		/* arch_kmap_local_post_map: ARM invalidates the local entry;
		 * x86 only flushes lazy MMU mode (nothing here). */
		if (is_arm())
			local_flush_tlb_kernel_page(vaddr);
		t->kmap_ctrl.pteval[slot] = pte;
		preempt_enable();
		return vaddr;
	}
	}
}

/*
 * Tear down fixmap slot @idx at @vaddr: arch_kmap_local_pre_unmap (ARM VIVT
 * flushes the page), pte_clear, arch_kmap_local_post_unmap (a local
 * invalidate on ARM and x86).
 */
static void kmap_local_clear_slot(vaddr_t vaddr, u32 idx)
{
	if (is_arm() && cache_is_vivt())
		__cpuc_flush_dcache_area(vaddr, PAGE_SIZE);
	pte_clear(kmap_slot_pte(idx));
	local_flush_tlb_kernel_page(vaddr);
}

/* kunmap_local_indexed (5.11+). */
static void kunmap_local_slot(vaddr_t vaddr)
{
	struct task_struct *t = current;
	u32 slot, idx;

	preempt_disable();
	charge(CODE_kunmap_local);
	if (t->kmap_ctrl.idx <= 0)
		panic("kunmap_local: %s holds no kmap_local slot", t->comm);
	slot = (u32)t->kmap_ctrl.idx - 1;
	idx = slot_index(slot);
	if (vaddr != __fix_to_virt(layout.fix_kmap_begin + idx))
		panic("kunmap_local: %#x is not the last slot mapped (%#x): unmap in reverse order",
		      vaddr, __fix_to_virt(layout.fix_kmap_begin + idx));
	kmap_local_clear_slot(vaddr, idx);
	t->kmap_ctrl.pteval[slot] = (pte_t){ 0 };
	t->kmap_ctrl.idx--;
	preempt_enable();
	if (--t->migrate_disable < 0)
		panic("kunmap_local: migrate_enable underflow in %s", t->comm);
}

/*
 * The stack flavours' unmap: there is a slot held and @vaddr is the last
 * one mapped (unmaps come in reverse order).  Return: its fixmap index.
 */
static u32 kmap_atomic_top(vaddr_t vaddr)
{
	u32 top;

	if (percpu[smp_processor_id()].kmap_atomic_idx <= 0)
		panic("kunmap_atomic: no kmap_atomic slot held on CPU%u",
		      smp_processor_id());
	top = slot_index(kmap_atomic_idx());
	if (machine->checks &&
	    vaddr != __fix_to_virt(layout.fix_kmap_begin + top))
		panic("kunmap_atomic: %#x is not the last slot mapped (%#x): unmap in reverse order",
		      vaddr, __fix_to_virt(layout.fix_kmap_begin + top));
	return top;
}

static bool in_fixmap_kmap(vaddr_t vaddr)
{
	u32 cpu, slot;

	return kmap_slot_of(vaddr, &cpu, &slot);
}

/* Undo a slot mapping made by kmap_slot_map(). */
static void kmap_slot_unmap(vaddr_t vaddr, enum km_type type)
{
	u32 idx;

	charge(CODE_kunmap_atomic);
	switch (flavour()) {
	case FLAVOUR_ARM_3X:
		idx = kmap_atomic_top(vaddr);
		if (cache_is_vivt())
			__cpuc_flush_dcache_area(vaddr, PAGE_SIZE);
		if (config->debug_highmem)
			set_top_pte(vaddr, idx, (pte_t){ 0 });
		kmap_atomic_idx_pop();
		return;
	case FLAVOUR_X86_26:
		if (!(percpu[smp_processor_id()].km_type_in_use & (1u << type)))
			panic("kunmap_atomic: km_type %d not mapped on CPU%u",
			      type, smp_processor_id());
		if (machine->checks &&
		    vaddr != __fix_to_virt(layout.fix_kmap_begin +
					   slot_index(type)))
			panic("kunmap_atomic: %#x is not the slot of km_type %d",
			      vaddr, type);
		percpu[smp_processor_id()].km_type_in_use &= ~(1u << type);
		if (config->debug_highmem) {
			/* The 2.6 debug path clears and flushes the slot. */
			idx = slot_index(type);
			pte_clear(kmap_slot_pte(idx));
			local_flush_tlb_kernel_page(vaddr);
		}
		return;
	case FLAVOUR_X86_3X:
		idx = kmap_atomic_top(vaddr);
		/* kpte_clear_flush: pte_clear + __flush_tlb_one. */
		pte_clear(kmap_slot_pte(idx));
		local_flush_tlb_kernel_page(vaddr);
		kmap_atomic_idx_pop();
		return;
	case FLAVOUR_KMAP_LOCAL:
	default:
		kunmap_local_slot(vaddr);
		return;
	}
}

/*
 * Map highmem @page for kmap_atomic/kmap_local.  ARM keeps one mapping per
 * page on VIVT caches: a page already in the pkmap window is reused
 * (ARCH_NEEDS_KMAP_HIGH_GET); otherwise it takes a fixmap slot.
 */
static vaddr_t kmap_local_high(struct page *page, enum km_type type)
{
	if (is_arm()) {
		vaddr_t kmap = kmap_high_get(page);

		if (kmap)
			return kmap;
	}
	return kmap_slot_map(page_to_pfn(page), type);
}

/*
 * kmap_high_unmap_local: drop the pkmap use kmap_high_get() gave.  Linux
 * reads pkmap_page_table[PKMAP_NR(vaddr)] directly; the walk through
 * pte_offset_kernel here charges one pmd read more (a known deviation).
 */
static void kmap_high_unmap_local(vaddr_t vaddr)
{
	kunmap_high(pte_page(ptep_get(pte_offset_kernel(vaddr))));
}

vaddr_t __kmap_atomic(struct page *page, enum km_type type)
{
	CC_SCOPE(kmap_atomic);

	BUG_ON((unsigned)type >= KM_TYPE_NR_26);
	BUG_ON(flavour() == FLAVOUR_X86_26 && (u32)type >= layout.km_slots);
	if (flavour() == FLAVOUR_KMAP_LOCAL)
		preempt_disable();
	page_touch(page, PF_flags, false);	/* PageHighMem */
	pagefault_disable();
	if (!PageHighMem(page)) {
		hw_event(this_cpu(), EV_kmap_atomic_lowmem);
		return page_address(page);
	}
	return kmap_local_high(page, type);
}

void __kunmap_atomic(vaddr_t vaddr, enum km_type type)
{
	CC_SCOPE(kunmap_atomic);

	/* Any address inside the mapped page will do. */
	vaddr &= PAGE_MASK;
	if (in_fixmap_kmap(vaddr)) {
		kmap_slot_unmap(vaddr, type);
	} else if (in_pkmap(vaddr)) {
		kmap_high_unmap_local(vaddr);
	} else if (!virt_addr_valid(vaddr)) {
		panic("kunmap_atomic: %#x was not returned by kmap_atomic",
		      vaddr);
	} else if (flavour() == FLAVOUR_X86_26) {
		/* 2.5/2.6 i386 kunmap_atomic is dec_preempt_count whatever
		 * the address: its own instructions are paid for lowmem too. */
		charge(CODE_kunmap_atomic);
	}
	pagefault_enable();
	if (flavour() == FLAVOUR_KMAP_LOCAL)
		preempt_enable();
}

vaddr_t kmap_atomic_pfn(unsigned long pfn)
{
	CC_SCOPE(kmap_atomic_pfn);

	hw_event(this_cpu(), EV_kmap_atomic_pfn);
	if (flavour() == FLAVOUR_KMAP_LOCAL)
		preempt_disable();
	pagefault_disable();
	if (settings_kmap_pfn_fastpath(config)) {
		/* 2014: "implement no-highmem fast path in kmap_atomic_pfn()". */
		struct page *page = pfn_to_page(pfn);
page_touch(page, PF_flags, false);	/* PageHighMem */

		if (!PageHighMem(page)) {
			hw_event(this_cpu(), EV_kmap_atomic_lowmem);
			return page_address(page);
		}
	}
	return kmap_slot_map(pfn, KM_USER0);
}

struct page *kmap_atomic_to_page(vaddr_t vaddr)
{
	CC_SCOPE(kmap_atomic_to_page);
	u32 cpu, slot;

	/*
	 * Below the fixmap Linux takes the address for lowmem (virt_to_page).
	 * On ARM it may be a pkmap one: kmap_atomic hands out the pkmap
	 * address of a page that still has one (kmap_high_get), which no
	 * caller of 3.14's kmap_atomic_to_page passed it -- but the pte_chain
	 * rmap does here (rmap=pte-chain with HIGHPTE on an ARM board), so
	 * such an address is read as kmap_to_page reads it.
	 */
	charge(CODE_kmap_atomic_to_page);
	if (pte_window_va(vaddr))
		return pte_window_to_page(vaddr);
	if (!kmap_slot_of(vaddr, &cpu, &slot))
		return kmap_to_page(vaddr);
	/* pte_page(get_top_pte(vaddr)): reads the fixmap PTE. */
	return pte_page(ptep_get(kmap_slot_pte(slot + layout.km_slots * cpu)));
}

bool kmap_local_available(void)
{
	return flavour() == FLAVOUR_KMAP_LOCAL;
}

vaddr_t kmap_local_page(struct page *page)
{
	CC_SCOPE(kmap_local_page);

	if (!kmap_local_available())
		panic("kmap_local_page: flavour %s predates kmap_local (5.11)",
		      flavour_names[flavour()]);
	page_touch(page, PF_flags, false);	/* PageHighMem */
	if (!PageHighMem(page))
		return page_address(page);
	return kmap_local_high(page, KM_USER0);
}

void __kunmap_local(vaddr_t vaddr)
{
	CC_SCOPE(kunmap_local);

	vaddr &= PAGE_MASK;
	if (in_fixmap_kmap(vaddr))
		kunmap_local_slot(vaddr);
	else if (in_pkmap(vaddr))
		kmap_high_unmap_local(vaddr);
}

/*
 * At a context switch the outgoing task's slots are unmapped and the
 * incoming task's restored (kernel/sched/core.c prepare_task_switch ->
 * __kmap_local_sched_out, finish_task_switch -> __kmap_local_sched_in).
 */
void __kmap_local_sched_out(void)
{
	CC_SCOPE(__kmap_local_sched_out);
	struct task_struct *t = current;

	for (int i = 0; i < t->kmap_ctrl.idx; i++) {
		u32 idx = slot_index((u32)i);
		vaddr_t addr = __fix_to_virt(layout.fix_kmap_begin + idx);

		if (!pte_present(t->kmap_ctrl.pteval[i]))
			continue;
		hw_event(this_cpu(), EV_kmap_local_sched);
		kmap_local_clear_slot(addr, idx);
	}
}

void __kmap_local_sched_in(void)
{
	CC_SCOPE(__kmap_local_sched_in);
	struct task_struct *t = current;

	for (int i = 0; i < t->kmap_ctrl.idx; i++) {
		u32 idx = slot_index((u32)i);
		vaddr_t addr = __fix_to_virt(layout.fix_kmap_begin + idx);

		if (!pte_present(t->kmap_ctrl.pteval[i]))
			continue;
		hw_event(this_cpu(), EV_kmap_local_sched);
		set_pte_at(kmap_slot_pte(idx), t->kmap_ctrl.pteval[i]);
		if (is_arm())
			local_flush_tlb_kernel_page(addr);
	}
}

bool kmap_slot_live(u32 cpu, u32 slot)
{
	const struct percpu *pc = &percpu[cpu];

	switch (flavour()) {
	case FLAVOUR_X86_26:
		return pc->km_type_in_use & (1u << slot);
	case FLAVOUR_KMAP_LOCAL:
		return (int)slot < pc->curr->kmap_ctrl.idx &&
		       pte_present(pc->curr->kmap_ctrl.pteval[slot]);
	default:
		return (int)slot < pc->kmap_atomic_idx;
	}
}

void kmap_atomic_init(void)
{
	u32 last = layout.fix_kmap_begin + layout.km_slots * layout.nr_cpus - 1;

	/* kmap_pte = virt_to_kpte(__fix_to_virt(FIX_KMAP_BEGIN)) */
	kmap_pte = pte_offset_kernel(__fix_to_virt(layout.fix_kmap_begin));
	/* kmap_pte +/- idx only works inside one PTE page. */
	if ((__fix_to_virt(layout.fix_kmap_begin) & PMD_MASK) !=
	    (__fix_to_virt(last) & PMD_MASK))
		panic("kmap_atomic_init: the kmap slots cross a PMD");
}

void check_kmap_leaks(void)
{
	for (u32 i = 0; i < machine->ncpus; i++) {
		const struct percpu *pc = &percpu[i];
		const struct task_struct *t = pc->curr;

		if (pc->kmap_atomic_idx)
			panic("check_kmap_leaks: CPU%u holds %d kmap_atomic slot(s)",
			      i, pc->kmap_atomic_idx);
		if (pc->km_type_in_use)
			panic("check_kmap_leaks: CPU%u holds km_type mask %#x",
			      i, pc->km_type_in_use);
		if (t->kmap_ctrl.idx)
			panic("check_kmap_leaks: %s holds %d kmap_local slot(s)",
			      t->comm, t->kmap_ctrl.idx);
		if (t->preempt_count || t->pagefault_disabled)
			panic("check_kmap_leaks: %s left preempt_count %d, pagefault_disabled %d",
			      t->comm, t->preempt_count,
			      t->pagefault_disabled);
	}
}
