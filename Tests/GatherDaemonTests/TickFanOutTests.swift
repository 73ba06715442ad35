import Glibc
import NIOCore
import NIOPosix
import Testing

@testable import GatherDaemon

/// A tick's fan-out through the subscriber table to connections on real socket pairs: each subscriber gets the
/// tick once, with its own subscription id, however many there are and however their connections' subscriptions
/// and other listeners lie among them in the table.
@Suite struct TickFanOutTests {
  /// A listener that is not a connection, as MQTT's publisher is: what it was sent, in order, and its flushes,
  /// read on the loop once the fan-out has returned (``RecordingSink`` would wait for ever for a flush that is
  /// missing).
  final class Listener: EventSink, @unchecked Sendable {
    var sent: [(subscription: Int64, seq: Int64)] = []
    var flushes = 0
    func send(_ event: PublishedEvent, subscription: Int64) { sent.append((subscription, event.seq)) }
    func flushEvents() { flushes += 1 }
  }

  /// A connection's end in gatherd, served by NIO on `loop`, with its outbox; and the peer's end.
  struct Subscriber {
    let channel: any Channel
    let outbox: EventOutbox
    let peer: CInt
  }

  func connect(on loop: any EventLoop, to table: SubscriberTable) async throws -> Subscriber {
    let (channel, holder, peer) = try await ConnectionOutputTests().connectedPair(on: loop)
    let outbox = try await loop.submit {
      let outbox = EventOutbox(table: table)
      outbox.attach(holder.output!)
      return outbox
    }.get()
    return Subscriber(channel: channel, outbox: outbox, peer: peer)
  }

  @Test(arguments: [1, 2, 3, 4, 7])
  func aTickReachesEverySubscriberOnceWithItsOwnID(connections: Int) async throws {
    let loop = MultiThreadedEventLoopGroup.singleton.next()
    let table = SubscriberTable(loop: loop)
    var connected: [Subscriber] = []
    for _ in 0..<connections { connected.append(try await connect(on: loop, to: table)) }
    let subscribers = connected
    defer { for subscriber in subscribers { close(subscriber.peer) } }
    let listener = Listener()
    // Two rounds of subscriptions, so that each connection's two lie apart in the table, with a listener that
    // is not a connection (as MQTT's publisher is) between them.
    let ids: [[Int64]] = (0..<connections).map { [Int64($0 + 1), Int64(-100 - $0)] }
    try await loop.submit {
      for round in 0..<2 {
        for (index, subscriber) in subscribers.enumerated() {
          subscriber.outbox.subscribe([.tick], after: 0, id: ids[index][round])
          subscriber.outbox.replyWritten()
        }
        table.add(Int64(1000 + round), topics: [.tick], after: 0, sink: listener, counted: false)
      }
    }.get()
    let tick = SampleEvents.published(5, .tick)
    try await loop.submit { table.deliver([tick]) }.get()

    for (index, subscriber) in subscribers.enumerated() {
      var expected: [UInt8] = []
      for id in ids[index] { tick.line.write(for: id, into: &expected) }
      let received = ConnectionOutputTests().read(subscriber.peer, upTo: expected.count).bytes
      #expect(received.elementsEqual(expected), "connection \(index) got \(String(decoding: received, as: UTF8.self))")
      // The fan-out writes to the sockets before `deliver` returns: anything more would already be here.
      var more = pollfd(fd: subscriber.peer, events: Int16(POLLIN), revents: 0)
      #expect(poll(&more, 1, 0) == 0, "connection \(index) got more than its subscriptions' ticks")
    }
    let (heard, flushes) = try await loop.submit { (listener.sent, listener.flushes) }.get()
    #expect(heard.map(\.subscription) == [1000, 1001])
    #expect(heard.map(\.seq) == [5, 5])
    #expect(flushes == 2)
    for subscriber in subscribers { try await subscriber.channel.close() }
  }
}
