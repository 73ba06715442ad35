import Glibc
import Logging
import NIOCore
import NIOPosix

/// Accepts connections on a listening socket on a thread of its own, and hands each new descriptor over
/// before NIO adopts it: NIO does not give out a channel's descriptor, and gatherd needs it to send replies
/// and events straight to the socket (``ConnectionOutput``) and to store connections with the service
/// manager across restarts.
///
/// It waits in `poll` on the socket and a pipe that ``stop()`` writes to; a listening socket inherited
/// from systemd is never shut down, so the next gatherd can go on accepting on it.
final class Acceptor: Sendable {
  private let listening: Int32
  /// A pipe: ``stop()`` writes to its second end, and the acceptor's `poll` wakes on its first.
  private let wake: [Int32]
  private let pool = NIOThreadPool(numberOfThreads: 1)
  private let logger: Logger

  /// An acceptor for the listening socket `listening`.
  init(listening: Int32, logger: Logger) throws {
    self.listening = listening
    self.logger = logger
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw SocketFileError("Cannot create a pipe: \(String(cString: strerror(errno))).") }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    wake = ends
    _ = fcntl(listening, F_SETFL, fcntl(listening, F_GETFL) | O_NONBLOCK)
  }

  /// Accepts until ``stop()``, calling `accepted` with each new connection's descriptor on the acceptor's
  /// thread; the future completes when it has stopped.
  func run(on loop: any EventLoop, _ accepted: @escaping @Sendable (Int32) -> Void) -> EventLoopFuture<Void> {
    pool.start()
    let (listening, wake, logger) = (listening, wake, logger)
    return pool.runIfActive(eventLoop: loop) {
      var fds = [
        pollfd(fd: listening, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
      ]
      while true {
        guard poll(&fds, 2, -1) >= 0 else {
          if errno == EINTR { continue }
          logger.error("Stopped accepting connections: poll: \(String(cString: strerror(errno)))")
          return
        }
        if fds[1].revents != 0 { return }
        while true {
          let fd = accept(listening, nil, nil)
          if fd >= 0 {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            accepted(fd)
            continue
          }
          if errno == EINTR || errno == ECONNABORTED { continue }
          if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
            logger.warning("Cannot accept a connection now: \(String(cString: strerror(errno))); trying again.")
            // The pending connection stays queued; waiting a little keeps poll from spinning on it.
            usleep(100_000)
          }
          break
        }
      }
    }
  }

  /// Stops accepting; the socket stays open and listening.
  func stop() async {
    var one: UInt8 = 1
    _ = write(wake[1], &one, 1)
    try? await pool.shutdownGracefully()
    for end in wake { close(end) }
  }
}
