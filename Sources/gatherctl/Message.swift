import FoundationEssentials
import GatherAPI
import GatherRPC

/// A line gatherd sent: the reply to a request, or a notification. Its JSON-RPC envelope is read as a type; a
/// reply's result is kept whole, as it came, for `--json` to print and for a typed call to read.
struct Message {
  /// The line, without its newline: a notification is read from it whole (`API.Event`).
  let line: [UInt8]
  /// Which request it answers, or which notification it is, and any error.
  let envelope: Envelope
  /// A reply's result as it came (null for a notification or an error).
  let result: JSONValue

  /// Why a line is not a message gatherctl reads.
  enum Problem: Error {
    /// The line is not JSON.
    case notJSON
    /// The line is JSON, but not a JSON-RPC reply or notification as gatherctl reads one.
    case notEnvelope(any Error)
  }

  /// Reads `line`.
  init(_ line: [UInt8]) throws(Problem) {
    guard let json = try? JSONParser.parse(line) else { throw .notJSON }
    do {
      envelope = try JSONDecoder().decode(Envelope.self, from: Data(line))
    } catch {
      throw .notEnvelope(error)
    }
    self.line = line
    // The one member gatherctl takes from the envelope as JSON: the result it passes through.
    result = json.objectValue?["result"] ?? .null
  }
}

extension Message {
  /// The notification, read as its event; one that a gatherd of another version words otherwise is a clear error
  /// naming it.
  func event() throws(CtlError) -> API.Event {
    do {
      return try JSONDecoder().decode(API.Event.self, from: Data(line))
    } catch {
      throw .unreadable(
        "gatherd sent a \(envelope.method ?? "notification") event this gatherctl (\(GatherVersion.current)) does "
          + "not read: " + ReplyProblem.describe(error) + ". Is gatherd another version?")
    }
  }
}

/// The JSON-RPC envelope of a message: the id of the request a reply answers (nil for a notification, or for an
/// error about no request in particular, such as a line too long), a notification's method, and a reply's error.
struct Envelope: Decodable {
  /// The id of the request answered.
  var id: Int64?
  /// The notification's method: its topic, or `events.resumed`, `events.overflow`.
  var method: String?
  /// The error gatherd answered with.
  var error: RPCErrorReply?
}
