import Glibc

/// Files gatherctl writes (`export --output`): written under a temporary name beside the path and renamed, so
/// the path never names half a file; an existing file is replaced only when asked.
enum OutputFile {
  /// Writes `text` to `path` (mode 0600: exports hold people's names); refuses an existing file unless
  /// `replacing`.
  static func write(_ text: String, to path: String, replacing: Bool) throws(CtlError) {
    if !replacing, access(path, F_OK) == 0 {
      throw .declined("\(path) exists already; nothing was written. Choose another name, or replace it with --force.")
    }
    let temporary = "\(path).tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure("cannot write \(path)") }
    let written = writeAll(text, to: fd)
    let synced = fsync(fd) == 0
    close(fd)
    guard written, synced, rename(temporary, path) == 0 else {
      let error = failure("cannot write \(path)")
      unlink(temporary)
      throw error
    }
  }

  /// Makes the folder `path` (mode 0700) unless it exists.
  static func makeFolder(_ path: String) throws(CtlError) {
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw failure("cannot make the folder \(path)") }
  }

  /// Reads the whole file at `path` ("-": standard input), at most `limit` bytes.
  static func read(_ path: String, limit: Int) throws(CtlError) -> [UInt8] {
    let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure("cannot read \(path)") }
    defer { if fd != STDIN_FILENO { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw failure("cannot read \(path)") }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
      if bytes.count > limit { throw .declined("\(path) is larger than \(limit / 1_048_576) MiB; nothing was read.") }
    }
  }

  private static func failure(_ what: String) -> CtlError {
    .declined("gatherctl \(what): \(String(cString: strerror(errno))).")
  }
}
