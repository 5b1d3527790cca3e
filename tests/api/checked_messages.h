/* checked_messages.h: what the checked-mode tests (test_check_*.c) share,
 * header-only: the context callback that collects checked-mode messages,
 * the check that one kernel's message names its check, source line and
 * given strings, and running a kernel whose event must fail (or not).
 * The includer defines, before including: `src`, the program's source, in
 * which the line of each planted defect carries the marker "/&#42;L:<kernel>&#42;/"
 * (a C comment in the OpenCL source), and includes check.h and pthread.h. */
#ifndef KILN_TEST_CHECKED_MESSAGES_H
#define KILN_TEST_CHECKED_MESSAGES_H

static pthread_mutex_t msg_lock = PTHREAD_MUTEX_INITIALIZER;
static char messages[1 << 16];

static void CL_CALLBACK notify(const char *errinfo, const void *info, size_t cb,
			       void *user)
{
	(void)info, (void)cb, (void)user;
	pthread_mutex_lock(&msg_lock);
	size_t len = strlen(messages);
	snprintf(messages + len, sizeof(messages) - len, "%s\n", errinfo);
	pthread_mutex_unlock(&msg_lock);
}

static void clear_messages(void)
{
	pthread_mutex_lock(&msg_lock);
	messages[0] = 0;
	pthread_mutex_unlock(&msg_lock);
}

/* The line of src holding /&#42;L:name&#42;/ (1-based). */
static int line_of(const char *name)
{
	char mark[64];
	snprintf(mark, sizeof(mark), "/*L:%s*/", name);
	const char *at = strstr(src, mark);
	REQUIRE(at);
	int line = 1;
	for (const char *p = src; p < at; p++)
		line += *p == '\n';
	return line;
}

/* The checked-mode message of kernel `k` holds each of the strings. */
/* The check whose messages expect_message looks for. */
static const char *check_name = "out of bounds";
static void expect_message(const char *k, const char *const *parts, size_t n)
{
	char head[128], where[64];
	snprintf(head, sizeof(head), "%s in kernel \"%s\"", check_name, k);
	snprintf(where, sizeof(where), ":%d:", line_of(k));
	pthread_mutex_lock(&msg_lock);
	const char *m = strstr(messages, head);
	CHECK(m != NULL);
	if (m) {
		const char *end = strchr(m, '\n');
		size_t len = end ? (size_t)(end - m) : strlen(m);
		char one[2048];
		snprintf(one, sizeof(one), "%.*s", (int)len, m);
		CHECK(strstr(one, where) != NULL);
		for (size_t i = 0; i < n; i++) {
			CHECK(strstr(one, parts[i]) != NULL);
			if (!strstr(one, parts[i]))
				fprintf(stderr, "  \"%s\" not in: %s\n", parts[i], one);
		}
	} else {
		fprintf(stderr, "no message for %s; messages:\n%s\n", k, messages);
	}
	pthread_mutex_unlock(&msg_lock);
}

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static cl_program prog;

/* Runs kernel `k` over `global` work-items in groups of `local` (0: any)
 * and checks that its event ends in CL_OUT_OF_RESOURCES (or CL_COMPLETE
 * when `clean`), and that a marker waiting for it fails too. */
static void run(cl_kernel k, size_t global, size_t local, int clean)
{
	cl_event ev, after;
	CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, local ? &local : NULL, 0,
					NULL, &ev));
	CHECK_OK(clEnqueueMarkerWithWaitList(q, 1, &ev, &after));
	clFinish(q);
	cl_int st = 0, st2 = 0;
	CHECK_OK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
	CHECK_OK(clGetEventInfo(after, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st2), &st2,
				NULL));
	if (clean) {
		CHECK(st == CL_COMPLETE);
		CHECK(st2 == CL_COMPLETE);
	} else {
		CHECK(st == CL_OUT_OF_RESOURCES);
		CHECK(st2 < 0);
	}
	clReleaseEvent(ev);
	clReleaseEvent(after);
}

#endif
