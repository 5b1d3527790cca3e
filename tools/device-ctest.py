#!/usr/bin/env python3
"""Runs a build's ctest suite from a pack made by tools/device-pack.sh, on a
machine without CMake, the build tree or the source tree (docs/testing.md,
"The suite on another machine").

    python3 device-ctest.py [options] TESTS.json

TESTS.json is what `ctest --test-dir BUILD --show-only=json-v1` printed on
the machine that built (device-pack.sh --tests writes it into the pack).
Each test's command, working directory, ENVIRONMENT, TIMEOUT,
FAIL_REGULAR_EXPRESSION, PASS_REGULAR_EXPRESSION, WILL_FAIL and
SKIP_RETURN_CODE are honoured as ctest does.  Paths are rewritten to the
unpacked pack (tools/device-run.sh's layout under --root, /tmp/k); paths
compiled into the tests (SPIR-V modules of the build tree, kernel sources
of the source tree) resolve through links made at the build and source
trees' paths when those do not exist on this machine:

  BUILD/.../<program>  ->  ROOT/lib/ld-linux-x86-64.so.2 --library-path
                           ROOT/lib ROOT/bin/<program>  (the packed glibc)
  BUILD/<rest>         ->  ROOT/work/<rest>   (test caches, working dirs)
  SOURCE/<rest>        ->  ROOT/src/<rest>    (e.g. the LSan suppressions)
  OCL_ICD_VENDORS      ->  ROOT/icd
  LD_PRELOAD=<lib>     ->  the loader's --preload ROOT/lib/<name of lib>
                           (an LD_PRELOAD in the environment would also
                           reach programs the test starts with the
                           machine's own loader)

A test whose program is not in the build tree (the IR tests' and kiln-cc's
shell scripts, packaging) is listed as not run.  Tests run --jobs at a time;
one that outlives its TIMEOUT (times --timeout-scale) is killed with its
process group.  The summary is ctest's; the output of each failed test
follows it, and every test's output goes to --log-dir when given.
Exit status: 0 when every test that ran passed.
"""
import argparse
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time


def props_of(test):
    return {p["name"]: p["value"] for p in test.get("properties", [])}


def guess_prefixes(tests):
    """The build tree (where api_test_* programs live, minus /tests) and the
    source tree (where the IR tests' script lives, minus tests/compiler)."""
    build = source = None
    for t in tests:
        cmd = t.get("command") or []
        if not cmd:
            continue
        d, name = os.path.split(cmd[0])
        if build is None and name.startswith(("api_test_", "unit_test_")):
            build = os.path.dirname(d)
        if source is None and name == "run-filecheck.sh":
            source = os.path.dirname(os.path.dirname(d))
    return build, source


class Mapper:
    def __init__(self, root, build, source):
        self.root, self.build, self.source = root, build, source

    def path(self, s):
        for prefix, to in ((self.build, "work"), (self.source, "src")):
            if prefix and (s == prefix or s.startswith(prefix + "/")):
                return os.path.join(self.root, to) + s[len(prefix):]
        return s

    def text(self, s):
        """Every build or source path inside s (an argument, a value)."""
        for prefix, to in ((self.build, "work"), (self.source, "src")):
            if prefix:
                s = re.sub(re.escape(prefix) + r"(?![\w.-])",
                           os.path.join(self.root, to), s)
        return s


def link_trees(m):
    """Paths compiled into the tests (their SPIR-V modules in the build
    tree, kernel sources in the source tree) must resolve too: where the
    build or source tree's path does not exist on this machine it becomes
    a link to ROOT/work or ROOT/src (the source tree first, as the build
    tree may lie inside it)."""
    for prefix, to in sorted(((m.source, "src"), (m.build, "work")),
                             key=lambda x: len(x[0] or "")):
        if not prefix:
            continue
        target = os.path.join(m.root, to)
        os.makedirs(target, exist_ok=True)
        if os.path.lexists(prefix):
            continue
        try:
            os.makedirs(os.path.dirname(prefix), exist_ok=True)
            os.symlink(target, prefix)
            print("device-ctest: %s -> %s" % (prefix, target))
        except OSError as e:
            print("device-ctest: cannot link %s -> %s (%s): tests that open files "
                  "by their build-time path will fail" % (prefix, target, e))


def plan(test, m, args):
    """(argv, env, cwd, timeout) for one test, or a reason it cannot run."""
    cmd = test.get("command") or []
    if not cmd:
        return "no command (the program was not built)"
    prog = cmd[0]
    if not (m.build and prog.startswith(m.build + "/")):
        return "not packed (a script of the source tree)"
    packed = os.path.join(m.root, "bin", os.path.basename(prog))
    if not os.path.exists(packed):
        return "not packed (%s missing)" % packed
    p = props_of(test)
    env = dict(os.environ)
    preload = []
    for kv in p.get("ENVIRONMENT", []):
        k, _, v = kv.partition("=")
        if k == "LD_PRELOAD":
            for lib in v.split(":"):
                if lib:
                    preload.append(os.path.join(m.root, "lib", os.path.basename(lib)))
            continue
        if k == "OCL_ICD_VENDORS":
            v = os.path.join(m.root, "icd")
        env[k] = m.text(v)
    env["OCL_ICD_VENDORS"] = env.get("OCL_ICD_VENDORS", os.path.join(m.root, "icd"))
    loader = [os.path.join(m.root, "lib", "ld-linux-x86-64.so.2"),
              "--library-path", os.path.join(m.root, "lib")]
    if preload:
        loader += ["--preload", ":".join(preload)]
    argv = loader + [packed] + [m.text(a) for a in cmd[1:]]
    cwd = m.path(p.get("WORKING_DIRECTORY", m.build))
    timeout = float(p.get("TIMEOUT", 1500)) * args.timeout_scale
    return argv, env, cwd, timeout


