import ArgumentParser
import GatherAPI
import GatherRPC
import Glibc

/// `gatherctl web pair`: a one-time pairing link that makes the phone opening it a controller for good.
struct WebPairCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pair",
    abstract: "Print a one-time link that makes the phone opening it a controller for good (valid 10 minutes).",
    discussion: """
      Open the link on the organiser's phone (--qr draws it to scan with the phone's camera): the page keeps a \
      credential of the phone's own, so a new tab, a bookmark or the app installed on the home screen opens with \
      the controls, with no secret link to keep. The link works once, within 10 minutes; it is a secret until \
      then, like the control link. gatherctl web devices lists the paired phones and gatherctl web revoke ends \
      one. The shared control link (gatherctl web link --control) keeps working beside them. Only a controller \
      may ask.
      """)
  @OptionGroup(visibility: .hidden) var global: GlobalOptions

  @Option(help: ArgumentHelp("What to call the phone, e.g. \"Ana's phone\" (else it names itself).", valueName: "name"))
  var name: String?

  @Flag(name: .long, help: "Also draw the link as a QR code, for the phone's camera.")
  var qr = false

  @Flag(name: .long, help: "Print the link for every address of this machine, not only the first.")
  var all = false

  func run() throws {
    var params: JSONObject = [:]
    if let name { params["name"] = .string(name) }
    let reply = try global.connect().reply(.webPair, params)
    if global.json { return print(JSONWriter.string(reply.json)) }
    let pairing = try reply.value()
    try LinkPrinter(qr: qr, all: all, allCommand: "gatherctl web pair --all").print(pairing.links, note: pairing.note)
    let who = pairing.name.map { "\"\(Printable.text($0))\"" } ?? "the phone that opens it"
    writeAll(
      "gatherctl: open it on the phone by \(LocalTime.text(pairing.expiresAt)); it works once, and pairs \(who).\n",
      to: STDERR_FILENO)
  }
}

/// `gatherctl web devices`: the phones paired as controllers.
struct WebDevicesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "devices", abstract: "List the phones paired as controllers, with when each was last seen.",
    discussion: """
      Each phone paired with gatherctl web pair, first paired first: its id (for gatherctl web revoke), its name, \
      when it was paired and when it last connected or made a change (to the minute). Only a controller may ask.
      """)
  @OptionGroup(visibility: .hidden) var global: GlobalOptions

  func run() throws {
    let reply = try global.connect().reply(.webDevices)
    if global.json { return print(JSONWriter.string(reply.json)) }
    let list = try reply.value()
    guard !list.devices.isEmpty else {
      return print("No phone is paired. gatherctl web pair prints a link that pairs one.")
    }
    let rows = list.devices.map { device in
      [
        String(device.id), Printable.text(device.name), LocalTime.text(device.pairedAt),
        LocalTime.text(device.lastSeen),
      ]
    }
    print(Render.table(["ID", "NAME", "PAIRED", "LAST SEEN"], rows))
  }
}

/// `gatherctl web revoke DEVICE`: ends a paired phone's control at once.
struct WebRevokeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke", abstract: "End a paired phone's control at once, on its open pages too.",
    discussion: """
      DEVICE is the id gatherctl web devices shows. The phone's credential opens nothing from then on: a page \
      open on it loses the controls at once and watches only; pair it again with gatherctl web pair. The shared \
      control link and the other phones go on. Only a controller may ask.
      """)
  @OptionGroup(visibility: .hidden) var global: GlobalOptions

  @Argument(help: ArgumentHelp("The device's id, as gatherctl web devices shows it.", valueName: "device"))
  var device: Int64

  func run() throws {
    let reply = try global.connect().reply(.webRevoke, ["device": .int(device)])
    if global.json { return print(JSONWriter.string(reply.json)) }
    let revoked = try reply.value()
    let pages = revoked.connections == 1 ? "1 open page" : "\(revoked.connections) open pages"
    print(
      "Revoked \(Printable.text(revoked.revoked.name)) (device \(revoked.revoked.id)): it is no longer a controller; "
        + "\(pages) lost the controls.")
  }
}

/// A timestamp of gatherd's (ISO 8601 in UTC) as this machine's local time: "Sat 28 Nov 19:04".
enum LocalTime {
  /// The timestamp in local time, or as it came when it is not one of gatherd's.
  static func text(_ timestamp: String) -> String {
    let digits = timestamp.split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }
    guard digits.count >= 5 else { return timestamp }
    var fields = tm()
    (fields.tm_year, fields.tm_mon, fields.tm_mday) = (digits[0] - 1900, digits[1] - 1, digits[2])
    (fields.tm_hour, fields.tm_min, fields.tm_sec) = (digits[3], digits[4], digits.count > 5 ? digits[5] : 0)
    var seconds = timegm(&fields)
    var local = tm()
    guard localtime_r(&seconds, &local) != nil else { return timestamp }
    var buffer = [CChar](repeating: 0, count: 64)
    let count = strftime(&buffer, buffer.count, "%a %d %b %H:%M", &local)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
