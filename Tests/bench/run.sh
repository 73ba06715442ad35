#!/usr/bin/env bash
# run.sh - `make bench`: measure gatherd against the reference servers of ../shared/tools, in one run.
#
# Usage: Tests/bench/run.sh            (or: make bench)
#
# 1. Builds the C tools and nio_ref (the SwiftNIO floor) into .build-bench-tools/, and two gatherd binaries from
#    one snapshot of the working tree in .build-bench-src/ (all git-ignored), so that edits made while it
#    compiles cannot break the build or mix two versions:
#    - the installed binary, built exactly as `make install` builds it (`swift build -c release` with the
#      Makefile's RELEASE_BUILD_FLAGS: the Swift runtime linked in, no run-time exclusivity checks, a section per
#      function, lld with `-z now` and packed relative relocations, no exported symbols, the start-up code ordered
#      by packaging/startup-order.txt; then stripped), into .build-release-static/; the targets judge this one;
#    - the dev build (`swift build -c release`), into .build-release/, reported next to it.
# 2. Runs Tests/bench/bench.py, which starts both gatherd binaries and the references side by side and measures
#    latency, throughput, writes, tick timing, fan-out, memory and idle wake-ups (about 5 minutes).
# 3. Runs Tests/bench/stats_bench.py (stats over 10,000 gathers), Tests/bench/web_bench.py (the WebSocket
#    next to the Unix socket) and Tests/bench/page_bench.py (the page in Chromium on a throttled phone: cold,
#    warm, bytes on the wire), and appends their sections (the page's with Tests/bench/page-before.md).
# 4. Prints the Markdown report and writes it to docs/performance.md.
#
# Exit status 0 when everything ran, even if targets are missed (this is a benchmark, not a test);
# non-zero when something failed to build or run. Every process it starts is stopped on exit or Ctrl-C.
#
# Environment: SWIFT (default swift), PYTHON (default python3), BENCH_TOOLS_SRC (default ../shared/tools
# next to the repository), BENCH_GATHERD=/path/to/gatherd (measure that binary as the installed one, skip both
# gatherd builds and the dev build's figures), BENCH_QUICK=1 (short phases, for working on the harness;
# figures meaningless, docs/ left unchanged), BENCH_INSTALL_FLAGS (how `make install` builds gatherd; `make bench`
# passes the Makefile's RELEASE_BUILD_FLAGS).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
INSTALL_FLAGS=${BENCH_INSTALL_FLAGS:---static-swift-stdlib --disable-local-rpath -Xswiftc -enforce-exclusivity=unchecked \
-Xswiftc -Xfrontend -Xswiftc -function-sections \
-Xswiftc -use-ld=lld -Xlinker -z -Xlinker now -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
-Xlinker --symbol-ordering-file=$REPO/packaging/startup-order.txt -Xlinker --no-warn-symbol-ordering}
TOOLS_SRC=${BENCH_TOOLS_SRC:-$(cd "$REPO/.." && pwd)/shared/tools}
TOOLS_BIN=$REPO/.build-bench-tools
SNAP=$REPO/.build-bench-src
SCRATCH_INSTALLED=$REPO/.build-release-static
SCRATCH_DEV=$REPO/.build-release
SWIFT=${SWIFT:-swift}
PYTHON=${PYTHON:-python3}
if [ -n "${MAKELEVEL:-}" ]; then COMMAND="make bench"; else COMMAND="Tests/bench/run.sh"; fi

LOAD_AT_START=$(cat /proc/loadavg)
say() { printf '[bench] %s\n' "$*" >&2; }
die() { say "ERROR: $*"; exit 1; }

