/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated machine: RAM, CPUs with cycle clocks, per-CPU TLBs and L1
 * caches, the outer cache, and the cost of every hardware event.  It knows
 * nothing of Linux.  Kernel code reaches it only through the operations a
 * CPU offers (loads, stores, TLB and cache maintenance, register writes),
 * declared in hw/access.h.
 *
 * Time: each CPU has its own clock in cycles.  Every charge advances the
 * clock of the CPU that pays it and is booked, in the same step, to that
 * CPU's current cost centre, so the per-CPU profile always sums to the
 * clock.
 */
#ifndef VMSPLIT_HW_MACHINE_H
#define VMSPLIT_HW_MACHINE_H

#include "base/types.h"
#include "hw/cache.h"
#include "hw/events.h"
#include "hw/mmu.h"
#include "hw/ram.h"
#include "hw/tlb.h"

#define MAX_CPUS 32

/* Where the hardware table walker fetches descriptors from. */
enum walk_path {
	WALK_DRAM,		/* straight from memory (ARM926/Feroceon) */
	WALK_L2,		/* through the outer cache (Cortex-A8) */
	WALK_L1,		/* through L1 and L2 like data loads (x86) */
};

/*
 * Cycles each hardware event costs.  Values and their sources live in the
 * board files (boards/); 0 means "hidden in the pipeline" and must say so there.
 */
struct hw_costs {
	u32 l1_hit;		/* extra cycles of an L1 hit */
	u32 l2_hit;		/* L1 miss served by the outer cache */
	u32 dram;		/* line fill from the local node's DRAM */
	u32 dram_remote;	/* line fill from another node's DRAM */
	u32 l1_writeback;	/* dirty L1 victim into the write buffer / L2 */
	u32 l2_writeback;	/* dirty L2 victim to DRAM */
	u32 write_no_alloc;	/* write miss that does not allocate (buffered) */
	/*
	 * One store to strongly-ordered memory (ARMv5 coherent DMA memory,
	 * uncached and unbuffered): not posted, the core waits for the
	 * write's completion at its target.  Unused where no ARMv5 board
	 * has such memory (0).
	 */
	u32 so_store;
	u32 walk_base;		/* TLB miss before the descriptor reads */
	u32 walk_read_dram;	/* one descriptor read that goes to DRAM */
	u32 tlb_inv_va;		/* one local invalidate by VA, with barriers */
	u32 tlb_inv_all;	/* local invalidate of the whole TLB */
	u32 tlb_inv_broadcast;	/* inner-shareable broadcast invalidate */
	u32 ipi;		/* send one IPI and run its handler */
	u32 dcache_line_op;	/* clean/invalidate one L1 line by address */
	u32 dcache_setway_op;	/* clean/invalidate one L1 line by set/way */
	u32 l2_line_op;		/* clean/invalidate one outer-cache line */
	u32 barrier;		/* dsb / drain write buffer */
	u32 icache_inv_all;	/* invalidate the whole I-cache */
	u32 icache_refill_line;	/* refetch one I-cache line after that */
	u32 cr_write;		/* write a translation-table base register */
	/*
	 * Each of the two cp15 register writes (MCRs) that program a cache
	 * range operation (start, then inclusive end), beyond the per-line
	 * work (dcache_line_op, l2_line_op).  Single-line operations fold
	 * their one MCR into the per-line cost.
	 */
	u32 cp15_op;
	/* One write of the CPU's IRQ mask (ARM msr cpsr_c), beyond the
	 * instruction's issue: half of a raw_local_irq_save/restore pair. */
	u32 irq_mask_write;
	/*
	 * coherence=snoop (hw/coherence.h): a line another CPU's cache
	 * supplies because it holds it modified, from a CPU of the same
	 * node and of another (replacing the fill the requester would have
	 * paid); invalidating other CPUs' copies that no transfer carries.
	 * Unused with one CPU.
	 */
	u32 coh_c2c;
	u32 coh_c2c_remote;
	u32 coh_inval;
	u32 coh_inval_remote;
};

/*
 * The kernel text a cost centre executes: the byte offsets from _stext of
 * the 64-byte lines its Linux functions run (measured; src/platforms/
 * kernel_text_*.c).  Only the I-cache model reads it.
 */
#define CC_TEXT_LINE 64

