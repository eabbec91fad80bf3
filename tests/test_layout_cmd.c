// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit layout` (cli/layout_cmd.c, report/layout_print.c): the whole
 * output for every board, byte for byte, each figure worked out in a
 * comment from the Linux source line it stands for; the messages about
 * RAM a kernel without CONFIG_HIGHMEM leaves out, as each release prints
 * them; the JSON as one document; bad command lines.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "cli/layout_cmd.h"
#include "helpers.h"

/* Buffers handed out by layout(), freed when the test ends. */
#define POOL 64
static char *pool[POOL];
static int pooled;

static void release_pool(void)
{
	while (pooled)
		free(pool[--pooled]);
}

TestSuite(layout_cmd, .fini = release_pool);

/*
 * What `vmsplit layout ARGS` prints (ARGS split at spaces), by
 * layout_cmd in this process; a failure fails the test with its reason.
 */
static const char *layout(const char *args)
{
	char buf[512], *argv[16], *save = NULL, *out = NULL, err[256];
	int argc = 0, ret;
	size_t len;
	FILE *f;

	snprintf(buf, sizeof(buf), "%s", args);
	for (char *w = strtok_r(buf, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		cr_assert_lt(argc, 16);
		argv[argc++] = w;
	}
	f = open_memstream(&out, &len);
	cr_assert(f);
	ret = layout_cmd(argc, argv, f, err, sizeof(err));
	fclose(f);
	cr_assert_lt(pooled, POOL);
	pool[pooled++] = out;
	cr_assert_eq(ret, 0, "layout %s: %s", args, err);
	return out;
}

/*
 * @first and the strings after it up to NULL, joined (freed when the test
 * ends): an expected output from its parts.
 */
static const char *cat(const char *first, ...)
{
	size_t len = 0;
	const char *s;
	char *out;
	va_list ap;

	va_start(ap, first);
	for (s = first; s; s = va_arg(ap, const char *))
		len += strlen(s);
	va_end(ap);
	out = calloc(len + 1, 1);
	cr_assert(out);
	va_start(ap, first);
	for (s = first; s; s = va_arg(ap, const char *))
		strcat(out, s);
	va_end(ap);
	cr_assert_lt(pooled, POOL);
	pool[pooled++] = out;
	return out;
}

#define CAT(...) cat(__VA_ARGS__, NULL)

/* The text from the line starting with @from on. */
static const char *from_line(const char *text, const char *from)
{
	const char *p = strstr(text, from);

	cr_assert(p && (p == text || p[-1] == '\n'), "no line '%s' in:\n%s",
		  from, text);
	return p;
}

/*
 * The ARM lines every board shares.  CONFIG_VECTORS_BASE 0xffff0000
 * (arch/arm/Kconfig: "default 0xffff0000 if MMU"), one page: 4 kB
 * (mem_init's MLK(b, t): (t - b) >> 10).  The image's sections: not in
 * the model.
 */
static const char arm_vector[] =
	"    vector  : 0xffff0000 - 0xffff1000   (   4 kB)\n";
static const char arm_sections[] =
	"      .text : not modelled\n"
	"      .init : not modelled\n"
	"      .data : not modelled\n"
	"       .bss : not modelled\n"
	"# the model reserves the image as one block of 6144 kB at PHYS_OFFSET (an estimate)\n";
/* PAGE_OFFSET 0xc0000000 (VMSPLIT_3G): asm/highmem.h PKMAP_BASE =
 * PAGE_OFFSET - PMD_SIZE = 0xbfe00000, LAST_PKMAP 512 pages: 2 MB
 * (MLM: >> 20); asm/memory.h MODULES_VADDR = PAGE_OFFSET - SZ_16M =
 * 0xbf000000, MODULES_END = PAGE_OFFSET - PMD_SIZE: 14 MB. */
static const char arm_pkmap_modules_3g[] =
	"    pkmap   : 0xbfe00000 - 0xc0000000   (   2 MB)\n"
	"    modules : 0xbf000000 - 0xbfe00000   (  14 MB)\n";
/* asm/memory.h: TASK_SIZE = PAGE_OFFSET - SZ_16M = 0xbf000000, 3056 MB. */
static const char arm_task_size_3g[] =
	"TASK_SIZE: 0xbf000000 (3056 MB of user address space)\n";

/*
 * The generic fixmap of 5.7's asm/fixmap.h, which 6.1's kmap_local keeps:
 * FIXADDR_START 0xffc00000 to FIXADDR_END 0xfff00000: 3072 kB.
 */
static const char arm_fixmap_generic[] =
	"    fixmap  : 0xffc00000 - 0xfff00000   (3072 kB)\n";

/*
 * 6.1 with RAM at 0x80000000 past the 760 MiB vmalloc_min allows:
 * vmalloc_min = 0xff800000 - 240 MiB - 8 MiB = 0xf0000000 ends lowmem at
 * 768 MB (phys 0x80000000 - 0xafffffff, 196608 pages); VMALLOC_START
 * 0xf0800000 to 0xff800000: 240 MB.  The A15 and the EVM.
 */
static const char arm_6_1_lowmem_768[] =
	"    vmalloc : 0xf0800000 - 0xff800000   ( 240 MB)\n"
	"    lowmem  : 0xc0000000 - 0xf0000000   ( 768 MB)\n";
static const char arm_6_1_normal_768[] =
	"  Normal   [mem 0x80000000-0xafffffff]    196608 pages    768 MB\n";

Test(layout_cmd, kirkwood)
{
	/*
	 * Linux 3.16, 1 GiB at PHYS_OFFSET 0.  asm/fixmap.h: FIXADDR_START
	 * 0xffc00000, FIXADDR_TOP 0xffe00000: 0x200000 >> 10 = 2048 kB
	 * (MLK(FIXADDR_START, FIXADDR_TOP)).  asm/pgtable.h VMALLOC_END
	 * 0xff000000; arch/arm/mm/mmu.c vmalloc_min = VMALLOC_END - 240 MiB
	 * - VMALLOC_OFFSET = 0xef800000, so lowmem = 0xef800000 -
	 * 0xc0000000 = 0x2f800000 = 760 MB and high_memory = 0xef800000;
	 * VMALLOC_START = (high_memory + 8M) & ~(8M - 1) = 0xf0000000, to
	 * 0xff000000: 240 MB.  Zones (arm_bootmem_free): Normal = 0x2f800
	 * pages = 194560, HighMem the rest of 0x40000 pages: 67584 = 264 MB.
	 */
	cr_assert_str_eq(
		layout("--platform kirkwood-openblocks-a7"),
		CAT("# kirkwood-openblocks-a7: Linux 3.16 (flavour arm-3x), CONFIG_VMSPLIT_3G, CONFIG_HIGHMEM=y, CONFIG_ARM_LPAE=n, mem=1024M\n"
		    "# as arch/arm/mm/init.c mem_init() prints it (3.16, 3.18.3)\n"
		    "Virtual kernel memory layout:\n",
		    arm_vector,
		    "    fixmap  : 0xffc00000 - 0xffe00000   (2048 kB)\n"
		    "    vmalloc : 0xf0000000 - 0xff000000   ( 240 MB)\n"
		    "    lowmem  : 0xc0000000 - 0xef800000   ( 760 MB)\n",
		    arm_pkmap_modules_3g, arm_sections,
		    "\n"
		    "# zones: physical range, pages, size\n"
		    "  Normal   [mem 0x00000000-0x2f7fffff]    194560 pages    760 MB\n"
		    "  HighMem  [mem 0x2f800000-0x3fffffff]     67584 pages    264 MB\n"
		    "\n"
		    "RAM: 1024 MB, used 1024 MB: lowmem 760 MB, highmem 264 MB\n",
		    arm_task_size_3g));
}

Test(layout_cmd, beaglebone_white)
{
	/*
	 * Linux 5.7, 256 MiB at PHYS_OFFSET 0x80000000: all lowmem
	 * (256 MiB < 760), high_memory = __va(0x90000000) = 0xd0000000;
	 * VMALLOC_START = (0xd0000000 + 8M) & ~(8M - 1) = 0xd0800000, to
	 * 5.7's VMALLOC_END 0xff800000: 0x2f000000 = 752 MB; 5.7's generic
	 * fixmap, FIXADDR_START 0xffc00000 to FIXADDR_END 0xfff00000: 3072
	 * kB.  5.7's mem_init prints no layout.  HighMem is there
	 * (HIGHMEM=y) but empty: 65536 pages are all Normal.
	 */
	cr_assert_str_eq(
		layout("--platform beaglebone-white"),
		CAT("# beaglebone-white: Linux 5.7 (flavour arm-3x), CONFIG_VMSPLIT_3G, CONFIG_HIGHMEM=y, CONFIG_ARM_LPAE=n, mem=256M\n"
		    "# in 3.16's arch/arm/mm/init.c mem_init() format: 5.7's prints no layout\n"
		    "Virtual kernel memory layout:\n",
		    arm_vector, arm_fixmap_generic,
		    "    vmalloc : 0xd0800000 - 0xff800000   ( 752 MB)\n"
		    "    lowmem  : 0xc0000000 - 0xd0000000   ( 256 MB)\n",
		    arm_pkmap_modules_3g, arm_sections,
		    "\n"
		    "# zones: physical range, pages, size\n"
		    "  Normal   [mem 0x80000000-0x8fffffff]     65536 pages    256 MB\n"
		    "  HighMem  empty\n"
		    "\n"
		    "RAM: 256 MB, used 256 MB: lowmem 256 MB, highmem 0 MB\n",
		    arm_task_size_3g));
}

Test(layout_cmd, beaglebone_black)
{
	/*
	 * Linux 6.1, 512 MiB at 0x80000000, all lowmem: high_memory =
	 * 0xe0000000, VMALLOC_START 0xe0800000, VMALLOC_END 0xff800000
	 * (5.7's asm/pgtable.h): 0x1f000000 = 496 MB; 131072 pages.
	 */
	cr_assert_str_eq(
		layout("--platform beaglebone-black"),
		CAT("# beaglebone-black: Linux 6.1 (flavour kmap-local), CONFIG_VMSPLIT_3G, CONFIG_HIGHMEM=y, CONFIG_ARM_LPAE=n, mem=512M\n"
		    "# in 3.16's arch/arm/mm/init.c mem_init() format: 5.7's prints no layout\n"
		    "Virtual kernel memory layout:\n",
		    arm_vector, arm_fixmap_generic,
		    "    vmalloc : 0xe0800000 - 0xff800000   ( 496 MB)\n"
		    "    lowmem  : 0xc0000000 - 0xe0000000   ( 512 MB)\n",
		    arm_pkmap_modules_3g, arm_sections,
		    "\n"
		    "# zones: physical range, pages, size\n"
		    "  Normal   [mem 0x80000000-0x9fffffff]    131072 pages    512 MB\n"
		    "  HighMem  empty\n"
		    "\n"
		    "RAM: 512 MB, used 512 MB: lowmem 512 MB, highmem 0 MB\n",
		    arm_task_size_3g));
}

Test(layout_cmd, am335x_evm)
{
	/*
	 * Linux 6.1, 1 GiB at 0x80000000: lowmem ends at 768 MB
	 * (arm_6_1_lowmem_768), under the direct map's would-be end
	 * 0x100000000; HighMem 0xb0000000 - 0xbfffffff: 256 MB, 65536 pages.
	 */
	cr_assert_str_eq(
		layout("--platform am335x-evm"),
		CAT("# am335x-evm: Linux 6.1 (flavour kmap-local), CONFIG_VMSPLIT_3G, CONFIG_HIGHMEM=y, CONFIG_ARM_LPAE=n, mem=1024M\n"
		    "# in 3.16's arch/arm/mm/init.c mem_init() format: 5.7's prints no layout\n"
		    "Virtual kernel memory layout:\n",
		    arm_vector, arm_fixmap_generic, arm_6_1_lowmem_768,
		    arm_pkmap_modules_3g, arm_sections,
		    "\n"
		    "# zones: physical range, pages, size\n",
		    arm_6_1_normal_768,
		    "  HighMem  [mem 0xb0000000-0xbfffffff]     65536 pages    256 MB\n"
		    "\n"
		    "RAM: 1024 MB, used 1024 MB: lowmem 768 MB, highmem 256 MB\n",
		    arm_task_size_3g));
}

Test(layout_cmd, cortex_a15)
{
	/*
	 * Linux 6.1, 2 GiB at 0x80000000: lowmem ends at 768 MB
	 * (arm_6_1_lowmem_768); HighMem 0xb0000000 up to 4 GiB: 1280 MB,
	 * 327680 pages.
	 */
	cr_assert_str_eq(
		layout("--platform cortex-a15-2g"),
		CAT("# cortex-a15-2g: Linux 6.1 (flavour kmap-local), CONFIG_VMSPLIT_3G, CONFIG_HIGHMEM=y, CONFIG_ARM_LPAE=n, mem=2048M\n"
		    "# in 3.16's arch/arm/mm/init.c mem_init() format: 5.7's prints no layout\n"
		    "Virtual kernel memory layout:\n",
		    arm_vector, arm_fixmap_generic, arm_6_1_lowmem_768,
		    arm_pkmap_modules_3g, arm_sections,
		    "\n"
		    "# zones: physical range, pages, size\n",
		    arm_6_1_normal_768,
		    "  HighMem  [mem 0xb0000000-0xffffffff]    327680 pages   1280 MB\n"
		    "\n"
		    "RAM: 2048 MB, used 2048 MB: lowmem 768 MB, highmem 1280 MB\n",
		    arm_task_size_3g));
}

Test(layout_cmd, numaq)
{
	/*
	 * Linux 2.5.73, 16 GiB, PAE, NR_CPUS 16.  Its mem_init prints no
	 * layout; the lines take 3.16's arch/x86/mm/init_32.c format,
	 * whose sizes are MLK-like >> 10 for fixmap and pkmap, >> 20 for
	 * vmalloc and lowmem.  The fixmap (arch/layout.c, [E] 68 indices
	 * before the kmap slots, 14 x 16 slots, 4 after): FIXADDR_START =
	 * 0xfffff000 - (296 << 12) = 0xffed7000 to FIXADDR_TOP 0xfffff000:
	 * 0x128000 >> 10 = 1184 kB.  asm-i386/highmem.h: PKMAP_BASE
	 * 0xff800000, 512 pages (PAE): 2048 kB; asm-i386/pgtable.h:
	 * VMALLOC_END = PKMAP_BASE - 2 pages = 0xff7fe000.  MAXMEM =
	 * -PAGE_OFFSET - 128 MiB = 896 MiB (asm-i386/page.h): high_memory
	 * 0xf8000000; VMALLOC_START = (high_memory + 2 * 8M - 1) & ~(8M - 1)
	 * = 0xf8800000 (asm-i386/pgtable.h), 0x6ffe000 >> 20 = 111 MB.
	 * Zones: DMA the first 16 MiB (4096 pages), Normal to 896 MiB
	 * (225280 pages = 880 MB), HighMem the other 15488 MB (3964928).
	 */
	cr_assert_str_eq(
		layout("--platform numaq-16"),
		CAT("# numaq-16: Linux 2.5.73 (flavour x86-2.6), CONFIG_VMSPLIT_3G, CONFIG_HIGHMEM=y, PAE, NR_CPUS=16, mem=16384M\n"
		    "# in 3.16's arch/x86/mm/init_32.c mem_init() format: 2.5.73's arch/i386/mm/init.c prints no layout\n"
		    "virtual kernel memory layout:\n"
		    "    fixmap  : 0xffed7000 - 0xfffff000   (1184 kB)\n"
		    "    pkmap   : 0xff800000 - 0xffa00000   (2048 kB)\n"
		    "    vmalloc : 0xf8800000 - 0xff7fe000   ( 111 MB)\n"
		    "    lowmem  : 0xc0000000 - 0xf8000000   ( 896 MB)\n"
		    "      .init : not modelled\n"
		    "      .data : not modelled\n"
		    "      .text : not modelled\n"
		    "# the model reserves the image as one block of 4096 kB at PHYS_OFFSET (an estimate)\n"
		    "\n"
		    "# zones: physical range, pages, size; over all 4 nodes, lowmem on node 0\n"
		    "  DMA      [mem 0x000000000-0x000ffffff]      4096 pages     16 MB\n"
		    "  Normal   [mem 0x001000000-0x037ffffff]    225280 pages    880 MB\n"
		    "  HighMem  [mem 0x038000000-0x3ffffffff]   3964928 pages  15488 MB\n"
		    "\n"
		    "RAM: 16384 MB, used 16384 MB: lowmem 896 MB, highmem 15488 MB\n"
		    /* asm-i386/processor.h: TASK_SIZE = PAGE_OFFSET. */
		    "TASK_SIZE: 0xc0000000 (3072 MB of user address space)\n"));
}

/* The tail of the output from "RAM:" on: what the kernel uses. */
#define RAM(args) from_line(layout(args), "RAM:")

Test(layout_cmd, highmem_off_arm_3_16)
{
	/*
	 * 3.16 sanity_check_meminfo: without CONFIG_HIGHMEM, a block
	 * crossing vmalloc_limit = __pa(vmalloc_min) = 0x2f800000 is cut,
	 * pr_notice("Truncating RAM at %pa-%pa to -%pa") with block_start,
	 * block_end and vmalloc_limit; a 32-bit phys_addr_t prints 8 digits.
	 * 1024 - 760 = 264 MB are left out.  No pkmap line without HIGHMEM,
	 * and MODULES_END = PAGE_OFFSET.
	 */
	const char *out = layout("CONFIG_HIGHMEM=n");

	cr_assert_str_eq(
		from_line(out, "    lowmem"),
		CAT("    lowmem  : 0xc0000000 - 0xef800000   ( 760 MB)\n"
		    "    modules : 0xbf000000 - 0xc0000000   (  16 MB)\n",
		    arm_sections,
		    "\n"
		    "# zones: physical range, pages, size\n"
		    "  Normal   [mem 0x00000000-0x2f7fffff]    194560 pages    760 MB\n"
		    "\n"
		    "RAM: 1024 MB, used 760 MB: lowmem 760 MB, highmem 0 MB; 264 MB unusable without CONFIG_HIGHMEM\n"
		    "# as arch/arm/mm/mmu.c sanity_check_meminfo() (3.16, 3.18.3) says at boot:\n"
		    "Truncating RAM at 0x00000000-0x40000000 to -0x2f800000\n",
		    arm_task_size_3g));
}

Test(layout_cmd, highmem_off_arm_3_14)
{
	/*
	 * 3.14.1 sanity_check_meminfo, meminfo banks: printk("Truncating
	 * RAM at %.8llx-%.8llx to -%.8llx (vmalloc region overlap).\n")
	 * with bank->start, start + size - 1 and start + size_limit - 1.
	 */
	cr_assert_str_eq(
		RAM("CONFIG_HIGHMEM=n kernel=3.14"),
		CAT("RAM: 1024 MB, used 760 MB: lowmem 760 MB, highmem 0 MB; 264 MB unusable without CONFIG_HIGHMEM\n"
		    "# as arch/arm/mm/mmu.c sanity_check_meminfo() (3.14.1) says at boot:\n"
		    "Truncating RAM at 00000000-3fffffff to -2f7fffff (vmalloc region overlap).\n",
		    arm_task_size_3g));
}

Test(layout_cmd, highmem_off_arm_5_7_and_6_1)
{
	/*
	 * 5.7 adjust_lowmem_bounds: pr_notice("Ignoring RAM at %pa-%pa\n",
	 * &memblock_limit, &end) and "Consider using a HIGHMEM enabled
	 * kernel.\n".  cortex-a15-2g: lowmem ends at __pa(0xf0000000) =
	 * 0xb0000000 (768 of 2048 MB); RAM ends at 4 GiB, which a 32-bit
	 * phys_addr_t holds as 0xffffffff (arm_add_memory, memblock_cap_size).
	 */
	cr_assert_str_eq(
		RAM("--platform cortex-a15-2g CONFIG_HIGHMEM=n"),
		CAT("RAM: 2048 MB, used 768 MB: lowmem 768 MB, highmem 0 MB; 1280 MB unusable without CONFIG_HIGHMEM\n"
		    "# as arch/arm/mm/mmu.c adjust_lowmem_bounds() (5.7) says at boot:\n"
		    "Ignoring RAM at 0xb0000000-0xffffffff\n"
		    "Consider using a HIGHMEM enabled kernel.\n",
		    arm_task_size_3g));
	/* With LPAE phys_addr_t is 64-bit: %pa prints 16 digits, and
	 * 4 GiB itself. */
	cr_assert_str_eq(
		RAM("--platform cortex-a15-2g CONFIG_HIGHMEM=n CONFIG_ARM_LPAE=y"),
		CAT("RAM: 2048 MB, used 768 MB: lowmem 768 MB, highmem 0 MB; 1280 MB unusable without CONFIG_HIGHMEM\n"
		    "# as arch/arm/mm/mmu.c adjust_lowmem_bounds() (5.7) says at boot:\n"
		    "Ignoring RAM at 0x00000000b0000000-0x0000000100000000\n"
		    "Consider using a HIGHMEM enabled kernel.\n",
		    arm_task_size_3g));
}

Test(layout_cmd, highmem_off_x86)
{
	/*
	 * 2.5.73 find_max_low_pfn without CONFIG_HIGHMEM:
	 * printk("Warning only %ldMB will be used.\n", MAXMEM >> 20), then
	 * "Use a PAE enabled kernel.\n" since max_pfn > MAX_NONPAE_PFN
	 * (16 GiB > 4 GiB).
	 */
	cr_assert_str_eq(
		RAM("--platform numaq-16 CONFIG_HIGHMEM=n"),
		CAT("RAM: 16384 MB, used 896 MB: lowmem 896 MB, highmem 0 MB; 15488 MB unusable without CONFIG_HIGHMEM\n"
		    "# as arch/i386/kernel/setup.c find_max_low_pfn() (2.5.73) says at boot:\n"
		    "Warning only 896MB will be used.\n"
		    "Use a PAE enabled kernel.\n"
		    "TASK_SIZE: 0xc0000000 (3072 MB of user address space)\n"));
	/* ... and "Use a HIGHMEM enabled kernel.\n" within 4 GiB. */
	cr_assert_str_eq(
		RAM("--platform numaq-16 CONFIG_HIGHMEM=n mem=2G"),
		CAT("RAM: 2048 MB, used 896 MB: lowmem 896 MB, highmem 0 MB; 1152 MB unusable without CONFIG_HIGHMEM\n"
		    "# as arch/i386/kernel/setup.c find_max_low_pfn() (2.5.73) says at boot:\n"
		    "Warning only 896MB will be used.\n"
		    "Use a HIGHMEM enabled kernel.\n"
		    "TASK_SIZE: 0xc0000000 (3072 MB of user address space)\n"));
}

Test(layout_cmd, all_lowmem_says_nothing)
{
	/* 2G split: 1784 MiB of lowmem room, 1 GiB of RAM: nothing cut,
	 * nothing said. */
	cr_assert_str_eq(
		RAM("CONFIG_HIGHMEM=n CONFIG_VMSPLIT=2G"),
		CAT("RAM: 1024 MB, used 1024 MB: lowmem 1024 MB, highmem 0 MB\n"
		    "TASK_SIZE: 0x7f000000 (2032 MB of user address space)\n"));
}

/* The member @name of @obj, which must be there. */
static const cJSON *member(const cJSON *obj, const char *name)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(obj, name);

	cr_assert(m, "no member '%s'", name);
	return m;
}

