/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * `vmsplit whatif [--platform P] [--workloads LIST] [NAME=VALUE ...]
 * [--format table|json]`: the command line of experiments/whatif.h.
 */
#ifndef VMSPLIT_CLI_WHATIF_CMD_H
#define VMSPLIT_CLI_WHATIF_CMD_H

#include <stddef.h>
#include <stdio.h>

/* The board `vmsplit whatif` weighs without --platform: TI's 1 GiB
 * lmbench board, where 6.1's VMSPLIT_3G leaves a quarter in highmem. */
#define WHATIF_DEFAULT_PLATFORM "am335x-evm"
/* The workloads without --workloads: the two of a second each. */
#define WHATIF_DEFAULT_WORKLOADS "dd,lmbench"

/*
 * whatif_cmd - parse @argc words of @argv (those after "whatif"; --help
 * is the caller's) and print the rows to @out.
 * Return: 0, or -EINVAL with a one-line reason in @err.
 */
int whatif_cmd(int argc, char **argv, FILE *out, char *err, size_t errlen);

#endif
