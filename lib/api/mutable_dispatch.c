/* Kernel commands in command buffers (clCommandNDRangeKernelKHR,
 * cl_khr_command_buffer 0.9.8) and their updates
 * (cl_khr_command_buffer_mutable_dispatch 0.9.5: clUpdateMutableCommandsKHR,
 * clGetMutableCommandInfoKHR).
 *
 * A kernel command is built by clEnqueueNDRangeKernel under capture (see
 * command_buffer.c), which snapshots the arguments: later clSetKernelArg
 * calls do not change it.  A command with a handle records from a private
 * clone of the kernel; an update applies its arguments to a fresh clone
 * through clSetKernelArg / clSetKernelArgSVMPointer / clSetKernelExecInfo
 * (so their checks and error codes apply), rebuilds the command from it
 * with the new sizes, and swaps it in (lib/core/command_buffer.c): the
 * checks and the snapshot happen at update time, never at enqueue time. */
#include "command_buffer_api.h"

#include "../core/command.h"
#include "../core/info.h"
#include "../core/kernel.h"
#include "../core/queue.h"
#include "errcode.h"

#include <stdlib.h>
#include <string.h>

/* Every field a kernel command may update (the device's capabilities). */
#define ALL_FIELDS kiln_cb_mutable_capabilities()

/* Builds the NDRange command of `k` (clEnqueueNDRangeKernel's checks and
 * snapshot) without queueing it.  *out is NULL when the NDRange had nothing
 * to queue. */
static cl_int build(cl_command_queue q, cl_kernel k, cl_uint work_dim,
		    const size_t *offset, const size_t *global,
		    const size_t *local, struct kiln_command **out)
{
	kiln_command_capture_begin(out);
	cl_int err = clEnqueueNDRangeKernel(q, k, work_dim, offset, global,
					    local, 0, NULL, NULL);
	if (!kiln_command_capture_end() && err == CL_SUCCESS)
		err = CL_OUT_OF_RESOURCES; /* one command per kernel (command.h) */
	if (err != CL_SUCCESS && *out) {
		kiln_command_discard(*out);
		*out = NULL;
	}
	return err;
}

/* Number of work-groups of global sizes g in groups of l. */
static size_t groups_of(const size_t g[3], const size_t l[3])
{
	size_t n = 1;
	for (int d = 0; d < 3; d++)
		n *= (g[d] + l[d] - 1) / (l[d] ? l[d] : 1);
	return n;
}

/* Number of work-groups command `cmd` runs. */
static size_t groups_of_cmd(const struct kiln_command *cmd)
{
	cl_uint dim;
	size_t off[3], g[3], l[3];
	kiln_ndrange_geometry(cmd, &dim, off, g, l);
	return groups_of(g, l);
}

/* Stores the geometry the command was built with in the handle. */
static void keep_geometry(struct _cl_mutable_command_khr *m,
			  const struct kiln_command *cmd, cl_uint work_dim,
			  const size_t *offset, const size_t *global,
			  const size_t *local)
{
	m->work_dim = work_dim;
	for (cl_uint d = 0; d < 3; d++) {
		bool used = d < work_dim;
		m->offset[d] = used && offset ? offset[d] : 0;
		m->global[d] = used && global ? global[d] : (used ? 0 : 1);
		m->local[d] = used && local ? local[d] : 1;
	}
	if (!local && cmd) {
		/* The local size Kiln chose is the one the command runs. */
		cl_uint dim;
		size_t off[3], g[3];
		kiln_ndrange_geometry(cmd, &dim, off, g, m->local);
	}
	m->local_given = local != NULL;
}

/* CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR and _ASSERTS_KHR. */
static cl_int kernel_properties(const kiln_command_properties_khr *props,
				cl_mutable_dispatch_fields_khr *fields,
				kiln_mutable_dispatch_asserts_khr *asserts,
				size_t *n_out)
{
	bool seen_fields = false, seen_asserts = false;
	size_t n = 0;
	*fields = ALL_FIELDS; /* the default: whatever the device allows */
	*asserts = 0;
	if (!props) {
		*n_out = 0;
		return CL_SUCCESS;
	}
	for (; props[n]; n += 2) {
		if (n + 2 >= 8)
			return KILN_FAIL(CL_INVALID_VALUE, "too many properties");
		kiln_command_properties_khr v = props[n + 1];
		switch (props[n]) {
		case CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR:
			if (seen_fields || (v & ~(kiln_command_properties_khr)ALL_FIELDS))
				return KILN_FAIL(CL_INVALID_VALUE,
						 "CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR "
						 "repeated or with unknown bits");
			seen_fields = true;
			*fields = v;
			break;
		case CL_MUTABLE_DISPATCH_ASSERTS_KHR:
			if (seen_asserts ||
			    (v & ~(kiln_command_properties_khr)
				     CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_WORK_GROUPS_KHR))
				return KILN_FAIL(CL_INVALID_VALUE,
						 "CL_MUTABLE_DISPATCH_ASSERTS_KHR "
						 "repeated or with unknown bits");
			seen_asserts = true;
			*asserts = v;
			break;
		default:
			return KILN_FAIL(CL_INVALID_VALUE,
					 "property 0x%llx is not a kernel command's",
					 (unsigned long long)props[n]);
		}
	}
	*n_out = n + 1;
	return CL_SUCCESS;
}

cl_int CL_API_CALL kiln_clCommandNDRangeKernelKHR(
	cl_command_buffer_khr cb, cl_command_queue queue,
	const kiln_command_properties_khr *props, cl_kernel kernel,
	cl_uint work_dim, const size_t *offset, const size_t *global,
	const size_t *local, cl_uint num_sync, const cl_sync_point_khr *sync_list,
	cl_sync_point_khr *sync_point, cl_mutable_command_khr *handle)
{
	cl_int err = kiln_cb_record_check(cb, queue, num_sync, sync_list);
	if (err != CL_SUCCESS)
		return err;
	cl_mutable_dispatch_fields_khr fields;
	kiln_mutable_dispatch_asserts_khr asserts;
	size_t num_props = 0;
	err = kernel_properties(props, &fields, &asserts, &num_props);
	if (err != CL_SUCCESS)
		return err;
	if (!kiln_object_is(kernel, KILN_OBJ_KERNEL))
		return KILN_FAIL(CL_INVALID_KERNEL, "kernel is not a valid kernel");
	cl_command_queue q = cb->queue;
	bool is_mutable = (cb->flags & CL_COMMAND_BUFFER_MUTABLE_KHR) != 0;

	if (!handle) {
		/* Immutable: the snapshot of clEnqueueNDRangeKernel is all. */
		struct kiln_command *rec;
		err = build(q, kernel, work_dim, offset, global, local, &rec);
		if (err != CL_SUCCESS)
			return err;
		return kiln_cb_append(cb, CL_COMMAND_NDRANGE_KERNEL, rec, true,
				      NULL, sync_point);
	}

	struct _cl_mutable_command_khr *m = kiln_cb_mutable_new(cb, kernel);
	if (!m)
		return CL_OUT_OF_HOST_MEMORY;
	m->args = kiln_kernel_clone(kernel, &err);
	if (!m->args) {
		kiln_object_release(KILN_OBJ(m));
		return err;
	}
	m->updatable = fields;
	m->asserts = asserts;
	if (num_props)
		memcpy(m->props, props, num_props * sizeof(*props));
	m->num_props = num_props;
	struct kiln_command *rec = NULL;
	/* Mutable dispatch 0.9.5: a kernel of a mutable buffer may be
	 * recorded before all its arguments are set; they come by update,
	 * and until then the buffer cannot be enqueued. */
	if (is_mutable && (fields & CL_MUTABLE_DISPATCH_ARGUMENTS_KHR) &&
	    !kiln_kernel_args_complete(kernel))
		/* The rest is checked when the last argument comes; what
		 * needs no argument is checked now. */
		err = work_dim < 1 || work_dim > cb->queue->device->props.max_work_item_dimensions
			      ? KILN_FAIL(CL_INVALID_WORK_DIMENSION,
					  "work_dim is %u, not 1, 2 or 3", work_dim)
			      : CL_SUCCESS;
	else
		err = build(q, m->args, work_dim, offset, global, local, &rec);
	if (err != CL_SUCCESS) {
		kiln_object_release(KILN_OBJ(m));
		return err;
	}
	keep_geometry(m, rec, work_dim, offset, global, local);
	m->recorded_groups = groups_of(m->global, m->local);
	err = kiln_cb_append(cb, CL_COMMAND_NDRANGE_KERNEL, rec, true, m,
			     sync_point);
	if (err != CL_SUCCESS) {
		kiln_object_release(KILN_OBJ(m));
		return err;
	}
	*handle = m;
	return CL_SUCCESS;
}

