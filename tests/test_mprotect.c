// SPDX-License-Identifier: GPL-2.0-only
/*
 * mprotect (mm/mprotect.c): the VMA splits at the range's ends and 2.6.0's
 * merges, exactly the range's PTEs changed, the faults and -EFAULTs that
 * follow, PROT_NONE, the kmaps of the PTE walk under HIGHPTE, and the
 * errors.  Code inside a process records what it sees; the tests assert
 * after, and the end-of-run audit (rmap, the VMAs' offsets, leaks) runs at
 * every test_shutdown.
 */
#include "helpers.h"

#include <errno.h>

#include "arch/layout.h"
#include "arch/pgtable.h"
#include "kernel/exit.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/internal.h"
#include "mm/mm.h"

#define PAGES 8

static struct {
	vaddr_t map;
	int ret[8];
	u32 nr_vmas, vma_start[4], vma_end[4], vma_flags[4];
	u64 pte_before[PAGES], pte_after[PAGES];
	u64 kmaps, pte_kmaps, pte_writes, tlb_inv;
	u32 value;
	int child_status;
} seen;

/* The Linux PTE of @addr in the current mm, read physically (uncharged). */
static u64 raw_pte(vaddr_t addr)
{
	unsigned long pfn = pgtable->pmd_pfn_phys(current->mm->pgd, addr);
	phys_addr_t pa;

	if (!pfn)
		return 0;
	pa = ((phys_addr_t)pfn << PAGE_SHIFT) + pte_offset_in_page(addr);
	return pgtable->pte_size == 8 ? ram_read64(&machine->ram, pa) :
					ram_read32(&machine->ram, pa);
}

/* The VMAs that meet [start, end). */
static void record_vmas(vaddr_t start, vaddr_t end)
{
	seen.nr_vmas = 0;
	for (struct vm_area_struct *v = current->mm->mmap; v; v = v->vm_next) {
		if (v->vm_end <= start || v->vm_start >= end)
			continue;
		if (seen.nr_vmas < 4) {
			seen.vma_start[seen.nr_vmas] = v->vm_start - start;
			seen.vma_end[seen.nr_vmas] = v->vm_end - start;
			seen.vma_flags[seen.nr_vmas] = v->vm_flags;
		}
		seen.nr_vmas++;
	}
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

static void middle_main(void *arg)
{
	seen.map = map_written(PAGES);
	for (u32 i = 0; i < PAGES; i++)
		seen.pte_before[i] = raw_pte(seen.map + i * PAGE_SIZE);
	seen.ret[0] = sys_mprotect(seen.map + 3 * PAGE_SIZE, 3 * PAGE_SIZE,
				   PROT_READ);
	for (u32 i = 0; i < PAGES; i++)
		seen.pte_after[i] = raw_pte(seen.map + i * PAGE_SIZE);
	record_vmas(seen.map, seen.map + PAGES * PAGE_SIZE);
	seen.value = uv_read32(seen.map + 4 * PAGE_SIZE);
	sys_exit(0);
}

static void expect_middle(void)
{
	const u32 rw = VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE |
		       VM_MAYEXEC;

	cr_assert_eq(seen.ret[0], 0);
	cr_assert_eq(seen.nr_vmas, 3);
	cr_assert_eq(seen.vma_start[0], 0);
	cr_assert_eq(seen.vma_end[0], 3 * PAGE_SIZE);
	cr_assert_eq(seen.vma_start[1], 3 * PAGE_SIZE);
	cr_assert_eq(seen.vma_end[1], 6 * PAGE_SIZE);
	cr_assert_eq(seen.vma_end[2], 8 * PAGE_SIZE);
	cr_assert_eq(seen.vma_flags[0], rw);
	cr_assert_eq(seen.vma_flags[1], rw & ~VM_WRITE);
	cr_assert_eq(seen.vma_flags[2], rw);
	for (u32 i = 0; i < PAGES; i++) {
		pte_t before = { seen.pte_before[i] },
		      after = { seen.pte_after[i] };

		cr_assert(pte_write(before), "page %u was written", i);
		if (i < 3 || i >= 6) {
			cr_assert_eq(seen.pte_after[i], seen.pte_before[i],
				     "page %u is outside the range", i);
			continue;
		}
		cr_assert(!pte_write(after), "page %u read-only", i);
		cr_assert_eq(pte_pfn(after), pte_pfn(before));
		cr_assert(pte_present(after) && pte_dirty(after));
		cr_assert_eq(pte_modify_flags(after, _PROT_WRITE, 0).pte,
			     seen.pte_before[i], "only the write bit changed");
	}
	cr_assert_eq(seen.value, 104);
}

/* Three pages in the middle of eight: three VMAs, three PTEs changed. */
Test(mprotect, middle_of_a_vma_splits_it_in_three)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(middle_main, NULL);
	expect_middle();
	test_shutdown();
}

