import GatherModel
import GatherRPC

/// `players.import`'s rows: each one a `players.create`'s params, checked by the same rules, and an error names
/// the row and its field, `players[3].skill`, counted from 0.
extension PlayersMethods.ImportParams {
  /// The most players one import adds.
  static let maxImport = 1_000

  /// Every row of the `players` param, each validated by the model (``PlayerDetails``); the first bad one is
  /// refused with its index.
  static func rows(_ params: inout Params) throws -> [PlayerDetails] {
    guard let value = params.value("players"), value != .null else {
      throw RPCError.invalidParams(field: "players", "Parameter \"players\" is required: an array of players.")
    }
    guard let rows = value.arrayValue, (1...maxImport).contains(rows.count) else {
      throw RPCError.invalidParams(
        field: "players",
        "Parameter \"players\" must be an array of 1 to \(maxImport) players, such as [{\"name\": \"Ana\"}].")
    }
    return try rows.enumerated().map { index, row in
      let prefix = "players[\(index)]"
      guard row.objectValue != nil else {
        throw RPCError.invalidParams(
          field: prefix, "\(prefix) must be an object such as {\"name\": \"Ana\"}, not \(row.typeName).")
      }
      do {
        var fields = try Params(row)
        return try PlayersMethods.CreateParams.details(&fields)
      } catch let error as RPCError {
        let field = error.data["field"]?.stringValue ?? "params"
        throw RPCError.invalidParams(field: "\(prefix).\(field)", "\(prefix): \(error.message)")
      } catch let error as GatherError where error.isValidation {
        throw RPCError.invalidParams(field: "\(prefix).\(error.field ?? "name")", "\(prefix): \(error.message)")
      }
    }
  }
}

/// An integer from JSON as an `Int`, saturating: out-of-range values still fail the model's range checks.
func clampedInt(_ value: Int64) -> Int {
  Int(clamping: value)
}
