import NIOCore

/// What a connection has read and not yet answered: a byte stream, split into lines where it was read, or
/// whole messages (a WebSocket's text frames).
///
/// A byte stream holds one buffer: the first read is kept as it came, so that splitting copies nothing,
/// and only the rest of an unfinished line is joined by the next read. When every byte is taken the buffer
/// is let go, so that NIO can read into its own again and an idle connection holds none.
struct InboundQueue {
  /// How many messages may wait for their turn before reading pauses.
  static let maxMessages = 64
  /// How many bytes of a stream may wait behind a change in flight, or of messages in all, before reading
  /// pauses.
  static let maxBytes = 64 * 1024

  /// Splits the stream; nil when each read is one message.
  private var splitter: LineSplitter?
  /// The bytes read and not yet taken as lines; nil when there are none.
  private var input: ByteBuffer?
  private var messages = CircularBuffer<ByteBuffer>(initialCapacity: 4)
  /// The bytes of the messages waiting.
  private var messageBytes = 0
  /// Whether what was read may hold a line not yet taken: false once ``next()`` found none.
  private(set) var mayHaveLines = false
  /// Whether the peer has stopped sending: bytes after the last "\n" are then a last line.
  private(set) var ended = false

  /// A queue that splits a byte stream into lines of at most `maxLength` bytes, or, when it is nil, takes
  /// each read as one message.
  init(splittingLinesUpTo maxLength: Int?) {
    splitter = maxLength.map { LineSplitter(maxLength: $0) }
  }

  /// Adds what was read.
  mutating func append(_ read: ByteBuffer) {
    mayHaveLines = true
    guard splitter != nil else {
      messageBytes += read.readableBytes
      return messages.append(read)
    }
    guard input != nil else {
      input = read
      return
    }
    var bytes = read
    if input!.readerIndex >= input!.readableBytes { input!.discardReadBytes() }
    input!.writeBuffer(&bytes)
  }

  /// The peer sends nothing more: bytes after the last "\n", if any, are a last line.
  mutating func end() {
    ended = true
    mayHaveLines = mayHaveLines || input != nil || !messages.isEmpty
  }

  /// Takes the next line or message; nil when there is none yet.
  mutating func next() -> InboundFrame? {
    let frame: InboundFrame?
    if splitter == nil {
      let message = messages.popFirst()
      messageBytes -= message?.readableBytes ?? 0
      frame = message.map { .line($0) }
    } else if input != nil {
      frame = splitter!.next(from: &input!, atEnd: ended)
      if input!.readableBytes == 0 { input = nil }
    } else {
      frame = nil
    }
    if frame == nil { mayHaveLines = false }
    return frame
  }

  /// Whether a line or message waits that ``next()`` would give now; nothing is taken.
  var hasFrame: Bool {
    guard mayHaveLines else { return false }
    var copy = self
    return copy.next() != nil
  }

  /// Whether enough waits that reading should pause, while a change is in flight (`behindChange`) or not.
  func isBackedUp(behindChange: Bool) -> Bool {
    splitter == nil
      ? messages.count >= Self.maxMessages || messageBytes >= Self.maxBytes
      : behindChange && (input?.readableBytes ?? 0) >= Self.maxBytes
  }

  /// Drops everything: the connection has gone.
  mutating func removeAll() {
    input = nil
    messages.removeAll()
    messageBytes = 0
    mayHaveLines = false
  }
}
