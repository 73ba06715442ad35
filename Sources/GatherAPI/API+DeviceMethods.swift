import GatherRPC

/// The methods of phones paired as controllers by name, with the type of what each answers (API+Methods.swift has
/// the others).
extension API.Method where Result == API.PairingLink {
  /// `web.pair`.
  public static var webPair: Self { Self("web.pair") }
}

extension API.Method where Result == API.DevicePaired {
  /// `web.pairDevice`.
  public static var webPairDevice: Self { Self("web.pairDevice") }
}

extension API.Method where Result == API.DeviceList {
  /// `web.devices`.
  public static var webDevices: Self { Self("web.devices") }
}

extension API.Method where Result == API.DeviceRevoked {
  /// `web.revoke`.
  public static var webRevoke: Self { Self("web.revoke") }
}
