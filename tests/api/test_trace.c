/* The timeline trace (KILN_TRACE=<file>.json, docs/trace.md).  Each case
 * runs a small program in a child process with KILN_TRACE set before its
 * first OpenCL call (Kiln reads it when the ICD loader loads it), then
 * parses the file with the strict JSON parser below and checks its
 * tracks and events against what the program did:
 *   - normal exit: a queue track per queue, the kernel's slice with its
 *     name and global size, reads/writes/copies with their byte counts,
 *     the times in order, flow arrows from the kernel to the read after it
 *     (in-order queue) and to a copy on another queue that waits for it
 *     (wait list) and from both to a marker, worker tracks whose chunks
 *     cover every work-group exactly once, build tracks with the compiler
 *     phases, a cache miss for the first build and a hit for the second;
 *   - _exit() and abort() with objects unreleased and commands still
 *     waiting for a user event: the file is valid JSON and holds what ran;
 *   - fork(): the child's events go to <file>.<pid>.json, never into the
 *     parent's file, which stays valid;
 *   - many events (several times the room prepared when the file is
 *     opened, so the file grows while events are written, by the helper
 *     thread and by the tracing thread), after a normal exit, after
 *     _exit(), and in a fork()ed child of a process whose helper runs:
 *     every event is there and the file is valid JSON. */
#include "check.h"

#include <dirent.h>
#include <stdbool.h>
#include <math.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* --- a strict JSON parser (RFC 8259) ------------------------------------ */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jtype t;
	double num;
	char *str;          /* J_STR */
	struct jv *items;   /* J_ARR, J_OBJ (values) */
	char **keys;        /* J_OBJ */
	size_t n;
};

struct parser {
	const char *p, *end;
	bool bad;
};

static void ws(struct parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\n' ||
				   *ps->p == '\r' || *ps->p == '\t'))
		ps->p++;
}

static bool parse_value(struct parser *ps, struct jv *out, int depth);

static bool parse_string(struct parser *ps, char **out)
{
	if (ps->p >= ps->end || *ps->p != '"')
		return false;
	ps->p++;
	size_t cap = 16, n = 0;
	char *s = malloc(cap);
	for (;;) {
		if (ps->p >= ps->end)
			goto bad;
		unsigned char c = (unsigned char)*ps->p++;
		if (c == '"')
			break;
		if (c < 0x20)
			goto bad; /* control characters must be escaped */
		if (c == '\\') {
			if (ps->p >= ps->end)
				goto bad;
			char e = *ps->p++;
			switch (e) {
			case '"': c = '"'; break;
			case '\\': c = '\\'; break;
			case '/': c = '/'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'n': c = '\n'; break;
			case 'r': c = '\r'; break;
			case 't': c = '\t'; break;
			case 'u':
				for (int i = 0; i < 4; i++)
					if (ps->p >= ps->end || !strchr("0123456789abcdefABCDEF", *ps->p++) ||
					    !ps->p[-1])
						goto bad;
				c = '?';
				break;
			default:
				goto bad;
			}
		}
		if (n + 2 > cap)
			s = realloc(s, cap *= 2);
		s[n++] = (char)c;
	}
	s[n] = 0;
	*out = s;
	return true;
bad:
	free(s);
	return false;
}

static bool parse_number(struct parser *ps, double *out)
{
	const char *s = ps->p;
	const char *q = s;
	if (q < ps->end && *q == '-')
		q++;
	if (q >= ps->end)
		return false;
	if (*q == '0')
		q++;
	else if (*q >= '1' && *q <= '9')
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	else
		return false;
	if (q < ps->end && *q == '.') {
		q++;
		if (q >= ps->end || *q < '0' || *q > '9')
			return false;
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	}
	if (q < ps->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < ps->end && (*q == '+' || *q == '-'))
			q++;
		if (q >= ps->end || *q < '0' || *q > '9')
			return false;
		while (q < ps->end && *q >= '0' && *q <= '9')
			q++;
	}
	char buf[64];
	size_t len = (size_t)(q - s);
	if (len >= sizeof(buf))
		return false;
	memcpy(buf, s, len);
	buf[len] = 0;
	*out = strtod(buf, NULL);
	ps->p = q;
	return true;
}

static bool literal(struct parser *ps, const char *word)
{
	size_t n = strlen(word);
	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return false;
	ps->p += n;
	return true;
}

