import CGatherShim
import FoundationEssentials
import Glibc

/// Who may call what: the one place gatherd decides access. Who a peer is, here: on the Unix socket, root, the
/// daemon's own user and the members of one group are controllers. What each method lets whom do is in
/// AccessPolicy+Methods.swift, from the access its definition declares; what a token or a link's code opens is in
/// AccessPolicy+Tokens.swift.
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

  /// Why a peer that is not a controller may only watch, and who may change the match.
  func whoMayControl(uid: UInt32) -> String {
    let group = controlGroup.flatMap { getgrgid($0) }.map { String(cString: $0.pointee.gr_name) }
    let members = group.map { ", or a member of the group \"\($0)\"" } ?? ""
    let daemonUser = daemonUID == 0 ? "" : ", the user gatherd runs as (uid \(daemonUID))"
    return "uid \(uid) may only watch it: changes need root\(daemonUser)\(members)."
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
  public var description: String { "there is no group named \"\(groupName)\"; create it (groupadd) or name another." }
}
