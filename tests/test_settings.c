// SPDX-License-Identifier: GPL-2.0-only
/*
 * Settings (src/config/settings.c): the per-platform defaults, parsing of
 * every NAME=VALUE word (and the Kconfig spellings), the exact error text
 * for bad values, whole-configuration validation, reading a kernel .config
 * and the two printers.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/errno.h"
#include "config/settings.h"

static struct settings s;
static char err[256];

static const struct platform *plat(const char *name)
{
	const struct platform *p = platform_find(name);

	cr_assert(p, "no platform %s", name);
	return p;
}

static void defaults(const char *name)
{
	settings_default(&s, plat(name));
	err[0] = '\0';
}

/* Apply @word, which must be accepted. */
static void ok(const char *word)
{
	cr_assert_eq(settings_parse(&s, word, err, sizeof(err)), 0,
		     "'%s' refused: %s", word, err);
}

/* Apply @word, which must be refused with exactly @msg. */
static void bad(const char *word, const char *msg)
{
	err[0] = '\0';
	cr_assert_eq(settings_parse(&s, word, err, sizeof(err)), -EINVAL,
		     "'%s' accepted", word);
	cr_assert_str_eq(err, msg, "'%s': got '%s'", word, err);
}

static void valid(void)
{
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "refused: %s",
		     err);
}

static void invalid(const char *msg)
{
	err[0] = '\0';
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, msg, "got '%s'", err);
}

struct expect_defaults {
	const char *platform;
	enum kmap_flavour flavour;
	bool highpte;
	u64 mem;
	u32 ncpus;
	u32 kernel_version;
	bool kmap_pfn_fastpath;
};

Test(settings, defaults_per_platform)
{
	const struct expect_defaults want[] = {
		/* 3.16's Kconfig gives HIGHPTE no default; 5.7's says y. */
		{ "kirkwood-openblocks-a7", FLAVOUR_ARM_3X, false, 1ull << 30, 1,
		  KERNEL_VERSION(3, 16, 0), false },
		{ "beaglebone-white", FLAVOUR_ARM_3X, true, 256ull << 20, 1,
		  KERNEL_VERSION(5, 7, 0), true },
		{ "numaq-16", FLAVOUR_X86_26, false, 16ull << 30, 16,
		  KERNEL_VERSION(2, 5, 73), false },
		{ "cortex-a15-2g", FLAVOUR_KMAP_LOCAL, true, 2ull << 30, 2,
		  KERNEL_VERSION(6, 1, 0), false },
	};

	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		defaults(want[i].platform);
		cr_assert_eq(s.platform, plat(want[i].platform));
		cr_assert_eq(s.flavour, want[i].flavour, "%s",
			     want[i].platform);
		cr_assert_eq(s.highpte, want[i].highpte, "%s",
			     want[i].platform);
		cr_assert_eq(s.mem, want[i].mem, "%s", want[i].platform);
		cr_assert_eq(s.ncpus, want[i].ncpus, "%s", want[i].platform);
		cr_assert(s.highmem);
		cr_assert_not(s.arm_lpae);
		cr_assert_not(s.debug_highmem);
		cr_assert_eq(s.vmsplit, VMSPLIT_3G);
		cr_assert_not(s.kmap_pfn_fastpath);
		cr_assert_eq(settings_kernel_version(&s),
			     want[i].kernel_version, "%s", want[i].platform);
		cr_assert_eq(settings_kmap_pfn_fastpath(&s),
			     want[i].kmap_pfn_fastpath, "%s", want[i].platform);
		cr_assert(s.checks);
		cr_assert_eq(s.seed, 1);
		cr_assert_eq(s.given, 0);
		/* Every default is a valid configuration. */
		valid();
	}
}

Test(settings, parse_bools)
{
	defaults("kirkwood-openblocks-a7");
	ok("CONFIG_HIGHMEM=n");
	cr_assert_not(s.highmem);
	ok("CONFIG_HIGHMEM=yes");
	cr_assert(s.highmem);
	ok("CONFIG_HIGHPTE=0");
	cr_assert_not(s.highpte);
	ok("CONFIG_HIGHPTE=1");
	cr_assert(s.highpte);
	ok("CONFIG_ARM_LPAE=y");
	cr_assert(s.arm_lpae);
	ok("CONFIG_DEBUG_HIGHMEM=y");
	cr_assert(s.debug_highmem);
	ok("kmap_pfn_fastpath=y");
	cr_assert(s.kmap_pfn_fastpath);
	ok("checks=no");
	cr_assert_not(s.checks);
	bad("CONFIG_HIGHMEM=maybe", "CONFIG_HIGHMEM: 'maybe' is not y or n");
	bad("checks=", "checks: '' is not y or n");
	bad("CONFIG_HIGHPTE=Y", "CONFIG_HIGHPTE: 'Y' is not y or n");
	bad("eth_dma_mask=64", "eth_dma_mask: '64' is not null or 32");
	bad("streaming=fast", "streaming: 'fast' is not cpi or throughput");
	/* A refused word changes nothing. */
	cr_assert(s.highmem);
	cr_assert(s.highpte);
}

