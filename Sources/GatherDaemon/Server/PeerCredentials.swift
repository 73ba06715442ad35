import CGatherShim
import FoundationEssentials
import Glibc
import NIOCore

/// Who is at the other end of a connection, as the kernel reports it (SO_PEERCRED).
public struct PeerCredentials: Sendable, Hashable, CustomStringConvertible {
  /// The peer's process id.
  public var pid: Int32
  /// The peer's user id.
  public var uid: UInt32
  /// The peer's group id.
  public var gid: UInt32

  /// "pid 123, uid 1000, gid 1000".
  public var description: String { "pid \(pid), uid \(uid), gid \(gid)" }

  /// Reads the credentials of a connected Unix socket channel.
  static func of(_ channel: any Channel) -> EventLoopFuture<PeerCredentials> {
    guard let provider = channel as? any SocketOptionProvider else {
      return channel.eventLoop.makeFailedFuture(PeerCredentialsError())
    }
    return provider.unsafeGetSocketOption(level: .init(SOL_SOCKET), name: .init(gatherd_so_peercred()))
      .map { (value: gatherd_peer_credentials) in PeerCredentials(pid: value.pid, uid: value.uid, gid: value.gid) }
  }
}

/// The peer's credentials could not be read.
struct PeerCredentialsError: Error, CustomStringConvertible {
  var description: String { "The peer's credentials (SO_PEERCRED) could not be read." }
}
