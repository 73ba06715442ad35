/// The search for rosters too large to try every split: many random valid starts, each improved by the best
/// swap (or, with an odd number of players, move) that keeps the split valid, until none helps.
extension BalancingProblem {
  /// A fair valid split found by seeded local search.
  func searchedSplit(_ generator: inout SeededGenerator) -> [Bool] {
    var best: (split: [Bool], difference: Int)?
    let floor = total & 1  // a difference always has the parity of the total
    for _ in 0..<TeamBalancer.searchStarts {
      var split = randomValidSplit(&generator)
      let difference = improve(&split)
      if difference < (best?.difference ?? .max) { best = (split, difference) }
      if difference == floor { break }
    }
    return best?.split ?? []
  }

  /// A random valid split: each position group shuffled and halved, the odd ones out alternating sides.
  func randomValidSplit(_ generator: inout SeededGenerator) -> [Bool] {
    var members = [[Int]](repeating: [], count: groupCount)
    for player in 0..<count { members[groups[player]].append(player) }
    var split = [Bool](repeating: false, count: count)
    var extraToA = generator.next() & 1 == 0
    for group in generator.shuffled(Array(0..<groupCount)) {
      let shuffled = generator.shuffled(members[group])
      for (position, player) in shuffled.enumerated() {
        if position < shuffled.count / 2 {
          split[player] = true
        } else if position == shuffled.count - 1, shuffled.count % 2 == 1 {
          split[player] = extraToA
          extraToA.toggle()
        }
      }
    }
    return split
  }

  /// Applies the best improving valid swap or move until there is none; returns the difference reached.
  func improve(_ split: inout [Bool]) -> Int {
    var balance = [Int](repeating: 0, count: groupCount)
    var strengthA = 0
    var sizeA = 0
    for player in 0..<count where split[player] {
      balance[groups[player]] += 1
      strengthA += weights[player]
      sizeA += 1
    }
    for player in 0..<count where !split[player] { balance[groups[player]] -= 1 }
    var difference = abs(2 * strengthA - total)
    while true {
      var bestMove: (out: Int?, in: Int?, difference: Int)?
      for x in 0..<count where split[x] {
        for y in 0..<count where !split[y] && canSwap(x, y, balance) {
          let candidate = abs(2 * (strengthA - weights[x] + weights[y]) - total)
          if candidate < (bestMove?.difference ?? difference) { bestMove = (x, y, candidate) }
        }
      }
      let surplus = 2 * sizeA - count  // +1: Team A has one more; −1: Team B has
      for player in 0..<count where surplus != 0 && split[player] == (surplus > 0) {
        guard balance[groups[player]] == surplus else { continue }
        let change = surplus > 0 ? -weights[player] : weights[player]
        let candidate = abs(2 * (strengthA + change) - total)
        if candidate < (bestMove?.difference ?? difference) {
          bestMove = surplus > 0 ? (player, nil, candidate) : (nil, player, candidate)
        }
      }
      guard let move = bestMove else { return difference }
      if let out = move.out {
        split[out] = false
        balance[groups[out]] -= 2
        strengthA -= weights[out]
        sizeA -= 1
      }
      if let into = move.in {
        split[into] = true
        balance[groups[into]] += 2
        strengthA += weights[into]
        sizeA += 1
      }
      difference = move.difference
    }
  }

  /// Whether swapping `x` (Team A) with `y` (Team B) keeps every position even.
  private func canSwap(_ x: Int, _ y: Int, _ balance: [Int]) -> Bool {
    groups[x] == groups[y] || (balance[groups[x]] == 1 && balance[groups[y]] == -1)
  }
}
