// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a kernel .config (scripts/kconfig/confdata.c writes it): every
 * line is "CONFIG_X=value", "# CONFIG_X is not set", another comment or
 * blank.  The symbols vmsplit models become settings; the ones that change
 * a measured code path but whose cost the board's kernel fixes (the LSMs,
 * init_on_alloc, SMP, ... -- left out of or adjusted in the sums of
 * src/platforms/kpath-arm.c and kpath-x86.c) are named in the report; the
 * rest are counted, those a typo away from a modelled name warned of.  A
 * .config for another architecture than the board's is refused.  The
 * dependencies between the file's values are resolved later, over the
 * command line's words (olddefconfig.c).
 */
#include "config/kconfig.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "arch/layout.h"
#include "base/errno.h"
#include "base/hostfile.h"
#include "base/json.h"
#include "base/panic.h"
#include "config/near.h"

/* How a modelled symbol acts on the settings. */
enum kc_kind {
	KC_WORD, /* a bool the settings take as NAME=y|n */
	KC_SPLIT, /* CONFIG_VMSPLIT_* (a choice): =y picks the split */
	KC_X86_4G, /* the 2003 4G/4G patch's CONFIG_X86_4G */
	KC_NOHIGHMEM, /* x86 choice: no highmem */
	KC_HIGHMEM4G, /* x86 choice: highmem without PAE */
	KC_HIGHMEM64G, /* x86 choice: highmem with PAE */
	KC_X86_PAE, /* x86: the PAE page tables every x86 board has */
	KC_PAGE_OFFSET, /* a number, checked against the split */
	KC_NR_CPUS, /* a number: caps the CPUs brought up */
};

/* The boards a symbol fits: any, ARM's, x86's, or none (KC_OTHER). */
enum kc_arch { KC_ANY, KC_ARM, KC_X86, KC_OTHER };

