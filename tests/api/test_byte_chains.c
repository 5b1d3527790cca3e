/* Chains of byte multiplies, adds and subtracts (kiln-widen-byte-chains
 * computes them in 16-bit lanes and narrows once where they leave): per
 * work-item a chain of 64 steps on uchar, char4 and uchar16 whose
 * constants change from step to step, so that the bytes keep changing
 * (a plain `x = y * x + y` settles on a fixed point modulo 256 within a
 * few steps and would hide a wrong high half); a value leaves the chain
 * half way (stored, then used on) and at the end.  Every byte of every
 * work-item against the same steps in C on uint8_t, on a 1D range of
 * 4096 in groups of 256 and one of 1000 in groups the device picks. */
#include "../common/check.h"

#include <stdint.h>

#define STEPS 64

/* step k: x = x * a_k + y; y = y * b_k - x (a_k odd, b_k any) */
static unsigned char mul_a(int k) { return (unsigned char)(2 * ((k * 37 + 11) & 127) + 1); }
static unsigned char mul_b(int k) { return (unsigned char)((k * 91 + 5) & 255); }

static char *chain_source(const char *type)
{
	static char src[16384];
	size_t len = 0;
	len += (size_t)snprintf(src + len, sizeof(src) - len,
				"__kernel void k(__global const %s *in, __global %s *mid,\n"
				"                __global %s *out)\n"
				"{\n"
				"    size_t g = get_global_id(0);\n"
				"    %s x = in[2 * g], y = in[2 * g + 1];\n",
				type, type, type, type);
	for (int k = 0; k < STEPS; k++) {
		len += (size_t)snprintf(src + len, sizeof(src) - len,
					"    x = x * (%s)%u + y; y = y * (%s)%u - x;\n", type, mul_a(k),
					type, mul_b(k));
		if (k == STEPS / 2)
			len += (size_t)snprintf(src + len, sizeof(src) - len, "    mid[g] = x;\n");
	}
	len += (size_t)snprintf(src + len, sizeof(src) - len, "    out[g] = x + y;\n}\n");
	return src;
}

static void reference(const uint8_t *in, uint8_t *mid, uint8_t *out, size_t items,
		      unsigned lanes)
{
	for (size_t g = 0; g < items; g++)
		for (unsigned l = 0; l < lanes; l++) {
			uint8_t x = in[(2 * g) * lanes + l], y = in[(2 * g + 1) * lanes + l];
			for (int k = 0; k < STEPS; k++) {
				x = (uint8_t)(x * mul_a(k) + y);
				y = (uint8_t)(y * mul_b(k) - x);
				if (k == STEPS / 2)
					mid[g * lanes + l] = x;
			}
			out[g * lanes + l] = (uint8_t)(x + y);
		}
}

int main(void)
{
	cl_platform_id platform;
	cl_device_id dev;
	cl_context ctx;
	cl_command_queue q;
	check_setup(&platform, &dev, &ctx, &q);
	static const struct {
		const char *type;
		unsigned lanes;
	} types[] = { { "uchar", 1 }, { "char4", 4 }, { "uchar16", 16 } };
	static const size_t ranges[][2] = { { 4096, 256 }, { 1000, 0 } };
	enum { MAX_ITEMS = 4096, MAX_LANES = 16 };
	static uint8_t in[2 * MAX_ITEMS * MAX_LANES], mid[MAX_ITEMS * MAX_LANES],
		out[MAX_ITEMS * MAX_LANES], want_mid[MAX_ITEMS * MAX_LANES],
		want_out[MAX_ITEMS * MAX_LANES];
	unsigned seed = 12345;
	for (size_t i = 0; i < sizeof(in); i++)
		in[i] = (uint8_t)check_rand(&seed);
	cl_int err;
	cl_mem b_in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(in), in,
				     &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem b_mid = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(mid), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	cl_mem b_out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(out), NULL, &err);
	REQUIRE(err == CL_SUCCESS);
	for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
		cl_program prog = check_build(ctx, dev, chain_source(types[t].type), NULL);
		cl_kernel k = clCreateKernel(prog, "k", &err);
		REQUIRE(err == CL_SUCCESS);
		CHECK_OK(clSetKernelArg(k, 0, sizeof(cl_mem), &b_in));
		CHECK_OK(clSetKernelArg(k, 1, sizeof(cl_mem), &b_mid));
		CHECK_OK(clSetKernelArg(k, 2, sizeof(cl_mem), &b_out));
		for (size_t r = 0; r < sizeof(ranges) / sizeof(ranges[0]); r++) {
			size_t items = ranges[r][0], local = ranges[r][1];
			size_t bytes = items * types[t].lanes;
			CHECK_OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &items, local ? &local : NULL,
							0, NULL, NULL));
			CHECK_OK(clEnqueueReadBuffer(q, b_mid, CL_FALSE, 0, bytes, mid, 0, NULL, NULL));
			CHECK_OK(clEnqueueReadBuffer(q, b_out, CL_TRUE, 0, bytes, out, 0, NULL, NULL));
			reference(in, want_mid, want_out, items, types[t].lanes);
			unsigned bad = 0;
			for (size_t i = 0; i < bytes; i++) {
				if (mid[i] == want_mid[i] && out[i] == want_out[i])
					continue;
				if (bad++ < 8)
					fprintf(stderr,
						"%s, %zu items: byte %zu: mid %u (want %u), out %u "
						"(want %u)\n",
						types[t].type, items, i, mid[i], want_mid[i], out[i],
						want_out[i]);
			}
			CHECK(bad == 0);
		}
		clReleaseKernel(k);
		clReleaseProgram(prog);
	}
	clReleaseMemObject(b_in);
	clReleaseMemObject(b_mid);
	clReleaseMemObject(b_out);
	clReleaseCommandQueue(q);
	clReleaseContext(ctx);
	return check_done();
}
