import Clocks
import Testing

@testable import GatherDaemon

/// The per-address table under the web listener's limits, on a test clock: an entry of its own for each address
/// until the table is full, then one shared entry, so that a client with many addresses costs bounded memory.
@Suite struct AddressTableTests {
  typealias Table = AddressTable<TestClock<Duration>.Instant, TestClock<Duration>>

  @Test func addressesHaveTheirOwnEntriesUntilTheTableIsFullThenShareOne() {
    var table = Table(clock: TestClock(), capacity: 3)
    for address in ["10.0.0.1", "10.0.0.2", "10.0.0.3"] {
      #expect(table.key(for: address) == address)
      table[address] = table.now
    }
    #expect(table.key(for: "10.0.0.4") == Table.overflowKey)
    table[Table.overflowKey] = table.now
    #expect(table.key(for: "10.0.0.2") == "10.0.0.2", "an address with an entry keeps it")
    // The shared entry takes a place: a freed one goes to the shared entry's addresses, not to a new own entry.
    table["10.0.0.2"] = nil
    #expect(table.key(for: "10.0.0.5") == Table.overflowKey)
  }

  @Test func aThousandAddressesCostCapacityPlusOneEntries() {
    var table = Table(clock: TestClock(), capacity: 8)
    for index in 0..<1000 {
      let key = table.key(for: "10.0.\(index / 256).\(index % 256)")
      table[key] = table.now
    }
    #expect(table.count == 9)
    #expect(table.entries.keys.filter { $0 != Table.overflowKey }.sorted() == (0..<8).map { "10.0.0.\($0)" }.sorted())
  }

  @Test func spentEntriesMakeRoomOnlyWhenTheTableIsFull() async {
    let clock = TestClock()
    var table = Table(clock: clock, capacity: 2)
    let spent = { (entry: TestClock<Duration>.Instant) in entry.duration(to: clock.now) >= .seconds(60) }
    #expect(table.key(for: "a", droppingSpent: spent) == "a")
    table["a"] = table.now
    await clock.advance(by: .seconds(60))
    #expect(table.key(for: "b", droppingSpent: spent) == "b")
    table["b"] = table.now
    #expect(table.count == 2, "with room, nothing is dropped")
    #expect(table.key(for: "c", droppingSpent: spent) == "c", "full: the spent entry of a made room")
    #expect(table["a"] == nil && table["b"] != nil)
    table["c"] = table.now
    #expect(table.key(for: "d", droppingSpent: spent) == Table.overflowKey, "nothing spent: d shares")
  }
}
