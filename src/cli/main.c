// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vmsplit command.  Bad command lines get one line on stderr and exit
 * status 2; measurements print a table by default, --format csv|json for
 * scripts.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/settings.h"
#include "micro/micro.h"

enum format { FMT_TABLE, FMT_CSV, FMT_JSON };

static _Noreturn void usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static _Noreturn void usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("vmsplit: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void print_help(FILE *f)
{
	fputs("usage: vmsplit COMMAND [ARGS]\n"
	      "\n"
	      "commands:\n"
	      "  platforms                 list the simulated boards\n"
	      "  settings                  list every setting, its values and meaning\n"
	      "  micro [--platform P] [NAME=VALUE ...] [--kconfig FILE]\n"
	      "        [--format table|csv|json] [--host-time]\n"
	      "                            cycles and events per map+unmap pair of each\n"
	      "                            mapping primitive (--host-time adds host ns per\n"
	      "                            pair, which differs from run to run)\n"
	      "  reproduce [EXPERIMENT]    run the published experiments\n"
	      "  help                      this text\n",
	      f);
}

static void cmd_platforms(void)
{
	static const char *const kinds[] = {
		[CACHE_VIVT] = "VIVT",
		[CACHE_VIPT_ALIASING] = "VIPT-aliasing",
		[CACHE_VIPT_NONALIASING] = "VIPT-nonaliasing",
		[CACHE_PIPT] = "PIPT",
	};

	printf("%-24s %-6s %4s %6s %7s %-22s %-10s\n", "PLATFORM", "ARCH",
	       "CPUS", "MHZ", "RAM", "L1D", "L2");
	for (int i = 0; platforms[i]; i++) {
		const struct platform *p = platforms[i];
		char l1[64], l2[32], arch[16];

		snprintf(arch, sizeof(arch), p->arch == PLAT_X86 ? "x86" :
					     "armv%u", p->arm_arch);
		snprintf(l1, sizeof(l1), "%uK/%u-way/%uB %s",
			 p->hw.l1d.size >> 10, p->hw.l1d.ways, p->hw.l1d.line,
			 kinds[p->hw.l1d.kind]);
		snprintf(l2, sizeof(l2), "%uK%s", p->hw.l2.size >> 10,
			 p->hw.l2_per_cpu ? "/cpu" : "");
		printf("%-24s %-6s %4u %6u %6" PRIu64 "M %-22s %-10s\n", p->name,
		       arch, p->hw.ncpus, p->hw.cpu_hz / 1000000,
		       p->hw.ram_size >> 20, l1, l2);
	}
	printf("\n");
	for (int i = 0; platforms[i]; i++)
		printf("%-24s %s\n", platforms[i]->name, platforms[i]->summary);
}

/* Parse --platform, --kconfig and NAME=VALUE words into @s. */
struct run_args {
	struct settings s;
	enum format format;
	bool host_time;
};

static void parse_run_args(int argc, char **argv, struct run_args *a)
{
	const char *platform_name = "kirkwood-openblocks-a7";
	const char *kconfig = NULL;
	char err[256];

	a->format = FMT_TABLE;
	a->host_time = false;
	/* The platform comes first: the other settings' defaults depend on it. */
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], "--platform")) {
			if (i + 1 >= argc)
				usage_error("--platform needs a name");
			platform_name = argv[++i];
		}
	if (!platform_find(platform_name))
		usage_error("unknown platform '%s' (see `vmsplit platforms`)",
			    platform_name);
	settings_default(&a->s, platform_find(platform_name));
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--platform")) {
			i++;
		} else if (!strcmp(argv[i], "--format")) {
			if (i + 1 >= argc)
				usage_error("--format needs table, csv or json");
			i++;
			if (!strcmp(argv[i], "table"))
				a->format = FMT_TABLE;
			else if (!strcmp(argv[i], "csv"))
				a->format = FMT_CSV;
			else if (!strcmp(argv[i], "json"))
				a->format = FMT_JSON;
			else
				usage_error("unknown format '%s'", argv[i]);
		} else if (!strcmp(argv[i], "--host-time")) {
			a->host_time = true;
		} else if (!strcmp(argv[i], "--kconfig")) {
			if (i + 1 >= argc)
				usage_error("--kconfig needs a file");
			kconfig = argv[++i];
		} else if (argv[i][0] == '-') {
			usage_error("unknown option '%s'", argv[i]);
		} else if (settings_parse(&a->s, argv[i], err, sizeof(err))) {
			usage_error("%s", err);
		}
	}
	/* Command-line words win over the .config: apply them again after. */
	if (kconfig) {
		if (settings_load_kconfig(&a->s, kconfig, err, sizeof(err)))
			usage_error("%s", err);
		for (int i = 0; i < argc; i++)
			if (strchr(argv[i], '=') && argv[i][0] != '-' &&
			    (i == 0 || (strcmp(argv[i - 1], "--platform") &&
					strcmp(argv[i - 1], "--kconfig"))))
				settings_parse(&a->s, argv[i], err, sizeof(err));
	}
	if (settings_validate(&a->s, err, sizeof(err)))
		usage_error("%s", err);
}

