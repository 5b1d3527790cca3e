#!/bin/sh
# Runs a Kiln benchmark with Kiln and PoCL side by side in one process:
# the loader sees exactly two vendors, Kiln from the build tree and Debian's
# PoCL (apt-get install pocl-opencl-icd; benchmarks only, never the tests).
#   tools/bench-vs-pocl.sh build/tools/kiln-bench-runtime
# KILN_BUILD names another build tree than ./build.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
pocl_icd=/etc/OpenCL/vendors/pocl.icd
[ -f "$pocl_icd" ] || { echo "PoCL is not installed ($pocl_icd)" >&2; exit 1; }
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cp "${KILN_BUILD:-$root/build}/icd/kiln.icd" "$dir/"
cp "$pocl_icd" "$dir/"
OCL_ICD_VENDORS="$dir" "$@"
