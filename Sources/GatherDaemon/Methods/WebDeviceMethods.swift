import GatherAPI
import GatherModel
import GatherRPC

/// web.pair, web.pairDevice, web.devices and web.revoke: a phone that stays the organiser's. A controller makes a
/// one-time pairing link; the phone that opens it exchanges its code for a credential of its own, which makes it a
/// controller whenever it presents it (auth.token), until it is revoked.
enum WebDeviceMethods {
  /// Every method of the family, in the OpenRPC document's order.
  static let all: [any MethodDefining] = [webPair, webPairDevice, webDevices, webRevoke]

  /// web.pair: a one-time pairing link, valid 10 minutes, that makes the phone opening it a controller for good.
  static let webPair = MethodDefinition.turn(
    .webPair, PairParams.self, access: .controllerOffMQTT,
    doc: MethodDoc(
      summary: """
        A one-time pairing link, valid 10 minutes, that makes the phone opening it a controller for good; \
        controllers only.
        """,
      description: """
        http://HOST:PORT/#pair=CODE, on the page's addresses as web.link names them. The page opened from it \
        exchanges the code, once, for a credential of the phone's own (web.pairDevice) and keeps it, so that a new \
        tab, a bookmark or the installed app opens with control. The code is kept only as its SHA-256, and the link \
        stops working once used or 10 minutes after it was made. At most 20 links are open at once \
        (too_many_devices). The shared control link (web.link) keeps working beside paired devices. \
        web_disabled when gatherd serves no page (no --http); never over MQTT, whose replies others may read.
        """,
      result: ResultDoc("pairing", schema: APISchemas.pairingLink),
      errors: [.webDisabled, .tooManyDevices, .forbidden, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    let web = try ParamReaders.web(call.services.web)
    // The page's address is checked first: no pairing is made for a link nobody could open.
    let links = try ParamReaders.pageLinks(web)
    let (code, pairing) = try turn.makePairing(name: params.name)
    return Encoded(pairing: links.with(fragment: "pair=" + code), pairing, note: links.note, qr: params.qr)
  }

  /// web.pair's params.
  struct PairParams: MethodParams {
    static let fields = [
      ParamDoc(
        "name", "What to call the device (\"Ana's phone\"), 40 characters; else the phone names itself.",
        required: false, schema: .string(maxLength: 40)),
      ParamDoc("qr", "true: the first link's QR code as SVG too, in qr.", required: false, schema: .boolean()),
    ]
    /// What to call the device, when the organiser says.
    let name: String?
    /// Whether to add the first link's QR code.
    let qr: Bool

    init(_ params: inout Params) throws {
      name = try PairedDevice.nameRule.optional(params.optionalString("name"), field: "name")
      qr = try params.optionalBool("qr") ?? false
    }
  }

  /// web.pairDevice: exchanges a pairing link's code, once, for a credential that makes this device a controller.
  static let webPairDevice = MethodDefinition.turn(
    .webPairDevice, PairDeviceParams.self, access: .pairingCode { $0.code },
    doc: MethodDoc(
      summary: """
        Exchanges a pairing link's code, once, for a credential that makes this device a controller whenever it \
        presents it.
        """,
      description: """
        The code is the #pair= part of web.pair's link. The reply's credential is shown this once: keep it, and \
        present it with auth.token as each connection's first message (or as Authorization: Bearer on POST \
        /rpc); the device is then a controller until web.revoke. This call grants nothing itself. The device is \
        called by the name web.pair gave, else the one given here, else Phone. A code of no pairing link is \
        refused as a wrong token is (invalid_token), and counts toward the client address's wrong guesses (after \
        5, too_many_attempts); a used one is refused with pairing_used, an expired one with pairing_expired. \
        For the phone that opened the link (a web client), or a local controller: never over MQTT, whose replies \
        others may read.
        """,
      result: ResultDoc("paired", schema: APISchemas.devicePaired),
      errors: [
        .own(code: -32003, message: "That is not the code of a pairing link.", reason: "invalid_token"),
        .own(code: -32003, message: "Too many wrong codes came from this address.", reason: "too_many_attempts"),
        .own(code: -32002, message: "This pairing link was used already.", reason: "pairing_used"),
        .own(code: -32002, message: "This pairing link has expired.", reason: "pairing_expired"),
        .tooManyDevices, .forbidden, .invalidParams, .storageUnavailable,
      ]
    )
  ) { params, turn, _ in
    let (credential, device) = try turn.pairDevice(code: params.code, offeredName: params.name)
    return Encoded(paired: device, credential: credential)
  }

  /// web.pairDevice's params.
  struct PairDeviceParams: MethodParams {
    static let fields = [
      ParamDoc(
        "code", "The pairing link's code, the #pair= part of web.pair's link.", required: true,
        schema: .string(minLength: 1, maxLength: 100)),
      ParamDoc(
        "name", "What the device calls itself (\"Pixel 8\"), 40 characters, unless web.pair named it.",
        required: false, schema: .string(maxLength: 40)),
    ]
    /// The pairing link's code.
    let code: String
    /// What the device calls itself.
    let name: String?

    init(_ params: inout Params) throws {
      code = try params.string("code")
      guard (1...100).contains(code.utf8.count) else {
        throw RPCError.invalidParams(field: "code", "code is the #pair= part of a pairing link, 1 to 100 characters.")
      }
      name = try PairedDevice.nameRule.optional(params.optionalString("name"), field: "name")
    }
  }

  /// web.devices: the paired devices, with when each was paired and last seen; controllers only.
  static let webDevices = MethodDefinition.view(
    .webDevices, NoParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "The paired devices, with when each was paired and last seen; controllers only.",
      description: """
        First paired first. lastSeen is when the device last presented its credential or called as a \
        controller, written at most once a minute.
        """,
      result: ResultDoc("devices", schema: APISchemas.deviceList),
      errors: [.forbidden, .invalidParams]
    )
  ) { _, view, _ in
    Encoded(devices: view.state.devices.ordered)
  }

  /// web.revoke: ends a paired device's control at once, on its open connections too; controllers only.
  static let webRevoke = MethodDefinition.turn(
    .webRevoke, RevokeParams.self, access: .controller(),
    doc: MethodDoc(
      summary: "Ends a paired device's control at once, on its open connections too; controllers only.",
      description: """
        Its credential opens nothing from then on, and its open connections lose control and are closed \
        (connections counts them): the page opened on it reconnects view-only. The shared control link and the \
        other devices go on.
        """,
      result: ResultDoc("revoked", schema: APISchemas.deviceRevoked),
      errors: [.deviceNotFound, .forbidden, .invalidParams, .storageUnavailable]
    )
  ) { params, turn, call in
    let device = try turn.revokeDevice(params.device)
    return Encoded(revoked: device, connections: call.endConnections(of: device.id))
  }

  /// web.revoke's params.
  struct RevokeParams: MethodParams {
    static let fields = [
      ParamDoc("device", "The device's id, as web.devices lists it.", required: true, schema: .ref("Id"))
    ]
    /// The device to revoke.
    let device: PairedDevice.ID

    init(_ params: inout Params) throws { device = try params.int("device") }
  }
}

extension ErrorDoc {
  /// No paired device has the id given (-32001, `device_not_found`).
  static let deviceNotFound = own(
    code: -32001, message: "There is no paired device with that id.", reason: "device_not_found")
  /// As many devices are paired, or pairing links open, as gatherd keeps (-32002, `too_many_devices`).
  static let tooManyDevices = own(
    code: -32002, message: "As many devices are paired, or pairing links open, as gatherd keeps.",
    reason: "too_many_devices")
}
