import Synchronization

/// Something that readers of one ``SessionView`` work out once and share: a view never changes, so neither does
/// what is worked out from it. One value, of whatever type the first reader keeps.
final class ViewMemo: Sendable {
  private let slot = Mutex<(any Sendable)?>(nil)

  /// The value kept, if it is a `T`; otherwise `make()`'s, which is kept for the next reader.
  func value<T: Sendable>(_ make: () -> T) -> T {
    slot.withLock { slot in
      if let kept = slot as? T { return kept }
      let value = make()
      slot = value
      return value
    }
  }
}
