// SPDX-License-Identifier: GPL-2.0-only
/*
 * mremap (mm/mremap.c): a move keeps every page's contents, references
 * and mappings and leaves the old range unmapped; the reverse map follows
 * the PTEs (pte_chains: the entry names the new PTE; objrmap: the VMA's
 * offset still finds the page); copy-on-write pages shared with a child
 * and file pages move; the page tables move as each kernel version moves
 * them (2.6.0 page by page, 3.14 by extents) with their HIGHPTE kmaps;
 * growing in place, shrinking, the merges and the errors.  The end-of-run
 * audit (rmap, offsets, TLB, leaks) runs at every test_shutdown.
 */
#include "helpers.h"

#include "arch/mmu_context.h"

#include <errno.h>

#include "arch/layout.h"
#include "arch/pgtable.h"
#include "kernel/exit.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/highmem.h"
#include "mm/internal.h"
#include "mm/mm.h"
#include "mm/rmap.h"

#define PAGES 8

static struct {
	vaddr_t map, moved;
	long ret[8];
	u32 value[PAGES];
	unsigned long pfn[PAGES];
	int count_before[PAGES], count_after[PAGES];
	int mapcount_before[PAGES], mapcount_after[PAGES];
	bool rmap_new[PAGES], old_pte_none[PAGES];
	u32 nr_vmas;
	u64 pte_kmaps, tlb_page, rss_before, rss_after;
	int child_status;
} seen;

/* The PTE slot of @addr, physically (0: no PTE page). */
static phys_addr_t pte_slot(vaddr_t addr)
{
	unsigned long pfn = pgtable->pmd_pfn_phys(current->mm->pgd, addr);

	if (!pfn)
		return 0;
	return ((phys_addr_t)pfn << PAGE_SHIFT) + pte_offset_in_page(addr);
}

static pte_t raw_pte(vaddr_t addr)
{
	phys_addr_t pa = pte_slot(addr);

	if (!pa)
		return (pte_t){ 0 };
	return (pte_t){ pgtable->pte_size == 8 ?
				ram_read64(&machine->ram, pa) :
				ram_read32(&machine->ram, pa) };
}

/* Does @page's pte_chain hold the PTE at physical @slot? */
struct find {
	phys_addr_t slot;
	bool found;
};

static void find_slot(pte_addr_t pa, void *arg)
{
	struct find *f = arg;
	phys_addr_t phys = highpte() ? pa : __pa((vaddr_t)pa);

	f->found |= phys == f->slot;
}

/*
 * The test's own looks into the kernel, from inside the process: entered
 * as a syscall would be, since find_vma touches the VMA object at its
 * kernel address, which a 4G/4G process's own tables do not map.
 */
static struct vm_area_struct *kfind_vma(vaddr_t addr)
{
	struct vm_area_struct *vma;

	arch_enter_kernel();
	vma = find_vma(current->mm, addr);
	arch_return_to_user();
	return vma;
}

/* Does @addr lie in a VMA? */
static bool kmapped(vaddr_t addr, u32 len)
{
	struct vm_area_struct *vma = kfind_vma(addr);

	return vma && vma->vm_start < addr + len;
}

static bool rmap_holds(struct page *page, vaddr_t addr)
{
	struct find f = { pte_slot(addr), false };
	bool ret;

	arch_enter_kernel();
	if (rmap_objrmap()) {
		ret = page->index ==
		      linear_page_index(find_vma(current->mm, addr), addr);
	} else {
		rmap_for_each(page, find_slot, &f);
		ret = f.found;
	}
	arch_return_to_user();
	return ret;
}

