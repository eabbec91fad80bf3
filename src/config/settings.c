// SPDX-License-Identifier: GPL-2.0-only
#include "config/settings.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arch/layout.h"
#include "base/errno.h"
#include "config/kconfig.h"
#include "mm/pin_cache.h"
#include "mm/sf_buf.h"

const char *const highmem_users_names[NR_HIGHMEM_USERS] = {
	[HIGHMEM_USERS_ALL] = "all",
	[HIGHMEM_USERS_PLAN2] = "plan2",
	[HIGHMEM_USERS_PLAN3] = "plan3",
};

const char *const vmsplit_names[NR_VMSPLIT] = {
	[VMSPLIT_3G] = "3G",	 [VMSPLIT_3G_OPT] = "3G_OPT",
	[VMSPLIT_2G] = "2G",	 [VMSPLIT_2G_OPT] = "2G_OPT",
	[VMSPLIT_1G] = "1G",	 [VMSPLIT_4G_4G] = "4G_4G",
};

const char *const flavour_names[NR_FLAVOURS] = {
	[FLAVOUR_ARM_3X] = "arm-3x",
	[FLAVOUR_KMAP_LOCAL] = "kmap-local",
	[FLAVOUR_X86_26] = "x86-2.6",
	[FLAVOUR_X86_3X] = "x86-3x",
};

/* Bits of settings.given. */
enum {
	GIVEN_HIGHPTE = 1u << 0,
	GIVEN_KMAP_PFN_FASTPATH = 1u << 1,
	GIVEN_PAN = 1u << 2,
	GIVEN_RMAP = 1u << 3,
	GIVEN_TSO = 1u << 4,
	GIVEN_FLAVOUR = 1u << 5,
};

/*
 * The kernel releases each flavour stands for, [first, end).  arm-3x's
 * kmap_atomic is the same from 3.10 until the generic kmap_local took
 * over in 5.11 (the v4.0 arch/arm/mm/highmem.c has the 3.x shape, with
 * set_fixmap_pte for set_top_pte); x86-2.6 ends where x86-3x's slot stack
 * begins (2.6.37).
 */
static const struct {
	u32 first, end;
} flavour_versions[NR_FLAVOURS] = {
	[FLAVOUR_ARM_3X] = { KERNEL_VERSION(3, 10, 0),
			     KERNEL_VERSION(5, 11, 0) },
	[FLAVOUR_KMAP_LOCAL] = { KERNEL_VERSION(5, 11, 0), UINT32_MAX },
	[FLAVOUR_X86_26] = { KERNEL_VERSION(2, 5, 0),
			     KERNEL_VERSION(2, 6, 37) },
	[FLAVOUR_X86_3X] = { KERNEL_VERSION(2, 6, 37),
			     KERNEL_VERSION(5, 11, 0) },
};

/*
 * The flavour that covers @version on @s's board's architecture, as
 * kernel= picks it when flavour= is not given; the one in force if none
 * does (before 3.10 on ARM), which validation then refuses.
 */
static enum kmap_flavour flavour_for(const struct settings *s, u32 version)
{
	bool x86 = s->platform->arch == PLAT_X86;

	for (int f = 0; f < NR_FLAVOURS; f++)
		if ((f == FLAVOUR_KMAP_LOCAL ||
		     flavour_is_x86((enum kmap_flavour)f) == x86) &&
		    version >= flavour_versions[f].first &&
		    version < flavour_versions[f].end)
			return (enum kmap_flavour)f;
	return s->flavour;
}

bool settings_flavour_covers(const struct settings *s, u32 version)
{
	return version >= flavour_versions[s->flavour].first &&
	       version < flavour_versions[s->flavour].end;
}

u32 settings_kernel_version(const struct settings *s)
{
	u32 v = s->platform->kernel_version;

	if (s->kernel_version)
		return s->kernel_version;

	if (v >= flavour_versions[s->flavour].first &&
	    v < flavour_versions[s->flavour].end)
		return v;
	return flavour_versions[s->flavour].first;
}

const struct kpath *settings_kpath(const struct settings *s)
{
	const struct kpath *own = s->platform->kpath;
	u32 v = settings_kernel_version(s);

	/* The ARMv7 tables, one per release they were measured or
	 * adjusted for (kpath-arm.c, kpath-arm-6.12.c). */
	if (own != &kpath_arm_5_7 && own != &kpath_arm_6_1 &&
	    own != &kpath_arm_6_12)
		return own;
	if (v >= KERNEL_VERSION(6, 12, 0))
		return &kpath_arm_6_12;
	if (v >= KERNEL_VERSION(5, 11, 0))
		return &kpath_arm_6_1;
	return &kpath_arm_5_7;
}

/*
 * "ARM: mm: implement no-highmem fast path in kmap_atomic_pfn()" (2014):
 * absent in v3.14.4 and v3.17.0, present in a 3.18.3 copy
 * (Brainiarc7/linux-3.18-parrot) and in v4.0 (arch/arm/mm/highmem.c:
 * pfn_to_page, then page_address if !PageHighMem); a performance patch
 * that no stable release would take, so 3.18.0's.  It lived in
 * arch/arm/mm/highmem.c until 5.11 replaced that file with the generic
 * kmap_local, whose __kmap_local_pfn_prot maps every pfn through a slot
 * (mm/highmem.c; research/linux-highmem.md 3a').  x86's kmap_atomic_pfn
 * (arch/x86/mm/highmem_32.c, iomap_32.c) never had it.
 */
/*
 * CONFIG_CPU_SW_DOMAIN_PAN came with 4.3 ("ARM: software-based
 * privileged-no-access support", arch/arm/Kconfig: depends on MMU &&
 * !ARM_LPAE, default y): the kernel runs with user domains set to no
 * access and opens them around each user access
 * (uaccess_save_and_enable/uaccess_restore, asm/uaccess.h).  Not in the
 * Kirkwood's 3.16; in the BeagleBone's 5.7.
 */
bool settings_cpu_sw_domain_pan(const struct settings *s)
{
	if (s->given & GIVEN_PAN)
		return s->cpu_sw_domain_pan;
	return s->platform->arch == PLAT_ARM && !s->arm_lpae &&
	       settings_kernel_version(s) >= KERNEL_VERSION(4, 3, 0);
}

bool settings_kmap_pfn_fastpath(const struct settings *s)
{
	u32 v = settings_kernel_version(s);

	if (s->given & GIVEN_KMAP_PFN_FASTPATH)
		return s->kmap_pfn_fastpath;
	return s->platform->arch == PLAT_ARM && v >= KERNEL_VERSION(3, 18, 0) &&
	       v < KERNEL_VERSION(5, 11, 0);
}

/*
 * mv643xx_eth_probe: 3.16.0 (and 3.17.0, the same file) set
 * dev->features = SG | IP_CSUM | TSO and hw_features = features; the
 * 3.18.3 copy has dev->features = SG | IP_CSUM and hw_features = features
 * | TSO ("net: mv643xx_eth: Disable TSO by default", a 3.19 fix taken by
 * the 3.18 stable series).  3.15's driver has no TSO at all.
 */
bool settings_tso_default(const struct settings *s)
{
	u32 v = settings_kernel_version(s);

	return v >= KERNEL_VERSION(3, 16, 0) && v < KERNEL_VERSION(3, 18, 3);
}

