// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host files the command reads and writes (base/hostfile.h): a file,
 * a pipe or a FIFO read whole up to its limit and not a byte past it, the
 * wait for a FIFO's writer bounded, whatever else is refused unread, and
 * the check of an output path leaving nothing behind.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/hostfile.h"

static char dir[] = "/tmp/vmsplit-hostfile-XXXXXX";
static char path[128], err[256];
static char *buf;
static size_t len;

/* A hang is the failure these tests look for: end it rather than wait. */
static void setup(void)
{
	alarm(20);
	cr_assert(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/f", dir);
}

static void teardown(void)
{
	free(buf);
	buf = NULL;
	unlink(path);
	rmdir(dir);
}

TestSuite(hostfile, .init = setup, .fini = teardown);

/* @n bytes of 'x' in the file at path. */
static void write_bytes(size_t n)
{
	FILE *f = fopen(path, "w");

	cr_assert(f);
	for (size_t i = 0; i < n; i++)
		fputc('x', f);
	cr_assert_eq(fclose(f), 0);
}

static int read_path(size_t limit)
{
	free(buf);
	buf = NULL;
	return hostfile_read(path, limit, &buf, &len, err, sizeof(err));
}

Test(hostfile, a_file_of_the_limit_is_read_one_byte_more_is_not)
{
	write_bytes(100);
	cr_assert_eq(read_path(100), 0, "%s", err);
	cr_assert_eq(len, 100);
	cr_assert_eq(buf[99], 'x');
	cr_assert_eq(buf[100], '\0');
	write_bytes(101);
	cr_assert_eq(read_path(100), -EFBIG);
	cr_assert_null(buf);
	cr_assert_str_eq(err + strlen(path), ": larger than 100 bytes");
	write_bytes(0);
	cr_assert_eq(read_path(100), 0, "%s", err);
	cr_assert_eq(len, 0);
	cr_assert_eq(buf[0], '\0');
}

/* A sparse terabyte is refused from its size, in no time. */
Test(hostfile, a_sparse_file_past_the_limit_is_not_read)
{
	write_bytes(0);
	cr_assert_eq(truncate(path, 1ll << 40), 0);
	cr_assert_eq(read_path(4u << 20), -EFBIG);
	cr_assert_str_eq(err + strlen(path), ": larger than 4194304 bytes");
}

/* A pipe has no size: its limit is found by reading. */
Test(hostfile, a_pipe_is_read_up_to_the_limit)
{
	char data[300];
	int fds[2];

	memset(data, 'p', sizeof(data));
	for (size_t limit = 299; limit <= 300; limit++) {
		cr_assert_eq(pipe(fds), 0);
		cr_assert_eq(write(fds[1], data, sizeof(data)), sizeof(data));
		close(fds[1]);
		snprintf(path, sizeof(path), "/dev/fd/%d", fds[0]);
		free(buf);
		buf = NULL;
		cr_assert_eq(hostfile_read(path, limit, &buf, &len, err,
					   sizeof(err)),
			     limit == 300 ? 0 : -EFBIG, "%s", err);
		close(fds[0]);
	}
	cr_assert_eq(len, 300);
	cr_assert_eq(buf[299], 'p');
}

/*
 * A child that opens the FIFO for writing after @open_ms, writes @text
 * (NULL: nothing) after @write_ms more, and closes it.
 */
static pid_t fifo_writer(int open_ms, int write_ms, const char *text)
{
	pid_t pid = fork();

	cr_assert_geq(pid, 0);
	if (!pid) {
		int fd;

		usleep((useconds_t)open_ms * 1000);
		fd = open(path, O_WRONLY);
		usleep((useconds_t)write_ms * 1000);
		if (fd < 0 || (text && write(fd, text, strlen(text)) < 0))
			_exit(1);
		_exit(0);
	}
	return pid;
}

/*
 * Read a new FIFO whose writer fifo_writer(@open_ms, @write_ms, @text)
 * starts at the same time: it must read as @text ("" for NULL).
 */
static void read_fifo(int open_ms, int write_ms, const char *text)
{
	pid_t w;
	int st;

	cr_assert_eq(mkfifo(path, 0600), 0);
	w = fifo_writer(open_ms, write_ms, text);
	cr_assert_eq(read_path(4096), 0, "%s", err);
	cr_assert_str_eq(buf, text ? text : "");
	cr_assert_eq(len, strlen(buf));
	cr_assert_eq(waitpid(w, &st, 0), w);
	cr_assert(WIFEXITED(st) && !WEXITSTATUS(st));
}

Test(hostfile, a_fifo_whose_writer_comes_later_is_read)
{
	read_fifo(100, 0, "CONFIG_HIGHMEM=y\n");
}

/* A writer that is there is waited for as long as it takes to write. */
Test(hostfile, a_fifo_writer_slower_than_the_wait_is_waited_for)
{
	read_fifo(100, HOSTFILE_WRITER_WAIT_MS + 300, "late\n");
}

Test(hostfile, a_fifo_whose_writer_leaves_at_once_is_empty)
{
	read_fifo(100, 0, NULL);
}

Test(hostfile, a_fifo_without_a_writer_is_an_error_not_a_hang)
{
	char want[256];

	cr_assert_eq(mkfifo(path, 0600), 0);
	cr_assert_eq(read_path(4096), -ETIMEDOUT);
	snprintf(want, sizeof(want),
		 "%s: a FIFO that no process opened for writing within %d ms",
		 path, HOSTFILE_WRITER_WAIT_MS);
	cr_assert_str_eq(err, want);
}

Test(hostfile, what_is_not_a_file_or_a_pipe_is_refused)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	cr_assert_eq(hostfile_read(dir, 100, &buf, &len, err, sizeof(err)),
		     -EISDIR);
	cr_assert_str_eq(err + strlen(dir),
			 ": a directory, not a file or a pipe");
	cr_assert_eq(hostfile_read("/dev/zero", 100, &buf, &len, err,
				   sizeof(err)),
		     -EINVAL);
	cr_assert_str_eq(err,
			 "/dev/zero: a character device, not a file or a pipe");
	cr_assert_eq(read_path(100), -ENOENT);
	cr_assert_str_eq(err + strlen(path),
			 ": cannot open: No such file or directory");
	/* A socket's path cannot even be opened. */
	/* mkdtemp's paths are short: a sun_path holds them. */
	cr_assert_lt(strlen(path), sizeof(a.sun_path));
	memcpy(a.sun_path, path, strlen(path) + 1);
	cr_assert_geq(s, 0);
	cr_assert_eq(bind(s, (struct sockaddr *)&a, sizeof(a)), 0);
	cr_assert_eq(read_path(100), -ENXIO);
	cr_assert_str_eq(err + strlen(path),
			 ": cannot open: No such device or address");
	close(s);
	cr_assert_null(buf);
}

Test(hostfile, a_writable_path_is_checked_without_a_trace)
{
	char sub[160];
	struct stat st;

	/* Missing: it could be made, and is not left made. */
	cr_assert_eq(hostfile_check_writable(path), 0);
	cr_assert_eq(stat(path, &st), -1);
	/* There: not truncated. */
	write_bytes(7);
	cr_assert_eq(hostfile_check_writable(path), 0);
	cr_assert_eq(stat(path, &st), 0);
	cr_assert_eq(st.st_size, 7);
	cr_assert_eq(hostfile_check_writable(dir), -EISDIR);
	snprintf(sub, sizeof(sub), "%s/no/such/dir/x.svg", dir);
	cr_assert_eq(hostfile_check_writable(sub), -ENOENT);
	snprintf(sub, sizeof(sub), "%s/f/x.svg", dir);
	cr_assert_eq(hostfile_check_writable(sub), -ENOTDIR);
	cr_assert_eq(hostfile_check_writable("/dev/null"), 0);
	/* A FIFO without a reader is not opened: that would block. */
	unlink(path);
	cr_assert_eq(mkfifo(path, 0600), 0);
	cr_assert_eq(hostfile_check_writable(path), 0);
}
