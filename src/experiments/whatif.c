// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit whatif` (see whatif.h): each row a configuration of the
 * board's kernel, validated and laid out as `vmsplit layout` would, then
 * the chosen workloads run on it.  Nothing here is fitted; every figure
 * is the model's, beside the status quo's.
 */
#include "experiments/whatif.h"

#include <math.h>
#include <string.h>

#include "arch/layout.h"
#include "base/errno.h"
#include "base/json.h"
#include "experiments/dd.h"
#include "experiments/hackbench.h"
#include "experiments/iperf.h"
#include "experiments/kernbench.h"
#include "experiments/lmbench.h"
#include "mm/mm.h"

const char *const whatif_workload_names[NR_WHATIF_WORKLOADS] = {
	[WHATIF_DD] = "dd",
	[WHATIF_LMBENCH] = "lmbench",
	[WHATIF_IPERF] = "iperf",
	[WHATIF_HACKBENCH] = "hackbench",
	[WHATIF_KERNBENCH] = "kernbench",
};

/* Each workload's headline: its unit, and whether more is better. */
static const struct {
	const char *head, *json;
	bool more_is_better;
	const char *unit;	/* of its causes' cycles, where it counts them */
} metric[NR_WHATIF_WORKLOADS] = {
	[WHATIF_DD] = { "dd 4K MB/s", "dd_4k_MBps", true, "KiB written" },
	[WHATIF_LMBENCH] = { "fork+exit us", "lat_proc_fork_us", false,
			     "fork+exit" },
	[WHATIF_IPERF] = { "iperf Mbit/s", "iperf_Mbps", true,
			   "KiB the receiver accepted" },
	[WHATIF_HACKBENCH] = { "hackbench s", "hackbench_s", false,
			       "message" },
	[WHATIF_KERNBENCH] = { "kernbench sys s", "kernbench_system_s", false,
			       "unit built" },
};

#define DD_BS 4096u
#define DD_TOTAL (4u << 20)
#define IPERF_LEN 8192u
#define IPERF_NS 200000000ull
#define HACKBENCH_GROUPS 1u
#define HACKBENCH_LOOPS 20u
/*
 * kernbench cut to a size each row can afford: a fraction of kbuild's 900
 * units and 130 directories, with the same per-unit work (headers, cc1's
 * heap and user time) and `make -j` unlimited, so a board's CPUs are
 * busy as in the full build.  What moves between rows is system time:
 * the faults, forks, execs, page-table pages and pipe copies of 32 units.
 */
#define KERNBENCH_UNITS 32u
#define KERNBENCH_DIRS 4u

