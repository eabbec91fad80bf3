// SPDX-License-Identifier: GPL-2.0-only
/*
 * The syscall-sequence fuzzer's inputs as regression tests: every file of
 * the seed corpus (fuzz/corpus/) and every crash input the fuzzer found
 * (fuzz/crashes/) runs through the same interpreter libFuzzer drives
 * (fuzz/fuzz_program.c), with every checker on, to the end-of-run audit.
 * A panic would abort the test; the outcomes are asserted exactly, so a
 * change to the decoder or the kernel that changes what a program does is
 * seen here.
 */
#include "helpers.h"

#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz/fuzz_program.h"
#include "kernel/livelock.h"
#include "mm/pgtable_hazard.h"
#include "mm/uncached_hazard.h"

#define FUZZ_MAX_INPUT 65536

static size_t load(const char *path, u8 *buf)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	cr_assert(f, "cannot open %s", path);
	n = fread(buf, 1, FUZZ_MAX_INPUT, f);
	fclose(f);
	return n;
}

static struct fuzz_outcome run_file(const char *path)
{
	static u8 buf[FUZZ_MAX_INPUT];
	struct fuzz_outcome out;
	char words[512];
	size_t n = load(path, buf);

	fuzz_run_input(buf, n, &out, words, sizeof(words));
	return out;
}

/* What each committed input does: all of them boot and end cleanly. */
struct expect {
	const char *file;
	u32 ops;
	u64 exits, sigsegv, oom_kills;
	bool deadlock;		/* blocked for good, then SIGKILLed */
	u32 livelocks;		/* killed by the no-progress checker */
};

/*
 * The seeds run the whole program (fuzz/seeds.py): the first op set's,
 * 48 ops; the parent, its exec'd vfork child and its forked child exit,
 * the forked child by SIGSEGV from its store into a hole.
 */
