// SPDX-License-Identifier: GPL-2.0-only
/*
 * emap=y (mm/emap.h), NetBSD's uvm_emap: an enter stores PTEs and
 * invalidates nothing; a CPU flushes once per generation it is behind
 * and not again; a full flush done for another reason (x86's context
 * switch, flush_tlb_all) brings a CPU up to date, an ARM switch with
 * ASIDs does not; a task switched in on a CPU behind it flushes there;
 * the checkers stop a skipped consume, a use after free and a leak; the
 * copies and hackbench's pipes go through it; the Kirkwood refuses it.
 */
#include "helpers.h"

#include <string.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "arch/tlbflush.h"
#include "base/errno.h"
#include "experiments/hackbench.h"
#include "fuzz/fuzz_program.h"
#include "fs/vfs.h"
#include "hw/access.h"
#include "hw/machine.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/emap.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/kmap_copy.h"
#include "mm/mm.h"
#include "mm/sf_buf.h"

static struct page *highpage(void)
{
	struct page *p = alloc_page(GFP_HIGHUSER);

	cr_assert(p && PageHighMem(p), "no highmem page");
	return p;
}

/* Allocate, enter @page and produce: the writer's half.  Return: VA. */
static vaddr_t enter_one(struct page *page, u32 *gen)
{
	vaddr_t va = uvm_emap_alloc(PAGE_SIZE, false);

	cr_assert_neq(va, 0);
	uvm_emap_enter(va, &page, 1);
	*gen = uvm_emap_produce();
	return va;
}

Test(emap, enter_writes_ptes_and_invalidates_nothing)
{
	TEST_BOOT("cortex-a15-2g", "emap=y");
	struct page *a = highpage();
	struct probe p;
	vaddr_t va;
	u32 gen;

	cr_assert_eq(emap_global_gen(), 1, "uvm_emap_sysinit's 1");
	probe_take(&p);
	va = enter_one(a, &gen);
	/* vmem's instant fit: the window's first page. */
	cr_assert_eq(va, layout.emap_base);
	cr_assert_eq(gen, 2);
	probe_expect(&p, EV_emap_enter, 1, "enter");
	probe_expect(&p, EV_pte_write, 1, "the PTE store");
	probe_expect(&p, EV_emap_produce, 1, "produce");
	probe_expect(&p, EV_tlb_inv_local, 0, "invalidates by VA");
	probe_expect(&p, EV_tlb_inv_local_all, 0, "full flushes");
	probe_expect(&p, EV_tlb_inv_global, 0, "shootdowns");
	uvm_emap_remove(va, PAGE_SIZE);
	uvm_emap_free(va, PAGE_SIZE);
	__free_page(a);
	test_shutdown();
}

Test(emap, a_cpu_flushes_once_per_generation_it_is_behind)
{
	TEST_BOOT("cortex-a15-2g", "emap=y");
	struct page *a = highpage(), *b = highpage();
	struct probe p;
	vaddr_t va, vb;
	u32 ga, gb;

	va = enter_one(a, &ga);
	probe_take(&p);
	uvm_emap_consume(ga);
	probe_expect(&p, EV_emap_consume_flush, 1, "behind: one flush");
	probe_expect(&p, EV_tlb_inv_local_all, 1, "TLBIALL");
	cr_assert_eq(emap_cpu_gen(0), ga);
	cr_assert_eq(current->emap_gen, ga, "l_emap_gen follows");
	kv_write32(va, 0xe3a9e3a9u);
	probe_take(&p);
	uvm_emap_consume(ga);
	probe_expect(&p, EV_emap_consume_skip, 1, "current: nothing");
	probe_expect(&p, EV_tlb_inv_local_all, 0, "no second flush");
	/* CPU1 never flushed: behind, it flushes once too. */
	machine->cur = &machine->cpu[1];
	probe_take(&p);
	uvm_emap_consume(ga);
	uvm_emap_consume(ga);
	probe_expect(&p, EV_emap_consume_flush, 1, "CPU1's one flush");
	probe_expect(&p, EV_emap_consume_skip, 1, "then nothing");
	cr_assert_eq(kv_read32(va), 0xe3a9e3a9u);
	machine->cur = &machine->cpu[0];
	/* Two generations produced, one flush catches up with both. */
	vb = enter_one(b, &gb);
	(void)uvm_emap_produce();
	probe_take(&p);
	uvm_emap_consume(gb);
	uvm_emap_consume(gb + 1);
	probe_expect(&p, EV_emap_consume_flush, 1, "one flush for two");
	probe_expect(&p, EV_emap_consume_skip, 1, "the later one is seen");
	uvm_emap_free(va, PAGE_SIZE);
	uvm_emap_free(vb, PAGE_SIZE);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}

