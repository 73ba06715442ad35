/// The words closest to one that matched nothing, for "did you mean …": a player's name typed in a hurry
/// ("fatma" for Fatima), a side, a subcommand. Compared ignoring case, by edit distance (a letter added, dropped,
/// changed, or two swapped), and a word of two letters or more that begins a name, or a word of it, counts as one
/// edit ("Fede" for Federico, "Mo" for "Mo Salah"). Only names within a few edits are offered, the closest first.
enum Closest {
  /// The most names offered.
  static let limit = 3

  /// The candidates whose `name` is close to `typed`, closest first (then in their order), at most `limit`.
  static func matches<Candidate>(
    to typed: String, among candidates: [Candidate], name: (Candidate) -> String
  ) -> [Candidate] {
    let word = typed.lowercased()
    // One edit from the third letter on, two from the sixth, three from the ninth; a word of one or two letters
    // only as the beginning of a name.
    let allowed = word.count < 3 ? 0 : max(1, word.count / 3)
    let scored = candidates.enumerated().compactMap { index, candidate -> (Int, Int, Candidate)? in
      let score = Self.score(word, name(candidate).lowercased())
      return score <= max(allowed, 1) && (score <= allowed || Self.begins(word, name(candidate).lowercased()))
        ? (score, index, candidate) : nil
    }
    return scored.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(limit).map(\.2)
  }

  /// The names close to `typed`, without repeats.
  static func names(to typed: String, among names: [String]) -> [String] {
    var seen = Set<String>()
    return matches(to: typed, among: names.filter { seen.insert($0.lowercased()).inserted }) { $0 }
  }

  /// "Fatima", "Fatima or Fatma", "Ana, Ana Lopes or Anna".
  static func alternatives(_ words: [String]) -> String {
    guard let last = words.last else { return "" }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
  }

  /// How far `name` is from `word` (both lower-cased): the edits from one to the other, or 1 when `word` begins
  /// the name or one of its words.
  private static func score(_ word: String, _ name: String) -> Int {
    let words = name.split(separator: " ").map(String.init)
    if begins(word, name) { return name == word ? 0 : 1 }
    return ([name] + (words.count > 1 ? words : [])).map { distance(word, $0) }.min() ?? Int.max
  }

  /// Whether `word`, of two letters or more, begins `name` or one of its words.
  private static func begins(_ word: String, _ name: String) -> Bool {
    word.count >= 2 && (name.hasPrefix(word) || name.split(separator: " ").contains { $0.hasPrefix(word) })
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
  static func distance(_ left: String, _ right: String) -> Int {
    let a = Array(left)
    let b = Array(right)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
