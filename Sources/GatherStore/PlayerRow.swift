import Foundation
import GRDB
import GatherModel

/// A row of `player`.
struct PlayerRow: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "player"
  var id: Int64?
  var name: String
  var age: Int?
  var position: String?
  var skill: String?
  var favouriteTeam: String?

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  init(id: Int64?, details: PlayerDetails) {
    self.id = id
    name = details.name
    age = details.age
    position = details.position?.rawValue
    skill = details.skill?.rawValue
    favouriteTeam = details.favouriteTeam
  }

  func player() throws -> Player {
    guard let id else { throw StoreError("A player row has no id.") }
    do {
      let details = try PlayerDetails(
        name: name, age: age, position: try position.map { try decode(Position.self, $0) },
        skill: try skill.map { try decode(Skill.self, $0) }, favouriteTeam: favouriteTeam)
      return Player(id: id, details: details)
    } catch let error as GatherError {
      throw StoreError("Player \(id) in the database is invalid: \(error.message)")
    }
  }
}
