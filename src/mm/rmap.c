// SPDX-License-Identifier: GPL-2.0-only
/*
 * pte_chain reverse mapping, as in 2.6.0 mm/rmap.c with
 * include/asm-generic/rmap.h and include/asm-i386/rmap.h (the same design
 * as 2.5.73; see research/linux-highmem.md section 4a' and
 * research/process-workloads.md section 4).
 *
 * A page mapped by one PTE keeps that PTE's pte_addr_t in page->pte
 * (PG_direct).  The second mapping converts it to a chain of
 * cacheline-sized, cacheline-aligned blocks from the "pte_chain" slab:
 *
 *	offset 0            next_and_idx: next block's VA | first used slot
 *	offset ptes_off     pte_addr_t ptes[NRPTE]
 *
 * Free slots exist only at the front of the head block; every other block
 * is full.  page_add_rmap fills the head from the back; page_remove_rmap
 * scans every block comparing pte_addr_t values and plugs the hole with the
 * head's first used entry, freeing the head when it empties.
 *
 * The blocks live in simulated lowmem and every load and store of them
 * goes through kv_read32/kv_write32 and friends, so a long chain costs the
 * cache misses it cost on the machine.  ptes_off is 4 on i386, where a u64
 * member is 4-byte aligned; on ARM EABI a u64 is 8-byte aligned, so 8-byte
 * entries (LPAE) start at offset 8 -- NRPTE is the same either way.  An
 * 8-byte entry at a 4-byte aligned offset is read and written as two 32-bit
 * words, as i386 code does.
 *
 * With checks on, page_add_rmap and page_remove_rmap also record each
 * entry in the rmap shadow (mm/rmap_shadow.h), host bookkeeping that lets
 * the exit audit check a PTE without walking its page's chain; it is not
 * charged and touches no simulated state.  Whatever the checks, they keep
 * the chain hints (mm/rmap_hint.h), the blocks' addresses in chain order
 * on the host, from which page_remove_rmap's scan asks the host for blocks
 * several steps ahead; nothing else reads them.
 *
 * In front of the slab each CPU keeps one spare block, 2.5.73's
 * local_pte_chain (DEFINE_PER_CPU in mm/rmap.c): __pte_chain_free parks the
 * block it is given there, sending the one parked before to the slab, and
 * pte_chain_alloc takes the spare before asking the slab.  So the
 * preallocation a fault or a fork did not use, freed and preallocated again
 * on the same CPU, never reaches the slab.  The spare is host state (its
 * per-CPU word is not a placed kernel object).
 *
 * From 2.6.7 on (rmap=objrmap, every ARM board's kernel) there are no
 * pte_chains: a page is found from its anon_vma or its file's i_mmap, and
 * mapping or unmapping it moves _mapcount and a zone counter
 * (page_add_file_rmap / page_remove_rmap in 3.14 mm/rmap.c).  No block is
 * allocated, no chain lock taken and no PTE address computed; the code is
 * charged as CODE_page_add_rmap / CODE_page_remove_rmap, which the boards'
 * kpath tables take from those functions as measured.  What the anon_vma
 * chains cost fork and exit is inside CODE_fork and CODE_exit, measured
 * whole.  try_to_unmap walks i_mmap (mm/rmap_unmap.c); page_referenced's
 * object walk is not modelled (nothing calls it on these kernels here).
 */
#include "mm/rmap.h"

#include "mm/mm.h"

#include "kernel/lock.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "mm/highmem.h"
#include "mm/internal.h"
#include "mm/rmap_hint.h"
#include "mm/rmap_shadow.h"
#include "mm/slab.h"
#include "mm/vma_touch.h"
#include "mm/page_touch.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define CHAIN_LOCK_HASH 256
/* The pte_chain_lock contention records (see pte_chain_lock). */
static struct spinlock chain_locks[CHAIN_LOCK_HASH];

static struct kmem_cache *pte_chain_cache;
static u32 nrpte;		/* NRPTE */
static u32 pa_size;		/* sizeof(pte_addr_t) on the target */
static u32 ptes_off;		/* offsetof(struct pte_chain, ptes) */
static u32 idx_mask;		/* L1_CACHE_BYTES - 1: the idx bits */
static bool objrmap;		/* rmap=objrmap: no pte_chains at all */
/* DEFINE_PER_CPU(struct pte_chain *, local_pte_chain): one spare a CPU. */
static vaddr_t local_pte_chain[MAX_CPUS];

