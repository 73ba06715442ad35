import GatherRPC

extension API {
  /// A notification gatherd sends a subscriber (events.subscribe), read whole from its line: the method names the
  /// event, and the params say what changed, as the OpenRPC document's `x-notifications` describe them. The match's
  /// events and the subscription's notices are typed; another topic's event (players, plan, vote) is `other`, with
  /// its method, for a client that does not follow it.
  ///
  /// ```swift
  /// switch try JSONDecoder().decode(API.Event.self, from: line) {
  /// case .tick(let tick): print(tick.display)             // "07:31"
  /// case .score(let change): print(change.score.text)     // "2-1"
  /// default: break
  /// }
  /// ```
  public enum Event: Decodable, Sendable, Equatable {
    /// `tick`: the running clock crossed a whole second.
    case tick(API.TickEvent)
    /// `timer`: the clock changed state.
    case timer(API.TimerEvent)
    /// `score`: a goal was scored or undone, or the score was corrected.
    case score(API.ScoreEvent)
    /// `gather`: a gather started, changed lineup, was renamed, ended or was cancelled.
    case gather(API.GatherEvent)
    /// `events.resumed`: gatherd restarted and kept the connection; the subscription goes on from a snapshot.
    case resumed(API.ResumedEvent)
    /// `events.overflow`: the subscriber fell too far behind, and gatherd closes the connection.
    case overflow(API.OverflowEvent)
    /// A notification of another method, which these types do not read.
    case other(method: String)

    private enum Keys: String, CodingKey {
      case method, params
    }

    /// Reads the notification's method, then its params as that method's type.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      let method = try container.decode(String.self, forKey: .method)
      switch method {
      case "tick": self = .tick(try container.decode(API.TickEvent.self, forKey: .params))
      case "timer": self = .timer(try container.decode(API.TimerEvent.self, forKey: .params))
      case "score": self = .score(try container.decode(API.ScoreEvent.self, forKey: .params))
      case "gather": self = .gather(try container.decode(API.GatherEvent.self, forKey: .params))
      case "events.resumed": self = .resumed(try container.decode(API.ResumedEvent.self, forKey: .params))
      case "events.overflow": self = .overflow(try container.decode(API.OverflowEvent.self, forKey: .params))
      default: self = .other(method: method)
      }
    }
  }

  /// `events.resumed`: a new gatherd took the connection back from systemd's file descriptor store, and its
  /// subscription goes on; `snapshot` is the state at `seq`, and the events that follow have higher seqs.
  public struct ResumedEvent: Decodable, Sendable, Equatable {
    /// The subscription, which keeps its id.
    public let subscription: API.Id
    /// The seq the snapshot is at.
    public let seq: Int64
    /// The subscription's topics, the same as before the restart.
    public let topics: [API.Topic]
    /// The gather, score and timer at `seq`, as events.subscribe returns them.
    public let snapshot: API.Snapshot
    /// A sentence for people.
    public let message: String
  }

  /// `events.overflow`: more than 1024 events queued up for the subscription, and the connection closes right
  /// after this notice. It carries no seq.
  public struct OverflowEvent: Decodable, Sendable, Equatable {
    /// The subscription.
    public let subscription: API.Id
    /// Always `queue_overflow`.
    public let reason: String
    /// A sentence for people.
    public let message: String
  }
}
