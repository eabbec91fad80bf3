// SPDX-License-Identifier: GPL-2.0-only
/*
 * Board files (src/platforms/board_file.c, docs/board-files.md): every
 * built-in board is its file in boards/, read back to the same struct and
 * written out to the same bytes; a board written out and given to
 * --platform-file runs to byte-identical results; a file may start from a
 * built-in board ("base"); and each malformed file is refused with one
 * line naming the file, the line and what is wrong.
 */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errno.h"
#include "platforms/board_file.h"

/* @p's board file, as `vmsplit platforms NAME` prints it. */
static char *written(const struct platform *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cr_assert(f);
	board_write(p, f);
	cr_assert_eq(fclose(f), 0);
	return buf;
}

static struct platform *parsed(const char *text)
{
	char err[256];
	struct platform *p = board_parse(text, "test.board", err, sizeof(err));

	cr_assert(p, "%s", err);
	return p;
}

/* Two boards hold the same parameters and sources. */
static void assert_same_board(const struct platform *a,
			      const struct platform *b)
{
	struct platform x = *a, y = *b;

	cr_assert_str_eq(a->name, b->name);
	cr_assert_str_eq(a->summary, b->summary);
	cr_assert_str_eq(a->kernel_cpi_how, b->kernel_cpi_how);
	cr_assert_str_eq(a->sourced_cpi_source, b->sourced_cpi_source);
	cr_assert_str_eq(a->default_flavour, b->default_flavour);
	for (u32 i = 0; i < board_nr_fields(); i++) {
		const char *k = board_field_key(i);
		const char *sa = board_source(a, k), *sb = board_source(b, k);

		cr_assert((!sa && !sb) || (sa && sb && !strcmp(sa, sb)),
			  "%s: %s: '%s' against '%s'", a->name, k,
			  sa ? sa : "(none)", sb ? sb : "(none)");
	}
	x.name = y.name = NULL;
	x.summary = y.summary = NULL;
	x.kernel_cpi_how = y.kernel_cpi_how = NULL;
	x.sourced_cpi_source = y.sourced_cpi_source = NULL;
	x.default_flavour = y.default_flavour = NULL;
	x.notes = y.notes = NULL;
	x.sources = y.sources = NULL;
	cr_assert_eq(memcmp(&x, &y, sizeof(x)), 0, "%s: a parameter differs",
		     a->name);
}

/*
 * The built-in boards are their files: each one's file as the build
 * embedded it is what board_write prints of it (the files are written in
 * the writer's form), and reading that back gives the same board.
 */
Test(board_file, built_in_boards_are_their_files)
{
	u32 n = 0;

	for (const struct board_text *t = board_texts; t->where; t++, n++) {
		const struct platform *p = platform_list()[n];
		char *out = written(p);
		struct platform *again;

		cr_assert(p);
		cr_assert_str_eq(out, t->text, "%s is not in the writer's form",
				 t->where);
		again = parsed(out);
		assert_same_board(p, again);
		board_free(again);
		free(out);
	}
	cr_assert_eq(n, 6);
	cr_assert_null(platform_list()[n]);
	/* Every parameter of every built-in board has a source, but the
	 * four that are text about the board themselves. */
	for (u32 i = 0; platform_list()[i]; i++)
		for (u32 f = 0; f < board_nr_fields(); f++) {
			const char *k = board_field_key(f);

			if (!strcmp(k, "name") || !strcmp(k, "summary") ||
			    !strcmp(k, "kernel_cpi_how") ||
			    !strcmp(k, "sourced_cpi_source"))
				continue;
			cr_assert(board_source(platform_list()[i], k),
				  "%s: %s has no source",
				  platform_list()[i]->name, k);
		}
}

/*
 * A built-in board written out and read back through --platform-file runs
 * to byte-identical results: dd's JSON on each board, its name put back.
 */
