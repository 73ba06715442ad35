/// libFuzzer target for the model (Sources/GatherModel): the input is read as a program of commands on a
/// ``FootballGather`` (roster, gather, lineup, score, match clock) with a monotonic time that the input moves
/// on. Built by Tests/fuzz/build.sh with every GatherModel source; no store. Not part of the Swift package.
///
/// Checked after every command: at most one gather (starting a second one is refused); scores 0 to 99; the
/// score is the last log entry's and every goal adds one to its side; the clock is never negative and keeps
/// its ranges; announcing the same moment twice announces nothing new; a saved clock comes back in its state;
/// the lineup keeps both sides staffed, nobody twice, everyone on the roster; a refused command changes nothing.

import struct FoundationEssentials.Date

/// Reads the fuzz input as small numbers; past its end, every read gives 0.
struct FuzzReader {
  private let bytes: [UInt8]
  private var index = 0

  /// A reader over the input.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether bytes remain.
  var hasMore: Bool { index < bytes.count }

  /// The next byte.
  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A number from `range`, from the next byte.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(byte()) % (range.upperBound - range.lowerBound + 1)
  }

  /// A number from 0 to 65535, from the next two bytes.
  mutating func wide() -> Int { Int(byte()) << 8 | Int(byte()) }

  /// A short name, from letters, white space and one non-ASCII letter.
  mutating func name() -> String {
    let letters: [Character] = ["a", "B", " ", "\t", "é", "⚽", "z"]
    return String((0..<int(0...6)).map { _ in letters[int(0...letters.count - 1)] })
  }
}

/// Stops the process with a message that libFuzzer reports as a crash, with the input that caused it.
func modelFailure(_ message: String) -> Never { fatalError("model invariant broken: \(message)") }

/// The state a refused command must leave as it was.
struct ModelState: Equatable {
  /// The roster.
  let roster: [Player.ID: Player]
  /// The active gather.
  let active: ActiveGather?

  /// The state of `gather`.
  init(_ gather: FootballGather) {
    roster = gather.roster
    active = gather.active
  }
}

/// Runs one command program and checks the invariants.
struct ModelDriver {
  var gather = FootballGather()
  var reader: FuzzReader
  var now = Duration.zero
  var nextPlayerID: Player.ID = 1
  var nextGatherID: Int64 = 1
  let wallStart = Date(timeIntervalSince1970: 1_700_000_000)

  /// A driver for one input.
  init(_ bytes: [UInt8]) { reader = FuzzReader(bytes) }

  var wallNow: Date { wallStart.addingTimeInterval(now.inSeconds) }

  /// A player id: mostly one of the roster, sometimes one that never existed.
  mutating func someID() -> Player.ID { Player.ID(reader.int(0...Int(nextPlayerID))) }

  /// Runs commands until the input ends.
  mutating func run() {
    var steps = 0
    while reader.hasMore && steps < 400 {
      steps += 1
      let before = ModelState(gather)
      do {
        try step(reader.int(0...23), before: before)
      } catch {
        if ModelState(gather) != before { modelFailure("a refused command changed the state: \(error)") }
      }
      check()
    }
  }

