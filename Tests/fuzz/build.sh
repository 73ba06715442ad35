#!/bin/sh
# Builds the libFuzzer targets of Tests/fuzz/targets into $1 (default .build-fuzz) with swiftc directly
# (-sanitize=fuzzer,address): each from its own sources and the gatherd sources it needs, all instrumented.
# `line` and `rpc` need NIO (and `rpc` swift-log, ServiceLifecycle, swift-metrics, swift-prometheus and the
# system's SQLite and libqrencode): those they link from SwiftPM's own
# build in .build (`swift build -c $FUZZ_SPM_CONFIG --target NIOEmbedded`, then `--target GatherDaemon`):
# debug by default, which `make test` has mostly built already; run.sh asks for release. They are not
# instrumented, like the Swift runtime. `rpc` compiles GatherModel, GatherRPC and GatherStore as modules of
# their own, then GatherDaemon with the target's sources in it, so that the target uses the daemon's internal
# method table as the daemon does.
# The gold linker's harmless "Cannot export local symbol '__asan_…'" warnings are kept out of the output.
# Usage: Tests/fuzz/build.sh [OUT_DIR] [TARGET...]   (targets: json rpc model line; default all)
set -eu
cd "$(dirname "$0")/../.."
OUT=${1:-.build-fuzz}
[ $# -gt 0 ] && shift
TARGETS=${*:-json rpc model line}
SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-swiftc}
mkdir -p "$OUT"
FLAGS="-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -module-cache-path $OUT/module-cache"
# What NIO needs (with NIOEmbedded, for the rpc target), and what GatherDaemon needs besides gatherd's own modules (SwiftPM's target names).
NIO_DEPS="NIOEmbedded NIOCore NIOConcurrencyHelpers _NIODataStructures _NIOBase64 CNIOAtomics CNIOLinux \
  CNIODarwin CNIOWindows CNIOWASI CNIOOpenBSD CNIOFreeBSD Atomics _AtomicsShims DequeModule ContainersPreview \
  InternalCollectionsUtilities"
DAEMON_DEPS="$NIO_DEPS NIOPosix CNIOPosix Logging ServiceLifecycle AsyncAlgorithms OrderedCollections UnixSignals \
  ConcurrencyHelpers CGatherShim NIOHTTP1 CNIOLLHTTP NIOWebSocket CNIOSHA1 CoreMetrics Prometheus GatherMQTT GatherQR \
  GatherPush Crypto CCryptoBoringSSL CCryptoBoringSSLShims CryptoBoringWrapper CXKCP CXKCPShims"
SPM_BIN=""
PAGE_SOURCES=""
# debug for a replay (what `make test` has built), release for fuzzing (NIO's debug build is 20 times slower).
SPM_CONFIG=${FUZZ_SPM_CONFIG:-debug}

# Runs swiftc; on failure shows its output without the linker noise, and stops.
compile() {
  log=$1
  shift
  if ! "$SWIFTC" "$@" >"$log" 2>&1; then
    grep -v 'ld.gold: warning: Cannot export local symbol' "$log" >&2
    echo "swiftc failed (log: $log)" >&2
    exit 1
  fi
  grep -v 'ld.gold: warning: Cannot export local symbol' "$log" || true
}

