// SPDX-License-Identifier: GPL-2.0-only
/*
 * Board files: struct platform as text (board_file.h).  A table names
 * every parameter by its path in the struct and says how its value reads;
 * the parser and the writer both walk it, so that what one writes the other
 * reads back to the same bytes.
 */
#include "platforms/board_file.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/panic.h"

enum bf_type {
	BF_STR,		/* "text", with \" and \\ */
	BF_BOOL,	/* y or n */
	BF_U16,
	BF_U32,
	BF_U64,
	BF_SIZE,	/* u32 bytes, written with K, M or G when exact */
	BF_SIZE64,	/* u64 bytes, likewise */
	BF_HEX64,	/* u64 written as 0x... (an address) */
	BF_VERSION,	/* KERNEL_VERSION as a.b.c */
	BF_ENUM,	/* one of names[] (an int-sized enum) */
	BF_TABLE,	/* one of names[], a pointer to tables[] */
};

struct board_field {
	const char *key;
	enum bf_type type;
	size_t off;
	const char *const *names;	/* BF_ENUM, BF_TABLE */
	const void *const *tables;	/* BF_TABLE */
	u32 nr;				/* entries of names[] */
	/* BF_U32: what machine_create would accept, and why not; NULL:
	 * any value. */
	bool (*valid)(u32 v);
	const char *refused;
};

static const char *const arch_names[] = { "arm", "x86" };
static const char *const mmu_names[] = { "arm-short", "arm-lpae", "x86-pae" };
static const char *const kind_names[] = { "vivt", "vipt-aliasing",
					  "vipt-nonaliasing", "pipt" };
static const char *const walk_names[] = { "dram", "l2", "l1" };
static const char *const pte_flush_names[] = { "none", "l1", "l1-l2" };
static const char *const outer_names[] = { "none", "feroceon-l2" };
static const char *const nic_names[] = { "none", "mv643xx" };

static const char *const kpath_names[] = { "arm-3.14", "arm-5.7", "arm-6.1",
					   "x86-2.5", "arm-6.12" };
static const void *const kpath_tables[] = { &kpath_arm_3_14, &kpath_arm_5_7,
					    &kpath_arm_6_1, &kpath_x86_2_5,
					    &kpath_arm_6_12 };
static const char *const text_names[] = { "arm", "x86" };
static const void *const cc_text_tables[] = { arm_cc_text, x86_cc_text };
static const void *const text_bytes_tables[] = { arm_kernel_text_bytes,
						 x86_kernel_text_bytes };
static const char *const issue_names[] = { "none", "feroceon", "cortex-a8",
					   "cortex-a15", "p6" };
static const void *const issue_tables[] = { NULL, feroceon_issue_kib,
					    cortex_a8_issue_kib,
					    cortex_a15_issue_kib, p6_issue_kib };

#define N(a) ((u32)(sizeof(a) / sizeof((a)[0])))
#define F(k, t, m)                                                         \
	{ k, t, offsetof(struct platform, m), NULL, NULL, 0, NULL, NULL }
#define E(k, m, n)                                                         \
	{ k, BF_ENUM, offsetof(struct platform, m), n, NULL, N(n), NULL, NULL }
#define T(k, m, n, t)                                                      \
	{ k, BF_TABLE, offsetof(struct platform, m), n, t, N(n), NULL, NULL }
/* A u32 that machine_create would refuse unless @valid, said at its line. */
#define V(k, m, valid, why)                                                \
	{ k, BF_U32, offsetof(struct platform, m), NULL, NULL, 0, valid, why }
#define CACHE(k, m)                                                        \
	F(k ".size", BF_SIZE, m.size), F(k ".ways", BF_U16, m.ways),       \
		F(k ".line", BF_U16, m.line), E(k ".kind", m.kind, kind_names), \
		F(k ".write_allocate", BF_BOOL, m.write_allocate)
#define COST(k) F("hw.cost." #k, BF_U32, hw.cost.k)

