/* Kernels for tests/api/test_half_spirv.c, compiled to SPIR-V (Float16,
 * Float16Buffer) by clang -target spir64 and llvm-spirv. */
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
kernel void arith(global const half *a, global const half *b, global const half *c,
		  global half *mad_out, global half *sq, global half *mx, global int *nan)
{
	size_t i = get_global_id(0);
	half x = a[i], y = b[i], z = c[i];
	mad_out[i] = x * y + z;
	sq[i] = sqrt(x);
	mx[i] = fmax(x, y);
	nan[i] = isnan(x) ? 1 : 0;
}
kernel void conv(global const float *f, global half *rtz, global half *rte, global short *s,
		 global float *back)
{
	size_t i = get_global_id(0);
	rtz[i] = convert_half_rtz(f[i]);
	rte[i] = convert_half(f[i]);
	s[i] = convert_short_sat(f[i] > 0 ? (half)f[i] : (half)-f[i]);
	back[i] = (float)rte[i];
}
kernel void vec(global const half *in, global half *out)
{
	size_t i = get_global_id(0);
	half4 v = vload4(i, in);
	vstore4(v.wzyx * (half)2, i, out);
}
kernel void scale(global half *p, half s)
{
	size_t i = get_global_id(0);
	p[i] = p[i] * s;
}
