/* kiln-cc tests: an error at line 5, column 16. */
__kernel void broken(__global float *y)
{
	size_t i = get_global_id(0);
	y[i] = 2.0f * undeclared_value;
}
