#!/bin/sh
# Installs the applications tools/bench-apps.sh measures, from Debian 12's
# packages: hashcat and ffmpeg (its OpenCL filters), and PoCL to compare
# with.  Benchmarks only: no test needs them.
set -eu
PKGS="hashcat ffmpeg pocl-opencl-icd python3"
exec "$(dirname "$0")/install-packages.sh" $PKGS
