import CGatherShim
import Glibc
import Synchronization

/// journald's native socket, opened at the first record and kept for the life of the process (a failed opening is
/// tried again at the next record): records go there as
/// ``JournalEntry`` datagrams, and one too large for a datagram goes in a sealed memory file whose descriptor is
/// sent instead, as journald accepts.
final class JournalSocket: Sendable {
  /// The system journal's socket.
  static let system = JournalSocket(path: "/run/systemd/journal/socket")

  /// Where journald listens.
  let path: String
  /// The open socket, or -1 before the first record.
  private let descriptor = Atomic<Int32>(-1)

  /// A socket that sends to journald at `path`.
  init(path: String) { self.path = path }

  deinit {
    let socket = descriptor.load(ordering: .acquiring)
    if socket >= 0 { close(socket) }
  }

  /// The socket, opened now if it is not yet; nil when it cannot be.
  private func open() -> Int32? {
    let socket = descriptor.load(ordering: .acquiring)
    if socket >= 0 { return socket }
    let opened = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard opened >= 0 else { return nil }
    let (exchanged, existing) = descriptor.compareExchange(
      expected: -1, desired: opened, ordering: .acquiringAndReleasing)
    if exchanged { return opened }
    // Another thread opened one first: use that one.
    close(opened)
    return existing
  }

  /// Sends one record's datagram; whether journald's socket took it.
  @discardableResult
  func send(_ datagram: [UInt8]) -> Bool {
    guard let socket = open() else { return false }
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
