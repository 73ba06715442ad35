import CGatherShim
import Foundation
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

/// Who may change the match: root, the daemon's own user, and the members of one group.
public struct AccessPolicy: Sendable {
  /// The group whose members may control the daemon, if any.
  public let controlGroup: gid_t?
  let daemonUID = getuid()

  /// A policy with an optional control group, by name; throws if no such group exists.
  public init(controlGroupName: String?) throws {
    guard let name = controlGroupName else {
      controlGroup = nil
      return
    }
    guard let group = getgrnam(name) else { throw AccessPolicyError(groupName: name) }
    controlGroup = group.pointee.gr_gid
  }

  /// Whether this peer may call methods that change the match.
  func isController(_ peer: PeerCredentials) -> Bool {
    if peer.uid == 0 || peer.uid == daemonUID { return true }
    guard let controlGroup else { return false }
    return gatherd_user_in_group(peer.uid, peer.gid, controlGroup) != 0
  }
}

/// The control group named on the command line does not exist.
public struct AccessPolicyError: Error, CustomStringConvertible {
  let groupName: String
  /// What went wrong.
  public var description: String { "There is no group named \"\(groupName)\" for --control-group." }
}
