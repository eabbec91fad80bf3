// SPDX-License-Identifier: GPL-2.0-only
#include "arch/mmu_context.h"

#include "arch/cacheflush.h"
#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/tlbflush.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "mm/emap.h"
#include "mm/highmem.h"
#include "mm/mm.h"
#include "mm/mm_touch.h"

/* ASID allocation (3.x arch/arm/mm/context.c, without the SMP dance). */
#define ASID_BITS 8
#define ASID_MASK ((1u << ASID_BITS) - 1)
static u64 asid_generation;
static u32 next_asid;

void mmu_context_init(void)
{
	asid_generation = 1ull << ASID_BITS;
	next_asid = 1;
}

static bool has_asid(void)
{
	return machine->cfg.has_asid;
}

static void new_context(struct mm_struct *mm)
{
	if (next_asid > ASID_MASK) {
		/* Rollover: every CPU's TLB is flushed, a new generation. */
		asid_generation += 1ull << ASID_BITS;
		next_asid = 1;
		flush_tlb_all();
	}
	mm->context_id = asid_generation | next_asid++;
	mm->cpu_vm_mask = 0;
}

/*
 * check_and_switch_context's test: a new ASID if @mm's is from an old
 * generation (which empties its CPU mask), then @c in the mask.
 */
static void check_context(struct mm_struct *mm, const struct cpu *c)
{
	if ((mm->context_id & ~(u64)ASID_MASK) != asid_generation)
		new_context(mm);
	mm->cpu_vm_mask |= 1u << c->id;
}

static u8 mm_asid(const struct mm_struct *mm)
{
	return (u8)(mm->context_id & ASID_MASK);
}

void switch_mm(struct mm_struct *prev, struct mm_struct *next)
{
	CC_SCOPE(switch_mm);
	struct cpu *c = this_cpu();
	u32 bit = 1u << c->id;

	if (prev == next)
		return;
	/* cpu_clear / cpumask_set_cpu: atomics on the masks; the new
	 * tables' base and the context (ldt, ASID or vmalloc_seq) read. */
	if (prev && platform()->arch == PLAT_X86) {
		mm_touch_rmw(prev, MF_cpu_mask);
		prev->cpu_vm_mask &= ~bit;
	}
	mm_touch_rmw(next, MF_cpu_mask);
	next->cpu_vm_mask |= bit;
	mm_touch(next, MF_pgd, false);
	mm_touch(next, MF_context, false);
	if (layout.split_4g4g) {
		/* The kernel's tables stay; the user's load on the way out. */
		if (has_asid())
			check_context(next, c);
		return;
	}
	if (platform()->arch == PLAT_X86) {
		/* load_cr3: drops every non-global entry (pmap_load's
		 * cpu_load_pmap between gen_return and update). */
		u32 gen = uvm_emap_gen_return();

		hw_set_cr3(c, next->pgd);
		uvm_emap_update(gen);
		return;
	}
	if (!has_asid()) {
		/*
		 * cpu_arm926/feroceon_switch_mm: clean and invalidate the
		 * whole D-cache, invalidate the I-cache, drain the write
		 * buffer, load TTBR0, invalidate the I and D TLBs.
		 */
		u32 gen;

		flush_cache_all();
		hw_set_ttbr0(c, next->pgd);
		gen = uvm_emap_gen_return();
		hw_tlb_inv_all(c);
		uvm_emap_update(gen);
		return;
	}
	check_context(next, c);
	hw_set_asid(c, mm_asid(next));
	hw_set_ttbr0(c, next->pgd);
}

void arch_enter_kernel(void)
{
	struct cpu *c = this_cpu();

	if (!layout.split_4g4g)
		return;
	hw_event(c, EV_kernel_table_switch);
	if (platform()->arch == PLAT_X86) {
		/*
		 * The generation can only be read once the kernel is mapped;
		 * nothing runs between the load and the read here, so it is
		 * the value the read before would have seen.
		 */
		hw_set_cr3(c, swapper_pg_dir);
		uvm_emap_update(uvm_emap_gen_return());
		return;
	}
	/* The kernel runs with ASID 0, user ASIDs start at 1. */
	hw_set_asid(c, 0);
	hw_set_ttbr0(c, swapper_pg_dir);
}

void arch_return_to_user(void)
{
	struct cpu *c = this_cpu();
	struct mm_struct *mm = current->mm;

	if (!layout.split_4g4g || !mm)
		return;
	hw_event(c, EV_kernel_table_switch);
	if (platform()->arch == PLAT_X86) {
		/* The generation is read while the kernel is mapped. */
		u32 gen = uvm_emap_gen_return();

		hw_set_cr3(c, mm->pgd);
		uvm_emap_update(gen);
		return;
	}
	check_context(mm, c);
	hw_set_asid(c, mm_asid(mm));
	hw_set_ttbr0(c, mm->pgd);
}

void destroy_context(struct mm_struct *mm)
{
	mm->cpu_vm_mask = 0;
}

static bool mm_on_cpu(const struct mm_struct *mm, const struct cpu *c)
{
	return mm->cpu_vm_mask & (1u << c->id);
}

static void flush_mm_local(void *info)
{
	struct mm_struct *mm = info;
	struct cpu *c = this_cpu();

	u32 gen;

	if (!mm_on_cpu(mm, c))
		return;
	if (has_asid() && platform()->arch != PLAT_X86) {
		/* An ASID's entries only: no kernel entry goes. */
		hw_tlb_inv_asid(c, mm_asid(mm));
		return;
	}
	gen = uvm_emap_gen_return();
	if (platform()->arch == PLAT_X86)
		/* local_flush_tlb(): reload CR3. */
		hw_set_cr3(c, c->mmu.cr3);
	else
		hw_tlb_inv_all(c);
	uvm_emap_update(gen);
}

