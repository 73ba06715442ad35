/// Durations in the units the protocol and the store use.
extension Duration {
  /// The duration in whole milliseconds, rounded down.
  public var inMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }

  /// The duration in whole milliseconds, rounded up.
  public var inMillisecondsRoundedUp: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
  }

  /// The duration in seconds, as Foundation counts time.
  public var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
