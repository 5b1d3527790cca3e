#!/bin/sh
# The README's first command: installs the build dependencies from Debian's
# packages, configures and builds Kiln in ./build, then runs a small OpenCL
# program on Kiln through the system ICD loader, from the build tree
# (OCL_ICD_VENDORS points the loader at build/icd/kiln.icd; nothing is
# installed system-wide).
set -eu
cd "$(dirname "$0")/.."
./tools/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"
OCL_ICD_VENDORS="$PWD/build/icd" ./build/tools/kiln-smoke