Test(settings, parse_vmsplit_both_spellings)
{
	const char *const names[] = { "3G",     "3G_OPT", "2G",
				      "2G_OPT", "1G",     "4G_4G" };
	char word[64];

	defaults("numaq-16");
	for (int i = 0; i < NR_VMSPLIT; i++) {
		cr_assert_str_eq(vmsplit_names[i], names[i]);
		snprintf(word, sizeof(word), "CONFIG_VMSPLIT=%s", names[i]);
		ok(word);
		cr_assert_eq(s.vmsplit, (enum vmsplit)i, "%s", word);
		ok("CONFIG_VMSPLIT=3G");
		snprintf(word, sizeof(word), "CONFIG_VMSPLIT_%s=y", names[i]);
		ok(word);
		cr_assert_eq(s.vmsplit, (enum vmsplit)i, "%s", word);
	}
	/* "=n" of a choice symbol selects nothing. */
	ok("CONFIG_VMSPLIT_2G=y");
	ok("CONFIG_VMSPLIT_3G=n");
	cr_assert_eq(s.vmsplit, VMSPLIT_2G);
	bad("CONFIG_VMSPLIT=4G", "CONFIG_VMSPLIT: unknown split '4G'");
	bad("CONFIG_VMSPLIT=3g", "CONFIG_VMSPLIT: unknown split '3g'");
	bad("CONFIG_VMSPLIT_4G=y", "unknown setting 'CONFIG_VMSPLIT_4G'");
	bad("CONFIG_VMSPLIT_2G=maybe",
	    "CONFIG_VMSPLIT_2G: 'maybe' is not y or n");
	cr_assert_eq(s.vmsplit, VMSPLIT_2G);
}

Test(settings, parse_flavour)
{
	const char *const names[] = { "arm-3x", "kmap-local", "x86-2.6",
				      "x86-3x" };
	char word[64];

	defaults("kirkwood-openblocks-a7");
	for (int i = 0; i < NR_FLAVOURS; i++) {
		cr_assert_str_eq(flavour_names[i], names[i]);
		snprintf(word, sizeof(word), "flavour=%s", names[i]);
		ok(word);
		cr_assert_eq(s.flavour, (enum kmap_flavour)i);
	}
	cr_assert(flavour_is_x86(FLAVOUR_X86_26));
	cr_assert(flavour_is_x86(FLAVOUR_X86_3X));
	cr_assert_not(flavour_is_x86(FLAVOUR_ARM_3X));
	cr_assert_not(flavour_is_x86(FLAVOUR_KMAP_LOCAL));
	bad("flavour=arm-4x", "flavour: unknown flavour 'arm-4x'");
}

Test(settings, parse_mem_sizes)
{
	defaults("numaq-16");
	ok("mem=512M");
	cr_assert_eq(s.mem, 512ull << 20);
	ok("mem=1G");
	cr_assert_eq(s.mem, 1ull << 30);
	ok("mem=4g");
	cr_assert_eq(s.mem, 4ull << 30);
	ok("mem=65536K");
	cr_assert_eq(s.mem, 64ull << 20);
	ok("mem=256m");
	cr_assert_eq(s.mem, 256ull << 20);
	ok("mem=1073741824");
	cr_assert_eq(s.mem, 1ull << 30);
	ok("mem=16G");
	cr_assert_eq(s.mem, 16ull << 30);
	bad("mem=", "mem: '' is not a size");
	bad("mem=0", "mem: '0' is not a size");
	bad("mem=0M", "mem: '0M' is not a size");
	bad("mem=M", "mem: 'M' is not a size");
	bad("mem=512MB", "mem: '512MB' is not a size");
	bad("mem=512T", "mem: '512T' is not a size");
	bad("mem=lots", "mem: 'lots' is not a size");
	cr_assert_eq(s.mem, 16ull << 30);
}

Test(settings, parse_cpus_and_seed)
{
	defaults("numaq-16");
	ok("cpus=4");
	cr_assert_eq(s.ncpus, 4);
	ok("cpus=32");
	cr_assert_eq(s.ncpus, 32);
	bad("cpus=0", "cpus: '0' is not 1..32");
	bad("cpus=33", "cpus: '33' is not 1..32");
	bad("cpus=four", "cpus: 'four' is not 1..32");
	bad("cpus=", "cpus: '' is not 1..32");
	bad("cpus=4x", "cpus: '4x' is not 1..32");
	cr_assert_eq(s.ncpus, 32);
	ok("seed=12345");
	cr_assert_eq(s.seed, 12345);
	/* Issue 11: plain decimal only, no base prefix, sign or wrap. */
	bad("seed=0x10", "seed: '0x10' is not a number");
	bad("seed=-1", "seed: '-1' is not a number");
	bad("seed=+1", "seed: '+1' is not a number");
	bad("seed= 1", "seed: ' 1' is not a number");
	bad("seed=18446744073709551616",
	    "seed: '18446744073709551616' is not a number");
	ok("cpus=010");
	cr_assert_eq(s.ncpus, 10);
	bad("cpus=+5", "cpus: '+5' is not 1..32");
	bad("mem=-1", "mem: '-1' is not a size");
	bad("mem=+512M", "mem: '+512M' is not a size");
	bad("mem= 512M", "mem: ' 512M' is not a size");
	ok("seed=0");
	cr_assert_eq(s.seed, 0);
	ok("seed=18446744073709551615");
	cr_assert_eq(s.seed, UINT64_MAX);
	bad("seed=abc", "seed: 'abc' is not a number");
	bad("seed=", "seed: '' is not a number");
	bad("seed=12z", "seed: '12z' is not a number");
}

Test(settings, parse_malformed_words)
{
	char longname[80];

	defaults("kirkwood-openblocks-a7");
	bad("CONFIG_HIGHMEM", "'CONFIG_HIGHMEM': expected NAME=VALUE");
	bad("=y", "'=y': expected NAME=VALUE");
	bad("", "'': expected NAME=VALUE");
	bad("CONFIG_SMP=y",
	    "unknown setting 'CONFIG_SMP' (see `vmsplit settings`)");
	bad("platform=numaq-16",
	    "unknown setting 'platform' (see `vmsplit settings`)");
	bad("config_highmem=y",
	    "unknown setting 'config_highmem' (see `vmsplit settings`)");
	/* A name of 64 characters or more cannot be a setting. */
	memset(longname, 'A', 64);
	strcpy(longname + 64, "=y");
	cr_assert_eq(settings_parse(&s, longname, err, sizeof(err)), -EINVAL);
	cr_assert(strstr(err, "expected NAME=VALUE"), "got '%s'", err);
}

