// SPDX-License-Identifier: GPL-2.0-only
/*
 * A kernel .config as settings (src/config/kconfig.c): every line form
 * confdata.c writes, the symbols vmsplit models, the ones it names but
 * does not model, bad lines, and the command line's words winning over
 * the file whatever their order.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/errno.h"
#include "config/kconfig.h"

#define DEBIAN_LPAE "tests/data/config-6.1.0-50-armmp-lpae"

static struct settings s;
static struct kconfig_report rep;
static char err[512];
static char path[64];

static void defaults(const char *name)
{
	const struct platform *p = platform_find(name);

	cr_assert(p, "no platform %s", name);
	settings_default(&s, p);
	err[0] = '\0';
}

static void write_file(const char *text)
{
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "/tmp/vmsplit-test-kconfig-XXXXXX");
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	f = fdopen(fd, "w");
	cr_assert(f);
	fputs(text, f);
	fclose(f);
}

/* Load @text on @platform: the return of kconfig_load. */
static int load(const char *platform, const char *text)
{
	int ret;

	defaults(platform);
	write_file(text);
	ret = kconfig_load(&s, path, &rep, err, sizeof(err));
	unlink(path);
	return ret;
}

static void load_ok(const char *platform, const char *text)
{
	cr_assert_eq(load(platform, text), 0, "%s", err);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
}

/* Load @text, which must fail with "<file>:@where" in the message. */
static void load_bad(const char *platform, const char *text, const char *why)
{
	cr_assert_eq(load(platform, text), -EINVAL, "accepted: %s", text);
	cr_assert(strstr(err, path), "no file name in '%s'", err);
	cr_assert(strstr(err, why), "'%s' lacks '%s'", err, why);
}

static bool named(const char *entry)
{
	for (u32 i = 0; i < rep.nr_unmodelled; i++)
		if (!strcmp(rep.unmodelled[i], entry))
			return true;
	return false;
}

static bool absent(const char *name)
{
	for (u32 i = 0; i < rep.nr_absent; i++)
		if (!strcmp(rep.absent[i], name))
			return true;
	return false;
}

Test(kconfig, y_and_not_set)
{
	load_ok("kirkwood-openblocks-a7", "CONFIG_HIGHMEM=y\n"
					  "# CONFIG_HIGHPTE is not set\n"
					  "CONFIG_DEBUG_HIGHMEM=y\n"
					  "CONFIG_UACCESS_WITH_MEMCPY=y\n");
	cr_assert(s.highmem);
	cr_assert_not(s.highpte);
	cr_assert(s.debug_highmem);
	cr_assert(s.uaccess_with_memcpy);
	load_ok("beaglebone-white", "# CONFIG_CPU_SW_DOMAIN_PAN is not set\n");
	cr_assert_not(settings_cpu_sw_domain_pan(&s));
}

Test(kconfig, module_value)
{
	/* A tristate vmsplit ignores may be a module ... */
	load_ok("kirkwood-openblocks-a7", "CONFIG_EXT4_FS=m\n");
	cr_assert_eq(rep.ignored, 1);
	/* ... a bool it models cannot. */
	load_bad("kirkwood-openblocks-a7", "\nCONFIG_HIGHMEM=m\n",
		 ":2: CONFIG_HIGHMEM=m: a bool, y or n");
}

Test(kconfig, strings_and_comments)
{
	load_ok("beaglebone-white",
		"#\n# Linux/arm 5.7.0 Kernel Configuration\n#\n\n"
		"CONFIG_CMDLINE=\"console=ttyO0 mem=64M\"\n"
		"CONFIG_LSM=\"lockdown,yama\"\n"
		"CONFIG_DEFAULT_HOSTNAME=\"say \\\"hi\\\"\"\n"
		"   \n");
	cr_assert_eq(rep.ignored, 2);
	cr_assert(named("CONFIG_LSM=\"lockdown,yama\""));
	/* The CMDLINE's mem= is not a setting. */
	cr_assert_eq(s.mem, 256ull << 20);
	load_bad("beaglebone-white", "CONFIG_LSM=\"yama\n",
		 ":1: CONFIG_LSM: '\"yama' is not y, m, n");
}

