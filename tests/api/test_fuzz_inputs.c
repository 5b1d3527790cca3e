/* Damaged inputs never end or hang the application (docs/robustness.md):
 * OpenCL C source, SPIR-V modules and program binaries with flipped bits,
 * random words or bytes, insertions and truncations.  Every case must
 * return: a source builds or gives CL_BUILD_PROGRAM_FAILURE with a log;
 * a module is taken or refused with CL_INVALID_VALUE (a message through
 * the context callback), and one that is taken builds or fails with a log;
 * any damaged byte of a binary Kiln wrote is CL_INVALID_BINARY (§5.8.1).
 *
 * The cases run in a child process, each under an alarm: a case that
 * crashes the child or does not return in time fails the test (naming the
 * case and its seed) and the next child goes on after it, so a hang can
 * never stall CI.  The same seeds give the same cases on every run.
 *
 *   KILN_FUZZ_CASES=n   cases (default 300: a third of each kind)
 *   KILN_FUZZ_SEED=s    another series of cases
 *   KILN_FUZZ_TIMEOUT=t seconds a case may take (default 60) */
#include "check.h"
#include "last_message.h"
#include "spirv_twice.h"

#include <signal.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

static cl_context context;
static cl_device_id device;
static const char *sources[] = {
	"__kernel void add(__global int *a, __global const int *b, int k)\n"
	"{ size_t i = get_global_id(0); a[i] = a[i] + b[i] * k; }\n",
	"typedef struct { float x, y; } pt;\n"
	"float len2(pt p) { return p.x * p.x + p.y * p.y; }\n"
	"__kernel void norms(__global const pt *p, __global float *o, __local float *t)\n"
	"{\n"
	"  size_t i = get_global_id(0), l = get_local_id(0);\n"
	"  t[l] = len2(p[i]);\n"
	"  barrier(CLK_LOCAL_MEM_FENCE);\n"
	"  float s = 0.0f;\n"
	"  for (size_t k = 0; k <= l; k++) s += t[k];\n"
	"  o[i] = sqrt(s) + (float)(i % 3 == 0 ? 1 : 2);\n"
	"  if (i == 0) printf(\"%f\\n\", s);\n"
	"}\n",
};

static const char *tokens[] = {
	"{", "}", "(", ")", ";", "\"", "/*", "#define X(", "#include \"", "__kernel",
	"barrier(CLK_LOCAL_MEM_FENCE);", "while (1)", "printf(", "int4", "__local",
	"get_global_id(", "double", "goto", "[1 << 20]", "...", "0x7fffffffffffffff",
	"__attribute__((reqd_work_group_size(0,0,0)))", "\\", "'", "#pragma OPENCL",
	"return", "struct", "&&", "->", "sizeof(", "typedef", "#if", "#endif",
};

/* The test's inputs, made once per child. */
static uint32_t *modules[2];
static size_t module_words[2];
static unsigned char *binaries[2];
static size_t binary_size[2];

static uint32_t *read_spv(const char *path, size_t *words)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	uint32_t *w = malloc((size_t)n);
	if (!w || fread(w, 1, (size_t)n, f) != (size_t)n) {
		free(w);
		w = NULL;
	}
	fclose(f);
	*words = (size_t)n / 4;
	return w;
}

static unsigned char *binary_of(cl_program p, size_t *size)
{
	REQUIRE(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(*size), size, NULL) ==
		CL_SUCCESS);
	unsigned char *b = malloc(*size);
	REQUIRE(b && clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof(b), &b, NULL) ==
		     CL_SUCCESS);
	return b;
}

