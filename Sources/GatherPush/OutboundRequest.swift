/// One POST gatherd sends out: a push to a subscription's endpoint, or a webhook.
public struct OutboundRequest: Sendable {
  /// Where to.
  public var url: OutboundURL
  /// Which addresses may answer for it.
  public var rules: AddressRules
  /// Header lines, `Name: value`.
  public var headers: [String]
  /// The body.
  public var body: [UInt8]

  /// A POST of `body` with `headers` to `url`, connecting only where `rules` allow.
  public init(url: OutboundURL, rules: AddressRules, headers: [String], body: [UInt8]) {
    self.url = url
    self.rules = rules
    self.headers = headers
    self.body = body
  }
}

/// How a POST ended, once it will not be tried again.
public enum OutboundOutcome: Sendable, Equatable {
  /// The server took it (2xx).
  case delivered(status: Int)
  /// The server says the address is gone for good (404 or 410): a push subscription that has expired or was
  /// withdrawn.
  case gone(status: Int)
  /// The server refused it, and trying again would not change that (another 4xx).
  case refused(status: Int)
  /// It could not be delivered: the last attempt's reason, after every retry was used, or a rule that forbids it.
  case failed(String)
}

/// What to post, made on the courier's thread when its turn comes (a push's encryption and signature), or why it
/// cannot be.
public typealias OutboundPreparation = @Sendable () throws(PushError) -> OutboundRequest

/// Why a push could not be made or sent, in words for the journal or a refusal.
public struct PushError: Error, CustomStringConvertible, Sendable {
  /// The words.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