/*
 * x86: a context switch's %cr3 load drops every non-global entry, and
 * pmap_load's uvm_emap_update makes the CPU current: the consume after it
 * does nothing.  The Cortex-A15 switches with an ASID and no flush, so
 * its CPU is still behind.
 */
static void switch_then_consume(const char *board, u64 want_flush)
{
	TEST_BOOT(board, "cpus=2", "emap=y");
	struct page *a = highpage();
	struct mm_struct *mm = mm_alloc();
	struct probe p;
	vaddr_t va;
	u32 gen;

	cr_assert_not_null(mm);
	va = enter_one(a, &gen);
	machine->cur = &machine->cpu[1];
	probe_take(&p);
	switch_mm(NULL, mm);
	uvm_emap_consume(gen);
	probe_expect(&p, EV_emap_update, want_flush ? 0 : 1, board);
	probe_expect(&p, EV_emap_consume_flush, want_flush, board);
	probe_expect(&p, EV_emap_consume_skip, 1 - want_flush, board);
	(void)kv_read32(va);
	/* Back to the kernel's tables before the mm goes. */
	if (platform()->arch == PLAT_X86)
		hw_set_cr3(this_cpu(), swapper_pg_dir);
	else
		hw_set_ttbr0(this_cpu(), swapper_pg_dir);
	mm->cpu_vm_mask = 0;
	machine->cur = &machine->cpu[0];
	mmput(mm);
	uvm_emap_free(va, PAGE_SIZE);
	__free_page(a);
	test_shutdown();
}

Test(emap, a_context_switch_flush_updates_the_cpu)
{
	switch_then_consume("numaq-16", 0);
	switch_then_consume("cortex-a15-2g", 1);
}

Test(emap, flush_tlb_all_updates_every_cpu)
{
	TEST_BOOT("cortex-a15-2g", "emap=y");
	struct page *a = highpage();
	struct probe p;
	vaddr_t va;
	u32 gen;

	va = enter_one(a, &gen);
	probe_take(&p);
	flush_tlb_all();
	probe_expect(&p, EV_emap_update, 2, "both CPUs");
	uvm_emap_consume(gen);
	machine->cur = &machine->cpu[1];
	uvm_emap_consume(gen);
	machine->cur = &machine->cpu[0];
	probe_expect(&p, EV_emap_consume_skip, 2, "no consume flushes");
	probe_expect(&p, EV_emap_consume_flush, 0, "no consume flushes");
	uvm_emap_free(va, PAGE_SIZE);
	__free_page(a);
	test_shutdown();
}

Test(emap, a_task_switched_to_a_cpu_behind_it_flushes)
{
	TEST_BOOT("cortex-a15-2g", "emap=y");
	struct page *a = highpage();
	struct task_struct t;
	struct probe p;
	vaddr_t va;
	u32 gen;

	memset(&t, 0, sizeof(t));
	/* A task that never consumed: nothing to do anywhere. */
	probe_take(&p);
	uvm_emap_switch(&t);
	probe_expect(&p, EV_emap_switch_flush, 0, "UVM_EMAP_INACTIVE");
	va = enter_one(a, &gen);
	uvm_emap_consume(gen);
	t.emap_gen = current->emap_gen;
	/* Preempted, it resumes on CPU1, which is behind. */
	machine->cur = &machine->cpu[1];
	probe_take(&p);
	uvm_emap_switch(&t);
	probe_expect(&p, EV_emap_switch_flush, 1, "behind: one flush");
	probe_expect(&p, EV_tlb_inv_local_all, 1, "TLBIALL");
	cr_assert_eq(emap_cpu_gen(1), gen);
	probe_take(&p);
	uvm_emap_switch(&t);
	probe_expect(&p, EV_emap_switch_flush, 0, "current now");
	machine->cur = &machine->cpu[0];
	uvm_emap_free(va, PAGE_SIZE);
	__free_page(a);
	test_shutdown();
}