static const struct {
	const char *name, *tag, *word, *source;
} row_def[WHATIF_NROWS] = {
	{ "status quo", "status quo", NULL,
	  "the board's kernel and settings as they ship" },
	{ "plan 1: VMSPLIT_3G_OPT", "3G_OPT", "CONFIG_VMSPLIT=3G_OPT",
	  "\"mm: increase lowmem size in linux-7.0\" (Dec 2025), stage 1: a larger lowmem by default" },
	{ "plan 1: VMSPLIT_2G", "2G", "CONFIG_VMSPLIT=2G",
	  "the same stage, a 2 GiB user space" },
	{ "plan 1: VMSPLIT_1G", "1G", "CONFIG_VMSPLIT=1G",
	  "the same stage, a 1 GiB user space" },
	{ "plan 2: users dropped", "plan 2", "highmem_users=plan2",
	  "stage 2: most __GFP_HIGHMEM users dropped, anon and the page cache kept (here: pipe buffers in lowmem, HIGHPTE off)" },
	{ "plan 3: page cache too", "plan 3", "highmem_users=plan3",
	  "stage 3, \"after about 5 years\": the page cache leaves highmem, anon alone stays" },
	{ "HIGHPTE dropped", "HIGHPTE=n", "CONFIG_HIGHPTE=n",
	  "gone from x86 in 6.15; proposed for ARM (Arnd, Dec 2024; Walleij, 2025)" },
	{ "no highmem", "HIGHMEM=n", "CONFIG_HIGHMEM=n",
	  "highmem's end: RAM above lowmem is not used (\"Ignoring RAM at\")" },
	{ "RFC copy (4G/4G's)", "RFC copy", "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y",
	  "the June 2020 RFC's get_user_pages + kmap_atomic + memcpy user copy, which a 4G/4G split needs" },
	{ "RFC copy, pins kept", "RFC+pins",
	  "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y pin_cache=512",
	  "a design for 4G/4G: the RFC's copy with up to 512 pins per mm kept across copies, hashed (mm/pin_cache.h)" },
	{ "sf_buf (FreeBSD)", "sf_buf", "sf_buf=512",
	  "a design: FreeBSD's sf_buf for the copies -- 512 buffers kept mapped after use, a CPU mask for lazy invalidation (mm/sf_buf.h)" },
	{ "RFC copy, pins + sf_buf", "RFC+pins+sf",
	  "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y pin_cache=512 sf_buf=512",
	  "a design for 4G/4G: the RFC's copy with its pins kept and the pages it copies mapped through sf_buf" },
	{ "emap (NetBSD)", "emap", "emap=y",
	  "a design: NetBSD's uvm_emap for the copies and the pipe loan -- PTEs entered with no invalidation, a CPU flushes its whole TLB only when behind the mapping's generation (mm/emap.h)" },
	{ "RFC copy, pins + emap", "RFC+pins+emap",
	  "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y pin_cache=512 emap=y",
	  "a design for 4G/4G: the RFC's copy with its pins kept and the pages it copies mapped through emap" },
	{ "4G/4G split", "4G/4G", "arm:CONFIG_ARM_LPAE=y CONFIG_VMSPLIT=4G_4G",
	  "user and kernel 4 GiB each: on ARM LPAE, Walleij's split (TTBR0 switched with the ASID at every entry and exit, no TLB flush) with the RFC's copy; on x86, Ingo Molnar's 2003 4G/4G (CR3 reloaded at every entry and exit, every TLB entry gone: no PCID) with rw_vm's copy" },
	{ "4G/4G, pins kept", "4G/4G+pins",
	  "arm:CONFIG_ARM_LPAE=y CONFIG_VMSPLIT=4G_4G pin_cache=512",
	  "a design: the ARM 4G/4G split's copy with 512 pins per mm kept (x86's rw_vm keeps none)" },
	{ "PTE window", "PTE window", "CONFIG_HIGHPTE=y pte_window=y",
	  "a design: HIGHPTE's page tables with the running mm's mapped in a per-mm window, no kmap per PTE access (mm/pte_window.h)" },
	{ "FreeBSD 4/4 trampoline", "4/4 tramp",
	  "CONFIG_VMSPLIT=4G_4G copy_4g=tramp",
	  "a design for x86 4G/4G: FreeBSD 12 i386's 4/4 copies -- up to 128 bytes through a per-CPU trampoline buffer with two CR3 loads, longer ones page by page held, mapped in a per-CPU window (a PTE store and an invlpg) and unheld (mm/copy_tramp.h); refused on ARM" },
};

int whatif_memory(const struct settings *s, struct whatif_memory *m)
{
	struct kernel_layout l;
	struct ram_use r;
	u64 unmapped_base;

	memset(m, 0, sizeof(*m));
	if (layout_compute(s, &l) || layout_ram_use(s, &r))
		return -EINVAL;
	unmapped_base = ALIGN_UP((u64)l.task_size / 3, PAGE_SIZE);
	m->lowmem = r.lowmem >> 20;
	m->highmem = r.highmem >> 20;
	m->unusable = r.unusable >> 20;
	m->user_va = (u64)l.task_size >> 20;
	m->largest_mmap = (l.task_size - STACK_TOP_GAP - unmapped_base) >> 20;
	return 0;
}

/*
 * Row @i's settings on @p, after the caller's @words, into @s;
 * row->valid and why_not say whether the board has it.
 */
