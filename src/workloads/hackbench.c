// SPDX-License-Identifier: GPL-2.0-only
/*
 * hackbench in pipe mode (Rusty Russell's hackbench.c, as perf's `bench
 * sched messaging -p` still runs it): "test groups of 20 processes
 * spraying to 20 receivers".  The parent creates, per group, one pipe
 * per receiver and forks the receiver, then forks 20 senders holding the
 * write ends of all 20 pipes, and waits for all 40 children of every
 * group.  Each sender writes --loops messages of 100 bytes to every
 * receiver of its group; each receiver reads 20 x loops messages.  Short
 * reads and writes are retried, as hackbench does.  Only processes, no
 * exec.
 *
 * Differences from hackbench: no start barrier (hackbench's children
 * write a "ready" byte and poll() a wake-up pipe before the timer
 * starts; the model has no poll, and times the whole run instead), and
 * the parent closes each receiver's read end once it is forked (it keeps
 * them open; here the 32-descriptor table would not hold two groups).
 *
 * A user program: it only makes system calls and touches its own memory.
 */
#include "workloads/hackbench.h"

#include <string.h>

#include "kernel/process.h"
#include "kernel/user.h"

static struct hackbench_params *hb;

struct receiver {
	int idx;		/* in all groups */
	int rfd, wfd;		/* its pipe */
};

struct sender {
	int idx;		/* in its group */
	int out_fds[HACKBENCH_FDS];
};

static struct receiver receivers[HACKBENCH_MAX_GROUPS * HACKBENCH_FDS];
static struct sender senders[HACKBENCH_MAX_GROUPS * HACKBENCH_FDS];

/* The message buffer: one anonymous page of the parent, copied by fork. */
static vaddr_t data;

static _Noreturn void barf(int step)
{
	if (!hb->status)
		hb->status = step;
	sys_exit(step);
}

/* Read one whole message; with verify, check it came from one sender. */
static void receive_message(struct receiver *r)
{
	u32 done = 0;

	while (done < HACKBENCH_DATASIZE) {
		long n = sys_read(r->rfd, data + done,
				  HACKBENCH_DATASIZE - done);

		user_loop_iteration();
		if (n <= 0)
			barf(10);
		done += (u32)n;
	}
	hb->messages_received++;
	hb->bytes_received += done;
	if (hb->verify) {
		u8 msg[HACKBENCH_DATASIZE];
		u32 i;

		uv_read(data, msg, sizeof(msg));
		for (i = 1; i < sizeof(msg) && msg[i] == msg[0]; i++)
			;
		if (i < sizeof(msg) || msg[0] >= HACKBENCH_FDS)
			hb->bad_messages++;
		else
			hb->got[r->idx][msg[0]]++;
	}
}

static void receiver_main(void *arg)
{
	struct receiver *r = arg;

	/* The receiver does not write to its own pipe. */
	sys_close(r->wfd);
	for (u32 j = 0; j < HACKBENCH_FDS * hb->loops; j++)
		receive_message(r);
	sys_exit(0);
}

static void sender_main(void *arg)
{
	struct sender *s = arg;
	u8 msg[HACKBENCH_DATASIZE];

	/* The message names its sender, for verify: one store of the
	 * buffer (hackbench sends whatever its stack holds). */
	memset(msg, s->idx, sizeof(msg));
	uv_write(data, msg, sizeof(msg));
	for (u32 i = 0; i < hb->loops; i++)
		for (u32 j = 0; j < HACKBENCH_FDS; j++) {
			u32 done = 0;

			while (done < HACKBENCH_DATASIZE) {
				long n = sys_write(s->out_fds[j], data + done,
						   HACKBENCH_DATASIZE - done);

				user_loop_iteration();
				if (n <= 0)
					barf(11);
				done += (u32)n;
			}
			hb->messages_sent++;
		}
	sys_exit(0);
}

/* One group: its receivers with their pipes, then its senders. */
static u32 group(u32 g)
{
	int wfds[HACKBENCH_FDS];
	u32 forked = 0;

	for (u32 i = 0; i < HACKBENCH_FDS; i++) {
		struct receiver *r = &receivers[g * HACKBENCH_FDS + i];
		int fds[2];

		if (sys_pipe(fds))
			barf(2);
		r->idx = (int)(g * HACKBENCH_FDS + i);
		r->rfd = fds[0];
		r->wfd = fds[1];
		if (sys_fork(receiver_main, r) < 0)
			barf(3);
		forked++;
		sys_close(fds[0]);
		wfds[i] = fds[1];
	}
	for (u32 i = 0; i < HACKBENCH_FDS; i++) {
		struct sender *s = &senders[g * HACKBENCH_FDS + i];

		s->idx = (int)i;
		memcpy(s->out_fds, wfds, sizeof(wfds));
		if (sys_fork(sender_main, s) < 0)
			barf(4);
		forked++;
	}
	/* Close the fds we have left. */
	for (u32 i = 0; i < HACKBENCH_FDS; i++)
		sys_close(wfds[i]);
	return forked;
}

static void hackbench_main(void *arg)
{
	long buf = sys_mmap(0, 4096, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	u32 children = 0;

	if (buf < 0)
		barf(1);
	data = (vaddr_t)buf;
	uv_touch(data, 4096, true);
	for (u32 g = 0; g < hb->groups; g++)
		children += group(g);
	/* Reap them all. */
	for (u32 i = 0; i < children; i++) {
		int status = 0;

		if (sys_wait4(-1, &status) < 0)
			barf(5);
		if (status && !hb->status)
			hb->status = 6;
	}
	sys_exit(hb->status);
}

/* hackbench's image: a small program. */
static const struct program hackbench_program = {
	.name = "hackbench",
	.main = hackbench_main,
	.text_pages = 8,
	.data_pages = 2,
	.bss_pages = 2,
	.stack_pages = 2,
};

void hackbench_start(struct hackbench_params *p)
{
	hb = p;
	p->status = 0;
	p->messages_sent = 0;
	p->messages_received = 0;
	p->bytes_received = 0;
	p->bad_messages = 0;
	memset(p->got, 0, sizeof(p->got));
	data = 0;
	spawn_process(&hackbench_program, NULL);
}
