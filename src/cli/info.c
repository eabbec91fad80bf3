// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit platforms` and `vmsplit settings` (see cli/info.h).  Columns are
 * as wide as their widest cell, so a long cache kind or setting name never
 * pushes a row out of line.
 */
#include "cli/info.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "base/json.h"
#include "base/panic.h"
#include "config/settings.h"
#include "platforms/board_file.h"
#include "platforms/platform.h"

static const char *const cache_kinds[] = {
	[CACHE_VIVT] = "VIVT",
	[CACHE_VIPT_ALIASING] = "VIPT-aliasing",
	[CACHE_VIPT_NONALIASING] = "VIPT-nonaliasing",
	[CACHE_PIPT] = "PIPT",
};

static const char *const walk_names[] = {
	[WALK_DRAM] = "from DRAM",
	[WALK_L2] = "through L2",
	[WALK_L1] = "through L1 and L2",
};

static void arch_str(const struct platform *p, char *buf, size_t len)
{
	if (p->arch == PLAT_X86)
		snprintf(buf, len, "x86");
	else
		snprintf(buf, len, "armv%u", p->arm_arch);
}

static void cache_str(const struct cache_params *c, bool per_cpu, char *buf,
		      size_t len)
{
	if (!c->size)
		snprintf(buf, len, "none");
	else
		snprintf(buf, len, "%uK/%u-way/%uB %s%s", c->size >> 10,
			 c->ways, c->line, cache_kinds[c->kind],
			 per_cpu ? " per CPU" : "");
}

/* The CPI as "3.910". */
static void milli_str(u32 m, char *buf, size_t len)
{
	snprintf(buf, len, "%u.%03u", m / 1000, m % 1000);
}

#define NCOLS 9

/* The list: one row per board, each column as wide as it must be. */
static void platforms_table(FILE *f)
{
	static const char *const head[NCOLS] = { "PLATFORM", "ARCH", "KERNEL",
						  "CPUS", "MHZ", "RAM", "L1D",
						  "L2", "CPI" };
	const struct platform *const *list = platform_list();
	char cell[16][NCOLS][64];
	size_t w[NCOLS];
	int n = 0;

	for (int c = 0; c < NCOLS; c++)
		w[c] = strlen(head[c]);
	for (int i = 0; list[i] && i < 16; i++, n++) {
		const struct platform *p = list[i];
		char (*r)[64] = cell[i];

		snprintf(r[0], 64, "%s", p->name);
		arch_str(p, r[1], 64);
		kernel_version_str(p->kernel_version, r[2]);
		snprintf(r[3], 64, "%u", p->hw.ncpus);
		snprintf(r[4], 64, "%" PRIu64, p->hw.cpu_hz / 1000000);
		snprintf(r[5], 64, "%" PRIu64 "M", p->hw.ram_size >> 20);
		cache_str(&p->hw.l1d, false, r[6], 64);
		snprintf(r[7], 64, "%uK%s", p->hw.l2.size >> 10,
			 p->hw.l2_per_cpu ? "/cpu" : "");
		milli_str(p->kernel_cpi_milli, r[8], 64);
		for (int c = 0; c < NCOLS; c++)
			if (strlen(r[c]) > w[c])
				w[c] = strlen(r[c]);
	}
	for (int i = -1; i < n; i++) {
		for (int c = 0; c < NCOLS; c++) {
			const char *v = i < 0 ? head[c] : cell[i][c];
			/* Numbers to the right, words to the left. */
			bool right = c >= 3 && c <= 5;

			if (c == NCOLS - 1)
				fprintf(f, " %s\n", v);
			else
				fprintf(f, "%s%*s%s", c ? " " : "",
					right ? (int)w[c] : -(int)w[c], v, "");
		}
	}
	fputc('\n', f);
	for (int i = 0; list[i]; i++)
		fprintf(f, "%-*s %s\n", (int)w[0], list[i]->name,
			list[i]->summary);
	fprintf(f, "\nkernel CPI: in use, and the core's with nothing missing as sourced\n");
	for (int i = 0; list[i]; i++) {
		const struct platform *p = list[i];

		fprintf(f,
			"%-*s %u.%03u %s; sourced %u.%02u-%u.%02u, %u.%02ux its top\n"
			"%-*s   %s\n",
			(int)w[0], p->name, p->kernel_cpi_milli / 1000,
			p->kernel_cpi_milli % 1000, p->kernel_cpi_how,
			p->sourced_cpi_lo_milli / 1000,
			p->sourced_cpi_lo_milli % 1000 / 10,
			p->sourced_cpi_hi_milli / 1000,
			p->sourced_cpi_hi_milli % 1000 / 10,
			p->kernel_cpi_milli / p->sourced_cpi_hi_milli,
			p->kernel_cpi_milli * 100 / p->sourced_cpi_hi_milli % 100,
			(int)w[0], "", p->sourced_cpi_source);
	}
	fprintf(f, "\n`vmsplit platforms NAME` prints every parameter of one board.\n");
}

