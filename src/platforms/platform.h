/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A board: its hardware (hw_config), the cost of the kernel's own code on
 * its CPU, and its kernel defaults.  The boards are text files (boards/,
 * board_file.h) in which every number carries its source: a datasheet or
 * manual [S], arithmetic on sourced values [D], an estimate with its
 * reasoning [E], or "calibrated on <experiment> baseline" [C].  No cycle
 * count of the hardware lives anywhere else.
 */
#ifndef VMSPLIT_PLATFORMS_PLATFORM_H
#define VMSPLIT_PLATFORMS_PLATFORM_H

#include <stdio.h>

#include "hw/machine.h"

enum code_cost {
#define CODE(name, help) CODE_##name,
#include "base/code_costs.def"
#undef CODE
	NR_CODE_COSTS
};

extern const char *const code_cost_names[NR_CODE_COSTS];
/* What each path is (base/code_costs.def). */
extern const char *const code_cost_help[NR_CODE_COSTS];

/* A kernel release, encoded as LINUX_VERSION_CODE does. */
#define KERNEL_VERSION(a, b, c) (((a) << 16) + ((b) << 8) + (c))

/* A KERNEL_VERSION as "a.b.c" ("3.16.0", "2.5.73"): room for the longest. */
#define KERNEL_VERSION_STR_LEN 16
static inline const char *kernel_version_str(u32 v,
					     char buf[KERNEL_VERSION_STR_LEN])
{
	snprintf(buf, KERNEL_VERSION_STR_LEN, "%u.%u.%u", v >> 16,
		 (v >> 8) & 0xff, v & 0xff);
	return buf;
}

enum platform_arch {
	PLAT_ARM,
	PLAT_X86,
};

/* What the CPU's set_pte_ext does to make a PTE store visible to the
 * walker (arch/arm/mm/proc-*.S). */
enum pte_flush {
	PTE_FLUSH_NONE,		/* walker snoops the caches (x86, ARMv7 SMP) */
	PTE_FLUSH_L1,		/* clean the L1 line (ARMv7 UP: flush_pte) */
	PTE_FLUSH_L1_L2,	/* clean L1 and L2 line, drain WB (Feroceon) */
};

/*
 * The kernel instructions of every code path on one kernel version and
 * configuration: measured sums of Linux 6.1 functions (data/kpath, [M]) plus
 * the adjustments to that kernel by named functions.  A board's code cost is
 * (measured + adjust) x its kernel CPI.
 */
struct kpath {
	const char *kernel;	/* the kernel the sums stand for */
	const u32 *measured;	/* [M] instructions per CODE_x (per KiB: *_kib) */
	const s32 *adjust;	/* to this kernel, by named functions */
};

/* Instructions of code path @cc on @kp's kernel. */
u32 kpath_insns(const struct kpath *kp, enum code_cost cc);

/*
 * The outer cache controller whose maintenance the kernel drives through
 * outer_cache (arch/arm/include/asm/outercache.h).  NONE where there is
 * no outer cache to maintain: an L2 that the CPU's own by-MVA operations
 * reach (Cortex-A8, A15) or caches kept coherent by hardware (x86).
 */
/* The network controller a board has (issue 9): only the E1 board. */
enum nic_kind {
	NIC_NONE,
	NIC_MV643XX,		/* Marvell GbE, drivers/net/ethernet/marvell/mv643xx_eth.c */
};

enum outer_cache_ctl {
	OUTER_CACHE_NONE,
	OUTER_CACHE_FEROCEON_L2,	/* arch/arm/mm/cache-feroceon-l2.c */
};

/*
 * streaming=throughput (issue 31 item 3): what the board's memory system
 * and core do with a stream, each value sourced in the board file (boards/).
 * Applied at boot over hw_config; the default (streaming=cpi) ignores it.
 */
struct platform_throughput {
	/*
	 * streaming=throughput is the board's default: false only where the
	 * board's calibration data contradicts it (boards/beaglebone-white.board).
	 */
	bool by_default;
	/* Line fills a sequential access keeps in flight (hw_config.mlp). */
	u32 mlp;
	/* Lines the write buffer posts before the core stalls, and the
	 * DRAM's sustained write bandwidth, MB/s (hw_config). */
	u32 write_buffer_lines;
	u32 dram_write_MBps;
	/* A store that misses the outer cache goes on to DRAM: no line is
	 * allocated, so none is read first. */
	bool l2_store_no_alloc;
	/* A DRAM read waits for every posted write queued before it: the
	 * memory interface serves the two in order (hw_config). */
	bool reads_wait_writes;
	/* The bytes a DRAM write burst carries: 0, a line (hw_config). */
	u32 dram_burst_bytes;
	/*
	 * The core's issue cycles per KiB of each streaming loop (the *_kib
	 * code costs) when every access hits L1, from the loop's
	 * instructions in the board's kernel and the core's pipeline
	 * (stream_issue.c); they replace instructions x kernel CPI.  Zero:
	 * not a streaming loop.
	 */
	const u32 *issue_kib;
};

