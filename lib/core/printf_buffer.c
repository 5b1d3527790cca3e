/* printf records to text (OpenCL C 3.0 §6.15.14).
 *
 * The format is parsed here, conversion by conversion, by the OpenCL rules
 * (§6.15.14.2): flags, width, precision, the vector specifier vN (N = 2,
 * 3, 4, 8, 16) and the length modifiers hh, h, hl (vectors only), l.  Each
 * element is then handed to the C library's snprintf with a host format of
 * the same flags, width and precision, so the digits are exactly C99's; a
 * vector's elements are joined by ','.  Integer values are cut to the
 * length modifier's width first (as C's hh/h do), and floating-point ones
 * travel as double.  What the spec leaves undefined (a conversion without
 * an argument, %c or %s with a vector, an unknown conversion) is written as
 * the conversion's text, unformatted; never a crash. */
#include "printf_buffer.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct kiln_printf_buffer *kiln_printf_buffer_new(size_t capacity)
{
	/* calloc: a record that was reserved but did not fit is never
	 * written, and the zero site it leaves ends the walk. */
	struct kiln_printf_buffer *b = calloc(1, sizeof(*b) + capacity);
	if (b)
		b->capacity = capacity;
	return b;
}

void kiln_printf_buffer_free(struct kiln_printf_buffer *b)
{
	free(b);
}

/* --- a growing output buffer ------------------------------------------ */

struct sink {
	char *p;
	size_t len, cap;
	bool failed;
};

static void put(struct sink *s, const char *d, size_t n)
{
	if (s->failed || !n)
		return;
	if (n > s->cap - s->len) {
		size_t cap = s->cap ? s->cap : 4096;
		while (n > cap - s->len)
			cap *= 2;
		char *p = realloc(s->p, cap);
		if (!p) {
			s->failed = true;
			return;
		}
		s->p = p;
		s->cap = cap;
	}
	memcpy(s->p + s->len, d, n);
	s->len += n;
}

/* snprintf into the sink; `fmt` is a host format built below. */
static void put_formatted(struct sink *s, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(small)) {
		put(s, small, (size_t)n);
		return;
	}
	char *big = malloc((size_t)n + 1);
	if (!big) {
		s->failed = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	put(s, big, (size_t)n);
	free(big);
}

/* --- one conversion specification (§6.15.14.2) ------------------------- */

enum length { LEN_NONE, LEN_HH, LEN_H, LEN_HL, LEN_L };

struct spec {
	char flags[6];  /* each of "-+ #0" at most once */
	char width[8];  /* digits, "" when absent */
	char prec[8];   /* digits after '.', "" for a lone '.' */
	bool has_prec;
	unsigned vec;   /* 0: scalar */
	enum length len;
	char conv;
};

/* Digits of a width or precision; more than 6 is refused (a field of a
 * million characters or more is not output anyone wants). */
static const char *digits(const char *f, char out[8])
{
	size_t n = 0;
	while (*f >= '0' && *f <= '9') {
		if (n == 6)
			return NULL;
		out[n++] = *f++;
	}
	out[n] = '\0';
	return f;
}

/* Parses the specification after a '%'; NULL when it is not one. */
static const char *parse_spec(const char *f, struct spec *sp)
{
	memset(sp, 0, sizeof(*sp));
	size_t nf = 0;
	while (*f && strchr("-+ #0", *f)) {
		if (!memchr(sp->flags, *f, nf))
			sp->flags[nf++] = *f;
		f++;
	}
	if (!(f = digits(f, sp->width)))
		return NULL;
	if (*f == '.') {
		sp->has_prec = true;
		if (!(f = digits(f + 1, sp->prec)))
			return NULL;
	}
	if (*f == 'v') {
		if (f[1] == '1' && f[2] == '6') {
			sp->vec = 16;
			f += 3;
		} else if (f[1] == '2' || f[1] == '3' || f[1] == '4' || f[1] == '8') {
			sp->vec = (unsigned)(f[1] - '0');
			f += 2;
		} else {
			return NULL;
		}
	}
	if (f[0] == 'h' && f[1] == 'h') {
		sp->len = LEN_HH;
		f += 2;
	} else if (f[0] == 'h' && f[1] == 'l') {
		sp->len = LEN_HL;
		f += 2;
	} else if (f[0] == 'h') {
		sp->len = LEN_H;
		f++;
	} else if (f[0] == 'l') {
		sp->len = LEN_L;
		f++;
	}
	if (!*f || !strchr("diouxXfFeEgGaAcsp", *f))
		return NULL;
	sp->conv = *f++;
	/* hl is a vector length modifier only; %c, %s and %p take no
	 * vectors (§6.15.14.2). */
	if (sp->len == LEN_HL && !sp->vec)
		return NULL;
	if (sp->vec && strchr("csp", sp->conv))
		return NULL;
	return f;
}