/* %.6g prints exact integers without a fraction, deterministically. */
static void print_num(double v)
{
	printf("%.6g", v);
}

static const enum event micro_table_events[] = {
	EV_pte_write, EV_tlb_inv_local, EV_tlb_inv_global,
	EV_dcache_lines_flushed,
};

static void micro_print(const struct run_args *a, struct micro_result *r,
			int n)
{
	const struct settings *s = &a->s;
	double mhz = s->platform->hw.cpu_hz / 1e6;

	if (a->format == FMT_JSON) {
		printf("[\n");
		for (int i = 0; i < n; i++) {
			printf("  {\"op\": \"%s\", \"platform\": \"%s\", \"settings\": ",
			       r[i].op, s->platform->name);
			settings_print_json(s, stdout);
			if (!r[i].available) {
				printf(", \"available\": false, \"why\": \"%s\", \"cycles\": null, \"events\": null, \"host_ns\": null}",
				       r[i].why);
			} else {
				printf(", \"available\": true, \"pairs\": %u, \"cycles\": ",
				       r[i].pairs);
				print_num(r[i].cycles);
				printf(", \"events\": {");
				for (int e = 0; e < NR_EVENTS; e++) {
					printf("%s\"%s\": ", e ? ", " : "",
					       event_names[e]);
					print_num(r[i].events[e]);
				}
				printf("}, \"host_ns\": ");
				if (r[i].host_ns < 0)
					printf("null");
				else
					printf("%.1f", r[i].host_ns);
				printf("}");
			}
			printf("%s\n", i + 1 < n ? "," : "");
		}
		printf("]\n");
		return;
	}
	if (a->format == FMT_CSV) {
		printf("op,platform,cycles,ns");
		for (int e = 0; e < NR_EVENTS; e++)
			printf(",%s", event_names[e]);
		printf(",host_ns\n");
		for (int i = 0; i < n; i++) {
			printf("%s,%s,", r[i].op, s->platform->name);
			if (!r[i].available) {
				printf(",");
				for (int e = 0; e < NR_EVENTS; e++)
					printf(",");
				printf("\n");
				continue;
			}
			print_num(r[i].cycles);
			printf(",%.1f", r[i].cycles * 1e3 / mhz);
			for (int e = 0; e < NR_EVENTS; e++) {
				printf(",");
				print_num(r[i].events[e]);
			}
			if (r[i].host_ns >= 0)
				printf(",%.1f", r[i].host_ns);
			else
				printf(",");
			printf("\n");
		}
		return;
	}
	printf("# ");
	settings_print_words(s, stdout);
	printf("\n# per map+unmap pair (page_address: per call), simulated at %.0f MHz\n",
	       mhz);
	printf("%-24s %10s %9s %9s %9s %9s %9s %9s\n", "primitive", "cycles",
	       "ns", "pte_wr", "tlbi_loc", "tlbi_glob", "dc_lines", "host_ns");
	for (int i = 0; i < n; i++) {
		printf("%-24s ", r[i].op);
		if (!r[i].available) {
			printf("n/a: %s\n", r[i].why);
			continue;
		}
		printf("%10.1f %9.1f", r[i].cycles, r[i].cycles * 1e3 / mhz);
		for (size_t e = 0; e < ARRAY_SIZE(micro_table_events); e++)
			printf(" %9.2f", r[i].events[micro_table_events[e]]);
		if (r[i].host_ns >= 0)
			printf(" %9.1f\n", r[i].host_ns);
		else
			printf(" %9s\n", "-");
	}
}

static int cmd_micro(int argc, char **argv)
{
	struct run_args a;
	struct micro_result r[16];
	int n = 0;
	char err[256];

	parse_run_args(argc, argv, &a);
	for (; micro_ops[n]; n++)
		if (micro_run(&a.s, micro_ops[n], a.host_time, &r[n], err,
			      sizeof(err)))
			usage_error("%s", err);
	micro_print(&a, r, n);
	return 0;
}

static int cmd_reproduce(int argc, char **argv)
{
	if (argc > 0)
		usage_error("unknown experiment '%s' (none exist yet)", argv[0]);
	printf("vmsplit reproduce: no experiment is implemented yet.\n"
	       "Available now:\n"
	       "  vmsplit micro --platform P [NAME=VALUE ...]   mapping primitives, cycles per pair\n"
	       "  vmsplit platforms                             the simulated boards\n"
	       "  vmsplit settings                              every setting\n"
	       "Planned: dd-beaglebone (E3), iperf-kirkwood (E1), kernbench-numaq (E2).\n");
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		print_help(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
		print_help(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "platforms")) {
		cmd_platforms();
		return 0;
	}
	if (!strcmp(argv[1], "settings")) {
		settings_print_help(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "micro"))
		return cmd_micro(argc - 2, argv + 2);
	if (!strcmp(argv[1], "reproduce"))
		return cmd_reproduce(argc - 2, argv + 2);
	usage_error("unknown command '%s' (see `vmsplit help`)", argv[1]);
}
