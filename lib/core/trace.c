/* The timeline trace (see trace.h; docs/trace.md describes the file).
 *
 * The file is always valid JSON.  It is mapped into memory (MAP_SHARED) and
 * holds
 *     {"displayTimeUnit":"ns","traceEvents":[\n<event>,\n<event>...\n]<spaces>}
 * Each event is copied, under one mutex, over the array's end "\n]",
 * with a new "\n]" behind it, into the spaces; the object's "}" is the
 * file's last byte.  So after every event the file parses, and since its
 * pages belong to the file, not to the process, a crash, abort() or
 * _exit() loses nothing written: only the spare spaces stay (a normal exit
 * cuts them off).  The spaces sit inside the object, before its "}", and
 * not after it: Perfetto's JSON reader, reading in chunks, refuses
 * anything after the closing brace, whitespace included.  Room grows by
 * writing spaces and a new "}" to the end of the file first, then mapping
 * them, so no moment shows NUL bytes.
 *
 * Cost: an event is formatted by hand (no printf) into a stack buffer and
 * copied into the mapping; no system call per event.
 *
 * Processes: the file is locked (flock) by the process that opened it; a
 * process that finds it locked (a child started with the same environment)
 * writes <name>.<pid>.json instead of truncating it.  A fork()ed child
 * drops the parent's mapping and, at its first event, opens
 * <name>.<pid>.json, so it never writes into the parent's file. */
#include "trace.h"

#include "command.h"
#include "debug.h"
#include "device.h"
#include "event.h"
#include "kernel.h"
#include "queue.h"
#include "../compiler/phase_hook.h"

#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

bool kiln_trace_on;

static const char header[] = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
static const char trailer[] = "\n]";
#define TRAILER_LEN (sizeof(trailer) - 1)
/* The mapping grows by at least this much (spaces written first). */
#define GROW_BYTES ((size_t)4 << 20)

/* Track ids (the "tid" of the events; all in one process "pid"): queue
 * lanes, worker threads and build threads take the next number when first
 * used.  Their sort index keeps queues on top, then builds, then workers. */
enum { SORT_QUEUE = 0, SORT_BUILD = 1000000, SORT_WORKER = 2000000 };

/* A queue's lanes: commands of an out-of-order queue may overlap in time,
 * and a viewer nests the slices of one track, so an overlapping command
 * goes to the next lane whose last slice ended before it started. */