unsigned long nr_mapped;

void rmap_init(void)
{
	u32 line = machine->cfg.l1d.line;

	/*
	 * pte_addr_t: the pte_t * itself without HIGHPTE; with it a scalar
	 * (pfn << 12) | offset, a u64 when physical addresses exceed 32 bits
	 * (i386 HIGHMEM64G = PAE; ARM LPAE).  Every x86 board here is PAE.
	 */
	pa_size = 4;
	if (highpte() && (platform()->arch == PLAT_X86 || config->arm_lpae))
		pa_size = 8;
	ptes_off = platform()->arch == PLAT_X86 ? 4 : MAX(4u, pa_size);
	nrpte = (line - 4) / pa_size;
	idx_mask = line - 1;
	/* Conversion to a chain fills ptes[NRPTE-1] and ptes[NRPTE-2]. */
	if (nrpte < 2 || ptes_off + nrpte * pa_size > line)
		panic("rmap_init: %u-byte lines leave no room for a pte_chain of %u-byte entries",
		      line, pa_size);
	objrmap = settings_objrmap(config);
	pte_chain_cache = objrmap ? NULL :
		kmem_cache_create("pte_chain", line, line);
	memset(chain_locks, 0, sizeof(chain_locks));
	memset(local_pte_chain, 0, sizeof(local_pte_chain));
	nr_mapped = 0;
	chain_hint_init();
	rmap_shadow_init();
}

void rmap_exit(void)
{
	/* The spares go back to the slab so that the cache can go. */
	for (u32 cpu = 0; cpu < MAX_CPUS; cpu++) {
		if (local_pte_chain[cpu])
			kmem_cache_free(pte_chain_cache, local_pte_chain[cpu]);
		local_pte_chain[cpu] = 0;
	}
	if (pte_chain_cache)
		kmem_cache_destroy(pte_chain_cache);
	pte_chain_cache = NULL;
	chain_hint_exit();
	rmap_shadow_exit();
}

u32 rmap_nrpte(void)
{
	return nrpte;
}

u32 rmap_pte_addr_size(void)
{
	return pa_size;
}

bool rmap_objrmap(void)
{
	return objrmap;
}

u32 pte_chain_spares(void)
{
	u32 n = 0;

	for (u32 cpu = 0; cpu < MAX_CPUS; cpu++)
		n += local_pte_chain[cpu] != 0;
	return n;
}

u32 pte_chain_inuse(void)
{
	return pte_chain_cache ?
		       kmem_cache_inuse(pte_chain_cache) - pte_chain_spares() :
		       0;
}

/* The block layout: the next_and_idx word and the slots. */
static vaddr_t pc_slot(vaddr_t pc, u32 i)
{
	return pc + ptes_off + i * pa_size;
}

static u32 pte_chain_idx(u32 next_and_idx)
{
	return next_and_idx & idx_mask;
}

static vaddr_t pte_chain_next(u32 next_and_idx)
{
	return next_and_idx & ~idx_mask;
}

static u32 pte_chain_encode(vaddr_t next, u32 idx)
{
	return next | idx;
}

/* Charged loads and stores of a slot. */
static pte_addr_t slot_read(vaddr_t pc, u32 i)
{
	vaddr_t va = pc_slot(pc, i);
	u32 lo;

	if (pa_size == 4)
		return kv_read32(va);
	if (IS_ALIGNED(va, 8))
		return kv_read64(va);
	lo = kv_read32(va);
	return lo | (u64)kv_read32(va + 4) << 32;
}

static void slot_write(vaddr_t pc, u32 i, pte_addr_t pa)
{
	vaddr_t va = pc_slot(pc, i);

	if (pa_size == 4) {
		BUG_ON(pa >> 32);
		kv_write32(va, (u32)pa);
	} else if (IS_ALIGNED(va, 8)) {
		kv_write64(va, pa);
	} else {
		kv_write32(va, (u32)pa);
		kv_write32(va + 4, (u32)(pa >> 32));
	}
}

/* Uncharged reads, for the audit: blocks are lowmem. */
static u32 raw_read32(vaddr_t va)
{
	return ram_read32(&machine->ram, __pa(va));
}

