// SPDX-License-Identifier: GPL-2.0-only
#include "lib/uaccess.h"

#include "arch/kv.h"
#include "base/errno.h"
#include "config/runtime.h"
#include "hw/access.h"
#include "mm/mm.h"

/*
 * A fault on the user side of a copy: let the fault handler fix it.
 * Return: true if it did (retry), false for the exception fixup.
 */
static bool fixup_user_fault(struct cpu *c)
{
	if (!c->fault.user)
		kernel_oops(c->fault.va, c->fault.write);
	return handle_page_fault(c->fault.va, c->fault.write, false) > 0;
}

u32 copy_from_user(vaddr_t to, vaddr_t from, u32 n)
{
	CC_SCOPE(copy_from_user);

	charge_bytes(CODE_memcpy_kib, n);
	while (n) {
		struct cpu *c = this_cpu();
		u32 left = hw_copy(c, to, from, n, 0, ACC_USER);
		u32 done = n - left;

		if (!left)
			return 0;
		to += done;
		from += done;
		n = left;
		if (!fixup_user_fault(c)) {
			/* The fixup zeroes what was not copied. */
			kv_memset(to, 0, n);
			return n;
		}
	}
	return 0;
}

u32 copy_to_user(vaddr_t to, vaddr_t from, u32 n)
{
	CC_SCOPE(copy_to_user);

	charge_bytes(CODE_memcpy_kib, n);
	while (n) {
		struct cpu *c = this_cpu();
		u32 left = hw_copy(c, to, from, n, ACC_USER, 0);
		u32 done = n - left;

		if (!left)
			return 0;
		to += done;
		from += done;
		n = left;
		if (!fixup_user_fault(c))
			return n;
	}
	return 0;
}

int get_user(u32 *val, vaddr_t uaddr)
{
	for (;;) {
		struct cpu *c = this_cpu();

		if (!hw_read32(c, uaddr, val, ACC_USER))
			return 0;
		if (!fixup_user_fault(c)) {
			*val = 0;
			return -EFAULT;
		}
	}
}

int put_user(u32 val, vaddr_t uaddr)
{
	for (;;) {
		struct cpu *c = this_cpu();

		if (!hw_write32(c, uaddr, val, ACC_USER))
			return 0;
		if (!fixup_user_fault(c))
			return -EFAULT;
	}
}
