import GatherAPI
import GatherModel
import GatherRPC

/// What the methods that take back a mistake answer.
extension Encoded where Value == API.GatherReopened {
  /// `{gather, corrections}`.
  init(_ gather: GatherSnapshot, corrections: [FeeEntry]) {
    self.init(.object(["gather": gather.json, "corrections": .array(corrections.map(\.json))]))
  }
}

extension Encoded where Value == API.GatherDeleted {
  /// `{deleted, corrections}`.
  init(deleted id: Int64, corrections: [FeeEntry]) {
    self.init(.object(["deleted": .int(id), "corrections": .array(corrections.map(\.json))]))
  }
}

extension Encoded where Value == API.PlayersMerged {
  /// `{player, merged, corrections}`.
  init(_ player: Player, merged: Player.ID, corrections: [FeeEntry]) {
    self.init(
      .object(["player": player.json, "merged": .int(merged), "corrections": .array(corrections.map(\.json))]))
  }
}