static void row_settings(const struct platform *p, char *const *words,
			 int nwords, u32 i, struct whatif_row *row,
			 struct settings *s)
{
	memset(row, 0, sizeof(*row));
	row->name = row_def[i].name;
	row->tag = row_def[i].tag;
	row->word = row_def[i].word;
	row->source = row_def[i].source;
	settings_default(s, p);
	for (int k = 0; k < nwords; k++)
		if (settings_parse(s, words[k], row->why_not,
				   sizeof(row->why_not)))
			return;
	/* The row's own words, space-separated; "arm:" marks a word that
	 * ARM boards alone take (4G/4G needs LPAE there). */
	for (const char *w = row->word; w && *w;) {
		char one[96];
		size_t n = strcspn(w, " ");
		bool arm_only = !strncmp(w, "arm:", 4);

		snprintf(one, sizeof(one), "%.*s", (int)(n - (arm_only ? 4 : 0)),
			 w + (arm_only ? 4 : 0));
		if ((!arm_only || p->arch == PLAT_ARM) &&
		    settings_parse(s, one, row->why_not, sizeof(row->why_not)))
			return;
		w += n + (w[n] == ' ');
	}
	if (settings_validate(s, row->why_not, sizeof(row->why_not)))
		return;
	if (whatif_memory(s, &row->mem)) {
		snprintf(row->why_not, sizeof(row->why_not),
			 "%s leaves the kernel no layout", row->word);
		return;
	}
	row->valid = true;
}

/* Run workload @w on @s into row->metric[w]. */
static int whatif_workload_run(enum whatif_workload w, const struct settings *s,
			struct whatif_row *row, char *err, size_t errlen)
{
	static struct dd_point dd;
	static struct lmbench_point lmb;
	static struct iperf_point ip;
	static struct hackbench_point hb;
	static struct kernbench_point kb;
	int ret;

	switch (w) {
	case WHATIF_DD:
		ret = dd_check(s, DD_BS, DD_TOTAL, err, errlen);
		if (!ret)
			ret = dd_measure(s, DD_BS, DD_TOTAL, &dd, err, errlen);
		row->metric[w] = dd.mbps;
		for (int c = 0; c < NR_CAUSES; c++)
			row->per_unit[w][c] =
				(double)dd.r.causes[c] / (DD_TOTAL / 1024.0);
		row->has_causes[w] = true;
		break;
	case WHATIF_LMBENCH:
		ret = lmbench_measure(s, LMB_FORK, &lmb, err, errlen);
		row->metric[w] = lmb.value;
		for (int c = 0; !ret && c < NR_CAUSES; c++)
			row->per_unit[w][c] =
				(double)lmb.p.causes[c] / (double)lmb.p.ops;
		row->has_causes[w] = !ret;
		break;
	case WHATIF_IPERF:
		ret = iperf_measure(s, IPERF_LEN, IPERF_NS, &ip, err, errlen);
		row->metric[w] = ip.mbps;
		row->has_causes[w] = !ret && ip.net.peer_bytes >= 1024;
		for (int c = 0; row->has_causes[w] && c < NR_CAUSES; c++)
			row->per_unit[w][c] = (double)ip.r.causes[c] /
					      (ip.net.peer_bytes / 1024.0);
		break;
	case WHATIF_HACKBENCH:
		ret = hackbench_measure(s, HACKBENCH_GROUPS, HACKBENCH_LOOPS,
					false, &hb, err, errlen);
		row->metric[w] = hb.r.elapsed_s;
		row->has_causes[w] = !ret && hb.p.messages_received;
		for (int c = 0; row->has_causes[w] && c < NR_CAUSES; c++)
			row->per_unit[w][c] = (double)hb.r.causes[c] /
					      (double)hb.p.messages_received;
		break;
	case WHATIF_KERNBENCH:
		memset(&kb, 0, sizeof(kb));
		kernbench_defaults(&kb.p, settings_cpu_hz(s));
		kb.p.units = KERNBENCH_UNITS;
		kb.p.dirs = KERNBENCH_DIRS;
		ret = kernbench_measure(s, &kb, err, errlen);
		row->metric[w] = kb.r.system_s;
		row->has_causes[w] = !ret;
		for (int c = 0; !ret && c < NR_CAUSES; c++)
			row->per_unit[w][c] =
				(double)kb.r.causes[c] / KERNBENCH_UNITS;
		break;
	default:
		ret = -EINVAL;
	}
	row->measured[w] = !ret;
	return ret;
}

