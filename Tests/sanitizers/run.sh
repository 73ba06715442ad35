#!/bin/sh
# `make tsan` / `make asan`: builds everything (tests, gatherd, gatherctl) with one sanitizer in a scratch path of
# its own (.build-tsan, .build-asan), runs the Swift tests, then the end-to-end tests against the sanitized
# gatherd. Every sanitized process (the test runner, each gatherd and gatherctl the e2e tests start) writes its
# reports to a file of its own (log_path) in a fresh folder; the run fails if a test fails or if any report was
# written, and prints the reports. See docs/reliability.md, "Sanitizers".
# Usage: Tests/sanitizers/run.sh thread|address
#   SANITIZER_JOBS (default 2): build jobs; SANITIZER_E2E=0: the Swift tests only.
set -u
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
case ${1:-} in
  thread) short=tsan ;;
  address) short=asan ;;
  *) echo "usage: $0 thread|address" >&2; exit 2 ;;
esac
kind=$1
repo=$(pwd)
scratch="$repo/.build-$short"
supp="$repo/Tests/sanitizers"
flags="--sanitize=$kind --scratch-path $scratch"

# shellcheck disable=SC2086
$SWIFT build --build-tests $flags -j "${SANITIZER_JOBS:-2}" || exit 1
# shellcheck disable=SC2086
bin=$($SWIFT build $flags --show-bin-path) || exit 1

# World-writable (sticky), since some e2e tests run gatherd or gatherctl as uid 65534.
reports="$scratch/reports"
rm -rf "$reports" && mkdir -p "$reports" && chmod 1777 "$reports"
# halt_on_error=0: one run shows every report, not just the first; the reports fail the run below, and a
# process that had any exits with 66 (TSan; ASan stops at its first error anyway).
TSAN_OPTIONS="suppressions=$supp/tsan.supp:halt_on_error=0:exitcode=66:second_deadlock_stack=1:log_path=$reports/report"
ASAN_OPTIONS="halt_on_error=1:exitcode=66:detect_leaks=1:strict_string_checks=1:log_path=$reports/report"
LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0:exitcode=66"
export TSAN_OPTIONS ASAN_OPTIONS LSAN_OPTIONS

failed=""
start=$(date +%s)
echo "== swift test --sanitize=$kind"
# shellcheck disable=SC2086
$SWIFT test --skip-build $flags || failed="$failed swift-test"
echo "== swift test --sanitize=$kind: $(($(date +%s) - start)) s"
if [ "${SANITIZER_E2E:-1}" != 0 ]; then
  start=$(date +%s)
  echo "== end-to-end tests against $bin/gatherd"
  # A sanitized gatherd runs several times slower: each read may wait 15 s rather than 5 s, and the few
  # wall-clock bounds (shutdown within 5 s, ticks at most 1.5 s apart) are tripled; a memory bound is skipped.
  GATHERD_BIN="$bin/gatherd" GATHERD_E2E_TIMEOUT=${GATHERD_E2E_TIMEOUT:-15} \
    GATHERD_E2E_TIME_SCALE=${GATHERD_E2E_TIME_SCALE:-3} GATHERD_E2E_SANITIZER=$kind \
    python3 -m unittest discover -s Tests/e2e -t Tests/e2e || failed="$failed e2e"
  echo "== end-to-end tests: $(($(date +%s) - start)) s"
fi

count=$(find "$reports" -type f | wc -l)
if [ "$count" -gt 0 ]; then
  for report in "$reports"/*; do
    echo "== $report"
    cat "$report"
  done
  failed="$failed reports($count)"
fi
if [ -n "$failed" ]; then
  echo "$kind sanitizer run failed:$failed (reports in $reports)" >&2
  exit 1
fi
echo "$kind sanitizer run: no report"
