import GatherModel
import NIOCore
import NIOHTTP1
import Testing

@testable import GatherDaemon

/// Plans' sign-up codes presented like the control token: what each opens, and wrong codes limited
/// with wrong tokens.
@Suite struct WebAccessSignUpTests {
  let client = WebClient(try! SocketAddress(ipAddress: "192.168.1.20", port: 51234))
  let access = WebAccess(token: "0123456789abcdef")

  /// Plan 3's code is "code-of-plan-3", and cancelled plan 2's "code-of-plan-2"; nothing else is a plan's.
  static func lookUp(_ code: [UInt8]) -> WebAccess.Access? {
    switch String(decoding: code, as: UTF8.self) {
    case "code-of-plan-3": .signUp(SignUpGrant(plan: 3, code: code))
    case "code-of-plan-2":
      .closedPlan(ClosedPlan(id: 2, status: .cancelled, gatherID: nil, signUpCode: "code-of-plan-2"))
    default: nil
    }
  }

  func opens(_ text: String, from client: WebClient? = nil) -> String {
    switch access.access(Array(text.utf8), from: client ?? self.client, signUp: Self.lookUp) {
    case .control: "control"
    case .signUp(let grant): "plan \(grant.plan)"
    case .closedPlan(let plan): "plan \(plan.id), \(plan.status.rawValue)"
    case .wrong: "wrong"
    case .tooMany: "too many"
    }
  }

  @Test func theTokenOpensTheMatchAndACodeItsPlan() {
    #expect(opens("0123456789abcdef") == "control")
    #expect(opens("code-of-plan-3") == "plan 3")
    #expect(opens("code-of-plan-4") == "wrong")
    #expect(opens("code-of-plan-2") == "plan 2, cancelled", "a closed plan's code is known, and opens nothing")
    let bearer = access.bearerAccess(
      in: HTTPHeaders([("Authorization", "Bearer code-of-plan-3")]), from: client, signUp: Self.lookUp)
    if case .signUp(let grant)? = bearer {
      #expect(grant.plan == 3)
    } else {
      Issue.record("not a sign-up: \(bearer as Any)")
    }
    #expect(access.bearerAccess(in: HTTPHeaders(), from: client, signUp: Self.lookUp) == nil)
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
