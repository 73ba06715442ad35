import Glibc

extension Systemd {
  /// A listening socket passed by socket activation.
  public struct ListenSocket: Sendable, Hashable {
    /// The file descriptor, 3 or more.
    public var fd: Int32
    /// Its `FileDescriptorName=`, or "unknown" when the unit gives none.
    public var name: String
  }

  /// The variables socket activation passes the sockets in.
  static let listenVariables = ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"]

  /// The sockets passed by socket activation, if any, each made close-on-exec. The `LISTEN_*` variables are
  /// consumed, so children do not inherit them.
  public static func listenSockets() throws -> [ListenSocket] {
    var environment: [String: String] = [:]
    for name in listenVariables {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    defer { for name in listenVariables { unsetenv(name) } }
    let sockets = try passedSockets(environment: environment, pid: getpid())
    for socket in sockets where fcntl(socket.fd, F_SETFD, FD_CLOEXEC) < 0 {
      throw SystemdError(
        "The sockets passed by the service manager cannot be used: descriptor \(socket.fd) is not open.")
    }
    return sockets
  }

  /// The sockets `LISTEN_PID`, `LISTEN_FDS` and `LISTEN_FDNAMES` describe for process `pid`, read as
  /// sd_listen_fds(3) reads them: descriptors from 3 on, none when the variables are unset or name another process.
  static func passedSockets(environment: [String: String], pid: Int32) throws -> [ListenSocket] {
    guard let pidText = environment["LISTEN_PID"] else { return [] }
    guard let listenPID = Int32(pidText), listenPID > 0 else {
      throw SystemdError("The sockets passed by the service manager cannot be used: LISTEN_PID is \"\(pidText)\".")
    }
    guard listenPID == pid else { return [] }
    guard let countText = environment["LISTEN_FDS"] else { return [] }
    // No process may hold more descriptors than the kernel's ceiling on any limit (fs.nr_open, 2^20 by default).
    guard let count = Int32(countText), count >= 0, count <= 1 << 20 else {
      throw SystemdError("The sockets passed by the service manager cannot be used: LISTEN_FDS is \"\(countText)\".")
    }
    var names = Array(repeating: "unknown", count: Int(count))
    if let text = environment["LISTEN_FDNAMES"], count > 0 {
      names = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
      guard names.count == count else {
        throw SystemdError(
          "The sockets passed by the service manager cannot be used: LISTEN_FDNAMES names \(names.count) of \(count).")
      }
    }
    return names.enumerated().map { ListenSocket(fd: 3 + Int32($0.offset), name: $0.element) }
  }
}