static const struct kc_symbol {
	const char *name;
	enum kc_kind kind;
	enum kc_arch arch;
	bool report_absent; /* named when the file lacks it */
} modelled[] = {
	{ "CONFIG_HIGHMEM", KC_WORD, KC_ANY, true },
	{ "CONFIG_HIGHPTE", KC_WORD, KC_ANY, true },
	{ "CONFIG_DEBUG_HIGHMEM", KC_WORD, KC_ANY, true },
	{ "CONFIG_DEBUG_ATOMIC_SLEEP", KC_WORD, KC_ANY, false },
	{ "CONFIG_ARM_LPAE", KC_WORD, KC_ARM, true },
	{ "CONFIG_UACCESS_WITH_MEMCPY", KC_WORD, KC_ARM, true },
	{ "CONFIG_CPU_SW_DOMAIN_PAN", KC_WORD, KC_ARM, true },
	{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY", KC_WORD, KC_ANY, true },
	{ "CONFIG_VMSPLIT_3G", KC_SPLIT, KC_ANY, false },
	{ "CONFIG_VMSPLIT_3G_OPT", KC_SPLIT, KC_ANY, false },
	{ "CONFIG_VMSPLIT_2G", KC_SPLIT, KC_ANY, false },
	{ "CONFIG_VMSPLIT_2G_OPT", KC_SPLIT, KC_X86, false },
	{ "CONFIG_VMSPLIT_1G", KC_SPLIT, KC_ANY, false },
	{ "CONFIG_VMSPLIT_4G_4G", KC_SPLIT, KC_ANY, false },
	{ "CONFIG_X86_4G", KC_X86_4G, KC_X86, false },
	{ "CONFIG_NOHIGHMEM", KC_NOHIGHMEM, KC_X86, false },
	{ "CONFIG_HIGHMEM4G", KC_HIGHMEM4G, KC_X86, false },
	{ "CONFIG_HIGHMEM64G", KC_HIGHMEM64G, KC_X86, false },
	{ "CONFIG_X86_PAE", KC_X86_PAE, KC_X86, true },
	{ "CONFIG_PAGE_OFFSET", KC_PAGE_OFFSET, KC_ANY, true },
	{ "CONFIG_NR_CPUS", KC_NR_CPUS, KC_ANY, true },
};

_Static_assert(ARRAY_SIZE(modelled) <= 32,
	       "struct kconfig_report's set has a bit per modelled symbol");

/*
 * Symbols whose code runs on a measured path but which vmsplit does not
 * model: each board's cost is its own kernel's configuration (kpath-arm.c,
 * kpath-x86.c: Debian's LSM hooks, init_on_alloc and hardened usercopy
 * left out of every sum; the 3.14 and 5.7 adjustments for SMP, SECURITY,
 * MEMCG, TCP_MD5SIG; the Spectre-BHB and context-tracking entry code).
 */
static const char *const unmodelled[] = {
	"CONFIG_SECURITY",
	"CONFIG_SECURITY_SELINUX",
	"CONFIG_SECURITY_APPARMOR",
	"CONFIG_SECURITY_TOMOYO",
	"CONFIG_SECURITY_SMACK",
	"CONFIG_BPF_LSM",
	"CONFIG_LSM",
	"CONFIG_INIT_ON_ALLOC_DEFAULT_ON",
	"CONFIG_HARDENED_USERCOPY",
	"CONFIG_MEMCG",
	"CONFIG_SMP",
	"CONFIG_PREEMPT",
	"CONFIG_NO_HZ_FULL",
	"CONFIG_CONTEXT_TRACKING_USER",
	"CONFIG_HARDEN_BRANCH_HISTORY",
	"CONFIG_TCP_MD5SIG",
	"CONFIG_NETFILTER",
	"CONFIG_DMA_API_DEBUG",
};

/*
 * The symbol each architecture's Kconfig writes =y into every .config it
 * makes (a def_bool y or a bool defaulting to y, the first symbol of
 * arch/<arch>/Kconfig in 5.7.14).  A .config holding another
 * architecture's was made for a kernel that cannot run on the board.  The
 * more specific come first: an x86-64 .config has CONFIG_X86=y too, a
 * User-mode Linux one on x86 CONFIG_X86_32=y (arch/x86/um/Kconfig:17),
 * and CONFIG_64BIT=y is any 64-bit kernel's (arch/x86/Kconfig:3 and seven
 * other architectures').
 */
static const struct kc_arch_symbol {
	const char *name;
	const char *what; /* the architecture, with its article */
	enum kc_arch arch;
} arch_symbols[] = {
	{ "CONFIG_X86_64", "an x86-64", KC_OTHER }, /* arch/x86/Kconfig:22 */
	{ "CONFIG_UML", "a User-mode Linux", KC_OTHER },
	{ "CONFIG_ARM64", "an arm64", KC_OTHER },
	{ "CONFIG_ARM", "an ARM", KC_ARM }, /* arch/arm/Kconfig:2 */
	/* arch/x86/Kconfig:10, since 2.6.24 merged i386 and x86_64. */
	{ "CONFIG_X86_32", "an x86", KC_X86 },
	/* arch/x86/Kconfig:51; 2.5.73's arch/i386/Kconfig:8. */
	{ "CONFIG_X86", "an x86", KC_X86 },
	{ "CONFIG_ALPHA", "an Alpha", KC_OTHER },
	{ "CONFIG_ARC", "an ARC", KC_OTHER },
	{ "CONFIG_C6X", "a C6x", KC_OTHER },
	{ "CONFIG_CSKY", "a C-SKY", KC_OTHER },
	{ "CONFIG_H8300", "an H8/300", KC_OTHER },
	{ "CONFIG_HEXAGON", "a Hexagon", KC_OTHER },
	{ "CONFIG_IA64", "an IA-64", KC_OTHER },
	{ "CONFIG_M68K", "an m68k", KC_OTHER },
	{ "CONFIG_MICROBLAZE", "a MicroBlaze", KC_OTHER },
	{ "CONFIG_MIPS", "a MIPS", KC_OTHER },
	{ "CONFIG_NDS32", "an NDS32", KC_OTHER },
	{ "CONFIG_NIOS2", "a Nios II", KC_OTHER },
	{ "CONFIG_OPENRISC", "an OpenRISC", KC_OTHER },
	{ "CONFIG_PARISC", "a PA-RISC", KC_OTHER },
	{ "CONFIG_PPC", "a PowerPC", KC_OTHER },
	{ "CONFIG_RISCV", "a RISC-V", KC_OTHER },
	{ "CONFIG_S390", "an s390", KC_OTHER },
	{ "CONFIG_SUPERH", "a SuperH", KC_OTHER },
	{ "CONFIG_SPARC", "a SPARC", KC_OTHER },
	{ "CONFIG_UNICORE32", "a UniCore32", KC_OTHER },
	{ "CONFIG_XTENSA", "an Xtensa", KC_OTHER },
	{ "CONFIG_TILE", "a TILE", KC_OTHER }, /* gone in 4.16; 3.14.1's */
	{ "CONFIG_64BIT", "a 64-bit", KC_OTHER },
};

static enum kc_arch board_arch(const struct settings *s)
{
	return s->platform->arch == PLAT_ARM ? KC_ARM : KC_X86;
}

/*
 * How near is near (kc_near_miss): an optimal-string-alignment distance
 * of two at the most -- two slips, each a letter dropped, added or
 * changed, or two neighbours swapped -- case ignored, the CONFIG_ prefix
 * set apart.  One slip is the common typo (CONFIG_HIGMEM, CONFIG_HIHGPTE,
 * CONFIG_highmem at none); two catch CONFIG_HIGH_PTE_ or CONFIG_VMSPLT_1G.
 * Three would be noise: of the 22,524 symbols the Kconfig files of
 * 2.5.73, 3.14.1, 3.16, 3.17, 3.18 and 5.7.14 define and Debian 12's
 * armmp-lpae .config holds, 9 lie within two of a modelled name (all of
 * them real_near_misses below) and 32 within three (CONFIG_ARM_PMU,
 * CONFIG_SHMEM, CONFIG_PHYS_OFFSET, ...), so a distribution .config warns
 * of nothing but its typos.
 */
#define KC_NEAR 2
_Static_assert(KC_NEAR <= NEAR_BOUND_MAX, "near_distance takes the bound");

/* A near miss is a modelled name (NEAR_NAME_MAX characters at most, its
 * CONFIG_ apart) and KC_NEAR slips. */
_Static_assert(KCONFIG_NEAR_NAME >= sizeof("CONFIG_") + NEAR_NAME_MAX + KC_NEAR,
	       "struct kconfig_near_miss holds every near miss whole");

/*
 * The real symbols within KC_NEAR of a modelled one (the search above):
 * x86's (arch/x86/Kconfig) and TILE's splits (3.14.1's arch/tile/Kconfig).
 */
static const char *const real_near_misses[] = {
	"CONFIG_X86_32",  "CONFIG_X86_64",	 "CONFIG_X86_HT",
	"CONFIG_X86_MCE", "CONFIG_X86_PAT",	 "CONFIG_X86_PC",
	"CONFIG_X86_UV",  "CONFIG_VMSPLIT_2_5G", "CONFIG_VMSPLIT_3_5G",
};

static bool is_symbol_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* A number as Kconfig writes an int (decimal) or a hex (0x...). */
static int parse_kc_number(const char *v, u64 *out)
{
	u64 n = 0;

	if (strncmp(v, "0x", 2) && strncmp(v, "0X", 2))
		return parse_number(v, out);
	v += 2;
	if (!*v)
		return -EINVAL;
	for (; *v; v++) {
		u32 d;

		if (*v >= '0' && *v <= '9')
			d = (u32)(*v - '0');
		else if (*v >= 'a' && *v <= 'f')
			d = (u32)(*v - 'a' + 10);
		else if (*v >= 'A' && *v <= 'F')
			d = (u32)(*v - 'A' + 10);
		else
			return -EINVAL;
		if (n >> 60)
			return -EINVAL;
		n = n << 4 | d;
	}
	*out = n;
	return 0;
}

/*
 * Is @v a value confdata.c writes -- y, m, n, a quoted string, a number --
 * or one of the other bool words the command line takes (parse_bool: yes,
 * no, on, off), which a hand-edited file may hold?
 */
static bool valid_value(const char *v)
{
	bool b;
	u64 n;

	if (!strcmp(v, "m") || !parse_bool(v, &b))
		return true;
	if (*v == '"') {
		for (v++; *v && *v != '"'; v++)
			if (*v == '\\' && !*++v)
				return false;
		return *v == '"' && !v[1];
	}
	if (*v == '-')
		v++;
	return !parse_kc_number(v, &n);
}

/* The state of one load: what the file said beyond the words. */
struct kc_state {
	bool split_given; /* a VMSPLIT choice (or X86_4G) said y */
	u64 page_offset; /* CONFIG_PAGE_OFFSET, if seen */
	bool page_offset_seen;
	const char *path;
	u32 lineno;
};

static const char *kc_arch_name(const struct settings *s)
{
	return s->platform->arch == PLAT_ARM ? "ARM" : "x86";
}

/*
 * Is the line [@p, @end) "@name=VALUE" with a VALUE parse_bool reads as
 * y?  Leading blanks and a CR before @end are allowed, as kc_line allows
 * them.
 */
static bool kc_line_says_y(const char *p, const char *end, const char *name)
{
	size_t n = strlen(name);
	char v[8];
	bool y;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end > p && end[-1] == '\r')
		end--;
	if ((size_t)(end - p) <= n + 1 || memcmp(p, name, n) || p[n] != '=')
		return false;
	p += n + 1;
	if ((size_t)(end - p) >= sizeof(v))
		return false;
	memcpy(v, p, (size_t)(end - p));
	v[end - p] = '\0';
	return !parse_bool(v, &y) && y;
}

