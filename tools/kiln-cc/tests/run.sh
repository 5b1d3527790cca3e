#!/bin/sh
# kiln-cc's tests: run.sh CASE KILN_CC RUNNER SRCDIR OUTDIR
# Each case drives the tool on the kernels in SRCDIR (from inside SRCDIR,
# so that diagnostics name the files as given) and checks exit status and
# output; RUNNER (test_kiln_cc_run) runs the binaries and SPIR-V it wrote.
set -u
case_=$1 cc=$2 runner=$3 src=$4 out=$5/$1
mkdir -p "$out" && cd "$src" || exit 1
fails=0 checks=0

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# expect STATUS CMD...: runs CMD, stdout in $out/stdout, stderr in $out/stderr
expect() {
	want=$1; shift
	checks=$((checks + 1))
	"$@" >"$out/stdout" 2>"$out/stderr"
	got=$?
	if [ "$got" != "$want" ]; then
		fail "$* exited $got, expected $want"
		sed 's/^/  stderr: /' "$out/stderr" | head -20
	fi
}
# has FILE REGEX: FILE holds a line matching the extended REGEX
has() {
	checks=$((checks + 1))
	grep -Eq -- "$2" "$1" || { fail "$1 lacks /$2/"; head -20 "$1" | sed 's/^/  /'; }
}
hasnt() {
	checks=$((checks + 1))
	! grep -Eq -- "$2" "$1" || fail "$1 has /$2/"
}

case $case_ in
check)
	expect 0 "$cc" --check good.cl
	checks=$((checks + 1)); [ -s "$out/stderr" ] && fail "good.cl: diagnostics on a clean kernel"
	expect 0 "$cc" --check good.clcpp
	expect 0 "$cc" --check -x clc++ good.clcpp
	expect 0 "$cc" --check -cl-std=CL3.0 good.cl
	expect 0 "$cc" --check -cl-std=CL2.0 good.cl
	expect 1 "$cc" --check error.cl
	has "$out/stderr" '^error\.cl:5:16: error: use of undeclared identifier .undeclared_value.'
	# the path as given on the command line
	expect 1 "$cc" --check ./error.cl
	has "$out/stderr" '^\./error\.cl:5:16: error:'
	# -D and -I (joined or not, relative), and the source's own folder
	expect 0 "$cc" --check -D SCALE=2.0f -I inc include.cl
	expect 0 "$cc" --check -DSCALE=2.0f -Iinc include.cl
	expect 1 "$cc" --check -DSCALE=2.0f include.cl
	has "$out/stderr" "^include\.cl:4:10: fatal error: 'inc_header\.h' file not found"
	expect 1 "$cc" --check -I inc include.cl
	has "$out/stderr" "^include\.cl:8:25: error: use of undeclared identifier 'SCALE'"
	# --check writes nothing
	checks=$((checks + 1)); ls good.bin error.bin 2>/dev/null && fail "--check wrote a file"
	;;
werror)
	expect 0 "$cc" --check warning.cl
	has "$out/stderr" '^warning\.cl:5:14: warning: division by zero'
	expect 1 "$cc" --check -Werror warning.cl
	has "$out/stderr" '^warning\.cl:5:14: error: division by zero'
	# -w silences it
	expect 0 "$cc" --check -w warning.cl
	checks=$((checks + 1)); [ -s "$out/stderr" ] && fail "-w: diagnostics printed"
	;;
binary)
	expect 0 "$cc" good.cl -o "$out/good.bin"
	has "$out/good.bin" 'KILNBIN'
	expect 0 "$runner" binary "$out/good.bin"
	expect 0 env KILN_DEVICES=serial "$runner" binary "$out/good.bin"
	# another ISA level: the object is for x86-64-v2, the runtime loads it
	expect 0 "$cc" --isa=x86-64-v2 good.cl -o "$out/good-v2.bin"
	expect 0 "$runner" binary "$out/good-v2.bin"
	# the default output name, in the current directory
	( cd "$out" && "$cc" "$src/good.cl" ) || fail "default output"
	checks=$((checks + 1)); [ -s "$out/good.bin" ] || fail "no good.bin"
	;;
spirv)
	expect 0 "$cc" --spirv good.cl -o "$out/good.spv"
	checks=$((checks + 1))
	[ "$(od -An -tx4 -N4 "$out/good.spv" | tr -d ' ')" = 07230203 ] || fail "no SPIR-V magic"
	expect 0 "$runner" il "$out/good.spv"
	# SPIR-V in: the kernels are listed with the signatures of the source
	# (types, qualifiers and names travel through the module), and a
	# binary made from it runs
	expect 0 "$cc" --list-kernels "$out/good.spv"
	checks=$((checks + 1))
	diff -u "$src/list_kernels.expected" "$out/stdout" || fail "SPIR-V: --list-kernels differs"
	expect 0 "$cc" -x spirv "$out/good.spv" -o "$out/from-spv.bin"
	expect 0 "$runner" binary "$out/from-spv.bin"
	# C++ for OpenCL to SPIR-V
	expect 0 "$cc" --spirv good.clcpp -o "$out/good-cpp.spv"
	expect 0 "$cc" --list-kernels "$out/good-cpp.spv"
	has "$out/stdout" '^kernel void doubled\('
	;;