static const struct expect seeds[] = {
	{ "a15-1g-allocfail", 48, 3, 1, 0, false, 0 },
	{ "a15-debug-highmem", 48, 3, 1, 0, false, 0 },
	{ "a15-lpae-4g4g", 48, 3, 1, 0, false, 0 },
	{ "beaglebone", 48, 3, 1, 0, false, 0 },
	{ "beaglebone-gupkmap", 48, 3, 1, 0, false, 0 },
	{ "beaglebone-withmemcpy", 48, 3, 1, 0, false, 0 },
	{ "kirkwood", 48, 3, 1, 0, false, 0 },
	{ "kirkwood-kmaplocal-16M", 48, 3, 1, 0, false, 0 },
	{ "kirkwood-nohighmem", 48, 3, 1, 0, false, 0 },
	{ "kirkwood-ptechain", 48, 3, 1, 0, false, 0 },
	{ "numaq-4g4g", 48, 3, 1, 0, false, 0 },
	{ "numaq-highpte", 48, 3, 1, 0, false, 0 },
	{ "numaq-highpte-objrmap", 48, 3, 1, 0, false, 0 },
	/*
	 * The extended op set's mm program on every board with every copy
	 * strategy that boots, and sixteen settings more (fuzz/seeds.py
	 * says which, and why: kernel data, streaming, coherence, per-CPU
	 * lists, issue 35's designs): 46 ops; the
	 * parent, its child and grandchild of the fork tree, the child that
	 * cuts the file short and its exec'd vfork child exit, the file's
	 * cutter by SIGSEGV (SIGBUS in Linux, mm/filemap.h) from its load
	 * past the file's new end.
	 */
	{ "mm-a15-coherence-kdata", 46, 5, 1, 0, false, 0 },
	{ "mm-a15-gupkmap", 46, 5, 1, 0, false, 0 },
	{ "mm-a15-lpae-4g4g", 46, 5, 1, 0, false, 0 },
	{ "mm-a15-pins-emap", 46, 5, 1, 0, false, 0 },
	{ "mm-a15-pins-sfbuf-ptewindow", 46, 5, 1, 0, false, 0 },
	{ "mm-a15-plain", 46, 5, 1, 0, false, 0 },
	{ "mm-a15-withmemcpy", 46, 5, 1, 0, false, 0 },
	{ "mm-beaglebone-black-gupkmap", 46, 5, 1, 0, false, 0 },
	{ "mm-beaglebone-black-plain", 46, 5, 1, 0, false, 0 },
	{ "mm-beaglebone-black-withmemcpy", 46, 5, 1, 0, false, 0 },
	{ "mm-am335x-evm-gupkmap", 46, 5, 1, 0, false, 0 },
	{ "mm-am335x-evm-plain", 46, 5, 1, 0, false, 0 },
	{ "mm-am335x-evm-withmemcpy", 46, 5, 1, 0, false, 0 },
	{ "mm-beaglebone-gupkmap", 46, 5, 1, 0, false, 0 },
	{ "mm-beaglebone-kdata-gupkmap", 46, 5, 1, 0, false, 0 },
	{ "mm-beaglebone-pcp-gupkmap", 46, 5, 1, 0, false, 0 },
	{ "mm-beaglebone-plain", 46, 5, 1, 0, false, 0 },
	{ "mm-beaglebone-withmemcpy", 46, 5, 1, 0, false, 0 },
	{ "mm-kirkwood-gupkmap", 46, 5, 1, 0, false, 0 },
	{ "mm-kirkwood-kdata", 46, 5, 1, 0, false, 0 },
	{ "mm-kirkwood-kmaplocal-ptechain", 46, 5, 1, 0, false, 0 },
	{ "mm-kirkwood-plain", 46, 5, 1, 0, false, 0 },
	{ "mm-kirkwood-streaming", 46, 5, 1, 0, false, 0 },
	{ "mm-kirkwood-withmemcpy", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-4g4g-tramp", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-coherence-6cpus", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-gupkmap", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-highpte-4cpus", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-kdata-4cpus", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-pcp-4cpus", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-pins-sfbuf-4cpus", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-plain", 46, 5, 1, 0, false, 0 },
	{ "mm-numaq-streaming-4cpus", 46, 5, 1, 0, false, 0 },
	/*
	 * The mm op set's program down mprotect and mremap on every board
	 * with every copy strategy, and seven settings more (HIGHPTE with
	 * both reverse maps and both ways of moving page tables, LPAE, the
	 * 4G/4G split, kmap_atomic's stack, the Kirkwood with pte_chains and
	 * placed VMAs): 39 ops; the parent, the child that moves its
	 * copy-on-write pages and the two that fault exit, one by a write
	 * to a page mprotect made read-only and one by a read of a
	 * PROT_NONE page (SIGSEGV).
	 */
	{ "mm2-a15-arm3x-highpte", 39, 4, 2, 0, false, 0 },
	{ "mm2-a15-gupkmap", 39, 4, 2, 0, false, 0 },
	{ "mm2-a15-lpae-4g4g", 39, 4, 2, 0, false, 0 },
	{ "mm2-a15-lpae-highpte-ptechain", 39, 4, 2, 0, false, 0 },
	{ "mm2-a15-plain", 39, 4, 2, 0, false, 0 },
	{ "mm2-a15-withmemcpy", 39, 4, 2, 0, false, 0 },
	{ "mm2-beaglebone-black-gupkmap", 39, 4, 2, 0, false, 0 },
	{ "mm2-beaglebone-black-plain", 39, 4, 2, 0, false, 0 },
	{ "mm2-beaglebone-black-withmemcpy", 39, 4, 2, 0, false, 0 },
	{ "mm2-am335x-evm-gupkmap", 39, 4, 2, 0, false, 0 },
	{ "mm2-am335x-evm-plain", 39, 4, 2, 0, false, 0 },
	{ "mm2-am335x-evm-withmemcpy", 39, 4, 2, 0, false, 0 },
	{ "mm2-beaglebone-gupkmap", 39, 4, 2, 0, false, 0 },
	{ "mm2-beaglebone-plain", 39, 4, 2, 0, false, 0 },
	{ "mm2-beaglebone-withmemcpy", 39, 4, 2, 0, false, 0 },
	{ "mm2-kirkwood-gupkmap", 39, 4, 2, 0, false, 0 },
	{ "mm2-kirkwood-plain", 39, 4, 2, 0, false, 0 },
	{ "mm2-kirkwood-ptechain-kdata", 39, 4, 2, 0, false, 0 },
	{ "mm2-kirkwood-withmemcpy", 39, 4, 2, 0, false, 0 },
	{ "mm2-numaq-gupkmap", 39, 4, 2, 0, false, 0 },
	{ "mm2-numaq-highpte-4cpus", 39, 4, 2, 0, false, 0 },
	{ "mm2-numaq-highpte-objrmap", 39, 4, 2, 0, false, 0 },
	{ "mm2-numaq-plain", 39, 4, 2, 0, false, 0 },
	{ "mm2-numaq-x86-3x-highpte-4cpus", 39, 4, 2, 0, false, 0 },
};

