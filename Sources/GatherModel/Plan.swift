import struct FoundationEssentials.Date

/// A coming gather: when and where, how many can play, and who said they are coming.
///
/// Everyone who said "I'm in" stands in one queue, in the order they joined, and the first `capacity` of it
/// are going; the rest wait. So the order people joined decides everything:
/// - a going player who leaves lets the first waiting one move up;
/// - a higher capacity moves the first waiting ones up, in order;
/// - a lower capacity moves the last to join among the going back to the head of the waiting list, where they
///   stay ahead of everyone who joined after them;
/// - leaving and joining again goes to the back of the queue.
///
/// Those who said no are kept apart, in the order they answered. On the night, the referee checks in who
/// turned up (`CheckIn`), and a gather started from the plan takes them. Only an open plan takes answers and
/// changes; a cancelled or started one is closed for good.
public struct Plan: Sendable, Hashable, Identifiable {
  /// A plan's identity, assigned by the store.
  public typealias ID = Int64

  /// Whether a plan still takes answers.
  public enum Status: String, Sendable, Hashable, CaseIterable {
    /// Taking answers.
    case open
    /// Called off; its sign-up code no longer works.
    case cancelled
    /// Turned into a gather (`gather.start {plan}`).
    case started
    /// Closed by itself once its start had passed by more than the daemon's expiry (`PlanTimes`).
    case expired
  }

  /// The identity.
  public let id: ID
  /// When, where and how many.
  public internal(set) var details: PlanDetails
  /// Open, cancelled or started.
  public internal(set) var status: Status
  /// When it was made.
  public let createdAt: Date
  /// Everyone who said "I'm in", in the order they joined: the first `capacity` are going, the rest waiting.
  public internal(set) var queue: [SignUp]
  /// Everyone who said no or left, in the order they answered.
  public internal(set) var declined: [SignUp]
  /// The code of the sign-up link: while the plan is open it lets anyone holding it answer for this plan; once the
  /// plan is closed it only tells what became of it (`ClosedPlan`).
  public internal(set) var signUpCode: String?
  /// The gather it started, once started.
  public internal(set) var gatherID: Int64?
  /// Who turned up, once the referee checked them in.
  public internal(set) var checkIn: CheckIn?
  /// What it costs and who pays a guest's share, if the organiser said (Plan+Fee.swift).
  public internal(set) var fee: Fee?
  /// The schedule that made it, the regulars' head start and the reminders (Plan+Terms.swift).
  public internal(set) var terms: PlanTerms
  /// How many times its start or its status changed since it was made (the calendar's SEQUENCE, RFC 5545): every
  /// such change adds one, here and in the store, so it only grows, across restarts too.
  public internal(set) var sequence: Int
  /// The places offered to waiting players and not yet taken (Plan+Offers.swift).
  public internal(set) var offers: [PlanOffer] = []

  /// A plan as made or as restored from the store.
  public init(
    id: ID, details: PlanDetails, status: Status = .open, createdAt: Date, queue: [SignUp] = [],
    declined: [SignUp] = [], signUpCode: String? = nil, gatherID: Int64? = nil, checkIn: CheckIn? = nil,
    terms: PlanTerms = PlanTerms(), sequence: Int = 0
  ) {
    self.sequence = sequence
    self.id = id
    self.details = details
    self.status = status
    self.createdAt = createdAt
    self.queue = queue
    self.declined = declined
    self.signUpCode = signUpCode
    self.gatherID = gatherID
    self.checkIn = checkIn
    self.terms = terms
  }

  /// The going players, in the order they joined: the first `capacity` of the queue but those offered a place.
  public var going: ArraySlice<SignUp> {
    offers.isEmpty
      ? queue.prefix(details.capacity) : ArraySlice(queue.prefix(details.capacity).filter { !isOffered($0.player) })
  }
  /// The waiting players, first to move up first: those offered a place, then the rest.
  public var waiting: ArraySlice<SignUp> {
    offers.isEmpty
      ? queue.dropFirst(details.capacity)
      : ArraySlice(queue.prefix(details.capacity).filter { isOffered($0.player) } + queue.dropFirst(details.capacity))
  }
  /// The places still free.
  public var placesLeft: Int { max(0, details.capacity - queue.count) }

  /// Where a player stands, or nil when they have not answered.
  public func answer(of player: Player.ID) -> PlanChange.Answer? {
    if let index = queue.firstIndex(where: { $0.player == player }) {
      return index < details.capacity && !isOffered(player) ? .going : .waiting
    }
    return declined.contains { $0.player == player } ? .notGoing : nil
  }

  /// Throws the plan's own error unless it is open.
  public func requireOpen() throws(GatherError) {
    switch status {
    case .open: return
    case .cancelled: throw .planCancelled(id)
    case .started: throw .planStarted(id)
    case .expired: throw .planExpired(id)
    }
  }
}