/* Where and how wide the invalidate count sits in an I-cache tag. */
#define L1I_GEN_SHIFT 40
#define L1I_GEN_MASK ((1ull << 24) - 1)
struct cc_text {
	const u32 *line_off;
	u16 nr;
};

struct hw_config {
	enum mmu_format mmu;
	bool armv6_plus;
	bool has_asid;
	u64 cpu_hz;
	u32 ncpus;
	phys_addr_t ram_base;
	u64 ram_size;
	u32 nodes;		/* NUMA nodes; CPUs are spread evenly */
	struct cache_params l1d;
	u32 icache_line;	/* I-cache line size (refill accounting) */
	struct cache_params l2;
	bool l2_per_cpu;	/* one outer cache per CPU (P6) or shared */
	/* The CPUs' private caches snoop each other (coherence=snoop;
	 * machine_create turns it off with one CPU). */
	bool coherent;
	/* Data caches pick victims pseudo-randomly (cache_replacement=
	 * random), else round-robin. */
	bool random_replacement;
	u32 tlb_entries, tlb_ways;
	enum walk_path walk;
	/* Line fills a sequential access keeps in flight (>= 1). */
	u32 mlp;
	/*
	 * Sustained DRAM read bandwidth of one CPU streaming through memory,
	 * in MB/s (10^6 B/s), as lmbench's bw_mem rd measures it; 0: no
	 * limit beyond latency / mlp.  A stream's line fills cannot come
	 * faster than this, however many are in flight.
	 */
	u32 dram_read_MBps;
	/*
	 * Posted DRAM writes (streaming=throughput; 0: off, each DRAM write
	 * then costs cost.l2_writeback where it is made).  The write buffer
	 * holds write_buffer_lines outer-cache lines on their way to DRAM
	 * and drains them at dram_write_MBps (10^6 B/s): the core stalls
	 * only when it is full, so a store stream runs at the slower of its
	 * own issue and the drain, and a barrier waits for the drain.
	 */
	u32 write_buffer_lines;
	u32 dram_write_MBps;
	/*
	 * With posted writes: a DRAM read is not served ahead of the writes
	 * queued before it, but after them, so a core that misses while the
	 * buffer drains waits for the drain as well as for its line.
	 */
	bool reads_wait_writes;
	/*
	 * With posted writes: the bytes one DRAM write burst carries (bus
	 * width x burst length); a store no cache allocates for costs the
	 * bursts it touches, a line's drain per line's worth of bursts, and
	 * a store into a burst the previous one opened merges with it.  0:
	 * a line (each such store costs a whole line's drain).
	 */
	u32 dram_burst_bytes;
	struct hw_costs cost;
	/* Bytes of kernel text per cost centre, for I-cache refills; NULL
	 * when the I-cache is not modelled. */
	const u16 *cc_text_bytes;
	/*
	 * The I-cache model (icache_model=y): an L1 I-cache of this geometry
	 * through which every cost-centre entry fetches its text lines
	 * (cc_text), placed at text_pa + (offset mod text_span) so that the
	 * set indices are the real kernel's; a miss goes to the outer cache
	 * like a data fill.  Off: the "resident functions" refetch after an
	 * invalidate (cc_text_bytes).
	 */
	bool icache_model;
	struct cache_params l1i;
	const struct cc_text *cc_text;
	phys_addr_t text_pa;
	u32 text_span;
};

struct load_run;		/* hw/access.h */

/* The last fault a CPU took on a load or store. */
struct hw_fault {
	vaddr_t va;
	enum mmu_fault kind;
	bool write, user;
};

/*
 * The cost centres entered and not yet left, innermost last: the call
 * chain a checker prints (might_sleep's "Call trace").  A ring of the
 * innermost CC_TRACE_DEPTH: deeper nesting overwrites the outermost, so
 * an entry is one store and one increment, with no test.
 */
#define CC_TRACE_DEPTH 32
struct cc_trace {
	u32 depth;
	u16 cc[CC_TRACE_DEPTH];
};

