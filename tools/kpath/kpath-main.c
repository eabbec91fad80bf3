// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpath-main.c - command line of the kpath analysis (tools/kpath/kpath.sh):
 *
 *	kpath-analyze --header
 *	kpath-analyze --kernel K --config C --kallsyms FILE --log FILE --dump FILE
 *
 * prints the TSV header, or the rows of one run (data/kpath/README.md).
 */
#include <stdio.h>
#include <string.h>

#include "kpath-analyze.h"

static FILE *open_or_die(const char *path)
{
	FILE *f = path ? fopen(path, "r") : NULL;

	if (!f)
		fprintf(stderr, "kpath-analyze: cannot open %s\n",
			path ? path : "(missing argument)");
	return f;
}

int main(int argc, char **argv)
{
	const char *kernel = NULL, *config = NULL, *ks = NULL, *log = NULL,
		   *dump = NULL;
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
		if (!strcmp(argv[i], "--kernel"))
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
				"--config C --kallsyms F --log F --dump F\n");
			return 2;
		}
		*opt = argv[++i];
	}
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
