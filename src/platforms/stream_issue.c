// SPDX-License-Identifier: GPL-2.0-only
/*
 * The streaming loops by issue (streaming=throughput, issue 31 item 3):
 * per core, the cycles one KiB of each *_kib loop takes to issue when
 * every access hits L1.  Each is [D]: the loop body of the board's kernel
 * (file named), counted per KiB, times the core's issue costs from
 * shared/research/memory-system.md:
 *
 *   Feroceon 88FR131: single issue, one memory op per cycle, LDM/STM one
 *     register per cycle ([E] the ARM926EJ-S model of gcc's arm926ejs.md
 *     as proxy), 3-cycle load-use ([S] 7-cpu.com);
 *   Cortex-A8: dual issue in order, one load/store per cycle; STR one
 *     cycle; LDM/STM two registers per cycle over the 64-bit path, with
 *     no pairing in their first cycle ([S] gcc cortex-a8.md);
 *   Cortex-A15: out of order, one load and one store per cycle, STM/LDM
 *     two words per cycle per pipe ([S] gcc cortex-a15.md);
 *   P6: 3 micro-ops retired per cycle, one load port and one store port;
 *     ADC two micro-ops with a 2-cycle latency; REP MOVSD in fast-string
 *     mode about 5 bytes per clock, REP STOSD 185 + 1.5 x ECX micro-ops
 *     ([S] Intel SDM 8.2.4, Agner Fog's manual).
 *
 * Misses are the machine's: a load miss adds its fill where it happens
 * (in-order cores wait for it), and stores that reach DRAM drain through
 * the write buffer (hw_config.write_buffer_lines), so a stream costs the
 * larger of its issue and its drain.  A loop's calls, set-up and tails
 * are the other code costs, still instructions x kernel CPI.
 */
#include "platforms/platform.h"

/*
 * Linux 3.14 on the Feroceon (CALGN on: arch/arm/include/asm/assembler.h
 * defines it for CONFIG_CPU_FEROCEON; ARMv5 user accesses are LDRT/STRT).
 */
const u32 feroceon_issue_kib[NR_CODE_COSTS] = {
	/* copy_template.S, per 32 B: pld, ldm of 8 (8), subs, stm of 8
	 * (8), bge: 19 cycles; stm reads a register 4+ cycles after the
	 * ldm loaded it, past the load-use latency.  32 x 19. */
	[CODE_memcpy_kib] = 608,
	/* memset.S (CALGN loop), per 64 B: subs, two stmge of 8 (16), bgt:
	 * 18 cycles.  16 x 18. */
	[CODE_memset_kib] = 288,
	/* clear_user.S, per 8 B: subs, two strtpl, bpl: 4.  128 x 4. */
	[CODE_clear_user_kib] = 512,
	/* csumpartialcopyuser.S + csumpartialcopygeneric.S, aligned loop
	 * per 16 B: four ldrt (4), stmia of 4 (4), four adcs (4), sub, teq,
	 * bne (3): 15.  64 x 15. */
	[CODE_csum_partial_copy_kib] = 960,
	/* csumpartial.S, per 32 B: two ldmia of 4 (8), eight adcs (8), sub,
	 * teq, bne (3): 19.  32 x 19. */
	[CODE_csum_partial_kib] = 608,
	/* lmbench bw_mem (src/bw_mem.c) as kpath-arm.c counts it, one
	 * cycle an instruction: per 512 B rd 32 ldr + 32 add + 3, wr 32 str
	 * + 3, cp 32 ldr + 32 str + 4. */
	[CODE_bw_mem_rd_kib] = 134,
	[CODE_bw_mem_wr_kib] = 70,
	[CODE_bw_mem_cp_kib] = 136,
};

/* Linux 5.7 and 6.1 on the Cortex-A8 (no CALGN; ARMv7 user accesses are
 * plain LDR/STR, LDM/STM under USER() fixups). */