Test(settings, error_is_truncated_to_buffer)
{
	char small[8];

	defaults("kirkwood-openblocks-a7");
	cr_assert_eq(settings_parse(&s, "flavour=nope", small, sizeof(small)),
		     -EINVAL);
	cr_assert_str_eq(small, "flavour");
}

Test(settings, validate_highpte_needs_highmem)
{
	/* ARM 5.7+: HIGHPTE defaults to y; turning HIGHMEM off alone is fine. */
	defaults("beaglebone-white");
	ok("CONFIG_HIGHMEM=n");
	cr_assert(s.highpte);
	valid();
	/* Asking for HIGHPTE explicitly is not, in either order. */
	ok("CONFIG_HIGHPTE=y");
	invalid("CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y");
	defaults("cortex-a15-2g");
	ok("CONFIG_HIGHPTE=y");
	ok("CONFIG_HIGHMEM=n");
	invalid("CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y");
	/* HIGHPTE=n said explicitly is fine. */
	ok("CONFIG_HIGHPTE=n");
	valid();
	/* x86: HIGHPTE=y with HIGHMEM=y is fine, without it not. */
	defaults("numaq-16");
	ok("CONFIG_HIGHPTE=y");
	valid();
	ok("CONFIG_HIGHMEM=n");
	invalid("CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y");
}

Test(settings, validate_lpae)
{
	defaults("kirkwood-openblocks-a7");
	ok("CONFIG_ARM_LPAE=y");
	invalid("CONFIG_ARM_LPAE=y: kirkwood-openblocks-a7 has an ARMv5 CPU without LPAE");
	defaults("beaglebone-white");
	ok("CONFIG_ARM_LPAE=y");
	invalid("CONFIG_ARM_LPAE=y: beaglebone-white has an ARMv7 CPU without LPAE");
	defaults("numaq-16");
	ok("CONFIG_ARM_LPAE=y");
	invalid("CONFIG_ARM_LPAE=y: numaq-16 is not an ARM board");
	defaults("cortex-a15-2g");
	ok("CONFIG_ARM_LPAE=y");
	valid();
}

Test(settings, validate_mem)
{
	defaults("kirkwood-openblocks-a7");
	ok("mem=2G");
	invalid("mem=2048M is above the 1024M of RAM on kirkwood-openblocks-a7");
	ok("mem=1028M");
	invalid("mem=1028M is above the 1024M of RAM on kirkwood-openblocks-a7");
	ok("mem=1G");
	valid();
	ok("mem=512M");
	valid();
	ok("mem=16M");
	valid();
	ok("mem=12M");
	invalid("mem=: give a multiple of 4M, at least 16M");
	ok("mem=18M");
	invalid("mem=: give a multiple of 4M, at least 16M");
	ok("mem=65537K");
	invalid("mem=: give a multiple of 4M, at least 16M");
	defaults("beaglebone-white");
	ok("mem=512M");
	invalid("mem=512M is above the 256M of RAM on beaglebone-white");
	defaults("numaq-16");
	ok("mem=20M"); /* 5 MiB per quad */
	valid();
}

Test(settings, validate_split_flavour_cpus)
{
	defaults("kirkwood-openblocks-a7");
	ok("CONFIG_VMSPLIT_2G_OPT=y");
	invalid("CONFIG_VMSPLIT_2G_OPT exists on x86 only");
	ok("CONFIG_VMSPLIT=1G");
	valid();
	defaults("numaq-16");
	ok("CONFIG_VMSPLIT_2G_OPT=y");
	valid();

	defaults("kirkwood-openblocks-a7");
	ok("flavour=x86-2.6");
	invalid("flavour x86-2.6 does not fit kirkwood-openblocks-a7");
	ok("flavour=x86-3x");
	invalid("flavour x86-3x does not fit kirkwood-openblocks-a7");
	ok("flavour=kmap-local");
	valid();
	defaults("numaq-16");
	ok("flavour=arm-3x");
	invalid("flavour arm-3x does not fit numaq-16");
	ok("flavour=x86-3x");
	valid();

	defaults("kirkwood-openblocks-a7");
	ok("cpus=2");
	invalid("cpus=2: kirkwood-openblocks-a7 has 1");
	defaults("numaq-16");
	ok("cpus=17");
	invalid("cpus=17: numaq-16 has 16");
	ok("cpus=1");
	valid();
}

Test(settings, validate_no_platform)
{
	memset(&s, 0, sizeof(s));
	invalid("no platform given");
}

