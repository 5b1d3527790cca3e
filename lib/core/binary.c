/* The program binary container (see binary.h for the layout). */
#include "binary.h"

#include <stdlib.h>
#include <string.h>

static const char magic[8] = { 0x7f, 'K', 'I', 'L', 'N', 'B', 'I', 'N' };

enum section_tag {
	SEC_COMPILER_ID = 1,
	SEC_KILN_VERSION,
	SEC_CPU,
	SEC_FEATURES,
	SEC_OPTIONS,
	SEC_LOG,
	SEC_IR,
	SEC_OBJECT,
	SEC_FLAGS,
};

#define HEADER_SIZE 40u
#define CHECKSUM_AT 24u
#define SECTION_HEADER 16u

/* --- hash ----------------------------------------------------------- */

void kiln_hash_init(struct kiln_hash *h)
{
	h->h = ((unsigned __int128)0x6c62272e07bb0142ull << 64) |
	       0x62b821756295c58dull;
}

void kiln_hash_bytes(struct kiln_hash *h, const void *data, size_t n)
{
	/* FNV prime 2^88 + 2^8 + 0x3b.  Each step (xor, multiply by an odd
	 * number) is a bijection of the state, so a change in any single byte
	 * always changes the result: a flipped byte never goes unnoticed. */
	const unsigned __int128 prime =
		((unsigned __int128)1 << 88) + (1u << 8) + 0x3b;
	const unsigned char *p = data;
	unsigned __int128 v = h->h;
	for (size_t i = 0; i < n; i++) {
		v ^= p[i];
		v *= prime;
	}
	h->h = v;
}

void kiln_hash_str(struct kiln_hash *h, const char *s)
{
	uint64_t len = s ? strlen(s) : UINT64_MAX;
	kiln_hash_bytes(h, &len, sizeof(len));
	if (s)
		kiln_hash_bytes(h, s, strlen(s));
}

void kiln_hash_hex(const struct kiln_hash *h, char out[33])
{
	static const char digits[] = "0123456789abcdef";
	unsigned __int128 v = h->h;
	for (int i = 31; i >= 0; i--) {
		out[i] = digits[v & 15];
		v >>= 4;
	}
	out[32] = '\0';
}

/* --- little-endian fields ------------------------------------------- */

