// SPDX-License-Identifier: GPL-2.0-only
/*
 * spawn: the first process workload.  Each of N processes maps a shared
 * file-backed region, forks a child, and waits for it; the child touches M
 * anonymous pages, reads and writes the shared region, and exits.  It
 * exercises fork's page-table copy, anonymous and file faults, COW, rmap
 * chains on the shared pages, and exit's zap -- the paths HIGHPTE taxes.
 *
 * A user program: it only makes system calls and touches its own memory.
 */
#include "workloads/spawn.h"

#include "kernel/process.h"
#include "kernel/user.h"

/* What one process of the workload does, per the parameters. */
static struct spawn_params params;

/* User work between touches, a few instructions per page [E]. */
#define TOUCH_WORK 200

static void child_main(void *arg)
{
	vaddr_t shared = (vaddr_t)(unsigned long)arg;
	long anon = sys_mmap(0, params.pages * 4096u, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (anon < 0)
		sys_exit(1);
	for (u32 i = 0; i < params.pages; i++) {
		uv_write32((vaddr_t)anon + i * 4096u, i);
		user_compute(TOUCH_WORK);
	}
	for (u32 i = 0; i < params.shared_pages; i++) {
		u32 v = uv_read32(shared + i * 4096u);

		uv_write32(shared + i * 4096u + 4, v + 1);
		user_compute(TOUCH_WORK);
	}
	sys_exit(0);
}

static void spawn_main(void *arg)
{
	int fd = sys_shm_open("spawn-shared", params.shared_pages * 4096u);
	long shared;
	int status = 0, pid;

	if (fd < 0)
		sys_exit(2);
	shared = sys_mmap(0, params.shared_pages * 4096u,
			  PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (shared < 0)
		sys_exit(3);
	/*
	 * The parent's own working set: the text it runs, its data, and the
	 * shared region -- all present in its page tables.  Fork copies
	 * them all on 2.5/2.6.0; from 2.6.14 only the VMAs with an anon_vma
	 * (the data written), and the child faults the rest in again.
	 */
	uv_touch(user_image_base(), 16 * 4096u, false);
	uv_touch(user_image_base() + 16 * 4096u, 4 * 4096u, true);
	uv_touch((vaddr_t)shared, params.shared_pages * 4096u, false);
	pid = sys_fork(child_main, (void *)(unsigned long)shared);
	if (pid < 0)
		sys_exit(4);
	if (sys_wait4(pid, &status) != pid || status)
		sys_exit(5);
	sys_exit(0);
}

/* A small program: 16 pages of text, 4 of data, 8 of bss, 4 of stack. */
static const struct program spawn_program = {
	.name = "spawn",
	.main = spawn_main,
	.text_pages = 16,
	.data_pages = 4,
	.bss_pages = 8,
	.stack_pages = 4,
};

void spawn_start(const struct spawn_params *p)
{
	params = *p;
	for (u32 i = 0; i < p->procs; i++)
		spawn_process(&spawn_program, 0);
}
