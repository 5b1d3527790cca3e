/* The calling thread's stack bounds (kiln_thread_stack_low), asked of
 * pthreads once per thread: pthread_getattr_np reads /proc/self/maps for
 * the main thread, too slow to repeat for every work-group chunk. */
#include "thread_stack.h"

#include <pthread.h>
#include <stddef.h>

char *kiln_thread_stack_low(void)
{
	static _Thread_local char *low;
	static _Thread_local int known;
	if (!known) {
		pthread_attr_t a;
		if (pthread_getattr_np(pthread_self(), &a) == 0) {
			void *addr = NULL;
			size_t size = 0;
			if (pthread_attr_getstack(&a, &addr, &size) == 0)
				low = addr;
			pthread_attr_destroy(&a);
		}
		known = 1;
	}
	return low;
}