struct cpu {
	u32 id;
	u32 node;
	u64 cycles;
	u16 cc;				/* current cost centre */
	struct cc_trace trace;		/* the centres cc is nested in */
	struct mmu_regs mmu;
	u64 mmu_reg_writes;		/* writes of mmu's registers, for the checker */
	struct tlb tlb;
	struct cache l1d;
	struct cache l1i;		/* with icache_model only */
	/*
	 * I-cache fills so far, and the count when each centre last found
	 * all its lines resident: a fill is the only way a line leaves (an
	 * invalidate counts as one), so while the two agree the centre's
	 * text is still there and its entry costs nothing to check.
	 */
	u64 icache_fills;
	u64 cc_fills[NR_CC];
	/*
	 * Per I-cache line of machine->icache_line: 1 + the outer-cache slot
	 * (set * ways + way) it was last found in, 0 if none.  A hint only:
	 * a fill reads that slot's tag first and looks the set up whole
	 * only if it no longer holds the line.
	 */
	u32 *icache_l2_slot;
	/*
	 * Per I-cache line of machine->icache_line: the I-cache slot (set *
	 * ways + way) it was last found or filled in, tried before its set.
	 * Zero at first: slot 0 holds a line of set 0 only, which no line of
	 * another set can match.
	 */
	u32 *icache_l1_slot;
	/* The refetch memo of hw/icache.c, allocated at the first
	 * invalidate-all (NULL before, or if that failed). */
	struct icache_memo *icache_memo;
	/*
	 * Per L1D line: 1 + the outer-cache slot its data was filled from
	 * (or last found in), 0 if none -- a hint of the same kind, read
	 * when the line is written back as a victim.
	 */
	u32 *l1d_l2_slot;
	/* The copies of the line loops built for its caches (hw/access.c,
	 * line_paths_pick); NULL until first used. */
	void (*line_fn)(struct cpu *c, vaddr_t va, phys_addr_t pa, bool write);
	void (*lines_fn)(struct cpu *c, vaddr_t va, phys_addr_t pa, u32 len,
			 bool write);
	int (*runs_fn)(struct cpu *c, const struct load_run *r, u32 nr,
		       unsigned flags);
	/*
	 * The VA pages (va >> PAGE_SHIFT, plus one; 0 = none) of the last
	 * two translations through an uncached TLB entry (hw/access.c,
	 * uncached_page): an access to either goes to memory, not the
	 * caches.  Two, for a copy between two such pages.
	 */
	u32 uc_vpage[2];
	u8 uc_next;
	/*
	 * The I-cache's tags carry the count of its invalidates (mod 2^24)
	 * above the line address: a tag of an earlier count matches nothing,
	 * as an invalid one, so invalidating all is one increment.
	 */
	u64 l1i_gen;
	struct cache *l2;		/* shared or own outer cache */
	u32 icache_gen;			/* bumped by every I-cache invalidate */
	u32 text_gen[NR_CC];		/* icache_gen when a centre's text was fetched */
	struct hw_fault fault;
	u64 events[NR_EVENTS];
	u64 profile[NR_CC];		/* cycles */
	u64 cause[NR_CAUSES];		/* the same cycles by why they were charged */
	u64 calls[NR_CC];		/* entries */
	u64 idle_cycles;		/* clock advanced while idle */
	/* Posted writes: the clock at which the write buffer will be empty
	 * (at or before now: it is). */
	u64 wb_empty_at;
	/* dram_burst_bytes: the line the last store that allocated no line
	 * went to, the bursts of it written since, and the bursts not yet
	 * making up a whole line's drain. */
	u64 wc_line;
	u32 wc_mask, wc_bursts;
	/* The clock when the streaming loop whose accesses come next began
	 * to issue (hw_stream_issue); U64_MAX: none.  Other code's charge
	 * (charge(), charge_n(), user_compute()) ends it. */
	u64 stream_from;
	void *kernel;			/* per-CPU kernel data, opaque here */
	/* coherent: per L1D line, the bytes this CPU wrote since the line
	 * was filled (bit n: byte n), for telling false sharing (hw/
	 * coherence.h); NULL otherwise.  Last: the hot fields keep their
	 * places. */
	u64 *l1d_wmask;
	/* coherent: the valid lines of this CPU's private caches, the sum
	 * of its presence bytes (cache.presence_lines). */
	u32 presence_lines;
	/* Posted writes served in order (hw_config.reads_wait_writes): the
	 * clock when this CPU's last DRAM read came back; the writes a loop
	 * posts after it drain no earlier. */
	u64 dram_read_done;
	/* coherence=snoop: the line loop compiled for this CPU's caches,
	 * which coh_lines_access hands a run no other CPU can hold. */
	void (*coh_fast_lines_fn)(struct cpu *c, vaddr_t va, phys_addr_t pa,
				  u32 len, bool write);
};