/*
 * kc_check_arch - refuse a .config made for another architecture than
 * the board's (arch_symbols).  The whole text is searched before a line
 * is applied, so that this is the reason given wherever in the file the
 * architecture's symbol is and whatever line would have failed first.
 * Return: 0, or -EINVAL with "FILE: an ARM .config (CONFIG_ARM=y) on
 * numaq-16, an x86 board" in @err.
 */
static int kc_check_arch(const struct settings *s, const char *path,
			 const char *text, size_t len, char *err, size_t errlen)
{
	bool seen[ARRAY_SIZE(arch_symbols)] = { false };
	const char *line, *end;

	for (line = text; line < text + len; line = end + 1) {
		end = memchr(line, '\n', (size_t)(text + len - line));
		if (!end)
			end = text + len;
		for (size_t i = 0; i < ARRAY_SIZE(arch_symbols); i++)
			seen[i] |=
				kc_line_says_y(line, end, arch_symbols[i].name);
	}
	for (size_t i = 0; i < ARRAY_SIZE(arch_symbols); i++)
		if (seen[i] && arch_symbols[i].arch != board_arch(s))
			return settings_err(
				err, errlen,
				"%s: %s .config (%s=y) on %s, an %s board",
				path, arch_symbols[i].what,
				arch_symbols[i].name, s->platform->name,
				kc_arch_name(s));
	return 0;
}

