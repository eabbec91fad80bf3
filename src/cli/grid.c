// SPDX-License-Identifier: GPL-2.0-only
/*
 * `vmsplit run` and `explain` over a grid (see cli/grid.h).  Each
 * combination runs in this process with standard output caught in a
 * temporary file, then goes out as the format wants it; a combination
 * that fails has printed the ones before it already (a table grid prints
 * its one table at the end).
 */
#include "cli/grid.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/settings.h"

/* A list: the argument it sits in and its values. */
struct axis {
	int arg;		/* index in argv of the word or value */
	const char *option;	/* "platform" for --platform, NULL: a word */
	bool joined;		/* "--option=LIST" in one argument */
	char name[64];		/* "CONFIG_HIGHMEM", "platform" */
	char *values;		/* a copy, split at the commas */
	char *value[GRID_MAX_RUNS];
	u32 n;
};

#define GRID_MAX_AXES 16

/* A NAME=VALUE word whose value is a list. */
static bool word_is_list(const char *a)
{
	const char *eq = strchr(a, '=');

	return a[0] != '-' && eq && eq != a && strchr(eq + 1, ',');
}

/*
 * Is @argv[@i] a list option of @h (exactly "--opt" before its value, or
 * "--opt=value")?  Its value, or NULL; *@skip is 1 when the value is the
 * next argument.
 */
static const char *list_opt(int argc, char **argv, int i,
			    const struct grid_hooks *h, const char **name,
			    int *skip)
{
	*skip = 0;
	for (int k = 0; h->list_opts[k]; k++) {
		const char *o = h->list_opts[k];
		size_t n = strlen(o);

		if (strncmp(argv[i], o, n))
			continue;
		*name = o + 2;
		if (!argv[i][n] && i + 1 < argc) {
			*skip = 1;
			return argv[i + 1];
		}
		if (argv[i][n] == '=')
			return argv[i] + n + 1;
	}
	return NULL;
}

bool grid_wanted(int argc, char **argv, const struct grid_hooks *h)
{
	bool words_only = false, csv = false, list = false;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v, *name;
		int skip;

		if (!words_only && cli_is_help(a))
			return false;
		if (!words_only && !strcmp(a, "--")) {
			words_only = true;
			continue;
		}
		if (!words_only && !strcmp(a, "--format") && i + 1 < argc)
			csv = !strcmp(argv[i + 1], "csv");
		else if (!words_only && !strncmp(a, "--format=", 9))
			csv = !strcmp(a + 9, "csv");
		else if (!words_only &&
			 (v = list_opt(argc, argv, i, h, &name, &skip))) {
			list |= strchr(v, ',') != NULL;
			i += skip;
		} else if (words_only || a[0] != '-') {
			list |= word_is_list(a);
		}
	}
	return list || csv;
}

/* Split @x's list at the commas; an empty value is refused. */
static int split(struct axis *x, const char *list, char *err, size_t errlen)
{
	char *save = NULL, *v;

	x->values = strdup(list);
	if (!x->values)
		return settings_err(err, errlen, "out of memory");
	/* strtok_r would skip empty fields: find them first. */
	if (!*list || list[0] == ',' || list[strlen(list) - 1] == ',' ||
	    strstr(list, ",,"))
		return settings_err(err, errlen,
				    "%s=%s: an empty value in the list",
				    x->name, list);
	for (v = strtok_r(x->values, ",", &save); v;
	     v = strtok_r(NULL, ",", &save)) {
		if (x->n == GRID_MAX_RUNS)
			return settings_err(err, errlen,
					    "%s: more than %d values",
					    x->name, GRID_MAX_RUNS);
		x->value[x->n++] = v;
	}
	return 0;
}

/* The lists of @argv, in order. */
static int find_axes(int argc, char **argv, const struct grid_hooks *h,
		     struct axis *axes, u32 *naxes, char *err, size_t errlen)
{
	bool words_only = false;
	int ret;

	*naxes = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *list = NULL, *v, *name;
		struct axis *x = &axes[*naxes];
		int skip;

