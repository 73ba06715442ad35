import NIOCore
import NIOHTTP1
import Synchronization
import Testing

@testable import GatherDaemon

/// The scoreboard listener's address, token and link.
@Suite struct WebAccessTests {
  let client = WebClient(try! SocketAddress(ipAddress: "192.168.1.20", port: 51234))

  @Test(arguments: [
    ("127.0.0.1:8080", HTTPAddress.tcp(host: "127.0.0.1", port: 8080)),
    ("[::]:8080", .tcp(host: "::", port: 8080)), ("0.0.0.0:0", .tcp(host: "0.0.0.0", port: 0)),
    ("unix:/run/gatherd/http.sock", .unix("/run/gatherd/http.sock")),
  ])
  func addressesRead(_ text: String, _ address: HTTPAddress) throws {
    #expect(try HTTPAddress(parsing: text) == address)
  }

  @Test(arguments: ["8080", "localhost", ":8080", "::1:8080", "host:99999", "unix:relative", "127.0.0.1:http"])
  func anythingElseIsRefused(_ text: String) {
    #expect(throws: HTTPAddressError.self) { try HTTPAddress(parsing: text) }
  }

  @Test func onlyTheWholeTokenIsTheToken() {
    let access = WebAccess(token: "0123456789abcdef")
    #expect(access.isControlToken(Array("0123456789abcdef".utf8)))
    for wrong in ["0123456789abcdeX", "0123456789abcde", "0123456789abcdef0", "", "X123456789abcdef"] {
      #expect(!access.isControlToken(Array(wrong.utf8)), "\(wrong)")
    }
    #expect(!WebAccess(token: nil).isControlToken(Array("0123456789abcdef".utf8)))
  }

  /// What a presented token opened, by name: "control", "wrong" or "tooMany"; nil for no header.
  func opened(_ access: WebAccess.Access?) -> String? {
    switch access {
    case nil: nil
    case .control: "control"
    case .device: "device"
    case .wrong: "wrong"
    case .tooMany: "tooMany"
    case .granted: "granted"
    case .closedPlan: "closedPlan"
    case .closedVote: "closedVote"
    }
  }

  @Test func bearerHeaders() {
    let access = WebAccess(token: "0123456789abcdef")
    func bearer(_ headers: HTTPHeaders) -> String? {
      opened(access.bearerAccess(in: headers, from: client) { _ in nil })
    }
    #expect(bearer(HTTPHeaders()) == nil)
    #expect(bearer(HTTPHeaders([("Authorization", "Bearer 0123456789abcdef")])) == "control")
    #expect(bearer(HTTPHeaders([("authorization", "bearer 0123456789abcdef")])) == "control")
    #expect(bearer(HTTPHeaders([("Authorization", "Basic 0123456789abcdef")])) == "wrong")
    #expect(bearer(HTTPHeaders([("Authorization", "Bearer nope")])) == "wrong")
  }

  @Test func wrongGuessesFromOneAddressStopBeingChecked() {
    let access = WebAccess(token: "0123456789abcdef")
    let other = WebClient(try! SocketAddress(ipAddress: "192.168.1.21", port: 40000))
    func present(_ token: String, from client: WebClient) -> String? {
      opened(access.access(Array(token.utf8), from: client) { _ in nil })
    }
    for _ in 0..<GuessLimiter<ContinuousClock>.allowance {
      #expect(present("wrong-wrong-wrong", from: client) == "wrong")
    }
    // Even the right token is not checked now: a guesser learns nothing.
    #expect(present("0123456789abcdef", from: client) == "tooMany", "the sixth guess was checked")
    #expect(present("0123456789abcdef", from: other) == "control", "another address is not held up")
  }

  @Test func theLinkCarriesThePercentEncodedTokenInItsFragment() throws {
    let access = WebAccess(token: "ab+/=cd0123456789")
    #expect(throws: WebAccessError.self) { try access.pageLinks().get() }
    access.served(at: .ip("192.168.1.20", port: 8080))
    #expect(
      try access.pageLinks().get().with(fragment: access.controlFragment().get())
        == ["http://192.168.1.20:8080/#token=ab%2B%2F%3Dcd0123456789"])
    #expect(throws: WebAccessError.self) { try WebAccess(token: nil).controlFragment().get() }
  }

  @Test func theLinkUsesThePublicURL() throws {
    let access = WebAccess(
      token: "0123456789abcdef", publicURL: try PublicURL(parsing: "https://Gather.Example/pitch"))
    access.served(at: .unix("/run/gatherd/http.sock"))
    #expect(try access.pageLinks().get() == PageLinks(pages: ["https://gather.example/pitch/"], note: nil))
  }

  /// MQTT's discovery links the device to the board once the page is served: whoever asks before waits for it,
  /// whoever asks after is answered at once, and each is told once.
  @Test func whoWaitsForThePageIsToldOnceItIsServed() {
    let access = WebAccess(token: nil)
    let told = Mutex<[String]>([])
    access.whenServed {
      told.withLock { $0.append("before: " + ((try? access.pageLinks().get().pages.first) ?? "none")) }
    }
    #expect(told.withLock { $0 }.isEmpty)
    access.served(at: .ip("127.0.0.1", port: 8080))
    access.whenServed { told.withLock { $0.append("after") } }
    access.served(at: .ip("127.0.0.1", port: 8080))
    #expect(told.withLock { $0 } == ["before: http://127.0.0.1:8080/", "after"])
  }
}