Test(kconfig, numbers)
{
	/* NR_CPUS caps the CPUs brought up, never raises them. */
	load_ok("numaq-16", "CONFIG_NR_CPUS=8\nCONFIG_X86_PAE=y\n");
	cr_assert_eq(s.ncpus, 8);
	load_ok("numaq-16", "CONFIG_NR_CPUS=32\n");
	cr_assert_eq(s.ncpus, 16);
	load_bad("numaq-16", "CONFIG_NR_CPUS=0\n", ":1: CONFIG_NR_CPUS=0");
	/* PAGE_OFFSET in hex chooses the split when no choice is given ... */
	load_ok("numaq-16", "CONFIG_PAGE_OFFSET=0x78000000\n");
	cr_assert_eq(s.vmsplit, VMSPLIT_2G_OPT);
	load_ok("kirkwood-openblocks-a7", "CONFIG_PAGE_OFFSET=0x40000000\n");
	cr_assert_eq(s.vmsplit, VMSPLIT_1G);
	load_bad("kirkwood-openblocks-a7", "CONFIG_PAGE_OFFSET=0x78000000\n",
		 "CONFIG_PAGE_OFFSET=0x78000000 is no split");
	/* ... and must agree with one. */
	load_ok("kirkwood-openblocks-a7",
		"CONFIG_VMSPLIT_2G=y\nCONFIG_PAGE_OFFSET=0x80000000\n");
	cr_assert_eq(s.vmsplit, VMSPLIT_2G);
	load_bad("kirkwood-openblocks-a7",
		 "CONFIG_PAGE_OFFSET=0xC0000000\nCONFIG_VMSPLIT_2G=y\n",
		 "does not match CONFIG_VMSPLIT_2G (0x80000000)");
	load_bad("kirkwood-openblocks-a7", "CONFIG_PAGE_OFFSET=0xg\n",
		 "is not y, m, n");
}

Test(kconfig, x86_choices)
{
	load_ok("numaq-16", "# CONFIG_NOHIGHMEM is not set\n"
			    "# CONFIG_HIGHMEM4G is not set\n"
			    "CONFIG_HIGHMEM64G=y\nCONFIG_X86_PAE=y\n"
			    "CONFIG_HIGHPTE=y\n");
	cr_assert(s.highmem);
	cr_assert(s.highpte);
	load_ok("numaq-16", "CONFIG_NOHIGHMEM=y\n");
	cr_assert_not(s.highmem);
	load_ok("numaq-16", "CONFIG_X86_4G=y\n");
	cr_assert_eq(s.vmsplit, VMSPLIT_4G_4G);
	load_bad("numaq-16", "CONFIG_HIGHMEM4G=y\n", ":1: CONFIG_HIGHMEM4G=y");
	load_bad("numaq-16", "# CONFIG_X86_PAE is not set\n",
		 ":1: CONFIG_X86_PAE=n");
	/* An x86 symbol on an ARM board is one of the ignored. */
	load_ok("kirkwood-openblocks-a7", "CONFIG_X86_4G=y\n");
	cr_assert_eq(s.vmsplit, VMSPLIT_3G);
	cr_assert_eq(rep.ignored, 1);
}

Test(kconfig, bad_lines)
{
	load_bad("beaglebone-white", "CONFIG_HIGHMEM=y\nrubbish\n",
		 ":2: neither a comment nor NAME=VALUE");
	load_bad("beaglebone-white", "=y\n", ":1: neither a comment");
	load_bad("beaglebone-white", "CONFIG A=y\n", ":1: neither a comment");
	load_bad("beaglebone-white", "CONFIG_HIGHMEM=maybe\n",
		 ":1: CONFIG_HIGHMEM: 'maybe' is not y, m, n");
	load_bad("beaglebone-white", "CONFIG_HIGHMEM=\n", ":1: CONFIG_HIGHMEM");
	/* A number is a value, but not a bool's (1 and 0 are: parse_bool). */
	load_bad("beaglebone-white", "\n\n\nCONFIG_HIGHPTE=2\n",
		 ":4: CONFIG_HIGHPTE=2: a bool, y or n");
}

/*
 * A bool means the same in the file as on the command line (issue 36):
 * each word the one accepts, the other accepts with the same value, and
 * each it refuses, the other refuses.
 */
Test(kconfig, bool_words_as_on_the_command_line)
{
	static const char *const values[] = { "y",    "yes", "1",   "on", "n",
					      "no",   "0",   "off", "Y",  "N",
					      "true", "2",   "m",   "" };
	char text[64], word[64];

	for (size_t i = 0; i < ARRAY_SIZE(values); i++) {
		bool file_ok, word_ok, file_highmem;

		snprintf(text, sizeof(text), "CONFIG_HIGHMEM=%s\n", values[i]);
		file_ok = load("kirkwood-openblocks-a7", text) == 0;
		file_highmem = s.highmem;
		defaults("kirkwood-openblocks-a7");
		snprintf(word, sizeof(word), "CONFIG_HIGHMEM=%s", values[i]);
		word_ok = settings_parse(&s, word, err, sizeof(err)) == 0;
		cr_assert_eq(file_ok, word_ok, "'%s': file %d, word %d",
			     values[i], file_ok, word_ok);
		if (file_ok)
			cr_assert_eq(file_highmem, s.highmem, "'%s'",
				     values[i]);
	}
	/* The exact values, and the symbols that are not KC_WORD. */
	load_ok("kirkwood-openblocks-a7", "CONFIG_HIGHMEM=off\n"
					  "CONFIG_DEBUG_HIGHMEM=yes\n"
					  "CONFIG_VMSPLIT_2G=on\n"
					  "CONFIG_VMSPLIT_1G=no\n");
	cr_assert_not(s.highmem);
	cr_assert(s.debug_highmem);
	cr_assert_eq(s.vmsplit, VMSPLIT_2G);
	load_ok("numaq-16", "CONFIG_NOHIGHMEM=yes\nCONFIG_X86_PAE=1\n");
	cr_assert_not(s.highmem);
	load_ok("numaq-16", "CONFIG_X86_4G=on\n");
	cr_assert_eq(s.vmsplit, VMSPLIT_4G_4G);
	load_bad("numaq-16", "CONFIG_X86_PAE=no\n", ":1: CONFIG_X86_PAE=n");
	/* An unknown symbol's yes is a value too: counted, not refused. */
	load_ok("beaglebone-white", "CONFIG_FOO=yes\nCONFIG_BAR=off\n");
	cr_assert_eq(rep.ignored, 2);
}