static bool parse_value(struct parser *ps, struct jv *out, int depth)
{
	memset(out, 0, sizeof(*out));
	if (depth > 64)
		return false;
	ws(ps);
	if (ps->p >= ps->end)
		return false;
	char c = *ps->p;
	if (c == '{' || c == '[') {
		bool obj = c == '{';
		out->t = obj ? J_OBJ : J_ARR;
		ps->p++;
		size_t cap = 0;
		ws(ps);
		if (ps->p < ps->end && *ps->p == (obj ? '}' : ']')) {
			ps->p++;
			return true;
		}
		for (;;) {
			if (out->n == cap) {
				cap = cap ? 2 * cap : 8;
				out->items = realloc(out->items, cap * sizeof(*out->items));
				if (obj)
					out->keys = realloc(out->keys, cap * sizeof(*out->keys));
			}
			if (obj) {
				ws(ps);
				if (!parse_string(ps, &out->keys[out->n]))
					return false;
				ws(ps);
				if (ps->p >= ps->end || *ps->p++ != ':')
					return false;
			}
			if (!parse_value(ps, &out->items[out->n], depth + 1))
				return false;
			out->n++;
			ws(ps);
			if (ps->p >= ps->end)
				return false;
			char d = *ps->p++;
			if (d == ',')
				continue;
			return d == (obj ? '}' : ']');
		}
	}
	if (c == '"') {
		out->t = J_STR;
		return parse_string(ps, &out->str);
	}
	if (literal(ps, "true") || literal(ps, "false")) {
		out->t = J_BOOL;
		return true;
	}
	if (literal(ps, "null"))
		return true;
	out->t = J_NUM;
	return parse_number(ps, &out->num);
}

static const struct jv *get(const struct jv *o, const char *key)
{
	if (!o || o->t != J_OBJ)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (strcmp(o->keys[i], key) == 0)
			return &o->items[i];
	return NULL;
}

static const char *str_of(const struct jv *o, const char *key)
{
	const struct jv *v = get(o, key);
	return v && v->t == J_STR ? v->str : "";
}

static double num_of(const struct jv *o, const char *key)
{
	const struct jv *v = get(o, key);
	return v && v->t == J_NUM ? v->num : NAN;
}

/* Reads and parses `path`; false (and a message) unless it is one valid
 * JSON value with only whitespace around it. */
static bool load_json(const char *path, struct jv *out)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "cannot open %s\n", path);
		return false;
	}
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)size + 1);
	size_t got = fread(buf, 1, (size_t)size, f);
	fclose(f);
	struct parser ps = { buf, buf + got, false };
	bool ok = parse_value(&ps, out, 0);
	ws(&ps);
	if (ok && ps.p != ps.end)
		ok = false;
	if (!ok)
		fprintf(stderr, "%s: not valid JSON near byte %ld\n", path,
			(long)(ps.p - buf));
	free(buf);
	return ok;
}

/* --- the traced program ------------------------------------------------- */

#define N 4096
#define LOCAL 64

static const char *source =
	"kernel void trace_scale(global float *out, global const float *in)\n"
	"{\n"
	"	size_t i = get_global_id(0);\n"
	"	out[i] = 2.0f * in[i] + 1.0f;\n"
	"}\n";

enum ending { END_NORMAL, END_EXIT, END_ABORT, END_FORK };

/* The child: runs the program with the trace in `file`, ends as `how`.
 * Exit code 0 when every result was right (for END_EXIT: 7). */
static void traced_program(const char *file, const char *cache_dir,
			   enum ending how)
{
	setenv("KILN_TRACE", file, 1);
	setenv("KILN_CACHE_DIR", cache_dir, 1);
	unsetenv("KILN_CACHE");
	cl_platform_id platform;
	cl_device_id dev;
	check_get_device(&platform, &dev);
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(ctx);
	cl_command_queue q1 = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	cl_queue_properties ooo[] = { CL_QUEUE_PROPERTIES,
				      CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0 };
	cl_command_queue q2 = clCreateCommandQueueWithProperties(ctx, dev, ooo, &err);
	REQUIRE(q1 && q2);

