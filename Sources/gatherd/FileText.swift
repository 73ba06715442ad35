import Glibc

/// Reads a small text file whole, with the system's reason when it cannot.
enum FileText {
  /// The file's text, as UTF-8; refused past `limit` bytes.
  static func read(_ path: String, limit: Int) throws(FileTextError) -> String {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { throw FileTextError(errno: errno) }
    defer { close(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = Glibc.read(file, &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw FileTextError(errno: errno) }
      if count == 0 { break }
      bytes += buffer[..<count]
      guard bytes.count <= limit else { throw FileTextError("it is larger than \(limit) bytes") }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Why a file could not be read: the system's words ("No such file or directory"), or gatherd's.
struct FileTextError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
  init(errno code: Int32) { description = String(cString: strerror(code)) }
}
