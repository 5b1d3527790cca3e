#!/bin/sh
# Packs a build to run on another x86-64 Linux machine where nothing can be
# installed (docs/environment.md, "Running a build on another machine"):
# libkiln, the test and benchmark programs, every shared library they load
# (LLVM, Clang, the SPIR-V translator, ocl-icd, hwloc, mpfr, glibc and its
# loader) and Clang's resource headers travel in .devpack/ (ignored by
# git), with tools/device-run.sh to unpack and run them there.
#   tools/device-pack.sh [--tests] [build-dir]      (default: build)
# Copy .devpack/libs.tar.xz, .devpack/kiln.tar.xz and
# .devpack/device-run.sh to the other machine, then run e.g.
#   sh .devpack/device-run.sh bin/api_test_math_accuracy
# --tests also packs the build's test list (.devpack/tests.json, ctest
# --show-only=json-v1) with tools/device-ctest.py to run it, the files of
# the source tree that the tests' environment names (the sanitizers'
# suppression lists) and the libraries it preloads (libasan of an ASan
# build, tools/sanitize.sh); then, on the other machine:
#   sh .devpack/device-run.sh --setup
#   python3 .devpack/device-ctest.py -j 16 .devpack/tests.json
# (docs/testing.md, "The suite on another machine").
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
tests=0
if [ "${1:-}" = --tests ]; then
	tests=1
	shift
fi
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

rm -f "$out/tests.json" "$out/device-ctest.py"
if [ $tests = 1 ]; then
	ctest --test-dir "$build" --show-only=json-v1 > "$out/tests.json"
	cp "$root/tools/device-ctest.py" "$out/"
	# Files the tests open by their build-time path (tests/CMakeLists.txt:
	# SPIR-V modules made from tests/api/*.cl, kernel sources of the
	# source tree); device-ctest.py links those paths to work/ and src/.
	if [ -d "$build/tests/spirv" ]; then
		mkdir -p "$stage/kiln/work/tests/spirv"
		cp "$build"/tests/spirv/*.spv "$stage/kiln/work/tests/spirv/"
	fi
	mkdir -p "$stage/kiln/src/tests/api"
	cp "$root"/tests/api/*.cl "$root"/tests/api/*.h "$stage/kiln/src/tests/api/" 2>/dev/null || true
	# What the tests' environment names: files of the source tree go to
	# src/ (device-ctest.py maps the source tree there), preloaded
	# libraries to lib/ under the name the environment gives them.
	python3 - "$out/tests.json" "$root" "$stage/kiln" <<'PY'
import json, os, re, shutil, sys
tests, src, dest = sys.argv[1:]
for t in json.load(open(tests))["tests"]:
    for p in t.get("properties", []):
        if p["name"] != "ENVIRONMENT":
            continue
        for kv in p["value"]:
            k, _, v = kv.partition("=")
            if k == "LD_PRELOAD":
                for lib in filter(None, v.split(":")):
                    shutil.copy(os.path.realpath(lib), os.path.join(dest, "lib", os.path.basename(lib)))
                continue
            for path in re.findall(re.escape(src) + r"/[\w./-]+", v):
                if os.path.isfile(path):
                    to = os.path.join(dest, "src", os.path.relpath(path, src))
                    os.makedirs(os.path.dirname(to), exist_ok=True)
                    shutil.copy(path, to)
PY
fi

# every library they load, glibc's loader and ocl-icd's loader included
# (a sanitizer's runtime goes with the build, so that the library part
# stays the same for every build)
ldd "$stage/kiln/lib/libkiln.so.0.1.0" "$stage"/kiln/bin/* 2>/dev/null |
	awk '/=> \//{print $3}' | sort -u | while read -r l; do
		case "$(basename "$l")" in
		lib[alt]san.so* | libubsan.so*) cp -L "$l" "$stage/kiln/lib/" ;;
		*) cp -L "$l" "$stage/libs/lib/" ;;
		esac
	done
cp -L /lib64/ld-linux-x86-64.so.2 "$stage/libs/lib/"
cp -L "$(ldconfig -p | awk '/libOpenCL.so.1 /{print $NF; exit}')" "$stage/libs/lib/"
llvm_inc="$(ls -d /usr/lib/llvm-15/lib/clang/*/include | head -1)"
cp -r "$llvm_inc"/. "$stage/libs/include/"
basename "$(dirname "$llvm_inc")" > "$stage/libs/clang-version"

# the libraries change rarely: repack them only when missing or when
# another set is needed (a sanitizer build links its runtimes)
ls "$stage/libs/lib" > "$stage/libs.list"
if [ ! -f "$out/libs.tar.xz" ] || ! cmp -s "$stage/libs.list" "$out/libs.list"; then
	(cd "$stage/libs" && tar -cf - . | xz -9 -T0 > "$out/libs.tar.xz")
	cp "$stage/libs.list" "$out/libs.list"
fi
(cd "$stage/kiln" && tar -cf - . | xz -6 -T0 > "$out/kiln.tar.xz")
cp "$root/tools/device-run.sh" "$out/"
ls -l "$out"