static vaddr_t map_written(u32 pages)
{
	vaddr_t a = (vaddr_t)sys_mmap(0, pages * PAGE_SIZE,
				      PROT_READ | PROT_WRITE,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	for (u32 i = 0; i < pages; i++)
		uv_write32(a + i * PAGE_SIZE, 100 + i);
	return a;
}

static void record_pages(vaddr_t at, bool after)
{
	for (u32 i = 0; i < PAGES; i++) {
		pte_t pte = raw_pte(at + i * PAGE_SIZE);
		struct page *page = pte_present(pte) ? pte_page(pte) : NULL;

		if (!after) {
			seen.pfn[i] = page ? page_to_pfn(page) : 0;
			seen.count_before[i] = page ? page_count(page) : 0;
			seen.mapcount_before[i] = page ? page_mapcount(page) :
							 0;
			continue;
		}
		if (!page || page_to_pfn(page) != seen.pfn[i])
			continue;
		seen.count_after[i] = page_count(page);
		seen.mapcount_after[i] = page_mapcount(page);
		seen.rmap_new[i] = rmap_holds(page, at + i * PAGE_SIZE);
	}
}

/* A free place: a mapping made and unmapped again. */
static vaddr_t free_place(u32 pages)
{
	vaddr_t a = (vaddr_t)sys_mmap(0, (pages + 2) * PAGE_SIZE, PROT_READ,
				      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	sys_munmap(a, (pages + 2) * PAGE_SIZE);
	return a + PAGE_SIZE;
}

static void move_main(void *arg)
{
	struct probe p;
	vaddr_t to;

	seen.map = map_written(PAGES);
	to = free_place(PAGES);
	record_pages(seen.map, false);
	seen.rss_before = current->mm->rss;
	probe_take(&p);
	seen.moved = (vaddr_t)sys_mremap(seen.map, PAGES * PAGE_SIZE,
					 PAGES * PAGE_SIZE,
					 MREMAP_MAYMOVE | MREMAP_FIXED, to);
	seen.pte_kmaps = probe_ev(&p, EV_pte_page_kmap);
	seen.tlb_page = probe_ev(&p, EV_tlb_flush_page);
	seen.rss_after = current->mm->rss;
	record_pages(seen.moved, true);
	for (u32 i = 0; i < PAGES; i++) {
		seen.value[i] = uv_read32(seen.moved + i * PAGE_SIZE);
		seen.old_pte_none[i] =
			pte_none(raw_pte(seen.map + i * PAGE_SIZE));
	}
	seen.ret[0] = kmapped(seen.map, PAGES * PAGE_SIZE);
	sys_exit(0);
}

static void expect_moved(void)
{
	cr_assert_neq(seen.moved, seen.map);
	cr_assert_eq(seen.ret[0], 0, "the old range is unmapped");
	cr_assert_eq(seen.rss_after, seen.rss_before);
	for (u32 i = 0; i < PAGES; i++) {
		cr_assert_eq(seen.value[i], 100 + i);
		cr_assert_neq(seen.pfn[i], 0);
		cr_assert_eq(seen.count_after[i], seen.count_before[i],
			     "page %u: references", i);
		cr_assert_eq(seen.mapcount_after[i], seen.mapcount_before[i],
			     "page %u: mappings", i);
		cr_assert(seen.rmap_new[i], "page %u: rmap finds the new PTE",
			  i);
		cr_assert(seen.old_pte_none[i]);
	}
}

/*
 * 2.5.73 on the NUMA-Q: move_one_page per page maps the old and the new PTE
 * page (two kmaps) and flushes the old address, and the pte_chain entry
 * of every page names its new PTE.  The do_munmap of the old range maps
 * its PTE page once more (zap_pte_range).
 */
Test(mremap, move_keeps_pages_pte_chain_per_page)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=1");
	test_run_process(move_main, NULL);
	expect_moved();
	cr_assert_eq(seen.pte_kmaps, 2 * PAGES + 1);
	cr_assert_eq(seen.tlb_page, PAGES);
	test_shutdown();
}

/*
 * 3.14 on an ARM board: one extent, the two PTE pages mapped once (and the
 * old one again by do_munmap's zap); one flush_tlb_range, no
 * flush_tlb_page.
 */
Test(mremap, move_keeps_pages_objrmap_by_extents)
{
	TEST_BOOT("beaglebone-white", "CONFIG_HIGHPTE=y");
	test_run_process(move_main, NULL);
	expect_moved();
	cr_assert_eq(seen.pte_kmaps, 3);
	cr_assert_eq(seen.tlb_page, 0);
	test_shutdown();
}

/* The what-if of pte_chains on a 3.x kernel: move_ptes with 2.6.0's rmap. */
Test(mremap, move_keeps_pages_pte_chain_by_extents)
{
	TEST_BOOT("cortex-a15-2g", "CONFIG_HIGHPTE=y", "rmap=pte-chain");
	test_run_process(move_main, NULL);
	expect_moved();
	cr_assert_eq(seen.pte_kmaps, 3);
	test_shutdown();
}

Test(mremap, move_on_the_vivt_kirkwood)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(move_main, NULL);
	expect_moved();
	test_shutdown();
}

