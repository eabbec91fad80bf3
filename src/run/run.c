// SPDX-License-Identifier: GPL-2.0-only
#include "run/run.h"

#include "mm/rmap.h"

#include <stdio.h>
#include <string.h>

#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/boot.h"
#include "kernel/exit.h"
#include "kernel/livelock.h"
#include "mm/pgtable_hazard.h"
#include "mm/uncached_hazard.h"
#include "kernel/sched.h"

void (*run_before_shutdown)(void);

u64 run_profile_sum(const struct run_result *r)
{
	u64 n = 0;

	for (int cc = 0; cc < NR_CC; cc++)
		n += r->profile[cc];
	return n;
}

u64 run_cause_sum(const struct run_result *r)
{
	u64 n = 0;

	for (int why = 0; why < NR_CAUSES; why++)
		n += r->causes[why];
	return n;
}

static void collect(struct run_result *r)
{
	double hz = (double)machine->cfg.cpu_hz;
	u64 busy = 0;

	memset(r, 0, sizeof(*r));
	r->ncpus = machine->ncpus;
	r->elapsed_cycles = machine_elapsed_cycles();
	for (u32 i = 0; i < machine->ncpus; i++) {
		const struct cpu *c = &machine->cpu[i];

		r->user_cycles += c->profile[CC_user];
		r->idle_cycles += c->idle_cycles + (r->elapsed_cycles - c->cycles);
		r->system_cycles += c->cycles - c->idle_cycles -
				    c->profile[CC_user];
		busy += c->cycles - c->idle_cycles;
		if (c->cycles - c->idle_cycles > r->busiest_cycles)
			r->busiest_cycles = c->cycles - c->idle_cycles;
	}
	for (int e = 0; e < NR_EVENTS; e++)
		r->events[e] = machine_event_total((enum event)e);
	for (int cc = 0; cc < NR_CC; cc++)
		r->profile[cc] = machine_profile_total((enum cost_centre)cc);
	for (int why = 0; why < NR_CAUSES; why++)
		r->causes[why] = machine_cause_total((enum charge_cause)why);
	/* Every charge is booked to one centre and one cause. */
	BUG_ON(run_profile_sum(r) != busy || run_cause_sum(r) != busy);
	r->elapsed_s = (double)r->elapsed_cycles / hz;
	r->user_s = (double)r->user_cycles / hz;
	r->system_s = (double)r->system_cycles / hz;
	r->cpu_pct = r->elapsed_cycles ?
			     100.0 * (double)(r->user_cycles + r->system_cycles) /
				     (double)r->elapsed_cycles :
			     0;
	r->exits = exit_stats.exits;
	r->sigsegv = exit_stats.killed_by_sigsegv;
}

int run_workload(const struct settings *s, void (*start)(const void *),
		 const void *params, struct run_result *r, char *err,
		 size_t errlen)
{
	int ret = boot_kernel(s, err, errlen);

	if (ret)
		return ret;
	start(params);
	ret = sched_run();
	collect(r);
	if (ret) {
		snprintf(err, errlen, "deadlock: %u tasks blocked for good",
			 nr_tasks());
		/*
		 * kill -9 them all and check the kernel they leave; tasks
		 * that even SIGKILL cannot wake are the kernel's deadlock.
		 */
		kill_sleeping_tasks();
		if (sched_run()) {
			abandon_kernel();
			return ret;
		}
		shutdown_kernel();
		return ret;
	}
	if (run_before_shutdown)
		run_before_shutdown();
	shutdown_kernel();
	/* Linux's own hazards the checkers met (mm/pgtable_hazard.h,
	 * mm/uncached_hazard.h): the figures stand, the user is told. */
	if (pt_hazard_report.count)
		fprintf(stderr, "vmsplit: %s (%u walks)\n",
			pt_hazard_report.first, pt_hazard_report.count);
	if (uncached_hazard_report.count)
		fprintf(stderr, "vmsplit: %s (%u accesses)\n",
			uncached_hazard_report.first,
			uncached_hazard_report.count);
	/* A task the no-progress checker had to kill: no valid figure. */
	if (livelock_report.count) {
		snprintf(err, errlen, "%s", livelock_report.first);
		return -ELOOP;
	}
	return 0;
}

