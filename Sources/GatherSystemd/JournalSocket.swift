import CGatherShim
import Glibc

/// journald's native socket, opened once and kept for the life of the process: records go there as
/// ``JournalEntry`` datagrams, and one too large for a datagram goes in a sealed memory file whose descriptor is
/// sent instead, as journald accepts.
final class JournalSocket: Sendable {
  /// The system journal's socket.
  static let system = JournalSocket(path: "/run/systemd/journal/socket")

  /// Where journald listens.
  let path: String
  private let socket: Int32

  /// A socket that sends to journald at `path`.
  init(path: String) {
    self.path = path
    socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  }

  deinit { if socket >= 0 { close(socket) } }

  /// Sends one record's datagram; whether journald's socket took it.
  @discardableResult
  func send(_ datagram: [UInt8]) -> Bool {
    guard socket >= 0 else { return false }
    if gatherd_send_datagram(socket, path, datagram, datagram.count, nil, 0) >= 0 { return true }
    guard errno == EMSGSIZE || errno == ENOBUFS else { return false }
    let memory = gatherd_sealed_memfd("journal-entry", datagram, datagram.count)
    guard memory >= 0 else { return false }
    defer { close(memory) }
    return [memory].withUnsafeBufferPointer { descriptor in
      gatherd_send_datagram(socket, path, nil, 0, descriptor.baseAddress, 1) >= 0
    }
  }
}
