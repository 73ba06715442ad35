import NIOCore

#if canImport(Glibc)
  import Glibc
#endif

/// One inbound message: a complete line, or the news that a line exceeded the limit.
enum InboundFrame: Sendable {
  /// A line without its "\n" or "\r\n".
  case line(ByteBuffer)
  /// A line grew past the limit; nothing more is read from this connection.
  case tooLong
}

/// Splits a byte stream into lines ending in "\n" or "\r\n", in place in the buffer the bytes were read
/// into, never holding more than `maxLength` bytes of an unfinished line (plus a "\r" that may be part of
/// its ending): past that it reports `tooLong` once and discards the rest. `maxLength` counts the line
/// without its ending, whichever ending it has. At the end of the stream, bytes after the last "\n" are a
/// last line, unless they are only spaces and tabs.
struct LineSplitter {
  let maxLength: Int
  /// How many bytes at the buffer's start are known to hold no "\n".
  private var scanned = 0
  private var overflowed = false

  init(maxLength: Int) { self.maxLength = maxLength }

  /// Takes the next frame off the front of `buffer`; nil when it holds no complete line yet. `atEnd` says
  /// that no more bytes will come.
  mutating func next(from buffer: inout ByteBuffer, atEnd: Bool) -> InboundFrame? {
    if overflowed {
      buffer.moveReaderIndex(to: buffer.writerIndex)
      return nil
    }
    let readable = buffer.readableBytes
    let newline = buffer.withUnsafeReadableBytes { bytes -> Int? in
      let from = min(scanned, bytes.count)
      guard from < bytes.count, let start = bytes.baseAddress,
        let found = memchr(start + from, Int32(UInt8(ascii: "\n")), bytes.count - from)
      else { return nil }
      return start.distance(to: UnsafeRawPointer(found))
    }
    if let length = newline {
      // A "\r" before the "\n" is part of the ending: it is dropped, and does not count against the limit.
      let lineLength = length > 0 && endsInCarriageReturn(buffer, count: length) ? length - 1 : length
      guard lineLength <= maxLength else { return overflow(&buffer) }
      let line = buffer.readSlice(length: lineLength)!
      buffer.moveReaderIndex(forwardBy: length - lineLength + 1)
      scanned = 0
      return .line(line)
    }
    scanned = readable
    // One byte more than the limit may still be the "\r" of a "\r\n" ending.
    if readable > maxLength + 1 || (readable > maxLength && !endsInCarriageReturn(buffer, count: readable)) {
      return overflow(&buffer)
    }
    guard atEnd, readable > 0 else { return nil }
    var line = buffer.readSlice(length: readable)!
    if line.readableBytesView.last == UInt8(ascii: "\r") {
      line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)!
    }
    scanned = 0
    return line.readableBytesView.contains(where: { $0 != 0x20 && $0 != 0x09 }) ? .line(line) : nil
  }

  /// Whether the first `count` readable bytes of `buffer` end in "\r".
  private func endsInCarriageReturn(_ buffer: ByteBuffer, count: Int) -> Bool {
    buffer.getInteger(at: buffer.readerIndex + count - 1, as: UInt8.self) == UInt8(ascii: "\r")
  }

  private mutating func overflow(_ buffer: inout ByteBuffer) -> InboundFrame {
    overflowed = true
    buffer.moveReaderIndex(to: buffer.writerIndex)
    return .tooLong
  }
}