static const struct board_field fields[] = {
	F("name", BF_STR, name),
	F("summary", BF_STR, summary),
	E("arch", arch, arch_names),
	F("arm_arch", BF_U32, arm_arch),
	F("lpae_capable", BF_BOOL, lpae_capable),
	F("pae_required", BF_BOOL, pae_required),
	F("has_zone_dma", BF_BOOL, has_zone_dma),
	F("kernel_version", BF_VERSION, kernel_version),
	F("default_flavour", BF_STR, default_flavour),
	T("kpath", kpath, kpath_names, kpath_tables),
	F("kernel_cpi_milli", BF_U32, kernel_cpi_milli),
	F("kernel_cpi_how", BF_STR, kernel_cpi_how),
	F("sourced_cpi_lo_milli", BF_U32, sourced_cpi_lo_milli),
	F("sourced_cpi_hi_milli", BF_U32, sourced_cpi_hi_milli),
	F("sourced_cpi_source", BF_STR, sourced_cpi_source),
	E("pte_flush", pte_flush, pte_flush_names),
	F("dcache_flush_kills_icache", BF_BOOL, dcache_flush_kills_icache),
	E("outer_cache", outer_cache, outer_names),
	E("nic", nic, nic_names),
	F("nic_mbps", BF_U32, nic_mbps),
	E("hw.mmu", hw.mmu, mmu_names),
	F("hw.armv6_plus", BF_BOOL, hw.armv6_plus),
	F("hw.has_asid", BF_BOOL, hw.has_asid),
	F("hw.cpu_hz", BF_U64, hw.cpu_hz),
	F("hw.ncpus", BF_U32, hw.ncpus),
	F("hw.nodes", BF_U32, hw.nodes),
	F("hw.ram_base", BF_HEX64, hw.ram_base),
	F("hw.ram_size", BF_SIZE64, hw.ram_size),
	CACHE("hw.l1d", hw.l1d),
	CACHE("hw.l1i", hw.l1i),
	F("hw.icache_line", BF_U32, hw.icache_line),
	T("hw.cc_text", hw.cc_text, text_names, cc_text_tables),
	T("hw.cc_text_bytes", hw.cc_text_bytes, text_names,
	  text_bytes_tables),
	CACHE("hw.l2", hw.l2),
	F("hw.l2_per_cpu", BF_BOOL, hw.l2_per_cpu),
	F("hw.random_replacement", BF_BOOL, hw.random_replacement),
	F("hw.tlb_entries", BF_U32, hw.tlb_entries),
	F("hw.tlb_ways", BF_U32, hw.tlb_ways),
	E("hw.walk", hw.walk, walk_names),
	F("hw.mlp", BF_U32, hw.mlp),
	F("hw.dram_read_MBps", BF_U32, hw.dram_read_MBps),
	F("hw.write_buffer_lines", BF_U32, hw.write_buffer_lines),
	F("hw.dram_write_MBps", BF_U32, hw.dram_write_MBps),
	F("hw.reads_wait_writes", BF_BOOL, hw.reads_wait_writes),
	COST(l1_hit), COST(l2_hit), COST(dram), COST(dram_remote),
	COST(l1_writeback), COST(l2_writeback), COST(write_no_alloc),
	COST(so_store), COST(walk_base), COST(walk_read_dram),
	COST(tlb_inv_va), COST(tlb_inv_all), COST(tlb_inv_broadcast),
	COST(ipi), COST(dcache_line_op), COST(dcache_setway_op),
	COST(l2_line_op), COST(barrier), COST(icache_inv_all),
	COST(icache_refill_line), COST(cr_write), COST(cp15_op),
	COST(irq_mask_write), COST(coh_c2c), COST(coh_c2c_remote),
	COST(coh_inval), COST(coh_inval_remote),
	F("throughput.by_default", BF_BOOL, throughput.by_default),
	F("throughput.mlp", BF_U32, throughput.mlp),
	F("throughput.write_buffer_lines", BF_U32,
	  throughput.write_buffer_lines),
	F("throughput.dram_write_MBps", BF_U32, throughput.dram_write_MBps),
	F("throughput.l2_store_no_alloc", BF_BOOL,
	  throughput.l2_store_no_alloc),
	F("throughput.reads_wait_writes", BF_BOOL,
	  throughput.reads_wait_writes),
	V("throughput.dram_burst_bytes", throughput.dram_burst_bytes,
	  dram_burst_valid,
	  "not a bus width times a burst length (a power of two, 2 at least; 0: a line)"),
	T("throughput.issue_kib", throughput.issue_kib, issue_names,
	  issue_tables),
};