static double number(const cJSON *obj, const char *name)
{
	const cJSON *m = member(obj, name);

	cr_assert(cJSON_IsNumber(m), "'%s' is not a number", name);
	return m->valuedouble;
}

Test(layout_cmd, json_is_one_document)
{
	const char *out = layout(
		"--format json --platform cortex-a15-2g CONFIG_HIGHMEM=n");
	const char *end = NULL;
	cJSON *j = cJSON_ParseWithOpts(out, &end, true);
	const cJSON *lay, *ram, *msgs;

	cr_assert(j, "not JSON: %s", out);
	cr_assert_str_eq(member(j, "platform")->valuestring, "cortex-a15-2g");
	cr_assert_str_eq(member(j, "kernel")->valuestring, "6.1");
	cr_assert_str_eq(
		member(member(j, "settings"), "CONFIG_HIGHMEM")->valuestring,
		"n");
	/* vector, fixmap, vmalloc, lowmem, modules: no pkmap without
	 * HIGHMEM. */
	lay = member(j, "layout");
	cr_assert_eq(cJSON_GetArraySize(lay), 5);
	cr_assert_str_eq(
		member(cJSON_GetArrayItem(lay, 3), "name")->valuestring,
		"lowmem");
	cr_assert_eq(number(cJSON_GetArrayItem(lay, 3), "start"), 0xc0000000u);
	cr_assert_eq(number(cJSON_GetArrayItem(lay, 3), "end"), 0xf0000000u);
	cr_assert_eq(cJSON_GetArraySize(member(j, "zones")), 1);
	ram = member(j, "ram");
	cr_assert_eq(number(ram, "total"), 2048.0 * (1 << 20));
	cr_assert_eq(number(ram, "used"), 768.0 * (1 << 20));
	cr_assert_eq(number(ram, "unusable"), 1280.0 * (1 << 20));
	msgs = member(j, "ram_messages");
	cr_assert_str_eq(cJSON_GetArrayItem(msgs, 0)->valuestring,
			 "Ignoring RAM at 0xb0000000-0xffffffff");
	cr_assert_eq(number(j, "task_size"), 0xbf000000u);
	cJSON_Delete(j);
}

