import Glibc

/// Reads the small files a setting names (the configuration file, a token, a password) without ever waiting:
/// each is opened non-blocking, so a FIFO with no writer cannot hold up the start, and must then be a regular
/// file no larger than a limit, so that a device or a directory is refused and `/dev/zero` cannot fill memory.
/// `/dev/null` reads as an empty file (`--config /dev/null` reads no configuration).
enum FileText {
  /// The file's bytes; refused unless it is a regular file of at most `limit` bytes. `holding` says what the
  /// file should hold, for the message ("the token").
  static func read(_ path: String, limit: Int, holding: String) throws(FileTextError) -> [UInt8] {
    let (file, size) = try openRegular(path, holding: holding)
    defer { close(file) }
    let tooLarge = FileTextError("it is larger than \(limit) bytes; give a file that holds \(holding)")
    guard size <= limit else { throw tooLarge }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = Glibc.read(file, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw FileTextError(errno: errno) }
      if count == 0 { break }
      bytes += buffer[..<count]
      guard bytes.count <= limit else { throw tooLarge }
    }
    return bytes
  }

  /// Checks that `path` is a regular file this process may read, for a file another library reads later (an
  /// MQTT broker's certificate authorities).
  static func checkReadable(_ path: String, holding: String) throws(FileTextError) {
    close(try openRegular(path, holding: holding).file)
  }

  /// The open file and its size; anything but a regular file (or the null device) is closed and refused.
  private static func openRegular(_ path: String, holding: String) throws(FileTextError) -> (file: Int32, size: Int) {
    let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard file >= 0 else {
      let code = errno
      // A Unix socket cannot be opened at all (ENXIO): say what it is rather than the system's puzzling words.
      var info = stat()
      if code == ENXIO, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK {
        throw notRegular(S_IFSOCK, holding: holding)
      }
      throw FileTextError(errno: code)
    }
    var info = stat()
    guard fstat(file, &info) == 0 else {
      let code = errno
      close(file)
      throw FileTextError(errno: code)
    }
    let type = info.st_mode & S_IFMT
    if type == S_IFREG { return (file, Int(info.st_size)) }
    var null = stat()
    if type == S_IFCHR, stat("/dev/null", &null) == 0, null.st_mode & S_IFMT == S_IFCHR, null.st_rdev == info.st_rdev {
      return (file, 0)
    }
    close(file)
    throw notRegular(type, holding: holding)
  }

  /// The refusal of a file of `type`, which is not a regular file.
  private static func notRegular(_ type: mode_t, holding: String) -> FileTextError {
    FileTextError("not a regular file (\(kind(type))); give a file that holds \(holding)")
  }

  /// What a file of this type is, in words.
  private static func kind(_ type: mode_t) -> String {
    switch type {
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFDIR: "a directory"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "of type \(String(type, radix: 8))"
    }
  }
}

/// Why a file could not be read: the system's words ("No such file or directory"), or gatherd's; a clause
/// without a full stop, for the caller to put after the setting it came from.
struct FileTextError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
  init(errno code: Int32) { description = String(cString: strerror(code)) }
}