#define NR_FIELDS N(fields)

/* A parameter's key padded to this column, then its value, then the
 * source at SOURCE_COLUMN (or one space past the value). */
#define VALUE_COLUMN 32
#define SOURCE_COLUMN 56

u32 board_nr_fields(void)
{
	return NR_FIELDS;
}

const char *board_field_key(u32 i)
{
	BUG_ON(i >= NR_FIELDS);
	return fields[i].key;
}

static int field_index(const char *key, size_t len)
{
	for (u32 i = 0; i < NR_FIELDS; i++)
		if (strlen(fields[i].key) == len &&
		    !strncmp(fields[i].key, key, len))
			return (int)i;
	return -1;
}

const char *board_source(const struct platform *p, const char *key)
{
	int i = field_index(key, strlen(key));

	BUG_ON(i < 0);
	return p->sources ? p->sources[i] : NULL;
}

static void *at(struct platform *p, const struct board_field *f)
{
	return (char *)p + f->off;
}

static const void *cat(const struct platform *p, const struct board_field *f)
{
	return (const char *)p + f->off;
}

/* ---- writing ---- */

static void size_text(u64 v, char *buf, size_t len)
{
	static const char suffix[] = "KMG";

	for (int s = 2; s >= 0; s--) {
		u64 unit = 1ull << (10 * (s + 1));

		if (v && v % unit == 0) {
			snprintf(buf, len, "%llu%c",
				 (unsigned long long)(v / unit), suffix[s]);
			return;
		}
	}
	snprintf(buf, len, "%llu", (unsigned long long)v);
}

/* @f's value in @p as the file writes it, into @buf. */
static void value_text(const struct platform *p, const struct board_field *f,
		       char *buf, size_t len)
{
	const void *v = cat(p, f);

	switch (f->type) {
	case BF_STR: {
		const char *s = *(const char *const *)v;
		size_t o = 0;

		buf[o++] = '"';
		for (; s && *s && o + 3 < len; s++) {
			if (*s == '"' || *s == '\\')
				buf[o++] = '\\';
			buf[o++] = *s;
		}
		buf[o++] = '"';
		buf[o] = '\0';
		return;
	}
	case BF_BOOL:
		snprintf(buf, len, "%s", *(const bool *)v ? "y" : "n");
		return;
	case BF_U16:
		snprintf(buf, len, "%u", *(const u16 *)v);
		return;
	case BF_U32:
		snprintf(buf, len, "%u", *(const u32 *)v);
		return;
	case BF_U64:
		snprintf(buf, len, "%llu", (unsigned long long)*(const u64 *)v);
		return;
	case BF_SIZE:
		size_text(*(const u32 *)v, buf, len);
		return;
	case BF_SIZE64:
		size_text(*(const u64 *)v, buf, len);
		return;
	case BF_HEX64:
		snprintf(buf, len, "%#llx", (unsigned long long)*(const u64 *)v);
		return;
	case BF_VERSION: {
		char ver[KERNEL_VERSION_STR_LEN];

		snprintf(buf, len, "%s", kernel_version_str(*(const u32 *)v, ver));
		return;
	}
	case BF_ENUM: {
		int e = *(const int *)v;

		BUG_ON(e < 0 || (u32)e >= f->nr);
		snprintf(buf, len, "%s", f->names[e]);
		return;
	}
	case BF_TABLE: {
		const void *t = *(const void *const *)v;

		for (u32 i = 0; i < f->nr; i++)
			if (f->tables[i] == t) {
				snprintf(buf, len, "%s", f->names[i]);
				return;
			}
		panic("board %s: %s points at a table no name stands for",
		      p->name, f->key);
	}
	}
	panic("board_file: field type %d", f->type);
}

