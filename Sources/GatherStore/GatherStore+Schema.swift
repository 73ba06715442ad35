extension GatherStore {
  /// The assignments that file a lineup row's start, result and goals once its gather has ended.
  static let lineupResultSQL = """
    startedAt = (SELECT startedAt FROM gather g WHERE g.id = gatherPlayer.gatherId),
    result = (SELECT CASE WHEN gatherPlayer.team NOT IN ('teamA', 'teamB') THEN NULL
      WHEN g.winner = 'none' THEN 'draw' WHEN g.winner = gatherPlayer.team THEN 'win' ELSE 'loss' END
      FROM gather g WHERE g.id = gatherPlayer.gatherId AND g.status = 'ended'),
    goals = (SELECT COUNT(*) FROM scoreEvent se
      WHERE se.gatherId = gatherPlayer.gatherId AND se.kind = 'goal' AND se.scorerId = gatherPlayer.playerId)
    """

  /// The schema, as a list of migrations applied in order; never edit one that has shipped, add a new one.
  ///
  /// Times are integers of milliseconds since 1970. Deleting a player keeps history readable: the rows that
  /// named the player keep the name they had and lose only the link (`ON DELETE SET NULL`). The statements are
  /// those GRDB's `create(table:)` and `alter(table:)` write: a database that GRDB's migrator made goes on
  /// here, and a new one gets the same schema, word for word (`sqlite3 FILE .schema`).
  static var migrator: SQLiteMigrator {
    var migrator = SQLiteMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        """
        CREATE TABLE "player" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "age" INTEGER, \
        "position" TEXT, "skill" TEXT, "favouriteTeam" TEXT);
        CREATE TABLE "gather" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "status" TEXT NOT NULL CHECK ("status" IN ('active', 'ended')), "startedAt" INTEGER NOT NULL, \
        "endedAt" INTEGER, "scoreA" INTEGER NOT NULL DEFAULT 0, "scoreB" INTEGER NOT NULL DEFAULT 0, \
        "winner" TEXT, "clockState" TEXT NOT NULL, "clockDurationMs" INTEGER NOT NULL, \
        "clockRemainingMs" INTEGER NOT NULL, "clockEndsAt" INTEGER);
        CREATE UNIQUE INDEX gather_one_active ON gather(status) WHERE status = 'active';
        CREATE TABLE "gatherPlayer" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "gatherId" INTEGER NOT NULL REFERENCES "gather"("id") ON DELETE CASCADE, \
        "playerId" INTEGER REFERENCES "player"("id") ON DELETE SET NULL, "playerName" TEXT NOT NULL, \
        "team" TEXT NOT NULL, UNIQUE ("gatherId", "playerId"));
        CREATE INDEX "gatherPlayer_on_gatherId" ON "gatherPlayer"("gatherId");
        CREATE INDEX "gatherPlayer_on_playerId" ON "gatherPlayer"("playerId");
        CREATE TABLE "scoreEvent" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "gatherId" INTEGER NOT NULL REFERENCES "gather"("id") ON DELETE CASCADE, "kind" TEXT NOT NULL, \
        "team" TEXT, "scorerId" INTEGER REFERENCES "player"("id") ON DELETE SET NULL, "scorerName" TEXT, \
        "matchTimeMs" INTEGER NOT NULL, "scoreA" INTEGER NOT NULL, "scoreB" INTEGER NOT NULL, \
        "recordedAt" INTEGER NOT NULL);
        CREATE INDEX "scoreEvent_on_gatherId" ON "scoreEvent"("gatherId");
        CREATE INDEX "scoreEvent_on_scorerId" ON "scoreEvent"("scorerId");
        """)
    }
    // Stats: each lineup row of an ended gather keeps the gather's start, how it went for the
    // player (win, draw or loss; null on the bench or while the gather is active) and their goals, so that
    // stats add up one covering index instead of joining all of history. Existing history is filled in.
    migrator.registerMigration("v2-stats") { db in
      try db.execute(
        """
        ALTER TABLE "gatherPlayer" ADD COLUMN "startedAt" INTEGER;
        ALTER TABLE "gatherPlayer" ADD COLUMN "result" TEXT;
        ALTER TABLE "gatherPlayer" ADD COLUMN "goals" INTEGER NOT NULL DEFAULT 0;
        """)
      try db.execute("UPDATE gatherPlayer SET " + Self.lineupResultSQL + " WHERE TRUE")
      try db.execute(
        """
        CREATE INDEX gatherPlayer_stats ON gatherPlayer(playerId, result, startedAt, goals)
        WHERE result IS NOT NULL
        """)
    }
    // Periods, half-time and added time. Existing gathers and goals keep one period.
    migrator.registerMigration("v3-periods") { db in
      try db.execute(
        """
        ALTER TABLE "gather" ADD COLUMN "clockPeriods" INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE "gather" ADD COLUMN "clockBreakMs" INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE "gather" ADD COLUMN "clockPeriod" INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE "gather" ADD COLUMN "clockAddedMs" INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE "scoreEvent" ADD COLUMN "period" INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE "scoreEvent" ADD COLUMN "periods" INTEGER NOT NULL DEFAULT 1;
        """)
    }
    // History keeps a deleted player's position beside the name (filled in by deletePlayer).
    migrator.registerMigration("gatherPlayer.playerPosition") { db in
      try db.execute(#"ALTER TABLE "gatherPlayer" ADD COLUMN "playerPosition" TEXT"#)
    }
    // Ratings: each player's learned rating (μ, σ); each lineup row of an ended gather, on Team A or
    // Team B, the rating the gather left the player with; and each row of the active gather the rating the player
    // joined with (its prediction's). A deleted player's rows keep their id and declared skill, so a replay still
    // knows who they were and their prior. Existing history is replayed into ratings here.
    //
    // The ratings after each gather have a narrow table of their own, which a replay writes again whole, in id
    // order: 120,000 rows for 10,000 gathers take a fifth of a second, where updating them in gatherPlayer's wide
    // rows took twice that. It has no foreign key, which would cost a lookup per row: only the store writes it, in
    // the transaction that rates the lineup row it belongs to, and a gather deleted from history is followed by a
    // replay, which writes the table again without its rows.
    migrator.registerMigration("ratings") { db in
      try db.execute(
        """
        ALTER TABLE "player" ADD COLUMN "ratingMu" REAL NOT NULL DEFAULT 25;
        ALTER TABLE "player" ADD COLUMN "ratingSigma" REAL NOT NULL DEFAULT 8.333333333333334;
        ALTER TABLE "gatherPlayer" ADD COLUMN "formerPlayerId" INTEGER;
        ALTER TABLE "gatherPlayer" ADD COLUMN "playerSkill" TEXT;
        ALTER TABLE "gatherPlayer" ADD COLUMN "kickOffMu" REAL;
        ALTER TABLE "gatherPlayer" ADD COLUMN "kickOffSigma" REAL;
        CREATE TABLE "gatherPlayerRating" ("gatherPlayerId" INTEGER PRIMARY KEY, "mu" REAL NOT NULL,
          "sigma" REAL NOT NULL);
        """)
      try Self.replayRatings(db)
      try db.execute(
        """
        UPDATE gatherPlayer SET kickOffMu = p.ratingMu, kickOffSigma = p.ratingSigma
        FROM player p WHERE p.id = gatherPlayer.playerId
          AND gatherPlayer.gatherId IN (SELECT id FROM gather WHERE status = 'active')
        """)
    }
    // Team names: what the sides are called; existing gathers keep "Team A" and "Team B".
    migrator.registerMigration("gather.teamNames") { db in
      try db.execute(
        """
        ALTER TABLE "gather" ADD COLUMN "teamAName" TEXT NOT NULL DEFAULT 'Team A';
        ALTER TABLE "gather" ADD COLUMN "teamBName" TEXT NOT NULL DEFAULT 'Team B';
        """)
    }
    // Match minutes: each goal keeps the regular length of its match's periods, which its minute
    // counts from. Existing goals take their gather's, as last set.
    migrator.registerMigration("scoreEvent.periodLengthMs") { db in
      try db.execute(#"ALTER TABLE "scoreEvent" ADD COLUMN "periodLengthMs" INTEGER NOT NULL DEFAULT 0"#)
      try db.execute(
        """
        UPDATE scoreEvent SET periodLengthMs = (SELECT g.clockDurationMs FROM gather g WHERE g.id = scoreEvent.gatherId)
        """)
    }
    // Plans: coming gathers and who answered. A sign-up row is one player's latest answer to one plan
    // ('in' or 'out'); `turn` orders a plan's answers as they were given (the queue of those in is the order they
    // joined), `joinedAt` keeps that they joined at some point and `leftAt` when they last left, for attendance.
    // The player's id has no foreign key: a deleted player's answers to closed plans keep their id and name for
    // history, and their answers to open plans are deleted with them. A gather keeps the plan it came from.
    migrator.registerMigration("plans") { db in
      try db.execute(
        """
        CREATE TABLE "plan" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "status" TEXT NOT NULL CHECK ("status" IN ('open', 'cancelled', 'started')), "startsAt" INTEGER NOT NULL, \
        "utcOffset" INTEGER NOT NULL, "capacity" INTEGER NOT NULL, "place" TEXT, "note" TEXT, "signUpCode" TEXT, \
        "createdAt" INTEGER NOT NULL, "closedAt" INTEGER);
        CREATE INDEX "plan_open" ON "plan"("startsAt") WHERE "status" = 'open';
        CREATE TABLE "planSignUp" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "planId" INTEGER NOT NULL REFERENCES "plan"("id") ON DELETE CASCADE, "playerId" INTEGER NOT NULL, \
        "playerName" TEXT NOT NULL, "answer" TEXT NOT NULL CHECK ("answer" IN ('in', 'out')), \
        "answeredAt" INTEGER NOT NULL, "turn" INTEGER NOT NULL, "joinedAt" INTEGER, "leftAt" INTEGER, \
        "guest" INTEGER NOT NULL DEFAULT 0, UNIQUE ("planId", "playerId"));
        CREATE INDEX "planSignUp_on_playerId" ON "planSignUp"("playerId");
        ALTER TABLE "gather" ADD COLUMN "planId" INTEGER REFERENCES "plan"("id");
        CREATE INDEX "gather_on_planId" ON "gather"("planId") WHERE "planId" IS NOT NULL;
        """)
    }
    // Who turned up: a plan's check-in, one row per player checked (there, or going and not there), in the order
    // a gather started from the plan takes them. Like a sign-up row, it keeps the player's id without a foreign
    // key, and the name.
    migrator.registerMigration("plan.checkIn") { db in
      try db.execute(
        """
        ALTER TABLE "plan" ADD COLUMN "checkedInAt" INTEGER;
        CREATE TABLE "planCheckIn" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, \
        "planId" INTEGER NOT NULL REFERENCES "plan"("id") ON DELETE CASCADE, "playerId" INTEGER NOT NULL, \
        "playerName" TEXT NOT NULL, \
        "presence" TEXT NOT NULL CHECK ("presence" IN ('going', 'waiting', 'walkIn', 'noShow')), \
        "guest" INTEGER NOT NULL DEFAULT 0, UNIQUE ("planId", "playerId"));
        CREATE INDEX "planCheckIn_on_playerId" ON "planCheckIn"("playerId");
        """)
    }
    // Regulars: a player the organiser marked regular may join a schedule's plans before everyone.
    migrator.registerMigration("player.regular") { db in
      try db.execute(#"ALTER TABLE "player" ADD COLUMN "regular" BOOLEAN NOT NULL DEFAULT 0"#)
    }
    // A plan whose start passed long ago closes by itself: 'expired', a status its CHECK did not allow.
    migrator.registerMigration("plan.expired") { db in try Self.allowExpiredPlans(db) }
    // Weekly schedules that open each week's plan by themselves, and each plan's terms: the schedule that made
    // it, the regulars' head start and when it opens to everyone, its reminders and the last one sent.
    migrator.registerMigration("planSchedule") { db in try db.execute(Self.scheduleSchemaSQL) }
    // The plans' calendar feed: one code for the whole daemon, made when a controller first asks for its link.
    migrator.registerMigration("calendarFeed") { db in
      try db.execute(
        """
        CREATE TABLE "calendarFeed" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "code" TEXT NOT NULL, \
        "createdAt" INTEGER NOT NULL)
        """)
    }
    // Man of the match: each ended gather's vote, with when it closes, its link's code and when it closed
    // (motmVote); its candidates, those who played, with the votes each received and whether they won (motmTally);
    // and who has voted (motmVoter). Nothing links a voter to a choice: both tables get a row per candidate when the
    // vote opens, in player order, and a vote only sets its voter's flag and adds one to its choice's count, in place
    // (a flag from 0 to 1 keeps the row's size, so SQLite rewrites it where it lies), with no time and no row of its
    // own. They keep the player's id without a foreign key, and the name, as a sign-up row does.
    migrator.registerMigration("motm.votes") { db in
      try db.execute(
        """
        CREATE TABLE "motmVote" ("gatherId" INTEGER PRIMARY KEY REFERENCES "gather"("id") ON DELETE CASCADE, \
        "closesAt" INTEGER NOT NULL, "code" TEXT NOT NULL, "closedAt" INTEGER);
        CREATE TABLE "motmTally" ("gatherId" INTEGER NOT NULL REFERENCES "motmVote"("gatherId") ON DELETE CASCADE, \
        "playerId" INTEGER NOT NULL, "playerName" TEXT NOT NULL, "team" TEXT NOT NULL, \
        "votes" INTEGER NOT NULL DEFAULT 0, "winner" INTEGER NOT NULL DEFAULT 0, \
        PRIMARY KEY ("gatherId", "playerId")) WITHOUT ROWID;
        CREATE INDEX "motmTally_winners" ON "motmTally"("playerId") WHERE "winner" = 1;
        CREATE TABLE "motmVoter" ("gatherId" INTEGER NOT NULL REFERENCES "motmVote"("gatherId") ON DELETE CASCADE, \
        "playerId" INTEGER NOT NULL, "voted" INTEGER NOT NULL DEFAULT 0, \
        PRIMARY KEY ("gatherId", "playerId")) WITHOUT ROWID;
        """)
    }
    // Who paid for the pitch: a plan's or a gather's cost in minor units of its currency, and who pays a guest's
    // share (feeGuests: 'themselves' or 'host'); who brought each guest to a plan (planSignUp.broughtBy; null,
    // a guest is their own host); and the ledger (feeEntry), which is only ever added to: its triggers
    // refuse any change or deletion of a line. A line keeps the player's id without a foreign key, and the name.
    migrator.registerMigration("fees") { db in
      try db.execute(
        """
        ALTER TABLE "plan" ADD COLUMN "feeAmount" INTEGER;
        ALTER TABLE "plan" ADD COLUMN "feeCurrency" TEXT;
        ALTER TABLE "plan" ADD COLUMN "feeGuests" TEXT;
        ALTER TABLE "gather" ADD COLUMN "feeAmount" INTEGER;
        ALTER TABLE "gather" ADD COLUMN "feeCurrency" TEXT;
        ALTER TABLE "gather" ADD COLUMN "feeGuests" TEXT;
        ALTER TABLE "planSignUp" ADD COLUMN "broughtBy" INTEGER;
        CREATE TABLE "feeEntry" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "at" INTEGER NOT NULL, \
        "playerId" INTEGER NOT NULL, "playerName" TEXT NOT NULL, \
        "kind" TEXT NOT NULL CHECK ("kind" IN ('charge', 'payment', 'correction')), "amount" INTEGER NOT NULL, \
        "currency" TEXT NOT NULL, "gatherId" INTEGER, "forPlayerId" INTEGER, "forPlayerName" TEXT, "note" TEXT);
        CREATE INDEX "feeEntry_on_playerId" ON "feeEntry"("playerId");
        CREATE INDEX "feeEntry_on_gatherId" ON "feeEntry"("gatherId") WHERE "gatherId" IS NOT NULL;
        """ + Self.feeLedgerTriggersSQL)
    }
    // How many times each plan's start or status changed, the calendar's SEQUENCE; a plan already closed counts
    // one, as the feed said of a cancelled plan before.
    migrator.registerMigration("plan.sequence") { db in
      try db.execute(
        """
        ALTER TABLE "plan" ADD COLUMN "sequence" INTEGER NOT NULL DEFAULT 0;
        UPDATE "plan" SET "sequence" = 1 WHERE "status" <> 'open';
        """)
    }
    Self.registerOrganiserMigrations(&migrator)
    Self.registerAttendanceMigrations(&migrator)
    Self.registerDeviceMigrations(&migrator)
    return migrator
  }
}
