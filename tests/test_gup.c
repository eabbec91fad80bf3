// SPDX-License-Identifier: GPL-2.0-only
/*
 * get_user_pages, get_user_pages_fast and pin_user_pages (mm/gup.c): the
 * pages they return and the references they take, faulting in, short and
 * failed ranges, forced writes to read-only mappings (copy-on-write), the
 * HIGHPTE kmaps of the slow path (one per page) against the fast walk (one
 * per PTE page), classic ARM falling back to the slow path, the pin bias,
 * and the VIVT flushes that make user writes visible through a kmap.
 *
 * The GUP calls run inside a process (a driver calling them from a system
 * call would do the same): the process records what it sees in `seen`, and
 * the test asserts after the run.  Every reference is dropped before the
 * process exits, so the end-of-run audit in test_shutdown() passes.
 */
#include "helpers.h"

#include <errno.h>
#include <stdlib.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/gup.h"
#include "mm/highmem.h"
#include "mm/mm.h"

#define NPAGES 8
#define PTRS_PER_PTE_PAGE (PMD_SIZE / PAGE_SIZE)

static struct {
	long ret, ret2, ret3, ret4;
	unsigned long pfn_follow[NPAGES], pfn_gup[NPAGES];
	int count_before[NPAGES], count_held[NPAGES], count_after[NPAGES];
	u32 content[NPAGES];
	bool anon[NPAGES], is_zero[NPAGES];
	int zero_count_before, zero_count_after;
	u64 kmaps_slow, kmaps_fast, kmaps_fast_span, kmaps_slow_span;
	u64 faults, fault_anon, faults_after, fault_cow;
	u64 cc_slow, cc_fast, cc_slow2, cc_fast2;
	u64 flushed, flushed_expected;
	bool sem_used, ptl_used;
	bool dcache_clean[NPAGES];
	bool copy_differs, copy_is_anon, cache_page_is_file, regot_copy;
	u32 copy_content, user_sees;
} seen;

/* Anonymous private memory, as a program gets it from mmap. */
static vaddr_t map_anon(u32 pages, int prot)
{
	long a = sys_mmap(0, pages * PAGE_SIZE, prot,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return a < 0 ? 0 : (vaddr_t)a;
}

static u32 pattern(u32 i)
{
	return 0x5a000000u + i * 0x1111u;
}

/*
 * Where page i's pattern word lives: a different cache line (and set) in
 * each page, so that on the VIVT board the pages' user lines do not evict
 * one another.
 */
static u32 word_offset(u32 i)
{
	return (i * 64) % PAGE_SIZE;
}

/* Write pattern(i) into each page: present, dirty. */
static void fill(vaddr_t a, u32 n)
{
	for (u32 i = 0; i < n; i++)
		uv_write32(a + i * PAGE_SIZE + word_offset(i), pattern(i));
}

/*
 * Leave each pattern word dirty in the D-cache under its user VA.  The
 * Feroceon L1 does not allocate on a write miss: write (the fault maps
 * the page), read (allocates a clean line), write again (dirty).
 */
static void dirty_user_lines(vaddr_t a, u32 n)
{
	fill(a, n);
	for (u32 i = 0; i < n; i++)
		uv_read32(a + i * PAGE_SIZE + word_offset(i));
	fill(a, n);
}

/* What follow_page finds at @addr under the PTE lock, as GUP sees it. */
static unsigned long pfn_at(vaddr_t addr)
{
	struct mm_struct *mm = current->mm;
	struct spinlock *ptl;
	struct page *page;

	down_read(&mm->mmap_sem);
	ptl = pte_lockptr(mm, addr);
	spin_lock(ptl);
	page = follow_page(mm, addr, false, false);
	spin_unlock(ptl);
	up_read(&mm->mmap_sem);
	return page ? page_to_pfn(page) : 0;
}

/* Word @off of @page, read by the kernel through kmap_atomic. */
static u32 kernel_read(struct page *page, u32 off)
{
	vaddr_t k = kmap_atomic(page);
	u32 v = kv_read32(k + off);

	kunmap_atomic(k);
	return v;
}

static void kernel_write(struct page *page, u32 v)
{
	vaddr_t k = kmap_atomic(page);

	kv_write32(k, v);
	kunmap_atomic(k);
}

/*
 * Slow GUP of NPAGES written pages: the pages follow_page finds, one
 * reference each (dropped by put_user_pages), the content user space
 * wrote, and one HIGHPTE kmap per page.
 */
static void slow_gup_main(void *arg)
{
	struct mm_struct *mm = current->mm;
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);
	struct probe p;

	dirty_user_lines(a, NPAGES);
	for (u32 i = 0; i < NPAGES; i++)
		seen.pfn_follow[i] = pfn_at(a + i * PAGE_SIZE);
	for (u32 i = 0; i < NPAGES; i++)
		seen.count_before[i] =
			page_count(pfn_to_page(seen.pfn_follow[i]));
	down_read(&mm->mmap_sem);
	probe_take(&p);
	seen.ret = get_user_pages(mm, a, NPAGES, 0, pages);
	seen.kmaps_slow = probe_ev(&p, EV_pte_page_kmap);
	seen.faults = probe_ev(&p, EV_page_fault) + probe_ev(&p, EV_fault_anon);
	up_read(&mm->mmap_sem);
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++) {
		seen.pfn_gup[i] = page_to_pfn(pages[i]);
		seen.count_held[i] = page_count(pages[i]);
		seen.content[i] = kernel_read(pages[i], word_offset(i));
		seen.anon[i] = test_page_flag(pages[i], PG_anon);
	}
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);
	for (u32 i = 0; i < NPAGES; i++)
		seen.count_after[i] =
			page_count(pfn_to_page(seen.pfn_follow[i]));
}

