// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's virtual memory layout (src/arch/layout.c), computed from
 * settings alone (no machine): PAGE_OFFSET, the lowmem limit, vmalloc, the
 * pkmap window and the fixmap kmap slots for each board, split and
 * flavour.  Every expected value is worked out by hand in a comment from the
 * Linux formula it stands for.
 */
#include <criterion/criterion.h>
#include <stdarg.h>

#include "arch/layout.h"
#include "base/errno.h"

#define MiB(x) ((u64)(x) << 20)
#define PFN(bytes) ((unsigned long)((bytes) >> PAGE_SHIFT))

static struct settings s;

/* Defaults for @platform, then the NULL-terminated NAME=VALUE words. */
static void lay(const char *platform, ...)
{
	const struct platform *p = platform_find(platform);
	const char *word;
	char err[256];
	va_list ap;

	cr_assert(p, "no platform %s", platform);
	settings_default(&s, p);
	va_start(ap, platform);
	while ((word = va_arg(ap, const char *)))
		cr_assert_eq(settings_parse(&s, word, err, sizeof(err)), 0,
			     "%s", err);
	va_end(ap);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(layout_init(&s), 0);
}

#define LAY(...) lay(__VA_ARGS__, NULL)

#define ASSERT_HEX(got, want)                                                 \
	cr_assert_eq((u64)(got), (u64)(want), "%s = %#llx, want %#llx", #got, \
		     (unsigned long long)(got), (unsigned long long)(want))

Test(layout, kirkwood_3g_arm3x)
{
	LAY("kirkwood-openblocks-a7");
	ASSERT_HEX(layout.page_offset, 0xc0000000);
	ASSERT_HEX(layout.phys_offset, 0);
	ASSERT_HEX(layout.min_pfn, 0);
	/*
	 * VMALLOC_END 0xff000000 (3.x); vmalloc_min = VMALLOC_END -
	 * (240 << 20) - VMALLOC_OFFSET = 0xff000000 - 0x0f000000 - 0x00800000
	 * = 0xef800000; lowmem = min(1 GiB, 0xef800000 - 0xc0000000 =
	 * 0x2f800000 = 760 MiB) = 760 MiB.
	 */
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(760)));
	ASSERT_HEX(layout.max_low_pfn, 0x2f800);
	ASSERT_HEX(layout.max_pfn, PFN(MiB(1024)));
	/* No ZONE_DMA on ARM: max_dma_pfn == min_pfn. */
	ASSERT_HEX(layout.max_dma_pfn, 0);
	ASSERT_HEX(layout.high_memory, 0xef800000);
	/* VMALLOC_START = high_memory + VMALLOC_OFFSET (8 MiB). */
	ASSERT_HEX(layout.vmalloc_start, 0xf0000000);
	ASSERT_HEX(layout.vmalloc_end, 0xff000000);
	/* PKMAP_BASE = PAGE_OFFSET - PMD_SIZE; LAST_PKMAP = 512. */
	ASSERT_HEX(layout.pkmap_base, 0xbfe00000);
	ASSERT_HEX(layout.last_pkmap, 512);
	ASSERT_HEX(PKMAP_ADDR(0), 0xbfe00000);
	ASSERT_HEX(PKMAP_ADDR(511), 0xbffff000);
	ASSERT_HEX(PKMAP_NR(0xbfe05123u), 5);
	/*
	 * 3.16 asm/fixmap.h: FIXADDR_START 0xffc00000, FIXADDR_TOP
	 * 0xffe00000, __fix_to_virt(x) = FIXADDR_START + (x << 12): slots
	 * grow up from index 0.
	 */
	ASSERT_HEX(layout.fixaddr_start, 0xffc00000);
	ASSERT_HEX(layout.fixaddr_top, 0xffe00000);
	ASSERT_HEX(fixaddr_end(&layout), 0xffe00000);
	cr_assert_not(layout.fix_grows_down);
	ASSERT_HEX(layout.fix_kmap_begin, 0);
	ASSERT_HEX(layout.km_slots, 16);
	ASSERT_HEX(layout.nr_cpus, 1);
	ASSERT_HEX(kmap_slot_vaddr(0, 0), 0xffc00000);
	ASSERT_HEX(kmap_slot_vaddr(0, 1), 0xffc01000);
	ASSERT_HEX(kmap_slot_vaddr(0, 15), 0xffc0f000);
	ASSERT_HEX(layout.struct_page_size, 32);
	ASSERT_HEX(layout.kernel_image_size, MiB(6));
	/* The direct map. */
	ASSERT_HEX(__va(0x1000), 0xc0001000);
	ASSERT_HEX(__pa(0xc0001000u), 0x1000);
	ASSERT_HEX(__va(MiB(760) - 1), 0xef7fffff);
	cr_assert(virt_addr_valid(0xc0000000u));
	cr_assert(virt_addr_valid(0xef7fffffu));
	cr_assert_not(virt_addr_valid(0xef800000u));
	cr_assert_not(virt_addr_valid(0xbfffffffu));
}

