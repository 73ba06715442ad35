import CGatherShim
import NIOCore

/// Gives the memory that closed connections used back to the system. malloc keeps what is freed for later, so
/// after a crowd of connections (or one flood) closes, the resident set would stay where it peaked; a second
/// after connections close, `malloc_trim` hands the free pages back. It runs at most once a second, and only after
/// a connection closed, so an idle daemon has no timer. Each listener keeps one, on the loop that serves its
/// connections, and its ``ConnectionSet`` shares it: closes told twice (a WebSocket's, by the web listener and by
/// its set) still make one release.
/// Unchecked `Sendable`: its timer is set and run on the connections' event loop only.
final class FreedMemory: @unchecked Sendable {
  private let loop: any EventLoop
  private var scheduled = false

  /// Releases on `loop`.
  init(loop: any EventLoop) { self.loop = loop }

  /// A connection closed: release what is free in a second.
  func connectionClosed() {
    loop.preconditionInEventLoop()
    guard !scheduled else { return }
    scheduled = true
    loop.scheduleTask(in: .seconds(1)) {
      self.scheduled = false
      _ = gatherd_release_free_memory()
    }
  }
}
