// SPDX-License-Identifier: GPL-2.0-only
/*
 * /dev/zero and /dev/null (drivers/char/mem.c, 3.x): reading /dev/zero
 * clears the user buffer a page at a time; writing either device, and
 * reading /dev/null, moves no data.
 */
#include "fs/file.h"

#include "base/errno.h"
#include "config/runtime.h"
#include "lib/uaccess.h"

/*
 * read_zero - clear @count bytes at @buf in chunks of at most a page ("just
 * for latency reasons": the 3.x loop checks signals and reschedules
 * between chunks).  Return: bytes cleared; a fault ends it short, or with
 * -EFAULT if nothing was cleared.
 */
static long read_zero(struct file *file, vaddr_t buf, u32 count, u64 *ppos)
{
	CC_SCOPE(read_zero);
	u32 written = 0;

	if (!count)
		return 0;
	while (count) {
		u32 chunk = MIN(count, PAGE_SIZE);
		u32 unwritten;

		charge(CODE_read_zero_chunk);
		unwritten = clear_user(buf, chunk);
		written += chunk - unwritten;
		if (unwritten)
			break;
		buf += chunk;
		count -= chunk;
	}
	return written ? (long)written : -EFAULT;
}

static long read_null(struct file *file, vaddr_t buf, u32 count, u64 *ppos)
{
	return 0;
}

/* write_null, which /dev/zero uses too: everything is accepted. */
static long write_null(struct file *file, vaddr_t buf, u32 count, u64 *ppos)
{
	return count;
}

const struct file_operations zero_fops = {
	.read = read_zero,
	.write = write_null,
};

const struct file_operations null_fops = {
	.read = read_null,
	.write = write_null,
};
