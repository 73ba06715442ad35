import GatherDaemon
import Glibc

/// Where the daemon's database and socket are, found as the daemon finds them (``Settings``): the option, then
/// its `GATHERD_*` variable, then the configuration file, then systemd's directories, then the defaults. The
/// backup and restore commands work on the same files as the gatherd they sit beside.
struct DatabaseLocation {
  /// The database file.
  let database: String
  /// The control socket a running gatherd answers on.
  let socket: String

  init(database option: String?, socket socketOption: String?, _ sources: SettingSources) throws {
    let environment = sources.environment
    if let path = sources.value(option, "GATHERD_DATABASE") {
      database = path
    } else if let state = environment["STATE_DIRECTORY"], state.hasPrefix("/") {
      database = String(state.split(separator: ":")[0]) + "/gather.sqlite"
    } else {
      database = try DefaultPaths(environment: environment, uid: geteuid()).database
    }
    if let path = sources.value(socketOption, "GATHERD_SOCKET") {
      socket = path
    } else if let runtime = environment["RUNTIME_DIRECTORY"], runtime.hasPrefix("/") {
      socket = String(runtime.split(separator: ":")[0]) + "/gatherd.sock"
    } else {
      socket = try DefaultPaths(environment: environment, uid: geteuid()).socket
    }
  }
}
