import GatherPush
import GatherRPC

/// gatherd's Web Push settings: whom push services may contact about its pushes (`push-contact`), which push
/// services it sends to (`push-services`), and the certificate authorities it trusts beside the system's
/// (`push-ca-file`, for push services and webhooks alike).
public struct PushSettings: Sendable {
  /// A `mailto:` or `https:` contact for the VAPID token's `sub`; nil for the page's public URL.
  public var contact: String?
  /// The push services gatherd sends to; the browsers' own by default.
  public var services: PushServices
  /// Certificate authorities trusted beside the system's, in a PEM file.
  public var caFile: String?

  /// Settings; the browsers' push services, and the page's URL as the contact, by default.
  public init(contact: String? = nil, services: PushServices = .browsers, caFile: String? = nil) {
    self.contact = contact
    self.services = services
    self.caFile = caFile
  }

  /// `text` if it is a contact a push service can reach: a `mailto:` address or an `https:` URL, with no space
  /// or quote; nil otherwise.
  public static func contact(_ text: String) -> String? {
    let lowered = text.lowercased()
    let reachable =
      (lowered.hasPrefix("mailto:") && text.dropFirst(7).contains("@") && !text.hasSuffix("@"))
      || OutboundURL(text)?.scheme == "https"
    guard reachable, text.utf8.count <= 256,
      !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "\"" || $0 == "\\" || $0.value == 0x7F })
    else { return nil }
    return text
  }
}

/// gatherd's webhooks (`webhook`, repeatable, and `webhook-secret-file`): the URLs each plan, vote and match event
/// is posted to, and the secret its signature is made with.
public struct WebhookSettings: Sendable {
  /// Where events are posted, in order.
  public var urls: [OutboundURL]
  /// The HMAC-SHA256 key of `X-Gatherd-Signature`; nil for unsigned posts.
  public var secret: [UInt8]?

  /// Settings; no webhook by default.
  public init(urls: [OutboundURL] = [], secret: [UInt8]? = nil) {
    self.urls = urls
    self.secret = secret
  }
}
