import Glibc

/// Where gatherd keeps its socket and database when no flag or variable says otherwise, following the XDG
/// base directories for a user and the FHS for root.
public struct DefaultPaths: Sendable {
  /// The socket path.
  public var socket: String
  /// The database path.
  public var database: String

  /// The defaults for a process with this environment and effective user id.
  ///
  /// - root: `/run/gatherd/gatherd.sock` and `/var/lib/gatherd/gather.sqlite`;
  /// - a user: `$XDG_RUNTIME_DIR/gatherd/gatherd.sock` and `$XDG_STATE_HOME/gatherd/gather.sqlite`, where
  ///   `XDG_RUNTIME_DIR` defaults to `/run/user/UID` (as in every client) and `XDG_STATE_HOME` to
  ///   `~/.local/state`.
  public init(environment: [String: String], uid: uid_t) throws {
    if uid == 0 {
      socket = "/run/gatherd/gatherd.sock"
      database = "/var/lib/gatherd/gather.sqlite"
      return
    }
    socket = Self.userRuntimeDirectory(environment: environment, uid: uid) + "/gatherd/gatherd.sock"
    let state: String
    if let configured = environment["XDG_STATE_HOME"], configured.hasPrefix("/") {
      state = configured
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      state = home + "/.local/state"
    } else {
      throw DefaultPathsError("Neither XDG_STATE_HOME nor HOME is set; pass --database PATH or set GATHERD_DATABASE.")
    }
    database = state + "/gatherd/gather.sqlite"
  }

  /// `XDG_RUNTIME_DIR` when set and not empty, else `/run/user/UID`: the one rule gatherd, gatherctl and every
  /// client in clients/ follow (cron jobs and ssh sessions without logind have no `XDG_RUNTIME_DIR`).
  public static func userRuntimeDirectory(environment: [String: String], uid: uid_t) -> String {
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime }
    return "/run/user/\(uid)"
  }
}

/// The default paths cannot be worked out from the environment.
public struct DefaultPathsError: Error, CustomStringConvertible {
  /// What is missing, and what to do.
  public let description: String
  init(_ description: String) { self.description = description }
}