static void assert_slow_gup(void)
{
	cr_assert_eq(seen.ret, NPAGES);
	cr_assert_eq(seen.faults, 0, "every page was present");
	for (u32 i = 0; i < NPAGES; i++) {
		cr_assert_neq(seen.pfn_follow[i], 0);
		cr_assert_eq(seen.pfn_gup[i], seen.pfn_follow[i],
			     "page %u: gup pfn %#lx, follow_page pfn %#lx", i,
			     seen.pfn_gup[i], seen.pfn_follow[i]);
		cr_assert_eq(seen.count_held[i], seen.count_before[i] + 1);
		cr_assert_eq(seen.count_after[i], seen.count_before[i]);
		cr_assert_eq(seen.content[i], pattern(i),
			     "page %u: kernel reads %#x", i, seen.content[i]);
		cr_assert(seen.anon[i]);
	}
}

Test(gup, slow_returns_the_mapped_pages_with_one_reference_each)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=1");
	test_run_process(slow_gup_main, NULL);
	assert_slow_gup();
	cr_assert_eq(seen.kmaps_slow, NPAGES, "one PTE kmap per page, got %llu",
		     (unsigned long long)seen.kmaps_slow);
	test_shutdown();
}

Test(gup, slow_without_highpte_kmaps_nothing)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=n", "cpus=1");
	test_run_process(slow_gup_main, NULL);
	assert_slow_gup();
	cr_assert_eq(seen.kmaps_slow, 0);
	test_shutdown();
}

/* Split PTE locks (2.6.15+, four or more CPUs): the lock is in the PTE page. */
Test(gup, slow_with_split_pte_locks)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "flavour=x86-3x", "cpus=4");
	test_run_process(slow_gup_main, NULL);
	assert_slow_gup();
	cr_assert_eq(seen.kmaps_slow, NPAGES);
	test_shutdown();
}

/*
 * VIVT (Feroceon): user space leaves dirty lines under the user VA; GUP's
 * flush_anon_page writes them back, so the kmap read sees the data (the
 * alias checker would stop the run otherwise).
 */
Test(gup, slow_on_vivt_flushes_the_user_alias)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(slow_gup_main, NULL);
	assert_slow_gup();
	test_shutdown();
}

/*
 * Absent pages are faulted in by handle_mm_fault -- no exception is taken
 * (EV_page_fault stays 0), one do_anonymous_page per page -- and are then
 * present: user accesses take no fault.
 */
static void fault_in_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);
	struct probe p;

	probe_take(&p);
	seen.ret = get_user_pages_unlocked(a, NPAGES, FOLL_WRITE, pages);
	seen.faults = probe_ev(&p, EV_page_fault);
	seen.fault_anon = probe_ev(&p, EV_fault_anon);
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++) {
		seen.anon[i] = test_page_flag(pages[i], PG_anon);
		seen.count_held[i] = page_count(pages[i]);
	}
	probe_take(&p);
	fill(a, NPAGES);
	seen.faults_after = probe_ev(&p, EV_page_fault);
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++) {
		seen.content[i] = kernel_read(pages[i], word_offset(i));
		seen.pfn_gup[i] = page_to_pfn(pages[i]);
		seen.pfn_follow[i] = pfn_at(a + i * PAGE_SIZE);
	}
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);
}