Test(kconfig, crlf)
{
	load_ok("kirkwood-openblocks-a7",
		"# comment\r\nCONFIG_VMSPLIT_1G=y\r\n"
		"# CONFIG_HIGHPTE is not set\r\nCONFIG_LSM=\"yama\"\r\n\r\n");
	cr_assert_eq(s.vmsplit, VMSPLIT_1G);
	cr_assert_not(s.highpte);
	cr_assert(named("CONFIG_LSM=\"yama\""));
}

Test(kconfig, named_and_absent)
{
	load_ok("beaglebone-white", "CONFIG_SECURITY=y\n"
				    "CONFIG_SECURITY_SELINUX=y\n"
				    "# CONFIG_SECURITY_APPARMOR is not set\n"
				    "CONFIG_INIT_ON_ALLOC_DEFAULT_ON=y\n"
				    "CONFIG_VMSPLIT_3G=y\n"
				    "CONFIG_FOO=y\n");
	cr_assert_eq(rep.nr_unmodelled, 4);
	cr_assert(named("CONFIG_SECURITY=y"));
	cr_assert(named("CONFIG_SECURITY_SELINUX=y"));
	cr_assert(named("CONFIG_SECURITY_APPARMOR=n"));
	cr_assert(named("CONFIG_INIT_ON_ALLOC_DEFAULT_ON=y"));
	cr_assert_eq(rep.ignored, 1);
	cr_assert(absent("CONFIG_HIGHMEM"));
	cr_assert(absent("CONFIG_NR_CPUS"));
	cr_assert_not(absent("CONFIG_VMSPLIT_*"));
	/* ARM's symbols are not asked of an x86 config. */
	load_ok("numaq-16", "\n");
	cr_assert(absent("CONFIG_X86_PAE"));
	cr_assert(absent("CONFIG_VMSPLIT_*"));
	cr_assert_not(absent("CONFIG_ARM_LPAE"));
}

/* Near miss @i of the last load is @name at @line, like @like. */
static void near_miss(u32 i, const char *name, u32 line, const char *like)
{
	cr_assert_lt(i, rep.nr_near);
	cr_assert_str_eq(rep.near[i].name, name);
	cr_assert_eq(rep.near[i].line, line, "%s", name);
	cr_assert_str_eq(rep.near[i].like, like);
}

/*
 * An unknown symbol a slip or two from a modelled one is a typo to warn
 * of (issue 36): before, CONFIG_HIGMEM=y was merely counted.  Real
 * symbols, however near, are not.
 */
