// SPDX-License-Identifier: GPL-2.0-only
/*
 * The layout report (see report/layout_print.h).  The lines that stand for
 * the kernel's own messages keep its printk formats to the character; the
 * lines starting with '#' are vmsplit's notes on where they come from.
 */
#include "report/layout_print.h"

#include <inttypes.h>
#include <stdint.h>
#include <string.h>

#include "arch/layout.h"
#include "base/errno.h"

/*
 * ARM's vector page: CONFIG_VECTORS_BASE 0xffff0000 (arch/arm/Kconfig,
 * 3.14 and 3.16: "default 0xffff0000 if MMU"), VECTORS_BASE in 5.7's
 * asm/memory.h; mem_init() shows one page of it.
 */
#define ARM_VECTORS_BASE 0xffff0000u

/*
 * Whose messages and formats: the release decides, at the boundaries of
 * the trees at hand that arch/layout.c's ARM maps also follow.
 */
enum log_era {
	LOG_ARM_3_14, /* 3.14.1: meminfo banks; mem_init() prints the layout */
	LOG_ARM_3_16, /* 3.16 - 3.18.3: memblock; mem_init() prints it */
	LOG_ARM_5_7, /* 5.7: adjust_lowmem_bounds; no layout printed */
	LOG_X86_2_5, /* 2.5.73 i386: no layout printed */
	LOG_X86_3_16, /* 3.16 x86: init_32.c mem_init() prints it */
};

static enum log_era log_era(const struct settings *s)
{
	u32 v = settings_kernel_version(s);

	if (s->platform->arch == PLAT_X86)
		return s->flavour == FLAVOUR_X86_26 ? LOG_X86_2_5 :
						      LOG_X86_3_16;
	if (v < KERNEL_VERSION(3, 15, 0))
		return LOG_ARM_3_14;
	if (v < KERNEL_VERSION(3, 19, 0))
		return LOG_ARM_3_16;
	return LOG_ARM_5_7;
}

/* Where the layout lines' format comes from, for the note above them. */
static const char *const layout_source[] = {
	[LOG_ARM_3_14] = "as arch/arm/mm/init.c mem_init() prints it (3.14.1)",
	[LOG_ARM_3_16] =
		"as arch/arm/mm/init.c mem_init() prints it (3.16, 3.18.3)",
	[LOG_ARM_5_7] =
		"in 3.16's arch/arm/mm/init.c mem_init() format: 5.7's prints no layout",
	[LOG_X86_2_5] =
		"in 3.16's arch/x86/mm/init_32.c mem_init() format: 2.5.73's arch/i386/mm/init.c prints no layout",
	[LOG_X86_3_16] = "as arch/x86/mm/init_32.c mem_init() prints it (3.16)",
};

/* Where the message about RAM left unused comes from. */
static const char *const ram_source[] = {
	[LOG_ARM_3_14] = "arch/arm/mm/mmu.c sanity_check_meminfo() (3.14.1)",
	[LOG_ARM_3_16] =
		"arch/arm/mm/mmu.c sanity_check_meminfo() (3.16, 3.18.3)",
	[LOG_ARM_5_7] = "arch/arm/mm/mmu.c adjust_lowmem_bounds() (5.7)",
	[LOG_X86_2_5] = "arch/i386/kernel/setup.c find_max_low_pfn() (2.5.73)",
	[LOG_X86_3_16] = "arch/x86/mm/init_32.c highmem_pfn_init() (3.16)",
};

/* One line of mem_init()'s layout: [start, end), in kB (MLK) or MB (MLM). */
struct region {
	const char *name;
	u32 start, end;
	bool mb;
};

#define MAX_REGIONS 10

/* The image's sections, in each mem_init()'s order. */
static const char *const arm_sections[] = { ".text", ".init", ".data", ".bss" };
static const char *const x86_sections[] = { ".init", ".data", ".text" };

/* sf_buf='s window (not Linux's: a design's), its buffers' extent. */
static struct region sfbuf_region(const struct kernel_layout *l)
{
	return (struct region){ "sf_buf", l->sfbuf_base,
				l->sfbuf_base + l->nr_sfbufs * PAGE_SIZE,
				true };
}

