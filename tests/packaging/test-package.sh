#!/bin/bash
# The Debian package as a user gets it (docs/install.md):
#   test-package.sh BUILD_DIR VERSION
# builds it (`cmake --build BUILD_DIR --target package`), checks its control
# fields, control files and file list, extracts it into a scratch root with
# dpkg-deb -x, and runs clinfo, kiln-smoke (a kernel checked against a host
# computation) and the packaged kiln-cc through the ICD loader against the
# extracted files only: the loader reads a vendors folder in the scratch
# root, and the build tree is hidden under an empty tmpfs (a private mount
# namespace) where the machine allows one.  Nothing may point back into the
# build tree.  Exit 77 (ctest: skipped) only when dpkg-deb is missing.
set -u -o pipefail
if ! command -v dpkg-deb >/dev/null; then
	echo "SKIP: dpkg-deb is not installed (tools/install-deps.sh installs dpkg-dev)"
	exit 77
fi
B=$(cd "$1" && pwd) || exit 1
V=$2
MAJOR=${V%%.*}
ARCH=$(dpkg --print-architecture)
MA=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
LIBDIR=usr/lib/$MA
SONAME=libkiln.so.$MAJOR
DEB=$B/kiln-opencl-icd_${V}_${ARCH}.deb
S=$(mktemp -d "${TMPDIR:-/tmp}/kiln-pkg.XXXXXX") || exit 1
trap 'rm -rf "$S"' EXIT
ROOT=$S/root
fails=0 checks=0

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# check WHAT CMD...: CMD must succeed
check() {
	local what=$1; shift
	checks=$((checks + 1))
	"$@" || fail "$what"
}
# field NAME: a control field of the package
field() { dpkg-deb -f "$DEB" "$1"; }
# in_list LIST ITEM: ITEM is one of the comma-separated alternatives of LIST
in_list() { tr ',|' '\n\n' <<<"$1" | sed 's/^ *//; s/ .*//' | grep -qx -- "$2"; }

# --- build it -----------------------------------------------------------------
t0=$(date +%s.%N)
rm -f "$DEB"
if ! cmake --build "$B" --target package >"$S/package.log" 2>&1; then
	tail -30 "$S/package.log"
	echo "FAIL: cmake --build $B --target package"
	exit 1
fi
t1=$(date +%s.%N)
echo "package built in $(awk -v a="$t0" -v b="$t1" "BEGIN { printf \"%.1f\", b - a }") s: $DEB ($(stat -c %s "$DEB") bytes)"
check "$DEB exists" test -f "$DEB"

# --- control fields -------------------------------------------------------------
check "Package" test "$(field Package)" = kiln-opencl-icd
check "Version $(field Version) is $V" test "$(field Version)" = "$V"
check "Architecture" test "$(field Architecture)" = "$ARCH"
check "Provides opencl-icd: $(field Provides)" in_list "$(field Provides)" opencl-icd
DEPENDS=$(field Depends)
echo "Depends: $DEPENDS"
check "Depends on the ICD loader" in_list "$DEPENDS" ocl-icd-libopencl1
# The libraries Kiln really links, by the Debian names of LLVM 15, Clang 15,
# the SPIR-V translator and hwloc (dpkg-shlibdeps found them).
for p in libllvm15 libclang-cpp15 libllvmspirvlib15 libhwloc15 libc6 libclang-common-15-dev; do
	check "Depends names $p" in_list "$DEPENDS" $p
done

dpkg-deb -e "$DEB" "$S/control"
check "conffiles: the ICD file" grep -qx /etc/OpenCL/vendors/kiln.icd "$S/control/conffiles"
check "shlibs: libkiln $MAJOR" grep -Eq "^libkiln $MAJOR kiln-opencl-icd \(>= $V\)" "$S/control/shlibs"
check "md5sums present" test -s "$S/control/md5sums"