static pte_addr_t raw_slot_read(vaddr_t pc, u32 i)
{
	vaddr_t va = pc_slot(pc, i);

	if (pa_size == 4)
		return raw_read32(va);
	if (IS_ALIGNED(va, 8))
		return ram_read64(&machine->ram, __pa(va));
	return raw_read32(va) | (u64)raw_read32(va + 4) << 32;
}

/*
 * The first 4-byte slot from @from on, in the block at host bytes @h, that
 * holds @pa, or nrpte.  The slots of 4-byte entries fill the block's line
 * after the next_and_idx word, so with SSE2 the host compares the line's
 * words four at a time, the word among them, and keeps the matches at or
 * past @from -- the slot the scan in order would stop at.
 */
static u32 find_word(const u8 *h, u32 from, u32 pa)
{
	u32 i = from;

	if (from >= nrpte)
		return from;
#ifdef __SSE2__
	if (nrpte + 1 <= 16) {
		__m128i key = _mm_set1_epi32((int)pa);
		u32 hits = 0;

		for (u32 w = 0; w < nrpte + 1; w += 4) {
			__m128i x = _mm_loadu_si128((const __m128i *)(h + w * 4));

			x = _mm_cmpeq_epi32(x, key);
			hits |= (u32)_mm_movemask_ps(_mm_castsi128_ps(x)) << w;
		}
		hits &= ~0u << (from + 1);	/* word 0 is next_and_idx */
		return hits ? (u32)__builtin_ctz(hits) - 1 : nrpte;
	}
#endif
	for (; i < nrpte; i++) {
		u32 v;

		memcpy(&v, h + ptes_off + i * 4, 4);
		if (v == pa)
			break;
	}
	return i;
}

/*
 * The loads of a walk down a chain, queued and charged in batches by
 * kv_read_runs: the walk stores nothing and no other access comes between
 * its loads, so they are charged in the order the walk makes them.
 */
#define WALK_BATCH 32

struct walk_loads {
	u32 nr;
	struct load_run run[WALK_BATCH];
};

/* Charge the loads queued in @w. */
static void walk_loads_flush(struct walk_loads *w)
{
	if (w->nr)
		kv_read_runs(w->run, w->nr);
	w->nr = 0;
}

/* Queue @n loads of @size bytes at @va (see kv_read_run). */
static void walk_load(struct walk_loads *w, vaddr_t va, u32 size, u32 n)
{
	if (w->nr == WALK_BATCH)
		walk_loads_flush(w);
	w->run[w->nr++] = (struct load_run){ .va = va, .size = size, .n = n };
}

/*
 * The host bytes of the direct map, for a scan that reads every block of
 * a chain: one bound test and one add a block, with the bounds in locals
 * (the globals behind __pa() and ram_ptr() are reloaded after each store
 * the scan makes through a pointer).
 */
struct lowmem_view {
	const u8 *host;		/* the host byte of PAGE_OFFSET */
	vaddr_t start;		/* PAGE_OFFSET */
	u32 last;		/* the last offset a block may start at */
	phys_addr_t pa;		/* __pa(PAGE_OFFSET) */
	const struct cpu *cpu;	/* this CPU, whose caches the loads look up */
};

static struct lowmem_view lowmem_view(void)
{
	u32 size = layout.high_memory - layout.page_offset;

	BUG_ON(!ram_contains(&machine->ram, __pa(layout.page_offset), size));
	return (struct lowmem_view){
		.host = ram_ptr(&machine->ram, __pa(layout.page_offset)),
		.start = layout.page_offset,
		.last = size - (ptes_off + nrpte * pa_size),
		.pa = __pa(layout.page_offset),
		.cpu = this_cpu(),
	};
}

/* Block @pc's host bytes: it must lie in the direct map. */
static inline const u8 *view_block(const struct lowmem_view *v, vaddr_t pc)
{
	BUG_ON(pc - v->start > v->last);
	return v->host + (pc - v->start);
}

/*
 * Ask the host for block @pc's bytes and for the outer-cache tags its
 * loads will compare (on the NUMA-Q, 16 arrays of 256 KiB), if @pc lies in
 * the direct map: a hint is never trusted further.
 */
static inline void prefetch_block(const struct lowmem_view *v, vaddr_t pc)
{
	if (pc - v->start <= v->last) {
		__builtin_prefetch(v->host + (pc - v->start));
		hw_prefetch_outer(v->cpu, v->pa + (pc - v->start));
	}
}

