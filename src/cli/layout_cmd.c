// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit layout` (see cli/layout_cmd.h).  Options as the run commands
 * take them: "--name value" or "--name=value", NAME=VALUE words anywhere,
 * everything after "--" a word; the last value of a repeated option wins.
 */
#include "cli/layout_cmd.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "config/kconfig.h"
#include "config/settings.h"
#include "report/layout_print.h"

/* The options that take a value. */
enum layout_opt { OPT_PLATFORM, OPT_KCONFIG, OPT_FORMAT, NR_LAYOUT_OPTS };

static const char *const opt_names[NR_LAYOUT_OPTS] = {
	[OPT_PLATFORM] = "platform",
	[OPT_KCONFIG] = "kconfig",
	[OPT_FORMAT] = "format",
};

/*
 * Which option @arg ("--name" or "--name=value") is, its value in @val
 * (NULL when it is the next word).
 * Return: the option, or -EINVAL if @arg is none of them.
 */
static int which_opt(const char *arg, const char **val)
{
	for (int i = 0; i < NR_LAYOUT_OPTS; i++) {
		size_t len = strlen(opt_names[i]);

		if (strncmp(arg + 2, opt_names[i], len))
			continue;
		if (arg[2 + len] == '\0') {
			*val = NULL;
			return i;
		}
		if (arg[2 + len] == '=') {
			*val = arg + 3 + len;
			return i;
		}
	}
	return -EINVAL;
}

/*
 * Apply --kconfig's file (if any), then @nwords NAME=VALUE words in order,
 * to the defaults of @p in @s, and validate.
 * Return: 0, or -EINVAL with the reason in @err.
 */
static int layout_settings(struct settings *s, const struct platform *p,
			   const char *kconfig, bool say_ignored, char **words,
			   int nwords, char *err, size_t errlen)
{
	/* Static: the settings keep a pointer to it for the JSON. */
	static struct kconfig_report rep;

	settings_default(s, p);
	if (kconfig) {
		if (kconfig_load(s, kconfig, &rep, err, errlen))
			return -EINVAL;
		s->kconfig = &rep;
		/* As `run` reads one (cli/main.c load_kconfig): the typos'
		 * did-you-means always, the ignored symbols with the text. */
		kconfig_report_print_warnings(&rep, kconfig, stderr);
		if (say_ignored) {
			kconfig_report_print(&rep, kconfig, stderr);
			fputc('\n', stderr);
		}
	}
	for (int i = 0; i < nwords; i++)
		if (settings_parse(s, words[i], err, errlen))
			return -EINVAL;
	/* Then olddefconfig's resolution, saying what it turned off. */
	if (s->kconfig)
		kconfig_olddefconfig(s, s->kconfig, words, nwords, stderr);
	return settings_validate(s, err, errlen) ? -EINVAL : 0;
}

int layout_cmd(int argc, char **argv, FILE *out, char *err, size_t errlen)
{
	const char *opt[NR_LAYOUT_OPTS] = { [OPT_PLATFORM] =
						    LAYOUT_DEFAULT_PLATFORM };
	enum layout_format fmt = LAYOUT_TEXT;
	const struct platform *p;
	struct settings s;
	bool words_only = false;
	char **words;
	int nwords = 0, ret;

	/* Every argument may be a word: room for them all, and one. */
	words = calloc((size_t)argc + 1, sizeof(*words));
	if (!words)
		return settings_err(err, errlen, "out of memory");
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i], *val;
		int o;

		if (words_only || arg[0] != '-' || !arg[1]) {
			words[nwords++] = argv[i];
			continue;
		}
		if (!strcmp(arg, "--")) {
			words_only = true;
			continue;
		}
		o = strncmp(arg, "--", 2) ? -EINVAL : which_opt(arg, &val);
		if (o < 0) {
			ret = settings_err(err, errlen, "unknown option '%s'",
					   arg);
			goto out;
		}
		if (!val && ++i == argc) {
			ret = settings_err(err, errlen, "--%s needs a value",
					   opt_names[o]);
			goto out;
		}
		opt[o] = val ? val : argv[i];
	}
	if (opt[OPT_FORMAT] && !strcmp(opt[OPT_FORMAT], "json"))
		fmt = LAYOUT_JSON;
	else if (opt[OPT_FORMAT] && strcmp(opt[OPT_FORMAT], "text")) {
		ret = settings_err(err, errlen,
				   "unknown format '%s' (text or json)",
				   opt[OPT_FORMAT]);
		goto out;
	}
	p = platform_find(opt[OPT_PLATFORM]);
	if (!p) {
		ret = settings_err(
			err, errlen,
			"unknown platform '%s' (see `vmsplit platforms`)",
			opt[OPT_PLATFORM]);
		goto out;
	}
	ret = layout_settings(&s, p, opt[OPT_KCONFIG], fmt == LAYOUT_TEXT,
			      words, nwords, err, errlen);
	if (!ret)
		ret = layout_print(&s, fmt, out, err, errlen);
out:
	free(words);
	return ret;
}
