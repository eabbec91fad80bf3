/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's virtual memory layout for the configured architecture,
 * split, kernel release and flavour: PAGE_OFFSET, the lowmem limit,
 * vmalloc, the pkmap window, the modules area and the fixmap kmap slots.
 * Computed once at boot from the settings, the way the Linux headers
 * compute them at build time (arch/arm/include/asm/{memory,highmem,
 * fixmap,pgtable}.h, arch/arm/mm/mmu.c, 2.5.73's include/asm-i386/{page,
 * pgtable,fixmap,highmem}.h, arch/x86/include/asm/{page_32_types,
 * pgtable_32_types,fixmap,highmem}.h); `vmsplit layout` prints it
 * (report/layout_print.h).
 */
#ifndef VMSPLIT_ARCH_LAYOUT_H
#define VMSPLIT_ARCH_LAYOUT_H

#include "config/settings.h"

#define PMD_SIZE SZ_2M		/* ARM 2-level and LPAE, x86 PAE */
#define PMD_MASK (~(PMD_SIZE - 1))
#define VMALLOC_OFFSET (8u << 20)

struct kernel_layout {
	u32 page_offset;		/* PAGE_OFFSET */
	u32 task_size;			/* TASK_SIZE: top of user space */
	bool split_4g4g;		/* CONFIG_VMSPLIT_4G_4G */
	bool kernel_global;		/* kernel mappings use global TLB entries */
	phys_addr_t phys_offset;	/* PHYS_OFFSET: start of RAM */
	unsigned long min_pfn;		/* ARCH_PFN_OFFSET */
	unsigned long max_pfn;		/* one past the last pfn in use */
	unsigned long max_low_pfn;	/* one past the last lowmem pfn */
	unsigned long max_dma_pfn;	/* end of ZONE_DMA (== min_pfn: none) */
	u32 high_memory;		/* VA one past the direct map */
	u32 vmalloc_start, vmalloc_end;
	u32 pkmap_base;			/* PKMAP_BASE */
	u32 last_pkmap;			/* LAST_PKMAP */
	/* sf_buf= (mm/sf_buf.h): its window, carved from vmalloc's top. */
	u32 sfbuf_base;			/* 0: no window */
	u32 nr_sfbufs;
	/* pte_window=y (mm/pte_window.h): the running mm's PTE pages. */
	u32 ptwin_base;			/* 0: no window */
	u32 ptwin_size;			/* bytes, whole PMDs */
	/* emap= (mm/emap.h): its window, carved the same way. */
	u32 emap_base;			/* 0: no window */
	u32 emap_size;			/* bytes, whole PMDs */
	/*
	 * copy_4g=tramp (mm/copy_tramp.h): the trampoline, one PMD whose
	 * PTE page every user pgd shares (FreeBSD's TRPTDI), and the
	 * cp_slow0 windows, one PMD the kernel's alone, below it.
	 */
	u32 tramp_base;			/* 0: none */
	u32 cpwin_base;
	/* ARM: MODULES_VADDR, MODULES_END; 0 on x86 (modules in vmalloc). */
	u32 modules_vaddr, modules_end;
	/*
	 * FIXADDR_START and FIXADDR_TOP: the fixmap is [start, top) where
	 * it grows up (ARM 3.x), [start, top + PAGE_SIZE) where it grows
	 * down (x86, ARM's generic fixmap: TOP is index 0's page).
	 */
	u32 fixaddr_start, fixaddr_top;
	bool fix_grows_down;		/* __fix_to_virt = TOP - (idx << 12) */
	u32 fix_kmap_begin;		/* fixmap index of CPU 0's slot 0 */
	u32 km_slots;			/* KM_TYPE_NR / KM_MAX_IDX per CPU */
	u32 nr_cpus;			/* NR_CPUS the slots are sized for */
	u32 struct_page_size;		/* sizeof(struct page) on the target */
	u32 kernel_image_size;		/* text + data + bss, reserved at boot */
};

/* The booted kernel's layout (layout_init). */
extern struct kernel_layout layout;

/*
 * layout_compute - the layout of the kernel @s describes, into @l; no
 * machine needed, the booted layout untouched.
 * Return: 0, or -EINVAL if the configuration leaves no room (e.g. the
 * fixmap slots of every CPU do not fit).
 */
int layout_compute(const struct settings *s, struct kernel_layout *l);

/*
 * layout_init - compute the layout for @s into `layout`, at boot.
 * Return: as layout_compute.
 */
int layout_init(const struct settings *s);