emit_llvm)
	expect 0 "$cc" --emit-llvm good.cl -o "$out/good.ll"
	has "$out/good.ll" '^define .*@__kiln_wg_saxpy\('
	has "$out/good.ll" '^define .*@__kiln_wg_block_sum\('
	# work-item loops vectorized for the level asked: 4 ints with SSE
	# (block_sum; saxpy's stays scalar there, see the stats case)
	expect 0 "$cc" --emit-llvm --isa=x86-64-v2 good.cl -o "$out/good-v2.ll"
	has "$out/good-v2.ll" '<4 x i32>'
	hasnt "$out/good-v2.ll" '<(8|16) x (float|i32)>'
	has "$out/good-v2.ll" '"target-cpu"="x86-64-v2"'
	# right after the work-group passes: the work-item functions still
	# there, called by the work-group functions' loops, nothing vectorized
	expect 0 "$cc" --emit-llvm=workgroup good.cl -o "$out/good-wg.ll"
	has "$out/good-wg.ll" '^define .*@__kiln_wg_saxpy\('
	has "$out/good-wg.ll" 'call .*@__kiln_wi_saxpy\('
	hasnt "$out/good-wg.ll" '<[0-9]+ x float>'
	;;
asm)
	expect 0 "$cc" -S good.cl -o "$out/good.s"
	has "$out/good.s" '^__kiln_wg_saxpy:'
	has "$out/good.s" '^__kiln_wg_block_sum:'
	expect 0 "$cc" -S --isa=x86-64-v2 good.cl -o "$out/good-v2.s"
	has "$out/good-v2.s" '%xmm'
	hasnt "$out/good-v2.s" '%[yz]mm'
	# a named CPU (above this one's level or not: nothing runs)
	expect 0 "$cc" -S -mcpu=skylake-avx512 good.cl -o "$out/good-skx.s"
	has "$out/good-skx.s" '%zmm'
	expect 0 "$cc" -S --isa=x86-64-v3 good.cl -o -
	has "$out/stdout" '%ymm'
	hasnt "$out/stdout" '%zmm'
	;;
list_kernels)
	expect 0 "$cc" --list-kernels good.cl
	checks=$((checks + 1))
	diff -u "$src/list_kernels.expected" "$out/stdout" || fail "--list-kernels output differs"
	checks=$((checks + 1)); ls good.bin 2>/dev/null && fail "--list-kernels wrote a file"
	;;
stats)
	expect 0 "$cc" --stats good.cl
	has "$out/stdout" '^kernel saxpy$'
	has "$out/stdout" '^  vector width: (4|8|16)$'
	has "$out/stdout" 'vectorized loop \(vectorization width: (4|8|16)'
	has "$out/stdout" '^kernel block_sum$'
	has "$out/stdout" '^  barrier regions: 2 \(1 barrier\)$'
	has "$out/stdout" '^  local memory: 0 bytes$'
	has "$out/stdout" '^  stack frame: [0-9]+ bytes; spill slots: [0-9]+ bytes'
	expect 0 "$cc" --stats --isa=x86-64-v2 good.cl
	has "$out/stdout" '^target: x86-64-v2$'
	# block_sum: its first region's loop 4 ints per SSE vector, its
	# second one (which stores only the one-byte next-region slot in
	# most work-items) 16
	has "$out/stdout" 'vectorized loop \(vectorization width: 4, '
	has "$out/stdout" '^  vector width: 16$'
	# and why not where not: LLVM 15's cost model keeps saxpy's
	# work-item loop scalar at x86-64-v2
	has "$out/stdout" '^  vector width: 1 \(not vectorized\)$'
	has "$out/stdout" '^    the cost-model indicates that vectorization is not beneficial$'
	;;
bad_options)
	expect 2 "$cc" -cl-no-such-option good.cl
	has "$out/stderr" "invalid build option '-cl-no-such-option'"
	expect 2 "$cc" -cl-std=CL9.9 good.cl
	has "$out/stderr" "invalid build option '-cl-std=CL9.9'"
	expect 2 "$cc" --isa=x86-64-v9 good.cl
	has "$out/stderr" "unknown ISA level 'x86-64-v9'"
	expect 2 "$cc" -S -mcpu=no-such-cpu good.cl
	has "$out/stderr" "unknown x86-64 CPU 'no-such-cpu'"
	expect 2 "$cc" -x fortran good.cl
	has "$out/stderr" "unknown language 'fortran'"
	expect 2 "$cc"
	has "$out/stderr" 'no input file'
	expect 2 "$cc" --spirv --emit-llvm good.cl
	expect 2 "$cc" --check -o x.bin good.cl
	expect 1 "$cc" no-such-file.cl
	has "$out/stderr" 'no-such-file.cl: No such file'
	expect 1 "$cc" -x spirv good.cl
	has "$out/stderr" 'not a SPIR-V 1.0-1.5 module'
	has "$out/stderr" 'good.cl: clCreateProgramWithIL: il is not SPIR-V Kiln can read'
	expect 0 "$cc" --help
	has "$out/stdout" '^usage: kiln-cc'
	;;
*)
	echo "unknown case $case_"; exit 1 ;;
esac
echo "$checks checks, $fails failed"
[ "$fails" = 0 ]