/* --- updates ------------------------------------------------------------------ */

static bool handle_valid(cl_mutable_command_khr m)
{
	return kiln_object_is(m, KILN_OBJ_MUTABLE_COMMAND);
}

/* The checks of one config that need nothing but the config. */
static cl_int check_config(cl_command_buffer_khr cb,
			   const kiln_mutable_dispatch_config *c)
{
	if (!c)
		return KILN_FAIL(CL_INVALID_VALUE, "a config is NULL");
	struct _cl_mutable_command_khr *m = c->command;
	if (!handle_valid(m) || m->buffer != cb)
		return KILN_FAIL(CL_INVALID_MUTABLE_COMMAND_KHR,
				 "command is not a kernel command of command_buffer");
	if ((c->num_args && !c->arg_list) || (!c->num_args && c->arg_list) ||
	    (c->num_svm_args && !c->arg_svm_list) ||
	    (!c->num_svm_args && c->arg_svm_list) ||
	    (c->num_exec_infos && !c->exec_info_list) ||
	    (!c->num_exec_infos && c->exec_info_list))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "a list and its count disagree (one NULL, one not)");
	cl_mutable_dispatch_fields_khr f = m->updatable;
	if (((c->num_args || c->num_svm_args) &&
	     !(f & CL_MUTABLE_DISPATCH_ARGUMENTS_KHR)) ||
	    (c->num_exec_infos && !(f & CL_MUTABLE_DISPATCH_EXEC_INFO_KHR)) ||
	    (c->global_work_offset && !(f & CL_MUTABLE_DISPATCH_GLOBAL_OFFSET_KHR)) ||
	    (c->global_work_size && !(f & CL_MUTABLE_DISPATCH_GLOBAL_SIZE_KHR)) ||
	    (c->local_work_size && !(f & CL_MUTABLE_DISPATCH_LOCAL_SIZE_KHR)))
		return KILN_FAIL(CL_INVALID_OPERATION,
				 "the config updates a field the command was not "
				 "recorded as updatable "
				 "(CL_MUTABLE_DISPATCH_UPDATABLE_FIELDS_KHR)");
	if (c->work_dim && c->work_dim != m->work_dim)
		return KILN_FAIL(CL_INVALID_VALUE,
				 "work_dim %u differs from the recorded %u",
				 c->work_dim, m->work_dim);
	return CL_SUCCESS;
}

/* The new state of one command while a call's configs are applied: built
 * aside, published only when every config of the call has succeeded
 * ("none of the updates ... are preserved" on error). */
struct pending {
	struct _cl_mutable_command_khr *m;
	cl_kernel args; /* a fresh clone with the new arguments */
	size_t offset[3], global[3], local[3];
	bool local_given;
	struct kiln_command *cmd; /* built from the above; NULL: args unset */
};

/* The pending state of m, made from its current one on first use. */
static cl_int pending_for(struct pending *list, size_t *n,
			  struct _cl_mutable_command_khr *m, struct pending **out)
{
	for (size_t i = 0; i < *n; i++)
		if (list[i].m == m) {
			*out = &list[i];
			return CL_SUCCESS;
		}
	cl_int err;
	struct pending *p = &list[(*n)];
	memset(p, 0, sizeof(*p));
	p->args = kiln_kernel_clone(m->args, &err);
	if (!p->args)
		return err;
	p->m = m;
	memcpy(p->offset, m->offset, sizeof(p->offset));
	memcpy(p->global, m->global, sizeof(p->global));
	memcpy(p->local, m->local, sizeof(p->local));
	p->local_given = m->local_given;
	(*n)++;
	*out = p;
	return CL_SUCCESS;
}

/* Applies config c to its command's pending state: arguments through the
 * kernel API (its checks and codes), then the command rebuilt with the new
 * sizes through clEnqueueNDRangeKernel's. */
