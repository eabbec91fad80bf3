/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kpath-analyze.h - turn the kpath plugin's window dumps into per-operation,
 * per-function rows: kernel instructions, calls and 64-byte text lines per
 * operation (data/kpath/README.md has the definitions).
 *
 * Inputs: the guest's text symbols ("addr type name" lines from
 * /proc/kallsyms), its console log ("KPATH win K OP N" labels), and the
 * plugin dump (tools/kpath/kpath-plugin.c documents the format).
 *
 * An operation is measured in windows with two distinct counts N_A < N_B;
 * each side's counters are averaged over its windows and
 *	per-op = (mean_B - mean_A) / (N_B - N_A)
 * so what both sides share (the sync() marker, set-up left in the window)
 * cancels.
 */
#ifndef VMSPLIT_KPATH_ANALYZE_H
#define VMSPLIT_KPATH_ANALYZE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define KP_NAME 128
#define KP_MAXCTX 1024

struct kp_sym {
	uint32_t addr;
	char name[KP_NAME];
};

struct kp_syms {
	struct kp_sym *v;
	size_t n;
};

/* Counts of one (context, pc) summed over an operation's A and B windows. */
struct kp_cell {
	uint64_t key; /* ctx << 32 | pc; 0 = empty slot */
	uint64_t cnt[2];
	uint64_t rep[2];
};

struct kp_op {
	char name[KP_NAME];
	long n[2]; /* N_A, N_B */
	int nwin[2]; /* windows seen per side */
	int nlabel[2]; /* windows announced per side */
	uint64_t user[2]; /* user-mode instructions */
	uint64_t *entries[2]; /* [KP_MAXCTX] context entries */
	struct kp_cell *cells;
	size_t ncells, cap;
};

struct kp_label {
	int win;
	int op;
	int side;
};

struct kp_run {
	struct kp_op *ops;
	size_t nops;
	struct kp_label *labels;
	size_t nlabels;
	char *ctx[KP_MAXCTX];
	int has_rep; /* the dump had REP lines (x86) */
};

struct kp_row {
	char func[KP_NAME + 8];
	double insns, calls, lines;
};

/**
 * kp_syms_load - read text symbols ("addr type name", types t T w W)
 * @s: filled, sorted by address
 * @f: kallsyms text
 *
 * Return: 0, or -1 on allocation failure or an empty table.
 */
int kp_syms_load(struct kp_syms *s, FILE *f);

/**
 * kp_syms_find - the symbol containing @pc: the last one at or below it,
 * unless @pc lies more than 64 KiB past it (no symbol covers that range).
 *
 * Return: index into @s->v, or -1.
 */
long kp_syms_find(const struct kp_syms *s, uint32_t pc);

void kp_syms_free(struct kp_syms *s);

/**
 * kp_labels_load - read "KPATH win K OP N" lines of a console log (CR
 * tolerated) into @r's operations and window labels.  An operation must
 * show exactly two distinct N.
 *
 * Return: 0, or -1 with a message on stderr.
 */
int kp_labels_load(struct kp_run *r, FILE *log);

/**
 * kp_dump_load - add the plugin dump's labelled windows to @r's operations;
 * unlabelled (set-up, teardown, boot) windows are skipped.
 *
 * Return: 0, or -1 with a message on stderr (malformed line, a labelled
 * window missing from the dump).
 */
int kp_dump_load(struct kp_run *r, FILE *dump);

/**
 * kp_op_rows - the rows of operation @op: "[total]", "[total_rep1]" (runs
 * with REP counts only), "[user]", "[ctx:NAME]" per context (by name), then
 * one per function by descending instructions.  Values are per operation
 * and unrounded; functions are merged by name.
 * @rows: allocated array, freed by the caller
 *
 * Return: number of rows, or -1 on allocation failure.
 */
long kp_op_rows(const struct kp_run *r, size_t op, const struct kp_syms *s,
		struct kp_row **rows);

/**
 * kp_write_tsv - print all operations of @r as TSV rows (no header),
 * rounded to 2 decimals, dropping function rows with |insns| < 0.05.
 *
 * Return: 0, or -1 on failure.
 */
int kp_write_tsv(const struct kp_run *r, const struct kp_syms *s,
		 const char *kernel, const char *config, FILE *out);

void kp_run_free(struct kp_run *r);

extern const char kp_tsv_header[];

#endif /* VMSPLIT_KPATH_ANALYZE_H */