static void assert_fault_in(void)
{
	cr_assert_eq(seen.ret, NPAGES);
	cr_assert_eq(seen.faults, 0);
	cr_assert_eq(seen.fault_anon, NPAGES);
	cr_assert_eq(seen.faults_after, 0, "the pages were present");
	for (u32 i = 0; i < NPAGES; i++) {
		cr_assert(seen.anon[i]);
		/* The mapping's reference and ours. */
		cr_assert_eq(seen.count_held[i], 2);
		cr_assert_eq(seen.pfn_gup[i], seen.pfn_follow[i]);
		cr_assert_eq(seen.content[i], pattern(i));
	}
}

Test(gup, faults_in_absent_pages)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(fault_in_main, NULL);
	assert_fault_in();
	test_shutdown();
}

/* With split locks there is no lock before the PTE page exists. */
Test(gup, faults_in_absent_pte_page_with_split_locks)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "flavour=x86-3x", "cpus=4");
	test_run_process(fault_in_main, NULL);
	assert_fault_in();
	test_shutdown();
}

Test(gup, faults_in_on_vivt)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(fault_in_main, NULL);
	assert_fault_in();
	test_shutdown();
}

/*
 * FOLL_NOFAULT takes what is there and faults nothing in: two present
 * pages, then an absent one, give the two; an absent first page gives
 * -EFAULT.  No fault is taken either time.
 */
static void nofault_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);
	struct probe p;

	fill(a, 2);
	probe_take(&p);
	seen.ret = get_user_pages_unlocked(a, NPAGES,
					   FOLL_WRITE | FOLL_NOFAULT, pages);
	seen.ret2 = get_user_pages_unlocked(a + 2 * PAGE_SIZE, 1,
					    FOLL_WRITE | FOLL_NOFAULT, pages + 2);
	seen.faults = probe_ev(&p, EV_page_fault);
	seen.fault_anon = probe_ev(&p, EV_fault_anon);
	seen.pfn_follow[2] = pfn_at(a + 2 * PAGE_SIZE);
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);
}

Test(gup, nofault_takes_only_present_pages)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(nofault_main, NULL);
	cr_assert_eq(seen.ret, 2);
	cr_assert_eq(seen.ret2, -EFAULT);
	cr_assert_eq(seen.faults, 0);
	cr_assert_eq(seen.fault_anon, 0);
	/* Still absent. */
	cr_assert_eq(seen.pfn_follow[2], 0);
	test_shutdown();
}

/* A read of untouched memory maps the zero page: no reference taken. */
static void zero_page_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);

	seen.zero_count_before = page_count(zero_page);
	seen.ret = get_user_pages_unlocked(a, NPAGES, 0, pages);
	seen.zero_count_after = page_count(zero_page);
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++)
		seen.is_zero[i] = pages[i] == zero_page;
	seen.ret2 = get_user_pages_fast(a, NPAGES, 0, pages);
	for (u32 i = 0; i < NPAGES && i < seen.ret2; i++)
		seen.is_zero[i] &= pages[i] == zero_page;
	if (seen.ret2 > 0)
		put_user_pages(pages, (u32)seen.ret2);
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);
	seen.count_after[0] = page_count(zero_page);
}

Test(gup, read_of_untouched_memory_gives_the_zero_page)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(zero_page_main, NULL);
	cr_assert_eq(seen.ret, NPAGES);
	cr_assert_eq(seen.ret2, NPAGES);
	for (u32 i = 0; i < NPAGES; i++)
		cr_assert(seen.is_zero[i], "page %u", i);
	cr_assert_eq(seen.zero_count_after, seen.zero_count_before);
	cr_assert_eq(seen.count_after[0], seen.zero_count_before);
	test_shutdown();
}

/* A range that runs into a hole: the pages before it. */
static void partial_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);

	sys_munmap(a + NPAGES / 2 * PAGE_SIZE, NPAGES / 2 * PAGE_SIZE);
	fill(a, NPAGES / 2);
	seen.ret = get_user_pages_unlocked(a, NPAGES, FOLL_WRITE, pages);
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);
	seen.ret2 = get_user_pages_fast(a, NPAGES, FOLL_WRITE, pages);
	if (seen.ret2 > 0)
		put_user_pages(pages, (u32)seen.ret2);
	/* Starting in the hole: nothing at all. */
	seen.ret3 = get_user_pages_unlocked(a + NPAGES / 2 * PAGE_SIZE, 1, 0,
					    pages);
	if (seen.ret3 > 0)
		put_user_pages(pages, (u32)seen.ret3);
}

Test(gup, partly_bad_range_returns_the_good_pages)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(partial_main, NULL);
	cr_assert_eq(seen.ret, NPAGES / 2);
	cr_assert_eq(seen.ret2, NPAGES / 2);
	cr_assert_eq(seen.ret3, -EFAULT);
	test_shutdown();
}

