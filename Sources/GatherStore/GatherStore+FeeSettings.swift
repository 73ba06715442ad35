import GatherModel

/// The fees' one daemon-wide setting: how players are to pay, in the organiser's words.
extension GatherStore {
  /// How players are to pay; nil when the organiser has not said.
  public func howToPay() throws -> String? {
    try database.read { db in
      let note: String?? = try db.fetchValue("SELECT howToPay FROM feeSettings WHERE id = 1")
      return note ?? nil
    }
  }

  /// Saves how players are to pay (nil clears it).
  public func saveHowToPay(_ note: String?) throws {
    try transaction { db in
      try db.execute(
        "INSERT INTO feeSettings (id, howToPay) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET howToPay = excluded.howToPay",
        [note])
    }
  }
}
