// SPDX-License-Identifier: GPL-2.0-only
/*
 * The mm audit (mm/audit.c): the exit audit, which checks each present PTE
 * in O(1) against the rmap shadow, and the end-of-run audit, which walks
 * every pte_chain and holds the shadow to it.  Each checker is shown to
 * pass on a consistent address space and to fire on an injected fault: a
 * PTE missing from the rmap, a PTE recorded twice, a wrong _mapcount, too
 * few references, a PTE outside every VMA, overlapping VMAs, and chains
 * that disagree with the shadow.
 *
 * The address spaces are built from the test's own context, the way fork
 * builds them: a parent mm with anonymous pages faulted in for writing,
 * and a child from dup_mmap, so every page is mapped twice and has a
 * two-entry pte_chain.  A run that panics abandons the machine; the host
 * side of the mms (the structs and their VMAs) is freed by the test.
 */
#include "helpers.h"

#include <stdlib.h>

#include "arch/layout.h"
#include "mm/audit.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/internal.h"
#include "mm/mm.h"
#include "mm/rmap.h"
#include "mm/rmap_hint.h"
#include "mm/rmap_shadow.h"

#define NPAGES 4

struct two_mms {
	struct mm_struct *parent, *child;
	vaddr_t a; /* NPAGES anonymous pages, in both */
};

/* The parent maps and writes NPAGES pages; the child is its fork. */
static void two_mms_create(struct two_mms *t)
{
	struct vm_area_struct *vma;

	/* No split PTE locks: their host locks would outlive a panic. */
	cr_assert(!split_ptlock());
	t->parent = mm_alloc();
	cr_assert(t->parent);
	t->a = (vaddr_t)do_mmap(t->parent, 0, NPAGES * PAGE_SIZE,
				VM_READ | VM_WRITE, NULL, 0);
	cr_assert(t->a && !(t->a & ~PAGE_MASK));
	vma = find_vma(t->parent, t->a);
	down_read(&t->parent->mmap_sem);
	for (u32 i = 0; i < NPAGES; i++)
		cr_assert_eq(handle_mm_fault(t->parent, vma,
					     t->a + i * PAGE_SIZE, true),
			     VM_FAULT_MINOR);
	up_read(&t->parent->mmap_sem);
	cr_assert_eq(t->parent->rss, NPAGES);
	t->child = mm_alloc();
	cr_assert(t->child);
	cr_assert_eq(dup_mmap(t->child, t->parent), 0);
	cr_assert_eq(t->child->rss, NPAGES);
}

/* Tear both down the way exit does, then shut down with every check. */
static void two_mms_destroy(struct two_mms *t)
{
	mmput(t->child);
	mmput(t->parent);
	test_shutdown();
}

/* After a panic: the machine is gone, the host structs are ours. */
static void free_host_mm(struct mm_struct *mm)
{
	struct vm_area_struct *v = mm->mmap, *next;

	for (; v; v = next) {
		next = v->vm_next;
		free(v);
	}
	free(mm);
}

static void two_mms_free(struct two_mms *t)
{
	free_host_mm(t->child);
	free_host_mm(t->parent);
}

/* The page @mm maps at @addr, and the pte_addr_t of its PTE. */
static struct page *mapped_page(struct mm_struct *mm, vaddr_t addr,
				pte_addr_t *pa)
{
	vaddr_t ptep = pte_offset_map(mm, addr);
	pte_t pte;

	cr_assert(ptep);
	pte = ptep_get(ptep);
	cr_assert(pte_present(pte));
	if (pa)
		*pa = ptep_to_paddr(ptep);
	pte_unmap(ptep);
	return pte_page(pte);
}

/* The audits pass on the consistent pair, each page on a 2-entry chain. */
static void consistent_case(void)
{
	struct two_mms t;

	two_mms_create(&t);
	for (u32 i = 0; i < NPAGES; i++) {
		pte_addr_t pp, pc;
		struct page *page =
			mapped_page(t.parent, t.a + i * PAGE_SIZE, &pp);

		cr_assert_eq(mapped_page(t.child, t.a + i * PAGE_SIZE, &pc),
			     page);
		cr_assert_neq(pp, pc);
		cr_assert_eq(page_mapcount(page), 2);
		cr_assert_eq(page_rmap_count(page), 2);
		cr_assert_eq(rmap_shadow_page_count(page), 2);
		cr_assert_eq(rmap_shadow_lookup(page, pp), 1);
		cr_assert_eq(rmap_shadow_lookup(page, pc), 1);
	}
	mm_audit_before_exit(t.child);
	mm_audit_before_exit(t.parent);
	mm_audit_pages();
	two_mms_destroy(&t);
}

