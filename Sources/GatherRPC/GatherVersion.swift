/// gatherd's version, from the one VERSION file beside this source (also read by the Makefile for `make deb`).
public enum GatherVersion {
  /// The version, such as "0.1.0".
  public static let current: String = {
    var text = String(decoding: PackageResources.VERSION, as: UTF8.self)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
  }()
}