/* ARM Kconfig: HIGHPTE has no default in 3.14 (nor 4.0), so n; 5.7's
 * says "default y" (when it came in between is not checked here).  x86:
 * E2's baseline kernel had none. */
static bool highpte_default(const struct settings *s)
{
	return s->platform->arch == PLAT_ARM &&
	       settings_kernel_version(s) >= KERNEL_VERSION(5, 7, 0);
}


/*
 * pte_chains went with H. Dickins' "rmap 9 remove pte_chains" (akpm's
 * patches to Linus of 2004-05-22), first released in 2.6.7; from then on
 * a page is mapped back through its anon_vma or its file's i_mmap
 * (research/linux-highmem.md section 4a').
 */
bool settings_objrmap(const struct settings *s)
{
	if (s->given & GIVEN_RMAP)
		return s->objrmap;
	return settings_kernel_version(s) >= KERNEL_VERSION(2, 6, 7);
}

/* The settings table, for `vmsplit settings`. */
static const struct {
	const char *name, *values, *meaning;
} setting_help[] = {
	{ "platform", "see `vmsplit platforms`",
	  "the board (given with --platform)" },
	{ "CONFIG_HIGHMEM", "y|n (y)",
	  "reach RAM beyond lowmem through kmap/kmap_atomic; n = only lowmem is used" },
	{ "CONFIG_HIGHPTE", "y|n (ARM 5.7+ y, else n)",
	  "allocate user page-table pages from highmem; needs CONFIG_HIGHMEM" },
	{ "CONFIG_ARM_LPAE", "y|n (n)",
	  "ARM long-descriptor (3-level, 64-bit) page tables; needs an LPAE CPU" },
	{ "CONFIG_DEBUG_HIGHMEM", "y|n (n)",
	  "ARM 3.x: kunmap_atomic clears the fixmap PTE and flushes its TLB entry" },
	{ "CONFIG_DEBUG_ATOMIC_SLEEP", "y|n (n)",
	  "might_sleep() stops the run, with Linux's BUG message and the call chain, when a function that may sleep (rwsem, GFP_KERNEL allocation, a faulting user copy, cond_resched) runs in atomic context; none of the experiments' kernels had it (kirkwood_defconfig, omap2plus_defconfig, Debian's armmp and 686-pae leave it off)" },
	{ "CONFIG_VMSPLIT", "3G|3G_OPT|2G|2G_OPT|1G|4G_4G (3G)",
	  "user/kernel split: PAGE_OFFSET 0xC0000000/0xB0000000/0x80000000/0x78000000 (x86)/0x40000000; 4G_4G: separate kernel and user address spaces, tables switched on every kernel entry and exit (x86 PAE, or ARM with CONFIG_ARM_LPAE); CONFIG_VMSPLIT_2G=y is accepted too" },
	{ "CONFIG_UACCESS_WITH_MEMCPY", "y|n (n)",
	  "ARM: copy_to_user/clear_user of 64 bytes or more pin the PTE and memcpy through the user address" },
	{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY", "y|n (n)",
	  "copy_{to,from}_user by get_user_pages + kmap_atomic + memcpy (the 2020 RFC); forced by 4G_4G" },
	{ "CONFIG_CPU_SW_DOMAIN_PAN", "y|n (y on ARM 4.3+ without LPAE)",
	  "ARM: user domains closed in the kernel, opened (DACR write + isb) around every copy_{to,from}_user, clear_user, get_user, put_user; not around the RFC's GUP+kmap copies" },
	{ "kernel", "X.Y[.Z] (the board's)",
	  "the kernel release modelled, from which every version-dependent behaviour and default follows (the kmap flavour unless flavour= is given, mv643xx_eth's TSO and its TX reclaim, TCP's RTT clock and window tests, the kmap_atomic_pfn fast path, HIGHPTE's default, fault-around from 3.15, ...); within a given flavour's releases; on an ARMv7 board the code costs are the release's too -- 6.12's measured ones from 6.12, 6.1's from 5.11 (5.11-6.0 coarsely), 6.1's adjusted to 5.7 before 5.11 -- while the Kirkwood and the NUMA-Q keep their own (kpath)" },
	{ "flavour", "arm-3x|kmap-local|x86-2.6|x86-3x (per platform)",
	  "kernel-version behaviour of kmap_atomic/kmap_local (see README)" },
	{ "kmap_pfn_fastpath", "y|n (y on ARM 3.18-5.10, else n)",
	  "kmap_atomic_pfn returns the direct map for lowmem pfns (2014 ARM patch; gone with 5.11's generic kmap_local); the kernel version is the board's while its flavour covers it" },
	{ "rmap", "pte-chain|objrmap (objrmap from 2.6.7)",
	  "reverse map: 2.5/2.6.0 pte_chains, scanned on every unmap, or object-based (anon_vma, i_mmap), where an unmap drops a count" },
	{ "mem", "SIZE[K|M|G] (all RAM)",
	  "mem=: RAM the kernel is given, at most the board's; without CONFIG_HIGHMEM it uses the lowmem part only (the '# ram:' line)" },
	{ "cpus", "N (the board's)", "CPUs brought up, at most the board's" },
	{ "icache_model", "y|n (y)",
	  "fetch each kernel function's measured text lines through an L1 I-cache at the real kernel's offsets (capacity and conflict misses) instead of refetching only after an invalidate" },
	{ "kernel_data", "host|mem_map (mem_map)",
	  "where kernel bookkeeping lives: mem_map (every struct page field, page-cache radix tree node, slab descriptor, sk_buff, vm_area_struct, mm_struct, pipe_inode_info, file, task_struct, descriptor table, inode, dentry and thread_info/kernel-stack field the model's paths read or write is charged through the TLB and caches at its simulated address, at the board's kernel's layout; docs/kernel-objects.md) or host (free, as DESIGN.md rule 1 once had it)" },
	{ "streaming", "cpi|throughput (the board's: throughput, cpi on beaglebone-white)",
	  "how streaming loops and DRAM writes are priced: throughput (each loop at its core's issue cycles, DRAM writes posted to a write buffer that drains at the DRAM's write bandwidth, the core's sourced line fills in flight and outer-cache store policy) or cpi (each *_kib loop's instructions x kernel_cpi, each DRAM write at the board's write-back cost); the White keeps cpi, the only pricing its calibration row admits: docs/fidelity.md" },
	{ "coherence", "none|snoop (snoop)",
	  "whether the CPUs' private caches are coherent: snoop (MESI per CPU: a write invalidates the other CPUs' copies, a line modified elsewhere is supplied cache to cache at the board's sourced cost, CAUSE coherence, or false_sharing when the owner wrote none of the bytes accessed; spinlocks placed by kernel_data=mem_map are line accesses) or none (each CPU's caches a world of their own)" },
	{ "cache_replacement", "round-robin|random (the board's: random, round-robin on numaq-16)",
	  "how the data caches pick the way to replace: random (a seeded generator per cache, deterministic: what Linux's SCTLR.RR=0 selects on the Feroceon, the A8 and the A15) or round-robin per set (the stand-in for the P6's pseudo-LRU)" },
	{ "pcp", "y|n (y)",
	  "per-CPU lists of free order-0 pages, as every modelled kernel has them (2.5.73's hot list, 3.14's and 5.7's pcp): a CPU gets back the page it freed last, batches move to and from the buddy lists at the kernel's batch and high marks; n: every page straight to and from the buddy lists" },
	{ "checks", "y|n (y)",
	  "run the checkers (TLB coherence, kmap order/leaks, alias hazards, ...)" },
	{ "seed", "N (1)",
	  "seed of the run's PRNG, printed with every result: it orders SDET's scripts; the other workloads are deterministic without one" },
	{ "cpu_mhz", "N (the board's)",
	  "core clock in MHz; memory latencies stay the same in ns (more cycles at a faster clock)" },
	{ "hz", "N (100)",
	  "the kernel's HZ, 10..10000: its timer tick (scheduler_tick, time slices) and the profile's tick (readprofile samples each CPU once a tick, so a tick of profile is 1/HZ s of CPU time); 2.5.73-mm3 ran HZ=100" },
	{ "highmem_users", "all|plan2|plan3 (all)",
	  "which allocations may take highmem, by the stages of the Dec 2025 plan \"mm: increase lowmem size in linux-7.0\": all (anonymous memory, the page cache, pipe buffers and, with HIGHPTE, page tables); plan2 (stage 2: anonymous memory and the page cache only -- pipe buffers from lowmem, HIGHPTE off); plan3 (stage 3: anonymous memory only)" },
	{ "pin_cache", "N (0)",
	  "a design, not a kernel (issue 35): the GUP+kmap user copy keeps up to N (1..1024) user pages pinned per mm across calls, hashed, dropped on munmap, mprotect, mremap, a COW break, fork and exit (mm/pin_cache.h); needs CONFIG_UACCESS_GUP_KMAP_MEMCPY=y or 4G_4G, and a cache that is not VIVT; 0: the RFC's pin and unpin per copy" },
	{ "pte_window", "y|n (n)",
	  "a design, not a kernel (issue 35): under CONFIG_HIGHPTE the running process's PTE pages are mapped in a per-mm window of kernel VA (one page per PMD of user space, 6 MiB under a 3G split, carved from the top of vmalloc), each mm's pgd pointing the window at its own non-global tables, switched with the mm: a fault, a zap, mprotect reach their PTEs with no kmap; a PTE page allocated or freed writes one window PTE; another mm's tables (fork's child, the rmap) still take kmap_atomic (mm/pte_window.h); not on a VIVT D-cache, nor with CONFIG_VMSPLIT_4G_4G" },
	{ "sf_buf", "N (0)",
	  "a design, not a kernel (issue 35): FreeBSD's sf_buf (kern/subr_sfbuf.c, i386's SFBUF_CPUSET) serves the copies kmap_atomic served -- the page cache's read and write, pipe buffers, the GUP+kmap copy's user page: a pool of N (1..1024) kernel VAs carved from the top of vmalloc, a hash from page to buffer, a freed buffer kept mapped on an LRU, and a CPU mask of TLBs known clean so that reuse flushes only where it must (mm/sf_buf.h); not on a VIVT D-cache, where FreeBSD's arm code unmaps on free" },
	{ "emap", "y|n (n)",
	  "a design, not a kernel (issue 35): NetBSD's uvm_emap (uvm/uvm_emap.c, x86 pmap.c's pmap_emap_*) for the copies kmap_atomic served -- the page cache's read and write, the GUP+kmap copy's user page, and pipe buffers as NetBSD's pipe loan maps them (the writer enters the page and produces a generation, the reader consumes it): 32 MiB of kernel VA carved from the top of vmalloc, PTE stores with no TLB invalidation, and a generation number per CPU and per task, so that a CPU flushes its whole TLB only when it is behind the mapping's generation and any full flush done for another reason (a context switch's CR3 load, flush_tlb_all) brings it up to date (mm/emap.h); not on a VIVT D-cache, and not with sf_buf=" },
	{ "copy_4g", "rw_vm|tramp (rw_vm)",
	  "a design, not a kernel (issue 35): how x86's CONFIG_VMSPLIT_4G_4G reaches user memory -- rw_vm (Ingo Molnar's 2003 mm/usercopy.c: follow_page under page_table_lock, kmap_atomic per page) or tramp (FreeBSD 12 i386's 4/4 copyout, i386/i386/copyout.c and copyout_fast.s): a copy of at most 128 bytes (TRAMP_COPYOUT_SZ) goes through a per-CPU buffer in a trampoline page mapped in the kernel's and every user page table, with two CR3 loads around the user side (each dropping every TLB entry), and falls back on a fault; longer ones go page by page through cp_slow0 -- vm_fault_quick_hold_pages (GUP's fast path), one PTE store and invlpg in a per-CPU window (pmap_cp_slow0_map), the copy, the unhold (mm/copy_tramp.h); x86 with CONFIG_VMSPLIT_4G_4G only" },
	{ "placement", "N (0)",
	  "hold N lowmem pages from boot to shutdown, so that every later allocation lands elsewhere: how much a result owes to where its pages fall (the caches' sets)" },
	{ "tso", "on|off (on in 3.16-3.18.2, else off)",
	  "boards with a NIC: TCP segmentation offload (mv643xx_eth's software TSO, 3.16 on; 3.18.3 and 3.19 leave it off by default; none before 3.16); off: the stack's GSO segments" },
	{ "sg", "on|off (on)",
	  "scatter-gather; off drops GSO and TSO too (netdev_fix_features): linear one-MSS skbs" },
	{ "tx_csum", "on|off (on)",
	  "IPv4 TCP checksum offload; off: csum_and_copy_from_user on send (needs sg off, as SG needs checksum offload)" },
	{ "eth_dma_mask", "null|32 (null)",
	  "boards with a NIC: the port device's dma_mask, which illegal_highdma reads under CONFIG_HIGHMEM: null as the board's kernel leaves it (mv643xx_eth_shared_of_add_port's platform_device_alloc sets only coherent_dma_mask), so every skb with fragments loses SG; 32: a 32-bit mask, as a kernel that sets one" },
	{ "rx_coal_us", "N (250)", "the NIC's RX interrupt coalescing delay" },
	{ "peer_ack_every", "N (2)",
	  "the receiver ACKs every N full segments (Linux's delayed ACK: 2)" },
	{ "peer_delay_us", "N (10)", "the receiver's turnaround from its poll to the ACK" },
	{ "peer_irq_us", "N (250)",
	  "the receiver NIC's interrupt moderation: least time between its polls, whose GRO merges in-order segments up to a PSH (0: a poll per frame)" },
	{ "peer_stall_after", "SIZE (0: never)",
	  "the receiver stops acknowledging after this many bytes (a stalled peer)" },
	{ "kernel_cpi", "X.YYY (the board's)",
	  "cycles per kernel instruction, cache and TLB misses apart: turns the measured instruction counts into cycles" },
	{ "dram_read_MBps", "N (the board's)",
	  "sustained DRAM read bandwidth in MB/s that no streaming access outruns" },
	{ "cost.NAME", "N (the board's)",
	  "override code-path cost NAME in cycles (per KiB for *_kib) instead of its measured instructions x kernel_cpi, for a what-if; see src/platforms/kpath-*.c" },
};

