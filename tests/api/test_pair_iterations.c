/* A search loop of hashcat's shape (lib/compiler/pair_iterations.cpp):
 * each work-item hashes its candidates one per iteration and records a
 * hit (an atomic counter and a store) when a hash equals the target;
 * kiln-pair-iterations runs two iterations at once and keeps the second
 * only when the first missed.  Hits are planted in the first and last
 * iteration, in both iterations of a pair, in the second of a pair alone
 * and in consecutive work-items, for trip counts 0 to 65, odd and even;
 * the hits found must be exactly those a host computation finds.  The
 * candidates end flush against a page the process may not read
 * (CL_MEM_USE_HOST_PTR), so a speculated read past the last candidate
 * would fault; the same search runs with the candidates in an SVM
 * allocation and in a uint4 form. */
#include "../common/check.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define ROUNDS                                                                 \
	R(0x9e3779b9u, 5) R(0x7f4a7c15u, 11) R(0x85ebca6bu, 7) R(0xc2b2ae35u, 13) \
	R(0x27d4eb2fu, 3) R(0x165667b1u, 17) R(0xd3a2646cu, 9) R(0xfd7046c5u, 21) \
	R(0xb55a4f09u, 6) R(0x2545f491u, 14) R(0x9e3779b1u, 19) R(0x61c88647u, 25) \
	R(0x1b873593u, 10) R(0xcc9e2d51u, 15) R(0xe6546b64u, 4) R(0x85ebca77u, 27)

static const char *src =
	"typedef struct { uint cnt; uint target; } params_t;\n"
	"#define R(K, S) h = rotate(h + (K), (uint)(S)) ^ (h >> 3) ^ w;\n"
	"#define ROUNDS " "R(0x9e3779b9u, 5) R(0x7f4a7c15u, 11) R(0x85ebca6bu, 7) R(0xc2b2ae35u, 13) "
	"R(0x27d4eb2fu, 3) R(0x165667b1u, 17) R(0xd3a2646cu, 9) R(0xfd7046c5u, 21) "
	"R(0xb55a4f09u, 6) R(0x2545f491u, 14) R(0x9e3779b1u, 19) R(0x61c88647u, 25) "
	"R(0x1b873593u, 10) R(0xcc9e2d51u, 15) R(0xe6546b64u, 4) R(0x85ebca77u, 27)\n"
	"kernel void search(global const uint *cand, global uint *hits,\n"
	"                   global uint *where, global const params_t *prm)\n"
	"{\n"
	"  uint gid = (uint)get_global_id(0);\n"
	"  for (uint i = 0; i < prm->cnt; i++) {\n"
	"    uint w = cand[gid * prm->cnt + i];\n"
	"    uint h = w;\n"
	"    ROUNDS ROUNDS\n"
	"    if (h == prm->target) {\n"
	"      uint k = atomic_inc(hits);\n"
	"      if (k < 64u) where[k] = gid * 1000u + i;\n"
	"    }\n"
	"  }\n"
	"}\n"
	/* four lanes per iteration, as hashcat's vector widths run */
	"kernel void search4(global const uint4 *cand, global uint *hits,\n"
	"                    global uint *where, global const params_t *prm)\n"
	"{\n"
	"  uint gid = (uint)get_global_id(0);\n"
	"  for (uint i = 0; i < prm->cnt; i++) {\n"
	"    uint4 w = cand[gid * prm->cnt + i];\n"
	"    uint4 h = w;\n"
	"    ROUNDS ROUNDS\n"
	"    if (any(h == (uint4)prm->target)) {\n"
	"      for (uint l = 0; l < 4u; l++)\n"
	"        if (((uint *)&h)[l] == prm->target) {\n"
	"          uint k = atomic_inc(hits);\n"
	"          if (k < 64u) where[k] = (gid * 1000u + i) * 4u + l;\n"
	"        }\n"
	"    }\n"
	"  }\n"
	"}\n";

static uint32_t rotl(uint32_t x, unsigned s) { return (x << s) | (x >> ((32 - s) & 31)); }

static uint32_t hash(uint32_t w)
{
	uint32_t h = w;
#define R(K, S) h = rotl(h + (K), (S)) ^ (h >> 3) ^ w;
	for (int twice = 0; twice < 2; twice++) {
		ROUNDS
	}
#undef R
	return h;
}

static cl_context context;
static cl_device_id device;
static cl_command_queue queue;
static cl_program program;

enum { GROUPS = 5, MAX_CNT = 65, CAP = 64 };

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* Candidates of work-item g, iteration i (lane l): distinct values, with
 * the planted ones equal to `planted`. */
static uint32_t candidate(uint32_t g, uint32_t i, uint32_t l, uint32_t cnt, uint32_t planted)
{
	uint32_t v = (g * 131071u + i * 8191u + l * 127u) ^ 0x5bd1e995u;
	bool plant = (g == 0 && i == 0) ||                        /* first */
		     (g == 1 && cnt > 0 && i == cnt - 1) ||       /* last */
		     (g == 2 && (i == 2 || i == 3)) ||            /* both of a pair */
		     (g == 3 && i % 4 == 1) ||                     /* second of pairs */
		     (g == 4 && (i == 4 || i == 7));
	if (plant && l == (i + g) % 4)
		return planted;
	return v == planted ? v + 1 : v;
}

