import Synchronization

/// Something that readers of one ``SessionView`` work out once and share: a view never changes, so neither does
/// what is worked out from it. One object, of whatever class the first reader keeps; reading it takes no lock.
final class ViewMemo: @unchecked Sendable {
  /// Set once and never changed after; `AtomicLazyReference` keeps the first object stored.
  private let slot = AtomicLazyReference<AnyObject>()

  /// The object kept, if it is a `T`; otherwise `make()`'s, which is kept for the next reader (unless another
  /// reader kept one first: then that one).
  func value<T: AnyObject & Sendable>(_ make: () -> T) -> T {
    if let kept = slot.load() as? T { return kept }
    return slot.storeIfNil(make()) as? T ?? make()
  }
}