/*
 * What the kernel makes of the RAM it is given (mem=), in bytes: lowmem
 * and highmem in use; the rest is unusable, RAM above lowmem that a
 * kernel without CONFIG_HIGHMEM drops (ARM: "Truncating RAM at" 3.16,
 * "Ignoring RAM at" 5.7, arch/arm/mm/mmu.c; 2.5.73 i386: "Warning only
 * 896MB will be used.", arch/i386/kernel/setup.c find_max_low_pfn).
 */
struct ram_use {
	u64 total;	/* mem= */
	u64 lowmem;	/* the direct map: max_low_pfn - min_pfn pages */
	u64 highmem;	/* max_pfn - max_low_pfn pages */
	u64 unusable;	/* total - lowmem - highmem */
};

/*
 * layout_ram_use - @r for the kernel @s describes (layout_compute).
 * Return: 0, or layout_compute's error with @r zeroed.
 */
int layout_ram_use(const struct settings *s, struct ram_use *r);

/*
 * layout_ram_in_use - bytes of RAM the kernel @s describes manages:
 * mem=, or only lowmem without CONFIG_HIGHMEM (usable before boot, to
 * check a run's size).
 * Return: the bytes, or 0 if @s has no valid layout.
 */
u64 layout_ram_in_use(const struct settings *s);

/*
 * vmsplit_page_offset - PAGE_OFFSET of split @v on @arch (CONFIG_PAGE_OFFSET
 * in a .config); 0 for a split the architecture does not have.
 */
u32 vmsplit_page_offset(enum platform_arch arch, enum vmsplit v);

/*
 * fixaddr_end - one past the last byte of @l's fixmap: FIXADDR_TOP where
 * it grows up (ARM 3.x: the region's end), FIXADDR_TOP + PAGE_SIZE where
 * it grows down (FIXADDR_TOP is index 0's page; 5.7's FIXADDR_END); 4 GiB
 * for x86's, hence 64 bits.
 */
static inline u64 fixaddr_end(const struct kernel_layout *l)
{
	return (u64)l->fixaddr_top + (l->fix_grows_down ? PAGE_SIZE : 0);
}

static inline vaddr_t __fix_to_virt(u32 idx)
{
	if (layout.fix_grows_down)
		return layout.fixaddr_top - (idx << PAGE_SHIFT);
	return layout.fixaddr_start + (idx << PAGE_SHIFT);
}

/* Fixmap VA of kmap slot @type on @cpu. */
static inline vaddr_t kmap_slot_vaddr(u32 cpu, u32 type)
{
	return __fix_to_virt(layout.fix_kmap_begin + type +
			     layout.km_slots * cpu);
}

/* Direct-map translations, valid for lowmem only. */
static inline vaddr_t __va(phys_addr_t pa)
{
	return (vaddr_t)(pa - layout.phys_offset) + layout.page_offset;
}

static inline phys_addr_t __pa(vaddr_t va)
{
	return (phys_addr_t)(va - layout.page_offset) + layout.phys_offset;
}

static inline bool virt_addr_valid(vaddr_t va)
{
	return va >= layout.page_offset && va < layout.high_memory;
}

/* The window's PMD-aligned extent: whole PTE pages, as boot gives it. */
static inline u32 sfbuf_window_bytes(u32 nr_sfbufs)
{
	return (nr_sfbufs * PAGE_SIZE + PMD_SIZE - 1) & PMD_MASK;
}

/*
 * The PTE window's extent for a user space of @task_size: a page of
 * window per PTE page the user space can have (one per PMD), in whole
 * PMDs -- 6 MiB under a 3 GiB split.
 */
static inline u32 ptwin_window_bytes(u32 task_size)
{
	u32 pages = (u32)(((u64)task_size + PMD_SIZE - 1) / PMD_SIZE);

	return (pages * PAGE_SIZE + PMD_SIZE - 1) & PMD_MASK;
}

/*
 * Does the PTE window lie in the 1 GiB a top-level entry at @start maps?
 * That entry's PMD table is then each mm's own (pgd_alloc), not the
 * kernel's shared one.
 */
static inline bool ptwin_in_gib(u64 start)
{
	return layout.ptwin_base && layout.ptwin_base >= start &&
	       layout.ptwin_base < start + SZ_1G;
}

/*
 * UVM_EMAP_SIZE (uvm/uvm_emap.c): 32 MiB of ephemeral-mapping VA on a
 * 32-bit kernel, whole PMDs already.
 */
#define UVM_EMAP_SIZE (32u << 20)

#define PKMAP_ADDR(nr) (layout.pkmap_base + ((u32)(nr) << PAGE_SHIFT))
#define PKMAP_NR(va) (((va) - layout.pkmap_base) >> PAGE_SHIFT)

#endif