u32 whatif_runnable(const struct platform *p, u32 mask)
{
	if (p->nic == NIC_NONE)
		mask &= ~(1u << WHATIF_IPERF);
	return mask;
}

u32 whatif_top_causes(const struct whatif_row *base,
		      const struct whatif_row *row, int w,
		      int cause[WHATIF_TOP_CAUSES],
		      double delta[WHATIF_TOP_CAUSES])
{
	u32 n = 0;

	if (!base->has_causes[w] || !row->has_causes[w])
		return 0;
	/* Insertion into the top few by |change|, ties to the lower index. */
	for (int c = 0; c < NR_CAUSES; c++) {
		double d = row->per_unit[w][c] - base->per_unit[w][c];
		u32 at = n;

		if (d == 0)
			continue;
		while (at && fabs(delta[at - 1]) < fabs(d))
			at--;
		if (at == WHATIF_TOP_CAUSES)
			continue;
		if (n < WHATIF_TOP_CAUSES)
			n++;
		for (u32 k = n - 1; k > at; k--) {
			cause[k] = cause[k - 1];
			delta[k] = delta[k - 1];
		}
		cause[at] = c;
		delta[at] = d;
	}
	return n;
}

const char *whatif_metric_name(int w)
{
	return metric[w].head;
}

double whatif_speed(const struct whatif_row *base,
		    const struct whatif_row *row, int w)
{
	double b = base->metric[w], v = row->metric[w];

	if (b <= 0 || v <= 0)
		return 0;
	return 100.0 * (metric[w].more_is_better ? v / b : b / v);
}

static double rel_pct(double base, double v)
{
	return base > 0 ? 100.0 * (v / base - 1.0) : 0.0;
}

static void print_table(const struct platform *p, u32 mask,
			const struct whatif_row *rows, FILE *f)
{
	char kv[KERNEL_VERSION_STR_LEN];

	fprintf(f, "whatif on %s (Linux %s): memory from each configuration's layout, MiB;\n"
		   "workloads' headline figures, and their change from the status quo\n",
		p->name, kernel_version_str(p->kernel_version, kv));
	fprintf(f, "%-24s %7s %7s %8s %7s %8s", "row", "lowmem", "highmem",
		"unusable", "user VA", "max mmap");
	for (int w = 0; w < NR_WHATIF_WORKLOADS; w++)
		if (mask & (1u << w))
			fprintf(f, " %20s", metric[w].head);
	fputc('\n', f);
	for (u32 i = 0; i < WHATIF_NROWS; i++) {
		const struct whatif_row *r = &rows[i];

		fprintf(f, "%-24s", r->name);
		if (!r->valid) {
			fprintf(f, " not on this board: %s\n", r->why_not);
			continue;
		}
		fprintf(f, " %7llu %7llu %8llu %7llu %8llu",
			(unsigned long long)r->mem.lowmem,
			(unsigned long long)r->mem.highmem,
			(unsigned long long)r->mem.unusable,
			(unsigned long long)r->mem.user_va,
			(unsigned long long)r->mem.largest_mmap);
		for (int w = 0; w < NR_WHATIF_WORKLOADS; w++) {
			/* Figures under 1 (hackbench's seconds) keep four
			 * places, so that rows can be told apart. */
			int places = r->metric[w] < 1 ? 4 : 2;
			char cell[32];

			if (!(mask & (1u << w)))
				continue;
			if (!i)
				snprintf(cell, sizeof(cell), "%.*f", places,
					 r->metric[w]);
			else
				snprintf(cell, sizeof(cell), "%.*f (%+.1f%%)",
					 places, r->metric[w],
					 rel_pct(rows[0].metric[w], r->metric[w]));
			fprintf(f, " %20s", cell);
		}
		fputc('\n', f);
	}
	for (int w = 0; w < NR_WHATIF_WORKLOADS; w++) {
		if (!(mask & (1u << w)) || !metric[w].unit ||
		    !rows[0].has_causes[w])
			continue;
		fprintf(f, "\nwhere %s's change comes from: busy cycles per %s, by cause\n"
			   "(explain's causes), against the status quo\n",
			whatif_workload_names[w], metric[w].unit);
		for (u32 i = 1; i < WHATIF_NROWS; i++) {
			int c[WHATIF_TOP_CAUSES];
			double d[WHATIF_TOP_CAUSES];
			u32 n = whatif_top_causes(&rows[0], &rows[i], w, c, d);

			if (!rows[i].valid)
				continue;
			fprintf(f, "  %-22s", rows[i].name);
			for (u32 k = 0; k < n; k++)
				fprintf(f, " %s %+.1f", cause_names[c[k]], d[k]);
			fputs(n ? "\n" : " none\n", f);
		}
	}
	fputs("\nrows:\n", f);
	for (u32 i = 0; i < WHATIF_NROWS; i++)
		fprintf(f, "  %-22s %s%s%s\n", rows[i].name,
			rows[i].word ? rows[i].word : "",
			rows[i].word ? ": " : "", rows[i].source);
	fputs("max mmap: the largest anonymous mmap of a new process, from\n"
	      "TASK_SIZE/3 up to the stack's 1 MiB gap (the model's bottom-up layout).\n",
	      f);
	for (int w = 0; w < NR_WHATIF_WORKLOADS; w++)
		if (mask & (1u << w))
			fprintf(f, "%s: %s\n", metric[w].head,
				metric[w].more_is_better ? "more is better" :
							   "less is better");
}

