import GatherAPI
import GatherRPC

/// The OpenRPC document's parts that no method owns: what gatherd is, where it listens, and the errors every
/// method may answer.
extension OpenRPCDocument {
  /// What gatherd is, for the document's info.
  static let summary = """
    gatherd runs casual football matches among friends: a roster of players, one active gather split into Team \
    A, Team B and Bench, its live score and goal log, a real countdown match clock, and a history of ended \
    gathers. It speaks JSON-RPC 2.0 over a Unix stream socket, one message per line (\"\\n\", \"\\r\\n\" accepted), \
    with params by name; any peer may read and subscribe to events, while mutating methods (x-mutating) need a \
    controller: root, the daemon's uid, or a member of --control-group. Errors carry data.reason, and -32602 \
    also data.field.
    """

  /// Where gatherd listens.
  static let servers: JSONValue = .array([
    .object([
      "name": .string("gatherd"),
      "url": .string("unix:/run/gatherd/gatherd.sock"),
      "summary": .string("The daemon's Unix socket (newline-delimited JSON-RPC 2.0)."),
      "description": .string(
        """
        This is root's default; other users' daemons listen on $XDG_RUNTIME_DIR/gatherd/gatherd.sock. Override \
        with --socket or GATHERD_SOCKET.
        """),
    ])
  ])

  /// The errors methods refer to, by name.
  static let errors: JSONValue = .object([
    "InvalidParams": .object([
      "code": .int(-32602),
      "message": .string(
        """
        A param is missing, unknown, of the wrong type or not acceptable; data.field names it.
        """),
      "data": .object([
        "reason": .string("invalid_params")
      ]),
    ]),
    "PlayerNotFound": .object([
      "code": .int(-32001),
      "message": .string("There is no player with that id."),
      "data": .object([
        "reason": .string("player_not_found")
      ]),
    ]),
    "GatherNotFound": .object([
      "code": .int(-32001),
      "message": .string("There is no ended gather with that id."),
      "data": .object([
        "reason": .string("gather_not_found")
      ]),
    ]),
    "SubscriptionNotFound": .object([
      "code": .int(-32001),
      "message": .string("This connection has no subscription with that id."),
      "data": .object([
        "reason": .string("subscription_not_found")
      ]),
    ]),
    "NoActiveGather": .object([
      "code": .int(-32002),
      "message": .string("There is no active gather; start one first."),
      "data": .object([
        "reason": .string("no_active_gather")
      ]),
    ]),
    "GatherAlreadyActive": .object([
      "code": .int(-32002),
      "message": .string("A gather is already active; end or cancel it first."),
      "data": .object([
        "reason": .string("gather_already_active")
      ]),
    ]),
    "InvalidTransition": .object([
      "code": .int(-32002),
      "message": .string("The change is not possible in the current state."),
      "data": .object([
        "reason": .string("invalid_transition")
      ]),
    ]),
    "PlayerInActiveGather": .object([
      "code": .int(-32002),
      "message": .string("The player plays in the active gather."),
      "data": .object([
        "reason": .string("player_in_active_gather")
      ]),
    ]),
    "Forbidden": .object([
      "code": .int(-32003),
      "message": .string("Only a controller may change the state."),
      "data": .object([
        "reason": .string("forbidden")
      ]),
    ]),
    "StorageUnavailable": .object([
      "code": .int(-32603),
      "message": .string(
        """
        The change was not saved because the database cannot be written (disk full, I/O error, read-only, or \
        locked by another program); nothing changed. data.cause says why: disk_full, io_error, read_only, \
        cannot_open or busy. Writes work again once storage recovers, with no restart.
        """),
      "data": .object([
        "reason": .string("storage_unavailable")
      ]),
    ]),
    "PlanNotFound": .object([
      "code": .int(-32001),
      "message": .string("There is no plan with that id."),
      "data": .object([
        "reason": .string("plan_not_found")
      ]),
    ]),
    "PlanCancelled": .object([
      "code": .int(-32002),
      "message": .string("The plan was cancelled; it takes no more answers and no changes."),
      "data": .object([
        "reason": .string("plan_cancelled")
      ]),
    ]),
    "PlanStarted": .object([
      "code": .int(-32002),
      "message": .string("The plan has started as a gather; its list is closed."),
      "data": .object([
        "reason": .string("plan_started")
      ]),
    ]),
    "ScheduleNotFound": .object([
      "code": .int(-32001),
      "message": .string("There is no weekly schedule with this id."),
      "data": .object([
        "reason": .string("schedule_not_found")
      ]),
    ]),
    "PlanExpired": .object([
      "code": .int(-32002),
      "message": .string(
        """
        The plan's start passed long ago and it closed by itself; it takes no more answers and no changes.
        """),
      "data": .object([
        "reason": .string("plan_expired")
      ]),
    ]),
    "PlanNotDue": .object([
      "code": .int(-32002),
      "message": .string(
        """
        The plan starts more than 12 hours from now (the message says when): a gather from it would close its \
        sign-ups early; force: true starts it anyway.
        """),
      "data": .object([
        "reason": .string("plan_not_due")
      ]),
    ]),
    "SameTime": .object([
      "code": .int(-32002),
      "message": .string(
        """
        Another open plan starts at that very time, or another schedule has its games on that day at that time \
        (the message names it); force: true makes or moves the plan or schedule anyway.
        """),
      "data": .object([
        "reason": .string("same_time")
      ]),
    ]),
    "RegularsOnly": .object([
      "code": .int(-32002),
      "message": .string(
        """
        The plan is open to regulars only until it opens to everyone (the message says when).
        """),
      "data": .object([
        "reason": .string("regulars_only")
      ]),
    ]),
    "HeldBack": .object([
      "code": .int(-32002),
      "message": .string(
        """
        The plan is open to regulars only, and this regular's late drop-outs and no-shows (gatherd's strikes \
        setting) make them wait until it opens to everyone (the message says when, and how many).
        """),
      "data": .object([
        "reason": .string("held_back")
      ]),
    ]),
    "TooLateToUndo": .object([
      "code": .int(-32002),
      "message": .string(
        """
        What was to be taken back has been built on, or its time has passed (the message says which and what else \
        can be done).
        """),
      "data": .object([
        "reason": .string("too_late_to_undo")
      ]),
    ]),
  ])
}
