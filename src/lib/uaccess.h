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
/*
 * __copy_from_user_std - the standard strategy's copy whatever the
 * settings (arm_copy_from_user): under 4G/4G it is a bug and is caught.
 */
u32 __copy_from_user_std(vaddr_t to, vaddr_t from, u32 n);

/* Return: 0 or -EFAULT. */
int get_user(u32 *val, vaddr_t uaddr);
int put_user(u32 val, vaddr_t uaddr);

/*
 * __copy_from_user_inatomic - copy with page faults disabled (the caller
 * holds a kmap_atomic): a fault is not handled, the copy stops short.
 * Return: bytes NOT copied.
 */
u32 __copy_from_user_inatomic(vaddr_t to, vaddr_t from, u32 n);
u32 __copy_to_user_inatomic(vaddr_t to, vaddr_t from, u32 n);

/* clear_user - zero @n bytes of user memory.  Return: bytes NOT cleared. */
u32 clear_user(vaddr_t to, u32 n);

/*
 * fault_in_pages_readable - touch each page of [uaddr, uaddr + n) with
 * __get_user so a following atomic copy finds it mapped.
 * Return: 0 or -EFAULT.
 */
int fault_in_pages_readable(vaddr_t uaddr, u32 n);

/*
 * strncpy_from_user - copy a NUL-terminated string of at most @count bytes
 * into the host buffer @dst (kernel bookkeeping, e.g. a path name).
 * Return: its length, or -EFAULT.
 */
long strncpy_from_user(char *dst, vaddr_t src, u32 count);

#endif