Test(gup, partly_bad_range_on_classic_arm)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(partial_main, NULL);
	cr_assert_eq(seen.ret, NPAGES / 2);
	cr_assert_eq(seen.ret2, NPAGES / 2);
	cr_assert_eq(seen.ret3, -EFAULT);
	test_shutdown();
}

/* Nothing mapped, or not user space at all: -EFAULT. */
static void bad_address_main(void *arg)
{
	struct mm_struct *mm = current->mm;
	struct page *pages[NPAGES];

	seen.ret = get_user_pages_unlocked(PAGE_SIZE, 1, 0, pages);
	seen.ret2 = get_user_pages_fast(PAGE_SIZE, 1, FOLL_WRITE, pages);
	down_read(&mm->mmap_sem);
	seen.ret3 = get_user_pages(mm, layout.task_size, 1, 0, pages);
	up_read(&mm->mmap_sem);
	/* access_ok: the range must end below TASK_SIZE. */
	seen.ret4 =
		get_user_pages_fast(layout.task_size - PAGE_SIZE, 2, 0, pages);
}

Test(gup, wholly_bad_address_is_efault)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(bad_address_main, NULL);
	cr_assert_eq(seen.ret, -EFAULT);
	cr_assert_eq(seen.ret2, -EFAULT);
	cr_assert_eq(seen.ret3, -EFAULT);
	cr_assert_eq(seen.ret4, -EFAULT);
	test_shutdown();
}

/*
 * A VMA boundary inside the range: the read-only VMA after the writable
 * one stops a write GUP, and a read GUP crosses it (its untouched pages
 * are the zero page).  PROT_NONE refuses a read.
 */
static void vma_cross_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);
	vaddr_t half = a + NPAGES / 2 * PAGE_SIZE;
	vaddr_t none;

	sys_munmap(half, NPAGES / 2 * PAGE_SIZE);
	sys_mmap(half, NPAGES / 2 * PAGE_SIZE, PROT_READ,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	fill(a, NPAGES / 2);
	seen.ret = get_user_pages_unlocked(a, NPAGES, FOLL_WRITE, pages);
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);
	seen.ret2 = get_user_pages_unlocked(a, NPAGES, 0, pages);
	for (u32 i = 0; i < NPAGES && i < seen.ret2; i++)
		seen.is_zero[i] = pages[i] == zero_page;
	if (seen.ret2 > 0)
		put_user_pages(pages, (u32)seen.ret2);
	none = map_anon(1, 0);
	seen.ret3 = get_user_pages_unlocked(none, 1, 0, pages);
	/* -EINVAL: a pin is never a plain reference too. */
	seen.ret4 = get_user_pages_unlocked(a, 1, FOLL_PIN | FOLL_GET, pages);
}

Test(gup, stops_at_a_vma_it_may_not_access)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(vma_cross_main, NULL);
	cr_assert_eq(seen.ret, NPAGES / 2);
	cr_assert_eq(seen.ret2, NPAGES);
	for (u32 i = 0; i < NPAGES; i++)
		cr_assert_eq(seen.is_zero[i], i >= NPAGES / 2, "page %u", i);
	cr_assert_eq(seen.ret3, -EFAULT);
	cr_assert_eq(seen.ret4, -EINVAL);
	test_shutdown();
}

/*
 * A private read-only mapping of a shared memory object: a write GUP is
 * refused, a forced one (ptrace's) breaks copy-on-write and returns a
 * private anonymous copy of the page-cache page, which is then what the
 * process maps.  A shared read-only mapping cannot be forced.
 */
#define MARKER 0xfeedfaceu

static void force_main(void *arg)
{
	int fd = sys_shm_open("gup-force", PAGE_SIZE);
	vaddr_t ro =
		(vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ, MAP_PRIVATE, fd, 0);
	vaddr_t shared =
		(vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ, MAP_SHARED, fd, 0);
	struct page *cache = NULL, *copy = NULL, *again = NULL;
	struct probe p;

	/* The page-cache page, and something to recognise in a copy. */
	seen.ret = get_user_pages_unlocked(ro, 1, 0, &cache);
	if (seen.ret != 1)
		return;
	seen.cache_page_is_file = cache->mapping &&
				  !test_page_flag(cache, PG_anon);
	kernel_write(cache, MARKER);
	seen.ret2 = get_user_pages_unlocked(ro, 1, FOLL_WRITE, &copy);
	probe_take(&p);
	seen.ret3 =
		get_user_pages_unlocked(ro, 1, FOLL_WRITE | FOLL_FORCE, &copy);
	seen.fault_cow = probe_ev(&p, EV_fault_cow);
	if (seen.ret3 == 1) {
		seen.copy_differs = copy != cache;
		seen.copy_is_anon = test_page_flag(copy, PG_anon) &&
				    !copy->mapping;
		seen.copy_content = kernel_read(copy, 0);
		if (get_user_pages_unlocked(ro, 1, 0, &again) == 1) {
			seen.regot_copy = again == copy;
			put_page(again);
		}
		seen.user_sees = uv_read32(ro);
		put_page(copy);
	}
	put_page(cache);
	seen.ret4 = get_user_pages_unlocked(shared, 1, FOLL_WRITE | FOLL_FORCE,
					    &copy);
}