/*
 * The crash inputs, each named for its bug; what the program does once
 * the bug is fixed.
 */
static const struct expect crashes[] = {
	/*
	 * Cortex-A15, rmap=pte-chain, HIGHPTE: fork's copy_pte_range mapped
	 * the child's PTE page with kmap_atomic, which on ARM returns the
	 * pkmap address of a page that still has one (kmap_high_get);
	 * kmap_atomic_to_page took that address for lowmem, and
	 * page_add_rmap panicked on a pte_addr_t above 4 GiB.
	 */
	{ "arm-highpte-pte-chain-pkmap-ptep", 39, 2, 1, 0, false, 0 },
	/* gup_kmap_copy released the zero page with put_page. */
	{ "gup-kmap-put-page-zero-page", 28, 1, 1, 0, false, 0 },
	/*
	 * The Kirkwood: one tmpfs file mapped MAP_SHARED twice in one mm, a
	 * store through one and copy_from_user through the other.  The
	 * alias checker stopped it: update_mmu_cache lacked make_coherent,
	 * which makes both mappings uncacheable (test_make_coherent.c).
	 */
	{ "vivt-file-mapped-shared-twice-in-one-mm", 27, 6, 1, 0, false, 0 },
	/*
	 * The Cortex-A8's L1 (VIPT non-aliasing, 8 KiB ways) was indexed by
	 * VA: a user page's dirty line and the same PA zeroed through the
	 * direct map as a new PTE page sat in two sets; the walker found the
	 * stale one.
	 */
	{ "vipt-nonaliasing-indexed-by-va", 14, 1, 0, 0, false, 0 },
	/*
	 * A child blocks for good reading a pipe only it can write: a
	 * deadlock was abandoned with the kernel's host memory (a leak) and
	 * no audit.  Now SIGKILL ends the child and the audit runs.
	 */
	{ "deadlock-abandoned-the-kernel", 31, 2, 0, 0, true, 0 },
	/*
	 * The EVM, the RFC's copy with pin_cache=16 and emap: entries
	 * dropped by an invalidation left the cache full with an empty LRU,
	 * and the next miss took entry -1 as its victim.  Dropped entries
	 * now go on a free list the next miss takes first.
	 */
	{ "pin-cache-entry-dropped-then-full", 47, 6, 0, 0, false, 0 },
	/*
	 * Cortex-A15: a vfork child blocks for good on a pipe read while its
	 * parent waits, uninterruptibly, for it.  The harness's SIGKILL of
	 * the child let the parent run on, into a pipe read of its own, and
	 * the second deadlock was reported as an uninterruptible task -- of
	 * the harness's making, not the kernel's.  Now it kills again while
	 * a kill wakes anyone.
	 */
	{ "vfork-parent-blocks-after-its-child-is-killed", 32, 3, 0, 0, true, 0 },
	/*
	 * Kirkwood, HIGHMEM=n: exec, then unlink() with a path in the new
	 * image's text.  shmem_getpage zeroed the text page through the
	 * direct map and nothing wrote that VIVT alias back before
	 * strncpy_from_user read the page through its user address: the
	 * model lacked ARMv5's update_mmu_cache (PG_dcache_clean) and
	 * shmem_getpage_gfp's flush_dcache_page.
	 */
	{ "vivt-image-page-mapped-without-update-mmu-cache", 2, 1, 0, 0, false, 0 },
	/*
	 * NUMA-Q, x86-2.6, CONFIG_UACCESS_GUP_KMAP_MEMCPY: a read() from
	 * tmpfs into a page shared copy-on-write with a child.  The RFC's
	 * copy, run by __copy_to_user_inatomic under the page-cache page's
	 * KM_USER0, faulted the user page in through get_user_pages:
	 * do_wp_page's copy_user_highpage took KM_USER0 again.  Under typed
	 * slots the copy now pins with FOLL_NOFAULT; the read's slow path
	 * does the fault.
	 */
	{ "gup-kmap-typed-slot-fault-in-atomic", 15, 2, 1, 0, false, 0 },
	/*
	 * Kirkwood: the first socket() brings the port up, and with pages
	 * short one of its DMA rings could not be allocated:
	 * mv643xx_eth_probe panicked "no memory for the rings".  Now the
	 * probe fails with -ENOMEM, as Linux's does, and so does socket().
	 */
	{ "eth-probe-without-memory-for-the-rings", 35, 1, 0, 0, false, 0 },
	/*
	 * Kirkwood: a task exits, its PTE page is freed with the Linux half
	 * of its entries dirty in the L2, and the first socket() gets that
	 * page for the NIC's TSO header buffer.  dma_alloc_coherent zeroed it
	 * on the host and left the lines, so the NIC's read of a header found
	 * a dirty line ("the buffer was not cleaned").  Now it does
	 * __dma_clear_buffer's flushes of L1 and L2.
	 */
	{ "coherent-buffer-over-dirty-l2-lines", 30, 2, 1, 0, false, 0 },
	/*
	 * Kirkwood: a socket is written, then closed (by close() or exec)
	 * while its clones sit in the NIC's TX ring; a second socket
	 * connects, and the ring's completions ran tcp_wfree against the
	 * run's connected socket -- the new one -- whose sk_wmem_alloc they
	 * never raised: BUG_ON.  Now each clone's destructor drops its own
	 * skb->sk, and the closed socket lives, as Linux's sock does through
	 * sk_wmem_alloc, until its last clone is freed.
	 */
	{ "socket-closed-with-clones-in-flight", 22, 2, 1, 0, false, 0 },
	{ "socket-closed-with-clones-in-flight-lowmem", 58, 1, 0, 0, false, 0 },
	/*
	 * Kirkwood, kernel_data=mem_map, page_alloc_fail_nth: a cache's
	 * per-CPU block (taken with its first object) found no page, and
	 * slab_meta panicked.  Now that allocation fails, as one whose slab
	 * page cannot be had does.  Since task_struct, files_struct,
	 * inodes and dentries are placed (their slab pages count), the
	 * failing allocation is the 82nd, not the 61st (header re-aimed).
	 */
	{ "slab-percpu-block-without-a-page", 38, 2, 1, 0, false, 0 },
	/*
	 * Cortex-A15, 4G/4G, kernel_data=mem_map (the 10M campaign's
	 * corpus, replayed under ASan by make fuzz-corpus-check): the
	 * system call entry stored pt_regs on the kernel stack before
	 * switching to the kernel's tables, through a user TTBR that does
	 * not map it: an oops.  The stack is touched after the switch now.
	 */
	{ "stack-touched-before-the-4g4g-switch", 17, 1, 1, 0, false, 0 },
	/*
	 * The Kirkwood, mem=16M, kernel_data=mem_map and an injected page
	 * failure (the 10M campaign of 2026-12-06, in its first minute):
	 * files_alloc panicked when the first process's descriptor table
	 * could not get its slab object.  Now spawn, like fork's dup_fd,
	 * answers -ENOMEM: the program never starts, and the run ends clean.
	 */
	{ "files-struct-not-had-at-spawn", 0, 0, 0, 0, false, 0 },
	/*
	 * The Kirkwood, 3.16's early TX reclaim, CONFIG_UACCESS_WITH_MEMCPY
	 * (the 10M campaign of 2026-12-06, its 1.3 millionth sequence): a
	 * frame whose buffer was reused after the reclaim went out with an
	 * IP total length below its header's, and the NIC model's checksum
	 * offload summed 4 GiB from it (a SEGV).  The engine now fills no
	 * checksum it cannot compute; the receiver finds the frame bad.
	 */
	{ "tx-frame-rewritten-below-its-ip-header", 63, 3, 0, 0, false, 0 },
	/*
	 * The Kirkwood, 3.16's early TX reclaim (the campaign of 2026-12-06
	 * afternoon, about its 800,000th sequence): txq_reclaim freed a TCP
	 * clone whose header the engine had yet to read; the checker was
	 * told only when that free released the data, but the original in
	 * the write queue held it, and the socket's close freed it next.
	 * kmalloc handed the block out again, zeroed: a dirty L2 line under
	 * a descriptor the checker still thought clean.  Every descriptor
	 * the driver stops holding is now told.
	 */
	{ "skb-data-freed-by-its-original-after-early-reclaim", 41, 3, 0, 0,
	  true, 0 },
	/*
	 * The Kirkwood with page_alloc_fail_nth 64 (a profiling run of
	 * 2026-12-06): mmap(MAP_FIXED) over the first page of a VMA whose
	 * split could not allocate; do_mmap went on past do_munmap's
	 * -ENOMEM and linked a VMA inside the old one (the mm audit: "out of
	 * order").  mmap_region returns -ENOMEM there, brk keeps its break,
	 * and mremap fails as Linux's does.
	 */
	{ "map-fixed-over-a-vma-it-could-not-split", 75, 7, 1, 0, false, 0 },
	/*
	 * The same family, once the frame went out (the 10M campaign's
	 * second run): the receiver never acknowledged the corrupt frames,
	 * and the model's TCP retransmitted every 120 s for ever, until the
	 * NIC's picosecond clock passed 2^64 (213 simulated days) and its
	 * interrupt stayed due.  3.16's tcp_write_timeout gives up after
	 * tcp_retries2's RTOs (924.6 s): the writer gets the error, the run
	 * ends at 935 simulated seconds.
	 */
	{ "tcp-gives-up-after-tcp-retries2", 49, 2, 0, 0, false, 0 },
};

