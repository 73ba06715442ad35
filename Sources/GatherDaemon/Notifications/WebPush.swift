import FoundationEssentials
import GatherModel
import GatherPush
import GatherRPC
import Logging

/// Web Push as gatherd sends it (RFC 8030, with RFC 8291's encryption and RFC 8292's VAPID): the key kept beside
/// the database, the push services it may send to, and the courier that posts, on a thread of its own.
///
/// Nothing is loaded, made or started until it is needed: the key on the first `push.key` or push, libcurl and
/// the courier's thread on the first push. Each push is encrypted and signed on the courier's thread.
public final class WebPush: Sendable {
  let settings: PushSettings
  let key: VAPIDKeyFile
  let courier: HTTPCourier
  let texts = PushTexts()
  /// The page's links: the default contact, and where a tap leads.
  let web: WebAccess?
  let logger: Logger

  /// Web Push with `settings`, its key in the file at `keyPath`, posting through `courier`.
  public init(settings: PushSettings, keyPath: String, courier: HTTPCourier, web: WebAccess?, logger: Logger) {
    self.settings = settings
    key = VAPIDKeyFile(path: keyPath)
    self.courier = courier
    self.web = web
    self.logger = logger
  }

  /// The VAPID public key, made and kept the first time it is asked for.
  func publicKey() throws(RPCError) -> String {
    do { return try key.load().publicKey } catch {
      logger.error("Web Push has no key: \(error).")
      throw .wrongState(reason: "push_unavailable", "gatherd cannot make or read its push key: \(error).")
    }
  }

  /// The contact push services may reach about gatherd's pushes: `push-contact`, else the page's public URL when it
  /// is https; nil for none.
  var contact: String? {
    if let contact = settings.contact { return contact }
    guard case .success(let links)? = web?.pageLinks(), let page = links.pages.first, page.hasPrefix("https://")
    else { return nil }
    return page
  }

  /// Checks a subscription as a browser gives it, for `player` in `language`: an https endpoint of a push service
  /// on the list (`push-services`), a P-256 public key and a 16-byte secret; each refusal names its param.
  func subscription(
    player: Player.ID, endpoint: String, p256dh: String, auth: String, language: String
  ) throws(RPCError) -> PushSubscription {
    guard let url = OutboundURL(endpoint), url.scheme == "https" else {
      throw .invalidParams(
        field: "subscription.endpoint", "The endpoint must be an https URL, as a browser's push subscription gives it.")
    }
    guard settings.services.admits(url) != nil else {
      throw .invalidParams(
        field: "subscription.endpoint",
        "gatherd does not send to \(url.host): it is not one of its push services (push-services).")
    }
    guard let point = Base64URL.decode(p256dh), point.count == 65, point.first == 4 else {
      throw .invalidParams(
        field: "subscription.keys.p256dh", "p256dh must be the browser's P-256 public key, 65 bytes in base64url.")
    }
    guard let secret = Base64URL.decode(auth), secret.count == 16 else {
      throw .invalidParams(field: "subscription.keys.auth", "auth must be the browser's 16-byte secret in base64url.")
    }
    return PushSubscription(
      endpoint: endpoint, player: player, p256dh: p256dh, auth: auth, language: PushTexts.language(for: language),
      createdAt: .distantPast)
  }

  /// Sends `message` to `subscription`'s phone; `gone` hears its endpoint when the push service says it is gone
  /// (404, 410). An endpoint no longer on the list is skipped.
  func send(_ message: PushMessage, to subscription: PushSubscription, gone: @escaping @Sendable (String) -> Void) {
    guard let url = OutboundURL(subscription.endpoint), let rules = settings.services.admits(url) else { return }
    let (key, texts, contact) = (key, texts, contact)
    courier.post("a push to \(url.host)", bytes: WebPushEncryption.recordSize) { () throws(PushError) in
      let (title, body) = message.words(texts, subscription.language)
      var payload: JSONObject = [
        "title": .string(title), "body": .string(body), "tag": .string(message.tag),
        "lang": .string(subscription.language),
      ]
      if let link = message.url { payload["url"] = .string(link) }
      guard let p256dh = Base64URL.decode(subscription.p256dh), let auth = Base64URL.decode(subscription.auth) else {
        throw PushError("the subscription's keys are not base64url")
      }
      let sealed = try WebPushEncryption.encrypt(JSONWriter.bytes(.object(payload)), p256dh: p256dh, auth: auth)
      let expires = Int64(Date().timeIntervalSince1970) + 12 * 3600
      let authorization = try key.load().authorization(audience: url.origin, contact: contact, expires: expires)
      return OutboundRequest(
        url: url, rules: rules,
        headers: [
          "Content-Type: application/octet-stream", "Content-Encoding: aes128gcm", "TTL: \(message.ttl)",
          "Urgency: \(message.urgent ? "high" : "normal")", "Topic: \(message.tag)", "Authorization: \(authorization)",
        ], body: sealed)
    } done: { outcome in
      if case .gone = outcome { gone(subscription.endpoint) }
    }
  }
}
