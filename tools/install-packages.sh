#!/bin/sh
# Installs the Debian packages named as arguments that are not installed
# yet (apt-get update first, only when something is missing).  The one
# install step of tools/install-deps.sh and tools/install-bench-apps.sh.
set -eu
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends $missing
fi