/*
 * The first slot from @from on, in the block at host bytes @h, that holds
 * @pa, or nrpte: 4-byte slots four at a time (find_word), 8-byte ones
 * each one host load.
 */
static inline u32 slot_find(const u8 *h, u32 from, pte_addr_t pa)
{
	u32 i;

	if (pa_size == 4)
		return find_word(h, from, (u32)pa);
	for (i = from; i < nrpte; i++) {
		u64 v;

		memcpy(&v, h + ptes_off + i * 8, 8);
		if (v == pa)
			break;
	}
	return i;
}

/*
 * Queue in @w the loads the scan makes in block @pc (@head: the chain's
 * first, whose word is loaded already): its next_and_idx word, then the
 * slots from @from up to, not including, @upto.  Return the slots.
 *
 * The loads are kv_read32() and slot_read()'s, queued as one run where
 * they are contiguous loads of one size -- the word and the slots of a
 * full block but on LPAE, where an 8-byte slot follows a 4-byte hole --
 * which costs the host a fraction of a load each on a chain thousands
 * long.
 */
static inline u32 block_loads(struct walk_loads *w, vaddr_t pc, bool head,
			      u32 from, u32 upto)
{
	u32 slots = from < upto ? upto - from : 0, size = pa_size;
	u32 loads = slots;
	vaddr_t run = pc_slot(pc, from);

	if (size == 8 && !IS_ALIGNED(ptes_off + from * pa_size, 8)) {
		size = 4;	/* an i386 u64 load: two 32-bit loads */
		loads *= 2;
	}
	if (!head) {
		if (size == 4 && run == pc + 4) {
			run = pc;
			loads++;
		} else {
			walk_load(w, pc, 4, 1);
		}
	}
	if (loads)
		walk_load(w, run, size, loads);
	return slots;
}

/*
 * page_remove_rmap's scan, 2.6.0's
 *
 *	for (pc = start; pc; pc = pte_chain_next(pc)) {
 *		for (i = pte_chain_idx(pc); i < NRPTE; i++) {
 *			if (pc->ptes[i] == pte_paddr) ...found
 *
 * from block @start, whose word @start_word is loaded: the block whose
 * slot holds @pa in *@found (0 if none) and the slot in *@slot, and the
 * loads the loop makes charged (queued block by block, see walk_loads).
 * Each block is compared in RAM first, uncharged, to know where its run
 * of loads ends.  The host is asked for the blocks HINT_AHEAD steps ahead
 * of the scan, which the chain's hints (@hint, mm/rmap_hint.h) name, so
 * that their misses overlap; the next pointer in a block names only one.
 * Return the slots compared.
 */
#define HINT_AHEAD 8

static u32 chain_scan(vaddr_t start, u32 start_word, pte_addr_t pa,
		      const struct chain_hint *hint, vaddr_t *found, u32 *slot)
{
	const struct lowmem_view v = lowmem_view();
	const u32 n = nrpte;
	struct walk_loads w;
	u32 examined = 0;
	/* The hinted blocks not yet asked for: blk[0 .. left), tail first. */
	u32 left = hint ? hint->nr : 0;

	for (u32 k = 0; k < HINT_AHEAD && left; k++)
		prefetch_block(&v, hint->blk[--left]);
	w.nr = 0;
	*found = 0;
	for (vaddr_t pc = start; pc;) {
		const u8 *h = view_block(&v, pc);
		u32 word = start_word, from, i;

		if (pc != start)
			memcpy(&word, h, 4);
		if (left)
			prefetch_block(&v, hint->blk[--left]);
		from = pte_chain_idx(word);
		i = slot_find(h, from, pa);
		examined += block_loads(&w, pc, pc == start, from,
					i < n ? i + 1 : n);
		if (i < n) {
			*found = pc;
			*slot = i;
			break;
		}
		pc = pte_chain_next(word);
	}
	walk_loads_flush(&w);
	return examined;
}

/*
 * pte_chain_alloc (2.5.73 mm/rmap.c): the CPU's spare if it has one, else
 * a block from the slab.  2.5.73 relies on the slab constructor and on
 * frees leaving blocks clean; here a slab block comes zeroed, and a spare
 * is clean because __pte_chain_free cleared its word and every slot was
 * zeroed as its entry left (or it was never used).
 */
