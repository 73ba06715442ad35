import GatherDaemon
import Glibc

/// Where the daemon's database and socket are: the option, then its `GATHERD_*` variable, then the configuration
/// file, then systemd's directories, then the defaults. The daemon's ``Settings`` and the backup and restore
/// commands all find them here, so those commands work on the same files as the gatherd they sit beside.
enum DatabaseLocation {
  /// The database file.
  static func database(_ option: String?, _ sources: SettingSources) throws -> String {
    if let path = sources.value(option, "GATHERD_DATABASE") { return path.text }
    // systemd's StateDirectory=, possibly a list: the first entry is gatherd's own.
    if let state = sources.environment["STATE_DIRECTORY"], state.hasPrefix("/") {
      return String(state.split(separator: ":")[0]) + "/gather.sqlite"
    }
    return try DefaultPaths(environment: sources.environment, uid: geteuid()).database
  }

  /// The control socket a running gatherd answers on.
  static func socket(_ option: String?, _ sources: SettingSources) throws -> String {
    if let path = sources.value(option, "GATHERD_SOCKET") { return path.text }
    if let runtime = sources.environment["RUNTIME_DIRECTORY"], runtime.hasPrefix("/") {
      return String(runtime.split(separator: ":")[0]) + "/gatherd.sock"
    }
    return try DefaultPaths(environment: sources.environment, uid: geteuid()).socket
  }
}
