// SPDX-License-Identifier: GPL-2.0-only
/*
 * Layout arithmetic (see arch/layout.h).  Each constant names the Linux
 * symbol it stands for and the release it comes from; where the layout
 * changed between releases, the release modelled (settings_kernel_version)
 * picks it.
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
 * ARM's fixmap and VMALLOC_END, by the release they first appear in, from
 * arch/arm/include/asm/{fixmap,pgtable}.h of the trees at hand.
 */
static const struct arm_kernel_map {
	u32 since; /* KERNEL_VERSION of the first release */
	u32 vmalloc_end; /* VMALLOC_END */
	u32 fixaddr_start; /* FIXADDR_START */
	u32 fixaddr_top; /* FIXADDR_TOP */
	bool fix_grows_down;
	u32 fix_kmap_begin; /* FIX_KMAP_BEGIN */
} arm_maps[] = {
	/*
	 * 3.14.1: FIXADDR_START 0xfff00000, FIXADDR_TOP 0xfffe0000 (the
	 * region's end), __fix_to_virt(x) = FIXADDR_START + (x << 12),
	 * FIX_KMAP_BEGIN 0: 224 slots, 14 CPUs x KM_TYPE_NR 16;
	 * VMALLOC_END 0xff000000.
	 */
	{ 0, 0xff000000u, 0xfff00000u, 0xfffe0000u, false, 0 },
	/*
	 * 3.16 (and 3.17.0, 3.18.3): the same, moved to FIXADDR_START
	 * 0xffc00000, FIXADDR_TOP 0xffe00000: 512 slots, 32 CPUs.  [E] from
	 * 3.15: 3.14.1 and 3.16 are the trees at hand either side.
	 */
	{ KERNEL_VERSION(3, 15, 0), 0xff000000u, 0xffc00000u, 0xffe00000u,
	  false, 0 },
	/*
	 * 5.7.14: the generic fixmap, FIXADDR_START 0xffc00000, FIXADDR_END
	 * 0xfff00000, FIXADDR_TOP = FIXADDR_END - PAGE_SIZE and
	 * __fix_to_virt(x) = FIXADDR_TOP - (x << 12) (asm-generic/fixmap.h:
	 * slots grow down); FIX_EARLYCON_MEM_BASE is index 0, so
	 * FIX_KMAP_BEGIN is 1; VMALLOC_END 0xff800000.  5.11's kmap_local
	 * keeps it (KM_MAX_IDX 16 a CPU).  [E] from 3.19: 3.18.3 has 3.16's,
	 * and research/linux-highmem.md's v4.0 copy already maps through the
	 * generic fixmap (from index 0, before FIX_EARLYCON_MEM_BASE came);
	 * no tree between 3.18 and 5.7 is at hand.
	 */
	{ KERNEL_VERSION(3, 19, 0), 0xff800000u, 0xffc00000u,
	  0xfff00000u - PAGE_SIZE, true, 1 },
};

/* arch/arm/include/asm/kmap_types.h (3.x), KM_MAX_IDX (5.11+): 16. */
#define ARM_KM_TYPE_NR 16

/* The map of release @version: the last of arm_maps it has reached. */
static const struct arm_kernel_map *arm_map(u32 version)
{
	const struct arm_kernel_map *m = &arm_maps[0];

	for (size_t i = 1; i < ARRAY_SIZE(arm_maps); i++)
		if (version >= arm_maps[i].since)
			m = &arm_maps[i];
	return m;
}

/*
 * sf_buf= takes its window from the top of vmalloc, as FreeBSD's
 * sf_buf_init takes it from kernel_map (kva_alloc(nsfbufs * PAGE_SIZE)):
 * whole PMDs below VMALLOC_END, which moves down.  On ARM lowmem is set
 * by vmalloc_min before this, so vmalloc shrinks; on x86 3.x, whose
 * MAXMEM is VMALLOC_END - PAGE_OFFSET - __VMALLOC_RESERVE, lowmem does.
 */
/*
 * @bytes (whole PMDs) carved below VMALLOC_END, which moves down past them
 * and the two-page gap vmalloc keeps: the window's base.
 */
static u32 vmalloc_carve(struct kernel_layout *l, u32 bytes)
{
	u32 base = (l->vmalloc_end & PMD_MASK) - bytes;

	l->vmalloc_end = base - 2 * PAGE_SIZE;
	return base;
}

static void sfbuf_window(const struct settings *s, struct kernel_layout *l)
{
	l->nr_sfbufs = s->sf_buf;
	l->sfbuf_base = 0;
	if (s->sf_buf)
		l->sfbuf_base = vmalloc_carve(l, sfbuf_window_bytes(s->sf_buf));
}

