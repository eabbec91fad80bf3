// SPDX-License-Identifier: GPL-2.0-only
/*
 * kmap_local_page/kunmap_local (5.11+) and the context-switch hooks that
 * tear a task's slots down and restore them.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

static struct page *highpage(void)
{
	struct page *p = alloc_page(GFP_HIGHUSER);

	cr_assert(p && PageHighMem(p));
	return p;
}

Test(kmap_local, map_and_unmap_both_write_the_pte)
{
	TEST_BOOT("cortex-a15-2g");
	struct page *page = highpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_local_page(page);
	cr_assert_eq(probe_ev(&p, EV_pte_write), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local), 1);
	/* Preemptible: only migration is disabled. */
	cr_assert_eq(current->preempt_count, 0);
	cr_assert_eq(current->migrate_disable, 1);
	cr_assert_eq(current->kmap_ctrl.idx, 1);
	kv_write32(v, 0x1234);
	probe_take(&p);
	kunmap_local(v);
	cr_assert_eq(probe_ev(&p, EV_pte_write), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local), 1);
	cr_assert_eq(probe_ev(&p, EV_dcache_lines_flushed), 0, "PIPT L1");
	cr_assert_eq(current->kmap_ctrl.idx, 0);
	cr_assert_eq(current->migrate_disable, 0);
	__free_page(page);
	test_shutdown();
}

Test(kmap_local, sched_out_and_in_remap_every_held_slot)
{
	TEST_BOOT("cortex-a15-2g");
	struct page *a = highpage(), *b = highpage();
	vaddr_t va = kmap_local_page(a), vb = kmap_local_page(b);
	struct probe p;

	kv_write32(va, 1);
	kv_write32(vb, 2);
	probe_take(&p);
	__kmap_local_sched_out();
	/* Two held slots: clear + invalidate each. */
	cr_assert_eq(probe_ev(&p, EV_pte_write), 2);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local), 2);
	probe_take(&p);
	__kmap_local_sched_in();
	/* ARM: set + invalidate each. */
	cr_assert_eq(probe_ev(&p, EV_pte_write), 2);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local), 2);
	cr_assert_eq(probe_ev(&p, EV_kmap_local_sched), 2);
	cr_assert_eq(kv_read32(va), 1);
	cr_assert_eq(kv_read32(vb), 2);
	kunmap_local(vb);
	kunmap_local(va);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}

Test(kmap_local, switched_out_slot_is_really_unmapped)
{
	TEST_BOOT("cortex-a15-2g");
	struct page *a = highpage();
	vaddr_t va = kmap_local_page(a);

	kv_read32(va);
	__kmap_local_sched_out();
	/* Between sched-out and sched-in the slot's PTE is clear. */
	EXPECT_PANIC("Unable to handle kernel paging request",
		     { kv_read32(va); });
}

Test(kmap_local, x86_sched_in_needs_no_flush)
{
	TEST_BOOT("numaq-16", "flavour=kmap-local");
	struct page *a = highpage();
	vaddr_t va = kmap_local_page(a);
	struct probe p;

	__kmap_local_sched_out();
	probe_take(&p);
	__kmap_local_sched_in();
	/* x86 post_map only leaves lazy MMU mode. */
	cr_assert_eq(probe_ev(&p, EV_pte_write), 1);
	cr_assert_eq(probe_ev(&p, EV_tlb_inv_local), 0);
	kunmap_local(va);
	__free_page(a);
	test_shutdown();
}

Test(kmap_local, older_flavours_have_none)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	struct page *a = highpage();

	cr_assert(!kmap_local_available());
	EXPECT_PANIC("predates kmap_local", { kmap_local_page(a); });
}

Test(kmap_local, out_of_order_unmap_is_caught)
{
	TEST_BOOT("cortex-a15-2g");
	struct page *a = highpage(), *b = highpage();
	vaddr_t va = kmap_local_page(a);

	kmap_local_page(b);
	EXPECT_PANIC("reverse order", { kunmap_local(va); });
}

Test(kmap_local, leak_is_caught)
{
	TEST_BOOT("cortex-a15-2g");
	struct page *a = highpage();

	kmap_local_page(a);
	EXPECT_PANIC("kmap_local slot", { check_kmap_leaks(); });
}
