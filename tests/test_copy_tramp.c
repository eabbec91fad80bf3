// SPDX-License-Identifier: GPL-2.0-only
/*
 * copy_4g=tramp (mm/copy_tramp.h), FreeBSD i386 4/4's copies under x86
 * CONFIG_VMSPLIT_4G_4G: a copy of at most 128 bytes loads CR3 twice and
 * holds, maps and writes nothing; a longer one holds, maps (one PTE store
 * and one invlpg) and unholds each page; a fast copy that faults falls
 * back to cp_slow0, which faults the page in; the checkers catch a use of
 * the window after the unhold and a user pgd without the trampoline.
 * Event counts are exact: the model defines them.
 */
#include "helpers.h"

#include <errno.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "arch/pgtable.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "lib/uaccess.h"
#include "mm/copy_tramp.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mm.h"

#define BOOT_TRAMP() \
	TEST_BOOT("numaq-16", "CONFIG_VMSPLIT=4G_4G", "copy_4g=tramp", "cpus=1")

/* What one copy did, from a probe taken just before it. */
struct seen {
	u32 left;
	u64 cr3, tramp, fault, slow, map, pte, invlpg, refs, gup, anon, miss;
};

static void record(struct seen *s, const struct probe *p, u64 cr3_before,
		   u32 left)
{
	s->left = left;
	s->cr3 = this_cpu()->mmu_reg_writes - cr3_before;
	s->tramp = probe_ev(p, EV_tramp_copy);
	s->fault = probe_ev(p, EV_tramp_fault);
	s->slow = probe_ev(p, EV_cp_slow0);
	s->map = probe_ev(p, EV_cp_slow0_map);
	s->pte = probe_ev(p, EV_pte_write);
	s->invlpg = probe_ev(p, EV_tlb_inv_local);
	s->refs = probe_ev(p, EV_page_ref);
	s->gup = probe_cc(p, CC_get_user_pages_fast) +
		 probe_cc(p, CC_get_user_pages);
	s->anon = probe_ev(p, EV_fault_anon);
	s->miss = probe_ev(p, EV_tlb_miss);
}

/* Run @copy with a probe around it, inside a kernel entry. */
#define MEASURE(s, copy)                                              \
	KERNEL(struct probe p_; u64 cr3_; u32 left_; probe_take(&p_); \
	       cr3_ = this_cpu()->mmu_reg_writes; left_ = (copy);     \
	       record(&(s), &p_, cr3_, left_))

static struct {
	struct seen out128, in128, out129, in_multi, out_fresh, in_hole;
	struct seen out_atomic;
	u32 word, fresh_word;
	bool bytes_ok;
} got;

