import GatherStore
import Testing

@testable import GatherDaemon

/// The journal hears of a storage outage once when it starts and once when it ends.
@Suite struct StorageHealthTests {
  let full = StorageUnavailable.diskFull(path: "/var/lib/gatherd/gather.sqlite")

  @Test func manyFailuresMakeOneErrorAndTheNextSuccessOneNotice() {
    var health = StorageHealth()
    #expect(health.writeSucceeded() == nil)
    let first = health.writeFailed(full)
    #expect(first == .unavailable(full))
    #expect(first?.level == .error)
    #expect(first?.message.contains("/var/lib/gatherd/gather.sqlite") == true)
    #expect(first?.message.contains("the disk is full") == true)
    for _ in 0..<5 { #expect(health.writeFailed(full) == nil) }
    #expect(health.writeFailed(.ioError(path: full.path)) == nil)
    #expect(health.outage == full)
    let back = health.writeSucceeded()
    #expect(back == .writableAgain(after: full))
    #expect(back?.level == .notice)
    #expect(back?.message.hasPrefix("Storage is writable again") == true)
    #expect(health.outage == nil)
    #expect(health.writeSucceeded() == nil)
  }

  @Test func aSecondOutageIsReportedAgain() {
    var health = StorageHealth()
    _ = health.writeFailed(full)
    _ = health.writeSucceeded()
    let readOnly = StorageUnavailable.readOnly(path: full.path)
    #expect(health.writeFailed(readOnly) == .unavailable(readOnly))
    #expect(health.writeFailed(readOnly) == nil)
  }
}
