/// libFuzzer target for the daemon's line splitter (Sources/GatherDaemon/Server/LineSplitter.swift), built by
/// Tests/fuzz/build.sh against SwiftPM's build of NIO. Not part of the Swift package.
///
/// The input is read as: byte 0, the limit (1 + its low 6 bits) and how the stream ends (its top 2 bits: the
/// peer closes, the peer shuts down its sending side then closes, or the stream stays open); byte 1, how many
/// chunk lengths follow (0–15); those bytes, the chunk lengths (0–255, used in turn; none means byte by byte);
/// the rest, the bytes the peer sends. They go through an `InboundQueue` (a `LineSplitter`) as RPCConnection drives it, twice:
/// in one write, and in the input's chunks.
/// Checks: both give the same frames, and those are ``LineReference/frames(of:limit:eof:)``'s; no line is
/// longer than the limit; `tooLong` comes at most once, last.

import NIOCore

/// How the stream ends.
enum StreamEnd: UInt8 {
  /// The peer closes: the connection reads the end of the stream (`inputClosed`; gatherd allows half-closure).
  case close = 0
  /// The peer shuts down its sending side (`inputClosed`), and the stream is ended once more after that.
  case halfClose = 1
  /// Nothing ends the stream; bytes after the last "\n" stay in the splitter.
  case open = 2
  /// The peer closes, as 0.
  case closeAgain = 3
}

/// Stops the process with a message that libFuzzer reports as a crash, with the input that caused it.
func lineFailure(_ message: String, _ input: [UInt8]) -> Never {
  fatalError("\(message)\ninput (\(input.count) bytes): \(Array(input.prefix(300)))")
}

/// Feeds `chunks` to a fresh `InboundQueue` as RPCConnection does (every complete line is taken after each
/// read), ends the stream as `end` says, and returns every frame it gave, in order.
func decodedFrames(_ chunks: [ArraySlice<UInt8>], limit: Int, end: StreamEnd) -> [LineFrame] {
  var queue = InboundQueue(splittingLinesUpTo: limit)
  var frames: [LineFrame] = []
  func collect() {
    while let frame = queue.next() {
      switch frame {
      case .line(let line): frames.append(.line(Array(line.readableBytesView)))
      case .tooLong: frames.append(.tooLong)
      }
    }
    if queue.mayHaveLines { lineFailure("mayHaveLines stayed set after next() gave nil", Array(chunks.joined())) }
  }
  for chunk in chunks {
    queue.append(ByteBuffer(bytes: chunk))
    collect()
  }
  switch end {
  case .close, .closeAgain:
    queue.end()
    collect()
  case .halfClose:
    queue.end()
    collect()
    // Ending again must not hand the last line over a second time.
    queue.end()
    collect()
  case .open:
    collect()
  }
  return frames
}

/// `bytes` cut into pieces of the given lengths, used in turn (a length of 0 is an empty write).
func chunked(_ bytes: ArraySlice<UInt8>, lengths: [Int]) -> [ArraySlice<UInt8>] {
  guard lengths.contains(where: { $0 > 0 }) else { return bytes.indices.map { bytes[$0...$0] } }
  var chunks: [ArraySlice<UInt8>] = []
  var start = bytes.startIndex
  var turn = 0
  while start < bytes.endIndex {
    let end = min(start + lengths[turn % lengths.count], bytes.endIndex)
    chunks.append(bytes[start..<end])
    start = end
    turn += 1
  }
  return chunks
}

/// The libFuzzer entry point: one input, checked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 2 else { return 0 }
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  let limit = 1 + Int(input[0] & 0x3F)
  let end = StreamEnd(rawValue: input[0] >> 6)!
  let lengthCount = min(Int(input[1] & 0x0F), size - 2)
  let lengths = input[2..<2 + lengthCount].map(Int.init)
  let payload = input[(2 + lengthCount)...]
  let expected = LineReference.frames(of: Array(payload), limit: limit, eof: end != .open)
  let ways: [(String, [ArraySlice<UInt8>])] = [
    ("in one write", [payload]),
    ("in the input's chunks", chunked(payload, lengths: lengths)),
  ]
  for (way, chunks) in ways {
    let frames = decodedFrames(chunks, limit: limit, end: end)
    if let problem = LineReference.problem(in: frames, limit: limit) { lineFailure("\(problem) (\(way))", input) }
    if frames != expected {
      lineFailure("\(way), limit \(limit), \(end): got \(frames), expected \(expected)", input)
    }
  }
  return 0
}