static void put32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v = 0;
	for (int i = 3; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static size_t pad8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* The checksum of a whole container: every byte but the checksum's own
 * 16 (the header's magic, version, type and size included, so that any
 * damaged byte, not only one of the payload, is caught). */
static struct kiln_hash checksum(const unsigned char *buf, size_t size)
{
	struct kiln_hash h;
	kiln_hash_init(&h);
	kiln_hash_bytes(&h, buf, CHECKSUM_AT);
	kiln_hash_bytes(&h, buf + HEADER_SIZE, size - HEADER_SIZE);
	return h;
}

/* --- writer --------------------------------------------------------- */

struct section {
	uint32_t tag;
	const void *data;
	size_t size;
};

bool kiln_binary_write(const struct kiln_binary *b, struct kiln_blob *out)
{
	unsigned char flags[4];
	put32(flags, b->flags);
	const struct section secs[] = {
		{ SEC_COMPILER_ID, b->compiler_id, b->compiler_id ? strlen(b->compiler_id) : 0 },
		{ SEC_KILN_VERSION, b->kiln_version, b->kiln_version ? strlen(b->kiln_version) : 0 },
		{ SEC_CPU, b->cpu, b->cpu ? strlen(b->cpu) : 0 },
		{ SEC_FEATURES, b->features, b->features ? strlen(b->features) : 0 },
		{ SEC_OPTIONS, b->options, b->options ? strlen(b->options) : 0 },
		{ SEC_LOG, b->log, b->log ? strlen(b->log) : 0 },
		{ SEC_IR, b->ir.data, b->ir.size },
		{ SEC_OBJECT, b->object.data, b->object.size },
		{ SEC_FLAGS, flags, sizeof(flags) },
	};
	size_t payload = 0;
	for (size_t i = 0; i < sizeof(secs) / sizeof(secs[0]); i++)
		payload += SECTION_HEADER + pad8(secs[i].size);
	unsigned char *buf = calloc(1, HEADER_SIZE + payload);
	if (!buf)
		return false;
	unsigned char *p = buf + HEADER_SIZE;
	for (size_t i = 0; i < sizeof(secs) / sizeof(secs[0]); i++) {
		put32(p, secs[i].tag);
		put64(p + 8, secs[i].size);
		if (secs[i].size)
			memcpy(p + SECTION_HEADER, secs[i].data, secs[i].size);
		p += SECTION_HEADER + pad8(secs[i].size);
	}
	memcpy(buf, magic, sizeof(magic));
	put32(buf + 8, KILN_BINARY_FORMAT);
	put32(buf + 12, (uint32_t)b->type);
	put64(buf + 16, payload);
	struct kiln_hash h = checksum(buf, HEADER_SIZE + payload);
	put64(buf + 24, (uint64_t)h.h);
	put64(buf + 32, (uint64_t)(h.h >> 64));
	out->data = buf;
	out->size = HEADER_SIZE + payload;
	return true;
}

/* --- reader --------------------------------------------------------- */

static char *dup_string(const unsigned char *p, size_t n)
{
	char *s = malloc(n + 1);
	if (!s)
		return NULL;
	memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

static bool dup_blob(const unsigned char *p, size_t n, struct kiln_blob *b)
{
	b->size = n;
	b->data = NULL;
	if (!n)
		return true;
	b->data = malloc(n);
	if (!b->data)
		return false;
	memcpy(b->data, p, n);
	return true;
}

static bool valid_type(uint32_t t)
{
	return t == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT ||
	       t == CL_PROGRAM_BINARY_TYPE_LIBRARY ||
	       t == CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
}

bool kiln_binary_parse(const void *data, size_t size, struct kiln_binary *out)
{
	const unsigned char *buf = data;
	memset(out, 0, sizeof(*out));
	if (!data || size < HEADER_SIZE || memcmp(buf, magic, sizeof(magic)))
		return false;
	if (get32(buf + 8) != KILN_BINARY_FORMAT || !valid_type(get32(buf + 12)))
		return false;
	uint64_t payload = get64(buf + 16);
	if (payload != size - HEADER_SIZE)
		return false;
	struct kiln_hash h = checksum(buf, size);
	if ((uint64_t)h.h != get64(buf + 24) ||
	    (uint64_t)(h.h >> 64) != get64(buf + 32))
		return false;
	out->type = get32(buf + 12);

	const unsigned char *p = buf + HEADER_SIZE, *end = buf + size;
	unsigned seen = 0;
	while (p < end) {
		if ((size_t)(end - p) < SECTION_HEADER)
			goto fail;
		uint32_t tag = get32(p);
		uint64_t n = get64(p + 8);
		p += SECTION_HEADER;
		if (n > (uint64_t)(end - p) || pad8(n) > (size_t)(end - p))
			goto fail;
		if (tag < SEC_COMPILER_ID || tag > SEC_FLAGS || (seen & (1u << tag)))
			goto fail;
		seen |= 1u << tag;
		char **str = NULL;
		switch (tag) {
		case SEC_COMPILER_ID: str = &out->compiler_id; break;
		case SEC_KILN_VERSION: str = &out->kiln_version; break;
		case SEC_CPU: str = &out->cpu; break;
		case SEC_FEATURES: str = &out->features; break;
		case SEC_OPTIONS: str = &out->options; break;
		case SEC_LOG: str = &out->log; break;
		case SEC_IR:
			if (!dup_blob(p, n, &out->ir))
				goto fail;
			break;
		case SEC_OBJECT:
			if (!dup_blob(p, n, &out->object))
				goto fail;
			break;
		case SEC_FLAGS:
			if (n != 4)
				goto fail;
			out->flags = get32(p);
			break;
		}
		if (str) {
			if (memchr(p, '\0', n))
				goto fail; /* strings hold no NUL */
			*str = dup_string(p, n);
			if (!*str)
				goto fail;
		}
		p += pad8(n);
	}
	/* Every section is required (the object may be empty). */
	if (seen != 0x3feu || !out->ir.size)
		goto fail;
	return true;
fail:
	kiln_binary_free(out);
	return false;
}

bool kiln_binary_read(const void *data, size_t size, struct kiln_binary *out)
{
	if (!kiln_binary_parse(data, size, out))
		return false;
	/* A binary of another compiler is foreign even if well formed. */
	if (strcmp(out->compiler_id, kiln_compiler_id()) != 0) {
		kiln_binary_free(out);
		return false;
	}
	return true;
}

void kiln_binary_free(struct kiln_binary *b)
{
	free(b->compiler_id);
	free(b->kiln_version);
	free(b->cpu);
	free(b->features);
	free(b->options);
	free(b->log);
	free(b->ir.data);
	free(b->object.data);
	memset(b, 0, sizeof(*b));
}
