// SPDX-License-Identifier: GPL-2.0-only
/*
 * streaming=throughput (issue 31 item 3): a streaming loop at its core's
 * issue cycles (src/platforms/stream_issue.c), DRAM writes posted to a
 * write buffer that drains at the DRAM's write bandwidth (hw/access.c
 * __write_buffer_post), so a loop costs the larger of its issue and its
 * drain; a barrier waits for the drain.  On the BeagleBone Black: a 4 KiB
 * memset issues 16 x 128 / 4 = 512 cycles, clear_user 1024; a 64-byte
 * line drains in 64 B / 1494 MB/s at 1 GHz = 43 cycles; the buffer holds
 * 4 lines.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/mmu_context.h"
#include "config/runtime.h"
#include "hw/access.h"
#include "kernel/process.h"
#include "kernel/syscall.h"
#include "kernel/user.h"
#include "lib/uaccess.h"
#include "mm/gfp.h"
#include "mm/highmem.h"

#define BBB_DRAIN 43		/* cycles per 64 B line */
#define BBB_WB_LINES 4

static u64 cause_now(enum charge_cause why)
{
	return this_cpu()->cause[why];
}

/* Clean and invalidate [va, va + len) from L1 and L2, then let the write
 * buffer empty: the range is in no cache and nothing is queued. */
static void evict(vaddr_t va, u32 len)
{
	struct cpu *c = this_cpu();
	phys_addr_t pa;

	cr_assert_eq(hw_translate(c, va, 0, &pa), 0);
	hw_dcache_op_va_range(c, va, len, CACHE_FLUSH);
	hw_l2_op_pa_range(c, pa, len, CACHE_FLUSH);
	hw_barrier(c);
}

Test(streaming, cpi_posts_no_write)
{
	TEST_BOOT("beaglebone-black", "streaming=cpi");
	cr_assert_eq(machine->drain_cycles, 0);
	cr_assert_eq(code_cost[CODE_memset_kib], 347);	/* 99 x 3.5 */
	test_shutdown();
}

Test(streaming, throughput_takes_the_boards_sources)
{
	TEST_BOOT("beaglebone-black", "streaming=throughput");
	cr_assert_eq(machine->drain_cycles, BBB_DRAIN);
	cr_assert_eq(machine->cfg.write_buffer_lines, BBB_WB_LINES);
	cr_assert_eq(machine->cfg.mlp, 1);
	cr_assert_not(machine->cfg.l2.write_allocate);
	cr_assert_eq(code_cost[CODE_memset_kib], 128);
	cr_assert_eq(code_cost[CODE_clear_user_kib], 256);
	/* Not a streaming loop: still instructions x CPI. */
	cr_assert_eq(code_cost[CODE_syscall_entry], 140);	/* 40 x 3.5 */
	/* cost.NAME still wins. */
	test_shutdown();
	TEST_BOOT("beaglebone-black", "streaming=throughput",
		  "cost.memset_kib=7");
	cr_assert_eq(code_cost[CODE_memset_kib], 7);
	test_shutdown();
}

/*
 * The kernel's memset of a lowmem page: L1-resident it is its issue, 512
 * cycles; out of every cache each line's store goes to DRAM (neither the
 * A8's L1 nor its L2 allocates on a write), and the loop runs at the
 * drain until the last 4 lines sit in the buffer: (64 - 4) x 43 cycles.
 * The barrier after waits for those 4.
 */
Test(streaming, memset_costs_its_issue_resident_and_the_drain_not)
{
	struct probe p;
	struct page *page;
	vaddr_t k;
	u8 buf[4096];
	u64 drain;

	TEST_BOOT("beaglebone-black", "streaming=throughput",
		  "icache_model=n");
	page = alloc_pages(GFP_KERNEL, 0);
	cr_assert(page);
	k = page_address(page);
	/* The TLB entry and the centre's first entry, outside the probes. */
	kv_memset(k, 0, 4096);
	evict(k, 4096);

	probe_take(&p);
	drain = cause_now(CAUSE_write_drain);
	kv_memset(k, 0, 4096);
	cr_assert_eq(this_cpu()->cycles - p.cycles,
		     (64 - BBB_WB_LINES) * BBB_DRAIN);
	cr_assert_eq(probe_ev(&p, EV_dram_write), 64);
	/* Beside 512 issued and 64 x 2 cycles of buffered store misses. */
	cr_assert_eq(cause_now(CAUSE_write_drain) - drain,
		     (64 - BBB_WB_LINES) * BBB_DRAIN - 512 - 64 * 2);

	/* The barrier completes when the last 4 lines are out: its own
	 * cycles pass while they drain. */
	probe_take(&p);
	hw_barrier(this_cpu());
	cr_assert_eq(this_cpu()->cycles - p.cycles, BBB_WB_LINES * BBB_DRAIN);

	/* Loads allocate: the page is now L1-resident. */
	kv_read(k, buf, sizeof(buf));
	probe_take(&p);
	drain = cause_now(CAUSE_write_drain);
	kv_memset(k, 0, 4096);
	cr_assert_eq(this_cpu()->cycles - p.cycles, 4 * 128);
	cr_assert_eq(probe_ev(&p, EV_l1d_hit), 64);
	cr_assert_eq(probe_ev(&p, EV_dram_write), 0);
	cr_assert_eq(cause_now(CAUSE_write_drain), drain);
	__free_pages(page, 0);
	test_shutdown();
}

