// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer entry point of the syscall-sequence fuzzer (`make fuzz`).
 * Each input boots its own machine: a boot costs well under a millisecond
 * of host time, small beside the program it runs, so no machine is kept
 * across inputs and no state leaks from one input into the next.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz/fuzz_program.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_outcome out;
	char words[512];

	return fuzz_run_input(data, size, &out, words, sizeof(words));
}
