import ArgumentParser
import NIOCore
import NIOPosix

// Swift concurrency runs on NIO's event loops rather than on libdispatch's worker pool: a request, its session
// call and its reply stay on the thread that read it, the clock's alarm is an event-loop timer, and an idle
// daemon has no thread that wakes up (libdispatch's pool keeps a once-a-second monitor timer on Linux).
// See docs/performance.md for what this changed.
let onEventLoops = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()

do {
  var command = try Gatherd.parseAsRoot()
  if let daemon = command as? Gatherd {
    try await daemon.serve(concurrencyOnEventLoops: onEventLoops)
  } else {
    try command.run()
  }
} catch {
  Gatherd.exit(withError: error)
}
