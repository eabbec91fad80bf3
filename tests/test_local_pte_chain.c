// SPDX-License-Identifier: GPL-2.0-only
/*
 * local_pte_chain (2.5.73 mm/rmap.c): each CPU keeps one spare pte_chain
 * block.  __pte_chain_free parks the block it frees there and sends the
 * spare it had to the slab; pte_chain_alloc takes the spare before asking
 * the slab.  So a block freed and preallocated again on one CPU never
 * reaches the slab, and another CPU does not see it.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/rmap.h"

/* Slab calls on every CPU so far. */
static u64 slab_calls(enum cost_centre cc)
{
	u64 n = 0;

	for (u32 i = 0; i < machine->ncpus; i++)
		n += machine->cpu[i].calls[cc];
	return n;
}

static void on_cpu(u32 cpu)
{
	machine->cur = &machine->cpu[cpu];
	cr_assert_eq(smp_processor_id(), cpu);
}

Test(local_pte_chain, freed_and_reallocated_on_one_cpu_skips_the_slab)
{
	TEST_BOOT("numaq-16");
	u64 a0, f0;
	vaddr_t pc, again;
	struct probe p;

	pc = pte_chain_alloc(GFP_KERNEL);
	cr_assert(pc);
	cr_assert_eq(pte_chain_inuse(), 1);
	a0 = slab_calls(CC_kmem_cache_alloc);
	f0 = slab_calls(CC_kmem_cache_free);
	probe_take(&p);
	/* An unused preallocation, freed: parked, not freed to the slab. */
	pte_chain_free(pc);
	cr_assert_eq(pte_chain_spares(), 1);
	cr_assert_eq(pte_chain_inuse(), 0);
	/* The next preallocation on this CPU is that block. */
	again = pte_chain_alloc(GFP_KERNEL);
	cr_assert_eq(again, pc);
	cr_assert_eq(pte_chain_spares(), 0);
	cr_assert_eq(slab_calls(CC_kmem_cache_alloc), a0);
	cr_assert_eq(slab_calls(CC_kmem_cache_free), f0);
	cr_assert_eq(probe_ev(&p, EV_pte_chain_alloc), 1);
	cr_assert_eq(probe_ev(&p, EV_pte_chain_spare), 1);
	pte_chain_free(again);
	test_shutdown();
}

Test(local_pte_chain, a_second_free_sends_the_spare_to_the_slab)
{
	TEST_BOOT("numaq-16");
	vaddr_t a = pte_chain_alloc(GFP_KERNEL);
	vaddr_t b = pte_chain_alloc(GFP_KERNEL);
	u64 f0;

	cr_assert(a && b && a != b);
	cr_assert_eq(pte_chain_inuse(), 2);
	f0 = slab_calls(CC_kmem_cache_free);
	pte_chain_free(a);
	cr_assert_eq(slab_calls(CC_kmem_cache_free), f0);
	pte_chain_free(b);
	/* a went to the slab; b is the spare now. */
	cr_assert_eq(slab_calls(CC_kmem_cache_free), f0 + 1);
	cr_assert_eq(pte_chain_spares(), 1);
	cr_assert_eq(pte_chain_inuse(), 0);
	cr_assert_eq(pte_chain_alloc(GFP_KERNEL), b);
	pte_chain_free(b);
	test_shutdown();
}

Test(local_pte_chain, the_spare_is_per_cpu)
{
	TEST_BOOT("numaq-16");
	vaddr_t a, b;
	u64 a0;

	on_cpu(0);
	a = pte_chain_alloc(GFP_KERNEL);
	pte_chain_free(a);
	/* CPU1 has no spare: its preallocation comes from the slab. */
	on_cpu(1);
	a0 = slab_calls(CC_kmem_cache_alloc);
	b = pte_chain_alloc(GFP_KERNEL);
	cr_assert_neq(b, a);
	cr_assert_eq(slab_calls(CC_kmem_cache_alloc), a0 + 1);
	pte_chain_free(b);
	cr_assert_eq(pte_chain_spares(), 2);
	/* Each CPU gets its own back. */
	cr_assert_eq(pte_chain_alloc(GFP_KERNEL), b);
	on_cpu(0);
	cr_assert_eq(pte_chain_alloc(GFP_KERNEL), a);
	cr_assert_eq(pte_chain_spares(), 0);
	pte_chain_free(a);
	on_cpu(1);
	pte_chain_free(b);
	on_cpu(0);
	test_shutdown();
}

/* A spare is clean: __pte_chain_free clears next_and_idx. */
Test(local_pte_chain, a_parked_block_comes_back_clean)
{
	TEST_BOOT("numaq-16");
	vaddr_t pc = pte_chain_alloc(GFP_KERNEL);

	kv_write32(pc, 0x20 | 3);
	pte_chain_free(pc);
	cr_assert_eq(ram_read32(&machine->ram, __pa(pc)), 0);
	cr_assert_eq(pte_chain_alloc(GFP_KERNEL), pc);
	pte_chain_free(pc);
	test_shutdown();
}