static void check(const char *dir, const struct expect *e)
{
	char path[256];
	struct fuzz_outcome o;

	snprintf(path, sizeof(path), "%s/%s", dir, e->file);
	o = run_file(path);
	cr_assert(o.booted, "%s: did not boot", path);
	cr_expect_eq(o.deadlock, e->deadlock, "%s: deadlock %d", path,
		     o.deadlock);
	cr_expect_eq(o.ops, e->ops, "%s: %u ops", path, o.ops);
	cr_expect_eq(o.exits, e->exits, "%s: %llu exits", path,
		     (unsigned long long)o.exits);
	cr_expect_eq(o.sigsegv, e->sigsegv, "%s: %llu SIGSEGV", path,
		     (unsigned long long)o.sigsegv);
	cr_expect_eq(o.oom_kills, e->oom_kills, "%s: %llu OOM kills", path,
		     (unsigned long long)o.oom_kills);
	cr_expect_eq(o.livelocks, e->livelocks, "%s: %u livelocks", path,
		     o.livelocks);
}

/* Inputs of fuzz/open that end in a checker's stop, not in an outcome. */
static const struct {
	const char *file, *message;
} open_stops[] = {
	{ "gup-kmap-vivt-kernel-alias",
	  "VIVT alias: CPU0 in syscall reads PA 0x3f7e1800 through VA 0x18800 while it is dirty in the D-cache under VA 0xef7e1800" },
	{ "gup-kmap-vivt-kernel-alias-write",
	  "VIVT alias: CPU0 in generic_perform_write reads PA 0x61cf00 through VA 0x3a55af00 while it is dirty in the D-cache under VA 0xb061cf00" },
};

