import GatherModel
import GatherRPC
import GatherStore
import Logging

/// Turns what the model and the store throw into JSON-RPC errors with stable reasons.
enum ErrorMapping {
  static func rpcError(_ error: any Error, logger: Logger) -> RPCError {
    switch error {
    case let error as RPCError: return error
    case let error as GatherError where error.isValidation:
      return .invalidParams(field: error.field ?? "params", error.message)
    case let error as GatherError where error.isNotFound: return .notFound(reason: error.reason, error.message)
    case let error as GatherError: return .wrongState(reason: error.reason, error.message)
    // Logged once per outage by the session (StorageHealth), not once per request.
    case let error as StorageUnavailable:
      return .storageUnavailable(
        cause: error.cause,
        "The change was not saved because the database cannot be written (\(error.causeText)); nothing changed. "
          + "Try again when storage is back: gatherd needs no restart.")
    default:
      logger.error("A request failed inside gatherd: \(error)")
      return .internalError("gatherd could not complete the request: \(error). Nothing was changed.")
    }
  }
}
