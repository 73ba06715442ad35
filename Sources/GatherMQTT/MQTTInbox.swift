import CMosquitto
import Glibc
import Synchronization

/// What other threads hand to the client's thread: work to run there, and the request to stop. Posting writes
/// to an eventfd that the thread polls, and only when the inbox was empty, so a burst costs one wake-up.
final class MQTTInbox: Sendable {
  /// The eventfd the client's thread polls.
  let wakeDescriptor: Int32
  private let contents = Mutex<Contents>(Contents())

  /// What waits for the client's thread.
  struct Contents {
    var work: [@Sendable (MQTTLink) -> Void] = []
    var stopping = false
    var farewell: MQTTMessage?
  }

  init() throws(MQTTError) {
    wakeDescriptor = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    guard wakeDescriptor >= 0 else { throw MQTTError("cannot make an eventfd: \(String(cString: strerror(errno)))") }
  }

  deinit { close(wakeDescriptor) }

  /// Queues `work` for the client's thread.
  func post(_ work: @escaping @Sendable (MQTTLink) -> Void) {
    let wasEmpty = contents.withLock { contents in
      defer { contents.work.append(work) }
      return contents.work.isEmpty && !contents.stopping
    }
    if wasEmpty { wake() }
  }

  /// Asks the thread to publish `farewell` (if connected), disconnect and end.
  func stop(farewell: MQTTMessage?) {
    contents.withLock { contents in
      contents.stopping = true
      contents.farewell = farewell
    }
    wake()
  }

  /// Takes everything that waits, on the client's thread.
  func take() -> Contents {
    var counter: UInt64 = 0
    _ = read(wakeDescriptor, &counter, MemoryLayout<UInt64>.size)
    return contents.withLock { contents in
      defer { contents.work = [] }
      return contents
    }
  }

  private func wake() {
    var one: UInt64 = 1
    _ = write(wakeDescriptor, &one, MemoryLayout<UInt64>.size)
  }
}
