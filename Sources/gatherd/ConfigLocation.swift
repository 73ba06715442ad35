import Glibc

/// Which configuration file gatherd reads: the one `--config` or `GATHERD_CONFIG` names, which must be
/// readable, else the default for this process, read only if it exists:
///
/// - under systemd with `ConfigurationDirectory=` (gatherd.service: `/etc/gatherd`), `gatherd.conf` there;
/// - as root, `/etc/gatherd/gatherd.conf`;
/// - as a user, `$XDG_CONFIG_HOME/gatherd/gatherd.conf` (`~/.config/gatherd/gatherd.conf`).
struct ConfigLocation: Equatable {
  /// The file's path.
  let path: String
  /// Whether a missing file is an error (one named by `--config` or `GATHERD_CONFIG`).
  let required: Bool
  /// How a message names it: `--config PATH`, `GATHERD_CONFIG=PATH`, or a default file's path.
  let source: String

  /// The file for this process; nil when there is no default (a user without HOME or XDG_CONFIG_HOME).
  init?(option: String?, environment: [String: String], uid: uid_t) {
    if let option {
      (path, required, source) = (option, true, SettingValue(option, from: .option("--config")).source)
      return
    }
    if let named = environment["GATHERD_CONFIG"], !named.isEmpty {
      (path, required, source) = (named, true, SettingValue(named, from: .variable("GATHERD_CONFIG")).source)
      return
    }
    if let directory = environment["CONFIGURATION_DIRECTORY"], directory.hasPrefix("/") {
      // systemd's ConfigurationDirectory=, possibly a list: the first entry is gatherd's own.
      (path, required) = (String(directory.split(separator: ":")[0]) + "/gatherd.conf", false)
    } else if uid == 0 {
      (path, required) = ("/etc/gatherd/gatherd.conf", false)
    } else if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      (path, required) = (config + "/gatherd/gatherd.conf", false)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      (path, required) = (home + "/.config/gatherd/gatherd.conf", false)
    } else {
      return nil
    }
    source = SettingValue.shown(path)
  }
}
