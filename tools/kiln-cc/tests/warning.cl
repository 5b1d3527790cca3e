/* kiln-cc tests: a warning (Clang's -Wdivision-by-zero, on by default)
 * at line 5, column 14; an error only under -Werror. */
__kernel void warns(__global int *y)
{
	y[0] = y[1] / 0;
}