/*
 * The pte_chain lengths at removal (issue 33), from the rmap_len_* events:
 * "pte_chain_lengths": {"buckets": [...], "file": [...], "anon": [...]},
 * each count the page_remove_rmap calls whose page was mapped by that many
 * PTEs; printed for runs that removed any under pte_chain rmap.
 */
static void print_chain_lengths(const struct run_result *r, FILE *f)
{
	static const char *const kinds[] = { "file", "anon" };
	const enum event first[] = { EV_rmap_len_file_1, EV_rmap_len_anon_1 };
	u64 any = 0;

	for (int k = 0; k < 2; k++)
		for (int b = 0; b < RMAP_LEN_BUCKETS; b++)
			any |= r->events[first[k] + b];
	if (!any)
		return;
	fprintf(f, "\"pte_chain_lengths\": {\"buckets\": [");
	for (int b = 0; b < RMAP_LEN_BUCKETS; b++) {
		if (b == RMAP_LEN_BUCKETS - 1)
			fprintf(f, ", \">%u\"", 1u << (b - 1));
		else if (b < 2)
			fprintf(f, "%s\"%u\"", b ? ", " : "", 1u << b);
		else
			fprintf(f, ", \"%u-%u\"", (1u << (b - 1)) + 1, 1u << b);
	}
	fprintf(f, "]");
	for (int k = 0; k < 2; k++) {
		fprintf(f, ", \"%s\": [", kinds[k]);
		for (int b = 0; b < RMAP_LEN_BUCKETS; b++)
			fprintf(f, "%s%llu", b ? ", " : "",
				(unsigned long long)r->events[first[k] + b]);
		fprintf(f, "]");
	}
	fprintf(f, "}, ");
}

void run_print_json_body(const struct run_result *r, const char *headline,
			 FILE *f)
{
	bool first = true;

	fprintf(f,
		"\"metrics\": {%s\"elapsed_s\": %.6f, \"system_s\": %.6f, "
		"\"user_s\": %.6f, \"cpu_pct\": %.2f, \"elapsed_cycles\": %llu, "
		"\"system_cycles\": %llu, \"user_cycles\": %llu, "
		"\"idle_cycles\": %llu, \"exits\": %llu, \"sigsegv\": %llu}, ",
		headline ? headline : "", r->elapsed_s, r->system_s, r->user_s,
		r->cpu_pct,
		(unsigned long long)r->elapsed_cycles,
		(unsigned long long)r->system_cycles,
		(unsigned long long)r->user_cycles,
		(unsigned long long)r->idle_cycles,
		(unsigned long long)r->exits, (unsigned long long)r->sigsegv);
	fprintf(f, "\"events\": {");
	for (int e = 0; e < NR_EVENTS; e++)
		fprintf(f, "%s\"%s\": %llu", e ? ", " : "", event_names[e],
			(unsigned long long)r->events[e]);
	fprintf(f, "}, ");
	print_chain_lengths(r, f);
	fprintf(f, "\"profile\": {");
	for (int cc = 0; cc < NR_CC; cc++) {
		if (!r->profile[cc])
			continue;
		fprintf(f, "%s\"%s\": %llu", first ? "" : ", ", cc_names[cc],
			(unsigned long long)r->profile[cc]);
		first = false;
	}
	fprintf(f, "}, \"causes\": {");
	first = true;
	for (int why = 0; why < NR_CAUSES; why++) {
		if (!r->causes[why])
			continue;
		fprintf(f, "%s\"%s\": %llu", first ? "" : ", ",
			cause_names[why], (unsigned long long)r->causes[why]);
		first = false;
	}
	fprintf(f, "}");
}
