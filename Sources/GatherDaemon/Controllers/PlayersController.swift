import GatherModel
import GatherRPC

/// players.*: the roster.
enum PlayersController {
  static let positions = Position.allCases.map(\.rawValue) + Position.allCases.map(\.acronym)
  static let skills = Skill.allCases.map(\.rawValue)

  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .read("players.list") { params, _ in
        try params.finish()
        return session.view.players.json
      },
      .read("players.get") { params, _ in
        let id = try params.int("id")
        try params.finish()
        return try session.view.player(id).json
      },
      .mutate("players.create") { params, _ in
        let details = try playerDetails(&params)
        return try session.createPlayer(details).json
      },
      .mutate("players.import") { params, _ in
        let rows = try importRows(&params)
        let allowDuplicates = try params.optionalBool("allowDuplicate") ?? false
        try params.finish()
        return .object([
          "players": .array(try session.importPlayers(rows, allowDuplicates: allowDuplicates).map(\.json))
        ])
      },
      .mutate("players.update") { params, _ in
        let id = try params.int("id")
        let changes = try PlayerChanges(
          name: params.optionalString("name"),
          age: params.clearable("age") { (params: inout Params) throws(RPCError) in
            try params.optionalInt("age").map(clampedInt)
          },
          position: params.clearable("position") { (params: inout Params) throws(RPCError) in
            try params.optionalChoice("position", positions, Position.init(parsing:))
          },
          skill: params.clearable("skill") { (params: inout Params) throws(RPCError) in
            try params.optionalChoice("skill", skills, Skill.init(parsing:))
          },
          favouriteTeam: params.clearable("favouriteTeam") { (params: inout Params) throws(RPCError) in
            try params.optionalString("favouriteTeam")
          },
          regular: params.optionalBool("regular"))
        if params.contains("name"), changes.name == nil {
          throw RPCError.invalidParams(field: "name", "A player's name cannot be removed; send a new one.")
        }
        try params.finish()
        return try session.updatePlayer(id, changes).json
      },
      .mutate("players.delete") { params, _ in
        let id = try params.int("id")
        try params.finish()
        try session.deletePlayer(id)
        return .object(["deleted": .int(id)])
      },
    ]
  }
}

extension PlayersController {
  /// A new player's details from the params `players.create` takes (and each row of `players.import`):
  /// `name`, and optionally `age`, `position`, `skill` and `favouriteTeam`; no other field.
  static func playerDetails(_ params: inout Params) throws -> PlayerDetails {
    let name = try params.string("name")
    let age = try params.optionalInt("age")
    let position = try params.optionalChoice("position", positions, Position.init(parsing:))
    let skill = try params.optionalChoice("skill", skills, Skill.init(parsing:))
    let team = try params.optionalString("favouriteTeam")
    try params.finish()
    return try PlayerDetails(
      name: name, age: age.map(clampedInt), position: position, skill: skill, favouriteTeam: team)
  }
}

/// An integer from JSON as an `Int`, saturating: out-of-range values still fail the model's range checks.
func clampedInt(_ value: Int64) -> Int {
  Int(clamping: value)
}