void settings_default(struct settings *s, const struct platform *p)
{
	memset(s, 0, sizeof(*s));
	s->platform = p;
	s->highmem = true;
	s->vmsplit = VMSPLIT_3G;
	for (int i = 0; i < NR_FLAVOURS; i++)
		if (!strcmp(flavour_names[i], p->default_flavour))
			s->flavour = (enum kmap_flavour)i;
	/* By the board's own kernel (the flavour is its default). */
	s->highpte = highpte_default(s);
	s->mem = p->hw.ram_size;
	s->ncpus = p->hw.ncpus;
	s->checks = true;
	s->icache_model = true;
	/*
	 * Issue 31: kernel objects at their addresses, the kernel's per-CPU
	 * page lists, MESI between the CPUs' caches, each cache's own
	 * replacement policy and streaming loops by issue and drain, where
	 * the board's sources and data allow (board files, boards/).
	 */
	s->kernel_data_mem_map = true;
	s->pcp_lists = true;
	s->coherence_snoop = true;
	s->random_replacement = p->hw.random_replacement;
	s->streaming_throughput = p->throughput.by_default;
	s->seed = 1;
	/* mv643xx_eth turns SG and checksum offload on, and TSO in 3.16 and
	 * 3.17 (settings_tso_default). */
	s->sg = s->tx_csum = true;
	s->tso = settings_tso_default(s);
	/* [S] mv643xx_eth_probe: set_rx_coal(mp, 250). */
	s->rx_coal_us = 250;
	/* [S] Linux's delayed ACK: one ACK per two full segments. */
	s->peer_ack_every = 2;
	/* [E] a PC receiver's stack, GRO poll to ACK out. */
	s->peer_delay_us = 10;
	/*
	 * [S] a PC receiver's NIC: e1000/e1000e's default
	 * InterruptThrottleRate (dynamic) puts bulk traffic in its
	 * bulk_latency class, 4000 interrupts a second.
	 */
	s->peer_irq_us = 250;
}