		if (!words_only && !strcmp(a, "--")) {
			words_only = true;
			continue;
		}
		memset(x, 0, sizeof(*x));
		if (!words_only &&
		    (v = list_opt(argc, argv, i, h, &name, &skip))) {
			if (strchr(v, ','))
				x->arg = i + skip, list = v;
			x->option = name;
			x->joined = !skip;
			i += skip;
		} else if ((words_only || a[0] != '-') && word_is_list(a)) {
			const char *eq = strchr(a, '=');

			x->arg = i;
			list = eq + 1;
			if ((size_t)(eq - a) >= sizeof(x->name))
				return settings_err(err, errlen,
						    "'%.40s...': no such setting",
						    a);
			memcpy(x->name, a, (size_t)(eq - a));
		}
		if (!list)
			continue;
		if (x->option)
			snprintf(x->name, sizeof(x->name), "%s", x->option);
		if (*naxes == GRID_MAX_AXES)
			return settings_err(err, errlen,
					    "more than %d lists in one command",
					    GRID_MAX_AXES);
		ret = split(x, list, err, errlen);
		(*naxes)++;
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Run @h->run_one on @argv with standard output caught; the output in a
 * malloc'd string (*@out), the run's return in *@status.
 */
static int run_caught(const struct grid_hooks *h, int argc, char **argv,
		      char **out, int *status)
{
	FILE *tmp = tmpfile();
	long len;
	int saved;

	*out = NULL;
	if (!tmp)
		return -errno;
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	if (saved < 0 || dup2(fileno(tmp), STDOUT_FILENO) < 0) {
		fclose(tmp);
		return -EIO;
	}
	*status = h->run_one(argc, argv);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	len = ftell(tmp);
	if (len < 0 || fseek(tmp, 0, SEEK_SET) ||
	    !(*out = malloc((size_t)len + 1)) ||
	    fread(*out, 1, (size_t)len, tmp) != (size_t)len) {
		free(*out);
		*out = NULL;
		fclose(tmp);
		return -EIO;
	}
	(*out)[len] = '\0';
	fclose(tmp);
	return 0;
}

/*
 * The next word of a space-separated settings line at *@p (spaces and
 * newlines between words): its start and, in *@n, its length; NULL at the
 * end.  *@p moves past it.
 */
static const char *next_word(const char **p, size_t *n)
{
	const char *w = *p + strspn(*p, " \n");

	if (!*w)
		return NULL;
	*n = strcspn(w, " \n");
	*p = w + *n;
	return w;
}

/* Is word @w (@n characters) setting @name's NAME=VALUE? */
static bool word_names(const char *w, size_t n, const char *name)
{
	size_t l = strlen(name);

	return n > l && !strncmp(w, name, l) && w[l] == '=';
}

/* The value of setting @name in the space-separated @words, or "". */
static void word_value(const char *words, const char *name, char *buf,
		       size_t len)
{
	size_t n;

	buf[0] = '\0';
	for (const char *w; (w = next_word(&words, &n));)
		if (word_names(w, n, name)) {
			snprintf(buf, len, "%.*s", (int)(n - strlen(name) - 1),
				 w + strlen(name) + 1);
			return;
		}
}

/* The cost.NAME=V words of @words, joined by ';' (a CSV field). */
static void cost_words(const char *words, FILE *f)
{
	bool first = true;
	size_t n;

	for (const char *w; (w = next_word(&words, &n));)
		if (!strncmp(w, "cost.", 5)) {
			fprintf(f, "%s%.*s", first ? "" : ";", (int)n, w);
			first = false;
		}
}

/* The settings' columns: each setting but platform (the workload's own
 * second column) and the cost.NAME family, which "costs" gathers. */
static void csv_header(FILE *f)
{
	const char *name;

	for (size_t i = 0; (name = settings_name(i)); i++)
		if (strcmp(name, "platform"))
			fprintf(f, ",%s", name);
	fputs(",costs", f);
}

static void csv_values(const char *words, FILE *f)
{
	const char *name;
	char v[96];

	for (size_t i = 0; (name = settings_name(i)); i++) {
		if (!strcmp(name, "platform"))
			continue;
		word_value(words, name, v, sizeof(v));
		fprintf(f, ",%s", v);
	}
	fputc(',', f);
	cost_words(words, f);
}

/*
 * One combination's CSV: its header (when it differs from the last one
 * printed, kept in @last) and rows, each with the settings' columns.
 */
static void print_csv(const char *out, const char *words, char **last)
{
	const char *nl = strchr(out, '\n');
	size_t hlen = nl ? (size_t)(nl - out) : strlen(out);

	if (!*last || strlen(*last) != hlen || strncmp(*last, out, hlen)) {
		free(*last);
		*last = strndup(out, hlen);
		fwrite(out, 1, hlen, stdout);
		csv_header(stdout);
		fputc('\n', stdout);
	}
	for (const char *l = nl ? nl + 1 : out + hlen; *l;) {
		size_t n = strcspn(l, "\n");

		if (n) {
			fwrite(l, 1, n, stdout);
			csv_values(words, stdout);
			fputc('\n', stdout);
		}
		l += n + (l[n] == '\n');
	}
}

/* One combination's JSON document as elements of the grid's array. */
static void print_json(const char *out, bool first)
{
	const char *a = out, *b = out + strlen(out);

	while (a < b && strchr(" \t\n", *a))
		a++;
	while (b > a && strchr(" \t\n", b[-1]))
		b--;
	if (b - a >= 2 && *a == '[' && b[-1] == ']') {
		a++;
		b--;
		while (a < b && strchr(" \t\n", *a))
			a++;
		while (b > a && strchr(" \t\n", b[-1]))
			b--;
	}
	if (a == b)
		return;
	printf("%s  %.*s", first ? "" : ",\n", (int)(b - a), a);
}

/*
 * Does @argv ask for a format other than the table, in any spelling
 * getopt_long takes ("--form json" too)?  Then the grid keeps it.
 */
static bool names_format(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "--format=table"))
			continue;
		if (!strcmp(argv[i], "--format") && i + 1 < argc &&
		    !strcmp(argv[i + 1], "table")) {
			i++;
			continue;
		}
		if (!strncmp(argv[i], "--f", 3))
			return true;
	}
	return false;
}

