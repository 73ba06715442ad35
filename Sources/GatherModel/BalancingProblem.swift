/// The numbers the balancer works on: ratings and position groups by index.
struct BalancingProblem {
  let ratings: [Int]
  let groups: [Int]
  let groupCount: Int
  let total: Int

  init(_ candidates: [Candidate]) {
    var index: [String: Int] = [:]
    for candidate in candidates where index[candidate.group] == nil { index[candidate.group] = index.count }
    ratings = candidates.map(\.rating)
    groups = candidates.map { index[$0.group] ?? 0 }
    groupCount = index.count
    total = ratings.reduce(0, +)
  }

  var count: Int { ratings.count }

  /// Every valid split with player 0 in Team A (the mirror images are the same split), and one of the
  /// fairest picked by `generator`.
  func fairestSplit(_ generator: inout SeededGenerator) -> [Bool] {
    var groupMasks = [Int](repeating: 0, count: groupCount)
    for player in 0..<count { groupMasks[groups[player]] |= 1 << player }
    var best = Int.max
    var fairest: [Int] = []
    for half in 0..<(1 << (count - 1)) {
      let mask = half << 1 | 1
      guard abs(2 * mask.nonzeroBitCount - count) <= 1,
        groupMasks.allSatisfy({ abs(2 * ($0 & mask).nonzeroBitCount - $0.nonzeroBitCount) <= 1 })
      else { continue }
      var strength = 0
      for player in 0..<count where mask & (1 << player) != 0 { strength += ratings[player] }
      let difference = abs(2 * strength - total)
      if difference < best {
        best = difference
        fairest = [mask]
      } else if difference == best {
        fairest.append(mask)
      }
    }
    let mask = fairest[generator.below(fairest.count)]
    return (0..<count).map { mask & (1 << $0) != 0 }
  }
}
