import Synchronization

/// Something that readers of one ``SessionView`` work out once and share: a view never changes, so neither does
/// what is worked out from it. One entry, an immutable object of whatever type the first reader keeps.
final class ViewMemo: Sendable {
  private let slot = Mutex<(any AnyObject & Sendable)?>(nil)

  /// The entry kept, if it is a `T`; otherwise `make()`'s, which is kept for the next reader (nothing is kept
  /// when `make()` throws).
  func value<T: AnyObject & Sendable, Failure: Error>(_ make: () throws(Failure) -> T) throws(Failure) -> T {
    try slot.withLock { (slot) throws(Failure) -> T in
      if let kept = slot as? T { return kept }
      let value = try make()
      slot = value
      return value
    }
  }
}