# A short temporary directory: Unix socket paths are limited to 107 bytes.
TMP=$(mktemp -d /tmp/gatherd-bench.XXXXXX)
DRIVER=
cleanup() {
  local status=$?
  trap - EXIT INT TERM HUP
  if [ -n "$DRIVER" ] && kill -0 "$DRIVER" 2>/dev/null; then
    kill -TERM "$DRIVER" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$DRIVER" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$DRIVER" 2>/dev/null || true
  fi
  # Whatever the driver started and could not stop: it lists every pid it starts, and every such process
  # names a socket in $TMP on its command line, which tells it apart from an unrelated process that got
  # the same pid later.
  if [ -f "$TMP/pids" ]; then
    local sig pid
    for sig in TERM KILL; do
      while read -r pid; do
        if { tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | grep -qF "$TMP/"; then
          kill "-$sig" "$pid" 2>/dev/null || true
        fi
      done <"$TMP/pids"
      [ "$sig" = KILL ] || sleep 0.5
    done
  fi
  rm -rf "$TMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

for tool in gcc make taskset "$PYTHON" "$SWIFT"; do
  command -v "$tool" >/dev/null || die "$tool is needed and not on PATH."
done
[ -f "$TOOLS_SRC/rpcbench.c" ] || die "the benchmark tools are not in $TOOLS_SRC (set BENCH_TOOLS_SRC)."

# 1,000 subscribers plus the probe's own 1,000 connections need more descriptors than the usual 1,024.
hard=$(ulimit -Hn)
if [ "$hard" = unlimited ] || [ "$hard" -gt 65536 ]; then ulimit -n 65536; else ulimit -n "$hard"; fi
[ "$(ulimit -n)" -ge 2500 ] || die "ulimit -n is $(ulimit -n) and cannot be raised to 2500 (hard limit $hard)."

say "building the tools into $TOOLS_BIN"
make -s -C "$TOOLS_SRC" BIN="$TOOLS_BIN" >&2 || die "building the tools failed."
say "building nio_ref into $TOOLS_BIN; the first time takes about 2 minutes"
make -s -C "$TOOLS_SRC" BIN="$TOOLS_BIN" nio >"$TMP/nio_ref-build.log" 2>&1 ||
  { tail -n 20 "$TMP/nio_ref-build.log" >&2; die "building nio_ref failed."; }

# Mirror the package into $SNAP, touching only files that changed, so incremental builds stay incremental.
sync_snapshot() {
  mkdir -p "$SNAP"
  local f
  (cd "$REPO" && find Package.swift Package.resolved Plugins Sources Tests -type f 2>/dev/null || true) |
    while IFS= read -r f; do
      if ! cmp -s "$REPO/$f" "$SNAP/$f"; then
        mkdir -p "$SNAP/$(dirname "$f")"
        cp -p "$REPO/$f" "$SNAP/$f"
      fi
    done
  (cd "$SNAP" && find Package.swift Package.resolved Plugins Sources Tests -type f 2>/dev/null || true) |
    while IFS= read -r f; do [ -e "$REPO/$f" ] || rm -f "$SNAP/$f"; done
}

# build_gatherd SCRATCH [FLAGS...]: a release build of gatherd from $SNAP; prints the binary's path.
build_gatherd() {
  local scratch=$1
  shift
  "$SWIFT" build -c release "$@" --product gatherd --package-path "$SNAP" --scratch-path "$scratch" \
    >"$TMP/build.log" 2>&1 || return 1
  echo "$("$SWIFT" build -c release "$@" --package-path "$SNAP" --scratch-path "$scratch" --show-bin-path)/gatherd"
}

LABEL=
DEV_BIN=
if [ -n "${BENCH_GATHERD:-}" ]; then
  BIN=$BENCH_GATHERD
  LABEL="the binary \`$BIN\` (BENCH_GATHERD; not built by this run, measured as the installed binary; no dev build)"
  say "using BENCH_GATHERD=$BIN (no build, no dev build)"
else
  say "building gatherd twice from one snapshot: as \`make install\` does (static) into $SCRATCH_INSTALLED," \
    "and the dev build into $SCRATCH_DEV; the first time takes several minutes"
  built=
  for attempt in 1 2 3; do
    sync_snapshot
    # shellcheck disable=SC2086
    if BIN=$(build_gatherd "$SCRATCH_INSTALLED" $INSTALL_FLAGS) && DEV_BIN=$(build_gatherd "$SCRATCH_DEV"); then
      built=1
      break
    fi
    tail -n 20 "$TMP/build.log" >&2
    # A file saved while the snapshot was being copied: take a fresh snapshot and build both again.
    grep -q "modified during the build" "$TMP/build.log" || break
    say "a source file changed during the build (attempt $attempt of 3); retrying"
    sleep 5
  done
  [ -n "$built" ] || die "the release build of gatherd failed (see above)."
  # As `make install` does (install -s).
  cp "$BIN" "$TMP/gatherd-installed" && strip "$TMP/gatherd-installed" && BIN=$TMP/gatherd-installed
  [ -x "$DEV_BIN" ] || die "no gatherd binary at $DEV_BIN."
fi
[ -x "$BIN" ] || die "no gatherd binary at $BIN."

# The page on a phone first (Chromium with a slow network's throttling: cold and warm, bytes on the wire): its
# targets join the table at the top of the report, and its section comes after the stats.
say "measuring the scoreboard page in Chromium (cold and warm visits, 5 runs; about 2 minutes)"
"$PYTHON" "$HERE/page_bench.py" --gatherd "$BIN" --tmp "$TMP" --rows "$TMP/page-targets.md" >"$TMP/page.md" ||
  die "the page benchmark did not complete."
say "measuring (about 5 minutes); progress below, the report follows"
"$PYTHON" "$HERE/bench.py" --gatherd "$BIN" --gatherd-dev "$DEV_BIN" --tools "$TOOLS_BIN" \
  --pyrpc "$TOOLS_SRC/pyrpc_server.py" --tmp "$TMP" --repo "$REPO" --command "$COMMAND" \
  --load-at-start "$LOAD_AT_START" --gatherd-label "$LABEL" --install-flags "$INSTALL_FLAGS" \
  --page-targets "$TMP/page-targets.md" >"$TMP/report.md" &
DRIVER=$!
status=0
wait "$DRIVER" || status=$?
DRIVER=
[ "$status" -eq 0 ] || die "the benchmark did not complete (status $status); docs/performance.md is unchanged."

# Stats and fair teams over 10,000 ended gathers: a section of its own, at the end of the report.
say "measuring stats and fair teams over 10,000 ended gathers"
"$PYTHON" "$HERE/stats_bench.py" --gatherd "$BIN" --tmp "$TMP" >"$TMP/stats.md" || die "the stats benchmark did not complete."
{ echo; cat "$TMP/stats.md"; } >>"$TMP/report.md"

# The scoreboard's WebSocket next to the Unix socket: fan-out of one tick to 500 viewers, and requests/s.
say "measuring the WebSocket transport next to the Unix socket"
"$PYTHON" "$HERE/web_bench.py" --gatherd "$BIN" --tmp "$TMP" >"$TMP/web.md" || die "the WebSocket benchmark did not complete."
cat "$TMP/web.md" >>"$TMP/report.md"

# The page on a phone, appended below.
{ cat "$TMP/page.md"; echo; cat "$HERE/page-before.md"; } >>"$TMP/report.md"

# Ratings: measured by their own scripts (Tests/bench/ratings_season.py, ratings_costs.py), which take
# longer than a bench run; their section is kept in Tests/bench/ratings.md and carried into the report as it is.
{ echo; cat "$HERE/ratings.md"; } >>"$TMP/report.md"

cat "$TMP/report.md"
if [ "${BENCH_QUICK:-}" = 1 ]; then
  say "BENCH_QUICK=1: docs/performance.md left unchanged"
else
  cp "$TMP/report.md" "$REPO/docs/performance.md"
  say "report written to docs/performance.md"
fi