/* Apply modelled symbol @sym = @v (y, m, n, a string or a number). */
static int kc_apply(struct settings *s, struct kc_state *st,
		    const struct kc_symbol *sym, const char *v, char *err,
		    size_t errlen)
{
	bool y = false;
	char word[160];
	u64 n;
	int ret;

	/*
	 * Every modelled symbol but the numbers is a bool: no module.  Its
	 * value is read by the command line's rule (parse_bool), so that
	 * CONFIG_HIGHMEM=yes means in the file what it means as a word.
	 */
	if (sym->kind != KC_PAGE_OFFSET && sym->kind != KC_NR_CPUS &&
	    parse_bool(v, &y))
		return settings_err(err, errlen, "%s:%u: %s=%s: a bool, y or n",
				    st->path, st->lineno, sym->name, v);
	switch (sym->kind) {
	case KC_SPLIT:
		st->split_given |= y;
		/* fallthrough */
	case KC_WORD:
		snprintf(word, sizeof(word), "%s=%s", sym->name, y ? "y" : "n");
		ret = settings_parse(s, word, err, errlen);
		if (ret) {
			char why[256];

			snprintf(why, sizeof(why), "%s", err);
			return settings_err(err, errlen, "%s:%u: %s", st->path,
					    st->lineno, why);
		}
		return 0;
	case KC_X86_4G:
		if (y) {
			s->vmsplit = VMSPLIT_4G_4G;
			st->split_given = true;
		}
		return 0;
	case KC_NOHIGHMEM:
		if (y)
			s->highmem = false;
		return 0;
	case KC_HIGHMEM64G:
		if (y)
			s->highmem = true;
		return 0;
	case KC_HIGHMEM4G:
		if (y)
			return settings_err(
				err, errlen,
				"%s:%u: CONFIG_HIGHMEM4G=y: vmsplit models i386 with PAE only (CONFIG_HIGHMEM64G)",
				st->path, st->lineno);
		return 0;
	case KC_X86_PAE:
		if (!y)
			return settings_err(
				err, errlen,
				"%s:%u: CONFIG_X86_PAE=n: vmsplit models i386 with PAE only",
				st->path, st->lineno);
		return 0;
	case KC_PAGE_OFFSET:
		if (parse_kc_number(v, &n) || n > UINT32_MAX)
			return settings_err(
				err, errlen,
				"%s:%u: CONFIG_PAGE_OFFSET=%s is not an address",
				st->path, st->lineno, v);
		st->page_offset = n;
		st->page_offset_seen = true;
		return 0;
	case KC_NR_CPUS:
		if (parse_kc_number(v, &n) || !n)
			return settings_err(
				err, errlen,
				"%s:%u: CONFIG_NR_CPUS=%s is not a CPU count",
				st->path, st->lineno, v);
		/* The kernel brings up at most NR_CPUS of the board's. */
		if (n < s->ncpus)
			s->ncpus = (u32)n;
		return 0;
	}
	panic("kc_apply: kind %d", sym->kind);
}