/*
 * Inputs of fuzz/open that meet a hazard of Linux's own -- an uncleaned
 * highmem PTE table (mm/pgtable_hazard.h), a dirty L2 line under an
 * uncacheable mapping (mm/uncached_hazard.h): the run goes on, reported.
 */
static const struct expect open_hazards[] = {
	{ "highpte-table-zeroed-without-clean-on-a-up-a8", 41, 2, 1, 0, false,
	  0 },
	{ "kernel-write-left-dirty-in-l2-under-make-coherent", 44, 9, 0, 0,
	  false, 0 },
};

static bool is_open_stop(const char *dir, const char *name)
{
	if (strcmp(dir, "fuzz/open"))
		return false;
	for (size_t i = 0; i < ARRAY_SIZE(open_hazards); i++)
		if (!strcmp(open_hazards[i].file, name))
			return true;
	for (size_t i = 0; i < ARRAY_SIZE(open_stops); i++)
		if (!strcmp(open_stops[i].file, name))
			return true;
	return false;
}

/* Every file in @dir must have an entry in @table (or open_stops). */
static void all_listed(const char *dir, const struct expect *table, size_t n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	u32 files = 0;

	cr_assert(d, "cannot open %s", dir);
	while ((de = readdir(d))) {
		bool found = false;

		if (de->d_name[0] == '.' || !strcmp(de->d_name, "README.md") ||
		    is_open_stop(dir, de->d_name))
			continue;
		files++;
		for (size_t i = 0; i < n; i++)
			found |= !strcmp(table[i].file, de->d_name);
		cr_expect(found, "%s/%s has no expected outcome here", dir,
			  de->d_name);
	}
	closedir(d);
	cr_expect_eq(files, n, "%s: %u files, %zu expected", dir, files, n);
}