Test(layout, arm_fixmap_by_release)
{
	/*
	 * 3.14.1 asm/fixmap.h: FIXADDR_START 0xfff00000, FIXADDR_TOP
	 * 0xfffe0000 (the end), slots grow up from index 0; VMALLOC_END
	 * 0xff000000 as in 3.16.
	 */
	LAY("kirkwood-openblocks-a7", "kernel=3.14");
	ASSERT_HEX(layout.fixaddr_start, 0xfff00000);
	ASSERT_HEX(layout.fixaddr_top, 0xfffe0000);
	cr_assert_not(layout.fix_grows_down);
	ASSERT_HEX(kmap_slot_vaddr(0, 0), 0xfff00000);
	ASSERT_HEX(kmap_slot_vaddr(0, 15), 0xfff0f000);
	ASSERT_HEX(layout.vmalloc_end, 0xff000000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(760)));
	/* 3.18.3 still has 3.16's. */
	LAY("kirkwood-openblocks-a7", "kernel=3.18.3");
	ASSERT_HEX(layout.fixaddr_start, 0xffc00000);
	ASSERT_HEX(layout.vmalloc_end, 0xff000000);
	/*
	 * 5.7 (the arm-3x flavour's kmap_atomic on the generic fixmap):
	 * FIXADDR_TOP = 0xfff00000 - 4K = 0xffeff000, slots grow down from
	 * FIX_KMAP_BEGIN 1: slot 0 at 0xffefe000; VMALLOC_END 0xff800000, so
	 * vmalloc_min = 0xf0000000 and 768 MiB of lowmem.
	 */
	LAY("kirkwood-openblocks-a7", "kernel=5.7");
	ASSERT_HEX(layout.fixaddr_start, 0xffc00000);
	ASSERT_HEX(layout.fixaddr_top, 0xffeff000);
	ASSERT_HEX(fixaddr_end(&layout), 0xfff00000);
	cr_assert(layout.fix_grows_down);
	ASSERT_HEX(layout.fix_kmap_begin, 1);
	ASSERT_HEX(kmap_slot_vaddr(0, 0), 0xffefe000);
	ASSERT_HEX(layout.vmalloc_end, 0xff800000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(768)));
}

Test(layout, kirkwood_3g_opt)
{
	LAY("kirkwood-openblocks-a7", "CONFIG_VMSPLIT=3G_OPT");
	ASSERT_HEX(layout.page_offset, 0xb0000000);
	/* min(1024 MiB, 0xef800000 - 0xb0000000 = 0x3f800000 = 1016 MiB). */
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(1016)));
	ASSERT_HEX(layout.max_pfn, PFN(MiB(1024)));
	ASSERT_HEX(layout.pkmap_base, 0xafe00000);
	ASSERT_HEX(layout.high_memory, 0xef800000);
}