Test(mprotect, middle_of_a_vma_on_arm_lpae_objrmap)
{
	TEST_BOOT("cortex-a15-2g", "CONFIG_ARM_LPAE=y", "CONFIG_HIGHPTE=y");
	test_run_process(middle_main, NULL);
	expect_middle();
	test_shutdown();
}

Test(mprotect, middle_of_a_vma_on_the_vivt_kirkwood)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(middle_main, NULL);
	expect_middle();
	test_shutdown();
}

static void write_ro_child(void *arg)
{
	sys_mprotect(seen.map, PAGE_SIZE, PROT_READ);
	seen.value = uv_read32(seen.map); /* reading is fine */
	uv_write32(seen.map, 1); /* SIGSEGV */
	seen.ret[1] = 1; /* not reached */
	sys_exit(0);
}

static void write_ro_main(void *arg)
{
	int pid;

	seen.map = map_written(1);
	pid = sys_fork(write_ro_child, NULL);
	sys_wait4(pid, &seen.child_status);
	/* The parent's own mapping is still writable. */
	uv_write32(seen.map, 7);
	seen.ret[0] = (int)uv_read32(seen.map);
	sys_exit(0);
}

Test(mprotect, a_write_after_prot_read_is_sigsegv)
{
	TEST_BOOT("beaglebone-white");
	test_run_process(write_ro_main, NULL);
	cr_assert_eq(seen.value, 100);
	cr_assert_eq(seen.ret[1], 0);
	cr_assert_eq(seen.child_status, SIGSEGV);
	cr_assert_eq(exit_stats.killed_by_sigsegv, 1);
	cr_assert_eq(seen.ret[0], 7);
	test_shutdown();
}

static void none_child(void *arg)
{
	uv_read32(seen.map); /* PROT_NONE: SIGSEGV */
	sys_exit(0);
}

/*
 * PROT_NONE keeps the pages (present to Linux, no access in hardware): a
 * read faults, a system call's copy gets -EFAULT, and after PROT_READ the
 * data is there.
 */
static void none_main(void *arg)
{
	int pid;

	seen.map = map_written(2);
	seen.ret[0] = sys_mprotect(seen.map, 2 * PAGE_SIZE, 0);
	seen.pte_after[0] = raw_pte(seen.map);
	seen.ret[1] = (int)sys_uname(seen.map);
	pid = sys_fork(none_child, NULL);
	sys_wait4(pid, &seen.child_status);
	seen.ret[2] = sys_mprotect(seen.map, 2 * PAGE_SIZE, PROT_READ);
	seen.value = uv_read32(seen.map + PAGE_SIZE);
	sys_exit(0);
}

static void expect_none(void)
{
	pte_t none = { seen.pte_after[0] };

	cr_assert_eq(seen.ret[0], 0);
	cr_assert(pte_present(none));
	cr_assert(!(pte_pgprot(none).flags & (_PROT_USER | _PROT_WRITE)));
	cr_assert(pte_pgprot(none).flags & _PROT_NONE);
	cr_assert_eq(seen.ret[1], -EFAULT);
	cr_assert_eq(seen.child_status, SIGSEGV);
	cr_assert_eq(seen.ret[2], 0);
	cr_assert_eq(seen.value, 101);
}

Test(mprotect, prot_none_on_x86_pae)
{
	TEST_BOOT("numaq-16", "cpus=2");
	test_run_process(none_main, NULL);
	expect_none();
	test_shutdown();
}

Test(mprotect, prot_none_on_arm_2level)
{
	TEST_BOOT("beaglebone-black");
	test_run_process(none_main, NULL);
	expect_none();
	test_shutdown();
}

Test(mprotect, prot_none_on_arm_lpae)
{
	TEST_BOOT("cortex-a15-2g", "CONFIG_ARM_LPAE=y");
	test_run_process(none_main, NULL);
	expect_none();
	test_shutdown();
}

/* One PTE page's worth of mprotect under HIGHPTE. */
static void kmap_main(void *arg)
{
	struct probe p;

	seen.map = map_written(PAGES);
	probe_take(&p);
	seen.ret[0] = sys_mprotect(seen.map, PAGES * PAGE_SIZE, PROT_READ);
	seen.pte_kmaps = probe_ev(&p, EV_pte_page_kmap);
	seen.kmaps = probe_ev(&p, EV_kmap_atomic);
	seen.pte_writes = probe_ev(&p, EV_pte_write);
	seen.tlb_inv = probe_ev(&p, EV_tlb_flush_mm);
	sys_exit(0);
}

/*
 * change_pte_range maps the PTE page once (pte_offset_map, KM_PTE0): one
 * kmap_atomic, its fixmap PTE one store; every present PTE is cleared and
 * stored again (two PTE writes); the i386 flush_tlb_range is a
 * flush_tlb_mm.
 */
