/// The files of the scoreboard page, embedded in the binary: what the PageBundle plugin built from
/// Sources/GatherDaemon/Scoreboard (``built``, in a Swift file it writes at build time), served at their paths.
/// Adding, renaming or removing a file of the page needs no change here: the build finds it.
///
/// The page at `/` links the others relatively ("js/scoreboard-XXXXXXXX.js"), so that a reverse proxy may serve
/// it under a path of its own (https://example.org/gather/). Every HTML file is served with a
/// Content-Security-Policy that allows exactly its inline scripts, worked out from the bytes served.
enum WebAssets {
  /// Every asset.
  static let all: [WebAsset] = built.map { $0.contentType.hasPrefix("text/html") ? $0.withPolicy() : $0 }

  /// The assets by path.
  static let byPath: [String: WebAsset] = Dictionary(uniqueKeysWithValues: all.map { ($0.path, $0) })
}