Test(gup, forced_write_to_read_only_mapping_copies)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(force_main, NULL);
	cr_assert_eq(seen.ret, 1);
	cr_assert(seen.cache_page_is_file);
	cr_assert_eq(seen.ret2, -EFAULT, "write without FOLL_FORCE");
	cr_assert_eq(seen.ret3, 1, "forced write");
	cr_assert_eq(seen.fault_cow, 1);
	cr_assert(seen.copy_differs, "a private copy, not the page-cache page");
	cr_assert(seen.copy_is_anon);
	cr_assert_eq(seen.copy_content, MARKER);
	cr_assert(seen.regot_copy, "the process now maps the copy");
	cr_assert_eq(seen.user_sees, MARKER);
	cr_assert_eq(seen.ret4, -EFAULT, "a shared mapping is not forced");
	test_shutdown();
}

Test(gup, forced_write_on_vivt)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(force_main, NULL);
	cr_assert_eq(seen.ret2, -EFAULT);
	cr_assert_eq(seen.ret3, 1);
	cr_assert_eq(seen.fault_cow, 1);
	cr_assert(seen.copy_differs);
	cr_assert(seen.copy_is_anon);
	cr_assert_eq(seen.copy_content, MARKER);
	cr_assert(seen.regot_copy);
	cr_assert_eq(seen.ret4, -EFAULT);
	test_shutdown();
}

/*
 * HIGHPTE: the slow path maps the PTE page once per page (follow_page),
 * the fast walk once per PTE page: 8 pages inside one PTE page, and 8
 * pages across a 2 MiB boundary (two PTE pages).
 */
static void kmap_count_main(void *arg)
{
	struct page *pages[NPAGES];
	/* Room for a 2 MiB-aligned start and 8 pages past the next one. */
	u32 span = 2 * PTRS_PER_PTE_PAGE + 2 * NPAGES;
	vaddr_t a = map_anon(span, PROT_READ | PROT_WRITE);
	vaddr_t b = (a + PMD_SIZE - 1) & PMD_MASK;
	vaddr_t c = b + PMD_SIZE - NPAGES / 2 * PAGE_SIZE;
	struct probe p;

	fill(b, NPAGES);
	fill(c, NPAGES);

	probe_take(&p);
	seen.ret = get_user_pages_unlocked(b, NPAGES, 0, pages);
	seen.kmaps_slow = probe_ev(&p, EV_pte_page_kmap);
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);

	probe_take(&p);
	seen.ret2 = get_user_pages_fast(b, NPAGES, 0, pages);
	seen.kmaps_fast = probe_ev(&p, EV_pte_page_kmap);
	seen.cc_slow = probe_cc(&p, CC_get_user_pages);
	if (seen.ret2 > 0)
		put_user_pages(pages, (u32)seen.ret2);

	probe_take(&p);
	seen.ret3 = get_user_pages_unlocked(c, NPAGES, 0, pages);
	seen.kmaps_slow_span = probe_ev(&p, EV_pte_page_kmap);
	if (seen.ret3 > 0)
		put_user_pages(pages, (u32)seen.ret3);

	probe_take(&p);
	seen.ret4 = get_user_pages_fast(c, NPAGES, 0, pages);
	seen.kmaps_fast_span = probe_ev(&p, EV_pte_page_kmap);
	if (seen.ret4 > 0)
		put_user_pages(pages, (u32)seen.ret4);
}

