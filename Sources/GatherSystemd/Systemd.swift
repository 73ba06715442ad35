import FoundationEssentials
import Glibc

/// What gatherd speaks with systemd, in one place: inherited sockets, notifications to the service manager, the
/// watchdog, and whether stderr goes to the journal. These are protocols systemd documents as stable
/// (sd_listen_fds(3), sd_notify(3), the native journal protocol), spoken here without libsystemd, which on Debian 12
/// would load six compression and cryptography libraries with it.
public enum Systemd {
  /// Sends a notification such as `READY=1` or `STATUS=…` to the service manager; does nothing when gatherd
  /// does not run under one (no `NOTIFY_SOCKET`).
  public static func notify(_ state: String) {
    NotifySocket.fromEnvironment?.send(state)
  }

  /// Whether a service manager listens for notifications on a socket gatherd can reach.
  public static var isNotifying: Bool { NotifySocket.fromEnvironment != nil }

  /// The watchdog timeout the service manager expects pings within, if it watches gatherd.
  /// `WATCHDOG_PID` may name gatherd or, when a wrapper started it without `exec`, its parent: the wrapper is
  /// then the unit's main process and gatherd sends `MAINPID=` (`NotifyAccess=all`).
  public static func watchdogTimeout() -> Duration? {
    let environment = ProcessInfo.processInfo.environment
    guard let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0 else { return nil }
    if let pid = environment["WATCHDOG_PID"].flatMap({ Int32($0) }), pid != getpid(), pid != getppid() { return nil }
    return .microseconds(microseconds)
  }

  /// Whether records should go to the journal with their fields: stderr is the journal stream, or gatherd was
  /// started by systemd (`INVOCATION_ID`) and journald's socket is reachable.
  public static var logsToJournal: Bool {
    stderrIsJournal
      || (ProcessInfo.processInfo.environment["INVOCATION_ID"] != nil
        && access("/run/systemd/journal/socket", W_OK) == 0)
  }

  /// Whether stderr is connected to the journal (`JOURNAL_STREAM` names it), so records should go there
  /// with their fields rather than as plain lines.
  public static var stderrIsJournal: Bool {
    guard let stream = ProcessInfo.processInfo.environment["JOURNAL_STREAM"] else { return false }
    let parts = stream.split(separator: ":")
    var info = stat()
    guard parts.count == 2, fstat(STDERR_FILENO, &info) == 0 else { return false }
    return UInt64(parts[0]) == UInt64(info.st_dev) && UInt64(parts[1]) == UInt64(info.st_ino)
  }
}

/// What the service manager passed cannot be used.
public struct SystemdError: Error, CustomStringConvertible {
  /// What went wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