/* Runs `kernel` over GROUPS work-items with cnt candidates each (lanes
 * per candidate: 1 or 4), from candidate storage `store` (set as an SVM
 * pointer when svm), and compares the hits with the host's. */
static void run(const char *kernel, unsigned lanes, uint32_t cnt, uint32_t *store, bool svm)
{
	cl_int err;
	const uint32_t planted = 0x12345678u, target = hash(planted);
	size_t n = (size_t)GROUPS * cnt * lanes;
	for (uint32_t g = 0; g < GROUPS; g++)
		for (uint32_t i = 0; i < cnt; i++)
			for (uint32_t l = 0; l < lanes; l++)
				store[((size_t)g * cnt + i) * lanes + l] =
					candidate(g, i, l, cnt, planted);
	uint32_t want[CAP], nwant = 0;
	for (uint32_t g = 0; g < GROUPS; g++)
		for (uint32_t i = 0; i < cnt; i++)
			for (uint32_t l = 0; l < lanes; l++)
				if (hash(store[((size_t)g * cnt + i) * lanes + l]) == target) {
					REQUIRE(nwant < CAP);
					uint32_t at = g * 1000u + i;
					want[nwant++] = lanes == 1 ? at : at * 4u + l;
				}

	cl_kernel k = clCreateKernel(program, kernel, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bc = NULL;
	if (svm) {
		CHECK_OK(clSetKernelArgSVMPointer(k, 0, store));
	} else {
		/* at least one byte, so that cnt 0 still has a buffer */
		bc = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR,
				    n ? n * 4 : 4, n ? store : store - 1, &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_OK(clSetKernelArg(k, 0, sizeof(bc), &bc));
	}
	uint32_t zero = 0, prm[2] = { cnt, target };
	cl_mem bh = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bw = clCreateBuffer(context, CL_MEM_WRITE_ONLY, CAP * 4, NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem bp = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(prm),
				   prm, &err);
	REQUIRE(err == CL_SUCCESS);
	CHECK_OK(clSetKernelArg(k, 1, sizeof(bh), &bh));
	CHECK_OK(clSetKernelArg(k, 2, sizeof(bw), &bw));
	CHECK_OK(clSetKernelArg(k, 3, sizeof(bp), &bp));
	size_t gs = GROUPS, ls = 1;
	CHECK_OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &gs, &ls, 0, NULL, NULL));
	uint32_t got[CAP], ngot = 0;
	CHECK_OK(clEnqueueReadBuffer(queue, bh, CL_TRUE, 0, 4, &ngot, 0, NULL, NULL));
	CHECK_OK(clEnqueueReadBuffer(queue, bw, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
	if (ngot != nwant)
		fprintf(stderr, "%s cnt %u%s: %u hits, want %u\n", kernel, cnt, svm ? " (SVM)" : "",
			ngot, nwant);
	CHECK(ngot == nwant);
	if (ngot == nwant) {
		qsort(got, ngot, 4, cmp_u32);
		qsort(want, nwant, 4, cmp_u32);
		for (uint32_t j = 0; j < ngot; j++)
			if (got[j] != want[j]) {
				fprintf(stderr, "%s cnt %u%s: hit %u at %u, want %u\n", kernel, cnt,
					svm ? " (SVM)" : "", j, got[j], want[j]);
				CHECK(got[j] == want[j]);
				break;
			}
	}
	if (bc)
		clReleaseMemObject(bc);
	clReleaseMemObject(bh);
	clReleaseMemObject(bw);
	clReleaseMemObject(bp);
	clReleaseKernel(k);
}

int main(void)
{
	cl_platform_id platform;
	check_setup(&platform, &device, &context, &queue);
	program = check_build(context, device, src, "-cl-std=CL3.0");
	REQUIRE(program);

	/* candidate storage that ends where an unreadable page begins */
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t bytes = ((size_t)GROUPS * MAX_CNT * 16 + page - 1) / page * page;
	char *map = mmap(NULL, bytes + page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	REQUIRE(map != MAP_FAILED);
	REQUIRE(mprotect(map + bytes, page, PROT_NONE) == 0);

	static const uint32_t counts[] = { 0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 33, 64, 65 };
	for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
		for (unsigned lanes = 1; lanes <= 4; lanes += 3) {
			uint32_t cnt = counts[c];
			size_t n = (size_t)GROUPS * cnt * lanes;
			uint32_t *flush = (uint32_t *)(map + bytes) - n;
			run(lanes == 1 ? "search" : "search4", lanes, cnt, flush, false);
		}

	/* fine-grained SVM: the host writes the candidates in place */
	cl_device_svm_capabilities caps = 0;
	clGetDeviceInfo(device, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, NULL);
	if (caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) {
		size_t all = (size_t)GROUPS * MAX_CNT;
		uint32_t *s = clSVMAlloc(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
					 all * 4, 0);
		REQUIRE(s);
		for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
			uint32_t cnt = counts[c];
			/* the last candidate ends the allocation */
			run("search", 1, cnt, s + (all - (size_t)GROUPS * cnt), true);
		}
		clSVMFree(context, s);
	}
	munmap(map, bytes + page);

	clReleaseProgram(program);
	clReleaseCommandQueue(queue);
	clReleaseContext(context);
	return check_done();
}
