// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vmsplit command.  Bad command lines get one line on stderr and exit
 * status 2; measurements print a table by default, --format csv|json for
 * scripts.
 */
#include <errno.h>
#include <math.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hostfile.h"
#include "platforms/board_file.h"
#include "base/panic.h"
#include "cli/diff.h"
#include "cli/grid.h"
#include "cli/info.h"
#include "cli/layout_cmd.h"
#include "cli/whatif_cmd.h"
#include "cli/progress.h"
#include "config/kconfig.h"
#include "config/settings.h"
#include "micro/micro.h"
#include "run/jobs.h"
#include "run/run.h"
#include "workloads/spawn.h"
#include "experiments/dd.h"
#include "experiments/iperf.h"
#include "experiments/hackbench.h"
#include "experiments/kernbench.h"
#include "experiments/lmbench.h"
#include "experiments/lmbench_summary.h"
#include "experiments/sdet.h"
#include "report/explain.h"
#include "report/plots.h"

#ifndef VMSPLIT_VERSION
#error "VMSPLIT_VERSION: the Makefile passes it from the VERSION file"
#endif

enum format { FMT_TABLE, FMT_CSV, FMT_JSON };

static _Noreturn void usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
static _Noreturn void output_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/*
 * One line on stderr, exit @status.  Arguments are quoted as given, so
 * control characters in them (a newline in a file name) are printed
 * escaped: every error stays one line.
 */
static _Noreturn void die(int status, const char *fmt, va_list ap)
{
	char *msg = NULL;

	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	progress_end();
	/* What was printed before the error goes out before it. */
	fflush(stdout);
	fputs("vmsplit: ", stderr);
	for (const char *c = msg ? msg : fmt; *c; c++) {
		unsigned char ch = (unsigned char)*c;

		if (ch == '\n')
			fputs("\\n", stderr);
		else if (ch == '\r')
			fputs("\\r", stderr);
		else if (ch == '\t')
			fputs("\\t", stderr);
		else if (ch < 0x20 || ch == 0x7f)
			fprintf(stderr, "\\x%02x", ch);
		else
			fputc(ch, stderr);
	}
	fputc('\n', stderr);
	free(msg);
	exit(status);
}

/* A bad command line or input file (vmsplit.1, EXIT STATUS): exit 2. */
static _Noreturn void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	die(2, fmt, ap);
}

/*
 * Output that cannot be written -- standard output, --svg, --plot -- is
 * not a bad command line but a failed run: exit 1.
 */
static _Noreturn void output_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	die(1, fmt, ap);
}

/*
 * Standard output written so far, or exit 1.  SIGPIPE is ignored (main),
 * so a reader gone (`vmsplit reproduce | head`) shows here as EPIPE; a
 * command that prints in parts checks after each, so that it stops
 * rather than computes the rest for nobody.
 */
static void check_stdout(void)
{
	if (fflush(stdout) || ferror(stdout))
		output_error("error writing the output: %s", strerror(errno));
}

/* --help or -h. */
bool cli_is_help(const char *arg)
{
	return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}

/*
 * Each command's usage, as `vmsplit help` lists it and `vmsplit COMMAND
 * --help` prints it alone: the command words, then the text.
 */
static const struct {
	const char *cmd, *text;
} cmd_usage[] = {
	{ "platforms",
	  "platforms [NAME] [--format table|json]\n"
	  "                            the simulated boards, or one as its board file:\n"
	  "                            every parameter with its source, which\n"
	  "                            --platform-file FILE reads back\n" },
	{ "settings",
	  "settings [NAME|cost] [--format table|json]\n"
	  "                            every setting (or one) with its values, default\n"
	  "                            and meaning; cost: the code costs cost.NAME= sets\n" },
	{ "layout",
	  "layout [--platform P] [NAME=VALUE ...] [--kconfig FILE]\n"
	  "        [--format text|json]\n"
	  "                            the kernel's virtual memory layout as its boot\n"
	  "                            log prints it (vector, fixmap, vmalloc, lowmem,\n"
	  "                            pkmap, modules), the zones, the RAM it uses and\n"
	  "                            cannot use, TASK_SIZE\n" },
	{ "micro",
	  "micro [--platform P] [NAME=VALUE ...] [--kconfig FILE]\n"
	  "        [--format table|csv|json] [--host-time]\n"
	  "                            cycles and events per map+unmap pair of each\n"
	  "                            mapping primitive (--host-time adds host ns per\n"
	  "                            pair, which differs from run to run)\n" },
	{ "run spawn",
	  "run spawn [--platform P] [--procs N] [--pages M] [--shared-pages S]\n"
	  "        [NAME=VALUE ...] [--format table|csv|json] [--profile|--readprofile]\n"
	  "                            the process workload: fork, faults, COW, exit\n" },
	{ "run dd",
	  "run dd [--platform P] [--bs 512,1K,...] [--total SIZE] [NAME=VALUE ...]\n"
	  "        [--format table|csv|json] [--profile|--readprofile]\n"
	  "                            dd if=/dev/zero of=<tmpfs file>: MB/s per block size\n" },
	{ "run iperf",
	  "run iperf [--platform P] [--len BYTES] [--time SECONDS] [NAME=VALUE ...]\n"
	  "        [--format table|csv|json] [--profile|--readprofile]\n"
	  "                            an iperf 2 TCP send to the host at the end of the\n"
	  "                            board's cable: Mbit/s (offloads: tso= sg= tx_csum=)\n" },
	{ "run hackbench",
	  "run hackbench [--platform P] [--groups G] [--loops M] [NAME=VALUE ...]\n"
	  "        [--format table|csv|json] [--profile|--readprofile]\n"
	  "                            hackbench -pipe: G groups of 20 senders and 20\n"
	  "                            receivers, M messages of 100 B per pair: seconds\n" },
	{ "run kernbench",
	  "run kernbench [--platform P] [--units N] [--dirs D] [--jobs N]\n"
	  "        [--headers H] [--cc1-heap-pages P] [--tree kbuild|flat]\n"
	  "        [NAME=VALUE ...] [--format table|csv|json] [--profile|--readprofile]\n"
	  "                            make -j vmlinux (kbuild, gcc 2.95 -pipe): N units\n"
	  "                            (900) in D directories (130), N jobs at once\n"
	  "                            (default: unlimited), on numaq-16 by default:\n"
	  "                            seconds, CPU %; --tree flat: the model before\n"
	  "                            issue 33 (one make, no pipes)\n" },
	{ "run sdet",
	  "run sdet [--platform P] [--scripts S] [--commands N] [NAME=VALUE ...]\n"
	  "        [--format table|csv|json] [--profile|--readprofile]\n"
	  "                            SDET: S shells (default 32, numaq-16) running N\n"
	  "                            short commands each (150): scripts/hour\n" },
	{ "run lmbench",
	  "run lmbench [--platform P] [--tests null,read,...,bcopy] [--summary]\n"
	  "        [NAME=VALUE ...] [--format table|csv|json] [--profile|--readprofile]\n"
	  "                            lmbench 3's lat_syscall, lat_pagefault, lat_mmap,\n"
	  "                            lat_proc, lat_ctx, lat_pipe and bw_mem (on\n"
	  "                            beaglebone-black by default): us or MB/s\n" },
	{ "reproduce",
	  "reproduce [dd-beaglebone|net-kirkwood|kernbench-numaq|\n"
	  "        hackbench-beaglebone]\n"
	  "        [--format table|json] [--plot DIR] [--jobs N]\n"
	  "                            the published experiments (all that exist);\n"
	  "                            --plot DIR also writes DIR/<experiment>.svg,\n"
	  "                            published against the model; --jobs N runs\n"
	  "                            kernbench-numaq's eight runs N at a time\n"
	  "                            (default: the host's CPUs; same results)\n" },
	{ "whatif",
	  "whatif [--platform P] [--workloads dd,lmbench,iperf,hackbench|all|none]\n"
	  "        [NAME=VALUE ...] [--format table|json|csv] [--plot DIR]\n"
	  "                            highmem's phase-out on one board (am335x-evm by\n"
	  "                            default): the status quo, the plan's three\n"
	  "                            stages, HIGHPTE dropped, no highmem, other\n"
	  "                            kernels' designs, 4G/4G -- each row's memory from\n"
	  "                            its layout and its workloads' figures;\n"
	  "                            --plot DIR also writes DIR/whatif-<board>.svg\n" },
	{ "explain",
	  "explain dd|iperf|spawn|kernbench|sdet --from NAME=VALUE --to NAME=VALUE\n"
	  "        [--platform P] [the workload's options] [NAME=VALUE ...]\n"
	  "        [--format table|json] [--svg FILE]\n"
	  "                            run twice and split the metric's gap by cost\n"
	  "                            centre and by hardware cause (--from/--to repeat)\n" },
	{ "diff",
	  "diff [--readprofile] [--sort delta|pct|name] [--percent-limit N]\n"
	  "        A.json B.json\n"
	  "                            the profiles of two runs (--format json, with\n"
	  "                            their profile): each function's change in ticks\n"
	  "                            of 1/HZ s (hz=) and %, growth first, under a\n"
	  "                            header of what differs; runs paired by what\n"
	  "                            tells them apart (bs, row); --sort by change,\n"
	  "                            by % or by name; --percent-limit N hides rows\n"
	  "                            that change by under N% of A's total;\n"
	  "                            --readprofile: diffprofile's lines (change,\n"
	  "                            %, function in whole ticks)\n" },
	{ "help",
	  "help [COMMAND]            this text, or a command's (as COMMAND --help)\n" },
	{ "version", "version, --version        the version of vmsplit\n" },
};

/*
 * Each workload option's meaning and default, as `COMMAND --help` prints
 * them under the usage: @cmd is the command the option belongs to.
 */
