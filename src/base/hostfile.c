// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host files read with a limit and checked for writing (see
 * base/hostfile.h).
 */
#include "base/hostfile.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The first allocation for a file of unknown size (a FIFO, a pipe). */
#define HOSTFILE_FIRST_CHUNK (64u << 10)

/* What a file that is neither a regular file nor a FIFO is. */
static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/* Milliseconds from now to @deadline (CLOCK_MONOTONIC), 0 once past. */
static int ms_left(const struct timespec *deadline)
{
	struct timespec now;
	long long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (long long)(deadline->tv_sec - now.tv_sec) * 1000 +
	     (deadline->tv_nsec - now.tv_nsec) / 1000000;
	return ms > 0 ? (int)ms : 0;
}

/*
 * A FIFO opened with O_NONBLOCK: wait up to HOSTFILE_WRITER_WAIT_MS for a
 * writer.  A non-blocking read tells the cases apart (pipe_read() in
 * Linux's fs/pipe.c): it returns data, -EAGAIN while a writer holds the
 * FIFO without having written, and 0 while no writer does -- none has
 * come yet, or one came and left, which poll() tells by POLLHUP.  poll()
 * itself wakes on data or on that hang-up, not on a writer's open, so the
 * read is tried again when it returns, timed out or not.
 * Return: the bytes read into @buf (0: a writer is there, or came and
 * left without writing), -ETIMEDOUT, or read(2)'s or poll(2)'s error.
 */
static ssize_t fifo_wait_writer(int fd, char *buf, size_t room)
{
	struct timespec deadline;
	bool hung_up = false;

	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += HOSTFILE_WRITER_WAIT_MS / 1000;
	deadline.tv_nsec += (HOSTFILE_WRITER_WAIT_MS % 1000) * 1000000L;
	if (deadline.tv_nsec >= 1000000000L) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000L;
	}
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n = read(fd, buf, room);
		int left;

		if (n > 0 || (n < 0 && errno == EAGAIN) || (!n && hung_up))
			return n > 0 ? n : 0;
		if (n < 0 && errno != EINTR)
			return -errno;
		if (n < 0)
			continue;
		left = ms_left(&deadline);
		if (!left)
			return -ETIMEDOUT;
		if (poll(&p, 1, left) < 0 && errno != EINTR)
			return -errno;
		hung_up = p.revents & POLLHUP;
	}
}

/*
 * Read @fd to its end into *@buf (capacity *@cap, *@len bytes in it),
 * growing it, at most @limit bytes.  Return: 0, -EFBIG, -ENOMEM or
 * read(2)'s error.
 */
static int read_to_end(int fd, size_t limit, char **buf, size_t *cap,
		       size_t *len)
{
	for (;;) {
		ssize_t n;

		/* Room for one byte past the limit, to see it passed. */
		if (*len == *cap) {
			size_t ncap = *cap * 2 > limit + 1 ? limit + 1 :
							     *cap * 2;
			char *nb;

			if (*len > limit)
				return -EFBIG;
			nb = realloc(*buf, ncap + 1);
			if (!nb)
				return -ENOMEM;
			*buf = nb;
			*cap = ncap;
		}
		n = read(fd, *buf + *len, *cap - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (!n)
			return 0;
		*len += (size_t)n;
	}
}

/* @path's reason for failing with @ret, once the file is open. */
static int read_failed(const char *path, size_t limit, int ret, char *err,
		       size_t errlen)
{
	if (ret == -EFBIG)
		snprintf(err, errlen, "%s: larger than %zu bytes", path, limit);
	else if (ret == -ETIMEDOUT)
		snprintf(
			err, errlen,
			"%s: a FIFO that no process opened for writing within %d ms",
			path, HOSTFILE_WRITER_WAIT_MS);
	else if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", path);
	else
		snprintf(err, errlen, "%s: read error: %s", path,
			 strerror(-ret));
	return ret;
}

int hostfile_read(const char *path, size_t limit, char **buf, size_t *len,
		  char *err, size_t errlen)
{
	size_t cap = HOSTFILE_FIRST_CHUNK, got = 0;
	char *data = NULL;
	struct stat st;
	int fd, flags, ret = 0;

	/* O_NONBLOCK: opening a FIFO must not wait for its writer here. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		ret = -errno;
		if (fd >= 0)
			close(fd);
		snprintf(err, errlen, "%s: cannot open: %s", path,
			 strerror(-ret));
		return ret;
	}
	if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
		close(fd);
		snprintf(err, errlen, "%s: %s, not a file or a pipe", path,
			 file_kind(st.st_mode));
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	/* Its size, when it has one: a sparse 2 GB file is not read. */
	if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > limit)
		ret = -EFBIG;
	else if (S_ISREG(st.st_mode) && st.st_size)
		cap = (size_t)st.st_size + 1;
	if (cap > limit + 1)
		cap = limit + 1;
	if (!ret) {
		data = malloc(cap + 1);
		ret = data ? 0 : -ENOMEM;
	}
	if (!ret && S_ISFIFO(st.st_mode)) {
		ssize_t n = fifo_wait_writer(fd, data, cap);

		ret = n < 0 ? (int)n : 0;
		got = n < 0 ? 0 : (size_t)n;
	}
	/* A writer is there (or has been): wait for its data as cat does. */
	if (!ret) {
		flags = fcntl(fd, F_GETFL);
		if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0)
			ret = -errno;
	}
	if (!ret)
		ret = read_to_end(fd, limit, &data, &cap, &got);
	close(fd);
	if (ret) {
		free(data);
		return read_failed(path, limit, ret, err, errlen);
	}
	data[got] = '\0';
	*buf = data;
	*len = got;
	return 0;
}

int hostfile_check_writable(const char *path)
{
	struct stat st;
	int fd;

	if (stat(path, &st)) {
		if (errno != ENOENT)
			return -errno;
		/*
		 * Missing: create it and take it away again.  O_EXCL, so
		 * that what is removed is ours; a link to a missing file
		 * exists to O_EXCL, and is left for the real open to try.
		 */
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0)
			return errno == EEXIST ? 0 : -errno;
		close(fd);
		unlink(path);
		return 0;
	}
	if (S_ISDIR(st.st_mode))
		return -EISDIR;
	if (!S_ISREG(st.st_mode))
		return 0;
	fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}