vaddr_t pte_chain_alloc(gfp_t gfp)
{
	if (objrmap)
		return 0;	/* no such function: nothing to preallocate */

	CC_SCOPE(pte_chain_alloc);
	u32 cpu = smp_processor_id();	/* get_cpu() */
	vaddr_t pc = local_pte_chain[cpu];

	charge(CODE_pte_chain_alloc);
	hw_event(this_cpu(), EV_pte_chain_alloc);
	if (pc) {
		local_pte_chain[cpu] = 0;
		hw_event(this_cpu(), EV_pte_chain_spare);
		return pc;
	}
	return kmem_cache_alloc(pte_chain_cache, gfp | __GFP_ZERO);
}

/*
 * pte_chain_free (rmap-locking.h: NULL is allowed) and __pte_chain_free
 * (2.5.73 mm/rmap.c): clear the block's word, send the CPU's spare to the
 * slab if it has one, and park this block as the spare.
 */
void pte_chain_free(vaddr_t pc)
{
	u32 cpu;

	if (!pc)
		return;
	cpu = smp_processor_id();	/* get_cpu() */
	charge(CODE_pte_chain_free);
	if (kv_read32(pc))
		kv_write32(pc, 0);
	if (local_pte_chain[cpu])
		kmem_cache_free(pte_chain_cache, local_pte_chain[cpu]);
	local_pte_chain[cpu] = pc;
}

/*
 * pte_chain_lock - the PG_chainlock bit spinlock (bit_spin_lock, with
 * preemption off).  Nothing else runs inside a critical section in this
 * simulator, so finding the bit set means this CPU already holds it.
 */
/*
 * pte_chain_lock is a bit spinlock in page->flags.  Its contention is
 * modelled through a hashed table of lock records (pages sharing a bucket
 * wait for each other too, a coarse stand-in for the per-page bit): one
 * CPU walking a hot page's chain holds up the others.
 */

static struct spinlock *chain_lock_of(const struct page *page)
{
	struct spinlock *l = &chain_locks[page_to_pfn(page) % CHAIN_LOCK_HASH];

	if (!l->name)
		*l = SPINLOCK_INIT("pte_chain_lock");
	return l;
}

static void pte_chain_lock(struct page *page)
{
	struct spinlock *l = chain_lock_of(page);

	if (test_page_flag(page, PG_chainlock))
		panic("pte_chain_lock: pfn %#lx is already locked (self-deadlock)",
		      page_to_pfn(page));
	charge(CODE_bit_spin_lock);
	current->preempt_count++;
	/* test_and_set_bit(PG_chainlock, &page->flags) */
	page_touch_rmw(page, PF_flags);
	set_page_flag(page, PG_chainlock);
	/* The wait comes from the lock model; the bit spinlock's own cost
	 * is the line above. */
	spin_lock_nocharge(l);
}

static void pte_chain_unlock(struct page *page)
{
	if (!test_page_flag(page, PG_chainlock))
		panic("pte_chain_unlock: pfn %#lx is not locked",
		      page_to_pfn(page));
	spin_unlock(chain_lock_of(page));
	/* clear_bit(PG_chainlock, &page->flags) */
	page_touch_rmw(page, PF_flags);
	clear_page_flag(page, PG_chainlock);
	if (current->preempt_count <= 0)
		panic("pte_chain_unlock: preempt_count underflow in %s",
		      current->comm);
	current->preempt_count--;
}

/*
 * asm-i386/rmap.h: with HIGHPTE the PTE page may be a fixmap kmap, so the
 * physical address is found through the fixmap PTE (kmap_atomic_to_page).
 */
pte_addr_t ptep_to_paddr(vaddr_t ptep)
{
	struct page *page;

	if (!highpte())
		return ptep;
	/* The call, the pfn of the PTE page and the 64-bit shift and add. */
	charge(CODE_ptep_to_paddr);
	page = kmap_atomic_to_page(ptep);
	return page_to_phys(page) | (ptep & ~PAGE_MASK);
}

vaddr_t rmap_ptep_map(pte_addr_t pa)
{
	struct page *page;

	if (!highpte())
		return (vaddr_t)pa;
	page = pfn_to_page((unsigned long)(pa >> PAGE_SHIFT));
	return kmap_atomic(page, KM_PTE2) + (u32)(pa & ~PAGE_MASK);
}

