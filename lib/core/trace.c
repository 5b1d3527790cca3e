/* The timeline trace (see trace.h; docs/trace.md describes the file).
 *
 * The file is always valid JSON.  It is mapped into memory (MAP_SHARED) and
 * holds
 *     {"displayTimeUnit":"ns","traceEvents":[\n<event>,\n<event>...\n]<spaces>}
 * Events are copied, under one mutex, over the array's end "\n]", with a
 * new "\n]" behind them, into the spaces; the object's "}" is the file's
 * last byte.  So after every copy the file parses, and since its pages
 * belong to the file, not to the process, a crash, abort() or _exit()
 * loses nothing written: only the spare spaces stay (a normal exit cuts
 * them off).  The spaces sit inside the object, before its "}", and not
 * after it: Perfetto's JSON reader, reading in chunks, refuses anything
 * after the closing brace, whitespace included.
 *
 * Room: the file grows by STEP (2 MiB) at a time, by the thread that
 * copies an event when less than ASK is left beyond it: pwrites of the
 * step's spaces, then a "}" stored at its end and a space over the old
 * "}" (through the mapping: two stores, so a crash between them is all but
 * impossible, and no moment shows NUL bytes).  That stays with the tracing
 * threads, as the only step that changes what the file says: a thread
 * killed in it (by another's crash, exit or abort) leaves spaces after the
 * "}" (which RFC 8259 allows and Perfetto does not), but a thread that
 * ends the process never finds itself inside it, and the growth is short
 * (a helper killed in the middle of it, as the helper would be when the
 * application exits right after a burst of events, would leave that file
 * behind every other time).  The mapping is one large
 * reservation of address space made when the file is opened, so it never
 * moves while the file grows under it.  A helper thread then maps the new
 * step's pages (MADV_POPULATE_WRITE and a read of each page): on the
 * development VM the first touch of a fresh tmpfs page cost 5-10 µs, as
 * much as formatting and copying twenty events (docs/trace.md, "Cost"), and
 * none of it changes the file.  The helper and whoever closes the file
 * take `prep_lock`, so the file never shrinks under the helper.
 *
 * Events: each is formatted by hand (no printf) on the caller's stack,
 * outside the mutex, up to its place in the file: the ",\"pid\":P,\"tid\":T}"
 * that ends every event here is added under the mutex, where a command's
 * track (the lane of its queue) is chosen and where a fork()ed child
 * changes the pid.  The events a call produces together (a command's
 * slice and its flow arrows) are copied in one piece.
 *
 * Processes: the file is locked (flock) by the process that opened it; a
 * process that finds it locked (a child started with the same environment)
 * writes <name>.<pid>.json instead of truncating it.  A fork()ed child
 * drops the parent's mapping and, at its first event, opens
 * <name>.<pid>.json, so it never writes into the parent's file; it starts
 * its own helper thread when it needs one. */
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
#include <signal.h>
#include <stdatomic.h>
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

/* The file grows by STEP at a time, when less than ASK bytes are left
 * beyond the events: so a crashed process's file keeps at most STEP + ASK
 * (4 MiB) of spare room, and the helper has ASK bytes of events' time to
 * map a new step. */
#define STEP ((size_t)2 << 20)
#define ASK STEP
/* Mapping the new room: one read per page (the smallest page size Linux
 * has; larger pages just take more reads than needed). */
#define TOUCH_STRIDE 4096

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

/* Lock order: `lock`, then `prep_lock`; the helper never holds both. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t prep_lock = PTHREAD_MUTEX_INITIALIZER;

/* Changed with both locks held (or by the only thread), read under
 * either: */
static int fd = -1;
static char *map;               /* the reservation; the file fills its start */
static size_t map_cap;          /* its length */

