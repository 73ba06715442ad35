import FoundationEssentials

extension Systemd {
  /// How many descriptors the service manager keeps for gatherd across restarts: `$FDSTORE` (set by
  /// systemd 254 and later from `FileDescriptorStoreMax=`, and by gatherd's units for older ones), or 0 when
  /// there is no service manager to keep them.
  public static var fileDescriptorStoreCapacity: Int {
    guard isNotifying, let text = ProcessInfo.processInfo.environment["FDSTORE"], let capacity = Int(text) else {
      return 0
    }
    return max(capacity, 0)
  }

  /// Hands a copy of `fd` to the service manager's store under `name`: it stays open while gatherd restarts,
  /// and comes back in `LISTEN_FDS` with that name. False if the manager did not take it.
  @discardableResult
  public static func storeFileDescriptor(_ fd: Int32, name: String) -> Bool {
    NotifySocket.fromEnvironment?.send("FDSTORE=1\nFDNAME=\(name)", fds: [fd]) ?? false
  }

  /// Closes the service manager's copies of the descriptors stored under `name`.
  public static func removeStoredFileDescriptors(name: String) {
    NotifySocket.fromEnvironment?.send("FDSTOREREMOVE=1\nFDNAME=\(name)")
  }
}
