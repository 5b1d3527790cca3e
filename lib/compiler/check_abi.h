/* Checked mode (KILN_CHECK, docs/checked_mode.md): what instrumented kernels
 * and the runtime share.  The compiler's check passes (check_bounds.cpp)
 * read struct kiln_check_launch through state->check and emit one constant
 * struct kiln_check_site per instrumented access; the runtime
 * (lib/core/check.c) fills the launch table per NDRange command and turns
 * reports into messages.  C and C++ include this file; nothing in it is
 * LLVM-specific. */
#ifndef KILN_COMPILER_CHECK_ABI_H
#define KILN_COMPILER_CHECK_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bits of struct kiln_target.check: which checks a build instruments. */
enum {
	KILN_CHECK_BOUNDS = 1u << 0,
	KILN_CHECK_RACES = 1u << 1,
	KILN_CHECK_UNINIT = 1u << 2,
	KILN_CHECK_BARRIERS = 1u << 3,
};

/* The checks a KILN_CHECK value names (docs/checked_mode.md): "1" or
 * "all": every check; a comma-separated list of bounds, races, uninit,
 * barriers; NULL, empty or "0": none.  Each unknown word is passed to
 * `unknown` (its first `len` characters), when given.  Shared by the
 * runtime (lib/core/check.c) and kiln-cc. */
static inline unsigned kiln_check_parse(const char *v,
					void (*unknown)(const char *word, int len))
{
	static const struct {
		const char *name;
		unsigned bit;
	} names[] = {
		{ "bounds", KILN_CHECK_BOUNDS },
		{ "races", KILN_CHECK_RACES },
		{ "uninit", KILN_CHECK_UNINIT },
		{ "barriers", KILN_CHECK_BARRIERS },
	};
	unsigned mode = 0;
	if (!v || !*v || (v[0] == '0' && !v[1]))
		return 0;
	if ((v[0] == '1' && !v[1]) || !strcmp(v, "all"))
		return KILN_CHECK_BOUNDS | KILN_CHECK_RACES | KILN_CHECK_UNINIT |
		       KILN_CHECK_BARRIERS;
	for (const char *p = v; *p;) {
		size_t len = strcspn(p, ",");
		bool known = false;
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (strlen(names[i].name) == len && !strncmp(p, names[i].name, len)) {
				mode |= names[i].bit;
				known = true;
			}
		if (!known && len && unknown)
			unknown(p, (int)len);
		p += len;
		if (*p)
			p++;
	}
	return mode;
}

/* What fired (the message names it). */
enum kiln_check_kind {
	KILN_CHECK_KIND_BOUNDS,
	KILN_CHECK_KIND_RACE,
	KILN_CHECK_KIND_UNINIT,
	KILN_CHECK_KIND_BARRIER,
	/* a store to a global byte another work-group stored to (a race;
	 * the record's extent is the other group's tag) */
	KILN_CHECK_KIND_GLOBAL_RACE,
	KILN_CHECK_KINDS
};

/* The object a pointer argument may reach: [arg - before, arg - before +
 * extent), where arg is the value the kernel received.  A buffer or
 * sub-buffer: before 0, extent its size; an SVM/USM pointer into an
 * allocation: the allocation around it; a __local argument: its size; a
 * NULL buffer: extent 0. */
struct kiln_check_extent {
	uint64_t before;
	uint64_t extent;
	/* Races between work-groups (KILN_CHECK=races): a uint32_t word per
	 * granule of 4 bytes of the object (granule i: bytes 4i to 4i + 3,
	 * counted from arg - before, which the runtime keeps 4-aligned),
	 * KILN_RACE_GRANULE_WORDS past the last granule readable too:
	 *   bits 31-24  the generation of the execution that wrote it (one
	 *               of another generation counts as never written),
	 *   bits 23-20  which of the granule's bytes the group below stored,
	 *   bits 19-0   that group's tag (kiln_check_launch.group_tag), or
	 *               KILN_RACE_SPLIT: groups stored to different bytes of
	 *               it, and whose bytes are whose is no longer known.
	 * 0 (no shadow) for __local arguments, objects of unknown extent and
	 * without race checks. */
	uint64_t shadow;
};

/* One instrumented access: constant data of the program. */
struct kiln_check_site {
	uint32_t kind;   /* enum kiln_check_kind */
	uint32_t line;   /* 0: the program has no line information */
	uint32_t column;
	int32_t arg;     /* the kernel argument the object is, or -1 */
	uint32_t access_size; /* bytes */
	uint32_t is_write;
	const char *file;    /* source file, or NULL */
	const char *kernel;  /* kernel name */
	const char *object;  /* argument or variable name, or NULL */
};

struct kiln_wg_state;
struct kiln_check_launch;

/* Reports a defect of work-item (x, y, z) of the running group: an access
 * `offset` bytes from the start of an object of `extent` bytes (offset is
 * the distance as a signed number, UINT64_MAX - n for n bytes before it).
 * The runtime records it (one message per site), and the command ends in
 * CL_OUT_OF_RESOURCES. */
typedef void (*kiln_check_report_fn)(struct kiln_wg_state *state,
				     const struct kiln_check_site *site,
				     uint64_t offset, uint64_t extent,
				     uint64_t x, uint64_t y, uint64_t z);