/* pte_window='s window (a design's): its whole PMDs. */
static struct region ptwin_region(const struct kernel_layout *l)
{
	return (struct region){ "ptewin", l->ptwin_base,
				l->ptwin_base + l->ptwin_size, true };
}

/* emap='s window (NetBSD's UVM_EMAP_SIZE, a design's). */
static struct region emap_region(const struct kernel_layout *l)
{
	return (struct region){ "emap", l->emap_base,
				l->emap_base + l->emap_size, true };
}

/* copy_4g=tramp's two PMDs (a design's): the windows, the trampoline. */
static struct region cpwin_region(const struct kernel_layout *l)
{
	return (struct region){ "cp_slow0", l->cpwin_base,
				l->cpwin_base + PMD_SIZE, true };
}

static struct region tramp_region(const struct kernel_layout *l)
{
	return (struct region){ "tramp", l->tramp_base,
				l->tramp_base + PMD_SIZE, true };
}

/* The designs' windows carved from vmalloc (none of Linux's), after r[n]. */
static u32 design_regions(const struct kernel_layout *l, struct region *r,
			  u32 n)
{
	if (l->sfbuf_base)
		r[n++] = sfbuf_region(l);
	if (l->ptwin_base)
		r[n++] = ptwin_region(l);
	if (l->emap_base)
		r[n++] = emap_region(l);
	if (l->tramp_base) {
		r[n++] = tramp_region(l);
		r[n++] = cpwin_region(l);
	}
	return n;
}

/*
 * The regions mem_init() prints, from @l: arch/arm/mm/init.c (3.16) lists
 * vector, fixmap, vmalloc, lowmem, pkmap (CONFIG_HIGHMEM), modules
 * (CONFIG_MODULES, which the boards' defconfigs set); arch/x86/mm/
 * init_32.c (3.16) fixmap, pkmap (CONFIG_HIGHMEM), vmalloc, lowmem.
 * Return: how many.
 */
static u32 layout_regions(const struct settings *s,
			  const struct kernel_layout *l, struct region *r)
{
	u32 pkmap_end = l->pkmap_base + l->last_pkmap * PAGE_SIZE;
	u32 n = 0;

	if (s->platform->arch == PLAT_ARM) {
		/*
		 * MLK(FIXADDR_START, FIXADDR_TOP) where FIXADDR_TOP is the
		 * region's end (3.x); the generic fixmap's end is
		 * FIXADDR_END, a page above its FIXADDR_TOP (below 4 GiB on
		 * ARM).
		 */
		u32 fix_end = (u32)fixaddr_end(l);

		r[n++] = (struct region){ "vector", ARM_VECTORS_BASE,
					  ARM_VECTORS_BASE + PAGE_SIZE, false };
		r[n++] = (struct region){ "fixmap", l->fixaddr_start, fix_end,
					  false };
		r[n++] = (struct region){ "vmalloc", l->vmalloc_start,
					  l->vmalloc_end, true };
		n = design_regions(l, r, n);
		r[n++] = (struct region){ "lowmem", l->page_offset,
					  l->high_memory, true };
		if (s->highmem)
			r[n++] = (struct region){ "pkmap", l->pkmap_base,
						  pkmap_end, true };
		r[n++] = (struct region){ "modules", l->modules_vaddr,
					  l->modules_end, true };
		return n;
	}
	r[n++] = (struct region){ "fixmap", l->fixaddr_start, l->fixaddr_top,
				  false };
	if (s->highmem)
		r[n++] = (struct region){ "pkmap", l->pkmap_base, pkmap_end,
					  false };
	r[n++] = (struct region){ "vmalloc", l->vmalloc_start, l->vmalloc_end,
				  true };
	n = design_regions(l, r, n);
	r[n++] = (struct region){ "lowmem", l->page_offset, l->high_memory,
				  true };
	return n;
}

/* A zone's physical extent [start, end); start == end: empty. */
struct zone_span {
	const char *name;
	u64 start, end;
};

#define MAX_ZONES 3