/* Write @text to a fresh temporary file; its name goes to @path. */
static void write_temp(char *path, size_t len, const char *text)
{
	int fd;
	FILE *f;

	snprintf(path, len, "/tmp/vmsplit-test-kconfig-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	cr_assert(f);
	fputs(text, f);
	fclose(f);
}

Test(settings, load_kconfig)
{
	char path[64];
	int ret;

	write_temp(path, sizeof(path),
		   "#\n"
		   "# Automatically generated file; DO NOT EDIT.\n"
		   "# Linux/arm 3.14.0 Kernel Configuration\n"
		   "#\n"
		   "CONFIG_ARM=y\n"
		   "CONFIG_HIGHMEM=y\n"
		   "# CONFIG_HIGHPTE is not set\n"
		   "# CONFIG_VMSPLIT_3G is not set\n"
		   "CONFIG_VMSPLIT_2G=y\n"
		   "# CONFIG_VMSPLIT_1G is not set\n"
		   "CONFIG_HIGHMEM4G=y\n"
		   "CONFIG_CMDLINE=\"mem=64M\"\n"
		   "# CONFIG_SMP is not set\n"
		   "\n"
		   "CONFIG_PAGE_OFFSET=0x80000000\n");
	defaults("kirkwood-openblocks-a7");
	ret = settings_load_kconfig(&s, path, err, sizeof(err));
	unlink(path);
	cr_assert_eq(ret, 0, "%s", err);
	cr_assert(s.highmem);
	cr_assert_not(s.highpte);
	cr_assert_eq(s.vmsplit, VMSPLIT_2G);
	/* Untouched by the unrelated lines. */
	cr_assert_eq(s.mem, 1ull << 30);
	cr_assert_not(s.arm_lpae);
	valid();
}

Test(settings, load_kconfig_highmem_off)
{
	char path[64];
	int ret;

	/* HIGHPTE left at the ARM default: turning HIGHMEM off is valid. */
	write_temp(path, sizeof(path), "# CONFIG_HIGHMEM is not set\n");
	defaults("beaglebone-white");
	ret = settings_load_kconfig(&s, path, err, sizeof(err));
	unlink(path);
	cr_assert_eq(ret, 0, "%s", err);
	cr_assert_not(s.highmem);
	valid();
	/*
	 * Given explicitly in the file, HIGHPTE=y is turned off, as
	 * olddefconfig would (issue 36; test_kconfig.c has the note); as a
	 * word it is refused (settings_validate, below).
	 */
	write_temp(path, sizeof(path),
		   "CONFIG_HIGHPTE=y\n# CONFIG_HIGHMEM is not set\n");
	defaults("beaglebone-white");
	ret = settings_load_kconfig(&s, path, err, sizeof(err));
	unlink(path);
	cr_assert_eq(ret, 0, "%s", err);
	cr_assert_not(s.highpte);
	valid();
	ok("CONFIG_HIGHPTE=y");
	invalid("CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y");
}

Test(settings, load_kconfig_errors)
{
	char path[64];
	int ret;

	defaults("kirkwood-openblocks-a7");
	ret = settings_load_kconfig(&s, "/nonexistent/vmsplit/.config", err,
				    sizeof(err));
	cr_assert_eq(ret, -ENOENT);
	cr_assert_str_eq(
		err,
		"/nonexistent/vmsplit/.config: cannot open: No such file or directory");

	write_temp(path, sizeof(path),
		   "CONFIG_HIGHPTE=n\nCONFIG_HIGHMEM=m\nCONFIG_VMSPLIT_1G=y\n");
	ret = settings_load_kconfig(&s, path, err, sizeof(err));
	unlink(path);
	cr_assert_eq(ret, -EINVAL);
	/* A bool cannot be a module; the error names file:line. */
	cr_assert(strstr(err, ":2: CONFIG_HIGHMEM=m: a bool, y or n"), "%s",
		  err);
	/* Lines before the bad one were applied, none after it. */
	cr_assert_not(s.highpte);
	cr_assert_eq(s.vmsplit, VMSPLIT_3G);
}

/* Issue 11: a .config with CRLF line ends reads as one with LF. */
Test(settings, load_kconfig_crlf)
{
	char path[64];
	int ret;

	write_temp(path, sizeof(path),
		   "CONFIG_HIGHMEM=y\r\n# CONFIG_HIGHPTE is not set\r\n"
		   "CONFIG_VMSPLIT_2G=y\r\n");
	defaults("kirkwood-openblocks-a7");
	ret = settings_load_kconfig(&s, path, err, sizeof(err));
	unlink(path);
	cr_assert_eq(ret, 0, "%s", err);
	cr_assert_not(s.highpte);
	cr_assert_eq(s.vmsplit, VMSPLIT_2G);
}

/* Issue 11: devices, directories and over-long lines are refused. */
Test(settings, load_kconfig_refuses_what_is_not_a_config)
{
	char path[64], text[2100];
	int ret;

	defaults("kirkwood-openblocks-a7");
	ret = settings_load_kconfig(&s, "/dev/zero", err, sizeof(err));
	cr_assert_eq(ret, -EINVAL);
	cr_assert_str_eq(err,
			 "/dev/zero: a character device, not a file or a pipe");
	ret = settings_load_kconfig(&s, "/tmp", err, sizeof(err));
	cr_assert_eq(ret, -EISDIR);
	cr_assert_str_eq(err, "/tmp: a directory, not a file or a pipe");
	memset(text, '#', sizeof(text) - 2);
	text[sizeof(text) - 2] = '\n';
	text[sizeof(text) - 1] = '\0';
	write_temp(path, sizeof(path), text);
	ret = settings_load_kconfig(&s, path, err, sizeof(err));
	unlink(path);
	cr_assert_eq(ret, -EINVAL);
	cr_assert(strstr(err, ":1: line longer than 2046 characters"), "%s",
		  err);
}

/*
 * Only "# CONFIG_X is not set" means n; any other comment that starts with
 * a known symbol is a comment.
 */
Test(settings, load_kconfig_ignores_other_comments)
{
	char path[64];
	int ret;

	write_temp(path, sizeof(path),
		   "# CONFIG_HIGHMEM needs a 3G split on this board\n"
		   "# CONFIG_HIGHPTE: see Documentation/vm/highmem.txt\n");
	defaults("beaglebone-white");
	ret = settings_load_kconfig(&s, path, err, sizeof(err));
	unlink(path);
	cr_assert_eq(ret, 0, "%s", err);
	cr_assert(s.highmem, "a plain comment switched CONFIG_HIGHMEM off");
	cr_assert(s.highpte);
}

/*
 * A size whose suffix shift would overflow 64 bits is refused, not wrapped
 * ("mem=17179869185G" would wrap to exactly 1 GiB).
 */
Test(settings, mem_overflow_refused)
{
	defaults("kirkwood-openblocks-a7");
	cr_assert_eq(settings_parse(&s, "mem=17179869185G", err, sizeof(err)),
		     -EINVAL, "accepted as mem=%lluM",
		     (unsigned long long)(s.mem >> 20));
}

static char *print_words(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert(f);
	settings_print_words(&s, f);
	fclose(f);
	return buf;
}

static char *print_json(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert(f);
	settings_print_json(&s, f);
	fclose(f);
	return buf;
}

/* @want appears in the settings printed as words (or as JSON). */
static void assert_printed(bool json, const char *want)
{
	char *out = json ? print_json() : print_words();

	cr_assert(strstr(out, want), "'%s' not in %s", want, out);
	free(out);
}

Test(settings, print_words_and_json)
{
	char *out;

	defaults("kirkwood-openblocks-a7");
	out = print_words();
	cr_assert_str_eq(out,
			 "platform=kirkwood-openblocks-a7 CONFIG_HIGHMEM=y "
			 "CONFIG_HIGHPTE=n CONFIG_ARM_LPAE=n "
			 "CONFIG_DEBUG_HIGHMEM=n CONFIG_DEBUG_ATOMIC_SLEEP=n "
			 "CONFIG_VMSPLIT=3G "
			 "CONFIG_UACCESS_WITH_MEMCPY=n "
			 "CONFIG_UACCESS_GUP_KMAP_MEMCPY=n "
			 "CONFIG_CPU_SW_DOMAIN_PAN=n "
			 "flavour=arm-3x kmap_pfn_fastpath=n rmap=objrmap "
			 "mem=1024M cpus=1 "
			 "kernel_cpi=3.910 dram_read_MBps=1600 icache_model=y checks=y "
			 "seed=1 kernel=3.16.0 kernel_data=mem_map streaming=throughput "
			 "coherence=snoop pcp=y cache_replacement=random "
			 "tso=on sg=on tx_csum=on eth_dma_mask=null "
			 "rx_coal_us=250 "
			 "peer_ack_every=2 peer_delay_us=10 peer_irq_us=250 "
			 "peer_stall_after=0");
	free(out);
	/* HIGHPTE is printed as in force: off without HIGHMEM. */
	ok("CONFIG_HIGHMEM=n");
	ok("CONFIG_VMSPLIT_2G=y");
	ok("mem=512M");
	ok("seed=42");
	ok("tso=off");
	ok("eth_dma_mask=32");
	ok("cpu_mhz=3200");
	out = print_json();
	cr_assert_str_eq(
		out, "{\"platform\": \"kirkwood-openblocks-a7\", "
		     "\"CONFIG_HIGHMEM\": \"n\", \"CONFIG_HIGHPTE\": \"n\", "
		     "\"CONFIG_ARM_LPAE\": \"n\", "
		     "\"CONFIG_DEBUG_HIGHMEM\": \"n\", "
		     "\"CONFIG_DEBUG_ATOMIC_SLEEP\": \"n\", "
		     "\"CONFIG_VMSPLIT\": \"2G\", "
		     "\"CONFIG_UACCESS_WITH_MEMCPY\": \"n\", "
		     "\"CONFIG_UACCESS_GUP_KMAP_MEMCPY\": \"n\", "
		     "\"CONFIG_CPU_SW_DOMAIN_PAN\": \"n\", "
		     "\"flavour\": \"arm-3x\", "
		     "\"kmap_pfn_fastpath\": \"n\", \"rmap\": \"objrmap\", "
		     "\"mem\": \"512M\", "
		     "\"cpus\": 1, \"kernel_cpi\": 3.910, "
		     "\"dram_read_MBps\": 1600, \"icache_model\": \"y\", "
		     "\"checks\": \"y\", \"seed\": 42, \"kernel\": \"3.16.0\", \"cpu_mhz\": 3200, "
		     "\"kernel_data\": \"mem_map\", "
		     "\"streaming\": \"throughput\", "
		     "\"coherence\": \"snoop\", \"pcp\": \"y\", "
		     "\"cache_replacement\": \"random\", "
		     "\"tso\": \"off\", \"sg\": \"on\", \"tx_csum\": \"on\", "
		     "\"eth_dma_mask\": \"32\", "
		     "\"rx_coal_us\": 250, \"peer_ack_every\": 2, "
		     "\"peer_delay_us\": 10, \"peer_irq_us\": 250, "
		     "\"peer_stall_after\": 0}");
	free(out);
	/* Boards without a NIC print no network settings. */
	defaults("beaglebone-white");
	out = print_words();
	cr_assert_null(strstr(out, "tso="));
	free(out);
}

static char *print_ram_line(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert(f);
	settings_print_ram_line(&s, f);
	fclose(f);
	return buf;
}

/*
 * The line after the settings: mem= stays the setting, the kernel uses
 * what layout_ram_use says (tests/test_layout.c derives the figures).
 */
Test(settings, print_ram_line)
{
	static const struct {
		const char *platform, *word, *want;
	} cases[] = {
		{ "kirkwood-openblocks-a7", "CONFIG_HIGHMEM=y",
		  "\n# ram: 1024M used of 1024M (lowmem 760M, highmem 264M)" },
		{ "kirkwood-openblocks-a7", "CONFIG_HIGHMEM=n",
		  "\n# ram: 760M used of 1024M (lowmem 760M, highmem 0M; 264M "
		  "unusable without CONFIG_HIGHMEM)" },
		/* 6.1's VMALLOC_END 0xff800000: 768 MiB of lowmem. */
		{ "cortex-a15-2g", "CONFIG_HIGHMEM=n",
		  "\n# ram: 768M used of 2048M (lowmem 768M, highmem 0M; 1280M "
		  "unusable without CONFIG_HIGHMEM)" },
		{ "beaglebone-white", "CONFIG_HIGHMEM=n",
		  "\n# ram: 256M used of 256M (lowmem 256M, highmem 0M)" },
		/*
		 * x86 3.x: MAXMEM = VMALLOC_END - PAGE_OFFSET - 128 MiB =
		 * 0xffbfe000 - 0xc0000000 - 0x08000000 = 0x37bfe000, not
		 * whole MiB: 913400K; the rest of 16 GiB (16777216K) high.
		 */
		{ "numaq-16", "flavour=x86-3x",
		  "\n# ram: 16384M used of 16384M (lowmem 913400K, highmem "
		  "15863816K)" },
	};
	char *out;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		defaults(cases[i].platform);
		ok(cases[i].word);
		out = print_ram_line();
		cr_assert_str_eq(out, cases[i].want);
		free(out);
	}
}

