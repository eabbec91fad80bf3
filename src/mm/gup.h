/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * get_user_pages and friends (mm/gup.c, include/linux/mm.h): find the
 * pages behind a range of user addresses, faulting them in, and hold them
 * with a reference (FOLL_GET) or a pin (FOLL_PIN) so the kernel can reach
 * them through its own mappings (kmap) after the user mapping changes.
 *
 *   get_user_pages           the slow path: mmap_sem held by the caller,
 *                            per page a VMA check, the PTE lock, a
 *                            follow_page walk (a HIGHPTE kmap) and, if the
 *                            page is absent, handle_mm_fault and a retry
 *   get_user_pages_fast      the lockless walk with interrupts off, where
 *                            the architecture has it (x86; ARM only with
 *                            LPAE); what it cannot take goes to the slow
 *                            path through get_user_pages_unlocked
 *   pin_user_pages           the fast path with FOLL_PIN (5.6+): a pin
 *                            adds GUP_PIN_COUNTING_BIAS to the refcount
 *
 * Release with put_user_pages() (FOLL_GET) or unpin_user_page() (FOLL_PIN).
 * The zero page (PageReserved) is handed out without a reference or pin,
 * as 2.6's get_user_pages did for reserved pages; the release functions
 * skip it likewise.
 */
#ifndef VMSPLIT_MM_GUP_H
#define VMSPLIT_MM_GUP_H

#include "mm/mm.h"

/* gup_flags (include/linux/mm.h values). */
#define FOLL_WRITE 0x01u	/* check the PTE is writable */
#define FOLL_TOUCH 0x02u	/* mark the page accessed (always done here) */
#define FOLL_GET 0x04u		/* take a reference on the page */
#define FOLL_FORCE 0x10u	/* get_user_pages read/write with no perms */
#define FOLL_NOFAULT 0x80u	/* do not fault pages in (Linux 5.16) */
#define FOLL_PIN 0x40000u	/* pin: GUP_PIN_COUNTING_BIAS references */

/* A pin is this many references on a small page (include/linux/mm.h). */
#define GUP_PIN_COUNTING_BIAS 1024

/**
 * get_user_pages - reference the pages of [start, start + nr_pages pages)
 * @mm: the address space
 * @start: first user address (rounded down to its page)
 * @nr_pages: number of pages
 * @gup_flags: FOLL_WRITE, FOLL_FORCE, and FOLL_PIN or FOLL_GET (FOLL_GET
 *             is implied when @pages is given without FOLL_PIN)
 * @pages: where the pages go, or NULL to fault the range in only
 *
 * Absent pages (or, for FOLL_WRITE, read-only ones: copy-on-write) are
 * faulted in with handle_mm_fault.  A write to a VMA without VM_WRITE is
 * refused unless FOLL_FORCE and the VMA is a private (copy-on-write) one.
 * Context: process context; @mm->mmap_sem held for read.
 * Return: the number of pages taken, which is less than @nr_pages if the
 * range runs into a hole or a forbidden VMA; -EFAULT (or -ENOMEM) if not
 * even the first page could be taken; -EINVAL for FOLL_PIN with FOLL_GET
 * or without @pages.
 */
long get_user_pages(struct mm_struct *mm, vaddr_t start, u32 nr_pages,
		    unsigned int gup_flags, struct page **pages);

/**
 * get_user_pages_unlocked - get_user_pages() on current->mm, taking
 * mmap_sem for read around it.
 * Context: process context, may sleep.
 */
long get_user_pages_unlocked(vaddr_t start, u32 nr_pages,
			     unsigned int gup_flags, struct page **pages);

/**
 * get_user_pages_fast - get_user_pages_unlocked() without the locks where
 * the architecture selects HAVE_FAST_GUP (x86, ARM with CONFIG_ARM_LPAE)
 * @pages: required
 *
 * Walks current->mm's page tables with interrupts off and takes present,
 * user-accessible (and, for FOLL_WRITE, writable) pages; the first page
 * it cannot take and everything after it go to get_user_pages_unlocked().
 * On classic ARM it is get_user_pages_unlocked().
 * Context: process context, may sleep (the slow path).
 * Return: as get_user_pages(); -EFAULT if the range is not below
 * TASK_SIZE.
 */
int get_user_pages_fast(vaddr_t start, u32 nr_pages, unsigned int gup_flags,
			struct page **pages);

/**
 * vm_fault_quick_hold_pages - FreeBSD's hold (vm/vm_fault.c) for
 * copy_4g=tramp (mm/copy_tramp.h), priced and modelled as
 * get_user_pages_fast() with its lockless walk on every kernel version:
 * pmap_extract_and_hold per page, vm_fault (the slow path) for what it
 * cannot take.  FreeBSD's walk takes the pmap's mutex where Linux's
 * disables interrupts; the model charges CODE_gup either way.
 * Return: as get_user_pages_fast().
 */
int vm_fault_quick_hold_pages(vaddr_t start, u32 nr_pages,
			      unsigned int gup_flags, struct page **pages);

/**
 * pin_user_pages - get_user_pages_fast() with FOLL_PIN
 *
 * Each page gains GUP_PIN_COUNTING_BIAS references; release each with
 * unpin_user_page().  (Linux's pin_user_pages_fast; the mmap_sem-held
 * variant is get_user_pages() with FOLL_PIN.)
 * Return: as get_user_pages_fast(); -EINVAL with FOLL_GET.
 */
long pin_user_pages(vaddr_t start, u32 nr_pages, unsigned int gup_flags,
		    struct page **pages);

/*
 * unpin_user_page - drop a pin.  Panics if @page is not pinned.  If the pin
 * held the last references (the page was unmapped meanwhile) the page is
 * freed.
 */
void unpin_user_page(struct page *page);

/* put_user_pages - put_page() each of @n pages taken with FOLL_GET. */
void put_user_pages(struct page **pages, u32 n);

#endif