struct platform {
	const char *name;
	const char *summary;
	enum platform_arch arch;
	u32 arm_arch;		/* 5 or 7 on ARM, 0 on x86 */
	bool lpae_capable;	/* ARM LPAE / x86 PAE tables possible */
	bool pae_required;	/* x86: the board only makes sense with PAE */
	bool has_zone_dma;	/* ZONE_DMA below 16 MiB (x86 ISA DMA) */
	struct hw_config hw;
	enum pte_flush pte_flush;
	/* The CPU's flush_kern_dcache_area also invalidates the whole
	 * I-cache (Feroceon range ops). */
	bool dcache_flush_kills_icache;
	/* The board's outer cache controller (outer_cache_init). */
	enum outer_cache_ctl outer_cache;
	/* Its Ethernet controller, and the link speed in Mbit/s. */
	enum nic_kind nic;
	u32 nic_mbps;
	/* The board's kernel: instructions of each code path. */
	const struct kpath *kpath;
	/*
	 * Cycles per kernel instruction x 1000 on this core, cache and TLB
	 * misses apart (the machine charges those): the one fitted or
	 * sourced number that turns instruction counts into cycles.
	 */
	u32 kernel_cpi_milli;
	/* How kernel_cpi_milli was had: the calibration row it was fitted
	 * on, or what it was derived from. */
	const char *kernel_cpi_how;
	/*
	 * What the sources say kernel_cpi_milli means: the core's CPI on
	 * kernel code when nothing misses, as a range x 1000, with the
	 * source and its tag.  `vmsplit platforms` prints it beside the
	 * value in use; the distance is what the fit absorbs that the
	 * machine does not yet charge (cold kernel data, coherence, the
	 * streaming loops priced as scalar code: docs/fidelity.md).
	 */
	u32 sourced_cpi_lo_milli, sourced_cpi_hi_milli;
	const char *sourced_cpi_source;
	/* Default kernel flavour (a settings value name). */
	const char *default_flavour;
	/*
	 * The kernel release the board's published measurement ran
	 * (KERNEL_VERSION); it picks the defaults of version-dependent
	 * settings while the flavour in force covers it.
	 */
	u32 kernel_version;
	struct platform_throughput throughput;
	/*
	 * What its board file (board_file.h) says beside the values: the
	 * comment lines before the first parameter, and each parameter's
	 * source ("[S] ..."; NULL where none), in board_field_key's order.
	 */
	const char *notes;
	const char *const *sources;
};

/*
 * The boards: the built-in ones (the files in boards/, in the Makefile's
 * order), then any registered; NULL-terminated.  Read at first use.
 */
const struct platform *const *platform_list(void);

/* Look a platform up by name; NULL if there is none. */
const struct platform *platform_find(const char *name);

/*
 * platform_register - add @p (a board read from a file, board_parse) to
 * the list.  Return: 0, or -EEXIST if a board has its name.
 */
int platform_register(const struct platform *p);

/* A built-in board's file, as the build embeds it (tools/boards-to-c.sh). */
struct board_text {
	const char *where;	/* "boards/NAME.board" */
	const char *text;
};
extern const struct board_text board_texts[];

/* The kernels the boards run (kpath-arm.c, kpath-x86.c). */
extern const struct kpath kpath_arm_3_14, kpath_arm_5_7, kpath_arm_6_1;
extern const struct kpath kpath_x86_2_5;
/* Linux 6.12 on ARM, the second measured kernel (kpath-arm-6.12.c): what
 * kernel=6.12 runs on a board whose own paths are 6.1's. */
extern const struct kpath kpath_arm_6_12;
/* The 6.1 sums every ARM table starts from (kpath-arm.c). */
extern const u32 kpath_arm_measured[NR_CODE_COSTS];

/* The cores' streaming loops by issue (stream_issue.c). */
extern const u32 feroceon_issue_kib[NR_CODE_COSTS];
extern const u32 cortex_a8_issue_kib[NR_CODE_COSTS];
extern const u32 cortex_a15_issue_kib[NR_CODE_COSTS];
extern const u32 p6_issue_kib[NR_CODE_COSTS];

/* Bytes of text per cost centre, for the I-cache refills (kernel_text.c:
 * measured text lines where a measured operation runs them). */
/* The text lines each cost centre executes (kernel_text_arm.c, _x86.c). */
extern const struct cc_text arm_cc_text[NR_CC];
extern const struct cc_text x86_cc_text[NR_CC];

extern const u16 arm_kernel_text_bytes[NR_CC];
extern const u16 x86_kernel_text_bytes[NR_CC];

#endif
