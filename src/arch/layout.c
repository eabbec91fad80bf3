// SPDX-License-Identifier: GPL-2.0-only
/*
 * Layout arithmetic (see arch/layout.h).  Each constant names the Linux
 * symbol it stands for and the version it comes from.
 */
#include "arch/layout.h"

#include <string.h>

#include "base/errno.h"

struct kernel_layout layout;

/*
 * 4G/4G: the kernel has a 4 GiB address space of its own, so its direct
 * map can start low.  [E] 0x10000000: the first 256 MiB stay unmapped to
 * catch NULL pointers (Ingo Molnar's x86 patch and the ARM RFC each chose
 * their own; neither value is in the sources at hand).  User space ends at
 * 0xff000000, under the entry trampoline (the 2003 x86 patch).
 */
#define PAGE_OFFSET_4G4G 0x10000000u
#define TASK_SIZE_4G4G 0xff000000u

static const u32 arm_page_offset[NR_VMSPLIT] = {
	[VMSPLIT_3G] = 0xC0000000u, [VMSPLIT_3G_OPT] = 0xB0000000u,
	[VMSPLIT_2G] = 0x80000000u, [VMSPLIT_1G] = 0x40000000u,
	[VMSPLIT_4G_4G] = PAGE_OFFSET_4G4G,
};

static const u32 x86_page_offset[NR_VMSPLIT] = {
	[VMSPLIT_3G] = 0xC0000000u, [VMSPLIT_3G_OPT] = 0xB0000000u,
	[VMSPLIT_2G] = 0x80000000u, [VMSPLIT_2G_OPT] = 0x78000000u,
	[VMSPLIT_1G] = 0x40000000u, [VMSPLIT_4G_4G] = PAGE_OFFSET_4G4G,
};

/*
 * ARM: the fixmap and vmalloc end per kernel era.  3.x (v3.14
 * asm/fixmap.h, asm/pgtable.h): FIXADDR_START 0xfff00000, slots grow up
 * from index 0, 14 CPUs x KM_TYPE_NR 16 fit below FIXADDR_TOP 0xfffe0000;
 * VMALLOC_END 0xff000000.  5.11+ (kmap_local): FIXADDR_START 0xffc00000,
 * FIXADDR_TOP = 0xfff00000 - 4K, slots grow down from FIX_KMAP_BEGIN 1
 * (after FIX_EARLYCON_MEM_BASE), KM_MAX_IDX 16; VMALLOC_END 0xff800000.
 */
static int arm_layout(const struct settings *s, u64 mem)
{
	bool modern = s->flavour == FLAVOUR_KMAP_LOCAL;
	u32 vmalloc_end = modern ? 0xff800000u : 0xff000000u;
	/* arch/arm/mm/mmu.c: vmalloc_min = VMALLOC_END - (240 << 20) -
	 * VMALLOC_OFFSET. */
	u32 vmalloc_min = vmalloc_end - (240u << 20) - VMALLOC_OFFSET;
	u64 lowmem;

	layout.page_offset = arm_page_offset[s->vmsplit];
	/* asm/memory.h: TASK_SIZE = PAGE_OFFSET - 16 MiB (modules below). */
	layout.task_size = layout.page_offset - SZ_16M;
	lowmem = MIN(mem, (u64)(vmalloc_min - layout.page_offset));
	layout.max_low_pfn = layout.min_pfn + (unsigned long)(lowmem >> PAGE_SHIFT);
	layout.max_dma_pfn = layout.min_pfn;
	layout.vmalloc_end = vmalloc_end;
	/* asm/highmem.h: PKMAP_BASE = PAGE_OFFSET - PMD_SIZE, 512 entries. */
	layout.pkmap_base = layout.page_offset - PMD_SIZE;
	layout.last_pkmap = 512;
	if (modern) {
		layout.fixaddr_start = 0xffc00000u;
		layout.fixaddr_top = 0xfff00000u - PAGE_SIZE;
		layout.fix_grows_down = true;
		layout.fix_kmap_begin = 1;
	} else {
		layout.fixaddr_start = 0xfff00000u;
		layout.fixaddr_top = 0xfffe0000u;
		layout.fix_grows_down = false;
		layout.fix_kmap_begin = 0;
	}
	layout.km_slots = 16;
	/* [E] sizeof(struct page) on 32-bit ARM 3.x: 32 bytes. */
	layout.struct_page_size = 32;
	/* [E] a 3.x ARM zImage's vmlinux: ~6 MiB of text, data and bss. */
	layout.kernel_image_size = 6u << 20;
	return 0;
}

/*
 * x86 fixmap indices below the kmap slots (enum fixed_addresses, 2.6
 * i386): FIX_HOLE, FIX_VSYSCALL, FIX_APIC_BASE, FIX_IO_APIC_BASE_0..63
 * (NUMA-Q has many IO-APICs), FIX_F00F_IDT.  [E] 68 entries; after the
 * slots come FIX_ACPI_BEGIN..END (4), then the boot-time mappings
 * (FIX_BTMAP_*, 16 pages), which PKMAP_BASE must also clear.
 */
#define X86_FIX_BEFORE_KMAP 68u
#define X86_FIX_AFTER_KMAP 4u
#define X86_FIX_BTMAPS 16u
#define X86_FIXADDR_TOP 0xfffff000u
#define X86_VMALLOC_RESERVE (128u << 20)