/* Run @fn on every CPU whose TLB may hold @mm (IPIs to the others). */
static void on_mm_cpus(struct mm_struct *mm, void (*fn)(void *), void *info)
{
	/* The local flush decides itself; only the others need the mask. */
	on_each_cpu_mask(mm->cpu_vm_mask | (1u << this_cpu()->id), fn, info);
}

void flush_tlb_mm(struct mm_struct *mm)
{
	CC_SCOPE(flush_tlb_mm);

	hw_event(this_cpu(), EV_tlb_flush_mm);
	on_mm_cpus(mm, flush_mm_local, mm);
}

struct page_flush {
	struct mm_struct *mm;
	vaddr_t addr;
};

static void flush_page_local(void *info)
{
	const struct page_flush *f = info;
	struct cpu *c = this_cpu();

	if (!mm_on_cpu(f->mm, c))
		return;
	/* TLBIMVA carries the mm's ASID in its low bits. */
	hw_tlb_inv_va_asid(c, f->addr & PAGE_MASK,
			   has_asid() ? mm_asid(f->mm) : c->mmu.asid);
}

void flush_tlb_page(struct vm_area_struct *vma, vaddr_t addr)
{
	CC_SCOPE(flush_tlb_page);
	struct page_flush f = { vma->vm_mm, addr };

	hw_event(this_cpu(), EV_tlb_flush_page);
	on_mm_cpus(vma->vm_mm, flush_page_local, &f);
}

struct range_flush {
	struct mm_struct *mm;
	vaddr_t start, end;
};

static void flush_range_local(void *info)
{
	const struct range_flush *f = info;
	struct cpu *c = this_cpu();

	if (!mm_on_cpu(f->mm, c))
		return;
	for (u64 a = f->start & PAGE_MASK; a < f->end; a += PAGE_SIZE)
		hw_tlb_inv_va_asid(c, (vaddr_t)a,
				   has_asid() ? mm_asid(f->mm) : c->mmu.asid);
}

void flush_tlb_range(struct vm_area_struct *vma, vaddr_t start, vaddr_t end)
{
	struct range_flush f = { vma->vm_mm, start, end };

	if (platform()->arch == PLAT_X86) {
		flush_tlb_mm(vma->vm_mm);
		return;
	}
	CC_SCOPE(flush_tlb_range);
	on_mm_cpus(vma->vm_mm, flush_range_local, &f);
}

/* A VIVT cache holds an mm's lines only while it is loaded here. */
static bool vivt_and_current(const struct mm_struct *mm)
{
	return platform()->arch == PLAT_ARM && cache_is_vivt() &&
	       mm_on_cpu(mm, this_cpu()) && this_cpu()->mmu.ttbr0 == mm->pgd;
}

void flush_cache_mm(struct mm_struct *mm)
{
	CC_SCOPE(flush_cache_mm);

	if (vivt_and_current(mm))
		flush_cache_all();
}

#define CACHE_DLIMIT (16 * 1024)	/* proc-feroceon.S / arm926 */

void flush_cache_range(struct vm_area_struct *vma, vaddr_t start,
		       vaddr_t end)
{
	CC_SCOPE(flush_cache_page);

	if (!vivt_and_current(vma->vm_mm))
		return;
	/* __cpuc_flush_user_range: whole cache above CACHE_DLIMIT. */
	if ((u64)end - start > CACHE_DLIMIT) {
		flush_cache_all();
		return;
	}
	hw_dcache_op_va_range(this_cpu(), start, end - start, CACHE_FLUSH);
	hw_barrier(this_cpu());
}

void flush_cache_page(struct vm_area_struct *vma, vaddr_t addr)
{
	flush_cache_range(vma, addr & PAGE_MASK, (addr & PAGE_MASK) + PAGE_SIZE);
}

/*
 * On a VIVT cache the kernel's writes through its own alias must not stay
 * dirty in the cache: the Feroceon copypage code cleans and invalidates
 * each line as it goes (feroceon_clear_user_highpage).
 */
static void vivt_drop_alias(vaddr_t kaddr)
{
	if (platform()->arch == PLAT_ARM && cache_is_vivt()) {
		hw_dcache_op_va_range(this_cpu(), kaddr, PAGE_SIZE, CACHE_FLUSH);
		hw_barrier(this_cpu());
	}
}

void clear_user_highpage(struct page *page, vaddr_t vaddr)
{
	CC_SCOPE(clear_user_highpage);
	vaddr_t kaddr = kmap_atomic(page, KM_USER0);

	kv_memset(kaddr, 0, PAGE_SIZE);
	vivt_drop_alias(kaddr);
	kunmap_atomic(kaddr, KM_USER0);
}

void copy_user_highpage(struct page *to, struct page *from, vaddr_t vaddr)
{
	CC_SCOPE(copy_user_highpage);
	vaddr_t kfrom = kmap_atomic(from, KM_USER0);
	vaddr_t kto = kmap_atomic(to, KM_USER1);

	kv_memcpy(kto, kfrom, PAGE_SIZE);
	vivt_drop_alias(kto);
	kunmap_atomic(kto, KM_USER1);
	kunmap_atomic(kfrom, KM_USER0);
}
