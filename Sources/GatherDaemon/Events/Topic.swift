import GatherRPC

/// What a subscriber can watch; each event is a notification whose method is its topic.
public enum Topic: String, Sendable, Hashable, CaseIterable {
  case tick, score, timer, gather, players
  /// Plans: created, updated, cancelled, started, and who joined, left or moved up.
  case plan
  /// Man-of-the-match votes: opened, a vote cast (never whose, nor for whom), closed with the outcome.
  case vote

  /// Reads a list of topic names, or throws invalid params naming the unknown one.
  static func parse(_ names: [String]?) throws(RPCError) -> Set<Topic> {
    guard let names else { return Set(allCases) }
    var topics = Set<Topic>()
    for name in names {
      guard let topic = Topic(rawValue: name) else {
        throw .invalidParams(
          field: "topics",
          "There is no topic \"\(name)\"; the topics are \(allCases.map(\.rawValue).joined(separator: ", ")).")
      }
      topics.insert(topic)
    }
    guard !topics.isEmpty else { throw .invalidParams(field: "topics", "Subscribe to at least one topic.") }
    return topics
  }
}