static const struct {
	const char *cmd, *opt, *text;
} opt_help[] = {
	{ "layout", "--platform P", "the board (" LAYOUT_DEFAULT_PLATFORM ")" },
	{ "layout", "NAME=VALUE", "a setting (`vmsplit settings`), anywhere; the last wins" },
	{ "layout", "--kconfig FILE", "a kernel .config; the words win over it" },
	{ "layout", "--format F", "text (default) or json" },
	{ "micro", "--host-time", "also host nanoseconds per pair (varies run to run)" },
	{ "whatif", "--platform P", "the board (" WHATIF_DEFAULT_PLATFORM ")" },
	{ "whatif", "--workloads LIST", "dd (bs=4K, 4 MiB), lmbench (lat_proc fork), iperf (0.2 s; boards with a NIC), hackbench (1 group, 20 loops), kernbench (32 units in 4 directories, make -j: system s); all; none (" WHATIF_DEFAULT_WORKLOADS ")" },
	{ "whatif", "NAME=VALUE", "a setting every row starts from (kernel=5.7, mem=...)" },
	{ "whatif", "--format F", "table (default), json, or csv (a line per row)" },
	{ "run spawn", "--procs N", "processes forked (8; at most 4096)" },
	{ "run spawn", "--pages M", "private pages each touches (64)" },
	{ "run spawn", "--shared-pages S", "pages of a shared file each maps (16)" },
	{ "run dd", "--bs LIST", "block sizes, K/M suffixes (512,1K,4K,16K,32K,64K,1M)" },
	{ "run dd", "--total SIZE", "bytes per block size (16M, or 32768 writes if fewer)" },
	{ "run iperf", "--len BYTES", "bytes per write(), iperf -l (8192)" },
	{ "run iperf", "--time SECONDS", "simulated seconds, the first fifth warm-up (0.2; at most 60)" },
	{ "run hackbench", "--groups G", "groups of 20 senders and 20 receivers (2; at most 50)" },
	{ "run hackbench", "--loops M", "messages each sender writes to each receiver (100)" },
	{ "run kernbench", "--units N", "compilation units (900; at most 2000)" },
	{ "run kernbench", "--dirs D", "directories, one make and one ld -r each (130)" },
	{ "run kernbench", "--jobs N", "make -j N (0: unlimited, the maximal -j of E2)" },
	{ "run kernbench", "--headers H", "headers each unit reads (100)" },
	{ "run kernbench", "--cc1-heap-pages P", "pages of heap each cc1 touches (1000)" },
	{ "run kernbench", "--tree T", "kbuild (2.5's process tree, default) or flat (one make, no pipes)" },
	{ "run sdet", "--scripts S", "concurrent scripts (32; at most 60)" },
	{ "run sdet", "--commands N", "commands per script (150; at most 1000)" },
	{ "run lmbench", "--tests LIST", "a comma list of null read write stat fstat open pagefault mmap fork exec ctx pipe rd wr cp bzero bcopy (all)" },
	{ "run lmbench", "--summary", "also lmbench 3's summary tables (scripts/getsummary), the columns run filled" },
	{ "run ", "--profile", "also the profile: cycles per kernel function" },
	{ "run ", "--readprofile", "the profile as readprofile prints it (ticks of 1/HZ)" },
	{ "reproduce", "--format F", "table (default) or json" },
	{ "reproduce", "--plot DIR", "also DIR/<experiment>.svg, published against the model" },
	{ "reproduce", "--jobs N", "kernbench-numaq's runs N at a time (the host's CPUs)" },
	{ "explain", "--from NAME=VALUE", "the first run's setting (repeatable; platform=A too)" },
	{ "explain", "--to NAME=VALUE", "the second run's setting (repeatable; platform=B too)" },
	{ "explain", "--svg FILE", "also a waterfall chart of the causes" },
	{ "explain", "--format F", "table (default) or json" },
	{ "diff", "--readprofile", "diffprofile's lines: change, %, function in whole ticks" },
};

/*
 * Is an option of @c ("run dd"; "run " for every workload's) one of
 * @cmd's ("run dd"; "run" lists every workload's)?
 */
static bool opt_applies(const char *c, const char *cmd)
{
	size_t n = strlen(c), len = strlen(cmd);

	return !strcmp(c, cmd) || (c[n - 1] == ' ' && !strncmp(cmd, c, n)) ||
	       (!strncmp(c, cmd, len) && c[len] == ' ');
}

static void print_help(FILE *f)
{
	fputs("usage: vmsplit COMMAND [ARGS]\n"
	      "       vmsplit COMMAND --help\n"
	      "\n"
	      "commands:\n",
	      f);
	for (size_t i = 0; i < ARRAY_SIZE(cmd_usage); i++)
		fprintf(f, "  %s", cmd_usage[i].text);
}

/*
 * print_command_help - `vmsplit COMMAND --help` (-h): the usage of @cmd
 * ("run" alone: every workload) on stdout, then exit 0.  The workloads and
 * micro take NAME=VALUE words and --kconfig too.
 */
static _Noreturn void print_command_help(const char *cmd)
{
	bool any = false, settings = false;
	size_t len = strlen(cmd);

	for (size_t i = 0; i < ARRAY_SIZE(cmd_usage); i++) {
		const char *c = cmd_usage[i].cmd;

		if (strcmp(c, cmd) && (strncmp(c, cmd, len) || c[len] != ' '))
			continue;
		printf("%s %s", any ? "      " : "usage: vmsplit",
		       cmd_usage[i].text);
		any = true;
		settings |= !strcmp(cmd, "micro") || !strncmp(c, "run ", 4);
	}
	if (!any)
		panic("print_command_help: no usage for '%s'", cmd);
	any = false;
	for (size_t i = 0; i < ARRAY_SIZE(opt_help); i++) {
		if (!opt_applies(opt_help[i].cmd, cmd))
			continue;
		if (!any)
			putchar('\n');
		any = true;
		printf("  %-21s %s\n", opt_help[i].opt, opt_help[i].text);
	}
	if (settings)
		fputs("\n"
		      "  NAME=VALUE            a setting (`vmsplit settings`); words may come\n"
		      "                        anywhere, the last for a setting wins\n"
		      "  --kconfig FILE        a kernel .config; the words win over it\n"
		      "  --platform P          the board (`vmsplit platforms`)\n"
		      "  --platform-file FILE  a board of your own, as `vmsplit platforms\n"
		      "                        NAME` writes one (docs/board-files.md)\n"
		      "  --format F            table (default), csv or json\n"
		      "  -h, --help            this text\n",
		      stdout);
	exit(fflush(stdout) || ferror(stdout) ? 1 : 0);
}

/* `vmsplit help COMMAND [WORKLOAD]`: what COMMAND --help prints. */
static int cmd_help(int argc, char **argv)
{
	char cmd[64];

	if (argc > 2)
		usage_error("help: unexpected argument '%s'", argv[2]);
	snprintf(cmd, sizeof(cmd), "%s%s%s", argv[0], argc > 1 ? " " : "",
		 argc > 1 ? argv[1] : "");
	for (size_t i = 0; i < ARRAY_SIZE(cmd_usage); i++) {
		size_t len = strlen(cmd);
		const char *c = cmd_usage[i].cmd;

		if (!strcmp(c, cmd) || (!strncmp(c, cmd, len) && c[len] == ' '))
			print_command_help(cmd);
	}
	usage_error("help: no command '%s' (see `vmsplit help`)", cmd);
}

/* `vmsplit platforms|settings [NAME] [--format table|json]`. */
static int cmd_info(int argc, char **argv)
{
	const char *name = NULL;
	bool json = false;
	char err[256];
	int ret;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;

		/* `platforms --platform-file FILE`: the board the file gave
		 * (load_platform_files made it --platform NAME). */
		if (!strcmp(argv[0], "platforms") && !name &&
		    (!strncmp(a, "--platform=", 11) ||
		     (!strcmp(a, "--platform") && i + 1 < argc))) {
			name = a[10] ? a + 11 : argv[++i];
			continue;
		}
		if (!strcmp(a, "--format") && i + 1 < argc)
			v = argv[++i];
		else if (!strncmp(a, "--format=", 9))
			v = a + 9;
		else if (!strcmp(a, "--format"))
			usage_error("--format needs table or json");
		if (v) {
			if (strcmp(v, "table") && strcmp(v, "json"))
				usage_error("%s: --format table or json",
					    argv[0]);
			json = !strcmp(v, "json");
		} else if (a[0] == '-' || name) {
			usage_error("%s: unexpected argument '%s'", argv[0], a);
		} else {
			name = a;
		}
	}
	if (!strcmp(argv[0], "platforms"))
		ret = info_platforms(name, json, stdout, err, sizeof(err));
	else
		ret = info_settings(name, json, stdout, err, sizeof(err));
	if (ret)
		usage_error("%s", err);
	return 0;
}

/* Most "--name value" options a command adds to the common ones. */
#define RUN_MAX_OPTS 8

/* A command line parsed by parse_run_args. */
struct run_args {
	struct settings s;
	enum format format;
	bool host_time;
	bool profile;
	bool readprofile;	/* --readprofile: the profile as readprofile's */
	bool summary;		/* --summary (lmbench): getsummary's tables */
	/* Command-specific "--name value" options: the last value given. */
	const char *const *opt_names;
	const char *opt_value[RUN_MAX_OPTS];
};

/* The value of command option --@name, or NULL. */
static const char *run_opt(const struct run_args *a, const char *name)
{
	for (u32 i = 0; a->opt_names && a->opt_names[i]; i++)
		if (!strcmp(a->opt_names[i], name))
			return a->opt_value[i];
	return NULL;
}

/* A positive integer option, @def if absent. */
static u32 run_opt_u32(const struct run_args *a, const char *name, u32 def,
		       u32 max)
{
	const char *v = run_opt(a, name);
	u64 n;

	if (!v)
		return def;
	if (parse_number(v, &n) || !n || n > max)
		usage_error("--%s: '%s' is not a number from 1 to %u", name, v,
			    max);
	return (u32)n;
}

/* kernbench's --tree: kbuild (the default) or flat. */
static enum kernbench_tree kernbench_tree_opt(const struct run_args *a)
{
	const char *v = run_opt(a, "tree");

	if (!v || !strcmp(v, "kbuild"))
		return KERNBENCH_KBUILD;
	if (!strcmp(v, "flat"))
		return KERNBENCH_FLAT;
	usage_error("--tree: '%s' is not kbuild or flat", v);
}

/* getopt_long's codes for the options every workload takes; a
 * command's own options follow from OPT_CMD. */
enum {
	OPT_WORD = 1, /* a NAME=VALUE word, in order ("-" in optstring) */
	OPT_PLATFORM = 256,
	OPT_FORMAT,
	OPT_HOST_TIME,
	OPT_PROFILE,
	OPT_READPROFILE,
	OPT_KCONFIG,
	OPT_HELP,
	OPT_SUMMARY,
	OPT_CMD,
};

