import GatherModel
import NIOCore
import Synchronization

/// The connections paired devices made controllers, by device, so that revoking a device ends its control on each of
/// them at once and closes them (``revoke(_:)``); and each device's sightings, handed on to be written in a turn of
/// their own, at most once a minute (``seen(_:)``).
///
/// It holds the callers weakly: a connection that closed is forgotten the next time its device connects.
final class DeviceConnections: Sendable {
  /// A caller, held weakly.
  private struct Held: Sendable {
    weak let caller: Caller?
  }

  private let held = Mutex<[PairedDevice.ID: [Held]]>([:])
  /// Writes a sighting of a device, when one is due.
  private let sighting: @Sendable (PairedDevice.ID) -> Void

  /// Connections of devices whose sightings go to `sighting`; none are written by default.
  init(sighting: @escaping @Sendable (PairedDevice.ID) -> Void = { _ in }) {
    self.sighting = sighting
  }

  /// The connections of `session`'s devices: a sighting that is due (``PairedDevice/isSightingDue(at:)``, by the
  /// committed view) takes a turn of its own on the session's loop, and none once the session takes no more changes.
  convenience init(session: GatherSession, replyLoop: any EventLoop) {
    self.init { device in
      guard session.view.state.devices.devices[device]?.isSightingDue(at: session.wallClock()) == true else { return }
      _ = session.submit({ session.take { $0.noteSighting(of: device) } }, replyingOn: replyLoop, to: { _ in })
    }
  }

  /// `caller` presented the credential of `device`, and is a controller through it.
  func connected(_ caller: Caller, as device: PairedDevice.ID) {
    held.withLock { held in
      held[device, default: []].removeAll { $0.caller == nil }
      held[device, default: []].append(Held(caller: caller))
    }
    seen(device)
  }

  /// `device` presented its credential, or called as a controller.
  func seen(_ device: PairedDevice.ID) { sighting(device) }

  /// Takes control away from every connection `device` made a controller and closes them: how many there were.
  func revoke(_ device: PairedDevice.ID) -> Int {
    let callers = held.withLock { $0.removeValue(forKey: device) ?? [] }
    return callers.compactMap(\.caller).filter { $0.revoke(device: device) }.count
  }
}
