// SPDX-License-Identifier: GPL-2.0-only
#include "hw/machine.h"

#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "base/panic.h"

struct machine *machine;

/*
 * The 64-byte text lines of centre @cc: the measured ones (cfg->cc_text),
 * or, for a centre no measured operation runs but whose size is estimated
 * (cfg->cc_text_bytes, [E]: the DMA maintenance, the network driver),
 * that many lines laid end to end in a region of their own from
 * TEXT_SYNTH_OFF, so that an invalidate costs their refetch too.
 * Return: the number of lines; their offsets from _stext go to @off when
 * it is not NULL, the synthetic ones advancing *@synth.
 */
#define TEXT_SYNTH_OFF 0x00f00000u
static u32 cc_text_lines(const struct hw_config *cfg, u32 cc, u32 *off,
			 u32 *synth)
{
	const struct cc_text *t = &cfg->cc_text[cc];
	u32 n;

	if (t->nr) {
		for (u16 i = 0; off && i < t->nr; i++)
			off[i] = t->line_off[i];
		return t->nr;
	}
	if (!cfg->cc_text_bytes || !cfg->cc_text_bytes[cc])
		return 0;
	n = DIV_ROUND_UP(cfg->cc_text_bytes[cc], CC_TEXT_LINE);
	for (u32 i = 0; off && i < n; i++) {
		off[i] = *synth;
		*synth += CC_TEXT_LINE;
	}
	return n;
}

/*
 * Lay out the I-cache lines of every cost centre's text: each CC_TEXT_LINE
 * at text_pa + (offset mod text_span), cut into lines of the I-cache's
 * size.
 */
static int icache_lines_init(struct machine *m)
{
	const struct hw_config *cfg = &m->cfg;
	u32 shift = (u32)__builtin_ctz(cfg->l1i.line);
	u32 per = CC_TEXT_LINE >> shift, n = 0, synth = TEXT_SYNTH_OFF;
	u32 *off;

	/* A hand-made configuration without text: every centre is empty. */
	if (!cfg->cc_text)
		return 0;
	if (!per || cfg->text_pa + cfg->text_span > (1ull << (32 + shift)))
		return -EINVAL;
	for (u32 cc = 0; cc < NR_CC; cc++)
		n += cc_text_lines(cfg, cc, NULL, NULL) * per;
	m->icache_line = malloc(sizeof(*m->icache_line) * (n ? n : 1));
	off = malloc(sizeof(*off) * 65536);
	if (!m->icache_line || !off) {
		free(off);
		return -ENOMEM;
	}
	n = 0;
	for (u32 cc = 0; cc < NR_CC; cc++) {
		u32 nr = cc_text_lines(cfg, cc, off, &synth);

		m->icache_start[cc] = n;
		for (u32 i = 0; i < nr; i++) {
			phys_addr_t pa = cfg->text_pa +
					 (off[i] & (cfg->text_span - 1));

			for (u32 b = 0; b < per; b++)
				m->icache_line[n++] = (u32)(pa >> shift) + b;
		}
	}
	m->icache_start[NR_CC] = n;
	free(off);
	return 0;
}

/* Can a cache of @p name every line below @top (CACHE_LINE_BITS)? */
static bool cache_reaches(const struct cache_params *p, u64 top)
{
	/* A line size cache_init refuses is refused there. */
	if (!p->line || (p->line & (p->line - 1)))
		return true;
	return top <= cache_reach_of((u32)__builtin_ctz(p->line));
}

