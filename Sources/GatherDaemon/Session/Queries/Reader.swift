import FoundationEssentials
import GatherModel
import GatherStore

/// What a database query reads: the committed ``SessionView`` and the store's queries (``GatherStoreReading``),
/// never the live state and never a write. Queries run beside the session's loop, on the query pool, so that a
/// long one delays no change and no tick; each sees every change acknowledged before it was received.
struct Reader: Sendable {
  /// The last committed state.
  let view: SessionView
  /// The database, for reading.
  let store: any GatherStoreReading

  /// A reader of `view` and the session's store.
  init(view: SessionView, environment: SessionEnvironment) {
    self.view = view
    store = environment.store
  }

  /// The committed Football Gather.
  var state: FootballGather { view.state }
  /// The wall clock and gatherd's settings for plans and votes.
  var settings: SessionSettings { view.settings }
}