/*
 * pte_window=y takes its window the same way, below sf_buf's: whole PMDs
 * under VMALLOC_END, which each mm's pgd points at its own PTE pages of
 * (mm/pte_window.h).
 */
static void ptwin_window(const struct settings *s, struct kernel_layout *l)
{
	l->ptwin_base = 0;
	l->ptwin_size = 0;
	if (!s->pte_window)
		return;
	l->ptwin_size = ptwin_window_bytes(l->task_size);
	l->ptwin_base = vmalloc_carve(l, l->ptwin_size);
}

/*
 * emap=y takes UVM_EMAP_SIZE the same way, below sf_buf's window if there
 * were one (settings refuse the two together): uvm_emap_sysinit's
 * uvm_km_alloc(kernel_map, uvm_emap_size, ...), NetBSD's vmalloc.
 */
static void emap_window(const struct settings *s, struct kernel_layout *l)
{
	l->emap_base = 0;
	l->emap_size = 0;
	if (!s->emap)
		return;
	l->emap_size = UVM_EMAP_SIZE;
	l->emap_base = vmalloc_carve(l, UVM_EMAP_SIZE);
}

/*
 * copy_4g=tramp takes two PMDs the same way: the upper one is the
 * trampoline, shared into every user pgd (FreeBSD's TRPTDI PDE, at the
 * top of its 4 GiB; here under the pkmap window, above TASK_SIZE_4G4G),
 * the lower one holds the per-CPU cp_slow0 windows (pc_copyout_maddr and
 * _saddr, kva_alloc'ed in FreeBSD's kernel map).
 */
static void tramp_window(const struct settings *s, struct kernel_layout *l)
{
	l->tramp_base = 0;
	l->cpwin_base = 0;
	if (!s->copy_4g_tramp)
		return;
	l->cpwin_base = vmalloc_carve(l, 2 * PMD_SIZE);
	l->tramp_base = l->cpwin_base + PMD_SIZE;
}

