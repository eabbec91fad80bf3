/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Boards as text (docs/board-files.md): one parameter of struct platform a
 * line -- its path in the struct, its value, then the source tag and text
 * -- so that a board is read, checked and changed without a compiler.  The
 * built-in boards are such files (boards/, built into the binary);
 * `--platform-file FILE` reads another, and `vmsplit platforms NAME
 * --format board` writes one back out as it was read.
 */
#ifndef VMSPLIT_PLATFORMS_BOARD_FILE_H
#define VMSPLIT_PLATFORMS_BOARD_FILE_H

#include <stdio.h>

#include "platforms/platform.h"

/* The parameters a board file sets, in the order it writes them. */
u32 board_nr_fields(void);
const char *board_field_key(u32 i);

/*
 * board_parse - a board from @text (NUL-terminated), named @where in
 * messages ("FILE" or "boards/NAME.board").  Every parameter appears at
 * most once; a file that begins with "base NAME" starts from that
 * registered board (its values and sources) and may set any subset, any
 * other file must set them all.  Return: a board allocated for the
 * program's life, or NULL with one line in @err ("FILE:LINE: what").
 */
struct platform *board_parse(const char *text, const char *where, char *err,
			     size_t errlen);

/* Free a board board_parse gave that was never registered. */
void board_free(struct platform *p);

/*
 * board_write - @p as a board file: its notes, then every parameter with
 * its source, in board_field_key's order.  board_parse of the output gives
 * @p again, and for a board read from a file written so, the same bytes.
 */
void board_write(const struct platform *p, FILE *f);

/* The source of parameter @key of @p ("[S] ..."), or NULL if none. */
const char *board_source(const struct platform *p, const char *key);

#endif
