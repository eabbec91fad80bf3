/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dma_alloc_coherent on a non-coherent ARM (arch/arm/mm/dma-mapping.c):
 * memory the CPU maps uncached, so the device and the CPU always agree on
 * it without cache maintenance.  Its attributes are pgprot_dmacoherent's
 * (arch/arm/include/asm/pgtable.h, 3.16): L_PTE_MT_BUFFERABLE with
 * CONFIG_ARM_DMA_MEM_BUFFERABLE, which arch/arm/mm/Kconfig offers on v6
 * and forces on v7 only; else L_PTE_MT_UNCACHED -- on ARMv5 (the
 * Kirkwood) uncached and unbuffered, strongly ordered: a store does not
 * post to the write buffer but holds the core until the write completes
 * (cost so_store), a load is a full DRAM access (nothing is cached).  On
 * v6/v7 a store posts to the write buffer (write_no_alloc).  The model
 * gives it lowmem frames and lets the CPU reach it only through the
 * accessors below, one per load or store instruction the kernel's code
 * issues, which go straight to RAM.  Device registers are reached the
 * same way (readl/writel: buffered device memory).
 */
#ifndef VMSPLIT_ARCH_DMA_COHERENT_H
#define VMSPLIT_ARCH_DMA_COHERENT_H

#include "base/types.h"

struct page;

struct coherent_buf {
	struct page *page;
	u32 order;
	phys_addr_t pa;			/* also the bus address */
	u32 size;
};

/* Return: 0, or -ENOMEM. */
int dma_alloc_coherent(u32 size, struct coherent_buf *buf);
void dma_free_coherent(struct coherent_buf *buf);

/*
 * coherent_load / coherent_store - one load or store instruction of
 * @size bytes (1, 2 or 4; little-endian) at byte @off of @buf (bounds
 * checked): EV_uncached_load, or EV_so_store on ARMv5 and a buffered
 * store elsewhere.  A misaligned store is refused (panic): the kernel
 * code it stands for would have taken an alignment fault, which the
 * caller must model (arm_alignment_fixup_store).
 */
u32 coherent_load(const struct coherent_buf *buf, u32 off, u32 size);
void coherent_store(const struct coherent_buf *buf, u32 off, u32 val,
		    u32 size);
static inline u32 coherent_read32(const struct coherent_buf *buf, u32 off)
{
	return coherent_load(buf, off, 4);
}

/*
 * coherent_memcpy - memcpy(@off of @buf, a source at kernel address
 * alignment @src_align (its low two bits), @len bytes) as ARMv5's
 * memcpy issues its stores (arch/arm/lib/copy_template.S): byte stores
 * up to a word-aligned destination, then an 8-register STM per 32 bytes
 * (the shifting loop for a misaligned source stores the same way), a STR
 * per remaining word, a STRB per remaining byte.  Each store instruction
 * is one store (an STM one burst, [E]: see the platform's so_store).
 * The source is host memory here: the caller reads it, charged.
 */
void coherent_memcpy(const struct coherent_buf *buf, u32 off, const void *src,
		     u32 src_align, u32 len);

/* The store instructions coherent_memcpy issues for those arguments. */
u32 arm_memcpy_stores(u32 dst_align, u32 src_align, u32 len);

/*
 * arm_alignment_fixup_store - a 32-bit STR to @off of @buf that is not
 * word-aligned, on ARMv5 with CONFIG_ALIGNMENT_TRAP (y: the kernel runs
 * with SCTLR.A set, arch/arm/kernel/head.S): a data abort, and
 * do_alignment (arch/arm/mm/alignment.c) emulates it with four byte
 * stores (put32_unaligned_check).  EV_alignment_fixup.
 */
void arm_alignment_fixup_store(const struct coherent_buf *buf, u32 off,
			       u32 val);

/* An uncached load / store to a device register. */
void readl_charge(void);
void writel_charge(void);

#endif