/*
 * The summary of a table grid: each combination ran as CSV; its rows are
 * kept with the values of the varying settings in front.
 */
struct summary {
	char *header;		/* the workload's CSV header */
	char **rows;		/* "v1,v2,...,<CSV row>" */
	u32 n, cap;
	char *common;		/* the first run's settings words */
};

static int summary_add(struct summary *sm, const char *out, const char *vals)
{
	const char *nl = strchr(out, '\n');

	if (!nl)
		return 0;
	if (!sm->header && !(sm->header = strndup(out, (size_t)(nl - out))))
		return -ENOMEM;
	for (const char *l = nl + 1; *l;) {
		size_t n = strcspn(l, "\n");

		if (n) {
			if (sm->n == sm->cap) {
				u32 cap = sm->cap ? 2 * sm->cap : 16;
				char **g = realloc(sm->rows, sizeof(*g) * cap);

				if (!g)
					return -ENOMEM;
				sm->rows = g;
				sm->cap = cap;
			}
			if (asprintf(&sm->rows[sm->n], "%s,%.*s", vals, (int)n,
				     l) < 0)
				return -ENOMEM;
			sm->n++;
		}
		l += n + (l[n] == '\n');
	}
	return 0;
}

/* Field @k of a CSV line with no quoting (ours have none). */
static const char *field(const char *line, u32 k, size_t *len)
{
	while (k-- && line)
		line = (line = strchr(line, ',')) ? line + 1 : NULL;
	if (!line) {
		*len = 0;
		return "";
	}
	*len = strcspn(line, ",");
	return line;
}

static bool numeric(const char *v, size_t n)
{
	char *end;

	if (!n)
		return false;
	(void)strtod(v, &end);
	return end == v + n;
}

/* A table shows at most this many of the workload's columns (spawn's
 * CSV has one per event): --format csv has them all. */
#define SUMMARY_MAX_FIELDS 10

void grid_print_wrapped(FILE *f, const char *words)
{
	size_t col = 0, n;

	for (const char *w; (w = next_word(&words, &n));) {
		if (col && col + 1 + n > GRID_WRAP) {
			fputc('\n', f);
			col = 0;
		}
		fprintf(f, "%s%.*s", col ? " " : "# ", (int)n, w);
		col += n + (col ? 1 : 2);
	}
}

/*
 * Print @sm as one table: the varying settings' columns, then the
 * workload's own but its name (and the board, which is a varying column
 * or common), at most SUMMARY_MAX_FIELDS of them, each as wide as its
 * widest cell, numbers to the right.
 */
