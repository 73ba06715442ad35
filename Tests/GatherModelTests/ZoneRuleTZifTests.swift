import Foundation
import GatherModel
import Testing

/// Zones read from the time zone database's TZif files: the offset in force on each side of a clock change, and
/// what is not a TZif file.
@Suite struct ZoneRuleTZifTests {
  func zone(_ name: String) throws -> ZoneRule {
    try #require(ZoneRule.tzif(Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/\(name)")))))
  }

  @Test func theOffsetChangesAtTheZonesClockChanges() throws {
    let berlin = try zone("Europe/Berlin")
    // Berlin springs forward at 01:00 UTC on 28 March 2027 and falls back at 01:00 UTC on 31 October.
    #expect(berlin.offset(1_806_195_599) == 3600 && berlin.offset(1_806_195_600) == 7200)
    #expect(berlin.offset(1_824_944_399) == 7200 && berlin.offset(1_824_944_400) == 3600)
    let sydney = try zone("Australia/Sydney")
    #expect(sydney.offset(1_799_020_800) == 11 * 3600 && sydney.offset(1_814_400_000) == 10 * 3600)
    let saoPaulo = try zone("America/Sao_Paulo")
    #expect(saoPaulo.offset(1_799_020_800) == -3 * 3600 && saoPaulo.offset(1_814_400_000) == -3 * 3600)
    let newYork = try zone("America/New_York")
    #expect(newYork.offset(1_799_020_800) == -5 * 3600 && newYork.offset(1_814_400_000) == -4 * 3600)
  }

  @Test func theClockChangesOfAYearAreFoundToTheSecond() throws {
    let changes = try zone("Europe/Berlin").transitions(from: 1_798_761_600, to: 1_830_297_600)  // 2027
    #expect(
      changes.map { [$0.at, Int64($0.from), Int64($0.to)] } == [
        [1_806_195_600, 3600, 7200], [1_824_944_400, 7200, 3600],
      ])
    #expect(try zone("America/Sao_Paulo").transitions(from: 1_798_761_600, to: 1_830_297_600).isEmpty)
  }

  @Test func whatIsNotATZifFileIsNone() {
    #expect(ZoneRule.tzif([]) == nil)
    #expect(ZoneRule.tzif(Array("CET-1CEST,M3.5.0,M10.5.0/3".utf8)) == nil)
    // A version 1 header with no data after it.
    #expect(ZoneRule.tzif(Array("TZif".utf8) + [UInt8](repeating: 0, count: 40)) == nil)
  }
}