Test(kconfig, near_misses)
{
	load_ok("beaglebone-white", "CONFIG_HIGMEM=n\n"
				    "# CONFIG_HIHGPTE is not set\n"
				    "CONFIG_VMSPLT_1G=y\n"
				    "CONFIG_UACCESS_WITH_MEMCYP=y\n"
				    "HIGHMEM=n\n"
				    "CONFIG_highmem=n\n"
				    "CONFIG_HIGH_PTE_=y\n"
				    "CONFIG_HIGHMEMORY=y\n"
				    "CONFIG_FOO=y\n");
	cr_assert_eq(rep.nr_near, 7);
	near_miss(0, "CONFIG_HIGMEM", 1, "CONFIG_HIGHMEM");
	near_miss(1, "CONFIG_HIHGPTE", 2, "CONFIG_HIGHPTE");
	near_miss(2, "CONFIG_VMSPLT_1G", 3, "CONFIG_VMSPLIT_1G");
	near_miss(3, "CONFIG_UACCESS_WITH_MEMCYP", 4,
		  "CONFIG_UACCESS_WITH_MEMCPY");
	near_miss(4, "HIGHMEM", 5, "CONFIG_HIGHMEM");
	near_miss(5, "CONFIG_highmem", 6, "CONFIG_HIGHMEM");
	near_miss(6, "CONFIG_HIGH_PTE_", 7, "CONFIG_HIGHPTE");
	/* Three slips away (HIGHMEMORY) is another symbol; all counted. */
	cr_assert_eq(rep.ignored, 9);
	/* A typo sets nothing: the defaults stay. */
	cr_assert(s.highmem);
	cr_assert_eq(s.vmsplit, VMSPLIT_3G);
	/* x86's real neighbours of X86_PAE and X86_4G are not typos ... */
	load_ok("numaq-16", "CONFIG_X86_PAT=y\nCONFIG_X86_MCE=y\n"
			    "CONFIG_X86_HT=y\nCONFIG_X86_PC=y\n"
			    "CONFIG_X86_UV=y\nCONFIG_X86_32=y\n"
			    "CONFIG_X86_PEA=y\nCONFIG_X86_4K=y\n");
	cr_assert_eq(rep.nr_near, 2);
	near_miss(0, "CONFIG_X86_PEA", 7, "CONFIG_X86_PAE");
	near_miss(1, "CONFIG_X86_4K", 8, "CONFIG_X86_4G");
	/* ... and x86's names are not suggested on an ARM board. */
	load_ok("kirkwood-openblocks-a7", "CONFIG_X86_PEA=y\n");
	cr_assert_eq(rep.nr_near, 0);
	/* Past KCONFIG_MAX_NAMED, counted only. */
	{
		static char text[64 * (KCONFIG_MAX_NAMED + 3)];
		size_t len = 0;

		for (int i = 0; i < KCONFIG_MAX_NAMED + 3; i++)
			len += (size_t)snprintf(text + len, sizeof(text) - len,
						"CONFIG_HIGMEM=y\n");
		load_ok("kirkwood-openblocks-a7", text);
		cr_assert_eq(rep.nr_near, KCONFIG_MAX_NAMED + 3);
		near_miss(KCONFIG_MAX_NAMED - 1, "CONFIG_HIGMEM",
			  KCONFIG_MAX_NAMED, "CONFIG_HIGHMEM");
	}
}

/* The warnings as printed: one line each, the excess counted. */
Test(kconfig, near_miss_warnings)
{
	char text[64 * (KCONFIG_MAX_NAMED + 2)], out[8192], want[512];
	size_t len = 0;
	FILE *f;

	load_ok("kirkwood-openblocks-a7", "CONFIG_HIGMEM=y\n");
	f = fmemopen(out, sizeof(out), "w");
	kconfig_report_print_warnings(&rep, "x.config", f);
	fclose(f);
	cr_assert_str_eq(
		out,
		"vmsplit: kconfig: x.config:1: CONFIG_HIGMEM is not a symbol vmsplit knows; did you mean CONFIG_HIGHMEM?\n");
	/* None: nothing printed. */
	load_ok("kirkwood-openblocks-a7", "CONFIG_HIGHMEM=y\n");
	out[0] = '\0';
	f = fmemopen(out, sizeof(out), "w");
	kconfig_report_print_warnings(&rep, "x.config", f);
	fclose(f);
	cr_assert_str_eq(out, "");
	for (int i = 0; i < KCONFIG_MAX_NAMED + 2; i++)
		len += (size_t)snprintf(text + len, sizeof(text) - len,
					"CONFIG_HIGHPT=y\n");
	load_ok("kirkwood-openblocks-a7", text);
	f = fmemopen(out, sizeof(out), "w");
	kconfig_report_print_warnings(&rep, "x.config", f);
	fclose(f);
	snprintf(
		want, sizeof(want),
		"vmsplit: kconfig: x.config:%d: CONFIG_HIGHPT is not a symbol vmsplit knows; did you mean CONFIG_HIGHPTE?\n"
		"vmsplit: kconfig: x.config: 2 more symbols near ones vmsplit knows\n",
		KCONFIG_MAX_NAMED);
	cr_assert(strstr(out, want), "%s", out);
}

/* Load @text on @platform, refused with exactly "<file>: @why". */
static void load_refused(const char *platform, const char *text,
			 const char *why)
{
	char want[512];

	cr_assert_eq(load(platform, text), -EINVAL, "accepted: %s", text);
	snprintf(want, sizeof(want), "%s: %s", path, why);
	cr_assert_str_eq(err, want);
}

/*
 * Another architecture's .config is refused whole, by the symbol its
 * Kconfig sets (issue 36): before, an ARM one ran on numaq-16 with its
 * ARM symbols dropped and its NR_CPUS capping the board's CPUs.
 */
