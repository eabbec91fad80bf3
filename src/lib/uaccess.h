/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel access to user memory (arch/arm/lib/copy_*_user.S, uaccess.h).
 * The standard strategy: the kernel loads and stores through the user
 * address with user permissions (ARM ldrt/strt; x86 with CR0.WP), a fault
 * goes to the page-fault handler, and a fault it cannot fix is caught by
 * the exception-table fixup, which turns it into a short count.
 *
 * Kernel-side buffers are kernel virtual addresses in simulated RAM.
 */
#ifndef VMSPLIT_LIB_UACCESS_H
#define VMSPLIT_LIB_UACCESS_H

#include "base/types.h"

/* Return: bytes NOT copied (0 = all).  copy_from_user zero-fills them. */
u32 copy_from_user(vaddr_t to, vaddr_t from, u32 n);
u32 copy_to_user(vaddr_t to, vaddr_t from, u32 n);
/* Return: 0 or -EFAULT. */
int get_user(u32 *val, vaddr_t uaddr);
int put_user(u32 val, vaddr_t uaddr);

#endif