	/* Two programs of the same source: the second build hits the
	 * cache the first one filled. */
	cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
	REQUIRE(clBuildProgram(prog, 1, &dev, "", NULL, NULL) == CL_SUCCESS);
	cl_program again = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
	REQUIRE(clBuildProgram(again, 1, &dev, "", NULL, NULL) == CL_SUCCESS);
	cl_kernel k = clCreateKernel(prog, "trace_scale", &err);
	REQUIRE(k);

	static float in[N], out[N], copy[N];
	for (int i = 0; i < N; i++)
		in[i] = (float)i;
	cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY, sizeof(in), NULL, &err);
	cl_mem bout = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(out), NULL, &err);
	cl_mem bcopy = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(out), NULL, &err);
	REQUIRE(bin && bout && bcopy);
	clSetKernelArg(k, 0, sizeof(bout), &bout);
	clSetKernelArg(k, 1, sizeof(bin), &bin);

	cl_event kev, cev;
	size_t global = N, local = LOCAL;
	int bad = 0;
	bad |= clEnqueueWriteBuffer(q1, bin, CL_FALSE, 0, sizeof(in), in, 0, NULL, NULL);
	bad |= clEnqueueNDRangeKernel(q1, k, 1, NULL, &global, &local, 0, NULL, &kev);
	/* In order after the kernel: an arrow kernel → read. */
	bad |= clEnqueueReadBuffer(q1, bout, CL_FALSE, 0, sizeof(out), out, 0, NULL, NULL);
	/* On the other queue, waiting for the kernel: an arrow across
	 * queues; half the buffer, so its size is its own. */
	bad |= clEnqueueCopyBuffer(q2, bout, bcopy, 0, 0, sizeof(out) / 2, 1, &kev, &cev);
	cl_event both[2] = { kev, cev };
	bad |= clEnqueueMarkerWithWaitList(q2, 2, both, NULL);
	bad |= clFinish(q1) | clFinish(q2);
	bad |= clEnqueueReadBuffer(q2, bcopy, CL_TRUE, 0, sizeof(out) / 2, copy, 0, NULL, NULL);
	for (int i = 0; i < N; i++)
		bad |= out[i] != 2.0f * (float)i + 1.0f || (i < N / 2 && copy[i] != out[i]);

	if (how == END_EXIT || how == END_ABORT) {
		/* Commands that never run: they wait for a user event. */
		cl_event gate = clCreateUserEvent(ctx, &err);
		clEnqueueNDRangeKernel(q1, k, 1, NULL, &global, &local, 1, &gate, NULL);
		clFlush(q1);
		if (how == END_ABORT) {
			struct rlimit none = { 0, 0 };
			setrlimit(RLIMIT_CORE, &none);
			abort();
		}
		_exit(bad ? 1 : 7);
	}
	if (how == END_FORK) {
		pid_t pid = fork();
		if (pid == 0) {
			/* A different global size, so its slice is recognizable. */
			size_t g2 = 2 * LOCAL;
			int e = clEnqueueNDRangeKernel(q1, k, 1, NULL, &g2, &local, 0, NULL, NULL);
			e |= clFinish(q1);
			_exit(e ? 1 : 0);
		}
		int st;
		waitpid(pid, &st, 0);
		bad |= !WIFEXITED(st) || WEXITSTATUS(st) != 0;
		/* The parent goes on tracing after the fork. */
		bad |= clEnqueueReadBuffer(q1, bout, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL);
	}
	clReleaseEvent(kev);
	clReleaseEvent(cev);
	clReleaseMemObject(bin);
	clReleaseMemObject(bout);
	clReleaseMemObject(bcopy);
	clReleaseKernel(k);
	clReleaseProgram(prog);
	clReleaseProgram(again);
	clReleaseCommandQueue(q1);
	clReleaseCommandQueue(q2);
	clReleaseContext(ctx);
	exit(bad ? 1 : 0);
}

/* Runs traced_program in a child; returns its wait status. */
static int run_child(const char *file, const char *cache_dir, enum ending how)
{
	fflush(NULL);
	pid_t pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0)
		traced_program(file, cache_dir, how);
	int st;
	REQUIRE(waitpid(pid, &st, 0) == pid);
	return st;
}

/* Markers enough for about 12 MiB of events: six steps of the file's
 * room (trace.c grows it by 2 MiB and prepares 4 MiB when it opens it). */
#define MANY 50000