static void assert_kmap_counts(u64 slow, u64 fast, u64 slow_span, u64 fast_span)
{
	cr_assert_eq(seen.ret, NPAGES);
	cr_assert_eq(seen.ret2, NPAGES);
	cr_assert_eq(seen.ret3, NPAGES);
	cr_assert_eq(seen.ret4, NPAGES);
	cr_assert_eq(seen.cc_slow, 0, "all present: no slow path");
	cr_assert_eq(seen.kmaps_slow, slow, "slow: %llu kmaps",
		     (unsigned long long)seen.kmaps_slow);
	cr_assert_eq(seen.kmaps_fast, fast, "fast: %llu kmaps",
		     (unsigned long long)seen.kmaps_fast);
	cr_assert_eq(seen.kmaps_slow_span, slow_span);
	cr_assert_eq(seen.kmaps_fast_span, fast_span);
}

Test(gup, highpte_slow_kmaps_per_page_fast_per_pte_page)
{
	/* x86-3x: the fast walk exists from 2.6.27. */
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "flavour=x86-3x", "cpus=1");
	test_run_process(kmap_count_main, NULL);
	assert_kmap_counts(NPAGES, 1, NPAGES, 2);
	test_shutdown();
}

Test(gup, no_highpte_no_kmaps)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=n", "flavour=x86-3x", "cpus=1");
	test_run_process(kmap_count_main, NULL);
	assert_kmap_counts(0, 0, 0, 0);
	test_shutdown();
}

/*
 * x86 got the lockless walk with arch/x86/mm/gup.c in 2.6.27: the x86-2.6
 * flavour (the NUMA-Q's 2.5.73) has only get_user_pages under mmap_sem,
 * so "fast" GUP maps the PTE page once per page, as the slow path does.
 */
Test(gup, x86_26_has_no_fast_walk)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=1");
	test_run_process(kmap_count_main, NULL);
	cr_assert_eq(seen.ret2, NPAGES);
	cr_assert_eq(seen.ret4, NPAGES);
	cr_assert_eq(seen.kmaps_fast, NPAGES);
	cr_assert_eq(seen.kmaps_fast_span, NPAGES);
	cr_assert_gt(seen.cc_slow, 0, "get_user_pages_fast is the slow path");
	test_shutdown();
}

/* ARM with LPAE selects HAVE_FAST_GUP. */
Test(gup, lpae_arm_has_the_fast_walk)
{
	TEST_BOOT("cortex-a15-2g", "CONFIG_ARM_LPAE=y", "CONFIG_HIGHPTE=y");
	test_run_process(kmap_count_main, NULL);
	assert_kmap_counts(NPAGES, 1, NPAGES, 2);
	test_shutdown();
}

/*
 * The fast walk stops at the first page it cannot take (absent here) and
 * leaves the rest to the slow path, which faults it in.
 */
static void fast_fallback_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);
	struct probe p;

	fill(a, NPAGES / 2);
	probe_take(&p);
	seen.ret = get_user_pages_fast(a, NPAGES, FOLL_WRITE, pages);
	seen.fault_anon = probe_ev(&p, EV_fault_anon);
	seen.cc_slow = probe_cc(&p, CC_get_user_pages);
	seen.cc_fast = probe_cc(&p, CC_get_user_pages_fast);
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++) {
		seen.pfn_gup[i] = page_to_pfn(pages[i]);
		seen.pfn_follow[i] = pfn_at(a + i * PAGE_SIZE);
	}
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);
}

Test(gup, fast_leaves_absent_pages_to_the_slow_path)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "flavour=x86-3x", "cpus=1");
	test_run_process(fast_fallback_main, NULL);
	cr_assert_eq(seen.ret, NPAGES);
	cr_assert_eq(seen.fault_anon, NPAGES / 2);
	cr_assert_gt(seen.cc_fast, 0);
	cr_assert_gt(seen.cc_slow, 0);
	for (u32 i = 0; i < NPAGES; i++)
		cr_assert_eq(seen.pfn_gup[i], seen.pfn_follow[i]);
	test_shutdown();
}

/*
 * Classic ARM has no HAVE_FAST_GUP: get_user_pages_fast takes mmap_sem
 * and the PTE lock, and costs what get_user_pages_unlocked costs.  On the
 * VIVT Feroceon each page also gets flush_anon_page (the user alias, then
 * page_address(): the direct map of a lowmem page, and for an unmapped
 * highmem page NULL, so 4 KiB at VA 0, as Linux does) and
 * flush_dcache_page (a lowmem page's kernel alias again); every HIGHPTE
 * kunmap_atomic flushes its slot.
 */
