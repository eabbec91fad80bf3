/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The host's files, as the vmsplit command reads and writes them.  An input
 * (a kernel .config, diff's JSON) is read whole, up to a limit its reader
 * names, from a regular file, a FIFO or a pipe (`--kconfig <(zcat
 * /proc/config.gz)`), and nothing else: a device never ends (/dev/zero) and
 * a directory reads as nothing.  An output (--svg, --plot) is checked
 * before a run that may take minutes, so a bad path costs nothing.
 */
#ifndef VMSPLIT_BASE_HOSTFILE_H
#define VMSPLIT_BASE_HOSTFILE_H

#include <stddef.h>

/*
 * How long a FIFO may wait for its writer.  Opening a FIFO for reading
 * blocks until someone opens it for writing, for ever if nobody does; we
 * open without blocking and give a writer this long to come (a writer
 * started in the same shell line is there within milliseconds).  A writer
 * that came is then waited for like any reader waits for a pipe.
 */
#define HOSTFILE_WRITER_WAIT_MS 1000

/*
 * hostfile_read - the whole of the file at @path, at most @limit bytes.
 * @path may name a regular file, a FIFO or a pipe (/dev/fd/N, /dev/stdin);
 * a directory, a device or a socket is refused without reading it.  A
 * FIFO whose writer does not come within HOSTFILE_WRITER_WAIT_MS is an
 * error, as is one whose writer left before it was opened without writing.
 * Return: 0 with *@buf (from malloc, NUL-terminated, @len bytes besides
 * the NUL; the file may hold NULs of its own) and *@len, or a negative
 * errno with a one-line reason naming @path in @err: -EISDIR, -EINVAL (not
 * a file or a pipe), -EFBIG (past @limit), -ETIMEDOUT (no writer), -ENOMEM,
 * or open(2)'s or read(2)'s error.
 */
int hostfile_read(const char *path, size_t limit, char **buf, size_t *len,
		  char *err, size_t errlen);

/*
 * hostfile_check_writable - could the file at @path be written now?
 * Nothing is changed: a missing file is created and removed at once, an
 * existing regular file is opened without truncating it, and a FIFO, a
 * device or a pipe (/dev/stdout, >(gzip)) is not opened at all (opening a
 * FIFO would block without a reader, and closing it again would end the
 * reader's input).
 * Return: 0, or the negative errno that creating or opening @path gave
 * (-EISDIR for a directory, -ENOENT for a missing directory, ...).
 */
int hostfile_check_writable(const char *path);

#endif