static cl_int apply_config(cl_command_buffer_khr cb, struct pending *p,
			   const kiln_mutable_dispatch_config *c)
{
	struct _cl_mutable_command_khr *m = p->m;
	cl_int err = CL_SUCCESS;
	for (cl_uint i = 0; i < c->num_args && err == CL_SUCCESS; i++) {
		const cl_mutable_dispatch_arg_khr *a = &c->arg_list[i];
		err = clSetKernelArg(p->args, a->arg_index, a->arg_size, a->arg_value);
	}
	for (cl_uint i = 0; i < c->num_svm_args && err == CL_SUCCESS; i++) {
		const cl_mutable_dispatch_arg_khr *a = &c->arg_svm_list[i];
		err = clSetKernelArgSVMPointer(p->args, a->arg_index, a->arg_value);
	}
	for (cl_uint i = 0; i < c->num_exec_infos && err == CL_SUCCESS; i++) {
		const cl_mutable_dispatch_exec_info_khr *e = &c->exec_info_list[i];
		err = clSetKernelExecInfo(p->args, e->param_name, e->param_value_size,
					  e->param_value);
	}
	if (err != CL_SUCCESS)
		return err;
	cl_uint dim = m->work_dim;
	for (cl_uint d = 0; d < dim; d++) {
		if (c->global_work_offset)
			p->offset[d] = c->global_work_offset[d];
		if (c->global_work_size)
			p->global[d] = c->global_work_size[d];
		if (c->local_work_size)
			p->local[d] = c->local_work_size[d];
	}
	if (c->local_work_size)
		p->local_given = true;
	/* A local size Kiln chose is chosen again for the new sizes. */
	const size_t *local = p->local_given ? p->local : NULL;
	struct kiln_command *rec = NULL;
	if (kiln_kernel_args_complete(p->args))
		err = build(cb->queue, p->args, dim, p->offset, p->global, local, &rec);
	if (err != CL_SUCCESS)
		return err;
	/* CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_WORK_GROUPS_KHR: the
	 * application promised no more work-groups than it recorded. */
	if (rec &&
	    ((m->asserts | cb->asserts) &
	     CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_WORK_GROUPS_KHR) &&
	    groups_of_cmd(rec) > m->recorded_groups) {
		kiln_command_discard(rec);
		return KILN_FAIL(CL_INVALID_VALUE,
				 "the update adds work-groups and the command "
				 "asserts CL_MUTABLE_DISPATCH_ASSERT_NO_ADDITIONAL_"
				 "WORK_GROUPS_KHR");
	}
	if (p->cmd)
		kiln_command_discard(p->cmd);
	p->cmd = rec;
	if (rec && !local) {
		cl_uint d2;
		size_t o2[3], g2[3];
		kiln_ndrange_geometry(rec, &d2, o2, g2, p->local);
	}
	return CL_SUCCESS;
}

static void pending_drop(struct pending *list, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (list[i].cmd)
			kiln_command_discard(list[i].cmd);
		kiln_object_release(KILN_OBJ(list[i].args));
	}
	free(list);
}

