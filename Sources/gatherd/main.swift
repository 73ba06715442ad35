import ArgumentParser
import CGatherShim
import NIOCore
import NIOPosix

// Two malloc arenas at most, not eight per core: gatherd's threads take turns more than they allocate at once
// (the connections' loop does nearly all of it), and each arena kept would hold its own pages while idle.
gatherd_limit_malloc_arenas(2)

// Every request, commit and tick runs on gatherd's own NIO event loops (see Daemon); Swift concurrency only
// starts and stops the services. It runs on NIO's event loops too, in the dev build and in the installed
// static binary alike, so that an idle daemon has no libdispatch pool and no thread that wakes up.
let onEventLoops = ConcurrencyOnEventLoops.install()

do {
  var command = try Gatherd.parseAsRoot()
  if let daemon = command as? Gatherd {
    // The main thread waits here until the daemon stops. An async main would leave it through libdispatch's
    // `pthread_exit`, whose unwinding of the thread's stack reads the binary's unwind tables (about 1.2 MB) into
    // the resident set for as long as the daemon runs.
    try MultiThreadedEventLoopGroup.singleton.any().makeFutureWithTask { [onEventLoops] in
      try await daemon.serve(concurrencyOnEventLoops: onEventLoops)
    }.wait()
  } else {
    try command.run()
  }
} catch {
  Gatherd.exit(withError: error)
}
