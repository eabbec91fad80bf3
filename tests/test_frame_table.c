// SPDX-License-Identifier: GPL-2.0-only
/*
 * Frame tables (mm/frame_table.c): values read zero until written, a
 * chunk allocated only where a value is asked for, the walk over the
 * allocated chunks in pfn order up to max_pfn, the reset
 * by frame_table_exit, and the stop on a frame outside RAM.  (RAM comes
 * in multiples of 4 MiB, so every board's last chunk is full.)
 */
#include "helpers.h"

#include "mm/frame_table.h"

struct walk {
	u32 frames, nonzero;
	unsigned long first, last;
};

static void visit(unsigned long pfn, void *value, void *arg)
{
	struct walk *w = arg;

	if (!w->frames)
		w->first = pfn;
	else
		cr_assert_gt(pfn, w->last, "pfn %#lx after %#lx", pfn,
			     w->last);
	w->last = pfn;
	w->frames++;
	w->nonzero += *(u64 *)value != 0;
}

Test(frame_table, values_read_zero_until_written_in_chunks_by_pfn)
{
	TEST_BOOT("numaq-16");
	struct frame_table t = FRAME_TABLE_INIT(sizeof(u64));
	unsigned long end_chunk = min_pfn + (max_pfn - min_pfn - 1) /
						   FRAME_TABLE_CHUNK *
						   FRAME_TABLE_CHUNK;
	struct walk w = { 0 };
	u64 *v;

	cr_assert_null(frame_table_peek(&t, min_pfn + 5));
	v = frame_table_slot(&t, min_pfn + 5);
	cr_assert_eq(*v, 0);
	*v = 7;
	cr_assert_eq(*(const u64 *)frame_table_peek(&t, min_pfn + 5), 7);
	/* Its neighbours share the chunk: there, but zero. */
	cr_assert_eq(*(const u64 *)frame_table_peek(&t, min_pfn + 6), 0);
	cr_assert_null(frame_table_peek(&t, min_pfn + FRAME_TABLE_CHUNK));
	*(u64 *)frame_table_slot(&t, max_pfn - 1) = 9;

	frame_table_for_each(&t, visit, &w);
	cr_assert_eq(w.first, min_pfn);
	cr_assert_eq(w.last, max_pfn - 1);
	cr_assert_eq(w.frames, FRAME_TABLE_CHUNK + (max_pfn - end_chunk));
	cr_assert_eq(w.nonzero, 2);

	frame_table_exit(&t);
	cr_assert_null(frame_table_peek(&t, min_pfn + 5));
	cr_assert_eq(*(u64 *)frame_table_slot(&t, min_pfn + 5), 0);
	frame_table_exit(&t);
	test_shutdown();
}

Test(frame_table, a_frame_outside_ram_stops)
{
	TEST_BOOT("kirkwood-openblocks-a7");
	/* Static: the directory the slot allocates outlives the panic. */
	static struct frame_table t = FRAME_TABLE_INIT(sizeof(u32));

	EXPECT_PANIC("frame_table_grow: BUG_ON",
		     { frame_table_slot(&t, max_pfn); });
}