void rmap_ptep_unmap(vaddr_t ptep)
{
	if (!highpte())
		return;
	/* kunmap_atomic wants the address kmap_atomic returned. */
	kunmap_atomic(ptep & PAGE_MASK, KM_PTE2);
}

/*
 * The rmap shadow's key for the PTE at @ptep, as ptep_to_paddr() gives it,
 * found without a charge: objrmap kernels never compute it, so only the
 * checkers may (through an uncharged walk of the kmap's fixmap entry).
 */
static pte_addr_t shadow_key(vaddr_t ptep)
{
	struct mmu_walk w;

	if (!highpte())
		return ptep;
	if (hw_probe(this_cpu(), ptep, &w) != MMU_OK)
		panic("rmap: PTE pointer %#x is not mapped", ptep);
	return w.pa;
}

/*
 * objrmap (3.14 page_add_file_rmap, page_add_anon_rmap for a page already
 * anonymous): the first mapping bumps NR_FILE_MAPPED or NR_ANON_PAGES,
 * inside CODE_page_add_rmap.
 */
static void objrmap_add(struct page *page, vaddr_t ptep)
{
	CC_SCOPE(page_add_rmap);

	charge(CODE_page_add_rmap);
	hw_event(this_cpu(), EV_rmap_add);
	/* atomic_{inc,add_negative}(&page->_mapcount) */
	page_touch_rmw(page, PF_mapcount);
	if (page_mapcount_inc(page))
		nr_mapped++;
	if (machine->checks)
		rmap_shadow_add(page, shadow_key(ptep));
}

/* objrmap page_remove_rmap: atomic_add_negative(-1, &page->_mapcount). */
static void objrmap_remove(struct page *page, vaddr_t ptep)
{
	CC_SCOPE(page_remove_rmap);

	charge(CODE_page_remove_rmap);
	hw_event(this_cpu(), EV_rmap_remove);
	if (!page_mapped(page))
		panic("page_remove_rmap: pfn %#lx is not mapped",
		      page_to_pfn(page));
	/* atomic_{inc,add_negative}(&page->_mapcount) */
	page_touch_rmw(page, PF_mapcount);
	if (page_mapcount_dec(page))
		nr_mapped--;
	if (machine->checks)
		rmap_shadow_remove(page, shadow_key(ptep));
}

void anon_vma_prepare(struct vm_area_struct *vma)
{
	vma_touch(vma, VF_anon_vma, false);
	if (vma->anon_vma)
		return;
	vma->anon_vma = true;
	vma_touch(vma, VF_anon_vma, true);
}

void page_set_anon_rmap(struct page *page, const struct vm_area_struct *vma,
			vaddr_t address)
{
	if (objrmap)
		page->index = linear_page_index(vma, address);
}

void page_move_rmap(struct page *page, vaddr_t old_ptep, vaddr_t new_ptep)
{
	BUG_ON(!objrmap);
	if (PageReserved(page) || !machine->checks)
		return;
	rmap_shadow_remove(page, shadow_key(old_ptep));
	rmap_shadow_add(page, shadow_key(new_ptep));
}

/*
 * Under objrmap a reserved page -- the zero page -- never reaches rmap:
 * 3.14 maps it as a special PTE, which vm_normal_page() leaves out, so
 * neither function is called for it.  2.6.0 calls them and they return.
 */
