import Glibc

/// A Unix datagram socket bound where a test says, playing the service manager or journald: it reads what
/// gatherd sends, with the descriptors that come with it.
final class DatagramReceiver {
  /// Where it listens: a path, or "@name" in the abstract namespace.
  let address: String
  private let socket: Int32

  init(address: String) throws {
    self.address = address
    socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var local = sockaddr_un()
    local.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(address.utf8)
    withUnsafeMutableBytes(of: &local.sun_path) { path in
      for (index, byte) in bytes.enumerated() { path[index] = index == 0 && byte == UInt8(ascii: "@") ? 0 : byte }
    }
    let length = MemoryLayout<sa_family_t>.size + bytes.count + (address.hasPrefix("@") ? 0 : 1)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(length)) }
    }
    guard socket >= 0, bound == 0 else { throw ReceiveError(what: "bind \(address)", code: errno) }
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(socket) }

  /// The next datagram and the descriptors it carried (at most four).
  func receive() throws -> (bytes: [UInt8], fds: [Int32]) {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    // A cmsghdr (16 bytes on 64-bit Linux) followed by up to four descriptors.
    var control = [UInt8](repeating: 0, count: 16 + 4 * 4)
    let received = buffer.withUnsafeMutableBytes { data in
      control.withUnsafeMutableBytes { control in
        var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
        return withUnsafeMutablePointer(to: &vector) { vector in
          var message = msghdr(
            msg_name: nil, msg_namelen: 0, msg_iov: vector, msg_iovlen: 1, msg_control: control.baseAddress,
            msg_controllen: control.count, msg_flags: 0)
          let count = recvmsg(socket, &message, 0)
          return (count, message.msg_controllen)
        }
      }
    }
    guard received.0 >= 0 else { throw ReceiveError(what: "recvmsg", code: errno) }
    var fds: [Int32] = []
    if received.1 >= 16 {
      let length = control.withUnsafeBytes { $0.load(as: Int.self) }
      let level = control.withUnsafeBytes { $0.load(fromByteOffset: 8, as: Int32.self) }
      let type = control.withUnsafeBytes { $0.load(fromByteOffset: 12, as: Int32.self) }
      if level == SOL_SOCKET, type == Int32(SCM_RIGHTS) {
        for index in 0..<(length - 16) / 4 {
          fds.append(control.withUnsafeBytes { $0.load(fromByteOffset: 16 + 4 * index, as: Int32.self) })
        }
      }
    }
    return (Array(buffer[..<received.0]), fds)
  }
}

/// A system call failed in the test's own plumbing.
struct ReceiveError: Error, CustomStringConvertible {
  let what: String
  let code: Int32
  var description: String { "\(what): \(String(cString: strerror(code)))" }
}

/// A fresh path for a socket in the temporary directory.
func temporarySocketPath(_ name: String) -> String {
  "/tmp/gatherd-systemd-\(getpid())-\(name)-\(UInt32.random(in: 0...UInt32.max)).sock"
}

/// The bytes of the file at `path`.
func contents(ofFile path: String) -> [UInt8] {
  let fd = Glibc.open(path, O_RDONLY)
  guard fd >= 0 else { return [] }
  defer { close(fd) }
  return contents(of: fd)
}

/// Everything left to read from `fd`, from its start.
func contents(of fd: Int32) -> [UInt8] {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  var offset: off_t = 0
  while true {
    let count = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
    if count <= 0 { return bytes }
    bytes += chunk[..<count]
    offset += off_t(count)
  }
}