u64 settings_cpu_hz(const struct settings *s)
{
	return s->cpu_mhz ? (u64)s->cpu_mhz * 1000000 : s->platform->hw.cpu_hz;
}

int settings_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

int parse_bool(const char *v, bool *out)
{
	if (!strcmp(v, "y") || !strcmp(v, "yes") || !strcmp(v, "1") ||
	    !strcmp(v, "on")) {
		*out = true;
		return 0;
	}
	if (!strcmp(v, "n") || !strcmp(v, "no") || !strcmp(v, "0") ||
	    !strcmp(v, "off")) {
		*out = false;
		return 0;
	}
	return -EINVAL;
}

/*
 * The digits at @v, plain decimal: no sign, no space, no base prefix (a
 * leading 0 is not octal), no wrap.  @end gets the first other character.
 */
static int parse_digits(const char *v, const char **end, u64 *out)
{
	u64 n = 0;

	if (*v < '0' || *v > '9')
		return -EINVAL;
	for (; *v >= '0' && *v <= '9'; v++) {
		if (n > (UINT64_MAX - (u64)(*v - '0')) / 10)
			return -EINVAL;
		n = n * 10 + (u64)(*v - '0');
	}
	*end = v;
	*out = n;
	return 0;
}

int parse_number(const char *v, u64 *out)
{
	const char *end;
	u64 n;

	if (parse_digits(v, &end, &n) || *end)
		return -EINVAL;
	*out = n;
	return 0;
}

int parse_size(const char *v, u64 *out)
{
	const char *end;
	unsigned shift = 0;
	u64 n;

	if (parse_digits(v, &end, &n))
		return -EINVAL;
	switch (*end) {
	case 'K': case 'k': shift = 10; end++; break;
	case 'M': case 'm': shift = 20; end++; break;
	case 'G': case 'g': shift = 30; end++; break;
	default: break;
	}
	if (*end || n > (~0ull >> shift))
		return -EINVAL;
	*out = n << shift;
	return 0;
}

static int parse_u64(const char *v, u64 *out)
{
	return parse_number(v, out);
}

/* A decimal with at most three fractional digits, x 1000 ("1.85" = 1850). */
static int parse_milli(const char *v, u64 *out)
{
	const char *dot = strchr(v, '.');
	char whole[24];
	u64 w, frac = 0;
	size_t len = dot ? (size_t)(dot - v) : strlen(v);

	if (!len || len >= sizeof(whole))
		return -EINVAL;
	memcpy(whole, v, len);
	whole[len] = '\0';
	if (parse_u64(whole, &w) || w > 1000000)
		return -EINVAL;
	if (dot) {
		int digits = 0;

		for (const char *p = dot + 1; *p; p++, digits++) {
			if (*p < '0' || *p > '9' || digits == 3)
				return -EINVAL;
			frac = frac * 10 + (u64)(*p - '0');
		}
		if (!digits)
			return -EINVAL;
		while (digits++ < 3)
			frac *= 10;
	}
	*out = w * 1000 + frac;
	return 0;
}

u32 settings_hz(const struct settings *s)
{
	return s->hz ? s->hz : DEFAULT_HZ;
}

/* The first and the last release kernel= takes: 2.5.0 ... 6.x. */
#define KERNEL_FIRST KERNEL_VERSION(2, 5, 0)
#define KERNEL_END KERNEL_VERSION(7, 0, 0)

/* The index of @v among the @n @names, or -1. */
static int name_index(const char *v, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v, names[i]))
			return i;
	return -1;
}

/* "3.16" or "3.16.7": KERNEL_VERSION.  Return: 0 or -EINVAL. */
static int parse_kernel_version(const char *v, u32 *out)
{
	u64 part[3] = { 0, 0, 0 };
	const char *p = v, *end;
	int n = 0;

	for (;;) {
		if (parse_digits(p, &end, &part[n]) || part[n] > 255)
			return -EINVAL;
		n++;
		if (!*end)
			break;
		if (*end != '.' || n == 3)
			return -EINVAL;
		p = end + 1;
	}
	if (n < 2)
		return -EINVAL;
	*out = KERNEL_VERSION((u32)part[0], (u32)part[1], (u32)part[2]);
	return *out >= KERNEL_FIRST && *out < KERNEL_END ? 0 : -EINVAL;
}

u32 settings_kernel_cpi_milli(const struct settings *s)
{
	return s->kernel_cpi_milli ? s->kernel_cpi_milli :
				     s->platform->kernel_cpi_milli;
}

u32 settings_dram_read_MBps(const struct settings *s)
{
	return s->dram_read_MBps ? s->dram_read_MBps :
				   s->platform->hw.dram_read_MBps;
}

