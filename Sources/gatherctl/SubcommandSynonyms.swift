/// Words people type for a subcommand that is spelled otherwise: `remove` for `delete`, `stop` for `pause`,
/// `new` for `add`. Each group holds words that mean the same to someone at the touchline, the subcommands' own
/// names first, in the order they are offered.
enum SubcommandSynonyms {
  /// The groups of words that mean the same.
  static let groups: [[String]] = [
    ["delete", "rm", "remove", "del", "erase", "drop"],
    ["add", "new", "create", "make", "plus"],
    ["new", "add", "create", "make"],
    ["show", "get", "info", "view", "display", "see"],
    ["list", "ls", "all", "show-all"],
    ["status", "current", "now", "state", "clock"],
    ["pause", "stop", "halt", "hold", "freeze"],
    ["resume", "continue", "unpause", "restart", "go"],
    ["start", "begin", "kickoff", "kick-off", "go", "play"],
    ["end", "finish", "stop", "over", "close", "done", "final"],
    ["end-half", "end-period", "half-time", "halftime", "ht", "half"],
    ["add", "add-time", "added-time", "extra", "extra-time", "stoppage", "injury-time", "more"],
    ["cancel", "abort", "call-off", "scrap"],
    ["edit", "update", "change", "modify", "rename"],
    ["update", "edit", "change", "modify", "move", "reschedule"],
    ["history", "past", "results", "log", "list", "ls"],
    ["join", "in", "going", "yes", "sign-up", "signup"],
    ["leave", "out", "no", "drop-out", "dropout", "quit"],
    ["accept", "take", "claim"],
    ["decline", "refuse", "reject", "pass"],
    ["move", "assign", "swap", "transfer", "switch", "sub"],
    ["undo", "back", "revert", "take-back", "takeback", "unscore", "disallow"],
    ["rename", "name", "names", "call"],
    ["suggest", "balance", "fair", "split", "teams", "pick"],
    ["report", "share", "result", "summary", "message"],
    ["toggle", "flip", "button"],
    ["reset", "restart", "clear"],
    ["set", "duration", "length", "time"],
    ["format", "periods", "halves"],
    ["check-in", "checkin", "here", "attendance", "present", "register"],
    ["link", "url", "qr", "address"],
    ["token", "secret", "password", "key"],
    ["goal", "score", "scored"],
    ["merge", "combine", "dedupe", "duplicate", "same"],
    ["confirm", "approve", "accept", "verify", "ok"],
    ["regular", "regulars", "promote", "member"],
    ["reopen", "unend", "undo-end", "resume", "back"],
    ["restore", "uncancel", "undo-cancel", "reopen", "revive"],
    ["how-to-pay", "howtopay", "payment-note", "bank", "iban"],
  ]

  /// The name or alias among `names` (one subcommand's) that means what `word` means, preferring the group's
  /// order; nil when none does.
  static func name(meaning word: String, among names: [String]) -> String? {
    for group in groups where group.contains(word) {
      if let name = group.first(where: names.contains) { return name }
    }
    return nil
  }
}