Test(board_file, written_board_runs_as_the_built_in, .timeout = 120)
{
	static const char *const boards[] = {
		"kirkwood-openblocks-a7", "beaglebone-white", "numaq-16",
		"cortex-a15-2g", "beaglebone-black", "am335x-evm",
	};

	for (size_t i = 0; i < ARRAY_SIZE(boards); i++) {
		char cmd[1024];
		struct test_sh_output a, b;

		snprintf(cmd, sizeof(cmd),
			 "f=$(mktemp) && \"$VMSPLIT_BIN\" platforms %s | "
			 "sed 's/^name .*/name \"copy-of-it\"/' > $f && "
			 "\"$VMSPLIT_BIN\" run dd --bs 512,64K --total 256K "
			 "--platform-file $f --format json | "
			 "sed 's/copy-of-it/%s/g'; rm -f $f",
			 boards[i], boards[i]);
		a = test_sh(cmd);
		snprintf(cmd, sizeof(cmd),
			 "\"$VMSPLIT_BIN\" run dd --bs 512,64K --total 256K "
			 "--platform %s --format json",
			 boards[i]);
		b = test_sh(cmd);
		cr_assert_eq(a.status, 0, "%s", a.err);
		cr_assert_eq(b.status, 0, "%s", b.err);
		cr_assert(strstr(b.out, "\"MBps\""), "%s", b.out);
		cr_assert_str_eq(a.out, b.out, "%s", boards[i]);
		free(a.out);
		free(a.err);
		free(b.out);
		free(b.err);
	}
}

/* "base NAME" starts from a built-in board, its values and sources; what
 * the file sets wins, with the file's source. */
Test(board_file, base_then_what_changes)
{
	const struct platform *black = platform_find("beaglebone-black");
	struct platform *p = parsed(
		"# the Black with 1 GiB\n"
		"base beaglebone-black\n"
		"name \"bbb-1g\"\n"
		"hw.ram_size 1G [E] a what-if\n"
		"    of 1 GiB\n");

	cr_assert_str_eq(p->name, "bbb-1g");
	/* A value set without a source drops the base's, which spoke of
	 * the base's value. */
	{
		struct platform *bare = parsed("base beaglebone-black\n"
					       "hw.ncpus 1\n");

		cr_assert_null(board_source(bare, "hw.ncpus"));
		cr_assert_str_eq(board_source(bare, "hw.cpu_hz"),
				 board_source(black, "hw.cpu_hz"));
		board_free(bare);
	}
	/* A file from another system's editor reads the same. */
	{
		struct platform *crlf = parsed("base beaglebone-black\r\n"
					       "hw.ncpus 1\r\n"
					       "hw.ram_size 1G [E] x\r\n");

		cr_assert_eq(crlf->hw.ram_size, 1ull << 30);
		cr_assert_str_eq(board_source(crlf, "hw.ram_size"), "[E] x");
		board_free(crlf);
	}
	cr_assert_eq(p->hw.ram_size, 1ull << 30);
	cr_assert_str_eq(board_source(p, "hw.ram_size"),
			 "[E] a what-if\nof 1 GiB");
	cr_assert_str_eq(p->notes, "# the Black with 1 GiB\n");
	cr_assert_eq(p->hw.cost.dram, black->hw.cost.dram);
	cr_assert_str_eq(board_source(p, "hw.cost.dram"),
			 board_source(black, "hw.cost.dram"));
	{
		/* Everything else is the Black's. */
		struct hw_config h = p->hw;

		h.ram_size = black->hw.ram_size;
		cr_assert_eq(memcmp(&h, &black->hw, sizeof(h)), 0);
	}
	board_free(p);
	/* A board may not take a registered board's name. */
	p = parsed("base beaglebone-black\n");
	cr_assert_eq(platform_register(p), -EEXIST);
	board_free(p);
}

