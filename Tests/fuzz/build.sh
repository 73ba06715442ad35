#!/bin/sh
# Builds the libFuzzer targets of Tests/fuzz/targets into $1 (default .build-fuzz), each from its own source
# and the gatherd sources it needs, with swiftc directly (no SwiftPM): -sanitize=fuzzer,address.
# The gold linker's harmless "Cannot export local symbol '__asan_…'" warnings are kept out of the output.
# Usage: Tests/fuzz/build.sh [OUT_DIR] [TARGET...]   (targets: json rpc model; default all)
set -eu
cd "$(dirname "$0")/../.."
OUT=${1:-.build-fuzz}
[ $# -gt 0 ] && shift
TARGETS=${*:-json rpc model}
SWIFTC=${SWIFTC:-swiftc}
mkdir -p "$OUT"
# GatherVersion.swift needs SwiftPM's embedded resource, and no target needs it.
RPC_SOURCES="Sources/GatherRPC/JSONParser.swift Sources/GatherRPC/JSONParser+Scalars.swift \
  Sources/GatherRPC/JSONValue.swift Sources/GatherRPC/JSONWriter.swift Sources/GatherRPC/Params.swift \
  Sources/GatherRPC/RPCDispatcher.swift Sources/GatherRPC/RPCError.swift Sources/GatherRPC/RPCMethod.swift \
  Sources/GatherRPC/RPCRequest.swift"
for target in $TARGETS; do
  case $target in
    json) sources="Tests/fuzz/targets/FuzzJSON.swift Sources/GatherRPC/JSONParser.swift \
      Sources/GatherRPC/JSONParser+Scalars.swift Sources/GatherRPC/JSONValue.swift Sources/GatherRPC/JSONWriter.swift" ;;
    rpc) sources="Tests/fuzz/targets/FuzzRPC.swift Tests/fuzz/targets/FuzzRPCMethods.swift $RPC_SOURCES" ;;
    model) sources="Tests/fuzz/targets/FuzzModel.swift $(ls Sources/GatherModel/*.swift)" ;;
    *) echo "unknown fuzz target: $target" >&2; exit 2 ;;
  esac
  echo "building $OUT/fuzz-$target"
  # shellcheck disable=SC2086
  if ! "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-name "Fuzz_$target" \
    -module-cache-path "$OUT/module-cache" $sources -o "$OUT/fuzz-$target" >"$OUT/build-$target.log" 2>&1; then
    grep -v 'ld.gold: warning: Cannot export local symbol' "$OUT/build-$target.log" >&2
    echo "building fuzz-$target failed" >&2
    exit 1
  fi
  grep -v 'ld.gold: warning: Cannot export local symbol' "$OUT/build-$target.log" || true
done