void board_write(const struct platform *p, FILE *f)
{
	char val[512];

	if (p->notes)
		fputs(p->notes, f);
	for (u32 i = 0; i < NR_FIELDS; i++) {
		const char *src = p->sources ? p->sources[i] : NULL;
		int col = fprintf(f, "%-*s", VALUE_COLUMN - 1, fields[i].key);

		col += fprintf(f, " ");
		value_text(p, &fields[i], val, sizeof(val));
		col += fprintf(f, "%s", val);
		if (src) {
			/* The source's lines after its first are indented. */
			fprintf(f, "%*s", col < SOURCE_COLUMN ?
				SOURCE_COLUMN - col : 1, "");
			for (const char *s = src; *s; s++) {
				fputc(*s, f);
				if (*s == '\n' && s[1])
					fprintf(f, "%*s", SOURCE_COLUMN, "");
			}
		}
		fputc('\n', f);
	}
}

/* ---- parsing ---- */

struct parse {
	const char *where;
	u32 line;
	char *err;
	size_t errlen;
};

static __attribute__((format(printf, 2, 3))) struct platform *
fail(struct parse *ps, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(ps->err, ps->errlen, "%s:%u: ", ps->where, ps->line);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < ps->errlen)
		vsnprintf(ps->err + n, ps->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return NULL;
}