/* The child for many events: MANY markers on one queue, then ends as
 * `how` (END_NORMAL, END_EXIT: exit code 7, END_FORK: a fork()ed child
 * enqueues MANY more into its own file, the parent waits for it and exits
 * normally).  Exit code 0 when every call succeeded. */
static void many_events(const char *file, enum ending how)
{
	setenv("KILN_TRACE", file, 1);
	cl_platform_id platform;
	cl_device_id dev;
	check_get_device(&platform, &dev);
	cl_int err;
	cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
	REQUIRE(ctx);
	cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
	REQUIRE(q);
	int bad = 0;
	for (int i = 0; i < MANY; i++)
		bad |= clEnqueueMarkerWithWaitList(q, 0, NULL, NULL);
	bad |= clFinish(q);
	if (how == END_EXIT)
		_exit(bad ? 1 : 7);
	if (how == END_FORK) {
		fflush(NULL);
		pid_t pid = fork();
		if (pid == 0) {
			int e = 0;
			for (int i = 0; i < MANY; i++)
				e |= clEnqueueMarkerWithWaitList(q, 0, NULL, NULL);
			e |= clFinish(q);
			exit(e ? 1 : 0);
		}
		int st;
		waitpid(pid, &st, 0);
		bad |= !WIFEXITED(st) || WEXITSTATUS(st) != 0;
	}
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	exit(bad ? 1 : 0);
}

/* --- checks on a parsed trace ------------------------------------------- */

struct trace {
	const struct jv *ev; /* the traceEvents array */
};

static const char *track_name(const struct trace *t, double tid)
{
	for (size_t i = 0; i < t->ev->n; i++) {
		const struct jv *e = &t->ev->items[i];
		if (strcmp(str_of(e, "ph"), "M") == 0 &&
		    strcmp(str_of(e, "name"), "thread_name") == 0 &&
		    num_of(e, "tid") == tid)
			return str_of(get(e, "args"), "name");
	}
	return "";
}

/* The first complete ("X") event of category `cat` whose name starts with
 * `prefix`. */
static const struct jv *find_x(const struct trace *t, const char *cat,
			       const char *prefix)
{
	for (size_t i = 0; i < t->ev->n; i++) {
		const struct jv *e = &t->ev->items[i];
		if (strcmp(str_of(e, "ph"), "X") == 0 &&
		    strcmp(str_of(e, "cat"), cat) == 0 &&
		    strncmp(str_of(e, "name"), prefix, strlen(prefix)) == 0)
			return e;
	}
	return NULL;
}

static bool inside(const struct jv *x, double tid, double ts)
{
	return x && num_of(x, "tid") == tid && ts >= num_of(x, "ts") &&
	       ts <= num_of(x, "ts") + num_of(x, "dur");
}

/* Whether a flow arrow ("s" then "f" of one id) leads from slice `a` to
 * slice `b`. */
static bool flow_between(const struct trace *t, const struct jv *a,
			 const struct jv *b)
{
	for (size_t i = 0; i < t->ev->n; i++) {
		const struct jv *s = &t->ev->items[i];
		if (strcmp(str_of(s, "ph"), "s") != 0 ||
		    !inside(a, num_of(s, "tid"), num_of(s, "ts")))
			continue;
		for (size_t j = 0; j < t->ev->n; j++) {
			const struct jv *f = &t->ev->items[j];
			if (strcmp(str_of(f, "ph"), "f") == 0 &&
			    num_of(f, "id") == num_of(s, "id") &&
			    strcmp(str_of(f, "bp"), "e") == 0 &&
			    inside(b, num_of(f, "tid"), num_of(f, "ts")))
				return true;
		}
	}
	return false;
}

/* Every flow id has exactly one start and one end, each inside a command
 * slice of its track. */
static void check_flows_bound(const struct trace *t)
{
	int flows = 0, bound = 0;
	for (size_t i = 0; i < t->ev->n; i++) {
		const struct jv *s = &t->ev->items[i];
		const char *ph = str_of(s, "ph");
		if (strcmp(ph, "s") && strcmp(ph, "f"))
			continue;
		flows++;
		for (size_t j = 0; j < t->ev->n; j++) {
			const struct jv *x = &t->ev->items[j];
			if (strcmp(str_of(x, "ph"), "X") == 0 &&
			    strcmp(str_of(x, "cat"), "command") == 0 &&
			    inside(x, num_of(s, "tid"), num_of(s, "ts"))) {
				bound++;
				break;
			}
		}
	}
	CHECK(flows > 0 && flows % 2 == 0);
	CHECK(bound == flows);
}

