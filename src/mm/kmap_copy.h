/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The temporary mapping a copy of a page takes: Linux's kmap_atomic, or
 * under issue 35's designs the mapping FreeBSD's sf_buf (mm/sf_buf.h,
 * `sf_buf=N`) or NetBSD's emap (mm/emap.h, `emap=y`) gives a highmem
 * page.  The copies that take it: tmpfs read and write (fs/tmpfs.c), the
 * pipe copies (fs/pipe.c, where emap serves the reader through the
 * writer's loan instead), the GUP+kmap copy's user page (lib/uaccess.c).
 */
#ifndef VMSPLIT_MM_KMAP_COPY_H
#define VMSPLIT_MM_KMAP_COPY_H

#include "base/types.h"
#include "mm/highmem.h"

struct page;

/**
 * kmap_copy - map @page for one copy
 * @page: the page
 * @type: the kmap_atomic slot it takes without a design, or when the
 *        design has no mapping left
 *
 * A lowmem page, or no design in force: kmap_atomic(@page, @type).  A
 * highmem page under sf_buf=: its buffer (SFB_CPUPRIVATE | SFB_NOWAIT);
 * under emap=y: an emap VA, entered, produced and consumed here.  Either
 * falls back to kmap_atomic when it has nothing free.
 *
 * Context: any; preemption and page faults are off until kunmap_copy, as
 * under kmap_atomic.
 * Return: the kernel address of the page's first byte.
 */
vaddr_t kmap_copy(struct page *page, enum km_type type);

/**
 * kunmap_copy - end the copy's mapping
 * @kaddr: what kmap_copy returned, or any address in that page
 * @type: kmap_copy's @type
 */
void kunmap_copy(vaddr_t kaddr, enum km_type type);

#endif
