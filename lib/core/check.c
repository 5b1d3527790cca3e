/* Checked mode's runtime side (check.h; docs/checked_mode.md). */
#include "check.h"
#include "command.h"
#include "context.h"
#include "debug.h"
#include "image_abi.h"
#include "queue.h"
#include "svm.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* --- the mode ----------------------------------------------------------- */

static unsigned mode;
static pthread_once_t mode_once = PTHREAD_ONCE_INIT;

static void unknown_check(const char *word, int len)
{
	fprintf(stderr, "kiln: KILN_CHECK: unknown check \"%.*s\" ignored "
			"(bounds, races, uninit, barriers, 1)\n",
		len, word);
}

static void read_mode(void)
{
	mode = kiln_check_parse(getenv("KILN_CHECK"), unknown_check);
}

unsigned kiln_check_mode(void)
{
	pthread_once(&mode_once, read_mode);
	return mode;
}

/* --- the command's table -------------------------------------------------- */

/* What one worker keeps while it runs the command's groups: its own copy
 * of the services (state->check), the barrier episode being counted and
 * the local-memory shadows of the group. */
struct check_worker {
	struct kiln_check_launch pub; /* first: what state->check points to */
	struct kiln_check_cmd *cmd;
	uint64_t group_items; /* work-items of the running group */
	/* The barrier episode: the site work-items are arriving at, how many
	 * have, and which (a bit per linear local id). */
	const struct kiln_check_site *ep_site;
	uint64_t ep_count;
	uint64_t *arrived;
	size_t arrived_words;
	/* Uninitialized reads: a byte per local byte; races: a record per
	 * local byte. */
	unsigned char *shadow;
	uint64_t *cells; /* pub.race_cells' storage */
	size_t shadow_size, cells_size;
	size_t rec_items; /* room of pub.rec_* (check_abi.h), in work-items */
	/* Shadow ranges all_written found written in the running group: a
	 * shadow byte is only ever set while a group runs, so they stay so
	 * until the next group clears the shadow (and these). */
	struct {
		const uint8_t *at;
		uint64_t len;
	} known[4];
	unsigned known_next;
};

struct kiln_check_cmd {
	cl_context ctx;
	const struct kiln_wg_launch *launch;
	uint32_t num_args;
	/* The command's own arguments come first; a child kernel's table
	 * (kiln_check_cmd_child) goes on with the objects its enqueuing
	 * kernel knew, for lookup. */
	uint32_t own_args;
	unsigned num_workers;
	const void **arg_ptrs; /* what each pointer argument received */
	struct check_worker *workers;
	/* The global race shadows (args[i].shadow) exist while `executions`
	 * executions of the command run (a command buffer may run one
	 * command on several queues at once: they share them). */
	pthread_mutex_t shadow_lock;
	unsigned executions;
	uint32_t generation; /* of the running executions' tags */
	struct kiln_check_extent args[];
};

static void defect(struct kiln_wg_state *st, const struct kiln_check_site *site,
		   const char *detail, uint64_t x, uint64_t y, uint64_t z);
static void report(struct kiln_wg_state *st, const struct kiln_check_site *site,
		   uint64_t offset, uint64_t extent, uint64_t x, uint64_t y,
		   uint64_t z);
static bool lookup(struct kiln_wg_state *st, const struct kiln_check_site *site,
		   uint64_t origin, uint64_t addr, uint64_t size, uint64_t x, uint64_t y,
		   uint64_t z);
static void arrive(struct kiln_wg_state *st, const struct kiln_check_site *site,
		   uint64_t x, uint64_t y, uint64_t z);
static void access_local(struct kiln_wg_state *st, const struct kiln_check_site *site,
			 uint64_t addr, uint64_t size, uint64_t is_write, uint64_t x,
			 uint64_t y, uint64_t z);
static bool all_written(struct kiln_check_launch *chk, const uint8_t *shadow, uint64_t len);
static void image_outside(struct kiln_wg_state *st, const struct kiln_check_site *site,
			  const void *image, int64_t cx, int64_t cy, int64_t cz, uint64_t x,
			  uint64_t y, uint64_t z);