/*
 * The zones the model's free_area_init() sets up (mm/mmzone.c):
 * ZONE_DMA on boards with ISA DMA (x86: the first 16 MiB), ZONE_NORMAL
 * up to lowmem's end, ZONE_HIGHMEM above it with CONFIG_HIGHMEM.  Zone
 * names as Linux's zone_names[].
 * Return: how many.
 */
static u32 zone_spans(const struct settings *s, const struct kernel_layout *l,
		      struct zone_span *z)
{
	u32 n = 0;

	if (s->platform->has_zone_dma)
		z[n++] =
			(struct zone_span){ "DMA",
					    (u64)l->min_pfn << PAGE_SHIFT,
					    (u64)l->max_dma_pfn << PAGE_SHIFT };
	z[n++] = (struct zone_span){ "Normal",
				     (u64)l->max_dma_pfn << PAGE_SHIFT,
				     (u64)l->max_low_pfn << PAGE_SHIFT };
	if (s->highmem)
		z[n++] = (struct zone_span){ "HighMem",
					     (u64)l->max_low_pfn << PAGE_SHIFT,
					     (u64)l->max_pfn << PAGE_SHIFT };
	return n;
}

/* "760 MB", or "913400 kB" for a size that is not whole megabytes. */
static void size_str(u64 bytes, char *buf, size_t len)
{
	if (bytes % (1u << 20))
		snprintf(buf, len, "%" PRIu64 " kB", bytes >> 10);
	else
		snprintf(buf, len, "%" PRIu64 " MB", bytes >> 20);
}

/* printk's %pa: 0x and every digit of a phys_addr_t (64-bit with LPAE). */
static void pa_str(const struct settings *s, u64 pa, char *buf, size_t len)
{
	snprintf(buf, len, "0x%0*" PRIx64, s->arm_lpae ? 16 : 8, pa);
}

#define MAX_MESSAGES 2
#define MESSAGE_LEN 128

/*
 * The boot messages about RAM the kernel cannot use (without
 * CONFIG_HIGHMEM, RAM beyond lowmem), as the release prints them, with
 * the model's one bank of RAM [PHYS_OFFSET, PHYS_OFFSET + mem).
 * Return: how many lines (0: nothing is left out).
 */
static u32 ram_messages(const struct settings *s, const struct ram_use *ru,
			char msg[MAX_MESSAGES][MESSAGE_LEN])
{
	u64 start = s->platform->hw.ram_base, end = start + ru->total;
	u64 limit = start + ru->lowmem;
	char a[24], b[24], c[24];

	if (s->highmem || !ru->unusable)
		return 0;
	/*
	 * A 32-bit phys_addr_t (ARM without LPAE) cannot hold 4 GiB: RAM
	 * that reaches it ends at 0xffffffff (arm_add_memory's ULONG_MAX,
	 * 3.14.1 and 5.7 arch/arm/kernel/setup.c; memblock_cap_size's
	 * PHYS_ADDR_MAX, 5.7 mm/memblock.c).
	 */
	if (s->platform->arch == PLAT_ARM && !s->arm_lpae)
		end = MIN(end, (u64)UINT32_MAX);
	switch (log_era(s)) {
	case LOG_ARM_3_14:
		snprintf(msg[0], MESSAGE_LEN,
			 "Truncating RAM at %.8" PRIx64 "-%.8" PRIx64
			 " to -%.8" PRIx64 " (vmalloc region overlap).",
			 start, end - 1, limit - 1);
		return 1;
	case LOG_ARM_3_16:
		pa_str(s, start, a, sizeof(a));
		pa_str(s, end, b, sizeof(b));
		pa_str(s, limit, c, sizeof(c));
		snprintf(msg[0], MESSAGE_LEN, "Truncating RAM at %s-%s to -%s",
			 a, b, c);
		return 1;
	case LOG_ARM_5_7:
		/* memblock_limit: lowmem's end rounded down to PMD_SIZE. */
		pa_str(s, ALIGN_DOWN(limit, (u64)PMD_SIZE), a, sizeof(a));
		pa_str(s, end, b, sizeof(b));
		snprintf(msg[0], MESSAGE_LEN, "Ignoring RAM at %s-%s", a, b);
		snprintf(msg[1], MESSAGE_LEN,
			 "Consider using a HIGHMEM enabled kernel.");
		return 2;
	case LOG_X86_2_5:
	case LOG_X86_3_16:
		/* MAXMEM >> 20: lowmem is MAXMEM when RAM is cut. */
		snprintf(msg[0], MESSAGE_LEN,
			 "Warning only %" PRIu64 "MB will be used.",
			 ru->lowmem >> 20);
		/* max_pfn > MAX_NONPAE_PFN: RAM beyond 4 GiB. */
		if (end > (1ull << 32))
			snprintf(msg[1], MESSAGE_LEN,
				 "Use a %s enabled kernel.",
				 log_era(s) == LOG_X86_2_5 ? "PAE" :
							     "HIGHMEM64G");
		else
			snprintf(msg[1], MESSAGE_LEN,
				 "Use a HIGHMEM enabled kernel.");
		return 2;
	}
	return 0;
}