static void classic_arm_main(void *arg)
{
	struct mm_struct *mm = current->mm;
	u32 lines = PAGE_SIZE / platform()->hw.l1d.line;
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);
	u64 sem_before, ptl_before;
	struct probe p;

	dirty_user_lines(a, NPAGES);

	sem_before = mm->mmap_sem.read_free_at;
	ptl_before = mm->page_table_lock.acquired_at;
	probe_take(&p);
	seen.ret = get_user_pages_fast(a, NPAGES, 0, pages);
	seen.kmaps_fast = probe_ev(&p, EV_pte_page_kmap);
	seen.cc_slow = probe_cc(&p, CC_get_user_pages);
	seen.cc_fast = probe_cc(&p, CC_get_user_pages_fast);
	seen.flushed = probe_ev(&p, EV_dcache_lines_flushed);
	seen.sem_used = mm->mmap_sem.read_free_at > sem_before;
	seen.ptl_used = mm->page_table_lock.acquired_at > ptl_before;
	seen.flushed_expected = seen.kmaps_fast * lines;
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++) {
		seen.flushed_expected +=
			lines * (PageHighMem(pages[i]) ? 2 : 3);
		seen.content[i] = kernel_read(pages[i], word_offset(i));
	}
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);

	probe_take(&p);
	seen.ret2 = get_user_pages_unlocked(a, NPAGES, 0, pages);
	seen.kmaps_slow = probe_ev(&p, EV_pte_page_kmap);
	seen.cc_slow2 = probe_cc(&p, CC_get_user_pages);
	if (seen.ret2 > 0)
		put_user_pages(pages, (u32)seen.ret2);
}

Test(gup, classic_arm_fast_is_the_slow_path)
{
	TEST_BOOT("kirkwood-openblocks-a7", "CONFIG_HIGHPTE=y");
	test_run_process(classic_arm_main, NULL);
	cr_assert_eq(seen.ret, NPAGES);
	cr_assert_eq(seen.ret2, NPAGES);
	cr_assert_eq(seen.cc_fast, 0, "no fast walk on classic ARM");
	cr_assert_gt(seen.cc_slow, 0);
	cr_assert(seen.sem_used, "mmap_sem taken");
	cr_assert(seen.ptl_used, "page_table_lock taken");
	cr_assert_eq(seen.kmaps_fast, NPAGES, "HIGHPTE: a kmap per page");
	cr_assert_eq(seen.kmaps_fast, seen.kmaps_slow);
	cr_assert_eq(seen.flushed, seen.flushed_expected,
		     "%llu lines flushed, expected %llu",
		     (unsigned long long)seen.flushed,
		     (unsigned long long)seen.flushed_expected);
	for (u32 i = 0; i < NPAGES; i++)
		cr_assert_eq(seen.content[i], pattern(i));
	test_shutdown();
}

/* A pin is GUP_PIN_COUNTING_BIAS references; unpin gives them back. */
static void pin_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);

	fill(a, NPAGES);
	for (u32 i = 0; i < NPAGES; i++)
		seen.count_before[i] =
			page_count(pfn_to_page(pfn_at(a + i * PAGE_SIZE)));
	seen.ret = pin_user_pages(a, NPAGES, FOLL_WRITE, pages);
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++)
		seen.count_held[i] = page_count(pages[i]);
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++) {
		unpin_user_page(pages[i]);
		seen.count_after[i] = page_count(pages[i]);
	}
	seen.ret2 = pin_user_pages(a, 1, FOLL_GET, pages);
}

static void assert_pin(void)
{
	cr_assert_eq(seen.ret, NPAGES);
	for (u32 i = 0; i < NPAGES; i++) {
		cr_assert_eq(seen.count_held[i],
			     seen.count_before[i] + GUP_PIN_COUNTING_BIAS,
			     "page %u: %d -> %d", i, seen.count_before[i],
			     seen.count_held[i]);
		cr_assert_eq(seen.count_after[i], seen.count_before[i]);
	}
	cr_assert_eq(seen.ret2, -EINVAL);
}

Test(gup, pin_adds_the_bias_and_unpin_removes_it)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(pin_main, NULL);
	assert_pin();
	test_shutdown();
}

Test(gup, pin_on_classic_arm_slow_path)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(pin_main, NULL);
	assert_pin();
	test_shutdown();
}

/*
 * A page unmapped while pinned lives on in the pin; unpin frees it, so
 * the end-of-run audit finds nothing leaked.
 */
static void pin_unmap_main(void *arg)
{
	struct page *page;
	vaddr_t a = map_anon(1, PROT_READ | PROT_WRITE);

	fill(a, 1);
	seen.ret = pin_user_pages(a, 1, FOLL_WRITE, &page);
	if (seen.ret != 1)
		return;
	sys_munmap(a, PAGE_SIZE);
	seen.count_held[0] = page_count(page);
	unpin_user_page(page);
}