struct kiln_check_cmd *kiln_check_cmd_new(cl_context ctx,
					  const struct kiln_wg_launch *launch,
					  uint32_t num_args, unsigned num_workers)
{
	struct kiln_check_cmd *c =
		calloc(1, sizeof(*c) + (num_args ? num_args : 1) * sizeof(c->args[0]));
	if (!c)
		return NULL;
	if (!num_workers)
		num_workers = 1;
	c->arg_ptrs = calloc(num_args ? num_args : 1, sizeof(void *));
	c->workers = calloc(num_workers, sizeof(*c->workers));
	if (!c->arg_ptrs || !c->workers) {
		free(c->arg_ptrs);
		free(c->workers);
		free(c);
		return NULL;
	}
	pthread_mutex_init(&c->shadow_lock, NULL);
	c->ctx = ctx;
	c->launch = launch;
	c->num_args = num_args;
	c->own_args = num_args;
	c->num_workers = num_workers;
	for (uint32_t i = 0; i < num_args; i++)
		c->args[i] = (struct kiln_check_extent){ 0, UINT64_MAX, 0 };
	for (unsigned w = 0; w < num_workers; w++) {
		struct check_worker *k = &c->workers[w];
		k->pub.args = c->args;
		k->pub.report = report;
		k->pub.lookup = lookup;
		k->pub.arrive = arrive;
		k->pub.access = access_local;
		k->pub.written = all_written;
		k->pub.image = image_outside;
		k->pub.run = k;
		k->cmd = c;
	}
	return c;
}

struct kiln_check_cmd *kiln_check_cmd_child(cl_context ctx, const struct kiln_check_launch *parent,
					    const struct kiln_wg_launch *launch,
					    uint32_t num_args, unsigned num_workers)
{
	const struct kiln_check_cmd *p =
		parent ? ((const struct check_worker *)parent->run)->cmd : NULL;
	uint32_t known = p ? p->num_args : 0;
	struct kiln_check_cmd *c = kiln_check_cmd_new(ctx, launch, num_args + known, num_workers);
	if (!c)
		return NULL;
	c->own_args = num_args;
	for (uint32_t i = 0; i < known; i++) {
		/* no race shadow: the child's races are checked on its own
		 * arguments only */
		c->args[num_args + i] = (struct kiln_check_extent){ p->args[i].before,
								    p->args[i].extent, 0 };
		c->arg_ptrs[num_args + i] = p->arg_ptrs[i];
	}
	return c;
}

void kiln_check_cmd_free(struct kiln_check_cmd *c)
{
	if (!c)
		return;
	for (unsigned w = 0; w < c->num_workers; w++) {
		free(c->workers[w].arrived);
		free(c->workers[w].shadow);
		free(c->workers[w].cells);
		free(c->workers[w].pub.rec_flag);
		free(c->workers[w].pub.rec_site);
		free(c->workers[w].pub.rec_offset);
		free(c->workers[w].pub.rec_extent);
	}
	free(c->workers);
	free(c->arg_ptrs);
	pthread_mutex_destroy(&c->shadow_lock);
	free(c);
}

/* --- global race shadows ---------------------------------------------------
 * A uint32_t per granule of 4 bytes of each buffer, sub-buffer or SVM/USM
 * allocation a pointer argument reaches (check_abi.h), mapped without
 * reserving memory: only the pages behind granules a kernel stores to are
 * ever touched.  A shadow is kept for the next commands on the same
 * object (a cache of SHADOW_SLOTS, least recently used out): mapping and
 * faulting in a fresh zeroed shadow for every command cost more than the
 * kernel (vadd 400x, mandelbrot 6x its unchecked time).  So that what an
 * earlier command stored does not count, a word holds the execution's
 * generation (bits 31-24, 1 to 255): compiled code compares words of its
 * own generation only.  Generations are handed out in rounds of 255; a
 * shadow first used in a new round is zeroed, so within a round a
 * generation belongs to one execution. */

#define SHADOW_SLOTS 16
/* Objects larger than this (1 TiB of shadow) are not checked for races. */
#define SHADOW_MAX_EXTENT ((uint64_t)1 << 40)

/* Bytes of shadow for an object of `extent` bytes. */
static size_t shadow_bytes(uint64_t extent)
{
	return (size_t)((extent + 3) / 4 + KILN_RACE_GRANULE_WORDS) * 4;
}

static struct shadow_slot {
	uint64_t base, extent;
	void *map;
	unsigned users;     /* executions using it now */
	uint64_t last_use;  /* shadow_clock when last taken */
	uint64_t round;     /* the round it was last zeroed in */
} shadow_slots[SHADOW_SLOTS];
static pthread_mutex_t shadow_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t shadow_clock, shadow_round;
static uint32_t shadow_generation; /* the last handed out, 0 before any */

/* The shadow of [base, base + extent) for an execution of this round,
 * zeroed where the round is new to it; NULL when none can be had.  Under
 * shadow_lock. */