/* An access of `size` bytes at `addr` by work-item (x, y, z) whose object
 * the compiler could not name (a pointer read from memory): `origin` is the
 * pointer the address was computed from (the underlying object, e.g. the
 * value loaded).  The object is the one `origin` points into, among those
 * the runtime knows (a buffer argument of the launch, an SVM or USM
 * allocation of the context, the group's local memory): true when the
 * access lies inside it, or when `origin` is in no known object (host
 * memory the device may reach through fine-grained system SVM, or private
 * memory); else it reports the defect against that object, as report does,
 * and returns false.  The address alone cannot tell a pointer that ran
 * past its allocation from one into other host memory next to it. */
typedef bool (*kiln_check_lookup_fn)(struct kiln_wg_state *state,
				     const struct kiln_check_site *site,
				     uint64_t origin, uint64_t addr, uint64_t size,
				     uint64_t x, uint64_t y, uint64_t z);

/* Work-item (x, y, z) reached a barrier (or a work-group collective) at
 * `site` whose block the compiler could not prove every work-item reaches
 * (barrier divergence).  When all have, the race check's episode ends. */
typedef void (*kiln_check_arrive_fn)(struct kiln_wg_state *state,
				     const struct kiln_check_site *site,
				     uint64_t x, uint64_t y, uint64_t z);
/* A read (is_write 0) or write of `size` bytes of local memory at `addr`
 * by work-item (x, y, z): the race check's cells (race_cells).  Compiled
 * code updates the cells itself and calls this only for an access it
 * found racing (or one too wide for it), which the runtime reports. */
typedef void (*kiln_check_access_fn)(struct kiln_wg_state *state,
				     const struct kiln_check_site *site,
				     uint64_t addr, uint64_t size, uint64_t is_write,
				     uint64_t x, uint64_t y, uint64_t z);

/* Whether each of the `len` uninitialized-read shadow bytes at `shadow`
 * is nonzero (every local byte they stand for was written), for the
 * group running on the worker of `chk`.  Compiled code calls it as a
 * read-only function of its arguments' memory, once per barrier region
 * for the reads of a region that writes no local memory
 * (kiln-check-sync's region precheck); the runtime may remember what it
 * found until the group ends. */
typedef bool (*kiln_check_written_fn)(struct kiln_check_launch *chk, const uint8_t *shadow,
				      uint64_t len);

/* Work-item (x, y, z) wrote an image (OpenCL C 3.0 §6.15.15.4) at texel
 * (cx, cy, cz) outside it (cz: the layer of an array image); `image` is
 * the image argument's struct kiln_image_abi.  Kernel-lib drops such a
 * write; this reports it (checked mode only: the hook call
 * __kiln_check_image_write that kernel-lib makes on that path becomes a
 * call of this service, and is deleted unchecked). */
typedef void (*kiln_check_image_fn)(struct kiln_wg_state *state,
				    const struct kiln_check_site *site, const void *image,
				    int64_t cx, int64_t cy, int64_t cz, uint64_t x, uint64_t y,
				    uint64_t z);

/* Per NDRange command and worker, reached from every group through
 * state->check. */
struct kiln_check_launch {
	const struct kiln_check_extent *args; /* one per kernel argument */
	kiln_check_report_fn report;
	kiln_check_lookup_fn lookup;
	kiln_check_arrive_fn arrive;
	kiln_check_access_fn access;
	kiln_check_written_fn written;
	kiln_check_image_fn image;
	/* Uninitialized-read shadow: the byte at addr + shadow_delta is
	 * nonzero once a work-item of the running group wrote local byte
	 * addr (cleared at the start of each group). */
	int64_t shadow_delta;
	void *run; /* the runtime's own */
	/* Failed checks of the running group, one record per work-item
	 * (index: linear local id), written by the instrumented code without
	 * a call so that the work-item loops still vectorize: rec_flag[i]
	 * becomes nonzero at work-item i's first failed check of the group,
	 * which then also stores its site, offset and extent (the arguments
	 * report takes).  The runtime reports and clears them at the end of
	 * the group. */
	uint8_t *rec_flag;
	const struct kiln_check_site **rec_site;
	uint64_t *rec_offset;
	uint64_t *rec_extent;
	/* The running group's tag for the global race shadows: the
	 * execution's generation (1 to 255) in bits 31-24, bits 23-20 zero,
	 * its linear group index modulo (KILN_RACE_SPLIT - 1), plus 1, in
	 * bits 19-0.  A failed race check records the other group's shadow
	 * word in rec_extent. */
	uint32_t group_tag;
	/* Races on __local memory (KILN_CHECK=races): the barrier episodes
	 * the running group completed (a work-item's accesses since the
	 * last barrier all work-items passed are in episode race_epoch;
	 * compiled work-group functions advance it after each region, the
	 * fiber scheduler at each barrier, the runtime at group start),
	 * and a cell per local byte, race_cells[addr - local_mem]: bits
	 * 63-32 the episode the cell is of (an older one reads as empty),
	 * 31-16 the work-item that wrote the byte in it, 15-0 the one that
	 * read it (linear local id + 1; 0 none; KILN_RACE_MANY several).
	 * NULL when the group has no local memory or no race check. */
	uint32_t race_epoch;
	uint64_t *race_cells;
};

#define KILN_RACE_MANY 0xFFFFu
/* Fields of a global race shadow word (kiln_check_extent.shadow). */
#define KILN_RACE_GROUP_MASK 0x000FFFFFu
#define KILN_RACE_BYTES_MASK 0x00F00000u
#define KILN_RACE_BYTES_SHIFT 20
#define KILN_RACE_SPLIT KILN_RACE_GROUP_MASK
/* Words past the last granule the compiled code may read (a store that
 * is not 4-aligned looks at one granule more than it touches). */
#define KILN_RACE_GRANULE_WORDS 2

#ifdef __cplusplus
}
#endif

#endif
