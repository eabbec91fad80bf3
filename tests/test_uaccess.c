// SPDX-License-Identifier: GPL-2.0-only
/*
 * copy_{to,from}_user, clear_user, get_user/put_user and strncpy_from_user
 * in each strategy: the right bytes for unaligned, page-crossing and empty
 * copies; the short count Linux returns for a partly bad range; -EFAULT
 * for a wholly bad pointer.  The kernel side is a lowmem buffer.
 */
#include "helpers.h"

#include <errno.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "kernel/process.h"
#include "kernel/user.h"
#include "lib/uaccess.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

#define KBUF 8192

static struct {
	u32 left_from[4], left_to[4], left_clear, left_zero;
	u32 partial_from, partial_to;
	int bad_get, bad_put;
	long strlen_ok, str_bad;
	bool bytes_ok, clear_ok, zero_fill_ok;
} seen;

/* User buffer: two pages, then an unmapped hole. */
static void uaccess_main(void *arg)
{
	long u = sys_mmap(0, 3 * 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct page *kp;
	vaddr_t k;
	static const u32 offs[4] = { 0, 1, 4093, 100 };
	static const u32 lens[4] = { 4096, 4095, 7, 5000 };
	u8 host[KBUF], back[KBUF];
	u32 v;

	KERNEL(kp = alloc_pages(GFP_KERNEL, 1); k = page_address(kp));
	sys_munmap((vaddr_t)u + 2 * 4096, 4096);
	for (u32 i = 0; i < KBUF; i++)
		host[i] = (u8)(i * 13 + 7);
	seen.bytes_ok = true;
	for (int t = 0; t < 4; t++) {
		/* user -> kernel */
		uv_write((vaddr_t)u + offs[t], host, lens[t]);
		KERNEL(kv_memset(k, 0, KBUF);
		       seen.left_from[t] = copy_from_user(
			       k + 3, (vaddr_t)u + offs[t], lens[t]);
		       kv_read(k + 3, back, lens[t]));
		seen.bytes_ok &= !memcmp(back, host, lens[t]);
		/* kernel -> user */
		KERNEL(kv_write(k + 5, host + 1, lens[t]);
		       seen.left_to[t] = copy_to_user((vaddr_t)u + offs[t],
						      k + 5, lens[t]));
		uv_read((vaddr_t)u + offs[t], back, lens[t]);
		seen.bytes_ok &= !memcmp(back, host + 1, lens[t]);
	}
	KERNEL(seen.left_zero = copy_from_user(k, (vaddr_t)u, 0);
	       seen.left_clear = clear_user((vaddr_t)u + 10, 5000));
	uv_read((vaddr_t)u + 10, back, 5000);
	seen.clear_ok = true;
	for (u32 i = 0; i < 5000; i++)
		seen.clear_ok &= !back[i];
	/* The last 100 bytes of the mapping, then the hole. */
	KERNEL(kv_memset(k, 0xee, KBUF);
	       seen.partial_from =
		       copy_from_user(k, (vaddr_t)u + 2 * 4096 - 100, 300);
	       kv_read(k + 100, back, 200));
	seen.zero_fill_ok = true;
	for (u32 i = 0; i < 200; i++)
		seen.zero_fill_ok &= !back[i];
	KERNEL(seen.partial_to =
		       copy_to_user((vaddr_t)u + 2 * 4096 - 100, k, 300);
	       seen.bad_get = get_user(&v, (vaddr_t)u + 2 * 4096);
	       seen.bad_put = put_user(1, 0x1000));
	uv_write((vaddr_t)u, "/tmp/x", 7);
	{
		char name[16];

		KERNEL(seen.strlen_ok = strncpy_from_user(name, (vaddr_t)u, 16);
		       seen.str_bad = strncpy_from_user(name, 0x1000, 16));
	}
	KERNEL(__free_pages(kp, 1));
	sys_exit(0);
}

static void check_common(void)
{
	cr_assert(seen.bytes_ok, "bytes differ");
	for (int t = 0; t < 4; t++) {
		cr_assert_eq(seen.left_from[t], 0);
		cr_assert_eq(seen.left_to[t], 0);
	}
	cr_assert_eq(seen.left_zero, 0);
	cr_assert_eq(seen.left_clear, 0);
	cr_assert(seen.clear_ok);
	cr_assert_eq(seen.bad_get, -EFAULT);
	cr_assert_eq(seen.bad_put, -EFAULT);
	cr_assert_eq(seen.strlen_ok, 6);
	cr_assert_eq(seen.str_bad, -EFAULT);
}

/*
 * The copy stopped exactly at the hole, both ways: 200 bytes not copied,
 * and copy_from_user zeroed them on the kernel side.  Then shut down.
 */
static void check_stops_at_hole(void)
{
	cr_assert_eq(seen.partial_from, 200);
	cr_assert(seen.zero_fill_ok);
	cr_assert_eq(seen.partial_to, 200);
	test_shutdown();
}

Test(uaccess, standard)
{
	TEST_BOOT("beaglebone-white");
	test_run_process(uaccess_main, NULL);
	check_common();
	/* The exception fixup stops at the hole. */
	check_stops_at_hole();
}

Test(uaccess, with_memcpy)
{
	TEST_BOOT("beaglebone-white", "CONFIG_UACCESS_WITH_MEMCPY=y");
	test_run_process(uaccess_main, NULL);
	check_common();
	/* copy_from_user is the standard one; copy_to_user pins page by
	 * page and stops where __put_user cannot fault a page in. */
	cr_assert_eq(seen.partial_from, 200);
	cr_assert_eq(seen.partial_to, 200);
	test_shutdown();
}

Test(uaccess, gup_kmap_memcpy)
{
	TEST_BOOT("beaglebone-white", "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y");
	test_run_process(uaccess_main, NULL);
	check_common();
	/* The RFC copies nothing when get_user_pages comes back short. */
	cr_assert_eq(seen.partial_from, 300);
	cr_assert_eq(seen.partial_to, 300);
	test_shutdown();
}

Test(uaccess, gup_kmap_memcpy_highmem)
{
	/* Kirkwood: the user pages are highmem, mapped by kmap_atomic. */
	TEST_BOOT("kirkwood-openblocks-a7", "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y");
	test_run_process(uaccess_main, NULL);
	check_common();
	test_shutdown();
}

Test(uaccess, with_memcpy_on_x86_is_refused)
{
	const struct platform *p = platform_find("numaq-16");
	struct settings s;
	char err[128];

	settings_default(&s, p);
	cr_assert_eq(settings_parse(&s, "CONFIG_UACCESS_WITH_MEMCPY=y", err,
				    sizeof(err)),
		     0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert(strstr(err, "ARM only"));
}

static long dd_bad_ret;

static void dd_bad_buffer(void *arg)
{
	long names = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int in, out;

	uv_write((vaddr_t)names, "/dev/zero", 10);
	uv_write((vaddr_t)names + 64, "/tmp/out", 9);
	in = sys_open((vaddr_t)names, O_RDONLY);
	out = sys_open((vaddr_t)names + 64, O_WRONLY | O_CREAT);
	/* dd's buffer was never mapped. */
	dd_bad_ret = sys_read(in, 0x20000000, 4096);
	if (dd_bad_ret == -EFAULT)
		dd_bad_ret = sys_write(out, 0x20000000, 4096);
	sys_close(in);
	sys_close(out);
	sys_exit(0);
}

Test(uaccess, dd_from_an_unmapped_buffer_is_efault)
{
	TEST_BOOT("beaglebone-white", "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y");
	test_run_process(dd_bad_buffer, NULL);
	cr_assert_eq(dd_bad_ret, -EFAULT);
	test_shutdown();
}

/*
 * CONFIG_VMSPLIT_4G_4G: user memory is not mapped while the kernel runs,
 * so every uaccess goes through GUP and a kmap; the tables are switched on
 * every kernel entry and exit.
 */
Test(uaccess, vmsplit_4g4g_on_lpae)
{
	TEST_BOOT("cortex-a15-2g", "CONFIG_ARM_LPAE=y", "CONFIG_VMSPLIT=4G_4G");
	test_run_process(uaccess_main, NULL);
	check_common();
	cr_assert_eq(seen.partial_from, 300);
	test_shutdown();
}

Test(uaccess, vmsplit_4g4g_on_pae)
{
	TEST_BOOT("numaq-16", "CONFIG_VMSPLIT=4G_4G", "cpus=2");
	test_run_process(uaccess_main, NULL);
	check_common();
	/* rw_vm copies up to the hole (the RFC's GUP copy gives up whole). */
	check_stops_at_hole();
}

/* copy_4g=tramp (mm/copy_tramp.h): FreeBSD's copies, the same bytes and
 * the same short counts at the hole as rw_vm's (cp_slow0 page by page). */
Test(uaccess, vmsplit_4g4g_on_pae_tramp)
{
	TEST_BOOT("numaq-16", "CONFIG_VMSPLIT=4G_4G", "copy_4g=tramp",
		  "cpus=2");
	test_run_process(uaccess_main, NULL);
	check_common();
	check_stops_at_hole();
}

/*
 * x86 4G/4G uses Ingo Molnar's rw_vm: for resident pages, follow_page
 * under page_table_lock -- no get_user_pages, no kmalloc'ed page array,
 * no page reference (the lock keeps the pages mapped) -- and per page one
 * KM_USER_COPY kmap.
 */
static u64 rw_gup_cycles, rw_slab_cycles, rw_kmaps, rw_refs, rw_left;
static u64 rw_fresh_left, rw_fresh_gup, rw_fresh_faults;
static u32 rw_fresh_word;

static void rw_vm_main(void *arg)
{
	long u = sys_mmap(0, 3 * 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct page *kp;
	struct probe p;
	vaddr_t k;

	uv_write32((vaddr_t)u, 1);
	uv_write32((vaddr_t)u + 4096, 2);
	KERNEL(kp = alloc_pages(GFP_KERNEL, 1); k = page_address(kp);
	       probe_take(&p);
	       rw_left = copy_from_user(k, (vaddr_t)u + 100, 5000);
	       rw_gup_cycles = probe_cc(&p, CC_get_user_pages) +
			       probe_cc(&p, CC_get_user_pages_fast);
	       rw_slab_cycles = probe_cc(&p, CC_kmem_cache_alloc) +
				probe_cc(&p, CC_kmem_cache_free);
	       rw_kmaps = probe_ev(&p, EV_kmap_atomic);
	       rw_refs = probe_ev(&p, EV_page_ref));
	/* A page never touched: follow_page misses, get_user_pages faults
	 * it in writable, and the retry finds it. */
	KERNEL(kv_write32(k, 0x12345678); probe_take(&p);
	       rw_fresh_left = copy_to_user((vaddr_t)u + 4096 * 3 - 8, k, 4);
	       rw_fresh_gup = probe_cc(&p, CC_get_user_pages);
	       rw_fresh_faults = probe_ev(&p, EV_fault_anon);
	       __free_pages(kp, 1));
	rw_fresh_word = uv_read32((vaddr_t)u + 4096 * 3 - 8);
	sys_exit(0);
}

Test(uaccess, vmsplit_4g4g_x86_rw_vm_follows_pages_under_the_lock)
{
	TEST_BOOT("numaq-16", "CONFIG_VMSPLIT=4G_4G", "cpus=1");
	test_run_process(rw_vm_main, NULL);
	cr_assert_eq(rw_left, 0);
	cr_assert_eq(rw_gup_cycles, 0);
	cr_assert_eq(rw_slab_cycles, 0);
	cr_assert_eq(rw_kmaps, 2);
	cr_assert_eq(rw_refs, 0);
	cr_assert_eq(rw_fresh_left, 0);
	cr_assert_gt(rw_fresh_gup, 0);
	cr_assert_eq(rw_fresh_faults, 1);
	cr_assert_eq(rw_fresh_word, 0x12345678);
	test_shutdown();
}

static u64 switches, full_flushes;

static void getpid_main(void *arg)
{
	struct probe p;

	probe_take(&p);
	sys_getpid();
	switches = probe_ev(&p, EV_kernel_table_switch);
	full_flushes = probe_ev(&p, EV_tlb_inv_local_all);
	sys_exit(0);
}

Test(uaccess, vmsplit_4g4g_switches_tables_on_each_entry_and_exit)
{
	TEST_BOOT("numaq-16", "CONFIG_VMSPLIT=4G_4G", "cpus=1");
	test_run_process(getpid_main, NULL);
	/* CR3 to the kernel's tables and back: two full TLB flushes. */
	cr_assert_eq(switches, 2);
	cr_assert_eq(full_flushes, 2);
	test_shutdown();
}

Test(uaccess, vmsplit_3g_switches_nothing)
{
	TEST_BOOT("numaq-16", "cpus=1");
	test_run_process(getpid_main, NULL);
	cr_assert_eq(switches, 0);
	cr_assert_eq(full_flushes, 0);
	test_shutdown();
}

Test(uaccess, vmsplit_4g4g_direct_access_is_caught)
{
	TEST_BOOT("cortex-a15-2g", "CONFIG_ARM_LPAE=y", "CONFIG_VMSPLIT=4G_4G");
	struct page *kp = alloc_page(GFP_KERNEL);

	/* 0x40000000 is a user address -- and kernel lowmem here. */
	EXPECT_PANIC("direct kernel access to user address",
		     { __copy_from_user_std(page_address(kp), 0x40000000, 4); });
}

Test(uaccess, vmsplit_4g4g_grows_lowmem)
{
	TEST_BOOT("numaq-16", "CONFIG_VMSPLIT=4G_4G");
	/* MAXMEM = 4 GiB - PAGE_OFFSET (256 MiB) - 128 MiB of vmalloc. */
	cr_assert_eq(layout.max_low_pfn, (3712ul << 20) >> PAGE_SHIFT);
	cr_assert(!layout.kernel_global);
	test_shutdown();
}

Test(uaccess, vmsplit_4g4g_on_classic_arm_is_refused)
{
	struct settings s;
	char err[128];

	settings_default(&s, platform_find("cortex-a15-2g"));
	cr_assert_eq(settings_parse(&s, "CONFIG_VMSPLIT=4G_4G", err,
				    sizeof(err)),
		     0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert(strstr(err, "CONFIG_ARM_LPAE"));
}

static u8 before_dst[8];
static u32 retry_left;

static void exit_child(void *arg)
{
	sys_exit(0);
}

/*
 * A copy_to_user of 100 bytes to an unaligned address in a page that is
 * copy-on-write after a fork: pin_page_for_write refuses the read-only
 * PTE, so the copy takes the __put_user retry path to break the COW.
 */
static void memcpy_retry_main(void *arg)
{
	long u = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	static const u8 known[8] = { 0xa0, 0xa1, 0xa2, 0xa3,
				     0xa4, 0xa5, 0xa6, 0xa7 };
	struct page *kp;
	vaddr_t k;
	int status;

	uv_write((vaddr_t)u, known, sizeof(known));
	sys_wait4(sys_fork(exit_child, NULL), &status);
	KERNEL(kp = alloc_page(GFP_KERNEL); k = page_address(kp);
	       kv_memset(k, 0x5a, 100);
	       retry_left = copy_to_user((vaddr_t)u + 5, k, 100);
	       __free_page(kp));
	uv_read((vaddr_t)u, before_dst, sizeof(before_dst));
	sys_exit(0);
}

Test(uaccess, with_memcpy_retry_writes_one_byte)
{
	TEST_BOOT("beaglebone-white", "CONFIG_UACCESS_WITH_MEMCPY=y");
	test_run_process(memcpy_retry_main, NULL);
	cr_assert_eq(retry_left, 0);
	/* Bytes 0-4 are as user space wrote them: __put_user stored one
	 * byte at +5, not a word at +4. */
	for (u32 i = 0; i < 5; i++)
		cr_assert_eq(before_dst[i], 0xa0 + i, "byte %u is %#x", i,
			     before_dst[i]);
	for (u32 i = 5; i < 8; i++)
		cr_assert_eq(before_dst[i], 0x5a);
	test_shutdown();
}

static struct probe exec_probe;
static u64 exec_switches, exec_cr3_flushes;

static void after_exec_main(void *arg)
{
	exec_switches = probe_ev(&exec_probe, EV_kernel_table_switch);
	exec_cr3_flushes = probe_ev(&exec_probe, EV_tlb_inv_local_all);
	sys_exit(0);
}

static const struct program after_exec_prog = {
	.name = "after-exec",
	.main = after_exec_main,
	.text_pages = 1,
	.stack_pages = 1,
};

static void exec_main(void *arg)
{
	probe_take(&exec_probe);
	sys_execve(&after_exec_prog, NULL);
}

Test(uaccess, vmsplit_4g4g_exec_switches_once_each_way)
{
	TEST_BOOT("numaq-16", "CONFIG_VMSPLIT=4G_4G", "cpus=1");
	test_run_process(exec_main, NULL);
	/*
	 * execve enters the kernel (CR3 to the kernel's tables) and returns
	 * once to the new program (CR3 to its tables): two switches, two
	 * full TLB flushes.  A second return to user in the trampoline made
	 * it three.
	 */
	cr_assert_eq(exec_switches, 2);
	cr_assert_eq(exec_cr3_flushes, 2);
	test_shutdown();
}

/*
 * A run with a known number of system calls and execs: two getpids, then
 * a chain of CHAIN_EXECS execs, each new program making one getpid before
 * the next exec.  Every system call, exec included, enters the kernel once
 * and returns to user once: two table switches each, nothing more.
 */
#define CHAIN_EXECS 3
#define CHAIN_SYSCALLS (2 + CHAIN_EXECS + CHAIN_EXECS)

static struct probe chain_probe;
static u64 chain_mmu_regs;
static struct {
	u64 switches, full_flushes, mmu_reg_writes, syscalls, execs, ticks,
		faults;
} chain;

static const struct program chain_prog;

static void chain_main(void *arg)
{
	unsigned long n = (unsigned long)arg;

	sys_getpid();
	if (n < CHAIN_EXECS)
		sys_execve(&chain_prog, (void *)(n + 1));
	chain.switches = probe_ev(&chain_probe, EV_kernel_table_switch);
	chain.full_flushes = probe_ev(&chain_probe, EV_tlb_inv_local_all);
	chain.mmu_reg_writes = this_cpu()->mmu_reg_writes - chain_mmu_regs;
	chain.syscalls = probe_ev(&chain_probe, EV_syscall);
	chain.execs = probe_ev(&chain_probe, EV_exec);
	chain.ticks = probe_ev(&chain_probe, EV_timer_tick);
	chain.faults = probe_ev(&chain_probe, EV_page_fault);
	sys_exit(0);
}

static const struct program chain_prog = {
	.name = "exec-chain",
	.main = chain_main,
	.text_pages = 1,
	.stack_pages = 1,
};

static void chain_start_main(void *arg)
{
	probe_take(&chain_probe);
	chain_mmu_regs = this_cpu()->mmu_reg_writes;
	sys_getpid();
	sys_getpid();
	sys_execve(&chain_prog, (void *)1ul);
}

/* Runs the chain; checks that only system calls entered the kernel. */
static void run_exec_chain(void)
{
	memset(&chain, 0, sizeof(chain));
	test_run_process(chain_start_main, NULL);
	cr_assert_eq(chain.syscalls, CHAIN_SYSCALLS, "syscalls %llu",
		     (unsigned long long)chain.syscalls);
	cr_assert_eq(chain.execs, CHAIN_EXECS);
	cr_assert_eq(chain.ticks, 0);
	cr_assert_eq(chain.faults, 0);
	cr_assert_eq(chain.switches, 2 * CHAIN_SYSCALLS,
		     "%llu table switches for %d system calls (%d execs)",
		     (unsigned long long)chain.switches, CHAIN_SYSCALLS,
		     CHAIN_EXECS);
}

Test(uaccess, vmsplit_4g4g_x86_exec_chain_switches_twice_per_syscall)
{
	TEST_BOOT("numaq-16", "CONFIG_VMSPLIT=4G_4G", "cpus=1");
	run_exec_chain();
	/* Each switch is one CR3 load, which drops every non-global entry. */
	cr_assert_eq(chain.mmu_reg_writes, 2 * CHAIN_SYSCALLS,
		     "%llu CR3 writes",
		     (unsigned long long)chain.mmu_reg_writes);
	cr_assert_eq(chain.full_flushes, 2 * CHAIN_SYSCALLS);
	test_shutdown();
}

Test(uaccess, vmsplit_4g4g_lpae_exec_chain_switches_twice_per_syscall)
{
	TEST_BOOT("cortex-a15-2g", "CONFIG_ARM_LPAE=y", "CONFIG_VMSPLIT=4G_4G",
		  "cpus=1");
	run_exec_chain();
	/* Each switch writes the ASID and TTBR0; the ASIDs spare the TLB. */
	cr_assert_eq(chain.mmu_reg_writes, 2 * 2 * CHAIN_SYSCALLS,
		     "%llu ASID and TTBR0 writes",
		     (unsigned long long)chain.mmu_reg_writes);
	cr_assert_eq(chain.full_flushes, 0);
	test_shutdown();
}

/*
 * CONFIG_CPU_SW_DOMAIN_PAN pairs per call (v5.7 asm/uaccess.h and
 * uaccess_with_memcpy.c): copy_from_user, copy_to_user, clear_user,
 * get_user and put_user, on two faulted-in user pages.
 */
enum {
	PAN_FROM,
	PAN_TO_BIG,
	PAN_TO_SMALL,
	PAN_CLEAR_BIG,
	PAN_CLEAR_SMALL,
	PAN_GET,
	PAN_PUT,
	NR_PAN_OPS
};
static u64 pan_pairs[NR_PAN_OPS];
static u64 pan_cycles_from;

static void pan_main(void *arg)
{
	long u = sys_mmap(0, 2 * 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct page *kp;
	struct probe p;
	vaddr_t k;
	u32 v;

	uv_write32((vaddr_t)u, 1);
	uv_write32((vaddr_t)u + 4096, 2);
	arch_enter_kernel();
	kp = alloc_pages(GFP_KERNEL, 1);
	k = page_address(kp);
	probe_take(&p);
	copy_from_user(k, (vaddr_t)u, 5000);
	pan_pairs[PAN_FROM] = probe_ev(&p, EV_uaccess_enable);
	pan_cycles_from = probe_cc(&p, CC_copy_from_user);
	probe_take(&p);
	copy_to_user((vaddr_t)u, k, 5000);
	pan_pairs[PAN_TO_BIG] = probe_ev(&p, EV_uaccess_enable);
	probe_take(&p);
	copy_to_user((vaddr_t)u, k, 32);
	pan_pairs[PAN_TO_SMALL] = probe_ev(&p, EV_uaccess_enable);
	probe_take(&p);
	clear_user((vaddr_t)u + 10, 5000);
	pan_pairs[PAN_CLEAR_BIG] = probe_ev(&p, EV_uaccess_enable);
	probe_take(&p);
	clear_user((vaddr_t)u, 32);
	pan_pairs[PAN_CLEAR_SMALL] = probe_ev(&p, EV_uaccess_enable);
	probe_take(&p);
	get_user(&v, (vaddr_t)u);
	pan_pairs[PAN_GET] = probe_ev(&p, EV_uaccess_enable);
	probe_take(&p);
	put_user(v, (vaddr_t)u);
	pan_pairs[PAN_PUT] = probe_ev(&p, EV_uaccess_enable);
	__free_pages(kp, 1);
	arch_return_to_user();
	sys_exit(0);
}

static void assert_pan_pairs(const u64 want[NR_PAN_OPS])
{
	for (int i = 0; i < NR_PAN_OPS; i++)
		cr_assert_eq(pan_pairs[i], want[i],
			     "op %d: %llu pairs, want %llu", i,
			     (unsigned long long)pan_pairs[i],
			     (unsigned long long)want[i]);
}

Test(uaccess, pan_standard_one_pair_per_call)
{
	static const u64 want[NR_PAN_OPS] = { 1, 1, 1, 1, 1, 1, 1 };

	TEST_BOOT("beaglebone-white");
	test_run_process(pan_main, NULL);
	assert_pan_pairs(want);
	/* The pair is part of copy_from_user's own cost. */
	cr_assert_geq(pan_cycles_from, code_cost[CODE_uaccess_enable]);
	test_shutdown();
}

Test(uaccess, pan_with_memcpy_one_pair_per_page)
{
	/*
	 * 5000 bytes from a page start: two pages, two pairs; clear_user
	 * adds __clear_user's outer pair (5000 from +10: two pages, three);
	 * under 64 bytes one pair, clear_user's inner and outer two.
	 */
	static const u64 want[NR_PAN_OPS] = { 1, 2, 1, 3, 2, 1, 1 };

	TEST_BOOT("beaglebone-white", "CONFIG_UACCESS_WITH_MEMCPY=y");
	test_run_process(pan_main, NULL);
	assert_pan_pairs(want);
	test_shutdown();
}

Test(uaccess, pan_gup_kmap_copies_pay_none)
{
	/* The RFC's copies go through kmap_atomic; clear_user and
	 * get/put_user stay standard. */
	static const u64 want[NR_PAN_OPS] = { 0, 0, 0, 1, 1, 1, 1 };

	TEST_BOOT("beaglebone-white", "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y");
	test_run_process(pan_main, NULL);
	assert_pan_pairs(want);
	test_shutdown();
}

Test(uaccess, pan_off_before_4_3)
{
	static const u64 want[NR_PAN_OPS] = { 0 };

	TEST_BOOT("kirkwood-openblocks-a7");
	test_run_process(pan_main, NULL);
	assert_pan_pairs(want);
	test_shutdown();
}
