@testable import GatherDaemon

/// A connection's event sink for tests: each flush ends a batch, which ``nextBatch()`` returns.
final class RecordingSink: EventSink, @unchecked Sendable {
  typealias Batch = [(subscription: Int64, event: PublishedEvent)]

  private var current: Batch = []
  private let batches: AsyncStream<Batch>
  private let continuation: AsyncStream<Batch>.Continuation

  init() { (batches, continuation) = AsyncStream.makeStream() }

  func send(_ event: PublishedEvent, subscription: Int64) { current.append((subscription, event)) }

  func flushEvents() {
    continuation.yield(current)
    current = []
  }

  /// The next batch the subscribers' loop flushed; waits for it.
  func nextBatch() async -> Batch? {
    // One reader at a time: the stream's iterators share its buffer, so each call takes the next batch.
    var iterator = batches.makeAsyncIterator()
    return await iterator.next()
  }
}
