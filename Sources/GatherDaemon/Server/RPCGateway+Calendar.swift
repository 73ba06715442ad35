import FoundationEssentials
import NIOCore

/// The plans' calendar feed, for the web listener: the one thing besides JSON-RPC that reads the session, and only
/// through the gateway, like everything else.
extension RPCGateway {
  /// What a request for the feed gets.
  enum CalendarFeed: Sendable {
    /// The feed, with the plans and the weekly schedules it shows and the moment it was read.
    case feed([PlanSnapshot], schedules: [ScheduleSnapshot], at: Date)
    /// The code is not the feed's (or the feed has none yet).
    case wrongCode
  }

  /// The feed for whoever presents `code`, compared in constant time with the feed's: its plans read from the store
  /// on the query pool, beside the session's loop, and handed to `completion` on ``loop``.
  func calendar(code: [UInt8], completion: @escaping @Sendable (Result<CalendarFeed, any Error>) -> Void) {
    guard currentView().state.isCalendarCode(code) else { return completion(.success(.wrongCode)) }
    let (plans, schedules, wallClock) = (calendarPlans, calendarSchedules, wallClock)
    queryPool.runIfActive(eventLoop: loop) {
      CalendarFeed.feed(try plans(), schedules: schedules(), at: wallClock())
    }.whenComplete {
      completion($0.mapError { $0 })
    }
  }
}