const u32 cortex_a8_issue_kib[NR_CODE_COSTS] = {
	/* copy_template.S, per 32 B: pld (1), ldm of 8 (4), stm of 8 (4),
	 * subs and bge paired with them: 9 cycles.  32 x 9.  The user copies
	 * (copy_from_user.S, copy_to_user.S) run the same loop. */
	[CODE_memcpy_kib] = 288,
	/* memset.S, per 64 B: four stmiage of 4 (2 each), subs and bgt
	 * paired: 8.  16 x 8. */
	[CODE_memset_kib] = 128,
	/* clear_user.S, per 8 B: two str (one load/store a cycle), subs and
	 * bpl paired: 2.  128 x 2. */
	[CODE_clear_user_kib] = 256,
	/* csumpartialcopygeneric.S, aligned loop per 16 B: four ldr (4), stm
	 * of 4 (2), four carry-chained adcs of which one pairs with the
	 * stm's second cycle (3), sub/teq/bne paired after (1): 10.
	 * 64 x 10. */
	[CODE_csum_partial_copy_kib] = 640,
	/* csumpartial.S, per 32 B: two ldmia of 4 (2 each), eight chained
	 * adcs (8), the first of each four waiting a cycle on its load (2),
	 * sub paired, teq and bne (1): 15.  32 x 15. */
	[CODE_csum_partial_kib] = 480,
	/* bw_mem, per 512 B: rd 32 ldr each paired with the chained add
	 * (32) and 3 loop instructions (3): 35; wr 32 str (32) and 1
	 * unpaired: 33; cp 32 ldr + 32 str (64) and 1: 65. */
	[CODE_bw_mem_rd_kib] = 70,
	[CODE_bw_mem_wr_kib] = 66,
	[CODE_bw_mem_cp_kib] = 130,
};

/* Linux 6.1 on the Cortex-A15 (the same ARMv7 loops as the A8's). */
const u32 cortex_a15_issue_kib[NR_CODE_COSTS] = {
	/* copy_template.S per 32 B: the ldm of 8 on the load pipe (4) beside
	 * the stm of 8 on the store pipe (4), pld, subs and bge in the other
	 * slots: 4.5 cycles.  32 x 4.5. */
	[CODE_memcpy_kib] = 144,
	/* memset.S per 64 B: four stm of 4 on the store pipe (2 each): 8. */
	[CODE_memset_kib] = 128,
	/* clear_user.S per 8 B: two str, one store a cycle: 2. */
	[CODE_clear_user_kib] = 256,
	/* The adcs carry chain, one a cycle, bounds both sums: 4 per 16 B
	 * (csum_partial_copy), 8 per 32 B (csum_partial).  64 x 4, 32 x 8. */
	[CODE_csum_partial_copy_kib] = 256,
	[CODE_csum_partial_kib] = 256,
	/* bw_mem per 512 B: rd's 32 loads beside its chained adds (32) and
	 * the loop (1): 33; wr 32 stores and 1: 33; cp 32 loads beside 32
	 * stores and 2: 34. */
	[CODE_bw_mem_rd_kib] = 66,
	[CODE_bw_mem_wr_kib] = 66,
	[CODE_bw_mem_cp_kib] = 68,
};

/* Linux 2.5.73 on the P6 (arch/i386/lib, include/asm-i386/string.h,
 * CONFIG_X86_USE_PPRO_CHECKSUM for the Pentium III). */
const u32 p6_issue_kib[NR_CODE_COSTS] = {
	/* __memcpy and __copy_user (movsl_is_ok for co-aligned buffers):
	 * rep movsl in fast-string mode, about 5 bytes a clock: 1024 / 5. */
	[CODE_memcpy_kib] = 205,
	/* __memset_generic and __do_clear_user: rep stosl, 1.5 micro-ops a
	 * dword beyond its start-up, three retired a cycle: 256 x 1.5 / 3. */
	[CODE_memset_kib] = 128,
	[CODE_clear_user_kib] = 128,
	/* checksum.S (PPro versions): the adcl carry chain, 2 cycles a
	 * dword, bounds both: csum_partial_copy_generic's 16 rounds of load,
	 * adcl and store per 64 B, csum_partial's 32 adcl per 128 B.
	 * 256 x 2. */
	[CODE_csum_partial_copy_kib] = 512,
	[CODE_csum_partial_kib] = 512,
	/* bw_mem per 512 B: rd 32 addl from memory chained one a cycle (32)
	 * and the loop (1); wr 32 stores on the store port and 1; cp 32
	 * loads beside 32 stores (96 micro-ops, 32 cycles) and 2. */
	[CODE_bw_mem_rd_kib] = 66,
	[CODE_bw_mem_wr_kib] = 66,
	[CODE_bw_mem_cp_kib] = 68,
};
