import GatherRPC
import Glibc

/// Where the daemon listens: `--socket`, then `GATHERD_SOCKET`, then the daemon's own default.
func resolveSocket(_ option: String?) -> String {
  if let option { return option }
  func variable(_ name: String) -> String? {
    guard let value = getenv(name), value.pointee != 0 else { return nil }
    return String(cString: value)
  }
  if let socket = variable("GATHERD_SOCKET") { return socket }
  if geteuid() == 0 { return "/run/gatherd/gatherd.sock" }
  // The daemon's rule (DefaultPaths.userRuntimeDirectory): XDG_RUNTIME_DIR unless unset or empty.
  return (variable("XDG_RUNTIME_DIR") ?? "/run/user/\(getuid())") + "/gatherd/gatherd.sock"
}

/// Writes the text to a descriptor at once, unbuffered; false once the reader has gone away.
@discardableResult
func writeAll(_ text: String, to fd: Int32) -> Bool {
  let bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if written < 0, errno == EINTR { continue }
    guard written > 0 else { return false }
    offset += written
  }
  return true
}

/// A blocking JSON-RPC connection to gatherd: one line out, lines in.
final class Connection {
  let fd: Int32
  let path: String
  private var buffer: [UInt8] = []
  private var nextID: Int64 = 0

  /// Connects to the daemon's socket.
  init(path: String) throws(CtlError) {
    self.path = path
    fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else {
      throw .unreachable("gatherctl could not create a socket: \(String(cString: strerror(errno))).")
    }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    guard path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(fd)
      throw .unreachable("The socket path \(path) is too long.")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: path.utf8)
      raw[path.utf8.count] = 0
    }
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      let reason = String(cString: strerror(code))
      close(fd)
      if code == EACCES || code == EPERM {
        throw .unreachable(
          "Cannot reach gatherd at \(path): \(reason). The socket is open to its owner and group only: join that group (gather, for the system service), or use the read-only status socket."
        )
      }
      throw .unreachable(
        "Cannot reach gatherd at \(path): \(reason). Is it running? (--socket or GATHERD_SOCKET choose another socket.)"
      )
    }
  }

  deinit { close(fd) }

  /// Sends a request and returns its id.
  @discardableResult
  func send(_ method: String, _ params: JSONObject = [:]) throws(CtlError) -> Int64 {
    nextID += 1
    var line = JSONWriter.bytes(
      .object(["jsonrpc": "2.0", "id": .int(nextID), "method": .string(method), "params": .object(params)]))
    line.append(UInt8(ascii: "\n"))
    var offset = 0
    while offset < line.count {
      // MSG_NOSIGNAL: a daemon that went away is an error to report (exit 3), not a SIGPIPE.
      let written = line[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard written > 0 else { throw .unreachable("The connection to gatherd at \(path) was lost.") }
      offset += written
    }
    return nextID
  }

  /// Calls the method named `method` and returns its result as it came, whatever its shape: for `gatherctl call`
  /// and for the typed calls (``call(_:_:)``), which read it as their method's type. Notifications that arrive
  /// meanwhile are left out.
  func call(named method: String, _ params: JSONObject = [:]) throws(CtlError) -> JSONValue {
    let id = try send(method, params)
    while true {
      guard let message = try readMessage() else {
        throw .unreachable("gatherd at \(path) closed the connection before answering.")
      }
      // An error with a null id (a line too long, unparsable) answers the request in flight.
      guard message.envelope.id == id || (message.envelope.id == nil && message.envelope.error != nil) else {
        continue
      }
      if let error = message.envelope.error { throw .refused(error) }
      return message.result
    }
  }

  /// The next message, or nil at end of stream.
  func readMessage() throws(CtlError) -> Message? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        do {
          return try Message(line)
        } catch {
          switch error {
          case .notJSON: throw .unreachable("gatherd at \(path) sent a line that is not JSON.")
          case .notEnvelope(let problem):
            throw .unreadable(
              "gatherd at \(path) sent a message that is not JSON-RPC as gatherctl reads it: "
                + ReplyProblem.describe(problem) + ".")
          }
        }
      }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      buffer.append(contentsOf: chunk[..<count])
    }
  }

  /// Whether a whole message is already buffered, so `readMessage` will not block.
  var hasBufferedMessage: Bool { buffer.contains(UInt8(ascii: "\n")) }
}
