// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct mm_struct at its simulated address (kernel_data=mem_map,
 * mm/mm_touch.h): an mm_cachep object of the kernel's size at its
 * cache-line alignment (2.5.73 384 B [E] at 32, 3.14 372 B at 32, 5.7
 * 456 B at 64), mmap_sem's and page_table_lock's words in it, and each
 * down and up an atomic there.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "hw/access.h"
#include "mm/mm.h"
#include "mm/mm_touch.h"

Test(mm_touch, host_places_nothing)
{
	struct mm_struct *mm;

	TEST_BOOT("numaq-16", "kernel_data=host", "cpus=1");
	mm = mm_alloc();
	cr_assert_eq(mm->kva, 0);
	cr_assert_eq(mm->mmap_sem.kva, 0);
	mmput(mm);
	test_shutdown();
}

Test(mm_touch, objects_and_lock_words_per_kernel)
{
	static const struct {
		const char *board;
		u32 stride, sem, ptl;	/* ptl 0: no word (UP) */
	} k[] = {
		{ "numaq-16", 384, 32, 48 },		/* 2.5.73 */
		{ "kirkwood-openblocks-a7", 384, 52, 0 },	/* 3.14, UP */
		{ "beaglebone-white", 512, 64, 60 },	/* 5.7, SMP */
	};

	for (u32 i = 0; i < ARRAY_SIZE(k); i++) {
		struct mm_struct *a, *b;

		TEST_BOOT(k[i].board, "kernel_data=mem_map", "cpus=1");
		a = mm_alloc();
		b = mm_alloc();
		cr_assert_neq(a->kva, 0);
		cr_assert_eq(b->kva - a->kva, k[i].stride, "%s", k[i].board);
		cr_assert_eq(a->mmap_sem.kva, a->kva + k[i].sem);
		cr_assert_eq(a->page_table_lock.kva,
			     k[i].ptl ? a->kva + k[i].ptl : 0);
		mmput(b);
		mmput(a);
		test_shutdown();
	}
}

/* down_read is an atomic on the count word: its line, written, in the
 * P6's L1 (which allocates on a store). */
Test(mm_touch, mmap_sem_is_an_atomic_on_its_line)
{
	struct mm_struct *mm;
	struct cache *l1;
	int i;

	TEST_BOOT("numaq-16", "kernel_data=mem_map", "cpus=1");
	mm = mm_alloc();
	l1 = &this_cpu()->l1d;
	hw_dcache_op_all(this_cpu(), CACHE_FLUSH);
	down_read(&mm->mmap_sem);
	up_read(&mm->mmap_sem);
	i = cache_slot_of_pa(l1, __pa(mm->mmap_sem.kva));
	cr_assert_geq(i, 0);
	cr_assert(cache_line_dirty(l1, (u32)i));
	mmput(mm);
	test_shutdown();
}

/*
 * Two CPUs of one quad taking mmap_sem for reading in turn (two threads'
 * faults): under coherence=snoop each down_read after the first takes the
 * line from the other CPU, one transfer each, at the bus's 115 cycles.
 */
Test(mm_touch, mmap_sem_moves_between_cpus)
{
	struct mm_struct *mm;
	u64 t0, t1;

	TEST_BOOT("numaq-16", "kernel_data=mem_map", "coherence=snoop",
		  "cpus=2");
	mm = mm_alloc();
	for (u32 i = 0; i < 2; i++) {
		machine->cur = &machine->cpu[i];
		(void)kv_read32(mm->kva);	/* the TLB, not the test's */
	}
	t0 = machine->cpu[0].events[EV_coh_transfer];
	t1 = machine->cpu[1].events[EV_coh_transfer];
	for (u32 i = 0; i < 4; i++) {
		machine->cur = &machine->cpu[i & 1];
		down_read(&mm->mmap_sem);
		up_read(&mm->mmap_sem);
	}
	cr_assert_eq(machine->cpu[0].events[EV_coh_transfer] - t0, 1);
	cr_assert_eq(machine->cpu[1].events[EV_coh_transfer] - t1, 2);
	machine->cur = &machine->cpu[0];
	mmput(mm);
	test_shutdown();
}
