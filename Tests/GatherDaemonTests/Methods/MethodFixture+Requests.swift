import GatherRPC
import Testing

/// What many method tests do, said once, through requests only.
extension MethodFixture {
  /// A connection of the status socket subscribed to `topics` (all by default), to see what changes publish.
  func watch(_ topics: [String]? = nil) async throws -> Connection {
    let watcher = try await connect(.statusSocket)
    let params: JSONObject? = topics.map { ["topics": .array($0.map { .string($0) })] }
    _ = try await result("events.subscribe", params, as: watcher)
    return watcher
  }

  /// A web client that has presented `token` (the control token by default, or a plan's sign-up code) with
  /// `auth.token`, and was let in.
  func webClient(presenting token: String = MethodFixture.token) async throws -> Connection {
    let client = try await connect(.web)
    _ = try await result("auth.token", ["token": .string(token)], as: client)
    return client
  }

  /// The sign-up code of an open plan (a Plan as a reply gives it), read from its link as `plan.link` gives it.
  func signUpCode(of plan: JSONValue) async throws -> String {
    let link = try await result("plan.link", ["plan": try #require(plan["id"])])
    let url = try #require(link["url"]?.stringValue)
    return try #require(url.split(separator: "#signup=").last.map(String.init))
  }

  /// Adds players by name; returns their ids.
  @discardableResult
  func addPlayers(_ names: String...) async throws -> [Int64] {
    var ids: [Int64] = []
    for name in names {
      ids.append(try #require(try await result("players.create", ["name": .string(name)])["id"]?.intValue))
    }
    return ids
  }

  /// The seq of the last event published, as `daemon.status` tells it: a refused change leaves it alone.
  func seq() async throws -> Int64 { try #require(try await result("daemon.status")["seq"]?.intValue) }
}