/* Guarded by `lock`: */
static char path[PATH_MAX];     /* KILN_TRACE as given */
static size_t file_size;        /* the file's length; its last byte is "}" */
static bool file_full;          /* growing failed: no more room */
static size_t end;              /* where the trailer starts */
static int pid;                 /* of the file's process */
static char place_pid[32];      /* ",\"pid\":P,\"tid\":" for that pid */
static size_t place_pid_len;
static bool reopen;             /* a fork()ed child: open its own file first */
static unsigned generation;     /* counts files opened: a new one needs names again */
static unsigned next_tid = 1;
static struct queue_tracks *queues; /* indexed by queue->trace_id - 1 */
static unsigned num_queues, queues_cap;
static bool helper_started;     /* this process's helper thread runs */
static size_t prep_from, prep_to; /* room not mapped yet (prepare()) */
static bool prep_asked;         /* the helper is at it */
static pthread_cond_t prep_wanted = PTHREAD_COND_INITIALIZER;

/* Flow arrow ids, taken outside the lock (formatting needs them). */
static atomic_ullong next_flow = 1;

/* The calling thread's tracks, valid while their generation is current. */
static __thread unsigned tl_worker_tid, tl_worker_gen;
static __thread unsigned tl_build_tid, tl_build_gen;
/* The end of the last chunk it traced (kiln_trace_chunk_end). */
static __thread cl_ulong tl_chunk_end;

/* --- formatting ------------------------------------------------------- */

/* A bounded output buffer; what does not fit is dropped (never overrun)
 * and marks it `cut`, so that no truncated event reaches the file. */
struct out {
	char *p, *end;
	bool cut;
};

