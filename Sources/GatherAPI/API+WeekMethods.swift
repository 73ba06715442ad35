import GatherRPC

/// The methods of the week around the match by name, with the type of what each answers: plans, their links and
/// schedules, the man-of-the-match vote, and the fees (API+Methods.swift has the match-day ones).
extension API.Method where Result == API.Plan {
  /// `plan.create`.
  public static var planCreate: Self { Self("plan.create") }
}

extension API.Method where Result == API.Plan {
  /// `plan.update`.
  public static var planUpdate: Self { Self("plan.update") }
}

extension API.Method where Result == API.Plan {
  /// `plan.cancel`.
  public static var planCancel: Self { Self("plan.cancel") }
}

extension API.Method where Result == API.Plan {
  /// `plan.get`.
  public static var planGet: Self { Self("plan.get") }
}

extension API.Method where Result == API.PlanList {
  /// `plans.list`.
  public static var plansList: Self { Self("plans.list") }
}

extension API.Method where Result == API.PlanAnswer {
  /// `plan.join`.
  public static var planJoin: Self { Self("plan.join") }
}

extension API.Method where Result == API.PlanAnswer {
  /// `plan.leave`.
  public static var planLeave: Self { Self("plan.leave") }
}

extension API.Method where Result == API.Plan {
  /// `plan.checkIn`.
  public static var planCheckIn: Self { Self("plan.checkIn") }
}

extension API.Method where Result == API.SignUpLink {
  /// `plan.link`.
  public static var planLink: Self { Self("plan.link") }
}

extension API.Method where Result == API.VoteLink {
  /// `gather.voteLink`.
  public static var gatherVoteLink: Self { Self("gather.voteLink") }
}

extension API.Method where Result == API.CalendarLink {
  /// `plan.calendarLink`.
  public static var planCalendarLink: Self { Self("plan.calendarLink") }
}

extension API.Method where Result == API.VoteStatus {
  /// `vote.cast`.
  public static var voteCast: Self { Self("vote.cast") }
}

extension API.Method where Result == API.VoteStatus {
  /// `vote.status`.
  public static var voteStatus: Self { Self("vote.status") }
}

extension API.Method where Result == API.CostChange {
  /// `fees.setCost`.
  public static var feesSetCost: Self { Self("fees.setCost") }
}

extension API.Method where Result == API.LedgerWrite {
  /// `fees.pay`.
  public static var feesPay: Self { Self("fees.pay") }
}

extension API.Method where Result == API.LedgerWrite {
  /// `fees.correct`.
  public static var feesCorrect: Self { Self("fees.correct") }
}

extension API.Method where Result == API.FeeBalances {
  /// `fees.balance`.
  public static var feesBalance: Self { Self("fees.balance") }
}

extension API.Method where Result == API.FeeLedger {
  /// `fees.ledger`.
  public static var feesLedger: Self { Self("fees.ledger") }
}

extension API.Method where Result == API.Schedule {
  /// `plan.schedule`.
  public static var planSchedule: Self { Self("plan.schedule") }
}

extension API.Method where Result == API.Schedule {
  /// `plan.reschedule`.
  public static var planReschedule: Self { Self("plan.reschedule") }
}

extension API.Method where Result == API.ScheduleList {
  /// `plan.schedules`.
  public static var planSchedules: Self { Self("plan.schedules") }
}

extension API.Method where Result == API.Unscheduled {
  /// `plan.unschedule`.
  public static var planUnschedule: Self { Self("plan.unschedule") }
}

extension API.Method where Result == API.Plan {
  /// `plan.restore`.
  public static var planRestore: Self { Self("plan.restore") }
}

extension API.Method where Result == API.HowToPay {
  /// `fees.setHowToPay`.
  public static var feesSetHowToPay: Self { Self("fees.setHowToPay") }
}

extension API.Method where Result == API.PlanAnswer {
  /// `plan.accept`.
  public static var planAccept: Self { Self("plan.accept") }
}

extension API.Method where Result == API.PlanAnswer {
  /// `plan.decline`.
  public static var planDecline: Self { Self("plan.decline") }
}

extension API.Method where Result == API.PushKey {
  /// `push.key`.
  public static var pushKey: Self { Self("push.key") }
}

extension API.Method where Result == API.PushSubscribed {
  /// `push.subscribe`.
  public static var pushSubscribe: Self { Self("push.subscribe") }
}

extension API.Method where Result == API.PushUnsubscribed {
  /// `push.unsubscribe`.
  public static var pushUnsubscribe: Self { Self("push.unsubscribe") }
}
