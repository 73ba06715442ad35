import FoundationEssentials
import GatherAPI
import GatherRPC

extension Connection {
  /// Calls a method by its API constant and decodes its result as the type the method answers; the result's JSON
  /// comes too, as gatherd sent it, for --json.
  func call<Result>(_ method: API.Method<Result>, _ params: JSONObject = [:]) throws(CtlError) -> (Result, JSONValue) {
    let json = try call(method.name, params)
    do {
      return (try JSONDecoder().decode(Result.self, from: Data(JSONWriter.bytes(json))), json)
    } catch {
      throw .unreachable("gatherd at \(path) answered \(method.name) with a reply gatherctl cannot read: \(error).")
    }
  }
}