Test(layout, kirkwood_2g_all_lowmem)
{
	LAY("kirkwood-openblocks-a7", "CONFIG_VMSPLIT_2G=y");
	ASSERT_HEX(layout.page_offset, 0x80000000);
	/* 0xef800000 - 0x80000000 = 0x6f800000 = 1784 MiB > 1 GiB of RAM:
	 * all of it is lowmem, no highmem at all. */
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(1024)));
	ASSERT_HEX(layout.max_pfn, layout.max_low_pfn);
	ASSERT_HEX(layout.high_memory, 0xc0000000);
	ASSERT_HEX(layout.vmalloc_start, 0xc0800000);
	ASSERT_HEX(layout.pkmap_base, 0x7fe00000);
}

Test(layout, kirkwood_1g)
{
	LAY("kirkwood-openblocks-a7", "CONFIG_VMSPLIT=1G");
	ASSERT_HEX(layout.page_offset, 0x40000000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(1024)));
	ASSERT_HEX(layout.max_pfn, PFN(MiB(1024)));
	ASSERT_HEX(layout.high_memory, 0x80000000);
}

Test(layout, kirkwood_mem_and_highmem_off)
{
	/* mem=512M < 760 MiB: all lowmem. */
	LAY("kirkwood-openblocks-a7", "mem=512M");
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(512)));
	ASSERT_HEX(layout.max_pfn, PFN(MiB(512)));
	ASSERT_HEX(layout.high_memory, 0xe0000000);
	/* CONFIG_HIGHMEM=n: the 264 MiB above lowmem are ignored. */
	LAY("kirkwood-openblocks-a7", "CONFIG_HIGHMEM=n");
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(760)));
	ASSERT_HEX(layout.max_pfn, layout.max_low_pfn);
}

Test(layout, kirkwood_kmap_local_flavour)
{
	LAY("kirkwood-openblocks-a7", "flavour=kmap-local");
	/*
	 * 5.11+: VMALLOC_END 0xff800000; vmalloc_min = 0xff800000 -
	 * 0x0f000000 - 0x00800000 = 0xf0000000; lowmem = min(1024,
	 * 0xf0000000 - 0xc0000000 = 768 MiB) = 768 MiB.
	 */
	ASSERT_HEX(layout.vmalloc_end, 0xff800000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(768)));
	ASSERT_HEX(layout.high_memory, 0xf0000000);
}

Test(layout, cortex_a15_1g_kmap_local)
{
	LAY("cortex-a15-2g", "CONFIG_VMSPLIT=1G");
	cr_assert_eq(s.flavour, FLAVOUR_KMAP_LOCAL);
	ASSERT_HEX(layout.page_offset, 0x40000000);
	ASSERT_HEX(layout.phys_offset, 0x80000000);
	ASSERT_HEX(layout.min_pfn, 0x80000);
	/* vmalloc_min 0xf0000000 (above); min(2048, 0xf0000000 -
	 * 0x40000000 = 0xb0000000 = 2816 MiB) = 2048 MiB: all RAM. */
	ASSERT_HEX(layout.vmalloc_end, 0xff800000);
	ASSERT_HEX(layout.max_low_pfn, 0x80000 + PFN(MiB(2048)));
	ASSERT_HEX(layout.max_pfn, layout.max_low_pfn);
	/* high_memory = __va(4 GiB) = 0x80000000 + 0x40000000. */
	ASSERT_HEX(layout.high_memory, 0xc0000000);
	ASSERT_HEX(layout.pkmap_base, 0x3fe00000);
	/*
	 * kmap_local fixmap: FIXADDR_START 0xffc00000, FIXADDR_TOP =
	 * 0xfff00000 - 4K = 0xffeff000, __fix_to_virt(x) = FIXADDR_TOP -
	 * (x << 12); FIX_KMAP_BEGIN = 1, KM_MAX_IDX 16 per CPU, 2 CPUs.
	 */
	ASSERT_HEX(layout.fixaddr_start, 0xffc00000);
	ASSERT_HEX(layout.fixaddr_top, 0xffeff000);
	cr_assert(layout.fix_grows_down);
	ASSERT_HEX(layout.fix_kmap_begin, 1);
	ASSERT_HEX(layout.km_slots, 16);
	ASSERT_HEX(layout.nr_cpus, 2);
	ASSERT_HEX(__fix_to_virt(0), 0xffeff000);
	ASSERT_HEX(__fix_to_virt(1), 0xffefe000);
	/* CPU 0 slot 0 = fix 1; slot 1 = fix 2 (grows down). */
	ASSERT_HEX(kmap_slot_vaddr(0, 0), 0xffefe000);
	ASSERT_HEX(kmap_slot_vaddr(0, 1), 0xffefd000);
	/* CPU 1 slot 0 = fix 1 + 16 = 17: 0xffeff000 - 0x11000. */
	ASSERT_HEX(kmap_slot_vaddr(1, 0), 0xffeee000);
	/* CPU 1 slot 15 = fix 32: 0xffeff000 - 0x20000. */
	ASSERT_HEX(kmap_slot_vaddr(1, 15), 0xffedf000);
	ASSERT_HEX(__va(0x80000000ull), 0x40000000);
}