/* The JSON member beside the settings: the same figures, in bytes. */
Test(settings, print_ram_json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	defaults("cortex-a15-2g");
	ok("CONFIG_HIGHMEM=n");
	f = open_memstream(&buf, &len);
	cr_assert(f);
	settings_print_ram_json(&s, f);
	fclose(f);
	/* 768 MiB of 2 GiB: 805306368 of 2147483648 bytes. */
	cr_assert_str_eq(buf, ", \"ram\": {\"total\": 2147483648, "
			      "\"used\": 805306368, \"lowmem\": 805306368, "
			      "\"highmem\": 0, \"unusable\": 1342177280}");
	free(buf);
}

/*
 * The 2014 kmap_atomic_pfn fast path is in ARM 3.18-5.10: on by default on
 * the BeagleBone's 5.7, off on the Kirkwood's 3.16 and in 5.11's generic
 * code; an explicit setting wins, and the output shows the value in force.
 */
Test(settings, kmap_pfn_fastpath_follows_kernel_version)
{
	defaults("beaglebone-white");
	cr_assert(settings_kmap_pfn_fastpath(&s));
	assert_printed(false, "kmap_pfn_fastpath=y");
	/* flavour=kmap-local models 5.11: the generic code has no check. */
	ok("flavour=kmap-local");
	cr_assert_eq(settings_kernel_version(&s), KERNEL_VERSION(5, 11, 0));
	cr_assert_not(settings_kmap_pfn_fastpath(&s));
	ok("flavour=arm-3x");
	ok("kmap_pfn_fastpath=n");
	cr_assert_not(settings_kmap_pfn_fastpath(&s));
	assert_printed(true, "\"kmap_pfn_fastpath\": \"n\"");
	defaults("kirkwood-openblocks-a7");
	cr_assert_not(settings_kmap_pfn_fastpath(&s));
	ok("kmap_pfn_fastpath=y");
	cr_assert(settings_kmap_pfn_fastpath(&s));
	defaults("numaq-16");
	ok("flavour=x86-3x");
	cr_assert_eq(settings_kernel_version(&s), KERNEL_VERSION(2, 6, 37));
	cr_assert_not(settings_kmap_pfn_fastpath(&s));
}

