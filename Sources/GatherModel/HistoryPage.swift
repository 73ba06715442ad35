/// One page of history, newest first, and where the next one starts.
public struct HistoryPage: Sendable, Hashable {
  /// The gathers, newest first.
  public var gathers: [GatherSummary]
  /// The `before` to ask for the next page with, or nil when this page is the last.
  public var next: Int64?

  /// A page of `gathers`, followed by the page before gather `next` if any.
  public init(gathers: [GatherSummary], next: Int64?) {
    self.gathers = gathers
    self.next = next
  }
}
