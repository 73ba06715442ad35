import GatherModel
import GatherRPC

/// gather.rename, and the `names` param of gather.start: what the sides are called.
enum TeamNamesController {
  static func methods<C>(_ session: GatherSession<C>) -> [RPCMethod<Caller>] {
    [
      .mutate("gather.rename") { params, _ in
        // {names: {teamA?, teamB?}}, as gather.start takes them, or the sides directly: {teamA?, teamB?}.
        let names = try Self.names(&params)
        let teamA = try params.optionalString("teamA")
        let teamB = try params.optionalString("teamB")
        try params.finish()
        if let names {
          guard teamA == nil, teamB == nil else {
            throw RPCError.invalidParams(
              field: teamA != nil ? "teamA" : "teamB", "Give the new names once: in names, or as teamA and teamB.")
          }
          guard names.teamA != nil || names.teamB != nil else {
            throw RPCError.invalidParams(field: "names", "Give a new name for teamA, teamB or both.")
          }
          return try session.renameTeams(teamA: names.teamA, teamB: names.teamB, fields: ("names", "names")).json
        }
        guard teamA != nil || teamB != nil else {
          throw RPCError.invalidParams(
            field: "names", "Give the new names, such as {\"names\": {\"teamA\": \"Bibs\", \"teamB\": \"Colours\"}}.")
        }
        return try session.renameTeams(teamA: teamA, teamB: teamB, fields: ("teamA", "teamB")).json
      }
    ]
  }

  /// The optional `names` param: an object with `teamA` and `teamB`, each an optional string. The model checks
  /// the names themselves (1 to 24 characters, different).
  static func names(_ params: inout Params) throws(RPCError) -> (teamA: String?, teamB: String?)? {
    guard let value = params.value("names"), value != .null else { return nil }
    guard let object = value.objectValue else {
      throw .invalidParams(
        field: "names",
        "Parameter \"names\" must be an object such as {\"teamA\": \"Bibs\", \"teamB\": \"Colours\"}, not \(value.typeName)."
      )
    }
    if let unknown = object.keys.first(where: { $0 != "teamA" && $0 != "teamB" }) {
      throw .invalidParams(field: "names", "Parameter \"names\" takes teamA and teamB, not \"\(unknown)\".")
    }
    func side(_ key: String) throws(RPCError) -> String? {
      guard let name = object[key], name != .null else { return nil }
      guard let text = name.stringValue else {
        throw .invalidParams(field: "names", "The name of \(key) in \"names\" must be a string, not \(name.typeName).")
      }
      return text
    }
    return (try side("teamA"), try side("teamB"))
  }
}