static inline void put(struct out *o, const char *s, size_t n)
{
	if ((size_t)(o->end - o->p) < n) {
		n = (size_t)(o->end - o->p);
		o->cut = true;
	}
	memcpy(o->p, s, n);
	o->p += n;
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* A string literal, its length known at compile time (so the copy is a
 * few moves, not a call). */
#define PUT_LIT(o, lit) put((o), (lit), sizeof(lit) - 1)

/* Two decimal digits at a time: half the divisions of one at a time (the
 * timestamps have 14 digits and more). */
static const char digit_pairs[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* The decimal digits of v, written straight into the buffer (no copy
 * through a temporary: the timestamps alone are five numbers of 10 to 16
 * digits per command). */
static void put_u64(struct out *o, unsigned long long v)
{
	static const unsigned long long pow10[20] = {
		1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull,
		10000000ull, 100000000ull, 1000000000ull, 10000000000ull,
		100000000000ull, 1000000000000ull, 10000000000000ull,
		100000000000000ull, 1000000000000000ull, 10000000000000000ull,
		100000000000000000ull, 1000000000000000000ull,
		10000000000000000000ull,
	};
	unsigned len = 1;
	while (len < 20 && v >= pow10[len])
		len++;
	if ((size_t)(o->end - o->p) < len) {
		o->p = o->end;
		o->cut = true;
		return;
	}
	char *q = o->p + len;
	while (v >= 100) {
		q -= 2;
		memcpy(q, digit_pairs + 2 * (v % 100), 2);
		v /= 100;
	}
	if (v >= 10) {
		q -= 2;
		memcpy(q, digit_pairs + 2 * v, 2);
	} else {
		*--q = (char)('0' + v);
	}
	o->p += len;
}

/* Nanoseconds as microseconds with three decimals (the format's unit). */
static void put_us(struct out *o, cl_ulong ns)
{
	put_u64(o, ns / 1000);
	unsigned frac = (unsigned)(ns % 1000);
	char f[4] = { '.', (char)('0' + frac / 100), digit_pairs[2 * (frac % 100)],
		      digit_pairs[2 * (frac % 100) + 1] };
	put(o, f, 4);
}

/* A JSON string (quotes included) of at most `max` bytes of `s`: quotes,
 * backslashes and control characters escaped, bytes above ASCII replaced
 * by '?' (names and options need not be UTF-8). */
static void put_json_str(struct out *o, const char *s, size_t max)
{
	static const char hex[] = "0123456789abcdef";
	put(o, "\"", 1);
	size_t i = 0;
	while (s && i < max && s[i]) {
		/* The run of bytes that need no escape, in one copy (names
		 * usually are one such run). */
		size_t run = i;
		while (run < max && s[run] && (unsigned char)s[run] >= 0x20 &&
		       (unsigned char)s[run] < 0x80 && s[run] != '"' && s[run] != '\\')
			run++;
		put(o, s + i, run - i);
		if (run == max || !s[run])
			break;
		unsigned char c = (unsigned char)s[run];
		if (c == '"' || c == '\\') {
			char e[2] = { '\\', (char)c };
			put(o, e, 2);
		} else if (c < 0x20) {
			char e[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			put(o, e, 6);
		} else {
			put(o, "?", 1);
		}
		i = run + 1;
	}
	put(o, "\"", 1);
}

/* --- batches of events ---------------------------------------------- */

/* Events formatted outside the lock, copied into the file in one piece
 * under it.  Each event's text stops short of its place,
 * ",\"pid\":P,\"tid\":T}", which flush() adds with the track found at
 * `tid` then (the caller fills it under the lock). */
#define BATCH_EVENTS 16
struct batch {
	struct out o;
	unsigned n;
	struct {
		size_t end;             /* where the event's text ends */
		const unsigned *tid;
	} ev[BATCH_EVENTS];
	char text[2048];
};

static void batch_init(struct batch *b)
{
	b->o = (struct out){ b->text, b->text + sizeof(b->text), false };
	b->n = 0;
}

/* Room for `events` more events of `bytes` bytes of text in all. */
static bool batch_fits(const struct batch *b, unsigned events, size_t bytes)
{
	return b->n + events <= BATCH_EVENTS && (size_t)(b->o.end - b->o.p) >= bytes;
}

/* The start of an event: ",\n{\"ph\":\"<ph>\"" (the first event of the file
 * has no comma; open_file writes it). */
static void event_start(struct batch *b, const char *ph)
{
	PUT_LIT(&b->o, ",\n{\"ph\":\"");
	puts_(&b->o, ph);
	PUT_LIT(&b->o, "\"");
}

/* Ends the event being formatted; its track will be *tid. */
static void event_end(struct batch *b, const unsigned *tid)
{
	if (b->n == BATCH_EVENTS) {
		b->o.cut = true; /* callers check batch_fits; never reached */
		return;
	}
	b->ev[b->n].end = (size_t)(b->o.p - b->text);
	b->ev[b->n].tid = tid;
	b->n++;
}

static bool make_room(size_t n);

/* Copies the batch into the file, each event with its place, then empties
 * it.  A batch that was cut (an event too long for it) is dropped whole.
 * Caller holds `lock`, and the file is ready(). */
static void flush(struct batch *b)
{
	char places[BATCH_EVENTS][48];
	size_t place_len[BATCH_EVENTS];
	size_t total = (size_t)(b->o.p - b->text);
	for (unsigned i = 0; i < b->n; i++) {
		struct out o = { places[i], places[i] + sizeof(places[i]), false };
		put(&o, place_pid, place_pid_len);
		put_u64(&o, *b->ev[i].tid);
		PUT_LIT(&o, "}");
		place_len[i] = (size_t)(o.p - places[i]);
		total += place_len[i];
	}
	if (b->n && !b->o.cut && make_room(total)) {
		/* The new trailer first (into spaces), then the events over
		 * the old one: the window in which the file does not parse
		 * is these few copies. */
		char *to = map + end;
		memcpy(to + total, trailer, TRAILER_LEN);
		size_t from = 0;
		for (unsigned i = 0; i < b->n; i++) {
			memcpy(to, b->text + from, b->ev[i].end - from);
			to += b->ev[i].end - from;
			memcpy(to, places[i], place_len[i]);
			to += place_len[i];
			from = b->ev[i].end;
		}
		end += total;
	}
	batch_init(b);
}

/* --- the file ----------------------------------------------------------- */

/* Maps the pages of [from, to) of the file ahead of the events copied
 * there: writable page-table entries in one call (Linux 5.14; where it
 * fails, the reads fault page by page), then a read of each page, which
 * on the development VM is what made a tmpfs page cheap to store to (after
 * the madvise alone, its first store still took 4 µs).  Reads, so that
 * events being copied into the same pages meanwhile are not disturbed.
 * Caller holds `prep_lock` (the file does not shrink meanwhile). */
static void prepare(size_t from, size_t to)
{
	if (!map || to <= from)
		return;
	size_t start = from & ~(size_t)(TOUCH_STRIDE - 1);
#ifdef MADV_POPULATE_WRITE
	madvise(map + start, to - start, MADV_POPULATE_WRITE);
#endif
	for (size_t at = start; at < to; at += TOUCH_STRIDE)
		(void)((volatile char *)map)[at];
}

static void *prep_helper(void *unused);

/* Starts the helper thread, with every signal blocked (the application's
 * handlers run on its own threads).  Caller holds `lock`. */
static bool start_helper(void)
{
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_t t;
	bool ok = pthread_create(&t, &attr, prep_helper, NULL) == 0;
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ok;
}

/* The helper: maps the pages of the room not mapped yet (prepare()),
 * outside `lock`; events go on being copied meanwhile.  Detached; it
 * sleeps when there is nothing to map, and ends with the process. */
static void *prep_helper(void *unused)
{
	(void)unused;
	pthread_mutex_lock(&lock);
	for (;;) {
		while (prep_from >= prep_to) {
			prep_asked = false;
			pthread_cond_wait(&prep_wanted, &lock);
		}
		size_t from = prep_from, to = prep_to;
		pthread_mutex_unlock(&lock);
		pthread_mutex_lock(&prep_lock);
		prepare(from, to);
		pthread_mutex_unlock(&prep_lock);
		pthread_mutex_lock(&lock);
		if (prep_from == from) /* not closed meanwhile */
			prep_from = to;
	}
	return NULL;
}

/* Adds a step of room: STEP bytes of spaces before the file's "}".  False
 * (and no more growing) when the file cannot grow: a full disk, or the
 * reservation used up.  Caller holds `lock`. */
static bool grow(void)
{
	static char spaces[65536];
	size_t at = file_size, size = file_size + STEP;
	if (file_full || fd < 0 || size > map_cap) {
		file_full = true;
		return false;
	}
	if (spaces[0] != ' ')
		memset(spaces, ' ', sizeof(spaces));
	for (size_t k = 0; k < STEP; k += sizeof(spaces)) {
		if (pwrite(fd, spaces, sizeof(spaces), (off_t)(at + k)) !=
		    (ssize_t)sizeof(spaces)) {
			/* A full disk: back to the old end (best effort). */
			if (ftruncate(fd, (off_t)at) != 0) {
				/* the spaces stay behind the "}" */
			}
			file_full = true;
			return false;
		}
	}
	/* Spaces after the "}" now; then the new "}" and a space over the
	 * old one, stored through the mapping (the new page is inside the
	 * file now), in this order: between them, one "}" too many. */
	((volatile char *)map)[size - 1] = '}';
	if (at)
		((volatile char *)map)[at - 1] = ' ';
	file_size = size;
	return true;
}

/* Room for `n` more bytes of events behind `end` (the trailer and the
 * final "}" stay behind them), growing the file when little is left; new
 * room goes to the helper to map.  Caller holds `lock`. */
static bool make_room(size_t n)
{
	size_t need = end + n + TRAILER_LEN + 1;
	if (need + ASK > file_size) {
		while (need + ASK > file_size && grow())
			;
		prep_to = file_size;
	}
	if (prep_from < prep_to && !prep_asked) {
		prep_asked = true;
		if (!helper_started)
			helper_started = start_helper();
		if (helper_started) {
			pthread_cond_signal(&prep_wanted);
		} else {
			/* No helper: map the pages here. */
			pthread_mutex_lock(&prep_lock);
			prepare(prep_from, prep_to);
			pthread_mutex_unlock(&prep_lock);
			prep_from = prep_to;
			prep_asked = false;
		}
	}
	return need <= file_size;
}

/* Maps the file: one reservation of address space, as large as the
 * system lets us (the file itself grows into it), so that the mapping
 * never moves.  Caller: open_file. */
static bool map_file(void)
{
	size_t cap = (size_t)1 << (sizeof(size_t) > 4 ? 40 : 30);
	for (; cap >= 16 * STEP; cap /= 2) {
		void *m = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (m != MAP_FAILED) {
			map = m;
			map_cap = cap;
			return true;
		}
	}
	return false;
}

/* Unmaps and closes the file.  Caller holds both locks (or is the only
 * thread). */
static void drop_file(void)
{
	if (map)
		munmap(map, map_cap);
	if (fd >= 0)
		close(fd);
	map = NULL;
	fd = -1;
	map_cap = file_size = end = 0;
	prep_from = prep_to = 0;
	prep_asked = false;
}

static unsigned no_tid; /* the process track, 0 */

/* Opens `name` for this process (truncating it), writes the header and the
 * process's name.  Caller holds `lock` (or is the only thread); no helper
 * runs yet (the first event after this starts it). */
static bool open_file(const char *name)
{
	fd = open(name, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	bool ok = fd >= 0;
	/* Never truncate a file another live process traces into. */
	ok = ok && flock(fd, LOCK_EX | LOCK_NB) == 0 && ftruncate(fd, 0) == 0;
	file_size = end = prep_from = prep_to = 0;
	prep_asked = file_full = false;
	ok = ok && map_file();
	/* The first room (the helper maps it: see below). */
	while (ok && file_size < STEP + ASK)
		ok = grow();
	if (!ok) {
		drop_file();
		return false;
	}
	pid = (int)getpid();
	struct out o = { place_pid, place_pid + sizeof(place_pid), false };
	PUT_LIT(&o, ",\"pid\":");
	put_u64(&o, (unsigned)pid);
	PUT_LIT(&o, ",\"tid\":");
	place_pid_len = (size_t)(o.p - place_pid);

	memcpy(map, header, sizeof(header) - 1);
	end = sizeof(header) - 1;
	/* The first event has no comma before it: the process's name. */
	struct batch b;
	batch_init(&b);
	PUT_LIT(&b.o, "{\"ph\":\"M\",\"name\":\"process_name\",\"args\":{\"name\":\"Kiln (pid ");
	put_u64(&b.o, (unsigned)pid);
	PUT_LIT(&b.o, ")\"}");
	event_end(&b, &no_tid);
	flush(&b);
	/* Only now, so that the helper starts at the next event, from a
	 * hook, not while the library is being loaded. */
	prep_to = file_size;
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
	struct out o = { num, num + sizeof(num) - 1, false };
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
	pthread_mutex_lock(&prep_lock);
}

static void atfork_parent(void)
{
	pthread_mutex_unlock(&prep_lock);
	pthread_mutex_unlock(&lock);
}

/* The child keeps nothing of the parent's file (closing its descriptor
 * does not release the parent's lock: flock locks belong to the open file,
 * which the parent still holds), and has no helper thread. */
static void atfork_child(void)
{
	drop_file();
	reopen = kiln_trace_on;
	helper_started = false;
	pthread_mutex_init(&lock, NULL);
	pthread_mutex_init(&prep_lock, NULL);
	pthread_cond_init(&prep_wanted, NULL);
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
 * no mapping and write nothing; the helper, if it is mapping pages,
 * finishes first (prep_lock), and finds nothing to map after. */
__attribute__((destructor)) static void close_kiln_trace(void)
{
	if (!kiln_trace_on)
		return;
	pthread_mutex_lock(&lock);
	pthread_mutex_lock(&prep_lock);
	if (map && pid == (int)getpid()) {
		munmap(map, map_cap);
		map = NULL;
		/* "\n]}\n" and nothing after it; a failed write leaves the
		 * spaces, which parse too. */
		if (pwrite(fd, "}\n", 2, (off_t)(end + TRAILER_LEN)) == 2 &&
		    ftruncate(fd, (off_t)(end + TRAILER_LEN + 2)) != 0) {
			/* nothing more to do */
		}
		drop_file();
	}
	pthread_mutex_unlock(&prep_lock);
	pthread_mutex_unlock(&lock);
}

/* --- tracks --------------------------------------------------------- */

/* Names track `tid` and gives its sort index.  Caller holds `lock`. */
static void name_track(unsigned tid, const char *name, unsigned sort)
{
	struct batch b;
	batch_init(&b);
	event_start(&b, "M");
	PUT_LIT(&b.o, ",\"name\":\"thread_name\",\"args\":{\"name\":");
	put_json_str(&b.o, name, 200);
	PUT_LIT(&b.o, "}");
	event_end(&b, &tid);
	event_start(&b, "M");
	PUT_LIT(&b.o, ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":");
	put_u64(&b.o, sort);
	PUT_LIT(&b.o, "}");
	event_end(&b, &tid);
	flush(&b);
}

/* The track of lane `lane` of queue `q`, named on first use; 0 when out of
 * memory.  Caller holds `lock`. */
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
		struct out o = { name, name + sizeof(name) - 1, false };
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

/* A lane of `q` (registered by queue_tid) free at `start`; it is busy
 * until `stop`.  Caller holds `lock`. */
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

/* The calling thread's worker track.  Caller holds `lock`. */
static unsigned worker_tid(unsigned worker)
{
	if (tl_worker_tid && tl_worker_gen == generation)
		return tl_worker_tid;
	tl_worker_tid = next_tid++;
	tl_worker_gen = generation;
	char name[64];
	struct out o = { name, name + sizeof(name) - 1, false };
	PUT_LIT(&o, "worker ");
	put_u64(&o, worker);
	PUT_LIT(&o, " (thread ");
	put_u64(&o, (unsigned long long)syscall(SYS_gettid));
	PUT_LIT(&o, ")");
	*o.p = 0;
	name_track(tl_worker_tid, name, SORT_WORKER + tl_worker_tid);
	return tl_worker_tid;
}

/* The calling thread's build track.  Caller holds `lock`. */
static unsigned build_tid(void)
{
	if (tl_build_tid && tl_build_gen == generation)
		return tl_build_tid;
	tl_build_tid = next_tid++;
	tl_build_gen = generation;
	char name[64];
	struct out o = { name, name + sizeof(name) - 1, false };
	PUT_LIT(&o, "program builds (thread ");
	put_u64(&o, (unsigned long long)syscall(SYS_gettid));
	PUT_LIT(&o, ")");
	*o.p = 0;
	name_track(tl_build_tid, name, SORT_BUILD + tl_build_tid);
	return tl_build_tid;
}

/* --- events --------------------------------------------------------- */

/* The middle of a command's slice (as written: at least 2 ns long), where
 * a flow arrow binds to it. */
static cl_ulong slice_mid(cl_event ev)
{
	cl_ulong d = ev->t_end - ev->t_start;
	return ev->t_start + (d < 2 ? 2 : d) / 2;
}

/* One end of flow arrow `id` ("s" start, "f" finish), at `ts` on the track
 * *tid. */
static void put_flow(struct batch *b, const char *ph, const unsigned *tid,
		     cl_ulong ts, unsigned long long id)
{
	event_start(b, ph);
	PUT_LIT(&b->o, ",\"cat\":\"dep\",\"name\":\"waits for\",\"id\":");
	put_u64(&b->o, id);
	PUT_LIT(&b->o, ",\"ts\":");
	put_us(&b->o, ts);
	if (ph[0] == 'f')
		PUT_LIT(&b->o, ",\"bp\":\"e\"");
	event_end(b, tid);
}

/* "CL_COMMAND_READ_BUFFER" → "READ_BUFFER". */
static const char *short_type(cl_command_type type)
{
	const char *n = kiln_command_type_name(type);
	return strncmp(n, "CL_COMMAND_", 11) == 0 ? n + 11 : n;
}

/* Copies command `ev`'s batch into the file; the first time, chooses the
 * command's lane (its track, ev->trace_tid), which the batch's events
 * refer to. */
static void flush_command(cl_command_queue q, cl_event ev, cl_ulong dur,
			  struct batch *b)
{
	pthread_mutex_lock(&lock);
	if (ready()) {
		if (!ev->trace_tid && queue_tid(q, 0)) /* registers the queue */
			ev->trace_tid = queue_tid(q, pick_lane(q, ev->t_start,
							       ev->t_start + dur));
		if (ev->trace_tid)
			flush(b);
	}
	pthread_mutex_unlock(&lock);
	batch_init(b);
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
	cl_ulong dur = ev->t_end - ev->t_start;
	if (dur < 2)
		dur = 2; /* as written: a slice with room for an arrow's end */

	struct batch b;
	batch_init(&b);
	event_start(&b, "X");
	PUT_LIT(&b.o, ",\"cat\":\"command\",\"ts\":");
	put_us(&b.o, ev->t_start);
	PUT_LIT(&b.o, ",\"dur\":");
	put_us(&b.o, dur);
	/* The name: the kernel and its global size, the bytes a transfer
	 * moves, or the command type. */
	char name[320];
	struct out n = { name, name + sizeof(name) - 1, false };
	cl_uint dims = 0;
	size_t offset[3], global[3], local[3];
	if (kiln_ndrange_is(cmd)) {
		kiln_ndrange_geometry(cmd, &dims, offset, global, local);
		const char *label = cmd->label ? cmd->label : "kernel";
		put(&n, label, strnlen(label, 200));
		for (cl_uint d = 0; d < dims; d++) {
			put(&n, d ? "x" : " ", 1);
			put_u64(&n, global[d]);
		}
	} else {
		puts_(&n, short_type(cmd->type));
		if (cmd->label) {
			PUT_LIT(&n, " ");
			put(&n, cmd->label, strnlen(cmd->label, 200));
		}
		if (cmd->bytes) {
			PUT_LIT(&n, " ");
			put_u64(&n, cmd->bytes);
			PUT_LIT(&n, " B");
		}
	}
	*n.p = 0;
	PUT_LIT(&b.o, ",\"name\":");
	put_json_str(&b.o, name, sizeof(name));
	/* Running and end are the slice's ts and ts + dur; the other times
	 * are arguments.  The status only when it is an error. */
	PUT_LIT(&b.o, ",\"args\":{\"type\":\"");
	puts_(&b.o, kiln_command_type_name(cmd->type));
	if (status < 0) {
		PUT_LIT(&b.o, "\",\"status\":\"");
		puts_(&b.o, kiln_error_name(status));
	}
	PUT_LIT(&b.o, "\",\"queued_us\":");
	put_us(&b.o, ev->t_queued);
	PUT_LIT(&b.o, ",\"submitted_us\":");
	put_us(&b.o, ev->t_submit);
	PUT_LIT(&b.o, ",\"complete_us\":");
	put_us(&b.o, ev->t_complete);
	PUT_LIT(&b.o, ",\"waited_us\":");
	put_us(&b.o, ev->t_start - ev->t_submit);
	if (dims) {
		PUT_LIT(&b.o, ",\"global_size\":[");
		for (cl_uint d = 0; d < dims; d++) {
			if (d)
				PUT_LIT(&b.o, ",");
			put_u64(&b.o, global[d]);
		}
		PUT_LIT(&b.o, "],\"local_size\":[");
		for (cl_uint d = 0; d < dims; d++) {
			if (d)
				PUT_LIT(&b.o, ",");
			put_u64(&b.o, local[d]);
		}
		PUT_LIT(&b.o, "]");
	}
	if (cmd->bytes) {
		PUT_LIT(&b.o, ",\"bytes\":");
		put_u64(&b.o, cmd->bytes);
	}
	unsigned user_waits = 0;
	for (unsigned i = 0; i < cmd->num_edges; i++)
		user_waits += kiln_command_edge_event(cmd, i)->queue == NULL;
	if (user_waits) {
		PUT_LIT(&b.o, ",\"user_events_waited\":");
		put_u64(&b.o, user_waits);
	}
	PUT_LIT(&b.o, "}");
	event_end(&b, &ev->trace_tid);

	/* An arrow from each command it waited for (wait list, in-order
	 * predecessor, barrier, marker) to this one.  Those commands were
	 * traced (their trace_tid set under the lock) before they
	 * completed, so before this one ran: their tracks are read here
	 * without the lock. */
	unsigned long long id = 0;
	for (unsigned i = 0; i < cmd->num_edges; i++) {
		cl_event src = kiln_command_edge_event(cmd, i);
		if (!src->trace_tid)
			continue; /* a user event: no slice to start from */
		if (!id) /* ids for every edge at once: one atomic add */
			id = atomic_fetch_add(&next_flow, cmd->num_edges);
		if (!batch_fits(&b, 2, 400))
			flush_command(cmd->queue, ev, dur, &b);
		put_flow(&b, "s", &src->trace_tid, slice_mid(src), id);
		put_flow(&b, "f", &ev->trace_tid, slice_mid(ev), id);
		id++;
	}
	flush_command(cmd->queue, ev, dur, &b);
}

void kiln_trace_chunk(const char *kernel, size_t first, size_t last,
		      unsigned worker, cl_ulong t0)
{
	cl_ulong now = kiln_time_now();
	struct batch b;
	batch_init(&b);
	event_start(&b, "X");
	PUT_LIT(&b.o, ",\"cat\":\"work-groups\",\"ts\":");
	put_us(&b.o, t0);
	PUT_LIT(&b.o, ",\"dur\":");
	put_us(&b.o, now - t0);
	char name[300];
	struct out n = { name, name + sizeof(name) - 1, false };
	put(&n, kernel ? kernel : "kernel", strnlen(kernel ? kernel : "kernel", 200));
	PUT_LIT(&n, " groups ");
	put_u64(&n, first);
	PUT_LIT(&n, "-");
	put_u64(&n, last - 1);
	*n.p = 0;
	PUT_LIT(&b.o, ",\"name\":");
	put_json_str(&b.o, name, sizeof(name));
	PUT_LIT(&b.o, ",\"args\":{\"first_group\":");
	put_u64(&b.o, first);
	PUT_LIT(&b.o, ",\"groups\":");
	put_u64(&b.o, last - first);
	PUT_LIT(&b.o, "}");
	unsigned tid = 0;
	event_end(&b, &tid);
	pthread_mutex_lock(&lock);
	if (ready() && (tid = worker_tid(worker)))
		flush(&b);
	pthread_mutex_unlock(&lock);
	tl_chunk_end = now;
}

cl_ulong kiln_trace_chunk_end(void)
{
	return tl_chunk_end;
}

static void build_slice(const char *name, const char *detail, cl_ulong t0,
			cl_ulong t1)
{
	struct batch b;
	batch_init(&b);
	event_start(&b, "X");
	PUT_LIT(&b.o, ",\"cat\":\"build\",\"ts\":");
	put_us(&b.o, t0);
	PUT_LIT(&b.o, ",\"dur\":");
	put_us(&b.o, t1 - t0);
	PUT_LIT(&b.o, ",\"name\":");
	put_json_str(&b.o, name, 200);
	if (detail) {
		PUT_LIT(&b.o, ",\"args\":{\"detail\":");
		put_json_str(&b.o, detail, 600);
		PUT_LIT(&b.o, "}");
	}
	unsigned tid = 0;
	event_end(&b, &tid);
	pthread_mutex_lock(&lock);
	if (ready() && (tid = build_tid()))
		flush(&b);
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
	struct out o = { detail, detail + sizeof(detail) - 1, false };
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