Test(layout, cortex_a15_3g_and_2g)
{
	LAY("cortex-a15-2g");
	/* min(2048, 0xf0000000 - 0xc0000000 = 768 MiB). */
	ASSERT_HEX(layout.max_low_pfn, 0x80000 + PFN(MiB(768)));
	ASSERT_HEX(layout.max_pfn, 0x80000 + PFN(MiB(2048)));
	ASSERT_HEX(layout.high_memory, 0xf0000000);
	ASSERT_HEX(layout.vmalloc_start, 0xf0800000);
	LAY("cortex-a15-2g", "CONFIG_VMSPLIT=2G");
	/* min(2048, 0xf0000000 - 0x80000000 = 1792 MiB). */
	ASSERT_HEX(layout.max_low_pfn, 0x80000 + PFN(MiB(1792)));
	ASSERT_HEX(layout.max_pfn, 0x80000 + PFN(MiB(2048)));
}

Test(layout, beaglebone)
{
	LAY("beaglebone-white");
	ASSERT_HEX(layout.page_offset, 0xc0000000);
	ASSERT_HEX(layout.phys_offset, 0x80000000);
	ASSERT_HEX(layout.min_pfn, 0x80000);
	/* 256 MiB < 760 MiB: all lowmem. */
	ASSERT_HEX(layout.max_low_pfn, 0x80000 + PFN(MiB(256)));
	ASSERT_HEX(layout.max_low_pfn, 0x90000);
	ASSERT_HEX(layout.max_pfn, 0x90000);
	ASSERT_HEX(layout.max_dma_pfn, 0x80000);
	ASSERT_HEX(__va(0x80000000ull), 0xc0000000);
	ASSERT_HEX(__pa(0xc0000000u), 0x80000000ull);
	ASSERT_HEX(__va(0x8fffffffull), 0xcfffffff);
	ASSERT_HEX(layout.high_memory, 0xd0000000);
	ASSERT_HEX(layout.vmalloc_start, 0xd0800000);
	/* 5.7's generic fixmap: slot 0 is FIX_KMAP_BEGIN 1, 0xffeff000 -
	 * 4K; VMALLOC_END 0xff800000. */
	ASSERT_HEX(kmap_slot_vaddr(0, 0), 0xffefe000);
	ASSERT_HEX(layout.vmalloc_end, 0xff800000);
}