int settings_parse(struct settings *s, const char *word, char *err,
		   size_t errlen)
{
	const char *eq = strchr(word, '=');
	char name[64];
	const char *v;
	bool b;
	u64 n;

	if (!eq || eq == word || (size_t)(eq - word) >= sizeof(name))
		return settings_err(err, errlen, "'%s': expected NAME=VALUE",
				    word);
	memcpy(name, word, (size_t)(eq - word));
	name[eq - word] = '\0';
	v = eq + 1;

	/* A yes/no setting; @words: how its error names the two values. */
#define BOOL_SETTING(str, field, words, extra)                              \
	if (!strcmp(name, str)) {                                           \
		if (parse_bool(v, &b))                                      \
			return settings_err(err, errlen,                    \
					    "%s: '%s' is not " words, name, \
					    v);                             \
		s->field = b;                                               \
		extra;                                                      \
		return 0;                                                   \
	}
#define YN "y or n"
	BOOL_SETTING("CONFIG_HIGHMEM", highmem, YN, )
	BOOL_SETTING("CONFIG_HIGHPTE", highpte, YN, s->given |= GIVEN_HIGHPTE)
	BOOL_SETTING("CONFIG_ARM_LPAE", arm_lpae, YN, )
	BOOL_SETTING("CONFIG_DEBUG_HIGHMEM", debug_highmem, YN, )
	BOOL_SETTING("CONFIG_DEBUG_ATOMIC_SLEEP", debug_atomic_sleep, YN, )
	BOOL_SETTING("CONFIG_UACCESS_WITH_MEMCPY", uaccess_with_memcpy, YN, )
	BOOL_SETTING("CONFIG_UACCESS_GUP_KMAP_MEMCPY", uaccess_gup_kmap, YN, )
	BOOL_SETTING("CONFIG_CPU_SW_DOMAIN_PAN", cpu_sw_domain_pan, YN,
		     s->given |= GIVEN_PAN)
	BOOL_SETTING("kmap_pfn_fastpath", kmap_pfn_fastpath, YN,
		     s->given |= GIVEN_KMAP_PFN_FASTPATH)
	BOOL_SETTING("checks", checks, YN, )
	BOOL_SETTING("icache_model", icache_model, YN, )
	BOOL_SETTING("pcp", pcp_lists, YN, )
	BOOL_SETTING("pte_window", pte_window, YN, )
	BOOL_SETTING("emap", emap, YN, )
	/* ethtool -K's offload words. */
	BOOL_SETTING("tso", tso, "on or off", s->given |= GIVEN_TSO)
	BOOL_SETTING("sg", sg, "on or off", )
	BOOL_SETTING("tx_csum", tx_csum, "on or off", )
#undef YN
#undef BOOL_SETTING

	/* A setting of two words: @off leaves @field false, @on sets it. */
#define TWO_WORD_SETTING(str, field, off, on, extra)                        \
	if (!strcmp(name, str)) {                                           \
		if (strcmp(v, off) && strcmp(v, on))                        \
			return settings_err(err, errlen,                    \
					    "%s: '%s' is not " off " or " on, \
					    name, v);                       \
		s->field = !strcmp(v, on);                                  \
		extra;                                                      \
		return 0;                                                   \
	}
	TWO_WORD_SETTING("kernel_data", kernel_data_mem_map, "host", "mem_map", )
	TWO_WORD_SETTING("eth_dma_mask", eth_dma_mask_32, "null", "32", )
	TWO_WORD_SETTING("copy_4g", copy_4g_tramp, "rw_vm", "tramp", )
	TWO_WORD_SETTING("cache_replacement", random_replacement,
			 "round-robin", "random", )
	TWO_WORD_SETTING("coherence", coherence_snoop, "none", "snoop", )
	TWO_WORD_SETTING("streaming", streaming_throughput, "cpi",
			 "throughput", )
	TWO_WORD_SETTING("rmap", objrmap, "pte-chain", "objrmap",
			 s->given |= GIVEN_RMAP)
#undef TWO_WORD_SETTING

	if (!strcmp(name, "highmem_users")) {
		int i = name_index(v, highmem_users_names, NR_HIGHMEM_USERS);

		if (i < 0)
			return settings_err(err, errlen,
					    "highmem_users: '%s' is not all, plan2 or plan3",
					    v);
		s->highmem_users = (enum highmem_users)i;
		return 0;
	}
	if (!strcmp(name, "CONFIG_VMSPLIT")) {
		int i = name_index(v, vmsplit_names, NR_VMSPLIT);

		if (i < 0)
			return settings_err(err, errlen,
					    "CONFIG_VMSPLIT: unknown split '%s'", v);
		s->vmsplit = (enum vmsplit)i;
		return 0;
	}
	if (!strncmp(name, "CONFIG_VMSPLIT_", 15)) {
		for (int i = 0; i < NR_VMSPLIT; i++)
			if (!strcmp(name + 15, vmsplit_names[i])) {
				if (parse_bool(v, &b))
					return settings_err(
						err, errlen,
						"%s: '%s' is not y or n", name,
						v);
				/* "=n" of a choice symbol selects nothing. */
				if (b)
					s->vmsplit = (enum vmsplit)i;
				return 0;
			}
		return settings_err(err, errlen, "unknown setting '%s'", name);
	}
	if (!strcmp(name, "flavour")) {
		for (int i = 0; i < NR_FLAVOURS; i++)
			if (!strcmp(v, flavour_names[i])) {
				s->flavour = (enum kmap_flavour)i;
				s->given |= GIVEN_FLAVOUR;
				return 0;
			}
		return settings_err(err, errlen,
				    "flavour: unknown flavour '%s'", v);
	}
	if (!strcmp(name, "kernel")) {
		u32 ver;

		if (parse_kernel_version(v, &ver))
			return settings_err(
				err, errlen,
				"kernel: '%s' is not a release 2.5 ... 6.x (3.16, 3.16.7)",
				v);
		s->kernel_version = ver;
		/* The defaults that follow the version, unless given. */
		if (!(s->given & GIVEN_FLAVOUR))
			s->flavour = flavour_for(s, ver);
		if (!(s->given & GIVEN_TSO))
			s->tso = settings_tso_default(s);
		if (!(s->given & GIVEN_HIGHPTE))
			s->highpte = highpte_default(s);
		return 0;
	}
	if (!strcmp(name, "mem")) {
		if (parse_size(v, &n) || !n)
			return settings_err(err, errlen,
					    "mem: '%s' is not a size", v);
		s->mem = n;
		return 0;
	}
	if (!strcmp(name, "cpus")) {
		if (parse_u64(v, &n) || !n || n > MAX_CPUS)
			return settings_err(err, errlen,
					    "cpus: '%s' is not 1..%d", v,
					    MAX_CPUS);
		s->ncpus = (u32)n;
		return 0;
	}
	if (!strncmp(name, "cost.", 5)) {
		for (int i = 0; i < NR_CODE_COSTS; i++)
			if (!strcmp(name + 5, code_cost_names[i])) {
				if (parse_u64(v, &n) || n > 1000000000)
					return settings_err(
						err, errlen,
						"%s: '%s' is not a cycle count",
						name, v);
				s->cost_override[i] = (u32)n + 1;
				return 0;
			}
		return settings_err(err, errlen,
				    "unknown code cost '%s' (`vmsplit settings cost` lists the %d)",
				    name + 5, NR_CODE_COSTS);
	}
	if (!strcmp(name, "kernel_cpi")) {
		if (parse_milli(v, &n) || !n || n > 100000)
			return settings_err(
				err, errlen,
				"kernel_cpi: '%s' is not a number of cycles per instruction (0.001-100)",
				v);
		s->kernel_cpi_milli = (u32)n;
		return 0;
	}
	if (!strcmp(name, "dram_read_MBps")) {
		if (parse_u64(v, &n) || !n || n > 1000000)
			return settings_err(
				err, errlen,
				"dram_read_MBps: '%s' is not 1..1000000", v);
		s->dram_read_MBps = (u32)n;
		return 0;
	}
	if (!strcmp(name, "cpu_mhz")) {
		if (parse_u64(v, &n) || !n || n > 100000)
			return settings_err(
				err, errlen,
				"cpu_mhz: '%s' is not a clock of 1..100000 MHz",
				v);
		s->cpu_mhz = (u32)n;
		return 0;
	}
	if (!strcmp(name, "hz")) {
		if (parse_u64(v, &n) || n < 10 || n > 10000)
			return settings_err(err, errlen,
					    "hz: '%s' is not a tick rate of 10..10000",
					    v);
		s->hz = (u32)n;
		return 0;
	}
	if (!strcmp(name, "pin_cache")) {
		if (parse_u64(v, &n) || n > PIN_CACHE_MAX)
			return settings_err(err, errlen,
					    "pin_cache: '%s' is not 0..%u pages",
					    v, PIN_CACHE_MAX);
		s->pin_cache = (u32)n;
		return 0;
	}
	if (!strcmp(name, "sf_buf")) {
		if (parse_u64(v, &n) || n > SF_BUF_MAX)
			return settings_err(err, errlen,
					    "sf_buf: '%s' is not 0..%u buffers",
					    v, SF_BUF_MAX);
		s->sf_buf = (u32)n;
		return 0;
	}
	if (!strcmp(name, "placement")) {
		if (parse_u64(v, &n) || n > MAX_PLACEMENT)
			return settings_err(err, errlen,
					    "placement: '%s' is not 0..%u pages",
					    v, MAX_PLACEMENT);
		s->placement = (u32)n;
		return 0;
	}
	if (!strcmp(name, "rx_coal_us")) {
		if (parse_u64(v, &n) || n > 1000000)
			return settings_err(
				err, errlen,
				"rx_coal_us: '%s' is not 0..1000000", v);
		s->rx_coal_us = (u32)n;
		return 0;
	}
	if (!strcmp(name, "peer_ack_every")) {
		if (parse_u64(v, &n) || !n || n > 64)
			return settings_err(
				err, errlen,
				"peer_ack_every: '%s' is not 1..64 segments",
				v);
		s->peer_ack_every = (u32)n;
		return 0;
	}
	if (!strcmp(name, "peer_delay_us")) {
		if (parse_u64(v, &n) || n > 1000000)
			return settings_err(
				err, errlen,
				"peer_delay_us: '%s' is not 0..1000000", v);
		s->peer_delay_us = (u32)n;
		return 0;
	}
	if (!strcmp(name, "peer_irq_us")) {
		if (parse_u64(v, &n) || n > 1000000)
			return settings_err(
				err, errlen,
				"peer_irq_us: '%s' is not 0..1000000", v);
		s->peer_irq_us = (u32)n;
		return 0;
	}
	if (!strcmp(name, "peer_stall_after")) {
		if (parse_size(v, &n))
			return settings_err(
				err, errlen,
				"peer_stall_after: '%s' is not a size", v);
		s->peer_stall_after = n;
		return 0;
	}
	if (!strcmp(name, "seed")) {
		if (parse_u64(v, &n))
			return settings_err(err, errlen,
					    "seed: '%s' is not a number", v);
		s->seed = n;
		return 0;
	}
	return settings_err(err, errlen,
			    "unknown setting '%s' (see `vmsplit settings`)",
			    name);
}

