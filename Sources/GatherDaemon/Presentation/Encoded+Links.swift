import GatherAPI
import GatherQR
import GatherRPC

/// The links controllers share (the control link, the page's view-only links, a plan's sign-up links, a gather's
/// vote links, the calendar feed's), each with its address's note and, when asked, its QR code.
extension Encoded where Value == API.ControlLink {
  /// `{url, view, links, note?, qr?}`: the control link and the view-only page on each address, the first first.
  init(control: [String], views: [String], note: String?, qr: Bool) {
    var result: JSONObject = [
      "url": .string(control[0]), "view": .string(views[0]),
      "links": .array(zip(control, views).map { .object(["url": .string($0), "view": .string($1)]) }),
    ]
    if let note { result["note"] = .string(note) }
    if qr { result["qr"] = qrSVG(control[0]) }
    self.init(.object(result))
  }
}

extension Encoded where Value == API.ShareLinks {
  /// `{links, note?}`: the view-only page on each address, with its QR code.
  init(share pages: [String], note: String?) {
    var result: JSONObject = ["links": .array(pages.map { .object(["url": .string($0), "qr": qrSVG($0)]) })]
    if let note { result["note"] = .string(note) }
    self.init(.object(result))
  }
}

extension Encoded where Value == API.SignUpLink {
  /// `{url, plan, links, note?, qr?}`: a plan's sign-up links.
  init(signUp urls: [String], plan: Int64, note: String?, qr: Bool) {
    self.init(linksJSON(urls, ("plan", .int(plan)), note: note, qr: qr))
  }
}

extension Encoded where Value == API.VoteLink {
  /// `{url, gather, links, note?, qr?}`: a gather's vote links.
  init(vote urls: [String], gather: Int64, note: String?, qr: Bool) {
    self.init(linksJSON(urls, ("gather", .int(gather)), note: note, qr: qr))
  }
}

extension Encoded where Value == API.CalendarLink {
  /// `{url, webcal, links, note?, qr?}`: the feed's first link, the same for calendar apps that subscribe to
  /// `webcal://` links, every address's link (first first), why they may not open on a phone, and when asked each
  /// link's QR code as SVG.
  init(calendar urls: [String], note: String?, qr: Bool) {
    let webcal = urls[0].split(separator: "://", maxSplits: 1).last.map { "webcal://" + $0 } ?? urls[0]
    self.init(linksJSON(urls, ("webcal", .string(webcal)), note: note, qr: qr))
  }
}

/// `{url, WHAT, links, note?, qr?}`: the first link, what it is for, every link, the note, each link's QR code.
private func linksJSON(_ urls: [String], _ what: (String, JSONValue), note: String?, qr: Bool) -> JSONValue {
  var result: JSONObject = ["url": .string(urls[0])]
  result[what.0] = what.1
  result["links"] = .array(urls.map { .string($0) })
  if let note { result["note"] = .string(note) }
  if qr { result["qr"] = .array(urls.map(qrSVG)) }
  return .object(result)
}

/// A link's QR code as SVG (libqrencode), or null for a text too long for one.
func qrSVG(_ text: String) -> JSONValue {
  (try? QRCode(encoding: text)).map { .string($0.svg()) } ?? .null
}
