// SPDX-License-Identifier: GPL-2.0-only
/*
 * A dynamically linked program's start-up and exit (see ldso.h).
 *
 * Sources:
 *  - The objects: `readelf -lW` of ld-linux-armhf.so.3 and libc.so.6 in
 *    Debian 12's libc6_2.36-9+deb12u14_armhf.deb.  ld.so: a text segment
 *    of 0x1c6bc bytes (29 pages, R-X, rodata included) and a data
 *    segment of one RELRO page and one data page.  libc: 0x1096c4 bytes
 *    of text (266 pages), 2 RELRO pages, 1 data page, 10 pages of bss.
 *    ARM's 64 KiB p_align leaves a hole between the segments, which
 *    glibc protects PROT_NONE (an extra VMA per object): not reproduced,
 *    the segments here are contiguous.
 *  - The system calls: `strace` of a dynamically linked "hello" (lmbench's
 *    hello.c: one write) on x86-64 Debian 12 -- glibc 2.36, the same
 *    source: brk(NULL); an 8 KiB anonymous map; access(ld.so.preload);
 *    open, fstat, mmap and close of ld.so.cache; for libc open, read of
 *    the ELF header, pread of the program headers, fstat, a PROT_READ
 *    reservation of the whole object, MAP_FIXED maps of its text and data
 *    segments and of its bss, close; a 12 KiB anonymous TLS block;
 *    set_tls (x86-64's arch_prctl), set_tid_address, set_robust_list,
 *    rseq; mprotect of libc's, the program's and ld.so's RELRO; prlimit64;
 *    munmap of the cache.  ld.so itself is mapped by the kernel
 *    (load_elf_binary's interpreter); here by the same mmaps from user
 *    space, which costs system call entries the kernel does not make; and
 *    the early anonymous map comes first, as the buffer the model's ld.so
 *    reads into (the real one uses its stack).  The program's own RELRO
 *    mprotect is not made: struct program has no RELRO part.
 *    Calls the model has no body for (access, set_tls, set_tid_address,
 *    set_robust_list, rseq, prlimit64) are each a getppid: an entry and an
 *    exit.  The second pread is a read.
 *  - The pages touched: `perf record -e minor-faults -d` of the same
 *    hello (49 faults under the host's fault-around): every page of each
 *    object's writable segment written (RELRO and data alike:
 *    relocation), 5 of libc's 13 bss pages (0, 4, 5, 6, 12), 2 pages of
 *    the TLS block, 1 of the early anonymous map, 1 of ld.so.cache; text
 *    read at pages 9, 25 and 34 of ld.so's 38 and at 12 pages of libc's
 *    342 (below), placed here at the same fraction of the armhf text --
 *    an assumption (the functions keep their order), stated.  The stack
 *    pages (2) are the kernel's exec setup's and not touched here.
 *  - exit: the last text fault of that run, __unregister_atfork (page 174
 *    of 342), and a store to libc's data (stdio's cleanup).
 */
#include "workloads/ldso.h"

#include <string.h>

#include "base/errno.h"
#include "kernel/user.h"

struct dso {
	const char *path;
	u32 text, relro, data, bss;	/* pages */
	/* The text pages read at start-up, at the x86-64 run's fractions
	 * (of x86_text pages) */
	const u16 *touch;
	u32 nr_touch, x86_text;
};

static const u16 ld_touch[] = { 9, 25, 34 };
static const u16 libc_touch[] = { 0,   15,	23,  95,  101, 121,
				  138, 174, 215, 226, 297, 324 };

static const struct dso ld_so = {
	.path = "/lib/ld-linux-armhf.so.3",
	.text = 29, .relro = 1, .data = 1, .bss = 0,
	.touch = ld_touch, .nr_touch = 3, .x86_text = 38,
};

static const struct dso libc_so = {
	.path = "/lib/arm-linux-gnueabihf/libc.so.6",
	.text = 266, .relro = 2, .data = 1, .bss = 10,
	.touch = libc_touch, .nr_touch = 12, .x86_text = 342,
};

/* libc's bss pages written at start-up: x86-64's 0, 4, 5, 6, 12 of 13. */
static const u16 libc_bss_touch[] = { 0, 4, 5, 6, 12 };
#define X86_LIBC_BSS 13u

/* /etc/ld.so.cache: 46511 bytes on this project's Debian 12 machine. */
#define CACHE_PATH "/etc/ld.so.cache"
#define CACHE_BYTES 46511u

/* Where libc ended up (ldso_start), for libc_exit. */
static vaddr_t libc_text, libc_data;

/* A user page for paths and the headers read: the early map's first. */
static vaddr_t scratch;

/* A 4-byte load or store in each of @n pages from @base. */
static void touch_pages(vaddr_t base, u32 n, bool write)
{
	for (u32 i = 0; i < n; i++)
		uv_touch(base + i * PAGE_SIZE, 4, write);
}

static vaddr_t user_path(const char *path)
{
	uv_write(scratch, path, (u32)strlen(path) + 1);
	return scratch;
}

