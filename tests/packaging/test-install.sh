#!/bin/bash
# `cmake --install` and the `uninstall` target (docs/install.md):
#   test-install.sh BUILD_DIR VERSION
# 1. `cmake --install BUILD_DIR --prefix P` into an empty scratch prefix: the
#    expected files and nothing else (every file and link under P is in
#    install_manifest.txt, and the reverse), kiln.icd in P/etc/OpenCL/vendors
#    naming the installed library, no RPATH/RUNPATH, and clinfo through the
#    loader finds Kiln there; `--target uninstall` then leaves P empty.
# 2. The same with DESTDIR and prefix /usr, as a distribution builds it:
#    the ICD file in DESTDIR/etc/OpenCL/vendors names /usr/lib/...; the
#    uninstall leaves DESTDIR empty.
set -u -o pipefail
B=$(cd "$1" && pwd) || exit 1
V=$2
MAJOR=${V%%.*}
SONAME=libkiln.so.$MAJOR
MA=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || true)
LIBDIR=lib${MA:+/$MA}
S=$(mktemp -d "${TMPDIR:-/tmp}/kiln-install.XXXXXX") || exit 1
trap 'rm -rf "$S"' EXIT
fails=0 checks=0

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
check() {
	local what=$1; shift
	checks=$((checks + 1))
	"$@" || fail "$what"
}
# tree DIR: every file and link under DIR, sorted
tree() { find "$1" -mindepth 1 \( -type f -o -type l \) | sort; }
# An ICD folder configured into this build tree would send kiln.icd outside
# the scratch prefix: such a tree is tested with DESTDIR only.
icd_dir=$(sed -n 's/^KILN_INSTALL_ICD_DIR:PATH=//p' "$B/CMakeCache.txt")

# --- 1. a private prefix ----------------------------------------------------------
if [ -z "$icd_dir" ]; then
	P=$S/prefix
	mkdir -p "$P"
	if ! cmake --install "$B" --prefix "$P" >"$S/install.log" 2>&1; then
		cat "$S/install.log"; echo "FAIL: cmake --install $B --prefix $P"; exit 1
	fi
	check "$P/$LIBDIR/libkiln.so.$V is a file" test -f "$P/$LIBDIR/libkiln.so.$V" -a ! -L "$P/$LIBDIR/libkiln.so.$V"
	check "$SONAME -> libkiln.so.$V" test "$(readlink "$P/$LIBDIR/$SONAME")" = "libkiln.so.$V"
	check "no unversioned libkiln.so" test ! -e "$P/$LIBDIR/libkiln.so"
	check "kiln.icd names $P/$LIBDIR/$SONAME" \
		test "$(cat "$P/etc/OpenCL/vendors/kiln.icd" 2>/dev/null)" = "$P/$LIBDIR/$SONAME"
	check "the license is installed" test -s "$P/share/doc/kiln-opencl-icd/copyright"
	check "the changelog is installed" test -s "$P/share/doc/kiln-opencl-icd/changelog.Debian.gz"
	# No stray files: what is there is exactly what the manifests list.
	tree "$P" >"$S/tree"
	sort "$B/install_manifest.txt" >"$S/manifest"
	check "files under the prefix = install_manifest.txt" diff "$S/tree" "$S/manifest"
	grep -v '^$' "$B/kiln_install_manifest.txt" | sort >"$S/kiln-manifest"
	check "kiln_install_manifest.txt = install_manifest.txt" diff "$S/kiln-manifest" "$S/manifest"
	while IFS= read -r f; do
		if [ -f "$f" ] && [ ! -L "$f" ] && readelf -h "$f" >/dev/null 2>&1; then
			check "$f: no RPATH/RUNPATH" bash -c '! readelf -d "$1" | grep -Eq "\((RPATH|RUNPATH)\)"' _ "$f"
		fi
	done <"$S/tree"
	# The installed ICD file works with the loader.
	out=$(env -u LD_LIBRARY_PATH OCL_ICD_VENDORS="$P/etc/OpenCL/vendors" KILN_CACHE=0 clinfo -l 2>&1)
	check "clinfo -l through $P/etc/OpenCL/vendors lists Kiln: $out" grep -q Kiln <<<"$out"

	if ! cmake --build "$B" --target uninstall >"$S/uninstall.log" 2>&1; then
		cat "$S/uninstall.log"; fail "uninstall"
	fi
	left=$(find "$P" -mindepth 1)
	check "uninstall leaves the prefix empty: $left" test -z "$left"
	check "uninstall forgets the install" test ! -e "$B/kiln_install_manifest.txt"
else
	echo "note: KILN_INSTALL_ICD_DIR=$icd_dir in this build tree: prefix install not tried"
fi

# --- 2. DESTDIR and /usr ----------------------------------------------------------
D=$S/destdir
if ! DESTDIR=$D cmake --install "$B" --prefix /usr >"$S/install2.log" 2>&1; then
	cat "$S/install2.log"; echo "FAIL: DESTDIR=$D cmake --install $B --prefix /usr"; exit 1
fi
check "DESTDIR: libkiln.so.$V in /usr/$LIBDIR" test -f "$D/usr/$LIBDIR/libkiln.so.$V"
icd=${icd_dir:-/etc/OpenCL/vendors}
check "DESTDIR: kiln.icd in $icd names /usr/$LIBDIR/$SONAME" \
	test "$(cat "$D$icd/kiln.icd" 2>/dev/null)" = "/usr/$LIBDIR/$SONAME"
tree "$D" >"$S/tree2"
sed "s|^|$D|" "$B/install_manifest.txt" | sort >"$S/manifest2"
check "DESTDIR: files = install_manifest.txt" diff "$S/tree2" "$S/manifest2"
if ! cmake --build "$B" --target uninstall >"$S/uninstall2.log" 2>&1; then
	cat "$S/uninstall2.log"; fail "DESTDIR: uninstall"
fi
left=$(find "$D" -mindepth 1)
check "DESTDIR: uninstall leaves DESTDIR empty: $left" test -z "$left"

if [ $fails -ne 0 ]; then
	echo "$fails of $checks checks failed"
	exit 1
fi
echo "$checks checks passed"