vaddr_t page_add_rmap(struct page *page, vaddr_t ptep, vaddr_t prealloc)
{
	if (objrmap) {
		if (!PageReserved(page))
			objrmap_add(page, ptep);
		return prealloc;
	}

	CC_SCOPE(page_add_rmap);
	pte_addr_t pte_paddr;
	vaddr_t head;
	u32 word;

	charge(CODE_page_add_rmap);
	pte_paddr = ptep_to_paddr(ptep);
	if (PageReserved(page))
		return prealloc;
	hw_event(this_cpu(), EV_rmap_add);
	BUG_ON(!pte_paddr);
	pte_chain_lock(page);
	page_touch(page, PF_pte, false);	/* page->pte.direct / chain */

	if (page->pte == 0) {
		page_touch(page, PF_pte, true);
		page->pte = pte_paddr;
		set_page_flag(page, PG_direct);
		goto out;
	}

	if (test_page_flag(page, PG_direct)) {
		/* Convert a direct pointer into a pte_chain. */
		if (!prealloc)
			panic("page_add_rmap: pfn %#lx: no pte_chain preallocated",
			      page_to_pfn(page));
		clear_page_flag(page, PG_direct);
		slot_write(prealloc, nrpte - 1, page->pte);
		slot_write(prealloc, nrpte - 2, pte_paddr);
		kv_write32(prealloc, pte_chain_encode(0, nrpte - 2));
		page_touch(page, PF_pte, true);
		page->pte = prealloc;
		chain_hint_push(page, prealloc);
		prealloc = 0;	/* we consumed it */
		goto out;
	}

	head = (vaddr_t)page->pte;
	if (slot_read(head, 0)) {
		/* The head is full: the preallocated block becomes the head. */
		if (!prealloc)
			panic("page_add_rmap: pfn %#lx: no pte_chain preallocated",
			      page_to_pfn(page));
		kv_write32(prealloc, pte_chain_encode(head, nrpte - 1));
		page_touch(page, PF_pte, true);
		page->pte = prealloc;
		chain_hint_push(page, prealloc);
		slot_write(prealloc, nrpte - 1, pte_paddr);
		prealloc = 0;
		goto out;
	}
	word = kv_read32(head);
	slot_write(head, pte_chain_idx(word) - 1, pte_paddr);
	kv_write32(head, word - 1);
out:
	/* atomic_{inc,add_negative}(&page->_mapcount) */
	page_touch_rmw(page, PF_mapcount);
	if (page_mapcount_inc(page))
		nr_mapped++;	/* inc_page_state(nr_mapped) */
	/* The audit's host-side copy of the chains (mm/rmap_shadow.h). */
	if (machine->checks)
		rmap_shadow_add(page, pte_paddr);
	pte_chain_unlock(page);
	return prealloc;
}

/*
 * The chain-length report (events rmap_len_*): @page's PTEs before one is
 * removed, its _mapcount here, in the bucket of the next power of two at
 * or above it, file-backed or anonymous.  Uncharged bookkeeping.
 */
static void rmap_count_length(const struct page *page)
{
	u32 n = (u32)page_mapcount(page), b = 0;
	enum event first = test_page_flag(page, PG_anon) ? EV_rmap_len_anon_1 :
							   EV_rmap_len_file_1;

	while (b < RMAP_LEN_BUCKETS - 1 && n > (1u << b))
		b++;
	hw_event(this_cpu(), first + b);
}

void page_remove_rmap(struct page *page, vaddr_t ptep)
{
	if (objrmap) {
		if (!PageReserved(page))
			objrmap_remove(page, ptep);
		return;
	}

	CC_SCOPE(page_remove_rmap);
	pte_addr_t pte_paddr;
	u32 examined = 0;

	charge(CODE_page_remove_rmap);
	pte_paddr = ptep_to_paddr(ptep);
	if (PageReserved(page))
		return;
	/* The shadow's update below waits for the chain walk: start its
	 * host misses now. */
	if (machine->checks)
		rmap_shadow_prefetch(page, pte_paddr);
	hw_event(this_cpu(), EV_rmap_remove);
	pte_chain_lock(page);
	page_touch(page, PF_pte, false);	/* page->pte.direct / chain */

	if (!page_mapped(page))
		goto out_unlock;	/* remap_page_range() from a driver? */
	rmap_count_length(page);

	if (test_page_flag(page, PG_direct)) {
		if (page->pte == pte_paddr) {
			page_touch(page, PF_pte, true);
			page->pte = 0;
			clear_page_flag(page, PG_direct);
			goto out;
		}
	} else {
		vaddr_t start = (vaddr_t)page->pte, pc;
		u32 start_word = kv_read32(start);
		u32 victim_i = pte_chain_idx(start_word), i;

		examined = chain_scan(start, start_word, pte_paddr,
				      chain_hint_of(page), &pc, &i);
		if (pc) {
			slot_write(pc, i, slot_read(start, victim_i));
			slot_write(start, victim_i, 0);
			if (victim_i == nrpte - 1) {
				/* Emptied a pte_chain. */
				page_touch(page, PF_pte, true);
				page->pte = pte_chain_next(start_word);
				chain_hint_pop(page);
				pte_chain_free(start);
			} else {
				kv_write32(start, start_word + 1);
			}
			goto out;
		}
	}
	panic("page_remove_rmap: pte_addr %llx not found on page %lx",
	      (unsigned long long)pte_paddr, page_to_pfn(page));
out:
	charge_n(CODE_pte_chain_entry, examined);
	/* An 8-byte pte_addr_t's high word: one more load and compare. */
	if (pa_size == 8)
		charge_n(CODE_pte_chain_entry_u64, examined);
	/* atomic_{inc,add_negative}(&page->_mapcount) */
	page_touch_rmw(page, PF_mapcount);
	if (page_mapcount_dec(page))
		nr_mapped--;	/* dec_page_state(nr_mapped) */
	if (machine->checks)
		rmap_shadow_remove(page, pte_paddr);
out_unlock:
	pte_chain_unlock(page);
}

