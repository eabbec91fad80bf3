// SPDX-License-Identifier: GPL-2.0-only
/*
 * pte_chain rmap (2.6.0 mm/rmap.c): the chain geometry per board and
 * configuration, direct mappings, conversion to a chain, filling blocks,
 * the removal order (the head's first used entry plugs the hole, an empty
 * head is freed), page_referenced, the HIGHPTE pte_addr_t (a physical
 * address, found through the fixmap PTE, mapped through KM_PTE2), exact
 * scan costs, and the broken-invariant panics.  The ARM boards run
 * object-based rmap by default, so their pte_chain tests ask for
 * rmap=pte-chain; the objrmap_* tests at the end hold objrmap to a count.
 *
 * PTE pages are built by hand: a page from the allocator (highmem under
 * HIGHPTE), mapped with kmap_atomic(KM_PTE0); the "PTEs" are its slots.
 * Boot sets up the pte_chain cache (rmap_init) and shutdown destroys it,
 * so every test must give back all the blocks it took.
 */
#include "helpers.h"

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mm.h"
#include "mm/rmap.h"
#include "mm/rmap_hint.h"
#include "mm/rmap_shadow.h"

#define MAX_ENTRIES 64

static bool highpte_on(void)
{
	return config->highpte && config->highmem;
}

/* A user PTE page, mapped as pte_offset_map would map it. */
struct ptpage {
	struct page *pt;
	vaddr_t base;
};

static void pt_map(struct ptpage *p)
{
	p->pt = alloc_page(GFP_KERNEL | (highpte_on() ? __GFP_HIGHMEM : 0));
	cr_assert(p->pt);
	/* Highmem when there is any (BeagleBone's 256 MiB has none). */
	cr_assert(highpte_on() || !PageHighMem(p->pt));
	p->base = kmap_atomic(p->pt, KM_PTE0);
}

static void pt_unmap(struct ptpage *p)
{
	kunmap_atomic(p->base, KM_PTE0);
}

static void pt_remap(struct ptpage *p)
{
	p->base = kmap_atomic(p->pt, KM_PTE0);
}

static vaddr_t ptep(const struct ptpage *p, u32 i)
{
	return p->base + i * pgtable->pte_size;
}

static struct page *datapage(void)
{
	struct page *page = alloc_page(GFP_HIGHUSER);

	cr_assert(page);
	return page;
}

/* page_add_rmap the way 2.6.0 callers do; true if the block was used. */
static bool add(struct page *page, vaddr_t pte)
{
	vaddr_t pc = pte_chain_alloc(GFP_KERNEL);
	vaddr_t left;

	cr_assert(pc);
	left = page_add_rmap(page, pte, pc);
	cr_assert(left == 0 || left == pc);
	pte_chain_free(left);
	return left == 0;
}

/* The pte_addr_t values on @page, in chain order. */
struct rmap_list {
	u32 n;
	pte_addr_t pa[MAX_ENTRIES];
};

static void collect_one(pte_addr_t pa, void *arg)
{
	struct rmap_list *l = arg;

	cr_assert_lt(l->n, MAX_ENTRIES);
	l->pa[l->n++] = pa;
}

static void collect(struct page *page, struct rmap_list *l)
{
	l->n = 0;
	rmap_for_each(page, collect_one, l);
}

/* Assert the chain holds exactly @want (chain order). */
static void assert_chain(struct page *page, const pte_addr_t *want, u32 n)
{
	struct rmap_list l;

	collect(page, &l);
	cr_assert_eq(l.n, n, "chain has %u entries, want %u", l.n, n);
	for (u32 i = 0; i < n; i++)
		cr_assert_eq(l.pa[i], want[i], "entry %u: %llx != %llx", i,
			     (unsigned long long)l.pa[i],
			     (unsigned long long)want[i]);
	cr_assert_eq(page_rmap_count(page), n);
	cr_assert_eq(page_mapcount(page), (int)n);
	cr_assert_eq(page_mapped(page), n > 0);
	if (!rmap_objrmap())
		cr_assert(rmap_hints_follow_chain(page),
			  "the chain hints do not follow the chain");
}

/* Uncharged reads of a block, with the i386 / ARM 4-byte-entry layout. */
static u32 blk_word(vaddr_t pc)
{
	return ram_read32(&machine->ram, __pa(pc));
}

static pte_addr_t blk_slot(vaddr_t pc, u32 i)
{
	phys_addr_t pa = __pa(pc) + 4 + i * rmap_pte_addr_size();

	if (rmap_pte_addr_size() == 4)
		return ram_read32(&machine->ram, pa);
	return ram_read32(&machine->ram, pa) |
	       (u64)ram_read32(&machine->ram, pa + 4) << 32;
}

static void assert_geometry(u32 nrpte, u32 size)
{
	cr_assert_eq(pte_chain_inuse(), 0);
	cr_assert_eq(rmap_nrpte(), nrpte, "NRPTE %u != %u", rmap_nrpte(),
		     nrpte);
	cr_assert_eq(rmap_pte_addr_size(), size);
	test_shutdown();
}

