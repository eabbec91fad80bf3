// SPDX-License-Identifier: GPL-2.0-only
/*
 * A .config's bools against their dependencies, as `make olddefconfig`
 * settles them: scripts/kconfig/conf.c reads the file, and symbol.c's
 * sym_calc_value caps each bool at the value of its "depends on", so a y
 * whose dependency is n is written back as n.  vmsplit does the same for
 * the dependencies between the symbols it models, once the command line's
 * words are over the file, and says what it turned off.
 *
 * The command line's own words are not resolved.  A word is what the user
 * asked for in so many letters; turning it off would run something else.
 * So they stay for settings_validate, which judges them as it always has:
 * CONFIG_HIGHPTE=y with CONFIG_HIGHMEM=n and CONFIG_CPU_SW_DOMAIN_PAN=y
 * with CONFIG_ARM_LPAE=y are refused, CONFIG_DEBUG_HIGHMEM=y with
 * CONFIG_HIGHMEM=n is taken (settings never refused it, and a new refusal
 * would change runs that read no .config).
 *
 * The other modelled symbols' dependencies, and why they are not here:
 * - UACCESS_WITH_MEMCPY "depends on MMU" only (arch/arm/Kconfig:1635 in
 *   5.7.14, :1865 in 3.14.1).  Its exclusion of
 *   UACCESS_GUP_KMAP_MEMCPY and of the 4G/4G split is vmsplit's model,
 *   not Kconfig's: settings_validate refuses those.
 * - ARM_LPAE depends on CPU_32v7 (arch/arm/mm/Kconfig:663 in 5.7.14): the
 *   board's CPU, not a symbol of the file; settings_validate refuses LPAE
 *   on a CPU without it.
 * - VMSPLIT_3G_OPT depends on !ARM_LPAE (arch/arm/Kconfig:1313 in 5.7.14)
 *   and, on x86, VMSPLIT_3G_OPT and VMSPLIT_2G_OPT on !X86_PAE
 *   (arch/x86/Kconfig:1448, :1453): vmsplit models those splits over
 *   LPAE and PAE tables as what-ifs (its x86 is PAE only), so they stand.
 * - DEBUG_ATOMIC_SLEEP depends on DEBUG_KERNEL and !ARCH_NO_PREEMPT
 *   (lib/Kconfig.debug:1225 in 5.7.14), neither of them modelled.
 * - x86's HIGHMEM and X86_PAE follow the HIGHMEM4G/HIGHMEM64G choice
 *   (arch/x86/Kconfig:1468, :1472), which kconfig.c's kc_apply maps.
 */
#include <stddef.h>
#include <string.h>

#include "base/panic.h"
#include "config/kconfig.h"

/* "config NAME ... depends on [!]ON", both bools of struct settings. */
static const struct kc_depends {
	const char *name;
	size_t field;
	const char *on;
	size_t on_field;
	bool negated; /* depends on !ON */
} depends[] = {
	/*
	 * "config HIGHPTE ... depends on HIGHMEM": arch/arm/Kconfig:1547
	 * and arch/x86/Kconfig:1677 in 5.7.14; arch/arm/Kconfig:1809 and
	 * arch/x86/Kconfig:1367 in 3.14.1 (3.16 to 3.18 alike).  2.5.73's
	 * arch/i386/Kconfig:719 says "depends on HIGHMEM4G || HIGHMEM64G",
	 * HIGHMEM's own condition there (:685).
	 */
	{ "CONFIG_HIGHPTE", offsetof(struct settings, highpte),
	  "CONFIG_HIGHMEM", offsetof(struct settings, highmem), false },
	/*
	 * "config DEBUG_HIGHMEM ... depends on DEBUG_KERNEL && HIGHMEM":
	 * lib/Kconfig.debug:758 in 5.7.14, :577 in 3.14.1, :586 in 3.16;
	 * 2.5.73's arch/i386/Kconfig:1404.  DEBUG_KERNEL is not modelled: a
	 * .config with DEBUG_HIGHMEM=y had it.
	 */
	{ "CONFIG_DEBUG_HIGHMEM", offsetof(struct settings, debug_highmem),
	  "CONFIG_HIGHMEM", offsetof(struct settings, highmem), false },
	/*
	 * "config CPU_SW_DOMAIN_PAN ... depends on MMU && !ARM_LPAE":
	 * arch/arm/Kconfig:1558 in 5.7.14 (the symbol came with 4.3).
	 */
	{ "CONFIG_CPU_SW_DOMAIN_PAN",
	  offsetof(struct settings, cpu_sw_domain_pan), "CONFIG_ARM_LPAE",
	  offsetof(struct settings, arm_lpae), true },
};

static bool settings_bool(const struct settings *s, size_t field)
{
	return *(const bool *)((const char *)s + field);
}

/* Does one of @words set @name ("NAME=...")? */
static bool word_names(char *const *words, int nwords, const char *name)
{
	size_t n = strlen(name);

	for (int i = 0; i < nwords; i++)
		if (!strncmp(words[i], name, n) && words[i][n] == '=')
			return true;
	return false;
}

/*
 * One pass is enough: no symbol turned off here is another's dependency
 * (HIGHMEM and ARM_LPAE are only ever given).
 */
u32 kconfig_olddefconfig(struct settings *s, const struct kconfig_report *rep,
			 char *const *words, int nwords, FILE *f)
{
	char word[64], err[256];
	u32 off = 0;

	for (size_t i = 0; i < ARRAY_SIZE(depends); i++) {
		const struct kc_depends *d = &depends[i];

		/* Met, or not the file's y to resolve. */
		if (settings_bool(s, d->on_field) != d->negated ||
		    !settings_bool(s, d->field) ||
		    !kconfig_file_set(rep, d->name) ||
		    word_names(words, nwords, d->name))
			continue;
		snprintf(word, sizeof(word), "%s=n", d->name);
		if (settings_parse(s, word, err, sizeof(err)))
			panic("kconfig_olddefconfig: %s: %s", word, err);
		off++;
		if (!f)
			continue;
		if (d->negated)
			fprintf(f,
				"vmsplit: kconfig: %s=n: it depends on !%s, and %s is y\n",
				d->name, d->on, d->on);
		else
			fprintf(f,
				"vmsplit: kconfig: %s=n: it depends on %s, which is n\n",
				d->name, d->on);
	}
	return off;
}