  /// One command.
  mutating func step(_ command: Int, before: ModelState) throws {
    switch command {
    case 0:
      let details = try PlayerDetails(
        name: reader.name(), age: reader.int(0...3) == 0 ? nil : reader.int(-1...125),
        position: Position.allCases.randomElementByte(&reader), favouriteTeam: reader.name())
      gather.save(Player(id: nextPlayerID, details: details))
      nextPlayerID += 1
    case 1:
      let changes = PlayerChanges(
        name: reader.int(0...1) == 0 ? nil : reader.name(),
        age: reader.int(0...2) == 0 ? nil : .some(reader.int(0...1) == 0 ? nil : reader.int(-1...125)),
        favouriteTeam: reader.int(0...1) == 0 ? nil : .some(reader.name()))
      let player = try gather.updating(someID(), with: changes)
      gather.save(player)
    case 2:
      let id = someID()
      try gather.checkDeletable(id)
      gather.remove(id)
    case 3:
      let wasActive = gather.active != nil
      defer { if wasActive, gather.active != before.active { modelFailure("a second gather replaced the first") } }
      var teams: [[Player.ID]] = [[], [], []]
      for _ in 0..<reader.int(0...7) { teams[reader.int(0...2)].append(someID()) }
      let lineup = try gather.lineupForNewGather(teamA: teams[0], teamB: teams[1], bench: teams[2])
      let clock = try MatchClock(
        periods: reader.int(0...5), seconds: reader.int(0...3) == 0 ? 6000 : reader.int(1...200),
        breakSeconds: reader.int(0...3) == 0 ? 0 : reader.int(0...40))
      try gather.begin(ActiveGather(id: nextGatherID, startedAt: wallNow, lineup: lineup, clock: clock))
      nextGatherID += 1
      if wasActive { modelFailure("a second gather began while one was active") }
    case 4:
      let wasActive = gather.active != nil
      guard let first = gather.players.first, let last = gather.players.last, first.id != last.id else { return }
      let lineup = try Lineup(teamA: [first.id], teamB: [last.id])
      try gather.begin(ActiveGather(id: nextGatherID, startedAt: wallNow, lineup: lineup, clock: MatchClock()))
      if wasActive { modelFailure("begin accepted a second gather") }
      nextGatherID += 1
    case 5:
      let player = try gather.player(someID())
      let team = Team.allCases[reader.int(0...2)]
      try gather.changeActive { try $0.assign(player, to: team) }
    case 6:
      let team = Team.allCases[reader.int(0...2)]
      let scorer: Player? =
        switch reader.int(0...2) {
        case 0: nil
        case 1: gather.roster[someID()]
        default: Player(id: 9999, details: try PlayerDetails(name: "Ghost"))
        }
      let scoreBefore = gather.active?.score
      let at = now
      let wall = wallNow
      let event = try gather.changeActive { try $0.scoreGoal(for: team, by: scorer, at: at, wallNow: wall) }
      guard let scoreBefore, event.score[team] == scoreBefore[team] + 1 else { modelFailure("a goal added not one") }
    case 7:
      let score = try Score(teamA: reader.int(-2...102), teamB: reader.int(-2...102))
      let at = now
      let wall = wallNow
      _ = try gather.changeActive { $0.correctScore(to: score, at: at, wallNow: wall) }
    case 8:
      let count = gather.active?.log.count ?? 0
      _ = try gather.changeActive { try $0.undoLastGoal() }
      if gather.active?.log.count != count - 1 { modelFailure("undo did not remove one entry") }
    case 9: try clock { clock, now, reader in try clock.start(at: now) }
    case 10: try clock { clock, now, reader in try clock.pause(at: now) }
    case 11: try clock { clock, now, reader in try clock.resume(at: now) }
    case 12: try clock { clock, now, reader in try clock.toggle(at: now) }
    case 13: try clock { clock, now, reader in clock.reset(at: now) }
    case 14:
      try clock { clock, now, reader in
        try clock.set(seconds: reader.int(0...3) == 0 ? 6000 : reader.int(0...120), at: now)
      }
    case 15:
      try clock { clock, now, reader in
        try clock.format(
          periods: reader.int(0...1) == 0 ? nil : reader.int(0...5),
          seconds: reader.int(0...1) == 0 ? nil : reader.int(0...120),
          breakSeconds: reader.int(0...1) == 0 ? nil : reader.int(0...4) == 0 ? 1801 : reader.int(0...30), at: now)
      }
    case 16:
      try clock { clock, now, reader in
        try clock.addTime(seconds: reader.int(0...4) == 0 ? 901 : reader.int(0...30), at: now)
      }
    case 17: try clock { clock, now, reader in clock.advance(to: now) }
    case 18:
      guard let active = gather.active else { return }
      let record = active.result(endedAt: wallNow) { gather.name(of: $0) }
      let members = record.members.map(\.playerID)
      if record.score != active.score || record.log != active.log || members != active.lineup.players {
        modelFailure("the history record differs from the gather")
      }
      gather.closeActive()
    case 19: now += .milliseconds(reader.int(1...2000))
    case 20: now += .seconds(reader.wide() % 4000)
    // The period ended now, as if its time had run out; the sides renamed.
    case 21:
      try clock { clock, now, reader in
        let events = try clock.endPeriod(at: now)
        if clock.state == .running || clock.state == .paused
          || ![.finished, .periodEnded(period: clock.periodOfPlay)]
            .contains(events.last ?? .finished)
        {
          modelFailure("endPeriod left the period going: \(clock.state), \(events)")
        }
        return events
      }
    case 22:
      let newA = reader.int(0...2) == 0 ? nil : reader.name()
      let newB = reader.int(0...2) == 0 ? nil : reader.name()
      try gather.changeActive { try $0.rename(teamA: newA, teamB: newB) }
    default: now += .nanoseconds(reader.int(1...255))
    }
  }

  /// Runs a clock command on the active gather's clock.
  mutating func clock(
    _ command: (inout MatchClock, Duration, inout FuzzReader) throws -> [MatchClock.Event]
  ) throws {
    let at = now
    var reader = self.reader
    defer { self.reader = reader }
    let events = try gather.changeActive { gather in try command(&gather.clock, at, &reader) }
    checkEvents(events)
  }
}

extension Array {
  /// An element picked by the next byte, or nil for one value in `count + 1`.
  func randomElementByte(_ reader: inout FuzzReader) -> Element? {
    let pick = reader.int(0...count)
    return pick == count ? nil : self[pick]
  }
}

/// The libFuzzer entry point: one command program, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var driver = ModelDriver(Array(UnsafeBufferPointer(start: data, count: size)))
  driver.run()
  return 0
}
