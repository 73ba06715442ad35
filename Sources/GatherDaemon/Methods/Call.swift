import GatherModel
import GatherRPC

/// One call as a handler sees it: the caller's subscriptions, what the policy lets its replies show
/// (``AccessPolicy/Disclosure``, never to decide access), and the daemon's services.
struct Call: Sendable {
  /// The daemon's services.
  let services: MethodServices
  private let caller: Caller

  init(_ caller: Caller, services: MethodServices) {
    self.caller = caller
    self.services = services
  }

  /// What the caller's replies may show, as the policy decides it.
  var disclosure: AccessPolicy.Disclosure { AccessPolicy.disclosure(for: caller.capabilities) }

  /// The connection's subscriptions.
  var events: EventOutbox { caller.events }

  /// What `token` opens for this caller in `state` (``AccessPolicy/authenticate(_:caller:in:)``); the caller gains
  /// it at once, even when the call is refused.
  func authenticate(_ token: String, in state: FootballGather) throws(RPCError) -> AccessPolicy.TokenAccess {
    let (change, outcome) = AccessPolicy.authenticate(token, caller: caller, in: state)
    caller.apply(change)
    if let device = change.device { services.devices.connected(caller, as: device) }
    return try outcome.get()
  }

  /// Takes control away from every connection the revoked device `id` made a controller, and closes them; how many.
  func endConnections(of device: PairedDevice.ID) -> Int { services.devices.revoke(device) }
}

/// What handlers use besides the session: the web page's access and links, the daemon's counters and its events.
/// One instance is shared by every method, so that a ``Call`` holds a single reference to it.
final class MethodServices: Sendable {
  /// The page's control token and links; nil when gatherd serves no page.
  let web: WebAccess?
  /// Connections and uptime.
  let stats: DaemonStats
  /// The session's events and their subscriptions.
  let hub: EventHub
  /// The changes answered lately that carried a client's key, so that a repeat is answered, not run again.
  let repeats: RepeatedRequests
  /// The connections paired devices made controllers, and when each device was last seen.
  let devices: DeviceConnections
  /// Web Push: its key and the push services it sends to; nil where gatherd sends no pushes.
  let push: WebPush?

  /// The services handlers use; a gatherd without paired devices' connections or Web Push leaves them out.
  init(
    web: WebAccess?, stats: DaemonStats, hub: EventHub, repeats: RepeatedRequests,
    devices: DeviceConnections = DeviceConnections(), push: WebPush? = nil
  ) {
    self.web = web
    self.stats = stats
    self.hub = hub
    self.repeats = repeats
    self.devices = devices
    self.push = push
  }
}