static const struct option run_common_opts[] = {
	{ "platform", required_argument, NULL, OPT_PLATFORM },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "host-time", no_argument, NULL, OPT_HOST_TIME },
	{ "profile", no_argument, NULL, OPT_PROFILE },
	{ "readprofile", no_argument, NULL, OPT_READPROFILE },
	{ "kconfig", required_argument, NULL, OPT_KCONFIG },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "summary", no_argument, NULL, OPT_SUMMARY },
};

/* --help of micro or of the workload @name. */
static _Noreturn void run_args_help(const char *name)
{
	char cmd[64];

	if (!strcmp(name, "micro"))
		print_command_help("micro");
	snprintf(cmd, sizeof(cmd), "run %s", name);
	print_command_help(cmd);
}

/*
 * load_kconfig - apply --kconfig's file to @a->s and say once what it held
 * that vmsplit does not model: one line on stderr, or in JSON mode the
 * settings' "kconfig_ignored" member (stdout stays one JSON document).
 */
static void load_kconfig(struct run_args *a, const char *path)
{
	static struct kconfig_report rep;
	char err[512];

	if (kconfig_load(&a->s, path, &rep, err, sizeof(err)))
		usage_error("%s", err);
	a->s.kconfig = &rep;
	kconfig_report_print_warnings(&rep, path, stderr);
	if (a->format != FMT_JSON) {
		kconfig_report_print(&rep, path, stderr);
		fputc('\n', stderr);
	}
}

/*
 * parse_run_args - parse a workload's arguments (after its name) with
 * getopt_long: --platform (@platform_name if absent), --format,
 * --host-time, --profile, --kconfig, the options named in @cmd_opts
 * (NULL-terminated, each taking a value), and NAME=VALUE words anywhere.
 * A repeated option takes its last value; the .config is applied first,
 * then the words in order, so the last word for a setting wins too.
 * Bad input is a usage error.
 */
/* What the last parse_run_args gave, for the grid (cli/grid.h). */
static struct settings run_last_settings;
static enum format run_last_format;

static void parse_run_args(int argc, char **argv, struct run_args *a,
			   const char *const *cmd_opts,
			   const char *platform_name)
{
	struct option opts[ARRAY_SIZE(run_common_opts) + RUN_MAX_OPTS + 1];
	const char *kconfig = NULL;
	/* Static: a usage error exits while it is held, which is no leak. */
	static char **words;
	char err[256];
	int nopts = 0, nwords = 0, c;

	memset(a, 0, sizeof(*a));
	a->format = FMT_TABLE;
	a->opt_names = cmd_opts;
	for (size_t i = 0; i < ARRAY_SIZE(run_common_opts); i++)
		opts[nopts++] = run_common_opts[i];
	for (int k = 0; cmd_opts && cmd_opts[k]; k++) {
		if (k == RUN_MAX_OPTS)
			panic("parse_run_args: more than %d options",
			      RUN_MAX_OPTS);
		opts[nopts++] = (struct option){ cmd_opts[k], required_argument,
						 NULL, OPT_CMD + k };
	}
	opts[nopts] = (struct option){ 0 };
	words = calloc((size_t)argc + 1, sizeof(*words));
	if (!words)
		usage_error("out of memory");
	/*
	 * getopt_long wants the program's name in argv[0]: the word before
	 * @argv (the workload's or the command's name) stands in for it.
	 * "-" returns the words in order; ":" reports a missing value.
	 */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc + 1, argv - 1, "-:h", opts, NULL)) != -1) {
		const char *arg = argv[optind - 2];

		switch (c) {
		case OPT_WORD:
			words[nwords++] = optarg;
			break;
		case OPT_PLATFORM:
			platform_name = optarg;
			break;
		case OPT_FORMAT:
			if (!strcmp(optarg, "table"))
				a->format = FMT_TABLE;
			else if (!strcmp(optarg, "csv"))
				a->format = FMT_CSV;
			else if (!strcmp(optarg, "json"))
				a->format = FMT_JSON;
			else
				usage_error("unknown format '%s'", optarg);
			break;
		case OPT_HOST_TIME:
			a->host_time = true;
			break;
		case OPT_PROFILE:
			a->profile = true;
			break;
		case OPT_SUMMARY:
			if (strcmp(argv[-1], "lmbench"))
				usage_error("--summary: lmbench's alone (its scripts/getsummary tables)");
			a->summary = true;
			break;
		case OPT_READPROFILE:
			a->profile = a->readprofile = true;
			break;
		case OPT_KCONFIG:
			kconfig = optarg;
			break;
		case 'h':
		case OPT_HELP:
			run_args_help(argv[-1]);
		case ':':
			if (optopt == OPT_PLATFORM)
				usage_error("--platform needs a name");
			if (optopt == OPT_FORMAT)
				usage_error(
					"--format needs table, csv or json");
			if (optopt == OPT_KCONFIG)
				usage_error("--kconfig needs a file");
			usage_error("%s needs a value", arg);
		case '?':
			if (optopt > 0 && optopt < OPT_PLATFORM)
				usage_error("unknown option '-%c'", optopt);
			if (optopt)
				usage_error("'%s': --%s takes no value", arg,
					    opts[optopt - OPT_PLATFORM].name);
			usage_error("unknown option '%s'", arg);
		default:
			a->opt_value[c - OPT_CMD] = optarg;
			break;
		}
	}
	/* After "--", everything is a word. */
	while (optind <= argc)
		words[nwords++] = argv[optind++ - 1];
	if (!platform_find(platform_name))
		usage_error("unknown platform '%s' (see `vmsplit platforms`)",
			    platform_name);
	settings_default(&a->s, platform_find(platform_name));
	/* Command-line words win over the .config: apply them after it. */
	if (kconfig)
		load_kconfig(a, kconfig);
	for (int i = 0; i < nwords; i++)
		if (settings_parse(&a->s, words[i], err, sizeof(err)))
			usage_error("%s", err);
	if (a->s.kconfig)
		kconfig_olddefconfig(&a->s, a->s.kconfig, words, nwords,
				     stderr);
	free(words);
	words = NULL;
	if (settings_validate(&a->s, err, sizeof(err)))
		usage_error("%s", err);
	run_last_settings = a->s;
	run_last_format = a->format;
}

/* The grid's view of the last run (cli/grid.h). */
static void grid_last_settings(FILE *f)
{
	settings_print_words(&run_last_settings, f);
}

/*
 * The "#" header of a table: the settings in force as words, wrapped
 * before 100 columns (each line "# ", no word split, so the lines still
 * paste back as words), then the RAM the kernel uses.
 */
static void print_settings_header(const struct settings *s)
{
	char *words = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&words, &len);

	if (!f)
		usage_error("out of memory");
	settings_print_words(s, f);
	if (fclose(f))
		usage_error("out of memory");
	grid_print_wrapped(stdout, words);
	free(words);
	settings_print_ram_line(s, stdout);
}

