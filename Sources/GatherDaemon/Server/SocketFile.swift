import FoundationEssentials
import Glibc

/// The socket path of a standalone daemon: checked before binding, given its mode, and removed at exit.
public struct SocketFile: Sendable {
  let path: String

  /// The socket file at `path`.
  public init(path: String) { self.path = path }

  /// Makes sure the path is free: refuses when a live daemon answers there or when it is not a socket, and
  /// removes a stale socket file that nobody answers on. Creates the parent directory if needed.
  public func prepare(directoryMode: mode_t) throws {
    // sockaddr_un holds 108 bytes, the terminating NUL included.
    guard path.utf8.count <= 107 else {
      throw SocketFileError(
        "The socket path \(path) is \(path.utf8.count) bytes long, and a Unix socket path can have at most 107; choose a shorter --socket."
      )
    }
    let directory = Folders.parent(of: path)
    if !directory.isEmpty {
      do { try Folders.create(directory, mode: directoryMode) } catch {
        throw SocketFileError("For the socket, \(error); choose another --socket, or set XDG_RUNTIME_DIR.")
      }
    }
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    guard info.st_mode & S_IFMT == S_IFSOCK else {
      throw SocketFileError("\(path) exists and is not a socket; move it away or choose another --socket.")
    }
    switch Self.probe(path) {
    case .refused: break
    case .answers:
      throw SocketFileError("Another gatherd is already running on \(path); stop it first or choose another --socket.")
    case .unknown(let reason):
      throw SocketFileError("Cannot tell whether \(path) is in use (\(reason)); remove it by hand if it is stale.")
    }
    guard unlink(path) == 0 || errno == ENOENT else {
      throw SocketFileError("Could not remove the stale socket \(path): \(String(cString: strerror(errno))).")
    }
  }

  /// Binds a new socket at the path and gives the file `mode` before anyone can connect: the socket is not
  /// listening yet (NIO's `withBoundSocket` starts listening), so a client sees either a refusal or the
  /// final permissions, never the umask's.
  func bind(mode: mode_t) throws -> CInt {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw failure("Cannot create a socket for") }
    var address = Self.address(path)
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
    guard bound else {
      let error = failure("Cannot listen on")
      close(fd)
      throw error
    }
    guard chmod(path, mode) == 0 else {
      let error = failure("Could not set mode \(String(mode, radix: 8)) on")
      close(fd)
      unlink(path)
      throw error
    }
    return fd
  }

  /// An error naming the path and errno's reason.
  private func failure(_ what: String) -> SocketFileError {
    SocketFileError("\(what) \(path): \(String(cString: strerror(errno))); choose another --socket.")
  }

  /// Whether something accepts connections on the socket now: a running gatherd, or a socket unit of systemd's
  /// that would start one.
  public var answers: Bool {
    if case .answers = Self.probe(path) { return true }
    return false
  }

  /// Whether a process listens on the path, read from `/proc/net/unix` without connecting: a connection to a
  /// socket unit's socket would start its service. When that table cannot be read, a connection decides.
  public var hasListener: Bool {
    // A path with no socket file takes no connection, whatever still listens on the socket once bound there.
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return false }
    guard let table = fopen("/proc/net/unix", "r") else { return answers }
    defer { fclose(table) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    // Num RefCount Protocol Flags Type St Inode Path; a listening socket's flags hold __SO_ACCEPTCON (0x10000).
    while getline(&line, &capacity, table) > 0, let line {
      let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
      guard fields.count >= 8, let flags = UInt32(fields[3], radix: 16), flags & 0x10000 != 0 else { continue }
      if fields[7...].joined(separator: " ") == path { return true }
    }
    return false
  }

  /// Removes the socket file, at a clean exit.
  func remove() { unlink(path) }

  /// The address of the socket at `path` (at most 107 bytes, checked by `prepare`).
  static func address(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: path.utf8.prefix(raw.count - 1))
    }
    return address
  }

  enum Probe {
    case answers, refused
    case unknown(String)
  }

  /// Whether something accepts connections on the socket at `path`: only a refused connection means stale.
  static func probe(_ path: String) -> Probe {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return .unknown(String(cString: strerror(errno))) }
    defer { close(fd) }
    guard path.utf8.count <= 107 else { return .unknown("the path is too long") }
    var address = Self.address(path)
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
    if connected { return .answers }
    return errno == ECONNREFUSED ? .refused : .unknown(String(cString: strerror(errno)))
  }
}

/// The socket path cannot be used.
struct SocketFileError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
