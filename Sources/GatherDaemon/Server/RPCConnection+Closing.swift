import GatherRPC
import NIOCore

extension RPCConnection {
  /// Shutdown: reads nothing more, answers the lines already read, then closes, within ten seconds even if
  /// the peer never reads its replies.
  func drain() {
    guard machine.drainRequested() else { return }
    closeAtTheLatest(in: .seconds(10))
    answerQueued()
  }

  /// Closes after what was written has gone out, or after ten seconds if the peer never reads it.
  func close() { perform(machine.closeRequested()) }

  /// Closes the channel once what was written has gone out, at the latest after ten seconds; reading pauses
  /// first when `pausingReads`.
  func closeChannel(pausingReads: Bool) {
    if pausingReads { setReading(false) }
    // What was written goes out first; the empty write below completes once NIO has written all of it.
    flushIfNeeded()
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(capacity: 0))).whenComplete { _ in
      channel.close(promise: nil)
    }
    closeAtTheLatest(in: .seconds(10))
  }

  /// A peer that has stopped sending (half-closed) and takes none of its replies, with lines still waiting for
  /// the room to answer them, gets ten seconds to read again, as a peer that is closed does; reading again stops
  /// the count (``notStalled()``). Without this, a half-closed peer whose first replies filled the socket would
  /// hold its connection for good: its last lines are never answered, so the close that counts ten seconds
  /// never comes. The state machine starts it once, and never on a closing connection.
  func stalledAtTheLatest() {
    let (channel, logger, who) = (context.channel, gateway.logger, caller.who)
    let deadline = context.eventLoop.scheduleTask(in: .seconds(10)) {
      logger.debug("Closing the connection of \(who): it stopped sending and does not read its replies.")
      channel.close(promise: nil)
    }
    stallDeadline = deadline
    channel.closeFuture.whenComplete { _ in deadline.cancel() }
  }

  /// The peer takes replies again: no deadline runs for it.
  func notStalled() {
    stallDeadline?.cancel()
    stallDeadline = nil
  }

  /// Closes the channel after `delay` if it has not closed by then: a peer that never reads cannot hold it.
  private func closeAtTheLatest(in delay: TimeAmount) {
    let channel = context.channel
    let deadline = context.eventLoop.scheduleTask(in: delay) { channel.close(promise: nil) }
    channel.closeFuture.whenComplete { _ in deadline.cancel() }
  }

  /// A subscription fell too far behind: says so on the connection, ends its subscriptions, and closes it.
  func overflowed(_ subscription: Int64) {
    gateway.logger.notice(
      "Subscription \(subscription) fell more than \(EventBacklog.capacity) events behind; closing its connection.")
    write(
      RPCResponse.notification(
        method: "events.overflow",
        params: [
          "subscription": .int(subscription), "reason": "queue_overflow",
          "message": .string(
            "This connection stopped reading while more than \(EventBacklog.capacity) events waited for it, so gatherd closes it. Reconnect and subscribe again."
          ),
        ]))
    caller.events.close()
    close()
  }
}
