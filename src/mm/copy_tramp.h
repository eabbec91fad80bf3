/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * FreeBSD i386's 4/4 split user access as a design for x86
 * CONFIG_VMSPLIT_4G_4G (issue 35, `copy_4g=tramp`, in place of Ingo
 * Molnar's rw_vm, lib/usercopy.h).  FreeBSD 12 (kib, 2018, r332489),
 * read in the sources F-Stack carries: freebsd/i386/i386/copyout.c
 * (copyin, copyout, fueword, suword, copyinstr, cp_slow0),
 * copyout_fast.s (copyin_fast, copyout_fast, fueword_fast, suword_fast,
 * copyout_fault, fusufault), exception.s (IDTVEC(page)), pmap.c
 * (pmap_cp_slow0_map, pmap_trm_alloc), include/frame.h
 * (TRAMP_COPYOUT_SZ 128).  Like Ingo's 4G/4G the kernel runs on tables
 * of its own and loads the user's CR3 on the way out (arch/mmu_context.c
 * models both); only the copies differ.
 *
 * The fast path, for a copy of at most TRAMP_COPYOUT_SZ bytes: with
 * interrupts off, copyout_fast pushes its arguments on the CPU's
 * trampoline stack, copies the kernel's bytes into the CPU's copyout_buf
 * (rep movsb), loads the user's CR3, copies the buffer to the user
 * address, and loads the kernel's CR3 back; copyin_fast switches first
 * and copies the other way.  The trampoline -- buffers and stacks -- is
 * one PMD above user space whose PTE page every user pgd shares
 * (FreeBSD's TRPTDI PDE; here carved under the pkmap window, above
 * TASK_SIZE_4G4G: arch/layout.h), so the same pages are there under
 * either CR3.  No x86 CPU of the era has PCID and 4G/4G's kernel
 * mappings are not global: each CR3 load drops every TLB entry, and the
 * misses that follow (the trampoline stack, the buffer, the user page,
 * then the kernel's own pages) are the TLB model's.  A fault on the user
 * side (not present, or read-only: CR0.WP) is not handled: IDTVEC(page)
 * sees the trampoline's EIP, loads the kernel's CR3 and returns EFAULT
 * (copyout_fault), and the caller goes the slow way.  fueword/suword
 * (get_user/put_user) do the same with the word in a register.
 *
 * The slow path, page by page (copyout's loop splits at page
 * boundaries): cp_slow0 holds the pages (vm_fault_quick_hold_pages,
 * priced and modelled as get_user_pages_fast: the lockless walk, a fault
 * where a page is absent unless page faults are off), pins the thread,
 * takes the CPU's window -- pc_copyout_maddr under a mutex where it may
 * not sleep, pc_copyout_saddr under an sx lock where it may -- stores
 * each page's PTE there with an invlpg (pmap_cp_slow0_map), copies, and
 * unholds (vm_page_unhold_pages).  The window PTEs stay as they are
 * after the unhold, as FreeBSD leaves them.
 *
 * Linux calls with no FreeBSD twin: clear_user is a copyout from the
 * zero page (FreeBSD's /dev/zero reads copy out of zero_region, a range
 * of KVA that maps one zeroed page); strncpy_from_user is copyinstr,
 * page by page through cp_slow0 (it has no fast path); the inatomic
 * copies are copyin/copyout with page faults off (vm_fault_quick_hold_
 * pages then fails on an absent page, TDP_NOFAULTING).
 *
 * Checkers (checks=y): the copyout buffer's PDE is the kernel's own in
 * the user pgd being loaded, and its PTE maps the buffer's page; an
 * access through a cp_slow0 window must be the running CPU's, during its
 * copy (not after vm_page_unhold_pages), and the window's PTE must map
 * the page held.
 */
#ifndef VMSPLIT_MM_COPY_TRAMP_H
#define VMSPLIT_MM_COPY_TRAMP_H

#include "base/types.h"

/* include/frame.h: the largest copy copyin/copyout_fast take. */
#define TRAMP_COPYOUT_SZ 128

/*
 * Boot (after kmalloc_init: the trampoline's pages, the locks); shutdown
 * (pages back, PTEs cleared); an abandoned kernel's host memory only.
 */
void copy_tramp_init(void);
void copy_tramp_exit(void);
void copy_tramp_forget(void);

/* Is copy_4g=tramp in force (and booted)? */
bool copy_tramp_enabled(void);

/*
 * tramp_copyout / tramp_copyin - copyout() and copyin(): the trampoline
 * for @n <= TRAMP_COPYOUT_SZ, cp_slow0 page by page for longer copies
 * and after a fault.  @kaddr 0 in tramp_copyout copies zeroes (the zero
 * page: clear_user).
 * Context: process context under the kernel's CR3; with page faults off
 * an absent page ends the copy.
 * Return: bytes NOT copied (Linux's count; FreeBSD returns EFAULT).
 */
u32 tramp_copyout(vaddr_t uaddr, vaddr_t kaddr, u32 n);
u32 tramp_copyin(vaddr_t kaddr, vaddr_t uaddr, u32 n);

/*
 * tramp_fueword / tramp_suword - fueword() and suword(): a 4-byte load
 * or store through the trampoline, cp_slow0 after a fault.
 * Return: 0 or -EFAULT.
 */
int tramp_fueword(vaddr_t uaddr, u32 *val);
int tramp_suword(vaddr_t uaddr, u32 val);

/*
 * tramp_copyinstr - copyinstr() for strncpy_from_user: cp_slow0 page by
 * page, stopping at the NUL.
 * Return: the string's length (< @count), @count if no NUL was found,
 * or -EFAULT.
 */
long tramp_copyinstr(char *dst, vaddr_t src, u32 count);

/* // For the checkers and tests. */
/* Is @va in the cp_slow0 windows? */
bool in_cp_slow0_window(vaddr_t va);
/* Check an access to @va there (highmem_check.c's hook). */
void cp_slow0_check_access(vaddr_t va, bool write);
/* The checker run before each trampoline copy: user pgd @pgd (physical)
 * has the kernel's trampoline PTE page, and @cpu's buffer is mapped. */
void tramp_check_pgd(phys_addr_t pgd, u32 cpu);
/* @cpu's copyout_buf, and its cp_slow0 window (the sleepable one or the
 * other). */
vaddr_t tramp_copyout_buf(u32 cpu);
vaddr_t cp_slow0_window(u32 cpu, bool sleepable);

#endif