static void print_json(const struct platform *p, u32 mask,
		       const struct whatif_row *rows, FILE *f)
{
	char kv[KERNEL_VERSION_STR_LEN];

	fputs("{\"platform\": ", f);
	json_print_string(f, p->name);
	fprintf(f, ", \"kernel\": \"%s\", \"rows\": [\n",
		kernel_version_str(p->kernel_version, kv));
	for (u32 i = 0; i < WHATIF_NROWS; i++) {
		const struct whatif_row *r = &rows[i];

		fputs(" {\"row\": ", f);
		json_print_string(f, r->name);
		fputs(", \"setting\": ", f);
		if (r->word)
			json_print_string(f, r->word);
		else
			fputs("null", f);
		fputs(", \"source\": ", f);
		json_print_string(f, r->source);
		fprintf(f, ", \"valid\": %s", r->valid ? "true" : "false");
		if (!r->valid) {
			fputs(", \"why_not\": ", f);
			json_print_string(f, r->why_not);
		} else {
			fprintf(f,
				", \"memory_MiB\": {\"lowmem\": %llu, \"highmem\": %llu, \"unusable\": %llu, \"user_va\": %llu, \"largest_mmap\": %llu}",
				(unsigned long long)r->mem.lowmem,
				(unsigned long long)r->mem.highmem,
				(unsigned long long)r->mem.unusable,
				(unsigned long long)r->mem.user_va,
				(unsigned long long)r->mem.largest_mmap);
			fputs(", \"metrics\": {", f);
			for (int w = 0, first = 1; w < NR_WHATIF_WORKLOADS;
			     w++) {
				if (!(mask & (1u << w)))
					continue;
				fprintf(f,
					"%s\"%s\": %.6g, \"%s_change_pct\": %.3f",
					first ? "" : ", ", metric[w].json,
					r->metric[w], metric[w].json,
					rel_pct(rows[0].metric[w],
						r->metric[w]));
				first = 0;
			}
			fputc('}', f);
			fputs(", \"top_causes_per_unit\": {", f);
			for (int w = 0, first = 1; w < NR_WHATIF_WORKLOADS;
			     w++) {
				int c[WHATIF_TOP_CAUSES];
				double d[WHATIF_TOP_CAUSES];
				u32 n;

				if (!(mask & (1u << w)) || !r->has_causes[w])
					continue;
				n = whatif_top_causes(&rows[0], r, w, c, d);
				fprintf(f, "%s\"%s\": {", first ? "" : ", ",
					whatif_workload_names[w]);
				for (u32 k = 0; k < n; k++)
					fprintf(f, "%s\"%s\": %.3f", k ? ", " : "",
						cause_names[c[k]], d[k]);
				fputc('}', f);
				first = 0;
			}
			fputc('}', f);
		}
		fprintf(f, "}%s\n", i + 1 < WHATIF_NROWS ? "," : "");
	}
	fputs("]}\n", f);
}