Test(gup, unpin_of_an_unmapped_page_frees_it)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(pin_unmap_main, NULL);
	cr_assert_eq(seen.ret, 1);
	cr_assert_eq(seen.count_held[0], GUP_PIN_COUNTING_BIAS);
	test_shutdown();
}

Test(gup, unpin_of_a_page_not_pinned_panics)
{
	struct page *page;

	TEST_BOOT("numaq-16", "cpus=1");
	page = alloc_page(GFP_KERNEL);
	cr_assert(page);
	EXPECT_PANIC("unpin_user_page", { unpin_user_page(page); });
}

/* get_user_pages checks its caller holds mmap_sem. */
Test(gup, get_user_pages_without_mmap_sem_panics)
{
	struct mm_struct *mm;
	struct page *page;

	TEST_BOOT("numaq-16", "cpus=1");
	mm = mm_alloc();
	cr_assert(mm);
	EXPECT_PANIC("mmap_sem not held",
		     { get_user_pages(mm, 0x10000, 1, 0, &page); });
	/* Its pgd went with the abandoned machine; the host struct is ours. */
	free(mm);
}

/*
 * The BeagleBone's A8 is VIPT non-aliasing and its 5.7 kernel's
 * flush_dcache_page returns at once there (clearing PG_dcache_clean);
 * __flush_anon_page does nothing on such a cache.  GUP flushes no line:
 * before, the model cleaned and invalidated each page's 64 lines.
 */
static void nonaliasing_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);
	struct probe p;

	fill(a, NPAGES);
	probe_take(&p);
	seen.ret = get_user_pages_fast(a, NPAGES, 0, pages);
	seen.flushed = probe_ev(&p, EV_dcache_lines_flushed);
	seen.cc_slow = probe_cc(&p, CC___cpuc_flush_dcache_area);
	for (u32 i = 0; i < NPAGES && i < seen.ret; i++) {
		seen.dcache_clean[i] =
			test_page_flag(pages[i], PG_dcache_clean);
		seen.content[i] = kernel_read(pages[i], word_offset(i));
	}
	if (seen.ret > 0)
		put_user_pages(pages, (u32)seen.ret);
}

Test(gup, vipt_nonaliasing_flushes_nothing)
{
	TEST_BOOT("beaglebone-white");
	test_run_process(nonaliasing_main, NULL);
	cr_assert_eq(seen.ret, NPAGES);
	cr_assert_eq(seen.flushed, 0, "%llu lines flushed",
		     (unsigned long long)seen.flushed);
	cr_assert_eq(seen.cc_slow, 0, "__cpuc_flush_dcache_area ran");
	for (u32 i = 0; i < NPAGES; i++) {
		cr_assert_not(seen.dcache_clean[i]);
		cr_assert_eq(seen.content[i], pattern(i));
	}
	test_shutdown();
}

/*
 * Every reference GUP takes and every put is one atomic on _refcount
 * (page_ref_inc / page_ref_add for a pin, put_page_testzero /
 * page_ref_sub_and_test): one page_ref event and CODE_page_ref cycles
 * each.  The pages stay mapped, so no put frees one.
 */
static u64 ref_get, ref_put, ref_pin, ref_unpin;

static void page_ref_main(void *arg)
{
	struct page *pages[NPAGES];
	vaddr_t a = map_anon(NPAGES, PROT_READ | PROT_WRITE);
	struct probe p;

	fill(a, NPAGES);
	probe_take(&p);
	seen.ret = get_user_pages_fast(a, NPAGES, 0, pages);
	ref_get = probe_ev(&p, EV_page_ref);
	probe_take(&p);
	put_user_pages(pages, NPAGES);
	ref_put = probe_ev(&p, EV_page_ref);
	probe_take(&p);
	seen.ret2 = pin_user_pages(a, NPAGES, 0, pages);
	ref_pin = probe_ev(&p, EV_page_ref);
	probe_take(&p);
	for (u32 i = 0; i < NPAGES; i++)
		unpin_user_page(pages[i]);
	ref_unpin = probe_ev(&p, EV_page_ref);
}

Test(gup, each_reference_is_one_atomic)
{
	TEST_BOOT("numaq-16", "flavour=x86-3x", "cpus=1");
	test_run_process(page_ref_main, NULL);
	cr_assert_eq(seen.ret, NPAGES);
	cr_assert_eq(seen.ret2, NPAGES);
	cr_assert_eq(ref_get, NPAGES);
	cr_assert_eq(ref_put, NPAGES);
	cr_assert_eq(ref_pin, NPAGES);
	cr_assert_eq(ref_unpin, NPAGES);
	test_shutdown();
}
