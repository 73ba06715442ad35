import Glibc

/// The file that holds the page's control token, for `gatherd --http-token-file`: made once, mode 0600, in a
/// folder of mode 0700 made if need be, and never replaced; one already there is checked by gatherd's rule (its
/// first line that is not empty, without spaces around it: at least 16 printable ASCII characters, ! to ~).
struct TokenFile {
  /// Where the file is.
  var path: String

  /// The fewest characters gatherd takes in a token.
  static let minimumLength = 16

  /// Makes the file with the token `make` gives, unless it exists; true when it was made. A file that is there
  /// but holds no token gatherd would take, or that others may read, is refused with what to do.
  func makeIfMissing(_ make: () -> String) throws(CtlError) -> Bool {
    var status = stat()
    if lstat(path, &status) == 0 {
      try check(status)
      return false
    }
    try makeFolders()
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw failure("cannot make \(path)") }
    let written = fchmod(fd, 0o600) == 0 && writeAll(make() + "\n", to: fd) && fsync(fd) == 0
    close(fd)
    guard written else {
      let error = failure("cannot write \(path)")
      unlink(path)
      throw error
    }
    return true
  }

  /// Refuses a file gatherd would not read a token from, or that others may read.
  private func check(_ status: stat) throws(CtlError) {
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw .declined("\(path) is there but is not a regular file; remove it, or choose another with --file PATH.")
    }
    let bytes = try OutputFile.read(path, limit: 4096)
    let line = bytes.split(separator: UInt8(ascii: "\n")).first ?? []
    let token = line.drop(while: Self.isBlank).reversed().drop(while: Self.isBlank)
    guard !bytes.contains(0), token.count >= Self.minimumLength, token.allSatisfy({ (0x21...0x7E).contains($0) })
    else {
      throw .declined(
        "\(path) is there but holds no token gatherd takes (one line of at least \(Self.minimumLength) printable "
          + "ASCII characters); it was left as it is. Remove it and run gatherctl web token again.")
    }
    guard status.st_mode & 0o077 == 0 else {
      throw .declined(
        "\(path) holds a token, but others may read it (mode \(String(status.st_mode & 0o777, radix: 8))); "
          + "make it yours alone: chmod 600 \(path)")
    }
  }

  /// Makes the folders above the file that are missing, each mode 0700.
  private func makeFolders() throws(CtlError) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    var folder = ""
    for (index, part) in parts.enumerated() {
      folder += (index == 0 ? "" : "/") + part
      guard !part.isEmpty else { continue }
      try OutputFile.makeFolder(folder)
    }
  }

  /// A space, tab or carriage return, which gatherd leaves out around a token.
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  private func failure(_ what: String) -> CtlError {
    .declined("gatherctl \(what): \(String(cString: strerror(errno))).")
  }
}
