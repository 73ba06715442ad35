import GatherRPC

/// Every method gatherd serves, from its definitions: the one list the dispatcher, the access rules, the OpenRPC
/// document and the tests' method lists are made from. A new method is a definition in its family's file and, for
/// a new family, one entry here.
enum MethodCatalog {
  /// Every definition, in the OpenRPC document's order.
  static let all: [any MethodDefining] =
    DaemonMethods.all + PlayersMethods.all + GatherMethods.all + HistoryMethods.all + TeamsMethods.all
    + TimerMethods.all + ScoreMethods.all + EventsMethods.all + WebMethods.all + WebDeviceMethods.all
    + PlanMethods.all
    + PlanAnswerMethods.all + LinkMethods.all + VoteMethods.all + FeesMethods.all + ScheduleMethods.all
    + UndoMethods.all + OfferMethods.all + PushMethods.all

  /// The definition named `name`.
  static func definition(_ name: String) -> (any MethodDefining)? { all.first { $0.name == name } }

  /// The names of the methods a link's code of `kind` lets its holder call, sorted: what `auth.token` tells.
  static func names(grantedBy kind: CodeGrant.Kind) -> [String] {
    all.filter { $0.codeScope == kind }.map(\.name).sorted()
  }
}