/* ld.so's early anonymous map (2 pages), which holds the scratch page. */
static int get_scratch(void)
{
	long a = sys_mmap(0, 2 * PAGE_SIZE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (a < 0)
		return (int)a;
	scratch = (vaddr_t)a;
	return 0;
}

static int install_file(const char *path, u32 bytes)
{
	int fd = sys_open(user_path(path), O_RDWR | O_CREAT | O_TRUNC);

	if (fd < 0)
		return fd;
	/* Any bytes do: only the pages' being cached matters. */
	for (u32 off = 0; off < bytes; off += PAGE_SIZE) {
		u32 n = MIN(PAGE_SIZE, bytes - off);

		if (sys_write(fd, scratch, n) != n) {
			sys_close(fd);
			return -EIO;
		}
	}
	return sys_close(fd);
}

int ldso_install(void)
{
	int err = get_scratch();

	if (!err)
		err = install_file(ld_so.path, (ld_so.text + ld_so.relro +
						ld_so.data) * PAGE_SIZE);
	if (!err)
		err = install_file(libc_so.path,
				   (libc_so.text + libc_so.relro + libc_so.data) *
					   PAGE_SIZE);
	if (!err)
		err = install_file(CACHE_PATH, CACHE_BYTES);
	if (scratch)
		sys_munmap(scratch, 2 * PAGE_SIZE);
	scratch = 0;
	return err;
}

/* A system call whose body the model does not have: entry and exit. */
static void null_syscall(void)
{
	sys_getppid();
}

/*
 * _dl_map_object_from_fd for @o: open, read the headers, reserve the
 * whole object, map its segments over the reservation, close; then
 * relocation writes every page of its writable segment.  *@text and
 * *@data get where they went.
 */
static int map_object(const struct dso *o, vaddr_t *text, vaddr_t *data)
{
	u32 file = o->text + o->relro + o->data;
	u32 total = (file + o->bss) * PAGE_SIZE;
	vaddr_t base, rw;
	long a;
	int fd = sys_open(user_path(o->path), O_RDONLY);

	if (fd < 0)
		return fd;
	sys_read(fd, scratch, 512);		/* the ELF header */
	sys_read(fd, scratch, 288);		/* pread64: the program headers */
	sys_fstat(fd, scratch);
	a = sys_mmap(0, total, PROT_READ, MAP_PRIVATE, fd, 0);
	if (a < 0)
		goto fail;
	base = (vaddr_t)a;
	rw = base + o->text * PAGE_SIZE;
	a = sys_mmap(base, o->text * PAGE_SIZE, PROT_READ | PROT_EXEC,
		     MAP_PRIVATE | MAP_FIXED, fd, 0);
	if (a >= 0)
		a = sys_mmap(rw, (o->relro + o->data) * PAGE_SIZE,
			     PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd,
			     o->text);
	if (a >= 0 && o->bss)
		a = sys_mmap(base + file * PAGE_SIZE, o->bss * PAGE_SIZE,
			     PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0);
	if (a < 0)
		goto fail;
	sys_close(fd);
	for (u32 i = 0; i < o->nr_touch; i++)
		uv_touch(base + o->touch[i] * o->text / o->x86_text * PAGE_SIZE,
			 4, false);
	/* Relocation: the GOT in RELRO, the data after it. */
	touch_pages(rw, o->relro + o->data, true);
	*text = base;
	*data = rw;
	return 0;
fail:
	sys_close(fd);
	return (int)a;
}

int ldso_start(void)
{
	vaddr_t ld_text, ld_data, cache, tls;
	long a;
	int err, fd;

	err = get_scratch();		/* the early map; its page 0 written */
	if (err)
		return err;
	err = map_object(&ld_so, &ld_text, &ld_data);
	if (err)
		return err;
	sys_brk(0);
	null_syscall();				/* access(ld.so.preload) */
	fd = sys_open(user_path(CACHE_PATH), O_RDONLY);
	if (fd < 0)
		return fd;
	sys_fstat(fd, scratch);
	a = sys_mmap(0, CACHE_BYTES, PROT_READ, MAP_PRIVATE, fd, 0);
	sys_close(fd);
	if (a < 0)
		return (int)a;
	cache = (vaddr_t)a;
	uv_touch(cache, 4, false);
	err = map_object(&libc_so, &libc_text, &libc_data);
	if (err)
		return err;
	for (u32 i = 0; i < ARRAY_SIZE(libc_bss_touch); i++)
		uv_touch(libc_data + (libc_so.relro + libc_so.data +
				      libc_bss_touch[i] * libc_so.bss /
					      X86_LIBC_BSS) * PAGE_SIZE,
			 4, true);
	a = sys_mmap(0, 3 * PAGE_SIZE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (a < 0)
		return (int)a;
	tls = (vaddr_t)a;
	touch_pages(tls, 2, true);
	null_syscall();				/* set_tls */
	null_syscall();				/* set_tid_address */
	null_syscall();				/* set_robust_list */
	null_syscall();				/* rseq */
	sys_mprotect(libc_data, libc_so.relro * PAGE_SIZE, PROT_READ);
	sys_mprotect(ld_data, ld_so.relro * PAGE_SIZE, PROT_READ);
	null_syscall();				/* prlimit64 */
	sys_munmap(cache, CACHE_BYTES);
	return 0;
}

void libc_exit(void)
{
	if (!libc_text)
		return;
	uv_touch(libc_text + 174 * libc_so.text / libc_so.x86_text * PAGE_SIZE,
		 4, false);
	uv_touch(libc_data + libc_so.relro * PAGE_SIZE, 4, true);
}
