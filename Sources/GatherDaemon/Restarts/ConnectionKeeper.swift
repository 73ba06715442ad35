import CGatherShim
import CoreMetrics
import Glibc
import Logging
import NIOCore
import Synchronization

/// Keeps client connections open across restarts and crashes in the service manager's file descriptor store
/// (`FDSTORE=1`), with a record of their subscriptions that is current at every instant.
///
/// Each accepted connection is stored under its own name when it opens, and taken out when it ends. Whenever
/// a connection's subscriptions change, a new record is written to a memory file, stored, and the previous
/// one taken out: a crash at any instant leaves one whole record in the store. Once shutdown begins the
/// store is left as it is, so that the next gatherd finds every connection that was open.
///
/// The record also holds the seq lease (see ``SubscriptionRecord``), extended in the session's turns, which
/// run on the session's loop or, for a tick, on the connections' loop (once per million events).
/// Naming is thread-safe (acceptor threads); the record is behind a lock, since the connections' loop and
/// the session's loop both change it.
public final class ConnectionKeeper: Sendable {
  /// The service manager's store.
  public struct Store: Sendable {
    /// Stores a copy of a descriptor under a name; false if the manager did not take it.
    public var store: @Sendable (_ fd: Int32, _ name: String) -> Bool
    /// Closes the manager's copies stored under a name.
    public var remove: @Sendable (_ name: String) -> Void

    /// A store made of the two notifications.
    public init(
      store: @escaping @Sendable (_ fd: Int32, _ name: String) -> Bool,
      remove: @escaping @Sendable (_ name: String) -> Void
    ) {
      self.store = store
      self.remove = remove
    }
  }

  private let store: Store
  private let logger: Logger
  private let lastNumber: Atomic<Int>
  /// How many connections are in the store now, and how many may be: systemd refuses descriptors past
  /// `FileDescriptorStoreMax=` without a word, so two places stay free for the record.
  private let keptCount: Atomic<Int>
  /// `gatherd_fdstore_connections`, moved in step with `keptCount` once a change is certain.
  private let keptMeter = Meter(label: MetricFamily.keptConnections.name)
  private let capacity: Int
  private let state: Mutex<State>

  private struct State {
    var record: SubscriptionRecord
    var generation: Int
    var staleRecords: [String]
    var frozen = false
    var recordFailed = false
  }

  /// A keeper that goes on from what the previous gatherd left in the store.
  public init(store: Store, resuming stored: StoredDescriptors, capacity: Int = .max, logger: Logger) {
    self.store = store
    self.logger = logger
    self.capacity = capacity == .max ? .max : max(capacity - 2, 0)
    keptCount = Atomic(stored.connections.count)
    lastNumber = Atomic(stored.largestConnectionNumber)
    state = Mutex(
      State(record: stored.record, generation: stored.recordGeneration, staleRecords: stored.staleRecordNames))
    keptMeter.set(stored.connections.count)
  }

  /// The subscriptions the previous gatherd recorded for a kept connection.
  func recordedSubscriptions(of name: String) -> [Int64: Set<Topic>] {
    state.withLock { $0.record.connections[name] ?? [:] }
  }

  /// Records that events may be numbered up to `ceiling`; returns once the record is in the store.
  public func leaseSeqs(through ceiling: Int64) {
    state.withLock { state in
      state.record.seqCeiling = ceiling
      save(&state)
    }
  }

  /// Stores a newly accepted connection; returns its name, or nil if the store did not take it (the
  /// connection is served all the same, but will not outlive this process).
  func keep(_ fd: Int32, readOnly: Bool) -> String? {
    guard keptCount.wrappingAdd(1, ordering: .relaxed).newValue <= capacity else {
      keptCount.wrappingSubtract(1, ordering: .relaxed)
      logger.debug("The service manager's store is full; this connection will not survive a restart.")
      return nil
    }
    let name = StoredDescriptors.connectionName(
      readOnly: readOnly, number: lastNumber.wrappingAdd(1, ordering: .relaxed).newValue)
    guard store.store(fd, name) else {
      keptCount.wrappingSubtract(1, ordering: .relaxed)
      logger.debug("The service manager did not keep connection \(name); it will not survive a restart.")
      return nil
    }
    keptMeter.increment()
    return name
  }

  /// Records that a kept connection's subscriptions are now `subscriptions`.
  func subscriptionsChanged(of name: String, to subscriptions: [Int64: Set<Topic>]) {
    state.withLock { state in
      guard !state.frozen, state.record.connections[name] ?? [:] != subscriptions else { return }
      state.record.set(subscriptions, of: name)
      save(&state)
    }
  }

  /// A kept connection ended: the store lets it go, and the record forgets it. After shutdown has begun,
  /// nothing changes: the next gatherd takes the connection back.
  func connectionClosed(_ name: String) {
    guard !state.withLock({ $0.frozen }) else { return }
    keptCount.wrappingSubtract(1, ordering: .relaxed)
    keptMeter.decrement()
    store.remove(name)
    subscriptionsChanged(of: name, to: [:])
  }

  /// Connections taken back at start-up that did not come back to life are forgotten, and the record is
  /// rewritten for this process (older records go).
  public func resumed(keeping names: Set<String>) {
    state.withLock { state in
      for name in state.record.connections.keys where !names.contains(name) { state.record.set([:], of: name) }
      save(&state)
    }
  }

  /// Shutdown has begun: the store and the record stay as they are for the next gatherd.
  func freeze() { state.withLock { $0.frozen = true } }

  /// Writes the record to a new memory file, stores it, then takes the older ones out.
  private func save(_ state: inout State) {
    let fd = gatherd_memfd_create("gatherd-subscriptions")
    guard fd >= 0 else { return recordFailure("memfd_create: \(String(cString: strerror(errno)))", &state) }
    defer { close(fd) }
    let bytes = state.record.encoded
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == bytes.count else {
      return recordFailure("write: \(String(cString: strerror(errno)))", &state)
    }
    let name = "state-\(state.generation + 1)"
    guard store.store(fd, name) else { return recordFailure("the service manager did not take \(name)", &state) }
    state.generation += 1
    if state.recordFailed {
      state.recordFailed = false
      logger.notice("The subscription record is kept in the service manager's store again.")
    }
    for stale in state.staleRecords { store.remove(stale) }
    state.staleRecords = [name]
  }

  private func recordFailure(_ reason: String, _ state: inout State) {
    guard !state.recordFailed else { return }
    state.recordFailed = true
    logger.error(
      "Could not keep the subscription record (\(reason)); after a restart, kept connections may lose their subscriptions."
    )
  }
}