static int arm_layout(const struct settings *s, struct kernel_layout *l)
{
	const struct arm_kernel_map *m = arm_map(settings_kernel_version(s));
	/* arch/arm/mm/mmu.c: vmalloc_min = VMALLOC_END - (240 << 20) -
	 * VMALLOC_OFFSET, the lowest VA vmalloc may start at. */
	u32 vmalloc_min = m->vmalloc_end - (240u << 20) - VMALLOC_OFFSET;
	u64 lowmem;

	l->page_offset = arm_page_offset[s->vmsplit];
	/* asm/memory.h: TASK_SIZE = PAGE_OFFSET - 16 MiB (modules below). */
	l->task_size = l->page_offset - SZ_16M;
	/*
	 * sanity_check_meminfo (3.14, 3.16) / adjust_lowmem_bounds (5.7):
	 * RAM below __pa(vmalloc_min) is lowmem.
	 */
	lowmem = MIN(s->mem, (u64)(vmalloc_min - l->page_offset));
	l->max_low_pfn = l->min_pfn + (unsigned long)(lowmem >> PAGE_SHIFT);
	l->max_dma_pfn = l->min_pfn;
	l->vmalloc_end = m->vmalloc_end;
	sfbuf_window(s, l);
	ptwin_window(s, l);
	emap_window(s, l);
	/* asm/highmem.h: PKMAP_BASE = PAGE_OFFSET - PMD_SIZE, LAST_PKMAP =
	 * PTRS_PER_PTE = 512. */
	l->pkmap_base = l->page_offset - PMD_SIZE;
	l->last_pkmap = 512;
	/*
	 * asm/memory.h: MODULES_VADDR = PAGE_OFFSET - SZ_16M (SZ_8M for a
	 * Thumb-2 kernel with HIGHMEM, which none of the boards' is:
	 * kirkwood_defconfig, omap2plus_defconfig and multi_v7_defconfig
	 * leave CONFIG_THUMB2_KERNEL off); MODULES_END = PAGE_OFFSET -
	 * PMD_SIZE with HIGHMEM (the pkmap window is above), else
	 * PAGE_OFFSET.
	 */
	l->modules_vaddr = l->page_offset - SZ_16M;
	l->modules_end = s->highmem ? l->page_offset - PMD_SIZE :
				      l->page_offset;
	l->fixaddr_start = m->fixaddr_start;
	l->fixaddr_top = m->fixaddr_top;
	l->fix_grows_down = m->fix_grows_down;
	l->fix_kmap_begin = m->fix_kmap_begin;
	l->km_slots = ARM_KM_TYPE_NR;
	/* [E] sizeof(struct page) on 32-bit ARM 3.x: 32 bytes. */
	l->struct_page_size = 32;
	/* [E] a 3.x ARM zImage's vmlinux: ~6 MiB of text, data and bss. */
	l->kernel_image_size = 6u << 20;
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
/*
 * Before 2.6.11 PKMAP_BASE was a constant (2.5.73 asm-i386/highmem.h);
 * Martin Bligh's "Assign PKMAP_BASE dynamically" (2005-01-03, before
 * 2.6.11-rc1) put it under the fixmap.
 */
#define X86_PKMAP_BASE_STATIC 0xff800000u

static int x86_layout(const struct settings *s, struct kernel_layout *l)
{
	u32 end_permanent, end_all, boot_start, maxmem;

	l->page_offset = x86_page_offset[s->vmsplit];
	l->task_size = l->page_offset;
	switch (s->flavour) {
	case FLAVOUR_X86_26:
		/* 2.5.73 asm-i386/kmap_types.h: KM_BOUNCE_READ .. KM_SOFTIRQ1;
		 * the 4G/4G patch adds KM_USER_COPY. */
		l->km_slots = s->vmsplit == VMSPLIT_4G_4G ? 15 : 14;
		break;
	case FLAVOUR_X86_3X:
		/* asm-generic/kmap_types.h (2.6.37-5.10): KM_TYPE_NR 20. */
		l->km_slots = 20;
		break;
	default:
		/* asm-generic/kmap_size.h: KM_MAX_IDX 16. */
		l->km_slots = 16;
		break;
	}
	l->fix_grows_down = true;
	l->fixaddr_top = X86_FIXADDR_TOP;
	l->fix_kmap_begin = X86_FIX_BEFORE_KMAP;
	end_permanent = X86_FIX_BEFORE_KMAP + l->km_slots * l->nr_cpus +
			X86_FIX_AFTER_KMAP;
	end_all = end_permanent + X86_FIX_BTMAPS;
	l->fixaddr_start = X86_FIXADDR_TOP - (end_permanent << PAGE_SHIFT);
	boot_start = X86_FIXADDR_TOP - (end_all << PAGE_SHIFT);
	/* PAE: LAST_PKMAP 512. */
	l->last_pkmap = 512;
	if (settings_kernel_version(s) < KERNEL_VERSION(2, 6, 11))
		l->pkmap_base = X86_PKMAP_BASE_STATIC;
	else
		/* PKMAP_BASE = (FIXADDR_BOOT_START - PAGE_SIZE *
		 * (LAST_PKMAP + 1)) & PMD_MASK. */
		l->pkmap_base = (boot_start - PAGE_SIZE * (l->last_pkmap + 1)) &
				PMD_MASK;
	/* VMALLOC_END = PKMAP_BASE - 2 * PAGE_SIZE with HIGHMEM, else
	 * FIXADDR_START - 2 * PAGE_SIZE (2.5.73 asm-i386/pgtable.h, 3.16
	 * asm/pgtable_32_types.h). */
	l->vmalloc_end =
		(s->highmem ? l->pkmap_base : l->fixaddr_start) - 2 * PAGE_SIZE;
	sfbuf_window(s, l);
	ptwin_window(s, l);
	emap_window(s, l);
	tramp_window(s, l);
	if (s->flavour == FLAVOUR_X86_26)
		/* 2.6 i386: MAXMEM = -__PAGE_OFFSET - __VMALLOC_RESERVE. */
		maxmem = (u32)(0x100000000ull - l->page_offset) -
			 X86_VMALLOC_RESERVE;
	else
		/* 3.x: MAXMEM = VMALLOC_END - PAGE_OFFSET - __VMALLOC_RESERVE. */
		maxmem = l->vmalloc_end - l->page_offset - X86_VMALLOC_RESERVE;
	l->max_low_pfn =
		l->min_pfn +
		(unsigned long)(MIN(s->mem, (u64)maxmem) >> PAGE_SHIFT);
	/* ZONE_DMA: the first 16 MiB (ISA DMA). */
	l->max_dma_pfn = l->min_pfn + ((16u << 20) >> PAGE_SHIFT);
	/* Modules are vmalloc'ed: no region of their own to print. */
	l->modules_vaddr = l->modules_end = 0;
	/* [E] sizeof(struct page) in 2.5/2.6 i386 with pte_chain rmap. */
	l->struct_page_size = 40;
	/* [E] a 2.6-era i386 vmlinux with NUMA-Q support: ~4 MiB. */
	l->kernel_image_size = 4u << 20;
	return 0;
}

u32 vmsplit_page_offset(enum platform_arch arch, enum vmsplit v)
{
	return arch == PLAT_ARM ? arm_page_offset[v] : x86_page_offset[v];
}

/*
 * __fix_to_virt(@idx) in @l (layout.h's works on the booted layout),
 * wide enough not to wrap for any index.
 */
static s64 fix_to_virt_in(const struct kernel_layout *l, u32 idx)
{
	if (l->fix_grows_down)
		return (s64)l->fixaddr_top - ((s64)idx << PAGE_SHIFT);
	return (s64)l->fixaddr_start + ((s64)idx << PAGE_SHIFT);
}

int layout_compute(const struct settings *s, struct kernel_layout *l)
{
	const struct platform *p = s->platform;
	s64 last_slot;
	int err;

	memset(l, 0, sizeof(*l));
	l->phys_offset = p->hw.ram_base;
	l->min_pfn = (unsigned long)(p->hw.ram_base >> PAGE_SHIFT);
	/* NR_CPUS: the kernel is built for the board's CPU count. */
	l->nr_cpus = p->hw.ncpus;
	if (p->arch == PLAT_ARM)
		err = arm_layout(s, l);
	else
		err = x86_layout(s, l);
	if (err)
		return err;
	/*
	 * 4G/4G: user space is not mapped while the kernel runs, so kernel
	 * mappings must not be global -- they would outlive the switch to
	 * the user tables in the TLB.
	 */
	l->split_4g4g = s->vmsplit == VMSPLIT_4G_4G;
	l->kernel_global = !l->split_4g4g;
	if (l->split_4g4g)
		l->task_size = TASK_SIZE_4G4G;
	/* Without CONFIG_HIGHMEM the kernel ignores RAM past lowmem. */
	if (s->highmem)
		l->max_pfn = l->min_pfn + (unsigned long)(s->mem >> PAGE_SHIFT);
	else
		l->max_pfn = l->max_low_pfn;
	/* high_memory = __va(the end of lowmem). */
	l->high_memory = (vaddr_t)(((phys_addr_t)l->max_low_pfn << PAGE_SHIFT) -
				   l->phys_offset) +
			 l->page_offset;
	if (p->arch == PLAT_ARM)
		/* asm/pgtable.h (3.14, 3.16, 5.7): VMALLOC_START =
		 * (high_memory + VMALLOC_OFFSET) & ~(VMALLOC_OFFSET - 1). */
		l->vmalloc_start = (l->high_memory + VMALLOC_OFFSET) &
				   ~(VMALLOC_OFFSET - 1);
	else if (s->flavour == FLAVOUR_X86_26)
		/* 2.5.73 asm-i386/pgtable.h: (high_memory + 2 *
		 * VMALLOC_OFFSET - 1) & ~(VMALLOC_OFFSET - 1). */
		l->vmalloc_start = (l->high_memory + 2 * VMALLOC_OFFSET - 1) &
				   ~(VMALLOC_OFFSET - 1);
	else
		/* 3.16 asm/pgtable_32_types.h: high_memory + VMALLOC_OFFSET. */
		l->vmalloc_start = l->high_memory + VMALLOC_OFFSET;
	/* Every CPU's kmap slots must fit inside the fixmap. */
	last_slot = fix_to_virt_in(l, l->fix_kmap_begin +
					      l->km_slots * l->nr_cpus - 1);
	if (!l->fix_grows_down && last_slot >= l->fixaddr_top)
		return -EINVAL;
	if (l->fix_grows_down && last_slot < l->fixaddr_start)
		return -EINVAL;
	/* The trampoline's PDE goes into user pgds: above user space. */
	if (l->cpwin_base && l->cpwin_base < l->task_size)
		return -EINVAL;
	return 0;
}

int layout_init(const struct settings *s)
{
	return layout_compute(s, &layout);
}

int layout_ram_use(const struct settings *s, struct ram_use *r)
{
	struct kernel_layout l;
	int err = layout_compute(s, &l);

	memset(r, 0, sizeof(*r));
	if (err)
		return err;
	r->total = s->mem;
	r->lowmem = (u64)(l.max_low_pfn - l.min_pfn) << PAGE_SHIFT;
	r->highmem = (u64)(l.max_pfn - l.max_low_pfn) << PAGE_SHIFT;
	r->unusable = r->total - r->lowmem - r->highmem;
	return 0;
}

u64 layout_ram_in_use(const struct settings *s)
{
	struct ram_use r;

	if (layout_ram_use(s, &r))
		return 0;
	return r.lowmem + r.highmem;
}