# --- file list ------------------------------------------------------------------
dpkg-deb -c "$DEB" >"$S/contents"
check "contents owned by root" bash -c '! awk "\$2 != \"root/root\"" "$1" | grep -q .' _ "$S/contents"
awk '{ p = $6; sub(/^\.\//, "", p); sub(/\/$/, "", p); if (p != "") print p }' "$S/contents" >"$S/paths"
check "libkiln.so.$V is a file" grep -Eq "^-.* \./$LIBDIR/libkiln\.so\.$V\$" "$S/contents"
check "$SONAME -> libkiln.so.$V" grep -Eq "^l.* \./$LIBDIR/$SONAME -> libkiln\.so\.$V\$" "$S/contents"
check "no unversioned libkiln.so (a -dev package's link)" bash -c '! grep -qx "$1" "$2"' _ "$LIBDIR/libkiln.so" "$S/paths"
for f in etc/OpenCL/vendors/kiln.icd usr/share/doc/kiln-opencl-icd/copyright \
	 usr/share/doc/kiln-opencl-icd/changelog.Debian.gz; do
	check "the package holds /$f" grep -qx "$f" "$S/paths"
done
check "manual pages gzipped (Debian Policy §12.1)" bash -c '! grep -E "^usr/share/man/man[^/]*/[^/]+\$" "$1" | grep -qv "\.gz\$"' _ "$S/paths"
# Everything lies where a Debian ICD package may put it (no build paths,
# no /usr/local, no stray top-level folders).
stray=$(grep -Ev "^(etc|etc/OpenCL|etc/OpenCL/vendors(/kiln\.icd)?|usr|usr/lib|$LIBDIR(/.*)?|usr/bin(/kiln-[a-z-]+)?|usr/share|usr/share/doc|usr/share/doc/kiln-opencl-icd(/.*)?|usr/share/man(/.*)?)\$" "$S/paths")
check "no files outside the expected folders: $stray" test -z "$stray"

# --- extracted --------------------------------------------------------------------
dpkg-deb -x "$DEB" "$ROOT"
LIB=$ROOT/$LIBDIR/libkiln.so.$V
check "soname $SONAME" bash -c 'readelf -d "$1" | grep -q "Library soname: \[$2\]"' _ "$LIB" "$SONAME"
check "the ICD file names /$LIBDIR/$SONAME" test "$(cat "$ROOT/etc/OpenCL/vendors/kiln.icd")" = "/$LIBDIR/$SONAME"
check "changelog's newest entry is $V" bash -c 'zcat "$1" | head -1 | grep -q "^kiln-opencl-icd ($2)"' _ \
	"$ROOT/usr/share/doc/kiln-opencl-icd/changelog.Debian.gz" "$V"
# No ELF file carries an RPATH or RUNPATH (Debian forbids them; a build
# tree's would point into it), none is unstripped, and no file names the
# build tree.
while IFS= read -r f; do
	if readelf -h "$f" >/dev/null 2>&1; then
		check "$f: no RPATH/RUNPATH" bash -c '! readelf -d "$1" | grep -Eq "\((RPATH|RUNPATH)\)"' _ "$f"
		check "$f: stripped" bash -c '! readelf -S "$1" | grep -q "\.debug_info"' _ "$f"
	fi
done < <(find "$ROOT" -type f)
hits=$(grep -rlF -- "$B" "$ROOT" || true)
check "no file mentions the build tree $B: $hits" test -z "$hits"

# --- run it: clinfo, a kernel, kiln-cc, from the extracted files only ---------
mkdir -p "$S/vendors" "$S/bin" "$S/home"
echo "$ROOT/$LIBDIR/$SONAME" >"$S/vendors/kiln.icd"
cp "$B/tools/kiln-smoke" "$S/bin/"
cat >"$S/good.cl" <<'EOF'
__kernel void scale(__global float *x, float a) { x[get_global_id(0)] *= a; }
EOF
cat >"$S/bad.cl" <<'EOF'
__kernel void broken(__global float *x) { x[0] = undeclared_value; }
EOF
cat >"$S/run.sh" <<'EOF'
#!/bin/bash
# Runs inside the scratch root's test: $1 scratch, $2 packaged kiln-cc or "".
S=$1 CC=$2
cd "$S" || exit 1
clinfo >"$S/clinfo.out" 2>&1; echo "clinfo $?" >"$S/status"
clinfo -l >"$S/clinfo-l.out" 2>&1; echo "clinfo-l $?" >>"$S/status"
LD_DEBUG=libs "$S/bin/kiln-smoke" >"$S/smoke.out" 2>"$S/smoke.ld"; echo "smoke $?" >>"$S/status"
if [ -n "$CC" ]; then
	"$CC" --check good.cl >"$S/cc-good.out" 2>&1; echo "cc-good $?" >>"$S/status"
	"$CC" --check bad.cl >"$S/cc-bad.out" 2>&1; echo "cc-bad $?" >>"$S/status"
	"$CC" good.cl -o "$S/good.bin" >"$S/cc-bin.out" 2>&1; echo "cc-bin $?" >>"$S/status"
