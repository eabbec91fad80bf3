// SPDX-License-Identifier: GPL-2.0-only
/*
 * E2: kernbench (make -j vmlinux, maximal tasks) and SDET 32 on the
 * 16-way NUMA-Q, 2.5.73-mm3, without and with CONFIG_HIGHPTE.  Source:
 * LKML, 2003, Martin J. Bligh, "Overhead of highpte" (EXPERIMENTS.md E2).
 *
 * The baseline kernbench row is the calibration data: the NUMA-Q's kernel
 * CPI is fitted there (boards/numaq-16.board), and kernbench's user work per unit is
 * set so that 900 units make its user seconds (workloads/kernbench.h).
 * SDET's baseline is 100% by definition.  The HIGHPTE row, SDET's
 * relative throughput with HIGHPTE and the profile diff are predictions.
 * The runs use checks=n: the checkers change no result, only host time.
 */
#include "experiments/kernbench.h"

#include <string.h>

#include "base/change.h"
#include "base/errno.h"
#include "cli/diff.h"
#include "experiments/sdet.h"
#include "cli/progress.h"
#include "run/jobs.h"

/* Published: elapsed, system, user seconds, CPU %. */
static const double e2_base[4] = { 45.38, 114.91, 565.81, 1497.75 };

static void model_cols(const struct run_result *r, double v[4])
{
	v[0] = r->elapsed_s;
	v[1] = r->system_s;
	v[2] = r->user_s;
	v[3] = r->cpu_pct;
}

/*
 * E2's runs, each a job (run/jobs.h): kernbench without and with HIGHPTE
 * (the longest, first), then SDET under each of E2_SDET_SEEDS seeds per
 * configuration.  SDET's throughput is set by its last script, which a
 * small change in the schedule can move by several percent: each
 * configuration runs under E2_SDET_SEEDS shuffles of the scripts'
 * commands, as SDET's published figures are means of repeated runs.
 */
#define E2_JOBS (2 + 2 * E2_SDET_SEEDS)

union e2_run {
	struct kernbench_point kb;
	struct sdet_point sd;
};

/* Job @i's configuration (0: baseline, 1: HIGHPTE), SDET seed (0: none). */
static void e2_job(u32 i, int *h, u32 *seed)
{
	if (i < 2) {
		*h = (int)i;
		*seed = 0;
		return;
	}
	*h = (int)((i - 2) / E2_SDET_SEEDS);
	*seed = (i - 2) % E2_SDET_SEEDS + 1;
}

static int e2_run_job(void *ctx, u32 i, void *result, char *err,
		      size_t errlen)
{
	const struct settings *cfg = ctx;
	union e2_run *r = result;
	struct settings s;
	char word[32];
	u32 seed;
	int h;

	e2_job(i, &h, &seed);
	s = cfg[h];
	if (!seed) {
		kernbench_defaults(&r->kb.p, s.platform->hw.cpu_hz);
		return kernbench_measure(&s, &r->kb, err, errlen);
	}
	snprintf(word, sizeof(word), "seed=%u", seed);
	if (settings_parse(&s, word, err, errlen))
		return -EINVAL;
	return sdet_measure(&s, SDET_DEFAULT_SCRIPTS, SDET_DEFAULT_COMMANDS,
			    &r->sd, err, errlen);
}

/* The progress line counts finished runs: "run k/n" while k-1 are done. */
static void e2_done(u32 finished, u32 n)
{
	if (finished < n)
		progress_run(finished, n);
}

