import Foundation

@testable import GatherModel

/// openskill 6.2.0 (PyPI, installed by `make pydeps`) run in a real `python3`, as the oracle the ratings must
/// equal: it rates and predicts a batch of two-team matches in one process.
enum OpenSkillOracle {
  /// One match to ask about, and what openskill answered.
  struct Case {
    var teamA: [Rating]
    var teamB: [Rating]
    var winner: Winner
  }

  struct Answer {
    var teamA: [Rating]
    var teamB: [Rating]
    var winProbability: Double
    var drawProbability: Double
  }

  /// What the oracle says, or a failure that names what is missing.
  struct Unavailable: Error, CustomStringConvertible {
    let description: String
  }

  /// Reads the cases as JSON on standard input and writes each answer as a line of hexadecimal floats (exact).
  static let script = """
    import json, sys
    import openskill
    from openskill.models import PlackettLuce
    assert openskill.__version__ == "6.2.0", "the oracle must be openskill 6.2.0, found " + openskill.__version__
    model = PlackettLuce()
    for case in json.load(sys.stdin):
        a = [model.rating(mu=mu, sigma=sigma) for mu, sigma in case["teamA"]]
        b = [model.rating(mu=mu, sigma=sigma) for mu, sigma in case["teamB"]]
        ranks = {"teamA": [1, 2], "teamB": [2, 1], "none": [1, 1]}[case["winner"]]
        new_a, new_b = model.rate([a, b], ranks=ranks)
        numbers = [model.predict_win([a, b])[0], model.predict_draw([a, b])]
        numbers += [x for p in new_a + new_b for x in (p.mu, p.sigma)]
        print(" ".join(float(x).hex() for x in numbers))
    """

  /// openskill's answers to `cases`, in order.
  static func answers(_ cases: [Case]) throws -> [Answer] {
    // Swift writes each double as the shortest decimal that reads back as the same double, as Python reads it.
    func team(_ ratings: [Rating]) -> String {
      "[" + ratings.map { "[\($0.mu), \($0.sigma)]" }.joined(separator: ",") + "]"
    }
    let input =
      "["
      + cases.map { match in
        "{\"teamA\": \(team(match.teamA)), \"teamB\": \(team(match.teamB)), \"winner\": \"\(match.winner.rawValue)\"}"
      }.joined(separator: ",\n") + "]"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Written from another thread while this one reads, so that neither pipe fills up and blocks.
    let writer = Thread {
      stdin.fileHandleForWriting.write(Data(input.utf8))
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errors = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Unavailable(description: "python3 with openskill 6.2.0 failed (make pydeps installs it): \(errors)")
    }
    let lines = output.split(separator: "\n")
    guard lines.count == cases.count else { throw Unavailable(description: "the oracle answered \(lines.count) cases") }
    return zip(cases, lines).map { match, line in
      let numbers = line.split(separator: " ").map { Double(String($0)) ?? .nan }
      let ratings = stride(from: 2, to: numbers.count - 1, by: 2).map {
        Rating(mu: numbers[$0], sigma: numbers[$0 + 1])
      }
      return Answer(
        teamA: Array(ratings.prefix(match.teamA.count)), teamB: Array(ratings.dropFirst(match.teamA.count)),
        winProbability: numbers[0], drawProbability: numbers[1])
    }
  }
}
