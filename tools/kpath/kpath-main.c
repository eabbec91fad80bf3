// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpath-main.c - command line of the kpath analysis (tools/kpath/kpath.sh):
 *
 *	kpath-analyze --header
 *	kpath-analyze --kernel K --config C --kallsyms FILE --log FILE --dump FILE
 *	kpath-analyze --compare A.tsv B.tsv [--top N] [--config C]
 *
 * prints the TSV header, the rows of one run, or two measured tables side
 * by side (kpath-compare.h; data/kpath/README.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kpath-analyze.h"
#include "kpath-compare.h"

static FILE *open_or_die(const char *path)
{
	FILE *f = path ? fopen(path, "r") : NULL;

	if (!f)
		fprintf(stderr, "kpath-analyze: cannot open %s\n",
			path ? path : "(missing argument)");
	return f;
}

/* --compare A B [--top N] [--config C]: the two tables side by side. */
static int compare(const char *pa, const char *pb, int top, const char *config)
{
	struct kp_table t[2];
	const char *path[2] = { pa, pb };
	int rc;

	for (int i = 0; i < 2; i++) {
		FILE *f = open_or_die(path[i]);

		rc = f ? kp_table_load(&t[i], f) : -1;
		if (f)
			fclose(f);
		if (rc) {
			if (i)
				kp_table_free(&t[0]);
			return 1;
		}
	}
	rc = kp_compare_print(&t[0], &t[1], config, top, stdout);
	kp_table_free(&t[0]);
	kp_table_free(&t[1]);
	return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *kernel = NULL, *config = NULL, *ks = NULL, *log = NULL,
		   *dump = NULL, *cmp[2] = { NULL, NULL }, *top = "8";
	struct kp_syms syms;
	struct kp_run run;
	FILE *f;
	int rc;

	for (int i = 1; i < argc; i++) {
		const char **opt = NULL;

		if (!strcmp(argv[i], "--header")) {
			fputs(kp_tsv_header, stdout);
			return 0;
		}
		if (!strcmp(argv[i], "--compare") && i + 2 < argc) {
			cmp[0] = argv[++i];
			cmp[1] = argv[++i];
			continue;
		}
		if (!strcmp(argv[i], "--top"))
			opt = &top;
		else if (!strcmp(argv[i], "--kernel"))
			opt = &kernel;
		else if (!strcmp(argv[i], "--config"))
			opt = &config;
		else if (!strcmp(argv[i], "--kallsyms"))
			opt = &ks;
		else if (!strcmp(argv[i], "--log"))
			opt = &log;
		else if (!strcmp(argv[i], "--dump"))
			opt = &dump;
		if (!opt || i + 1 == argc) {
			fprintf(stderr,
				"usage: kpath-analyze --header | --kernel K "
				"--config C --kallsyms F --log F --dump F | "
				"--compare A.tsv B.tsv [--top N] "
				"[--config C]\n");
			return 2;
		}
		*opt = argv[++i];
	}
	if (cmp[0])
		return compare(cmp[0], cmp[1], atoi(top), config);
	if (!kernel || !config)
		return 2;
	f = open_or_die(ks);
	if (!f)
		return 1;
	rc = kp_syms_load(&syms, f);
	fclose(f);
	if (rc)
		return 1;
	f = open_or_die(log);
	if (!f)
		return 1;
	rc = kp_labels_load(&run, f);
	fclose(f);
	if (rc)
		return 1;
	f = open_or_die(dump);
	if (!f)
		return 1;
	rc = kp_dump_load(&run, f);
	fclose(f);
	if (!rc)
		rc = kp_write_tsv(&run, &syms, kernel, config, stdout);
	kp_run_free(&run);
	kp_syms_free(&syms);
	return rc ? 1 : 0;
}
