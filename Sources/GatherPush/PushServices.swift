/// The push services gatherd sends to (`push-services`): since whoever holds a sign-up link may subscribe a phone,
/// a subscription's endpoint is untrusted, and gatherd posts only to the hosts listed here, over HTTPS.
///
/// An entry is a host (`fcm.googleapis.com`), a host with a port (`localhost:8443`), or `*.` and a domain for
/// every host under it (`*.notify.windows.com`). A host named alone matches on port 443 only. Whatever a name
/// resolves to, gatherd connects only to a public address (``AddressRules``): a loopback or private address only
/// when the entry names it, as an address (`127.0.0.1:8443`, `[fd00::7]`) or as `localhost` (loopback).
public struct PushServices: Sendable, Hashable {
  /// One entry of the list.
  public struct Entry: Sendable, Hashable, CustomStringConvertible {
    /// The host, or the domain after `*.`.
    let host: String
    /// Whether it stands for every host under ``host``.
    let wildcard: Bool
    /// The port it names, if any.
    let port: Int?

    /// Reads an entry; nil for one that is not a host, `host:port` or `*.domain`.
    public init?(_ text: String) {
      var text = Substring(text.lowercased())
      wildcard = text.hasPrefix("*.")
      if wildcard { text = text.dropFirst(2) }
      guard !text.isEmpty, !text.contains("*"), !text.contains("/"),
        let parsed = OutboundURL.hostAndPort(String(text)),
        parsed.host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" })
      else { return nil }
      host = parsed.host
      port = parsed.port
    }

    /// The entry as written.
    public var description: String {
      (wildcard ? "*." : "") + (host.contains(":") ? "[\(host)]" : host) + (port.map { ":\($0)" } ?? "")
    }
  }

  /// The entries, in order.
  public let entries: [Entry]

  /// A list of `entries`.
  public init(_ entries: [Entry]) { self.entries = entries }

  /// The browsers' own push services: Chrome's (and Android's), Firefox's, Edge's and Safari's (iOS 16.4 and later).
  public static let browsers = PushServices(
    [
      "fcm.googleapis.com", "*.push.services.mozilla.com", "*.notify.windows.com", "web.push.apple.com",
      "*.push.apple.com",
    ].compactMap(Entry.init))

  /// Whether gatherd may post to `url`, and which addresses may answer for it: nil unless it is an https URL
  /// whose host an entry names.
  public func admits(_ url: OutboundURL) -> AddressRules? {
    guard url.scheme == "https" else { return nil }
    for entry in entries where entry.port.map({ $0 == url.port }) ?? (url.port == 443) {
      if entry.wildcard {
        if url.host.hasSuffix("." + entry.host) { return .publicOnly }
      } else if url.host == entry.host {
        return AddressRules.named(entry.host)
      }
    }
    return nil
  }
}
