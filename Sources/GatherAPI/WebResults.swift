import GatherRPC

// What the web methods answer, and the schemas of their results.
extension API {
  /// What web.link answers.
  public struct ControlLink: Decodable, Sendable, Equatable {
    /// The first address's control link.
    public let url: String
    /// The first address's view-only link (no token).
    public let view: String
    /// Every address, the first first.
    public let links: [Links]
    /// Present when phones may not reach these links: why, and what to pass (--http 0.0.0.0:PORT, --public-url).
    public let note: String?
    /// With the param qr: the QR code of url, as SVG.
    public let qr: String?

    /// The links.
    public struct Links: Decodable, Sendable, Equatable {
      /// The url.
      public let url: String
      /// The view.
      public let view: String
    }
  }

  /// What web.share answers.
  public struct ShareLinks: Decodable, Sendable, Equatable {
    /// The links.
    public let links: [Links]
    /// As web.link's note.
    public let note: String?

    /// The links.
    public struct Links: Decodable, Sendable, Equatable {
      /// The url.
      public let url: String
      /// An SVG document: <svg xmlns=… viewBox="0 0 N N">…</svg>.
      public let qr: String?
    }
  }

}

extension APISchemas {
  /// The schema of ``API/ControlLink``.
  public static let controlLink: Schema = .object(
    [
      "url": .required(.string("The first address's control link.", format: "uri")),
      "view": .required(.string("The first address's view-only link (no token).", format: "uri")),
      "links": .required(
        .array(
          of: .object(
            [
              "url": .required(.string(format: "uri")),
              "view": .required(.string(format: "uri")),
            ]), "Every address, the first first.", minItems: 1)),
      "note": .optional(
        .string(
          """
          Present when phones may not reach these links: why, and what to pass (--http 0.0.0.0:PORT, --public-url).
          """)),
      "qr": .optional(.nullable(.string()).described("With the param qr: the QR code of url, as SVG.")),
    ])

  /// The schema of ``API/ShareLinks``.
  public static let shareLinks: Schema = .object(
    [
      "links": .required(
        .array(
          of: .object(
            [
              "url": .required(.string(format: "uri")),
              "qr": .required(
                .json(
                  .object([
                    "type": .array([.string("string"), .string("null")]),
                    "description": .string("An SVG document: <svg xmlns=… viewBox=\"0 0 N N\">…</svg>."),
                  ]))),
            ]), minItems: 1)),
      "note": .optional(.string("As web.link's note.")),
    ])

}