/*
 * Many forks of one parent: each page's chain runs over several blocks,
 * and the forks go in an order that frees blocks at the head and moves
 * entries from the middle.  With the chains live, every page's hints must
 * follow its chain (the audit holds them to it), on each layout of a
 * block: i386 4- and 8-byte entries, ARM 4-byte, LPAE 8-byte after a hole.
 */
#define NFORKS 40

static void many_forks_case(void)
{
	struct two_mms t;
	struct mm_struct *fork[NFORKS];
	u32 blocks = 0;

	two_mms_create(&t);
	for (u32 i = 0; i < NFORKS; i++) {
		fork[i] = mm_alloc();
		cr_assert(fork[i]);
		cr_assert_eq(dup_mmap(fork[i], t.parent), 0);
	}
	/* Every third fork exits, oldest first: entries deep in the chain. */
	for (u32 i = 0; i < NFORKS; i += 3) {
		mmput(fork[i]);
		fork[i] = NULL;
	}
	for (u32 i = 0; i < NPAGES; i++) {
		struct page *page = mapped_page(t.parent, t.a + i * PAGE_SIZE,
						NULL);

		cr_assert_eq(page_mapcount(page), 2 + NFORKS - 14);
		cr_assert(rmap_hints_follow_chain(page), "page %u", i);
		blocks += chain_hint_of(page)->nr;
	}
	/* 28 entries a page: at least two blocks each whatever NRPTE is. */
	cr_assert_geq(blocks, 2 * NPAGES);
	mm_audit_pages();
	for (u32 i = 0; i < NFORKS; i++)
		if (fork[i])
			mmput(fork[i]);
	two_mms_destroy(&t);
}

Test(audit, hints_follow_live_chains_numaq)
{
	TEST_BOOT("numaq-16");
	many_forks_case();
}

Test(audit, hints_follow_live_chains_numaq_highpte)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	many_forks_case();
}

Test(audit, hints_follow_live_chains_kirkwood_pte_chain)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain");
	many_forks_case();
}

Test(audit, hints_follow_live_chains_a15_lpae_highpte)
{
	TEST_BOOT("cortex-a15-2g", "rmap=pte-chain", "CONFIG_ARM_LPAE=y",
		  "CONFIG_HIGHPTE=y");
	many_forks_case();
}

Test(audit, consistent_mms_pass_numaq)
{
	TEST_BOOT("numaq-16");
	consistent_case();
}

Test(audit, consistent_mms_pass_numaq_highpte)
{
	/* pte_addr_t is the PTE's physical address here, 8 bytes wide. */
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	consistent_case();
}

Test(audit, consistent_mms_pass_kirkwood_highpte)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	consistent_case();
}

/* A PTE page_remove_rmap forgot: the page is still mapped by the child. */
static void missing_case(void)
{
	struct two_mms t;
	struct page *page;
	vaddr_t ptep;

	two_mms_create(&t);
	page = mapped_page(t.parent, t.a + PAGE_SIZE, NULL);
	ptep = pte_offset_map(t.parent, t.a + PAGE_SIZE);
	page_remove_rmap(page, ptep);
	pte_unmap(ptep);
	/* The child's own PTE is still recorded and agrees with _mapcount. */
	mm_audit_before_exit(t.child);
	EXPECT_PANIC("is not in the page's rmap exactly once (0 times)",
		     { mm_audit_before_exit(t.parent); });
	cr_assert(strstr(test_panic_msg, "PTE for "));
	two_mms_free(&t);
}

Test(audit, exit_catches_a_pte_missing_from_the_rmap)
{
	TEST_BOOT("numaq-16");
	missing_case();
}

