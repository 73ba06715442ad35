import CGatherShim
import NIOCore
import NIOPosix

/// Runs Swift concurrency on NIO's event loops instead of libdispatch's worker pool, whose monitor thread would
/// wake the daemon once a second for as long as it runs.
///
/// It is SwiftNIO's own takeover (`NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`),
/// except that the runtime's hook is found at link time rather than with `dlsym`, which cannot see it in a binary
/// with the Swift runtime linked in (`--static-swift-stdlib`, as `make install` builds). So the installed binary
/// and the dev build run their few tasks (starting and stopping services) the same way.
enum ConcurrencyOnEventLoops {
  /// The hook's type: the runtime calls it with each job, and with its own enqueue function.
  private typealias EnqueueGlobalHook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

  /// Installs the hook; call it first thing in main, before any task runs. False if another hook is installed.
  static func install() -> Bool {
    let slot = UnsafeMutableRawPointer(gatherd_swift_task_enqueue_global_hook())
      .assumingMemoryBound(to: UnsafeRawPointer?.self)
    guard slot.pointee == nil else { return false }
    // Only start-up and shutdown run tasks: one thread is plenty, and costs the least memory.
    NIOSingletons.groupLoopCountSuggestion = 1
    return withUnsafeTemporaryAllocation(of: EnqueueGlobalHook.self, capacity: 1) { hook in
      hook.baseAddress!.initialize(to: { job, _ in
        // `any()` stays on the current loop when called from one of the group's loops: no thread switch.
        MultiThreadedEventLoopGroup.singleton.any().enqueue(ExecutorJob(job))
      })
      return hook.baseAddress!.withMemoryRebound(to: UnsafeRawPointer.self, capacity: 1) { function in
        slot.pointee = function.pointee
        return true
      }
    }
  }
}
