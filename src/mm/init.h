/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef VMSPLIT_MM_INIT_H
#define VMSPLIT_MM_INIT_H

/*
 * mm_init - bring up memory management on the booted machine: memblock
 * reservations (kernel image, mem_map), kernel page tables, zones and
 * buddy allocator, pkmap and the kmap slots.  Return: 0 or -ENOMEM.
 */
int mm_init(void);
void mm_exit(void);

#endif
