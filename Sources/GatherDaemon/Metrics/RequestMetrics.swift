import CoreMetrics
import GatherRPC
import Synchronization

/// Counts the requests a dispatcher answers, by method and outcome, and the errors, by reason.
///
/// The handles are made once, when the dispatcher is: one pair per method, found by the method's
/// ``RPCMethod/ordinal``, so that a request costs one relaxed atomic add and no lookup. An error's counter is
/// looked up by its reason, which only errors pay.
final class RequestMetrics: Sendable {
  /// Reasons shown from the start at 0, so that a rate over them works before the first one happens.
  static let commonReasons = [
    "parse_error", "invalid_request", "method_not_found", "invalid_params", "forbidden", "internal_error",
    "line_too_long", "storage_unavailable",
  ]

  private let succeeded: [CoreMetrics.Counter]
  private let failed: [CoreMetrics.Counter]
  private let errors: Mutex<[String: CoreMetrics.Counter]>

  /// Handles for the methods named `methods`, in the order the dispatcher numbers them.
  init(methods: [String]) {
    let family = MetricFamily.requests.name
    succeeded = methods.map { Counter(label: family, dimensions: [("method", $0), ("outcome", "ok")]) }
    failed = methods.map { Counter(label: family, dimensions: [("method", $0), ("outcome", "error")]) }
    errors = Mutex(
      Dictionary(uniqueKeysWithValues: Self.commonReasons.map { ($0, Self.errorCounter($0)) }))
  }

  /// The handles for `methods` when something collects the metrics: a factory other than swift-metrics' no-op
  /// one is in place (``MetricsExporter/bootstrap()``'s, or one bound with `withMetricsFactory`). Nil otherwise,
  /// so that the dispatcher then counts nothing.
  static func whenCollected(methods: [String]) -> RequestMetrics? {
    MetricsSystem.factory is NOOPMetricsHandler ? nil : RequestMetrics(methods: methods)
  }

  private static func errorCounter(_ reason: String) -> CoreMetrics.Counter {
    Counter(label: MetricFamily.errors.name, dimensions: [("reason", reason)])
  }

  /// A known method was answered: with its result, or with `error`.
  func answered(_ ordinal: Int, error: RPCError?) {
    guard let error else { return succeeded[ordinal].increment() }
    failed[ordinal].increment()
    refused(error)
  }

  /// An error was answered, with or without a method.
  func refused(_ error: RPCError) {
    let reason = error.reason
    errors.withLock { counters in
      if let counter = counters[reason] { return counter }
      let counter = Self.errorCounter(reason)
      counters[reason] = counter
      return counter
    }.increment()
  }
}
