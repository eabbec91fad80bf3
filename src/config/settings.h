/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One settings value holds every choice a run makes: the board, the Kconfig
 * symbols that matter to highmem, and the model's knobs (kernel-version
 * flavour, the kmap_atomic_pfn fast path, RAM size, CPU count, checkers).
 * It is built from NAME=VALUE words on the command line or from a kernel
 * .config, validated as a whole, and printed in full with every result.
 */
#ifndef VMSPLIT_CONFIG_SETTINGS_H
#define VMSPLIT_CONFIG_SETTINGS_H

#include <stdio.h>

#include "platforms/platform.h"

/* Where PAGE_OFFSET sits (CONFIG_VMSPLIT_*). */
enum vmsplit {
	VMSPLIT_3G,		/* 0xC0000000 */
	VMSPLIT_3G_OPT,		/* 0xB0000000 */
	VMSPLIT_2G,		/* 0x80000000 */
	VMSPLIT_2G_OPT,		/* 0x78000000 (x86 only) */
	VMSPLIT_1G,		/* 0x40000000 */
	VMSPLIT_4G_4G,		/* separate 4 GiB kernel and user spaces */
	NR_VMSPLIT
};

/*
 * Which allocations may take highmem (__GFP_HIGHMEM), by the stages of
 * the December 2025 plan "mm: increase lowmem size in linux-7.0"
 * (research/anchors.md): today every user of it; stage 2 keeps anonymous
 * memory and the page cache (and zsmalloc and huge pages, which the
 * model has not) -- here the pipe buffers and HIGHPTE's page tables
 * leave; stage 3 keeps anonymous memory alone.
 */
enum highmem_users {
	HIGHMEM_USERS_ALL,
	HIGHMEM_USERS_PLAN2,
	HIGHMEM_USERS_PLAN3,
	NR_HIGHMEM_USERS
};

extern const char *const highmem_users_names[NR_HIGHMEM_USERS];

/*
 * Kernel-version behaviour of the temporary mappings
 * (research/linux-highmem.md section 1, 3a', x86 reference).
 */
enum kmap_flavour {
	FLAVOUR_ARM_3X,		/* ARM 3.x: map = PTE + local TLBI; unmap = VIVT flush, PTE left */
	FLAVOUR_KMAP_LOCAL,	/* 5.11+: per-task slots, PTE written on map and unmap */
	FLAVOUR_X86_26,		/* i386 2.5/2.6: typed slots, map = set_pte + invlpg, unmap no-op */
	FLAVOUR_X86_3X,		/* x86 3.x: slot stack, map = set_pte, unmap = clear + invlpg */
	NR_FLAVOURS
};

/* placement=: at most this many pages (64 MiB of 4 KiB pages). */
#define MAX_PLACEMENT 16384u

struct kconfig_report;