Test(rmap, nrpte_kirkwood)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain",
		  "CONFIG_HIGHPTE=y");
	/* 32-byte lines, HIGHPTE on with 32-bit physical. */
	cr_assert(highpte_on());
	assert_geometry(7, 4);
}

Test(rmap, nrpte_kirkwood_nohighpte)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain",
		  "CONFIG_HIGHPTE=n");
	assert_geometry(7, 4);
}

Test(rmap, nrpte_beaglebone)
{
	TEST_BOOT("beaglebone-white", "rmap=pte-chain");
	assert_geometry(15, 4);
}

Test(rmap, nrpte_numaq)
{
	TEST_BOOT("numaq-16");
	cr_assert(!highpte_on());
	assert_geometry(7, 4);
}

Test(rmap, nrpte_numaq_highpte)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	/* u64 pte_addr_t on PAE halves NRPTE: (32 - 4) / 8. */
	assert_geometry(3, 8);
}

Test(rmap, nrpte_cortex_a15_lpae_highpte)
{
	TEST_BOOT("cortex-a15-2g", "rmap=pte-chain", "CONFIG_ARM_LPAE=y",
		  "CONFIG_HIGHPTE=y");
	assert_geometry(7, 8);
}

Test(rmap, direct_mapping)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain",
		  "CONFIG_HIGHPTE=y");
	struct page *page = datapage();
	struct ptpage pt;
	vaddr_t pc;

	pt_map(&pt);
	cr_assert_eq(page_mapcount(page), 0);
	cr_assert(!page_mapped(page));
	pc = pte_chain_alloc(GFP_KERNEL);
	/* The first mapping is direct: the prealloc comes back unused. */
	cr_assert_eq(page_add_rmap(page, ptep(&pt, 5), pc), pc);
	pte_chain_free(pc);
	cr_assert(test_page_flag(page, PG_direct));
	cr_assert_eq(page->pte, ptep_to_paddr(ptep(&pt, 5)));
	cr_assert_eq(page->pte, page_to_phys(pt.pt) + 5 * pgtable->pte_size);
	cr_assert(!test_page_flag(page, PG_chainlock));
	assert_chain(page, (pte_addr_t[]){ page->pte }, 1);

	page_remove_rmap(page, ptep(&pt, 5));
	cr_assert(!test_page_flag(page, PG_direct));
	cr_assert_eq(page->pte, 0);
	assert_chain(page, NULL, 0);
	/* Removing from an unmapped page is tolerated, as in 2.6.0. */
	page_remove_rmap(page, ptep(&pt, 5));
	cr_assert_eq(page_mapcount(page), 0);

	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

/*
 * nr_mapped counts pages, not mappings: a page's first page_add_rmap
 * raises it, its last page_remove_rmap lowers it.  The end-of-run audit
 * skips its walk over mem_map when it is zero.
 */
Test(rmap, nr_mapped_counts_mapped_pages)
{
	TEST_BOOT("numaq-16");
	struct page *a = datapage(), *b = datapage();
	unsigned long base = nr_mapped;
	struct ptpage pt;

	cr_assert_eq(base, 0);
	pt_map(&pt);
	add(a, ptep(&pt, 0));
	cr_assert_eq(nr_mapped, 1);
	add(a, ptep(&pt, 1));
	add(a, ptep(&pt, 2));
	cr_assert_eq(nr_mapped, 1);
	add(b, ptep(&pt, 3));
	cr_assert_eq(nr_mapped, 2);
	page_remove_rmap(a, ptep(&pt, 1));
	page_remove_rmap(a, ptep(&pt, 0));
	cr_assert_eq(nr_mapped, 2);
	page_remove_rmap(a, ptep(&pt, 2));
	cr_assert_eq(nr_mapped, 1);
	/* Removing from an unmapped page changes nothing. */
	page_remove_rmap(a, ptep(&pt, 2));
	cr_assert_eq(nr_mapped, 1);
	page_remove_rmap(b, ptep(&pt, 3));
	cr_assert_eq(nr_mapped, 0);
	/* The reserved zero-state frames are never counted. */
	page_add_rmap(pfn_to_page(min_pfn), ptep(&pt, 4), 0);
	cr_assert_eq(nr_mapped, 0);

	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}