Test(kconfig, another_architecture)
{
	defaults("numaq-16");
	cr_assert_eq(kconfig_load(&s, DEBIAN_LPAE, &rep, err, sizeof(err)),
		     -EINVAL);
	cr_assert_str_eq(
		err, DEBIAN_LPAE
		": an ARM .config (CONFIG_ARM=y) on numaq-16, an x86 board");
	load_refused(
		"kirkwood-openblocks-a7", "CONFIG_X86_32=y\nCONFIG_X86=y\n",
		"an x86 .config (CONFIG_X86_32=y) on kirkwood-openblocks-a7, an ARM board");
	/* 2.5.73's i386 has CONFIG_X86 alone. */
	load_refused(
		"beaglebone-white", "CONFIG_X86=y\n",
		"an x86 .config (CONFIG_X86=y) on beaglebone-white, an ARM board");
	/* The most specific symbol names the architecture, in any order. */
	load_refused(
		"numaq-16", "CONFIG_64BIT=y\nCONFIG_X86=y\nCONFIG_X86_64=y\n",
		"an x86-64 .config (CONFIG_X86_64=y) on numaq-16, an x86 board");
	load_refused(
		"cortex-a15-2g", "CONFIG_ARM64=y\nCONFIG_64BIT=y\n",
		"an arm64 .config (CONFIG_ARM64=y) on cortex-a15-2g, an ARM board");
	load_refused(
		"numaq-16", "CONFIG_UML=y\nCONFIG_X86_32=y\n",
		"a User-mode Linux .config (CONFIG_UML=y) on numaq-16, an x86 board");
	load_refused(
		"beaglebone-black", "CONFIG_MIPS=y\n",
		"a MIPS .config (CONFIG_MIPS=y) on beaglebone-black, an ARM board");
	/* The reason wherever the symbol is, before a bad line's. */
	load_refused("numaq-16", "CONFIG_HIGHMEM=m\n  CONFIG_ARM=yes\r\n",
		     "an ARM .config (CONFIG_ARM=y) on numaq-16, an x86 board");
	/* The board's own architecture, or another's said n, is fine. */
	load_ok("kirkwood-openblocks-a7", "CONFIG_ARM=y\n");
	load_ok("numaq-16", "CONFIG_X86_32=y\nCONFIG_X86=y\n"
			    "# CONFIG_64BIT is not set\nCONFIG_ARM=n\n");
	/* A name that only begins like one is not one (both ignored). */
	load_ok("numaq-16", "CONFIG_ARM_LPAE=y\nCONFIG_ARMX=y\n");
	cr_assert_eq(rep.ignored, 2);
}

/*
 * Apply @words over the loaded file, then kconfig_olddefconfig; its
 * notes into @notes.  Return: the symbols it turned off.
 */
static u32 resolve(char *const *words, int nwords, char *notes, size_t len)
{
	FILE *f;
	u32 off;

	for (int i = 0; i < nwords; i++)
		cr_assert_eq(settings_parse(&s, words[i], err, sizeof(err)), 0,
			     "%s", err);
	notes[0] = '\0';
	f = fmemopen(notes, len, "w");
	cr_assert(f);
	off = kconfig_olddefconfig(&s, &rep, words, nwords, f);
	fclose(f);
	return off;
}

#define NOTE_HIGHPTE \
	"vmsplit: kconfig: CONFIG_HIGHPTE=n: it depends on CONFIG_HIGHMEM, which is n\n"

/*
 * The file's y whose dependency is unmet becomes n, with a note, as
 * olddefconfig would make it (issue 36): before, CONFIG_HIGHMEM=n on the
 * command line over a file's CONFIG_HIGHPTE=y was an error.
 */
