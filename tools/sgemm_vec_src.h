/* The register-tiled SGEMM kernel of kiln-bench-compute (`sgemm-vec`: a
 * 64x64 tile of C per work-group of 8x16, four float8 accumulators a
 * work-item, B's tile in __local float8 rows), as OpenCL C source with the
 * kernel named `name` (a string literal).  tests/api/test_carried_values.c
 * checks the same kernel against the host. */
#ifndef KILN_SGEMM_VEC_SRC_H
#define KILN_SGEMM_VEC_SRC_H

#define KILN_SGEMM_VEC_SRC(name) \
	"#define TS 64\n" \
	"#define KT 16\n" \
	"__kernel __attribute__((reqd_work_group_size(8, 16, 1)))\n" \
	"void " name "(int n, __global const float *A, __global const float *B, __global float *C)\n" \
	"{\n" \
	"    __local float8 Bs[KT][8];\n" \
	"    __local float As[TS][KT];\n" \
	"    int lx = get_local_id(0), ly = get_local_id(1), id = ly * 8 + lx;\n" \
	"    int row0 = get_group_id(1) * TS, col0 = get_group_id(0) * TS;\n" \
	"    float8 c0 = 0.0f, c1 = 0.0f, c2 = 0.0f, c3 = 0.0f;\n" \
	"    for (int k0 = 0; k0 < n; k0 += KT) {\n" \
	"        Bs[id >> 3][id & 7] = vload8(0, B + (k0 + (id >> 3)) * n + col0 + (id & 7) * 8);\n" \
	"        vstore8(vload8(0, A + (row0 + (id >> 1)) * n + k0 + (id & 1) * 8), 0,\n" \
	"                &As[id >> 1][(id & 1) * 8]);\n" \
	"        barrier(CLK_LOCAL_MEM_FENCE);\n" \
	"        for (int k = 0; k < KT; k++) {\n" \
	"            float8 b = Bs[k][lx];\n" \
	"            c0 = mad((float8)As[ly * 4 + 0][k], b, c0);\n" \
	"            c1 = mad((float8)As[ly * 4 + 1][k], b, c1);\n" \
	"            c2 = mad((float8)As[ly * 4 + 2][k], b, c2);\n" \
	"            c3 = mad((float8)As[ly * 4 + 3][k], b, c3);\n" \
	"        }\n" \
	"        barrier(CLK_LOCAL_MEM_FENCE);\n" \
	"    }\n" \
	"    __global float *c = C + (row0 + ly * 4) * n + col0 + lx * 8;\n" \
	"    vstore8(c0, 0, c);\n" \
	"    vstore8(c1, 0, c + n);\n" \
	"    vstore8(c2, 0, c + 2 * n);\n" \
	"    vstore8(c3, 0, c + 3 * n);\n" \
	"}\n"

#endif