Test(emap, a_skipped_consume_is_caught)
{
	TEST_BOOT("cortex-a15-2g", "emap=y");
	struct page *a = highpage(), *b = highpage();
	vaddr_t va, vb;
	u32 ga, gb;

	va = enter_one(a, &ga);
	uvm_emap_consume(ga);
	(void)kv_read32(va);	/* the entry is in the TLB */
	uvm_emap_free(va, PAGE_SIZE);
	/* The same VA again, another page, and no consume. */
	vb = enter_one(b, &gb);
	cr_assert_eq(vb, va, "the last freed is the next given");
	EXPECT_PANIC("a missing uvm_emap_consume", (void)kv_read32(vb));
}

Test(emap, a_skipped_flush_in_the_consume_is_caught)
{
	TEST_BOOT("cortex-a15-2g", "emap=y");
	struct page *a = highpage(), *b = highpage();
	vaddr_t va, vb;
	u32 ga, gb;

	va = enter_one(a, &ga);
	uvm_emap_consume(ga);
	(void)kv_read32(va);
	uvm_emap_free(va, PAGE_SIZE);
	vb = enter_one(b, &gb);
	/* The consume's flush skipped, as a kernel bug would skip it. */
	tlbflush_skip_nth = 1;
	uvm_emap_consume(gb);
	EXPECT_PANIC("uvm_emap_consume's flush", (void)kv_read32(vb));
	tlbflush_skip_nth = 0;
}

Test(emap, a_use_after_free_and_a_leak_are_caught)
{
	TEST_BOOT("cortex-a15-2g", "emap=y");
	struct page *a = highpage();
	vaddr_t va;
	u32 gen;

	va = enter_one(a, &gen);
	uvm_emap_consume(gen);
	uvm_emap_free(va, PAGE_SIZE);
	EXPECT_PANIC("not allocated (used after uvm_emap_free?)",
		     (void)kv_read32(va));
	TEST_BOOT("cortex-a15-2g", "emap=y");
	(void)enter_one(highpage(), &gen);
	EXPECT_PANIC("still allocated at shutdown", shutdown_kernel());
}

Test(emap, kmap_copy_enters_produces_and_consumes)
{
	TEST_BOOT("cortex-a15-2g", "emap=y");
	struct page *a = highpage();
	struct probe p;
	vaddr_t v;

	probe_take(&p);
	v = kmap_copy(a, KM_USER0);
	cr_assert(in_emap_window(v));
	/* Its own produce leaves the CPU behind: one flush. */
	probe_expect(&p, EV_emap_enter, 1, "enter");
	probe_expect(&p, EV_emap_consume_flush, 1, "flush");
	probe_expect(&p, EV_kmap_atomic, 0, "no fixmap slot");
	cr_assert_eq(current->preempt_count + current->pagefault_disabled, 2);
	kv_write32(v, 1);
	kunmap_copy(v + 8, KM_USER0);
	cr_assert_eq(current->preempt_count + current->pagefault_disabled, 0);
	probe_expect(&p, EV_pte_write, 1, "the VA freed still mapped");
	__free_page(a);
	test_shutdown();
}

Test(emap, tmpfs_copies_flush_once_each)
{
	struct probe p;
	long wrote, read;

	TEST_BOOT("cortex-a15-2g", "emap=y");
	vfs_init();
	probe_take(&p);
	test_run_tmpfs_copies(&wrote, &read);
	cr_assert_eq(wrote, 8 * 512);
	cr_assert_eq(read, 8 * 512);
	/* Sixteen copies of the file's page, each its own generation. */
	probe_expect(&p, EV_emap_enter, 16, "enters");
	probe_expect(&p, EV_emap_produce, 16, "produces");
	probe_expect(&p, EV_emap_consume_flush, 16, "each copy is behind");
	vfs_exit();
	test_shutdown();
}