/*
 * A .config is read as `run` reads it: the near miss gets its did-you-mean,
 * and olddefconfig turns off what depends on a symbol the file turns off
 * (HIGHPTE under "# CONFIG_HIGHMEM is not set"), saying so, where a word
 * HIGHPTE=y against HIGHMEM=n would be refused.
 */
Test(layout_cmd, kconfig_as_run_reads_it)
{
	struct test_sh_output r = test_sh(
		"f=$(mktemp) && printf 'CONFIG_HIGHMEN=y\\nCONFIG_HIGHPTE=y\\n# CONFIG_HIGHMEM is not set\\n' > $f && "
		"\"$VMSPLIT_BIN\" layout --platform cortex-a15-2g --kconfig $f 2>&1 >/dev/null | "
		"grep -v ignored | sed \"s|$f|FILE|\"; rm -f $f");

	cr_assert_str_eq(r.out,
			 "vmsplit: kconfig: FILE:1: CONFIG_HIGHMEN is not a symbol vmsplit knows; did you mean CONFIG_HIGHMEM?\n"
			 "vmsplit: kconfig: CONFIG_HIGHPTE=n: it depends on CONFIG_HIGHMEM, which is n\n",
			 "%s", r.out);
	free(r.out);
	free(r.err);
}

Test(layout_cmd, words_and_options_anywhere)
{
	/* --name=value, the last of a repeated option, words after "--". */
	cr_assert_str_eq(
		layout("CONFIG_HIGHMEM=n --platform=numaq-16 --platform kirkwood-openblocks-a7 -- mem=512M"),
		layout("--platform kirkwood-openblocks-a7 CONFIG_HIGHMEM=n mem=512M"));
	cr_assert(strstr(layout("mem=512M"), "RAM: 512 MB, used 512 MB"));
}

/* `vmsplit layout ARGS` fails: exit 2, @why on stderr's one line. */
static void assert_usage_error(const char *args, const char *why)
{
	char cmd[256], line[512];

	snprintf(cmd, sizeof(cmd), "layout %s", args);
	cr_assert_eq(test_run_cli(cmd, true, line, sizeof(line)), 2, "%s", cmd);
	cr_assert(strstr(line, why), "`vmsplit %s`: '%s' lacks '%s'", cmd, line,
		  why);
}

Test(layout_cmd, bad_command_lines)
{
	assert_usage_error("--format xml", "unknown format 'xml'");
	assert_usage_error("--frobnicate", "unknown option '--frobnicate'");
	assert_usage_error("-x", "unknown option '-x'");
	assert_usage_error("--platform", "--platform needs a value");
	assert_usage_error("--platform nope", "unknown platform 'nope'");
	assert_usage_error("NOSUCH=1", "unknown setting");
	assert_usage_error("mem=2G", "above the 1024M");
	assert_usage_error("--kconfig /nonexistent", "/nonexistent");
	assert_usage_error("CONFIG_HIGHPTE=y CONFIG_HIGHMEM=n",
			   "CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y");
}