# Builds the dependencies with SwiftPM (once per run of this script) and sets SPM_BIN and SPM_FLAGS: the
# module search path and the C modules' maps and headers, as SwiftPM passes them to GatherDaemon.
spm_build() {
  [ -n "$SPM_BIN" ] && return 0
  echo "building NIOEmbedded and GatherDaemon's dependencies with SwiftPM (.build, $SPM_CONFIG)"
  for spm_target in NIOEmbedded GatherDaemon; do
    "$SWIFT" build -c "$SPM_CONFIG" --target "$spm_target" >"$OUT/build-spm.log" 2>&1 \
      || { cat "$OUT/build-spm.log" >&2; exit 1; }
  done
  SPM_BIN=$("$SWIFT" build -c "$SPM_CONFIG" --show-bin-path)
  # The scoreboard page's files, which the PageBundle plugin wrote for GatherDaemon (the newest, should the
  # checkout have been moved).
  PAGE_SOURCES=$(ls -t .build/plugins/outputs/*/GatherDaemon/destination/PageBundle/*.swift | head -n 1)
  SPM_FLAGS="-I $SPM_BIN/Modules"
  for map in "$SPM_BIN"/*.build/module.modulemap .build/checkouts/*/Sources/*/include/module.modulemap \
    Sources/CSQLite/module.modulemap Sources/CMosquitto/module.modulemap \
    Sources/CQREncode/module.modulemap Sources/CCurl/module.modulemap; do
    [ -f "$map" ] && SPM_FLAGS="$SPM_FLAGS -Xcc -fmodule-map-file=$map"
  done
  for include in .build/checkouts/*/Sources/*/include Sources/CGatherShim/include; do
    [ -d "$include" ] && SPM_FLAGS="$SPM_FLAGS -Xcc -I -Xcc $include"
  done
}

# The object files SwiftPM built for the given targets, as links in $OUT/spm-objects whose names have no
# spaces (swift-atomics has "Unmanaged extensions.swift").
spm_objects() {
  for dep in "$@"; do
    mkdir -p "$OUT/spm-objects/$dep"
    find "$SPM_BIN/$dep.build" -name '*.o' | while IFS= read -r object; do
      link="$OUT/spm-objects/$dep/$(basename "$object" | tr ' ' '_')"
      ln -sf "$(realpath "$object")" "$link"
      echo "$link"
    done
  done
}

# Compiles one of gatherd's modules, instrumented, into $OUT/modules (swiftmodule and one object file).
gather_module() {
  name=$1
  shift
  mkdir -p "$OUT/modules"
  echo "building $OUT/modules/$name.o"
  # shellcheck disable=SC2086
  compile "$OUT/build-module-$name.log" $FLAGS -I "$OUT/modules" $SPM_FLAGS -module-name "$name" -wmo -c "$@" \
    -emit-module -emit-module-path "$OUT/modules/$name.swiftmodule" -o "$OUT/modules/$name.o"
}

for target in $TARGETS; do
  echo "building $OUT/fuzz-$target"
  case $target in
    json)
      # shellcheck disable=SC2086
      compile "$OUT/build-$target.log" $FLAGS -module-name Fuzz_json Tests/fuzz/targets/FuzzJSON.swift \
        Sources/GatherRPC/JSONParser.swift Sources/GatherRPC/JSONParser+Scalars.swift \
        Sources/GatherRPC/JSONValue.swift Sources/GatherRPC/JSONWriter.swift -o "$OUT/fuzz-json" ;;
    model)
      # shellcheck disable=SC2086
      compile "$OUT/build-$target.log" $FLAGS -module-name Fuzz_model Tests/fuzz/targets/FuzzModel.swift Tests/fuzz/targets/FuzzModelChecks.swift \
        Sources/GatherModel/*.swift -o "$OUT/fuzz-model" ;;
    line)
      spm_build
      # shellcheck disable=SC2086
      compile "$OUT/build-$target.log" $FLAGS $SPM_FLAGS -module-name Fuzz_line Tests/fuzz/targets/FuzzLine.swift \
        Tests/fuzz/targets/FuzzLineReference.swift Sources/GatherDaemon/Server/LineSplitter.swift Sources/GatherDaemon/Server/InboundQueue.swift \
        $(spm_objects $NIO_DEPS) -o "$OUT/fuzz-line" ;;
    rpc)
      spm_build
      gather_module GatherModel Sources/GatherModel/*.swift
      gather_module GatherRPC Sources/GatherRPC/*.swift "$SPM_BIN/GatherRPC.build/DerivedSources/"*.swift
      gather_module GatherStore $(find Sources/GatherStore -name '*.swift' | sort)
      gather_module GatherAPI Sources/GatherAPI/*.swift
      # shellcheck disable=SC2086
      compile "$OUT/build-$target.log" $FLAGS -I "$OUT/modules" $SPM_FLAGS -module-name GatherDaemon \
        Tests/fuzz/targets/FuzzRPC*.swift $(find Sources/GatherDaemon -name '*.swift' | sort) \
        $(ls "$SPM_BIN/GatherDaemon.build/DerivedSources/"*.swift 2>/dev/null) "$PAGE_SOURCES" "$OUT/modules/GatherModel.o" \
        "$OUT/modules/GatherRPC.o" "$OUT/modules/GatherStore.o" "$OUT/modules/GatherAPI.o" \
        $(spm_objects $DAEMON_DEPS) -lsqlite3 -lqrencode \
        -o "$OUT/fuzz-rpc" ;;
    *) echo "unknown fuzz target: $target" >&2; exit 2 ;;
  esac
done
