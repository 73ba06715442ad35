import CQREncode
import Glibc

/// A QR code, encoded by Debian's libqrencode: a square of dark and light modules, without its quiet zone.
/// Draw it with ``svg(quietZone:)`` (the scoreboard's share view) or ``halfBlocks(quietZone:colours:)`` (a
/// terminal: `gatherctl web link --qr`). Any text gatherd hands out as a link (the page's view-only and control
/// links, a plan's sign-up link) encodes the same way.
public struct QRCode: Sendable, Equatable {
  /// How much of the code may be damaged and still read (QR's error-correction levels).
  public enum Correction: Sendable {
    /// About 7 %.
    case low
    /// About 15 %: the default, a good trade for a screen at arm's length.
    case medium
    /// About 25 %.
    case quartile
    /// About 30 %.
    case high
  }

  /// Modules per side (21 for version 1, up to 177).
  public let size: Int
  /// Row after row, `true` for a dark module.
  private let modules: [Bool]

  /// Encodes `text` (UTF-8, case kept) at the smallest version that holds it.
  public init(encoding text: String, correction: Correction = .medium) throws(QRCodeError) {
    guard !text.isEmpty else { throw QRCodeError("There is nothing to encode: the text is empty.") }
    guard !text.utf8.contains(0) else { throw QRCodeError("A QR code of a link cannot hold a NUL byte.") }
    guard let code = QRcode_encodeString(text, 0, correction.level, QR_MODE_8, 1) else {
      throw QRCodeError(
        errno == ERANGE
          ? "The text is too long for a QR code (\(text.utf8.count) bytes)."
          : "libqrencode could not encode the text: \(String(cString: strerror(errno))).")
    }
    defer { QRcode_free(code) }
    let width = Int(code.pointee.width)
    // libqrencode sets bit 0 of each byte for a dark module; the other bits say what the module is part of.
    let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
    size = width
    modules = data.map { $0 & 1 == 1 }
  }

  /// Whether the module in column `x`, row `y` is dark; outside the code (the quiet zone) it is light.
  public func isDark(x: Int, y: Int) -> Bool {
    guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
    return modules[y * size + x]
  }
}

extension QRCode.Correction {
  fileprivate var level: QRecLevel {
    switch self {
    case .low: QR_ECLEVEL_L
    case .medium: QR_ECLEVEL_M
    case .quartile: QR_ECLEVEL_Q
    case .high: QR_ECLEVEL_H
    }
  }
}

/// A text that cannot become a QR code (empty, or too long), and why.
public struct QRCodeError: Error, CustomStringConvertible {
  /// What is wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
