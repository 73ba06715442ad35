import GatherRPC

/// `plan.calendarLink`'s answer: `{url, webcal, links, note?, qr?}`: the feed's first link, the same for calendar
/// apps that subscribe to `webcal://` links, every address's link (first first), why they may not open on a
/// phone, and when asked each link's QR code as SVG.
func calendarLinkJSON(_ urls: [String], note: String?, qr: [JSONValue]? = nil) -> JSONValue {
  let webcal = urls[0].split(separator: "://", maxSplits: 1).last.map { "webcal://" + $0 } ?? urls[0]
  var result: JSONObject = [
    "url": .string(urls[0]), "webcal": .string(webcal), "links": .array(urls.map { .string($0) }),
  ]
  if let note { result["note"] = .string(note) }
  if let qr { result["qr"] = .array(qr) }
  return .object(result)
}