/*
 * CONFIG_PAGE_OFFSET is derived from the split in Kconfig: with a split
 * chosen it must agree; alone it chooses the split.  4G/4G's kernel
 * PAGE_OFFSET is vmsplit's own estimate (arch/layout.c), so not checked.
 */
static int kc_check_page_offset(struct settings *s, struct kc_state *st,
				char *err, size_t errlen)
{
	enum platform_arch arch = s->platform->arch;
	u32 want;

	if (!st->page_offset_seen)
		return 0;
	if (st->split_given) {
		if (s->vmsplit == VMSPLIT_4G_4G)
			return 0;
		want = vmsplit_page_offset(arch, s->vmsplit);
		if (st->page_offset != want)
			return settings_err(
				err, errlen,
				"%s: CONFIG_PAGE_OFFSET=0x%08llX does not match CONFIG_VMSPLIT_%s (0x%08X)",
				st->path, (unsigned long long)st->page_offset,
				vmsplit_names[s->vmsplit], want);
		return 0;
	}
	for (int v = 0; v < NR_VMSPLIT; v++)
		if (v != VMSPLIT_4G_4G &&
		    vmsplit_page_offset(arch, (enum vmsplit)v) ==
			    st->page_offset) {
			s->vmsplit = (enum vmsplit)v;
			return 0;
		}
	return settings_err(
		err, errlen,
		"%s: CONFIG_PAGE_OFFSET=0x%08llX is no split vmsplit models on %s",
		st->path, (unsigned long long)st->page_offset, kc_arch_name(s));
}

