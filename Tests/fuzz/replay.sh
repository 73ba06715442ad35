#!/bin/sh
# Runs each fuzz target once over every seed in Tests/fuzz/corpus/<target>/ and every crash input kept in
# Tests/fuzz/crashes/<target>/ (when there is one), without fuzzing: a regression check, a few seconds long.
# Not wired into `make test` yet (docs/reliability.md). Usage: Tests/fuzz/replay.sh [TARGET...]
set -eu
cd "$(dirname "$0")/../.."
TARGETS=${*:-json rpc model}
OUT=.build-fuzz
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
