/* kiln-cc tests: two kernels that build cleanly. saxpy's work-item loop
 * vectorizes; block_sum has one barrier (two barrier regions). */
__kernel void saxpy(__global const float *x, __global float *restrict y,
		    const float a, const uint n)
{
	size_t i = get_global_id(0);
	if (i < n)
		y[i] = a * x[i] + y[i];
}

__kernel void block_sum(__global const int *in, __global int *out,
			__local int *tmp)
{
	size_t lid = get_local_id(0);
	tmp[lid] = in[get_global_id(0)];
	barrier(CLK_LOCAL_MEM_FENCE);
	if (lid == 0) {
		int s = 0;
		for (size_t k = 0; k < get_local_size(0); k++)
			s += tmp[k];
		out[get_group_id(0)] = s;
	}
}
