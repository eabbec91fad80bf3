/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The syscall-sequence fuzzer's decoder and interpreter, shared by the
 * libFuzzer entry point (fuzz/fuzz_main.c) and the regression test that
 * replays the committed corpus and every crash input
 * (tests/test_fuzz_corpus.c).
 *
 * An input is a header that picks a board and its settings, then a
 * program of user system calls (the byte format is in fuzz_program.c and
 * fuzz/README.md).  fuzz_run_input() boots that machine with every checker
 * on, runs the program as a user process until every task is gone, and
 * shuts down through the end-of-run audit.  A broken invariant panics
 * (which aborts: libFuzzer reports it as a crash); anything the simulated
 * kernel refuses (-ENOMEM, -EFAULT, SIGSEGV, the OOM killer) is an answer,
 * not a finding.
 */
#ifndef VMSPLIT_FUZZ_PROGRAM_H
#define VMSPLIT_FUZZ_PROGRAM_H

#include <stddef.h>

#include "base/types.h"

/* What one input did, for the regression test and for a reader. */
struct fuzz_outcome {
	bool booted;		/* false: the header named settings we refuse */
	bool deadlock;		/* every task blocked for good (a user bug);
				   the harness SIGKILLed them */
	/*
	 * Tasks the no-progress checker found livelocked and killed (the
	 * RFC's copy in generic_perform_write, kernel/livelock.h): a
	 * behaviour of the kernel modelled, so an outcome, not a finding.
	 */
	u32 livelocks;
	/* Table walks that met the highmem PTE zeroing pte_alloc_one leaves
	 * uncleaned on ARM (mm/pgtable_hazard.h): Linux's, an outcome. */
	u32 pt_hazards;
	/* Uncached accesses that met a line the kernel left dirty in the
	 * outer cache under make_coherent (mm/uncached_hazard.h): Linux's. */
	u32 uncached_hazards;
	u32 ops;		/* system calls and accesses the program made */
	u64 exits, sigsegv, oom_kills;
	/*
	 * The simulated time the run took (the latest CPU's clock) and the
	 * hardware events it counted, all kinds summed: two runs of one
	 * input that differ in either did not do the same thing.
	 */
	u64 cycles, events;
};

/* Print each op as it runs (stderr), for triage of a crash input. */
extern bool fuzz_trace;

/*
 * Boot each input on host memory of its own, allocated for it and
 * returned after it (for triage, and to compare with): by default the
 * simulated RAM of one input is cleared and kept for the next
 * (ram_set_reuse()), which reads the same.
 */
extern bool fuzz_fresh_boot;

/*
 * fuzz_run_input - decode @data and run it.  @words receives the settings
 * words the header chose (for a report), at most @wordslen bytes.
 * Return: 0 (whatever the simulated program did).
 */
int fuzz_run_input(const u8 *data, size_t size, struct fuzz_outcome *out,
		   char *words, size_t wordslen);

#endif