fi
EOF
CC=""
[ -x "$ROOT/usr/bin/kiln-cc" ] && CC=$ROOT/usr/bin/kiln-cc
ENV=(env -u LD_LIBRARY_PATH -u LD_PRELOAD -u KILN_DEVICES OCL_ICD_VENDORS="$S/vendors"
     KILN_CACHE_DIR="$S/cache" HOME="$S/home" XDG_CACHE_HOME="$S/home/.cache")
# The build tree under an empty tmpfs, in a mount namespace of this test
# alone, when unshare is allowed (root, or unprivileged user namespaces).
hidden=no
if unshare -m --propagation private true 2>/dev/null; then
	if unshare -m --propagation private bash -c 'mount -t tmpfs kiln-hidden "$1" && exec "${@:2}"' _ \
		"$B" "${ENV[@]}" bash "$S/run.sh" "$S" "$CC"; then
		hidden=yes
	fi
fi
if [ $hidden = no ]; then
	echo "note: could not hide the build tree (no mount namespace): running with it in place"
	"${ENV[@]}" bash "$S/run.sh" "$S" "$CC"
fi
echo "build tree hidden while running: $hidden"
st() { awk -v k="$1" '$1 == k { print $2 }' "$S/status"; }
check "clinfo exits 0" test "$(st clinfo)" = 0
check "clinfo lists Kiln" grep -Eq "Platform Name +Kiln" "$S/clinfo.out"
check "clinfo: one platform (only the packaged ICD)" grep -Eq "^Number of platforms +1\$" "$S/clinfo.out"
# clinfo prints a failed query as "<error: ...>", "Invalid ..." or its
# CL_ name (tests/api/test_clinfo.c reads the same way).
errs=$(grep -Ei 'error|invalid|cl_out_of|not_found|not found|segmentation|abort' "$S/clinfo.out" |
       grep -Eiv 'error correction|error_correction')
check "clinfo reports no error: $errs" test -z "$errs"
check "clinfo -l lists Kiln" grep -q "Kiln" "$S/clinfo-l.out"
check "kiln-smoke runs its kernel and checks it" test "$(st smoke)" = 0
sed 's/^/  kiln-smoke: /' "$S/smoke.out"
check "kiln-smoke loaded the extracted libkiln" grep -qF "calling init: $ROOT/$LIBDIR/$SONAME" "$S/smoke.ld"
check "kiln-smoke loaded nothing from the build tree" bash -c '! grep -F "$1" "$2"' _ "$B" "$S/smoke.ld"
if [ -n "$CC" ]; then
	check "packaged kiln-cc --check passes a good kernel" test "$(st cc-good)" = 0
	check "packaged kiln-cc --check fails a bad kernel" test "$(st cc-bad)" != 0
	check "packaged kiln-cc reports file:line:col" grep -q "^bad.cl:1:" "$S/cc-bad.out"
	check "packaged kiln-cc writes a binary" test "$(st cc-bin)" = 0 -a -s "$S/good.bin"
fi

# --- apt can resolve its dependencies on this machine (no change made) -------
if command -v apt-get >/dev/null; then
	check "apt-get --simulate install ./$(basename "$DEB")" \
		bash -c 'apt-get install --simulate --no-install-recommends "$1" >"$2" 2>&1' _ "$DEB" "$S/apt.out"
fi

if [ $fails -ne 0 ]; then
	echo "$fails of $checks checks failed"
	exit 1
fi
echo "$checks checks passed"