Test(fuzz_corpus, seeds_run_to_the_audit, .timeout = 120)
{
	all_listed("fuzz/corpus", seeds, sizeof(seeds) / sizeof(seeds[0]));
	for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++)
		check("fuzz/corpus", &seeds[i]);
}

Test(fuzz_corpus, crash_inputs_stay_fixed, .timeout = 120)
{
	all_listed("fuzz/crashes", crashes,
		   sizeof(crashes) / sizeof(crashes[0]));
	for (size_t i = 0; i < sizeof(crashes) / sizeof(crashes[0]); i++)
		check("fuzz/crashes", &crashes[i]);
}

/*
 * The open findings (fuzz/open/README.md): a write() from a page the
 * hardware reads but the RFC's get_user_pages refuses never copies, so
 * generic_perform_write goes round for good.  The no-progress checker
 * kills the writer after NOPROGRESS_PASSES passes and says what the
 * board's kernel does; the rest of the program runs on, to the audit.
 */
static const struct expect open_findings[] = {
	{ "gup-kmap-exec-only-livelock-1", 21, 2, 0, 0, false, 1 },
	{ "gup-kmap-exec-only-livelock-2", 18, 2, 0, 0, false, 1 },
	{ "gup-kmap-exec-only-livelock-beaglebone", 7, 1, 0, 0, false, 1 },
	{ "gup-kmap-exec-only-livelock-write-exec", 8, 1, 0, 0, false, 1 },
	{ "gup-kmap-exec-only-livelock-write-only", 11, 1, 0, 0, false, 1 },
};
/* What each board's kernel does with it, as the report says. */
static const char *const open_kernel[] = {
	"Linux 3.16 spins here for ever, even after SIGKILL",
	"Linux 6.1 spins here until the task gets a fatal signal",
	"Linux 5.7 spins here until the task gets a fatal signal",
	"Linux 3.16 spins here for ever, even after SIGKILL",
	"Linux 5.7 spins here until the task gets a fatal signal",
};

Test(fuzz_corpus, open_livelocks_end_in_the_checker, .timeout = 30)
{
	size_t n = sizeof(open_findings) / sizeof(open_findings[0]);

	all_listed("fuzz/open", open_findings, n);
	for (size_t i = 0; i < n; i++) {
		check("fuzz/open", &open_findings[i]);
		cr_expect(strstr(livelock_report.first,
				 "in generic_perform_write: 1000 passes copied none of"),
			  "%s: %s", open_findings[i].file,
			  livelock_report.first);
		cr_expect(strstr(livelock_report.first, open_kernel[i]),
			  "%s: %s", open_findings[i].file,
			  livelock_report.first);
	}
}

#define NR_SEEDS (sizeof(seeds) / sizeof(seeds[0]))
#define NR_CRASHES (sizeof(crashes) / sizeof(crashes[0]))
#define NR_INPUTS (NR_SEEDS + NR_CRASHES)

static void input_path(size_t i, char *path, size_t len)
{
	if (i < NR_SEEDS)
		snprintf(path, len, "fuzz/corpus/%s", seeds[i].file);
	else
		snprintf(path, len, "fuzz/crashes/%s",
			 crashes[i - NR_SEEDS].file);
}

/* @path run once in a child of this process, which has run nothing yet. */
static struct fuzz_outcome in_fresh_process(const char *path)
{
	struct fuzz_outcome o;
	int fds[2], status;
	pid_t pid;

