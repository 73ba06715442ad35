import FoundationEssentials
import GatherModel

/// A push to one player's phones: what it says (written in each phone's language when it is sent), where a tap
/// leads, the tag that replaces an earlier push of the same thing, and how long it is worth delivering.
struct PushMessage: Sendable {
  /// Whose phones it goes to.
  let player: Player.ID
  /// Names what it is about (`plan7-offer`): a later push with the same tag replaces it, on the phone and at the
  /// push service (RFC 8030's Topic). Letters, digits, `-` and `_`, at most 32.
  let tag: String
  /// The page to open when it is tapped: the plan's sign-up link, the vote's link; nil when gatherd serves no page.
  let url: String?
  /// How long the push service keeps it for a phone that is off, in seconds.
  let ttl: Int
  /// Whether it is worth waking a phone for at once (an offered place is).
  let urgent: Bool
  /// The title and the body, in a catalog's language.
  let words: @Sendable (PushTexts, String) -> (title: String, body: String)
}

/// How pushes name times: on the wall clock of an offset, by weekday and time ("Thursday 19:00").
enum PushTime {
  /// The weekday (1 Monday … 7 Sunday) and "HH:MM" of `date` at `utcOffset`.
  static func parts(_ date: Date, utcOffset: Int) -> (weekday: Int, time: String) {
    let wall = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(utcOffset)
    let day = wall >= 0 ? wall / 86400 : (wall - 86399) / 86400
    let second = wall - day * 86400
    // 1970-01-01 was a Thursday, weekday 4.
    let weekday = Int(((day + 3) % 7 + 7) % 7) + 1
    let (hour, minute) = (second / 3600, second / 60 % 60)
    return (weekday, (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)")
  }

  /// A deadline, "Thursday at 19:00", in `language`: what follows "Take it by" or "Vote by".
  static func text(_ date: Date, utcOffset: Int, texts: PushTexts, language: String) -> String {
    let (weekday, time) = parts(date, utcOffset: utcOffset)
    let day = texts.text("push.day.\(weekday)", in: language)
    return texts.text("push.dayAt", in: language, ["day": day, "time": time])
  }

  /// A plan as a push names it: "Thursday 19:00, Astro 2", or without the place when it has none.
  static func game(_ plan: Plan, texts: PushTexts, language: String) -> String {
    let (weekday, time) = parts(plan.details.startsAt, utcOffset: plan.details.utcOffset)
    let day = texts.text("push.day.\(weekday)", in: language)
    guard let place = plan.details.place else {
      return texts.text("push.game", in: language, ["day": day, "time": time])
    }
    return texts.text("push.gameAt", in: language, ["day": day, "time": time, "place": place])
  }
}