/*
 * kc_near_miss - the modelled symbol of the board's architecture that
 * unknown symbol @name is within KC_NEAR of (the nearest, the first on a
 * tie), or NULL.  A name without the CONFIG_ prefix ("HIGHMEM=y") is
 * compared to the names without theirs.
 */
static const char *kc_near_miss(const struct settings *s, const char *name)
{
	const char *like = NULL;
	u32 best = KC_NEAR + 1;

	for (size_t i = 0; i < ARRAY_SIZE(real_near_misses); i++)
		if (!strcmp(name, real_near_misses[i]))
			return NULL;
	if (!strncasecmp(name, "CONFIG_", 7))
		name += 7;
	for (size_t i = 0; i < ARRAY_SIZE(modelled); i++) {
		u32 d;

		if (modelled[i].arch != KC_ANY &&
		    modelled[i].arch != board_arch(s))
			continue;
		d = near_distance(name, modelled[i].name + 7, KC_NEAR);
		if (d < best) {
			best = d;
			like = modelled[i].name;
		}
	}
	return like;
}

/* One "NAME=VALUE" of the file (already checked for form). */
static int kc_symbol(struct settings *s, struct kc_state *st,
		     struct kconfig_report *rep, const char *name,
		     const char *v, char *err, size_t errlen)
{
	enum kc_arch arch = board_arch(s);
	const char *like;

	for (size_t i = 0; i < ARRAY_SIZE(modelled); i++) {
		if (strcmp(name, modelled[i].name))
			continue;
		/* Another architecture's symbol means nothing here. */
		if (modelled[i].arch != KC_ANY && modelled[i].arch != arch)
			break;
		rep->set |= 1u << i;
		return kc_apply(s, st, &modelled[i], v, err, errlen);
	}
	for (size_t i = 0; i < ARRAY_SIZE(unmodelled); i++)
		if (!strcmp(name, unmodelled[i])) {
			if (rep->nr_unmodelled < KCONFIG_MAX_NAMED)
				snprintf(rep->unmodelled[rep->nr_unmodelled++],
					 sizeof(rep->unmodelled[0]), "%s=%s",
					 name, v);
			return 0;
		}
	like = kc_near_miss(s, name);
	if (like && rep->nr_near++ < KCONFIG_MAX_NAMED) {
		struct kconfig_near_miss *n = &rep->near[rep->nr_near - 1];

		n->line = st->lineno;
		n->like = like;
		snprintf(n->name, sizeof(n->name), "%s", name);
	}
	rep->ignored++;
	return 0;
}

/*
 * One line, its end (LF, CRLF) cut.  Blank lines and comments are
 * skipped, "# CONFIG_X is not set" is CONFIG_X=n.
 */
/*
 * The release a .config was made for, from its header: "# Linux/arm
 * 6.1.176 Kernel Configuration" (scripts/kconfig/confdata.c's
 * conf_write(), 2.6.25 on; "# Linux kernel version: 2.6.24" before).
 * It becomes kernel= where the board's flavour covers it; else the
 * board's release stays, and the CLI says so.  A later kernel= word on
 * the command line wins, as every word does.
 */