Test(audit, exit_catches_a_pte_missing_from_the_rmap_highpte)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	missing_case();
}

Test(audit, exit_catches_a_pte_recorded_twice)
{
	TEST_BOOT("numaq-16");
	struct two_mms t;
	struct page *page;
	vaddr_t ptep;

	two_mms_create(&t);
	page = mapped_page(t.parent, t.a, NULL);
	ptep = pte_offset_map(t.parent, t.a);
	pte_chain_free(page_add_rmap(page, ptep, pte_chain_alloc(GFP_KERNEL)));
	pte_unmap(ptep);
	cr_assert_eq(page_rmap_count(page), 3);
	cr_assert_eq(page_mapcount(page), 3);
	EXPECT_PANIC("is not in the page's rmap exactly once (2 times)",
		     { mm_audit_before_exit(t.parent); });
	two_mms_free(&t);
}

Test(audit, exit_catches_a_mapcount_mismatch)
{
	TEST_BOOT("numaq-16");
	struct two_mms t;
	struct page *page;
	char want[96];

	two_mms_create(&t);
	page = mapped_page(t.parent, t.a + 3 * PAGE_SIZE, NULL);
	page_mapcount_inc(page);
	snprintf(want, sizeof(want),
		 "page %#lx has 2 rmap entries but _mapcount 2",
		 page_to_pfn(page));
	EXPECT_PANIC(want, { mm_audit_before_exit(t.child); });
	two_mms_free(&t);
}

Test(audit, exit_catches_too_few_references)
{
	TEST_BOOT("numaq-16");
	struct two_mms t;
	struct page *page;

	two_mms_create(&t);
	page = mapped_page(t.parent, t.a + 2 * PAGE_SIZE, NULL);
	cr_assert_eq(page_count(page), 2);
	set_page_count(page, 1);
	EXPECT_PANIC("references for 2 users",
		     { mm_audit_before_exit(t.parent); });
	two_mms_free(&t);
}

/*
 * The VMA check walks the VMAs alongside the addresses: a PTE left in the
 * gap between two VMAs is caught, not skipped.
 */
Test(audit, exit_catches_a_pte_between_vmas)
{
	TEST_BOOT("numaq-16");
	struct two_mms t;
	struct vm_area_struct *vma;
	vaddr_t b;
	char want[64];

	two_mms_create(&t);
	b = (vaddr_t)do_mmap(t.parent, t.a + 8 * PAGE_SIZE, PAGE_SIZE,
			     VM_READ | VM_WRITE, NULL, 0);
	cr_assert_eq(b, t.a + 8 * PAGE_SIZE);
	vma = find_vma(t.parent, t.a);
	cr_assert_eq(vma->vm_next, find_vma(t.parent, b));
	mm_audit_before_exit(t.parent);
	vma->vm_end -= PAGE_SIZE;
	snprintf(want, sizeof(want), "PTE for %#x outside every VMA",
		 t.a + (NPAGES - 1) * PAGE_SIZE);
	EXPECT_PANIC(want, { mm_audit_before_exit(t.parent); });
	two_mms_free(&t);
}

/* The cursor relies on the VMA order, so the audit checks it first. */
Test(audit, exit_catches_overlapping_vmas)
{
	TEST_BOOT("numaq-16");
	struct two_mms t;
	struct vm_area_struct *vma;
	vaddr_t b;
	char want[96];

	two_mms_create(&t);
	b = (vaddr_t)do_mmap(t.parent, t.a + 8 * PAGE_SIZE, PAGE_SIZE,
			     VM_READ | VM_WRITE, NULL, 0);
	vma = find_vma(t.parent, t.a);
	vma->vm_end = b + PAGE_SIZE;
	snprintf(want, sizeof(want),
		 "VMA [%#x, %#x) out of order (previous ends at %#x)", b,
		 b + PAGE_SIZE, b + PAGE_SIZE);
	EXPECT_PANIC(want, { mm_audit_before_exit(t.parent); });
	two_mms_free(&t);
}

