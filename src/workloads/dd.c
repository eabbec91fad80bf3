// SPDX-License-Identifier: GPL-2.0-only
/*
 * dd if=/dev/zero of=<file on tmpfs> bs=B count=N, as coreutils dd runs it:
 * one buffer of bs bytes (malloc, which maps large blocks with mmap), then
 * for each block read(2) from /dev/zero into it and write(2) it to the
 * output file; the rate is bytes over the time of that loop.
 *
 * A user program: it only makes system calls and touches its own memory.
 */
#include "workloads/dd.h"

#include <string.h>

#include "base/errno.h"
#include "kernel/process.h"
#include "kernel/user.h"

static struct dd_params *dd;

/* Put a C string into user memory at @at. */
static void put_str(vaddr_t at, const char *s)
{
	uv_write(at, s, (u32)strlen(s) + 1);
}

/*
 * iwrite: write all @len bytes of @buf, again after a short write, as
 * coreutils dd does; each byte that went out is counted in dd->bytes.
 * Return: 0, or the negative errno of the write that failed.
 */
static long write_all(int fd, vaddr_t buf, u32 len)
{
	while (len) {
		long w = sys_write(fd, buf, len);

		if (w < 0)
			return w;
		if (!w)
			return -ENOSPC;
		dd->bytes += (u64)w;
		buf += (u32)w;
		len -= (u32)w;
	}
	return 0;
}

static void dd_main(void *arg)
{
	long names = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	long buf = sys_mmap(0, dd->bs, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int in, out;
	u64 t0;

	if (names < 0 || buf < 0) {
		dd->status = 1;
		sys_exit(1);
	}
	put_str((vaddr_t)names, "/dev/zero");
	put_str((vaddr_t)names + 64, "/tmp/dd.out");
	in = sys_open((vaddr_t)names, O_RDONLY);
	out = sys_open((vaddr_t)names + 64, O_WRONLY | O_CREAT | O_TRUNC);
	if (in < 0 || out < 0) {
		dd->status = 2;
		sys_exit(2);
	}
	t0 = sys_clock_gettime();
	for (u32 i = 0; i < dd->count; i++) {
		long n = sys_read(in, (vaddr_t)buf, dd->bs);
		long w;

		user_loop_iteration();
		if (n <= 0) {
			dd->status = 3;
			break;
		}
		w = write_all(out, (vaddr_t)buf, (u32)n);
		if (w < 0) {
			/*
			 * A full tmpfs (-ENOSPC) or another write error
			 * ends the copy, as it ends dd's: what went out is
			 * counted, the error kept for the report ("dd:
			 * error writing '/tmp/dd.out': No space left on
			 * device"), and dd exits with status 1.
			 */
			dd->err = (int)-w;
			dd->nospace = w == -ENOSPC;
			dd->status = 4;
			break;
		}
	}
	dd->ns = sys_clock_gettime() - t0;
	sys_close(in);
	sys_close(out);
	/* coreutils dd: exit status 1 after any error. */
	sys_exit(dd->status ? 1 : 0);
}

/* dd's image: a small program. */
static const struct program dd_program = {
	.name = "dd",
	.main = dd_main,
	.text_pages = 16,
	.data_pages = 2,
	.bss_pages = 2,
	.stack_pages = 2,
};

void dd_start(struct dd_params *p)
{
	dd = p;
	p->status = 0;
	p->err = 0;
	p->nospace = false;
	p->bytes = 0;
	p->ns = 0;
	spawn_process(&dd_program, NULL);
}
