import GatherModel

/// A row of `player`.
struct PlayerRow {
  var id: Int64?
  var name: String
  var age: Int?
  var position: String?
  var skill: String?
  var favouriteTeam: String?
  var regular: Bool
  var confirmed: Bool

  /// The player that `row` of `SELECT * FROM player` holds.
  init(row: SQLiteRow) throws {
    id = try row["id"]
    name = try row["name"]
    age = try row["age"]
    position = try row["position"]
    skill = try row["skill"]
    favouriteTeam = try row["favouriteTeam"]
    regular = try row["regular"]
    confirmed = try row["confirmed"]
  }

  init(id: Int64?, details: PlayerDetails) {
    self.id = id
    name = details.name
    age = details.age
    position = details.position?.rawValue
    skill = details.skill?.rawValue
    favouriteTeam = details.favouriteTeam
    regular = details.regular
    confirmed = details.confirmed
  }

  /// The row's columns but the id, as the arguments of ``columnsSQL``'s placeholders.
  var arguments: [any SQLiteValueConvertible] { [name, age, position, skill, favouriteTeam, regular, confirmed] }
  /// The columns that ``arguments`` fill, in order.
  static let columnsSQL = "name, age, position, skill, favouriteTeam, regular, confirmed"

  func player() throws -> Player {
    guard let id else { throw StoreError("A player row has no id.") }
    do {
      var details = try PlayerDetails(
        stored: name, age: age, position: try position.map { try decode(Position.self, $0) },
        skill: try skill.map { try decode(Skill.self, $0) }, favouriteTeam: favouriteTeam, regular: regular)
      details.confirmed = confirmed
      return Player(id: id, details: details)
    } catch let error as GatherError {
      throw StoreError("Player \(id) in the database is invalid: \(error.message)")
    }
  }
}