/*
 * kernel= picks the release: the defaults that follow it follow (TSO:
 * none before 3.16, on in 3.16-3.18.2, off by default from 3.18.3; the
 * fast path from 3.18; HIGHPTE's default from 5.7), given values win,
 * it is always printed (the board's when not given); the flavour follows
 * it unless given, and a given flavour must cover it.
 */
Test(settings, kernel_version_picks_the_defaults)
{
	defaults("kirkwood-openblocks-a7");
	cr_assert(s.tso);
	assert_printed(false, "tso=on");
	{
		char *w = print_words();

		cr_assert(strstr(w, " kernel=3.16.0 "), "%s", w);
		free(w);
	}
	ok("kernel=3.17");
	cr_assert_eq(settings_kernel_version(&s), KERNEL_VERSION(3, 17, 0));
	cr_assert(s.tso);
	cr_assert_not(settings_kmap_pfn_fastpath(&s));
	ok("kernel=3.18.3");
	cr_assert_not(s.tso);
	cr_assert(settings_kmap_pfn_fastpath(&s));
	assert_printed(false, "kernel=3.18.3");
	assert_printed(true, "\"kernel\": \"3.18.3\"");
	ok("kernel=3.14");
	cr_assert_not(s.tso);
	valid();
	ok("tso=on");
	invalid("tso=on: mv643xx_eth has no TSO before 3.16 (its software TSO came with 3.16)");
	ok("kernel=3.19");
	cr_assert(s.tso, "given: kept");
	valid();
	/* The flavour follows too, unless given: 5.11 brought kmap_local. */
	ok("kernel=5.11");
	cr_assert(s.highpte);
	cr_assert_eq(s.flavour, FLAVOUR_KMAP_LOCAL);
	valid();
	ok("kernel=5.7");
	cr_assert_eq(s.flavour, FLAVOUR_ARM_3X);
	ok("flavour=arm-3x");
	ok("kernel=5.11");
	invalid("kernel=5.11.0 is outside flavour arm-3x's releases (give a flavour that covers it)");
	ok("kernel=3.16.7");
	valid();
	/* No ARM flavour covers a release before 3.10. */
	defaults("beaglebone-black");
	ok("kernel=3.4");
	invalid("kernel=3.4.0 is outside flavour kmap-local's releases (give a flavour that covers it)");
	defaults("numaq-16");
	ok("kernel=3.14");
	cr_assert_eq(s.flavour, FLAVOUR_X86_3X);
	valid();
	bad("kernel=3", "kernel: '3' is not a release 2.5 ... 6.x (3.16, 3.16.7)");
	bad("kernel=3.16.7.1", "kernel: '3.16.7.1' is not a release 2.5 ... 6.x (3.16, 3.16.7)");
	bad("kernel=9.0", "kernel: '9.0' is not a release 2.5 ... 6.x (3.16, 3.16.7)");
	bad("kernel=3.x", "kernel: '3.x' is not a release 2.5 ... 6.x (3.16, 3.16.7)");
}

