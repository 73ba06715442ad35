import ArgumentParser
import GatherModel

/// When plans close by themselves and when their reminders go out: options of gatherd's, so that they are keys of
/// the configuration file (`plan-expiry`, `plan-reminders`) and variables (`GATHERD_PLAN_EXPIRY`,
/// `GATHERD_PLAN_REMINDERS`) like every other setting.
struct PlanOptions: ParsableArguments {
  @Option(
    name: .customLong("plan-expiry"),
    help: ArgumentHelp(
      "How long after its start an open plan closes by itself (expired), so that the next gather is always the next one: a duration such as 6h, 90m or 1d12h, from 0 to 30d (default 6h).",
      valueName: "duration"))
  var planExpiry: String?

  @Option(
    name: .customLong("plan-reminders"),
    help: ArgumentHelp(
      "When a plan's reminders go out, unless its schedule says: durations before the start, comma-separated, such as 48h,3h (the default); at most 5, each from 1m to 28d; none for no reminders.",
      valueName: "durations"))
  var planReminders: String?

  /// The times these options (or their variables, or the file's keys) give; a bad value is refused naming its
  /// option, variable or file and line.
  func times(_ sources: SettingSources) throws -> PlanTimes {
    let expiry =
      try sources.value(planExpiry, "GATHERD_PLAN_EXPIRY")?.duration(in: PlanTimes.expiryRange)
      ?? PlanTimes.standard.expiry
    guard let value = sources.value(planReminders, "GATHERD_PLAN_REMINDERS") else {
      return try PlanTimes(expiry: expiry)
    }
    let reminders: [Duration]
    if value.text.lowercased() == "none" {
      reminders = []
    } else {
      reminders = try value.text.split(separator: ",", omittingEmptySubsequences: false).map { item in
        try SettingValue(String(item), given: value.given, from: value.origin).duration(in: PlanTimes.reminderRange)
      }
    }
    do {
      return try PlanTimes(expiry: expiry, reminders: reminders)
    } catch {
      throw value.refuse(error.message)
    }
  }
}