/* A board's parameters as "key value" pairs, for text and JSON alike. */
struct kv {
	const char *key;
	char val[160];
	bool num;
};

#define MAX_KV 64

static u32 board_params(const struct platform *p, struct kv *kv)
{
	const struct hw_config *h = &p->hw;
	const struct hw_costs *c = &h->cost;
	u32 n = 0;

#define STR(k, ...)                                                         \
	do {                                                                \
		kv[n].key = (k);                                            \
		kv[n].num = false;                                          \
		snprintf(kv[n].val, sizeof(kv[n].val), __VA_ARGS__);        \
		n++;                                                        \
	} while (0)
#define NUM(k, v)                                                           \
	do {                                                                \
		kv[n].key = (k);                                            \
		kv[n].num = true;                                           \
		snprintf(kv[n].val, sizeof(kv[n].val), "%llu",              \
			 (unsigned long long)(v));                          \
		n++;                                                        \
	} while (0)
	STR("summary", "%s", p->summary);
	arch_str(p, kv[n].val, sizeof(kv[n].val));
	kv[n].key = "arch";
	kv[n++].num = false;
	kernel_version_str(p->kernel_version, kv[n].val);
	kv[n].key = "kernel";
	kv[n++].num = false;
	STR("flavour", "%s", p->default_flavour);
	NUM("cpus", h->ncpus);
	NUM("cpu_mhz", h->cpu_hz / 1000000);
	NUM("ram_mib", h->ram_size >> 20);
	STR("lpae_capable", "%s", p->lpae_capable ? "y" : "n");
	cache_str(&h->l1d, false, kv[n].val, sizeof(kv[n].val));
	kv[n].key = "l1d";
	kv[n++].num = false;
	cache_str(&h->l1i, false, kv[n].val, sizeof(kv[n].val));
	kv[n].key = "l1i";
	kv[n++].num = false;
	cache_str(&h->l2, h->l2_per_cpu, kv[n].val, sizeof(kv[n].val));
	kv[n].key = "l2";
	kv[n++].num = false;
	STR("l2_write_allocate", "%s", h->l2.write_allocate ? "y" : "n");
	STR("cache_replacement", "%s",
	    h->random_replacement ? "random" : "round-robin");
	STR("coherent", "%s", h->coherent ? "y" : "n");
	NUM("tlb_entries", h->tlb_entries);
	NUM("tlb_ways", h->tlb_ways);
	STR("tlb_asid", "%s", h->has_asid ? "y" : "n");
	STR("table_walk", "%s", walk_names[h->walk]);
	NUM("line_fills_in_flight", h->mlp);
	NUM("dram_read_MBps", h->dram_read_MBps);
	NUM("dram_write_MBps", h->dram_write_MBps);
	NUM("write_buffer_lines", h->write_buffer_lines);
	STR("reads_wait_writes", "%s", h->reads_wait_writes ? "y" : "n");
	milli_str(p->kernel_cpi_milli, kv[n].val, sizeof(kv[n].val));
	kv[n].key = "kernel_cpi";
	kv[n++].num = true;
	STR("kernel_cpi_how", "%s", p->kernel_cpi_how);
	STR("kernel_cpi_sourced", "%u.%03u-%u.%03u: %s",
	    p->sourced_cpi_lo_milli / 1000, p->sourced_cpi_lo_milli % 1000,
	    p->sourced_cpi_hi_milli / 1000, p->sourced_cpi_hi_milli % 1000,
	    p->sourced_cpi_source);
	STR("nic", "%s", p->nic == NIC_MV643XX ? "mv643xx_eth" : "none");
	if (p->nic)
		NUM("nic_mbps", p->nic_mbps);
	NUM("cy.l1_hit", c->l1_hit);
	NUM("cy.l2_hit", c->l2_hit);
	NUM("cy.dram", c->dram);
	NUM("cy.dram_remote", c->dram_remote);
	NUM("cy.l1_writeback", c->l1_writeback);
	NUM("cy.l2_writeback", c->l2_writeback);
	NUM("cy.write_no_alloc", c->write_no_alloc);
	NUM("cy.so_store", c->so_store);
	NUM("cy.walk_base", c->walk_base);
	NUM("cy.walk_read_dram", c->walk_read_dram);
	NUM("cy.tlb_inv_va", c->tlb_inv_va);
	NUM("cy.tlb_inv_all", c->tlb_inv_all);
	NUM("cy.tlb_inv_broadcast", c->tlb_inv_broadcast);
	NUM("cy.ipi", c->ipi);
	NUM("cy.dcache_line_op", c->dcache_line_op);
	NUM("cy.dcache_setway_op", c->dcache_setway_op);
	NUM("cy.l2_line_op", c->l2_line_op);
	NUM("cy.barrier", c->barrier);
	NUM("cy.icache_inv_all", c->icache_inv_all);
	NUM("cy.icache_refill_line", c->icache_refill_line);
	NUM("cy.cr_write", c->cr_write);
	NUM("cy.cp15_op", c->cp15_op);
	NUM("cy.irq_mask_write", c->irq_mask_write);
	NUM("cy.coh_c2c", c->coh_c2c);
	NUM("cy.coh_c2c_remote", c->coh_c2c_remote);
	NUM("cy.coh_inval", c->coh_inval);
	NUM("cy.coh_inval_remote", c->coh_inval_remote);
#undef STR
#undef NUM
	BUG_ON(n > MAX_KV);
	return n;
}

