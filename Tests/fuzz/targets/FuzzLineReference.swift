/// What the line fuzz target expects of the decoder, written from docs/protocol.md ("Framing") without NIO:
/// the whole input split on "\n" at once, so that it cannot depend on how the bytes arrived.

/// A frame as the line fuzz target compares them: a line's bytes, or the news that a line was too long.
enum LineFrame: Equatable, CustomStringConvertible {
  /// A line, without its "\n" or "\r\n".
  case line([UInt8])
  /// A line exceeded the limit.
  case tooLong

  /// The frame in a failure message.
  var description: String {
    switch self {
    case .line(let bytes): "line(\(String(decoding: bytes, as: UTF8.self).debugDescription))"
    case .tooLong: "tooLong"
    }
  }
}

/// The reference framing.
enum LineReference {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")

  /// The frames a peer sending `bytes` must cause, with lines of at most `limit` bytes; `eof` says whether the
  /// peer then ended its stream.
  ///
  /// Each "\n" ends a line, and one "\r" before it belongs to the ending, not to the line; an empty line is
  /// still a line. A line longer than `limit` (counted without its ending) is reported as `tooLong`, and
  /// nothing after it is read. Bytes after the last "\n" are reported as too long as soon as they cannot be
  /// a line within the limit any more, whatever comes next (more than `limit` bytes, unless the only extra
  /// byte is a "\r" that a "\n" may follow). At the end of the stream they are the last line, without a
  /// final "\r", unless they are only spaces and tabs (nothing to answer); while the stream stays open they
  /// wait.
  static func frames(of bytes: [UInt8], limit: Int, eof: Bool) -> [LineFrame] {
    var frames: [LineFrame] = []
    var rest = bytes[...]
    while let end = rest.firstIndex(of: newline) {
      let line = withoutCarriageReturn(rest[..<end])
      guard line.count <= limit else { return frames + [.tooLong] }
      frames.append(.line(Array(line)))
      rest = rest[(end + 1)...]
    }
    if rest.count > limit + 1 || (rest.count == limit + 1 && rest.last != carriageReturn) {
      return frames + [.tooLong]
    }
    let last = withoutCarriageReturn(rest)
    if eof, last.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) {
      frames.append(.line(Array(last)))
    }
    return frames
  }

  /// What is wrong with `frames` whatever the input was: a line longer than `limit`, or a `tooLong` that is
  /// not the one last frame.
  static func problem(in frames: [LineFrame], limit: Int) -> String? {
    for (index, frame) in frames.enumerated() {
      switch frame {
      case .line(let bytes) where bytes.count > limit:
        return "a line of \(bytes.count) bytes passed the limit of \(limit)"
      case .tooLong where index != frames.count - 1:
        return "a frame followed tooLong"
      default: continue
      }
    }
    return nil
  }

  private static func withoutCarriageReturn(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    line.last == carriageReturn ? line.dropLast() : line
  }
}