/* "%<flags><width>[.<prec>]<host length><conv>" */
static void host_format(const struct spec *sp, const char *length, char conv,
			bool with_prec, char out[40])
{
	snprintf(out, 40, "%%%s%s%s%s%s%c", sp->flags, sp->width,
		 with_prec && sp->has_prec ? "." : "",
		 with_prec && sp->has_prec ? sp->prec : "", length, conv);
}

/* --- argument values -------------------------------------------------- */

/* One value to convert: `size` bytes, floating point or not. */
struct elem {
	uint64_t raw; /* the bytes, little-endian, zero-extended */
	unsigned size;
	bool fp;
};

static double half_to_double(uint16_t h)
{
	int e = (h >> 10) & 0x1f;
	int m = h & 0x3ff;
	double v;
	if (e == 0)
		v = ldexp(m, -24);
	else if (e == 31)
		v = m ? NAN : INFINITY;
	else
		v = ldexp(m | 0x400, e - 25);
	return (h & 0x8000) ? -v : v;
}

static int64_t sext(uint64_t raw, unsigned bits)
{
	unsigned sh = 64 - bits;
	return (int64_t)(raw << sh) >> sh;
}

static double as_double(const struct elem *e)
{
	if (!e->fp) /* an integer for %f: undefined; show its value */
		return (double)sext(e->raw, 8 * e->size);
	if (e->size == 2)
		return half_to_double((uint16_t)e->raw);
	if (e->size == 4) {
		float f;
		uint32_t w = (uint32_t)e->raw;
		memcpy(&f, &w, sizeof(f));
		return f;
	}
	double d;
	memcpy(&d, &e->raw, sizeof(d));
	return d;
}

static bool is_float_conv(char c)
{
	return strchr("fFeEgGaA", c) != NULL;
}

/* One element by one conversion (%s is convert_string's). */
static void convert(struct sink *s, const struct spec *sp, const struct elem *e)
{
	char hf[40];
	switch (sp->conv) {
	case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': {
		/* A scalar is cut to its modifier's width (hh char, h short,
		 * none int, l long), as C does; a vector element already has
		 * the modifier's size. */
		unsigned bits = 8 * e->size;
		if (!sp->vec)
			bits = sp->len == LEN_HH ? 8 : sp->len == LEN_H ? 16
			     : sp->len == LEN_L ? 64 : 32;
		uint64_t u = (uint64_t)sext(e->raw, 8 * e->size);
		host_format(sp, "ll", sp->conv, true, hf);
		if (sp->conv == 'd' || sp->conv == 'i')
			put_formatted(s, hf, (long long)sext(u, bits));
		else
			put_formatted(s, hf, (unsigned long long)((u << (64 - bits)) >> (64 - bits)));
		break;
	}
	case 'c':
		host_format(sp, "", 'c', false, hf);
		put_formatted(s, hf, (int)(unsigned char)e->raw);
		break;
	case 'p':
		host_format(sp, "", 'p', false, hf);
		put_formatted(s, hf, (void *)(uintptr_t)e->raw);
		break;
	default: /* f F e E g G a A */
		host_format(sp, "", sp->conv, true, hf);
		put_formatted(s, hf, as_double(e));
		break;
	}
}

/* %s: the string itself when the compiler saw a literal (§6.15.14.2 allows
 * no other). */
static void convert_string(struct sink *s, const struct spec *sp,
			   const struct kiln_printf_arg *a, uint64_t addr)
{
	char hf[40];
	host_format(sp, "", 's', true, hf);
	if (!addr)
		put_formatted(s, hf, "(null)");
	else if (a->kind == KILN_PRINTF_ARG_STR)
		put_formatted(s, hf, (const char *)(uintptr_t)addr);
	else /* not a literal: nothing known to be safe to read */
		put_formatted(s, hf, "(non-literal string)");
}

/* Argument a's element i of `size` bytes. */
static uint64_t read_bytes(const unsigned char *rec, const struct kiln_printf_arg *a,
			   unsigned i, unsigned size)
{
	uint64_t v = 0; /* little-endian host: the low bytes */
	memcpy(&v, rec + a->offset + (size_t)i * size, size);
	return v;
}