Test(mprotect, one_pte_page_costs_one_kmap_atomic_under_highpte)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=1");
	test_run_process(kmap_main, NULL);
	cr_assert_eq(seen.ret[0], 0);
	cr_assert_eq(seen.pte_kmaps, 1);
	cr_assert_eq(seen.kmaps, 1);
	cr_assert_eq(seen.pte_writes, 2 * PAGES + 1);
	cr_assert_eq(seen.tlb_inv, 1);
	test_shutdown();
}

Test(mprotect, no_kmap_without_highpte)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=n", "cpus=1");
	test_run_process(kmap_main, NULL);
	cr_assert_eq(seen.pte_kmaps, 0);
	cr_assert_eq(seen.kmaps, 0);
	cr_assert_eq(seen.pte_writes, 2 * PAGES);
	test_shutdown();
}

/* Back to the old protection: 2.6.0 merges the three VMAs into one. */
static void merge_main(void *arg)
{
	seen.map = map_written(PAGES);
	seen.ret[0] = sys_mprotect(seen.map + 3 * PAGE_SIZE, 3 * PAGE_SIZE,
				   PROT_READ);
	seen.ret[1] = sys_mprotect(seen.map + 3 * PAGE_SIZE, 3 * PAGE_SIZE,
				   PROT_READ | PROT_WRITE);
	record_vmas(seen.map, seen.map + PAGES * PAGE_SIZE);
	/* A write to a page made writable again: the fault reuses it. */
	uv_write32(seen.map + 4 * PAGE_SIZE, 9);
	seen.value = uv_read32(seen.map + 4 * PAGE_SIZE);
	sys_exit(0);
}

static void expect_merged(void)
{
	cr_assert_eq(seen.ret[0], 0);
	cr_assert_eq(seen.ret[1], 0);
	cr_assert_eq(seen.nr_vmas, 1);
	cr_assert_eq(seen.vma_start[0], 0);
	cr_assert_eq(seen.vma_end[0], PAGES * PAGE_SIZE);
	cr_assert_eq(seen.value, 9);
}

Test(mprotect, restoring_the_protection_merges_back_pte_chain)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y", "cpus=1");
	test_run_process(merge_main, NULL);
	expect_merged();
	test_shutdown();
}

Test(mprotect, restoring_the_protection_merges_back_objrmap)
{
	TEST_BOOT("beaglebone-white", "CONFIG_HIGHPTE=y");
	test_run_process(merge_main, NULL);
	expect_merged();
	test_shutdown();
}

static void errors_main(void *arg)
{
	static const char path[] = "/tmp/ro";
	vaddr_t name, file;
	int fd;

	seen.map = map_written(2);
	seen.ret[0] = sys_mprotect(seen.map + 1, PAGE_SIZE, PROT_READ);
	seen.ret[1] = sys_mprotect(seen.map, PAGE_SIZE, 0x10);
	/*
	 * A hole after the first page: -ENOMEM, but as in Linux the VMAs
	 * before the hole have changed already.
	 */
	sys_munmap(seen.map + PAGE_SIZE, PAGE_SIZE);
	seen.ret[2] = sys_mprotect(seen.map, 2 * PAGE_SIZE, PROT_READ);
	seen.ret[3] = sys_mprotect(seen.map, 0, PROT_READ);
	record_vmas(seen.map, seen.map + PAGE_SIZE);
	/* A file opened read-only, mapped shared: never writable. */
	name = map_written(1);
	uv_write(name, path, sizeof(path));
	fd = sys_open(name, O_RDWR | O_CREAT);
	sys_ftruncate(fd, PAGE_SIZE);
	sys_close(fd);
	fd = sys_open(name, O_RDONLY);
	file = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ, MAP_SHARED, fd, 0);
	seen.ret[4] = sys_mprotect(file, PAGE_SIZE, PROT_READ | PROT_WRITE);
	seen.ret[5] = sys_mprotect(file, PAGE_SIZE, PROT_READ | PROT_EXEC);
	/* ... but a private mapping of it may be written (copy on write). */
	file = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ, MAP_PRIVATE, fd, 0);
	seen.ret[6] = sys_mprotect(file, PAGE_SIZE, PROT_READ | PROT_WRITE);
	uv_write32(file, 5);
	seen.value = uv_read32(file);
	sys_exit(0);
}

Test(mprotect, errors_as_linux)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(errors_main, NULL);
	cr_assert_eq(seen.ret[0], -EINVAL, "unaligned start");
	cr_assert_eq(seen.ret[1], -EINVAL, "an unknown prot bit");
	cr_assert_eq(seen.ret[2], -ENOMEM, "a hole in the range");
	cr_assert_eq(seen.vma_flags[0] & (VM_READ | VM_WRITE), VM_READ);
	cr_assert_eq(seen.ret[3], 0, "an empty range");
	cr_assert_eq(seen.ret[4], -EACCES, "shared, read-only file");
	cr_assert_eq(seen.ret[5], 0);
	cr_assert_eq(seen.ret[6], 0);
	cr_assert_eq(seen.value, 5);
	test_shutdown();
}
