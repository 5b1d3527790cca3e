/* The pipe built-ins through SPIR-V (test_pipes_spirv.c): made into a
 * module with clang -target spir64 and llvm-spirv when the tests are built
 * (tests/CMakeLists.txt), so the kernels reach Kiln as OpReadPipe,
 * OpWritePipe, OpReservedReadPipe, OpReserveWritePipePackets,
 * OpCommitReadPipe, OpGroupReserveReadPipePackets, OpIsValidReserveId,
 * OpGetNumPipePackets, OpGetMaxPipePackets...  The pipe queries are used on
 * read pipes only: translator 15 names them "_wo" whatever the pipe's
 * access (docs/pipes.md), which this module exercises. */
typedef struct { uint a[10]; } S;

S make(uint v)
{
	S t;
	for (int i = 0; i < 10; i++)
		t.a[i] = v * 2654435761u + (uint)i;
	return t;
}

kernel void w2(global const uint *v, write_only pipe S p, global int *st)
{
	size_t g = get_global_id(0);
	S t = make(v[g]);
	st[g] = write_pipe(p, &t);
}

kernel void r2(read_only pipe S p, global S *out, global int *st)
{
	size_t g = get_global_id(0);
	st[g] = read_pipe(p, &out[g]);
}

kernel void query(read_only pipe S p, global uint *o)
{
	o[0] = get_pipe_num_packets(p);
	o[1] = get_pipe_max_packets(p);
}

/* k packets per work-item by reservation; bit 4: an index outside the
 * reservation was accepted. */
kernel void wres(global const uint *v, write_only pipe S p, uint k, global int *st)
{
	size_t g = get_global_id(0);
	reserve_id_t r = reserve_write_pipe(p, k);
	if (!is_valid_reserve_id(r)) {
		st[g] = -100;
		return;
	}
	int s = 0;
	for (uint i = 0; i < k; i++) {
		S t = make(v[g * k + i]);
		s |= write_pipe(p, r, i, &t);
	}
	S x = make(0u);
	if (write_pipe(p, r, k, &x) >= 0)
		s |= 16;
	commit_write_pipe(p, r);
	st[g] = s;
}

kernel void rres(read_only pipe S p, uint k, global S *out, global int *st)
{
	size_t g = get_global_id(0);
	reserve_id_t r = reserve_read_pipe(p, k);
	if (!is_valid_reserve_id(r)) {
		st[g] = -100;
		return;
	}
	int s = 0;
	for (uint i = 0; i < k; i++)
		s |= read_pipe(p, r, i, &out[g * k + i]);
	commit_read_pipe(p, r);
	st[g] = s;
}

kernel void wgw(global const uint *v, write_only pipe S p, global int *st)
{
	size_t g = get_global_id(0);
	reserve_id_t r = work_group_reserve_write_pipe(p, get_local_size(0));
	if (is_valid_reserve_id(r)) {
		S t = make(v[g]);
		st[g] = write_pipe(p, r, get_local_id(0), &t);
		work_group_commit_write_pipe(p, r);
	} else {
		st[g] = -100;
	}
}

kernel void wgr(read_only pipe S p, global S *out, global int *st)
{
	size_t g = get_global_id(0);
	reserve_id_t r = work_group_reserve_read_pipe(p, get_local_size(0));
	if (is_valid_reserve_id(r)) {
		st[g] = read_pipe(p, r, get_local_id(0), &out[g]);
		work_group_commit_read_pipe(p, r);
	} else {
		st[g] = -100;
	}
}

kernel void invalid(write_only pipe S p, global int *o)
{
	S t = make(1u);
	o[0] = is_valid_reserve_id(CLK_NULL_RESERVE_ID);
	o[1] = is_valid_reserve_id(reserve_write_pipe(p, 0));
	o[2] = write_pipe(p, CLK_NULL_RESERVE_ID, 0, &t) < 0;
}

/* Sub-group reservations: OpGroupReserveWritePipePackets and
 * OpGroupCommitWritePipe at Subgroup scope (test_pipes_spirv.c runs them
 * where the device has sub-groups). */
kernel void sgw(global const uint *v, write_only pipe S p, global int *st)
{
	size_t g = get_global_id(0);
	reserve_id_t r = sub_group_reserve_write_pipe(p, get_sub_group_size());
	if (is_valid_reserve_id(r)) {
		S t = make(v[g]);
		st[g] = write_pipe(p, r, get_sub_group_local_id(), &t);
		sub_group_commit_write_pipe(p, r);
	} else {
		st[g] = -100;
	}
}

kernel void sgr(read_only pipe S p, global S *out, global int *st)
{
	size_t g = get_global_id(0);
	reserve_id_t r = sub_group_reserve_read_pipe(p, get_sub_group_size());
	if (is_valid_reserve_id(r)) {
		st[g] = read_pipe(p, r, get_sub_group_local_id(), &out[g]);
		sub_group_commit_read_pipe(p, r);
	} else {
		st[g] = -100;
	}
}