/* ptep_test_and_clear_young on the PTE @pa names, mapped for the access. */
static bool rmap_test_and_clear_young(pte_addr_t pa)
{
	vaddr_t ptep = rmap_ptep_map(pa);
	pte_t pte = ptep_get(ptep);
	bool young = pte_young(pte);

	if (young)
		set_pte_at(ptep, pte_modify_flags(pte, 0, _PROT_YOUNG));
	rmap_ptep_unmap(ptep);
	return young;
}

/*
 * 2.6.0 calls page_referenced with the pte_chain lock held; the lock is
 * not part of rmap.h, so it is taken here.  As in 2.6.0, a chain found to
 * hold a single entry is turned back into a direct mapping.
 */
int page_referenced(struct page *page)
{
	CC_SCOPE(page_referenced);
	int referenced = 0;

	if (objrmap)
		panic("page_referenced: the objrmap walk (anon_vma, i_mmap) is not modelled; use rmap=pte-chain");

	if (test_page_flag(page, PG_referenced)) {
		clear_page_flag(page, PG_referenced);
		referenced++;
	}
	pte_chain_lock(page);
	page_touch(page, PF_pte, false);	/* page->pte.direct / chain */
	if (test_page_flag(page, PG_direct)) {
		if (rmap_test_and_clear_young(page->pte))
			referenced++;
	} else if (page->pte) {
		vaddr_t pc, next;
		u32 nr_chains = 0, examined = 0;

		for (pc = (vaddr_t)page->pte; pc; pc = next) {
			next = pte_chain_next(kv_read32(pc));
			for (int i = (int)nrpte - 1; i >= 0; i--) {
				pte_addr_t pa = slot_read(pc, (u32)i);

				examined++;
				if (!pa)
					break;
				if (rmap_test_and_clear_young(pa))
					referenced++;
				nr_chains++;
			}
		}
		charge_n(CODE_pte_chain_entry, examined);
		if (nr_chains == 1) {
			pc = (vaddr_t)page->pte;
			page_touch(page, PF_pte, true);
			page->pte = slot_read(pc, nrpte - 1);
			set_page_flag(page, PG_direct);
			chain_hint_pop(page);
			slot_write(pc, nrpte - 1, 0);
			pte_chain_free(pc);
		}
	}
	pte_chain_unlock(page);
	return referenced;
}

void rmap_for_each(struct page *page, void (*fn)(pte_addr_t pa, void *arg),
		   void *arg)
{
	BUG_ON(objrmap);
	if (test_page_flag(page, PG_direct)) {
		fn(page->pte, arg);
		return;
	}
	for (vaddr_t pc = (vaddr_t)page->pte, next; pc; pc = next) {
		u32 word = raw_read32(pc);

		next = pte_chain_next(word);
		for (u32 i = pte_chain_idx(word); i < nrpte; i++)
			fn(raw_slot_read(pc, i), arg);
	}
}

bool rmap_hints_follow_chain(const struct page *page)
{
	const struct chain_hint *hint = chain_hint_of(page);
	u32 k = hint ? hint->nr : 0;

	BUG_ON(objrmap);
	if (!test_page_flag(page, PG_direct)) {
		for (vaddr_t pc = (vaddr_t)page->pte; pc;
		     pc = pte_chain_next(raw_read32(pc)))
			if (!k || hint->blk[--k] != pc)
				return false;
	}
	return k == 0;
}

static void count_one(pte_addr_t pa, void *arg)
{
	(*(u32 *)arg)++;
}

u32 page_rmap_count(struct page *page)
{
	u32 n = 0;

	if (objrmap)
		return (u32)page_mapcount(page);

	rmap_for_each(page, count_one, &n);
	return n;
}