/*
 * pte_chains end with 2.6.7: the NUMA-Q's 2.6.0 keeps them, the ARM
 * boards' 3.14, 5.7 and 6.1 map back through anon_vma and i_mmap, and so
 * does a NUMA-Q run as x86-3x (2.6.37); rmap= wins, and is printed.
 */
Test(settings, rmap_follows_kernel_version)
{
	static const struct {
		const char *platform;
		bool objrmap;
	} want[] = {
		{ "kirkwood-openblocks-a7", true }, { "beaglebone-white", true },
		{ "beaglebone-black", true },	    { "cortex-a15-2g", true },
		{ "numaq-16", false },
	};

	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		defaults(want[i].platform);
		cr_assert_eq(settings_objrmap(&s), want[i].objrmap, "%s",
			     want[i].platform);
	}
	assert_printed(false, " rmap=pte-chain ");
	ok("flavour=x86-3x");
	cr_assert(settings_objrmap(&s));
	ok("rmap=pte-chain");
	cr_assert_not(settings_objrmap(&s));
	defaults("numaq-16");
	ok("rmap=objrmap");
	cr_assert(settings_objrmap(&s));
	assert_printed(true, "\"rmap\": \"objrmap\"");
	defaults("kirkwood-openblocks-a7");
	ok("rmap=pte-chain");
	cr_assert_not(settings_objrmap(&s));
	bad("rmap=objmap", "rmap: 'objmap' is not pte-chain or objrmap");
	bad("rmap=", "rmap: '' is not pte-chain or objrmap");
}

/*
 * CONFIG_CPU_SW_DOMAIN_PAN: 4.3+, ARM without LPAE (Kconfig default y).
 * The Kirkwood's 3.16 lacks it, the BeagleBone's 5.7 and the Cortex-A15's
 * 5.11 have it unless LPAE is on; x86 never.  Given explicitly, or from a
 * .config, it wins; impossible values are refused.
 */
Test(settings, cpu_sw_domain_pan_by_board_and_version)
{
	char path[64];
	int ret;

	defaults("kirkwood-openblocks-a7");
	cr_assert_not(settings_cpu_sw_domain_pan(&s));
	ok("flavour=kmap-local");
	cr_assert(settings_cpu_sw_domain_pan(&s), "a 5.11 ARMv5 kernel has it");
	defaults("beaglebone-white");
	cr_assert(settings_cpu_sw_domain_pan(&s));
	assert_printed(false, "CONFIG_CPU_SW_DOMAIN_PAN=y");
	ok("CONFIG_CPU_SW_DOMAIN_PAN=n");
	cr_assert_not(settings_cpu_sw_domain_pan(&s));
	defaults("numaq-16");
	cr_assert_not(settings_cpu_sw_domain_pan(&s));
	ok("CONFIG_CPU_SW_DOMAIN_PAN=y");
	invalid("CONFIG_CPU_SW_DOMAIN_PAN=y exists on ARM only");
	defaults("cortex-a15-2g");
	cr_assert(settings_cpu_sw_domain_pan(&s));
	ok("CONFIG_ARM_LPAE=y");
	cr_assert_not(settings_cpu_sw_domain_pan(&s));
	valid();
	ok("CONFIG_CPU_SW_DOMAIN_PAN=y");
	invalid("CONFIG_CPU_SW_DOMAIN_PAN=y needs CONFIG_ARM_LPAE=n");

	write_temp(path, sizeof(path),
		   "# CONFIG_CPU_SW_DOMAIN_PAN is not set\n");
	defaults("beaglebone-white");
	ret = settings_load_kconfig(&s, path, err, sizeof(err));
	unlink(path);
	cr_assert_eq(ret, 0, "%s", err);
	cr_assert_not(settings_cpu_sw_domain_pan(&s));
	valid();
}

