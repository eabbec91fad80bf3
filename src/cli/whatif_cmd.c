// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit whatif` (see cli/whatif_cmd.h).  "--name value" or
 * "--name=value"; NAME=VALUE words anywhere apply to every row.
 */
#include "cli/whatif_cmd.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "config/settings.h"
#include "experiments/whatif.h"
#include "report/plots.h"

/*
 * The workloads named in @list ("dd,lmbench", "all", "none") as a mask.
 * Return: 0, or -EINVAL with @err naming the one it does not know.
 */
static int parse_workloads(const char *list, u32 *mask, char *err,
			   size_t errlen)
{
	const char *p = list;

	*mask = 0;
	if (!strcmp(list, "none"))
		return 0;
	if (!strcmp(list, "all")) {
		*mask = (1u << NR_WHATIF_WORKLOADS) - 1;
		return 0;
	}
	while (*p) {
		size_t n = strcspn(p, ",");
		int w;

		for (w = 0; w < NR_WHATIF_WORKLOADS; w++)
			if (strlen(whatif_workload_names[w]) == n &&
			    !strncmp(p, whatif_workload_names[w], n))
				break;
		if (w == NR_WHATIF_WORKLOADS)
			return settings_err(err, errlen,
					    "--workloads: unknown workload '%.*s' (dd, lmbench, iperf, hackbench, kernbench, all or none)",
					    (int)n, p);
		*mask |= 1u << w;
		p += n + (p[n] == ',');
	}
	return 0;
}

int whatif_cmd(int argc, char **argv, FILE *out, char *err, size_t errlen)
{
	const char *platform = WHATIF_DEFAULT_PLATFORM;
	const char *workloads = WHATIF_DEFAULT_WORKLOADS, *format = "table";
	const char *plot = NULL;
	static struct whatif_row rows[WHATIF_NROWS];
	char plotname[96];
	const struct platform *p;
	char **words;
	int nwords = 0, ret = 0;
	u32 mask;

	words = calloc((size_t)argc + 1, sizeof(*words));
	if (!words)
		return settings_err(err, errlen, "out of memory");
	for (int i = 0; i < argc && !ret; i++) {
		static const char *const names[] = { "--platform",
						     "--workloads", "--format",
						     "--plot" };
		const char **dest[] = { &platform, &workloads, &format, &plot };
		const char *arg = argv[i];
		size_t k;

		if (strncmp(arg, "--", 2)) {
			words[nwords++] = argv[i];
			continue;
		}
		for (k = 0; k < 4; k++) {
			size_t n = strlen(names[k]);

			if (strncmp(arg, names[k], n))
				continue;
			if (arg[n] == '=') {
				*dest[k] = arg + n + 1;
				break;
			}
			if (arg[n] == '\0' && i + 1 < argc) {
				*dest[k] = argv[++i];
				break;
			}
			if (arg[n] == '\0')
				ret = settings_err(err, errlen,
						   "%s needs a value", arg);
			else
				continue;
			break;
		}
		if (k == 4)
			ret = settings_err(err, errlen, "unknown option '%s'",
					   arg);
	}
	if (!ret && strcmp(format, "table") && strcmp(format, "json") &&
	    strcmp(format, "csv"))
		ret = settings_err(err, errlen,
				   "unknown format '%s' (table, json or csv)",
				   format);
	if (!ret)
		ret = parse_workloads(workloads, &mask, err, errlen);
	if (!ret) {
		p = platform_find(platform);
		if (!p)
			ret = settings_err(
				err, errlen,
				"unknown platform '%s' (see `vmsplit platforms`)",
				platform);
	}
	/* The plot's file is checked before the runs, not after them. */
	if (!ret && plot) {
		snprintf(plotname, sizeof(plotname), "whatif-%s", p->name);
		ret = plot_prepare_dir(plot, plotname, err, errlen);
	}
	if (!ret)
		ret = whatif_measure(p, words, nwords, mask, rows, err, errlen);
	if (!ret) {
		whatif_print(p, mask, rows,
			     !strcmp(format, "json") ? WHATIF_JSON :
			     !strcmp(format, "csv")  ? WHATIF_CSV :
						       WHATIF_TABLE,
			     out);
		if (plot)
			ret = plot_whatif(plot, p, rows,
					  whatif_runnable(p, mask), err,
					  errlen);
	}
	free(words);
	return ret;
}