/*
 * Hooks the kernel side installs so that a hardware-level hazard is reported
 * in kernel terms.  Each must not return (it panics); NULL = plain panic.
 */
struct hw_hooks {
	/* A TLB hit disagrees with the page tables. */
	void (*tlb_stale)(struct cpu *c, vaddr_t va, phys_addr_t tlb_pa,
			  phys_addr_t table_pa, bool table_mapped);
	/* A line is read through @va while dirty under @other (VIVT alias). */
	void (*cache_alias)(struct cpu *c, vaddr_t va, vaddr_t other,
			    phys_addr_t pa);
	/* The walker reads a descriptor dirty where it does not look: true
	 * if that is a hazard of the kernel's own, reported (the run goes
	 * on), false to stop the run. */
	bool (*walk_dirty)(struct cpu *c, phys_addr_t pa);
	/* An uncached load or store (@write) of @pa through @va meets the
	 * line dirty in an outer cache: true if that is a hazard of the
	 * kernel's own, reported (the run goes on), false to stop it. */
	bool (*uncached_outer_dirty)(struct cpu *c, vaddr_t va, phys_addr_t pa,
				     bool write);
};

struct machine {
	struct hw_config cfg;
	struct ram ram;
	u32 ncpus;
	struct cpu cpu[MAX_CPUS];
	struct cache l2[MAX_CPUS];	/* [0] only when shared */
	struct cpu *cur;		/* the CPU whose code runs now */
	bool checks;			/* run the checkers */
	/* Tests only: the hot paths as compiled for any cache shape, to
	 * hold the boards' copies to them (hw_use_any_shape). */
	bool any_shape;
	struct hw_hooks hooks;
	/* Cycles one outer-cache line of a stream takes at dram_read_MBps
	 * (0: unlimited); derived once at creation. */
	u32 stream_fill_cycles;
	/* What a later line of a stream pays for a DRAM fill from the local
	 * [0] and a remote [1] node: MAX(latency / mlp, stream_fill_cycles). */
	u32 stream_dram[2];
	/* Posted writes: the cycles one outer-cache line takes to drain at
	 * cfg.dram_write_MBps (0: writes are not posted). */
	u32 drain_cycles;
	/* log2 of cfg.dram_burst_bytes where a burst is less than an L1
	 * line; 0: a store no cache allocates for drains a whole line. */
	u32 burst_shift;
	/*
	 * With icache_model: the I-cache lines (PA >> line shift) each cost
	 * centre executes, icache_line[icache_start[cc] ... icache_start[cc
	 * + 1]), laid out once at creation from cfg.cc_text so that entering
	 * a centre walks a flat array.
	 */
	u32 *icache_line;
	u32 icache_start[NR_CC + 1];
	/* coherent: each CPU's presence byte per line bucket, [cpu <<
	 * CACHE_PRESENCE_BITS | bucket] (hw/cache.h), that its private
	 * caches keep. */
	u8 *presence;
	/* coherent: per bucket, the CPUs whose presence byte is not zero
	 * (bit n: CPU n). */
	u32 *holders;
	/* coherent: the bits set in holders (cache.holder_bits). */
	u32 holder_bits;
};

/* The one machine of this process (one simulation at a time). */
extern struct machine *machine;

/*
 * Can @bytes be hw_config.dram_burst_bytes?  A bus width times a burst
 * length (2 at least), both powers of two, or 0 (a line).  machine_create
 * refuses others; board files say so at the parameter's line.
 */
static inline bool dram_burst_valid(u32 bytes)
{
	return bytes != 1 && !(bytes & (bytes - 1));
}

/**
 * machine_create - build the machine @cfg describes, with @ncpus CPUs and
 * @ram_size bytes of RAM (each at most what @cfg has), and make it current.
 * Return: 0 or -EINVAL / -ENOMEM.
 */
int machine_create(const struct hw_config *cfg, u32 ncpus, u64 ram_size);
void machine_destroy(void);

static inline struct cpu *this_cpu(void)
{
	return machine->cur;
}