static void kc_header(struct settings *s, struct kconfig_report *rep,
		      const char *p)
{
	unsigned a, b, c = 0;
	int n = 0;
	char arch[32];

	if (sscanf(p, "# Linux/%31s %u.%u.%u%n", arch, &a, &b, &c, &n) < 3 &&
	    sscanf(p, "# Linux/%31s %u.%u%n", arch, &a, &b, &n) < 3 &&
	    sscanf(p, "# Linux kernel version: %u.%u.%u", &a, &b, &c) < 2)
		return;
	if (a > 255 || b > 255)
		return;
	/* KERNEL_VERSION's sublevel is 8 bits; the kernel clamps it too. */
	rep->header_version = KERNEL_VERSION(a, b, c > 255 ? 255 : c);
	if (settings_flavour_covers(s, rep->header_version)) {
		char word[32], err[160];

		/* As the word would: the defaults that follow the release
		 * (TSO, HIGHPTE) follow it, unless the file sets them. */
		snprintf(word, sizeof(word), "kernel=%u.%u.%u", a, b,
			 c > 255 ? 255 : c);
		rep->kernel_set = !settings_parse(s, word, err, sizeof(err));
	}
}

static int kc_line(struct settings *s, struct kc_state *st,
		   struct kconfig_report *rep, char *line, char *err,
		   size_t errlen)
{
	char *p = line, *eq;
	int end = 0;
	char sym[128];

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p)
		return 0;
	if (*p == '#') {
		/* "%n" after the literal tail proves the whole line matched. */
		if (sscanf(p, "# %127s is not set%n", sym, &end) == 1 && end &&
		    !p[end] && !strncmp(sym, "CONFIG_", 7))
			return kc_symbol(s, st, rep, sym, "n", err, errlen);
		kc_header(s, rep, p);
		return 0;
	}
	eq = strchr(p, '=');
	if (!eq || eq == p)
		return settings_err(err, errlen,
				    "%s:%u: neither a comment nor NAME=VALUE",
				    st->path, st->lineno);
	for (char *c = p; c < eq; c++)
		if (!is_symbol_char(*c))
			return settings_err(
				err, errlen,
				"%s:%u: neither a comment nor NAME=VALUE",
				st->path, st->lineno);
	*eq = '\0';
	if (!valid_value(eq + 1))
		return settings_err(
			err, errlen,
			"%s:%u: %s: '%s' is not y, m, n, a \"string\" or a number",
			st->path, st->lineno, p, eq + 1);
	return kc_symbol(s, st, rep, p, eq + 1, err, errlen);
}

int kconfig_load(struct settings *s, const char *path,
		 struct kconfig_report *rep, char *err, size_t errlen)
{
	struct kconfig_report scratch;
	struct kc_state st = { .path = path };
	char *text, *line, *end;
	size_t len;
	int ret;

	if (!rep)
		rep = &scratch;
	memset(rep, 0, sizeof(*rep));
	ret = hostfile_read(path, KCONFIG_MAX_BYTES, &text, &len, err, errlen);
	if (ret)
		return ret;
	ret = kc_check_arch(s, path, text, len, err, errlen);
	for (line = text; !ret && line < text + len; line = end + 1) {
		end = memchr(line, '\n', (size_t)(text + len - line));
		if (!end)
			end = text + len;
		st.lineno++;
		if (end - line > KCONFIG_MAX_LINE) {
			ret = settings_err(
				err, errlen,
				"%s:%u: line longer than %d characters", path,
				st.lineno, KCONFIG_MAX_LINE);
			break;
		}
		/* /proc/config.gz itself, say: gzip's bytes are no text. */
		if (memchr(line, '\0', (size_t)(end - line))) {
			ret = settings_err(
				err, errlen,
				"%s:%u: a NUL byte, so not a .config (a compressed one reads as --kconfig <(zcat FILE))",
				path, st.lineno);
			break;
		}
		*end = '\0';
		/* A .config saved on Windows ends its lines in CRLF. */
		line[strcspn(line, "\r")] = '\0';
		ret = kc_line(s, &st, rep, line, err, errlen);
	}
	free(text);
	if (!ret)
		ret = kc_check_page_offset(s, &st, err, errlen);
	if (ret)
		return ret;
	for (size_t i = 0; i < ARRAY_SIZE(modelled); i++) {
		if (modelled[i].report_absent && !(rep->set & 1u << i) &&
		    (modelled[i].arch == KC_ANY ||
		     modelled[i].arch == board_arch(s)) &&
		    rep->nr_absent < KCONFIG_MAX_NAMED)
			rep->absent[rep->nr_absent++] = modelled[i].name;
	}
	/* The split is a choice: absent only if no member was there. */
	if (!st.split_given && !st.page_offset_seen &&
	    rep->nr_absent < KCONFIG_MAX_NAMED)
		rep->absent[rep->nr_absent++] = "CONFIG_VMSPLIT_*";
	return 0;
}