int whatif_measure(const struct platform *p, char *const *words, int nwords,
		   u32 workloads, struct whatif_row rows[WHATIF_NROWS],
		   char *err, size_t errlen)
{
	u32 mask = whatif_runnable(p, workloads);

	for (u32 i = 0; i < WHATIF_NROWS; i++) {
		struct settings s;

		row_settings(p, words, nwords, i, &rows[i], &s);
		if (!i && !rows[i].valid) {
			snprintf(err, errlen, "%s", rows[i].why_not);
			return -EINVAL;
		}
		if (!rows[i].valid)
			continue;
		for (int w = 0; w < NR_WHATIF_WORKLOADS; w++) {
			int ret;

			if (!(mask & (1u << w)))
				continue;
			ret = whatif_workload_run(w, &s, &rows[i], err, errlen);
			if (ret) {
				char why[256];

				snprintf(why, sizeof(why), "%s", err);
				snprintf(err, errlen, "%s, %s: %s", rows[i].name,
					 whatif_workload_names[w], why);
				return ret;
			}
		}
	}
	return 0;
}

/* One CSV field: quoted, its quotes doubled, where it holds a comma, a
 * quote or a newline (RFC 4180). */
static void csv_field(FILE *f, const char *v, bool last)
{
	if (strpbrk(v, ",\"\n")) {
		fputc('"', f);
		for (; *v; v++) {
			if (*v == '"')
				fputc('"', f);
			fputc(*v, f);
		}
		fputc('"', f);
	} else {
		fputs(v, f);
	}
	fputc(last ? '\n' : ',', f);
}

static void print_csv(const struct platform *p, u32 mask,
		      const struct whatif_row *rows, FILE *f)
{
	char kv[KERNEL_VERSION_STR_LEN], v[64];

	fputs("platform,kernel,row,tag,setting,valid,why_not,lowmem_MiB,highmem_MiB,unusable_MiB,user_va_MiB,largest_mmap_MiB",
	      f);
	for (int w = 0; w < NR_WHATIF_WORKLOADS; w++)
		if (mask & (1u << w))
			fprintf(f, ",%s,%s_change_pct", metric[w].json,
				metric[w].json);
	fputc('\n', f);
	kernel_version_str(p->kernel_version, kv);
	for (u32 i = 0; i < WHATIF_NROWS; i++) {
		const struct whatif_row *r = &rows[i];
		const struct whatif_memory *m = &r->mem;

		csv_field(f, p->name, false);
		csv_field(f, kv, false);
		csv_field(f, r->name, false);
		csv_field(f, r->tag, false);
		csv_field(f, r->word ? r->word : "", false);
		csv_field(f, r->valid ? "true" : "false", false);
		csv_field(f, r->valid ? "" : r->why_not, false);
		if (!r->valid) {
			fputs(",,,,", f);
			for (int w = 0; w < NR_WHATIF_WORKLOADS; w++)
				if (mask & (1u << w))
					fputs(",,", f);
			fputc('\n', f);
			continue;
		}
		fprintf(f, "%llu,%llu,%llu,%llu,%llu",
			(unsigned long long)m->lowmem,
			(unsigned long long)m->highmem,
			(unsigned long long)m->unusable,
			(unsigned long long)m->user_va,
			(unsigned long long)m->largest_mmap);
		for (int w = 0; w < NR_WHATIF_WORKLOADS; w++) {
			if (!(mask & (1u << w)))
				continue;
			snprintf(v, sizeof(v), ",%.6g,%.3f", r->metric[w],
				 rel_pct(rows[0].metric[w], r->metric[w]));
			fputs(v, f);
		}
		fputc('\n', f);
	}
}

void whatif_print(const struct platform *p, u32 workloads,
		  const struct whatif_row rows[WHATIF_NROWS],
		  enum whatif_format format, FILE *f)
{
	u32 mask = whatif_runnable(p, workloads);

	if (format == WHATIF_JSON)
		print_json(p, mask, rows, f);
	else if (format == WHATIF_CSV)
		print_csv(p, mask, rows, f);
	else
		print_table(p, mask, rows, f);
}