int reproduce_kernbench_numaq(bool json, FILE *f, u32 jobs,
			      const struct kernbench_numaq_result **res,
			      char *err, size_t errlen)
{
	static struct kernbench_numaq_result e2;
	static union e2_run runs[E2_JOBS];
	struct kernbench_point *kb = e2.kb;
	struct sdet_point *sd = e2.sd;
	struct settings *s = e2.s;
	const struct platform *p = platform_find("numaq-16");
	double v[2][4], rel, sdet_tph[2][E2_SDET_SEEDS];
	int ret;

	e2.platform = p;
	e2.published = e2_base;
	/* SDET's published baseline is 100% by definition (EXPERIMENTS.md). */
	e2.sdet_published_pct = 100.0;

	for (int h = 0; h < 2; h++) {
		settings_default(&s[h], p);
		if (settings_parse(&s[h], h ? "CONFIG_HIGHPTE=y" :
					       "CONFIG_HIGHPTE=n",
				   err, errlen) ||
		    settings_parse(&s[h], "checks=n", err, errlen))
			return -EINVAL;
	}
	progress_run(0, E2_JOBS);
	ret = run_jobs(E2_JOBS, e2_run_job, s, runs, sizeof(runs[0]), jobs,
		       e2_done, err, errlen);
	if (ret)
		return ret;
	for (u32 i = 0; i < E2_JOBS; i++) {
		u32 seed;
		int h;

		e2_job(i, &h, &seed);
		if (!seed) {
			kb[h] = runs[i].kb;
			model_cols(&kb[h].r, v[h]);
			e2.sdet_mean[h] = 0;
			continue;
		}
		sdet_tph[h][seed - 1] = runs[i].sd.scripts_per_hour;
		e2.sdet_mean[h] += runs[i].sd.scripts_per_hour / E2_SDET_SEEDS;
		/* sd[h] keeps seed 1's run (JSON). */
		if (seed == 1)
			sd[h] = runs[i].sd;
	}
	progress_end();
	rel = 100.0 * e2.sdet_mean[1] / e2.sdet_mean[0];
	e2.sdet_rel_pct = rel;
	e2.sdet_rel_min = e2.sdet_rel_max =
		100.0 * sdet_tph[1][0] / sdet_tph[0][0];
	for (u32 i = 1; i < E2_SDET_SEEDS; i++) {
		double r = 100.0 * sdet_tph[1][i] / sdet_tph[0][i];

		e2.sdet_rel_min = MIN(e2.sdet_rel_min, r);
		e2.sdet_rel_max = MAX(e2.sdet_rel_max, r);
	}
	if (res)
		*res = &e2;
	if (json) {
		static const char *const cols[4] = { "elapsed_s", "system_s",
						     "user_s", "cpu_pct" };

		fprintf(f, "[\n");
		for (int h = 0; h < 2; h++) {
			fprintf(f,
				"  {\"experiment\": \"kernbench-numaq\", \"row\": \"%s\", \"workload\": \"kernbench\", \"platform\": \"%s\", \"settings\": ",
				h ? "highpte" : "baseline", p->name);
			settings_print_json(&s[h], f);
			settings_print_ram_json(&s[h], f);
			fprintf(f, ", \"kind\": \"%s\", ",
				h ? "prediction" : "calibration");
			if (!h) {
				fprintf(f, "\"published\": {");
				for (int c = 0; c < 4; c++)
					fprintf(f, "%s\"%s\": %.2f", c ? ", " : "",
						cols[c], e2_base[c]);
				fprintf(f, "}, \"error_pct\": {");
				for (int c = 0; c < 4; c++)
					fprintf(f, "%s\"%s\": %.1f", c ? ", " : "",
						cols[c],
						pct_change(e2_base[c],
							   v[0][c]));
				fprintf(f, "}, ");
			}
			kernbench_print_json_params(&kb[h], f);
			run_print_json_body(&kb[h].r, NULL, f);
			fprintf(f, "},\n");
		}
		for (int h = 0; h < 2; h++) {
			char head[200];

			fprintf(f,
				"  {\"experiment\": \"kernbench-numaq\", \"row\": \"sdet-%s\", \"workload\": \"sdet\", \"platform\": \"%s\", \"settings\": ",
				h ? "highpte" : "baseline", p->name);
			settings_print_json(&s[h], f);
			settings_print_ram_json(&s[h], f);
			fprintf(f, ", \"kind\": \"%s\", ",
				h ? "prediction" : "baseline");
			snprintf(head, sizeof(head),
				 "\"scripts_per_hour\": %.2f, \"mean_scripts_per_hour\": %.2f, \"relative_pct\": %.2f, ",
				 sd[h].scripts_per_hour, e2.sdet_mean[h],
				 h ? rel : 100.0);
			run_print_json_body(&sd[h].r, head, f);
			fprintf(f, "}%s\n", h ? "" : ",");
		}
		fprintf(f, "]\n");
		return 0;
	}
	fprintf(f,
		"E2: kernbench (make -j vmlinux, %u units, maximal tasks) and SDET %u on %s,\n"
		"    2.5.73-mm3, without and with CONFIG_HIGHPTE (checks=n)\n",
		kb[0].p.units, SDET_DEFAULT_SCRIPTS, p->name);
	fprintf(f, "%-36s %10s %10s %10s %9s\n", "kernbench", "elapsed s",
		"system s", "user s", "CPU %");
	fprintf(f, "%-36s %10.2f %10.2f %10.2f %9.2f\n",
		"published baseline (calibration)", e2_base[0], e2_base[1],
		e2_base[2], e2_base[3]);
	fprintf(f, "%-36s %10.2f %10.2f %10.2f %9.2f\n", "model baseline",
		v[0][0], v[0][1], v[0][2], v[0][3]);
	fprintf(f, "%-36s", "  error vs published");
	for (int c = 0; c < 4; c++)
		fprintf(f, " %+9.1f%%", pct_change(e2_base[c], v[0][c]));
	fprintf(f, "\n%-36s %10.2f %10.2f %10.2f %9.2f   (prediction)\n",
		"model CONFIG_HIGHPTE=y", v[1][0], v[1][1], v[1][2], v[1][3]);
	fprintf(f, "%-36s", "  change vs baseline");
	for (int c = 0; c < 4; c++)
		fprintf(f, " %+9.1f%%", pct_change(v[0][c], v[1][c]));
	fprintf(f, "\n\nSDET %u, mean of seeds 1-%u: %.0f scripts/hour (100%%); CONFIG_HIGHPTE=y %.0f = %.1f%%   (prediction)\n"
		   "    (per seed, HIGHPTE against baseline: %.1f%% to %.1f%%)\n",
		SDET_DEFAULT_SCRIPTS, E2_SDET_SEEDS, e2.sdet_mean[0],
		e2.sdet_mean[1], rel, e2.sdet_rel_min, e2.sdet_rel_max);
	fprintf(f, "\nkernbench profile, baseline (A) against CONFIG_HIGHPTE=y (B):\n");
	profile_diff_runs(kb[0].r.profile,
			  kb[0].r.elapsed_s * 1e9 / (double)kb[0].r.elapsed_cycles,
			  settings_hz(&s[0]), "baseline", kb[1].r.profile,
			  kb[1].r.elapsed_s * 1e9 / (double)kb[1].r.elapsed_cycles,
			  settings_hz(&s[1]), "CONFIG_HIGHPTE=y", DIFF_TABLE, f);
	return 0;
}