struct settings {
	const struct platform *platform;
	bool highmem;		/* CONFIG_HIGHMEM */
	bool highpte;		/* CONFIG_HIGHPTE */
	bool arm_lpae;		/* CONFIG_ARM_LPAE */
	bool debug_highmem;	/* CONFIG_DEBUG_HIGHMEM */
	bool debug_atomic_sleep;	/* CONFIG_DEBUG_ATOMIC_SLEEP */
	bool uaccess_with_memcpy;	/* CONFIG_UACCESS_WITH_MEMCPY */
	bool uaccess_gup_kmap;		/* CONFIG_UACCESS_GUP_KMAP_MEMCPY */
	bool cpu_sw_domain_pan;		/* CONFIG_CPU_SW_DOMAIN_PAN, if given */
	enum vmsplit vmsplit;	/* CONFIG_VMSPLIT_* */
	enum kmap_flavour flavour;
	bool kmap_pfn_fastpath;	/* the 2014 lowmem fast path, if given */
	bool objrmap;		/* rmap=objrmap, if given */
	u64 mem;		/* mem=, bytes of RAM used */
	u32 ncpus;		/* CPUs brought up */
	bool checks;		/* run the checkers */
	bool icache_model;	/* the I-cache capacity model */
	/* kernel_data=mem_map: struct page fields charged at their mem_map
	 * addresses (mm/page_layout.h); host: kernel bookkeeping free. */
	bool kernel_data_mem_map;
	/* streaming=throughput: the platform's struct platform_throughput
	 * in force (boot_kernel, config_apply); cpi: ignored. */
	bool streaming_throughput;
	/* coherence=snoop: the CPUs' private caches snoop each other
	 * (hw/coherence.h); none: they do not. */
	bool coherence_snoop;
	/* pcp=y: per-CPU lists of free order-0 pages (mm/mmzone.h). */
	bool pcp_lists;
	/* cache_replacement=random: data caches pick victims by a seeded
	 * generator (hw/cache.h); round-robin otherwise. */
	bool random_replacement;
	u64 seed;		/* the run's PRNG seed */
	/* kernel=: the release modelled, KERNEL_VERSION (0: the board's). */
	u32 kernel_version;
	/* Which fields were given explicitly (for dependent defaults). */
	u32 given;
	/* kernel_cpi=: cycles per kernel instruction x 1000 (0: board's). */
	u32 kernel_cpi_milli;
	/* dram_read_MBps=: sustained DRAM read bandwidth (0: board's). */
	u32 dram_read_MBps;
	/* The NIC and the network (boards with a NIC, issue 9). */
	bool tso, sg, tx_csum;	/* ethtool -K: offloads */
	/* eth_dma_mask=32: the NIC's port device has a 32-bit dma_mask
	 * (false: NULL, as the board's kernel leaves it). */
	bool eth_dma_mask_32;
	u32 cpu_mhz;		/* cpu_mhz=: the core clock (0: board's) */
	u32 hz;			/* hz=: the kernel's HZ (0: DEFAULT_HZ) */
	u32 placement;		/* placement=: lowmem pages held from boot */
	u32 pin_cache;		/* pin_cache=: pins kept per mm (0: none) */
	u32 sf_buf;		/* sf_buf=: FreeBSD sf_bufs in the pool (0: none) */
	bool pte_window;	/* pte_window=: HIGHPTE's PTE pages through a per-mm window */
	bool emap;		/* emap=: NetBSD's uvm_emap for the copies */
	/* copy_4g=tramp: FreeBSD i386 4/4's copyout (mm/copy_tramp.h)
	 * instead of rw_vm under x86 CONFIG_VMSPLIT_4G_4G. */
	bool copy_4g_tramp;
	enum highmem_users highmem_users;	/* highmem_users= */
	u32 rx_coal_us;		/* the NIC's RX interrupt coalescing */
	u32 peer_ack_every;	/* the receiver ACKs every N full segments */
	u32 peer_delay_us;	/* the receiver's turnaround, poll to ACK out */
	u32 peer_irq_us;	/* the receiver NIC's interrupt moderation */
	u64 peer_stall_after;	/* the receiver stops ACKing after N bytes (0: never) */
	/* cost.NAME=N: code-path cost overrides, value + 1 (0: none). */
	u32 cost_override[NR_CODE_COSTS];
	/* What --kconfig's file held beyond the settings (NULL: no file),
	 * printed in the JSON settings as "kconfig_ignored". */
	const struct kconfig_report *kconfig;
};

extern const char *const vmsplit_names[NR_VMSPLIT];
extern const char *const flavour_names[NR_FLAVOURS];

/* The defaults for @p. */
void settings_default(struct settings *s, const struct platform *p);

/* A byte count with an optional K/M/G suffix ("512M", "1G", "65536"), in
 * plain decimal: no sign, space or base prefix.
 * Return: 0, or -EINVAL for anything else or an overflow. */
int parse_size(const char *v, u64 *out);

/* A plain decimal number ("010" is ten): digits only, no sign or suffix.
 * Return: 0, or -EINVAL for anything else or an overflow. */
