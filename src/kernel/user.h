/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The interface user programs use: their own memory through the MMU in
 * user mode (a fault goes to the kernel's fault handler; a bad access
 * kills the task with SIGSEGV), user-mode computation, and system calls.
 * Workloads include this header and nothing else from the kernel.
 */
#ifndef VMSPLIT_KERNEL_USER_H
#define VMSPLIT_KERNEL_USER_H

#include "base/types.h"

struct program;

/* User-mode loads and stores of [addr, addr + len). */
void uv_read(vaddr_t addr, void *buf, u32 len);
void uv_write(vaddr_t addr, const void *buf, u32 len);
u32 uv_read32(vaddr_t addr);
void uv_write32(vaddr_t addr, u32 v);
/* One load (or store) in every page of [addr, addr + len). */
void uv_touch(vaddr_t addr, u32 len, bool write);
/* User-mode memcpy and memset of [addr, addr + len) (faults as they come). */
void uv_copy(vaddr_t dst, vaddr_t src, u32 len);
void uv_fill(vaddr_t addr, u8 val, u32 len);
/*
 * The instructions of a user streaming loop over @bytes (lmbench
 * bw_mem's), at the board's cost per KiB; the memory accesses are the
 * caller's uv_* calls.
 */
enum user_stream {
	USER_STREAM_RD,		/* bw_mem rd's summing loop */
	USER_STREAM_WR,		/* bw_mem wr's storing loop */
	USER_STREAM_CP,		/* bw_mem cp's copying loop */
	USER_STREAM_MEMSET,	/* libc memset (bzero) */
	USER_STREAM_MEMCPY,	/* libc memcpy (bcopy) */
};
void user_stream(enum user_stream kind, u64 bytes);
/* @cycles of user-mode instructions (the program's own work). */
void user_compute(u64 cycles);
/*
 * Where the program's image starts (its text, then data, then bss), as a
 * program knows its own link address.
 */
vaddr_t user_image_base(void);

#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4
#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20

int sys_getpid(void);
/* The parent's pid; 0 for a process without one (init's children). */
int sys_getppid(void);
/* fork/vfork: the child runs @child(@arg); the parent gets its pid. */
int sys_fork(void (*child)(void *), void *arg);
int sys_vfork(void (*child)(void *), void *arg);
/* execve: returns only on failure; success runs prog->main(@arg). */
int sys_execve(const struct program *prog, void *arg);
_Noreturn void sys_exit(int code);
/* Return the reaped pid; *status = exit code << 8, or the signal. */
int sys_wait4(int pid, int *status);
long sys_mmap(vaddr_t addr, u32 len, int prot, int flags, int fd, u32 pgoff);
int sys_munmap(vaddr_t addr, u32 len);
/*
 * mprotect(2): PROT_* (with PROT_GROWSDOWN to run down to the start of a
 * stack).  Return: 0, -EINVAL, -ENOMEM (a hole in the range) or -EACCES
 * (more than the mapping may have: a shared file opened read-only).
 */
int sys_mprotect(vaddr_t addr, u32 len, int prot);
/*
 * mremap(2): shrink, grow in place, or with MREMAP_MAYMOVE move the
 * mapping (to @new_addr with MREMAP_FIXED).  Return: its address, or
 * -EINVAL, -EFAULT (no mapping at @addr, or the range crosses its end)
 * or -ENOMEM.
 */
#define MREMAP_MAYMOVE 1
#define MREMAP_FIXED 2
long sys_mremap(vaddr_t addr, u32 old_len, u32 new_len, int flags,
		vaddr_t new_addr);
long sys_brk(vaddr_t brk);
int sys_shm_open(const char *name, u32 size);
/* Copy struct new_utsname (6 x 65 bytes) to @buf. */
long sys_uname(vaddr_t buf);
/* Copy @len bytes (at most 64) of hostname from @name. */
long sys_sethostname(vaddr_t name, u32 len);

/* open(2) flags and lseek(2) whence values. */
#define O_ACCMODE 03
#define O_RDONLY 00
#define O_WRONLY 01
#define O_RDWR 02
#define O_CREAT 0100
#define O_TRUNC 01000
#define O_APPEND 02000

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

/* Files: @path is a NUL-terminated string in user memory. */
int sys_open(vaddr_t path, int flags);
long sys_read(int fd, vaddr_t buf, u32 count);
long sys_write(int fd, vaddr_t buf, u32 count);
s64 sys_lseek(int fd, s64 offset, int whence);
int sys_ftruncate(int fd, u64 length);
int sys_unlink(vaddr_t path);
/* rename(2): @newpath, if it exists, is replaced. */
int sys_rename(vaddr_t oldpath, vaddr_t newpath);
int sys_fsync(int fd);
int sys_close(int fd);
/*
 * stat64/fstat64: fill the struct stat64 (STAT64_SIZE bytes, ARM EABI
 * layout) at @buf.  Return: 0, -ENOENT, -EBADF or -EFAULT.
 */
#define STAT64_SIZE 104
int sys_stat(vaddr_t path, vaddr_t buf);
int sys_fstat(int fd, vaddr_t buf);
/*
 * pipe(2): @fds[0] gets the read end, @fds[1] the write end.  @fds is the
 * program's own variable (as wait4's status is); the 8-byte copy out is
 * not modelled.  Return: 0, -EMFILE or -ENOMEM.
 */
int sys_pipe(int fds[2]);

/*
 * A TCP socket (socket(AF_INET, SOCK_STREAM, 0)) and its connection to
 * the host at the other end of the board's Ethernet cable (boards with a
 * NIC; -EAFNOSUPPORT elsewhere).  write() on it sends.
 */
/*
 * alarm(2) in nanoseconds, with a handler that only notes the signal: a
 * system call blocked when it fires returns early (-EINTR, or a short
 * count).  0 cancels.
 */
long sys_alarm_ns(u64 ns);

int sys_socket(void);
int sys_connect(int fd);

/*
 * kill(2) with SIGKILL (9), or 0 to ask whether @pid lives.
 * Return: 0, -ESRCH (no such task), -EINVAL (another signal: the model
 * delivers no other).
 */
int sys_kill(int pid, int sig);

/* CLOCK_MONOTONIC in nanoseconds (this CPU's simulated clock). */
u64 sys_clock_gettime(void);
/* @cycles of a @hz clock in whole nanoseconds, exact for any u64 count. */
u64 cycles_to_ns(u64 cycles, u64 hz);

/*
 * The program's own per-iteration instructions around its system calls
 * (a loop like dd's), at the board's cost for such a loop.
 */
void user_loop_iteration(void);

#define UTSNAME_LEN 65
#define UTSNAME_SIZE (6 * UTSNAME_LEN)

#endif
