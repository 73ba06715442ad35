import GatherModel

/// The rule a roster import adds to the model's: a name is not added twice by mistake. Names compare as people
/// would see them (`TypedText.likeness`: ignoring case and invisible characters), as a guest's name does.
enum RosterImport {
  /// Refuses the first row whose name is already on the roster or in an earlier row, naming it as
  /// `players[N].name` (N from 0).
  static func checkNames(_ rows: [PlayerDetails], roster: [Player]) throws(GatherError) {
    var taken = Dictionary(
      roster.map { (TypedText.likeness($0.name), "player \($0.id), \($0.name)") },
      uniquingKeysWith: { first, _ in first })
    for (index, row) in rows.enumerated() {
      let key = TypedText.likeness(row.name)
      if let holder = taken[key] {
        throw .validation(
          "players[\(index)].name",
          "players[\(index)]: \"\(row.name)\" is already the name of \(holder). A second player of that "
            + "name is added with allowDuplicate.")
      }
      taken[key] = "players[\(index)]"
    }
  }
}
