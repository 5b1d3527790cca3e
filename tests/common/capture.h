/* Capturing what a test's kernels print: stdout goes to a temporary file
 * between capture_begin and capture_end (printf output is written by the
 * runtime before the command completes, OpenCL C 3.0 §6.15.14). */
#ifndef KILN_TESTS_CAPTURE_H
#define KILN_TESTS_CAPTURE_H

#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

static FILE *cap_file;
static int saved_fd = -1;

static inline void capture_begin(void)
{
	fflush(stdout);
	cap_file = tmpfile();
	REQUIRE(cap_file);
	saved_fd = dup(1);
	REQUIRE(saved_fd >= 0);
	REQUIRE(dup2(fileno(cap_file), 1) == 1);
}

/* What went to stdout since capture_begin (malloc'ed, NUL-terminated). */
static inline char *capture_end(void)
{
	fflush(stdout);
	REQUIRE(dup2(saved_fd, 1) == 1);
	close(saved_fd);
	int fd = fileno(cap_file);
	off_t n = lseek(fd, 0, SEEK_END);
	REQUIRE(n >= 0);
	lseek(fd, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	REQUIRE(buf);
	size_t got = 0;
	while (got < (size_t)n) {
		ssize_t r = read(fd, buf + got, (size_t)n - got);
		REQUIRE(r > 0);
		got += (size_t)r;
	}
	buf[got] = '\0';
	fclose(cap_file);
	return buf;
}

#endif
