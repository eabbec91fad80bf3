/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86 CONFIG_VMSPLIT_4G_4G user access: Ingo Molnar's mm/usercopy.c of the
 * 4G/4G patch (2.5.74, July 2003).  Internal to lib/: uaccess.c calls it.
 */
#ifndef VMSPLIT_LIB_USERCOPY_H
#define VMSPLIT_LIB_USERCOPY_H

#include "base/types.h"

/* Is the 4G/4G x86 usercopy in force (x86 with CONFIG_VMSPLIT_4G_4G)? */
bool usercopy_4g4g(void);

/*
 * rw_vm - move @len bytes between user @uaddr and the kernel, page by
 * page: @kaddr (a kernel virtual address) or @host (a host buffer of the
 * kernel's, e.g. get_user's value), or zeroes into user memory with
 * @clear.  @write: to user memory.
 * Context: process context; with page faults disabled a page that is not
 * already mapped ends the copy.
 * Return: bytes NOT copied.
 */
u32 rw_vm(vaddr_t uaddr, vaddr_t kaddr, void *host, u32 len, bool write,
	  bool clear);

/*
 * str_vm_strncpy - strncpy_from_user through rw_vm, a page at a time.
 * Return: the string's length (< @count), @count if no NUL was found, or
 * -EFAULT.
 */
long str_vm_strncpy(char *dst, vaddr_t src, u32 count);

#endif
