#!/bin/sh
# Installs Kiln's build and test dependencies from Debian 12's packages.
# Everything Kiln needs comes from here; nothing is downloaded at build time.
set -eu
PKGS="build-essential cmake pkg-config dpkg-dev \
  opencl-headers ocl-icd-opencl-dev ocl-icd-libopencl1 clinfo \
  clang-15 libclang-cpp15-dev libclang-15-dev llvm-15-dev llvm-15-tools \
  libllvmspirvlib-15-dev llvm-spirv-15 \
  libhwloc-dev libmpfr-dev zlib1g-dev libzstd-dev libedit-dev libffi-dev libncurses-dev libxml2-dev"
exec "$(dirname "$0")/install-packages.sh" $PKGS
