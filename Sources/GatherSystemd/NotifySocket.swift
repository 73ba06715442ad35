import CGatherShim
import Glibc

/// The service manager's notification socket, spoken to as sd_notify(3) documents: each notification is one
/// datagram of newline-separated `KEY=VALUE` assignments, and descriptors for the manager to keep travel with it.
///
/// ```swift
/// NotifySocket.fromEnvironment?.send("READY=1\nSTATUS=Waiting for players")
/// ```
struct NotifySocket: Sendable {
  /// Where the manager listens: a file path, or "@name" for a name in the abstract namespace.
  let address: String

  /// The socket `$NOTIFY_SOCKET` names; nil without a service manager, or with one reached other than through a
  /// Unix socket (a `vsock:` address, used in virtual machines).
  static var fromEnvironment: NotifySocket? {
    guard let variable = getenv("NOTIFY_SOCKET") else { return nil }
    let address = String(cString: variable)
    guard address.hasPrefix("/") || address.hasPrefix("@") else { return nil }
    return NotifySocket(address: address)
  }

  /// Sends `state` with `fds` attached; whether the manager's socket took it.
  @discardableResult
  func send(_ state: String, fds: [Int32] = []) -> Bool {
    let socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    let bytes = Array(state.utf8)
    return fds.withUnsafeBufferPointer { descriptors in
      gatherd_send_datagram(socket, address, bytes, bytes.count, descriptors.baseAddress, descriptors.count) >= 0
    }
  }
}
