// SPDX-License-Identifier: GPL-2.0-only
/*
 * try_to_unmap across processes: a shared file page mapped by three
 * processes loses all three PTEs; under HIGHPTE every chain entry is
 * reached through its own kmap (rmap_ptep_map), without it through none.
 * Under objrmap the file's VMAs holding the page are walked instead, each
 * PTE page mapped once to look the PTE up (page_check_address); a fourth
 * VMA of the file that does not hold the page is not visited.
 */
#include "helpers.h"

#include "kernel/lock.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/mm.h"
#include "mm/rmap.h"

#define FLAGS 4096u	/* offset of the flags page in the region */

static struct {
	vaddr_t region;
	u32 rmap_before;
	int ret;
	bool mapped_after;
	u64 kmaps, tlb_flushes;
	u32 refaults;
	u32 child_saw[2];
} seen;

static void wait_flag(vaddr_t addr, u32 want)
{
	while (uv_read32(addr) != want)
		user_compute(5000);
}

static void child(void *arg)
{
	u32 id = (u32)(unsigned long)arg;

	uv_read32(seen.region);			/* map page 0 */
	uv_write32(seen.region + FLAGS + 4 * (id + 1), 1);
	wait_flag(seen.region + FLAGS, 1);	/* "go" */
	seen.child_saw[id] = uv_read32(seen.region);	/* refault */
	sys_exit(0);
}

static void parent(void *arg)
{
	int fd = sys_shm_open("unmap-test", 2 * 4096);
	int pids[2];
	struct probe p;
	struct page *page;
	struct mm_struct *mm = current->mm;

	seen.region = (vaddr_t)sys_mmap(0, 2 * 4096, PROT_READ | PROT_WRITE,
					MAP_SHARED, fd, 0);
	/* The flags page again, alone: in i_mmap, but not over page 0. */
	uv_read32((vaddr_t)sys_mmap(0, 4096, PROT_READ, MAP_SHARED, fd, 1));
	uv_write32(seen.region, 0xabcd);
	for (u32 i = 0; i < 2; i++)
		pids[i] = sys_fork(child, (void *)(unsigned long)i);
	wait_flag(seen.region + FLAGS + 4, 1);
	wait_flag(seen.region + FLAGS + 8, 1);
	/* Kernel side, as reclaim would do it. */
	spin_lock(&mm->page_table_lock);
	page = follow_page(mm, seen.region, false, true);
	spin_unlock(&mm->page_table_lock);
	seen.rmap_before = page_mapcount(page);
	probe_take(&p);
	seen.ret = try_to_unmap(page);
	seen.kmaps = probe_ev(&p, EV_kmap_atomic);
	seen.tlb_flushes = probe_ev(&p, EV_tlb_flush_page);
	seen.mapped_after = page_mapped(page);
	put_page(page);
	probe_take(&p);
	uv_write32(seen.region + FLAGS, 1);	/* go */
	for (u32 i = 0; i < 2; i++)
		sys_wait4(pids[i], NULL);
	seen.refaults = (u32)probe_ev(&p, EV_fault_file);
	sys_exit(0);
}

static void run(const char *highpte, const char *rmap)
{
	TEST_BOOT("numaq-16", highpte, rmap, "cpus=4");
	test_run_process(parent, NULL);
	cr_assert_eq(seen.rmap_before, 3);
	cr_assert_eq(seen.ret, SWAP_SUCCESS);
	cr_assert(!seen.mapped_after);
	cr_assert_eq(seen.tlb_flushes, 3);
	cr_assert_eq(seen.child_saw[0], 0xabcd);
	cr_assert_eq(seen.child_saw[1], 0xabcd);
	/* Both children fault the page back in (the parent does not). */
	cr_assert_eq(seen.refaults, 2);
}

Test(rmap_unmap, highpte_kmaps_every_entry)
{
	run("CONFIG_HIGHPTE=y", "rmap=pte-chain");
	cr_assert_eq(seen.kmaps, 3);
	test_shutdown();
}

Test(rmap_unmap, lowmem_page_tables_need_no_kmap)
{
	run("CONFIG_HIGHPTE=n", "rmap=pte-chain");
	cr_assert_eq(seen.kmaps, 0);
	test_shutdown();
}

Test(rmap_unmap, objrmap_kmaps_each_vma_holding_the_page)
{
	run("CONFIG_HIGHPTE=y", "rmap=objrmap");
	cr_assert_eq(seen.kmaps, 3);
	test_shutdown();
}

Test(rmap_unmap, objrmap_lowmem_page_tables_need_no_kmap)
{
	run("CONFIG_HIGHPTE=n", "rmap=objrmap");
	cr_assert_eq(seen.kmaps, 0);
	test_shutdown();
}
