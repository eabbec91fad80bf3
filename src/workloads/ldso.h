/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A dynamically linked program's start-up and exit as glibc 2.36's ld.so
 * and libc make them on Debian 12 armhf (workloads/ldso.c says from what):
 * the shared objects each process maps, the system calls ld.so makes, and
 * the pages start-up and exit touch.  lmbench's binaries are linked so;
 * what they carry into fork, exec and exit is what lat_proc measures.
 */
#ifndef VMSPLIT_WORKLOADS_LDSO_H
#define VMSPLIT_WORKLOADS_LDSO_H

#include "base/types.h"

/*
 * ldso_install - create the objects' files (ld.so, libc, ld.so.cache) in
 * tmpfs with every page written, as an installed system has them in its
 * page cache.  Context: a user program, before anything is measured.
 * Return: 0, or a negative errno from open or write.
 */
int ldso_install(void);

/*
 * ldso_start - what happens between execve's return and main: ld.so maps
 * itself and libc, relocates, sets up TLS and protects the RELRO parts.
 * The program's own image is the kernel's (struct program).
 * Return: 0, or a negative errno from a system call that failed.
 */
int ldso_start(void);

/*
 * The user VMAs ldso_start adds to a process that had none of them:
 * ld.so's text, RELRO and data, libc's text, RELRO, data and bss, the TLS
 * block, the early anonymous map.
 */
#define LDSO_VMAS 9u
/*
 * Its system calls: the early map; for ld.so open, two reads, fstat,
 * three mmaps, close (8); brk, access; ld.so.cache's open, fstat, mmap,
 * close (4); libc's 8 and its bss mmap; the TLS mmap; set_tls,
 * set_tid_address, set_robust_list, rseq; two mprotects; prlimit64; the
 * cache's munmap.
 */
#define LDSO_START_SYSCALLS 33u

/*
 * libc_exit - exit()'s user-space part before _exit: the exit handlers
 * and stdio's cleanup, whose text pages and data a forked child faults in.
 */
void libc_exit(void);

#endif
