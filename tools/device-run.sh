#!/bin/sh
# Runs a program packed by tools/device-pack.sh on another machine:
#   sh .devpack/device-run.sh bin/<program> [args...]
#   sh .devpack/device-run.sh --setup      (unpack and set up only, for
#                                          tools/device-ctest.py; run it
#                                          once before starting programs
#                                          side by side)
# Unpacks into /tmp/k (again when the pack changed), points the ICD loader
# at the carried libkiln, puts Clang's resource headers where libkiln looks
# for them, and starts the program through the carried glibc loader (the
# machine's own glibc may be older than Debian 12's).
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
k=/tmp/k
stamp="$(cksum "$here/libs.tar.xz" "$here/kiln.tar.xz" | awk '{print $1 $2}' | tr -d '\n')"
if [ "$(cat "$k/.pack" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$k/bin" "$k/lib" "$k/src" "$k/work"
	mkdir -p "$k"
	python3 -c "
import sys, tarfile
for a in sys.argv[2:]:
    tarfile.open(a).extractall(sys.argv[1])
" "$k" "$here/libs.tar.xz" "$here/kiln.tar.xz"
	echo "$stamp" > "$k/.pack"
fi
inc="/usr/lib/llvm-15/lib/clang/$(cat "$k/clang-version")/include"
if [ ! -e "$inc" ]; then
	mkdir -p "$(dirname "$inc")"
	ln -s "$k/include" "$inc"
fi
mkdir -p "$k/icd"
# Written once, atomically: programs started side by side must never see
# a half-written .icd file (the loader would find no platform).
if [ ! -s "$k/icd/kiln.icd" ]; then
	echo "$k/lib/libkiln.so.0.1.0" > "$k/icd/kiln.icd.$$"
	mv -f "$k/icd/kiln.icd.$$" "$k/icd/kiln.icd"
fi
export OCL_ICD_VENDORS="$k/icd"
[ "$1" = --setup ] && exit 0
prog="$1"
shift
exec "$k/lib/ld-linux-x86-64.so.2" --library-path "$k/lib" "$k/$prog" "$@"