int settings_validate(const struct settings *s, char *err, size_t errlen)
{
	const struct platform *p = s->platform;

	if (!p)
		return settings_err(err, errlen, "no platform given");
	if (s->highpte && !s->highmem) {
		if (s->given & GIVEN_HIGHPTE)
			return settings_err(
				err, errlen,
				"CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y");
	}
	if (s->pin_cache && uaccess_strategy(s) != UACCESS_GUP_KMAP)
		return settings_err(err, errlen,
				    "pin_cache=%u: the cache is the GUP+kmap copy's (CONFIG_UACCESS_GUP_KMAP_MEMCPY=y or CONFIG_VMSPLIT=4G_4G)",
				    s->pin_cache);
	/* The window is the running mm's, kept beside HIGHPTE's kmaps. */
	if (s->pte_window && !settings_highpte(s))
		return settings_err(err, errlen,
				    "pte_window=y: a window for CONFIG_HIGHPTE's page tables (CONFIG_HIGHPTE=n reaches them through the direct map)");
	if (s->pte_window && s->vmsplit == VMSPLIT_4G_4G)
		return settings_err(err, errlen,
				    "pte_window=y: not with CONFIG_VMSPLIT_4G_4G, whose kernel runs on tables of its own");
	/* A PTE page written through the window and through a kmap would
	 * have two lines in a virtually indexed cache. */
	if (s->pte_window && p->hw.l1d.kind == CACHE_VIVT)
		return settings_err(err, errlen,
				    "pte_window=y: not on %s's VIVT D-cache (the window and a kmap of one PTE page would alias)",
				    p->name);
	/*
	 * FreeBSD's trampoline copy needs a kernel that runs on tables of its
	 * own with user space reached by switching CR3: x86's 4G/4G.  ARM
	 * LPAE's 4G/4G copies with the RFC's GUP+kmap; FreeBSD has no 4/4
	 * split on arm.
	 */
	if (s->copy_4g_tramp &&
	    (p->arch != PLAT_X86 || s->vmsplit != VMSPLIT_4G_4G))
		return settings_err(err, errlen,
				    "copy_4g=tramp: FreeBSD i386's 4/4 trampoline copy is x86 CONFIG_VMSPLIT_4G_4G's (the kernel on its own tables, user memory reached by a CR3 load)%s",
				    p->arch != PLAT_X86 ?
					    "; not on ARM, whose 4G/4G (LPAE) copies through GUP+kmap" :
					    "; set CONFIG_VMSPLIT=4G_4G");
	/* x86's 4G/4G copies through rw_vm (mm/usercopy.c), which takes
	 * no pins to keep. */
	if (s->pin_cache && s->vmsplit == VMSPLIT_4G_4G && p->arch == PLAT_X86)
		return settings_err(err, errlen,
				    "pin_cache=%u: x86's CONFIG_VMSPLIT_4G_4G copies through rw_vm (follow_page under the lock), which keeps no pins",
				    s->pin_cache);
	/* On a VIVT D-cache each use of a pin would need GUP's flush of
	 * the user alias (flush_anon_page), the work the cache saves. */
	if (s->pin_cache && p->hw.l1d.kind == CACHE_VIVT)
		return settings_err(err, errlen,
				    "pin_cache=%u: not on %s's VIVT D-cache (every use of a pin would need GUP's flush of the user alias)",
				    s->pin_cache, p->name);
	/*
	 * A buffer freed keeps its mapping: on a VIVT D-cache its lines
	 * would alias every other mapping of the page.  FreeBSD's arm MD
	 * code (arm/include/sf_buf.h) therefore unmaps on free, which leaves
	 * no cache to model.
	 */
	if (s->sf_buf && p->hw.l1d.kind == CACHE_VIVT)
		return settings_err(err, errlen,
				    "sf_buf=%u: not on %s's VIVT D-cache (a buffer kept mapped after free would alias the page's other mappings; FreeBSD's arm code unmaps on free)",
				    s->sf_buf, p->name);
	/*
	 * NetBSD has emap only in the x86 pmap (__HAVE_PMAP_EMAP).  On a VIVT
	 * D-cache a mapping entered with no flush of any kind would alias the
	 * page's other mappings, and a generation says nothing about the
	 * cache: faithful maintenance would have to clean the old page's
	 * lines at each enter, which NetBSD never wrote.
	 */
	if (s->emap && p->hw.l1d.kind == CACHE_VIVT)
		return settings_err(err, errlen,
				    "emap=y: not on %s's VIVT D-cache (a mapping entered without a flush aliases the page's other mappings; NetBSD implements emap only in the x86 pmap)",
				    p->name);
	if (s->emap && s->sf_buf)
		return settings_err(err, errlen,
				    "emap=y with sf_buf=%u: both would serve the same copies; choose one",
				    s->sf_buf);
	if (s->highpte && (s->given & GIVEN_HIGHPTE) &&
	    s->highmem_users != HIGHMEM_USERS_ALL)
		return settings_err(err, errlen,
				    "CONFIG_HIGHPTE=y: highmem_users=%s has dropped it",
				    highmem_users_names[s->highmem_users]);
	if (s->arm_lpae && p->arch != PLAT_ARM)
		return settings_err(err, errlen,
				    "CONFIG_ARM_LPAE=y: %s is not an ARM board",
				    p->name);
	if (s->arm_lpae && !p->lpae_capable)
		return settings_err(
			err, errlen,
			"CONFIG_ARM_LPAE=y: %s has an ARMv%u CPU without LPAE",
			p->name, p->arm_arch);
	if (s->uaccess_with_memcpy && p->arch != PLAT_ARM)
		return settings_err(
			err, errlen,
			"CONFIG_UACCESS_WITH_MEMCPY=y exists on ARM only");
	if ((s->given & GIVEN_PAN) && s->cpu_sw_domain_pan &&
	    p->arch != PLAT_ARM)
		return settings_err(
			err, errlen,
			"CONFIG_CPU_SW_DOMAIN_PAN=y exists on ARM only");
	if ((s->given & GIVEN_PAN) && s->cpu_sw_domain_pan && s->arm_lpae)
		return settings_err(
			err, errlen,
			"CONFIG_CPU_SW_DOMAIN_PAN=y needs CONFIG_ARM_LPAE=n");
	if (s->uaccess_with_memcpy && s->uaccess_gup_kmap)
		return settings_err(
			err, errlen,
			"CONFIG_UACCESS_WITH_MEMCPY and CONFIG_UACCESS_GUP_KMAP_MEMCPY exclude each other");
	if (s->vmsplit == VMSPLIT_4G_4G && p->arch == PLAT_ARM && !s->arm_lpae)
		return settings_err(
			err, errlen,
			"CONFIG_VMSPLIT_4G_4G on ARM needs CONFIG_ARM_LPAE=y");
	/* uaccess_strategy(): 4G_4G always copies through GUP + kmap. */
	if (s->vmsplit == VMSPLIT_4G_4G && s->uaccess_with_memcpy)
		return settings_err(
			err, errlen,
			"CONFIG_UACCESS_WITH_MEMCPY=y does not apply with CONFIG_VMSPLIT_4G_4G, which copies through GUP+kmap");
	if (s->vmsplit == VMSPLIT_2G_OPT && p->arch != PLAT_X86)
		return settings_err(err, errlen,
				    "CONFIG_VMSPLIT_2G_OPT exists on x86 only");
	if (s->flavour != FLAVOUR_KMAP_LOCAL &&
	    flavour_is_x86(s->flavour) != (p->arch == PLAT_X86))
		return settings_err(err, errlen, "flavour %s does not fit %s",
				    flavour_names[s->flavour], p->name);
	if (s->kernel_version &&
	    (s->kernel_version < flavour_versions[s->flavour].first ||
	     s->kernel_version >= flavour_versions[s->flavour].end))
		return settings_err(
			err, errlen,
			"kernel=%u.%u.%u is outside flavour %s's releases (give a flavour that covers it)",
			s->kernel_version >> 16,
			(s->kernel_version >> 8) & 0xff,
			s->kernel_version & 0xff, flavour_names[s->flavour]);
	if (p->nic != NIC_NONE && s->tso &&
	    settings_kernel_version(s) < KERNEL_VERSION(3, 16, 0))
		return settings_err(
			err, errlen,
			"tso=on: mv643xx_eth has no TSO before 3.16 (its software TSO came with 3.16)");
	if (s->mem > p->hw.ram_size)
		return settings_err(err, errlen,
				    "mem=%" PRIu64 "M is above the %" PRIu64
				    "M of RAM on %s",
				    s->mem >> 20, p->hw.ram_size >> 20,
				    p->name);
	if (s->mem % (4ull << 20) || s->mem < (16ull << 20))
		return settings_err(
			err, errlen,
			"mem=: give a multiple of 4M, at least 16M");
	if (s->mem % p->hw.nodes || (s->mem / p->hw.nodes) % (1u << 20))
		return settings_err(err, errlen,
				    "mem=: must split evenly over %u nodes",
				    p->hw.nodes);
	if (s->ncpus > p->hw.ncpus)
		return settings_err(err, errlen, "cpus=%u: %s has %u", s->ncpus,
				    p->name, p->hw.ncpus);
	return 0;
}

