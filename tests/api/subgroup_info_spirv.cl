// Kernels for test_subgroup_info: intel_reqd_sub_group_size becomes the
// SPIR-V SubgroupSize execution mode (llvm-spirv), which the device must
// read back as the kernel's required sub-group size.
__attribute__((intel_reqd_sub_group_size(16)))
kernel void spv_req16(global int *o) { o[get_global_id(0)] = 16; }

__attribute__((intel_reqd_sub_group_size(8)))
kernel void spv_req8(global int *o) { o[get_global_id(0)] = 8; }

kernel void spv_plain(global int *o) { o[get_global_id(0)] = 0; }
