#!/bin/sh
# Installs the applications tools/bench-apps.sh measures, from Debian 12's
# packages: hashcat and ffmpeg (its OpenCL filters), and PoCL to compare
# with.  Benchmarks only: no test needs them.
set -eu
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
PKGS="hashcat ffmpeg pocl-opencl-icd python3"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends $missing
fi
