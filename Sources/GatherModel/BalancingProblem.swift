/// The numbers the balancer works on: whole-number weights and position groups by index.
struct BalancingProblem {
  let weights: [Int]
  let groups: [Int]
  let groupCount: Int
  let total: Int

  init(_ candidates: [Candidate], basis: TeamBalancer.Basis) {
    var index: [String: Int] = [:]
    for candidate in candidates where index[candidate.group] == nil { index[candidate.group] = index.count }
    weights = candidates.map(basis.weight(of:))
    groups = candidates.map { index[$0.group] ?? 0 }
    groupCount = index.count
    total = weights.reduce(0, +)
  }

  var count: Int { weights.count }

  /// A valid split as a bit mask of Team A's players, and its difference in strength.
  struct MaskedSplit {
    let mask: Int
    let difference: Int
  }

  /// Every valid split with player 0 in Team A (the mirror images are the same split), in the order of their
  /// masks.
  func validSplits() -> [MaskedSplit] {
    var groupMasks = [Int](repeating: 0, count: groupCount)
    for player in 0..<count { groupMasks[groups[player]] |= 1 << player }
    var splits: [MaskedSplit] = []
    for half in 0..<(1 << (count - 1)) {
      let mask = half << 1 | 1
      guard abs(2 * mask.nonzeroBitCount - count) <= 1,
        groupMasks.allSatisfy({ abs(2 * ($0 & mask).nonzeroBitCount - $0.nonzeroBitCount) <= 1 })
      else { continue }
      var strength = 0
      for player in 0..<count where mask & (1 << player) != 0 { strength += weights[player] }
      splits.append(MaskedSplit(mask: mask, difference: abs(2 * strength - total)))
    }
    return splits
  }

  /// One of the fairest of `splits`, picked by `generator`.
  func fairest(of splits: [MaskedSplit], _ generator: inout SeededGenerator) -> Int {
    let best = splits.map(\.difference).min() ?? 0
    let fairest = splits.filter { $0.difference == best }
    return fairest[generator.below(fairest.count)].mask
  }

  /// The `count` fairest of `splits` other than `chosen`, fairest first; equally fair ones in an order `seed`
  /// shuffles, so another seed offers other alternatives.
  func nextFairest(of splits: [MaskedSplit], after chosen: Int, count: Int, seed: UInt64) -> [[Bool]] {
    let ranked = splits.filter { $0.mask != chosen }.sorted { lhs, rhs in
      (lhs.difference, SeededGenerator.mix(UInt64(lhs.mask), seed))
        < (rhs.difference, SeededGenerator.mix(UInt64(rhs.mask), seed))
    }
    return ranked.prefix(count).map { sides(of: $0.mask) }
  }

  /// The split a mask gives: `true` for Team A.
  func sides(of mask: Int) -> [Bool] {
    (0..<count).map { mask & (1 << $0) != 0 }
  }
}