static void *take_shadow(uint64_t base, uint64_t extent)
{
	struct shadow_slot *s = NULL, *lru = NULL;
	for (int i = 0; i < SHADOW_SLOTS && !s; i++) {
		struct shadow_slot *t = &shadow_slots[i];
		if (t->map && t->base == base && t->extent == extent)
			s = t;
		else if (!t->users && (!lru || !t->map || (lru->map && t->last_use < lru->last_use)))
			lru = t;
	}
	if (!s) {
		if (!lru)
			return NULL; /* every slot in use by running commands */
		if (lru->map)
			munmap(lru->map, shadow_bytes(lru->extent));
		void *p = mmap(NULL, shadow_bytes(extent), PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
		*lru = (struct shadow_slot){ base, extent, p == MAP_FAILED ? NULL : p, 0, 0,
					     shadow_round };
		if (!lru->map)
			return NULL;
		s = lru;
	} else if (s->round != shadow_round) {
		/* drops the pages: they read as zeros again */
		madvise(s->map, shadow_bytes(s->extent), MADV_DONTNEED);
		s->round = shadow_round;
	}
	s->users++;
	s->last_use = ++shadow_clock;
	return s->map;
}

static void give_shadow(void *map)
{
	for (int i = 0; i < SHADOW_SLOTS; i++)
		if (shadow_slots[i].map == map && shadow_slots[i].users) {
			shadow_slots[i].users--;
			return;
		}
}

void kiln_check_execution_begin(struct kiln_check_cmd *c)
{
	if (!c || !(kiln_check_mode() & KILN_CHECK_RACES))
		return;
	pthread_mutex_lock(&c->shadow_lock);
	if (c->executions++ == 0) {
		pthread_mutex_lock(&shadow_lock);
		if (shadow_generation == 255 || shadow_generation == 0) {
			shadow_generation = 0;
			shadow_round++;
		}
		c->generation = ++shadow_generation;
		for (uint32_t i = 0; i < c->own_args; i++) {
			struct kiln_check_extent *a = &c->args[i];
			a->shadow = 0;
			uint64_t base = (uint64_t)(uintptr_t)c->arg_ptrs[i] - a->before;
			if (!c->arg_ptrs[i] || !a->extent || a->extent > SHADOW_MAX_EXTENT ||
			    base % 4)
				continue; /* __local, NULL, of unknown extent, or
					   * not starting a granule */
			a->shadow = (uint64_t)(uintptr_t)take_shadow(base, a->extent);
			if (!a->shadow)
				KILN_LOG(KILN_DEBUG_MEM,
					 "checked mode: no race shadow for argument %u "
					 "(%" PRIu64 " bytes): its races are not checked",
					 i, a->extent);
		}
		pthread_mutex_unlock(&shadow_lock);
	}
	pthread_mutex_unlock(&c->shadow_lock);
}

void kiln_check_execution_end(struct kiln_check_cmd *c)
{
	if (!c || !(kiln_check_mode() & KILN_CHECK_RACES))
		return;
	pthread_mutex_lock(&c->shadow_lock);
	if (c->executions && --c->executions == 0) {
		pthread_mutex_lock(&shadow_lock);
		for (uint32_t i = 0; i < c->num_args; i++) {
			if (c->args[i].shadow)
				give_shadow((void *)(uintptr_t)c->args[i].shadow);
			c->args[i].shadow = 0;
		}
		pthread_mutex_unlock(&shadow_lock);
	}
	pthread_mutex_unlock(&c->shadow_lock);
}

void kiln_check_set_arg(struct kiln_check_cmd *c, uint32_t i, const void *ptr,
			size_t size)
{
	if (!c || i >= c->num_args)
		return;
	c->args[i] = (struct kiln_check_extent){ 0, size, 0 };
	c->arg_ptrs[i] = ptr;
}

void kiln_check_set_svm_arg(struct kiln_check_cmd *c, uint32_t i, const void *ptr)
{
	if (!c || i >= c->num_args)
		return;
	c->arg_ptrs[i] = ptr;
	const char *p = ptr;
	char *base;
	size_t size;
	if (kiln_shared_allocation(c->ctx, ptr, &base, &size) != KILN_SHARED_NONE)
		c->args[i] = (struct kiln_check_extent){ (uint64_t)(p - base), size, 0 };
	else /* system SVM (any host memory), or NULL: nothing to check against */
		c->args[i] = (struct kiln_check_extent){ (uint64_t)(uintptr_t)p, UINT64_MAX, 0 };
}

const struct kiln_check_launch *kiln_check_launch_of(struct kiln_check_cmd *c,
						    unsigned worker)
{
	return c && worker < c->num_workers ? &c->workers[worker].pub : NULL;
}

/* --- reports ---------------------------------------------------------------- */

/* Every site reported so far in the process, with its message: one
 * message per defect however often it happens (sites are constant data of
 * a program; the kernel name tells two programs' sites apart should one
 * reuse the other's address). */
struct seen {
	const struct kiln_check_site *site;
	char *kernel;
	char *msg;
	struct seen *next;
};
static pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;
static struct seen *seen_list;

static const char *const kind_names[] = {
	[KILN_CHECK_KIND_BOUNDS] = "out of bounds",
	[KILN_CHECK_KIND_RACE] = "race",
	[KILN_CHECK_KIND_UNINIT] = "uninitialized",
	[KILN_CHECK_KIND_BARRIER] = "barrier divergence",
	[KILN_CHECK_KIND_GLOBAL_RACE] = "race",
};
_Static_assert(sizeof(kind_names) / sizeof(kind_names[0]) == KILN_CHECK_KINDS,
	       "a name for every kind");

/* The message of a defect (its first occurrence), kept for the process;
 * *first says whether this call made it. */
static const char *remember(const struct kiln_check_site *site, const char *msg,
			    bool *first)
{
	*first = false;
	pthread_mutex_lock(&seen_lock);
	struct seen *s;
	for (s = seen_list; s; s = s->next)
		if (s->site == site && strcmp(s->kernel, site->kernel ? site->kernel : "") == 0)
			break;
	if (!s) {
		s = calloc(1, sizeof(*s));
		if (s) {
			s->site = site;
			s->kernel = strdup(site->kernel ? site->kernel : "");
			s->msg = strdup(msg);
			if (!s->kernel || !s->msg) {
				free(s->kernel);
				free(s->msg);
				free(s);
				s = NULL;
			} else {
				s->next = seen_list;
				seen_list = s;
				*first = true;
			}
		}
	}
	pthread_mutex_unlock(&seen_lock);
	return s ? s->msg : "checked mode found a defect (out of memory for its message)";
}

/* "kiln-source.cl:12:5" or "line 12" or "" */
static void where(char *buf, size_t n, const struct kiln_check_site *site)
{
	if (!site->line) {
		snprintf(buf, n, "(no line information)");
		return;
	}
	const char *file = site->file ? site->file : "";
	const char *slash = strrchr(file, '/');
	if (slash)
		file = slash + 1;
	if (site->column)
		snprintf(buf, n, "%s:%u:%u", *file ? file : "line", site->line, site->column);
	else
		snprintf(buf, n, "%s:%u", *file ? file : "line", site->line);
}

/* Ends the group's command in CL_OUT_OF_RESOURCES with the message and
 * tells it once (stderr and the context's callback). */
static void defect(struct kiln_wg_state *st, const struct kiln_check_site *site,
		   const char *detail, uint64_t x, uint64_t y, uint64_t z)
{
	const struct check_worker *w = st->check ? st->check->run : NULL;
	const struct kiln_check_cmd *c = w ? w->cmd : NULL;
	const struct kiln_wg_launch *l = c ? c->launch : NULL;
	uint64_t lid[3] = { x, y, z }, gid[3] = { x, y, z };
	if (l)
		for (int d = 0; d < 3; d++)
			gid[d] = l->global_offset[d] + st->group_id[d] * l->local_size[d] + lid[d];
	char loc[256];
	where(loc, sizeof(loc), site);
	char msg[1024];
	unsigned kind = site->kind < KILN_CHECK_KINDS ? site->kind : 0;
	snprintf(msg, sizeof(msg),
		 "kiln checked mode: %s in kernel \"%s\" at %s: work-item global "
		 "(%" PRIu64 ", %" PRIu64 ", %" PRIu64 ") local (%" PRIu64 ", %" PRIu64
		 ", %" PRIu64 "): %s",
		 kind_names[kind], site->kernel ? site->kernel : "?", loc, gid[0], gid[1],
		 gid[2], lid[0], lid[1], lid[2], detail);
	bool first;
	const char *kept = remember(site, msg, &first);
	if (first) {
		fprintf(stderr, "%s\n", kept);
		fflush(stderr);
		struct kiln_command *cmd = st->command;
		cl_context ctx = c ? c->ctx : cmd && cmd->queue ? cmd->queue->context : NULL;
		kiln_context_report(ctx, "%s", kept);
	}
	if (!st->failure)
		st->failure = kept;
}

/* The plural ending of a count of bytes: an async copy's range is
 * checked as its first and last byte ("read of 1 byte"). */
static const char *plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

/* A store that met another work-group's store to the same global byte
 * (kiln-check-global-races): `offset` is the store's offset in its
 * object, `tag` the shadow word the other group left (its group in bits
 * 19-0: its kiln_check_launch.group_tag's). */
static void report_global_race(struct kiln_wg_state *st,
			       const struct kiln_check_site *site, uint64_t offset,
			       uint64_t tag, uint64_t x, uint64_t y, uint64_t z)
{
	const struct check_worker *w = st->check->run;
	const struct kiln_wg_launch *l = w->cmd->launch;
	char other[96] = "another work-group";
	uint64_t groups = l ? (uint64_t)l->num_groups[0] * l->num_groups[1] * l->num_groups[2] : 0;
	if (l && (tag & KILN_RACE_GROUP_MASK) && groups < KILN_RACE_SPLIT - 1) {
		uint64_t g = (tag & KILN_RACE_GROUP_MASK) - 1, n0 = l->num_groups[0],
			 n1 = l->num_groups[1];
		snprintf(other, sizeof(other),
			 "work-group (%" PRIu64 ", %" PRIu64 ", %" PRIu64 ")", g % n0,
			 g / n0 % n1, g / n0 / n1);
	}
	char detail[512];
	snprintf(detail, sizeof(detail),
		 "write of %u byte%s at offset %" PRId64 " of %s, which %s also wrote "
		 "in this execution of the kernel, with nothing to order the two",
		 site->access_size, plural(site->access_size), (int64_t)offset,
		 site->object ? site->object : "an object", other);
	defect(st, site, detail, x, y, z);
}

static void report(struct kiln_wg_state *st, const struct kiln_check_site *site,
		   uint64_t offset, uint64_t extent, uint64_t x, uint64_t y,
		   uint64_t z)
{
	if (site->kind == KILN_CHECK_KIND_GLOBAL_RACE) {
		report_global_race(st, site, offset, extent, x, y, z);
		return;
	}
	char detail[512];
	snprintf(detail, sizeof(detail),
		 "%s of %u byte%s at offset %" PRId64 " of %s (%" PRIu64 " bytes)%s",
		 site->is_write ? "write" : "read", site->access_size,
		 plural(site->access_size), (int64_t)offset,
		 site->object ? site->object : "an object", extent,
		 site->kind == KILN_CHECK_KIND_UNINIT
			 ? ", which no work-item of the group has written" : "");
	defect(st, site, detail, x, y, z);
}

/* A write_image* at a texel outside the image (kernel-lib dropped it):
 * the coordinates the kernel gave, against the image's size, in the
 * image's own dimensions (the layer of an array as the last). */
static void image_outside(struct kiln_wg_state *st, const struct kiln_check_site *site,
			  const void *image, int64_t cx, int64_t cy, int64_t cz, uint64_t x,
			  uint64_t y, uint64_t z)
{
	const struct kiln_image_abi *img = image;
	char at[96], size[96], detail[512];
	bool array = img->image_type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
		     img->image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY;
	int dims = img->image_type == CL_MEM_OBJECT_IMAGE3D ? 3
		   : img->image_type == CL_MEM_OBJECT_IMAGE2D ||
				   img->image_type == CL_MEM_OBJECT_IMAGE2D_ARRAY
			   ? 2
			   : 1;
	int64_t c[3] = { cx, cy, cz };
	int64_t n[3] = { img->width, img->height, img->depth };
	if (array) /* the layer follows the image's own coordinates */
		c[dims] = cz, n[dims] = img->array_size;
	int shown = dims + array, a = 0, b = 0;
	for (int i = 0; i < shown; i++) {
		a += snprintf(at + a, sizeof(at) - (size_t)a, "%s%" PRId64, i ? ", " : "", c[i]);
		b += snprintf(size + b, sizeof(size) - (size_t)b, "%s%" PRId64, i ? " x " : "",
			      n[i]);
	}
	snprintf(detail, sizeof(detail),
		 "write of the texel at (%s) of %s, outside the image (%s%s); the write was "
		 "dropped",
		 at, site->object ? site->object : "an image", size,
		 array ? (dims == 1 ? ", width x layers" : ", width x height x layers") : "");
	defect(st, site, detail, x, y, z);
}

/* Whether [p, p + size) lies inside [base, base + extent). */
static bool within(uint64_t p, uint64_t size, uint64_t base, uint64_t extent)
{
	return p >= base && p - base <= extent && size <= extent - (p - base);
}

/* The known object `origin` points into (check_abi.h, kiln_check_lookup_fn):
 * its base, extent and a name; false when there is none. */
static bool object_of(struct kiln_wg_state *st, const struct kiln_check_cmd *c,
		      uint64_t origin, uint64_t *base, uint64_t *extent, char *what,
		      size_t what_size)
{
	for (uint32_t i = 0; i < c->num_args; i++) {
		if (c->args[i].extent == UINT64_MAX || !c->arg_ptrs[i])
			continue;
		uint64_t b = (uint64_t)(uintptr_t)c->arg_ptrs[i] - c->args[i].before;
		if (within(origin, 1, b, c->args[i].extent)) {
			*base = b;
			*extent = c->args[i].extent;
			if (i < c->own_args)
				snprintf(what, what_size, "the object of argument %u", i);
			else /* a child kernel's capture of its parent's buffer */
				snprintf(what, what_size,
					 "an object the enqueuing kernel received as an argument");
			return true;
		}
	}
	uint64_t lb = (uint64_t)(uintptr_t)st->local_mem;
	uint64_t le = (uint64_t)(st->local_end - st->local_mem);
	if (within(origin, 1, lb, le)) {
		*base = lb;
		*extent = le;
		snprintf(what, what_size, "local memory");
		return true;
	}
	char *at;
	size_t size;
	enum kiln_shared_kind kind =
		kiln_shared_allocation(c->ctx, (const void *)(uintptr_t)origin, &at, &size);
	if (kind == KILN_SHARED_NONE)
		return false;
	*base = (uint64_t)(uintptr_t)at;
	*extent = size;
	snprintf(what, what_size, kind == KILN_SHARED_SVM ? "an SVM allocation" : "a USM allocation");
	return true;
}

static bool lookup(struct kiln_wg_state *st, const struct kiln_check_site *site,
		   uint64_t origin, uint64_t addr, uint64_t size, uint64_t x, uint64_t y,
		   uint64_t z)
{
	const struct check_worker *w = st->check->run;
	const struct kiln_check_cmd *c = w->cmd;
	uint64_t base, extent;
	char what[96];
	/* Private memory (the work-items' barrier context, the worker's
	 * stack) and memory Kiln does not know (system SVM): unchecked. */
	if (!object_of(st, c, origin, &base, &extent, what, sizeof(what)))
		return true;
	if (within(addr, size, base, extent))
		return true;
	char detail[512];
	snprintf(detail, sizeof(detail),
		 "%s of %u byte%s through a pointer read from memory, at offset %" PRId64
		 " of %s (%" PRIu64 " bytes)",
		 site->is_write ? "write" : "read", site->access_size,
		 plural(site->access_size),
		 (int64_t)(addr - base), what, extent);
	defect(st, site, detail, x, y, z);
	return false;
}

/* --- barriers and local memory, per group ------------------------------------ */


static bool grow_zeroed(void **buf, size_t *have, size_t need, size_t elem)
{
	if (need <= *have)
		return true;
	void *p = calloc(need, elem);
	if (!p)
		return false;
	free(*buf);
	*buf = p;
	*have = need;
	return true;
}

void kiln_check_group_begin(struct kiln_wg_state *st)
{
	struct check_worker *w = st->check->run;
	w->group_items = (uint64_t)st->local_size[0] * st->local_size[1] * st->local_size[2];
	const size_t *n = w->cmd->launch->num_groups;
	uint64_t g = st->group_id[0] + n[0] * (st->group_id[1] + n[1] * (uint64_t)st->group_id[2]);
	w->pub.group_tag = w->cmd->generation << 24 | ((uint32_t)(g % (KILN_RACE_SPLIT - 1)) + 1);
	w->ep_site = NULL;
	w->ep_count = 0;
	w->pub.race_epoch++;
	w->pub.race_cells = NULL;
	size_t words = (size_t)((w->group_items + 63) / 64);
	if (!grow_zeroed((void **)&w->arrived, &w->arrived_words, words, sizeof(uint64_t)))
		st->failure = "checked mode: out of memory for the barrier check";
	else
		memset(w->arrived, 0, words * sizeof(uint64_t));
	if (w->rec_items < w->group_items) {
		/* the failure records: zero, and zeroed again as reported */
		size_t n = (size_t)w->group_items;
		free(w->pub.rec_flag);
		free(w->pub.rec_site);
		free(w->pub.rec_offset);
		free(w->pub.rec_extent);
		w->pub.rec_flag = calloc(n, 1);
		w->pub.rec_site = calloc(n, sizeof(*w->pub.rec_site));
		w->pub.rec_offset = calloc(n, sizeof(uint64_t));
		w->pub.rec_extent = calloc(n, sizeof(uint64_t));
		w->rec_items = n;
		if (!w->pub.rec_flag || !w->pub.rec_site || !w->pub.rec_offset ||
		    !w->pub.rec_extent) {
			/* the kernel must not run with records it cannot write */
			st->failure = "checked mode: out of memory for the failure records";
			w->rec_items = 0;
			return;
		}
	}
	size_t bytes = (size_t)(st->local_end - st->local_mem);
	unsigned m = kiln_check_mode();
	if (bytes && (m & (KILN_CHECK_UNINIT | KILN_CHECK_RACES))) {
		if (!grow_zeroed((void **)&w->shadow, &w->shadow_size, bytes, 1) ||
		    ((m & KILN_CHECK_RACES) &&
		     !grow_zeroed((void **)&w->cells, &w->cells_size, bytes,
				  sizeof(uint64_t)))) {
			st->failure = "checked mode: out of memory for local memory's shadow";
			return;
		}
		memset(w->shadow, 0, bytes);
		memset(w->known, 0, sizeof(w->known));
		w->pub.shadow_delta = (int64_t)((uintptr_t)w->shadow - (uintptr_t)st->local_mem);
		/* the cells name work-items in 16 bits: CL_DEVICE_MAX_WORK_GROUP_SIZE
		 * is far below that */
		if ((m & KILN_CHECK_RACES) && w->group_items < KILN_RACE_MANY)
			w->pub.race_cells = w->cells;
	}
}

/* The local id of linear id `lin` in the running group. */
static void local_id(const struct kiln_wg_state *st, uint64_t lin, uint64_t id[3])
{
	id[0] = lin % st->local_size[0];
	id[1] = lin / st->local_size[0] % st->local_size[1];
	id[2] = lin / st->local_size[0] / st->local_size[1];
}

/* The barrier episode at w->ep_site ends: every work-item must have
 * arrived. */
static void close_episode(struct kiln_wg_state *st, struct check_worker *w)
{
	if (w->ep_site && w->ep_count < w->group_items) {
		uint64_t missing = 0;
		while (missing < w->group_items &&
		       (w->arrived[missing / 64] >> (missing % 64) & 1))
			missing++;
		uint64_t id[3];
		local_id(st, missing, id);
		char detail[256];
		snprintf(detail, sizeof(detail),
			 "did not reach this barrier, which %" PRIu64 " of the %" PRIu64
			 " work-items of its group reached",
			 w->ep_count, w->group_items);
		defect(st, w->ep_site, detail, id[0], id[1], id[2]);
	}
	w->ep_site = NULL;
	w->ep_count = 0;
	memset(w->arrived, 0, (size_t)((w->group_items + 63) / 64) * sizeof(uint64_t));
}

static void arrive(struct kiln_wg_state *st, const struct kiln_check_site *site,
		   uint64_t x, uint64_t y, uint64_t z)
{
	struct check_worker *w = st->check->run;
	uint64_t lin = x + st->local_size[0] * (y + st->local_size[1] * z);
	if (lin >= w->group_items || !w->arrived)
		return;
	bool again = w->arrived[lin / 64] >> (lin % 64) & 1;
	if (w->ep_site && (w->ep_site != site || again))
		close_episode(st, w);
	w->ep_site = site;
	w->arrived[lin / 64] |= (uint64_t)1 << (lin % 64);
	if (++w->ep_count == w->group_items) {
		/* every work-item is at the barrier: what comes after it is
		 * ordered after everything before it */
		w->ep_site = NULL;
		w->ep_count = 0;
		memset(w->arrived, 0,
		       (size_t)((w->group_items + 63) / 64) * sizeof(uint64_t));
		w->pub.race_epoch++;
	}
}

/* The group's failure records (check_abi.h), in linear local id order:
 * each work-item's first failed check of the group is reported (one
 * message per site for the process, as report does) and the record
 * cleared.  Most groups have none: a word of flags at a time. */
static void report_records(struct kiln_wg_state *st, struct check_worker *w)
{
	uint8_t *flag = w->pub.rec_flag;
	uint64_t n = w->group_items <= w->rec_items ? w->group_items : w->rec_items;
	for (uint64_t i = 0; i < n;) {
		if (i + 8 <= n) {
			uint64_t word;
			memcpy(&word, flag + i, sizeof(word));
			if (!word) {
				i += 8;
				continue;
			}
		}
		if (flag[i]) {
			uint64_t id[3];
			local_id(st, i, id);
			report(st, w->pub.rec_site[i], w->pub.rec_offset[i], w->pub.rec_extent[i],
			       id[0], id[1], id[2]);
			flag[i] = 0;
		}
		i++;
	}
}

void kiln_check_barrier_passed(struct kiln_wg_state *st)
{
	struct check_worker *w = st->check->run;
	w->pub.race_epoch++;
}

void kiln_check_group_end(struct kiln_wg_state *st)
{
	struct check_worker *w = st->check->run;
	if (w->rec_items)
		report_records(st, w);
	close_episode(st, w);
}

/* The region precheck of reads of local memory (check_abi.h,
 * kiln_check_written_fn): eight shadow bytes at a time, each 0 or 1.  A
 * region runs once per barrier episode, often with little work in it
 * (tiled SGEMM's: 16 multiply-adds per work-item), so a range found
 * written is remembered for the rest of the group. */
static bool all_written(struct kiln_check_launch *chk, const uint8_t *shadow, uint64_t len)
{
	struct check_worker *w = chk->run;
	for (unsigned k = 0; k < 4; k++)
		if (w->known[k].at == shadow && w->known[k].len >= len)
			return true;
	uint64_t bad = 0;
	uint64_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t word;
		memcpy(&word, shadow + i, 8);
		bad |= word ^ 0x0101010101010101ull;
	}
	for (; i < len; i++)
		bad |= shadow[i] ^ 1u;
	if (bad)
		return false;
	w->known[w->known_next].at = shadow;
	w->known[w->known_next].len = len;
	w->known_next = (w->known_next + 1) % 4;
	return true;
}

