import Glibc

/// Runs the `gatherd` installed beside gatherctl (else the first on the PATH) in gatherctl's place, for the
/// commands that work on the database file itself rather than through the daemon's socket.
enum GatherdTool {
  /// Replaces this process with `gatherd ARGUMENTS`; returns only if gatherd cannot be run.
  static func exec(_ arguments: [String]) throws(CtlError) -> Never {
    guard let path = locate() else {
      throw .declined(
        "gatherd is not installed beside gatherctl nor on the PATH, and it does this work on the database file itself.")
    }
    let argv = (["gatherd"] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let why = String(cString: strerror(errno))
    throw .declined("Could not run \(path): \(why).")
  }

  /// gatherd beside this gatherctl (as `make install` and the package put them), else on the PATH.
  static func locate() -> String? {
    var own = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &own, Int(PATH_MAX))
    var folders: [String] = []
    if length > 0 {
      let path = String(decoding: own[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let slash = path.lastIndex(of: "/") { folders.append(String(path[..<slash])) }
    }
    if let variable = getenv("PATH") {
      folders += String(cString: variable).split(separator: ":").map(String.init)
    }
    return folders.lazy.map { ($0.isEmpty ? "." : $0) + "/gatherd" }.first { access($0, X_OK) == 0 }
  }
}
