#include "interop.h"

#include <stddef.h>

#pragma GCC diagnostic ignored "-Wunused-parameter"

/* cl_khr_gl_sharing: no Kiln context is created from a GL context, so every
 * call that names a context or queue answers CL_INVALID_CONTEXT, and every
 * memory object is "not a GL object". */
static void *no_gl_context(cl_int *errcode_ret)
{
	if (errcode_ret)
		*errcode_ret = CL_INVALID_CONTEXT;
	return NULL;
}

cl_mem CL_API_CALL kiln_clCreateFromGLBuffer(cl_context c, cl_mem_flags f, cl_GLuint b, int *err)
{
	return no_gl_context(err);
}

cl_mem CL_API_CALL kiln_clCreateFromGLTexture2D(cl_context c, cl_mem_flags f, cl_GLenum t, cl_GLint l, cl_GLuint x, cl_int *err)
{
	return no_gl_context(err);
}

cl_mem CL_API_CALL kiln_clCreateFromGLTexture3D(cl_context c, cl_mem_flags f, cl_GLenum t, cl_GLint l, cl_GLuint x, cl_int *err)
{
	return no_gl_context(err);
}

cl_mem CL_API_CALL kiln_clCreateFromGLTexture(cl_context c, cl_mem_flags f, cl_GLenum t, cl_GLint l, cl_GLuint x, cl_int *err)
{
	return no_gl_context(err);
}

cl_mem CL_API_CALL kiln_clCreateFromGLRenderbuffer(cl_context c, cl_mem_flags f, cl_GLuint r, cl_int *err)
{
	return no_gl_context(err);
}

cl_int CL_API_CALL kiln_clGetGLObjectInfo(cl_mem m, cl_gl_object_type *t, cl_GLuint *n)
{
	return CL_INVALID_GL_OBJECT;
}

cl_int CL_API_CALL kiln_clGetGLTextureInfo(cl_mem m, cl_gl_texture_info p, size_t s, void *v, size_t *r)
{
	return CL_INVALID_GL_OBJECT;
}

cl_int CL_API_CALL kiln_clEnqueueAcquireGLObjects(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint ne, const cl_event *w, cl_event *e)
{
	return CL_INVALID_CONTEXT;
}

cl_int CL_API_CALL kiln_clEnqueueReleaseGLObjects(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint ne, const cl_event *w, cl_event *e)
{
	return CL_INVALID_CONTEXT;
}

cl_int CL_API_CALL kiln_clGetGLContextInfoKHR(const cl_context_properties *p, cl_gl_context_info n, size_t s, void *v, size_t *r)
{
	return CL_INVALID_OPERATION;
}

cl_event CL_API_CALL kiln_clCreateEventFromGLsyncKHR(cl_context c, cl_GLsync s, cl_int *err)
{
	return no_gl_context(err);
}

/* cl_khr_egl_image / cl_khr_egl_event */
cl_mem CL_API_CALL kiln_clCreateFromEGLImageKHR(cl_context c, CLeglDisplayKHR d, CLeglImageKHR i, cl_mem_flags f, const cl_egl_image_properties_khr *p, cl_int *err)
{
	if (err)
		*err = CL_INVALID_EGL_OBJECT_KHR;
	return NULL;
}

cl_int CL_API_CALL kiln_clEnqueueAcquireEGLObjectsKHR(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint ne, const cl_event *w, cl_event *e)
{
	return CL_INVALID_EGL_OBJECT_KHR;
}

cl_int CL_API_CALL kiln_clEnqueueReleaseEGLObjectsKHR(cl_command_queue q, cl_uint n, const cl_mem *m, cl_uint ne, const cl_event *w, cl_event *e)
{
	return CL_INVALID_EGL_OBJECT_KHR;
}

cl_event CL_API_CALL kiln_clCreateEventFromEGLSyncKHR(cl_context c, CLeglSyncKHR s, CLeglDisplayKHR d, cl_int *err)
{
	if (err)
		*err = CL_INVALID_EGL_OBJECT_KHR;
	return NULL;
}

/* cl_ext_device_fission predates clCreateSubDevices; Kiln offers only the
 * core call. */
cl_int CL_API_CALL kiln_clCreateSubDevicesEXT(cl_device_id d, const cl_device_partition_property_ext *p, cl_uint n, cl_device_id *o, cl_uint *r)
{
	return CL_INVALID_OPERATION;
}

cl_int CL_API_CALL kiln_clRetainDeviceEXT(cl_device_id d)
{
	return CL_INVALID_OPERATION;
}

cl_int CL_API_CALL kiln_clReleaseDeviceEXT(cl_device_id d)
{
	return CL_INVALID_OPERATION;
}
