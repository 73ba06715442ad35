import GatherRPC

/// Ratings, form and predictions as gatherctl shows them: the same whole numbers the page shows, each labelled.
extension Render {
  /// What a rating's number means, in one line: `stats --help` and `gather suggest --help` say it.
  static let ratingExplanation = """
    RATING is 0-100 from results, 50 + 2 x (mu - 3 sigma): a cautious estimate. A new amateur starts at 50 \
    (beginner 40, professional 60); it rises as results confirm a level; "settling" until 5 gathers played.
    """

  /// A rating as every screen shows it: "62", or "50 settling" before 5 gathers; "-" without one.
  static func rating(_ rating: JSONValue?) -> String {
    guard let rating, let shown = shownRating(rating) else { return "-" }
    return rating["settling"] == .bool(true) ? "\(shown) settling" : "\(shown)"
  }

  /// The 0–100 number of a rating: its `display`; nil without one.
  static func shownRating(_ rating: JSONValue) -> Int? { rating["display"]?.intValue.map { Int($0) } }

  /// Form as a guide writes it, newest first: "WWDLW"; "-" with no result.
  static func form(_ form: JSONValue?) -> String {
    let letters = (form?.arrayValue ?? []).map { result in
      switch result.stringValue {
      case "win"?: "W"
      case "draw"?: "D"
      case "loss"?: "L"
      default: "?"
      }
    }
    return letters.isEmpty ? "-" : letters.joined()
  }

  /// "Predicted: Team A wins 40%, a draw 20%, Team B wins 40%": the whole percentages the daemon rounded so
  /// that they add up to 100.
  static func prediction(_ prediction: JSONValue, names: JSONValue? = nil) -> String {
    let percent = prediction["percent"]
    let share = { (key: String) in percent?[key]?.intValue.map { "\($0)%" } ?? "-" }
    return "Predicted: \(side("teamA", names)) wins \(share("teamA")), a draw \(share("draw")), "
      + "\(side("teamB", names)) wins \(share("teamB"))"
  }
}
