import GatherModel
import NIOHTTP1

/// The codes of plans' sign-up links and of gathers' vote links over the web: presented like the control token,
/// and limited with it.
extension WebAccess {
  /// What a token a web client presented opens.
  enum Access {
    /// The control token: the match.
    case control
    /// A paired device's credential: the match, while the device stays paired.
    case device(PairedDevice)
    /// An open plan's sign-up code (answering for that plan), or an open vote's code (voting in it).
    case granted(CodeGrant)
    /// A closed plan's sign-up code: it tells what became of the plan, and grants voting in the man-of-the-match
    /// vote of its gather while that is open (`vote`), nothing otherwise.
    case closedPlan(ClosedPlan, vote: CodeGrant?)
    /// A closed vote's code: it tells the gather whose vote it was, and lets `vote.cast` through only to be
    /// refused as too late, naming `gather` (the grant's scope).
    case closedVote(CodeGrant)
    /// Neither.
    case wrong
    /// Not checked: the client's address guessed wrong too often; it may try again after this long.
    case tooMany(Duration)
  }

  /// Checks what `client` presented: the control token, else a link's code (`codes` finds the plan or the vote it
  /// belongs to, comparing in constant time), unless its address has guessed wrong too often lately. A wrong one
  /// counts toward the same limit as a wrong control token. A right code does not forget the address's wrong
  /// guesses: it vouches for too little to let them try the control token again sooner.
  func access(_ candidate: [UInt8], from client: WebClient, codes: ([UInt8]) -> Access?) -> Access {
    if let wait = guesses.withLock({ $0.wait(for: client.address) }) { return .tooMany(wait) }
    if isControlToken(candidate) {
      guesses.withLock { $0.right(client.address) }
      return .control
    }
    if let found = codes(candidate) { return found }
    guesses.withLock { $0.wrong(client.address) }
    return .wrong
  }

  /// What a request's `Authorization: Bearer …` opens; nil without the header.
  func bearerAccess(
    in headers: HTTPHeaders, from client: WebClient, codes: ([UInt8]) -> Access?
  ) -> Access? {
    guard let value = headers.first(name: "authorization") else { return nil }
    let bearer = value.lowercased().hasPrefix("bearer ")
    return access(bearer ? Array(value.utf8.dropFirst(7)) : [], from: client, codes: codes)
  }

  /// A plan's sign-up links for the group chat: the page's addresses as `web.link` names them (`--public-url`,
  /// else the listener's, a wildcard's LAN addresses first by the default route; never 0.0.0.0) with the code in
  /// the fragment, `http://HOST:PORT/#signup=CODE` (base64url, safe as it is), and the links' note; or why none.
  func signUpLinks(code: String) -> Result<(urls: [String], note: String?), WebAccessError> {
    pageLinks().map { links in (links.with(fragment: "signup=\(code)"), links.note) }
  }

  /// A gather's vote links, as ``signUpLinks(code:)`` makes a plan's: `http://HOST:PORT/#vote=CODE`.
  func voteLinks(code: String) -> Result<(urls: [String], note: String?), WebAccessError> {
    pageLinks().map { links in (links.with(fragment: "vote=\(code)"), links.note) }
  }
}

extension WebAccess {
  /// The first sign-up link of `plan`, when it has a code and the page knows its address; nil otherwise.
  func firstSignUpLink(of plan: Plan) -> String? {
    guard let code = plan.signUpCode, case .success(let links) = signUpLinks(code: code) else { return nil }
    return links.urls.first
  }

  /// The first vote link of a vote's `code`, when the page knows its address; nil otherwise.
  func firstVoteLink(code: String) -> String? {
    guard case .success(let links) = voteLinks(code: code) else { return nil }
    return links.urls.first
  }
}
