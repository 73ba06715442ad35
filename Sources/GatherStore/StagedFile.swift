import Glibc

/// A file written under a temporary name beside the path it is for, then put in place whole: synced to disk,
/// renamed over the path (or linked to it, when an existing file must not be replaced), and the folder synced,
/// so the path never names a partial file, whatever happens meanwhile.
struct StagedFile {
  /// Where the file goes.
  let path: String
  /// Where it is written meanwhile: `PATH.tmp-XXXXXX`, in the same folder, so that the rename is atomic.
  let temporaryPath: String

  /// Creates the empty temporary file (mode 0600) beside `path`.
  init(for path: String) throws(DatabaseFileError) {
    self.path = path
    var template = Array("\(path).tmp-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw DatabaseFileError.system("cannot create a file beside \(path)", errno) }
    close(fd)
    temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Writes the temporary file's data to the disk.
  func sync() throws(DatabaseFileError) {
    try Self.sync(temporaryPath, what: "the new file \(temporaryPath)")
  }

  /// Puts the file in place at `path`. Unless `replacing`, an existing file there is left as it is and this
  /// throws; either way the temporary file is gone afterwards.
  func commit(replacing: Bool) throws(DatabaseFileError) {
    defer { discard() }
    if replacing {
      guard rename(temporaryPath, path) == 0 else { throw DatabaseFileError.system("cannot write \(path)", errno) }
    } else if link(temporaryPath, path) != 0 {
      let code = errno
      // A file system without hard links (a FAT memory stick): check, then rename.
      guard code != EEXIST, access(path, F_OK) != 0 else { throw DatabaseFileError.exists(path) }
      guard code == EPERM || code == ENOTSUP || code == EMLINK || code == ENOSYS else {
        throw DatabaseFileError.system("cannot write \(path)", code)
      }
      guard rename(temporaryPath, path) == 0 else { throw DatabaseFileError.system("cannot write \(path)", errno) }
    }
    try Self.sync(Self.folder(of: path), what: "the folder of \(path)")
  }

  /// Removes the temporary file, and any journal SQLite left beside it.
  func discard() {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporaryPath + suffix) }
  }

  /// The folder a path is in: "." for a bare file name.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `fsync` of a file or folder.
  static func sync(_ path: String, what: String) throws(DatabaseFileError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw DatabaseFileError.system("cannot open \(what)", errno) }
    defer { close(fd) }
    guard fsync(fd) == 0 || errno == EINVAL else {
      throw DatabaseFileError.system("cannot sync \(what) to disk", errno)
    }
  }
}
