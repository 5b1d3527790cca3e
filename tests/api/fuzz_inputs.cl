/* Kernels whose source, SPIR-V and binaries test_fuzz_inputs damages: a
 * little of everything a module holds (structs, vectors, local memory and
 * barriers, a switch, loops with phis, atomics, printf, calls). */
typedef struct { int a; float b; long c; } rec;

int pick(int x)
{
	switch (x) {
	case 0: return 3;
	case 1: return x * 5;
	case 17: return -x;
	case 1000: return x / 3;
	default: return x ^ 0x55;
	}
}

__kernel void mix(__global const rec *in, __global float4 *out,
		  __local int *scratch, __global int *count, int n)
{
	size_t i = get_global_id(0), l = get_local_id(0);
	rec r = in[i];
	int acc = 0;
	for (int k = 0; k < n; k++)
		acc += pick(r.a + k);
	scratch[l] = acc;
	barrier(CLK_LOCAL_MEM_FENCE);
	int other = scratch[(l + 1) % get_local_size(0)];
	float4 v = (float4)(r.b, (float)r.c, (float)acc, (float)other);
	out[i] = v * 0.5f + (float4)(1.0f, 2.0f, 3.0f, 4.0f);
	if (acc < 0)
		atomic_inc(count);
	if (i == 0)
		printf("mix %d %f %v4hlf\n", acc, r.b, v);
}

__kernel void scan(__global uint *data, uint m)
{
	uint x = data[get_global_id(0)];
	while (x > 1 && m--)
		x = (x & 1) ? 3 * x + 1 : x / 2;
	data[get_global_id(0)] = x;
}