/* Each malformed file: one line, the file and line, what is wrong. */
Test(board_file, malformed_files_are_refused_with_the_line)
{
	static const struct {
		const char *text, *msg;
	} bad[] = {
		{ "base beaglebone-black\nhw.cpu_hz 1\nhw.foo 2\n",
		  "test.board:3: unknown parameter 'hw.foo' (`vmsplit platforms NAME` lists them)" },
		{ "base beaglebone-black\nhw.ncpus 1\nhw.ncpus 2\n",
		  "test.board:3: hw.ncpus set twice" },
		{ "base beaglebone-black\nhw.l1d.kind vipt\n",
		  "test.board:2: hw.l1d.kind: bad value 'vipt'" },
		{ "base beaglebone-black\nhw.ram_size 512X\n",
		  "test.board:2: hw.ram_size: bad value '512X'" },
		{ "base beaglebone-black\nhw.l1d.ways 70000\n",
		  "test.board:2: hw.l1d.ways: bad value '70000'" },
		{ "base beaglebone-black\nhw.ncpus 1 from the manual\n",
		  "test.board:2: hw.ncpus: after the value, a source tag ([S], [D], [E], [B], [M] or [C]), not 'from the manual'" },
		{ "base beaglebone-black\nname \"a\"b\"\n",
		  "test.board:2: name: after the value, a source tag ([S], [D], [E], [B], [M] or [C]), not 'b\"'" },
		{ "hw.ncpus 1\nbase beaglebone-black\n",
		  "test.board:2: 'base' comes first, once" },
		{ "base no-such-board\n",
		  "test.board:1: no board 'no-such-board' to start from (`vmsplit platforms` lists them)" },
		{ "  [S] a source alone\n",
		  "test.board:1: an indented line belongs to no parameter's source" },
		{ "name \"x\"\n",
		  "test.board:1: summary is not set (a file without 'base' sets every parameter)" },
		{ "base beaglebone-black\nkernel_version 6.1\n",
		  "test.board:2: kernel_version: bad value '6.1'" },
		{ "base beaglebone-black\nhw.ncpus 1\nthroughput.dram_burst_bytes 24\n",
		  "test.board:3: throughput.dram_burst_bytes: not a bus width times a burst length (a power of two, 2 at least; 0: a line)" },
	};
	char err[256];

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		cr_assert_null(board_parse(bad[i].text, "test.board", err,
					   sizeof(err)),
			       "%s", bad[i].text);
		cr_assert_str_eq(err, bad[i].msg);
	}
}

/* The CLI: a bad file is exit 2 with its one line; `platforms
 * --platform-file FILE` prints the board the file gives. */
Test(board_file, cli_reads_and_refuses_files)
{
	struct test_sh_output r = test_sh(
		"f=$(mktemp) && printf 'base beaglebone-black\\nhw.ncpus two\\n' > $f && "
		"\"$VMSPLIT_BIN\" run dd --platform-file $f 2>&1 | sed \"s|$f|FILE|\"; rm -f $f");

	cr_assert_str_eq(r.out, "vmsplit: --platform-file: FILE:2: hw.ncpus: bad value 'two'\n");
	free(r.out);
	free(r.err);
	r = test_sh("f=$(mktemp) && printf 'base am335x-evm\\nname \"evm-2\"\\n' > $f && "
		    "\"$VMSPLIT_BIN\" platforms --platform-file $f | head -2; rm -f $f");
	cr_assert_str_eq(r.out, "# SPDX-License-Identifier: GPL-2.0-only\n#\n",
			 "%s", r.out);
	free(r.out);
	free(r.err);
	/* diff reads the board's name from its files: the file makes it
	 * known. */
	r = test_sh("f=$(mktemp) && printf 'base beaglebone-black\\nname \"bbb-2\"\\n' > $f && "
		    "\"$VMSPLIT_BIN\" run dd --bs 4K --total 64K --platform-file $f --format json > $f.a && "
		    "\"$VMSPLIT_BIN\" diff $f.a $f.a 2>&1 | sed \"s|$f|FILE|g\"; "
		    "\"$VMSPLIT_BIN\" diff --platform-file $f $f.a $f.a | head -1 | sed \"s|$f|FILE|g\"; rm -f $f $f.a");
	cr_assert_str_eq(r.out,
			 "vmsplit: FILE.a: [0].settings.platform: no board 'bbb-2' (one from a file: add --platform-file FILE)\n"
			 "FILE.a -> FILE.a: dd on bbb-2, the same settings (ticks of 1/HZ s of simulated CPU time, HZ=100)\n",
			 "%s", r.out);
	free(r.out);
	free(r.err);
	r = test_sh("\"$VMSPLIT_BIN\" run dd --platform-file /nonexistent.board; echo rc=$?");
	cr_assert(strstr(r.out, "rc=2\n"), "%s", r.out);
	cr_assert(strstr(r.err, "vmsplit: --platform-file: "), "%s", r.err);
	free(r.out);
	free(r.err);
}
