import NIOCore

/// One inbound message: a complete line, or the news that a line exceeded the limit.
enum InboundFrame: Sendable {
  /// A line without its "\n" or "\r\n".
  case line(ByteBuffer)
  /// A line grew past the limit; nothing more is read from this connection.
  case tooLong
}

/// Splits the byte stream into lines ending in "\n" or "\r\n", never buffering more than `maxLength` bytes of an
/// unfinished line (plus a "\r" that may be part of its ending): past that it reports `tooLong` once and
/// discards the rest. `maxLength` counts the line without its ending, whichever ending it has.
struct LineFrameDecoder: ByteToMessageDecoder {
  typealias InboundOut = InboundFrame

  let maxLength: Int
  private var scanned = 0
  private var overflowed = false

  init(maxLength: Int) { self.maxLength = maxLength }

  mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
    if overflowed {
      buffer.moveReaderIndex(to: buffer.writerIndex)
      return .needMoreData
    }
    let readable = buffer.readableBytes
    let newline = buffer.withUnsafeReadableBytes { bytes in
      bytes[min(scanned, bytes.count)...].firstIndex(of: UInt8(ascii: "\n"))
    }
    if let length = newline {
      // A "\r" before the "\n" is part of the ending: it is dropped, and does not count against the limit.
      let lineLength = length > 0 && endsInCarriageReturn(buffer, count: length) ? length - 1 : length
      guard lineLength <= maxLength else { return overflow(context: context, buffer: &buffer) }
      let line = buffer.readSlice(length: lineLength)!
      buffer.moveReaderIndex(forwardBy: length - lineLength + 1)
      scanned = 0
      context.fireChannelRead(wrapInboundOut(.line(line)))
      return .continue
    }
    scanned = readable
    // One byte more than the limit may still be the "\r" of a "\r\n" ending.
    let tooLong = readable > maxLength + 1 || (readable > maxLength && !endsInCarriageReturn(buffer, count: readable))
    return tooLong ? overflow(context: context, buffer: &buffer) : .needMoreData
  }

  /// Whether the first `count` readable bytes of `buffer` end in "\r".
  private func endsInCarriageReturn(_ buffer: ByteBuffer, count: Int) -> Bool {
    buffer.getInteger(at: buffer.readerIndex + count - 1, as: UInt8.self) == UInt8(ascii: "\r")
  }

  mutating func decodeLast(
    context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool
  ) throws -> DecodingState {
    let state = try decode(context: context, buffer: &buffer)
    // A last line without "\n" still counts as a message when the peer closes.
    if state == .needMoreData, !overflowed, buffer.readableBytes > 0 {
      var line = buffer.readSlice(length: buffer.readableBytes)!
      if line.readableBytesView.last == UInt8(ascii: "\r") {
        line = line.getSlice(at: line.readerIndex, length: line.readableBytes - 1)!
      }
      scanned = 0
      if line.readableBytesView.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
        context.fireChannelRead(wrapInboundOut(.line(line)))
      }
    }
    return .needMoreData
  }

  private mutating func overflow(context: ChannelHandlerContext, buffer: inout ByteBuffer) -> DecodingState {
    overflowed = true
    buffer.moveReaderIndex(to: buffer.writerIndex)
    context.fireChannelRead(wrapInboundOut(.tooLong))
    return .needMoreData
  }
}