/* Command slices of one track never overlap (viewers nest slices of a
 * track; a partial overlap would be drawn wrong). */
static void check_no_overlap(const struct trace *t, const char *cat)
{
	int overlaps = 0;
	for (size_t i = 0; i < t->ev->n; i++) {
		const struct jv *a = &t->ev->items[i];
		if (strcmp(str_of(a, "ph"), "X") || strcmp(str_of(a, "cat"), cat))
			continue;
		for (size_t j = i + 1; j < t->ev->n; j++) {
			const struct jv *b = &t->ev->items[j];
			if (strcmp(str_of(b, "ph"), "X") || strcmp(str_of(b, "cat"), cat) ||
			    num_of(a, "tid") != num_of(b, "tid"))
				continue;
			double a0 = num_of(a, "ts"), a1 = a0 + num_of(a, "dur");
			double b0 = num_of(b, "ts"), b1 = b0 + num_of(b, "dur");
			overlaps += a0 < b1 && b0 < a1;
		}
	}
	CHECK(overlaps == 0);
}

/* Chunk slices of kernel trace_scale cover groups 0..N/LOCAL-1 once each
 * (only counting slices whose group count is `groups_total`'s launch). */
static void check_chunks(const struct trace *t)
{
	int seen[N / LOCAL] = { 0 };
	int chunks = 0, worker_tracks_ok = 1;
	for (size_t i = 0; i < t->ev->n; i++) {
		const struct jv *e = &t->ev->items[i];
		if (strcmp(str_of(e, "ph"), "X") || strcmp(str_of(e, "cat"), "work-groups") ||
		    strncmp(str_of(e, "name"), "trace_scale groups ", 19))
			continue;
		chunks++;
		if (strncmp(track_name(t, num_of(e, "tid")), "worker ", 7))
			worker_tracks_ok = 0;
		const struct jv *a = get(e, "args");
		double first = num_of(a, "first_group"), n = num_of(a, "groups");
		for (double g = first; g < first + n; g++)
			if (g >= 0 && g < N / LOCAL)
				seen[(int)g]++;
	}
	int once = 0;
	for (int g = 0; g < N / LOCAL; g++)
		once += seen[g] == 1;
	CHECK(chunks >= 1);
	CHECK(worker_tracks_ok);
	CHECK(once == N / LOCAL);
}

/* The times of a command are in order: queued, submitted, running (the
 * slice's start), end (its end), complete; no error status. */
static void check_times(const struct jv *x)
{
	const struct jv *a = get(x, "args");
	double q = num_of(a, "queued_us"), s = num_of(a, "submitted_us"),
	       r = num_of(x, "ts"), e = r + num_of(x, "dur"),
	       c = num_of(a, "complete_us");
	/* 1 ns of slack: a slice is at least 2 ns long (trace.c). */
	CHECK(q <= s && s <= r && r <= e && e <= c + 0.002);
	CHECK(fabs(num_of(a, "waited_us") - (r - s)) < 0.002);
	CHECK(get(a, "status") == NULL);
}

