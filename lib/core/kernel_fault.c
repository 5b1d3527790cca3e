/* Kernel fault containment (see kernel_fault.h for what it promises;
 * docs/robustness.md). */
#include "kernel_fault.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The alternate signal stack of a thread that runs kernel code: the
 * handler and whatever it chains to run there, also when the fault is an
 * overflow of the thread's (or a fiber's) own stack.  A guard page below
 * it keeps a runaway handler from writing over a neighbour. */
#define ALT_STACK ((size_t)64 << 10)
#define ALT_GUARD ((size_t)4096)

/* One guard in progress; lives in kiln_kernel_guard's frame. */
struct guard {
	sigjmp_buf env;
	struct guard *outer;
	const char *kernel;
	const size_t *group_id;
	/* Filled before the jump: by the handler (async-signal-safe fields
	 * only) or by kiln_kernel_fail (the text). */
	volatile int signo, code;
	void *volatile addr;
	char text[KILN_KERNEL_FAULT_TEXT];
};

/* initial-exec: a signal handler must not reach TLS through
 * __tls_get_addr, which may allocate for a dlopen'ed library. */
static __thread struct guard *tl_guard __attribute__((tls_model("initial-exec")));
static __thread int tl_altstack __attribute__((tls_model("initial-exec")));

static const int fault_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE };
#define NUM_SIGNALS (sizeof(fault_signals) / sizeof(fault_signals[0]))
/* The handlers installed before Kiln's: faults outside kernel code go there. */
static struct sigaction previous[NUM_SIGNALS];
static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static pthread_key_t altstack_key;

static int signal_index(int sig)
{
	for (unsigned i = 0; i < NUM_SIGNALS; i++)
		if (fault_signals[i] == sig)
			return (int)i;
	return -1;
}

/* A fault that is not the kernel's: behave as if Kiln's handler were not
 * there.  Only async-signal-safe calls. */
static void chain(int sig, siginfo_t *info, void *uc)
{
	int i = signal_index(sig);
	struct sigaction *old = i >= 0 ? &previous[i] : NULL;
	if (old && (old->sa_flags & SA_SIGINFO) && old->sa_sigaction) {
		old->sa_sigaction(sig, info, uc);
		return;
	}
	if (old && old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
		return;
	}
	/* The default action (an ignored hardware fault gets it too, as the
	 * kernel would give it): put it back and let the fault happen again
	 * on return; a signal sent by kill() is raised again (it is blocked
	 * here and arrives when the handler returns). */
	struct sigaction dfl;
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	if (old && old->sa_handler == SIG_IGN && info && info->si_code <= 0)
		return; /* sent, and ignored before Kiln: still ignored */
	sigaction(sig, &dfl, NULL);
	if (!info || info->si_code <= 0)
		raise(sig);
}

static void on_fault(int sig, siginfo_t *info, void *uc)
{
	struct guard *g = tl_guard;
	if (!g) {
		chain(sig, info, uc);
		return;
	}
	/* The guard's thread faulted in kernel code: back to the guard,
	 * which unblocks sig (blocked while this handler runs; the jump
	 * does not restore the mask, so that the guard costs no system
	 * call when nothing faults). */
	tl_guard = g->outer;
	g->signo = sig;
	g->code = info ? info->si_code : 0;
	g->addr = info ? info->si_addr : NULL;
	siglongjmp(g->env, 1);
}

static void free_altstack(void *mem)
{
	stack_t off;
	memset(&off, 0, sizeof(off));
	off.ss_flags = SS_DISABLE;
	sigaltstack(&off, NULL);
	munmap(mem, ALT_STACK + ALT_GUARD);
}

static void install(void)
{
	pthread_key_create(&altstack_key, free_altstack);
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	for (unsigned i = 0; i < NUM_SIGNALS; i++)
		sigaction(fault_signals[i], &sa, &previous[i]);
}

/* Gives the calling thread an alternate signal stack unless it has one
 * (an application thread may have its own: it is kept).  Ours is removed
 * when the thread exits. */
