/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A kernel .config as settings: the symbols vmsplit models set the
 * settings, the ones that change a measured kernel path but that vmsplit
 * charges as the board's kernel has them are named, and the thousands of
 * others are counted.  Nothing is dropped silently.
 */
#ifndef VMSPLIT_CONFIG_KCONFIG_H
#define VMSPLIT_CONFIG_KCONFIG_H

#include <stdio.h>

#include "config/settings.h"

#define KCONFIG_MAX_NAMED 32

/*
 * The largest .config read: a distribution kernel's full one is some
 * 200 to 300 KB (ten thousand lines), so 4 MiB leaves room for any real
 * file and stops a runaway pipe (`--kconfig <(yes)`).
 */
#define KCONFIG_MAX_BYTES (4u << 20)

/* The longest line, its LF or CRLF apart (CONFIG_CMDLINE's and
 * CONFIG_LSM's values are a few hundred characters at the most). */
#define KCONFIG_MAX_LINE 2046

/* Room for the longest symbol kc_near_miss can find near a modelled one. */
#define KCONFIG_NEAR_NAME 48

/* What a .config held beyond the settings it set. */
struct kconfig_report {
	/* Bit i: the file set the i-th modelled symbol (kconfig.c's table;
	 * ask kconfig_file_set). */
	u32 set;
	u32 ignored; /* symbols vmsplit neither models nor names */
	/* Ignored symbols a slip or two away from a modelled one (a typo,
	 * kconfig.c's kc_near_miss): the first KCONFIG_MAX_NAMED, and how
	 * many there were. */
	u32 nr_near;
	struct kconfig_near_miss {
		u32 line;
		const char *like; /* the modelled symbol it is close to */
		char name[KCONFIG_NEAR_NAME];
	} near[KCONFIG_MAX_NAMED];
	/* "CONFIG_X=value" of symbols that change a measured path but whose
	 * cost is the board's kernel's, whatever the file says. */
	u32 nr_unmodelled;
	char unmodelled[KCONFIG_MAX_NAMED][160];
	/* Modelled symbols the file does not set: their defaults stay. */
	u32 nr_absent;
	const char *absent[KCONFIG_MAX_NAMED];
	/* The release its header names ("# Linux/arm 6.1.176 Kernel
	 * Configuration"), KERNEL_VERSION; 0: none.  kernel_set: it became
	 * the kernel= setting (the board's flavour covers it). */
	u32 header_version;
	bool kernel_set;
};

/*
 * kconfig_load - apply the .config at @path to @s, filling @rep (may be
 * NULL).  Lines are CONFIG_X=y|m|n (or the command line's other bool
 * words, parse_bool: yes, no, on, off, 1, 0), "# CONFIG_X is not set",
 * strings ("..."), decimal or 0x hex numbers, comments and blank lines,
 * ending in LF or CRLF; anything else is an error naming file:line, and a
 * .config made for another architecture than the board's (CONFIG_ARM=y on
 * an x86 board, ...) is refused whole.  Unknown symbols within a typo of
 * a modelled one are listed in @rep->near.  The file's values are applied
 * as they are: kconfig_olddefconfig resolves them once the command line's
 * words are over them.  @path may be a regular file, a FIFO or a pipe
 * (hostfile_read), of KCONFIG_MAX_BYTES at the most.
 * Return: 0, or a negative errno with a one-line reason in @err: -EINVAL
 * for a bad line, else hostfile_read's (-ENOENT, -EISDIR, -EFBIG, ...).
 */
int kconfig_load(struct settings *s, const char *path,
		 struct kconfig_report *rep, char *err, size_t errlen);

/*
 * kconfig_file_set - did the file of @rep set modelled symbol @name (to
 * any value)?  Panics if vmsplit does not model @name.
 */
bool kconfig_file_set(const struct kconfig_report *rep, const char *name);

/*
 * kconfig_olddefconfig - resolve the file's symbols against their
 * Kconfig dependencies as `make olddefconfig` would, once the command
 * line's @words (@nwords NAME=VALUE words, already applied to @s) are
 * over the file: a bool the file set to y whose dependency is now unmet
 * becomes n, with a note on @f ("vmsplit: kconfig: CONFIG_HIGHPTE=n: it
 * depends on CONFIG_HIGHMEM, which is n"; @f may be NULL).  A symbol one
 * of @words names is the user's explicit choice and is left as given, for
 * settings_validate to judge as it judges any word (olddefconfig.c says
 * why).  Run it once, after every word: a word may also mend the
 * dependency (CONFIG_HIGHMEM=y over a file's n).
 * Return: the number of symbols turned off.
 */
u32 kconfig_olddefconfig(struct settings *s, const struct kconfig_report *rep,
			 char *const *words, int nwords, FILE *f);

/* The report as one line (no newline), and as a JSON object. */
void kconfig_report_print(const struct kconfig_report *rep, const char *path,
			  FILE *f);
void kconfig_report_print_json(const struct kconfig_report *rep, FILE *f);

/*
 * kconfig_report_print_warnings - one line per near miss ("vmsplit:
 * kconfig: FILE:LINE: CONFIG_HIGMEM is not a symbol vmsplit knows; did you
 * mean CONFIG_HIGHMEM?"), each ending in a newline; nothing when there is
 * none.  For stderr in every output format: a typo is the user's to see
 * even when stdout is JSON.
 */
void kconfig_report_print_warnings(const struct kconfig_report *rep,
				   const char *path, FILE *f);

#endif