/* What every trace of traced_program holds (up to the point it ended). */
static void check_common(const struct trace *t, bool with_marker)
{
	const struct jv *kern = find_x(t, "command", "trace_scale 4096");
	const struct jv *write = find_x(t, "command", "WRITE_BUFFER 16384 B");
	const struct jv *read = find_x(t, "command", "READ_BUFFER 16384 B");
	const struct jv *copy = find_x(t, "command", "COPY_BUFFER 8192 B");
	CHECK(kern && write && read && copy);
	if (!kern || !write || !read || !copy)
		return;
	const struct jv *ka = get(kern, "args");
	const struct jv *gs = get(ka, "global_size"), *ls = get(ka, "local_size");
	CHECK(gs && gs->t == J_ARR && gs->n == 1 && gs->items[0].num == N);
	CHECK(ls && ls->t == J_ARR && ls->n == 1 && ls->items[0].num == LOCAL);
	CHECK(strcmp(str_of(ka, "type"), "CL_COMMAND_NDRANGE_KERNEL") == 0);
	CHECK(num_of(get(read, "args"), "bytes") == N * sizeof(float));
	CHECK(num_of(get(copy, "args"), "bytes") == N * sizeof(float) / 2);
	check_times(kern);
	check_times(read);
	check_times(copy);

	/* Queue tracks: q1 in order, q2 out of order. */
	CHECK(strncmp(track_name(t, num_of(kern, "tid")), "queue ", 6) == 0);
	CHECK(strstr(track_name(t, num_of(kern, "tid")), "(in order") != NULL);
	CHECK(strstr(track_name(t, num_of(copy, "tid")), "(out of order") != NULL);
	CHECK(num_of(kern, "tid") == num_of(read, "tid"));

	/* Arrows: write → kernel → read on q1, kernel → copy across. */
	CHECK(flow_between(t, write, kern));
	CHECK(flow_between(t, kern, read));
	CHECK(flow_between(t, kern, copy));
	if (with_marker) {
		/* The marker with a wait list (clFinish adds markers too). */
		bool found = false;
		for (size_t i = 0; i < t->ev->n && !found; i++) {
			const struct jv *m = &t->ev->items[i];
			found = strcmp(str_of(m, "ph"), "X") == 0 &&
				strcmp(str_of(m, "name"), "MARKER") == 0 &&
				flow_between(t, kern, m) && flow_between(t, copy, m);
		}
		CHECK(found);
	}
	check_flows_bound(t);
	check_no_overlap(t, "command");
	check_no_overlap(t, "work-groups");
	check_chunks(t);

	/* Build tracks: the compiler's phases, a miss, then a hit. */
	static const char *phases[] = {
		"front end (OpenCL C)", "link built-in library", "work-group passes",
		"optimization (-O3)", "code generation", "load native code (JIT)",
		"build",
	};
	for (size_t i = 0; i < sizeof(phases) / sizeof(phases[0]); i++) {
		const struct jv *p = find_x(t, "build", phases[i]);
		CHECK(p != NULL);
		if (p)
			CHECK(strncmp(track_name(t, num_of(p, "tid")), "program builds", 14) == 0);
		if (!p)
			fprintf(stderr, "missing build phase %s\n", phases[i]);
	}
	const struct jv *miss = find_x(t, "build", "program cache miss");
	const struct jv *hit = find_x(t, "build", "program cache hit");
	CHECK(miss && hit && num_of(miss, "ts") < num_of(hit, "ts"));
	const struct jv *build = find_x(t, "build", "build");
	CHECK(build && strstr(str_of(get(build, "args"), "detail"), "CL_SUCCESS"));
}

/* Loads `path` and finds its traceEvents; false when invalid. */
static bool load_trace(const char *path, struct jv *root, struct trace *t)
{
	if (!load_json(path, root))
		return false;
	t->ev = get(root, "traceEvents");
	return t->ev && t->ev->t == J_ARR && t->ev->n > 0;
}

/* Whether file `path` ends with `suffix` (Perfetto's reader refuses
 * anything, whitespace included, after the closing brace). */
static bool ends_with(const char *path, const char *suffix)
{
	size_t n = strlen(suffix);
	char tail[16] = "";
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	bool ok = fseek(f, -(long)n, SEEK_END) == 0 && fread(tail, 1, n, f) == n &&
		  memcmp(tail, suffix, n) == 0;
	fclose(f);
	return ok;
}

static int count_x(const struct trace *t, const char *prefix)
{
	int n = 0;
	for (size_t i = 0; i < t->ev->n; i++) {
		const struct jv *e = &t->ev->items[i];
		n += strcmp(str_of(e, "ph"), "X") == 0 &&
		     strncmp(str_of(e, "name"), prefix, strlen(prefix)) == 0;
	}
	return n;
}

