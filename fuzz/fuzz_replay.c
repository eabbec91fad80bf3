// SPDX-License-Identifier: GPL-2.0-only
/*
 * The syscall-sequence fuzzer's inputs without libFuzzer: each file named
 * on the command line (a directory: each file in it) runs once through the
 * interpreter libFuzzer drives (fuzz_program.c), and one line a file says
 * what it did.  For profiling the harness on a build without sanitizers or
 * coverage (perf, callgrind), and for triage in a process of its own.
 *
 *   fuzz-replay [-q] [-trace] [-fresh] [-n REPEAT] FILE|DIR ...
 *
 * -q prints only the closing line (inputs, host seconds, inputs per
 * second); -trace prints each op as it runs (fuzz_trace); -fresh boots
 * each input on host memory of its own (fuzz_fresh_boot); -n runs the
 * whole list REPEAT times.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "fuzz/fuzz_program.h"
#include "kernel/livelock.h"
#include "mm/pgtable_hazard.h"
#include "mm/uncached_hazard.h"

#define FUZZ_MAX_INPUT 65536

static u8 buf[FUZZ_MAX_INPUT];
static bool quiet;
static unsigned long inputs;

static void run_file(const char *path)
{
	struct fuzz_outcome o;
	char words[512];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		perror(path);
		exit(2);
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	fuzz_run_input(buf, n, &o, words, sizeof(words));
	inputs++;
	if (quiet)
		return;
	printf("%s: %s: booted %d deadlock %d livelocks %u ops %u exits %llu sigsegv %llu oom %llu cycles %llu events %llu\n",
	       path, words, o.booted, o.deadlock, o.livelocks, o.ops,
	       (unsigned long long)o.exits, (unsigned long long)o.sigsegv,
	       (unsigned long long)o.oom_kills, (unsigned long long)o.cycles,
	       (unsigned long long)o.events);
	if (o.livelocks)
		printf("  %s\n", livelock_report.first);
	if (o.pt_hazards)
		printf("  %s (%u walks)\n", pt_hazard_report.first,
		       o.pt_hazards);
	if (o.uncached_hazards)
		printf("  %s (%u accesses)\n", uncached_hazard_report.first,
		       o.uncached_hazards);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's files in name order, so that two runs do the same. */
static void run_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (!d) {
		perror(dir);
		exit(2);
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			names = realloc(names, cap * sizeof(*names));
			if (!names)
				exit(2);
		}
		names[n] = malloc(strlen(dir) + strlen(de->d_name) + 2);
		if (!names[n])
			exit(2);
		sprintf(names[n++], "%s/%s", dir, de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		run_file(names[i]);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	int repeat = 1, first = 1;
	double s;

	for (; first < argc && argv[first][0] == '-'; first++) {
		if (!strcmp(argv[first], "-q"))
			quiet = true;
		else if (!strcmp(argv[first], "-trace"))
			fuzz_trace = true;
		else if (!strcmp(argv[first], "-fresh"))
			fuzz_fresh_boot = true;
		else if (!strcmp(argv[first], "-n") && first + 1 < argc)
			repeat = atoi(argv[++first]);
		else {
			fprintf(stderr,
				"usage: fuzz-replay [-q] [-trace] [-fresh] [-n REPEAT] FILE|DIR ...\n");
			return 2;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int r = 0; r < repeat; r++)
		for (int i = first; i < argc; i++) {
			struct stat st;

			if (!stat(argv[i], &st) && S_ISDIR(st.st_mode))
				run_dir(argv[i]);
			else
				run_file(argv[i]);
		}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	s = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("%lu inputs in %.2f s: %.0f inputs/s\n", inputs, s,
	       s > 0 ? inputs / s : 0.0);
	return 0;
}
