#!/bin/sh
# The README's second command: runs the whole test suite through the ICD
# loader (each test points OCL_ICD_VENDORS at the build tree).
set -eu
cd "$(dirname "$0")/.."
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
