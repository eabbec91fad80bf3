// SPDX-License-Identifier: GPL-2.0-only
/*
 * lmbench 3's summary (scripts/getsummary of lmbench3): the tables whose
 * columns the model measures, with getsummary's own headings, field
 * widths and number format.  Each column takes the test lmbench's
 * scripts/lmbench runs for it: null call lat_syscall null, null I/O the
 * mean of lat_syscall read and write, stat, open/close, fork and exec
 * lat_proc; Mmap Latency lat_mmap, Page Fault lat_pagefault; Bcopy
 * (libc) bw_mem bcopy, Bcopy (hand) bw_mem cp (the unrolled copy), Mem
 * read bw_mem rd, Mem write bw_mem wr.  Columns the model does not run
 * (select, signals, sh, file create/delete, TCP, pipe bandwidth) are
 * blank, as getsummary leaves a missing result.
 */
#include "experiments/lmbench_summary.h"

#include <string.h>

#define M 1000000.0
#define K 1000.0

const char *lmbench_summary_num(double v, int len, char *buf, size_t size)
{
	char n[64];

	if (!(v > 0)) {
		snprintf(buf, size, "%*s", len, "");
	} else if (v >= 10 * M) {
		snprintf(n, sizeof(n), "%.1f", v / M);
		snprintf(buf, size, "%*.*sM", len - 1, len - 1, n);
	} else if (v >= 10 * K) {
		snprintf(n, sizeof(n), "%.1f", v / K);
		snprintf(buf, size, "%*.*sK", len - 1, len - 1, n);
	} else if (v >= 10) {
		snprintf(n, sizeof(n), "%.1f", v);
		snprintf(buf, size, "%*.*s", len, len, n);
	} else if (v < 0.001) {
		snprintf(buf, size, "%*.*e", len, len - 6, v);
	} else {
		snprintf(buf, size, "%*.*f", len, len - 2, v);
	}
	return buf;
}

/* The value of test @w among the @n run, or -1 (absent). */
static double value_of(const enum lmbench_test *t,
		       const struct lmbench_point *pts, u32 n,
		       enum lmbench_test w)
{
	for (u32 i = 0; i < n; i++)
		if (t[i] == w)
			return pts[i].value;
	return -1;
}

/* getsummary's host and OS columns: "%-9.9s %13.13s ". */
static void host_os(const struct settings *s, FILE *f)
{
	char os[32], ver[KERNEL_VERSION_STR_LEN];

	snprintf(os, sizeof(os), "Linux %s",
		 kernel_version_str(settings_kernel_version(s), ver));
	fprintf(f, "%-9.9s %13.13s ", s->platform->name, os);
}

void lmbench_print_summary(const struct settings *s,
			   const enum lmbench_test *t,
			   const struct lmbench_point *pts, u32 n, FILE *f)
{
#define V(w) value_of(t, pts, n, (w))
#define NUM(v, len, i) lmbench_summary_num((v), (len), b[i], sizeof(b[i]))
	char b[10][32];
	double rd = V(LMB_READ), wr = V(LMB_WRITE), io;

	/* print_process: no /dev/zero read, the write alone. */
	io = rd < 0 ? wr : wr < 0 ? rd : (rd + wr) / 2;
	fprintf(f,
		"\n                 L M B E N C H  3 . 0   S U M M A R Y\n"
		"                 ------------------------------------\n"
		"\t\t (Alpha software, do not distribute)\n");
	if (V(LMB_NULL) > 0 || io > 0 || V(LMB_STAT) > 0 || V(LMB_OPEN) > 0 ||
	    V(LMB_FORK) > 0 || V(LMB_EXEC) > 0) {
		fprintf(f,
			"\nProcessor, Processes - times in microseconds - smaller is better\n"
			"------------------------------------------------------------------------------\n"
			"Host                 OS  Mhz null null      open slct sig  sig  fork exec sh  \n"
			"                             call  I/O stat clos TCP  inst hndl proc proc proc\n"
			"--------- ------------- ---- ---- ---- ---- ---- ---- ---- ---- ---- ---- ----\n");
		host_os(s, f);
		fprintf(f,
			"%4.0f %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s\n",
			(double)settings_cpu_hz(s) / 1e6, NUM(V(LMB_NULL), 4, 0),
			NUM(io, 4, 1), NUM(V(LMB_STAT), 4, 2),
			NUM(V(LMB_OPEN), 4, 3), NUM(-1, 4, 4), NUM(-1, 4, 5),
			NUM(-1, 4, 6), NUM(V(LMB_FORK), 4, 7),
			NUM(V(LMB_EXEC), 4, 8), NUM(-1, 4, 9));
	}
	if (V(LMB_MMAP) > 0 || V(LMB_PAGEFAULT) > 0) {
		fprintf(f,
			"\nFile & VM system latencies in microseconds - smaller is better\n"
			"-------------------------------------------------------------------------------\n"
			"Host                 OS   0K File      10K File     Mmap    Prot   Page   100fd\n"
			"                        Create Delete Create Delete Latency Fault  Fault  selct\n"
			"--------- ------------- ------ ------ ------ ------ ------- ----- ------- -----\n");
		host_os(s, f);
		fprintf(f, "%6.6s %6.6s %6.6s %6.6s %7.7s %5.5s %7.7s %5.5s\n",
			NUM(-1, 6, 0), NUM(-1, 6, 1), NUM(-1, 6, 2),
			NUM(-1, 6, 3), NUM(V(LMB_MMAP), 7, 4), NUM(-1, 5, 5),
			NUM(V(LMB_PAGEFAULT), 7, 6), NUM(-1, 5, 7));
	}
	if (V(LMB_BCOPY) > 0 || V(LMB_CP) > 0 || V(LMB_RD) > 0 ||
	    V(LMB_WR) > 0) {
		fprintf(f,
			"\n*Local* Communication bandwidths in MB/s - bigger is better\n"
			"-----------------------------------------------------------------------------\n"
			"Host                OS  Pipe AF    TCP  File   Mmap  Bcopy  Bcopy  Mem   Mem\n"
			"                             UNIX      reread reread (libc) (hand) read write\n"
			"--------- ------------- ---- ---- ---- ------ ------ ------ ------ ---- -----\n");
		host_os(s, f);
		fprintf(f,
			"%4.4s %4.4s %4.4s %6.6s %6.6s %6.6s %6.6s %4.4s %5.5s\n",
			NUM(-1, 4, 0), NUM(-1, 4, 1), NUM(-1, 4, 2),
			NUM(-1, 6, 3), NUM(-1, 6, 4), NUM(V(LMB_BCOPY), 6, 5),
			NUM(V(LMB_CP), 6, 6), NUM(V(LMB_RD), 4, 7),
			NUM(V(LMB_WR), 5, 8));
	}
#undef NUM
#undef V
}
