#!/bin/bash
# Runs one IR test of tests/compiler/ir/: each "; RUN:" line of the .ll
# file is a shell pipeline (lit style, kept simple: lit is not packaged)
# with %kiln-opt, %FileCheck and %s substituted.
#   run-filecheck.sh KILN_OPT FILECHECK TEST.ll           the test must pass
#   run-filecheck.sh KILN_OPT FILECHECK TEST.ll --skips   for each pass named
#       on a "; SKIP-FAILS:" line, the test run with kiln-opt -kiln-skip=PASS
#       must fail: an optimisation that silently stops applying is caught.
set -u -o pipefail
opt=$1 fc=$2 test=$3 mode=${4:-}

run() { # $1: extra kiln-opt arguments; status 0 when every RUN line passes
	local line cmd
	while IFS= read -r line; do
		cmd=${line//%kiln-opt/$opt $1}
		cmd=${cmd//%FileCheck/$fc}
		cmd=${cmd//%s/$test}
		bash -o pipefail -c "$cmd" || return 1
	done < <(sed -n 's/^; RUN: //p' "$test")
}

if [ -z "$(sed -n 's/^; RUN: //p' "$test")" ]; then
	echo "$test: no RUN line" >&2
	exit 1
fi
if [ "$mode" != --skips ]; then
	run ""
	exit
fi
skips=$(sed -n 's/^; SKIP-FAILS: //p' "$test" | tr ',' ' ')
if [ -z "$skips" ]; then
	echo "$test: no SKIP-FAILS line" >&2
	exit 1
fi
status=0
for p in $skips; do
	if run "-kiln-skip=$p" >/dev/null 2>&1; then
		echo "FAIL: $test still passes without $p" >&2
		status=1
	else
		echo "ok: $test fails without $p"
	fi
done
exit $status