Test(layout, numaq_x86_26)
{
	u32 boot_start;

	LAY("numaq-16");
	cr_assert_eq(s.flavour, FLAVOUR_X86_26);
	ASSERT_HEX(layout.page_offset, 0xc0000000);
	/* 2.6: MAXMEM = 4 GiB - PAGE_OFFSET - 128 MiB = 0x38000000 = 896 MiB. */
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(896)));
	ASSERT_HEX(layout.max_low_pfn, 0x38000);
	ASSERT_HEX(layout.max_pfn, PFN(16ull << 30));
	/* ZONE_DMA: the first 16 MiB. */
	ASSERT_HEX(layout.max_dma_pfn, PFN(MiB(16)));
	ASSERT_HEX(layout.high_memory, 0xf8000000);
	ASSERT_HEX(layout.vmalloc_start, 0xf8800000);
	ASSERT_HEX(layout.km_slots, 14);
	ASSERT_HEX(layout.nr_cpus, 16);
	/*
	 * Fixmap: 68 indices before the slots, 14 x 16 = 224 slots, 4 after:
	 * __end_of_permanent_fixed_addresses = 296; FIXADDR_START =
	 * 0xfffff000 - (296 << 12) = 0xfffff000 - 0x128000 = 0xffed7000.
	 */
	ASSERT_HEX(layout.fixaddr_top, 0xfffff000);
	ASSERT_HEX(layout.fixaddr_start, 0xffed7000);
	cr_assert(layout.fix_grows_down);
	ASSERT_HEX(layout.fix_kmap_begin, 68);
	/*
	 * 2.5.73 asm-i386/highmem.h: PKMAP_BASE (0xff800000UL), a constant
	 * until 2.6.11; asm-i386/pgtable.h: VMALLOC_END = PKMAP_BASE -
	 * 2 * PAGE_SIZE = 0xff7fe000.
	 */
	ASSERT_HEX(layout.pkmap_base, 0xff800000);
	cr_assert_eq(layout.pkmap_base % SZ_2M, 0);
	ASSERT_HEX(layout.last_pkmap, 512);
	ASSERT_HEX(layout.vmalloc_end, 0xff7fe000);
	/* The pkmap window ends below the boot-time fixmap. */
	boot_start = 0xfffff000u - (312u << PAGE_SHIFT);
	cr_assert_leq(PKMAP_ADDR(layout.last_pkmap), boot_start);
	cr_assert_lt(PKMAP_ADDR(layout.last_pkmap), layout.fixaddr_start);
	/* Slots grow down: CPU 0 slot 0 = fix 68 = 0xfffff000 - 0x44000. */
	ASSERT_HEX(kmap_slot_vaddr(0, 0), 0xfffbb000);
	ASSERT_HEX(kmap_slot_vaddr(0, 1), 0xfffba000);
	/* CPU 1 slot 0 = fix 82 = 0xfffff000 - 0x52000. */
	ASSERT_HEX(kmap_slot_vaddr(1, 0), 0xfffad000);
	/* The last slot, CPU 15 slot 13 = fix 291 = 0xfffff000 - 0x123000,
	 * lies inside the fixmap. */
	ASSERT_HEX(kmap_slot_vaddr(15, 13), 0xffedc000);
	cr_assert_geq(kmap_slot_vaddr(15, 13), layout.fixaddr_start);
	ASSERT_HEX(layout.struct_page_size, 40);
	ASSERT_HEX(layout.kernel_image_size, MiB(4));
}

Test(layout, numaq_x86_3x)
{
	LAY("numaq-16", "flavour=x86-3x");
	ASSERT_HEX(layout.km_slots, 20);
	/*
	 * 68 + 20 x 16 + 4 = 392: FIXADDR_START = 0xfffff000 - 0x188000 =
	 * 0xffe77000; boot start 0xfffff000 - (408 << 12) = 0xffe67000;
	 * PKMAP_BASE = (0xffe67000 - 0x201000) & PMD_MASK = 0xffc66000 &
	 * 0xffe00000 = 0xffc00000; VMALLOC_END = 0xffbfe000.
	 */
	ASSERT_HEX(layout.fixaddr_start, 0xffe77000);
	ASSERT_HEX(layout.pkmap_base, 0xffc00000);
	ASSERT_HEX(layout.vmalloc_end, 0xffbfe000);
	/*
	 * 3.x: MAXMEM = VMALLOC_END - PAGE_OFFSET - 128 MiB = 0xffbfe000 -
	 * 0xc0000000 - 0x08000000 = 0x37bfe000 (not 2 MiB aligned).
	 */
	ASSERT_HEX(layout.max_low_pfn, 0x37bfe);
	ASSERT_HEX(layout.high_memory, 0xf7bfe000);
	ASSERT_HEX(layout.max_dma_pfn, 0x1000);
	ASSERT_HEX(kmap_slot_vaddr(1, 0), 0xfffff000u - ((68u + 20) << 12));
}