static int x86_layout(const struct settings *s, u64 mem)
{
	u32 end_permanent, end_all, boot_start, maxmem;

	layout.page_offset = x86_page_offset[s->vmsplit];
	layout.task_size = layout.page_offset;
	switch (s->flavour) {
	case FLAVOUR_X86_26:
		/* 2.5.73 asm-i386/kmap_types.h: KM_BOUNCE_READ .. KM_SOFTIRQ1;
		 * the 4G/4G patch adds KM_USER_COPY. */
		layout.km_slots = s->vmsplit == VMSPLIT_4G_4G ? 15 : 14;
		break;
	case FLAVOUR_X86_3X:
		/* asm-generic/kmap_types.h (2.6.37-5.10): KM_TYPE_NR 20. */
		layout.km_slots = 20;
		break;
	default:
		/* asm-generic/kmap_size.h: KM_MAX_IDX 16. */
		layout.km_slots = 16;
		break;
	}
	layout.fix_grows_down = true;
	layout.fixaddr_top = X86_FIXADDR_TOP;
	layout.fix_kmap_begin = X86_FIX_BEFORE_KMAP;
	end_permanent = X86_FIX_BEFORE_KMAP + layout.km_slots * layout.nr_cpus +
			X86_FIX_AFTER_KMAP;
	end_all = end_permanent + X86_FIX_BTMAPS;
	layout.fixaddr_start = X86_FIXADDR_TOP - (end_permanent << PAGE_SHIFT);
	boot_start = X86_FIXADDR_TOP - (end_all << PAGE_SHIFT);
	/* PAE: LAST_PKMAP 512; PKMAP_BASE = (FIXADDR_BOOT_START -
	 * PAGE_SIZE * (LAST_PKMAP + 1)) & PMD_MASK. */
	layout.last_pkmap = 512;
	layout.pkmap_base = (boot_start - PAGE_SIZE * (layout.last_pkmap + 1)) &
			    PMD_MASK;
	/* VMALLOC_END = PKMAP_BASE - 2 * PAGE_SIZE. */
	layout.vmalloc_end = layout.pkmap_base - 2 * PAGE_SIZE;
	if (s->flavour == FLAVOUR_X86_26)
		/* 2.6 i386: MAXMEM = -__PAGE_OFFSET - __VMALLOC_RESERVE. */
		maxmem = (u32)(0x100000000ull - layout.page_offset) -
			 X86_VMALLOC_RESERVE;
	else
		/* 3.x: MAXMEM = VMALLOC_END - PAGE_OFFSET - __VMALLOC_RESERVE. */
		maxmem = layout.vmalloc_end - layout.page_offset -
			 X86_VMALLOC_RESERVE;
	layout.max_low_pfn = layout.min_pfn +
			     (unsigned long)(MIN(mem, (u64)maxmem) >> PAGE_SHIFT);
	/* ZONE_DMA: the first 16 MiB (ISA DMA). */
	layout.max_dma_pfn = layout.min_pfn + ((16u << 20) >> PAGE_SHIFT);
	/* [E] sizeof(struct page) in 2.5/2.6 i386 with pte_chain rmap. */
	layout.struct_page_size = 40;
	/* [E] a 2.6-era i386 vmlinux with NUMA-Q support: ~4 MiB. */
	layout.kernel_image_size = 4u << 20;
	return 0;
}

u32 vmsplit_page_offset(enum platform_arch arch, enum vmsplit v)
{
	return arch == PLAT_ARM ? arm_page_offset[v] : x86_page_offset[v];
}

int layout_init(const struct settings *s)
{
	const struct platform *p = s->platform;
	int err;

	memset(&layout, 0, sizeof(layout));
	layout.phys_offset = p->hw.ram_base;
	layout.min_pfn = (unsigned long)(p->hw.ram_base >> PAGE_SHIFT);
	/* NR_CPUS: the kernel is built for the board's CPU count. */
	layout.nr_cpus = p->hw.ncpus;
	if (p->arch == PLAT_ARM)
		err = arm_layout(s, s->mem);
	else
		err = x86_layout(s, s->mem);
	if (err)
		return err;
	/*
	 * 4G/4G: user space is not mapped while the kernel runs, so kernel
	 * mappings must not be global -- they would outlive the switch to
	 * the user tables in the TLB.
	 */
	layout.split_4g4g = s->vmsplit == VMSPLIT_4G_4G;
	layout.kernel_global = !layout.split_4g4g;
	if (layout.split_4g4g)
		layout.task_size = TASK_SIZE_4G4G;
	/* Without CONFIG_HIGHMEM the kernel ignores RAM past lowmem. */
	layout.max_pfn = s->highmem ?
				 layout.min_pfn +
					 (unsigned long)(s->mem >> PAGE_SHIFT) :
				 layout.max_low_pfn;
	layout.high_memory = __va((phys_addr_t)layout.max_low_pfn << PAGE_SHIFT);
	layout.vmalloc_start = layout.high_memory + VMALLOC_OFFSET;
	/* Every CPU's kmap slots must fit inside the fixmap. */
	if (!layout.fix_grows_down &&
	    kmap_slot_vaddr(layout.nr_cpus - 1, layout.km_slots - 1) >=
		    layout.fixaddr_top)
		return -EINVAL;
	if (layout.fix_grows_down &&
	    kmap_slot_vaddr(layout.nr_cpus - 1, layout.km_slots - 1) <
		    layout.fixaddr_start)
		return -EINVAL;
	return 0;
}

u64 layout_ram_in_use(const struct settings *s)
{
	struct kernel_layout saved = layout;
	u64 bytes = 0;

	if (!layout_init(s))
		bytes = (u64)(layout.max_pfn - layout.min_pfn) << PAGE_SHIFT;
	layout = saved;
	return bytes;
}