bool kconfig_file_set(const struct kconfig_report *rep, const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(modelled); i++)
		if (!strcmp(name, modelled[i].name))
			return rep->set & 1u << i;
	panic("kconfig_file_set: %s is not a modelled symbol", name);
}

/* The file alone, resolved as olddefconfig would with no word over it. */
int settings_load_kconfig(struct settings *s, const char *path, char *err,
			  size_t errlen)
{
	struct kconfig_report rep;
	int ret = kconfig_load(s, path, &rep, err, errlen);

	if (!ret)
		kconfig_olddefconfig(s, &rep, NULL, 0, NULL);
	return ret;
}

void kconfig_report_print(const struct kconfig_report *rep, const char *path,
			  FILE *f)
{
	char ver[KERNEL_VERSION_STR_LEN];

	fprintf(f, "vmsplit: %s: ignored %u symbols vmsplit does not model",
		path, rep->ignored);
	for (u32 i = 0; i < rep->nr_unmodelled; i++)
		fprintf(f, "%s%s",
			i ? ", " :
			    "; not modelled, though they change measured kernel paths (the board's kernel is charged): ",
			rep->unmodelled[i]);
	for (u32 i = 0; i < rep->nr_absent; i++)
		fprintf(f, "%s%s",
			i ? ", " : "; not in the file, defaults kept: ",
			rep->absent[i]);
	if (rep->header_version)
		fprintf(f, "; made for Linux %s%s",
			kernel_version_str(rep->header_version, ver),
			rep->kernel_set ? " (kernel=)" :
					  ", outside the board's flavour: its own release stays");
}

void kconfig_report_print_warnings(const struct kconfig_report *rep,
				   const char *path, FILE *f)
{
	u32 shown = rep->nr_near < KCONFIG_MAX_NAMED ? rep->nr_near :
						       KCONFIG_MAX_NAMED;

	for (u32 i = 0; i < shown; i++)
		fprintf(f,
			"vmsplit: kconfig: %s:%u: %s is not a symbol vmsplit knows; did you mean %s?\n",
			path, rep->near[i].line, rep->near[i].name,
			rep->near[i].like);
	if (rep->nr_near > shown)
		fprintf(f,
			"vmsplit: kconfig: %s: %u more symbols near ones vmsplit knows\n",
			path, rep->nr_near - shown);
}

void kconfig_report_print_json(const struct kconfig_report *rep, FILE *f)
{
	char ver[KERNEL_VERSION_STR_LEN];

	fprintf(f, "{\"ignored\": %u, \"unmodelled\": [", rep->ignored);
	for (u32 i = 0; i < rep->nr_unmodelled; i++) {
		fputs(i ? ", " : "", f);
		json_print_string(f, rep->unmodelled[i]);
	}
	fputs("], \"absent\": [", f);
	for (u32 i = 0; i < rep->nr_absent; i++) {
		fputs(i ? ", " : "", f);
		json_print_string(f, rep->absent[i]);
	}
	fputs("], \"made_for\": ", f);
	if (rep->header_version)
		fprintf(f, "\"%s\"", kernel_version_str(rep->header_version, ver));
	else
		fputs("null", f);
	fprintf(f, ", \"kernel_set\": %s}", rep->kernel_set ? "true" : "false");
}