/*
 * hw_charge in two halves, for a caller that charges several causes at
 * once (tally_apply): the clock and the centre's profile by their sum in
 * one add each, each cause by its own.  The counts come out the same; the
 * host works less: every add to the clock waits for the store of the one
 * before (forwarded through memory, several host cycles), so each charge
 * is a link in one chain that runs through the whole simulation.  A
 * Kirkwood kmap pair made 32, nine of them a line tally's zeros.  A
 * caller of one half must make the other's adds, so that both profiles
 * still sum to the busy cycles.
 */
static inline void hw_charge_clock(struct cpu *c, u64 cycles)
{
	c->cycles += cycles;
	c->profile[c->cc] += cycles;
}

static inline void hw_charge_cause(struct cpu *c, enum charge_cause why,
				   u64 cycles)
{
	c->cause[why] += cycles;
}

/*
 * Advance @c's clock by @cycles, booked to its current cost centre and to
 * @why, the hardware (or code) cost that takes them: two adds more than the
 * clock, so that both profiles always sum to the busy cycles.
 */
static inline void hw_charge(struct cpu *c, enum charge_cause why, u64 cycles)
{
	hw_charge_clock(c, cycles);
	hw_charge_cause(c, why, cycles);
}

/*
 * Charge @cycles of a streaming loop's instructions, whose loads and
 * stores the caller makes next: with posted writes, those stores drain
 * while the loop issues (see __write_buffer_post in hw/access.c).
 */
static inline void hw_stream_issue(struct cpu *c, enum charge_cause why,
				   u64 cycles)
{
	if (!cycles)
		return;		/* an empty loop issues no stores */
	c->stream_from = c->cycles;
	hw_charge(c, why, cycles);
}

/* Advance @c's clock by @cycles of idle time (not in the profile). */
static inline void hw_idle(struct cpu *c, u64 cycles)
{
	c->cycles += cycles;
	c->idle_cycles += cycles;
}

static inline void hw_event(struct cpu *c, enum event e)
{
	c->events[e]++;
}

static inline void hw_event_add(struct cpu *c, enum event e, u64 n)
{
	c->events[e] += n;
}

void __cc_text_fetch(struct cpu *c, u16 cc);
void __cc_icache_fetch(struct cpu *c, u16 cc);

/*
 * Enter cost centre @cc on @c; returns the previous one for cc_exit().
 * If the I-cache was invalidated since @cc's text was last fetched, the
 * refetch is charged here, to @cc.
 */
static inline u16 cc_enter(struct cpu *c, u16 cc)
{
	u16 prev = c->cc;

	c->cc = cc;
	c->calls[cc]++;
	c->trace.cc[c->trace.depth++ % CC_TRACE_DEPTH] = cc;
	if (unlikely(machine->cfg.icache_model)) {
		if (c->cc_fills[cc] != c->icache_fills)
			__cc_icache_fetch(c, cc);
	}
	else if (unlikely(c->text_gen[cc] != c->icache_gen))
		__cc_text_fetch(c, cc);
	return prev;
}

/*
 * Leave a cost centre for @prev, the caller.  If the I-cache was
 * invalidated meanwhile (the Feroceon's D-cache range flush wipes it, in
 * kunmap_atomic deep inside a DMA mapping), the caller's code that runs
 * after the return is fetched again: charged here, to @prev, as a
 * re-entry would be.
 */
static inline void cc_exit(struct cpu *c, u16 prev)
{
	c->cc = prev;
	c->trace.depth--;
	if (unlikely(c->text_gen[prev] != c->icache_gen)) {
		if (machine->cfg.icache_model)
			__cc_icache_fetch(c, prev);
		else
			__cc_text_fetch(c, prev);
	}
}

static inline void __cc_scope_exit(u16 *prev)
{
	cc_exit(this_cpu(), *prev);
}

/*
 * CC_SCOPE(fn) - book everything until the end of the enclosing block to
 * the cost centre CC_fn on the current CPU.
 */
#define CC_SCOPE(fn)                                                \
	u16 __cc_prev_##fn                                        \
		__attribute__((cleanup(__cc_scope_exit), unused)) =    \
		cc_enter(this_cpu(), CC_##fn)

/* Sum of an event over all CPUs, and of a centre's cycles. */
u64 machine_event_total(enum event e);
u64 machine_profile_total(enum cost_centre cc);
u64 machine_cause_total(enum charge_cause why);
/* Highest CPU clock (elapsed simulated cycles). */
u64 machine_elapsed_cycles(void);
void machine_reset_counters(void);

#endif
