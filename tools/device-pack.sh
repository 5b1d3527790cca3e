#!/bin/sh
# Packs a build to run on another x86-64 Linux machine where nothing can be
# installed (docs/environment.md, "Running a build on another machine"):
# libkiln, the test and benchmark programs, every shared library they load
# (LLVM, Clang, the SPIR-V translator, ocl-icd, hwloc, mpfr, glibc and its
# loader) and Clang's resource headers travel in .devpack/ (ignored by
# git), with tools/device-run.sh to unpack and run them there.
#   tools/device-pack.sh [build-dir]      (default: build)
# Copy .devpack/libs.tar.xz, .devpack/kiln.tar.xz and
# .devpack/device-run.sh to the other machine, then run e.g.
#   sh .devpack/device-run.sh bin/api_test_math_accuracy
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
out="$root/.devpack"
# .devpack/ stays out of git (info/exclude; in a worktree too, where .git
# is a file).
exclude="$(git -C "$root" rev-parse --git-path info/exclude 2>/dev/null || echo "$root/.git/info/exclude")"
case "$exclude" in /*) ;; *) exclude="$root/$exclude" ;; esac
grep -qx '/.devpack/' "$exclude" 2>/dev/null ||
	{ mkdir -p "$(dirname "$exclude")"; echo '/.devpack/' >> "$exclude"; }
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/libs/lib" "$stage/libs/include" "$stage/kiln/lib" "$stage/kiln/bin" "$out"

# the programs: libkiln, the tests, the benchmarks (debug info stripped)
cp -L "$build/libkiln.so.0.1.0" "$stage/kiln/lib/"
for f in "$build"/tests/api_test_* "$build"/tools/kiln-*; do
	[ -x "$f" ] && [ -f "$f" ] && cp "$f" "$stage/kiln/bin/"
done
strip --strip-debug "$stage/kiln/lib/libkiln.so.0.1.0" "$stage"/kiln/bin/*

# every library they load, glibc's loader and ocl-icd's loader included
ldd "$stage/kiln/lib/libkiln.so.0.1.0" "$stage"/kiln/bin/* 2>/dev/null |
	awk '/=> \//{print $3}' | sort -u | while read -r l; do cp -L "$l" "$stage/libs/lib/"; done
cp -L /lib64/ld-linux-x86-64.so.2 "$stage/libs/lib/"
cp -L "$(ldconfig -p | awk '/libOpenCL.so.1 /{print $NF; exit}')" "$stage/libs/lib/"
llvm_inc="$(ls -d /usr/lib/llvm-15/lib/clang/*/include | head -1)"
cp -r "$llvm_inc"/. "$stage/libs/include/"
basename "$(dirname "$llvm_inc")" > "$stage/libs/clang-version"

# the libraries change rarely: repack them only when missing
[ -f "$out/libs.tar.xz" ] || (cd "$stage/libs" && tar -cf - . | xz -9 -T0 > "$out/libs.tar.xz")
(cd "$stage/kiln" && tar -cf - . | xz -6 -T0 > "$out/kiln.tar.xz")
cp "$root/tools/device-run.sh" "$out/"
ls -l "$out"