	memset(&o, 0, sizeof(o));
	cr_assert_eq(pipe(fds), 0);
	pid = fork();
	cr_assert_geq(pid, 0);
	if (!pid) {
		close(fds[0]);
		fuzz_fresh_boot = true;
		o = run_file(path);
		_exit(write(fds[1], &o, sizeof(o)) == sizeof(o) ? 0 : 1);
	}
	close(fds[1]);
	cr_assert_eq(read(fds[0], &o, sizeof(o)), (ssize_t)sizeof(o),
		     "%s: no outcome from the child", path);
	close(fds[0]);
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status) && !WEXITSTATUS(status), "%s: child failed",
		  path);
	return o;
}

static bool same_outcome(const struct fuzz_outcome *a,
			 const struct fuzz_outcome *b)
{
	return a->booted == b->booted && a->deadlock == b->deadlock &&
	       a->ops == b->ops && a->exits == b->exits &&
	       a->sigsegv == b->sigsegv && a->oom_kills == b->oom_kills &&
	       a->cycles == b->cycles && a->events == b->events &&
	       a->livelocks == b->livelocks;
}

static void expect_same(const char *path, const char *how,
			const struct fuzz_outcome *got,
			const struct fuzz_outcome *want)
{
	cr_expect(same_outcome(got, want),
		  "%s %s: %u ops, %llu cycles, %llu events; first in a process: %u, %llu, %llu",
		  path, how, got->ops, (unsigned long long)got->cycles,
		  (unsigned long long)got->events, want->ops,
		  (unsigned long long)want->cycles,
		  (unsigned long long)want->events);
}

/*
 * The AM335x EVM (a UP Cortex-A8 with highmem, HIGHPTE by default): a PTE
 * table from highmem is zeroed through a kmap that leaves the zeroes dirty
 * in L1, and pte_alloc_one cleans only a lowmem table; the A8's walker,
 * which does not look in L1, reads a descriptor from below them.  The
 * walker's checker forgives exactly those lines, counts the walks and
 * keeps the first report; the program runs to its audit.
 */
Test(fuzz_corpus, open_highpte_zeroing_is_reported, .timeout = 30)
{
	check("fuzz/open", &open_hazards[0]);
	cr_assert_eq(pt_hazard_report.count, 1);
	cr_assert_str_eq(pt_hazard_report.first,
			 "hazard: CPU0's table walk read PA 0xb0002820 of a highmem PTE table that pte_alloc_one never cleaned (arch/arm/include/asm/pgalloc.h); its zeroing is still dirty in L1, where this walker does not look: a board would walk the page's old bytes");
}

/*
 * The Kirkwood (the campaign of 2026-12-06, -seed=53): a tmpfs file
 * mapped shared and privately in one mm, so make_coherent makes its page
 * uncacheable; ftruncate then zeroes the page's tail through the kernel
 * alias and flush_dcache_page cleans only the L1, leaving the zeroes
 * dirty in the Feroceon L2; a load through the uncacheable mapping, which
 * does not look in the L2, would read DRAM's old bytes.  The checker
 * forgives exactly such lines (mm/uncached_hazard.h) and reports them.
 */
Test(fuzz_corpus, open_uncached_read_past_a_dirty_l2_is_reported,
     .timeout = 30)
{
	check("fuzz/open", &open_hazards[1]);
	cr_assert_eq(uncached_hazard_report.count, 1);
	cr_assert_str_eq(uncached_hazard_report.first,
			 "hazard: CPU0's uncached load from PA 0x2f802000 through VA 0x3fea8000, a page make_coherent made uncacheable, met the line dirty in the outer cache: flush_dcache_page cleans the L1 only (arch/arm/mm/flush.c), and an uncached access does not look in the L2 -- a board would read DRAM's old bytes");
}

/*
 * Nothing leaks from one input into the next through the host memory the
 * fuzzer keeps (ram_set_reuse): each committed input, run after all the
 * others and again after them in reverse order (A, B, ..., B, A), and on
 * host memory of its own (fuzz_fresh_boot), does exactly what it does as
 * the first input of a process -- the same ops, exits and signals, and
 * the same simulated cycles and hardware events, which any state carried
 * over (a cache line, a TLB entry, a byte of RAM) would change.
 */