Test(rmap, second_mapping_converts_to_a_chain)
{
	TEST_BOOT("numaq-16");
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t a, b;
	vaddr_t pc;

	pt_map(&pt);
	a = ptep_to_paddr(ptep(&pt, 0));
	b = ptep_to_paddr(ptep(&pt, 1));
	/* Without HIGHPTE a pte_addr_t is the PTE's kernel VA. */
	cr_assert_eq(a, ptep(&pt, 0));
	cr_assert(!add(page, ptep(&pt, 0)));
	pc = pte_chain_alloc(GFP_KERNEL);
	cr_assert_eq(page_add_rmap(page, ptep(&pt, 1), pc), 0,
		     "the conversion consumes the prealloc");
	cr_assert(!test_page_flag(page, PG_direct));
	cr_assert_eq(page->pte, pc);
	cr_assert(IS_ALIGNED(pc, 32));
	/* next NULL, first used slot NRPTE-2; old at the back, new before. */
	cr_assert_eq(blk_word(pc), 5);
	cr_assert_eq(blk_slot(pc, 6), a);
	cr_assert_eq(blk_slot(pc, 5), b);
	for (u32 i = 0; i < 5; i++)
		cr_assert_eq(blk_slot(pc, i), 0);
	assert_chain(page, (pte_addr_t[]){ b, a }, 2);

	page_remove_rmap(page, ptep(&pt, 0));
	/* 2.6.0 leaves a one-entry chain (no conversion back in remove). */
	cr_assert(!test_page_flag(page, PG_direct));
	cr_assert_eq(page->pte, pc);
	cr_assert_eq(blk_word(pc), 6);
	cr_assert_eq(blk_slot(pc, 6), b);
	cr_assert_eq(blk_slot(pc, 5), 0);
	assert_chain(page, (pte_addr_t[]){ b }, 1);
	page_remove_rmap(page, ptep(&pt, 1));
	assert_chain(page, NULL, 0);
	cr_assert(!test_page_flag(page, PG_direct));

	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

/*
 * Map @page from slots 0..n-1 of @pt, checking when the prealloc is used,
 * and return the pte_addr_t values in insertion order.
 */
static void fill(struct page *page, struct ptpage *pt, u32 n, pte_addr_t *pa)
{
	u32 nr = rmap_nrpte();

	for (u32 i = 0; i < n; i++) {
		bool used = add(page, ptep(pt, i));
		/* Used at the conversion (2nd add) and whenever the head
		 * was full: with NRPTE, 2 NRPTE, ... entries present. */
		bool want = i == 1 || (i >= nr && i % nr == 0);

		pa[i] = ptep_to_paddr(ptep(pt, i));
		cr_assert_eq(used, want, "add %u: prealloc used %d", i, used);
	}
}

Test(rmap, fills_a_block_then_pushes_a_new_head)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain");
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t pa[8];
	vaddr_t b1, b2;

	pt_map(&pt);
	fill(page, &pt, 7, pa);
	b1 = (vaddr_t)page->pte;
	/* One full block: idx 0, entries in reverse order of insertion. */
	cr_assert_eq(blk_word(b1), 0);
	for (u32 i = 0; i < 7; i++)
		cr_assert_eq(blk_slot(b1, i), pa[6 - i]);
	assert_chain(page,
		     (pte_addr_t[]){ pa[6], pa[5], pa[4], pa[3], pa[2], pa[1],
				     pa[0] },
		     7);

	cr_assert(add(page, ptep(&pt, 7)), "the head was full");
	pa[7] = ptep_to_paddr(ptep(&pt, 7));
	b2 = (vaddr_t)page->pte;
	cr_assert_neq(b2, b1);
	cr_assert_eq(blk_word(b2), b1 | 6);
	cr_assert_eq(blk_slot(b2, 6), pa[7]);
	cr_assert_eq(blk_slot(b2, 0), 0);
	assert_chain(page,
		     (pte_addr_t[]){ pa[7], pa[6], pa[5], pa[4], pa[3], pa[2],
				     pa[1], pa[0] },
		     8);

	for (u32 i = 0; i < 8; i++)
		page_remove_rmap(page, ptep(&pt, i));
	assert_chain(page, NULL, 0);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

/* Remove every entry of slots [from, to) of @pt from @page. */
static void unfill(struct page *page, struct ptpage *pt, u32 from, u32 to)
{
	for (u32 i = from; i < to; i++)
		page_remove_rmap(page, ptep(pt, i));
}

Test(rmap, fills_blocks_of_fifteen_on_64_byte_lines)
{
	TEST_BOOT("beaglebone-white", "rmap=pte-chain");
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t pa[17];

	pt_map(&pt);
	fill(page, &pt, 17, pa);
	cr_assert_eq(pte_chain_inuse(), 2);
	/* Head: pa16 pa15 in slots 13, 14; then the full first block. */
	cr_assert_eq(blk_word((vaddr_t)page->pte) & 63, 13);
	cr_assert_eq(blk_slot((vaddr_t)page->pte, 13), pa[16]);
	cr_assert_eq(blk_slot((vaddr_t)page->pte, 14), pa[15]);
	cr_assert_eq(page_rmap_count(page), 17);
	cr_assert_eq(page_mapcount(page), 17);
	unfill(page, &pt, 0, 17);
	assert_chain(page, NULL, 0);
	cr_assert_eq(pte_chain_inuse(), 0);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

Test(rmap, removal_moves_the_head_entry_and_frees_an_empty_head)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain",
		  "CONFIG_HIGHPTE=n");
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t pa[8];
	vaddr_t b1;

	pt_map(&pt);
	fill(page, &pt, 8, pa);
	cr_assert_eq(pte_chain_inuse(), 2);
	b1 = blk_word((vaddr_t)page->pte) & ~31u;
	/* Chain: head [pa7] -> b1 [pa6 pa5 pa4 pa3 pa2 pa1 pa0]. */

	/* pa2 sits in b1 slot 4; the victim is the head's only entry, so the
	 * head empties and is freed. */
	page_remove_rmap(page, ptep(&pt, 2));
	cr_assert_eq(page->pte, b1);
	cr_assert_eq(pte_chain_inuse(), 1);
	cr_assert_eq(blk_slot(b1, 4), pa[7]);
	assert_chain(page,
		     (pte_addr_t[]){ pa[6], pa[5], pa[4], pa[3], pa[7], pa[1],
				     pa[0] },
		     7);

	/* The head's first used entry removing itself. */
	page_remove_rmap(page, ptep(&pt, 6));
	cr_assert_eq(blk_word(b1), 1);
	cr_assert_eq(blk_slot(b1, 0), 0);
	assert_chain(page,
		     (pte_addr_t[]){ pa[5], pa[4], pa[3], pa[7], pa[1], pa[0] },
		     6);

	/* The last slot: plugged with slot 1's entry. */
	page_remove_rmap(page, ptep(&pt, 0));
	cr_assert_eq(blk_word(b1), 2);
	cr_assert_eq(blk_slot(b1, 6), pa[5]);
	cr_assert_eq(blk_slot(b1, 1), 0);
	assert_chain(page, (pte_addr_t[]){ pa[4], pa[3], pa[7], pa[1], pa[5] },
		     5);

	/* Down to one entry, then none: the last removal frees the block. */
	page_remove_rmap(page, ptep(&pt, 3));
	page_remove_rmap(page, ptep(&pt, 4));
	page_remove_rmap(page, ptep(&pt, 7));
	page_remove_rmap(page, ptep(&pt, 1));
	cr_assert_eq(pte_chain_inuse(), 1);
	assert_chain(page, (pte_addr_t[]){ pa[5] }, 1);
	page_remove_rmap(page, ptep(&pt, 5));
	cr_assert_eq(pte_chain_inuse(), 0);
	assert_chain(page, NULL, 0);
	cr_assert(!test_page_flag(page, PG_direct));

	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

/*
 * A chain of nine blocks built and taken apart out of order: after each
 * step the hints name the blocks (mm/rmap_hint.h), as many as the slab
 * has in use.
 */
Test(rmap, hints_follow_a_chain_of_many_blocks)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain");
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t pa[MAX_ENTRIES];
	const u32 n = 60;

	pt_map(&pt);
	fill(page, &pt, n, pa);
	/* 60 entries, 7 a block: 8 full blocks behind a head of 4. */
	cr_assert_eq(pte_chain_inuse(), 9);
	cr_assert_eq(chain_hint_of(page)->nr, 9);
	cr_assert(rmap_hints_follow_chain(page));
	for (u32 k = 0; k < n; k++) {
		u32 i = (k * 37) % n;	/* 37 and 60 coprime: each slot once */

		page_remove_rmap(page, ptep(&pt, i));
		cr_assert(rmap_hints_follow_chain(page), "after removing %u",
			  i);
		cr_assert_eq(chain_hint_of(page)->nr, pte_chain_inuse(),
			     "after removing %u", i);
	}
	assert_chain(page, NULL, 0);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

Test(rmap, reserved_pages_are_not_recorded)
{
	TEST_BOOT("numaq-16");
	struct page *page = datapage();
	struct ptpage pt;
	vaddr_t pc;

	pt_map(&pt);
	set_page_flag(page, PG_reserved);
	pc = pte_chain_alloc(GFP_KERNEL);
	cr_assert_eq(page_add_rmap(page, ptep(&pt, 0), pc), pc);
	cr_assert_eq(page_add_rmap(page, ptep(&pt, 1), pc), pc);
	pte_chain_free(pc);
	cr_assert_eq(page->pte, 0);
	cr_assert_eq(page_mapcount(page), 0);
	page_remove_rmap(page, ptep(&pt, 0));
	cr_assert_eq(page_mapcount(page), 0);
	clear_page_flag(page, PG_reserved);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

/* Install user PTEs mapping @page in slots [0, n); young where @young. */
static void set_ptes(struct ptpage *pt, struct page *page, u32 n,
		     const bool *young)
{
	for (u32 i = 0; i < n; i++) {
		u32 f = _PROT_PRESENT | _PROT_USER |
			(young[i] ? _PROT_YOUNG : 0);

		set_pte_at(ptep(pt, i),
			   pfn_pte(page_to_pfn(page), (pgprot_t){ f }));
	}
}

static void assert_none_young(struct ptpage *pt, u32 n)
{
	for (u32 i = 0; i < n; i++) {
		pte_t pte = ptep_get(ptep(pt, i));

		cr_assert(pte_present(pte));
		cr_assert(!pte_young(pte), "PTE %u still young", i);
	}
}

/* page_referenced on a 4-entry chain, 3 of them young, PG_referenced set. */
static void referenced_case(u64 want_kmaps)
{
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t pa[4];
	struct probe p;

	pt_map(&pt);
	set_ptes(&pt, page, 4, (bool[]){ true, false, true, true });
	fill(page, &pt, 4, pa);
	set_page_flag(page, PG_referenced);
	/* vmscan holds no PTE mapping while it ages pages. */
	pt_unmap(&pt);
	probe_take(&p);
	cr_assert_eq(page_referenced(page), 4);
	cr_assert_eq(probe_ev(&p, EV_kmap_atomic), want_kmaps);
	/* One store per young PTE, plus each fixmap slot's PTE. */
	cr_assert_eq(probe_ev(&p, EV_pte_write), 3 + want_kmaps);
	cr_assert_gt(probe_cc(&p, CC_page_referenced), 0);
	cr_assert(!test_page_flag(page, PG_referenced));
	cr_assert_eq(page_referenced(page), 0);
	cr_assert_eq(page_rmap_count(page), 4);
	pt_remap(&pt);
	assert_none_young(&pt, 4);
	unfill(page, &pt, 0, 4);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

Test(rmap, page_referenced_numaq)
{
	TEST_BOOT("numaq-16");
	/* Without HIGHPTE the PTEs are lowmem: no kmap at all. */
	referenced_case(0);
}

Test(rmap, page_referenced_numaq_highpte_kmaps_each_entry)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	referenced_case(4);
}

Test(rmap, page_referenced_kirkwood_highpte)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain",
		  "CONFIG_HIGHPTE=y");
	referenced_case(4);
}

