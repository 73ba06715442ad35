import NIOCore

/// One inbound message: a complete line, or the news that a line exceeded the limit.
enum InboundFrame: Sendable {
  /// A line without its "\n" or "\r\n".
  case line(ByteBuffer)
  /// A line grew past the limit; nothing more is read from this connection.
  case tooLong
}

/// Splits the byte stream into lines ending in "\n" (a "\r" before it is dropped), never buffering more than
/// `maxLength` bytes of an unfinished line: past that it reports `tooLong` once and discards the rest.
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
      guard length <= maxLength else { return overflow(context: context, buffer: &buffer) }
      var line = buffer.readSlice(length: length)!
      buffer.moveReaderIndex(forwardBy: 1)
      if line.readableBytesView.last == UInt8(ascii: "\r") {
        line = line.getSlice(at: line.readerIndex, length: length - 1)!
      }
      scanned = 0
      context.fireChannelRead(wrapInboundOut(.line(line)))
      return .continue
    }
    scanned = readable
    return readable > maxLength ? overflow(context: context, buffer: &buffer) : .needMoreData
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