Test(layout, numaq_splits)
{
	/* 2G: MAXMEM = 0x80000000 - 0x08000000 = 0x78000000 = 1920 MiB. */
	LAY("numaq-16", "CONFIG_VMSPLIT=2G");
	ASSERT_HEX(layout.page_offset, 0x80000000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(1920)));
	/* 2G_OPT: 0x88000000 - 0x08000000 = 2 GiB. */
	LAY("numaq-16", "CONFIG_VMSPLIT=2G_OPT");
	ASSERT_HEX(layout.page_offset, 0x78000000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(2048)));
	/* 3G_OPT: 0x50000000 - 0x08000000 = 0x48000000 = 1152 MiB. */
	LAY("numaq-16", "CONFIG_VMSPLIT=3G_OPT");
	ASSERT_HEX(layout.page_offset, 0xb0000000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(1152)));
	/* 1G: 0xc0000000 - 0x08000000 = 0xb8000000 = 2944 MiB. */
	LAY("numaq-16", "CONFIG_VMSPLIT=1G");
	ASSERT_HEX(layout.page_offset, 0x40000000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(2944)));
	ASSERT_HEX(layout.max_pfn, PFN(16ull << 30));
	/* The fixmap and pkmap do not depend on the split. */
	ASSERT_HEX(layout.pkmap_base, 0xff800000);
}

Test(layout, x86_pkmap_base_by_release)
{
	/*
	 * From 2.6.11 ("Assign PKMAP_BASE dynamically"): PKMAP_BASE =
	 * (FIXADDR_BOOT_START - PAGE_SIZE * (LAST_PKMAP + 1)) & PMD_MASK.
	 * With 16 boot-time pages: FIXADDR_BOOT_START = 0xfffff000 - (312 <<
	 * 12) = 0xffec7000; (0xffec7000 - 4K * 513) & PMD_MASK = 0xffcc6000
	 * & 0xffe00000 = 0xffc00000; VMALLOC_END = 0xffbfe000.
	 */
	LAY("numaq-16", "kernel=2.6.11");
	ASSERT_HEX(layout.pkmap_base, 0xffc00000);
	ASSERT_HEX(layout.vmalloc_end, 0xffbfe000);
	/* 2.6.10 still has the constant. */
	LAY("numaq-16", "kernel=2.6.10");
	ASSERT_HEX(layout.pkmap_base, 0xff800000);
}

Test(layout, x86_vmalloc_end_without_highmem)
{
	/*
	 * No pkmap without CONFIG_HIGHMEM: VMALLOC_END = FIXADDR_START -
	 * 2 * PAGE_SIZE (2.5.73 asm-i386/pgtable.h, 3.16
	 * asm/pgtable_32_types.h).  2.5.73: 0xffed7000 - 0x2000 =
	 * 0xffed5000; its MAXMEM does not depend on it: 896 MiB.
	 */
	LAY("numaq-16", "CONFIG_HIGHMEM=n");
	ASSERT_HEX(layout.vmalloc_end, 0xffed5000);
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(896)));
	/*
	 * 3.x: FIXADDR_START 0xffe77000 (numaq_x86_3x), VMALLOC_END
	 * 0xffe75000, MAXMEM = VMALLOC_END - PAGE_OFFSET - 128 MiB =
	 * 0x37e75000: lowmem grows by the pkmap window it no longer needs.
	 */
	LAY("numaq-16", "flavour=x86-3x", "CONFIG_HIGHMEM=n");
	ASSERT_HEX(layout.vmalloc_end, 0xffe75000);
	ASSERT_HEX(layout.max_low_pfn, 0x37e75);
}