Test(mremap, move_on_lpae_with_the_4g_split)
{
	TEST_BOOT("cortex-a15-2g", "CONFIG_ARM_LPAE=y", "CONFIG_VMSPLIT=4G_4G");
	test_run_process(move_main, NULL);
	expect_moved();
	test_shutdown();
}

/*
 * Copy-on-write pages shared with the parent: the child moves them, reads
 * them at the new place, writes one (a copy), and exits; every page is
 * then mapped by the parent alone, and the end-of-run audit holds the
 * chains and the references to that.
 */
static void cow_child(void *arg)
{
	vaddr_t to = free_place(PAGES);

	record_pages(seen.map, false);
	seen.moved = (vaddr_t)sys_mremap(seen.map, PAGES * PAGE_SIZE,
					 PAGES * PAGE_SIZE,
					 MREMAP_MAYMOVE | MREMAP_FIXED, to);
	record_pages(seen.moved, true);
	for (u32 i = 0; i < PAGES; i++)
		seen.value[i] = uv_read32(seen.moved + i * PAGE_SIZE);
	uv_write32(seen.moved, 7);
	sys_exit(0);
}

static void cow_main(void *arg)
{
	int pid;

	seen.map = map_written(PAGES);
	pid = sys_fork(cow_child, NULL);
	sys_wait4(pid, &seen.child_status);
	seen.ret[1] = uv_read32(seen.map);
	sys_exit(0);
}

static void expect_cow(void)
{
	cr_assert_eq(seen.child_status, 0);
	cr_assert_eq(seen.ret[1], 100, "the parent's page is its own");
	for (u32 i = 0; i < PAGES; i++) {
		cr_assert_eq(seen.value[i], 100 + i);
		cr_assert_eq(seen.mapcount_before[i], 2);
		cr_assert_eq(seen.mapcount_after[i], 2);
		cr_assert_eq(seen.count_after[i], seen.count_before[i]);
		cr_assert(seen.rmap_new[i], "page %u", i);
	}
}

Test(mremap, cow_shared_pages_move_and_unmap_cleanly_pte_chain)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=2");
	test_run_process(cow_main, NULL);
	expect_cow();
	test_shutdown();
}

Test(mremap, cow_shared_pages_move_and_unmap_cleanly_objrmap)
{
	TEST_BOOT("beaglebone-black", "CONFIG_HIGHPTE=y");
	test_run_process(cow_main, NULL);
	expect_cow();
	test_shutdown();
}

/*
 * A shared file mapping moves: a store through the new address is in the
 * file (read back by read()), and the page keeps its page-cache offset.
 */
static void file_main(void *arg)
{
	static const char path[] = "/tmp/m";
	vaddr_t name = map_written(1), buf = map_written(1), at, to;
	int fd;

	uv_write(name, path, sizeof(path));
	fd = sys_open(name, O_RDWR | O_CREAT);
	sys_ftruncate(fd, 4 * PAGE_SIZE);
	at = (vaddr_t)sys_mmap(0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
			       MAP_SHARED, fd, 2);
	uv_write32(at + PAGE_SIZE, 0xfeed);
	to = free_place(2);
	seen.moved = (vaddr_t)sys_mremap(at, 2 * PAGE_SIZE, 2 * PAGE_SIZE,
					 MREMAP_MAYMOVE | MREMAP_FIXED, to);
	uv_write32(seen.moved, 0xbeef);
	seen.value[0] = uv_read32(seen.moved + PAGE_SIZE);
	sys_lseek(fd, 2 * PAGE_SIZE, SEEK_SET);
	seen.ret[0] = sys_read(fd, buf, 4);
	seen.value[1] = uv_read32(buf);
	sys_exit(0);
}

Test(mremap, shared_file_mapping_moves)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(file_main, NULL);
	cr_assert_eq(seen.value[0], 0xfeed);
	cr_assert_eq(seen.ret[0], 4);
	cr_assert_eq(seen.value[1], 0xbeef);
	test_shutdown();
}

Test(mremap, shared_file_mapping_moves_on_the_numaq)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=1");
	test_run_process(file_main, NULL);
	cr_assert_eq(seen.value[0], 0xfeed);
	cr_assert_eq(seen.value[1], 0xbeef);
	test_shutdown();
}