static char *dup_range(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (!d)
		panic("board_file: host out of memory");
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

/* An unsigned number with an optional K, M or G (sizes only). */
static bool parse_number(const char *s, size_t n, bool sized, u64 max,
			 u64 *out)
{
	char buf[32];
	char *end;
	u64 v, mul = 1;

	if (!n || n >= sizeof(buf) || !isdigit((unsigned char)*s))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (sized && strchr("KMG", buf[n - 1])) {
		mul = 1ull << (buf[n - 1] == 'K' ? 10 : buf[n - 1] == 'M' ? 20 : 30);
		buf[--n] = '\0';
	}
	errno = 0;
	v = strtoull(buf, &end, 0);
	if (errno || *end || v > max / mul)
		return false;
	*out = v * mul;
	return true;
}

/* The value of @f from @s (@n bytes, no surrounding blanks) into @p. */
static bool parse_value(struct platform *p, const struct board_field *f,
			const char *s, size_t n)
{
	void *v = at(p, f);
	u64 x;

	switch (f->type) {
	case BF_STR: {
		char *d;
		size_t o = 0;

		if (n < 2 || s[0] != '"' || s[n - 1] != '"')
			return false;
		d = dup_range(s + 1, n - 2);
		for (size_t i = 0; d[i]; i++) {
			if (d[i] == '\\' && (d[i + 1] == '"' || d[i + 1] == '\\'))
				i++;
			else if (d[i] == '"')
				return free(d), false;
			d[o++] = d[i];
		}
		d[o] = '\0';
		*(const char **)v = d;
		return true;
	}
	case BF_BOOL:
		if (n != 1 || (*s != 'y' && *s != 'n'))
			return false;
		*(bool *)v = *s == 'y';
		return true;
	case BF_U16:
		if (!parse_number(s, n, false, UINT16_MAX, &x))
			return false;
		*(u16 *)v = (u16)x;
		return true;
	case BF_U32:
	case BF_SIZE:
		if (!parse_number(s, n, f->type == BF_SIZE, UINT32_MAX, &x))
			return false;
		*(u32 *)v = (u32)x;
		return true;
	case BF_U64:
	case BF_SIZE64:
	case BF_HEX64:
		if (!parse_number(s, n, f->type == BF_SIZE64, UINT64_MAX, &x))
			return false;
		*(u64 *)v = x;
		return true;
	case BF_VERSION: {
		unsigned a, b, c;
		char buf[32], tail;

		if (n >= sizeof(buf))
			return false;
		memcpy(buf, s, n);
		buf[n] = '\0';
		if (sscanf(buf, "%u.%u.%u%c", &a, &b, &c, &tail) != 3 ||
		    a > 255 || b > 255 || c > 255)
			return false;
		*(u32 *)v = KERNEL_VERSION(a, b, c);
		return true;
	}
	case BF_ENUM:
	case BF_TABLE:
		for (u32 i = 0; i < f->nr; i++)
			if (strlen(f->names[i]) == n &&
			    !strncmp(f->names[i], s, n)) {
				if (f->type == BF_ENUM)
					*(int *)v = (int)i;
				else
					*(const void **)v = f->tables[i];
				return true;
			}
		return false;
	}
	return false;
}

/*
 * What machine_create would refuse in field @f's parsed value (its
 * board_field.valid), said where the file sets it; NULL: nothing.
 */
static const char *value_refused(const struct platform *p,
				 const struct board_field *f)
{
	if (!f->valid)
		return NULL;
	if (f->valid(*(const u32 *)((const char *)p + f->off)))
		return NULL;
	return f->refused;
}

/* The end of a value that starts at @s: after its closing quote for a
 * string, else at the first blank. */
static const char *value_end(const char *s, const char *eol)
{
	if (*s == '"') {
		for (const char *q = s + 1; q < eol; q++) {
			if (*q == '\\' && q + 1 < eol)
				q++;
			else if (*q == '"')
				return q + 1;
		}
		return eol;
	}
	while (s < eol && *s != ' ' && *s != '\t' && *s != '\r')
		s++;
	return s;
}

static bool is_tag(const char *s, const char *eol)
{
	return eol - s >= 3 && s[0] == '[' && strchr("SDEBMC", s[1]) &&
	       s[1] && s[2] == ']';
}

static const char *skip_blanks(const char *s, const char *eol)
{
	while (s < eol && (*s == ' ' || *s == '\t'))
		s++;
	return s;
}

static const char *trim_end(const char *s, const char *eol)
{
	while (eol > s && (eol[-1] == ' ' || eol[-1] == '\t' || eol[-1] == '\r'))
		eol--;
	return eol;
}

/* @old + "\n" + the @n bytes at @s, in a new string (@old freed). */
static char *append_line(char *old, const char *s, size_t n)
{
	size_t o = old ? strlen(old) : 0;
	char *d = realloc(old, o + n + 2);

	if (!d)
		panic("board_file: host out of memory");
	if (o)
		d[o++] = '\n';
	memcpy(d + o, s, n);
	d[o + n] = '\0';
	return d;
}

/*
 * A board being read: what board_parse allocated, to free on a failure.
 * Every string of the board is its own (a base's are copied), so that
 * board_free can free them all.
 */
struct building {
	struct platform *p;
	char **src;
	bool *seen;		/* set by the file (each once) */
	char *notes;
};

static void free_strings(struct platform *p)
{
	for (u32 i = 0; i < NR_FIELDS; i++)
		if (fields[i].type == BF_STR) {
			free(*(char **)at(p, &fields[i]));
			*(char **)at(p, &fields[i]) = NULL;
		}
}

static struct platform *discard(struct building *st, struct platform *ret)
{
	free_strings(st->p);
	for (u32 i = 0; i < NR_FIELDS; i++)
		free(st->src[i]);
	free(st->src);
	free(st->seen);
	free(st->notes);
	free(st->p);
	return ret;
}

void board_free(struct platform *p)
{
	if (!p)
		return;
	free_strings(p);
	for (u32 i = 0; p->sources && i < NR_FIELDS; i++)
		free((char *)p->sources[i]);
	free((char **)p->sources);
	free((char *)p->notes);
	free(p);
}

struct platform *board_parse(const char *text, const char *where, char *err,
			     size_t errlen)
{
	struct parse ps = { where, 0, err, errlen };
	struct building st = { calloc(1, sizeof(*st.p)),
			       calloc(NR_FIELDS, sizeof(*st.src)),
			       calloc(NR_FIELDS, sizeof(*st.seen)), NULL };
	struct platform *p = st.p;
	char **src = st.src;
	bool *seen = st.seen;
	const struct platform *base = NULL;
	bool any = false;
	int last = -1;

	if (!p || !src || !seen)
		panic("board_file: host out of memory");
	for (const char *s = text; *s;) {
		const char *eol = strchr(s, '\n'), *k, *ke, *v, *ve, *why;
		int i;

		if (!eol)
			eol = s + strlen(s);
		ps.line++;
		k = skip_blanks(s, eol);
		if (k == trim_end(s, eol)) {
			last = -1;
		} else if (*k == '#') {
			/* Notes: the comment lines before the first
			 * parameter, kept as written. */
			if (!any) {
				size_t o = st.notes ? strlen(st.notes) : 0;
				size_t n = (size_t)(eol - s) + 1;

				st.notes = realloc(st.notes, o + n + 1);
				if (!st.notes)
					panic("board_file: host out of memory");
				memcpy(st.notes + o, s, n - 1);
				st.notes[o + n - 1] = '\n';
				st.notes[o + n] = '\0';
			}
			last = -1;
		} else if (k != s) {
			/* A source's next line. */
			if (last < 0 || !src[last])
				return discard(&st, fail(&ps, "an indented line belongs to no parameter's source"));
			src[last] = append_line(src[last], k,
						(size_t)(trim_end(k, eol) - k));
		} else if (!strncmp(k, "base", 4) && (k[4] == ' ' || k[4] == '\t')) {
			char name[64];
			size_t n;

			v = skip_blanks(k + 4, eol);
			n = (size_t)(trim_end(v, eol) - v);
			if (any || base)
				return discard(&st, fail(&ps, "'base' comes first, once"));
			if (!n || n >= sizeof(name))
				return discard(&st, fail(&ps, "'base' wants a board's name"));
			memcpy(name, v, n);
			name[n] = '\0';
			base = platform_find(name);
			if (!base)
				return discard(&st, fail(&ps, "no board '%s' to start from (`vmsplit platforms` lists them)",
					    name));
			*p = *base;
			p->notes = NULL;
			p->sources = NULL;
			for (u32 j = 0; j < NR_FIELDS; j++) {
				char **str = at(p, &fields[j]);

				if (fields[j].type == BF_STR && *str)
					*str = dup_range(*str, strlen(*str));
				if (base->sources && base->sources[j])
					src[j] = dup_range(base->sources[j],
							   strlen(base->sources[j]));
			}
			any = true;
			last = -1;
		} else {
			ke = k;
			while (ke < eol && *ke != ' ' && *ke != '\t' &&
			       *ke != '\r')
				ke++;
			i = field_index(k, (size_t)(ke - k));
			if (i < 0)
				return discard(&st, fail(&ps, "unknown parameter '%.*s' (`vmsplit platforms NAME` lists them)",
					    (int)(ke - k), k));
			if (seen[i])
				return discard(&st, fail(&ps, "%s set twice", fields[i].key));
			v = skip_blanks(ke, eol);
			ve = value_end(v, eol);
			if (fields[i].type == BF_STR) {
				/* A base's copy gives way to the file's. */
				free(*(char **)at(p, &fields[i]));
				*(char **)at(p, &fields[i]) = NULL;
			}
			if (!parse_value(p, &fields[i], v, (size_t)(ve - v)))
				return discard(&st, fail(&ps, "%s: bad value '%.*s'",
					    fields[i].key,
					    (int)(trim_end(v, eol) - v), v));
			why = value_refused(p, &fields[i]);
			if (why)
				return discard(&st, fail(&ps, "%s: %s",
					    fields[i].key, why));
			seen[i] = true;
			/* A base's source spoke of the base's value. */
			free(src[i]);
			src[i] = NULL;
			v = skip_blanks(ve, eol);
			if (v < trim_end(v, eol)) {
				if (!is_tag(v, eol))
					return discard(&st, fail(&ps, "%s: after the value, a source tag ([S], [D], [E], [B], [M] or [C]), not '%.*s'",
						    fields[i].key,
						    (int)(trim_end(v, eol) - v), v));
				src[i] = dup_range(v, (size_t)(trim_end(v, eol) - v));
			}
			any = true;
			last = i;
		}
		s = *eol ? eol + 1 : eol;
	}
	for (u32 i = 0; i < NR_FIELDS && !base; i++)
		if (!seen[i])
			return discard(&st, fail(&ps, "%s is not set (a file without 'base' sets every parameter)",
				    fields[i].key));
	if (!p->name || !*p->name)
		return discard(&st, fail(&ps, "the board has no name"));
	p->notes = base && !st.notes && base->notes ?
			   dup_range(base->notes, strlen(base->notes)) :
			   st.notes;
	p->sources = (const char *const *)src;
	free(seen);
	return p;
}