/* "2.5.73", "3.16": the release modelled. */
static void version_str(u32 v, char *buf, size_t len)
{
	if (v & 0xff)
		snprintf(buf, len, "%u.%u.%u", v >> 16, (v >> 8) & 0xff,
			 v & 0xff);
	else
		snprintf(buf, len, "%u.%u", v >> 16, (v >> 8) & 0xff);
}

/* Hex digits for the physical addresses below @end, at least 8. */
static int pa_digits(u64 end)
{
	int d = 8;

	while (d < 16 && (end - 1) >> (4 * d))
		d++;
	return d;
}

static void print_text(const struct settings *s, const struct kernel_layout *l,
		       const struct ram_use *ru, FILE *f)
{
	const struct platform *p = s->platform;
	bool arm = p->arch == PLAT_ARM;
	struct region r[MAX_REGIONS];
	struct zone_span z[MAX_ZONES];
	char msg[MAX_MESSAGES][MESSAGE_LEN];
	char ver[16], a[32], b[32], c[32];
	u32 nr = layout_regions(s, l, r), nz = zone_spans(s, l, z);
	u32 nm = ram_messages(s, ru, msg);
	int digits = pa_digits(p->hw.ram_base + ru->total);

	version_str(settings_kernel_version(s), ver, sizeof(ver));
	fprintf(f,
		"# %s: Linux %s (flavour %s), CONFIG_VMSPLIT_%s, CONFIG_HIGHMEM=%s",
		p->name, ver, flavour_names[s->flavour],
		vmsplit_names[s->vmsplit], s->highmem ? "y" : "n");
	if (arm)
		fprintf(f, ", CONFIG_ARM_LPAE=%s", s->arm_lpae ? "y" : "n");
	else
		fprintf(f, ", PAE, NR_CPUS=%u", l->nr_cpus);
	fprintf(f, ", mem=%" PRIu64 "M\n", s->mem >> 20);
	fprintf(f, "# %s\n", layout_source[log_era(s)]);
	fputs(arm ? "Virtual kernel memory layout:\n" :
		    "virtual kernel memory layout:\n",
	      f);
	for (u32 i = 0; i < nr; i++)
		fprintf(f, "    %-8s: 0x%08x - 0x%08x   (%4u %s)\n", r[i].name,
			r[i].start, r[i].end,
			(r[i].end - r[i].start) >> (r[i].mb ? 20 : 10),
			r[i].mb ? "MB" : "kB");
	if (arm)
		for (size_t i = 0; i < ARRAY_SIZE(arm_sections); i++)
			fprintf(f, "%11s : not modelled\n", arm_sections[i]);
	else
		for (size_t i = 0; i < ARRAY_SIZE(x86_sections); i++)
			fprintf(f, "%11s : not modelled\n", x86_sections[i]);
	fprintf(f,
		"# the model reserves the image as one block of %u kB at PHYS_OFFSET (an estimate)\n",
		l->kernel_image_size >> 10);

	fputs("\n# zones: physical range, pages, size", f);
	if (p->hw.nodes > 1)
		fprintf(f, "; over all %u nodes, lowmem on node 0",
			p->hw.nodes);
	fputc('\n', f);
	for (u32 i = 0; i < nz; i++) {
		if (z[i].start == z[i].end) {
			fprintf(f, "  %-8s empty\n", z[i].name);
			continue;
		}
		size_str(z[i].end - z[i].start, a, sizeof(a));
		fprintf(f,
			"  %-8s [mem 0x%0*" PRIx64 "-0x%0*" PRIx64 "] %9" PRIu64
			" pages %9s\n",
			z[i].name, digits, z[i].start, digits, z[i].end - 1,
			(z[i].end - z[i].start) >> PAGE_SHIFT, a);
	}

	fputc('\n', f);
	size_str(ru->total, a, sizeof(a));
	size_str(ru->lowmem + ru->highmem, b, sizeof(b));
	fprintf(f, "RAM: %s, used %s: lowmem ", a, b);
	size_str(ru->lowmem, a, sizeof(a));
	size_str(ru->highmem, b, sizeof(b));
	fprintf(f, "%s, highmem %s", a, b);
	if (ru->unusable) {
		size_str(ru->unusable, c, sizeof(c));
		fprintf(f, "; %s unusable without CONFIG_HIGHMEM", c);
	}
	fputc('\n', f);
	if (nm)
		fprintf(f, "# as %s says at boot:\n", ram_source[log_era(s)]);
	for (u32 i = 0; i < nm; i++)
		fprintf(f, "%s\n", msg[i]);
	fprintf(f, "TASK_SIZE: 0x%08x (%u MB of user address space)\n",
		l->task_size, l->task_size >> 20);
}