Test(emap, refused_where_it_cannot_hold)
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find("kirkwood-openblocks-a7"));
	cr_assert_eq(settings_parse(&s, "emap=y", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "emap=y: not on kirkwood-openblocks-a7's VIVT D-cache (a mapping entered without a flush aliases the page's other mappings; NetBSD implements emap only in the x86 pmap)");
	settings_default(&s, platform_find("cortex-a15-2g"));
	cr_assert_eq(settings_parse(&s, "emap=y", err, sizeof(err)), 0);
	cr_assert_eq(settings_parse(&s, "sf_buf=64", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "emap=y with sf_buf=64: both would serve the same copies; choose one");
	cr_assert_eq(settings_parse(&s, "emap=maybe", err, sizeof(err)),
		     -EINVAL);
	cr_assert_str_eq(err, "emap: 'maybe' is not y or n");
}

Test(emap, the_window_comes_out_of_vmalloc)
{
	struct settings s;
	struct kernel_layout with, without;
	char err[256];

	settings_default(&s, platform_find("cortex-a15-2g"));
	cr_assert_eq(layout_compute(&s, &without), 0);
	cr_assert_eq(settings_parse(&s, "emap=y", err, sizeof(err)), 0);
	cr_assert_eq(layout_compute(&s, &with), 0);
	cr_assert_eq(with.emap_size, 32u << 20, "UVM_EMAP_SIZE");
	cr_assert_eq(with.emap_base,
		     (without.vmalloc_end & PMD_MASK) - (32u << 20));
	cr_assert_eq(with.vmalloc_end, with.emap_base - 2 * PAGE_SIZE);
	cr_assert_eq(with.max_low_pfn, without.max_low_pfn);
}

/*
 * hackbench's pipes with their buffers in highmem, under every checker:
 * each new buffer is entered and produced by its writer, each read
 * consumes its buffer's generation.  On the NUMA-Q every context switch
 * loads %cr3 and updates the CPU, so most consumes find it current; the
 * A15 switches by ASID and its readers flush far more often.
 */
static void hackbench_with(const char *platform, struct hackbench_point *pt)
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find(platform));
	cr_assert_eq(settings_parse(&s, "emap=y", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(hackbench_measure(&s, 1, 5, true, pt, err, sizeof(err)),
		     0, "%s", err);
}

Test(emap, hackbench_pipes_go_through_it, .timeout = 120)
{
	static struct hackbench_point pt;
	const char *const boards[] = { "cortex-a15-2g", "numaq-16" };

	for (u32 i = 0; i < 2; i++) {
		const u64 *ev = pt.r.events;

		hackbench_with(boards[i], &pt);
		cr_assert_eq(ev[EV_emap_enter], pt.pipes.bufs_filled, "%s",
			     boards[i]);
		cr_assert_eq(ev[EV_emap_produce], ev[EV_emap_enter], "%s",
			     boards[i]);
		cr_assert_eq(ev[EV_emap_consume_flush] +
				     ev[EV_emap_consume_skip],
			     pt.pipes.reads, "%s", boards[i]);
		cr_assert_eq(ev[EV_emap_nova], 0, "%s", boards[i]);
		cr_assert_gt(ev[EV_emap_consume_skip], 0, "%s", boards[i]);
	}
}

/*
 * The fuzzer's header: strategy 3 with byte 0's bits above the board odd
 * turns emap on (fuzz/fuzz_program.c); 9 is the Cortex-A15 (the fourth
 * of six boards) once over.  A few ops run to the end-of-run audit.
 */
Test(emap, the_fuzz_header_turns_it_on)
{
	static const u8 input[] = { 9, 0xc0, 0, 0, 0, 0, 0, 0,
				    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
	struct fuzz_outcome out;
	char words[512];

	memset(&out, 0, sizeof(out));
	fuzz_run_input(input, sizeof(input), &out, words, sizeof(words));
	cr_assert(strstr(words, "--platform cortex-a15-2g"), "%s", words);
	cr_assert(strstr(words, "pin_cache=16 emap=y"), "%s", words);
	cr_assert(out.booted, "%s", words);
}
