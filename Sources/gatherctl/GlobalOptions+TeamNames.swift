import GatherAPI
import GatherRPC

/// Results that name the sides without carrying the names: the score confirmations read the active
/// gather's names on the same connection, so they say "Bibs 1-0 Colours".
extension GlobalOptions {
  /// Like `run(_:namesOnly:params:render:)`; `render` also gets the active gather's `names`, read once the call
  /// is answered (nil when there is none). With --json, only the daemon's result is printed, as always.
  func runNamingTeams<Result>(
    _ method: API.Method<Result>, namesOnly: Bool = false,
    params: (inout PlayerResolver) throws -> JSONObject = { _ in [:] },
    render: (Result, API.TeamNames?) -> String
  ) throws {
    var players = PlayerResolver(connection: try connect(), namesOnly: namesOnly)
    let reply = try players.connection.reply(method, try params(&players))
    guard !json else { return print(JSONWriter.string(reply.json)) }
    let result = try reply.value()
    let current = try? players.connection.call(.gatherCurrent)
    print(render(result, current?.names))
  }
}