static char grid_last_format(void)
{
	return run_last_format == FMT_CSV ? 'c' :
	       run_last_format == FMT_JSON ? 'j' : 't';
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
			settings_print_ram_json(s, stdout);
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
			/* Empty cycles, ns, events and host_ns: as many
			 * fields as the header. */
			if (!r[i].available) {
				printf(",");
				for (int e = 0; e < NR_EVENTS; e++)
					printf(",");
				printf(",\n");
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
	print_settings_header(s);
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

	parse_run_args(argc, argv, &a, NULL, "kirkwood-openblocks-a7");
	for (; micro_ops[n]; n++)
		if (micro_run(&a.s, micro_ops[n], a.host_time, &r[n], err,
			      sizeof(err)))
			usage_error("%s", err);
	micro_print(&a, r, n);
	return 0;
}

static void spawn_start_cb(const void *p)
{
	spawn_start(p);
}

/*
 * readprofile's lines (util-linux sys-utils/readprofile.c): "%6u %-40s
 * %8.4f", ticks, function, ticks per byte of its text; only functions with
 * a tick; then "*unknown*" (ticks outside the kernel text: none here) and
 * the total over the whole text.  readprofile walks System.map, so its
 * order is the text's; the model's centres have no 2.5.73 addresses and
 * come in cost_centres.def order.  User time is left out, as 2.5's
 * x86_do_profile drops user-mode ticks.  A text size is the centre's
 * (kernel_text.c); where none is known the load prints as 0.
 */
static void print_readprofile(const struct run_result *r, u32 hz,
			      const struct platform *p)
{
	double k = r->elapsed_cycles ? r->elapsed_s * hz /
					       (double)r->elapsed_cycles :
				       0;
	unsigned long long total = 0;
	u64 text = 0;

	for (int cc = 0; cc < NR_CC; cc++) {
		u32 len = p->hw.cc_text_bytes ? p->hw.cc_text_bytes[cc] : 0;
		unsigned long long t;

		text += len;
		if (cc == CC_user)
			continue;
		t = (unsigned long long)llround((double)r->profile[cc] * k);
		total += t;
		if (t)
			printf("%6llu %-40s %8.4f\n", t, cc_names[cc],
			       len ? (double)t / (double)len : 0.0);
	}
	printf("%6u %s\n", 0u, "*unknown*");
	printf("%6llu %-40s %8.4f\n", total, "total",
	       (double)total / (double)(text ? text : 1));
}

/*
 * --profile: cost centres by cycles, largest first, with their ticks of
 * the profiled kernel (1/HZ s of CPU time each) and share; --readprofile:
 * readprofile's own lines.
 */
static void print_profile_table(const struct run_result *r,
				const struct run_args *a)
{
	bool done[NR_CC] = { false };
	u32 hz = settings_hz(&a->s);
	double ticks_per_cycle = r->elapsed_cycles ?
					 r->elapsed_s * hz /
						 (double)r->elapsed_cycles :
					 0;
	u64 total = 0;

	if (a->readprofile) {
		printf("\n");
		print_readprofile(r, hz, a->s.platform);
		return;
	}
	for (int cc = 0; cc < NR_CC; cc++)
		total += r->profile[cc];
	printf("\n%-26s %14s %12s %7s   (ticks of 1/HZ s, HZ=%u)\n",
	       "cost centre", "cycles", "ticks", "%", hz);
	for (;;) {
		int best = -1;

		for (int cc = 0; cc < NR_CC; cc++)
			if (!done[cc] && r->profile[cc] &&
			    (best < 0 || r->profile[cc] > r->profile[best]))
				best = cc;
		if (best < 0)
			break;
		done[best] = true;
		printf("%-26s %14llu %12.1f %6.2f%%\n", cc_names[best],
		       (unsigned long long)r->profile[best],
		       (double)r->profile[best] * ticks_per_cycle,
		       100.0 * (double)r->profile[best] / (double)total);
	}
}

/* The table form's tail: every event that happened, then the profile
 * when --profile asked for it. */
static void print_events_and_profile(const struct run_result *r,
				     const struct run_args *a)
{
	printf("\n%-26s %14s\n", "event", "count");
	for (int e = 0; e < NR_EVENTS; e++)
		if (r->events[e])
			printf("%-26s %14llu\n", event_names[e],
			       (unsigned long long)r->events[e]);
	if (a->profile)
		print_profile_table(r, a);
}

/* "512,1K,4K,1M" -> sizes; returns how many.  The whole list is read,
 * however long; an empty item ("1K,,4K") is refused, not skipped. */
static u32 parse_bs_list(const char *list, u32 *bs, u32 max)
{
	const char *tok = list;
	u32 n = 0;

	for (;;) {
		size_t len = strcspn(tok, ",");
		char item[24];
		u64 v;

		if (!len)
			usage_error("--bs: '%s' has an empty block size", list);
		if (len >= sizeof(item) || n == max)
			usage_error(
				"--bs: '%.*s' is not a block size up to 16M (at most %u of them)",
				(int)len, tok, max);
		memcpy(item, tok, len);
		item[len] = '\0';
		if (parse_size(item, &v) || !v || v > (16ul << 20))
			usage_error("--bs: '%s' is not a block size up to 16M",
				    item);
		bs[n++] = (u32)v;
		if (!tok[len])
			return n;
		tok += len + 1;
	}
}

static u64 parse_total(const char *v)
{
	u64 n;

	if (!v)
		return DD_DEFAULT_TOTAL;
	if (parse_size(v, &n) || !n || n > (1ull << 32))
		usage_error("--total: '%s' is not a size up to 4G", v);
	return n;
}

static int cmd_run_dd(int argc, char **argv)
{
	static const char *const dd_opts[] = { "bs", "total", NULL };
	static struct dd_point pts[DD_MAX_BS];
	u32 bs[DD_MAX_BS], n;
	struct run_args a;
	u64 total, totals[DD_MAX_BS] = { 0 };
	bool same = true;
	char err[256];

	parse_run_args(argc, argv, &a, dd_opts, "kirkwood-openblocks-a7");
	n = parse_bs_list(run_opt(&a, "bs") ? run_opt(&a, "bs") :
					      "512,1K,4K,16K,32K,64K,1M",
			  bs, DD_MAX_BS);
	total = parse_total(run_opt(&a, "total"));
	/*
	 * Without --total: 16 MiB per block size, or DD_DEFAULT_WRITES
	 * writes where that is fewer (bs=1 would be 16 million system calls).
	 */
	for (u32 i = 0; i < n; i++) {
		totals[i] = run_opt(&a, "total") ?
				    total :
				    MIN(total, (u64)bs[i] * DD_DEFAULT_WRITES);
		same &= totals[i] == totals[0];
	}
	/* Every point's size before any runs. */
	for (u32 i = 0; i < n; i++)
		if (dd_check(&a.s, bs[i], totals[i], err, sizeof(err)))
			usage_error("%s", err);
	for (u32 i = 0; i < n; i++)
		if (dd_measure(&a.s, bs[i], totals[i], &pts[i], err,
			       sizeof(err)))
			usage_error("%s", err);
	if (a.format == FMT_JSON) {
		printf("[\n");
		for (u32 i = 0; i < n; i++) {
			printf("  {\"workload\": \"dd\", \"platform\": \"%s\", \"settings\": ",
			       a.s.platform->name);
			settings_print_json(&a.s, stdout);
			settings_print_ram_json(&a.s, stdout);
			char headline[80];

			printf(", \"params\": {\"bs\": %u, \"total\": %llu}, ",
			       bs[i], (unsigned long long)totals[i]);
			snprintf(headline, sizeof(headline),
				 "\"MBps\": %.2f, \"dd_s\": %.9f, ", pts[i].mbps,
				 pts[i].dd_s);
			run_print_json_body(&pts[i].r, headline, stdout);
			printf("}%s\n", i + 1 < n ? "," : "");
		}
		printf("]\n");
		return 0;
	}
	if (a.format == FMT_CSV) {
		printf("workload,platform,bs,total,MBps,dd_s,elapsed_s,system_s,user_s\n");
		for (u32 i = 0; i < n; i++)
			printf("dd,%s,%u,%llu,%.2f,%.9f,%.6f,%.6f,%.6f\n",
			       a.s.platform->name, bs[i],
			       (unsigned long long)totals[i], pts[i].mbps,
			       pts[i].dd_s, pts[i].r.elapsed_s,
			       pts[i].r.system_s, pts[i].r.user_s);
		return 0;
	}
	print_settings_header(&a.s);
	if (same)
		printf("\n# dd if=/dev/zero of=/tmp/dd.out (tmpfs), %llu bytes per block size\n",
		       (unsigned long long)totals[0]);
	else
		printf("\n# dd if=/dev/zero of=/tmp/dd.out (tmpfs), %llu bytes or %u writes per block size, whichever is fewer\n",
		       (unsigned long long)total, DD_DEFAULT_WRITES);
	printf("%10s %10s %12s %12s %12s %12s\n", "bs", "MB/s", "dd s",
	       "elapsed s", "system s", "user s");
	for (u32 i = 0; i < n; i++)
		printf("%10u %10.2f %12.6f %12.6f %12.6f %12.6f\n", bs[i],
		       pts[i].mbps, pts[i].dd_s, pts[i].r.elapsed_s,
		       pts[i].r.system_s, pts[i].r.user_s);
	if (a.profile)
		for (u32 i = 0; i < n; i++) {
			printf("\n## bs=%u", bs[i]);
			print_profile_table(&pts[i].r, &a);
		}
	return 0;
}

/* --time: seconds of simulated sending, a decimal from 1 ms to 60 s. */
static u64 parse_time_ns(const char *v)
{
	char *end;
	double t;

	if (!v)
		return IPERF_DEFAULT_TIME_NS;
	/* Digits and a point only: strtod would take a sign, space, hex. */
	t = strtod(v, &end);
	if (*end || !*v || v[strspn(v, "0123456789.")] ||
	    !(t >= 0.001 && t <= 60))
		usage_error("--time: '%s' is not a time from 0.001 to 60 seconds",
			    v);
	return (u64)(t * 1e9 + 0.5);
}

static void print_net_stats(const struct iperf_point *pt)
{
	const struct net_stats *n = &pt->net;
	const struct {
		const char *name;
		u64 v;
	} rows[] = {
		{ "tx_frames", n->tx_frames },
		{ "tx_irqs", n->tx_irqs },
		{ "napi_polls", n->napi_polls },
		{ "gso_skbs", n->gso_skbs },
		{ "gso_segs", n->gso_segs },
		{ "tso_skbs", n->tso_skbs },
		{ "tso_segs", n->tso_segs },
		{ "illegal_highdma", n->illegal_highdma },
		{ "linearized", n->linearized },
		{ "acks_received", n->rx_frames },
		{ "rx_dropped", n->rx_dropped },
		{ "peer_acks", n->peer_acks },
		{ "peer_stalled_acks", n->peer_stalled },
		{ "tcp_skbs_sent", n->tcp_skbs_sent },
		{ "tso_fragments", n->tso_fragments },
		{ "autocork_events", n->autocork_events },
		{ "sndbuf_waits", n->sndbuf_waits },
		{ "backlog_acks", n->backlog_acks },
		{ "xmit_drops", n->xmit_drops },
		{ "frag_skbs_to_driver", n->frag_skbs },
		{ "expand_bytes", n->expand_bytes },
		{ "pull_bytes", n->pull_bytes },
		{ "retrans_segs", n->retrans_segs },
		{ "fast_recoveries", n->fast_recoveries },
		{ "rto_timeouts", n->rto_timeouts },
		{ "loss_probes", n->loss_probes },
		{ "undos", n->undos },
		{ "dupacks", n->dupacks },
		{ "sack_blocks", n->sack_blocks },
		{ "tx_ring_drops", n->tx_ring_drops },
		{ "tx_freed_in_flight", n->tx_freed_in_flight },
		{ "tx_descs_released", n->tx_descs_released },
		{ "tx_null_dequeues", n->tx_null_dequeues },
		{ "dma_read_released_bytes", n->dma_read_released_bytes },
		{ "peer_bad_frames", n->peer_bad_frames },
		{ "peer_corrupt_frames", n->peer_corrupt_frames },
		{ "peer_corrupt_bytes", n->peer_corrupt_bytes },
		{ "peer_ofo_segs", n->peer_ofo_segs },
		{ "peer_dup_bytes", n->peer_dup_bytes },
		{ "peer_sack_acks", n->peer_sack_acks },
		{ "peer_dsacks", n->peer_dsacks },
		{ "snd_cwnd (end)", n->snd_cwnd },
		{ "sk_sndbuf (end)", n->sk_sndbuf },
	};

	printf("\n%-26s %14s\n", "network", "count");
	for (size_t i = 0; i < ARRAY_SIZE(rows); i++)
		printf("%-26s %14llu\n", rows[i].name,
		       (unsigned long long)rows[i].v);
}

static int cmd_run_iperf(int argc, char **argv)
{
	static const char *const opts[] = { "len", "time", NULL };
	struct iperf_point pt;
	struct run_args a;
	char err[256];
	u32 len;
	u64 ns;

	parse_run_args(argc, argv, &a, opts, "kirkwood-openblocks-a7");
	len = run_opt_u32(&a, "len", IPERF_DEFAULT_LEN, 1u << 20);
	ns = parse_time_ns(run_opt(&a, "time"));
	progress_init("run iperf", a.format != FMT_JSON, fileno(stderr));
	if (iperf_measure(&a.s, len, ns, &pt, err, sizeof(err)))
		usage_error("%s", err);
	progress_end();
	if (a.format == FMT_JSON) {
		printf("[\n  {\"workload\": \"iperf\", \"platform\": \"%s\", \"settings\": ",
		       a.s.platform->name);
		settings_print_json(&a.s, stdout);
		settings_print_ram_json(&a.s, stdout);
		printf(", \"params\": {\"len\": %u, \"time_s\": %.6f}, ", len,
		       (double)ns / 1e9);
		{
			char head[160];

			snprintf(head, sizeof(head),
				 "\"Mbps\": %.2f, \"client_Mbps\": %.2f, \"stalled\": %s, ",
				 pt.mbps, pt.client_mbps,
				 pt.p.stalled ? "true" : "false");
			run_print_json_body(&pt.r, head, stdout);
		}
		printf("}\n]\n");
		return 0;
	}
	if (a.format == FMT_CSV) {
		printf("workload,platform,len,time_s,Mbps,client_Mbps,stalled,cpu_pct\n");
		printf("iperf,%s,%u,%.6f,%.2f,%.2f,%d,%.2f\n", a.s.platform->name,
		       len, (double)ns / 1e9, pt.mbps, pt.client_mbps,
		       pt.p.stalled, pt.cpu_pct);
		return 0;
	}
	print_settings_header(&a.s);
	printf("\n# iperf -c peer -l %u -t %.3f: the receiver's goodput after %.3f s of warm-up\n",
	       len, (double)ns / 1e9, (double)pt.p.warmup_ns / 1e9);
	printf("%.2f Mbit/s   (iperf's own count: %.2f)   CPU %.1f%%\n", pt.mbps,
	       pt.client_mbps, pt.cpu_pct);
	if (pt.p.stalled)
		printf("stalled: the receiver stopped acknowledging; the alarm ended a blocked write after %.3f s\n",
		       (double)pt.p.ns / 1e9);
	print_net_stats(&pt);
	print_events_and_profile(&pt.r, &a);
	return 0;
}

static int cmd_run_hackbench(int argc, char **argv)
{
	static const char *const opts[] = { "groups", "loops", NULL };
	static struct hackbench_point pt;
	struct run_args a;
	char err[256];
	u32 groups, loops;

	parse_run_args(argc, argv, &a, opts, "kirkwood-openblocks-a7");
	groups = run_opt_u32(&a, "groups", HACKBENCH_DEFAULT_GROUPS,
			     HACKBENCH_MAX_GROUPS);
	loops = run_opt_u32(&a, "loops", HACKBENCH_DEFAULT_LOOPS, 100000);
	if (hackbench_measure(&a.s, groups, loops, false, &pt, err,
			      sizeof(err)))
		usage_error("%s", err);
	if (a.format == FMT_JSON) {
		printf("[\n  {\"workload\": \"hackbench\", \"platform\": \"%s\", \"settings\": ",
		       a.s.platform->name);
		settings_print_json(&a.s, stdout);
		settings_print_ram_json(&a.s, stdout);
		printf(", \"params\": {\"groups\": %u, \"loops\": %u}, ", groups,
		       loops);
		hackbench_print_json_pipes(&pt, stdout);
		run_print_json_body(&pt.r, NULL, stdout);
		printf("}\n]\n");
		return 0;
	}
	if (a.format == FMT_CSV) {
		printf("workload,platform,groups,loops,elapsed_s,system_s,user_s,cpu_pct,messages\n");
		printf("hackbench,%s,%u,%u,%.6f,%.6f,%.6f,%.2f,%llu\n",
		       a.s.platform->name, groups, loops, pt.r.elapsed_s,
		       pt.r.system_s, pt.r.user_s, pt.r.cpu_pct,
		       (unsigned long long)pt.p.messages_received);
		return 0;
	}
	print_settings_header(&a.s);
	printf("\n# hackbench -pipe %u process %u: %u groups of %u senders and %u receivers, %u-byte messages\n",
	       groups, loops, groups, HACKBENCH_FDS, HACKBENCH_FDS,
	       HACKBENCH_DATASIZE);
	printf("Time: %.6f s   system %.6f s   user %.6f s   CPU %.1f%%   (%u CPUs, %llu messages)\n",
	       pt.r.elapsed_s, pt.r.system_s, pt.r.user_s, pt.r.cpu_pct,
	       pt.r.ncpus, (unsigned long long)pt.p.messages_received);
	printf("pipe writes %llu (merged %llu), reads %llu, pages allocated %llu, writer sleeps %llu, reader sleeps %llu, wake-ups %llu\n",
	       (unsigned long long)pt.pipes.writes,
	       (unsigned long long)pt.pipes.merged,
	       (unsigned long long)pt.pipes.reads,
	       (unsigned long long)pt.pipes.pages_allocated,
	       (unsigned long long)pt.pipes.writer_waits,
	       (unsigned long long)pt.pipes.reader_waits,
	       (unsigned long long)pt.pipes.wakeups);
	print_events_and_profile(&pt.r, &a);
	return 0;
}

static int cmd_run_kernbench(int argc, char **argv)
{
	static const char *const opts[] = { "units", "jobs", "headers",
					    "cc1-heap-pages", "dirs", "tree",
					    NULL };
	static struct kernbench_point pt;
	struct run_args a;
	char err[256];

	/* numaq-16, E2's board, unless --platform names another. */
	parse_run_args(argc, argv, &a, opts, "numaq-16");
	kernbench_defaults(&pt.p, settings_cpu_hz(&a.s));
	pt.p.units = run_opt_u32(&a, "units", KERNBENCH_DEFAULT_UNITS,
				 KERNBENCH_MAX_UNITS);
	/*
	 * Without --jobs, make -j without a number (KERNBENCH_DEFAULT_JOBS:
	 * unlimited); --jobs 0 is refused, as GNU make refuses -j0.
	 */
	pt.p.jobs = run_opt_u32(&a, "jobs", KERNBENCH_DEFAULT_JOBS, 100000);
	pt.p.headers = run_opt_u32(&a, "headers", KERNBENCH_DEFAULT_HEADERS,
				   KERNBENCH_MAX_HEADERS);
	pt.p.cc1_heap_pages = run_opt_u32(
		&a, "cc1-heap-pages", KERNBENCH_DEFAULT_CC1_HEAP_PAGES, 65536);
	pt.p.dirs = run_opt_u32(&a, "dirs", KERNBENCH_DEFAULT_DIRS,
				KERNBENCH_MAX_DIRS);
	pt.p.tree = kernbench_tree_opt(&a);
	progress_init("run kernbench", a.format != FMT_JSON, fileno(stderr));
	if (kernbench_measure(&a.s, &pt, err, sizeof(err)))
		usage_error("%s", err);
	progress_end();
	if (a.format == FMT_JSON) {
		printf("[\n  {\"workload\": \"kernbench\", \"platform\": \"%s\", \"settings\": ",
		       a.s.platform->name);
		settings_print_json(&a.s, stdout);
		settings_print_ram_json(&a.s, stdout);
		printf(", ");
		kernbench_print_json_params(&pt, stdout);
		run_print_json_body(&pt.r, NULL, stdout);
		printf("}\n]\n");
		return 0;
	}
	if (a.format == FMT_CSV) {
		printf("workload,platform,units,jobs,elapsed_s,system_s,user_s,cpu_pct\n");
		printf("kernbench,%s,%u,%u,%.6f,%.6f,%.6f,%.2f\n",
		       a.s.platform->name, pt.p.units, pt.p.jobs,
		       pt.r.elapsed_s, pt.r.system_s, pt.r.user_s,
		       pt.r.cpu_pct);
		return 0;
	}
	print_settings_header(&a.s);
	printf("\n# make -j");
	if (pt.p.jobs)
		printf("%u", pt.p.jobs);
	if (pt.p.tree == KERNBENCH_KBUILD)
		printf(" vmlinux (kbuild): %u units in %u directories, %u headers each (most units at once: %u; %llu pipes, %llu bytes through them)\n",
		       pt.p.units, pt.p.dirs_used, pt.p.headers,
		       pt.p.max_running, (unsigned long long)pt.pipes.pipes,
		       (unsigned long long)pt.pipes.bytes_written);
	else
		printf(" vmlinux (flat): %u units, %u headers each (most jobs at once: %u)\n",
		       pt.p.units, pt.p.headers, pt.p.max_running);
	printf("Elapsed %.2f s   system %.2f s   user %.2f s   CPU %.1f%%   (%u CPUs)\n",
	       pt.r.elapsed_s, pt.r.system_s, pt.r.user_s, pt.r.cpu_pct,
	       pt.r.ncpus);
	print_events_and_profile(&pt.r, &a);
	return 0;
}

static int cmd_run_sdet(int argc, char **argv)
{
	static const char *const opts[] = { "scripts", "commands", NULL };
	static struct sdet_point pt;
	struct run_args a;
	char err[256];
	u32 scripts, commands;

	/* E2's machine unless --platform names another. */
	parse_run_args(argc, argv, &a, opts, "numaq-16");
	scripts = run_opt_u32(&a, "scripts", SDET_DEFAULT_SCRIPTS,
			      SDET_MAX_SCRIPTS);
	commands = run_opt_u32(&a, "commands", SDET_DEFAULT_COMMANDS,
			       SDET_MAX_COMMANDS);
	progress_init("run sdet", a.format != FMT_JSON, fileno(stderr));
	if (sdet_measure(&a.s, scripts, commands, &pt, err, sizeof(err)))
		usage_error("%s", err);
	progress_end();
	if (a.format == FMT_JSON) {
		char head[160];

		printf("[\n  {\"workload\": \"sdet\", \"platform\": \"%s\", \"settings\": ",
		       a.s.platform->name);
		settings_print_json(&a.s, stdout);
		settings_print_ram_json(&a.s, stdout);
		printf(", \"params\": {\"scripts\": %u, \"commands\": %u}, ",
		       scripts, commands);
		snprintf(head, sizeof(head),
			 "\"scripts_per_hour\": %.2f, \"t_last_s\": %.6f, ",
			 pt.scripts_per_hour, pt.t_last_s);
		run_print_json_body(&pt.r, head, stdout);
		printf("}\n]\n");
		return 0;
	}
	if (a.format == FMT_CSV) {
		printf("workload,platform,scripts,commands,scripts_per_hour,t_last_s,elapsed_s,system_s,user_s,cpu_pct\n");
		printf("sdet,%s,%u,%u,%.2f,%.6f,%.6f,%.6f,%.6f,%.2f\n",
		       a.s.platform->name, scripts, commands,
		       pt.scripts_per_hour, pt.t_last_s, pt.r.elapsed_s,
		       pt.r.system_s, pt.r.user_s, pt.r.cpu_pct);
		return 0;
	}
	print_settings_header(&a.s);
	printf("\n# SDET: %u scripts of %u commands, one shell each\n", scripts,
	       commands);
	printf("%.2f scripts/hour   (T_last %.6f s)\n", pt.scripts_per_hour,
	       pt.t_last_s);
	printf("Time: %.6f s   system %.6f s   user %.6f s   CPU %.1f%%   (%u CPUs)\n",
	       pt.r.elapsed_s, pt.r.system_s, pt.r.user_s, pt.r.cpu_pct,
	       pt.r.ncpus);
	print_events_and_profile(&pt.r, &a);
	return 0;
}

/* --tests: a comma-separated list of lmbench test names, or all. */
static u32 parse_lmbench_tests(const char *list, enum lmbench_test *t)
{
	u32 n = 0;

	if (!list) {
		for (int i = 0; i < NR_LMBENCH_TESTS; i++)
			t[n++] = (enum lmbench_test)i;
		return n;
	}
	for (const char *p = list;;) {
		size_t len = strcspn(p, ",");
		int found = -1;

		for (int i = 0; i < NR_LMBENCH_TESTS; i++)
			if (strlen(lmbench_test_names[i]) == len &&
			    !strncmp(p, lmbench_test_names[i], len))
				found = i;
		if (found < 0 || n == NR_LMBENCH_TESTS)
			usage_error("--tests: '%s' is not a list of null, read, write, stat, fstat, open, pagefault, mmap, fork, exec, ctx, pipe, rd, wr, cp, bzero, bcopy",
				    list);
		t[n++] = (enum lmbench_test)found;
		if (!p[len])
			break;
		p += len + 1;
	}
	return n;
}

static int cmd_run_lmbench(int argc, char **argv)
{
	static const char *const opts[] = { "tests", NULL };
	static struct lmbench_point pts[NR_LMBENCH_TESTS];
	enum lmbench_test t[NR_LMBENCH_TESTS];
	struct run_args a;
	char err[256];
	u32 n;

	parse_run_args(argc, argv, &a, opts, "beaglebone-black");
	n = parse_lmbench_tests(run_opt(&a, "tests"), t);
	for (u32 i = 0; i < n; i++)
		if (lmbench_measure(&a.s, t[i], &pts[i], err, sizeof(err)))
			usage_error("%s", err);
	if (a.format == FMT_JSON) {
		printf("[\n");
		for (u32 i = 0; i < n; i++) {
			const struct lmbench_point *pt = &pts[i];
			char head[96];
			bool first = true;

			printf("  {\"workload\": \"lmbench\", \"test\": \"%s\", \"command\": \"%s\", \"platform\": \"%s\", \"settings\": ",
			       lmbench_test_names[t[i]], lmbench_command(t[i]),
			       a.s.platform->name);
			settings_print_json(&a.s, stdout);
			settings_print_ram_json(&a.s, stdout);
			printf(", \"params\": {\"ops\": %llu, \"batches\": %u, \"max_batches\": %d}, \"per_op\": {",
			       (unsigned long long)pt->p.ops, pt->p.batches,
			       LMB_MAX_BATCHES);
			for (int e = 0; e < NR_EVENTS; e++) {
				if (!pt->p.events[e])
					continue;
				printf("%s\"%s\": %.6g", first ? "" : ", ",
				       event_names[e],
				       lmbench_per_op(pt, (enum event)e));
				first = false;
			}
			printf("}, ");
			snprintf(head, sizeof(head), "\"%s\": %.4f, ",
				 lmbench_is_bandwidth(t[i]) ? "MBps" : "usecs",
				 pt->value);
			run_print_json_body(&pt->r, head, stdout);
			printf("}%s\n", i + 1 < n ? "," : "");
		}
		printf("]\n");
		return 0;
	}
	if (a.format == FMT_CSV) {
		printf("workload,platform,test,command,value,unit,ops,batches,syscalls_per_op,faults_per_op\n");
		for (u32 i = 0; i < n; i++)
			printf("lmbench,%s,%s,%s,%.4f,%s,%llu,%u,%.6g,%.6g\n",
			       a.s.platform->name, lmbench_test_names[t[i]],
			       lmbench_command(t[i]), pts[i].value,
			       lmbench_is_bandwidth(t[i]) ? "MB/s" : "us",
			       (unsigned long long)pts[i].p.ops,
			       pts[i].p.batches,
			       lmbench_per_op(&pts[i], EV_syscall),
			       lmbench_per_op(&pts[i], EV_page_fault));
		return 0;
	}
	print_settings_header(&a.s);
	printf("\n");
	for (u32 i = 0; i < n; i++) {
		printf("# %s\n", lmbench_command(t[i]));
		lmbench_print(&pts[i], stdout);
	}
	if (a.summary)
		lmbench_print_summary(&a.s, t, pts, n, stdout);
	if (a.profile)
		for (u32 i = 0; i < n; i++) {
			printf("\n## %s", lmbench_command(t[i]));
			print_profile_table(&pts[i].r, &a);
		}
	return 0;
}

/*
 * The command @h runs, once per combination of @argv's lists; *@in_grid
 * is set while it runs, so the command does not expand them again.
 */
static int run_as_grid(int argc, char **argv, const struct grid_hooks *h,
		       bool *in_grid)
{
	char err[256];
	int status;

	*in_grid = true;
	if (grid_run(argc, argv, h, &status, err, sizeof(err)))
		usage_error("%s", err);
	*in_grid = false;
	return status;
}

static const char *const run_list_opts[] = { "--platform", NULL };
static const struct grid_hooks run_grid = { .list_opts = run_list_opts };

static int cmd_run(int argc, char **argv)
{
	static bool in_grid;
	static const char *const spawn_opts[] = { "procs", "pages",
						  "shared-pages", NULL };
	struct spawn_params sp;
	struct run_result r;
	struct run_args a;
	char err[256];

	if (argc < 1)
		usage_error("run: name a workload (spawn, dd, iperf, hackbench, kernbench, sdet, lmbench)");
	/* Lists run the cross product; CSV gets the settings' columns. */
	if (!in_grid && grid_wanted(argc, argv, &run_grid)) {
		static const struct grid_hooks hooks = {
			.run_one = cmd_run,
			.last_settings = grid_last_settings,
			.last_format = grid_last_format,
			.list_opts = run_list_opts,
			.summary = true,
		};

		return run_as_grid(argc, argv, &hooks, &in_grid);
	}
	if (!strcmp(argv[0], "dd"))
		return cmd_run_dd(argc - 1, argv + 1);
	if (!strcmp(argv[0], "iperf"))
		return cmd_run_iperf(argc - 1, argv + 1);
	if (!strcmp(argv[0], "hackbench"))
		return cmd_run_hackbench(argc - 1, argv + 1);
	if (!strcmp(argv[0], "sdet"))
		return cmd_run_sdet(argc - 1, argv + 1);
	if (!strcmp(argv[0], "kernbench"))
		return cmd_run_kernbench(argc - 1, argv + 1);
	if (!strcmp(argv[0], "lmbench"))
		return cmd_run_lmbench(argc - 1, argv + 1);
	if (strcmp(argv[0], "spawn"))
		usage_error("unknown workload '%s' (available: spawn, dd, iperf, hackbench, kernbench, sdet, lmbench)",
			    argv[0]);
	parse_run_args(argc - 1, argv + 1, &a, spawn_opts,
		       "kirkwood-openblocks-a7");
	sp.procs = run_opt_u32(&a, "procs", 8, 4096);
	sp.pages = run_opt_u32(&a, "pages", 64, 65536);
	sp.shared_pages = run_opt_u32(&a, "shared-pages", 16, 65536);
	if (run_workload(&a.s, spawn_start_cb, &sp, &r, err, sizeof(err)))
		usage_error("%s", err);
	if (a.format == FMT_JSON) {
		printf("[\n  {\"workload\": \"spawn\", \"platform\": \"%s\", \"settings\": ",
		       a.s.platform->name);
		settings_print_json(&a.s, stdout);
		settings_print_ram_json(&a.s, stdout);
		printf(", \"params\": {\"procs\": %u, \"pages\": %u, \"shared_pages\": %u}, ",
		       sp.procs, sp.pages, sp.shared_pages);
		run_print_json_body(&r, NULL, stdout);
		printf("}\n]\n");
		return 0;
	}
	if (a.format == FMT_CSV) {
		printf("workload,platform,procs,pages,shared_pages,elapsed_s,system_s,user_s,cpu_pct");
		for (int e = 0; e < NR_EVENTS; e++)
			printf(",%s", event_names[e]);
		printf("\nspawn,%s,%u,%u,%u,%.6f,%.6f,%.6f,%.2f",
		       a.s.platform->name, sp.procs, sp.pages, sp.shared_pages,
		       r.elapsed_s, r.system_s, r.user_s, r.cpu_pct);
		for (int e = 0; e < NR_EVENTS; e++)
			printf(",%llu", (unsigned long long)r.events[e]);
		printf("\n");
		return 0;
	}
	print_settings_header(&a.s);
	printf("\n# spawn: %u processes, each forks a child touching %u anonymous pages and %u shared file pages\n",
	       sp.procs, sp.pages, sp.shared_pages);
	printf("elapsed %.6f s   system %.6f s   user %.6f s   CPU %.1f%%   (%u CPUs, %llu exits, %llu SIGSEGV)\n",
	       r.elapsed_s, r.system_s, r.user_s, r.cpu_pct, r.ncpus,
	       (unsigned long long)r.exits, (unsigned long long)r.sigsegv);
	print_events_and_profile(&r, &a);
	return 0;
}

/* --plot: a plot that cannot be written is an output error. */
static void plot_or_die(int ret, const char *err)
{
	if (ret)
		output_error("%s", err);
}

static int cmd_reproduce(int argc, char **argv)
{
	const char *which = NULL, *plot = NULL;
	const struct dd_beaglebone_result *e3;
	const struct net_kirkwood_result *e1;
	const struct kernbench_numaq_result *e2;
	bool json = false;
	u32 jobs = jobs_default();
	char err[256];

	for (int i = 0; i < argc; i++) {
		if (cli_is_help(argv[i]))
			print_command_help("reproduce");
		if (!strcmp(argv[i], "--jobs")) {
			u64 n;

			if (i + 1 >= argc)
				usage_error("--jobs needs a number");
			if (parse_number(argv[++i], &n) || !n || n > JOBS_MAX)
				usage_error("--jobs: '%s' is not a number from 1 to %u",
					    argv[i], JOBS_MAX);
			jobs = (u32)n;
		} else if (!strcmp(argv[i], "--format")) {
			if (i + 1 >= argc || (strcmp(argv[i + 1], "json") &&
					      strcmp(argv[i + 1], "table")))
				usage_error("--format: table or json");
			json = !strcmp(argv[++i], "json");
		} else if (!strcmp(argv[i], "--plot")) {
			if (i + 1 >= argc || !argv[i + 1][0])
				usage_error("--plot needs a directory");
			plot = argv[++i];
		} else if (argv[i][0] == '-') {
			usage_error("unknown option '%s'", argv[i]);
		} else if (!which) {
			which = argv[i];
		} else {
			usage_error("one experiment at a time");
		}
	}
	if (which && strcmp(which, "dd-beaglebone") &&
	    strcmp(which, "net-kirkwood") &&
	    strcmp(which, "kernbench-numaq") &&
	    strcmp(which, "hackbench-beaglebone"))
		usage_error("unknown experiment '%s' (available: dd-beaglebone, net-kirkwood, kernbench-numaq, hackbench-beaglebone)",
			    which);
	progress_init("reproduce", !json, fileno(stderr));
	/* Predictions only, so not part of "every experiment". */
	if (which && !strcmp(which, "hackbench-beaglebone")) {
		if (plot)
			usage_error("--plot: hackbench-beaglebone has no published figures to plot");
		progress_label("reproduce hackbench-beaglebone");
		if (reproduce_hackbench_beaglebone(json,
						   HACKBENCH_DEFAULT_GROUPS,
						   HACKBENCH_DEFAULT_LOOPS,
						   stdout, err, sizeof(err)))
			usage_error("%s", err);
		return 0;
	}
	/* Before the first run: a bad directory should not cost a minute. */
	if (plot)
		plot_or_die(plot_prepare_dir(plot, which, err, sizeof(err)),
			    err);
	/* Every experiment: one JSON object keyed by experiment. */
	if (!which && json)
		printf("{\"dd-beaglebone\": ");
	if (!which || !strcmp(which, "dd-beaglebone")) {
		progress_label("reproduce dd-beaglebone");
		if (reproduce_dd_beaglebone(json, DD_DEFAULT_TOTAL, stdout, &e3,
					    err, sizeof(err)))
			usage_error("%s", err);
		if (plot)
			plot_or_die(plot_dd_beaglebone(plot, e3, err,
						       sizeof(err)),
				    err);
		/* Each experiment out before the next one's runs. */
		check_stdout();
	}
	if (!which)
		printf(json ? ", \"net-kirkwood\": " : "\n\n");
	if (!which || !strcmp(which, "net-kirkwood")) {
		progress_label("reproduce net-kirkwood");
		if (reproduce_net_kirkwood(json, IPERF_DEFAULT_TIME_NS, stdout,
					   &e1, err, sizeof(err)))
			usage_error("%s", err);
		if (plot)
			plot_or_die(plot_net_kirkwood(plot, e1, err,
						      sizeof(err)),
				    err);
		check_stdout();
	}
	if (!which)
		printf(json ? ", \"kernbench-numaq\": " : "\n\n");
	if (!which || !strcmp(which, "kernbench-numaq")) {
		progress_label("reproduce kernbench-numaq");
		if (reproduce_kernbench_numaq(json, stdout, jobs, &e2, err,
					      sizeof(err)))
			usage_error("%s", err);
		if (plot)
			plot_or_die(plot_kernbench_numaq(plot, e2, err,
							 sizeof(err)),
				    err);
	}
	if (!which && json)
		printf("}\n");
	return 0;
}

/*
 * `vmsplit explain WORKLOAD ... --from NAME=VALUE --to NAME=VALUE`: the
 * words outside --from/--to apply to both runs; each run's are parsed as
 * `vmsplit run` would parse them with its own words last.
 */
static int cmd_explain(int argc, char **argv)
{
	static const char *const list_opts[] = { "--platform", "--bs", NULL };
	static const struct grid_hooks grid = {
		.run_one = cmd_explain,
		.last_settings = grid_last_settings,
		.last_format = grid_last_format,
		.list_opts = list_opts,
	};
	static bool in_grid;
	static const char *const dd_opts[] = { "bs", "total", NULL };
	static const char *const iperf_opts[] = { "len", "time", NULL };
	static const char *const spawn_opts[] = { "procs", "pages",
						  "shared-pages", NULL };
	static const char *const kernbench_opts[] = { "units", "jobs",
						      "headers",
						      "cc1-heap-pages", NULL };
	static const char *const sdet_opts[] = { "scripts", "commands", NULL };
	static struct explanation x;
	static struct run_args a[2];
	const char *const *opts;
	struct explain_params p = { 0 };
	const char *svg = NULL, *name, *board = "kirkwood-openblocks-a7";
	char **words[2], *joined[2], err[256], label[128], on[80];
	/* --from platform=A --to platform=B: each run's own board. */
	const char *run_board[2] = { NULL, NULL };
	int nkept = 0, nwords[2] = { 0, 0 }, ret;
	char **kept;

	if (argc < 1)
		usage_error("explain: name a workload (dd, iperf, spawn, kernbench, sdet)");
	name = argv[0];
	if (!strcmp(name, "-h") || !strcmp(name, "--help"))
		print_command_help("explain");
	/* Lists (--bs 512,4K, CONFIG_X=y,n, --platform a,b): one
	 * explanation per combination (cli/grid.h). */
	if (!in_grid && grid_wanted(argc, argv, &grid))
		return run_as_grid(argc, argv, &grid, &in_grid);
	if (!strcmp(name, "dd"))
		p.w = EXPLAIN_DD, opts = dd_opts;
	else if (!strcmp(name, "iperf"))
		p.w = EXPLAIN_IPERF, opts = iperf_opts;
	else if (!strcmp(name, "spawn"))
		p.w = EXPLAIN_SPAWN, opts = spawn_opts;
	else if (!strcmp(name, "kernbench"))
		p.w = EXPLAIN_KERNBENCH, opts = kernbench_opts, board = "numaq-16";
	else if (!strcmp(name, "sdet"))
		p.w = EXPLAIN_SDET, opts = sdet_opts, board = "numaq-16";
	else
		usage_error("explain: unknown workload '%s' (available: dd, iperf, spawn, kernbench, sdet)",
			    name);
	kept = calloc((size_t)argc + 3, sizeof(*kept));
	words[0] = calloc((size_t)argc, sizeof(char *));
	words[1] = calloc((size_t)argc, sizeof(char *));
	joined[0] = calloc((size_t)argc * 256 + 1, 1);
	joined[1] = calloc((size_t)argc * 256 + 1, 1);
	if (!kept || !words[0] || !words[1] || !joined[0] || !joined[1])
		usage_error("out of memory");
	/* kept[0] stands in for the program's name (parse_run_args). */
	kept[nkept++] = argv[0];
	for (int i = 1; i < argc; i++) {
		const char *o = argv[i], *v = NULL;
		int which = -1;

		if (!strcmp(o, "--")) {
			for (; i < argc; i++)
				kept[nkept++] = argv[i];
			break;
		}
		if (!strncmp(o, "--from", 6) && (!o[6] || o[6] == '='))
			which = 0;
		else if (!strncmp(o, "--to", 4) && (!o[4] || o[4] == '='))
			which = 1;
		else if (!strncmp(o, "--svg", 5) && (!o[5] || o[5] == '='))
			which = 2;
		if (which < 0) {
			kept[nkept++] = argv[i];
			continue;
		}
		v = strchr(o, '=') ? strchr(o, '=') + 1 :
				     (i + 1 < argc ? argv[++i] : NULL);
		if (!v || !*v)
			usage_error("%s needs a value", which == 2 ? "--svg" :
						   which ? "--to NAME=VALUE" :
							   "--from NAME=VALUE");
		if (which == 2) {
			svg = v;
			continue;
		}
		if (v[0] == '-' || !strchr(v, '=') || strlen(v) > 200)
			usage_error("%s: '%s' is not one NAME=VALUE",
				    which ? "--to" : "--from", v);
		if (!strncmp(v, "platform=", 9))
			run_board[which] = v + 9;
		else
			words[which][nwords[which]++] = (char *)v;
		if (*joined[which])
			strcat(joined[which], " ");
		strcat(joined[which], v);
	}
	/*
	 * Each run's words go after the common arguments: a value-taking
	 * option left last ("--format") would take the first as its value.
	 */
	if (nkept > 1 && !strncmp(kept[nkept - 1], "--", 2) &&
	    kept[nkept - 1][2] && !strchr(kept[nkept - 1], '=')) {
		const char *o = kept[nkept - 1] + 2;
		static const char *const common[] = { "platform", "format",
						      "kconfig", NULL };

		for (int i = 0; common[i]; i++)
			if (!strncmp(common[i], o, strlen(o)))
				usage_error("--%s needs a value", common[i]);
		for (int i = 0; opts[i]; i++)
			if (!strncmp(opts[i], o, strlen(o)))
				usage_error("--%s needs a value", opts[i]);
	}
	if (!nwords[0] && !run_board[0])
		usage_error("explain: give the first run's setting with --from NAME=VALUE");
	if (!nwords[1] && !run_board[1])
		usage_error("explain: give the second run's setting with --to NAME=VALUE");
	for (int r = 0; r < 2; r++) {
		char **v = calloc((size_t)(nkept + nwords[r] + 3), sizeof(*v));
		int n = 0;
		bool dashdash = false;

		if (!v)
			usage_error("out of memory");
		for (int i = 0; i < nkept; i++) {
			bool dd = i && !strcmp(kept[i], "--");

			/* The run's board after any --platform: the last
			 * wins. */
			if (dd && !dashdash && run_board[r]) {
				v[n++] = "--platform";
				v[n++] = (char *)run_board[r];
			}
			dashdash |= dd;
			v[n++] = kept[i];
		}
		if (!dashdash) {
			if (run_board[r]) {
				v[n++] = "--platform";
				v[n++] = (char *)run_board[r];
			}
			v[n++] = "--";
		}
		for (int i = 0; i < nwords[r]; i++)
			v[n++] = words[r][i];
		/* The default board of `vmsplit run WORKLOAD`. */
		parse_run_args(n - 1, v + 1, &a[r], opts, board);
		free(v);
	}
	if (a[0].format == FMT_CSV)
		usage_error("explain: --format table or json");
	/* The board, or both when the runs name their own. */
	if (a[0].s.platform == a[1].s.platform)
		snprintf(on, sizeof(on), "%s", a[0].s.platform->name);
	else
		snprintf(on, sizeof(on), "%s -> %s", a[0].s.platform->name,
			 a[1].s.platform->name);
	switch (p.w) {
	case EXPLAIN_DD: {
		u32 bs[1];

		parse_bs_list(run_opt(&a[0], "bs") ? run_opt(&a[0], "bs") :
						     "512",
			      bs, 1);
		p.bs = bs[0];
		p.total = parse_total(run_opt(&a[0], "total"));
		for (int r = 0; r < 2; r++)
			if (dd_check(&a[r].s, p.bs, p.total, err, sizeof(err)))
				usage_error("%s", err);
		snprintf(label, sizeof(label), "dd bs=%u total=%llu on %s",
			 p.bs, (unsigned long long)p.total,
			 on);
		x.metric = "MB/s";
		x.unit = "byte";
		x.rate = true;
		break;
	}
	case EXPLAIN_IPERF:
		p.len = run_opt_u32(&a[0], "len", IPERF_DEFAULT_LEN, 1u << 20);
		p.time_ns = parse_time_ns(run_opt(&a[0], "time"));
		snprintf(label, sizeof(label), "iperf len=%u time=%.3f on %s",
			 p.len, (double)p.time_ns / 1e9, on);
		x.metric = "Mbit/s";
		x.unit = "byte";
		x.rate = true;
		break;
	case EXPLAIN_SPAWN:
		p.sp.procs = run_opt_u32(&a[0], "procs", 8, 4096);
		p.sp.pages = run_opt_u32(&a[0], "pages", 64, 65536);
		p.sp.shared_pages = run_opt_u32(&a[0], "shared-pages", 16, 65536);
		snprintf(label, sizeof(label), "spawn procs=%u pages=%u shared-pages=%u on %s",
			 p.sp.procs, p.sp.pages, p.sp.shared_pages,
			 on);
		/* Milliseconds: thousandths of them resolve a short run. */
		x.metric = "elapsed ms";
		x.unit = "run";
		break;
	case EXPLAIN_KERNBENCH:
		p.units = run_opt_u32(&a[0], "units", KERNBENCH_DEFAULT_UNITS,
				      KERNBENCH_MAX_UNITS);
		/* As `run kernbench` takes it. */
		p.jobs = run_opt_u32(&a[0], "jobs", KERNBENCH_DEFAULT_JOBS,
				     100000);
		p.headers = run_opt_u32(&a[0], "headers",
					KERNBENCH_DEFAULT_HEADERS,
					KERNBENCH_MAX_HEADERS);
		p.cc1_heap_pages = run_opt_u32(&a[0], "cc1-heap-pages",
					       KERNBENCH_DEFAULT_CC1_HEAP_PAGES,
					       65536);
		snprintf(label, sizeof(label), "kernbench units=%u jobs=%u on %s",
			 p.units, p.jobs, on);
		x.metric = "elapsed ms";
		x.unit = "run";
		break;
	case EXPLAIN_SDET:
		p.scripts = run_opt_u32(&a[0], "scripts", SDET_DEFAULT_SCRIPTS,
					SDET_MAX_SCRIPTS);
		p.commands = run_opt_u32(&a[0], "commands",
					 SDET_DEFAULT_COMMANDS,
					 SDET_MAX_COMMANDS);
		snprintf(label, sizeof(label), "sdet scripts=%u commands=%u on %s",
			 p.scripts, p.commands, on);
		x.metric = "elapsed ms";
		x.unit = "run";
		break;
	}
	x.workload = label;
	if (svg && in_grid)
		usage_error("--svg draws one explanation: give no lists with it");
	/* Before the two runs: a bad path should not cost them. */
	if (svg && (ret = hostfile_check_writable(svg)))
		output_error("--svg: cannot write '%s': %s", svg,
			     strerror(-ret));
	if (explain_measure(&a[0].s, &p, &x.from, err, sizeof(err)) ||
	    explain_measure(&a[1].s, &p, &x.to, err, sizeof(err)))
		usage_error("%s", err);
	explain_decompose(&x);
	if (svg) {
		FILE *f = fopen(svg, "w");
		bool bad;

		if (!f)
			output_error("--svg: cannot write '%s': %s", svg,
				     strerror(errno));
		explain_print_svg(&x, joined[0], joined[1], f);
		bad = ferror(f);
		if (fclose(f) || bad)
			output_error("--svg: error writing '%s': %s", svg,
				     strerror(errno ? errno : EIO));
	}
	if (a[0].format == FMT_JSON)
		explain_print_json(&x, joined[0], joined[1], stdout);
	else
		explain_print_table(&x, joined[0], joined[1], stdout);
	for (int r = 0; r < 2; r++) {
		free(words[r]);
		free(joined[r]);
	}
	free(kept);
	return 0;
}

/* A board file is a few kilobytes: anything past this is not one. */
#define BOARD_FILE_MAX_BYTES (256u << 10)

/*
 * --platform-file FILE (or --platform-file=FILE), anywhere on the command
 * line: read the board, register it, and stand "--platform NAME" in its
 * place, so that every command that takes --platform takes the file too;
 * diff, which reads the board's name from its files, only needs it known.
 * A file that does not read or parse stops here (exit 2, one line).
 * Return: the new argc.
 */
static int load_platform_files(int argc, char **argv)
{
	/* diff takes no --platform: the board only has to be known. */
	bool drop = argc > 1 && !strcmp(argv[1], "diff");

	for (int i = 1; i < argc; i++) {
		const char *path = NULL;
		char err[512], *text;
		struct platform *p;
		size_t len;
		bool joined = !strncmp(argv[i], "--platform-file=", 16);

		if (joined)
			path = argv[i] + 16;
		else if (!strcmp(argv[i], "--platform-file") && i + 1 < argc)
			path = argv[i + 1];
		else if (!strcmp(argv[i], "--platform-file"))
			usage_error("--platform-file needs a file");
		else
			continue;
		if (hostfile_read(path, BOARD_FILE_MAX_BYTES, &text, &len, err,
				  sizeof(err)))
			usage_error("--platform-file: %s", err);
		if (strlen(text) != len)
			usage_error("--platform-file: %s: a NUL byte in the file",
				    path);
		p = board_parse(text, path, err, sizeof(err));
		free(text);
		if (!p)
			usage_error("--platform-file: %s", err);
		if (platform_register(p)) {
			snprintf(err, sizeof(err),
				 "--platform-file: %s: a board named '%s' exists; give yours another name",
				 path, p->name);
			board_free(p);
			usage_error("%s", err);
		}
		if (drop) {
			int n = joined ? 1 : 2;

			memmove(argv + i, argv + i + n,
				(size_t)(argc - i - n + 1) * sizeof(*argv));
			argc -= n;
			i--;
		} else if (joined) {
			char *w = malloc(strlen(p->name) + 12);

			if (!w)
				panic("main: host out of memory");
			sprintf(w, "--platform=%s", p->name);
			argv[i] = w;
		} else {
			argv[i] = "--platform";
			argv[++i] = (char *)p->name;
		}
	}
	return argc;
}

/*
 * A command whose parser and printer are one call (layout, whatif):
 * --help anywhere prints its usage, an error its one line (exit 2).
 */
static int one_call_command(const char *name,
			    int (*cmd)(int argc, char **argv, FILE *out,
				       char *err, size_t errlen),
			    int argc, char **argv)
{
	char err[512];

	for (int i = 0; i < argc; i++)
		if (cli_is_help(argv[i]))
			print_command_help(name);
	if (cmd(argc, argv, stdout, err, sizeof(err)))
		usage_error("%s", err);
	return 0;
}

static int run_command(int argc, char **argv)
{
	if (argc < 2) {
		print_help(stderr);
		return 2;
	}
	if (argc > 2 && cli_is_help(argv[2]) &&
	    (!strcmp(argv[1], "platforms") || !strcmp(argv[1], "settings") ||
	     !strcmp(argv[1], "reproduce") || !strcmp(argv[1], "diff") ||
	     !strcmp(argv[1], "version") || !strcmp(argv[1], "help") ||
	     !strcmp(argv[1], "run")))
		print_command_help(argv[1]);
	if (!strcmp(argv[1], "version") || !strcmp(argv[1], "--version")) {
		if (argc > 2)
			usage_error("%s: unexpected argument '%s'", argv[1],
				    argv[2]);
		printf("vmsplit %s\n", VMSPLIT_VERSION);
		return 0;
	}
	if (cli_is_help(argv[1]) && argc > 2)
		usage_error("%s: unexpected argument '%s'", argv[1], argv[2]);
	if (!strcmp(argv[1], "help") && argc > 2)
		return cmd_help(argc - 2, argv + 2);
	if (!strcmp(argv[1], "help") || cli_is_help(argv[1])) {
		print_help(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "platforms") || !strcmp(argv[1], "settings"))
		return cmd_info(argc - 1, argv + 1);
	if (!strcmp(argv[1], "micro"))
		return cmd_micro(argc - 2, argv + 2);
	if (!strcmp(argv[1], "run"))
		return cmd_run(argc - 2, argv + 2);
	if (!strcmp(argv[1], "reproduce"))
		return cmd_reproduce(argc - 2, argv + 2);
	if (!strcmp(argv[1], "explain"))
		return cmd_explain(argc - 2, argv + 2);
	if (!strcmp(argv[1], "layout"))
		return one_call_command("layout", layout_cmd, argc - 2, argv + 2);
	if (!strcmp(argv[1], "whatif"))
		return one_call_command("whatif", whatif_cmd, argc - 2, argv + 2);
	if (!strcmp(argv[1], "diff")) {
		struct diff_opts o;
		char err[512];

		for (int i = 2; i < argc; i++)
			if (cli_is_help(argv[i]))
				print_command_help("diff");
		if (diff_parse_args(argc - 2, argv + 2, &o, err, sizeof(err)) ||
		    profile_diff(&o, stdout, err, sizeof(err)))
			usage_error("%s", err);
		return 0;
	}
	usage_error("unknown command '%s' (see `vmsplit help`)", argv[1]);
}

/*
 * Output goes through stdio's buffer: a full disk or a closed pipe shows
 * only when it is flushed, so check before saying we succeeded.  SIGPIPE
 * would end us with status 141 at the first write to a pipe nobody reads
 * any more; ignored, that write fails with EPIPE, exit 1 (vmsplit.1).
 */
int main(int argc, char **argv)
{
	int ret;

	signal(SIGPIPE, SIG_IGN);
	argc = load_platform_files(argc, argv);
	ret = run_command(argc, argv);
	check_stdout();
	return ret;
}