int parse_number(const char *v, u64 *out);

/*
 * parse_bool - a yes/no value: y, yes, 1 or on; n, no, 0 or off (lower
 * case only).  The one rule for the command line's words and for the
 * bools of a --kconfig file (config/kconfig.c), so that a value means the
 * same wherever it is written.
 * Return: 0, or -EINVAL for anything else.
 */
int parse_bool(const char *v, bool *out);

/*
 * settings_err - the one-line reason, printf-style, into @err.
 * Return: -EINVAL, for the caller to return.
 */
int settings_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * settings_parse - apply one NAME=VALUE word to @s.
 * Return: 0, or -EINVAL with a one-line reason in @err.
 */
int settings_parse(struct settings *s, const char *word, char *err,
		   size_t errlen);

/*
 * settings_load_kconfig - apply the symbols we model from a kernel .config,
 * resolved against their dependencies as `make olddefconfig` would
 * (kconfig_olddefconfig, with no word over the file); kconfig_load
 * (config/kconfig.h) also reports the others.
 * Return: 0, or -EINVAL / -ENOENT with a reason in @err.
 */
int settings_load_kconfig(struct settings *s, const char *path, char *err,
			  size_t errlen);

/*
 * settings_validate - refuse impossible combinations (HIGHPTE without
 * HIGHMEM, LPAE on a CPU without it, mem= above the board's RAM, ...).
 * Return: 0, or -EINVAL with a one-line reason in @err.
 */
int settings_validate(const struct settings *s, char *err, size_t errlen);

/* Every setting in force as a JSON object of strings and numbers. */
void settings_print_json(const struct settings *s, FILE *f);

/*
 * settings_print_ram_json - the member a JSON result prints after its
 * "settings", since mem= stays the setting while a kernel without
 * CONFIG_HIGHMEM uses only lowmem: ', "ram": {"total": N, "used": N,
 * "lowmem": N, "highmem": N, "unusable": N}' in bytes (layout_ram_use).
 * Beside the settings, not in them: they hold settings only, strings
 * and numbers, as diff reads them.  Nothing for settings without a
 * layout (a run refuses them).
 */
void settings_print_ram_json(const struct settings *s, FILE *f);

/* Every setting in force as NAME=VALUE words, which parse back. */
void settings_print_words(const struct settings *s, FILE *f);

/*
 * settings_print_ram_line - the line a result prints after its settings
 * line, since mem= stays the setting while a kernel without
 * CONFIG_HIGHMEM uses only lowmem: "\n# ram: 768M used of 2048M (lowmem
 * 768M, highmem 0M; 1280M unusable without CONFIG_HIGHMEM)", from
 * layout_ram_use; a newline before, none after, as the settings line is
 * framed.  Nothing for settings without a layout (a run refuses them).
 */
void settings_print_ram_line(const struct settings *s, FILE *f);

/* The `vmsplit settings` table: every setting, its values and meaning. */
void settings_print_help(FILE *f);

/* The NAME of the @i-th setting `vmsplit settings` lists (cost.NAME is
 * one family, not a setting), or NULL past the last. */
const char *settings_name(size_t i);

/* The @i-th line of `vmsplit settings`: false past the last. */
bool settings_help_line(size_t i, const char **name, const char **values,
			const char **meaning);

/*
 * settings_kernel_version - the kernel release the run models
 * (KERNEL_VERSION): kernel= if given (settings_validate refuses one the
 * flavour in force does not cover), else the board's own if the flavour
 * covers it, else the first release of the flavour (flavour=kmap-local on
 * a 3.16 board models 5.11).
 */
u32 settings_kernel_version(const struct settings *s);

