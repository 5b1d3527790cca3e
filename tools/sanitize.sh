#!/bin/sh
# The sanitizer job (docs/testing.md, "Sanitizers"): builds Kiln with
# AddressSanitizer + UndefinedBehaviorSanitizer, or ThreadSanitizer, in a
# build directory of its own and runs the ctest suite under it.
#
#   tools/sanitize.sh asan [ctest arguments]   ASan+UBSan, build-san-asan/
#   tools/sanitize.sh tsan [ctest arguments]   TSan, build-san-tsan/; without
#                                              -R it runs the threading tests
#   tools/sanitize.sh build asan|tsan          configure and build only
#
# Applications load Kiln through the ICD loader, which is not instrumented,
# so the sanitizer runtime is preloaded in front of it (LD_PRELOAD, set in
# every test's environment through KILN_TEST_ENVIRONMENT).  LeakSanitizer
# ignores LLVM's one-time allocations listed in tools/sanitize-lsan.supp
# and nothing else: a leak of Kiln's own is a failure.  Any report makes the
# test fail (exit code 23, halt_on_error).
#
# Environment: SANITIZE_JOBS (build and ctest -j, default 2),
# SANITIZE_COMPILER=1 (instrument lib/compiler too), CCACHE_DIR as usual.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
kind=${1:-asan}
[ $# -gt 0 ] && shift
build_only=0
if [ "$kind" = build ]; then
	build_only=1
	kind=${1:-asan}
	[ $# -gt 0 ] && shift
fi

case $kind in
asan)
	dir=build-san-asan
	flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
	runtime=$(${CC:-cc} -print-file-name=libasan.so)
	# detect_stack_use_after_return stays off: kernels run on fibers
	# and worker stacks of Kiln's own (lib/core/fibers.c), which ASan's
	# fake stacks cannot follow.
	env="LD_PRELOAD=$runtime"
	# allocator_may_return_null: Kiln answers a failed allocation with
	# CL_OUT_OF_HOST_MEMORY / CL_MEM_OBJECT_ALLOCATION_FAILURE, and
	# test_context_notify checks that it does.
	# intercept_tls_get_addr=0: GCC 12's LeakSanitizer misreads glibc
	# 2.36's dynamic TLS vector once LLVM (loaded with libkiln) has
	# dynamic TLS in a thread, and its tracer crashes at exit ("Tracer
	# caught signal 11" after a "DTLS 8 at 0x3ab-..." range), as in a
	# process that compiles with KILN_CACHE=0 (test_program_cache).
	# Without the interception LSan does not scan dynamic TLS blocks: a
	# pointer kept only there would be reported as a leak (none is).
	env="$env;ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:exitcode=23:detect_stack_use_after_return=0:strict_string_checks=1:check_initialization_order=1:allocator_may_return_null=1:intercept_tls_get_addr=0"
	env="$env;LSAN_OPTIONS=suppressions=$root/tools/sanitize-lsan.supp:print_suppressions=0"
	env="$env;UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=23"
	;;
tsan)
	dir=build-san-tsan
	flags="-fsanitize=thread -fno-omit-frame-pointer"
	runtime=$(${CC:-cc} -print-file-name=libtsan.so)
	env="LD_PRELOAD=$runtime"
	# die_after_fork=0: test_fork and the pool's unit test start threads
	# in a child of a threaded process, which Kiln supports (TSan's own
	# checking in such a child is best effort).
	env="$env;TSAN_OPTIONS=halt_on_error=1:exitcode=23:second_deadlock_stack=1:die_after_fork=0:allocator_may_return_null=1:suppressions=$root/tools/sanitize-tsan.supp"
	;;
*)
	echo "usage: $0 [build] asan|tsan [ctest arguments]" >&2
	exit 2
	;;
esac

# The C runtime and the tests are instrumented; lib/compiler (C++) only
# with SANITIZE_COMPILER=1 (it takes a long time to build so, and LLVM's own
# libraries are not instrumented anyway).  Leaks are found everywhere
# either way: the sanitizer runtime replaces malloc and operator new for the
# whole process.
cxx_flags=
[ "${SANITIZE_COMPILER:-0}" = 1 ] && cxx_flags=$flags
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=true
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
	-DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$cxx_flags" \
	-DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags" \
	-DKILN_TEST_ENVIRONMENT="$env" >/dev/null
# The library and the tests (with what they depend on); not the benchmarks.
nice make -s -C "$dir/tests" -j"${SANITIZE_JOBS:-2}"
[ $build_only = 1 ] && exit 0

# The threading tests: queues, events, the pool, callbacks, fork.
threading='test_(threads|events|queue|context_notify|pipes_concurrent|fork|stress|native_kernel|semaphores|device_enqueue|kernel_program_lifetime|create_release|pool)'
if [ "$kind" = tsan ] && ! printf '%s\n' "$@" | grep -q '^-R'; then
	set -- -R "$threading" "$@"
fi
# test_clinfo runs Debian's clinfo, which the preloaded ASan stops in its
# own code (clinfo 3.0.21 writes a byte past a heap buffer with sprintf,
# with any platform: PoCL's too), so it is left out of the ASan run.
if [ "$kind" = asan ] && ! printf '%s\n' "$@" | grep -q '^-E'; then
	set -- -E 'test_clinfo' "$@"
fi
ctest --test-dir "$dir" --output-on-failure -j"${SANITIZE_JOBS:-2}" "$@"
