import GatherStore
import Logging

/// Whether the database took the last write, so that the journal hears of an outage once when it starts and
/// once when it ends, however many writes fail in between. Pure: the session feeds it each write's outcome.
struct StorageHealth: Sendable {
  /// What the journal should say after a write.
  enum Report: Equatable, Sendable {
    /// The database has just stopped taking writes.
    case unavailable(StorageUnavailable)
    /// A write succeeded after the outage that `StorageUnavailable` started.
    case writableAgain(after: StorageUnavailable)

    /// The level to log at: an error when storage goes, a notice when it comes back.
    var level: Logger.Level {
      switch self {
      case .unavailable: .error
      case .writableAgain: .notice
      }
    }

    /// The database the report is about.
    var path: String {
      switch self {
      case .unavailable(let error), .writableAgain(let error): error.path
      }
    }

    /// The line to log, naming the database.
    var message: String {
      switch self {
      case .unavailable(let error):
        "Storage is unavailable: the database \(error.path) cannot be written: \(error.causeText) (\(error.detail)). Changes are refused with storage_unavailable until a write succeeds "
          + "again; reads, ticks and subscriptions go on."
      case .writableAgain(let error):
        "Storage is writable again: the database \(error.path) took a write; changes are accepted again."
      }
    }
  }

  /// The failure that started the current outage; nil while writes succeed.
  private(set) var outage: StorageUnavailable?

  /// Notes a write that failed because storage is unavailable; reports only the first failure of an outage.
  mutating func writeFailed(_ error: StorageUnavailable) -> Report? {
    guard outage == nil else { return nil }
    outage = error
    return .unavailable(error)
  }

  /// Notes a write that succeeded; reports only the one that ends an outage.
  mutating func writeSucceeded() -> Report? {
    guard let outage else { return nil }
    self.outage = nil
    return .writableAgain(after: outage)
  }
}