Test(layout, numaq_highmem_off_and_small_mem)
{
	LAY("numaq-16", "CONFIG_HIGHMEM=n");
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(896)));
	ASSERT_HEX(layout.max_pfn, layout.max_low_pfn);
	LAY("numaq-16", "mem=512M");
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(512)));
	ASSERT_HEX(layout.max_pfn, PFN(MiB(512)));
}

Test(layout, arm_fixmap_capacity)
{
	struct platform p = *platform_find("kirkwood-openblocks-a7");
	char err[256];

	/*
	 * 3.14.1: (0xfffe0000 - 0xfff00000) >> 12 = 224 pages = 14 CPUs x
	 * 16 slots.  A 14-CPU board fits, a 15-CPU one does not.
	 */
	settings_default(&s, &p);
	cr_assert_eq(settings_parse(&s, "kernel=3.14", err, sizeof(err)), 0);
	p.hw.ncpus = 14;
	cr_assert_eq(layout_init(&s), 0);
	ASSERT_HEX(kmap_slot_vaddr(13, 15), 0xfffdf000);
	p.hw.ncpus = 15;
	cr_assert_eq(layout_init(&s), -EINVAL);
	/* 3.16: (0xffe00000 - 0xffc00000) >> 12 = 512 pages = 32 CPUs. */
	cr_assert_eq(settings_parse(&s, "kernel=3.16", err, sizeof(err)), 0);
	p.hw.ncpus = 32;
	cr_assert_eq(layout_init(&s), 0);
	ASSERT_HEX(kmap_slot_vaddr(31, 15), 0xffdff000);
	p.hw.ncpus = 33;
	cr_assert_eq(layout_init(&s), -EINVAL);
	/*
	 * 5.11+: slots from fix 1 down to 0xffc00000; CPU n-1's last slot is
	 * fix 16n, at 0xffeff000 - 16n * 4K >= 0xffc00000 while 16n <= 767:
	 * 47 CPUs fit, 48 do not.
	 */
	cr_assert_eq(settings_parse(&s, "flavour=kmap-local", err, sizeof(err)),
		     0);
	cr_assert_eq(settings_parse(&s, "kernel=6.1", err, sizeof(err)), 0);
	p.hw.ncpus = 47;
	cr_assert_eq(layout_init(&s), 0);
	ASSERT_HEX(kmap_slot_vaddr(46, 15), 0xffeff000u - ((16u * 47) << 12));
	p.hw.ncpus = 48;
	cr_assert_eq(layout_init(&s), -EINVAL);
}

Test(layout, compute_leaves_the_booted_layout)
{
	struct settings other;
	struct kernel_layout l;

	LAY("kirkwood-openblocks-a7");
	settings_default(&other, platform_find("numaq-16"));
	cr_assert_eq(layout_compute(&other, &l), 0);
	/* numaq-16's, computed aside (see numaq_x86_26). */
	ASSERT_HEX(l.max_low_pfn, PFN(MiB(896)));
	ASSERT_HEX(l.fixaddr_start, 0xffed7000);
	/* The booted one is still kirkwood's. */
	ASSERT_HEX(layout.max_low_pfn, PFN(MiB(760)));
	ASSERT_HEX(layout.fixaddr_start, 0xffc00000);
}

