import GatherRPC

/// Results that name the sides without carrying the names: the score confirmations read the active
/// gather's names on the same connection, so they say "Bibs 1-0 Colours".
extension GlobalOptions {
  /// Like `run(_:namesOnly:params:render:)`; `render` also gets the active gather's `names`, read once the call
  /// is answered (nil when there is none). With --json, only the daemon's result is printed, as always.
  func runNamingTeams(
    _ method: String, namesOnly: Bool = false, params: (inout PlayerResolver) throws -> JSONObject = { _ in [:] },
    render: (JSONValue, JSONValue?) -> String
  ) throws {
    var players = PlayerResolver(connection: try connect(), namesOnly: namesOnly)
    let result = try players.connection.call(method, try params(&players))
    guard !json else { return print(JSONWriter.string(result)) }
    let names = (try? players.connection.call("gather.current"))?["names"]
    print(render(result, names))
  }
}