Test(kconfig, olddefconfig_turns_off_the_files_y)
{
	char *highmem_n[] = { "CONFIG_HIGHMEM=n" };
	char *highmem_y[] = { "CONFIG_HIGHMEM=y" };
	char *lpae_y[] = { "CONFIG_ARM_LPAE=y" };
	char notes[512];

	/* The command line's n over the file's y. */
	cr_assert_eq(load("beaglebone-black", "CONFIG_HIGHPTE=y\n"), 0);
	cr_assert_eq(resolve(highmem_n, 1, notes, sizeof(notes)), 1);
	cr_assert_str_eq(notes, NOTE_HIGHPTE);
	cr_assert_not(s.highpte);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	/* Within the file too, and DEBUG_HIGHMEM with it, in table order. */
	cr_assert_eq(load("beaglebone-white", "CONFIG_DEBUG_HIGHMEM=y\n"
					      "CONFIG_HIGHPTE=y\n"
					      "# CONFIG_HIGHMEM is not set\n"),
		     0);
	cr_assert_eq(resolve(NULL, 0, notes, sizeof(notes)), 2);
	cr_assert_str_eq(
		notes, NOTE_HIGHPTE
		"vmsplit: kconfig: CONFIG_DEBUG_HIGHMEM=n: it depends on CONFIG_HIGHMEM, which is n\n");
	cr_assert_not(s.highpte);
	cr_assert_not(s.debug_highmem);
	/* x86's NOHIGHMEM choice is HIGHMEM=n. */
	cr_assert_eq(load("numaq-16", "CONFIG_NOHIGHMEM=y\nCONFIG_HIGHPTE=y\n"
				      "CONFIG_X86_PAE=y\n"),
		     0);
	cr_assert_eq(resolve(NULL, 0, notes, sizeof(notes)), 1);
	cr_assert_str_eq(notes, NOTE_HIGHPTE);
	/* PAN depends on !ARM_LPAE. */
	cr_assert_eq(load("cortex-a15-2g", "CONFIG_CPU_SW_DOMAIN_PAN=y\n"), 0);
	cr_assert_eq(resolve(lpae_y, 1, notes, sizeof(notes)), 1);
	cr_assert_str_eq(
		notes,
		"vmsplit: kconfig: CONFIG_CPU_SW_DOMAIN_PAN=n: it depends on !CONFIG_ARM_LPAE, and CONFIG_ARM_LPAE is y\n");
	cr_assert_not(settings_cpu_sw_domain_pan(&s));
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	/* A word that mends the dependency leaves the file's y alone. */
	cr_assert_eq(load("beaglebone-white", "CONFIG_HIGHPTE=y\n"
					      "# CONFIG_HIGHMEM is not set\n"),
		     0);
	cr_assert_eq(resolve(highmem_y, 1, notes, sizeof(notes)), 0);
	cr_assert_str_eq(notes, "");
	cr_assert(s.highpte);
	/* A default is not the file's: 6.1's HIGHPTE=y stays unsaid. */
	cr_assert_eq(load("beaglebone-black", "# CONFIG_HIGHMEM is not set\n"),
		     0);
	cr_assert_eq(resolve(NULL, 0, notes, sizeof(notes)), 0);
	cr_assert_not(settings_highpte(&s));
	/* No stream for the notes: resolved all the same. */
	cr_assert_eq(load("beaglebone-black", "CONFIG_HIGHPTE=y\n"
					      "CONFIG_HIGHMEM=n\n"),
		     0);
	cr_assert_eq(kconfig_olddefconfig(&s, &rep, NULL, 0, NULL), 1);
	cr_assert_not(s.highpte);
}

/*
 * What the user types is not resolved: a contradiction of words stays the
 * error (or, for DEBUG_HIGHMEM, the accepted setting) it was before.
 */
