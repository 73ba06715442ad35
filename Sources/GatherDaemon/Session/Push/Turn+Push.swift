import FoundationEssentials
import GatherModel

/// The phones that asked to be told what concerns a player (Web Push): subscribed through a plan's sign-up link or
/// by a controller, let go when their owner says so or their push service says they are gone. Nothing here sends:
/// the notifier reads the committed state's subscriptions (Notifications/).
extension Turn {
  /// Keeps `subscription` for its player, replacing any with its endpoint. Through a sign-up link (`plan` given),
  /// the player must have answered that plan; refused naming `player` otherwise.
  mutating func subscribe(_ subscription: PushSubscription, plan: Plan.ID?) throws -> SubscribedPhone {
    let player = try state.player(subscription.player)
    if let plan {
      guard try openPlan(plan).answer(of: player.id) != nil else {
        throw GatherError.validation(
          "player", "\(player.name) has not answered plan \(plan): say whether you are coming first.")
      }
    }
    var subscription = subscription
    subscription.createdAt = wallClock()
    let saved = subscription
    try commit { try store.savePushSubscription(saved) }
    state.keep([saved])
    logger.info("Player \(player.id) will be told on a phone.", metadata: ["player_id": "\(player.id)"])
    return SubscribedPhone(subscription: saved, player: player)
  }

  /// Lets go of the subscription of `endpoint`; whether there was one.
  mutating func unsubscribe(endpoint: String) throws -> Bool {
    guard state.pushSubscriptions.contains(where: { $0.endpoint == endpoint }) else { return false }
    let removed = try commit { try store.deletePushSubscription(endpoint: endpoint) }
    state.forgetSubscription(endpoint)
    return removed
  }
}

/// A phone subscribed for a player, with the player it tells.
struct SubscribedPhone: Sendable {
  /// The subscription as kept.
  var subscription: PushSubscription
  /// The player.
  var player: Player
}
