#!/bin/sh
# What users run, Kiln against PoCL: hashcat's benchmark mode and ffmpeg's
# OpenCL filters (Debian's packages: tools/install-bench-apps.sh).  Each
# measurement runs in its own process with the ICD loader given exactly one
# vendor (Kiln from a build tree, or Debian's PoCL), so both platforms are
# device 1 / "0.0"; the two alternate, so that a change of the machine's
# load hits both alike.  Prints one table, Kiln/PoCL ratios last.
#
#   KILN_BUILD=build-x tools/bench-apps.sh [hashcat] [ffmpeg] [--quick]
#
# hashcat: `hashcat -b -m M --force -D 1 -d 1 --machine-readable` for MD5
#   (0), SHA1 (100), SHA256 (1400), SHA512 (1700), WPA-PBKDF2 (22000);
#   kH/s (hashcat reports H/s).  HASHCAT_MODES overrides the list,
#   HASHCAT_ARGS adds options (e.g. --backend-vector-width=1).  Kernels are
#   compiled into a fresh cache directory per run of this script, so a run
#   measures the current build, never a binary cached by an older one.
# ffmpeg: testsrc2 at FFMPEG_SIZE (1280x720) in yuv420p through hwupload,
#   the filter, hwdownload; each filter runs twice, 1 frame and 1 + N
#   frames (N = FFMPEG_FRAMES, 60).  "first frame" is the wall time of the
#   1-frame run (process start, device, program build, one frame), "fps" is
#   N / (t(1 + N) - t(1)): the steady state.  The program caches of both
#   implementations are off (KILN_CACHE=0, POCL_KERNEL_CACHE=0): every run
#   builds its programs, as a first run would.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${KILN_BUILD:-$root/build}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
pocl_icd=/etc/OpenCL/vendors/pocl.icd
[ -f "$pocl_icd" ] || { echo "PoCL is not installed ($pocl_icd)" >&2; exit 1; }
[ -f "$build/icd/kiln.icd" ] || { echo "no Kiln build at $build" >&2; exit 1; }

do_hashcat=0 do_ffmpeg=0 quick=0
for a in "$@"; do
	case "$a" in
	hashcat) do_hashcat=1 ;;
	ffmpeg) do_ffmpeg=1 ;;
	--quick) quick=1 ;;
	*) echo "usage: $0 [hashcat] [ffmpeg] [--quick]" >&2; exit 2 ;;
	esac
done
[ $do_hashcat = 0 ] && [ $do_ffmpeg = 0 ] && do_hashcat=1 do_ffmpeg=1

dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/kiln" "$dir/pocl" "$dir/cache-kiln" "$dir/cache-pocl"
cp "$build/icd/kiln.icd" "$dir/kiln/"
cp "$pocl_icd" "$dir/pocl/"
results="$dir/results"
: >"$results"

# now: seconds since the epoch, nanosecond resolution
now() { date +%s.%N; }

# row NAME UNIT KILN POCL
row() { echo "$1|$2|$3|$4" >>"$results"; }

if [ $do_hashcat = 1 ]; then
	command -v hashcat >/dev/null || { echo "hashcat is not installed" >&2; exit 1; }
	modes="${HASHCAT_MODES:-0 100 1400 1700 22000}"
	[ $quick = 1 ] && modes="${HASHCAT_MODES:-0 1400 22000}"
	for m in $modes; do
		for p in kiln pocl; do
			# hashcat keeps compiled kernels under $XDG_CACHE_HOME/hashcat
			# and its pid file under $XDG_DATA_HOME/hashcat: a run refuses
			# to start ("Already an instance ... running") while another
			# hashcat of the same user runs unless the folder is its own
			out="$(cd "$dir" && XDG_CACHE_HOME="$dir/cache-$p" XDG_DATA_HOME="$dir/data-$p" \
				OCL_ICD_VENDORS="$dir/$p" \
				KILN_CACHE=0 POCL_KERNEL_CACHE=0 \
				hashcat -b -m "$m" --force -D 1 -d 1 --machine-readable --quiet \
				${HASHCAT_ARGS:-} 2>&1 | grep -E '^1:' | tail -n1 || true)"
			# 1:<mode>:<accel>:<loops>:<ms>:<H/s>
			hs="$(echo "$out" | awk -F: '{ printf "%.2f", $6 / 1e3 }')"
			[ -n "$hs" ] || hs=fail
			eval "hc_$p=\$hs"
		done
		row "hashcat -m $m" "kH/s" "$hc_kiln" "$hc_pocl"
	done
fi

if [ $do_ffmpeg = 1 ]; then
	command -v ffmpeg >/dev/null || { echo "ffmpeg is not installed" >&2; exit 1; }
	size="${FFMPEG_SIZE:-1280x720}"
	n="${FFMPEG_FRAMES:-60}"
	[ $quick = 1 ] && n="${FFMPEG_FRAMES:-20}"
	# ffmpeg_run PLATFORM FILTER FRAMES: wall seconds
	ffmpeg_run() {
		t0="$(now)"
		OCL_ICD_VENDORS="$dir/$1" KILN_CACHE=0 POCL_KERNEL_CACHE=0 \
			ffmpeg -hide_banner -nostats -loglevel error \
			-init_hw_device opencl=ocl:0.0 -filter_hw_device ocl \
			-f lavfi -i "testsrc2=size=$size:rate=30,format=yuv420p" \
			-frames:v "$3" -vf "hwupload,$2,hwdownload,format=yuv420p" \
			-f null - >"$dir/ffmpeg.log" 2>&1 || { echo fail; return; }
		t1="$(now)"
		echo "$t0 $t1" | awk '{ printf "%.3f", $2 - $1 }'
	}
	for f in "avgblur_opencl=sizeX=5:sizeY=5" \
		"convolution_opencl=0m='1 1 1 1 1 1 1 1 1':0rdiv=1/9:1m='1 1 1 1 1 1 1 1 1':1rdiv=1/9:2m='1 1 1 1 1 1 1 1 1':2rdiv=1/9" \
		"sobel_opencl"; do
		name="${f%%=*}"
		for p in kiln pocl; do
			t1="$(ffmpeg_run $p "$f" 1)"
			tn="$(ffmpeg_run $p "$f" $((n + 1)))"
			if [ "$t1" = fail ] || [ "$tn" = fail ]; then
				fps=fail first=fail
				sed 's/^/    /' "$dir/ffmpeg.log" >&2
			else
				first="$t1"
				fps="$(echo "$t1 $tn $n" | awk '{ d = $2 - $1; printf "%.1f", (d > 0 ? $3 / d : 0) }')"
			fi
			eval "fps_$p=\$fps first_$p=\$first"
		done
		row "$name fps" "frames/s" "$fps_kiln" "$fps_pocl"
		row "$name first frame" "s" "$first_kiln" "$first_pocl"
	done
fi

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)  ($(nproc) CPUs)"
printf '%-30s %-9s %10s %10s %10s\n' workload unit Kiln PoCL Kiln/PoCL
awk -F'|' '{
	r = ($4 + 0 > 0 && $3 + 0 > 0) ? sprintf("%.2f", $3 / $4) : "-";
	printf "%-30s %-9s %10s %10s %10s\n", $1, $2, $3, $4, r
}' "$results"