cl_int CL_API_CALL kiln_clUpdateMutableCommandsKHR(cl_command_buffer_khr cb,
						   cl_uint num_configs,
						   const cl_uint *config_types,
						   const void **configs)
{
	if (!kiln_cb_valid(cb))
		return KILN_FAIL(CL_INVALID_COMMAND_BUFFER_KHR,
				 "command_buffer is not a valid command-buffer");
	if (!(cb->flags & CL_COMMAND_BUFFER_MUTABLE_KHR))
		return KILN_FAIL(CL_INVALID_OPERATION,
				 "command_buffer was not created with "
				 "CL_COMMAND_BUFFER_MUTABLE_KHR");
	pthread_mutex_lock(&cb->lock);
	bool recording = cb->state == CL_COMMAND_BUFFER_STATE_RECORDING_KHR;
	pthread_mutex_unlock(&cb->lock);
	if (recording)
		return KILN_FAIL(CL_INVALID_OPERATION,
				 "command_buffer is not finalized");
	if ((num_configs == 0) != (config_types == NULL) ||
	    (num_configs == 0) != (configs == NULL))
		return KILN_FAIL(CL_INVALID_VALUE,
				 "config_types or configs and num_configs disagree");
	if (num_configs == 0)
		return CL_SUCCESS;
	for (cl_uint i = 0; i < num_configs; i++) {
		if (config_types[i] != KILN_STRUCTURE_TYPE_MUTABLE_DISPATCH_CONFIG)
			return KILN_FAIL(CL_INVALID_VALUE,
					 "config_types[%u] = %u is not a known type",
					 i, config_types[i]);
		cl_int err = check_config(cb, configs[i]);
		if (err != CL_SUCCESS)
			return err;
	}
	/* Build every new command aside; publish all or nothing. */
	struct pending *list = calloc(num_configs, sizeof(*list));
	if (!list)
		return CL_OUT_OF_HOST_MEMORY;
	size_t n = 0;
	cl_int err = CL_SUCCESS;
	for (cl_uint i = 0; i < num_configs && err == CL_SUCCESS; i++) {
		const kiln_mutable_dispatch_config *c = configs[i];
		struct pending *p = NULL;
		err = pending_for(list, &n, c->command, &p);
		if (err == CL_SUCCESS)
			err = apply_config(cb, p, c);
	}
	size_t *slots = malloc(n * sizeof(*slots));
	struct kiln_cb_entry **entries = calloc(n, sizeof(*entries));
	if (err == CL_SUCCESS && (!slots || !entries))
		err = CL_OUT_OF_HOST_MEMORY;
	for (size_t i = 0; i < n && err == CL_SUCCESS; i++) {
		slots[i] = list[i].m->slot;
		entries[i] = kiln_cb_entry_new(list[i].cmd, true);
		list[i].cmd = NULL; /* the entry has it (or discarded it) */
		if (!entries[i])
			err = CL_OUT_OF_HOST_MEMORY;
	}
	if (err == CL_SUCCESS) {
		err = kiln_cb_replace(cb, n, slots, entries); /* takes entries */
		memset(entries, 0, n * sizeof(*entries));
	}
	for (size_t i = 0; entries && i < n; i++)
		kiln_cb_entry_release(entries[i]);
	free(entries);
	free(slots);
	if (err != CL_SUCCESS) {
		pending_drop(list, n);
		return err;
	}
	/* Published: the handles take their new state. */
	for (size_t i = 0; i < n; i++) {
		struct pending *p = &list[i];
		struct _cl_mutable_command_khr *m = p->m;
		cl_kernel old = m->args;
		m->args = p->args;
		p->args = old; /* released below */
		memcpy(m->offset, p->offset, sizeof(m->offset));
		memcpy(m->global, p->global, sizeof(m->global));
		memcpy(m->local, p->local, sizeof(m->local));
		m->local_given = p->local_given;
	}
	pending_drop(list, n);
	return CL_SUCCESS;
}

cl_int CL_API_CALL kiln_clGetMutableCommandInfoKHR(
	cl_mutable_command_khr m, cl_mutable_command_info_khr param, size_t size,
	void *value, size_t *size_ret)
{
	if (!handle_valid(m))
		return KILN_FAIL(CL_INVALID_MUTABLE_COMMAND_KHR,
				 "command is not a valid mutable command");
	switch (param) {
	case CL_MUTABLE_COMMAND_COMMAND_QUEUE_KHR:
		return kiln_info_copy(&m->buffer->queue, sizeof(cl_command_queue),
				      size, value, size_ret);
	case CL_MUTABLE_COMMAND_COMMAND_BUFFER_KHR:
		return kiln_info_copy(&m->buffer, sizeof(m->buffer), size, value,
				      size_ret);
	case CL_MUTABLE_COMMAND_COMMAND_TYPE_KHR: {
		cl_command_type t = CL_COMMAND_NDRANGE_KERNEL;
		return kiln_info_copy(&t, sizeof(t), size, value, size_ret);
	}
	case CL_MUTABLE_COMMAND_PROPERTIES_ARRAY_KHR:
		return kiln_info_copy(m->props, m->num_props * sizeof(m->props[0]),
				      size, value, size_ret);
	case CL_MUTABLE_DISPATCH_KERNEL_KHR:
		return kiln_info_copy(&m->kernel, sizeof(m->kernel), size, value,
				      size_ret);
	case CL_MUTABLE_DISPATCH_DIMENSIONS_KHR:
		return kiln_info_copy(&m->work_dim, sizeof(m->work_dim), size,
				      value, size_ret);
	case CL_MUTABLE_DISPATCH_GLOBAL_WORK_OFFSET_KHR:
		return kiln_info_copy(m->offset, m->work_dim * sizeof(size_t),
				      size, value, size_ret);
	case CL_MUTABLE_DISPATCH_GLOBAL_WORK_SIZE_KHR:
		return kiln_info_copy(m->global, m->work_dim * sizeof(size_t),
				      size, value, size_ret);
	case CL_MUTABLE_DISPATCH_LOCAL_WORK_SIZE_KHR:
		return kiln_info_copy(m->local, m->work_dim * sizeof(size_t),
				      size, value, size_ret);
	}
	return KILN_FAIL(CL_INVALID_VALUE,
			 "param_name 0x%x is not a mutable-command query",
			 (unsigned)param);
}