Test(layout, arm_modules)
{
	/*
	 * asm/memory.h (3.14, 3.16, 5.7): MODULES_VADDR = PAGE_OFFSET -
	 * SZ_16M = 0xbf000000; MODULES_END = PAGE_OFFSET - PMD_SIZE =
	 * 0xbfe00000 with HIGHMEM (the pkmap window's 2 MiB above), else
	 * PAGE_OFFSET.  TASK_SIZE is MODULES_VADDR.
	 */
	LAY("kirkwood-openblocks-a7");
	ASSERT_HEX(layout.modules_vaddr, 0xbf000000);
	ASSERT_HEX(layout.modules_end, 0xbfe00000);
	ASSERT_HEX(layout.task_size, 0xbf000000);
	LAY("kirkwood-openblocks-a7", "CONFIG_HIGHMEM=n");
	ASSERT_HEX(layout.modules_end, 0xc0000000);
	LAY("cortex-a15-2g", "CONFIG_VMSPLIT=2G");
	ASSERT_HEX(layout.modules_vaddr, 0x7f000000);
	ASSERT_HEX(layout.modules_end, 0x7fe00000);
	/* x86 modules are vmalloc'ed: no region of their own. */
	LAY("numaq-16");
	ASSERT_HEX(layout.modules_vaddr, 0);
	ASSERT_HEX(layout.modules_end, 0);
}

Test(layout, vmalloc_start_rounding)
{
	/*
	 * ARM asm/pgtable.h: VMALLOC_START = (high_memory + VMALLOC_OFFSET)
	 * & ~(VMALLOC_OFFSET - 1).  mem=100M: high_memory = 0xc0000000 +
	 * 0x06400000 = 0xc6400000; + 0x800000 = 0xc6c00000, rounded down to
	 * 8 MiB: 0xc6800000.
	 */
	LAY("kirkwood-openblocks-a7", "mem=100M");
	ASSERT_HEX(layout.high_memory, 0xc6400000);
	ASSERT_HEX(layout.vmalloc_start, 0xc6800000);
	/*
	 * 2.5.73 asm-i386/pgtable.h: VMALLOC_START = (high_memory + 2 *
	 * VMALLOC_OFFSET - 1) & ~(VMALLOC_OFFSET - 1): 0xc6400000 +
	 * 0x00ffffff = 0xc73fffff, rounded down: 0xc7000000.
	 */
	LAY("numaq-16", "mem=100M");
	ASSERT_HEX(layout.high_memory, 0xc6400000);
	ASSERT_HEX(layout.vmalloc_start, 0xc7000000);
	/* 3.16 asm/pgtable_32_types.h: high_memory + VMALLOC_OFFSET. */
	LAY("numaq-16", "flavour=x86-3x", "mem=100M");
	ASSERT_HEX(layout.vmalloc_start, 0xc6c00000);
}

/* layout_ram_use: what the kernel makes of mem=. */
static void assert_ram(u64 lowmem, u64 highmem, u64 unusable)
{
	struct ram_use r;

	cr_assert_eq(layout_ram_use(&s, &r), 0);
	ASSERT_HEX(r.total, s.mem);
	ASSERT_HEX(r.lowmem, lowmem);
	ASSERT_HEX(r.highmem, highmem);
	ASSERT_HEX(r.unusable, unusable);
	ASSERT_HEX(layout_ram_in_use(&s), lowmem + highmem);
}

Test(layout, ram_use)
{
	/* 760 MiB of lowmem (kirkwood_3g_arm3x), the other 264 high. */
	LAY("kirkwood-openblocks-a7");
	assert_ram(MiB(760), MiB(264), 0);
	/* Without HIGHMEM the 264 MiB are dropped. */
	LAY("kirkwood-openblocks-a7", "CONFIG_HIGHMEM=n");
	assert_ram(MiB(760), 0, MiB(264));
	/* 5.7's and 6.1's VMALLOC_END 0xff800000: 768 MiB of 2 GiB. */
	LAY("cortex-a15-2g", "CONFIG_HIGHMEM=n");
	assert_ram(MiB(768), 0, MiB(1280));
	/* 2.5.73: MAXMEM 896 MiB of 16 GiB. */
	LAY("numaq-16", "CONFIG_HIGHMEM=n");
	assert_ram(MiB(896), 0, MiB(16384 - 896));
	LAY("numaq-16");
	assert_ram(MiB(896), MiB(16384 - 896), 0);
	/* 256 MiB: all lowmem. */
	LAY("beaglebone-white");
	assert_ram(MiB(256), 0, 0);
}