static const char *yn(bool b)
{
	return b ? "y" : "n";
}

/* One setting, as a JSON member (@num: unquoted) or as a word. */
static void print_setting(FILE *f, bool json, bool first, const char *key,
			  const char *val, bool num)
{
	if (json)
		fprintf(f, num ? "%s\"%s\": %s" : "%s\"%s\": \"%s\"",
			first ? "{" : ", ", key, val);
	else
		fprintf(f, "%s%s=%s", first ? "" : " ", key, val);
}

void settings_print_ram_json(const struct settings *s, FILE *f)
{
	struct ram_use r;

	if (layout_ram_use(s, &r))
		return;
	fprintf(f,
		", \"ram\": {\"total\": %" PRIu64 ", \"used\": %" PRIu64
		", \"lowmem\": %" PRIu64 ", \"highmem\": %" PRIu64
		", \"unusable\": %" PRIu64 "}",
		r.total, r.lowmem + r.highmem, r.lowmem, r.highmem, r.unusable);
}

/* "768M" as mem= is written, or "913400K" for a part of a MiB. */
static void mem_str(u64 bytes, char *buf, size_t len)
{
	if (bytes % (1u << 20))
		snprintf(buf, len, "%" PRIu64 "K", bytes >> 10);
	else
		snprintf(buf, len, "%" PRIu64 "M", bytes >> 20);
}

/* Every setting in one order, then the cost.X overrides. */
/* A count setting, printed where it is not 0 (its default). */
static void print_count(FILE *f, bool json, const char *key, u32 v)
{
	char num[12];

	if (!v)
		return;
	snprintf(num, sizeof(num), "%u", v);
	print_setting(f, json, false, key, num, true);
}

