import GatherRPC

/// The match-day methods of the API by name (the week's are in API+WeekMethods.swift), with the type of what it answers: the daemon's definitions are made from
/// these, and clients call them by them (`try connection.call(.feesPay, params)` answers an ``API/LedgerWrite``).
extension API.Method where Result == JSONValue {
  /// `rpc.discover`.
  public static var rpcDiscover: Self { Self("rpc.discover") }
}

extension API.Method where Result == API.Pong {
  /// `daemon.ping`.
  public static var daemonPing: Self { Self("daemon.ping") }
}

extension API.Method where Result == API.DaemonStatus {
  /// `daemon.status`.
  public static var daemonStatus: Self { Self("daemon.status") }
}

extension API.Method where Result == API.ServerTime {
  /// `daemon.time`.
  public static var daemonTime: Self { Self("daemon.time") }
}

extension API.Method where Result == API.PlayerList {
  /// `players.list`.
  public static var playersList: Self { Self("players.list") }
}

extension API.Method where Result == API.Player {
  /// `players.get`.
  public static var playersGet: Self { Self("players.get") }
}

extension API.Method where Result == API.Player {
  /// `players.create`.
  public static var playersCreate: Self { Self("players.create") }
}

extension API.Method where Result == API.Player {
  /// `players.update`.
  public static var playersUpdate: Self { Self("players.update") }
}

extension API.Method where Result == API.PlayerDeleted {
  /// `players.delete`.
  public static var playersDelete: Self { Self("players.delete") }
}

extension API.Method where Result == API.PlayersImported {
  /// `players.import`.
  public static var playersImport: Self { Self("players.import") }
}

extension API.Method where Result == API.Gather {
  /// `gather.start`.
  public static var gatherStart: Self { Self("gather.start") }
}

extension API.Method where Result == API.Gather? {
  /// `gather.current`.
  public static var gatherCurrent: Self { Self("gather.current") }
}

extension API.Method where Result == API.Gather {
  /// `gather.assign`.
  public static var gatherAssign: Self { Self("gather.assign") }
}

extension API.Method where Result == API.Gather {
  /// `gather.rename`.
  public static var gatherRename: Self { Self("gather.rename") }
}

extension API.Method where Result == API.GatherRecord {
  /// `gather.end`.
  public static var gatherEnd: Self { Self("gather.end") }
}

extension API.Method where Result == API.GatherCancelled {
  /// `gather.cancel`.
  public static var gatherCancel: Self { Self("gather.cancel") }
}

extension API.Method where Result == API.HistoryPage {
  /// `gathers.list`.
  public static var gathersList: Self { Self("gathers.list") }
}

extension API.Method where Result == API.GatherRecord {
  /// `gathers.get`.
  public static var gathersGet: Self { Self("gathers.get") }
}

extension API.Method where Result == API.GatherReport {
  /// `gather.report`.
  public static var gatherReport: Self { Self("gather.report") }
}

extension API.Method where Result == API.StatsTable {
  /// `stats.players`.
  public static var statsPlayers: Self { Self("stats.players") }
}

extension API.Method where Result == API.PlayerReport {
  /// `stats.player`.
  public static var statsPlayer: Self { Self("stats.player") }
}

extension API.Method where Result == API.Suggestion {
  /// `gather.suggest`.
  public static var gatherSuggest: Self { Self("gather.suggest") }
}

extension API.Method where Result == API.SplitPrediction {
  /// `gather.predict`.
  public static var gatherPredict: Self { Self("gather.predict") }
}

extension API.Method where Result == API.Timer {
  /// `timer.set`.
  public static var timerSet: Self { Self("timer.set") }
}

extension API.Method where Result == API.Timer {
  /// `timer.format`.
  public static var timerFormat: Self { Self("timer.format") }
}

extension API.Method where Result == API.Timer {
  /// `timer.addTime`.
  public static var timerAddTime: Self { Self("timer.addTime") }
}

extension API.Method where Result == API.Timer {
  /// `timer.start`.
  public static var timerStart: Self { Self("timer.start") }
}

extension API.Method where Result == API.Timer {
  /// `timer.pause`.
  public static var timerPause: Self { Self("timer.pause") }
}

extension API.Method where Result == API.Timer {
  /// `timer.resume`.
  public static var timerResume: Self { Self("timer.resume") }
}

extension API.Method where Result == API.Timer {
  /// `timer.toggle`.
  public static var timerToggle: Self { Self("timer.toggle") }
}

extension API.Method where Result == API.Timer {
  /// `timer.reset`.
  public static var timerReset: Self { Self("timer.reset") }
}

extension API.Method where Result == API.Timer {
  /// `timer.endPeriod`.
  public static var timerEndPeriod: Self { Self("timer.endPeriod") }
}

extension API.Method where Result == API.Timer {
  /// `timer.status`.
  public static var timerStatus: Self { Self("timer.status") }
}

extension API.Method where Result == API.ScoreChange {
  /// `score.goal`.
  public static var scoreGoal: Self { Self("score.goal") }
}

extension API.Method where Result == API.ScoreUndone {
  /// `score.undo`.
  public static var scoreUndo: Self { Self("score.undo") }
}

extension API.Method where Result == API.ScoreChange {
  /// `score.set`.
  public static var scoreSet: Self { Self("score.set") }
}

extension API.Method where Result == API.ScoreSheet {
  /// `score.get`.
  public static var scoreGet: Self { Self("score.get") }
}

extension API.Method where Result == API.Subscribed {
  /// `events.subscribe`.
  public static var eventsSubscribe: Self { Self("events.subscribe") }
}

extension API.Method where Result == API.Unsubscribed {
  /// `events.unsubscribe`.
  public static var eventsUnsubscribe: Self { Self("events.unsubscribe") }
}

extension API.Method where Result == API.TokenAccess {
  /// `auth.token`.
  public static var authToken: Self { Self("auth.token") }
}

extension API.Method where Result == API.ControlLink {
  /// `web.link`.
  public static var webLink: Self { Self("web.link") }
}

extension API.Method where Result == API.ShareLinks {
  /// `web.share`.
  public static var webShare: Self { Self("web.share") }
}

extension API.Method where Result == API.GatherReopened {
  /// `gather.reopen`.
  public static var gatherReopen: Self { Self("gather.reopen") }
}

extension API.Method where Result == API.GatherDeleted {
  /// `gathers.delete`.
  public static var gathersDelete: Self { Self("gathers.delete") }
}

extension API.Method where Result == API.PlayersMerged {
  /// `players.merge`.
  public static var playersMerge: Self { Self("players.merge") }
}
