import GatherAPI

/// Ratings, form and predictions as gatherctl shows them: the same whole numbers the page shows, each labelled.
extension Render {
  /// What a rating's number means, in one line: `stats --help` and `gather suggest --help` say it.
  static let ratingExplanation = """
    RATING is 0-100 from results, 50 + 2 x (mu - 3 sigma): a cautious estimate. A new amateur starts at 50 \
    (beginner 40, professional 60); it rises as results confirm a level; "settling" until 5 gathers played.
    """

  /// A rating as every screen shows it: "62", or "50 settling" before 5 gathers.
  static func rating(_ rating: API.Rating) -> String {
    rating.settling ? "\(rating.display) settling" : "\(rating.display)"
  }

  /// Form as a guide writes it, newest first: "WWDLW"; "-" with no result.
  static func form(_ form: [API.MatchResult]) -> String {
    let letters = form.map { result in
      switch result {
      case .win: "W"
      case .draw: "D"
      case .loss: "L"
      }
    }
    return letters.isEmpty ? "-" : letters.joined()
  }

  /// "Predicted: Team A wins 40%, a draw 20%, Team B wins 40%": the whole percentages the daemon rounded so
  /// that they add up to 100.
  static func prediction(_ percent: API.Percent, names: API.TeamNames? = nil) -> String {
    "Predicted: \(side(.teamA, names)) wins \(percent.teamA)%, a draw \(percent.draw)%, "
      + "\(side(.teamB, names)) wins \(percent.teamB)%"
  }
}