static void platform_detail(const struct platform *p, bool json, FILE *f)
{
	struct kv kv[MAX_KV];
	u32 n;

	if (json) {
		n = board_params(p, kv);
		fputs("{\"name\": ", f);
		json_print_string(f, p->name);
		for (u32 i = 0; i < n; i++) {
			fprintf(f, ", \"%s\": ", kv[i].key);
			if (kv[i].num)
				fputs(kv[i].val, f);
			else
				json_print_string(f, kv[i].val);
		}
		fputs("}", f);
		return;
	}
	/* As text, the board file: every parameter with its source, which
	 * --platform-file reads back (docs/board-files.md). */
	board_write(p, f);
}

int info_platforms(const char *name, bool json, FILE *f, char *err,
		   size_t errlen)
{
	if (name) {
		const struct platform *p = platform_find(name);

		if (!p) {
			snprintf(err, errlen,
				 "platforms: unknown platform '%s' (see `vmsplit platforms`)",
				 name);
			return -ENOENT;
		}
		platform_detail(p, json, f);
		if (json)
			fputc('\n', f);
		return 0;
	}
	if (!json) {
		platforms_table(f);
		return 0;
	}
	fputs("[\n", f);
	for (const struct platform *const *p = platform_list(); *p; p++) {
		fputs("  ", f);
		platform_detail(*p, true, f);
		fputs(p[1] ? ",\n" : "\n", f);
	}
	fputs("]\n", f);
	return 0;
}

/* One `settings` line, or one JSON object. */
static void setting_line(const char *name, const char *values,
			 const char *meaning, bool json, bool first, size_t w,
			 size_t wv, FILE *f)
{
	if (!json) {
		fprintf(f, "%-*s %-*s %s\n", (int)w, name, (int)wv, values,
			meaning);
		return;
	}
	fputs(first ? "  {\"name\": " : ",\n  {\"name\": ", f);
	json_print_string(f, name);
	fputs(", \"values\": ", f);
	json_print_string(f, values);
	fputs(", \"meaning\": ", f);
	json_print_string(f, meaning);
	fputc('}', f);
}

int info_settings(const char *name, bool json, FILE *f, char *err,
		  size_t errlen)
{
	const char *n, *v, *m;
	size_t w = strlen("SETTING"), wv = strlen("VALUES (DEFAULT)");
	bool cost = name && !strcmp(name, "cost"), found = false;

	if (cost) {
		for (int i = 0; i < NR_CODE_COSTS; i++)
			if (strlen(code_cost_names[i]) + 5 > w)
				w = strlen(code_cost_names[i]) + 5;
		if (json)
			fputs("[\n", f);
		else
			fprintf(f, "%-*s %s %s\n", (int)w, "cost.NAME", "N",
				"THE CODE PATH (cycles = its measured instructions x kernel_cpi, unless set)");
		for (int i = 0; i < NR_CODE_COSTS; i++) {
			char key[80];

			snprintf(key, sizeof(key), "cost.%s", code_cost_names[i]);
			setting_line(key, "N", code_cost_help[i], json, !i, w, 0,
				     f);
		}
		if (json)
			fputs("\n]\n", f);
		return 0;
	}
	for (size_t i = 0; settings_help_line(i, &n, &v, &m); i++) {
		if (strlen(n) > w)
			w = strlen(n);
		if (strlen(v) > wv)
			wv = strlen(v);
		found |= name && !strcmp(name, n);
	}
	if (name && !found) {
		snprintf(err, errlen,
			 "settings: no setting '%s' (`vmsplit settings` lists them, `vmsplit settings cost` the code costs)",
			 name);
		return -ENOENT;
	}
	if (json)
		fputs("[\n", f);
	else
		fprintf(f, "%-*s %-*s %s\n", (int)w, "SETTING", (int)wv,
			"VALUES (DEFAULT)", "MEANING");
	for (size_t i = 0, k = 0; settings_help_line(i, &n, &v, &m); i++)
		if (!name || !strcmp(name, n))
			setting_line(n, v, m, json, !k++, w, wv, f);
	if (json)
		fputs("\n]\n", f);
	return 0;
}