static void copies_main(void *arg)
{
	long u = sys_mmap(0, 5 * 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	u8 pat[256], back[256];
	struct page *kp;
	vaddr_t k;

	for (u32 i = 0; i < sizeof(pat); i++)
		pat[i] = (u8)(i * 7 + 1);
	/* Pages 0 and 1 resident, 2 and 4 never touched, 3 unmapped. */
	uv_write((vaddr_t)u, pat, 8);
	uv_write((vaddr_t)u + 4096, pat, 8);
	sys_munmap((vaddr_t)u + 3 * 4096, 4096);
	KERNEL(kp = alloc_pages(GFP_KERNEL, 1); k = page_address(kp);
	       kv_write(k, pat, sizeof(pat)));
	MEASURE(got.out128, copy_to_user((vaddr_t)u + 16, k, 128));
	uv_read((vaddr_t)u + 16, back, 128);
	got.bytes_ok = !memcmp(back, pat, 128);
	MEASURE(got.in128, copy_from_user(k + 1024, (vaddr_t)u + 16, 100));
	KERNEL(kv_read(k + 1024, back, 100));
	got.bytes_ok &= !memcmp(back, pat, 100);
	MEASURE(got.out129, copy_to_user((vaddr_t)u + 40, k, 129));
	uv_read((vaddr_t)u + 40, back, 129);
	got.bytes_ok &= !memcmp(back, pat, 129);
	/* 3996 bytes of page 0, 1004 of page 1. */
	MEASURE(got.in_multi, copy_from_user(k, (vaddr_t)u + 100, 5000));
	/* A word to the untouched page: the fast copy faults. */
	KERNEL(kv_write32(k, 0xfeedf00d));
	MEASURE(got.out_fresh, copy_to_user((vaddr_t)u + 2 * 4096 + 8, k, 4));
	got.fresh_word = uv_read32((vaddr_t)u + 2 * 4096 + 8);
	/* From the hole: the fast copy faults, the hold fails. */
	MEASURE(got.in_hole, copy_from_user(k, (vaddr_t)u + 3 * 4096, 64));
	/* With page faults off an absent page is not faulted in. */
	current->pagefault_disabled++;
	MEASURE(got.out_atomic,
		__copy_to_user_inatomic((vaddr_t)u + 4 * 4096, k, 300));
	current->pagefault_disabled--;
	KERNEL(got.word = 0; get_user(&got.word, (vaddr_t)u + 4096);
	       __free_pages(kp, 1));
	sys_exit(0);
}

static void assert_seen(const struct seen *s, const char *what, u32 left,
			u64 cr3, u64 tramp, u64 fault, u64 slow, u64 maps,
			u64 refs)
{
	cr_assert_eq(s->left, left, "%s: %u bytes left", what, s->left);
	cr_assert_eq(s->cr3, cr3, "%s: %llu CR3 loads", what,
		     (unsigned long long)s->cr3);
	cr_assert_eq(s->tramp, tramp, "%s: %llu trampoline copies", what,
		     (unsigned long long)s->tramp);
	cr_assert_eq(s->fault, fault, "%s: %llu trampoline faults", what,
		     (unsigned long long)s->fault);
	cr_assert_eq(s->slow, slow, "%s: %llu cp_slow0 calls", what,
		     (unsigned long long)s->slow);
	/* One window PTE store and one invlpg per page mapped. */
	cr_assert_eq(s->map, maps, "%s: %llu window PTEs", what,
		     (unsigned long long)s->map);
	/* No other PTE store where no page is faulted in. */
	if (!s->anon)
		cr_assert_eq(s->pte, maps, "%s: %llu PTE stores", what,
			     (unsigned long long)s->pte);
	if (!s->anon)
		cr_assert_eq(s->invlpg, maps, "%s: %llu invlpgs", what,
			     (unsigned long long)s->invlpg);
	cr_assert_eq(s->refs, refs, "%s: %llu page refcount updates", what,
		     (unsigned long long)s->refs);
}

Test(copy_tramp, counts_per_copy)
{
	BOOT_TRAMP();
	test_run_process(copies_main, NULL);
	cr_assert(got.bytes_ok, "bytes differ");

	/* <= 128 bytes: two CR3 loads, no hold, no PTE, no invlpg. */
	assert_seen(&got.out128, "copyout 128", 0, 2, 1, 0, 0, 0, 0);
	assert_seen(&got.in128, "copyin 100", 0, 2, 1, 0, 0, 0, 0);
	cr_assert_eq(got.out128.gup, 0);
	/*
	 * Every TLB entry went with the kernel entry's CR3 load and goes
	 * again with the copy's: the trampoline stack's page, the buffer's
	 * and the kernel source's before the switch, the stack's, the
	 * buffer's and the user page's after it -- six misses, the TLB
	 * model's, none charged apart.
	 */
	cr_assert_eq(got.out128.miss, 6, "%llu TLB misses",
		     (unsigned long long)got.out128.miss);

	/* 129 bytes in one page: one hold and unhold (a reference taken
	 * and dropped), one window PTE and invlpg, no CR3 load. */
	assert_seen(&got.out129, "copyout 129", 0, 0, 0, 0, 1, 1, 2);
	cr_assert_gt(got.out129.gup, 0);
	/* Two pages: two of each. */
	assert_seen(&got.in_multi, "copyin 5000", 0, 0, 0, 0, 2, 2, 4);

	/* The fast copy faults; cp_slow0's hold faults the page in. */
	assert_seen(&got.out_fresh, "copyout to a fresh page", 0, 2, 1, 1, 1, 1,
		    2);
	cr_assert_eq(got.out_fresh.anon, 1);
	/*
	 * The fault's kmap_atomic of the new highmem page to clear it (a
	 * fixmap PTE store and 2.5.73's invlpg at map time), its user PTE,
	 * and the window's store and invlpg.
	 */
	cr_assert_eq(got.out_fresh.pte, 3);
	cr_assert_eq(got.out_fresh.invlpg, 2);
	cr_assert_eq(got.fresh_word, 0xfeedf00d);
	/* From a hole: nothing held, nothing mapped, all 64 bytes left. */
	assert_seen(&got.in_hole, "copyin from a hole", 64, 2, 1, 1, 1, 0, 0);
	/* Page faults off: 300 bytes to an absent page, none faulted in. */
	assert_seen(&got.out_atomic, "inatomic copyout", 300, 0, 0, 0, 1, 0, 0);
	cr_assert_eq(got.out_atomic.anon, 0);
	/* get_user is fueword through the trampoline: bytes 1, 8, 15, 22. */
	cr_assert_eq(got.word, 0x160f0801u);
	test_shutdown();
}

/* A copy through cp_slow0, so that the window maps a page. */
static void slow_copy_main(void *arg)
{
	long u = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct page *kp;

	uv_write32((vaddr_t)u, 1);
	KERNEL(kp = alloc_page(GFP_KERNEL);
	       got.out129.left =
		       copy_from_user(page_address(kp), (vaddr_t)u, 1000);
	       __free_page(kp));
	sys_exit(0);
}

Test(copy_tramp, window_use_after_unhold_is_caught)
{
	vaddr_t w;

	BOOT_TRAMP();
	test_run_process(slow_copy_main, NULL);
	cr_assert_eq(got.out129.left, 0);
	/* The window's PTE still maps the page (FreeBSD leaves it), but
	 * the page is no longer held. */
	w = cp_slow0_window(0, true);
	cr_assert(pte_present(pte_read_phys(__pa(pte_offset_kernel(w)))));
	EXPECT_PANIC("used after vm_page_unhold_pages",
		     { (void)kv_read32(w); });
}

/*
 * A user pgd as pgd_alloc makes it passes the check before a trampoline
 * copy; with the trampoline's PDE taken out, the check stops the run.
 */
Test(copy_tramp, user_pgd_without_the_trampoline_is_caught)
{
	phys_addr_t pgd;

	BOOT_TRAMP();
	pgd = pgtable->pgd_alloc();
	cr_assert(pgd);
	tramp_check_pgd(pgd, 0);
	kv_write64(pgtable->pmd_offset(pgd, layout.tramp_base, false), 0);
	EXPECT_PANIC("the trampoline PDE is not shared",
		     { tramp_check_pgd(pgd, 0); });
}

/* Every user pgd has the kernel's trampoline PTE page, above user space. */
Test(copy_tramp, trampoline_is_shared_above_user_space)
{
	BOOT_TRAMP();
	cr_assert_geq(layout.cpwin_base, layout.task_size);
	cr_assert_eq(layout.tramp_base, layout.cpwin_base + PMD_SIZE);
	cr_assert_eq(tramp_copyout_buf(0), layout.tramp_base);
	test_shutdown();
}

/* Only x86's 4G/4G has the design: the reason says what is missing. */
Test(copy_tramp, refused_off_x86_4g4g)
{
	struct settings s;
	char err[256];

	settings_default(&s, platform_find("numaq-16"));
	cr_assert_eq(settings_parse(&s, "copy_4g=tramp", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert(strstr(err, "set CONFIG_VMSPLIT=4G_4G"), "%s", err);
	settings_default(&s, platform_find("cortex-a15-2g"));
	cr_assert_eq(settings_parse(&s, "CONFIG_ARM_LPAE=y", err, sizeof(err)),
		     0);
	cr_assert_eq(settings_parse(&s, "CONFIG_VMSPLIT=4G_4G", err,
				    sizeof(err)),
		     0);
	cr_assert_eq(settings_parse(&s, "copy_4g=tramp", err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert(strstr(err, "not on ARM"), "%s", err);
	cr_assert_eq(settings_parse(&s, "copy_4g=rw", err, sizeof(err)),
		     -EINVAL);
}