/* The chain slot of @page holding @pa (4-byte entries at offset 4). */
static phys_addr_t chain_slot_of(struct page *page, pte_addr_t pa)
{
	phys_addr_t blk = __pa((vaddr_t)page->pte);

	cr_assert_eq(rmap_pte_addr_size(), 4);
	cr_assert(!test_page_flag(page, PG_direct));
	for (u32 i = 0; i < rmap_nrpte(); i++)
		if (ram_read32(&machine->ram, blk + 4 + i * 4) == pa)
			return blk + 4 + i * 4;
	cr_assert_fail("%#llx is not in the head block",
		       (unsigned long long)pa);
	return 0;
}

/*
 * A chain corrupted behind the shadow's back: the child's entry replaced
 * by a second copy of the parent's.  Every entry still maps the page and
 * the chain is as long as _mapcount says; only the shadow knows better.
 * The exit audit, which trusts the shadow, passes; the end of the run
 * does not.
 */
Test(audit, end_of_run_catches_a_chain_that_disagrees_with_the_shadow)
{
	TEST_BOOT("numaq-16");
	struct two_mms t;
	struct page *page;
	pte_addr_t pp, pc;
	char want[128];

	two_mms_create(&t);
	page = mapped_page(t.parent, t.a, &pp);
	mapped_page(t.child, t.a, &pc);
	ram_write32(&machine->ram, chain_slot_of(page, pc), (u32)pp);
	mm_audit_before_exit(t.child);
	mm_audit_before_exit(t.parent);
	snprintf(
		want, sizeof(want),
		"page %#lx has rmap entry %#llx 2 times in its chain but 1 in the rmap shadow",
		page_to_pfn(page), (unsigned long long)pp);
	EXPECT_PANIC(want, { mm_audit_pages(); });
	two_mms_free(&t);
}

Test(audit, end_of_run_catches_a_shadow_entry_the_chain_lacks)
{
	TEST_BOOT("numaq-16");
	struct two_mms t;
	struct page *page;
	pte_addr_t pp;
	char want[128];

	two_mms_create(&t);
	page = mapped_page(t.parent, t.a + PAGE_SIZE, &pp);
	rmap_shadow_add(page, pp + 4 * pgtable->pte_size);
	snprintf(
		want, sizeof(want),
		"page %#lx has 2 entries in its chain but 3 in the rmap shadow",
		page_to_pfn(page));
	EXPECT_PANIC(want, { mm_audit_pages(); });
	two_mms_free(&t);
}

/*
 * The chain hints are host bookkeeping for speed (mm/rmap_hint.h): wrong
 * ones change no result, so only the audit can tell.  A block too many on
 * a live chain's hints, then one left on a page with no chain.
 */
Test(audit, end_of_run_catches_hints_that_do_not_follow_the_chain)
{
	TEST_BOOT("numaq-16");
	struct two_mms t;
	struct page *page;
	pte_addr_t pp;
	char want[96];

	two_mms_create(&t);
	page = mapped_page(t.parent, t.a, &pp);
	chain_hint_push(page, (vaddr_t)page->pte + 64);
	snprintf(want, sizeof(want),
		 "page %#lx's chain hints do not follow its chain",
		 page_to_pfn(page));
	EXPECT_PANIC(want, { mm_audit_pages(); });
	two_mms_free(&t);
}

Test(audit, end_of_run_catches_hints_left_without_a_chain)
{
	TEST_BOOT("numaq-16");
	struct page *page = alloc_page(GFP_HIGHUSER);
	char want[96];

	cr_assert(page);
	chain_hint_push(page, layout.page_offset + 0x1000);
	snprintf(want, sizeof(want),
		 "page %#lx's chain hints do not follow its chain",
		 page_to_pfn(page));
	EXPECT_PANIC(want, { mm_audit_pages(); });
}

Test(audit, end_of_run_catches_a_shadow_page_without_a_chain)
{
	TEST_BOOT("numaq-16");
	struct page *page = alloc_page(GFP_HIGHUSER);
	char want[96];

	cr_assert(page);
	cr_assert(!page_mapped(page));
	rmap_shadow_add(page, 0xc0001000u);
	snprintf(want, sizeof(want),
		 "page %#lx has no chain but 1 entries in the rmap shadow",
		 page_to_pfn(page));
	EXPECT_PANIC(want, { mm_audit_pages(); });
}
