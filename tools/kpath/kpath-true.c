// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpath-true.c - the smallest static program that exits 0, the execve
 * target of fork_exec_exit_wait.  Built with -nostdlib so that the exec'd
 * image is one text page and no C library start-up runs: the operation
 * then measures fork + execve + exit + wait, not libc initialisation.
 */
#if defined(__arm__)
__asm__(".globl _start\n"
	"_start:\n"
	"	mov r0, #0\n"
	"	mov r7, #1\n" /* __NR_exit */
	"	svc #0\n");
#elif defined(__i386__)
__asm__(".globl _start\n"
	"_start:\n"
	"	xorl %ebx, %ebx\n"
	"	movl $1, %eax\n" /* __NR_exit */
	"	int $0x80\n");
#else
#error "kpath-true: armhf or i386 only"
#endif