static void setup(void)
{
	cl_platform_id platform;
	cl_int err;
	check_get_device(&platform, &device);
	context = clCreateContext(NULL, 1, &device, keep_last_message, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	module_words[0] = sizeof(spirv_twice) / 4;
	modules[0] = malloc(sizeof(spirv_twice));
	memcpy(modules[0], spirv_twice, sizeof(spirv_twice));
	modules[1] = read_spv(KILN_FUZZ_SPV, &module_words[1]);
	REQUIRE(modules[1] != NULL);
	/* an executable and a compiled object */
	cl_program p = check_build(context, device, sources[1], NULL);
	binaries[0] = binary_of(p, &binary_size[0]);
	clReleaseProgram(p);
	p = clCreateProgramWithSource(context, 1, &sources[0], NULL, &err);
	REQUIRE(clCompileProgram(p, 1, &device, NULL, 0, NULL, NULL, NULL, NULL) == CL_SUCCESS);
	binaries[1] = binary_of(p, &binary_size[1]);
	clReleaseProgram(p);
}

static const char *log_of(cl_program p)
{
	static char log[1 << 16];
	log[0] = '\0';
	clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
	return log;
}

/* Builds p (from source or IL) and checks the outcome; 1 when right. */
static int built_right(cl_program p, const char *what)
{
	cl_int err = clBuildProgram(p, 1, &device, NULL, NULL, NULL);
	if (err == CL_SUCCESS) {
		cl_uint n = 0;
		err = clCreateKernelsInProgram(p, 0, NULL, &n);
		if (err != CL_SUCCESS) {
			fprintf(stderr, "%s: built, but clCreateKernelsInProgram gave %d\n", what, err);
			return 0;
		}
		return 1;
	}
	if (err != CL_BUILD_PROGRAM_FAILURE) {
		fprintf(stderr, "%s: clBuildProgram gave %d\n", what, err);
		return 0;
	}
	if (!strstr(log_of(p), "error")) {
		fprintf(stderr, "%s: a failed build without an error in its log\n", what);
		return 0;
	}
	return 1;
}

static int source_case(unsigned *r)
{
	const char *base = sources[check_rand(r) % 2];
	size_t n = strlen(base);
	char *s = malloc(n + 256);
	memcpy(s, base, n + 1);
	int edits = 1 + (int)(check_rand(r) % 3);
	for (int e = 0; e < edits; e++) {
		size_t len = strlen(s), at = check_rand(r) % (len + 1);
		switch (check_rand(r) % 5) {
		case 0: /* flip a bit (a NUL made a space) */
			if (at < len) {
				char c = (char)(s[at] ^ (1 << (check_rand(r) % 7)));
				s[at] = c ? c : ' ';
			}
			break;
		case 1: /* a random printable character */
			if (at < len)
				s[at] = (char)(32 + check_rand(r) % 95);
			break;
		case 2: { /* insert a token */
			const char *t = tokens[check_rand(r) % (sizeof(tokens) / sizeof(*tokens))];
			size_t tl = strlen(t);
			if (len + tl < n + 250) {
				memmove(s + at + tl, s + at, len - at + 1);
				memcpy(s + at, t, tl);
			}
			break;
		}
		case 3: /* truncate */
			s[at] = '\0';
			break;
		case 4: { /* delete a range */
			size_t k = check_rand(r) % 16;
			if (at + k <= len)
				memmove(s + at, s + at + k, len - at - k + 1);
			break;
		}
		}
	}
	const char *cs = s;
	cl_int err;
	cl_program p = clCreateProgramWithSource(context, 1, &cs, NULL, &err);
	int ok = p && err == CL_SUCCESS && built_right(p, "source");
	if (!ok)
		fprintf(stderr, "source was:\n%s\n", s);
	if (p)
		clReleaseProgram(p);
	free(s);
	return ok;
}

static int spirv_case(unsigned *r)
{
	int which = (int)(check_rand(r) % 2);
	size_t n = module_words[which];
	uint32_t *w = malloc((n + 1) * 4);
	memcpy(w, modules[which], n * 4);
	size_t bytes = n * 4;
	int kind = (int)(check_rand(r) % 6);
	switch (kind) {
	case 0: /* one flipped bit */
	case 1: { /* two to four */
		int flips = kind == 0 ? 1 : 2 + (int)(check_rand(r) % 3);
		for (int f = 0; f < flips; f++) {
			size_t bit = check_rand(r) % (n * 32);
			w[bit / 32] ^= 1u << (bit % 32);
		}
		break;
	}
	case 2: /* a random word */
		w[5 + check_rand(r) % (n - 5)] = check_rand(r) ^ (check_rand(r) << 16);
		break;
	case 3: /* a small random word (ids, counts, enumerants) */
		w[5 + check_rand(r) % (n - 5)] = check_rand(r) % 64;
		break;
	case 4: /* cut at a word */
		bytes = 4 * (check_rand(r) % n);
		break;
	case 5: { /* a word inserted */
		size_t at = 5 + check_rand(r) % (n - 5);
		memmove(w + at + 1, w + at, (n - at) * 4);
		w[at] = check_rand(r) % 3 ? check_rand(r) % 1024 : check_rand(r);
		bytes = (n + 1) * 4;
		break;
	}
	}
	cl_int err;
	last_message[0] = '\0';
	cl_program p = clCreateProgramWithIL(context, w, bytes ? bytes : 4, &err);
	int ok;
	if (!p) {
		ok = err == CL_INVALID_VALUE && last_message[0];
		if (!ok)
			fprintf(stderr, "SPIR-V: clCreateProgramWithIL gave %d, message \"%s\"\n",
				err, last_message);
	} else {
		ok = err == CL_SUCCESS && built_right(p, "SPIR-V");
		clReleaseProgram(p);
	}
	free(w);
	return ok;
}

static int binary_case(unsigned *r)
{
	int which = (int)(check_rand(r) % 2);
	size_t n = binary_size[which];
	unsigned char *b = malloc(n + 16);
	memcpy(b, binaries[which], n);
	size_t size = n;
	size_t at = check_rand(r) % n;
	switch (check_rand(r) % 4) {
	case 0:
		b[at] ^= (unsigned char)(1u << (check_rand(r) % 8));
		break;
	case 1:
		b[at] = (unsigned char)(b[at] + 1 + check_rand(r) % 255);
		break;
	case 2:
		size = at;
		break;
	case 3:
		size = n + 1 + check_rand(r) % 16;
		memset(b + n, (int)(check_rand(r) % 256), size - n);
		break;
	}
	const unsigned char *cb = b;
	cl_int err, status = CL_SUCCESS;
	cl_program p = clCreateProgramWithBinary(context, 1, &device, &size, &cb, &status, &err);
	int ok = !p && err == (size ? CL_INVALID_BINARY : CL_INVALID_VALUE) &&
		 status == err;
	if (!ok)
		fprintf(stderr, "binary %d, damaged at %zu (size %zu of %zu): err %d status %d\n",
			which, at, size, n, err, status);
	if (p)
		clReleaseProgram(p);
	free(b);
	return ok;
}

/* Runs case i; 1 when it behaved. */
static int run_case(unsigned seed, int i)
{
	unsigned r = seed * 2654435761u + (unsigned)i * 40503u + 1;
	switch (i % 3) {
	case 0: return spirv_case(&r);
	case 1: return binary_case(&r);
	default: return source_case(&r);
	}
}

static const char *kind_name(int i)
{
	return i % 3 == 0 ? "SPIR-V" : i % 3 == 1 ? "binary" : "source";
}

/* The child: cases from `first` on, one record {index, ok} per case on
 * fd `out`. */
static void child(unsigned seed, int first, int cases, unsigned timeout, int out)
{
	setup();
	for (int i = first; i < cases; i++) {
		alarm(timeout);
		int rec[2] = { i, run_case(seed, i) };
		alarm(0);
		if (write(out, rec, sizeof(rec)) != sizeof(rec))
			_exit(3);
	}
	clReleaseContext(context);
	_exit(0);
}

static long env_number(const char *name, long dflt)
{
	const char *s = getenv(name);
	return s && *s ? strtol(s, NULL, 0) : dflt;
}

int main(void)
{
	int cases = (int)env_number("KILN_FUZZ_CASES", 300);
	unsigned seed = (unsigned)env_number("KILN_FUZZ_SEED", 20261125);
	unsigned timeout = (unsigned)env_number("KILN_FUZZ_TIMEOUT", 60);
	/* no cache entries for thousands of damaged programs */
	setenv("KILN_CACHE", "0", 1);
	int done[3] = { 0 }, bad[3] = { 0 };
	for (int first = 0; first < cases;) {
		int fds[2];
		REQUIRE(pipe(fds) == 0);
		fflush(NULL);
		pid_t pid = fork();
		REQUIRE(pid >= 0);
		if (pid == 0) {
			close(fds[0]);
			child(seed, first, cases, timeout, fds[1]);
		}
		close(fds[1]);
		int rec[2], last = first - 1;
		while (read(fds[0], rec, sizeof(rec)) == sizeof(rec)) {
			last = rec[0];
			done[last % 3]++;
			if (!rec[1]) {
				bad[last % 3]++;
				fprintf(stderr, "case %d (%s, seed %u) returned the wrong result\n",
					last, kind_name(last), seed);
			}
		}
		close(fds[0]);
		int status = 0;
		waitpid(pid, &status, 0);
		if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && last == cases - 1)
			break;
		int culprit = last + 1;
		if (culprit >= cases) {
			fprintf(stderr, "the child failed after the last case (status 0x%x)\n",
				status);
			CHECK(0);
			break;
		}
		done[culprit % 3]++;
		bad[culprit % 3]++;
		if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
			fprintf(stderr, "case %d (%s, seed %u) did not return within %u s\n",
				culprit, kind_name(culprit), seed, timeout);
		else
			fprintf(stderr, "case %d (%s, seed %u) ended the process (status 0x%x)\n",
				culprit, kind_name(culprit), seed, status);
		first = culprit + 1;
	}
	for (int k = 0; k < 3; k++) {
		printf("%s: %d cases, %d wrong\n", kind_name(k), done[k], bad[k]);
		CHECK(bad[k] == 0);
	}
	CHECK(done[0] + done[1] + done[2] == cases);
	return check_done();
}