static struct {
	u64 resident, evicted;
} seen;

/*
 * Cycles of clear_user(@u, 4096) beyond clear_user(@u, 0): the loop.  An
 * empty clear_user issues no loop, so none of its cycles count as the
 * next one's.
 */
static u64 clear_user_loop(vaddr_t u)
{
	u64 t0, t1, t2;

	t0 = this_cpu()->cycles;
	KERNEL(cr_assert_eq(clear_user(u, 0), 0));
	t1 = this_cpu()->cycles;
	KERNEL(cr_assert_eq(clear_user(u, 4096), 0));
	t2 = this_cpu()->cycles;
	hw_barrier(this_cpu());
	return (t2 - t1) - (t1 - t0);
}

static void clear_user_main(void *arg)
{
	long u = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	u8 buf[4096];

	cr_assert_gt(u, 0);
	uv_fill((vaddr_t)u, 1, 4096);
	evict((vaddr_t)u, 4096);
	seen.evicted = clear_user_loop((vaddr_t)u);
	uv_read((vaddr_t)u, buf, sizeof(buf));
	seen.resident = clear_user_loop((vaddr_t)u);
	sys_munmap((vaddr_t)u, 4096);
}

/*
 * clear_user of a user page on the A8: 2 STR per 8 bytes, 256 cycles per
 * KiB when the page is L1-resident; out of the caches, the drain.  Under
 * streaming=cpi the same loop is 512 instructions per KiB x 3.5 = 1792
 * cycles resident, and out of the caches each line's store also pays the
 * L2's write-allocate fill from DRAM: more than the drain.
 */
Test(streaming, clear_user_costs_its_issue_resident_and_the_drain_not)
{
	u64 drain;

	TEST_BOOT("beaglebone-black", "streaming=throughput",
		  "icache_model=n");
	test_run_process(clear_user_main, NULL);
	cr_assert_eq(seen.evicted, (64 - BBB_WB_LINES) * BBB_DRAIN);
	cr_assert_eq(seen.resident, 4 * 256);
	drain = seen.evicted;
	test_shutdown();

	TEST_BOOT("beaglebone-black", "streaming=cpi", "icache_model=n");
	test_run_process(clear_user_main, NULL);
	cr_assert_eq(seen.resident, 4 * 1792);
	cr_assert_gt(seen.evicted, seen.resident + drain);
	test_shutdown();
}

/*
 * A store that no cache allocates costs the DRAM bursts it writes (the
 * Black's 16-bit DDR3L, BL8: 16 bytes, four to a line): sixteen word
 * stores to sixteen lines are sixteen bursts, four lines' drain; sixteen
 * word stores filling one line's four bursts merge into one line's.
 */
Test(streaming, a_store_drains_the_bursts_it_writes)
{
	TEST_BOOT("beaglebone-black", "streaming=throughput");
	struct page *pg = alloc_pages(GFP_KERNEL, 2);
	vaddr_t va = page_address(pg);
	u64 before;

	cr_assert_eq(machine->cfg.dram_burst_bytes, 16);
	evict(va, 4 * PAGE_SIZE);
	/* Whatever bursts an earlier line left pending: under a line. */
	before = this_cpu()->events[EV_dram_write];
	for (u32 i = 0; i < 16; i++)
		cr_assert_eq(hw_write32(this_cpu(), va + i * 256, i, 0), 0);
	cr_assert_eq(this_cpu()->events[EV_dram_write] - before, 4);
	evict(va, 4 * PAGE_SIZE);
	before = this_cpu()->events[EV_dram_write];
	for (u32 i = 0; i < 16; i++)
		cr_assert_eq(hw_write32(this_cpu(), va + 8192 + i * 4, i, 0),
			     0);
	cr_assert_eq(this_cpu()->events[EV_dram_write] - before, 1);
	__free_pages(pg, 2);
	test_shutdown();
}