/* Grow in place, shrink, grow where it cannot (with and without a move). */
static void resize_main(void *arg)
{
	vaddr_t a = map_written(4), guard;

	sys_munmap(a + 2 * PAGE_SIZE, 2 * PAGE_SIZE); /* a two-page gap */
	seen.rss_before = current->mm->rss;
	seen.ret[0] = sys_mremap(a, 2 * PAGE_SIZE, 4 * PAGE_SIZE, 0, 0);
	uv_write32(a + 3 * PAGE_SIZE, 3);
	seen.ret[1] = sys_mremap(a, 4 * PAGE_SIZE, PAGE_SIZE, 0, 0);
	seen.rss_after = current->mm->rss;
	/* Something right after it: no room to grow. */
	guard = (vaddr_t)sys_mmap(a + PAGE_SIZE, PAGE_SIZE, PROT_READ,
				  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
				  0);
	seen.ret[2] = guard == a + PAGE_SIZE;
	seen.ret[3] = sys_mremap(a, PAGE_SIZE, 2 * PAGE_SIZE, 0, 0);
	seen.ret[4] =
		sys_mremap(a, PAGE_SIZE, 2 * PAGE_SIZE, MREMAP_MAYMOVE, 0);
	seen.value[0] = uv_read32((vaddr_t)seen.ret[4]);
	seen.map = a;
	sys_exit(0);
}

Test(mremap, grow_in_place_shrink_and_move_to_grow)
{
	TEST_BOOT("beaglebone-white");
	test_run_process(resize_main, NULL);
	cr_assert_eq(seen.ret[0], (long)seen.map);
	cr_assert_eq(seen.ret[1], (long)seen.map);
	cr_assert_eq(seen.rss_after, seen.rss_before - 1,
		     "the shrink unmapped the page written beyond the first");
	cr_assert(seen.ret[2]);
	cr_assert_eq(seen.ret[3], -ENOMEM);
	cr_assert(seen.ret[4] > 0 && seen.ret[4] != (long)seen.map);
	cr_assert_eq(seen.value[0], 100);
	test_shutdown();
}

/*
 * 2.6.0's merges at the new place: a private anonymous mapping moved to
 * just after another of the same flags joins it -- under pte_chains; under
 * objrmap only where the offsets run on, as 3.14's vma_merge.
 */
static void merge_main(void *arg)
{
	vaddr_t a = map_written(4), b = map_written(2), to;

	sys_munmap(a + 2 * PAGE_SIZE, 2 * PAGE_SIZE);
	to = a + 2 * PAGE_SIZE;
	seen.ret[0] = sys_mremap(b, 2 * PAGE_SIZE, 2 * PAGE_SIZE,
				 MREMAP_MAYMOVE | MREMAP_FIXED, to);
	seen.nr_vmas = 0;
	for (struct vm_area_struct *v = current->mm->mmap; v; v = v->vm_next)
		if (v->vm_start < a + 4 * PAGE_SIZE && v->vm_end > a)
			seen.nr_vmas++;
	seen.value[0] = uv_read32(to);
	seen.value[1] = uv_read32(to + PAGE_SIZE);
	seen.map = to;
	sys_exit(0);
}

Test(mremap, moved_next_to_a_like_mapping_merges_pte_chain)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(merge_main, NULL);
	cr_assert_eq(seen.ret[0], (long)seen.map);
	cr_assert_eq(seen.nr_vmas, 1);
	cr_assert_eq(seen.value[0], 100);
	cr_assert_eq(seen.value[1], 101);
	test_shutdown();
}

Test(mremap, objrmap_merges_only_where_offsets_run_on)
{
	TEST_BOOT("beaglebone-white");
	test_run_process(merge_main, NULL);
	cr_assert_eq(seen.ret[0], (long)seen.map);
	cr_assert_eq(seen.nr_vmas, 2);
	cr_assert_eq(seen.value[0], 100);
	cr_assert_eq(seen.value[1], 101);
	test_shutdown();
}