Test(kconfig, olddefconfig_leaves_the_words)
{
	char *highpte[] = { "CONFIG_HIGHMEM=n", "CONFIG_HIGHPTE=y" };
	char *pan[] = { "CONFIG_ARM_LPAE=y", "CONFIG_CPU_SW_DOMAIN_PAN=y" };
	char *debug[] = { "CONFIG_HIGHMEM=n", "CONFIG_DEBUG_HIGHMEM=y" };
	char notes[512];

	cr_assert_eq(load("beaglebone-black", "CONFIG_HIGHPTE=y\n"), 0);
	cr_assert_eq(resolve(highpte, 2, notes, sizeof(notes)), 0);
	cr_assert_str_eq(notes, "");
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y");
	/* With no file setting it, the same error. */
	cr_assert_eq(load("beaglebone-black", "\n"), 0);
	cr_assert_eq(resolve(highpte, 2, notes, sizeof(notes)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err, "CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y");
	cr_assert_eq(load("cortex-a15-2g", "CONFIG_CPU_SW_DOMAIN_PAN=y\n"), 0);
	cr_assert_eq(resolve(pan, 2, notes, sizeof(notes)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert_str_eq(err,
			 "CONFIG_CPU_SW_DOMAIN_PAN=y needs CONFIG_ARM_LPAE=n");
	cr_assert_eq(load("beaglebone-white", "CONFIG_DEBUG_HIGHMEM=y\n"), 0);
	cr_assert_eq(resolve(debug, 2, notes, sizeof(notes)), 0);
	cr_assert(s.debug_highmem);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
}

/* Debian 12's armmp-lpae 6.1 kernel, trimmed (its header says how). */
Test(kconfig, debian_armmp_lpae)
{
	char line[4096];

	defaults("cortex-a15-2g");
	cr_assert_eq(kconfig_load(&s, DEBIAN_LPAE, &rep, err, sizeof(err)), 0,
		     "%s", err);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	/* Its header, "# Linux/arm 6.1.176 Kernel Configuration", sets
	 * kernel= (issue 34): the A15's kmap_local flavour covers 6.1. */
	cr_assert_eq(rep.header_version, KERNEL_VERSION(6, 1, 176));
	cr_assert(rep.kernel_set);
	cr_assert_eq(settings_kernel_version(&s), KERNEL_VERSION(6, 1, 176));
	cr_assert(s.highmem);
	cr_assert(s.arm_lpae);
	cr_assert(s.highpte);
	cr_assert_eq(s.vmsplit, VMSPLIT_3G);
	cr_assert_not(s.debug_highmem);
	cr_assert_not(s.uaccess_with_memcpy);
	/* NR_CPUS=8 leaves the board's 2. */
	cr_assert_eq(s.ncpus, 2);
	/* PAN depends on !ARM_LPAE: absent from the file, off. */
	cr_assert_not(settings_cpu_sw_domain_pan(&s));
	cr_assert(absent("CONFIG_CPU_SW_DOMAIN_PAN"));
	cr_assert(named("CONFIG_SECURITY_APPARMOR=y"));
	cr_assert(named("CONFIG_INIT_ON_ALLOC_DEFAULT_ON=y"));
	cr_assert(named("CONFIG_SMP=y"));
	cr_assert(named(
		"CONFIG_LSM=\"landlock,lockdown,yama,loadpin,safesetid,integrity,apparmor,selinux,smack,tomoyo,bpf\""));
	cr_assert_eq(rep.nr_unmodelled, 18);
	cr_assert_gt(rep.ignored, 250);
	/* A distribution's real symbols: none is taken for a typo. */
	cr_assert_eq(rep.nr_near, 0);
	/* The BeagleBone's Cortex-A8 has no LPAE: refused as a whole. */
	defaults("beaglebone-white");
	cr_assert_eq(kconfig_load(&s, DEBIAN_LPAE, &rep, err, sizeof(err)), 0);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), -EINVAL);
	cr_assert(strstr(err, "without LPAE"), "%s", err);
	/* The one-line report. */
	{
		FILE *f = fmemopen(line, sizeof(line), "w");

		kconfig_report_print(&rep, "x", f);
		fclose(f);
		cr_assert_null(strchr(line, '\n'));
		cr_assert(strstr(line, "vmsplit: x: ignored "), "%s", line);
		cr_assert(strstr(line, "symbols vmsplit does not model; "));
	}
}

/* The CLI: `vmsplit ARGS`, stdout into @out; Return: the exit status. */
static int run(const char *args, char *out, size_t len, char *errout,
	       size_t errlen)
{
	const char *bin = getenv("VMSPLIT_BIN");
	char cmd[1024];
	FILE *p;
	size_t n;
	int st;

	cr_assert(bin, "VMSPLIT_BIN is not set (run through make test)");
	snprintf(cmd, sizeof(cmd), "%s %s 2>/tmp/vmsplit-kconfig-err.%d", bin,
		 args, (int)getpid());
	p = popen(cmd, "r");
	cr_assert(p);
	n = fread(out, 1, len - 1, p);
	out[n] = '\0';
	st = pclose(p);
	snprintf(cmd, sizeof(cmd), "/tmp/vmsplit-kconfig-err.%d",
		 (int)getpid());
	p = fopen(cmd, "r");
	cr_assert(p);
	n = fread(errout, 1, errlen - 1, p);
	errout[n] = '\0';
	fclose(p);
	unlink(cmd);
	cr_assert(WIFEXITED(st));
	return WEXITSTATUS(st);
}

Test(kconfig, cli_words_win_in_any_order)
{
	static char out[1 << 16], eout[4096];
	char args[256];

	write_file("CONFIG_VMSPLIT_2G=y\nCONFIG_HIGHPTE=y\nCONFIG_NR_CPUS=1\n");
	snprintf(
		args, sizeof(args),
		"micro --platform cortex-a15-2g CONFIG_VMSPLIT=1G cpus=2 --kconfig %s CONFIG_HIGHPTE=n --format json",
		path);
	cr_assert_eq(run(args, out, sizeof(out), eout, sizeof(eout)), 0, "%s",
		     eout);
	cr_assert(strstr(out, "\"CONFIG_VMSPLIT\": \"1G\""));
	cr_assert(strstr(out, "\"CONFIG_HIGHPTE\": \"n\""));
	cr_assert(strstr(out, "\"cpus\": 2,"));
	/* JSON mode: the report is in the settings, stderr stays empty. */
	cr_assert(
		strstr(out,
		       "\"kconfig_ignored\": {\"ignored\": 0, \"unmodelled\": [], \"absent\": [\"CONFIG_HIGHMEM\""),
		"%.2000s", out);
	cr_assert_str_eq(eout, "");
	/* Without words, the file's values; the report once on stderr. */
	snprintf(args, sizeof(args),
		 "micro --platform cortex-a15-2g --kconfig %s", path);
	cr_assert_eq(run(args, out, sizeof(out), eout, sizeof(eout)), 0, "%s",
		     eout);
	cr_assert(strstr(out, "CONFIG_VMSPLIT=2G"));
	cr_assert(strstr(out, "cpus=1 "));
	cr_assert(
		strstr(eout,
		       "ignored 0 symbols vmsplit does not model; not in the file, defaults kept: CONFIG_HIGHMEM,"),
		"%s", eout);
	cr_assert_eq(strchr(eout, '\n') - eout + 1, (long)strlen(eout));
	/* A typo: warned of on stderr, in JSON mode too; the run goes on. */
	unlink(path);
	write_file("CONFIG_HIGHMEM=y\nCONFIG_HIGMEM=n\n");
	snprintf(args, sizeof(args), "micro --kconfig %s --format json", path);
	cr_assert_eq(run(args, out, sizeof(out), eout, sizeof(eout)), 0, "%s",
		     eout);
	cr_assert(strstr(out, "\"CONFIG_HIGHMEM\": \"y\""));
	snprintf(
		args, sizeof(args),
		"vmsplit: kconfig: %s:2: CONFIG_HIGMEM is not a symbol vmsplit knows; did you mean CONFIG_HIGHMEM?\n",
		path);
	cr_assert_str_eq(eout, args);
	/* The file's HIGHPTE=y under the words' HIGHMEM=n: a note, exit 0. */
	unlink(path);
	write_file("CONFIG_HIGHPTE=y\n");
	snprintf(
		args, sizeof(args),
		"micro --platform beaglebone-black --kconfig %s CONFIG_HIGHMEM=n --format json",
		path);
	cr_assert_eq(run(args, out, sizeof(out), eout, sizeof(eout)), 0, "%s",
		     eout);
	cr_assert(strstr(out, "\"CONFIG_HIGHPTE\": \"n\""));
	cr_assert_str_eq(eout, NOTE_HIGHPTE);
	/* Both typed: the error it always was. */
	snprintf(
		args, sizeof(args),
		"micro --platform beaglebone-black --kconfig %s CONFIG_HIGHMEM=n CONFIG_HIGHPTE=y --format json",
		path);
	cr_assert_eq(run(args, out, sizeof(out), eout, sizeof(eout)), 2);
	cr_assert_str_eq(eout,
			 "vmsplit: CONFIG_HIGHPTE=y needs CONFIG_HIGHMEM=y\n");
	/* Another architecture's .config: one line on stderr, exit 2. */
	snprintf(args, sizeof(args), "micro --platform numaq-16 --kconfig %s",
		 DEBIAN_LPAE);
	cr_assert_eq(run(args, out, sizeof(out), eout, sizeof(eout)), 2);
	cr_assert_str_eq(
		eout,
		"vmsplit: " DEBIAN_LPAE
		": an ARM .config (CONFIG_ARM=y) on numaq-16, an x86 board\n");
	cr_assert_str_eq(out, "");
	/* A bad line: one line on stderr naming file:line, exit 2. */
	unlink(path);
	write_file("CONFIG_HIGHMEM=y\nnonsense\n");
	snprintf(args, sizeof(args), "micro --kconfig %s", path);
	cr_assert_eq(run(args, out, sizeof(out), eout, sizeof(eout)), 2);
	snprintf(args, sizeof(args),
		 "vmsplit: %s:2: neither a comment nor NAME=VALUE\n", path);
	cr_assert_str_eq(eout, args);
	unlink(path);
}

/*
 * A .config's header names its release; where the board's flavour does
 * not cover it (6.1 on the Kirkwood's arm-3x, 3.x), the board's release
 * stays and the report says so; a kernel= word still wins over the file.
 */
Test(kconfig, the_header_names_the_release)
{
	defaults("kirkwood-openblocks-a7");
	cr_assert_eq(settings_parse(&s, "CONFIG_ARM_LPAE=n", err, sizeof(err)), 0);
	write_file("#\n# Linux/arm 6.1.176 Kernel Configuration\n#\nCONFIG_ARM=y\nCONFIG_HIGHMEM=y\n");
	cr_assert_eq(kconfig_load(&s, path, &rep, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(rep.header_version, KERNEL_VERSION(6, 1, 176));
	cr_assert_not(rep.kernel_set);
	cr_assert_eq(settings_kernel_version(&s), KERNEL_VERSION(3, 16, 0));
	unlink(path);

	defaults("kirkwood-openblocks-a7");
	write_file("# Linux/arm 3.14.1 Kernel Configuration\nCONFIG_ARM=y\n");
	cr_assert_eq(kconfig_load(&s, path, &rep, err, sizeof(err)), 0, "%s", err);
	cr_assert(rep.kernel_set);
	cr_assert_eq(settings_kernel_version(&s), KERNEL_VERSION(3, 14, 1));
	/* TSO follows the release: mv643xx_eth has none before 3.16. */
	cr_assert_not(s.tso);
	cr_assert_eq(settings_validate(&s, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(settings_parse(&s, "kernel=3.16", err, sizeof(err)), 0);
	cr_assert_eq(settings_kernel_version(&s), KERNEL_VERSION(3, 16, 0));
	unlink(path);

	/* 2.6.24 and before: "# Linux kernel version: X.Y.Z". */
	defaults("numaq-16");
	write_file("# Linux kernel version: 2.6.0\nCONFIG_X86=y\nCONFIG_HIGHMEM64G=y\n");
	cr_assert_eq(kconfig_load(&s, path, &rep, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(rep.header_version, KERNEL_VERSION(2, 6, 0));
	unlink(path);
}
