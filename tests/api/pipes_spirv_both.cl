/* A SPIR-V module that asks OpGetNumPipePackets of a read pipe and of a
 * write pipe: translator 15 cannot read it (it declares one
 * "__get_pipe_num_packets_wo" with two pipe types); test_pipes_spirv.c
 * checks that clCreateProgramWithIL refuses it (CL_INVALID_VALUE) instead
 * of the process going down. */
kernel void both(read_only pipe int r, write_only pipe int w, global uint *o)
{
	o[0] = get_pipe_num_packets(r);
	o[1] = get_pipe_num_packets(w);
}
