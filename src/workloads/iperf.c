// SPDX-License-Identifier: GPL-2.0-only
/*
 * The iperf 2 client (see workloads/iperf.h).  A user program: system
 * calls and its own memory; the measuring harness reads the receiver's
 * byte count at two points in simulated time.
 */
#include "workloads/iperf.h"

#include <stdlib.h>

#include "base/panic.h"

#include "kernel/process.h"
#include "kernel/user.h"
#include "net/net.h"
#include "cli/progress.h"

#define ALARM_GRACE_NS 1000000000ull

static struct iperf_params *ip;

/* The receiver's count now (the harness, not the program, looks). */
static u64 peer_bytes_now(void)
{
	struct net_stats st;

	net_sync();
	net_get_stats(&st);
	return st.peer_bytes;
}

static void iperf_main(void *arg)
{
	long buf = sys_mmap(0, ip->len, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	u8 chunk[256];
	u64 t0, now, end, warm;
	bool marked = false;
	int fd;

	if (buf < 0) {
		ip->status = 1;
		sys_exit(1);
	}
	/* Client::Client -> pattern(): "0123456789" over the buffer. */
	for (u32 off = 0; off < ip->len; off += sizeof(chunk)) {
		u32 n = ip->len - off < sizeof(chunk) ? ip->len - off :
							 (u32)sizeof(chunk);

		for (u32 i = 0; i < n; i++)
			chunk[i] = (u8)('0' + (off + i) % 10);
		uv_write((vaddr_t)buf + off, chunk, n);
	}
	fd = sys_socket();
	if (fd < 0 || sys_connect(fd) < 0) {
		ip->status = 2;
		sys_exit(2);
	}
	t0 = sys_clock_gettime();
	end = t0 + ip->time_ns;
	warm = t0 + ip->warmup_ns;
	sys_alarm_ns(ip->time_ns + ALARM_GRACE_NS);
	ip->t0_ns = warm;
	for (;;) {
		long n = sys_write(fd, (vaddr_t)buf, ip->len);

		user_loop_iteration();
		if (n < 0 || (u32)n < ip->len) {
			if (n > 0)
				ip->written += (u64)n;
			ip->stalled = true;
			break;
		}
		ip->written += (u64)n;
		ip->writes++;
		now = sys_clock_gettime();
		progress_tick("iperf simulated ms", (now - t0) / 1000000,
			      ip->time_ns / 1000000);
		if (!marked && now >= warm) {
			ip->peer_bytes0 = peer_bytes_now();
			ip->t0_ns = now;
			marked = true;
		}
		if (now >= end)
			break;
	}
	now = sys_clock_gettime();
	ip->peer_bytes1 = peer_bytes_now();
	ip->t1_ns = now;
	if (!marked) {
		ip->peer_bytes0 = 0;
		ip->t0_ns = t0;
	}
	ip->ns = now - t0;
	sys_alarm_ns(0);
	sys_close(fd);
	sys_exit(ip->status);
}

static const struct program iperf_program = {
	.name = "iperf",
	.main = iperf_main,
	.text_pages = 32,
	.data_pages = 4,
	.bss_pages = 4,
	.stack_pages = 2,
};

void iperf_start(struct iperf_params *p)
{
	ip = p;
	p->status = 0;
	p->written = p->writes = p->ns = 0;
	p->peer_bytes0 = p->peer_bytes1 = 0;
	p->t0_ns = p->t1_ns = 0;
	p->stalled = false;
	{
		u8 *pat = malloc(p->len);

		if (!pat)
			panic("iperf: host out of memory");
		for (u32 i = 0; i < p->len; i++)
			pat[i] = (u8)('0' + i % 10);
		net_expect_pattern(pat, p->len);
		free(pat);
	}
	spawn_process(&iperf_program, NULL);
}