static void print_settings(const struct settings *s, FILE *f, bool json)
{
	char mem[24], cpus[12], seed[24], cost[12], cpi[16], bw[12];
	u32 cpi_milli = settings_kernel_cpi_milli(s);
	const struct {
		const char *key, *val;
		bool num;
	} kv[] = {
		{ "platform", s->platform->name, false },
		{ "CONFIG_HIGHMEM", yn(s->highmem), false },
		{ "CONFIG_HIGHPTE", yn(settings_highpte(s)), false },
		{ "CONFIG_ARM_LPAE", yn(s->arm_lpae), false },
		{ "CONFIG_DEBUG_HIGHMEM", yn(s->debug_highmem), false },
		{ "CONFIG_DEBUG_ATOMIC_SLEEP", yn(s->debug_atomic_sleep),
		  false },
		{ "CONFIG_VMSPLIT", vmsplit_names[s->vmsplit], false },
		{ "CONFIG_UACCESS_WITH_MEMCPY", yn(s->uaccess_with_memcpy),
		  false },
		{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY", yn(s->uaccess_gup_kmap),
		  false },
		{ "CONFIG_CPU_SW_DOMAIN_PAN", yn(settings_cpu_sw_domain_pan(s)),
		  false },
		{ "flavour", flavour_names[s->flavour], false },
		{ "kmap_pfn_fastpath", yn(settings_kmap_pfn_fastpath(s)),
		  false },
		{ "rmap", settings_objrmap(s) ? "objrmap" : "pte-chain", false },
		{ "mem", mem, false },
		{ "cpus", cpus, true },
		{ "kernel_cpi", cpi, true },
		{ "dram_read_MBps", bw, true },
		{ "icache_model", yn(s->icache_model), false },
		{ "checks", yn(s->checks), false },
		{ "seed", seed, true },
	};

	snprintf(mem, sizeof(mem), "%" PRIu64 "M", s->mem >> 20);
	snprintf(cpus, sizeof(cpus), "%u", s->ncpus);
	snprintf(seed, sizeof(seed), "%" PRIu64, s->seed);
	snprintf(cpi, sizeof(cpi), "%u.%03u", cpi_milli / 1000, cpi_milli % 1000);
	snprintf(bw, sizeof(bw), "%u", settings_dram_read_MBps(s));
	for (size_t i = 0; i < ARRAY_SIZE(kv); i++)
		print_setting(f, json, i == 0, kv[i].key, kv[i].val, kv[i].num);
	{
		/* The release in force, the board's unless kernel= gave
		 * another: every result says which kernel it models. */
		char ver[KERNEL_VERSION_STR_LEN];

		print_setting(f, json, false, "kernel",
			      kernel_version_str(settings_kernel_version(s), ver),
			      false);
	}
	if (s->cpu_mhz) {
		char mhz[12];

		snprintf(mhz, sizeof(mhz), "%u", s->cpu_mhz);
		print_setting(f, json, false, "cpu_mhz", mhz, true);
	}
	if (s->hz) {
		char hz[12];

		snprintf(hz, sizeof(hz), "%u", s->hz);
		print_setting(f, json, false, "hz", hz, true);
	}
	{
		const struct {
			const char *key, *val;
		} mech[] = {
			{ "kernel_data", s->kernel_data_mem_map ? "mem_map" : "host" },
			{ "streaming", s->streaming_throughput ? "throughput" : "cpi" },
			{ "coherence", s->coherence_snoop ? "snoop" : "none" },
			{ "pcp", yn(s->pcp_lists) },
			{ "cache_replacement",
			  s->random_replacement ? "random" : "round-robin" },
		};

		for (size_t i = 0; i < ARRAY_SIZE(mech); i++)
			print_setting(f, json, false, mech[i].key, mech[i].val,
				      false);
	}
	if (s->highmem_users != HIGHMEM_USERS_ALL)
		print_setting(f, json, false, "highmem_users",
			      highmem_users_names[s->highmem_users], false);
	print_count(f, json, "pin_cache", s->pin_cache);
	if (s->pte_window)
		print_setting(f, json, false, "pte_window", "y", false);
	print_count(f, json, "sf_buf", s->sf_buf);
	if (s->emap)
		print_setting(f, json, false, "emap", "y", false);
	if (s->copy_4g_tramp)
		print_setting(f, json, false, "copy_4g", "tramp", false);
	print_count(f, json, "placement", s->placement);
	if (s->platform->nic != NIC_NONE) {
		char coal[12], every[12], delay[12], irq[12], stall[24];
		const struct {
			const char *key, *val;
			bool num;
		} net[] = {
			{ "tso", s->tso ? "on" : "off", false },
			{ "sg", s->sg ? "on" : "off", false },
			{ "tx_csum", s->tx_csum ? "on" : "off", false },
			{ "eth_dma_mask", s->eth_dma_mask_32 ? "32" : "null",
			  false },
			{ "rx_coal_us", coal, true },
			{ "peer_ack_every", every, true },
			{ "peer_delay_us", delay, true },
			{ "peer_irq_us", irq, true },
			{ "peer_stall_after", stall, true },
		};

		snprintf(coal, sizeof(coal), "%u", s->rx_coal_us);
		snprintf(every, sizeof(every), "%u", s->peer_ack_every);
		snprintf(delay, sizeof(delay), "%u", s->peer_delay_us);
		snprintf(irq, sizeof(irq), "%u", s->peer_irq_us);
		snprintf(stall, sizeof(stall), "%" PRIu64, s->peer_stall_after);
		for (size_t i = 0; i < ARRAY_SIZE(net); i++)
			print_setting(f, json, false, net[i].key, net[i].val,
				      net[i].num);
	}
	for (int i = 0; i < NR_CODE_COSTS; i++) {
		char key[48];

		if (!s->cost_override[i])
			continue;
		snprintf(key, sizeof(key), "cost.%s", code_cost_names[i]);
		snprintf(cost, sizeof(cost), "%u", s->cost_override[i] - 1);
		print_setting(f, json, false, key, cost, true);
	}
	if (json && s->kconfig) {
		fputs(", \"kconfig_ignored\": ", f);
		kconfig_report_print_json(s->kconfig, f);
	}
	if (json)
		fputc('}', f);
}

void settings_print_json(const struct settings *s, FILE *f)
{
	print_settings(s, f, true);
}

void settings_print_words(const struct settings *s, FILE *f)
{
	print_settings(s, f, false);
}

bool settings_help_line(size_t i, const char **name, const char **values,
			const char **meaning)
{
	if (i >= ARRAY_SIZE(setting_help))
		return false;
	*name = setting_help[i].name;
	*values = setting_help[i].values;
	*meaning = setting_help[i].meaning;
	return true;
}

const char *settings_name(size_t i)
{
	while (i < ARRAY_SIZE(setting_help) &&
	       !strcmp(setting_help[i].name, "cost.NAME"))
		i++;
	/* cost.NAME is the last entry: nothing is skipped before it. */
	return i < ARRAY_SIZE(setting_help) &&
			       strcmp(setting_help[i].name, "cost.NAME") ?
		       setting_help[i].name :
		       NULL;
}

void settings_print_ram_line(const struct settings *s, FILE *f)
{
	char used[24], total[24], low[24], high[24], lost[24];
	struct ram_use r;

	if (layout_ram_use(s, &r))
		return;
	mem_str(r.lowmem + r.highmem, used, sizeof(used));
	mem_str(r.total, total, sizeof(total));
	mem_str(r.lowmem, low, sizeof(low));
	mem_str(r.highmem, high, sizeof(high));
	fprintf(f, "\n# ram: %s used of %s (lowmem %s, highmem %s", used,
		total, low, high);
	if (r.unusable) {
		mem_str(r.unusable, lost, sizeof(lost));
		fprintf(f, "; %s unusable without CONFIG_HIGHMEM", lost);
	}
	fputc(')', f);
}

void settings_print_help(FILE *f)
{
	fprintf(f, "%-22s %-46s %s\n", "SETTING", "VALUES (DEFAULT)",
		"MEANING");
	for (size_t i = 0; i < ARRAY_SIZE(setting_help); i++)
		fprintf(f, "%-22s %-46s %s\n", setting_help[i].name,
			setting_help[i].values, setting_help[i].meaning);
}