static void errors_main(void *arg)
{
	vaddr_t a = map_written(2);

	seen.ret[0] = sys_mremap(a, PAGE_SIZE, PAGE_SIZE, 4, 0);
	seen.ret[1] = sys_mremap(a + 1, PAGE_SIZE, PAGE_SIZE, 0, 0);
	seen.ret[2] = sys_mremap(a, PAGE_SIZE, 0, 0, 0);
	seen.ret[3] =
		sys_mremap(a, PAGE_SIZE, PAGE_SIZE, MREMAP_FIXED, 0x30000000);
	seen.ret[4] = sys_mremap(a, 2 * PAGE_SIZE, 2 * PAGE_SIZE,
				 MREMAP_MAYMOVE | MREMAP_FIXED, a + PAGE_SIZE);
	seen.ret[5] = sys_mremap(0x30000000, PAGE_SIZE, 2 * PAGE_SIZE,
				 MREMAP_MAYMOVE, 0);
	seen.ret[6] =
		sys_mremap(a, 3 * PAGE_SIZE, 4 * PAGE_SIZE, MREMAP_MAYMOVE, 0);
	seen.ret[7] =
		sys_mremap(a, 2 * PAGE_SIZE, 2 * PAGE_SIZE, MREMAP_MAYMOVE, 0);
	sys_exit(0);
}

Test(mremap, errors_as_linux)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(errors_main, NULL);
	cr_assert_eq(seen.ret[0], -EINVAL, "an unknown flag");
	cr_assert_eq(seen.ret[1], -EINVAL, "unaligned");
	cr_assert_eq(seen.ret[2], -EINVAL, "zero new length");
	cr_assert_eq(seen.ret[3], -EINVAL, "MREMAP_FIXED without MAYMOVE");
	cr_assert_eq(seen.ret[4], -EINVAL, "overlapping ranges");
	cr_assert_eq(seen.ret[5], -EFAULT, "nothing mapped there");
	cr_assert_eq(seen.ret[6], -EFAULT, "past the mapping's end");
	cr_assert(seen.ret[7] > 0, "same size, nothing to do");
	test_shutdown();
}

/*
 * A move across a PTE page boundary: two extents (3.14) or pages from two
 * PTE pages (2.6.0), every page where it belongs afterwards.
 */
static void straddle_main(void *arg)
{
	vaddr_t a = 0x401fe000u, to = 0x30000000u;

	sys_mmap(a, 4 * PAGE_SIZE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	for (u32 i = 0; i < 4; i++)
		uv_write32(a + i * PAGE_SIZE, 100 + i);
	seen.moved = (vaddr_t)sys_mremap(a, 4 * PAGE_SIZE, 4 * PAGE_SIZE,
					 MREMAP_MAYMOVE | MREMAP_FIXED, to);
	for (u32 i = 0; i < 4; i++)
		seen.value[i] = uv_read32(to + i * PAGE_SIZE);
	sys_exit(0);
}

static void expect_straddle(void)
{
	cr_assert_eq(seen.moved, 0x30000000u);
	for (u32 i = 0; i < 4; i++)
		cr_assert_eq(seen.value[i], 100 + i);
}

Test(mremap, across_a_pte_page_boundary_by_extents)
{
	TEST_BOOT("cortex-a15-2g", "rmap=pte-chain");
	test_run_process(straddle_main, NULL);
	expect_straddle();
	test_shutdown();
}

Test(mremap, across_a_pte_page_boundary_page_by_page)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=1");
	test_run_process(straddle_main, NULL);
	expect_straddle();
	test_shutdown();
}

/*
 * No page for the new PTE page: mremap fails with -ENOMEM and the mapping
 * stays where it was, every page in it; nothing leaks.
 */
static void nomem_main(void *arg)
{
	seen.map = map_written(PAGES);
	page_alloc_fail_nth = 1;
	seen.ret[0] = sys_mremap(seen.map, PAGES * PAGE_SIZE, PAGES * PAGE_SIZE,
				 MREMAP_MAYMOVE | MREMAP_FIXED, 0x30000000u);
	page_alloc_fail_nth = 0;
	for (u32 i = 0; i < PAGES; i++)
		seen.value[i] = uv_read32(seen.map + i * PAGE_SIZE);
	seen.ret[1] = kmapped(0x30000000u, PAGES * PAGE_SIZE);
	sys_exit(0);
}

static void expect_nomem(void)
{
	cr_assert_eq(seen.ret[0], -ENOMEM);
	cr_assert_eq(seen.ret[1], 0, "no VMA at the new place");
	for (u32 i = 0; i < PAGES; i++)
		cr_assert_eq(seen.value[i], 100 + i);
}

Test(mremap, no_page_table_page_is_enomem_by_extents)
{
	TEST_BOOT("beaglebone-white");
	test_run_process(nomem_main, NULL);
	expect_nomem();
	test_shutdown();
}

Test(mremap, no_page_table_page_is_enomem_page_by_page)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=1");
	test_run_process(nomem_main, NULL);
	expect_nomem();
	test_shutdown();
}
