import Glibc
import Logging
import Synchronization
import Testing

@testable import GatherDaemon

/// What gatherd tells the service manager's store as connections come, subscribe and go, and at shutdown.
@Suite struct ConnectionKeeperTests {
  /// A store that remembers every notification, and reads each stored record as it arrives.
  final class FakeStore: Sendable {
    enum Call: Equatable {
      case store(String)
      case remove(String)
    }
    let calls = Mutex<[Call]>([])
    let records = Mutex<[String: SubscriptionRecord]>([:])
    let refuses: Bool

    init(refuses: Bool = false) { self.refuses = refuses }

    var store: ConnectionKeeper.Store {
      .init(
        store: { fd, name in
          guard !self.refuses else { return false }
          self.calls.withLock { $0.append(.store(name)) }
          if name.hasPrefix("state-") {
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = pread(fd, &bytes, bytes.count, 0)
            self.records.withLock { $0[name] = SubscriptionRecord(decoding: bytes[..<max(count, 0)]) }
          }
          return true
        },
        remove: { name in self.calls.withLock { $0.append(.remove(name)) } })
    }

    func takeCalls() -> [Call] {
      calls.withLock { calls in
        defer { calls = [] }
        return calls
      }
    }
  }

  func keeper(_ fake: FakeStore, resuming stored: StoredDescriptors = StoredDescriptors()) -> ConnectionKeeper {
    ConnectionKeeper(store: fake.store, resuming: stored, logger: Logger(label: "test"))
  }

  @Test func eachConnectionIsStoredUnderANewNameAndLetGoWhenItEnds() {
    let fake = FakeStore()
    var stored = StoredDescriptors()
    stored.largestConnectionNumber = 41
    let keeper = keeper(fake, resuming: stored)
    #expect(keeper.keep(7, readOnly: false) == "conn-rw-42")
    #expect(keeper.keep(8, readOnly: true) == "conn-ro-43")
    #expect(fake.takeCalls() == [.store("conn-rw-42"), .store("conn-ro-43")])
    keeper.connectionClosed("conn-rw-42")
    #expect(fake.takeCalls() == [.remove("conn-rw-42")])
  }

  @Test func aNewRecordIsStoredBeforeTheOldOneGoes() {
    let fake = FakeStore()
    var stored = StoredDescriptors()
    stored.recordGeneration = 4
    stored.staleRecordNames = ["state-3", "state-4"]
    let keeper = keeper(fake, resuming: stored)
    keeper.subscriptionsChanged(of: "conn-rw-1", to: [1: [.tick, .score]])
    #expect(fake.takeCalls() == [.store("state-5"), .remove("state-3"), .remove("state-4")])
    #expect(fake.records.withLock { $0["state-5"]?.connections } == ["conn-rw-1": [1: [.tick, .score]]])
    // Nothing changed: nothing written.
    keeper.subscriptionsChanged(of: "conn-rw-1", to: [1: [.tick, .score]])
    #expect(fake.takeCalls() == [])
    keeper.connectionClosed("conn-rw-1")
    #expect(fake.takeCalls() == [.remove("conn-rw-1"), .store("state-6"), .remove("state-5")])
    #expect(fake.records.withLock { $0["state-6"]?.connections } == [:])
  }

  @Test func theSeqLeaseIsRecordedWithTheSubscriptions() {
    let fake = FakeStore()
    let keeper = keeper(fake)
    keeper.subscriptionsChanged(of: "conn-rw-1", to: [2: [.tick]])
    keeper.leaseSeqs(through: 3_000_000)
    let record = fake.records.withLock { $0["state-2"] }
    #expect(record?.seqCeiling == 3_000_000)
    #expect(record?.connections == ["conn-rw-1": [2: [.tick]]])
  }

  @Test func afterShutdownBeginsTheStoreIsLeftForTheNextGatherd() {
    let fake = FakeStore()
    let keeper = keeper(fake)
    keeper.subscriptionsChanged(of: "conn-rw-1", to: [2: [.tick]])
    _ = fake.takeCalls()
    keeper.freeze()
    keeper.connectionClosed("conn-rw-1")
    keeper.subscriptionsChanged(of: "conn-rw-2", to: [3: [.score]])
    #expect(fake.takeCalls() == [])
  }

  @Test func connectionsThatDidNotComeBackAreForgotten() {
    let fake = FakeStore()
    var stored = StoredDescriptors()
    var record = SubscriptionRecord()
    record.set([1: [.tick]], of: "conn-rw-1")
    record.set([2: [.score]], of: "conn-rw-2")
    stored.record = record
    stored.recordGeneration = 9
    stored.staleRecordNames = ["state-9"]
    let keeper = keeper(fake, resuming: stored)
    #expect(keeper.recordedSubscriptions(of: "conn-rw-2") == [2: [.score]])
    keeper.resumed(keeping: ["conn-rw-2"])
    #expect(fake.takeCalls() == [.store("state-10"), .remove("state-9")])
    #expect(fake.records.withLock { $0["state-10"]?.connections } == ["conn-rw-2": [2: [.score]]])
  }

  @Test func aConnectionTheStoreRefusesIsServedButNotKept() {
    let keeper = keeper(FakeStore(refuses: true))
    #expect(keeper.keep(7, readOnly: false) == nil)
  }
}