#define QUEUE_LANES 16
struct queue_tracks {
	unsigned tid[QUEUE_LANES];      /* 0: lane not named yet */
	cl_ulong last_end[QUEUE_LANES];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* Everything below is guarded by `lock`. */
static char path[PATH_MAX];     /* KILN_TRACE as given */
static int fd = -1;
static char *map;
static size_t map_size;
static size_t end;              /* where the trailer starts */
static int pid;                 /* of the file's process */
static bool reopen;             /* a fork()ed child: open its own file first */
static unsigned generation;     /* counts files opened: a new one needs names again */
static unsigned next_tid = 1;
static unsigned long long next_flow = 1;
static struct queue_tracks *queues; /* indexed by queue->trace_id - 1 */
static unsigned num_queues, queues_cap;

/* The calling thread's tracks, valid while their generation is current. */
static __thread unsigned tl_worker_tid, tl_worker_gen;
static __thread unsigned tl_build_tid, tl_build_gen;

/* --- formatting ------------------------------------------------------- */

/* A bounded output buffer; what does not fit is dropped (never overrun). */
struct out {
	char *p, *end;
};

static void put(struct out *o, const char *s, size_t n)
{
	if ((size_t)(o->end - o->p) < n)
		n = (size_t)(o->end - o->p);
	memcpy(o->p, s, n);
	o->p += n;
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* A string literal, its length known at compile time. */
#define PUT_LIT(o, lit) put((o), (lit), sizeof(lit) - 1)

/* Two decimal digits at a time: half the divisions of one at a time (the
 * timestamps have 14 digits and more). */
static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

static void put_u64(struct out *o, unsigned long long v)
{
	char tmp[24];
	int i = sizeof(tmp);
	while (v >= 100) {
		i -= 2;
		memcpy(tmp + i, digit_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		i -= 2;
		memcpy(tmp + i, digit_pairs + 2 * v, 2);
	} else {
		tmp[--i] = (char)('0' + v);
	}
	put(o, tmp + i, sizeof(tmp) - (size_t)i);
}

/* Nanoseconds as microseconds with three decimals (the format's unit). */
static void put_us(struct out *o, cl_ulong ns)
{
	put_u64(o, ns / 1000);
	char frac[4] = { '.', (char)('0' + ns / 100 % 10),
			 (char)('0' + ns / 10 % 10), (char)('0' + ns % 10) };
	put(o, frac, 4);
}

/* A JSON string (quotes included) of at most `max` bytes of `s`: quotes,
 * backslashes and control characters escaped, bytes above ASCII replaced
 * by '?' (names and options need not be UTF-8). */
static void put_json_str(struct out *o, const char *s, size_t max)
{
	static const char hex[] = "0123456789abcdef";
	put(o, "\"", 1);
	for (size_t i = 0; s && s[i] && i < max; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			char e[2] = { '\\', (char)c };
			put(o, e, 2);
		} else if (c < 0x20) {
			char e[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			put(o, e, 6);
		} else {
			char ch = c < 0x80 ? (char)c : '?';
			put(o, &ch, 1);
		}
	}
	put(o, "\"", 1);
}

/* The start of an event: ",\n{"ph":"<ph>","pid":P,"tid":T" */
static void put_head(struct out *o, const char *ph, unsigned tid)
{
	PUT_LIT(o, ",\n{\"ph\":\"");
	puts_(o, ph);
	PUT_LIT(o, "\",\"pid\":");
	put_u64(o, (unsigned)pid);
	PUT_LIT(o, ",\"tid\":");
	put_u64(o, tid);
}

/* --- the file ----------------------------------------------------------- */

/* Writes `n` spaces at `at` with pwrite (extending the file). */
static bool write_spaces(size_t at, size_t n)
{
	static char spaces[65536];
	if (spaces[0] != ' ')
		memset(spaces, ' ', sizeof(spaces));
	while (n) {
		size_t k = n < sizeof(spaces) ? n : sizeof(spaces);
		ssize_t w = pwrite(fd, spaces, k, (off_t)at);
		if (w <= 0)
			return false;
		at += (size_t)w;
		n -= (size_t)w;
	}
	return true;
}

/* Makes room for `need` more bytes behind `end` (the trailer and the final
 * "}" stay behind them).  Caller holds `lock`. */
static bool grow(size_t need)
{
	if (end + need + TRAILER_LEN + 1 <= map_size)
		return true;
	/* Steps of 4 MiB: writing them stalls the other tracing threads
	 * (they wait for the lock) for only as long as 4 MiB take to reach
	 * the page cache, and a crashed process's file keeps at most that
	 * much spare room. */
	size_t size = map_size + GROW_BYTES;
	if (size < end + need + TRAILER_LEN + 1)
		size = end + need + TRAILER_LEN + 1 + GROW_BYTES;
	/* Spaces, then the new "}", then a space over the old one: between
	 * the last two writes the file has a "}" too many. */
	if (!write_spaces(map_size, size - 1 - map_size) ||
	    pwrite(fd, "}", 1, (off_t)(size - 1)) != 1 ||
	    (map_size && pwrite(fd, " ", 1, (off_t)(map_size - 1)) != 1))
		return false;
	void *m = map ? mremap(map, map_size, size, MREMAP_MAYMOVE)
		      : mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		return false;
#ifdef MADV_POPULATE_WRITE
	/* Writable page-table entries for the new room in one call, instead
	 * of a write fault per page while events are copied (Linux 5.14;
	 * where it fails, the faults happen as before). */
	madvise((char *)m + (map_size & ~(size_t)4095), size - (map_size & ~(size_t)4095),
		MADV_POPULATE_WRITE);
#endif
	map = m;
	map_size = size;
	return true;
}

/* Appends one event (starting ",\n") and a fresh trailer.  Caller holds
 * `lock`. */
static void append(const char *ev, size_t n)
{
	if (!map || !grow(n))
		return;
	/* The new trailer first (into spaces), then the event over the old
	 * one: the window in which the file does not parse is one copy. */
	memcpy(map + end + n, trailer, TRAILER_LEN);
	memcpy(map + end, ev, n);
	end += n;
}

static void name_track(unsigned tid, const char *name, unsigned sort)
{
	char buf[512];
	struct out o = { buf, buf + sizeof(buf) };
	put_head(&o, "M", tid);
	PUT_LIT(&o, ",\"name\":\"thread_name\",\"args\":{\"name\":");
	put_json_str(&o, name, 200);
	PUT_LIT(&o, "}}");
	append(buf, (size_t)(o.p - buf));
	o.p = buf;
	put_head(&o, "M", tid);
	PUT_LIT(&o, ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":");
	put_u64(&o, sort);
	PUT_LIT(&o, "}}");
	append(buf, (size_t)(o.p - buf));
}

/* Opens `name` for this process (truncating it), writes the header and the
 * process's name.  Caller holds `lock` (or is the only thread). */
static bool open_file(const char *name)
{
	fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return false;
	/* Never truncate a file another live process traces into. */
	if (flock(fd, LOCK_EX | LOCK_NB) != 0 || ftruncate(fd, 0) != 0) {
		close(fd);
		fd = -1;
		return false;
	}
	pid = (int)getpid();
	map = NULL;
	map_size = end = 0;
	if (!grow(sizeof(header))) {
		close(fd);
		fd = -1;
		return false;
	}
	memcpy(map, header, sizeof(header) - 1);
	end = sizeof(header) - 1;
	/* The first event has no comma before it: the process's name. */
	char buf[128];
	struct out o = { buf, buf + sizeof(buf) };
	PUT_LIT(&o, "{\"ph\":\"M\",\"pid\":");
	put_u64(&o, (unsigned)pid);
	PUT_LIT(&o, ",\"tid\":0,\"name\":\"process_name\",\"args\":{\"name\":\"Kiln (pid ");
	put_u64(&o, (unsigned)pid);
	PUT_LIT(&o, ")\"}}");
	append(buf, (size_t)(o.p - buf));
	generation++;
	for (unsigned i = 0; i < num_queues; i++)
		memset(&queues[i], 0, sizeof(queues[i]));
	return true;
}

/* `path` with ".<pid>" before a ".json" ending (or at the end). */
static void own_name(char *out, size_t cap)
{
	size_t n = strlen(path);
	size_t stem = n >= 5 && strcmp(path + n - 5, ".json") == 0 ? n - 5 : n;
	char num[24];
	struct out o = { num, num + sizeof(num) - 1 };
	put_u64(&o, (unsigned)getpid());
	*o.p = 0;
	if (stem + strlen(num) + 7 > cap) {
		out[0] = 0;
		return;
	}
	memcpy(out, path, stem);
	out[stem] = '.';
	strcpy(out + stem + 1, num);
	strcat(out, ".json");
}

/* True when the file is ready for an event.  Caller holds `lock`. */
static bool ready(void)
{
	if (reopen) {
		reopen = false;
		char name[PATH_MAX];
		own_name(name, sizeof(name));
		if (!name[0] || !open_file(name))
			kiln_trace_on = false;
	}
	return map != NULL;
}

static void atfork_prepare(void)
{
	pthread_mutex_lock(&lock);
}

static void atfork_parent(void)
{
	pthread_mutex_unlock(&lock);
}

/* The child keeps nothing of the parent's file (closing its descriptor
 * does not release the parent's lock: flock locks belong to the open file,
 * which the parent still holds). */
static void atfork_child(void)
{
	if (map)
		munmap(map, map_size);
	if (fd >= 0)
		close(fd);
	map = NULL;
	fd = -1;
	map_size = end = 0;
	reopen = kiln_trace_on;
	pthread_mutex_init(&lock, NULL);
}

static void phase_hook(const char *phase, uint64_t start_ns, uint64_t end_ns);

/* Read when the library is loaded, like KILN_DEBUG (debug.c). */
__attribute__((constructor)) static void read_kiln_trace(void)
{
	const char *v = getenv("KILN_TRACE");
	if (!v || !*v || strlen(v) >= sizeof(path) - 32)
		return;
	strcpy(path, v);
	if (!open_file(path)) {
		/* Locked by another process (or unwritable): our own name. */
		char name[PATH_MAX];
		own_name(name, sizeof(name));
		if (!name[0] || !open_file(name))
			return;
	}
	pthread_atfork(atfork_prepare, atfork_parent, atfork_child);
	kiln_compiler_set_phase_hook(phase_hook);
	kiln_trace_on = true;
}

/* A normal exit: cut the spare spaces off.  Threads still running find
 * no mapping and write nothing. */
__attribute__((destructor)) static void close_kiln_trace(void)
{
	if (!kiln_trace_on)
		return;
	pthread_mutex_lock(&lock);
	if (map && pid == (int)getpid()) {
		munmap(map, map_size);
		map = NULL;
		/* "\n]}\n" and nothing after it; a failed write leaves the
		 * spaces, which parse too. */
		if (pwrite(fd, "}\n", 2, (off_t)(end + TRAILER_LEN)) == 2 &&
		    ftruncate(fd, (off_t)(end + TRAILER_LEN + 2)) != 0) {
			/* nothing more to do */
		}
		close(fd);
		fd = -1;
	}
	pthread_mutex_unlock(&lock);
}

/* --- events --------------------------------------------------------- */

/* The track of lane `lane` of queue `q`, named on first use.  Caller holds
 * `lock`. */
static unsigned queue_tid(cl_command_queue q, unsigned lane)
{
	if (!q->trace_id) {
		if (num_queues == queues_cap) {
			unsigned cap = queues_cap ? 2 * queues_cap : 16;
			struct queue_tracks *g = realloc(queues, cap * sizeof(*g));
			if (!g)
				return 0;
			queues = g;
			queues_cap = cap;
		}
		memset(&queues[num_queues], 0, sizeof(queues[0]));
		q->trace_id = ++num_queues;
	}
	struct queue_tracks *t = &queues[q->trace_id - 1];
	if (!t->tid[lane]) {
		t->tid[lane] = next_tid++;
		char name[256];
		struct out o = { name, name + sizeof(name) - 1 };
		puts_(&o, (q->properties & CL_QUEUE_ON_DEVICE) ? "device queue " : "queue ");
		put_u64(&o, q->trace_id);
		puts_(&o, kiln_queue_in_order(q) ? " (in order, " : " (out of order, ");
		puts_(&o, q->device->props.name);
		PUT_LIT(&o, ")");
		if (lane) {
			PUT_LIT(&o, " lane ");
			put_u64(&o, lane + 1);
		}
		*o.p = 0;
		name_track(t->tid[lane], name, SORT_QUEUE + q->trace_id * QUEUE_LANES + lane);
	}
	return t->tid[lane];
}

/* A lane of `q` free at `start`; it is busy until `stop`.  Caller holds
 * `lock`. */
static unsigned pick_lane(cl_command_queue q, cl_ulong start, cl_ulong stop)
{
	struct queue_tracks *t = &queues[q->trace_id - 1];
	unsigned lane = QUEUE_LANES - 1; /* all busy: the last one overlaps */
	for (unsigned i = 0; i < QUEUE_LANES; i++)
		if (t->last_end[i] <= start) {
			lane = i;
			break;
		}
	if (t->last_end[lane] < stop)
		t->last_end[lane] = stop;
	return lane;
}

/* The middle of a command's slice (as written: at least 2 ns long), where
 * a flow arrow binds to it. */
static cl_ulong slice_mid(cl_event ev)
{
	cl_ulong d = ev->t_end - ev->t_start;
	return ev->t_start + (d < 2 ? 2 : d) / 2;
}

static void put_flow(struct out *o, const char *ph, unsigned tid,
		     cl_ulong ts, unsigned long long id)
{
	put_head(o, ph, tid);
	PUT_LIT(o, ",\"cat\":\"dep\",\"name\":\"waits for\",\"id\":");
	put_u64(o, id);
	PUT_LIT(o, ",\"ts\":");
	put_us(o, ts);
	if (ph[0] == 'f')
		PUT_LIT(o, ",\"bp\":\"e\"");
	PUT_LIT(o, "}");
}

/* "CL_COMMAND_READ_BUFFER" → "READ_BUFFER". */
static const char *short_type(cl_command_type type)
{
	const char *n = kiln_command_type_name(type);
	return strncmp(n, "CL_COMMAND_", 11) == 0 ? n + 11 : n;
}

void kiln_trace_command(struct kiln_command *cmd, cl_int status)
{
	cl_event ev = cmd->event;
	cl_ulong now = kiln_time_now();
	/* The event's times, completed where a state was skipped (a command
	 * whose dependency failed never ran), so queued ≤ submitted ≤ start
	 * ≤ end ≤ complete; event.c's stamp() keeps what is set here. */
	if (!ev->t_queued)
		ev->t_queued = now;
	if (!ev->t_submit)
		ev->t_submit = ev->t_queued;
	if (!ev->t_start)
		ev->t_start = now;
	if (!ev->t_end)
		ev->t_end = now;
	ev->t_complete = now;

	char buf[2048];
	struct out o = { buf, buf + sizeof(buf) };
	pthread_mutex_lock(&lock);
	if (!ready() || !queue_tid(cmd->queue, 0)) {
		pthread_mutex_unlock(&lock);
		return;
	}
	cl_ulong dur = ev->t_end - ev->t_start;
	if (dur < 2)
		dur = 2; /* as written: a slice with room for an arrow's end */
	unsigned tid = queue_tid(cmd->queue,
				 pick_lane(cmd->queue, ev->t_start, ev->t_start + dur));
	ev->trace_tid = tid;

	put_head(&o, "X", tid);
	PUT_LIT(&o, ",\"cat\":\"command\",\"ts\":");
	put_us(&o, ev->t_start);
	PUT_LIT(&o, ",\"dur\":");
	put_us(&o, dur);
	/* The name: the kernel and its global size, the bytes a transfer
	 * moves, or the command type. */
	char name[320];
	struct out n = { name, name + sizeof(name) - 1 };
	cl_uint dims = 0;
	size_t offset[3], global[3], local[3];
	if (kiln_ndrange_is(cmd)) {
		kiln_ndrange_geometry(cmd, &dims, offset, global, local);
		put(&n, cmd->label ? cmd->label : "kernel", strnlen(cmd->label ? cmd->label : "kernel", 200));
		for (cl_uint d = 0; d < dims; d++) {
			put(&n, d ? "x" : " ", 1);
			put_u64(&n, global[d]);
		}
	} else {
		puts_(&n, short_type(cmd->type));
		if (cmd->label) {
			puts_(&n, " ");
			put(&n, cmd->label, strnlen(cmd->label, 200));
		}
		if (cmd->bytes) {
			puts_(&n, " ");
			put_u64(&n, cmd->bytes);
			puts_(&n, " B");
		}
	}
	*n.p = 0;
	PUT_LIT(&o, ",\"name\":");
	put_json_str(&o, name, sizeof(name));
	/* Running and end are the slice's ts and ts + dur; the other times
	 * are arguments.  The status only when it is an error. */
	PUT_LIT(&o, ",\"args\":{\"type\":\"");
	puts_(&o, kiln_command_type_name(cmd->type));
	if (status < 0) {
		PUT_LIT(&o, "\",\"status\":\"");
		puts_(&o, kiln_error_name(status));
	}
	PUT_LIT(&o, "\",\"queued_us\":");
	put_us(&o, ev->t_queued);
	PUT_LIT(&o, ",\"submitted_us\":");
	put_us(&o, ev->t_submit);
	PUT_LIT(&o, ",\"complete_us\":");
	put_us(&o, ev->t_complete);
	PUT_LIT(&o, ",\"waited_us\":");
	put_us(&o, ev->t_start - ev->t_submit);
	if (dims) {
		PUT_LIT(&o, ",\"global_size\":[");
		for (cl_uint d = 0; d < dims; d++) {
			if (d)
				PUT_LIT(&o, ",");
			put_u64(&o, global[d]);
		}
		PUT_LIT(&o, "],\"local_size\":[");
		for (cl_uint d = 0; d < dims; d++) {
			if (d)
				PUT_LIT(&o, ",");
			put_u64(&o, local[d]);
		}
		PUT_LIT(&o, "]");
	}
	if (cmd->bytes) {
		PUT_LIT(&o, ",\"bytes\":");
		put_u64(&o, cmd->bytes);
	}
	unsigned user_waits = 0;
	for (unsigned i = 0; i < cmd->num_edges; i++)
		user_waits += kiln_command_edge_event(cmd, i)->queue == NULL;
	if (user_waits) {
		PUT_LIT(&o, ",\"user_events_waited\":");
		put_u64(&o, user_waits);
	}
	PUT_LIT(&o, "}}");
	append(buf, (size_t)(o.p - buf));

	/* An arrow from each command it waited for (wait list, in-order
	 * predecessor, barrier, marker) to this one. */
	o.p = buf;
	for (unsigned i = 0; i < cmd->num_edges; i++) {
		cl_event src = kiln_command_edge_event(cmd, i);
		if (!src->trace_tid)
			continue; /* a user event: no slice to start from */
		if ((size_t)(o.end - o.p) < 400) {
			append(buf, (size_t)(o.p - buf));
			o.p = buf;
		}
		unsigned long long id = next_flow++;
		put_flow(&o, "s", src->trace_tid, slice_mid(src), id);
		put_flow(&o, "f", tid, slice_mid(ev), id);
	}
	if (o.p != buf)
		append(buf, (size_t)(o.p - buf));
	pthread_mutex_unlock(&lock);
}

/* The calling thread's worker track.  Caller holds `lock`. */
static unsigned worker_tid(unsigned worker)
{
	if (tl_worker_tid && tl_worker_gen == generation)
		return tl_worker_tid;
	tl_worker_tid = next_tid++;
	tl_worker_gen = generation;
	char name[64];
	struct out o = { name, name + sizeof(name) - 1 };
	PUT_LIT(&o, "worker ");
	put_u64(&o, worker);
	PUT_LIT(&o, " (thread ");
	put_u64(&o, (unsigned long long)syscall(SYS_gettid));
	PUT_LIT(&o, ")");
	*o.p = 0;
	name_track(tl_worker_tid, name, SORT_WORKER + tl_worker_tid);
	return tl_worker_tid;
}

void kiln_trace_chunk(const char *kernel, size_t first, size_t last,
		      unsigned worker, cl_ulong t0)
{
	cl_ulong now = kiln_time_now();
	char buf[512];
	struct out o = { buf, buf + sizeof(buf) };
	pthread_mutex_lock(&lock);
	if (!ready()) {
		pthread_mutex_unlock(&lock);
		return;
	}
	put_head(&o, "X", worker_tid(worker));
	PUT_LIT(&o, ",\"cat\":\"work-groups\",\"ts\":");
	put_us(&o, t0);
	PUT_LIT(&o, ",\"dur\":");
	put_us(&o, now - t0);
	char name[300];
	struct out n = { name, name + sizeof(name) - 1 };
	put(&n, kernel ? kernel : "kernel", strnlen(kernel ? kernel : "kernel", 200));
	puts_(&n, " groups ");
	put_u64(&n, first);
	puts_(&n, "-");
	put_u64(&n, last - 1);
	*n.p = 0;
	PUT_LIT(&o, ",\"name\":");
	put_json_str(&o, name, sizeof(name));
	PUT_LIT(&o, ",\"args\":{\"first_group\":");
	put_u64(&o, first);
	PUT_LIT(&o, ",\"groups\":");
	put_u64(&o, last - first);
	PUT_LIT(&o, "}}");
	append(buf, (size_t)(o.p - buf));
	pthread_mutex_unlock(&lock);
}

/* The calling thread's build track.  Caller holds `lock`. */
static unsigned build_tid(void)
{
	if (tl_build_tid && tl_build_gen == generation)
		return tl_build_tid;
	tl_build_tid = next_tid++;
	tl_build_gen = generation;
	char name[64];
	struct out o = { name, name + sizeof(name) - 1 };
	PUT_LIT(&o, "program builds (thread ");
	put_u64(&o, (unsigned long long)syscall(SYS_gettid));
	PUT_LIT(&o, ")");
	*o.p = 0;
	name_track(tl_build_tid, name, SORT_BUILD + tl_build_tid);
	return tl_build_tid;
}

static void build_slice(const char *name, const char *detail, cl_ulong t0,
			cl_ulong t1)
{
	char buf[1024];
	struct out o = { buf, buf + sizeof(buf) };
	pthread_mutex_lock(&lock);
	if (!ready()) {
		pthread_mutex_unlock(&lock);
		return;
	}
	put_head(&o, "X", build_tid());
	PUT_LIT(&o, ",\"cat\":\"build\",\"ts\":");
	put_us(&o, t0);
	PUT_LIT(&o, ",\"dur\":");
	put_us(&o, t1 - t0);
	PUT_LIT(&o, ",\"name\":");
	put_json_str(&o, name, 200);
	if (detail) {
		PUT_LIT(&o, ",\"args\":{\"detail\":");
		put_json_str(&o, detail, 600);
		PUT_LIT(&o, "}");
	}
	PUT_LIT(&o, "}");
	append(buf, (size_t)(o.p - buf));
	pthread_mutex_unlock(&lock);
}

void kiln_trace_build_phase(const char *name, const char *detail, cl_ulong t0)
{
	build_slice(name, detail, t0, kiln_time_now());
}

/* The compiler's phases (lib/compiler/compiler.h), on the same clock. */
static void phase_hook(const char *phase, uint64_t start_ns, uint64_t end_ns)
{
	if (KILN_TRACE_ON())
		build_slice(phase, NULL, start_ns, end_ns);
}

void kiln_trace_build_step(const char *step, const void *program,
			   const char *device, const char *options,
			   const char *result, cl_ulong t0)
{
	char detail[700];
	struct out o = { detail, detail + sizeof(detail) - 1 };
	PUT_LIT(&o, "program 0x");
	char hex[17];
	uintptr_t v = (uintptr_t)program;
	int i = 16;
	hex[i] = 0;
	do {
		hex[--i] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	puts_(&o, hex + i);
	PUT_LIT(&o, ", device \"");
	put(&o, device ? device : "", strnlen(device ? device : "", 120));
	PUT_LIT(&o, "\", options \"");
	put(&o, options ? options : "", strnlen(options ? options : "", 400));
	PUT_LIT(&o, "\": ");
	puts_(&o, result);
	*o.p = 0;
	build_slice(step, detail, t0, kiln_time_now());
}
