import FoundationEssentials
import Glibc
import Logging

/// A swift-log handler that writes each record to the journal with its priority and structured fields:
/// the message, the source location, and every metadata key as an upper-case field (`peer_uid` becomes
/// `PEER_UID`), so `journalctl -u gatherd PEER_UID=1000` finds a user's requests.
public struct JournalLogHandler: LogHandler {
  /// The records below this level are dropped.
  public var logLevel: Logger.Level
  /// Metadata added to every record.
  public var metadata: Logger.Metadata = [:]
  private let label: String

  /// A handler for records of `label` at `level` and above.
  public init(label: String, level: Logger.Level) {
    self.label = label
    self.logLevel = level
  }

  /// One metadata value.
  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// Sends one record to the journal.
  public func log(event: LogEvent) {
    var fields: [(name: String, value: String)] = [
      ("MESSAGE", "\(event.message)"), ("PRIORITY", "\(Self.priority(event.level))"), ("SYSLOG_IDENTIFIER", "gatherd"),
      ("GATHERD_LOGGER", label), ("CODE_FILE", event.file), ("CODE_LINE", "\(event.line)"),
      ("CODE_FUNC", event.function),
    ]
    for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
      fields.append((Self.fieldName(key), "\(value)"))
    }
    JournalSocket.system.send(JournalEntry(fields).datagram)
  }

  static func priority(_ level: Logger.Level) -> Int {
    switch level {
    case .trace, .debug: 7
    case .info: 6
    case .notice: 5
    case .warning: 4
    case .error: 3
    case .critical: 2
    }
  }

  /// A journal field name: upper-case letters, digits and underscores, not starting with one, and at most 64 long
  /// (journald drops a field with a longer name).
  static func fieldName(_ key: String) -> String {
    let mapped = key.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
    let name = String(mapped.drop { $0 == "_" || $0.isNumber })
    return name.isEmpty ? "GATHERD_FIELD" : String(name.prefix(64))
  }

  /// The handler to use: the journal under systemd (see ``Systemd/logsToJournal``), otherwise plain lines on
  /// stderr.
  public static func bootstrap(level: Logger.Level) {
    let journal = Systemd.logsToJournal
    LoggingSystem.bootstrap { label in
      if journal { return JournalLogHandler(label: label, level: level) }
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
  }
}