Test(rmap, page_referenced_direct)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	struct page *page = datapage();
	struct ptpage pt;
	struct probe p;

	pt_map(&pt);
	set_ptes(&pt, page, 1, (bool[]){ true });
	add(page, ptep(&pt, 0));
	pt_unmap(&pt);
	probe_take(&p);
	cr_assert_eq(page_referenced(page), 1);
	cr_assert_eq(probe_ev(&p, EV_kmap_atomic), 1);
	cr_assert_eq(page_referenced(page), 0);
	pt_remap(&pt);
	page_remove_rmap(page, ptep(&pt, 0));
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

Test(rmap, page_referenced_collapses_a_single_entry_chain)
{
	TEST_BOOT("numaq-16");
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t pa[2];

	pt_map(&pt);
	set_ptes(&pt, page, 2, (bool[]){ false, false });
	fill(page, &pt, 2, pa);
	page_remove_rmap(page, ptep(&pt, 0));
	cr_assert(!test_page_flag(page, PG_direct));
	cr_assert_eq(pte_chain_inuse(), 1);
	/* 2.6.0 page_referenced turns a one-entry chain back to direct. */
	cr_assert_eq(page_referenced(page), 0);
	cr_assert(test_page_flag(page, PG_direct));
	cr_assert_eq(page->pte, pa[1]);
	cr_assert_eq(pte_chain_inuse(), 0);
	assert_chain(page, (pte_addr_t[]){ pa[1] }, 1);
	page_remove_rmap(page, ptep(&pt, 1));
	assert_chain(page, NULL, 0);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

static u64 calls_of(enum cost_centre cc)
{
	return this_cpu()->calls[cc];
}

Test(rmap, highpte_pte_addr_is_physical_above_4g)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	struct page *page = datapage();
	struct ptpage pt, pt2;
	pte_addr_t a, b;
	u64 calls;
	vaddr_t pc;

	/* A PTE page from quad 3's highmem, beyond 12 GiB. */
	machine->cur = &machine->cpu[15];
	pt.pt = alloc_page(GFP_KERNEL | __GFP_HIGHMEM);
	machine->cur = &machine->cpu[0];
	cr_assert(page_to_phys(pt.pt) >= (4ull << 30));
	pt.base = kmap_atomic(pt.pt, KM_PTE0);
	pt2.pt = alloc_page(GFP_KERNEL | __GFP_HIGHMEM);
	pt2.base = kmap_atomic(pt2.pt, KM_PTE1);

	/* Each call finds the PTE page through the fixmap PTE. */
	calls = calls_of(CC_kmap_atomic_to_page);
	a = ptep_to_paddr(ptep(&pt, 9));
	cr_assert_eq(calls_of(CC_kmap_atomic_to_page), calls + 1);
	cr_assert_eq(a, page_to_phys(pt.pt) + 9 * 8);
	b = ptep_to_paddr(ptep(&pt2, 3));
	cr_assert_eq(b, page_to_phys(pt2.pt) + 3 * 8);

	calls = calls_of(CC_kmap_atomic_to_page);
	cr_assert(!add(page, ptep(&pt, 9)));
	cr_assert_eq(calls_of(CC_kmap_atomic_to_page), calls + 1);
	cr_assert_eq(page->pte, a);
	cr_assert(test_page_flag(page, PG_direct));

	pc = pte_chain_alloc(GFP_KERNEL);
	cr_assert_eq(page_add_rmap(page, ptep(&pt2, 3), pc), 0);
	/* u64 entries at offset 4: NRPTE-1 = 2 holds the old, 1 the new. */
	cr_assert_eq(blk_word(pc), 1);
	cr_assert_eq(blk_slot(pc, 2), a);
	cr_assert_eq(blk_slot(pc, 1), b);
	cr_assert_eq(blk_slot(pc, 0), 0);
	assert_chain(page, (pte_addr_t[]){ b, a }, 2);

	calls = calls_of(CC_kmap_atomic_to_page);
	page_remove_rmap(page, ptep(&pt, 9));
	cr_assert_eq(calls_of(CC_kmap_atomic_to_page), calls + 1);
	page_remove_rmap(page, ptep(&pt2, 3));
	assert_chain(page, NULL, 0);

	kunmap_atomic(pt2.base, KM_PTE1);
	kunmap_atomic(pt.base, KM_PTE0);
	__free_page(pt2.pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

Test(rmap, no_highpte_no_fixmap_lookup)
{
	TEST_BOOT("numaq-16");
	struct page *page = datapage();
	struct ptpage pt;
	u64 calls;

	pt_map(&pt);
	calls = calls_of(CC_kmap_atomic_to_page);
	add(page, ptep(&pt, 0));
	page_remove_rmap(page, ptep(&pt, 0));
	cr_assert_eq(calls_of(CC_kmap_atomic_to_page), calls);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

Test(rmap, lpae_entries_are_8_byte_aligned)
{
	TEST_BOOT("cortex-a15-2g", "rmap=pte-chain", "CONFIG_ARM_LPAE=y",
		  "CONFIG_HIGHPTE=y");
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t pa[2];
	phys_addr_t blk;

	pt_map(&pt);
	fill(page, &pt, 2, pa);
	blk = __pa((vaddr_t)page->pte);
	/* ARM EABI aligns a u64 member to 8: ptes[] starts at offset 8. */
	cr_assert_eq(ram_read32(&machine->ram, blk), 5);
	cr_assert_eq(ram_read64(&machine->ram, blk + 8 + 6 * 8), pa[0]);
	cr_assert_eq(ram_read64(&machine->ram, blk + 8 + 5 * 8), pa[1]);
	cr_assert_eq(pa[0], page_to_phys(pt.pt));
	assert_chain(page, (pte_addr_t[]){ pa[1], pa[0] }, 2);
	unfill(page, &pt, 0, 2);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

/* Touch every block of @page's chain so it sits in L1 and the TLB. */
static void warm_chain(struct page *page)
{
	for (vaddr_t pc = (vaddr_t)page->pte; pc; pc = blk_word(pc) & ~31u)
		kv_read32(pc);
}

Test(rmap, remove_scan_cost_is_exact)
{
	/* The centres hold the code costs alone: no I-cache fills, and no
	 * placed struct page whose lines would join the chain's. */
	TEST_BOOT("numaq-16", "icache_model=n", "kernel_data=host");
	const u32 *code = code_cost;
	struct page *pa_page = datapage(), *pb_page = datapage();
	struct ptpage pt;
	pte_addr_t pa[32];
	struct probe p;
	u64 short_cc, long_cc;

	pt_map(&pt);
	/* Two pages with 16 entries each: head [2] -> [7] -> [7]. */
	fill(pa_page, &pt, 16, pa);
	for (u32 i = 16; i < 32; i++)
		add(pb_page, ptep(&pt, i));
	warm_chain(pa_page);
	warm_chain(pb_page);

	/* Short: the entry is the head's first used one: 1 slot examined,
	 * 6 accesses (word, slot, victim, 2 slot stores, word store). */
	probe_take(&p);
	page_remove_rmap(pb_page, ptep(&pt, 31));
	short_cc = probe_cc(&p, CC_page_remove_rmap);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 0);
	cr_assert_eq(probe_ev(&p, EV_tlb_miss), 0);
	cr_assert_eq(probe_ev(&p, EV_l1d_hit), 6);
	/* numaq's L1 hit is free: the centre holds the code costs only. */
	cr_assert_eq(short_cc, code[CODE_page_remove_rmap] +
				       code[CODE_bit_spin_lock] +
				       1 * code[CODE_pte_chain_entry]);
	cr_assert_eq(p.cycles + short_cc, machine_elapsed_cycles());

	/* Long: the first entry added, in the last slot of the last block:
	 * 2 + 7 + 7 slots examined, 3 words read. */
	probe_take(&p);
	page_remove_rmap(pa_page, ptep(&pt, 0));
	long_cc = probe_cc(&p, CC_page_remove_rmap);
	cr_assert_eq(probe_ev(&p, EV_l1d_miss), 0);
	cr_assert_eq(probe_ev(&p, EV_l1d_hit), 6 + 15 + 2);
	cr_assert_eq(long_cc, code[CODE_page_remove_rmap] +
				      code[CODE_bit_spin_lock] +
				      16 * code[CODE_pte_chain_entry]);
	cr_assert_eq(long_cc - short_cc, 15 * code[CODE_pte_chain_entry]);

	unfill(pa_page, &pt, 1, 16);
	unfill(pb_page, &pt, 16, 31);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(pa_page);
	__free_page(pb_page);
	test_shutdown();
}

/* L1 D-cache accesses and TLB lookups since @p. */
static u64 loads_since(const struct probe *p)
{
	return probe_ev(p, EV_l1d_hit) + probe_ev(p, EV_l1d_miss);
}

static u64 lookups_since(const struct probe *p)
{
	return probe_ev(p, EV_tlb_hit) + probe_ev(p, EV_tlb_miss);
}

/*
 * The loads of a removal's scan, exactly, on the booted board, and the
 * code of the slots it compares: removing the entry added first (the last
 * slot of the last of @blocks full blocks) against removing the head's
 * first used entry from another such chain.  The long scan loads the
 * head's NRPTE slots and, per later block, its word and its NRPTE slots;
 * the short one the head's first slot; the rest of the two removals is
 * the same.  A slot is @loads_per_slot loads: two where i386 reads a u64
 * at a 4-byte aligned offset as two 32-bit words.
 */
static void assert_scan_loads(u32 blocks, u32 loads_per_slot)
{
	u32 nr = rmap_nrpte(), n = blocks * nr;
	u64 want = nr * loads_per_slot +
		   (blocks - 1) * (1 + nr * loads_per_slot) - loads_per_slot;
	struct page *a = datapage(), *b = datapage();
	pte_addr_t pa[MAX_ENTRIES];
	struct ptpage pt;
	struct probe p;
	u64 short_loads, short_lookups, short_cc, long_cc;

	cr_assert_leq(2 * n, MAX_ENTRIES);
	pt_map(&pt);
	fill(a, &pt, n, pa);
	for (u32 i = n; i < 2 * n; i++)
		add(b, ptep(&pt, i));
	cr_assert_eq(pte_chain_inuse(), 2 * blocks);
	probe_take(&p);
	page_remove_rmap(b, ptep(&pt, 2 * n - 1));
	short_loads = loads_since(&p);
	short_lookups = lookups_since(&p);
	short_cc = probe_cc(&p, CC_page_remove_rmap);
	probe_take(&p);
	page_remove_rmap(a, ptep(&pt, 0));
	long_cc = probe_cc(&p, CC_page_remove_rmap);
	cr_assert_eq(loads_since(&p) - short_loads, want);
	cr_assert_eq(lookups_since(&p) - short_lookups, want);
	/* n slots against 1: at least the n - 1 extra slots' code. */
	cr_assert_geq(long_cc - short_cc,
		      (n - 1) * code_cost[CODE_pte_chain_entry]);
	unfill(a, &pt, 1, n);
	unfill(b, &pt, n, 2 * n - 1);
	cr_assert_eq(pte_chain_inuse(), 0);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(a);
	__free_page(b);
	test_shutdown();
}

/* 4-byte slots after the word: the word and a block's slots, one run. */
Test(rmap, remove_scan_loads_are_exact)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain",
		  "CONFIG_HIGHPTE=n");
	assert_scan_loads(4, 1);
}

/* i386 PAE: 8-byte slots at offset 4, each two 32-bit loads. */
Test(rmap, remove_scan_loads_are_exact_highpte)
{
	TEST_BOOT("numaq-16", "CONFIG_HIGHPTE=y");
	assert_scan_loads(4, 2);
}

/* LPAE: 8-byte slots at offset 8, after a 4-byte hole: two runs a block. */
Test(rmap, remove_scan_loads_are_exact_lpae)
{
	TEST_BOOT("cortex-a15-2g", "rmap=pte-chain", "CONFIG_ARM_LPAE=y",
		  "CONFIG_HIGHPTE=y");
	assert_scan_loads(3, 1);
}

Test(rmap, remove_of_an_absent_pte_panics_direct)
{
	TEST_BOOT("numaq-16");
	struct page *page = datapage();
	struct ptpage pt;

	pt_map(&pt);
	add(page, ptep(&pt, 0));
	EXPECT_PANIC("page_remove_rmap: pte_addr",
		     { page_remove_rmap(page, ptep(&pt, 1)); });
}

Test(rmap, remove_of_an_absent_pte_panics_chain)
{
	TEST_BOOT("kirkwood-openblocks-a7", "rmap=pte-chain");
	struct page *page = datapage();
	struct ptpage pt;
	pte_addr_t pa[9];

	pt_map(&pt);
	fill(page, &pt, 9, pa);
	EXPECT_PANIC("not found on page",
		     { page_remove_rmap(page, ptep(&pt, 100)); });
}

Test(rmap, growing_without_a_prealloc_panics)
{
	TEST_BOOT("numaq-16");
	struct page *page = datapage();
	struct ptpage pt;

	pt_map(&pt);
	add(page, ptep(&pt, 0));
	EXPECT_PANIC("no pte_chain preallocated",
		     { page_add_rmap(page, ptep(&pt, 1), 0); });
}

Test(rmap, chain_lock_self_deadlock_panics)
{
	TEST_BOOT("numaq-16");
	struct page *page = datapage();
	struct ptpage pt;

	pt_map(&pt);
	set_page_flag(page, PG_chainlock);
	EXPECT_PANIC("pte_chain_lock: pfn",
		     { page_add_rmap(page, ptep(&pt, 0), 0); });
}

/*
 * objrmap (rmap=objrmap, every ARM board's default): a mapping is a
 * _mapcount step and nothing else -- no block, no PG_direct, no page->pte,
 * no kmap_atomic_to_page under HIGHPTE -- while the rmap shadow still
 * records each PTE (by its physical address under HIGHPTE) for the audit.
 */
Test(rmap, objrmap_keeps_a_count_only)
{
	/* The rmap's own data; struct page's _mapcount line apart. */
	TEST_BOOT("kirkwood-openblocks-a7", "CONFIG_HIGHPTE=y",
		  "kernel_data=host");
	struct page *page = datapage();
	struct ptpage pt;
	struct probe p;

	cr_assert(rmap_objrmap());
	pt_map(&pt);
	cr_assert_eq(pte_chain_alloc(GFP_KERNEL), 0);
	probe_take(&p);
	for (u32 i = 0; i < 20; i++)
		cr_assert_eq(page_add_rmap(page, ptep(&pt, i), 0), 0);
	cr_assert_eq(probe_ev(&p, EV_rmap_add), 20);
	cr_assert_eq(probe_ev(&p, EV_pte_chain_alloc), 0);
	cr_assert_eq(probe_ev(&p, EV_l1d_hit) + probe_ev(&p, EV_l1d_miss), 0);
	cr_assert_eq(pte_chain_inuse(), 0);
	cr_assert_eq(page_mapcount(page), 20);
	cr_assert_eq(page_rmap_count(page), 20);
	cr_assert_eq(nr_mapped, 1);
	cr_assert_eq(page->pte, 0);
	cr_assert(!test_page_flag(page, PG_direct));
	cr_assert_eq(rmap_shadow_lookup(page, page_to_phys(pt.pt) +
						      7 * pgtable->pte_size),
		     1);
	cr_assert_eq(rmap_shadow_page_count(page), 20);
	for (u32 i = 0; i < 20; i++)
		page_remove_rmap(page, ptep(&pt, (i * 7) % 20));
	cr_assert_eq(page_mapcount(page), 0);
	cr_assert(!page_mapped(page));
	cr_assert_eq(nr_mapped, 0);
	cr_assert_eq(rmap_shadow_page_count(page), 0);
	/* The zero page is a special PTE in 3.14: rmap is not even called. */
	probe_take(&p);
	page_add_rmap(zero_page, ptep(&pt, 0), 0);
	page_remove_rmap(zero_page, ptep(&pt, 0));
	cr_assert_eq(machine_elapsed_cycles(), p.cycles);
	cr_assert_eq(probe_ev(&p, EV_rmap_add) + probe_ev(&p, EV_rmap_remove), 0);
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

/*
 * What one page_remove_rmap costs with @sharers mappings of the page on
 * @rmap: cycles and L1D accesses of the first-added mapping's removal,
 * which under pte_chains sits at the chain's far end.
 */
static void remove_cost(const char *rmap, u32 sharers, u64 *cycles,
			u64 *lines)
{
	TEST_BOOT("beaglebone-white", rmap, "kernel_data=host");
	struct page *page = datapage();
	struct ptpage pt;
	struct probe p;

	pt_map(&pt);
	for (u32 i = 0; i < sharers; i++) {
		if (rmap_objrmap())
			page_add_rmap(page, ptep(&pt, i), 0);
		else
			add(page, ptep(&pt, i));
	}
	probe_take(&p);
	page_remove_rmap(page, ptep(&pt, 0));
	*cycles = machine_elapsed_cycles() - p.cycles;
	*lines = probe_ev(&p, EV_l1d_hit) + probe_ev(&p, EV_l1d_miss);
	for (u32 i = 1; i < sharers; i++)
		page_remove_rmap(page, ptep(&pt, i));
	pt_unmap(&pt);
	__free_page(pt.pt);
	__free_page(page);
	test_shutdown();
}

/*
 * The point of objrmap for exit: removing a mapping costs the same however
 * many processes share the page.  Under pte_chains the same removal from
 * 64 sharers scans every block (64 entries, 7 to a 32-byte block).
 */
Test(rmap, objrmap_removal_does_not_grow_with_sharers)
{
	u64 c2, l2, c64, l64;

	remove_cost("rmap=objrmap", 2, &c2, &l2);
	remove_cost("rmap=objrmap", 64, &c64, &l64);
	cr_assert_eq(c64, c2, "%llu cycles with 64 sharers, %llu with 2",
		     (unsigned long long)c64, (unsigned long long)c2);
	cr_assert_eq(l2, 0);
	cr_assert_eq(l64, 0);
	remove_cost("rmap=pte-chain", 2, &c2, &l2);
	remove_cost("rmap=pte-chain", 64, &c64, &l64);
	cr_assert_gt(c64, c2);
	cr_assert_geq(l64, 10, "%llu lines", (unsigned long long)l64);
}

Test(rmap, objrmap_remove_from_an_unmapped_page_panics)
{
	TEST_BOOT("cortex-a15-2g");
	struct page *page = datapage();
	struct ptpage pt;

	pt_map(&pt);
	EXPECT_PANIC("page_remove_rmap: pfn",
		     { page_remove_rmap(page, ptep(&pt, 0)); });
}

Test(rmap, objrmap_page_referenced_is_not_modelled)
{
	TEST_BOOT("beaglebone-white");
	struct page *page = datapage();

	EXPECT_PANIC("objrmap walk",
		     { page_referenced(page); });
}
