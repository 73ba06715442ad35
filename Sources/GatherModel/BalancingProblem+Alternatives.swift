/// The next fairest splits beyond the exact limit: the local optima of more seeded starts, and every valid split
/// one swap (or, with an odd number of players, one move) away from the fairest, ranked by difference.
extension BalancingProblem {
  /// Up to `count` valid splits other than `best`, different from each other, fairest first; equally fair ones
  /// in an order `seed` shuffles. `best` itself does not depend on them: they come from a generator of their own.
  func searchedAlternatives(to best: [Bool], count: Int, seed: UInt64) -> [[Bool]] {
    var found: [UInt64: (split: [Bool], difference: Int)] = [:]
    func consider(_ split: [Bool]) {
      let key = Self.key(of: split)
      if found[key] == nil { found[key] = (split, difference(of: split)) }
    }
    for neighbour in neighbours(of: best) { consider(neighbour) }
    var generator = SeededGenerator(seed: SeededGenerator.mix(seed, 0xA17E_57A7_1FE5))
    for _ in 0..<TeamBalancer.searchStarts {
      var split = randomValidSplit(&generator)
      _ = improve(&split)
      consider(split)
    }
    found[Self.key(of: best)] = nil
    return found.sorted { lhs, rhs in
      (lhs.value.difference, SeededGenerator.mix(lhs.key, seed)) < (
        rhs.value.difference, SeededGenerator.mix(rhs.key, seed)
      )
    }.prefix(count).map(\.value.split)
  }

  /// The players on player 0's side, as bits: the same for a split and its mirror image.
  static func key(of split: [Bool]) -> UInt64 {
    var key: UInt64 = 0
    for (player, inA) in split.enumerated() where inA == split[0] { key |= 1 << UInt64(player) }
    return key
  }

  /// The difference in strength of a split.
  func difference(of split: [Bool]) -> Int {
    var strengthA = 0
    for player in 0..<count where split[player] { strengthA += weights[player] }
    return abs(2 * strengthA - total)
  }

  /// Every valid split that one swap between the sides, or one move from the bigger side, makes of `split`.
  func neighbours(of split: [Bool]) -> [[Bool]] {
    var balance = [Int](repeating: 0, count: groupCount)
    for player in 0..<count { balance[groups[player]] += split[player] ? 1 : -1 }
    var result: [[Bool]] = []
    for x in 0..<count where split[x] {
      for y in 0..<count where !split[y] {
        guard groups[x] == groups[y] || (balance[groups[x]] == 1 && balance[groups[y]] == -1) else { continue }
        var swapped = split
        swapped[x] = false
        swapped[y] = true
        result.append(swapped)
      }
    }
    let surplus = 2 * split.count(where: { $0 }) - count
    for player in 0..<count where surplus != 0 && split[player] == (surplus > 0) {
      guard balance[groups[player]] == surplus else { continue }
      var moved = split
      moved[player].toggle()
      result.append(moved)
    }
    return result
  }
}