static void jv_free(struct jv *v)
{
	for (size_t i = 0; i < v->n; i++) {
		jv_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
}

int main(void)
{
	char dir[] = "/tmp/kiln-trace-test-XXXXXX";
	REQUIRE(mkdtemp(dir));
	char file[256], cache[256];
	struct jv root;
	struct trace t;

	/* 1. A normal run. */
	snprintf(file, sizeof(file), "%s/normal.json", dir);
	snprintf(cache, sizeof(cache), "%s/cache1", dir);
	int st = run_child(file, cache, END_NORMAL);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	CHECK(load_trace(file, &root, &t));
	if (t.ev) {
		check_common(&t, true);
		CHECK(count_x(&t, "trace_scale 4096") == 1);
		jv_free(&root);
	}
	/* A normal exit cuts the spare room off. */
	CHECK(ends_with(file, "\n]}\n"));

	/* 2. _exit() and abort() with everything unreleased and a command
	 * waiting for a user event. */
	static const enum ending abnormal[] = { END_EXIT, END_ABORT };
	for (int i = 0; i < 2; i++) {
		snprintf(file, sizeof(file), "%s/abnormal%d.json", dir, i);
		snprintf(cache, sizeof(cache), "%s/cache-ab%d", dir, i);
		st = run_child(file, cache, abnormal[i]);
		if (abnormal[i] == END_EXIT)
			CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 7);
		else
			CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT);
		/* The spare room stays, inside the object. */
		CHECK(ends_with(file, " }"));
		memset(&t, 0, sizeof(t));
		CHECK(load_trace(file, &root, &t));
		if (t.ev) {
			check_common(&t, true);
			/* The gated kernel never ran: one kernel slice. */
			CHECK(count_x(&t, "trace_scale 4096") == 1);
			jv_free(&root);
		}
	}

	/* 3. fork(): the child writes its own file. */
	snprintf(file, sizeof(file), "%s/forked.json", dir);
	snprintf(cache, sizeof(cache), "%s/cache-fork", dir);
	st = run_child(file, cache, END_FORK);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	memset(&t, 0, sizeof(t));
	CHECK(load_trace(file, &root, &t));
	if (t.ev) {
		check_common(&t, true);
		CHECK(count_x(&t, "trace_scale 128") == 0);
		/* The parent's read after the fork is there. */
		CHECK(count_x(&t, "READ_BUFFER 16384 B") == 2);
		jv_free(&root);
	}
	int child_files = 0;
	DIR *d = opendir(dir);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strncmp(e->d_name, "forked.", 7) || !strcmp(e->d_name, "forked.json"))
			continue;
		child_files++;
		char path[512];
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		memset(&t, 0, sizeof(t));
		CHECK(load_trace(path, &root, &t));
		if (t.ev) {
			CHECK(count_x(&t, "trace_scale 128") == 1);
			CHECK(count_x(&t, "trace_scale 4096") == 0);
			jv_free(&root);
		}
	}
	if (d)
		closedir(d);
	CHECK(child_files == 1);

	/* 4. Many events: the file grows while they are written. */
	static const enum ending many_ends[] = { END_NORMAL, END_EXIT, END_FORK };
	for (int i = 0; i < 3; i++) {
		snprintf(file, sizeof(file), "%s/many%d.json", dir, i);
		fflush(NULL);
		pid_t pid = fork();
		REQUIRE(pid >= 0);
		if (pid == 0)
			many_events(file, many_ends[i]);
		REQUIRE(waitpid(pid, &st, 0) == pid);
		CHECK(WIFEXITED(st) && WEXITSTATUS(st) == (many_ends[i] == END_EXIT ? 7 : 0));
		CHECK(ends_with(file, many_ends[i] == END_EXIT ? " }" : "\n]}\n"));
		memset(&t, 0, sizeof(t));
		CHECK(load_trace(file, &root, &t));
		if (t.ev) {
			/* clFinish may add markers of its own.  (The other
			 * checks take time quadratic in the events.) */
			CHECK(count_x(&t, "MARKER") >= MANY);
			jv_free(&root);
		}
	}
	/* The fork()ed child's file, next to its parent's. */
	int many_children = 0;
	d = opendir(dir);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strncmp(e->d_name, "many2.", 6) || !strcmp(e->d_name, "many2.json"))
			continue;
		many_children++;
		char path[512];
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		CHECK(ends_with(path, "\n]}\n"));
		memset(&t, 0, sizeof(t));
		CHECK(load_trace(path, &root, &t));
		if (t.ev) {
			CHECK(count_x(&t, "MARKER") >= MANY);
			jv_free(&root);
		}
	}
	if (d)
		closedir(d);
	CHECK(many_children == 1);

	/* Clean up the temporary files. */
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	return check_done();
}