static void print_json(const struct settings *s, const struct kernel_layout *l,
		       const struct ram_use *ru, FILE *f)
{
	struct region r[MAX_REGIONS];
	struct zone_span z[MAX_ZONES];
	char msg[MAX_MESSAGES][MESSAGE_LEN];
	char ver[16];
	u32 nr = layout_regions(s, l, r), nz = zone_spans(s, l, z);
	u32 nm = ram_messages(s, ru, msg);

	version_str(settings_kernel_version(s), ver, sizeof(ver));
	fprintf(f, "{\"platform\": \"%s\", \"kernel\": \"%s\", \"settings\": ",
		s->platform->name, ver);
	settings_print_json(s, f);
	fprintf(f, ",\n \"layout_source\": \"%s\",\n \"layout\": [",
		layout_source[log_era(s)]);
	for (u32 i = 0; i < nr; i++)
		fprintf(f, "%s{\"name\": \"%s\", \"start\": %u, \"end\": %u}",
			i ? ", " : "", r[i].name, r[i].start, r[i].end);
	fprintf(f,
		"],\n \"image\": {\"sections_modelled\": false, \"reserved_bytes\": %u},\n \"zones\": [",
		l->kernel_image_size);
	for (u32 i = 0; i < nz; i++)
		fprintf(f,
			"%s{\"name\": \"%s\", \"start\": %" PRIu64
			", \"end\": %" PRIu64 ", \"pages\": %" PRIu64 "}",
			i ? ", " : "", z[i].name, z[i].start, z[i].end,
			(z[i].end - z[i].start) >> PAGE_SHIFT);
	fputc(']', f);
	/* As every result has it (config/settings.h). */
	settings_print_ram_json(s, f);
	fputs(",\n \"ram_messages\": [", f);
	for (u32 i = 0; i < nm; i++)
		fprintf(f, "%s\"%s\"", i ? ", " : "", msg[i]);
	fprintf(f, "],\n \"task_size\": %u}\n", l->task_size);
}

int layout_print(const struct settings *s, enum layout_format fmt, FILE *f,
		 char *err, size_t errlen)
{
	struct kernel_layout l;
	struct ram_use ru;

	if (layout_compute(s, &l) || layout_ram_use(s, &ru)) {
		snprintf(err, errlen,
			 "the kmap slots of %u CPUs do not fit the fixmap",
			 s->platform->hw.ncpus);
		return -EINVAL;
	}
	if (fmt == LAYOUT_JSON)
		print_json(s, &l, &ru, f);
	else
		print_text(s, &l, &ru, f);
	return 0;
}
