/* Dispatch slots for sharing extensions Kiln does not offer (GL, EGL, the
 * old cl_ext_device_fission).  They exist so that the loader never calls a
 * NULL slot; each answers with the error its spec gives for objects that
 * were not created through the extension. */
#ifndef KILN_ICD_INTEROP_H
#define KILN_ICD_INTEROP_H

#include "../core/cl_target.h"
#include <CL/cl_egl.h>
#include <CL/cl_gl.h>

cl_mem CL_API_CALL kiln_clCreateFromGLBuffer(cl_context, cl_mem_flags, cl_GLuint, int *);
cl_mem CL_API_CALL kiln_clCreateFromGLTexture2D(cl_context, cl_mem_flags, cl_GLenum, cl_GLint, cl_GLuint, cl_int *);
cl_mem CL_API_CALL kiln_clCreateFromGLTexture3D(cl_context, cl_mem_flags, cl_GLenum, cl_GLint, cl_GLuint, cl_int *);
cl_mem CL_API_CALL kiln_clCreateFromGLTexture(cl_context, cl_mem_flags, cl_GLenum, cl_GLint, cl_GLuint, cl_int *);
cl_mem CL_API_CALL kiln_clCreateFromGLRenderbuffer(cl_context, cl_mem_flags, cl_GLuint, cl_int *);
cl_int CL_API_CALL kiln_clGetGLObjectInfo(cl_mem, cl_gl_object_type *, cl_GLuint *);
cl_int CL_API_CALL kiln_clGetGLTextureInfo(cl_mem, cl_gl_texture_info, size_t, void *, size_t *);
cl_int CL_API_CALL kiln_clEnqueueAcquireGLObjects(cl_command_queue, cl_uint, const cl_mem *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL kiln_clEnqueueReleaseGLObjects(cl_command_queue, cl_uint, const cl_mem *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL kiln_clGetGLContextInfoKHR(const cl_context_properties *, cl_gl_context_info, size_t, void *, size_t *);
cl_event CL_API_CALL kiln_clCreateEventFromGLsyncKHR(cl_context, cl_GLsync, cl_int *);
cl_mem CL_API_CALL kiln_clCreateFromEGLImageKHR(cl_context, CLeglDisplayKHR, CLeglImageKHR, cl_mem_flags, const cl_egl_image_properties_khr *, cl_int *);
cl_int CL_API_CALL kiln_clEnqueueAcquireEGLObjectsKHR(cl_command_queue, cl_uint, const cl_mem *, cl_uint, const cl_event *, cl_event *);
cl_int CL_API_CALL kiln_clEnqueueReleaseEGLObjectsKHR(cl_command_queue, cl_uint, const cl_mem *, cl_uint, const cl_event *, cl_event *);
cl_event CL_API_CALL kiln_clCreateEventFromEGLSyncKHR(cl_context, CLeglSyncKHR, CLeglDisplayKHR, cl_int *);
cl_int CL_API_CALL kiln_clCreateSubDevicesEXT(cl_device_id, const cl_device_partition_property_ext *, cl_uint, cl_device_id *, cl_uint *);
cl_int CL_API_CALL kiln_clRetainDeviceEXT(cl_device_id);
cl_int CL_API_CALL kiln_clReleaseDeviceEXT(cl_device_id);

#endif
