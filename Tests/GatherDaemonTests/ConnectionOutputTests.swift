import Glibc
import NIOCore
import NIOPosix
import Testing

@testable import GatherDaemon

/// ConnectionOutput on a real socket pair: lines sent straight to the socket, notifications sent at once, and
/// lines NIO holds while the socket is full arrive complete and in order, and closing the channel closes the output's own descriptor.
@Suite struct ConnectionOutputTests {
  /// Holds a ConnectionOutput for the channel it joins, as RPCConnection does.
  final class Holder: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    let socket: CInt
    var output: ConnectionOutput?

    init(socket: CInt) { self.socket = socket }

    func handlerAdded(context: ChannelHandlerContext) {
      output = ConnectionOutput(context: context, socket: socket)
    }

    func handlerRemoved(context: ChannelHandlerContext) { output?.detach() }

    func channelInactive(context: ChannelHandlerContext) {
      output?.detach()
      context.fireChannelInactive()
    }
  }

  /// A connected pair with small buffers: gatherd's end served by NIO (by `group`) with a Holder, and the peer's
  /// end.
  func connectedPair(
    on group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async throws -> (channel: any Channel, holder: Holder, peer: CInt) {
    var ends: [CInt] = [-1, -1]
    try #require(socketpair(AF_UNIX, CInt(SOCK_STREAM.rawValue), 0, &ends) == 0)
    var small: CInt = 4096
    setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<CInt>.size))
    setsockopt(ends[1], SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<CInt>.size))
    let holder = Holder(socket: ends[0])
    let channel = try await ClientBootstrap(group: group)
      .channelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(holder) }
      }
      .withConnectedSocket(ends[0]).get()
    return (channel, holder, ends[1])
  }

  /// Reads from `fd` until `count` bytes have come or nothing comes for five seconds; returns what came,
  /// and whether the stream ended.
  func read(_ fd: CInt, upTo count: Int) -> (bytes: [UInt8], ended: Bool) {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while received.count < count {
      var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 5000) == 1 else { break }
      let n = Glibc.read(fd, &chunk, chunk.count)
      if n <= 0 { return (received, n == 0) }
      received += chunk[..<n]
    }
    return (received, false)
  }

  @Test func linesKeepTheirOrderWhenTheSocketFillsAndNIOTakesOver() async throws {
    let (channel, holder, peer) = try await connectedPair()
    defer { close(peer) }
    let lines = (0..<3000).map { "line \($0) " + String(repeating: "x", count: 90) + "\n" }
    // In one turn of the loop: far more lines than the socket holds, in batches of ten (the first go
    // straight to the socket, the rest wait in NIO); then the peer reads some, so the socket has room while
    // NIO still holds lines; then more lines, which must queue behind NIO's and not take that room.
    let (held, early) = try await channel.eventLoop.submit {
      func send(_ batch: ArraySlice<String>) {
        for (index, line) in zip(batch.indices, batch) {
          holder.output!.write { $0 += line.utf8 }
          if index % 10 == 9 { holder.output!.flush() }
        }
        holder.output!.flush()
      }
      send(lines[..<2000])
      let held = holder.output!.writesHeldByNIO
      var early = [UInt8](repeating: 0, count: 8192)
      let count = recv(peer, &early, early.count, CInt(MSG_DONTWAIT))
      send(lines[2000...])
      return (held, Array(early[..<max(count, 0)]))
    }.get()
    #expect(held > 0, "the socket never filled: NIO's part was not exercised")
    #expect(!early.isEmpty)
    let expected = Array(lines.joined().utf8)
    let (rest, _) = read(peer, upTo: expected.count - early.count)
    #expect(early.count + rest.count == expected.count)
    let got = String(decoding: early + rest, as: UTF8.self).split(separator: "\n").map(String.init)
    let sent = lines.map { String($0.dropLast()) }
    let firstWrong = got.indices.first { $0 >= sent.count || got[$0] != sent[$0] }
    #expect(got.count == sent.count)
    #expect(firstWrong == nil, "line \(firstWrong ?? 0) arrived out of order or changed")
    try await channel.close()
  }

  @Test func notificationsSentAtOnceArriveWholeAndInOrderWhenTheSocketFills() async throws {
    let (channel, holder, peer) = try await connectedPair()
    defer { close(peer) }
    // Notifications for two subscriptions, one with a negative id, sent at once while the socket has room, and a
    // written-and-flushed line after every tenth event: the socket fills under a notification sent at once, whose
    // line and every line after it must still arrive, in order.
    let events = (1...400).map { SampleEvents.published(Int64($0), .timer) }
    var expected: [UInt8] = []
    for event in events {
      event.line.write(for: 77, into: &expected)
      event.line.write(for: -12_345, into: &expected)
      if event.seq % 10 == 0 { expected += "between \(event.seq)\n".utf8 }
    }
    let (sentAtOnce, filledBySendNow) = try await channel.eventLoop.submit {
      let output = holder.output!
      var sentAtOnce = 0
      var filledBySendNow = 0
      for event in events {
        for subscription: Int64 in [77, -12_345] {
          let heldBefore = output.writesHeldByNIO
          if output.sendNow(event.line, subscription: subscription) {
            sentAtOnce += 1
            if heldBefore == 0, output.writesHeldByNIO > 0 { filledBySendNow += 1 }
          } else {
            output.write { event.line.write(for: subscription, into: &$0) }
          }
        }
        if event.seq % 10 == 0 {
          output.write { $0 += "between \(event.seq)\n".utf8 }
          output.flush()
        }
      }
      output.flush()
      return (sentAtOnce, filledBySendNow)
    }.get()
    #expect(sentAtOnce > 0, "no line was sent at once")
    #expect(filledBySendNow > 0, "the socket never filled under a line sent at once: its rest was not exercised")
    let (received, _) = read(peer, upTo: expected.count)
    #expect(received.count == expected.count)
    #expect(received.elementsEqual(expected), "a line arrived changed, cut or out of order")
    try await channel.close()
  }

  @Test func aNotificationThatCouldBeLongerThanTheStackBufferIsLeftToBeWrittenAndFlushed() async throws {
    let (channel, holder, peer) = try await connectedPair()
    defer { close(peer) }
    let long = SampleEvents.goal(1, scorerName: String(repeating: "A Very Long Name ", count: 40))
    let short = SampleEvents.published(2, .timer)
    #expect(long.line.longestCount > ConnectionOutput.longestLineSentAtOnce)
    var expected: [UInt8] = []
    short.line.write(for: 5, into: &expected)
    long.line.write(for: 5, into: &expected)
    let (shortSent, longSent) = try await channel.eventLoop.submit {
      let output = holder.output!
      let shortSent = output.sendNow(short.line, subscription: 5)
      let longSent = output.sendNow(long.line, subscription: 5)
      if !longSent {
        output.write { long.line.write(for: 5, into: &$0) }
        output.flush()
      }
      return (shortSent, longSent)
    }.get()
    #expect(shortSent)
    #expect(!longSent, "a line longer than the stack buffer was sent at once")
    #expect(read(peer, upTo: expected.count).bytes == expected)
    try await channel.close()
  }

  @Test func closingTheChannelClosesTheOutputsDescriptorSoThePeerSeesTheEnd() async throws {
    let (channel, holder, peer) = try await connectedPair()
    defer { close(peer) }
    try await channel.eventLoop.submit {
      holder.output!.write { $0 += "bye\n".utf8 }
      holder.output!.flush()
    }.get()
    try await channel.close()
    let (received, ended) = read(peer, upTo: 5)
    #expect(received == Array("bye\n".utf8))
    #expect(ended, "the peer never saw the end of the stream: a descriptor stayed open")
  }
}