static void ensure_altstack(void)
{
	if (tl_altstack)
		return;
	tl_altstack = 1;
	stack_t cur;
	if (sigaltstack(NULL, &cur) == 0 && !(cur.ss_flags & SS_DISABLE))
		return;
	char *mem = mmap(NULL, ALT_STACK + ALT_GUARD, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (mem == MAP_FAILED)
		return; /* faults still contained, overflows are not */
	mprotect(mem, ALT_GUARD, PROT_NONE);
	stack_t ss;
	memset(&ss, 0, sizeof(ss));
	ss.ss_sp = mem + ALT_GUARD;
	ss.ss_size = ALT_STACK;
	if (sigaltstack(&ss, NULL) != 0) {
		munmap(mem, ALT_STACK + ALT_GUARD);
		return;
	}
	pthread_setspecific(altstack_key, mem);
}

static const char *signal_text(int sig, int code)
{
	switch (sig) {
	case SIGSEGV:
		return code == SEGV_ACCERR ? "SIGSEGV (access to protected memory: "
					     "a write to read-only data, or a stack "
					     "overflow into a guard page)"
					   : "SIGSEGV (access to unmapped memory)";
	case SIGBUS:
		return "SIGBUS (bus error: misaligned or vanished memory)";
	case SIGILL:
		return code == ILL_ILLOPN || code == ILL_ILLOPC
			       ? "SIGILL (illegal instruction: __builtin_trap() or "
				 "unreachable code reached)"
			       : "SIGILL (illegal instruction)";
	case SIGFPE:
		return "SIGFPE (arithmetic exception)";
	}
	return "a fault";
}

/* "kernel \"k\", work-group (x, y, z): " into buf. */
static int prefix(char *buf, size_t cap, const struct guard *g)
{
	size_t x = 0, y = 0, z = 0;
	if (g->group_id) {
		x = g->group_id[0];
		y = g->group_id[1];
		z = g->group_id[2];
	}
	return snprintf(buf, cap, "kernel \"%s\", work-group (%zu, %zu, %zu): ",
			g->kernel ? g->kernel : "?", x, y, z);
}

bool kiln_kernel_guard(void (*body)(void *arg), void *arg, const char *kernel,
		       const size_t *group_id, char *why)
{
	pthread_once(&install_once, install);
	ensure_altstack();
	struct guard g;
	g.outer = tl_guard;
	g.kernel = kernel;
	g.group_id = group_id;
	g.signo = 0;
	g.text[0] = '\0';
	if (sigsetjmp(g.env, 0) == 0) {
		tl_guard = &g;
		body(arg);
		tl_guard = g.outer;
		return true;
	}
	/* Back from a fault or kiln_kernel_fail; tl_guard is g.outer again.
	 * After a fault its signal is still blocked (the handler's mask):
	 * unblock it, or the thread's next fault of that kind would end the
	 * process. */
	if (g.signo) {
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, g.signo);
		pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	}
	int n = prefix(why, KILN_KERNEL_FAULT_TEXT, &g);
	if (n < 0 || n >= KILN_KERNEL_FAULT_TEXT)
		n = 0;
	if (g.signo)
		snprintf(why + n, KILN_KERNEL_FAULT_TEXT - n, "%s at address %p",
			 signal_text(g.signo, g.code), g.addr);
	else
		snprintf(why + n, KILN_KERNEL_FAULT_TEXT - n, "%s", g.text);
	fprintf(stderr, "kiln: %s; the command ends with CL_OUT_OF_RESOURCES\n", why);
	return false;
}

bool kiln_kernel_fail(const char *fmt, ...)
{
	struct guard *g = tl_guard;
	if (!g)
		return false;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->text, sizeof(g->text), fmt, ap);
	va_end(ap);
	tl_guard = g->outer;
	siglongjmp(g->env, 2);
}

bool kiln_kernel_running(void)
{
	return tl_guard != NULL;
}