int machine_create(const struct hw_config *cfg, u32 ncpus, u64 ram_size)
{
	struct machine *m;
	int err;

	if (machine)
		panic("machine_create: a machine already exists");
	if (!ncpus || ncpus > MAX_CPUS || ncpus > cfg->ncpus ||
	    ram_size > cfg->ram_size)
		return -EINVAL;
	if (!dram_burst_valid(cfg->dram_burst_bytes))
		return -EINVAL;
	/*
	 * The tag arrays of 16 private 2 MiB L2s and the like: let each
	 * large block come straight from the host's zero pages, so that
	 * calloc need not clear what the run may never touch.  (glibc
	 * otherwise raises its threshold after the first such block is
	 * freed, and serves the next boot's from a heap it must clear.)
	 */
	mallopt(M_MMAP_THRESHOLD, 64 * 1024);
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	m->cfg = *cfg;
	/* Hand-made test configurations may leave mlp unset: one fill. */
	if (!m->cfg.mlp)
		m->cfg.mlp = 1;
	/* With one CPU there is nobody to snoop: not coherent at all. */
	m->cfg.coherent = cfg->coherent && ncpus > 1;
	m->ncpus = ncpus;
	if (cfg->dram_read_MBps)
		m->stream_fill_cycles = (u32)DIV_ROUND_CLOSEST(
			(u64)cfg->l2.line * cfg->cpu_hz,
			(u64)cfg->dram_read_MBps * 1000000);
	if (cfg->write_buffer_lines && cfg->dram_write_MBps)
		m->drain_cycles = (u32)MAX(1, DIV_ROUND_CLOSEST(
			(u64)cfg->l2.line * cfg->cpu_hz,
			(u64)cfg->dram_write_MBps * 1000000));
	if (cfg->dram_burst_bytes && cfg->dram_burst_bytes < cfg->l1d.line)
		m->burst_shift = (u32)__builtin_ctz(cfg->dram_burst_bytes);
	m->stream_dram[0] = MAX(m->cfg.cost.dram / m->cfg.mlp,
				m->stream_fill_cycles);
	m->stream_dram[1] = MAX(m->cfg.cost.dram_remote / m->cfg.mlp,
				m->stream_fill_cycles);
	err = ram_init(&m->ram, cfg->ram_base, ram_size, cfg->nodes);
	if (!err && cfg->icache_model)
		err = icache_lines_init(m);
	if (err)
		goto fail;
	/*
	 * A snoop looks a line up by its PA (hw/coherence.c): each L1 must
	 * hold it in one place the PA names, and a line must be one unit in
	 * both levels.
	 */
	if (m->cfg.coherent &&
	    (cfg->l1d.kind == CACHE_VIVT ||
	     cfg->l1d.kind == CACHE_VIPT_ALIASING ||
	     cfg->l1d.line != cfg->l2.line)) {
		err = -EINVAL;
		goto fail;
	}
	/*
	 * The outer cache is addressed by PA alone
	 * (cache_access_pa_shaped), and every cache's tags must name every
	 * line of RAM.
	 */
	if (cfg->l2.kind != CACHE_PIPT ||
	    !cache_reaches(&cfg->l1d, cfg->ram_base + ram_size) ||
	    !cache_reaches(&cfg->l2, cfg->ram_base + ram_size)) {
		err = -EINVAL;
		goto fail;
	}
	for (u32 i = 0; i < (cfg->l2_per_cpu ? ncpus : 1); i++) {
		err = cache_init(&m->l2[i], &cfg->l2);
		if (err)
			goto fail;
		if (cfg->random_replacement)
			m->l2[i].rng = 0x9e3779b9u ^ (2 * i + 1);
	}
	for (u32 i = 0; i < ncpus; i++) {
		struct cpu *c = &m->cpu[i];

		c->id = i;
		c->stream_from = U64_MAX;
		/* CPUs fill the nodes in order: 4 per quad on the NUMA-Q. */
		c->node = i / DIV_ROUND_UP(cfg->ncpus, cfg->nodes);
		c->mmu.format = cfg->mmu;
		c->mmu.armv6_plus = cfg->armv6_plus;
		c->l2 = &m->l2[cfg->l2_per_cpu ? i : 0];
		err = tlb_init(&c->tlb, cfg->tlb_entries, cfg->tlb_ways);
		if (!err)
			err = cache_init(&c->l1d, &cfg->l1d);
		if (!err && cfg->random_replacement)
			c->l1d.rng = 0x85ebca6bu ^ (2 * i + 1);
		if (!err) {
			c->l1d_l2_slot = calloc((size_t)c->l1d.sets * c->l1d.ways,
						sizeof(*c->l1d_l2_slot));
			if (!c->l1d_l2_slot)
				err = -ENOMEM;
		}
		if (!err && m->cfg.coherent) {
			c->l1d_wmask = calloc((size_t)c->l1d.sets * c->l1d.ways,
					      sizeof(*c->l1d_wmask));
			if (!c->l1d_wmask)
				err = -ENOMEM;
		}
		if (!err && cfg->icache_model) {
			/*
			 * Kernel text is lowmem: its VA and PA differ by
			 * PAGE_OFFSET - PHYS_OFFSET, a multiple of any way
			 * size, so a PA lookup indexes and (for a VIVT cache)
			 * tags it the same.  Physical indexing spares the
			 * VA bookkeeping of the virtually indexed kinds.
			 */
			struct cache_params l1i = cfg->l1i;

			l1i.kind = CACHE_PIPT;
			l1i.own_lookup = true;
			err = cache_init(&c->l1i, &l1i);
		}
		/* No centre has found its text resident yet. */
		c->icache_fills = 1;
		if (!err && cfg->icache_model) {
			c->icache_l2_slot = calloc(m->icache_start[NR_CC] + 1,
						   sizeof(*c->icache_l2_slot));
			c->icache_l1_slot = calloc(m->icache_start[NR_CC] + 1,
						   sizeof(*c->icache_l1_slot));
			if (!c->icache_l2_slot || !c->icache_l1_slot)
				err = -ENOMEM;
		}
		if (err)
			goto fail;
	}
	if (m->cfg.coherent) {
		m->presence = calloc((size_t)ncpus << CACHE_PRESENCE_BITS, 1);
		m->holders = calloc((size_t)1 << CACHE_PRESENCE_BITS,
				    sizeof(*m->holders));
		/* A CPU a bit of the holders word. */
		BUILD_BUG_ON(MAX_CPUS > 32);
		if (!m->presence || !m->holders) {
			err = -ENOMEM;
			goto fail;
		}
		for (u32 i = 0; i < ncpus; i++) {
			struct cpu *c = &m->cpu[i];

			/* Each CPU's bytes together: a stream of fills
			 * counts consecutive bytes of its own array. */
			c->l1d.presence = m->presence +
					  ((size_t)i << CACHE_PRESENCE_BITS);
			c->l1d.counted = true;
			c->l1d.wmask = c->l1d_wmask;
			c->l1d.holders = m->holders;
			c->l1d.holder_bit = 1u << i;
			c->l1d.presence_lines = &c->presence_lines;
			c->l1d.holder_bits = &m->holder_bits;
			if (cfg->l2_per_cpu) {
				c->l2->presence = c->l1d.presence;
				c->l2->counted = true;
				c->l2->holders = m->holders;
				c->l2->holder_bit = 1u << i;
				c->l2->presence_lines = &c->presence_lines;
				c->l2->holder_bits = &m->holder_bits;
			}
		}
	}
	m->cur = &m->cpu[0];
	machine = m;
	return 0;
fail:
	machine = m;
	machine_destroy();
	return err;
}

