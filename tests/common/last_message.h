/* A context notify callback that keeps the last message it was given
 * (clCreateContext's pfn_notify, OpenCL 3.0 §4.4): create the context with
 * keep_last_message, clear last_message before a call and read it after. */
#ifndef KILN_TESTS_LAST_MESSAGE_H
#define KILN_TESTS_LAST_MESSAGE_H

#include <CL/cl.h>
#include <stdio.h>

static char last_message[1024];

static void CL_CALLBACK keep_last_message(const char *info, const void *priv, size_t cb,
					  void *user)
{
	(void)priv;
	(void)cb;
	(void)user;
	snprintf(last_message, sizeof(last_message), "%s", info);
}

#endif