static void summary_print(const struct summary *sm, const struct axis *axes,
			  u32 naxes)
{
	u32 ncols = naxes, skip[2] = { naxes, naxes + 1 }, nf = 1;
	size_t w[96] = { 0 }, len;
	const char *c;

	if (!sm->header)
		return;
	for (const char *p = sm->header; (p = strchr(p, ',')); p++)
		nf++;
	ncols = naxes + (nf < SUMMARY_MAX_FIELDS ? nf : SUMMARY_MAX_FIELDS);
	if (ncols > ARRAY_SIZE(w))
		ncols = ARRAY_SIZE(w);
	for (u32 k = 0; k < ncols; k++) {
		if (k < naxes) {
			w[k] = strlen(axes[k].name);
		} else {
			field(sm->header, k - naxes, &len);
			w[k] = len;
		}
		for (u32 r = 0; r < sm->n; r++) {
			field(sm->rows[r], k, &len);
			if (len > w[k])
				w[k] = len;
		}
	}
	grid_print_wrapped(stdout, sm->common ? sm->common : "");
	fputc('\n', stdout);
	printf("# %u rows: every combination of ", sm->n);
	for (u32 k = 0; k < naxes; k++)
		printf("%s%s", k ? ", " : "", axes[k].name);
	printf("\n# (the settings above are every run's; --format csv has each run's all");
	if (nf > SUMMARY_MAX_FIELDS)
		printf(", and %u more columns", nf - SUMMARY_MAX_FIELDS);
	printf(")\n");
	for (int r = -1; r < (int)sm->n; r++) {
		bool first = true;

		for (u32 k = 0; k < ncols; k++) {
			bool num;

			if (k == skip[0] || k == skip[1])
				continue;
			if (r < 0 && k < naxes)
				c = axes[k].name, len = strlen(c);
			else if (r < 0)
				c = field(sm->header, k - naxes, &len);
			else
				c = field(sm->rows[r], k, &len);
			num = r >= 0 && numeric(c, len);
			printf("%s%*s%.*s%*s", first ? "" : "  ",
			       num ? (int)(w[k] - len) : 0, "", (int)len, c,
			       num || k + 1 == ncols ? 0 : (int)(w[k] - len),
			       "");
			first = false;
		}
		printf("\n");
	}
}

/*
 * Append word @w (@n characters) to the words at @out, whose end is *@o
 * (not terminated: in place, the next word to read may start there).
 */
static void put_word(char *out, char **o, const char *w, size_t n)
{
	if (*o != out)
		*(*o)++ = ' ';
	memmove(*o, w, n);
	*o += n;
}

/* The settings words of @words but @axes' names. */
static char *common_words(const char *words, const struct axis *axes,
			  u32 naxes)
{
	char *out = calloc(strlen(words) + 1, 1), *o = out;
	size_t n;

	if (!out)
		return NULL;
	for (const char *w; (w = next_word(&words, &n));) {
		bool varying = false;

		for (u32 k = 0; k < naxes; k++)
			varying |= word_names(w, n, axes[k].name);
		if (!varying)
			put_word(out, &o, w, n);
	}
	return out;
}

/* Keep of @common the words @words has too, exactly (in place). */
static void keep_shared(char *common, const char *words)
{
	const char *p = common;
	char *o = common;
	size_t n, m;

	for (const char *w; (w = next_word(&p, &n));) {
		const char *q = words;
		bool shared = false;

		for (const char *x; !shared && (x = next_word(&q, &m));)
			shared = m == n && !strncmp(x, w, n);
		/* The write end never passes the read end: in place. */
		if (shared)
			put_word(common, &o, w, n);
	}
	*o = '\0';
}