def verdict(test, rc, out, timed_out):
    p = props_of(test)
    if timed_out:
        return "Timeout"
    if "SKIP_RETURN_CODE" in p and rc == int(p["SKIP_RETURN_CODE"]):
        return "Skipped"
    for rx in p.get("FAIL_REGULAR_EXPRESSION", []):
        if re.search(rx, out):
            return "Failed (FAIL_REGULAR_EXPRESSION)"
    if p.get("PASS_REGULAR_EXPRESSION"):
        ok = any(re.search(rx, out) for rx in p["PASS_REGULAR_EXPRESSION"])
    else:
        ok = rc == 0
    if p.get("WILL_FAIL") in (True, "ON", "TRUE", "1", 1):
        ok = not ok
    if ok:
        return "Passed"
    if rc < 0:
        return "Failed (%s)" % signal.Signals(-rc).name
    return "Failed (exit %d)" % rc


def run_one(test, planned):
    argv, env, cwd, timeout = planned
    os.makedirs(cwd, exist_ok=True)
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    timed_out = False
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
    dt = time.monotonic() - t0
    text = out.decode("utf-8", "replace")
    return verdict(test, proc.returncode, text, timed_out), dt, text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tests", help="ctest --show-only=json-v1 output")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("-R", "--regex", help="run only tests whose name matches")
    ap.add_argument("-E", "--exclude", help="leave out tests whose name matches")
    ap.add_argument("--root", default="/tmp/k", help="where the pack is unpacked")
    ap.add_argument("--build", help="the build tree's path in TESTS.json (guessed)")
    ap.add_argument("--source", help="the source tree's path in TESTS.json (guessed)")
    ap.add_argument("--timeout-scale", type=float, default=1.0,
                    help="multiply every TIMEOUT (sanitizer builds are slower)")
    ap.add_argument("--log-dir", help="write each test's output there")
    ap.add_argument("--tail", type=int, default=200,
                    help="lines of a failed test's output to print (0: all)")
    args = ap.parse_args()

    tests = json.load(open(args.tests))["tests"]
    build, source = guess_prefixes(tests)
    m = Mapper(args.root, args.build or build, args.source or source)
    if not m.build:
        sys.exit("device-ctest: cannot tell the build tree from %s; give --build" % args.tests)
    if not os.path.exists(os.path.join(args.root, "icd", "kiln.icd")):
        sys.exit("device-ctest: %s is not set up: run sh device-run.sh --setup first" % args.root)
    selected = [t for t in tests
                if (not args.regex or re.search(args.regex, t["name"]))
                and not (args.exclude and re.search(args.exclude, t["name"]))]
    link_trees(m)
    runnable, not_run = [], []
    for t in selected:
        pl = plan(t, m, args)
        (not_run if isinstance(pl, str) else runnable).append((t, pl))
    print("device-ctest: %d tests, %d to run, %d jobs, build %s -> %s"
          % (len(selected), len(runnable), args.jobs, m.build, args.root), flush=True)
    if args.log_dir:
        os.makedirs(args.log_dir, exist_ok=True)

    width = max([len(t["name"]) for t, _ in runnable] + [10])
    results = {}
    lock = threading.Lock()
    done = [0]
    t_start = time.monotonic()

    def job(item):
        t, pl = item
        res = run_one(t, pl)
        with lock:
            done[0] += 1
            results[t["name"]] = res
            print("%*d/%d Test: %-*s %-34s %8.2f sec"
                  % (len(str(len(runnable))), done[0], len(runnable), width,
                     t["name"], res[0], res[1]), flush=True)
            if args.log_dir:
                with open(os.path.join(args.log_dir, t["name"].replace("/", "_") + ".log"),
                          "w") as f:
                    f.write(res[2])

    # Longest timeouts first: they are the slow tests, and starting them
    # early keeps the end of the run from waiting on one of them.
    order = sorted(runnable, key=lambda x: -x[1][3])
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        list(ex.map(job, order))

    failed = [(t["name"], results[t["name"]]) for t, _ in runnable
              if not results[t["name"]][0] in ("Passed", "Skipped")]
    for name, (v, dt, text) in failed:
        lines = text.splitlines()
        if args.tail and len(lines) > args.tail:
            lines = ["[... %d lines ...]" % (len(lines) - args.tail)] + lines[-args.tail:]
        print("\n===== %s: %s after %.2f s =====" % (name, v, dt))
        print("\n".join(lines))
    n = len(runnable)
    print("\n%d%% tests passed, %d tests failed out of %d"
          % (100 * (n - len(failed)) // n if n else 100, len(failed), n))
    print("Total Test time (real) = %.2f sec" % (time.monotonic() - t_start))
    skipped = [t["name"] for t, _ in runnable if results[t["name"]][0] == "Skipped"]
    if skipped:
        print("\nSkipped (SKIP_RETURN_CODE): " + " ".join(skipped))
    if not_run:
        reasons = {}
        for t, why in not_run:
            reasons.setdefault(why, []).append(t["name"])
        print("\nNot run:")
        for why, names in reasons.items():
            print("  %s: %d (%s%s)" % (why, len(names), " ".join(names[:5]),
                                      " ..." if len(names) > 5 else ""))
    if failed:
        print("\nThe following tests FAILED:")
        for name, (v, _, _) in failed:
            print("\t%s (%s)" % (name, v))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
