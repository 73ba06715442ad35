import GatherRPC

extension API {
  /// What fees.setCost answers: the plan or the active gather whose cost was set, as it now is, or, for a gather
  /// that ended without a cost, the lines its cost charged at once.
  public enum CostChange: Decodable, Sendable, Equatable {
    /// The plan's cost was set.
    case plan(API.Plan)
    /// The active gather's own cost was set.
    case gather(API.Gather)
    /// An ended gather's cost was charged to those who played.
    case charged(gather: API.Id, entries: [API.FeeEntry])

    private enum Keys: String, CodingKey {
      case gather, charged, startsAt, timer
    }

    /// Reads whichever of the three it is: `{gather, charged}`, a plan (it has `startsAt`), or a gather.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      if container.contains(.charged) {
        self = .charged(
          gather: try container.decode(API.Id.self, forKey: .gather),
          entries: try container.decode([API.FeeEntry].self, forKey: .charged))
      } else if container.contains(.startsAt) {
        self = .plan(try API.Plan(from: decoder))
      } else {
        self = .gather(try API.Gather(from: decoder))
      }
    }
  }
}