void machine_destroy(void)
{
	struct machine *m = machine;

	if (!m)
		return;
	/*
	 * Only the CPUs machine_create() reached (it sets ncpus first): the
	 * rest are zero, and clearing their TLBs' host translation caches
	 * would only fault in the untouched pages of a struct machine that
	 * is about to be freed.
	 */
	for (u32 i = 0; i < m->ncpus; i++) {
		tlb_exit(&m->cpu[i].tlb);
		cache_exit(&m->cpu[i].l1d);
		cache_exit(&m->cpu[i].l1i);
		free(m->cpu[i].icache_l2_slot);
		free(m->cpu[i].icache_l1_slot);
		free(m->cpu[i].icache_memo);
		free(m->cpu[i].l1d_l2_slot);
		free(m->cpu[i].l1d_wmask);
		cache_exit(&m->l2[i]);
	}
	ram_exit(&m->ram);
	free(m->icache_line);
	free(m->presence);
	free(m->holders);
	free(m);
	machine = NULL;
}

void __cc_text_fetch(struct cpu *c, u16 cc)
{
	const struct hw_config *cfg = &machine->cfg;
	u32 lines;

	c->text_gen[cc] = c->icache_gen;
	if (!cfg->cc_text_bytes || !cfg->icache_line)
		return;
	lines = DIV_ROUND_UP(cfg->cc_text_bytes[cc], cfg->icache_line);
	hw_event_add(c, EV_icache_refill_lines, lines);
	hw_charge(c, CAUSE_icache_fill, (u64)lines * cfg->cost.icache_refill_line);
}

u64 machine_event_total(enum event e)
{
	u64 n = 0;

	for (u32 i = 0; i < machine->ncpus; i++)
		n += machine->cpu[i].events[e];
	return n;
}

u64 machine_profile_total(enum cost_centre cc)
{
	u64 n = 0;

	for (u32 i = 0; i < machine->ncpus; i++)
		n += machine->cpu[i].profile[cc];
	return n;
}

u64 machine_cause_total(enum charge_cause why)
{
	u64 n = 0;

	for (u32 i = 0; i < machine->ncpus; i++)
		n += machine->cpu[i].cause[why];
	return n;
}

u64 machine_elapsed_cycles(void)
{
	u64 max = 0;

	for (u32 i = 0; i < machine->ncpus; i++)
		max = MAX(max, machine->cpu[i].cycles);
	return max;
}

void machine_reset_counters(void)
{
	for (u32 i = 0; i < machine->ncpus; i++) {
		struct cpu *c = &machine->cpu[i];

		memset(c->events, 0, sizeof(c->events));
		memset(c->profile, 0, sizeof(c->profile));
		memset(c->cause, 0, sizeof(c->cause));
		memset(c->calls, 0, sizeof(c->calls));
	}
}
