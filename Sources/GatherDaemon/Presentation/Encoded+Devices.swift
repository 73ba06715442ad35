import FoundationEssentials
import GatherAPI
import GatherModel
import GatherRPC

/// What the methods of phones paired as controllers answer. A device's credential is written here once, in the
/// reply to the phone that paired; never a pairing's code but in its link.
extension Encoded where Value == API.PairingLink {
  /// `{url, links, expiresAt, name?, note?, qr?}`: the pairing link on each address, the first first, until when it
  /// works, and when asked the first one's QR code.
  init(pairing urls: [String], _ pairing: Pairing, note: String?, qr: Bool) {
    var result: JSONObject = [
      "url": .string(urls[0]), "links": .array(urls.map { .string($0) }),
      "expiresAt": .string(ISO8601.string(pairing.expiresAt)),
    ]
    if let name = pairing.name { result["name"] = .string(name) }
    if let note { result["note"] = .string(note) }
    if qr { result["qr"] = qrSVG(urls[0]) }
    self.init(.object(result))
  }
}

extension Encoded where Value == API.DevicePaired {
  /// `{device, credential}`.
  init(paired device: PairedDevice, credential: String) {
    self.init(.object(["device": device.json, "credential": .string(credential)]))
  }
}

extension Encoded where Value == API.DeviceList {
  /// `{devices}`, first paired first.
  init(devices: [PairedDevice]) {
    self.init(.object(["devices": .array(devices.map(\.json))]))
  }
}

extension Encoded where Value == API.DeviceRevoked {
  /// `{revoked, connections}`.
  init(revoked device: PairedDevice, connections: Int) {
    self.init(.object(["revoked": device.json, "connections": .int(Int64(connections))]))
  }
}

extension PairedDevice {
  /// `{id, name, pairedAt, lastSeen}`: never its credential's hash.
  var json: JSONValue {
    .object([
      "id": .int(id), "name": .string(name), "pairedAt": .string(ISO8601.string(pairedAt)),
      "lastSeen": .string(ISO8601.string(lastSeen)),
    ])
  }
}
