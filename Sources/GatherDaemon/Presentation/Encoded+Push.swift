import GatherAPI
import GatherModel
import GatherPush
import GatherRPC

/// What push.key, push.subscribe and push.unsubscribe answer.
extension Encoded where Value == API.PushKey {
  /// `{publicKey}`: the VAPID public key, base64url.
  init(publicKey: String) { self.init(.object(["publicKey": .string(publicKey)])) }
}

extension Encoded where Value == API.PushSubscribed {
  /// `{player: {id, name}, service, language}`: whose phone, its push service's host (never the whole endpoint,
  /// which identifies the phone), and the language it is told in.
  init(_ phone: SubscribedPhone) {
    self.init(
      .object([
        "player": .object(["id": .int(phone.player.id), "name": .string(phone.player.name)]),
        "service": .string(OutboundURL(phone.subscription.endpoint)?.host ?? ""),
        "language": .string(phone.subscription.language),
      ]))
  }
}

extension Encoded where Value == API.PushUnsubscribed {
  /// `{removed}`.
  init(removed: Bool) { self.init(.object(["removed": .bool(removed)])) }
}
