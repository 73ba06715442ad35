import ArgumentParser
import GatherDaemon
import GatherPush

/// Web Push and webhooks: options of gatherd's, so that each is a key of the configuration file and a variable
/// (`GATHERD_PUSH_CONTACT`, `GATHERD_PUSH_SERVICES`, `GATHERD_PUSH_CA_FILE`, `GATHERD_WEBHOOKS`,
/// `GATHERD_WEBHOOK_SECRET_FILE`) like every other setting.
struct PushOptions: ParsableArguments {
  @Option(
    name: .customLong("push-contact"),
    help: ArgumentHelp(
      "Whom the push services may contact about gatherd's pushes (the VAPID token's sub): mailto:ADDRESS or an https: URL (default: --public-url when it is https).",
      valueName: "uri"))
  var contact: String?

  @Option(
    name: .customLong("push-services"),
    help: ArgumentHelp(
      "The push services gatherd sends to, comma-separated: hosts, host:port or *.domain; a loopback or private address only when it is listed itself, as 127.0.0.1:8443 or localhost:8443 (default: the browsers' own, fcm.googleapis.com,*.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com).",
      valueName: "hosts"))
  var services: String?

  @Option(
    name: .customLong("push-ca-file"),
    help: ArgumentHelp(
      "Certificate authorities (PEM) trusted beside the system's, for push services and https webhooks.",
      valueName: "path"))
  var caFile: String?

  @Option(
    name: .customLong("webhook"),
    help: ArgumentHelp(
      "POST each plan, vote and match event as JSON to this URL (http or https; repeatable, and repeatable in the configuration file).",
      valueName: "url"))
  var webhooks: [String] = []

  @Option(
    name: .customLong("webhook-secret-file"),
    help: ArgumentHelp(
      "A file holding the secret that signs each webhook's body: X-Gatherd-Signature: sha256=HEX of HMAC-SHA256 (without it, the credential webhook-secret when systemd passes one; else unsigned).",
      valueName: "path"))
  var secretFile: String?

  /// The push settings these options give; a bad value is refused naming its source.
  func push(_ sources: SettingSources) throws -> PushSettings {
    var settings = PushSettings()
    if let contact = sources.value(contact, "GATHERD_PUSH_CONTACT") {
      guard let checked = PushSettings.contact(contact.text) else {
        throw contact.refuse("not a contact a push service can reach: give mailto:ADDRESS or an https: URL")
      }
      settings.contact = checked
    }
    if let services = sources.value(services, "GATHERD_PUSH_SERVICES") {
      let entries = try services.text.split(separator: ",").map { item in
        let text = String(item.filter { $0 != " " })
        guard let entry = PushServices.Entry(text) else {
          throw services.refuse("\"\(text)\" is not a host, host:port or *.domain")
        }
        return entry
      }
      guard !entries.isEmpty else { throw services.refuse("names no push service") }
      settings.services = PushServices(entries)
    }
    if let caFile = sources.value(caFile, "GATHERD_PUSH_CA_FILE") {
      do { try FileText.checkReadable(caFile.text, holding: "certificate authorities in PEM") } catch {
        throw caFile.refuse(error)
      }
      settings.caFile = caFile.text
    }
    return settings
  }

  /// The webhooks these options give, with the secret read from its file.
  func webhooks(_ sources: SettingSources) throws -> WebhookSettings {
    let urls = try sources.values(webhooks, "GATHERD_WEBHOOKS", key: "webhook").map { value in
      guard let url = OutboundURL(value.text) else {
        throw value.refuse("not an http or https URL with a host (and no user name)")
      }
      return url
    }
    let secretPath = sources.secretFile(secretFile, "GATHERD_WEBHOOK_SECRET_FILE", credential: "webhook-secret")
    guard let secretPath else { return WebhookSettings(urls: urls) }
    if urls.isEmpty, sources.value(secretFile, "GATHERD_WEBHOOK_SECRET_FILE") != nil {
      throw secretPath.refuse("needs --webhook (or webhook in the configuration file), where to post")
    }
    let bytes: [UInt8]
    do { bytes = try FileText.read(secretPath.text, limit: 4096, holding: "the webhook secret") } catch {
      throw secretPath.refuse(error)
    }
    let line = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
    let secret = Array(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
    guard secret.count >= 16 else {
      throw secretPath.refuse(
        "its first line must hold at least 16 bytes; make one with: head -c 24 /dev/urandom | base64")
    }
    return WebhookSettings(urls: urls, secret: secret)
  }
}
