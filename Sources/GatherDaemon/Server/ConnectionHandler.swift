import GatherRPC
import Logging
import NIOCore
import ServiceLifecycle

/// Serves one connection: answers its lines in order, and writes its subscriptions' events as they come.
///
/// Whatever goes wrong here ends this connection only. A peer that half-closes still gets its replies, and
/// keeps getting its events while it has subscriptions.
struct ConnectionHandler<C: Clock>: Sendable where C.Duration == Duration {
  let session: GatherSession<C>
  let dispatcher: RPCDispatcher<Caller>
  let stats: DaemonStats
  let maxLineBytes: Int
  let logger: Logger

  func run(_ channel: NIOAsyncChannel<InboundFrame, ByteBuffer>, caller: Caller) async {
    stats.connectionOpened()
    defer {
      session.hub.unsubscribeAll(mailbox: caller.mailbox)
      caller.mailbox.close()
      stats.connectionClosed()
    }
    // The overflow notice goes straight to the channel, behind what is already on its way, so that it reaches
    // a slow reader even while the event writer is stuck; the connection closes once it is written, or after
    // ten seconds if the peer never reads again.
    let underlying = channel.channel
    // A peer that closes for good (not a half-close) ends its subscriptions at once, not at the next event.
    underlying.closeFuture.whenComplete { _ in caller.mailbox.close() }
    caller.mailbox.onOverflow { subscription in
      var notice = JSONWriter.bytes(Self.overflowNotice(subscription))
      notice.append(UInt8(ascii: "\n"))
      underlying.writeAndFlush(ByteBuffer(bytes: notice)).whenComplete { _ in underlying.close(promise: nil) }
      underlying.eventLoop.scheduleTask(in: .seconds(10)) { underlying.close(promise: nil) }
    }
    do {
      try await channel.executeThenClose { inbound, outbound in
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            try await withGracefulShutdownHandler {
              try await writeEvents(from: caller.mailbox, to: outbound, closeFuture: underlying.closeFuture)
            } onGracefulShutdown: {
              caller.mailbox.close()
            }
          }
          // On shutdown the input side closes: lines already read are still answered, then the stream ends.
          let keepOpen = try await withGracefulShutdownHandler {
            try await answerRequests(from: inbound, to: outbound, caller: caller)
          } onGracefulShutdown: {
            let closing = underlying.eventLoop.makePromise(of: Void.self)
            closing.futureResult.whenFailure { _ in underlying.close(promise: nil) }
            underlying.close(mode: .input, promise: closing)
          }
          if !keepOpen || caller.mailbox.isEmpty { caller.mailbox.close() }
          try await group.waitForAll()
        }
      }
    } catch {
      logger.debug("Connection of \(caller.credentials) ended: \(error)")
    }
  }

  /// Answers every line until the peer stops sending or the daemon shuts down. Returns false when the
  /// connection must close at once (a line was too long).
  private func answerRequests(
    from inbound: NIOAsyncChannelInboundStream<InboundFrame>, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
    caller: Caller
  ) async throws -> Bool {
    for try await frame in inbound {
      switch frame {
      case .tooLong:
        logger.notice("A line from \(caller.credentials) exceeded \(maxLineBytes) bytes; closing the connection.")
        try await write(RPCResponse.error(id: .null, .lineTooLong(limit: maxLineBytes)), to: outbound)
        return false
      case .line(let line):
        guard line.readableBytesView.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
        let parsed = line.withUnsafeReadableBytes { bytes in
          Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(bytes) }
        }
        if let reply = await dispatcher.respond(to: parsed, from: caller) {
          try await write(reply, to: outbound)
        }
        caller.releaseHeld()
      }
    }
    return !Task.isShuttingDownGracefully
  }

  private func write(_ reply: JSONValue, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws {
    var bytes = JSONWriter.bytes(reply)
    bytes.append(UInt8(ascii: "\n"))
    try await outbound.write(ByteBuffer(bytes: bytes))
  }

  private func writeEvents(
    from mailbox: EventMailbox, to outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>,
    closeFuture: EventLoopFuture<Void>
  ) async throws {
    while let batch = await mailbox.next() {
      switch batch {
      case .events(let events):
        var bytes: [UInt8] = []
        for (subscription, event) in events { event.line(for: subscription, into: &bytes) }
        try await outbound.write(ByteBuffer(bytes: bytes))
      case .overflow(let subscription):
        // The overflow handler queued the notice and closes the channel once it is written (or after 10 s);
        // closing here first would fail that write.
        logger.notice("Subscription \(subscription) fell more than \(EventMailbox.capacity) events behind; closing.")
        try? await closeFuture.get()
        throw SubscriberOverflow()
      }
    }
  }
}

extension ConnectionHandler {
  /// The last line a subscriber that fell too far behind receives.
  static func overflowNotice(_ subscription: Int64) -> JSONValue {
    RPCResponse.notification(
      method: "events.overflow",
      params: [
        "subscription": .int(subscription), "reason": "queue_overflow",
        "message": .string(
          "This connection stopped reading while more than \(EventMailbox.capacity) events waited for it, so gatherd closes it. Reconnect and subscribe again."
        ),
      ])
  }
}

/// A subscriber fell too far behind and its connection was closed.
struct SubscriberOverflow: Error {}