Test(fuzz_corpus, kept_host_memory_leaks_nothing, .timeout = 300)
{
	static struct fuzz_outcome fresh[NR_INPUTS];
	char path[256];

	for (size_t i = 0; i < NR_INPUTS; i++) {
		input_path(i, path, sizeof(path));
		fresh[i] = in_fresh_process(path);
		cr_assert(fresh[i].booted, "%s: did not boot", path);
	}
	for (size_t k = 0; k < 2 * NR_INPUTS; k++) {
		size_t i = k < NR_INPUTS ? k : 2 * NR_INPUTS - 1 - k;
		struct fuzz_outcome o;

		input_path(i, path, sizeof(path));
		o = run_file(path);
		expect_same(path,
			    k < NR_INPUTS ? "after the inputs before it" :
					    "after the inputs after it",
			    &o, &fresh[i]);
	}
	fuzz_fresh_boot = true;
	for (size_t i = 0; i < NR_INPUTS; i++) {
		struct fuzz_outcome o;

		input_path(i, path, sizeof(path));
		o = run_file(path);
		expect_same(path, "on host memory of its own", &o, &fresh[i]);
	}
	fuzz_fresh_boot = false;
}

/* A header the command line would refuse is skipped, not booted. */
Test(fuzz_corpus, refused_settings_do_not_boot)
{
	/* beaglebone-white, HIGHMEM=n with HIGHPTE=y. */
	static const u8 in[] = { 1, 3, 0, 0, 0, 0, 0, 0, 22, 1 };
	struct fuzz_outcome o;
	char words[512];

	fuzz_run_input(in, sizeof(in), &o, words, sizeof(words));
	cr_assert(!o.booted);
	cr_assert_str_eq(words, "--platform beaglebone-white kernel_data=host "
				"streaming=cpi coherence=none pcp=n "
				"cache_replacement=round-robin CONFIG_HIGHMEM=n "
				"CONFIG_HIGHPTE=y CONFIG_VMSPLIT=3G");
}

/*
 * Fault injection reaches the program: with the first page allocation
 * after boot failing, the exec of the program itself fails (-ENOMEM) and
 * the task exits with the errno; nothing panics and the audit is clean.
 */
Test(fuzz_corpus, page_alloc_failure_is_an_answer)
{
	static const u8 in[] = { 3, 0, 0, 0, 0, 1, 0, 0, 22, 1 };
	struct fuzz_outcome o;
	char words[512];

	fuzz_run_input(in, sizeof(in), &o, words, sizeof(words));
	cr_assert(o.booted);
	cr_assert_eq(o.ops, 0);
	cr_assert_eq(o.exits, 1);
}

/* An input that is only a header runs an empty program. */
Test(fuzz_corpus, empty_program)
{
	static const u8 in[] = { 0 };
	struct fuzz_outcome o;
	char words[512];

	fuzz_run_input(in, sizeof(in), &o, words, sizeof(words));
	cr_assert(o.booted);
	cr_assert_eq(o.ops, 0);
	cr_assert_eq(o.exits, 1);
	cr_assert_eq(o.sigsegv, 0);
}

/*
 * The open finding that stops the run (fuzz/open/README.md): under the
 * RFC's GUP+kmap copy on the Kirkwood's VIVT D-cache, read() writes a
 * lowmem user page through its direct-map alias, which kunmap_atomic does
 * not flush (only a highmem slot is flushed), and a later unlink() reads
 * the name -- or write()'s fault-in reads the buffer -- through the user's
 * mapping: the alias checker stops the run.
 */
/*
 * The panic is caught by a longjmp from the task's coroutine stack to the
 * test's, which AddressSanitizer takes for a stack overflow: `make test`
 * runs these tests, the ASan build of `make check` leaves them out (not
 * registered at all: a skipped test leaks in Criterion's runner), as
 * test_process.c does its walker stop.
 */
#if !defined(__SANITIZE_ADDRESS__)
static void expect_stop(size_t i)
{
	char path[256];

	snprintf(path, sizeof(path), "fuzz/open/%s", open_stops[i].file);
	EXPECT_PANIC(open_stops[i].message, { (void)run_file(path); });
}

/* One input a test: a panic's longjmp leaves the frames it skipped
 * as they were. */
Test(fuzz_corpus, open_alias_stops_in_the_checker, .timeout = 30)
{
	cr_assert_eq(ARRAY_SIZE(open_stops), 2);
	expect_stop(0);
}

Test(fuzz_corpus, open_alias_of_a_write_stops_in_the_checker, .timeout = 30)
{
	expect_stop(1);
}

#endif
