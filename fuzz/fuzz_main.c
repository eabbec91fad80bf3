// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer entry point of the syscall-sequence fuzzer (`make fuzz`).
 * Each input boots its own machine and kernel and shuts them down through
 * the end-of-run audit; only the host memory behind the simulated RAM is
 * kept from one input to the next, cleared to what a fresh mapping reads
 * (ram_set_reuse()), since faulting in and zeroing a fresh bank's pages was
 * most of a boot's host time.  FUZZ_FRESH_BOOT=1 in the environment gives
 * every input host memory of its own, for triage.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_program.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *fresh = getenv("FUZZ_FRESH_BOOT");

	fuzz_fresh_boot = fresh && strcmp(fresh, "0");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_outcome out;
	char words[512];

	return fuzz_run_input(data, size, &out, words, sizeof(words));
}
