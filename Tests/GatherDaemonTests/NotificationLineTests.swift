import Testing

@testable import GatherDaemon

/// A notification put together in a caller's buffer, as a tick's fan-out sends it, is the line written to a
/// connection's buffer byte for byte.
@Suite struct NotificationLineTests {
  @Test(arguments: [0, 7, -1, 1_234_567_890, Int64.max, Int64.min])
  func aLinePutTogetherInABufferIsTheLineAppendedToOne(subscription: Int64) {
    for topic in [Topic.tick, .timer, .score] {
      let line = SampleEvents.published(42, topic).line
      var appended: [UInt8] = []
      line.write(for: subscription, into: &appended)
      let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: line.longestCount) { buffer in
        Array(line.write(for: subscription, into: buffer))
      }
      #expect(written == appended, "the \(topic) line for subscription \(subscription) differs")
      #expect(written.last == UInt8(ascii: "\n"))
    }
  }
}
