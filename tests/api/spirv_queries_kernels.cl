/* Kernels of test_spirv_queries.c, made into one SPIR-V module with clang
 * -target spir64 and llvm-spirv 15 when the tests are built
 * (tests/CMakeLists.txt).  Each kernel needs one or more of the SPIR-V
 * capabilities Kiln reports in CL_DEVICE_SPIRV_CAPABILITIES_KHR, so the
 * module declares a representative set of them: Int8, Int16, Int64,
 * Float16Buffer, Float64, Int64Atomics, AtomicFloat32AddEXT,
 * AtomicFloat32MinMaxEXT, AtomicFloat64AddEXT, AtomicFloat64MinMaxEXT,
 * GenericPointer, Groups, GroupNonUniformBallot, Pipes, DeviceEnqueue,
 * ImageBasic, ImageReadWrite, LiteralSampler, Sampled1D and SampledBuffer;
 * the instructions of Float16 and of Image1D and ImageBuffer run too, but
 * translator 15 declares only Float16Buffer for half arithmetic and
 * Sampled1D/SampledBuffer for 1D and buffer image writes (the test runs a
 * Float16 kernel of its own).  The test checks that
 * every capability the module declares is listed, builds it, and runs each
 * kernel against a host reference. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

/* Int8, Int16, Int64 */
kernel void ints(global const char *c, global const short *s,
		 global const long *l, global long *out)
{
	size_t g = get_global_id(0);
	char a = (char)(c[g] * 3);
	short b = (short)(s[g] ^ (short)0x5a5a);
	out[g] = l[g] * 7 + a + b;
}

/* Float16 (arithmetic in half, not only half storage) */
kernel void halves(global const half *a, global half *out)
{
	size_t g = get_global_id(0);
	half x = a[g];
	out[g] = x * x + (half)1.0f;
}

/* Float64 */
kernel void doubles(global const double *a, global double *out)
{
	size_t g = get_global_id(0);
	out[g] = a[g] / 3.0 + sqrt(a[g]);
}

/* GenericPointer: one function on global and local memory */
static int bump(int *p, int v)
{
	*p += v;
	return *p;
}

kernel void generic_ptr(global int *g, local int *l)
{
	size_t i = get_global_id(0), li = get_local_id(0);
	l[li] = (int)i;
	int *p = (i & 1) ? (int *)&g[i] : (int *)&l[li];
	int r = bump(p, 5);
	g[i] = r * 2 + (to_global(p) != 0 ? 1 : 0);
}

/* Groups: work-group collectives */
kernel void groups(global const int *in, global int *sum, global int *scan)
{
	size_t i = get_global_id(0);
	sum[i] = work_group_reduce_add(in[i]);
	scan[i] = work_group_scan_inclusive_add(in[i]);
}

/* GroupNonUniformBallot */
kernel void ballot(global const int *in, global uint *count, global uint *sg)
{
	size_t i = get_global_id(0);
	uint4 b = sub_group_ballot(in[i] & 1);
	count[i] = sub_group_ballot_bit_count(b);
	sg[i] = get_sub_group_id();
}

/* Pipes */
kernel void pipe_write(global const int *in, write_only pipe int p,
		       global int *status)
{
	size_t i = get_global_id(0);
	status[i] = write_pipe(p, &in[i]);
}

kernel void pipe_read(read_only pipe int p, global int *out,
		      global int *status)
{
	size_t i = get_global_id(0);
	status[i] = read_pipe(p, &out[i]);
}

/* DeviceEnqueue: a child kernel on the default device queue */
kernel void enqueue(global int *out, int n)
{
	queue_t q = get_default_queue();
	int err = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_WAIT_KERNEL, ndrange_1D(n),
				 ^{ out[get_global_id(0)] = (int)get_global_id(0) * 3 + 1; });
	if (err != CLK_SUCCESS)
		out[0] = -1000 + err;
}

/* ImageBasic, LiteralSampler */
kernel void image_read(read_only image2d_t img, global float4 *out)
{
	const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
			    CLK_FILTER_NEAREST;
	int x = (int)get_global_id(0), y = (int)get_global_id(1);
	int w = get_image_width(img);
	out[y * w + x] = read_imagef(img, s, (int2)(x, y)) + read_imagef(img, (int2)(x, y));
}

/* Int64Atomics; AtomicFloat32/64AddEXT and MinMaxEXT (the translator's
 * SPV_EXT_shader_atomic_float_add and _min_max) */
kernel void atomics(global atomic_long *l, global atomic_float *f,
		    global atomic_double *d, global const float *x)
{
	size_t i = get_global_id(0);
	atomic_fetch_add_explicit(l, (long)i << 33, memory_order_relaxed);
	atomic_fetch_add_explicit(&f[0], x[i], memory_order_relaxed);
	atomic_fetch_max_explicit(&f[1], x[i], memory_order_relaxed);
	atomic_fetch_add_explicit(&d[0], (double)x[i], memory_order_relaxed);
	atomic_fetch_min_explicit(&d[1], (double)x[i], memory_order_relaxed);
}

/* Sampled1D, SampledBuffer, ImageReadWrite; Image1D, ImageBuffer (writes) */
kernel void images_1d_rw(read_only image1d_t a, read_only image1d_buffer_t b,
			 read_write image2d_t c, write_only image1d_t wa,
			 write_only image1d_buffer_t wb, global float4 *out)
{
	const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
			    CLK_FILTER_NEAREST;
	int i = (int)get_global_id(0);
	float4 v = read_imagef(a, s, i) + read_imagef(b, i) + read_imagef(c, (int2)(i, 0));
	write_imagef(c, (int2)(i, 0), v * 2.0f);
	write_imagef(wa, i, v * 3.0f);
	write_imagef(wb, i, v * 4.0f);
	out[i] = v;
}
