// SPDX-License-Identifier: GPL-2.0-only
/*
 * vm_area_struct at simulated addresses (kernel_data=mem_map,
 * mm/vma_touch.h): each VMA an object of the kernel's vm_area_cachep at
 * its size (2.5.73 64 bytes, 3.14 88, 5.7 92); find_vma's tree walk
 * loads the nodes a balanced tree over the sorted VMAs visits; fork
 * copies every VMA object; the cache is gone before the leak audit.
 */
#include "helpers.h"

#include "arch/layout.h"
#include "hw/access.h"
#include "mm/mm.h"
#include "mm/vma_touch.h"

#define NVMAS 7

static struct mm_struct *mm;
static vaddr_t addr[NVMAS];

/* An mm of NVMAS one-page anonymous VMAs, in address order. */
static void mm_of_vmas(void)
{
	mm = mm_alloc();
	cr_assert(mm);
	for (u32 i = 0; i < NVMAS; i++) {
		addr[i] = (vaddr_t)do_mmap(mm, 0, PAGE_SIZE,
					   VM_READ | VM_WRITE, NULL, 0);
		cr_assert(addr[i] && !(addr[i] & ~PAGE_MASK));
	}
}

static struct vm_area_struct *nth(u32 n)
{
	struct vm_area_struct *v = mm->mmap;

	while (n--)
		v = v->vm_next;
	return v;
}

Test(vma_touch, host_places_nothing)
{
	TEST_BOOT("numaq-16", "kernel_data=host", "cpus=1");
	cr_assert_not(vma_placed());
	mm_of_vmas();
	cr_assert_eq(mm->mmap->kva, 0);
	mmput(mm);
	test_shutdown();
}

/* Consecutive VMAs are consecutive objects of the kernel's size. */
Test(vma_touch, objects_at_the_kernels_size)
{
	static const struct {
		const char *board;
		u32 size;
	} k[] = {
		{ "numaq-16", 64 },			/* 2.5.73 */
		{ "kirkwood-openblocks-a7", 88 },	/* 3.14 */
		{ "beaglebone-white", 92 },		/* 5.7 */
	};

	for (u32 i = 0; i < ARRAY_SIZE(k); i++) {
		TEST_BOOT(k[i].board, "kernel_data=mem_map", "cpus=1");
		cr_assert(vma_placed());
		mm_of_vmas();
		cr_assert_neq(nth(0)->kva, 0);
		cr_assert_eq(nth(1)->kva - nth(0)->kva, k[i].size, "%s",
			     k[i].board);
		mmput(mm);
		test_shutdown();
	}
}

/*
 * A lookup of the lowest of 7 VMAs, the cache cleared, visits the
 * balanced tree's nodes 3, 1 and 0 and no other: with the L1 flushed
 * first, the first line of those three objects (2.5.73's 64-byte VMAs
 * on the P6's 32-byte lines: vm_start and vm_end at 4) is resident
 * after, and that of the other four is not.
 */
Test(vma_touch, lookup_walks_the_tree_path)
{
	struct cpu *c;
	bool visited[NVMAS] = { [0] = true, [1] = true, [3] = true };

	TEST_BOOT("numaq-16", "kernel_data=mem_map", "cpus=1");
	c = this_cpu();
	mm_of_vmas();
	mm->mmap_cache = NULL;
	hw_dcache_op_all(c, CACHE_FLUSH);
	cr_assert_eq(find_vma(mm, addr[0]), nth(0));
	for (u32 i = 0; i < NVMAS; i++) {
		int slot = cache_slot_of_pa(&c->l1d, __pa(nth(i)->kva));

		cr_assert_eq(slot >= 0, visited[i], "VMA %u", i);
	}
	/* Cached now: the next lookup loads the cached VMA alone. */
	hw_dcache_op_all(c, CACHE_FLUSH);
	cr_assert_eq(find_vma(mm, addr[0]), nth(0));
	for (u32 i = 0; i < NVMAS; i++) {
		int slot = cache_slot_of_pa(&c->l1d, __pa(nth(i)->kva));

		cr_assert_eq(slot >= 0, i == 0, "VMA %u", i);
	}
	mmput(mm);
	test_shutdown();
}

/* fork's dup_mmap: an object of the child's for each of the parent's. */
Test(vma_touch, dup_mmap_copies_each_object)
{
	struct mm_struct *child;
	struct vm_area_struct *p, *q;

	TEST_BOOT("kirkwood-openblocks-a7", "kernel_data=mem_map");
	mm_of_vmas();
	child = mm_alloc();
	cr_assert(child);
	cr_assert_eq(dup_mmap(child, mm), 0);
	for (p = mm->mmap, q = child->mmap; p; p = p->vm_next, q = q->vm_next) {
		cr_assert(q);
		cr_assert_eq(q->vm_start, p->vm_start);
		cr_assert_neq(q->kva, 0);
		cr_assert_neq(q->kva, p->kva);
	}
	cr_assert_null(q);
	/* munmap of the middle one frees its object; shutdown's audit
	 * then finds every page back. */
	cr_assert_eq(do_munmap(child, addr[3], PAGE_SIZE), 0);
	mmput(child);
	mmput(mm);
	test_shutdown();
}