Test(settings, printed_words_parse_back)
{
	struct settings back;
	char *out, *word, *save;

	defaults("numaq-16");
	ok("CONFIG_HIGHPTE=y");
	ok("CONFIG_VMSPLIT=2G_OPT");
	ok("flavour=x86-3x");
	ok("kmap_pfn_fastpath=y");
	ok("mem=8G");
	ok("cpus=4");
	ok("checks=n");
	ok("seed=7");
	out = print_words();
	settings_default(&back, s.platform);
	for (word = strtok_r(out, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		if (!strncmp(word, "platform=", 9))
			continue;
		cr_assert_eq(settings_parse(&back, word, err, sizeof(err)), 0,
			     "'%s': %s", word, err);
	}
	free(out);
	cr_assert_eq(back.highmem, s.highmem);
	cr_assert_eq(back.highpte, s.highpte);
	cr_assert_eq(back.arm_lpae, s.arm_lpae);
	cr_assert_eq(back.debug_highmem, s.debug_highmem);
	cr_assert_eq(back.vmsplit, s.vmsplit);
	cr_assert_eq(back.flavour, s.flavour);
	cr_assert_eq(back.kmap_pfn_fastpath, s.kmap_pfn_fastpath);
	cr_assert_eq(back.mem, s.mem);
	cr_assert_eq(back.ncpus, s.ncpus);
	cr_assert_eq(back.checks, s.checks);
	cr_assert_eq(back.seed, s.seed);
}

Test(settings, parse_kernel_cpi_and_bandwidth)
{
	defaults("beaglebone-white");
	cr_assert_eq(settings_parse(&s, "kernel_cpi=2.25", err, sizeof(err)), 0);
	cr_assert_eq(s.kernel_cpi_milli, 2250);
	cr_assert_eq(settings_parse(&s, "kernel_cpi=3", err, sizeof(err)), 0);
	cr_assert_eq(s.kernel_cpi_milli, 3000);
	cr_assert_eq(settings_parse(&s, "kernel_cpi=0.125", err, sizeof(err)), 0);
	cr_assert_eq(s.kernel_cpi_milli, 125);
	cr_assert_eq(settings_parse(&s, "dram_read_MBps=480", err, sizeof(err)), 0);
	cr_assert_eq(s.dram_read_MBps, 480);
	cr_assert_eq(settings_parse(&s, "kernel_cpi=1.2345", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "kernel_cpi: '1.2345' is not a number of cycles per instruction (0.001-100)");
	cr_assert_eq(settings_parse(&s, "kernel_cpi=0", err, sizeof(err)), -EINVAL);
	cr_assert_eq(settings_parse(&s, "kernel_cpi=.5", err, sizeof(err)), -EINVAL);
	cr_assert_eq(settings_parse(&s, "kernel_cpi=1.", err, sizeof(err)), -EINVAL);
	cr_assert_eq(settings_parse(&s, "kernel_cpi=1.x", err, sizeof(err)), -EINVAL);
	cr_assert_eq(settings_parse(&s, "dram_read_MBps=0", err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "dram_read_MBps: '0' is not 1..1000000");
}

/* placement= is printed only when given, so that runs without it print
 * what they did before it existed. */
Test(settings, placement_printed_when_given)
{
	char *out;

	defaults("kirkwood-openblocks-a7");
	out = print_words();
	cr_assert_null(strstr(out, " placement="), "%s", out);
	free(out);
	ok("placement=7");
	cr_assert_eq(s.placement, 7);
	assert_printed(false, " placement=7");
	assert_printed(true, "\"placement\": 7");
	ok("placement=16384");
	bad("placement=16385", "placement: '16385' is not 0..16384 pages");
	bad("placement=-1", "placement: '-1' is not 0..16384 pages");
}

/*
 * kernel=5.7 against kernel=6.1 on each ARM board: between the two, the
 * sources change the kmap flavour (5.11's kmap_local: arm-3x's
 * kmap_atomic becomes kmap_local_page) and with it the kmap_atomic_pfn
 * fast path (3.18 to 5.10; kmap_local has none); HIGHPTE's and PAN's
 * defaults, the reverse map, fault-around (3.15), fork's copy rule
 * (2.6.14), generic_perform_write's early fatal-signal test (5.7) and the
 * struct layouts (5.7's for both) stay.  The settings printed differ in
 * exactly those words.
 */
Test(settings, kernel_5_7_and_6_1_differ_in_the_kmap_flavour_only)
{
	static const char *const arm[] = { "kirkwood-openblocks-a7",
					   "beaglebone-white", "beaglebone-black",
					   "cortex-a15-2g", "am335x-evm" };

	for (size_t i = 0; i < ARRAY_SIZE(arm); i++) {
		char *w[2], *save[2], *a, *b;
		u32 differ = 0;

		for (int k = 0; k < 2; k++) {
			defaults(arm[i]);
			ok(k ? "kernel=6.1" : "kernel=5.7");
			w[k] = print_words();
		}
		a = strtok_r(w[0], " \n", &save[0]);
		b = strtok_r(w[1], " \n", &save[1]);
		for (; a && b; a = strtok_r(NULL, " \n", &save[0]),
			       b = strtok_r(NULL, " \n", &save[1])) {
			if (!strcmp(a, b))
				continue;
			differ++;
			cr_assert((!strcmp(a, "kernel=5.7.0") &&
				   !strcmp(b, "kernel=6.1.0")) ||
					  (!strcmp(a, "flavour=arm-3x") &&
					   !strcmp(b, "flavour=kmap-local")) ||
					  (!strcmp(a, "kmap_pfn_fastpath=y") &&
					   !strcmp(b, "kmap_pfn_fastpath=n")),
				  "%s: %s against %s", arm[i], a, b);
		}
		cr_assert(!a && !b, "%s: as many words", arm[i]);
		cr_assert_eq(differ, 3, "%s: %u words differ", arm[i], differ);
		free(w[0]);
		free(w[1]);
	}
}

/*
 * highmem_users= (the Dec 2025 plan's stages): printed only when not the
 * default; stage 2 and 3 drop HIGHPTE, and refuse it when given.
 */
Test(settings, highmem_users_stages)
{
	defaults("am335x-evm");
	cr_assert_eq(s.highmem_users, HIGHMEM_USERS_ALL);
	cr_assert(settings_highpte(&s), "6.1's HIGHPTE default");
	{
		char *out = print_words();

		cr_assert_not(strstr(out, "highmem_users"), "%s", out);
		free(out);
	}
	ok("highmem_users=plan2");
	cr_assert_eq(s.highmem_users, HIGHMEM_USERS_PLAN2);
	cr_assert_not(settings_highpte(&s));
	valid();
	assert_printed(false, " highmem_users=plan2");
	assert_printed(true, "\"highmem_users\": \"plan2\"");
	ok("highmem_users=plan3");
	cr_assert_eq(s.highmem_users, HIGHMEM_USERS_PLAN3);
	ok("CONFIG_HIGHPTE=y");
	invalid("CONFIG_HIGHPTE=y: highmem_users=plan3 has dropped it");
	ok("highmem_users=all");
	valid();
	cr_assert(settings_highpte(&s));
	bad("highmem_users=plan4",
	    "highmem_users: 'plan4' is not all, plan2 or plan3");
}
