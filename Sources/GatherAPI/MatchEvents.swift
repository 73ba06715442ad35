import GatherRPC

// The params of the match's events (topics tick, timer, score and gather), as ``API/Event`` reads them.
extension API {
  /// `tick`: once per whole second crossed while a period or a break counts down, down to 0. The tick at 0 carries
  /// the state the clock goes to: break or stopped between periods, finished after the last.
  public struct TickEvent: Decodable, Sendable, Equatable {
    /// The subscription this event is for.
    public let subscription: API.Id
    /// The daemon-wide event number.
    public let seq: Int64
    /// running or break while the countdown runs; on the tick at 0, the state the clock goes to.
    public let state: API.TimerState
    /// Whole seconds left, added time included, rounded up.
    public let remaining: Int64
    /// The time left in milliseconds.
    public let remainingMs: Int64
    /// The period's regular time left (the break's time in a break), MM:SS.
    public let display: API.Display
    /// When the countdown reaches 0, while it runs.
    public let endsAt: API.Timestamp?
    /// The period in play, or that just ended.
    public let period: Int64
    /// The added time left, "+1:30"; null when none was added or not in play.
    public let added: String?
    /// What the break is called ("HT", "Break") on the ticks of the break and on the tick that ends a period into
    /// it; null on the other ticks of play.
    public let breakName: String?
  }

  /// `timer`: the clock changed state; also sent when a period that is not the last reaches 0 (periodEnded), when
  /// the break ends (breakEnded) and when the last period reaches 0 (finished).
  public struct TimerEvent: Decodable, Sendable, Equatable {
    /// The subscription this event is for.
    public let subscription: API.Id
    /// The daemon-wide event number.
    public let seq: Int64
    /// What changed: set, started, paused, resumed, reset, finished, format, addedTime, periodEnded, breakEnded, or
    /// the state a command left the clock in.
    public let change: String
    /// The clock as it now is.
    public let timer: API.Timer
    /// With periodEnded: the period that ended; with breakEnded: the next period.
    public let period: Int64?
  }

  /// `score`: a goal was scored or undone, or the score was corrected.
  public struct ScoreEvent: Decodable, Sendable, Equatable {
    /// The subscription this event is for.
    public let subscription: API.Id
    /// The daemon-wide event number.
    public let seq: Int64
    /// What happened to the score.
    public let change: Change
    /// The score after it.
    public let score: API.Score
    /// The goal scored or undone, or the correction.
    public let goal: API.Goal

    /// What happened to the score.
    public enum Change: String, Decodable, Sendable, Equatable {
      /// A goal was scored.
      case goal
      /// The last goal-log entry was taken back.
      case undo
      /// The score was set outright.
      case correction
    }
  }

  /// `gather`: a gather started, changed lineup, was renamed, ended or was cancelled.
  public struct GatherEvent: Decodable, Sendable, Equatable {
    /// The subscription this event is for.
    public let subscription: API.Id
    /// The daemon-wide event number.
    public let seq: Int64
    /// What happened to the gather.
    public let change: Change
    /// The gather's id.
    public let id: API.Id
    /// The gather as it now is: started, assigned or renamed; nil once it ended or was cancelled.
    public let gather: API.Gather?
    /// The record filed in the history, when it ended.
    public let record: API.GatherRecord?

    /// What happened to a gather.
    public enum Change: String, Decodable, Sendable, Equatable {
      /// It started.
      case started
      /// A player moved, or joined it.
      case assigned
      /// Its sides were renamed.
      case renamed
      /// It ended, with its result.
      case ended
      /// It was cancelled; it keeps no result.
      case cancelled
    }

    private enum Keys: String, CodingKey {
      case subscription, seq, change, id, gather
    }

    /// Reads `gather` as the change makes it: a Gather, a GatherRecord once ended, null once cancelled.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      subscription = try container.decode(API.Id.self, forKey: .subscription)
      seq = try container.decode(Int64.self, forKey: .seq)
      change = try container.decode(Change.self, forKey: .change)
      id = try container.decode(API.Id.self, forKey: .id)
      switch change {
      case .started, .assigned, .renamed:
        (gather, record) = (try container.decode(API.Gather.self, forKey: .gather), nil)
      case .ended: (gather, record) = (nil, try container.decode(API.GatherRecord.self, forKey: .gather))
      case .cancelled: (gather, record) = (nil, nil)
      }
    }
  }
}