/*
 * settings_kpath - the code paths of the kernel in force.  On an ARMv7
 * board (whose own table is arm-5.7, arm-6.1 or arm-6.12) the table of the
 * release kernel= names: 6.12's measured one from 6.12, 6.1's from 5.11
 * (coarse for 5.11-6.0, which have kmap_local but not yet the maple
 * tree), and 6.1's with the adjustments of every ARM kernel before 5.11
 * (kpath_arm_5_7) below it.  The Kirkwood's 3.14 table carries its UP
 * ARMv5 configuration and the NUMA-Q's 2.5.73 its own: they stay, whatever
 * kernel= says (the version's behaviours follow it).
 */
const struct kpath *settings_kpath(const struct settings *s);

/* Does @s's kmap flavour cover release @version (kernel= may name it)? */
bool settings_flavour_covers(const struct settings *s, u32 version);

/*
 * settings_kmap_pfn_fastpath - the kmap_atomic_pfn lowmem fast path in
 * force: as given, else by kernel version.
 */
bool settings_kmap_pfn_fastpath(const struct settings *s);

/*
 * settings_objrmap - the reverse map in force: object-based (anon_vma and
 * i_mmap, 2.6.7 on) or 2.5/2.6.0's pte_chains: as given (rmap=), else by
 * kernel version.
 */
bool settings_objrmap(const struct settings *s);

/*
 * settings_tso_default - mv643xx_eth's TSO as the kernel in force leaves
 * it: none before 3.16 (the software TSO, 3ae8f4e0b98b, came with 3.16),
 * on in dev->features in 3.16 and 3.17, in hw_features only (off until
 * ethtool turns it on) from 3.18.3 / 3.19 ("Disable TSO by default").
 */
bool settings_tso_default(const struct settings *s);

/* The core clock in force, Hz: cpu_mhz= or the board's. */
u64 settings_cpu_hz(const struct settings *s);

/*
 * The kernel's HZ: its timer ticks a second, the scheduler's tick and
 * readprofile's sampling tick (one sample a tick per CPU).  Every modelled
 * kernel ran 100: 2.5.73-mm3 carries akpm's HZ-100.patch
 * (research/process-workloads.md section 0), the ARM boards' 3.14 and
 * 5.7 configs CONFIG_HZ=100.
 */
#define DEFAULT_HZ 100
u32 settings_hz(const struct settings *s);

/* The kernel CPI x 1000 and the DRAM read bandwidth (MB/s) in force:
 * kernel_cpi= and dram_read_MBps=, or the board's. */
u32 settings_kernel_cpi_milli(const struct settings *s);
u32 settings_dram_read_MBps(const struct settings *s);

/*
 * settings_cpu_sw_domain_pan - CONFIG_CPU_SW_DOMAIN_PAN in force: as
 * given, else y on ARM without LPAE from 4.3 (Kconfig: "depends on MMU &&
 * !ARM_LPAE", default y).
 */
bool settings_cpu_sw_domain_pan(const struct settings *s);

/* CONFIG_HIGHPTE as in force: it depends on CONFIG_HIGHMEM, and the
 * plan's stage 2 drops it (highmem_users=plan2). */
static inline bool settings_highpte(const struct settings *s)
{
	return s->highpte && s->highmem &&
	       s->highmem_users == HIGHMEM_USERS_ALL;
}

/* The uaccess strategy in force (lib/uaccess.c). */
enum uaccess_strategy {
	UACCESS_STANDARD,	/* direct access through the user address */
	UACCESS_WITH_MEMCPY,	/* ARM: pin the PTE, memcpy through the VA */
	UACCESS_GUP_KMAP,	/* GUP, kmap_atomic each page, memcpy */
};

static inline enum uaccess_strategy uaccess_strategy(const struct settings *s)
{
	if (s->uaccess_gup_kmap || s->vmsplit == VMSPLIT_4G_4G)
		return UACCESS_GUP_KMAP;
	if (s->uaccess_with_memcpy)
		return UACCESS_WITH_MEMCPY;
	return UACCESS_STANDARD;
}

static inline bool flavour_is_x86(enum kmap_flavour f)
{
	return f == FLAVOUR_X86_26 || f == FLAVOUR_X86_3X;
}

#endif