/* Converts argument a by sp: a scalar, or vN elements of the length
 * modifier's size joined by ',' (§6.15.14.2).  The elements are read by
 * the modifier, not by the argument's IR type: Clang hands small vectors
 * to a variadic call as integers. */
static void convert_arg(struct sink *s, const struct spec *sp, const unsigned char *rec,
			const struct kiln_printf_arg *a)
{
	unsigned bytes = (unsigned)a->elem_size * a->count;
	if (sp->conv == 's') {
		convert_string(s, sp, a, bytes >= 8 ? read_bytes(rec, a, 0, 8) : 0);
		return;
	}
	if (!sp->vec) {
		struct elem e = {read_bytes(rec, a, 0, a->elem_size), a->elem_size,
				 a->kind == KILN_PRINTF_ARG_FLOAT};
		convert(s, sp, &e);
		return;
	}
	unsigned size = sp->len == LEN_HH ? 1 : sp->len == LEN_H ? 2
		      : sp->len == LEN_HL ? 4 : sp->len == LEN_L ? 8 : a->elem_size;
	unsigned n = bytes / size < sp->vec ? bytes / size : sp->vec;
	bool fp = sp->len == LEN_NONE ? a->kind == KILN_PRINTF_ARG_FLOAT
				      : is_float_conv(sp->conv);
	for (unsigned i = 0; i < n; i++) {
		if (i)
			put(s, ",", 1);
		struct elem e = {read_bytes(rec, a, i, size), size, fp};
		convert(s, sp, &e);
	}
}

/* One printf call's output. */
static void format_record(struct sink *s, const char *f,
			  const struct kiln_printf_site *site, const unsigned char *rec)
{
	uint32_t next = 0;
	while (*f) {
		const char *pct = strchr(f, '%');
		if (!pct) {
			put(s, f, strlen(f));
			return;
		}
		put(s, f, (size_t)(pct - f));
		if (pct[1] == '%') {
			put(s, "%", 1);
			f = pct + 2;
			continue;
		}
		struct spec sp;
		const char *end = parse_spec(pct + 1, &sp);
		/* Not a conversion, or no argument left for it: undefined
		 * (§6.15.14.2); the text goes out as it is. */
		if (!end || next >= site->num_args ||
		    site->args[next].kind == KILN_PRINTF_ARG_NONE) {
			if (end && next < site->num_args)
				next++;
			size_t n = end ? (size_t)(end - pct) : 1;
			put(s, pct, n);
			f = pct + n;
			continue;
		}
		convert_arg(s, &sp, rec, &site->args[next++]);
		f = end;
	}
}

/* The compiler made the site; still, a record that does not fit its own
 * size is not read. */
static bool site_ok(const struct kiln_printf_site *site)
{
	if (site->record_size < 16 || site->record_size % 8)
		return false;
	for (uint32_t i = 0; i < site->num_args; i++) {
		const struct kiln_printf_arg *a = &site->args[i];
		if (a->kind != KILN_PRINTF_ARG_NONE &&
		    (uint64_t)a->offset + (uint64_t)a->count * a->elem_size > site->record_size)
			return false;
	}
	return true;
}

char *kiln_printf_format(const struct kiln_printf_buffer *b, size_t *len)
{
	struct sink s = {0};
	uint64_t end = b->used < b->capacity ? b->used : b->capacity;
	uint64_t pos = 0;
	while (end - pos >= 16) {
		const unsigned char *rec = b->data + pos;
		uint64_t site_addr, fmt_addr;
		memcpy(&site_addr, rec, sizeof(site_addr));
		memcpy(&fmt_addr, rec + 8, sizeof(fmt_addr));
		if (!site_addr)
			break; /* the first record that did not fit */
		const struct kiln_printf_site *site =
			(const struct kiln_printf_site *)(uintptr_t)site_addr;
		if (!site_ok(site) || site->record_size > end - pos)
			break;
		format_record(&s, (const char *)(uintptr_t)fmt_addr, site, rec);
		pos += site->record_size;
	}
	if (s.failed) {
		free(s.p);
		s.p = NULL;
		s.len = 0;
	}
	*len = s.len;
	return s.p;
}

void kiln_printf_flush(const struct kiln_printf_buffer *b)
{
	size_t len;
	char *text = kiln_printf_format(b, &len);
	if (text && len) {
		flockfile(stdout);
		fwrite(text, 1, len, stdout);
		fflush(stdout);
		funlockfile(stdout);
	}
	free(text);
}