int grid_run(int argc, char **argv, const struct grid_hooks *h, int *status,
	     char *err, size_t errlen)
{
	struct summary sm = { 0 };
	bool summarise;
	static struct axis axes[GRID_MAX_AXES];
	u32 naxes, idx[GRID_MAX_AXES] = { 0 }, runs = 1;
	char **v = NULL, *last_header = NULL, fmt = 't';
	bool first_json = true;
	int ret;

	*status = 0;
	ret = find_axes(argc, argv, h, axes, &naxes, err, errlen);
	for (u32 k = 0; !ret && k < naxes; k++) {
		runs *= axes[k].n;
		if (runs > GRID_MAX_RUNS)
			ret = settings_err(err, errlen,
					   "the lists make more than %d runs",
					   GRID_MAX_RUNS);
	}
	/* A table grid is one table: each run as CSV, summarised. */
	summarise = h->summary && runs > 1 && !names_format(argc, argv);
	if (!ret && !(v = calloc((size_t)argc + 3, sizeof(*v))))
		ret = settings_err(err, errlen, "out of memory");
	for (u32 r = 0; !ret && r < runs; r++) {
		char *out, *words = NULL, label[512] = "";
		bool shifted;
		int pos = argc;
		size_t wlen = 0;
		FILE *wf;

		memcpy(v, argv, sizeof(*v) * (size_t)argc);
		for (u32 k = 0; k < naxes; k++) {
			const struct axis *x = &axes[k];
			const char *val = x->value[idx[k]];
			size_t used = strlen(label);
			char *word = NULL;

			if (x->option && x->joined) {
				if (asprintf(&word, "--%s=%s", x->option,
					     val) < 0)
					word = NULL;
			} else if (x->option) {
				word = strdup(val);
			} else if (asprintf(&word, "%s=%s", x->name, val) < 0) {
				word = NULL;
			}
			if (!word) {
				ret = settings_err(err, errlen,
						   "out of memory");
				break;
			}
			v[x->arg] = word;
			snprintf(label + used, sizeof(label) - used, "%s%s=%s",
				 used ? " " : "", x->name, val);
		}
		shifted = !ret && summarise;
		if (shifted) {
			/* "--format csv" last among the options (the last
			 * --format wins), before any "--". */
			for (pos = 1; pos < argc && strcmp(v[pos], "--"); pos++)
				;
			memmove(v + pos + 2, v + pos,
				sizeof(*v) * (size_t)(argc - pos));
			v[pos] = "--format";
			v[pos + 1] = "csv";
		}
		if (ret || (ret = run_caught(h, argc + (summarise ? 2 : 0), v,
					     &out, status))) {
			if (ret != -EINVAL)
				ret = settings_err(err, errlen,
						   "cannot catch a run's output: %s",
						   strerror(-ret));
			goto next;
		}
		fmt = h->last_format();
		wf = open_memstream(&words, &wlen);
		if (wf) {
			h->last_settings(wf);
			fclose(wf);
		}
		if (summarise) {
			char vals[512] = "";

			for (u32 k = 0; k < naxes; k++)
				snprintf(vals + strlen(vals),
					 sizeof(vals) - strlen(vals), "%s%s",
					 k ? "," : "", axes[k].value[idx[k]]);
			if (!sm.common && words)
				sm.common = common_words(words, axes, naxes);
			else if (sm.common && words)
				keep_shared(sm.common, words);
			if (summary_add(&sm, out, vals))
				ret = settings_err(err, errlen,
						   "out of memory");
		} else if (fmt == 'c') {
			print_csv(out, words ? words : "", &last_header);
		} else if (fmt == 'j') {
			if (first_json)
				fputs("[\n", stdout);
			print_json(out, first_json);
			first_json = false;
		} else {
			if (runs > 1)
				printf("%s## %u/%u: %s\n", r ? "\n" : "", r + 1,
				       runs, label);
			fputs(out, stdout);
		}
		free(out);
		free(words);
next:
		for (u32 k = 0; k < naxes; k++) {
			int at = axes[k].arg +
				 (shifted && axes[k].arg >= pos ? 2 : 0);

			if (v[at] != argv[axes[k].arg])
				free(v[at]);
		}
		if (*status)
			break;
		/* The last list varies fastest. */
		for (int k = (int)naxes - 1; k >= 0; k--) {
			if (++idx[k] < axes[k].n)
				break;
			idx[k] = 0;
		}
	}
	if (!first_json)
		fputs("\n]\n", stdout);
	if (summarise && !ret)
		summary_print(&sm, axes, naxes);
	for (u32 k = 0; k < sm.n; k++)
		free(sm.rows[k]);
	free(sm.rows);
	free(sm.header);
	free(sm.common);
	free(last_header);
	free(v);
	for (u32 k = 0; k < naxes; k++) {
		free(axes[k].values);
		axes[k].values = NULL;
	}
	return ret;
}