/* A racing access found by compiled code (kiln-check-sync), or one too
 * wide for its inline check: the cells of its bytes (check_abi.h,
 * race_cells) are checked and updated byte by byte, and the first race
 * reported. */
static void access_local(struct kiln_wg_state *st, const struct kiln_check_site *site,
			 uint64_t addr, uint64_t size, uint64_t is_write, uint64_t x,
			 uint64_t y, uint64_t z)
{
	struct check_worker *w = st->check->run;
	uint64_t bytes = (uint64_t)(st->local_end - st->local_mem);
	uint64_t off = addr - (uint64_t)(uintptr_t)st->local_mem;
	if (!w->pub.race_cells || off >= bytes || size > bytes - off)
		return;
	uint32_t me = (uint32_t)(x + st->local_size[0] * (y + st->local_size[1] * z)) + 1;
	uint64_t epoch = w->pub.race_epoch;
	for (uint64_t b = off; b < off + size; b++) {
		uint64_t cell = w->pub.race_cells[b];
		if (cell >> 32 != epoch)
			cell = epoch << 32;
		uint32_t writer = (uint32_t)(cell >> 16) & 0xFFFF, reader = (uint32_t)cell & 0xFFFF;
		uint32_t other = 0;
		const char *what = NULL;
		if (writer && writer != me) {
			other = writer;
			what = "wrote";
		} else if (is_write && reader && reader != me) {
			other = reader;
			what = "read";
		}
		if (what) {
			char detail[512];
			if (other == KILN_RACE_MANY) {
				snprintf(detail, sizeof(detail),
					 "%s byte %" PRIu64 " of local memory (%s), which other "
					 "work-items read since the last barrier",
					 is_write ? "writes" : "reads", b,
					 site->object ? site->object : "?");
			} else {
				uint64_t id[3];
				local_id(st, other - 1, id);
				snprintf(detail, sizeof(detail),
					 "%s byte %" PRIu64 " of local memory (%s), which work-item "
					 "local (%" PRIu64 ", %" PRIu64 ", %" PRIu64 ") %s since "
					 "the last barrier",
					 is_write ? "writes" : "reads", b,
					 site->object ? site->object : "?", id[0], id[1], id[2],
					 what);
			}
			defect(st, site, detail, x, y, z);
			return;
		}
		if (is_write)
			writer = me;
		else if (!reader)
			reader = me;
		else if (reader != me)
			reader = KILN_RACE_MANY;
		w->pub.race_cells[b] = epoch << 32 | (uint64_t)writer << 16 | reader;
	}
}
