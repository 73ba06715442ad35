#!/bin/sh
# Runs each fuzz target once over every seed in Tests/fuzz/corpus/<target>/ and every crash input kept in
# Tests/fuzz/crashes/<target>/, without fuzzing: a regression check that `make test` runs after the Swift
# tests. It fails (exit 1) as soon as one input fails a check or crashes. The targets are built first
# (Tests/fuzz/build.sh, against SwiftPM's debug build of NIO, which `make test` has just made).
# Usage: Tests/fuzz/replay.sh [TARGET...]   (targets: json rpc model line; default all)
set -eu
cd "$(dirname "$0")/../.."
TARGETS=${*:-json rpc model line}
OUT=.build-fuzz
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
mkdir -p "$OUT"
# shellcheck disable=SC2086
Tests/fuzz/build.sh "$OUT" $TARGETS || exit 1
for target in $TARGETS; do
  inputs=$(find "Tests/fuzz/corpus/$target" "Tests/fuzz/crashes/$target" -type f 2>/dev/null | sort)
  count=$(printf '%s\n' "$inputs" | grep -c . || true)
  # shellcheck disable=SC2086
  if "$OUT/fuzz-$target" $inputs >"$OUT/replay-$target.log" 2>&1; then
    echo "fuzz-$target: $count inputs replayed, no failure"
  else
    echo "fuzz-$target: FAILED (see $OUT/replay-$target.log)" >&2
    grep -E 'Fatal error|ERROR|Running' "$OUT/replay-$target.log" | tail -5 >&2
    exit 1
  fi
done
