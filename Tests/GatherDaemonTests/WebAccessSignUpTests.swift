import GatherModel
import NIOCore
import NIOHTTP1
import Testing

@testable import GatherDaemon

/// Links' codes (plans' sign-up codes, gathers' vote codes) presented like the control token: what each opens, and
/// wrong codes limited with wrong tokens.
@Suite struct WebAccessSignUpTests {
  let client = WebClient(try! SocketAddress(ipAddress: "192.168.1.20", port: 51234))
  let access = WebAccess(token: "0123456789abcdef")

  /// Plan 3's code is "code-of-plan-3", cancelled plan 2's "code-of-plan-2", gather 7's open vote's
  /// "code-of-vote-7" and gather 6's closed vote's "code-of-vote-6"; nothing else is a link's.
  static func lookUp(_ code: [UInt8]) -> WebAccess.Access? {
    switch String(decoding: code, as: UTF8.self) {
    case "code-of-plan-3": .granted(CodeGrant(scope: .plan(3), code: code))
    case "code-of-plan-2":
      .closedPlan(ClosedPlan(id: 2, status: .cancelled, gatherID: nil, signUpCode: "code-of-plan-2"), vote: nil)
    case "code-of-vote-7": .granted(CodeGrant(scope: .vote(gather: 7), code: code))
    case "code-of-vote-6": .closedVote(CodeGrant(scope: .vote(gather: 6), code: code))
    default: nil
    }
  }

  func opens(_ text: String, from client: WebClient? = nil) -> String {
    switch access.access(Array(text.utf8), from: client ?? self.client, codes: Self.lookUp) {
    case .control: "control"
    case .device(let device): "device \(device.id)"
    case .granted(let grant):
      switch grant.scope {
      case .plan(let plan): "plan \(plan)"
      case .vote(let gather): "vote of gather \(gather)"
      }
    case .closedPlan(let plan, _): "plan \(plan.id), \(plan.status.rawValue)"
    case .closedVote(let grant):
      switch grant.scope {
      case .plan(let plan): "plan \(plan), closed"
      case .vote(let gather): "vote of gather \(gather), closed"
      }
    case .wrong: "wrong"
    case .tooMany: "too many"
    }
  }

  @Test func theTokenOpensTheMatchAndACodeItsPlan() {
    #expect(opens("0123456789abcdef") == "control")
    #expect(opens("code-of-plan-3") == "plan 3")
    #expect(opens("code-of-plan-4") == "wrong")
    #expect(opens("code-of-plan-2") == "plan 2, cancelled", "a closed plan's code is known, and opens nothing")
    #expect(opens("code-of-vote-7") == "vote of gather 7")
    #expect(opens("code-of-vote-6") == "vote of gather 6, closed", "a closed vote's code is known, and opens nothing")
    let bearer = access.bearerAccess(
      in: HTTPHeaders([("Authorization", "Bearer code-of-plan-3")]), from: client, codes: Self.lookUp)
    if case .granted(let grant)? = bearer {
      #expect(grant.scope == .plan(3) && grant.kind == .plan)
    } else {
      Issue.record("not a sign-up: \(bearer as Any)")
    }
    #expect(access.bearerAccess(in: HTTPHeaders(), from: client, codes: Self.lookUp) == nil)
  }

  @Test func wrongCodesCountAndARightCodeForgetsNone() {
    for index in 0..<4 { #expect(opens("wrong-\(index)") == "wrong") }
    #expect(opens("code-of-plan-3") == "plan 3")
    #expect(opens("code-of-plan-2") == "plan 2, cancelled", "a closed plan's code is no wrong guess")
    #expect(opens("wrong-4") == "wrong")
    #expect(opens("code-of-plan-3") == "too many", "the fifth wrong one still counted")
    #expect(opens("0123456789abcdef") == "too many")
    let other = WebClient(try! SocketAddress(ipAddress: "192.168.1.21", port: 40000))
    #expect(opens("code-of-plan-3", from: other) == "plan 3")
  }
}
