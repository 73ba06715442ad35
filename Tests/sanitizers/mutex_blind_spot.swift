// ThreadSanitizer cannot see Synchronization.Mutex's contended path on Linux (Swift 6.3.1): the fast path is
// inlined and instrumented, but `_lockSlow`/`_unlockSlow` run in the toolchain's uninstrumented
// libswiftSynchronization.so. This program is correct (every access is inside `withLock`), yet
//   swiftc -sanitize=thread Tests/sanitizers/mutex_blind_spot.swift -o /tmp/mutex_blind_spot && /tmp/mutex_blind_spot
// reports data races once the two threads contend. See docs/reliability.md, "What ThreadSanitizer found".
import Foundation
import Synchronization

final class Counter: @unchecked Sendable { var value = 0 }

let counter = Counter()
let lock = Mutex<Void>(())
let done = DispatchGroup()
for _ in 0..<2 {
  done.enter()
  Thread {
    for _ in 0..<200_000 { lock.withLock { _ in counter.value += 1 } }
    done.leave()
  }.start()
}
done.wait()
print("total \(lock.withLock { _ in counter.value }) (expected 400000)")
