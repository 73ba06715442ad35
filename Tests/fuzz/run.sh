#!/bin/sh
# `make fuzz`: builds the libFuzzer targets into .build-fuzz and runs each, one after the other, for
# FUZZ_SECONDS (default 60) over its seed corpus, Tests/fuzz/corpus/<target>. What a run learns goes to
# .build-fuzz/corpus/<target> (git-ignored), never into the seeds; a crash leaves its input in
# .build-fuzz/artifacts/<target>/ and makes this script fail once every target has run; keep it, once fixed,
# in Tests/fuzz/crashes/<target>/, which `make test` replays. The NIO that `line` and `rpc` link is SwiftPM's
# release build (FUZZ_SPM_CONFIG=release, the default here), which runs them faster than its debug build.
# Usage: Tests/fuzz/run.sh [SECONDS] [TARGET...]   (targets: json rpc model line; default all)
set -u
cd "$(dirname "$0")/../.."
SECONDS_EACH=${1:-${FUZZ_SECONDS:-60}}
[ $# -gt 0 ] && shift
TARGETS=${*:-json rpc model line}
OUT=.build-fuzz
export FUZZ_SPM_CONFIG=${FUZZ_SPM_CONFIG:-release}
# libFuzzer and AddressSanitizer print the stack of a failure; Swift's own backtracer trips over ASan.
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
mkdir -p "$OUT"
# shellcheck disable=SC2086
Tests/fuzz/build.sh "$OUT" $TARGETS || exit 1
failed=""
for target in $TARGETS; do
  [ -x "$OUT/fuzz-$target" ] || { echo "fuzz-$target did not build" >&2; exit 1; }
  mkdir -p "$OUT/corpus/$target" "$OUT/artifacts/$target"
  case $target in
    model | line) max_len=512 ;;
    *) max_len=4096 ;;
  esac
  echo "== fuzz-$target for ${SECONDS_EACH}s (log: $OUT/fuzz-$target.log)"
  if "$OUT/fuzz-$target" -max_total_time="$SECONDS_EACH" -max_len="$max_len" -print_final_stats=1 \
    -artifact_prefix="$OUT/artifacts/$target/" "$OUT/corpus/$target" "Tests/fuzz/corpus/$target" \
    >"$OUT/fuzz-$target.log" 2>&1; then
    grep -E '^#[0-9]+.*(DONE|pulse)|stat::number_of_executed_units' "$OUT/fuzz-$target.log" | tail -2
  else
    failed="$failed $target"
    grep -E 'ERROR|Fatal error|SUMMARY|Test unit written' "$OUT/fuzz-$target.log" | head -10
  fi
done
if [ -n "$failed" ]; then
  echo "fuzzing found crashes in:$failed (inputs in $OUT/artifacts/)" >&2
  exit 1
fi
