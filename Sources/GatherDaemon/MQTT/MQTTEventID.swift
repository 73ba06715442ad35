import FoundationEssentials
import GatherRPC

/// What makes an MQTT event's `event_id` unique across restarts: the moment this run of gatherd began publishing,
/// in milliseconds since 1970, before the event's seq, which starts again at each run (`1764950400123-42`). An
/// automation that drops repeats compares ids for equality; two runs never share a millisecond of start.
struct MQTTEventID: Sendable, Equatable {
  /// The run's start, in milliseconds since 1970.
  let run: Int64

  /// The id of a run that started at `start`.
  init(startedAt start: Date) {
    run = Int64((start.timeIntervalSince1970 * 1000).rounded(.down))
  }

  /// The id of the event numbered `seq` in this run.
  func id(of seq: Int64) -> String { "\(run)-\(seq)" }
}

extension JSONObject {
  /// These members with each key, and each key of the objects inside, in snake_case (`placesLeft` becomes
  /// `places_left`, `teamA` becomes `team_a`), as Home Assistant names attributes; values are kept as they are.
  func snakeCased() -> JSONObject {
    var object = JSONObject()
    for member in members { object[Self.snakeCase(member.key)] = member.value.snakeCasedKeys() }
    return object
  }

  /// `key` in snake_case: an underscore before each capital, which becomes small.
  static func snakeCase(_ key: String) -> String {
    var result = ""
    for character in key {
      if character.isUppercase {
        result += "_" + character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }
}

extension JSONValue {
  /// The value with the keys of every object in it in snake_case.
  fileprivate func snakeCasedKeys() -> JSONValue {
    switch self {
    case .object(let object): .object(object.snakeCased())
    case .array(let items): .array(items.map { $0.snakeCasedKeys() })
    default: self
    }
  }
}
